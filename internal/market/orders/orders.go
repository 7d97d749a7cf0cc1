// Package orders mirrors, in pure Go, the LimitOrders escrow (contracts/src/LimitOrders.sol):
// resting limit orders on the options of the factory's markets, their escrowed remainders, and
// every rule by which they are placed, cancelled, filled from a market's pool (through the
// internal/market/fpmm mirror of the pool) and matched against each other. The integer
// arithmetic and rounding are the contract's, so a Book computes to the unit what the chain
// does; a property test in internal/chain runs random operations on both and compares them.
//
// Amounts are *big.Int in base units (option tokens have the base token's decimals); prices are
// 18-decimal fixed point (1e18 = one base token per option token). Accounts, markets and tokens
// are identified by any stable string (the service uses lowercase hex addresses). Operations
// take the block time as an argument and are atomic: on error the book is unchanged.
package orders

import (
	"encoding/json"
	"errors"
	"math/big"
	"strconv"

	"github.com/predict-dev/predict/internal/market/fpmm"
)

// Errors returned by the book; each corresponds to a revert of the LimitOrders contract, apart
// from the pool's own refusals, which come back as the fpmm errors (and ErrInsufficientOutput).
var (
	ErrZeroAmount         = errors.New("orders: amount must be positive")                      // ZeroAmount
	ErrOverflow           = errors.New("orders: amount above 2^128-1")                         // Overflow
	ErrInvalidPrice       = errors.New("orders: limit price must be in (0, 1)")                // InvalidPrice
	ErrInvalidExpiry      = errors.New("orders: expiry must be after the block time")          // InvalidExpiry
	ErrUnknownMarket      = errors.New("orders: unknown market")                               // UnknownMarket
	ErrMarketClosed       = errors.New("orders: market does not trade")                        // MarketClosed
	ErrInvalidOption      = errors.New("orders: option index out of range")                    // InvalidOption
	ErrUnknownOrder       = errors.New("orders: unknown order")                                // UnknownOrder
	ErrOrderClosed        = errors.New("orders: order is filled or cancelled")                 // OrderClosed
	ErrOrderExpired       = errors.New("orders: order expired")                                // OrderExpired
	ErrNotOrderOwner      = errors.New("orders: only the owner may cancel before expiry")      // NotOrderOwner
	ErrPostOnly           = errors.New("orders: a post-only order cannot take liquidity")      // PostOnly
	ErrOverfill           = errors.New("orders: fill exceeds the order's remaining escrow")    // Overfill
	ErrWorseThanLimit     = errors.New("orders: fill price worse than the order's limit")      // WorseThanLimit
	ErrNotMatchable       = errors.New("orders: not a buy and a sell of the same option")      // NotMatchable
	ErrNotCrossing        = errors.New("orders: buy limit below sell limit")                   // NotCrossing
	ErrSelfMatch          = errors.New("orders: both orders have the same owner")              // SelfMatch
	ErrInsufficientOutput = errors.New("orders: pool output below the minimum")                // Market.InsufficientOutput
	ErrInvalidAccount     = errors.New("orders: empty account")                                // a zero owner cannot sign
	errDuplicateMarket    = errors.New("orders: market already added")                         // programming error
	errMarketShape        = errors.New("orders: market needs a pool and one token per option") // programming error
)

// One is the fixed-point unit of prices (1e18).
var One = big.NewInt(1e18)

var maxAmount = new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 128), big.NewInt(1))

// Market is what the book knows of a market: its pool (shared with whoever else trades on it,
// and moved by pool fills), when trading stops, and its token addresses.
type Market struct {
	Pool         *fpmm.Pool
	EndTime      uint64   // Unix time at which trading stops
	BaseToken    string   // the collateral token
	OptionTokens []string // option token of every option, by index
}

// open is LimitOrders._checkOpen: the market trades until an outcome is asserted or endTime.
func (m *Market) open(now uint64) bool {
	return !m.Pool.Settled && m.Pool.Resolution.Phase == fpmm.PhaseRunning && now < m.EndTime
}

