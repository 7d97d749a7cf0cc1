package wire

// OptionPrice is an option's price.
type OptionPrice struct {
	OptionAddress string `json:"optionAddress"`
	Price         string `json:"price"`
}

// Quote is the answer of get-quote: what a buy or a sell would pay
// against the indexed pool.
type Quote struct {
	AmountIn  Amount `json:"amountIn"`
	AmountOut Amount `json:"amountOut"`
	// AveragePrice is base per option token, an 18-decimal string.
	AveragePrice  string `json:"averagePrice"`
	Fee           Amount `json:"fee"`
	MarketAddress string `json:"marketAddress"`
	// MinReceiveAmount is amountOut less SlippageBps, rounded down: the
	// order's minReceiveAmount. Only when slippageBps was asked.
	MinReceiveAmount Amount `json:"minReceiveAmount,omitzero"`
	OptionAddress    string `json:"optionAddress"`
	PriceAfter       string `json:"priceAfter"`
	PriceBefore      string `json:"priceBefore"`
	PriceImpact      string `json:"priceImpact"`
	// PricesAfter holds every option's price after the trade.
	PricesAfter []OptionPrice `json:"pricesAfter"`
	Side        int           `json:"side"`
	// SlippageBps is the tolerance asked, when it was.
	SlippageBps *int `json:"slippageBps,omitempty"`
}

// ResolutionStatus is where a market's settlement is (get-resolution-status),
// in this service's form (winningOptionAddress, resolverUid,
// resolverAddress, opHash, txHash, blockNumber, submittedAt) and the
// platform's (winningOption, settledBy, claimable and the claim totals).
type ResolutionStatus struct {
	MarketAddress        string `json:"marketAddress"`
	Status               string `json:"status"`
	WinningOptionAddress string `json:"winningOptionAddress"`
	// WinningOption is null until the settlement is confirmed.
	WinningOption    *WinningOption `json:"winningOption"`
	ResolutionSource string         `json:"resolutionSource"`
	ResolutionNote   string         `json:"resolutionNote"`
	ResolverUID      string         `json:"resolverUid"`
	ResolverAddress  string         `json:"resolverAddress"`
	// SettledBy is empty until the settlement is confirmed.
	SettledBy   SettledBy `json:"settledBy"`
	OpHash      string    `json:"opHash"`
	TxHash      string    `json:"txHash"`
	BlockNumber uint64    `json:"blockNumber"`
	SubmittedAt Time      `json:"submittedAt"`
	SettledAt   Time      `json:"settledAt"`
	// Claimable is true while winners have yet to claim.
	Claimable bool `json:"claimable"`
	// TotalClaimableAmount is what winners have yet to claim;
	// TotalClaimedAmount what they have claimed.
	TotalClaimableAmount Amount `json:"totalClaimableAmount"`
	TotalClaimedAmount   Amount `json:"totalClaimedAmount"`
	// Void is true once the market ended void (no winning option; every
	// option token claims 1/N).
	Void bool `json:"void"`
	// ChallengeWindowSeconds is the market's window (0: settlement ends
	// it at once), Bond what an assertion and a dispute post, and
	// DisputeFeeBps the share of the wrong side's bond paid to the
	// treasury when the arbitrator decides a dispute.
	ChallengeWindowSeconds int64  `json:"challengeWindowSeconds"`
	Bond                   Amount `json:"bond"`
	DisputeFeeBps          int    `json:"disputeFeeBps"`
	// OperatorResolved: an admin or resolver settles the market alone, at
	// once (no challenge window). EarlyResolvable: it may be settled or
	// asserted before its end time.
	OperatorResolved bool `json:"operatorResolved"`
	EarlyResolvable  bool `json:"earlyResolvable"`
	// ArbitratorAddress is who decides a dispute of a market with a
	// window: the factory's arbitrator until a dispute opens, then the
	// dispute's (dispute.arbitratorAddress); empty for an
	// operator-resolved market, or when the service has no chain access.
	ArbitratorAddress string `json:"arbitratorAddress"`
	// Disputable is true while the market is settling and the window
	// open (chain time); Finalizable while it is settling, undisputed,
	// and the window is over.
	Disputable  bool         `json:"disputable"`
	Finalizable bool         `json:"finalizable"`
	Assertion   *Assertion   `json:"assertion"`
	Dispute     *Dispute     `json:"dispute"`
	Arbitration *Arbitration `json:"arbitration"`
}

