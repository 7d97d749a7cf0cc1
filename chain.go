package predict

import (
	"context"
	"math/big"
	"time"
)

// BaseToken is a collateral token markets may be denominated in.
type BaseToken struct {
	Address  string // lowercase 0x-hex
	Symbol   string
	Decimals int
}

// Deployment is where the service's contracts live on its chain.
type Deployment struct {
	ChainID        int64
	EntryPoint     string
	AccountFactory string
	Paymaster      string
	MarketFactory  string
	BaseTokens     []BaseToken
	FeeBps         int    // trading fee of new markets
	DeployBlock    uint64 // first block the indexer reads
	// BlockInterval is the block time: the dev chain's period, or the
	// configured expectation of a real chain.
	BlockInterval time.Duration
	// Dev is true on the embedded dev chain (faucet available).
	Dev bool
	// ChallengeWindow is the challenge window create-market gives a
	// market whose request names none (PREDICT_CHALLENGE_WINDOW; 0:
	// settle-market ends it at once), and Bond what an assertion and a
	// dispute post on a market created with a window (the factory's
	// defaultBond, base units).
	ChallengeWindow time.Duration
	Bond            *big.Int
}

// BaseToken returns the allow-listed base token at address.
func (d *Deployment) BaseToken(address string) (BaseToken, bool) {
	for _, t := range d.BaseTokens {
		if t.Address == address {
			return t, true
		}
	}
	return BaseToken{}, false
}

// RoleMirror applies role changes on chain (MarketFactory roles), so a
// role cannot be bypassed by calling the contracts directly.
type RoleMirror interface {
	// SetRole grants or revokes role for account and waits for the
	// transaction; it returns the transaction hash.
	SetRole(ctx context.Context, account, role string, granted bool) (txHash string, err error)
}

// Faucet mints development base tokens. Only the embedded dev chain has one.
type Faucet interface {
	Mint(ctx context.Context, token, to string, amount *big.Int) (txHash string, err error)
}
