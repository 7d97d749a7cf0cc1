package accounting

import (
	"fmt"
	"math/big"
	"time"

	"github.com/predict-dev/predict"
)

// The aggregates and records the ledger decides and the store writes.

// Source loads the aggregates a batch touches. Each is asked for once per
// Ledger; the ledger owns what it returns and changes it in place.
type Source interface {
	// Market returns the market at address with its options, nil when
	// the service does not know it.
	Market(address string) (*Market, error)
	// Token says what an address is: an option token (option ≥ 0) or
	// the LP token (option -1) of market, or market "" for anything else.
	Token(address string) (market string, option int, err error)
	// UID returns the user bound to account, "" for none.
	UID(account string) (string, error)
	// Operation returns the operation opHash, nil when unknown.
	Operation(opHash string) (*Operation, error)
	// Position returns account's position in option (zero when none).
	Position(account, option string) (*Position, error)
	// LP returns account's liquidity position in market (zero when none).
	LP(account, market string) (*LP, error)
	// Balance returns account's indexed balance of token (zero when none).
	Balance(account, token string) (*Balance, error)
	// Traded reports whether account traded on market before the batch.
	Traded(market, account string) (bool, error)
	// LimitOrder returns the LimitOrders escrow's order id, nil when the
	// service does not know it.
	LimitOrder(id int64) (*LimitOrder, error)
}

// LimitOrder is the aggregate of one order of the LimitOrders escrow:
// the domain's record, which the ledger changes and the store reads back
// as it is.
type LimitOrder = predict.LimitOrder

// OrderFillRecord is one fill of an order, with the order's market.
type OrderFillRecord struct {
	predict.OrderFill
	Market string
}

// Market is the aggregate of a market and its options. Per-option slices
// are indexed like Options.
type Market struct {
	Address, BaseToken string
	FeeBps             int
	Options            []string
	CreatedBlock       uint64

	Status       predict.MarketStatus
	Volume       *big.Int
	Liquidity    *big.Int // pool value at its own prices (PoolValue)
	LPSupply     *big.Int
	Fees         *big.Int // trading fees collected and not withdrawn
	TradeCount   int
	Participants int
	Hot          float64
	Balances     []*big.Int // the pool's balance of each option
	Prices       []*big.Int
	OptVolume    []*big.Int
	// Supply is each option's tokens in accounts' hands (minted minus
	// burned); Claimed the sum of the market's claims.
	Supply       []*big.Int
	Claimed      *big.Int
	Winner       int // -1 until settled
	Resolver     string
	ResolverUID  string
	ResolveOp    string
	SettleTx     string
	SettledAt    int64 // unix milliseconds
	SettledBlock uint64
	Source, Note string
	PoolBlock    uint64
	// Void is true once the market ended void (Winner stays -1).
	Void bool
	// ChallengeWindow (seconds), Bond and DisputeFeeBps are the market's
	// resolution parameters, fixed at creation.
	ChallengeWindow int64
	Bond            *big.Int
	DisputeFeeBps   int
}

// NewMarket is a market as its creation leaves it: every option's pool
// balance is the initial liquidity, at equal prices, with nothing traded.
// (The LP tokens and the pool balances after are the creation's
// liquidity effects'.)
func NewMarket(c *Creation, feeBps int, block uint64) *Market {
	m := &Market{Address: c.Address, BaseToken: c.BaseToken, FeeBps: feeBps, Options: c.OptionAddresses, CreatedBlock: block,
		Status: predict.StatusRunning, Volume: new(big.Int), Liquidity: new(big.Int).Set(c.Liquidity), LPSupply: new(big.Int),
		Fees: new(big.Int), Prices: c.Prices, Claimed: new(big.Int), Winner: -1,
		ChallengeWindow: c.ChallengeWindow, Bond: predict.OrZero(c.Bond), DisputeFeeBps: c.DisputeFeeBps}
	for range c.OptionAddresses {
		m.Balances = append(m.Balances, new(big.Int).Set(c.Liquidity))
		m.OptVolume, m.Supply = append(m.OptVolume, new(big.Int)), append(m.Supply, new(big.Int))
	}
	return m
}

// Reset brings m back to its state at creation, before any fact: a reorg
// replays its remaining facts onto it. settling keeps a market whose
// settle operation is still under way settling.
func (m *Market) Reset(settling bool) {
	m.Status = predict.StatusRunning
	if settling {
		m.Status = predict.StatusSettling
	}
	m.Volume, m.Liquidity, m.LPSupply, m.Fees = new(big.Int), new(big.Int), new(big.Int), new(big.Int)
	m.TradeCount, m.Participants, m.Hot = 0, 0, 0
	m.Prices = EqualPrices(len(m.Options))
	for i := range m.Options {
		m.Balances[i], m.OptVolume[i], m.Supply[i] = new(big.Int), new(big.Int), new(big.Int)
	}
	m.Claimed = new(big.Int)
	m.Winner, m.Resolver, m.ResolverUID, m.ResolveOp, m.SettleTx = -1, "", "", "", ""
	m.SettledAt, m.SettledBlock, m.Source, m.Note, m.PoolBlock = 0, 0, "", "", 0
	m.Void = false
}

