package wire

// Position is a user's holding of one option (get-user-positions).
type Position struct {
	MarketAddress string `json:"marketAddress"`
	MarketTitle   string `json:"marketTitle"`
	MarketStatus  string `json:"marketStatus"`
	OptionAddress string `json:"optionAddress"`
	OptionTitle   string `json:"optionTitle"`
	Amount        Amount `json:"amount"`
	AvgPrice      string `json:"avgPrice"`
	CurrentPrice  string `json:"currentPrice"`
	CostBasis     Amount `json:"costBasis"`
	Value         Amount `json:"value"`
	PnL           Amount `json:"pnl"`
	// PnLPercent is a decimal string with two decimals ("12.5", "-3.25").
	PnLPercent  string `json:"pnlPercent"`
	RealizedPnL Amount `json:"realizedPnl"`
}

// PositionsPage is a page of positions.
type PositionsPage struct {
	Positions []Position `json:"positions"`
	Total     int        `json:"total"`
}

// LiquidityPosition is the caller's LP share of one market
// (get-user-liquidity).
type LiquidityPosition struct {
	BaseTokenAddress string `json:"baseTokenAddress"`
	Deposited        Amount `json:"deposited"`
	FeesEarned       Amount `json:"feesEarned"`
	LPAmount         Amount `json:"lpAmount"`
	LPSupply         Amount `json:"lpSupply"`
	MarketAddress    string `json:"marketAddress"`
	MarketStatus     string `json:"marketStatus"`
	MarketTitle      string `json:"marketTitle"`
	// PoolShare is the fraction of the pool held, a decimal string.
	PoolShare     string `json:"poolShare"`
	ReturnedValue Amount `json:"returnedValue"`
	Value         Amount `json:"value"`
	Withdrawn     Amount `json:"withdrawn"`
}

// LiquidityPage is a page of LP positions.
type LiquidityPage struct {
	Positions []LiquidityPosition `json:"positions"`
	Total     int                 `json:"total"`
}

// AssetInfo is a user's holdings in one base token (get-user-asset-info).
type AssetInfo struct {
	// Balance is the base token the account holds.
	Balance          Amount `json:"balance"`
	BaseTokenAddress string `json:"baseTokenAddress"`
	// Decimal is the base token's decimals.
	Decimal        int    `json:"decimal"`
	LiquidityPnL   Amount `json:"liquidityPnl"`
	LiquidityValue Amount `json:"liquidityValue"`
	// OrdersValue is the base token the open buy orders hold in escrow.
	OrdersValue Amount `json:"ordersValue"`
	// PnL is realized + unrealized + liquidity profit and loss.
	PnL Amount `json:"pnl"`
	// PnLRank is the all-time PnL rank, 0 when unranked.
	PnLRank int `json:"pnlRank"`
	// Portfolio is the value of positions, LP shares and open orders'
	// escrow: PositionsValue + LiquidityValue + OrdersValue.
	Portfolio      Amount `json:"portfolio"`
	PositionsValue Amount `json:"positionsValue"`
	RealizedPnL    Amount `json:"realizedPnl"`
	UID            string `json:"uid"`
	UnrealizedPnL  Amount `json:"unrealizedPnl"`
	// Value is Balance + Portfolio.
	Value  Amount `json:"value"`
	Volume Amount `json:"volume"`
}

// AssetPoint is a user's value and PnL at one time.
type AssetPoint struct {
	Time  Time   `json:"time"`
	Value Amount `json:"value"`
	PnL   Amount `json:"pnl"`
}

// AssetSnapshot is the platform's form of an AssetPoint; Balance and
// Portfolio are null for a snapshot taken before balances were recorded.
type AssetSnapshot struct {
	Timestamp Time   `json:"timestamp"`
	Value     Amount `json:"value"`
	Balance   Amount `json:"balance"`
	Portfolio Amount `json:"portfolio"`
	PnL       Amount `json:"pnl"`
}

// AssetHistory is the answer of get-user-asset-history: the points (the
// last one now) and the same as the platform's snapshots.
type AssetHistory struct {
	UID              string          `json:"uid"`
	BaseTokenAddress string          `json:"baseTokenAddress"`
	TimeInterval     string          `json:"timeInterval"`
	BucketSeconds    int64           `json:"bucketSeconds"`
	Points           []AssetPoint    `json:"points"`
	Total            int             `json:"total"`
	Snapshots        []AssetSnapshot `json:"snapshots"`
	Decimal          int             `json:"decimal"`
}

// LeaderboardEntry is one user's line of the leaderboard.
type LeaderboardEntry struct {
	AvatarURL string `json:"avatarUrl"`
	Name      string `json:"name"`
	PnL       Amount `json:"pnl"`
	PnLRank   int    `json:"pnlRank"`
	// Rank is the rank in the requested order.
	Rank       int    `json:"rank"`
	UID        string `json:"uid"`
	Volume     Amount `json:"volume"`
	VolumeRank int    `json:"volumeRank"`
}

// Leaderboard is a page of get-leaderboard.
type Leaderboard struct {
	BaseTokenAddress string             `json:"baseTokenAddress"`
	Entries          []LeaderboardEntry `json:"entries"`
	Period           string             `json:"period"`
	SortBy           string             `json:"sortBy"`
	Total            int                `json:"total"`
	// UpdatedAt is when the ranking was computed.
	UpdatedAt Time `json:"updatedAt"`
}
