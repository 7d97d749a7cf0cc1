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
	AccountFactory  string      `json:"accountFactory"`
	BaseTokens      []BaseToken `json:"baseTokens"`
	BlockIntervalMs int64       `json:"blockIntervalMs"`
	ChainID         int64       `json:"chainId"`
	// ChainTime is the unix seconds of the chain's newest block:
	// deadlines and sponsorship windows are chain time, which runs ahead
	// of the wall clock on a fast chain. Absent when the service has no
	// chain to ask.
	ChainTime   uint64 `json:"chainTime,omitzero"`
	DeployBlock uint64 `json:"deployBlock"`
	// Dev is true on the embedded development chain (faucet available).
	Dev        bool   `json:"dev"`
	EntryPoint string `json:"entryPoint"`
	FeeBps     int    `json:"feeBps"`
	// LimitOrders is the escrow of resting limit orders; absent when the
	// deployment has none.
	LimitOrders string `json:"limitOrders,omitempty"`
	// Exchange settles orders signed off chain, and OrderTypedData is
	// what signs one: the EIP-712 domain, types and primary type that
	// viem's or ethers' signTypedData take beside the order itself
	// (docs/contracts.md, Exchange). Both absent when the deployment has
	// no Exchange.
	Exchange       string     `json:"exchange,omitempty"`
	OrderTypedData *TypedData `json:"orderTypedData,omitempty"`
	MarketFactory  string     `json:"marketFactory"`
	Paymaster      string     `json:"paymaster"`
	// SIWE is true when the service offers Sign-In with Ethereum
	// (/api/v1/auth/siwe-*, docs/users.md); DevSignIn when it is its own
	// development identity provider (POST /api/v1/dev/token). The web app
	// offers the sign-ins the service has.
	SIWE      bool `json:"siwe,omitempty"`
	DevSignIn bool `json:"devSignIn,omitempty"`
}

// TypedData is EIP-712 typed data without its message: the domain, the
// types and the primary type.
type TypedData struct {
	Domain      TypedDomain             `json:"domain"`
	Types       map[string][]TypedField `json:"types"`
	PrimaryType string                  `json:"primaryType"`
}

// TypedDomain is an EIP-712 domain.
type TypedDomain struct {
	Name              string `json:"name"`
	Version           string `json:"version"`
	ChainID           int64  `json:"chainId"`
	VerifyingContract string `json:"verifyingContract"`
}

// TypedField is one field of an EIP-712 type.
type TypedField struct {
	Name string `json:"name"`
	Type string `json:"type"`
}

// FaucetResult is the answer of the development faucet.
type FaucetResult struct {
	Address          string `json:"address"`
	Amount           Amount `json:"amount"`
	BaseTokenAddress string `json:"baseTokenAddress"`
	TxHash           string `json:"txHash"`
}

// FaucetRequest is the body of POST /api/v1/dev/faucet.
type FaucetRequest struct {
	Address string `json:"address"`
	// BaseTokenAddress defaults to the first base token.
	BaseTokenAddress string `json:"baseTokenAddress,omitempty"`
	// Amount in base units; absent mints the default (1000 tokens).
	Amount Amount `json:"amount,omitzero"`
}
