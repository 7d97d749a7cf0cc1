package client

import (
	"context"
	"encoding/json"
	"fmt"
	"math/big"
	"net/url"
	"time"
)

// AssetInfo is a user's portfolio summary in one base token
// (get-user-asset-info, docs/portfolio.md). Every amount is in base units
// of the token; PnL figures may be negative.
type AssetInfo struct {
	UID              string `json:"uid"`
	BaseTokenAddress string `json:"baseTokenAddress"`
	// Value = Balance + Portfolio.
	Value *big.Int `json:"value"`
	// Balance is the account's uninvested base tokens.
	Balance *big.Int `json:"balance"`
	// Portfolio = PositionsValue + LiquidityValue.
	Portfolio *big.Int `json:"portfolio"`
	// PnL = RealizedPnL + UnrealizedPnL + LiquidityPnL.
	PnL *big.Int `json:"pnl"`
	// Decimal is the token's decimals.
	Decimal int      `json:"decimal"`
	Volume  *big.Int `json:"volume"`
	// PnLRank is the user's rank on the all-time PnL leaderboard, 0 until
	// the user is ranked.
	PnLRank        int      `json:"pnlRank"`
	PositionsValue *big.Int `json:"positionsValue"`
	LiquidityValue *big.Int `json:"liquidityValue"`
	RealizedPnL    *big.Int `json:"realizedPnl"`
	UnrealizedPnL  *big.Int `json:"unrealizedPnl"`
	LiquidityPnL   *big.Int `json:"liquidityPnl"`
}

func (a *AssetInfo) wire() any {
	type plain AssetInfo
	return &struct {
		*plain
		Value          amountField `json:"value"`
		Balance        amountField `json:"balance"`
		Portfolio      amountField `json:"portfolio"`
		PnL            amountField `json:"pnl"`
		Volume         amountField `json:"volume"`
		PositionsValue amountField `json:"positionsValue"`
		LiquidityValue amountField `json:"liquidityValue"`
		RealizedPnL    amountField `json:"realizedPnl"`
		UnrealizedPnL  amountField `json:"unrealizedPnl"`
		LiquidityPnL   amountField `json:"liquidityPnl"`
	}{(*plain)(a), amt(&a.Value), amt(&a.Balance), amt(&a.Portfolio), amt(&a.PnL), amt(&a.Volume),
		amt(&a.PositionsValue), amt(&a.LiquidityValue), amt(&a.RealizedPnL), amt(&a.UnrealizedPnL), amt(&a.LiquidityPnL)}
}

// UnmarshalJSON reads the wire form.
func (a *AssetInfo) UnmarshalJSON(b []byte) error { return json.Unmarshal(b, a.wire()) }

// MarshalJSON writes the wire form.
func (a AssetInfo) MarshalJSON() ([]byte, error) { return json.Marshal(a.wire()) }

// GetUserAssetInfo returns a user's portfolio summary in a base token
// (both required; a token is needed to call it).
func (c *Client) GetUserAssetInfo(ctx context.Context, uid, baseTokenAddress string) (*AssetInfo, error) {
	v := url.Values{}
	query(v).str("uid", uid).str("baseTokenAddress", baseTokenAddress)
	var out AssetInfo
	if err := c.get(ctx, "/api/v1/market/get-user-asset-info", v, &out); err != nil {
		return nil, fmt.Errorf("asset info of %s: %w", uid, err)
	}
	return &out, nil
}

// Windows of get-user-asset-history.
const (
	TimeInterval1d  = "1d"  // 1-hour buckets
	TimeInterval1w  = "1w"  // 6-hour buckets
	TimeInterval1m  = "1m"  // 1-day buckets
	TimeInterval3m  = "3m"  // 1-day buckets
	TimeIntervalAll = "all" // 1 day or more, at most 200 points
)

// AssetHistoryQuery holds the parameters of get-user-asset-history; all
// are required.
type AssetHistoryQuery struct {
	UID              string
	TimeInterval     string // TimeInterval1d … TimeIntervalAll
	BaseTokenAddress string
}

// AssetPoint is a user's portfolio value and PnL at a time.
type AssetPoint struct {
	Time  time.Time `json:"time"`
	Value *big.Int  `json:"value"`
	PnL   *big.Int  `json:"pnl"`
}

func (p *AssetPoint) wire() any {
	type plain AssetPoint
	return &struct {
		*plain
		Time  timeField   `json:"time"`
		Value amountField `json:"value"`
		PnL   amountField `json:"pnl"`
	}{(*plain)(p), tm(&p.Time), amt(&p.Value), amt(&p.PnL)}
}

// UnmarshalJSON reads the wire form.
func (p *AssetPoint) UnmarshalJSON(b []byte) error { return json.Unmarshal(b, p.wire()) }

