package api

import (
	"context"
	"math/big"
	"time"

	"github.com/predict-dev/predict"
)

// Store is what the API reads and writes: the interfaces its handler
// groups declare below, each the methods its files use (as the indexer and
// the bundler declare theirs). internal/store implements it, and so does
// anything that implements predict.Store.
type Store interface {
	userStore
	profileStore
	marketStore
	tradeStore
	resolutionStore
	chartStore
	positionStore
	portfolioStore
	communityStore
	notificationStore
	operationStore
	limitOrderStore
	systemStore
	predict.ExportStore // export.go
	webhookStore        // webhook.go
	apiKeyStore         // apikey.go
	siweStore           // siwe.go
	signedOrderStore    // signedorder.go
}

var _ Store = predict.Store(nil)

// userStore is the store of user.go, of the sign-in of middleware.go and
// of the roles of admin.go.
type userStore interface {
	Login(ctx context.Context, params predict.LoginParams) (u *predict.User, created bool, err error)
	UserBySubject(ctx context.Context, subject string) (*predict.User, error)
	UserByUID(ctx context.Context, uid string) (*predict.User, error)
	UserByAddress(ctx context.Context, address string) (*predict.User, error)
	SetUserName(ctx context.Context, uid, name string) error
	SetAvatarURL(ctx context.Context, uid, url string) error
	SetRole(ctx context.Context, uid, role string, granted bool) error
}

// profileStore is the store of profile.go.
type profileStore interface {
	ProfileBy(ctx context.Context, key predict.ProfileKey, value, viewer string) (*predict.Profile, error)
	UserByUID(ctx context.Context, uid string) (*predict.User, error)
	SetUserName(ctx context.Context, uid, name string) error
	SetInvitedBy(ctx context.Context, uid, code string) (bool, error)
	SetDescription(ctx context.Context, uid, description string) error
	FollowUser(ctx context.Context, follower, followee string, follow bool) error
}

// marketStore is the store of market.go, follow.go and the stream of sse.go.
type marketStore interface {
	ListMarkets(ctx context.Context, f predict.MarketFilter) ([]*predict.Market, int, error)
	MarketByAddress(ctx context.Context, address, viewerUID string) (*predict.Market, error)
	Categories(ctx context.Context) ([]predict.Count, error)
	Tags(ctx context.Context) ([]predict.Count, error)
	FollowMarket(ctx context.Context, uid, market string, follow bool) error
}

// tradeStore is the store of trade.go: trades, and the pools that quote
// a trade before it is made.
type tradeStore interface {
	MarketByAddress(ctx context.Context, address, viewerUID string) (*predict.Market, error)
	MarketPool(ctx context.Context, market string) (*predict.MarketPool, error)
	Trades(ctx context.Context, f predict.TradeFilter) ([]*predict.Trade, int, error)
}

// resolutionStore is the store of resolution.go.
type resolutionStore interface {
	Resolution(ctx context.Context, market string) (*predict.Resolution, error)
}

// chartStore is the store of chart.go.
type chartStore interface {
	// RecentTrades returns the trades since a time of one market, or of
	// every market for "" (the hot ranking's window).
	RecentTrades(ctx context.Context, market string, since time.Time) ([]predict.TradeTick, error)
	// IndexedHeadTime is the time of the indexer's last block, where a
	// chart ends when the chain runs ahead of the clock.
	IndexedHeadTime(ctx context.Context) (at time.Time, ok bool, err error)
	MarketByAddress(ctx context.Context, address, viewerUID string) (*predict.Market, error)
	MarketsByAddress(ctx context.Context, addresses []string) ([]*predict.Market, error)
	MarketsByHotScore(ctx context.Context, status predict.MarketStatus) ([]predict.MarketKey, error)
	PriceHistory(ctx context.Context, q predict.PriceHistoryQuery) (*predict.PriceHistory, error)
	PricesAt(ctx context.Context, markets []string, at time.Time) (map[string]*big.Int, error)
}

// positionStore is the store of position.go: option and LP positions.
type positionStore interface {
	UserByUID(ctx context.Context, uid string) (*predict.User, error)
	Positions(ctx context.Context, f predict.PositionFilter) ([]*predict.Position, int, error)
	LiquidityPositions(ctx context.Context, f predict.LiquidityFilter) ([]*predict.LiquidityPosition, int, error)
}

// portfolioStore is the store of portfolio.go: holdings, snapshots and
// leaderboards.
type portfolioStore interface {
	UserByUID(ctx context.Context, uid string) (*predict.User, error)
	BaseTokens(ctx context.Context) ([]string, error)
	Holdings(ctx context.Context, f predict.HoldingsFilter) ([]*predict.Holdings, error)
	AssetSnapshots(ctx context.Context, q predict.SnapshotQuery) ([]predict.AssetSnapshot, error)
	Leaderboard(ctx context.Context, f predict.LeaderboardFilter) ([]predict.LeaderboardEntry, int, time.Time, error)
	LeaderboardEntry(ctx context.Context, baseToken string, period predict.LeaderboardPeriod, uid string) (*predict.LeaderboardEntry, error)
}

// communityStore is the store of community.go.
type communityStore interface {
	PublishPost(ctx context.Context, p predict.NewPost) (*predict.Post, error)
	Posts(ctx context.Context, f predict.PostFilter) ([]*predict.Post, int, error)
	PostByID(ctx context.Context, id int64) (*predict.Post, error)
	DeletePost(ctx context.Context, id int64) error
	SetPostHidden(ctx context.Context, id int64, hidden bool) error
	CreateComment(ctx context.Context, c predict.NewComment) (comment *predict.Comment, notified []string, err error)
	Comments(ctx context.Context, f predict.CommentFilter) ([]*predict.Comment, int, error)
	CommentByID(ctx context.Context, id int64) (*predict.Comment, error)
	DeleteComment(ctx context.Context, id int64) error
	SetCommentHidden(ctx context.Context, id int64, hidden bool) error
	SetLiked(ctx context.Context, uid string, kind predict.ContentType, uuid string, liked bool) (likes int, err error)
}

// notificationStore is the store of notification.go.
type notificationStore interface {
	Notifications(ctx context.Context, f predict.NotificationFilter) (ns []*predict.Notification, total, unread int, err error)
	UserNotifications(ctx context.Context, f predict.UserNotificationFilter) (ns []*predict.Notification, total, unread int, err error)
	MarkNotificationsRead(ctx context.Context, uid string, ids []int64) (changed int, err error)
	MarkNotificationsReadByUUID(ctx context.Context, uid string, uuids []string) (changed int, err error)
}

// operationStore is the store of operation.go and rpc.go.
type operationStore interface {
	OperationByHash(ctx context.Context, opHash string) (*predict.Operation, error)
}

// limitOrderStore is the store of limitorder.go.
type limitOrderStore interface {
	MarketByAddress(ctx context.Context, address, viewerUID string) (*predict.Market, error)
	predict.LimitOrderStore
}

// systemStore is the store of system.go (readiness).
type systemStore interface {
	Ping(ctx context.Context) error
}

// signedOrderStore is the store of signedorder.go.
type signedOrderStore interface {
	SignedOrder(ctx context.Context, h string) (*predict.SignedOrder, error)
	SignedOrders(ctx context.Context, f predict.SignedOrderFilter) ([]*predict.SignedOrder, int, error)
	OpenSignedOrders(ctx context.Context, market string) ([]*predict.SignedOrder, error)
}