// Assertion is an asserted outcome: an option (optionAddress, optionTitle)
// or void.
type Assertion struct {
	Void            bool   `json:"void"`
	OptionAddress   string `json:"optionAddress"`
	OptionTitle     string `json:"optionTitle"`
	AsserterUID     string `json:"asserterUid"`
	AsserterAddress string `json:"asserterAddress"`
	Bond            Amount `json:"bond"`
	AssertedAt      Time   `json:"assertedAt"`
	ChallengeEndsAt Time   `json:"challengeEndsAt"`
	TxHash          string `json:"txHash"`
}

// Dispute is the dispute of an assertion.
type Dispute struct {
	DisputerUID     string `json:"disputerUid"`
	DisputerAddress string `json:"disputerAddress"`
	Bond            Amount `json:"bond"`
	DisputedAt      Time   `json:"disputedAt"`
	TxHash          string `json:"txHash"`
	// ArbitratorAddress is who decides the dispute: the factory's
	// arbitrator, read on chain while the market is disputed; empty once
	// decided (Arbitration names who did) or without a chain.
	ArbitratorAddress string `json:"arbitratorAddress"`
}

// Arbitration is the arbitrator's decision; Upheld is true when it agreed
// with the assertion.
type Arbitration struct {
	ArbitratorAddress string `json:"arbitratorAddress"`
	Void              bool   `json:"void"`
	OptionAddress     string `json:"optionAddress"`
	OptionTitle       string `json:"optionTitle"`
	Upheld            bool   `json:"upheld"`
	ArbitratedAt      Time   `json:"arbitratedAt"`
	TxHash            string `json:"txHash"`
}

// WinningOption names the option a market settled on.
type WinningOption struct {
	OptionAddress string `json:"optionAddress"`
	Title         string `json:"title"`
}

// SettledBy names the user who settled a market.
type SettledBy struct {
	UID  string `json:"uid"`
	Name string `json:"name"`
}

// Trade is a confirmed trade as the trade lists show it.
type Trade struct {
	TxHash        string `json:"txHash"`
	OpHash        string `json:"opHash"`
	OrderUUID     string `json:"orderUuid"` // the place-order that made it; "" for a trade made straight on chain
	BlockNumber   uint64 `json:"blockNumber"`
	MarketAddress string `json:"marketAddress"`
	MarketTitle   string `json:"marketTitle"`
	OptionAddress string `json:"optionAddress"`
	OptionTitle   string `json:"optionTitle"`
	UID           string `json:"uid"`
	UserName      string `json:"userName"`
	AvatarURL     string `json:"avatarUrl"`
	Account       string `json:"account"`
	Side          int    `json:"side"` // 1 buy, 2 sell
	BaseAmount    Amount `json:"baseAmount"`
	TokenAmount   Amount `json:"tokenAmount"`
	// AvgPrice is base per option token, an 18-decimal string.
	AvgPrice string `json:"avgPrice"`
	Fee      Amount `json:"fee"`
	Time     Time   `json:"time"`
}

// Order is a confirmed trade in the platform's trade-list form: side as
// "buy" or "sell", amount the option tokens traded at price (the
// average), and the trader as a nested user.
type Order struct {
	OrderUUID     string `json:"orderUuid"`
	MarketAddress string `json:"marketAddress"`
	OptionAddress string `json:"optionAddress"`
	OptionTitle   string `json:"optionTitle"`
	Side          string `json:"side"`
	Price         string `json:"price"`
	Amount        Amount `json:"amount"`
	BaseAmount    Amount `json:"baseAmount"`
	Timestamp     Time   `json:"timestamp"`
	TxHash        string `json:"txHash"`
	User          Author `json:"user"`
}

// TradesPage is a page of trades, newest first, in this service's form
// (trades) and the platform's (orders), the same trades in both.
type TradesPage struct {
	Orders []Order `json:"orders"`
	Total  int     `json:"total"`
	Trades []Trade `json:"trades"`
}
