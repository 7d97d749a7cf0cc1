package client

import (
	"context"
	"net/url"

	"github.com/predict-dev/predict/wire"
)

// AssetInfo is a user's portfolio summary in one base token
// (get-user-asset-info, docs/portfolio.md). Every amount is in base units
// of the token; PnL figures may be negative.
type AssetInfo = wire.AssetInfo

// GetUserAssetInfo returns a user's portfolio summary in a base token
// (both required; a token is needed to call it).
func (c *Client) GetUserAssetInfo(ctx context.Context, uid, baseTokenAddress string) (*AssetInfo, error) {
	v := url.Values{}
	query(v).str("uid", uid).str("baseTokenAddress", baseTokenAddress)
	return fetch[AssetInfo](ctx, c, "/api/v1/market/get-user-asset-info", v, "asset info of %s", uid)
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
type AssetPoint = wire.AssetPoint

// AssetHistory is the answer of get-user-asset-history: the last snapshot
// of each bucket, oldest first, and last a point computed at the time of
// the request.
type AssetHistory = wire.AssetHistory

// GetUserAssetHistory returns a user's portfolio value and PnL over time.
func (c *Client) GetUserAssetHistory(ctx context.Context, q AssetHistoryQuery) (*AssetHistory, error) {
	v := url.Values{}
	query(v).str("uid", q.UID).str("timeInterval", q.TimeInterval).str("baseTokenAddress", q.BaseTokenAddress)
	return fetch[AssetHistory](ctx, c, "/api/v1/user/get-user-asset-history", v, "asset history of %s (%s)", q.UID, q.TimeInterval)
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
type LeaderboardEntry = wire.LeaderboardEntry

// Leaderboard is a page of a leaderboard as the service last computed it.
type Leaderboard = wire.Leaderboard

// GetLeaderboard returns a page of users ranked by PnL or volume over a
// period (no token needed).
func (c *Client) GetLeaderboard(ctx context.Context, q LeaderboardQuery) (*Leaderboard, error) {
	v := url.Values{}
	query(v).paging(q.Page, q.PageSize).str("period", q.Period).str("sortBy", q.SortBy).
		str("baseTokenAddress", q.BaseTokenAddress)
	return fetch[Leaderboard](ctx, c, "/api/v1/user/get-leaderboard", v, "get leaderboard")
}