// Position is an account's holding of one option token, valued at cost
// by the average-cost method.
type Position struct {
	Market   string
	Amount   *big.Int
	Cost     *big.Int
	Realized *big.Int
}

// LP is an account's liquidity position in a market.
type LP struct {
	Amount, Deposited, Withdrawn, Fees, Returned *big.Int
}

// Balance is an account's indexed balance of a token, signed: a transfer
// out of an account counted from when it became known can overdraw it.
type Balance struct {
	Amount *big.Int
	Block  uint64 // of the last change
}

// Operation is what the ledger needs of a UserOperation.
type Operation struct {
	Status      predict.OpStatus
	Kind        string
	Market, UID string
}

// OperationOutcome is an operation that became final on chain. The
// user's notification is written with it (its UID).
type OperationOutcome struct {
	OpHash, TxHash string
	Block          uint64
	Status         predict.OpStatus
	Reason         string
	Kind           string
	Market, UID    string
	// SettleAbandoned is set for a settle operation that reverted: the
	// market runs again unless another settle operation is under way.
	SettleAbandoned bool
}

// Creation is the cleaned record of a market's creation.
type Creation struct {
	Address, BaseToken                         string
	Title, Description, Rules, Category, Image string
	OptionAddresses, OptionTitles, Tags        []string
	Liquidity                                  *big.Int // the initial liquidity, as each option's pool balance
	Prices                                     []*big.Int
	CreatorUID                                 string
	// The market's resolution parameters (zero: settles at once).
	ChallengeWindow int64 // seconds
	Bond            *big.Int
	DisputeFeeBps   int
	EarlyResolvable bool // may be settled or asserted before its end
}

// Settlement is a step of a market's resolution the batch applied that
// notifies users: by default the market settled (Kind
// predict.NotifyMarketSettled), and its holders and followers are
// notified once the batch's positions are written: a market may have
// more holders than a ledger should load, so the store finds them.
type Settlement struct {
	Market, Winner string
	Block          uint64
	// Kind is the notification's kind ("" is predict.NotifyMarketSettled)
	// and Data what its payload adds to the market, its title and Winner.
	Kind string
	Data map[string]string
	// Parties notifies the users of the market's asserter and disputer
	// (the bonds moved) instead of its holders and followers.
	Parties bool
	// Account, when not "", notifies the user of this account alone (a
	// payout made on its behalf).
	Account string
}

// PricePoint is an option's price after an effect, for charts.
type PricePoint = predict.PricePoint

// Changes are what the ledger decided for a batch (or a market's replay),
// for the store to write in the batch's transaction: the records of the
// applied effects, in log order, then the aggregates they changed.
type Changes struct {
	// Facts are the applied effects of a kind predict.IsFact names, each
	// to append to its market's fact log, which a reorg replays.
	Facts []Fact
	// The records the reads show, in log order: the markets created,
	// trades, claims, transfers (for the balances a reorg corrects) and
	// steps of resolutions.
	Creations   []MarketCreation
	Trades      []TradeRecord
	Claims      []ClaimRecord
	Transfers   []*predict.TransferLog
	Resolutions []*ResolutionFact
	// Outcomes are the operations that became final. Each is written
	// unless it already is final (another writer, the bundler on
	// PostgreSQL, may have made it so since the ledger read it): Written
	// tells which were not.
	Outcomes []*OperationOutcome

	// OrderFills are the fills of limit orders, in log order (all of a
	// market's again in its replay).
	OrderFills []OrderFillRecord

	Markets []*Market
	// LimitOrders are the limit orders placed or changed.
	LimitOrders []*LimitOrder
	Positions   []PositionChange
	LPs         []LPChange
	Balances    []BalanceChange
	// Holders are option tokens whose holder counts changed.
	Holders []string
	// Points are the price points of the applied effects (none in a
	// replay), in order; PointsFrom is the lowest block among them.
	Points     []PricePoint
	PointsFrom uint64
	// Settlements are the markets settled, whose holders and followers
	// the store notifies once the positions are written (Notified).
	Settlements []Settlement
}

// PositionChange is a changed position.
type PositionChange struct {
	Account, Option string
	*Position
}

// LPChange is a changed liquidity position.
type LPChange struct {
	Account, Market string
	*LP
}

// BalanceChange is a changed balance.
type BalanceChange struct {
	Account, Token string
	*Balance
}

// Fact is an applied effect in its market's fact log.
type Fact struct {
	Market string
	Effect predict.Effect
}

// MarketCreation is a market to insert with its options and tags.
type MarketCreation struct {
	Log *predict.MarketCreatedLog
	*Creation
}

// TradeRecord is a trade with its option token and its trader's user.
type TradeRecord struct {
	*predict.TradeLog
	Option, UID string
}

