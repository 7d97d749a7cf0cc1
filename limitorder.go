package predict

import (
	"context"
	"math/big"
	"strconv"
	"time"

	"github.com/google/uuid"
)

// Statuses of a limit order (limit_orders.status). An order is open from
// its placement until a fill takes its whole escrow (filled), its owner
// takes the rest back (cancelled) or its expiry passes with escrow left
// (expired: the escrow stays in the contract until a cancel refunds it).
const (
	OrderOpen            = "open"
	OrderPartiallyFilled = "partially_filled"
	OrderFilled          = "filled"
	OrderCancelled       = "cancelled"
	OrderExpired         = "expired"
)

// MaxOrderLife is the longest a limit order may rest: place-limit-order
// refuses an expiry further ahead, so that forgotten orders do not hold
// escrow for ever.
const MaxOrderLife = 90 * 24 * time.Hour

// LimitOrder is a resting order of the LimitOrders escrow, as the
// indexer saw it placed, filled and cancelled: the aggregate the ledger
// changes (internal/accounting) and the record the API reads are this one
// type.
type LimitOrder struct {
	// ID is the escrow's order id (1, 2, …).
	ID int64
	// UUID is the orderUuid place-limit-order answered
	// (LimitOrderUUID of its operation), or one derived from the log
	// for an order placed without the service.
	UUID   string
	Market string // lowercase 0x-hex
	Option int    // pool index
	// OptionAddress is the option token, when the market is known.
	OptionAddress string
	Owner         string // the account that placed it
	UID           string // its user, "" for an account the service does not know
	Side          int    // SideBuy or SideSell
	// LimitPrice is 18-decimal fixed point.
	LimitPrice *big.Int
	// Amount is the escrow placed: base (buy) or option tokens (sell);
	// Remaining is what is left of it, Filled what fills spent of it
	// (Amount - Remaining - refunded), Received what they paid the owner.
	Amount, Remaining, Filled, Received *big.Int
	Expiry                              time.Time
	PostOnly                            bool
	// Status is OrderOpen … OrderExpired (expired is read at query time
	// from Expiry for an order still holding escrow).
	Status string
	OpHash string
	TxHash string
	Block  uint64
	// UpdatedBlock is the block of its last change: a reorg above it
	// leaves the order as it is.
	UpdatedBlock uint64
	CreatedAt    time.Time
	UpdatedAt    time.Time
}

// OrderFill is one fill of a limit order: from the market's pool
// (CounterOrder 0, Counterparty the market) or against another order.
type OrderFill struct {
	OrderID      int64
	Counterparty string
	CounterOrder int64
	// In is what the order's escrow gave, Out what its owner received.
	In, Out  *big.Int
	TxHash   string
	Block    uint64
	LogIndex uint
	Time     time.Time
}

// limitOrderSpace is the namespace of the orderUuids of limit orders.
var limitOrderSpace = uuid.MustParse("5b0f3c1e-6a8d-4f8e-9a57-2f4c1d7e9b30")

// LimitOrderUUID is the orderUuid of the limit order an operation
// placed: derived from the operation's hash, so that place-limit-order
// answers it before the chain has the order and the indexer gives the
// order the same one without reading the operation back.
func LimitOrderUUID(opHash string) string {
	return uuid.NewSHA1(limitOrderSpace, []byte(opHash)).String()
}

// LimitOrderSeed is what the orderUuid of the k-th order (from 0) an
// operation places derives from: the operation's hash for the first, so
// that an operation placing one order keeps the uuid it always had, and
// the hash with the order's rank for the next ones of a batch
// (docs/transactions.md), which place several in one operation.
func LimitOrderSeed(opHash string, k int) string {
	if k == 0 {
		return opHash
	}
	return opHash + ":" + strconv.Itoa(k)
}

// EffectiveStatus is the order's status at time now: an order still
// holding escrow past its expiry is expired.
func (o *LimitOrder) EffectiveStatus(now time.Time) string {
	if (o.Status == OrderOpen || o.Status == OrderPartiallyFilled) && !now.Before(o.Expiry) {
		return OrderExpired
	}
	return o.Status
}

// LimitOrderFilter selects a user's orders (get-user-orders).
type LimitOrderFilter struct {
	Owner  string // the account, lowercase
	Market string // "" for every market
	// Status is one status, "" for any; OrderExpired and the open ones
	// are told apart with Now.
	Status string
	Now    time.Time
	// Page (from 1) and PageSize (0: the store's default).
	Page, PageSize int
}

// BookLevel is the total remaining escrow of the open orders of one
// side of an option at one limit price.
type BookLevel struct {
	Option     int
	Side       int
	LimitPrice *big.Int
	// Remaining is base units (bids) or option tokens (asks).
	Remaining *big.Int
	Orders    int
}

// LimitOrderStore reads the limit orders the indexer wrote.
type LimitOrderStore interface {
	// LimitOrderByID and LimitOrderByUUID return ENOTFOUND for an
	// unknown order.
	LimitOrderByID(ctx context.Context, id int64) (*LimitOrder, error)
	LimitOrderByUUID(ctx context.Context, uuid string) (*LimitOrder, error)
	// LimitOrders returns the orders f selects, newest first, and how
	// many there are in all.
	LimitOrders(ctx context.Context, f LimitOrderFilter) ([]*LimitOrder, int, error)
	// OrderBook returns the levels of the market's orders still open at
	// now, by option, side and price.
	OrderBook(ctx context.Context, market string, now time.Time) ([]BookLevel, error)
	// OpenLimitOrderIDs are the ids of owner's orders in market that
	// still hold escrow (expired ones too: a cancel refunds them),
	// ascending.
	OpenLimitOrderIDs(ctx context.Context, market, owner string) ([]int64, error)
	// OrderFills returns an order's fills, oldest first.
	OrderFills(ctx context.Context, orderID int64) ([]*OrderFill, error)
	// NextOrderExpiry is when the first of owner's orders that can still
	// be filled at now expires (ok false when none can): the moment the
	// owner's orders change without an event.
	NextOrderExpiry(ctx context.Context, owner string, now time.Time) (at time.Time, ok bool, err error)
}
