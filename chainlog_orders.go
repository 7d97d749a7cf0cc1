package predict

import (
	"math/big"
)

// OrderPlacedLog is LimitOrders' OrderPlaced: Owner escrowed Amount (base
// for a buy, option tokens for a sell) under these terms.
type OrderPlacedLog struct {
	LogRef
	OrderID    int64
	Owner      string
	Market     string
	Option     int
	IsBuy      bool
	LimitPrice *big.Int // 18-decimal fixed point
	Amount     *big.Int
	Expiry     int64 // unix seconds
	PostOnly   bool
	// Seq is the order's rank among the orders its operation placed (0
	// for the first): a batch places several in one operation, and each
	// gets its own uuid (LimitOrderSeed).
	Seq int `json:",omitempty"`
}

// LogKind implements Effect.
func (*OrderPlacedLog) LogKind() string { return "order-placed" }

// Scope implements Effect.
func (e *OrderPlacedLog) Scope() (market, account string) { return e.Market, e.Owner }

// ApplyTo implements Effect.
func (e *OrderPlacedLog) ApplyTo(h EffectHandler) (bool, error) { return h.OrderPlaced(e) }

// OrderFilledLog is LimitOrders' OrderFilled: the order gave In of its
// escrow and its owner received Out; Remaining is left. Counterparty is
// the market for a fill from the pool (CounterOrder 0), or the owner of
// order CounterOrder. Its market is the order's (the ledger knows it).
type OrderFilledLog struct {
	LogRef
	OrderID      int64
	Owner        string
	Counterparty string
	CounterOrder int64
	In, Out      *big.Int
	Remaining    *big.Int
}

// LogKind implements Effect.
func (*OrderFilledLog) LogKind() string { return "order-filled" }

// Scope implements Effect.
func (e *OrderFilledLog) Scope() (market, account string) { return "", e.Owner }

// ApplyTo implements Effect.
func (e *OrderFilledLog) ApplyTo(h EffectHandler) (bool, error) { return h.OrderFilled(e) }

// OrderCancelledLog is LimitOrders' OrderCancelled: By cancelled the
// order and Refunded went back to Owner.
type OrderCancelledLog struct {
	LogRef
	OrderID  int64
	Owner    string
	By       string
	Refunded *big.Int
}

// LogKind implements Effect.
func (*OrderCancelledLog) LogKind() string { return "order-cancelled" }

// Scope implements Effect.
func (e *OrderCancelledLog) Scope() (market, account string) { return "", e.Owner }

// ApplyTo implements Effect.
func (e *OrderCancelledLog) ApplyTo(h EffectHandler) (bool, error) { return h.OrderCancelled(e) }