// ClaimRecord is a claim with its option token and its claimer's user.
type ClaimRecord struct {
	*predict.ClaimLog
	Option, UID string
}

// Written is what writing Changes found that the ledger could not know.
type Written struct {
	// Notified are the users the settlements' notifications went to.
	Notified []string
	// Unchanged are the outcomes' operations another writer had made
	// final first: the ledger tells nobody about them.
	Unchanged map[string]bool
}

// Tx is the store's transaction as the ledger uses it: the aggregates it
// reads (Source), the writing of what it decided (Write), once, and the
// events that describe it, which Outbox records for the webhooks in the
// same transaction, so that no committed change goes undelivered.
type Tx interface {
	Source
	Write(c *Changes) (*Written, error)
	Outbox(evs []predict.WebhookEvent) error
}

// Kinds of ResolutionFact, as resolution_events.kind (each the LogKind of
// its effect).
const (
	ResolutionAsserted   = "asserted"
	ResolutionDisputed   = "disputed"
	ResolutionArbitrated = "arbitrated"
	ResolutionFinalized  = "finalized"
	// ResolutionDisputeExpired: a dispute no arbitrator decided in time;
	// the disputer's bond went back.
	ResolutionDisputeExpired = "dispute-expired"
	ResolutionVoided         = "voided"
	ResolutionVoidClaim      = "void-claim"
)

// NoOutcome is the Outcome of a fact without one (a dispute, a void claim).
const NoOutcome = -2

// ResolutionFact is one step of a market's resolution as the store keeps
// it; Effect rebuilds the effect it records.
type ResolutionFact struct {
	predict.LogRef
	Market string
	Kind   string
	// Outcome is the asserted, arbitrated or finalized option index,
	// predict.VoidOutcome, or NoOutcome.
	Outcome int
	// Account is the asserter, the disputer, the arbitrator, the asserter
	// whose assertion became final, the resolver of a void ending, or the
	// claimer; UID the user bound to it.
	Account, UID string
	// Counterparty is the bond winner of an arbitration.
	Counterparty string
	// Amount is the bond posted (assertion, dispute), the payout
	// (arbitration), the bond returned (finalization) or the base paid
	// (void claim); Fee the arbitration's fee and Treasury its recipient.
	Amount, Fee *big.Int
	Treasury    string
	// Amounts are the option tokens a void claim burned, by option.
	Amounts []*big.Int
	// ChallengeEnd is when an assertion's window closes.
	ChallengeEnd time.Time
	Source, Note string
}

// Effect is the effect the fact records, for a replay.
func (f *ResolutionFact) Effect() (predict.Effect, error) {
	switch f.Kind {
	case ResolutionAsserted:
		return &predict.AssertedLog{LogRef: f.LogRef, Market: f.Market, Outcome: f.Outcome, Asserter: f.Account,
			Bond: f.Amount, ChallengeEnd: f.ChallengeEnd, Source: f.Source, Note: f.Note}, nil
	case ResolutionDisputed:
		return &predict.DisputedLog{LogRef: f.LogRef, Market: f.Market, Disputer: f.Account, Bond: f.Amount}, nil
	case ResolutionArbitrated:
		return &predict.ArbitratedLog{LogRef: f.LogRef, Market: f.Market, Outcome: f.Outcome, Arbitrator: f.Account,
			BondWinner: f.Counterparty, Payout: f.Amount, Fee: f.Fee, Treasury: f.Treasury}, nil
	case ResolutionFinalized:
		return &predict.FinalizedLog{LogRef: f.LogRef, Market: f.Market, Outcome: f.Outcome, Asserter: f.Account,
			BondReturned: f.Amount}, nil
	case ResolutionDisputeExpired:
		return &predict.DisputeExpiredLog{LogRef: f.LogRef, Market: f.Market, Disputer: f.Account, BondReturned: f.Amount}, nil
	case ResolutionVoided:
		return &predict.VoidedLog{LogRef: f.LogRef, Market: f.Market, Resolver: f.Account, Source: f.Source, Note: f.Note}, nil
	case ResolutionVoidClaim:
		return &predict.VoidClaimLog{LogRef: f.LogRef, Market: f.Market, Account: f.Account, Amounts: f.Amounts,
			BaseOut: f.Amount}, nil
	}
	return nil, fmt.Errorf("unknown resolution fact %q", f.Kind)
}

// Applier decides what the new effects of a batch change, over the
// batch's transaction tx, and writes it there (tx.Write, once): the
// ledger, which the store's ApplyBatch runs inside its transaction.
type Applier func(tx Tx, effects []predict.Effect) error

// Replayer rebuilds market's aggregates from its fact log (facts, in log
// order) over the revert's transaction tx, from its state at creation
// (settling: a settle operation is still under way), and writes them
// (tx.Write, once); it returns the market's options, none for a market
// tx does not know. The ledger's, which the store's RevertTo runs.
type Replayer func(tx Tx, market string, settling bool, facts []predict.Effect) (options []string, err error)
