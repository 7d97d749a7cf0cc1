package wire

// SignedOrderMessage is an order as its maker signs it for the Exchange
// (EIP-712, the types and domain of GET /api/v1/config's
// orderTypedData): the message of viem's or ethers' signTypedData, with
// the signature beside it. Numbers are decimal strings (or JSON
// integers); the signature is 0x-hex.
type SignedOrderMessage struct {
	Maker       string `json:"maker"`
	Signer      string `json:"signer"`
	Market      string `json:"market"`
	Option      Amount `json:"option"`
	Side        Amount `json:"side"`
	MakerAmount Amount `json:"makerAmount"`
	TakerAmount Amount `json:"takerAmount"`
	Expiration  Amount `json:"expiration"`
	Salt        Amount `json:"salt"`
	Nonce       Amount `json:"nonce"`
	FeeRateBps  Amount `json:"feeRateBps"`
	Signature   string `json:"signature"`
}

// PlaceSignedOrderRequest is place-signed-order's body.
type PlaceSignedOrderRequest struct {
	Order SignedOrderMessage `json:"order"`
}

// CancelSignedOrdersRequest is cancel-signed-orders' body: one order by
// its hash, every open order of a market, or, with all, every open order
// of the caller.
type CancelSignedOrdersRequest struct {
	OrderHash     *string `json:"orderHash,omitempty"`
	MarketAddress *string `json:"marketAddress,omitempty"`
	All           bool    `json:"all,omitempty"`
}

// CancelledSignedOrders are the orders a cancel closed.
type CancelledSignedOrders struct {
	Cancelled []string `json:"cancelled"`
}

// SignedOrder is a signed order as the service keeps it.
type SignedOrder struct {
	OrderHash     string `json:"orderHash"`
	MarketAddress string `json:"marketAddress"`
	OptionAddress string `json:"optionAddress"`
	OptionIndex   int    `json:"optionIndex"`
	// Side is 0 (buy: gives base tokens) or 1 (sell: gives option
	// tokens), as the Exchange numbers them.
	Side   int    `json:"side"`
	Maker  string `json:"maker"`
	Signer string `json:"signer"`
	// Price is the limit in base tokens per option token, a decimal
	// between 0 and 1.
	Price       string `json:"price"`
	MakerAmount Amount `json:"makerAmount"`
	TakerAmount Amount `json:"takerAmount"`
	// Filled is what its fills gave so far, Left what it may still give
	// (in maker units: base for a buy, option tokens for a sell).
	Filled Amount `json:"filled"`
	Left   Amount `json:"left"`
	// Expiration is null for an order that does not expire.
	Expiration Unix   `json:"expiration"`
	Salt       Amount `json:"salt"`
	Nonce      Amount `json:"nonce"`
	FeeRateBps int    `json:"feeRateBps"`
	// Status is open, filled, cancelled, unfunded or expired.
	Status    string `json:"status"`
	CreatedAt Time   `json:"createdAt"`
	UpdatedAt Time   `json:"updatedAt"`
}

// SignedOrdersPage is a page of the caller's signed orders, newest first.
type SignedOrdersPage struct {
	Total  int           `json:"total"`
	Orders []SignedOrder `json:"orders"`
}
