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
	// LimitOrders is the escrow of resting limit orders; "" when the
	// deployment has none (a real chain configured without
	// PREDICT_LIMIT_ORDERS), and limit orders are then refused.
	LimitOrders string
	// Exchange settles orders signed off chain; "" when the deployment
	// has none (a real chain configured without PREDICT_EXCHANGE).
	Exchange    string
	BaseTokens  []BaseToken
	FeeBps      int    // trading fee of new markets
	DeployBlock uint64 // first block the indexer reads
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

// IndexedMarket is the set of contracts of one market the indexer follows.
type IndexedMarket struct {
	Address   string
	BaseToken string
	Options   []string
}

// ChainStore keeps the confirmed chain state. The indexer writes it
// through the ledger (internal/ledger.ApplyBatch and RevertTo, each one
// transaction of the store); the API reads it.
type ChainStore interface {
	// Trades lists trades newest first with the total matching.
	Trades(ctx context.Context, f TradeFilter) ([]*Trade, int, error)
	// Positions lists an account's option positions with the total.
	Positions(ctx context.Context, f PositionFilter) ([]*Position, int, error)
	// LiquidityPositions lists an account's LP positions with the total.
	LiquidityPositions(ctx context.Context, f LiquidityFilter) ([]*LiquidityPosition, int, error)
	// Resolution returns the settlement state of a market; ENOTFOUND for
	// an unknown market.
	Resolution(ctx context.Context, market string) (*Resolution, error)
	// TokenBalance returns the indexed ERC-20 balance of account (0 when
	// never seen).
	TokenBalance(ctx context.Context, account, token string) (*big.Int, error)
	// MarketPool returns the pool state of a market; ENOTFOUND if unknown.
	MarketPool(ctx context.Context, market string) (*MarketPool, error)
	// PricePoints lists price points for charts.
	PricePoints(ctx context.Context, f PriceFilter) ([]PricePoint, error)

	// IndexerCursor returns the last block the indexer applied; ok is
	// false before the first batch.
	IndexerCursor(ctx context.Context) (cursor BlockRef, ok bool, err error)
	// IndexedHeadTime returns the time of the indexer's last block; ok is
	// false before the first batch or when that time is not known.
	IndexedHeadTime(ctx context.Context) (at time.Time, ok bool, err error)
	// IndexedBlocks returns the recent applied blocks the indexer keeps
	// to find a common ancestor after a reorg, newest first.
	IndexedBlocks(ctx context.Context) ([]BlockRef, error)
	// IndexedMarkets lists the contracts of every known market.
	IndexedMarkets(ctx context.Context) ([]IndexedMarket, error)
	// (ApplyBatch, CheckBatch and RevertTo, which the ledger runs inside
	// the store's transaction, are the indexer's: see its Store and
	// internal/ledger's ApplyBatch, CheckBatch and RevertTo.)
	// QuarantinedLogs lists the logs the indexer recorded instead of
	// applying (ChainBatch.Quarantine), by block and log index.
	QuarantinedLogs(ctx context.Context) ([]QuarantinedLog, error)
}
