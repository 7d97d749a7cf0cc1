package wire

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
