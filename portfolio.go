package predict

import (
	"context"
	"math/big"
	"time"
)

// This file holds what the service derives from the confirmed state for
// charts, rankings and portfolios: price history, market activity,
// holdings, asset snapshots and the leaderboard. docs/portfolio.md gives
// the definitions.

// PriceHistoryQuery selects the close price of every option (or of one)
// of a market in each bucket of [From, To).
type PriceHistoryQuery struct {
	Market string
	Option string // "" for every option
	From   time.Time
	To     time.Time
	Bucket time.Duration
}

// PriceHistory is what the store keeps for a PriceHistoryQuery: the last
// price of each option before From (its opening price for the window),
// and the last point of each option in each bucket that has one, oldest
// first. Buckets start at multiples of Bucket since the Unix epoch.
type PriceHistory struct {
	Opening map[string]*big.Int // option → price; missing when none before From
	Points  []PricePoint
}

// MarketActivity is the trading of one market in a window.
type MarketActivity struct {
	Market    string
	BaseToken string
	Trades    int
	Traders   int      // distinct accounts
	Volume    *big.Int // Σ base amounts of buys and sells
}

// MarketKey names a market and its base token, enough to rank and filter
// markets without loading them.
type MarketKey struct {
	Address   string
	BaseToken string
	// Hot is the market's hot score (internal/accounting.HotScore), where
	// the list says.
	Hot float64
}

// Holdings is what one user has in markets of one base token, with the
// sums the portfolio summary, the leaderboard and the asset snapshots are
// made of. Amounts are base units.
type Holdings struct {
	UID     string
	Account string
	Balance *big.Int // the account's base token balance
	// PositionValue is Σ amount·currentPrice of the open positions;
	// PositionCost their cost basis; RealizedPnL what sells and claims
	// realized (closed positions included).
	PositionValue *big.Int
	PositionCost  *big.Int
	RealizedPnL   *big.Int
	// LPValue is the account's share of every pool it provides; LPPnL is
	// LPValue + withdrawn + fees paid out + value of the option tokens sent
	// back − deposited.
	LPValue *big.Int
	LPPnL   *big.Int
	// OrdersValue is the base token the account's open buy orders hold in
	// the LimitOrders escrow: money of the account's that is neither in
	// its balance nor in a position until a fill or a cancel. (The option
	// tokens of its sell orders stay its position, in PositionValue.)
	OrdersValue *big.Int
	// Volumes are the account's trading volumes since each time of
	// HoldingsFilter.VolumeSince, in that order.
	Volumes []*big.Int
}

// Portfolio is the value of open positions, LP shares and what open
// orders hold in escrow.
func (h *Holdings) Portfolio() *big.Int {
	p := new(big.Int).Add(OrZero(h.PositionValue), OrZero(h.LPValue))
	return p.Add(p, OrZero(h.OrdersValue))
}

// Value is the balance plus the portfolio.
func (h *Holdings) Value() *big.Int {
	return new(big.Int).Add(OrZero(h.Balance), h.Portfolio())
}

// UnrealizedPnL is what the open positions are worth over their cost.
func (h *Holdings) UnrealizedPnL() *big.Int {
	return new(big.Int).Sub(OrZero(h.PositionValue), OrZero(h.PositionCost))
}

// PnL is realized plus unrealized profit of positions plus LP profit.
func (h *Holdings) PnL() *big.Int {
	pnl := h.UnrealizedPnL()
	pnl.Add(pnl, OrZero(h.RealizedPnL))
	return pnl.Add(pnl, OrZero(h.LPPnL))
}

// Active reports whether the user has anything in markets of the token:
// a position, an LP share, a trade or a profit or loss.
func (h *Holdings) Active() bool {
	for _, x := range []*big.Int{h.PositionValue, h.PositionCost, h.RealizedPnL, h.LPValue, h.LPPnL} {
		if x != nil && x.Sign() != 0 {
			return true
		}
	}
	for _, v := range h.Volumes {
		if v != nil && v.Sign() != 0 {
			return true
		}
	}
	return false
}

// HoldingsFilter selects the holdings of one user (UID) or, with UID
// empty, of every user with a smart account, in markets of BaseToken.
type HoldingsFilter struct {
	BaseToken   string
	UID         string
	VolumeSince []time.Time // zero time: all time
}

// AssetSnapshot is a user's portfolio value and PnL at one moment.
type AssetSnapshot struct {
	UID       string
	BaseToken string
	Time      time.Time
	Value     *big.Int
	PnL       *big.Int
	// Balance is the base token balance part of Value; nil in snapshots
	// recorded before the store kept it (migration 0009).
	Balance *big.Int
}

// SnapshotQuery selects one user's snapshots in [From, To), the last of
// each bucket (buckets start at multiples of Bucket since the epoch).
type SnapshotQuery struct {
	UID       string
	BaseToken string
	From      time.Time
	To        time.Time
	Bucket    time.Duration
}

