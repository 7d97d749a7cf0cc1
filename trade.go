package predict

import (
	"context"
	"encoding/json"
	"math/big"
	"time"
)

// This file holds the confirmed state the chain indexer derives from the
// contracts' logs (trades, positions, liquidity, settlement, balances) and
// the store interface that keeps it. The indexer is its only writer; the
// API reads it.

// Trade sides, as place-order's side.
const (
	SideBuy  = 1
	SideSell = 2
)

// Operation kinds the store and the indexer look at (Operation.Kind).
const (
	KindCreateMarket    = "create-market"
	KindSettleMarket    = "settle-market"
	KindDisputeMarket   = "dispute-market"
	KindFinalizeMarket  = "finalize-market"
	KindArbitrateMarket = "arbitrate-market"
)

// Wad is 1e18, the fixed-point one of prices.
var Wad = new(big.Int).Exp(big.NewInt(10), big.NewInt(WadDecimals), nil)

// Trade is a confirmed buy or sell, from the market's Bought or Sold log.
type Trade struct {
	Market      string // market contract, lowercase 0x-hex
	MarketTitle string
	Option      string // option token
	OptionTitle string
	OptionIndex int
	Account     string // the trading account (a smart account or an EOA)
	UID         string // the user the account is bound to; "" if none
	UserName    string // the user's display name; "" if none
	AvatarURL   string // the user's avatar; "" if none
	Side        int    // SideBuy or SideSell
	// BaseAmount is the base paid (buy, fee included) or received (sell,
	// after the fee); TokenAmount the option tokens received or sold.
	BaseAmount  *big.Int
	TokenAmount *big.Int
	Fee         *big.Int
	// Price is the average price of the trade, BaseAmount/TokenAmount as
	// 18-decimal fixed point (base and option tokens share decimals).
	Price  *big.Int
	TxHash string
	OpHash string // the UserOperation that made it; "" if not through the EntryPoint
	// OrderUUID is the place-order that made it; "" for a trade made
	// another way (straight on chain).
	OrderUUID string
	Block     uint64
	LogIndex  uint
	Time      time.Time // block time
}

// TradeFilter selects trades; empty fields do not filter. Page is
// 1-indexed; a zero PageSize is the store's default.
type TradeFilter struct {
	Market   string
	Option   string
	UID      string
	Account  string
	Page     int
	PageSize int
}

// Position is what an account holds of one option, with its cost basis
// under the average-cost method: a buy adds its base amount (fee included)
// to the cost; a sell or a claim removes cost in proportion to the tokens
// that leave and realizes proceeds minus removed cost; tokens transferred
// to another account take their share of the cost with them; option tokens
// an LP receives back from the pool enter at the pool price of that moment.
// Amount always equals the account's on-chain balance of the option token.
type Position struct {
	Account      string
	UID          string // "" if the account is bound to no user
	Market       string
	MarketTitle  string
	MarketStatus MarketStatus
	BaseToken    string
	Option       string
	OptionTitle  string
	OptionIndex  int
	Amount       *big.Int // option tokens held
	CostBasis    *big.Int // base units
	RealizedPnL  *big.Int // base units, signed
	AvgPrice     *big.Int // CostBasis/Amount, 18-decimal fixed point; 0 when Amount is 0
	CurrentPrice *big.Int // the option's price now, 18-decimal fixed point
	UpdatedAt    time.Time
}

// Value is the position at the current price, in base units (rounded down).
func (p *Position) Value() *big.Int {
	return MulWad(p.Amount, p.CurrentPrice)
}

// UnrealizedPnL is Value minus CostBasis.
func (p *Position) UnrealizedPnL() *big.Int {
	return new(big.Int).Sub(p.Value(), OrZero(p.CostBasis))
}

// PositionFilter selects the positions of one account (by UID, which means
// the user's bound account, or by Account). Positions of amount zero
// (sold or claimed out) are left out unless Closed is set.
type PositionFilter struct {
	UID      string
	Account  string
	Market   string
	Closed   bool
	Page     int
	PageSize int
}

