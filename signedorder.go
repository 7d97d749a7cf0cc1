package predict

import (
	"context"
	"math/big"
	"time"
)

// Statuses of a signed order (signed_orders.status). An order is open
// from its placement until its fills give its whole maker amount
// (filled), its maker cancels it (cancelled), or the service closes it
// because its funds fell below what it still gives (unfunded); an open
// order past its expiration reads as expired.
const (
	SignedOpen      = "open"
	SignedFilled    = "filled"
	SignedCancelled = "cancelled"
	SignedUnfunded  = "unfunded"
	SignedExpired   = "expired"
)

// Sides of a signed order, as the Exchange contract numbers them.
const (
	SignedBuy  = 0 // gives base tokens for option tokens
	SignedSell = 1 // gives option tokens for base tokens
)

// SignedOrder is an order signed off chain (EIP-712) for the Exchange
// contract, as the service keeps it: the signed terms, and what its fills
// gave so far. Amounts are base units; MakerAmount is what it gives in
// all, TakerAmount what it wants for that.
type SignedOrder struct {
	Hash   string // EIP-712 hash, lowercase 0x-hex: the order's id
	Maker  string // the account that gives and receives, lowercase
	Signer string // the maker, or its owner key, lowercase
	UID    string // the maker's user
	Market string
	Option int // option index in the market
	Side   int // SignedBuy or SignedSell
	// Gives is the token it gives: its market's base token (a buy) or
	// its option's token (a sell), lowercase.
	Gives string
	// MakerAmount, TakerAmount, Salt and Nonce are the signed terms.
	MakerAmount, TakerAmount, Salt, Nonce *big.Int
	// Expiration is when it stops filling; zero for never.
	Expiration time.Time
	FeeRateBps int
	Signature  []byte
	// Filled is what its fills gave so far, in maker units.
	Filled *big.Int
	Status string
	// Seq orders the placements: at one price an earlier order fills
	// first.
	Seq       int64
	CreatedAt time.Time
	UpdatedAt time.Time
}

// Left is what the order may still give.
func (o *SignedOrder) Left() *big.Int {
	return new(big.Int).Sub(o.MakerAmount, OrZero(o.Filled))
}

// EffectiveStatus is the order's status at time now: an open order past
// its expiration is expired.
func (o *SignedOrder) EffectiveStatus(now time.Time) string {
	if o.Status == SignedOpen && !o.Expiration.IsZero() && !now.Before(o.Expiration) {
		return SignedExpired
	}
	return o.Status
}

// SignedOrderFilter selects signed orders.
type SignedOrderFilter struct {
	UID    string // "" for every user
	Market string // "" for every market
	// Open keeps the open orders only (expired ones included: they hold
	// no funds, and the book drops them when it meets them).
	Open bool
	// Page (from 1) and PageSize (0: the store's default).
	Page, PageSize int
}

// SignedOrderLimits bound what one user keeps open.
type SignedOrderLimits struct {
	PerMarket int // open orders of one user in one market
	Total     int // open orders of one user in all
}

// SignedOrderStore keeps the signed orders: the book of every replica
// reads it, the leader writes their fills.
type SignedOrderStore interface {
	// PlaceSignedOrder records o as open and sets its Seq, CreatedAt
	// and UpdatedAt; ECONFLICT when its hash or its maker's salt was
	// used before, ELIMIT when its user would hold more open orders
	// than limits allow.
	PlaceSignedOrder(ctx context.Context, o *SignedOrder, limits SignedOrderLimits) error
	// SignedOrderCommitted is what maker's open orders that give token
	// may still give in all, at now (expired orders give nothing).
	SignedOrderCommitted(ctx context.Context, maker, token string, now time.Time) (*big.Int, error)
	// SignedOrder returns the order of hash h; ENOTFOUND when unknown.
	SignedOrder(ctx context.Context, h string) (*SignedOrder, error)
	// SignedOrders lists the orders f selects, newest first, and how
	// many there are in all.
	SignedOrders(ctx context.Context, f SignedOrderFilter) ([]*SignedOrder, int, error)
	// OpenSignedOrders lists a market's open orders in placement order
	// ("" for every market), for the book.
	OpenSignedOrders(ctx context.Context, market string) ([]*SignedOrder, error)
	// SignedOrdersAfter lists up to limit orders placed after seq, in
	// placement order: the leader's book takes each new one as it comes.
	SignedOrdersAfter(ctx context.Context, seq int64, limit int) ([]*SignedOrder, error)
	// SignedOrdersClosedSince lists up to limit orders closed (cancelled,
	// unfunded) at or after since, oldest change first: the book drops
	// them.
	SignedOrdersClosedSince(ctx context.Context, since time.Time, limit int) ([]*SignedOrder, error)
	// CancelSignedOrders cancels the open orders of user uid that f
	// selects (one order by hash, a market's, or all) and returns them.
	CancelSignedOrders(ctx context.Context, uid string, f SignedOrderCancel) ([]*SignedOrder, error)
	// FillSignedOrder sets what order h gave in all (the chain's
	// filled amount, never less than the store's) and closes it as
	// filled when nothing is left.
	FillSignedOrder(ctx context.Context, h string, filled *big.Int) (*SignedOrder, error)
	// CloseSignedOrder closes an open order with status (unfunded).
	CloseSignedOrder(ctx context.Context, h, status string) (*SignedOrder, error)
}

// SignedOrderCancel selects what a cancel closes: Hash, or every open
// order of Market, or every open order when both are "".
type SignedOrderCancel struct {
	Hash   string
	Market string
}

// LimitPrice is the order's limit in base tokens per option token, in
// 18-decimal fixed point (rounded down): what a buy pays at most, what a
// sell takes at least.
func (o *SignedOrder) LimitPrice() *big.Int {
	base, tokens := o.MakerAmount, o.TakerAmount
	if o.Side == SignedSell {
		base, tokens = o.TakerAmount, o.MakerAmount
	}
	if tokens.Sign() == 0 {
		return new(big.Int)
	}
	return new(big.Int).Quo(new(big.Int).Mul(base, wad), tokens)
}
