package wire

import (
	"math/big"

	"github.com/predict-dev/predict"
)

// LimitOrder is an order of the LimitOrders escrow as the indexer saw it
// (get-order, get-user-orders).
type LimitOrder struct {
	OrderID       int64  `json:"orderId"`
	OrderUUID     string `json:"orderUuid"`
	MarketAddress string `json:"marketAddress"`
	OptionAddress string `json:"optionAddress"`
	OptionIndex   int    `json:"optionIndex"`
	Owner         string `json:"owner"`
	// Side is 1 (buy) or 2 (sell).
	Side int `json:"side"`
	// Price is the limit, a decimal between 0 and 1.
	Price string `json:"price"`
	// Amount is the escrow placed (base for a buy, option tokens for a
	// sell), Remaining what is left of it, Filled what fills spent and
	// Received what they paid the owner.
	Amount    Amount `json:"amount"`
	Remaining Amount `json:"remaining"`
	Filled    Amount `json:"filled"`
	Received  Amount `json:"received"`
	Expiry    Unix   `json:"expiry"`
	PostOnly  bool   `json:"postOnly"`
	// Status is open, partially_filled, filled, cancelled or expired.
	Status      string `json:"status"`
	OpHash      string `json:"opHash,omitempty"`
	TxHash      string `json:"txHash"`
	BlockNumber uint64 `json:"blockNumber"`
	CreatedAt   Time   `json:"createdAt"`
	// Fills are the order's fills, oldest first (get-order only).
	Fills []OrderFill `json:"fills,omitempty"`
}

// OrderFill is one fill of a limit order: from the market's pool
// (counterOrderId 0, counterparty the market) or against another order.
type OrderFill struct {
	Counterparty   string `json:"counterparty"`
	CounterOrderID int64  `json:"counterOrderId"`
	AmountIn       Amount `json:"amountIn"`
	AmountOut      Amount `json:"amountOut"`
	TxHash         string `json:"txHash"`
	BlockNumber    uint64 `json:"blockNumber"`
	CreatedAt      Time   `json:"createdAt"`
}

// LimitOrdersPage is a page of the caller's orders, newest first.
type LimitOrdersPage struct {
	Total  int          `json:"total"`
	Orders []LimitOrder `json:"orders"`
}

// OrderBook is a market's resting limit orders by option, with the
// pool's price beside them.
type OrderBook struct {
	MarketAddress string       `json:"marketAddress"`
	Options       []BookOption `json:"options"`
}

// BookOption is one option's side of the book: bids from the highest
// price, asks from the lowest.
type BookOption struct {
	OptionAddress string `json:"optionAddress"`
	OptionIndex   int    `json:"optionIndex"`
	// PoolPrice is the option's price in the market's pool.
	PoolPrice string      `json:"poolPrice"`
	Bids      []BookLevel `json:"bids"`
	Asks      []BookLevel `json:"asks"`
}

// BookLevel is the orders at one limit price: their remaining escrow
// (base units for bids, option tokens for asks) and how many they are.
type BookLevel struct {
	Price     string `json:"price"`
	Remaining Amount `json:"remaining"`
	Orders    int    `json:"orders"`
}

// PlaceLimitOrderRequest is the body of place-limit-order: a resting
// order escrowed in the LimitOrders contract, which buys (Side 1) or
// sells (Side 2) the option at Price or better until Expiry.
type PlaceLimitOrderRequest struct {
	MarketAddress string `json:"marketAddress"`
	OptionAddress string `json:"optionAddress"`
	Side          int    `json:"side"`
	// Price is the limit, base tokens per option token, a decimal
	// strictly between 0 and 1 ("0.45").
	Price string `json:"price"`
	// Amount is the escrow: base tokens to spend (buy) or option tokens
	// to sell (sell), in base units.
	Amount Amount `json:"amount,omitzero"`
	// Expiry in chain time: no fill from then on.
	Expiry Unix `json:"expiry,omitzero"`
	// PostOnly orders only rest: never filled from the pool.
	PostOnly      bool           `json:"postOnly,omitempty"`
	UserOperation *UserOperation `json:"userOperation,omitempty"`
}

// Action is ActionPlaceLimitOrder.
func (r *PlaceLimitOrderRequest) Action() string { return ActionPlaceLimitOrder }

// Path is place-limit-order's.
func (r *PlaceLimitOrderRequest) Path() string { return pathOf(r.Action()) }

// SetUserOperation attaches the signed operation.
func (r *PlaceLimitOrderRequest) SetUserOperation(op *UserOperation) { r.UserOperation = op }

// Expect is the placement the callData must perform, at the escrow it
// calls and with the option index it names (which the request gives by
// address).
func (r *PlaceLimitOrderRequest) Expect(got *Action) (*Action, error) {
	a, err := addresses("marketAddress", r.MarketAddress, "optionAddress", r.OptionAddress)
	if err != nil {
		return nil, err
	}
	price, err := predict.ParseLimitPrice(r.Price)
	if err != nil {
		return nil, err
	}
	want := expectAt(got, KindPlaceLimitOrder, got.Target)
	want.Amount = r.Amount.Int
	want.Order = &OrderParams{Market: a[0], IsBuy: r.Side != SideSell, LimitPrice: price, Expiry: uint64(r.Expiry.Unix()), PostOnly: r.PostOnly}
	return want, nil
}

// Result is place-limit-order's answer.
func (r *PlaceLimitOrderRequest) Result() Result { return new(PlaceOrderResult) }

// CancelOrderRequest is the body of cancel-order: order OrderID, or with
// CancelAll every open order of the caller in the market.
type CancelOrderRequest struct {
	MarketAddress string         `json:"marketAddress"`
	OrderID       int64          `json:"orderId,omitempty"`
	CancelAll     bool           `json:"cancelAll,omitempty"`
	UserOperation *UserOperation `json:"userOperation,omitempty"`
}

// Action is ActionCancelOrder.
func (r *CancelOrderRequest) Action() string { return ActionCancelOrder }

// Path is cancel-order's.
func (r *CancelOrderRequest) Path() string { return pathOf(r.Action()) }

// SetUserOperation attaches the signed operation.
func (r *CancelOrderRequest) SetUserOperation(op *UserOperation) { r.UserOperation = op }

// Expect is the cancellation the callData must perform: cancel of the
// order, or cancelMany of the open orders the service listed (which
// the request does not name).
func (r *CancelOrderRequest) Expect(got *Action) (*Action, error) {
	if _, err := addresses("marketAddress", r.MarketAddress); err != nil {
		return nil, err
	}
	want := expectAt(got, KindCancelOrder, got.Target)
	if r.CancelAll {
		want.Many = true
		return want, nil
	}
	want.Many, want.OrderIDs = false, []*big.Int{big.NewInt(r.OrderID)}
	return want, nil
}

// Result is cancel-order's answer.
func (r *CancelOrderRequest) Result() Result { return new(OpResult) }