// LiquidityPosition is an account's share of one market's pool.
type LiquidityPosition struct {
	Account      string
	UID          string
	Market       string
	MarketTitle  string
	MarketStatus MarketStatus
	BaseToken    string
	LPAmount     *big.Int // LP tokens held (equals the on-chain balance)
	LPSupply     *big.Int // all LP tokens of the market
	PoolValue    *big.Int // the market's liquidity (see MarketPool.Liquidity)
	Deposited    *big.Int // base added with addLiquidity (and the creator's seed)
	Withdrawn    *big.Int // base received from removeLiquidity and redeemLiquidity
	Fees         *big.Int // trading fees paid out to the account
	// ReturnedValue is the value, at the pool price of each moment, of the
	// option tokens the pool sent back on adds and removals; those tokens
	// are positions of the account with that cost basis.
	ReturnedValue *big.Int
	UpdatedAt     time.Time
}

// ShareValue is the account's part of the pool value, LPAmount/LPSupply
// of PoolValue (rounded down).
func (p *LiquidityPosition) ShareValue() *big.Int {
	if p.LPSupply == nil || p.LPSupply.Sign() == 0 || p.LPAmount == nil || p.PoolValue == nil {
		return new(big.Int)
	}
	v := new(big.Int).Mul(p.LPAmount, p.PoolValue)
	return v.Quo(v, p.LPSupply)
}

// LiquidityFilter selects liquidity positions of one account (UID or
// Account); positions with no LP tokens left are left out unless Closed.
type LiquidityFilter struct {
	UID      string
	Account  string
	Market   string
	Closed   bool
	Page     int
	PageSize int
}

// Resolution is the settlement state of a market.
type Resolution struct {
	Market        string
	Status        MarketStatus
	WinningOption string // option token address once ended
	WinningIndex  int    // -1 until ended
	Source        string // resolutionSource of the settle-market request
	Note          string // resolutionNote of the settle-market request
	ResolverUID   string // the user who settled; "" when unknown
	ResolverName  string // that user's name; "" when none
	Resolver      string // the account that settled on chain; "" until ended
	OpHash        string // the settle-market operation; "" when settled outside the service
	TxHash        string
	Block         uint64
	SubmittedAt   time.Time // when the service accepted the settle-market operation
	SettledAt     time.Time // block time of the settlement
	WinningTitle  string    // the winning option's title once ended
	// Claimed is the sum of the market's confirmed claims and Unclaimed
	// the winning tokens still in accounts' hands, each worth one base
	// unit when claimed (0 until ended); both in base units.
	Claimed   *big.Int
	Unclaimed *big.Int
	// Void is true once the market ended void; Unclaimed then counts every
	// option token still held at 1/N.
	Void bool
	// ChallengeWindow and Bond are the market's resolution parameters
	// (zero: settlement ends it at once).
	ChallengeWindow time.Duration
	Bond            *big.Int
	// Assertion, Dispute and Arbitration are the steps of a resolution
	// with a challenge window, nil until they happen.
	Assertion   *Assertion
	Dispute     *Dispute
	Arbitration *Arbitration
}

// Assertion is an asserted outcome (Asserted): an option, or void.
type Assertion struct {
	Void                bool
	Option, OptionTitle string // "" for void
	AsserterUID         string // "" when the account is nobody's
	Asserter            string
	Bond                *big.Int
	At, ChallengeEnd    time.Time
	TxHash              string
}

// Dispute is a dispute of an assertion (Disputed).
type Dispute struct {
	DisputerUID string
	Disputer    string
	Bond        *big.Int
	At          time.Time
	TxHash      string
}

// Arbitration is the arbitrator's decision of a disputed assertion.
type Arbitration struct {
	Arbitrator          string
	Void                bool
	Option, OptionTitle string
	// Upheld is true when the arbitrator decided the asserted outcome.
	Upheld bool
	At     time.Time
	TxHash string
}

