package api

import (
	"net/http"
	"strings"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/internal/ops"
)

// class says which rate limit a route counts against once the caller is
// known: public routes are limited per IP for anonymous callers; any
// authenticated request is limited per user, trades more tightly.
type class int

const (
	classRead class = iota
	classTrade
	classSystem // health, metrics, documents: never limited
	// classOrder is a signed order placed or cancelled: limited per user
	// at its own rate (RateLimits.OrderPerUser).
	classOrder
	// classRPC is JSON-RPC: the handler verifies the token and applies
	// the trade limit itself, so that every refusal is a JSON-RPC answer
	// that echoes the call's id.
	classRPC
)

// routes is the whole route table of the service.
func (s *Server) routes(reg *prometheus.Registry) http.Handler {
	mux := http.NewServeMux()
	paths := map[string][]string{} // path → methods, for 405 answers
	s.patterns = nil
	handle := func(pattern string, c class, h http.HandlerFunc) {
		method, path, _ := strings.Cut(pattern, " ")
		paths[path] = append(paths[path], method)
		s.patterns = append(s.patterns, pattern)
		mux.Handle(pattern, s.instrument(pattern, s.identify(c, h)))
	}

	// Users and profiles (user.go).
	handle("POST /api/v1/user/login", classRead, s.handleLogin)
	handle("GET /api/v1/user/get-login-challenge", classRead, s.handleGetLoginChallenge)
	handle("GET /api/v1/user/get-user-info", classRead, s.handleGetUserInfo)
	handle("POST /api/v1/user/set-username", classRead, s.handleSetUsername)
	handle("POST /api/v1/user/set-avatar", classRead, s.handleSetAvatar)
	// Sign-In with Ethereum, the service's own identity provider (siwe.go).
	if s.cfg.SIWE != nil {
		handle("GET /api/v1/auth/siwe-nonce", classRead, s.handleSIWENonce)
		handle("POST /api/v1/auth/siwe-login", classRead, s.handleSIWELogin)
		handle("POST /api/v1/auth/siwe-refresh", classRead, s.handleSIWERefresh)
	}
	// API keys of programs (apikey.go).
	handle("POST /api/v1/user/create-api-key", classTrade, s.handleCreateAPIKey)
	handle("GET /api/v1/user/get-api-keys", classRead, s.handleGetAPIKeys)
	handle("POST /api/v1/user/revoke-api-key", classTrade, s.handleRevokeAPIKey)

	// Public profiles and follows between users, the platform's names
	// (profile.go), and its notification endpoints (notification.go).
	handle("GET /api/v1/user/get-user-base-info", classRead, s.handleGetUserBaseInfo)
	handle("POST /api/v1/user/set-name", classRead, s.handleSetName)
	handle("POST /api/v1/user/set-description", classRead, s.handleSetDescription)
	handle("POST /api/v1/user/follow-user", classRead, s.handleFollowUser)
	handle("POST /api/v1/user/unfollow-user", classRead, s.handleUnfollowUser)
	handle("GET /api/v1/user/get-user-notifications", classRead, s.handleGetUserNotifications)
	handle("POST /api/v1/user/mark-notifications-as-read", classRead, s.handleMarkNotificationsAsRead)

	// Markets (market.go) and following them (follow.go).
	handle("GET /api/v1/market/get-markets", classRead, s.handleGetMarkets)
	handle("GET /api/v1/market/get-market-detail", classRead, s.handleGetMarketDetail)
	handle("GET /api/v1/market/get-categories", classRead, s.handleGetCategories)
	handle("GET /api/v1/market/get-tags", classRead, s.handleGetTags)
	handle("POST /api/v1/market/follow-market", classRead, s.handleFollowMarket)
	handle("POST /api/v1/market/unfollow-market", classRead, s.handleUnfollowMarket)
	handle("GET /api/v1/market/get-follow-markets", classRead, s.handleGetFollowMarkets)

	// Event stream (sse.go).
	handle("POST /api/v1/sse/connect", classRead, s.handleSSEConnect)
	// EventSource-style clients that can send the Authorization header
	// (the platform's browser clients) connect with GET.
	handle("GET /api/v1/sse/connect", classRead, s.handleSSEConnect)
	handle("POST /api/v1/sse/subscribe", classRead, s.handleSSESubscribe)
	handle("POST /api/v1/sse/unsubscribe", classRead, s.handleSSEUnsubscribe)
	s.registerEventMetrics(reg)
	s.registerCacheMetrics(reg)

	// Transactions: ERC-4337 UserOperations (operation.go).
	if s.cfg.Ops != nil {
		handle("POST /api/v1/aa/prepare-user-operation", classTrade, s.handlePrepare)
		handle("GET /api/v1/aa/get-account-address", classRead, s.handleGetAccountAddress)
		// Each kind's endpoint, from the catalogue (package kind).
		for _, path := range ops.Paths() {
			handle("POST "+path, classTrade, s.handleSubmit(routeOf(path)))
		}
		// Several actions in one operation (batch.go).
		handle("POST /api/v1/aa/prepare-batch", classTrade, s.handlePrepareBatch)
		handle("POST /api/v1/market/submit-batch", classTrade, s.handleSubmitBatch)
		// The standard interfaces of smart-account SDKs: ERC-7677
		// paymaster and ERC-4337 bundler JSON-RPC (rpc.go).
		handle("POST /api/v1/rpc", classRPC, s.handleRPC)
	}
	handle("GET /api/v1/aa/get-operation-status", classRead, s.handleOperationStatus)

	// Confirmed chain state (trade.go, resolution.go, position.go).
	handle("GET /api/v1/market/get-quote", classRead, s.handleGetQuote)
	handle("GET /api/v1/market/get-resolution-status", classRead, s.handleGetResolutionStatus)
	handle("GET /api/v1/market/get-user-positions", classRead, s.handleGetUserPositions)
	handle("GET /api/v1/market/get-user-liquidity", classRead, s.handleGetUserLiquidity)
	handle("GET /api/v1/market/get-market-trades", classRead, s.handleGetMarketTrades)
	// The limit orders of the LimitOrders escrow (limitorder.go).
	handle("GET /api/v1/market/get-order-book", classRead, s.handleGetOrderBook)
	handle("GET /api/v1/market/get-user-orders", classRead, s.handleGetUserOrders)
	handle("GET /api/v1/market/get-order", classRead, s.handleGetOrder)
	// Bulk exports of public data (export.go).
	handle("GET /api/v1/export/{dataset}", classRead, s.handleExport)
	handle("GET /api/v1/market/get-user-trades", classRead, s.handleGetUserTrades)

	// Orders signed off chain for the Exchange (signedorder.go).
	handle("POST /api/v1/market/place-signed-order", classOrder, s.handlePlaceSignedOrder)
	handle("POST /api/v1/market/cancel-signed-orders", classOrder, s.handleCancelSignedOrders)
	handle("GET /api/v1/market/get-signed-orders", classRead, s.handleGetSignedOrders)
	handle("GET /api/v1/market/get-signed-order", classRead, s.handleGetSignedOrder)
	handle("GET /api/v1/market/get-signed-book", classRead, s.handleGetSignedBook)

	// Webhooks: endpoints that receive events (webhook.go). Writes count
	// against the tighter per-user limit.
	handle("POST /api/v1/webhook/create-webhook", classTrade, s.handleCreateWebhook)
	handle("GET /api/v1/webhook/get-webhooks", classRead, s.handleGetWebhooks)
	handle("POST /api/v1/webhook/update-webhook", classTrade, s.handleUpdateWebhook)
	handle("POST /api/v1/webhook/delete-webhook", classTrade, s.handleDeleteWebhook)
	handle("POST /api/v1/webhook/rotate-webhook-secret", classTrade, s.handleRotateWebhookSecret)
	handle("GET /api/v1/webhook/get-webhook-attempts", classRead, s.handleGetWebhookAttempts)

	// Charts and rankings (chart.go), portfolios and the leaderboard
	// (portfolio.go).
	handle("GET /api/v1/market/get-price-history", classRead, s.handleGetPriceHistory)
	handle("GET /api/v1/market/get-market-option-price-history", classRead, s.handleGetPriceHistory) // the platform's first name
	handle("GET /api/v1/market/get-hot-markets", classRead, s.handleGetHotMarkets)
	handle("GET /api/v1/market/get-user-asset-info", classRead, s.handleGetUserAssetInfo)
	handle("GET /api/v1/user/get-user-asset-history", classRead, s.handleGetUserAssetHistory)
	handle("GET /api/v1/user/get-leaderboard", classRead, s.handleGetLeaderboard)

	// Administration (admin.go).
	handle("POST /api/v1/admin/set-user-role", classTrade, s.handleSetUserRole)

	// Community posts and comments, their moderation (community.go), and
	// the caller's notifications (notification.go). Writes count against
	// the tighter per-user limit: they are what a spammer would repeat.
	handle("POST /api/v1/community/create-post", classTrade, s.handleCreatePost)
	handle("GET /api/v1/community/get-posts", classRead, s.handleGetPosts)
	handle("POST /api/v1/community/delete-post", classTrade, s.handleDeletePost)
	handle("POST /api/v1/community/create-comment", classTrade, s.handleCreateComment)
	handle("GET /api/v1/community/get-comments", classRead, s.handleGetComments)
	handle("POST /api/v1/community/delete-comment", classTrade, s.handleDeleteComment)
	handle("POST /api/v1/admin/hide-post", classTrade, s.handleHidePost)
	handle("POST /api/v1/admin/hide-comment", classTrade, s.handleHideComment)
	// The platform's names: posts and comments by uuid, titles, likes.
	handle("GET /api/v1/community/get-market-posts", classRead, s.handleGetMarketPosts)
	handle("POST /api/v1/community/publish-post", classTrade, s.handlePublishPost)
	handle("POST /api/v1/community/publish-comment", classTrade, s.handleCreateComment)
	handle("POST /api/v1/community/like-content", classTrade, s.handleLikeContent)
	handle("POST /api/v1/community/unlike-content", classTrade, s.handleUnlikeContent)
	handle("GET /api/v1/user/get-notifications", classRead, s.handleGetNotifications)
	handle("POST /api/v1/user/read-notifications", classRead, s.handleReadNotifications)

	// Chain deployment (chain.go).
	if s.cfg.Deployment != nil {
		handle("GET /api/v1/config", classRead, s.handleGetConfig)
		if s.cfg.Faucet != nil && len(s.cfg.Deployment.BaseTokens) > 0 {
			handle("POST /api/v1/dev/faucet", classTrade, s.handleFaucet)
		}
	}

	// Operations and documents (system.go).
	handle("GET /healthz", classSystem, s.handleHealthz)
	handle("GET /readyz", classSystem, s.handleReadyz)
	handle("GET /api/v1/openapi.json", classSystem, s.handleOpenAPI)
	if reg != nil {
		paths["/metrics"] = append(paths["/metrics"], http.MethodGet)
		s.patterns = append(s.patterns, "GET /metrics")
		mux.Handle("GET /metrics", promhttp.HandlerFor(reg, promhttp.HandlerOpts{Registry: reg}))
	}
	if s.cfg.DevJWKS != nil {
		handle("GET /.well-known/jwks.json", classSystem, s.handleDevJWKS)
	}
	if s.cfg.DevTokens != nil {
		handle("POST /api/v1/dev/token", classRead, s.handleDevToken) // webapp.go
	}

	// Everything else: a JSON 404, or 405 when the path exists with
	// other methods.
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		if s.servesApp(r) {
			s.cfg.App.ServeHTTP(w, r)
			return
		}
		if methods, ok := paths[r.URL.Path]; ok {
			w.Header().Set("Allow", strings.Join(methods, ", "))
			s.Error(w, r, errMethod(r.Method, r.URL.Path))
			return
		}
		s.Error(w, r, predict.Errorf(predict.ENOTFOUND, "no endpoint %s %s", r.Method, r.URL.Path))
	})
	return mux
}