// LeaderboardPeriod is the window a leaderboard ranks.
type LeaderboardPeriod string

// Leaderboard periods: the last 24 hours, 7 days, 30 days, or all time.
const (
	PeriodDay   LeaderboardPeriod = "day"
	PeriodWeek  LeaderboardPeriod = "week"
	PeriodMonth LeaderboardPeriod = "month"
	PeriodAll   LeaderboardPeriod = "all"
)

// LeaderboardPeriods are every period, in a stable order.
var LeaderboardPeriods = []LeaderboardPeriod{PeriodDay, PeriodWeek, PeriodMonth, PeriodAll}

// Window is the length of the period; 0 for all time.
func (p LeaderboardPeriod) Window() time.Duration {
	switch p {
	case PeriodDay:
		return 24 * time.Hour
	case PeriodWeek:
		return 7 * 24 * time.Hour
	case PeriodMonth:
		return 30 * 24 * time.Hour
	}
	return 0
}

// Valid reports whether p is a known period.
func (p LeaderboardPeriod) Valid() bool {
	switch p {
	case PeriodDay, PeriodWeek, PeriodMonth, PeriodAll:
		return true
	}
	return false
}

// Leaderboard orders.
const (
	RankByPnL    = "pnl"
	RankByVolume = "volume"
)

// LeaderboardEntry is one user's row of a leaderboard.
type LeaderboardEntry struct {
	UID        string
	Name       string // filled on reads
	AvatarURL  string // filled on reads
	PnL        *big.Int
	Volume     *big.Int
	PnLRank    int // 1-based
	VolumeRank int // 1-based
}

// LeaderboardFilter selects a page of a leaderboard.
type LeaderboardFilter struct {
	BaseToken string
	Period    LeaderboardPeriod
	By        string // RankByPnL or RankByVolume
	Page      int
	PageSize  int
}

// MarketDataStore keeps and reads the derived market data and portfolios.
type MarketDataStore interface {
	// PriceHistory returns the points a chart of q needs.
	PriceHistory(ctx context.Context, q PriceHistoryQuery) (*PriceHistory, error)
	// PricesAt returns, for every option of the markets, its last price at
	// or before at, or its first price when it has none that old (a
	// market opened after at).
	PricesAt(ctx context.Context, markets []string, at time.Time) (map[string]*big.Int, error)
	// MarketActivity sums the trades since a time, by market.
	MarketActivity(ctx context.Context, since time.Time) ([]MarketActivity, error)
	// RecentTrades returns the trades since a time of one market, or of
	// every market for "", for the hot ranking to keep.
	RecentTrades(ctx context.Context, market string, since time.Time) ([]TradeTick, error)
	// MarketsByHotScore lists the markets of a status (address and base
	// token) by the indexer's decayed hot score, highest first (address
	// breaks ties).
	MarketsByHotScore(ctx context.Context, status MarketStatus) ([]MarketKey, error)
	// MarketsByAddress returns the markets at the addresses in that order
	// (unknown ones left out), with options and tags.
	MarketsByAddress(ctx context.Context, addresses []string) ([]*Market, error)
	// BaseTokens lists the base tokens markets use.
	BaseTokens(ctx context.Context) ([]string, error)

	// Holdings computes the holdings of one user or of every user.
	Holdings(ctx context.Context, f HoldingsFilter) ([]*Holdings, error)
	// AddAssetSnapshots records snapshots (a snapshot already recorded
	// for the same user, token and time is kept).
	AddAssetSnapshots(ctx context.Context, snaps []AssetSnapshot) error
	// LatestAssetSnapshots returns every user's last snapshot of a token at
	// or before at, by uid.
	LatestAssetSnapshots(ctx context.Context, baseToken string, at time.Time) (map[string]AssetSnapshot, error)
	// AssetSnapshots returns the last snapshot of each bucket of q, oldest
	// first, preceded by the last one before q.From when there is one.
	AssetSnapshots(ctx context.Context, q SnapshotQuery) ([]AssetSnapshot, error)
	// ReplaceLeaderboard replaces a token's leaderboard of a period with
	// entries (ranks already set), stamped at.
	ReplaceLeaderboard(ctx context.Context, baseToken string, period LeaderboardPeriod, entries []LeaderboardEntry, at time.Time) error
	// Leaderboard returns a page of a leaderboard, the number of ranked
	// users and when it was computed (zero when never).
	Leaderboard(ctx context.Context, f LeaderboardFilter) ([]LeaderboardEntry, int, time.Time, error)
	// LeaderboardEntry returns one user's row; ENOTFOUND when unranked.
	LeaderboardEntry(ctx context.Context, baseToken string, period LeaderboardPeriod, uid string) (*LeaderboardEntry, error)
}

// TradeTick is what the hot ranking keeps of a recent trade: enough to
// count it, its trader and its volume, and to let it age out.
type TradeTick struct {
	Market  string
	Account string
	Time    time.Time
	Base    *big.Int
}