// Order is one order with its terms and its remaining escrow: base for a buy, option tokens
// for a sell. An order with Remaining 0 is closed (filled or cancelled).
type Order struct {
	ID         uint64
	Owner      string
	Market     string
	Option     int
	IsBuy      bool
	LimitPrice *big.Int // 18 decimals, in (0, 1e18)
	Amount     *big.Int // escrowed at placement
	Remaining  *big.Int
	Expiry     uint64 // no fill from this Unix time on
	PostOnly   bool
}

// Open reports whether the order still holds escrow.
func (o *Order) Open() bool { return o.Remaining.Sign() > 0 }

// MarshalJSON renders amounts and the price as decimal strings, the service's JSON convention
// for integers that do not fit a float64.
func (o *Order) MarshalJSON() ([]byte, error) {
	return json.Marshal(struct {
		ID         string `json:"id"`
		Owner      string `json:"owner"`
		Market     string `json:"market"`
		Option     int    `json:"option"`
		Side       string `json:"side"`
		LimitPrice string `json:"limitPrice"`
		Amount     string `json:"amount"`
		Remaining  string `json:"remaining"`
		Expiry     uint64 `json:"expiry"`
		PostOnly   bool   `json:"postOnly"`
	}{
		ID: strconv.FormatUint(o.ID, 10), Owner: o.Owner, Market: o.Market, Option: o.Option, Side: o.side(),
		LimitPrice: o.LimitPrice.String(), Amount: o.Amount.String(), Remaining: o.Remaining.String(),
		Expiry: o.Expiry, PostOnly: o.PostOnly,
	})
}

func (o *Order) side() string {
	if o.IsBuy {
		return "buy"
	}
	return "sell"
}

func (o *Order) clone() *Order {
	c := *o
	c.LimitPrice = new(big.Int).Set(o.LimitPrice)
	c.Amount = new(big.Int).Set(o.Amount)
	c.Remaining = new(big.Int).Set(o.Remaining)
	return &c
}

// Placement is the terms of a new order (LimitOrders.place, sent by Owner).
type Placement struct {
	Owner      string
	Market     string
	Option     int
	IsBuy      bool
	LimitPrice *big.Int
	Amount     *big.Int
	Expiry     uint64
	PostOnly   bool
}

// Fill is one side of a fill, as the contract's OrderFilled event reports it.
type Fill struct {
	OrderID        uint64
	Owner          string
	Counterparty   string   // the market for a pool fill, else the other order's owner
	CounterOrderID uint64   // 0 for a pool fill
	In             *big.Int // escrow given: base (buy) or option tokens (sell)
	Out            *big.Int // received by the owner: option tokens (buy) or base (sell)
	Remaining      *big.Int // escrow left after the fill
}

// Cancellation is a cancelled order and its refund (the OrderCancelled event).
type Cancellation struct {
	OrderID  uint64
	Owner    string
	By       string
	Refunded *big.Int
}

// Book is the state of the escrow: every order ever placed (closed ones included) and the
// markets they trade on.
type Book struct {
	Markets map[string]*Market
	Orders  map[uint64]*Order
	Count   uint64 // orders placed; ids run from 1 to Count
}

// NewBook returns an empty book.
func NewBook() *Book {
	return &Book{Markets: map[string]*Market{}, Orders: map[uint64]*Order{}}
}

// Clone returns a deep copy of the book, its markets' pools included.
func (b *Book) Clone() *Book {
	c := &Book{Markets: make(map[string]*Market, len(b.Markets)), Orders: make(map[uint64]*Order, len(b.Orders)), Count: b.Count}
	for a, m := range b.Markets {
		cm := *m
		cm.Pool = m.Pool.Clone()
		cm.OptionTokens = append([]string(nil), m.OptionTokens...)
		c.Markets[a] = &cm
	}
	for id, o := range b.Orders {
		c.Orders[id] = o.clone()
	}
	return c
}