// MarshalJSON writes the wire form.
func (p AssetPoint) MarshalJSON() ([]byte, error) { return json.Marshal(p.wire()) }

// AssetHistory is the answer of get-user-asset-history: the last snapshot
// of each bucket, oldest first, and last a point computed at the time of
// the request.
type AssetHistory struct {
	UID              string       `json:"uid"`
	BaseTokenAddress string       `json:"baseTokenAddress"`
	TimeInterval     string       `json:"timeInterval"`
	BucketSeconds    int64        `json:"bucketSeconds"`
	Points           []AssetPoint `json:"points"`
}

// GetUserAssetHistory returns a user's portfolio value and PnL over time.
func (c *Client) GetUserAssetHistory(ctx context.Context, q AssetHistoryQuery) (*AssetHistory, error) {
	v := url.Values{}
	query(v).str("uid", q.UID).str("timeInterval", q.TimeInterval).str("baseTokenAddress", q.BaseTokenAddress)
	var out AssetHistory
	if err := c.get(ctx, "/api/v1/user/get-user-asset-history", v, &out); err != nil {
		return nil, fmt.Errorf("asset history of %s (%s): %w", q.UID, q.TimeInterval, err)
	}
	return &out, nil
}

// Periods and orders of get-leaderboard.
const (
	PeriodDay   = "day"
	PeriodWeek  = "week"
	PeriodMonth = "month"
	PeriodAll   = "all"

	RankByPnL    = "pnl"
	RankByVolume = "volume"
)

// LeaderboardQuery holds the parameters of get-leaderboard. Empty fields
// take the service's defaults: PeriodAll, RankByPnL, its first base token.
type LeaderboardQuery struct {
	Page, PageSize   int
	Period           string
	SortBy           string
	BaseTokenAddress string
}

// LeaderboardEntry is a ranked user.
type LeaderboardEntry struct {
	// Rank is the rank in the order asked for (PnLRank or VolumeRank).
	Rank       int      `json:"rank"`
	UID        string   `json:"uid"`
	Name       string   `json:"name"`
	AvatarURL  string   `json:"avatarUrl"`
	PnL        *big.Int `json:"pnl"`
	Volume     *big.Int `json:"volume"`
	PnLRank    int      `json:"pnlRank"`
	VolumeRank int      `json:"volumeRank"`
}

func (e *LeaderboardEntry) wire() any {
	type plain LeaderboardEntry
	return &struct {
		*plain
		PnL    amountField `json:"pnl"`
		Volume amountField `json:"volume"`
	}{(*plain)(e), amt(&e.PnL), amt(&e.Volume)}
}

// UnmarshalJSON reads the wire form.
func (e *LeaderboardEntry) UnmarshalJSON(b []byte) error { return json.Unmarshal(b, e.wire()) }

// MarshalJSON writes the wire form.
func (e LeaderboardEntry) MarshalJSON() ([]byte, error) { return json.Marshal(e.wire()) }

// Leaderboard is a page of a leaderboard as the service last computed it.
type Leaderboard struct {
	Total            int    `json:"total"`
	Period           string `json:"period"`
	SortBy           string `json:"sortBy"`
	BaseTokenAddress string `json:"baseTokenAddress"`
	// UpdatedAt is when the service computed it; zero before the first
	// computation.
	UpdatedAt time.Time          `json:"updatedAt"`
	Entries   []LeaderboardEntry `json:"entries"`
}

func (l *Leaderboard) wire() any {
	type plain Leaderboard
	return &struct {
		*plain
		UpdatedAt timeField `json:"updatedAt"`
	}{(*plain)(l), tm(&l.UpdatedAt)}
}

// UnmarshalJSON reads the wire form.
func (l *Leaderboard) UnmarshalJSON(b []byte) error { return json.Unmarshal(b, l.wire()) }

// MarshalJSON writes the wire form.
func (l Leaderboard) MarshalJSON() ([]byte, error) { return json.Marshal(l.wire()) }

// GetLeaderboard returns a page of users ranked by PnL or volume over a
// period (no token needed).
func (c *Client) GetLeaderboard(ctx context.Context, q LeaderboardQuery) (*Leaderboard, error) {
	p, size := page(q.Page, q.PageSize)
	v := url.Values{}
	query(v).int("page", p).int("pageSize", size).str("period", q.Period).str("sortBy", q.SortBy).
		str("baseTokenAddress", q.BaseTokenAddress)
	var out Leaderboard
	if err := c.get(ctx, "/api/v1/user/get-leaderboard", v, &out); err != nil {
		return nil, fmt.Errorf("get leaderboard: %w", err)
	}
	return &out, nil
}
