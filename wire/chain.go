package wire

// BaseToken is an ERC-20 token markets are priced in.
type BaseToken struct {
	Address  string `json:"address"`
	Symbol   string `json:"symbol"`
	Decimals int    `json:"decimals"`
}

// Config is the chain deployment (GET /api/v1/config): what a client
// needs to build and sign operations.
type Config struct {
	ChainID         int64       `json:"chainId"`
	EntryPoint      string      `json:"entryPoint"`
	AccountFactory  string      `json:"accountFactory"`
	Paymaster       string      `json:"paymaster"`
	MarketFactory   string      `json:"marketFactory"`
	BaseTokens      []BaseToken `json:"baseTokens"`
	FeeBps          int         `json:"feeBps"`
	BlockIntervalMs int64       `json:"blockIntervalMs"`
	DeployBlock     uint64      `json:"deployBlock"`
	// Dev is true on the embedded development chain (faucet available).
	Dev bool `json:"dev"`
}

// FaucetResult is the answer of the development faucet.
type FaucetResult struct {
	TxHash           string `json:"txHash"`
	Address          string `json:"address"`
	BaseTokenAddress string `json:"baseTokenAddress"`
	Amount           Amount `json:"amount"`
}