// AddMarket makes a market of the factory known to the book (the contract asks the factory).
func (b *Book) AddMarket(addr string, m *Market) error {
	if _, ok := b.Markets[addr]; ok {
		return errDuplicateMarket
	}
	if m.Pool == nil || len(m.OptionTokens) != len(m.Pool.Balances) {
		return errMarketShape
	}
	b.Markets[addr] = m
	return nil
}

// Order returns order id, or nil.
func (b *Book) Order(id uint64) *Order { return b.Orders[id] }

// EscrowToken is the token order o escrows: the base token for a buy, the option token for a
// sell.
func (b *Book) EscrowToken(o *Order) string {
	m := b.Markets[o.Market]
	if o.IsBuy {
		return m.BaseToken
	}
	return m.OptionTokens[o.Option]
}

// Escrow returns, per token, the sum of the open orders' remainders: exactly what the contract
// holds of that token.
func (b *Book) Escrow() map[string]*big.Int {
	out := map[string]*big.Int{}
	for _, o := range b.Orders {
		if !o.Open() {
			continue
		}
		t := b.EscrowToken(o)
		if out[t] == nil {
			out[t] = new(big.Int)
		}
		out[t].Add(out[t], o.Remaining)
	}
	return out
}

// Place applies place(...) at block time now and returns the new order. The caller moves
// p.Amount of the escrow token from the owner.
func (b *Book) Place(p Placement, now uint64) (*Order, error) {
	switch {
	case p.Owner == "":
		return nil, ErrInvalidAccount
	case p.Amount == nil || p.Amount.Sign() <= 0:
		return nil, ErrZeroAmount
	case p.Amount.Cmp(maxAmount) > 0:
		return nil, ErrOverflow
	case p.LimitPrice == nil || p.LimitPrice.Sign() <= 0 || p.LimitPrice.Cmp(One) >= 0:
		return nil, ErrInvalidPrice
	case p.Expiry <= now:
		return nil, ErrInvalidExpiry
	}
	m, ok := b.Markets[p.Market]
	if !ok {
		return nil, ErrUnknownMarket
	}
	if !m.open(now) {
		return nil, ErrMarketClosed
	}
	if p.Option < 0 || p.Option >= len(m.Pool.Balances) {
		return nil, ErrInvalidOption
	}
	b.Count++
	o := &Order{
		ID: b.Count, Owner: p.Owner, Market: p.Market, Option: p.Option, IsBuy: p.IsBuy,
		LimitPrice: new(big.Int).Set(p.LimitPrice), Amount: new(big.Int).Set(p.Amount),
		Remaining: new(big.Int).Set(p.Amount), Expiry: p.Expiry, PostOnly: p.PostOnly,
	}
	b.Orders[o.ID] = o
	return o.clone(), nil
}

// Cancel applies cancel(id) by caller at block time now and returns the refund, paid to the
// order's owner.
func (b *Book) Cancel(id uint64, caller string, now uint64) (Cancellation, error) {
	o, ok := b.Orders[id]
	if !ok {
		return Cancellation{}, ErrUnknownOrder
	}
	if !o.Open() {
		return Cancellation{}, ErrOrderClosed
	}
	if err := mayCancel(o, caller, now); err != nil {
		return Cancellation{}, err
	}
	return b.cancel(o, caller), nil
}

// CancelMany applies cancelMany(ids) by caller: closed orders (also one listed twice) are
// skipped; an unknown id or an order the caller may not cancel refuses the whole call.
func (b *Book) CancelMany(ids []uint64, caller string, now uint64) ([]Cancellation, error) {
	var todo []*Order
	seen := map[uint64]bool{}
	for _, id := range ids {
		o, ok := b.Orders[id]
		if !ok {
			return nil, ErrUnknownOrder
		}
		if !o.Open() || seen[id] {
			continue
		}
		if err := mayCancel(o, caller, now); err != nil {
			return nil, err
		}
		seen[id] = true
		todo = append(todo, o)
	}
	out := make([]Cancellation, 0, len(todo))
	for _, o := range todo {
		out = append(out, b.cancel(o, caller))
	}
	return out, nil
}

func mayCancel(o *Order, caller string, now uint64) error {
	if caller != o.Owner && now < o.Expiry {
		return ErrNotOrderOwner
	}
	return nil
}