// MarketPool is the on-chain state of a market's pool as last indexed:
// what a quote needs.
type MarketPool struct {
	Market    string
	BaseToken string
	Status    MarketStatus
	FeeBps    int
	EndTime   time.Time
	Options   []string   // option token addresses by index
	Balances  []*big.Int // pool balance of every option
	Prices    []*big.Int // 18-decimal fixed point
	LPSupply  *big.Int
	// CollectedFees are the trading fees held for LP holders and not yet
	// paid out (Market.collectedFees).
	CollectedFees *big.Int
	// Liquidity is the pool value: Σ balance·price, in base units. At
	// creation it equals the initial liquidity; after settlement it is the
	// pool's balance of the winning option.
	Liquidity    *big.Int
	WinningIndex int // -1 until settled
	Block        uint64
}

// PricePoint is an option's price after a confirmed change, for charts.
type PricePoint struct {
	Market string
	Option string
	Price  *big.Int // 18-decimal fixed point
	Block  uint64
	Time   time.Time
}

// PriceFilter selects the price points of a market (and of one option when
// Option is set) in [From, To) (zero bounds are open), oldest first, at
// most Limit (zero is the store's default).
type PriceFilter struct {
	Market string
	Option string
	From   time.Time
	To     time.Time
	Limit  int
}

// IndexedMarket is the set of contracts of one market the indexer follows.
type IndexedMarket struct {
	Address   string
	BaseToken string
	Options   []string
}

// ChainStore keeps the confirmed chain state. The indexer writes it with
// ApplyBatch and RevertTo, each one transaction; the API reads it.
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
	// IndexedBlocks returns the recent applied blocks the indexer keeps
	// to find a common ancestor after a reorg, newest first.
	IndexedBlocks(ctx context.Context) ([]BlockRef, error)
	// IndexedMarkets lists the contracts of every known market.
	IndexedMarkets(ctx context.Context) ([]IndexedMarket, error)
	// (ApplyBatch, which applies a batch through internal/ledger and
	// returns the ledger's result, is the indexer's: see its Store.)
	// CheckBatch applies b as ApplyBatch does in a transaction it rolls
	// back: it reports whether ApplyBatch would fail, and changes nothing.
	CheckBatch(ctx context.Context, b *ChainBatch) error
	// RevertTo undoes every block above ancestor (a reorg orphaned them):
	// their facts are deleted, the aggregates of the markets and balances
	// they touched are recomputed from the remaining facts, operations
	// they confirmed go back to submitted, quarantined logs above it are
	// forgotten (the blocks are read again), and the cursor moves to
	// ancestor; in one transaction.
	RevertTo(ctx context.Context, ancestor BlockRef) (*RevertResult, error)
	// QuarantinedLogs lists the logs the indexer recorded instead of
	// applying (ChainBatch.Quarantine), by block and log index.
	QuarantinedLogs(ctx context.Context) ([]QuarantinedLog, error)
}

// CreateMarketRequest is the part of a create-market request the API
// keeps in Operation.Request (JSON) and the indexer turns into the market
// record once MarketCreated confirms it.
type CreateMarketRequest struct {
	Title       string `json:"title"`
	Description string `json:"description"`
	Rules       string `json:"rules"`
	Options     []struct {
		Title string `json:"title"`
	} `json:"options"`
	CategoryID string   `json:"categoryId"`
	Tags       []string `json:"tags"`
	ImageURL   string   `json:"imageUrl"`
	EndTime    string   `json:"endTime"`
}

// SettleMarketRequest is the part of a settle-market request kept in
// Operation.Request.
type SettleMarketRequest struct {
	WinningOptionAddress string `json:"winningOptionAddress"`
	ResolutionSource     string `json:"resolutionSource"`
	ResolutionNote       string `json:"resolutionNote"`
}

// ParseCreateMarketRequest decodes a create-market Operation.Request; ok
// is false when it does not decode.
func ParseCreateMarketRequest(raw []byte) (r CreateMarketRequest, ok bool) {
	return r, json.Unmarshal(raw, &r) == nil
}

// ParseSettleMarketRequest decodes a settle-market Operation.Request; ok
// is false when it does not decode.
func ParseSettleMarketRequest(raw []byte) (r SettleMarketRequest, ok bool) {
	return r, json.Unmarshal(raw, &r) == nil
}
