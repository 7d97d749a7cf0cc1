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

// EnableTradingRequest is the body of enable-trading: the account
// approves the Exchange, which settles signed orders, for the market's
// base token and each of its option tokens, at the most.
type EnableTradingRequest struct {
	MarketAddress string         `json:"marketAddress"`
	UserOperation *UserOperation `json:"userOperation,omitempty"`

	// Exchange and Tokens are what the client knows of the approvals
	// from elsewhere (GET /api/v1/config, the market's detail) and holds
	// the callData to; they are not sent. Exchange is the spender of
	// every approval; Tokens are the base token, then the option tokens
	// in the market's order. Left empty, they are taken from the
	// callData.
	Exchange string   `json:"-"`
	Tokens   []string `json:"-"`
}

// Action is ActionEnableTrading.
func (r *EnableTradingRequest) Action() string { return ActionEnableTrading }

// Path is enable-trading's.
func (r *EnableTradingRequest) Path() string { return pathOf(r.Action()) }

// SetUserOperation attaches the signed operation.
func (r *EnableTradingRequest) SetUserOperation(op *UserOperation) { r.UserOperation = op }

// Expect is the approvals the callData must make: each of the same
// spender (the Exchange, when the request knows it) for the most, of the
// request's tokens when it knows them.
func (r *EnableTradingRequest) Expect(got *Action) (*Action, error) {
	if _, err := addresses("marketAddress", r.MarketAddress); err != nil {
		return nil, err
	}
	spender := got.Spender
	if r.Exchange != "" {
		a, err := addresses("exchange", r.Exchange)
		if err != nil {
			return nil, err
		}
		spender = a[0]
	}
	want := expectAt(got, KindEnableTrading, got.Target)
	want.Spender, want.Amount = spender, MaxAllowance()
	for i := range want.Approvals {
		want.Approvals[i].Spender, want.Approvals[i].Amount = spender, MaxAllowance()
	}
	if len(r.Tokens) > 0 {
		var pairs []string
		for _, t := range r.Tokens {
			pairs = append(pairs, "token", t)
		}
		tokens, err := addresses(pairs...)
		if err != nil {
			return nil, err
		}
		want.Target, want.Approvals = tokens[0], nil
		for _, t := range tokens[1:] {
			want.Approvals = append(want.Approvals, Approval{Token: t, Spender: spender, Amount: MaxAllowance()})
		}
	}
	return want, nil
}

// Result is enable-trading's answer.
func (r *EnableTradingRequest) Result() Result { return new(OpResult) }