func (b *Book) cancel(o *Order, caller string) Cancellation {
	c := Cancellation{OrderID: o.ID, Owner: o.Owner, By: caller, Refunded: new(big.Int).Set(o.Remaining)}
	o.Remaining = new(big.Int)
	return c
}

// fillable is LimitOrders._fillable: the order is open, not expired, and amount (> 0) fits
// in its remaining escrow.
func fillable(o *Order, amount *big.Int, now uint64) error {
	switch {
	case !o.Open():
		return ErrOrderClosed
	case now >= o.Expiry:
		return ErrOrderExpired
	case amount == nil || amount.Sign() <= 0:
		return ErrZeroAmount
	case amount.Cmp(o.Remaining) > 0:
		return ErrOverfill
	}
	return nil
}

// FillFromPool applies fillFromPool(id, spend, minOut) at block time now: it trades spend of
// the order's escrow in its market's pool (moving the pool, which the market shares) and
// returns the fill. The proceeds go to the order's owner.
func (b *Book) FillFromPool(id uint64, spend, minOut *big.Int, now uint64) (Fill, error) {
	o, ok := b.Orders[id]
	if !ok {
		return Fill{}, ErrUnknownOrder
	}
	if err := fillable(o, spend, now); err != nil {
		return Fill{}, err
	}
	if o.PostOnly {
		return Fill{}, ErrPostOnly
	}
	m := b.Markets[o.Market]
	if now >= m.EndTime && !m.Pool.Settled && m.Pool.Resolution.Phase == fpmm.PhaseRunning {
		return Fill{}, ErrMarketClosed // Market.MarketEnded
	}
	pool := m.Pool.Clone()
	var out *big.Int
	if o.IsBuy {
		q, err := pool.Buy(o.Option, spend)
		if err != nil {
			return Fill{}, err
		}
		out = q.TokensOut
	} else {
		q, err := pool.Sell(o.Option, spend)
		if err != nil {
			return Fill{}, err
		}
		out = q.BaseOut
	}
	if minOut != nil && out.Cmp(minOut) < 0 {
		return Fill{}, ErrInsufficientOutput
	}
	if !WithinLimit(o.IsBuy, o.LimitPrice, spend, out) {
		return Fill{}, ErrWorseThanLimit
	}
	*m.Pool = *pool
	o.Remaining = new(big.Int).Sub(o.Remaining, spend)
	return Fill{
		OrderID: o.ID, Owner: o.Owner, Counterparty: o.Market, In: new(big.Int).Set(spend),
		Out: new(big.Int).Set(out), Remaining: new(big.Int).Set(o.Remaining),
	}, nil
}

// WithinLimit reports whether giving in for out respects an order's limit price exactly: a buy
// gives base for option tokens at an average price of at most limit
// (in * 1e18 <= limit * out), a sell gives option tokens for base at an average price of at
// least limit (out * 1e18 >= limit * in).
func WithinLimit(isBuy bool, limit, in, out *big.Int) bool {
	if isBuy {
		return new(big.Int).Mul(in, One).Cmp(new(big.Int).Mul(limit, out)) <= 0
	}
	return new(big.Int).Mul(out, One).Cmp(new(big.Int).Mul(limit, in)) >= 0
}

// MatchCost is the base a buy order pays for quantity option tokens in a match: quantity times
// the resting order's limit over 1e18, rounded in the resting order's favour (down when the
// buyer rests, up when the seller rests). The taker's limit is checked separately (Match).
func MatchCost(quantity, buyLimit, sellLimit *big.Int, buyerRests bool) *big.Int {
	if buyerRests {
		c := new(big.Int).Mul(quantity, buyLimit)
		return c.Quo(c, One)
	}
	c := new(big.Int).Mul(quantity, sellLimit)
	c.Add(c, One).Sub(c, big.NewInt(1))
	return c.Quo(c, One)
}

// Match applies matchOrders(buyID, sellID, quantity) at block time now: quantity option tokens
// move from the sell escrow to the buyer and MatchCost base from the buy escrow to the seller.
// The price improvement goes to the taker (the later order): a taking seller receives it, a
// taking buyer keeps it in its escrow. It returns the buy side's fill, then the sell side's.
func (b *Book) Match(buyID, sellID uint64, quantity *big.Int, now uint64) (Fill, Fill, error) {
	bo, ok := b.Orders[buyID]
	if !ok {
		return Fill{}, Fill{}, ErrUnknownOrder
	}
	so, ok := b.Orders[sellID]
	if !ok {
		return Fill{}, Fill{}, ErrUnknownOrder
	}
	switch {
	case !bo.IsBuy || so.IsBuy || bo.Market != so.Market || bo.Option != so.Option:
		return Fill{}, Fill{}, ErrNotMatchable
	case bo.Owner == so.Owner:
		return Fill{}, Fill{}, ErrSelfMatch
	case bo.LimitPrice.Cmp(so.LimitPrice) < 0:
		return Fill{}, Fill{}, ErrNotCrossing
	}
	if err := fillable(so, quantity, now); err != nil {
		return Fill{}, Fill{}, err
	}
	if err := fillable(bo, big.NewInt(1), now); err != nil {
		return Fill{}, Fill{}, err
	}
	buyerRests := buyID < sellID
	if (buyerRests && so.PostOnly) || (!buyerRests && bo.PostOnly) {
		return Fill{}, Fill{}, ErrPostOnly
	}
	if !b.Markets[bo.Market].open(now) {
		return Fill{}, Fill{}, ErrMarketClosed
	}
	cost := MatchCost(quantity, bo.LimitPrice, so.LimitPrice, buyerRests)
	if !WithinLimit(true, bo.LimitPrice, cost, quantity) || !WithinLimit(false, so.LimitPrice, quantity, cost) {
		return Fill{}, Fill{}, ErrWorseThanLimit
	}
	if cost.Cmp(bo.Remaining) > 0 {
		return Fill{}, Fill{}, ErrOverfill
	}
	bo.Remaining = new(big.Int).Sub(bo.Remaining, cost)
	so.Remaining = new(big.Int).Sub(so.Remaining, quantity)
	buy := Fill{
		OrderID: buyID, Owner: bo.Owner, Counterparty: so.Owner, CounterOrderID: sellID,
		In: new(big.Int).Set(cost), Out: new(big.Int).Set(quantity), Remaining: new(big.Int).Set(bo.Remaining),
	}
	sell := Fill{
		OrderID: sellID, Owner: so.Owner, Counterparty: bo.Owner, CounterOrderID: buyID,
		In: new(big.Int).Set(quantity), Out: new(big.Int).Set(cost), Remaining: new(big.Int).Set(so.Remaining),
	}
	return buy, sell, nil
}

// MaxMatch is the largest quantity the sell escrow of a Match(buyID, sellID, ·) holds and the
// buy escrow can pay for (zero if the orders cannot cross at all): a matcher's starting point.
// Match may still refuse it for other reasons (expiry, post-only, a cost at equal limits that
// is not a whole number of base units).
func (b *Book) MaxMatch(buyID, sellID uint64) *big.Int {
	bo, so := b.Orders[buyID], b.Orders[sellID]
	if bo == nil || so == nil || !bo.Open() || !so.Open() || bo.LimitPrice.Cmp(so.LimitPrice) < 0 {
		return new(big.Int)
	}
	buyerRests := buyID < sellID
	price := so.LimitPrice
	if buyerRests {
		price = bo.LimitPrice
	}
	// The most the buy escrow pays for: with cost rounded up (seller rests) floor(rem*1e18/p);
	// rounded down (buyer rests) floor(((rem+1)*1e18-1)/p).
	q := new(big.Int).Set(bo.Remaining)
	if buyerRests {
		q.Add(q, big.NewInt(1)).Mul(q, One).Sub(q, big.NewInt(1))
	} else {
		q.Mul(q, One)
	}
	q.Quo(q, price)
	if q.Cmp(so.Remaining) > 0 {
		q.Set(so.Remaining)
	}
	return q
}
