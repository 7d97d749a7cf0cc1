// Package api serves the HTTP interface of SPEC.md: the route table, the
// envelope, the one mapping from domain errors to codes, identity and rate
// limits, and one file per resource group.
package api

import (
	"context"
	"log/slog"
	"net/http"
	"slices"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/prometheus/client_golang/prometheus"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/internal/auth"
	"github.com/predict-dev/predict/internal/events"
	"github.com/predict-dev/predict/internal/ops"
	"github.com/predict-dev/predict/internal/webhook"
)

// TokenVerifier checks an identity-provider token and returns its claims.
// Every failure is a *predict.Error with code EUNAUTHORIZED.
type TokenVerifier interface {
	Verify(ctx context.Context, raw string) (*auth.Claims, error)
}

// AccountVerifier tells the smart accounts of the service's account
// factory from other addresses and checks proofs of their control
// (internal/aa.Accounts).
type AccountVerifier interface {
	// Check reports whether account is deployed; a deployed contract that
	// is not an account of the factory, and the zero address, are
	// EINVALID.
	Check(ctx context.Context, account common.Address) (deployed bool, err error)
	// VerifyOwner checks that sig is an EIP-191 signature of msg by the
	// owner of account and returns the owner: EFORBIDDEN for another
	// signer, EINVALID for a malformed signature or a non-account.
	VerifyOwner(ctx context.Context, account common.Address, msg, sig []byte) (common.Address, error)
}

// Config holds what the API needs to know beyond its dependencies.
type Config struct {
	// BodyLimit caps request bodies, in bytes.
	BodyLimit int64
	// AdminSubjects are identity subjects that are always admins
	// (bootstrap admins); their admin role cannot be revoked by the API.
	AdminSubjects []string
	// CORSOrigins lists allowed origins; "*" allows all.
	CORSOrigins []string
	// RateLimits per client; zero disables a limit.
	RateLimits RateLimits
	// SharedRates counts the per-user limits across replicas; nil counts
	// every limit in this replica's memory (one process).
	SharedRates RateCounter
	// TrustProxyHeaders takes the client IP from X-Forwarded-For (set it
	// only behind a proxy that overwrites the header).
	TrustProxyHeaders bool
	// DevJWKS, when set, is served at /.well-known/jwks.json: the key set
	// of the development identity provider of the embedded mode.
	DevJWKS []byte
	// OpenAPI is the API document as JSON, served at /api/v1/openapi.json.
	OpenAPI []byte
	// Deployment is where the contracts are (GET /api/v1/config); nil
	// serves no config endpoint.
	Deployment *predict.Deployment
	// Roles mirrors role changes on chain; nil records them only in the store.
	Roles predict.RoleMirror
	// Accounts checks smart-account addresses against the account
	// factory and verifies proofs of control at login; nil binds
	// addresses without chain checks and refuses proofs (501).
	Accounts AccountVerifier
	// App serves the web app (package web) at the paths the API does not
	// own: GET and HEAD outside /api/; nil answers JSON 404 there too.
	App http.Handler
	// DevTokens mints tokens of the development identity provider for the
	// web app's sign-in (POST /api/v1/dev/token); nil whenever another
	// identity provider is configured, where the endpoint does not exist.
	DevTokens DevTokenMinter
	// Faucet mints development tokens (POST /api/v1/dev/faucet); nil in
	// production, where the endpoint does not exist.
	Faucet predict.Faucet
	// Ops prepares and accepts UserOperations; nil serves no transaction
	// endpoints (a read-only deployment).
	Ops *ops.Service
	// Orders places and cancels signed orders; nil answers their
	// endpoints NOT_IMPLEMENTED (a deployment without an Exchange).
	Orders OrderDesk
	// Chain reads the chain for the ERC-4337 receipts of POST /api/v1/rpc
	// and the chain time of GET /api/v1/config; nil leaves receipts null
	// and the chain time out.
	Chain ChainReader
	// HostedBundler is the hosted ERC-4337 bundler, when one is
	// configured: POST /api/v1/rpc forwards gas estimates to it. Nil: the
	// built-in bundler's limits.
	HostedBundler BundlerForwarder
	// Now is the clock; nil means time.Now.
	Now func() time.Time
	// Events is the SSE hub of this replica; nil disables the event
	// stream (its endpoints answer 501). Its metrics go on the registry
	// passed to Handler.
	Events *events.Hub
	// Publisher is where the API raises the events of its own writes (a
	// notification): the webhooks' outbox and the bus (events.Door). Nil:
	// the hub's bus alone.
	Publisher events.Publisher
	// SIWE, when set, offers Sign-In with Ethereum (siwe.go).
	SIWE *SIWE
	// APIKeyAdmin lets admins create API keys with the admin scope.
	APIKeyAdmin bool
	// Webhooks is the guard of webhook URLs (which destinations an
	// endpoint may have).
	Webhooks webhook.Guard
	// Cache keeps the answers of reads, invalidated by the events of
	// the bus it is attached to (cache.go, package cache); nil computes
	// every read and remembers no user or API key.
	Cache *ReadCache
	// Exports bounds the bulk exports of this replica (export.go); a
	// zero field takes its default.
	Exports ExportLimits
}

// RateLimits are requests per second allowed to one client, by kind of
// request. The burst of each bucket equals its rate.
type RateLimits struct {
	PublicPerIP  float64 // unauthenticated requests, per IP
	ReadPerUser  float64 // authenticated reads, per user
	TradePerUser float64 // transactions, per user
	// OrderPerUser is signed orders placed and cancelled, per user: a
	// market maker re-quotes far more often than anyone transacts, and
	// an order action is a store write, not a sponsored operation.
	OrderPerUser float64
}

// DefaultRateLimits are the product's published limits.
var DefaultRateLimits = RateLimits{PublicPerIP: 30, ReadPerUser: 10, TradePerUser: 5, OrderPerUser: 50}

// Server holds the dependencies of the handlers.
type Server struct {
	cfg      Config
	store    Store
	verifier TokenVerifier
	logger   *slog.Logger
	metrics  *httpMetrics
	limiter  *limiter
	now      func() time.Time
	hot      hotRanking // get-hot-markets' cached ranking
	// hotTrades keeps the last 24 hours of trades for the ranking.
	hotTrades hotTrades
	head      headMemo // the chain head's time for laterNow (chain.go)
	anon      ipSlots  // open signed-out event streams per IP (sse.go)
	exports   ipSlots  // running exports per IP (export.go)
	patterns  []string // "METHOD /path" of every route, set by routes
	keys      *keyMemo // API keys verified; nil without the read cache (keymemo.go)
	nonceKey  nonceKey // the key of sign-in nonces, read once (siwe.go)
	// proven are the credentials that verified lately (proven.go).
	proven *provenMemo
	// running holds the slots of the exports of this replica (export.go).
	running *exportGate
}

// NewServer returns a Server. reg receives the HTTP metrics; the /metrics
// endpoint serves gatherer (usually the same registry).
func NewServer(cfg Config, store Store, verifier TokenVerifier, logger *slog.Logger, reg *prometheus.Registry) *Server {
	if cfg.BodyLimit <= 0 {
		cfg.BodyLimit = 1 << 20
	}
	now := cfg.Now
	if now == nil {
		now = time.Now
	}
	if cfg.Cache != nil && cfg.Cache.maxAge > 0 {
		// The caller of a signed-in request is remembered as long as a
		// public answer is (usermemo.go).
		store = newUserMemo(store, cfg.Cache.maxAge, logger)
	}
	return &Server{
		cfg:      cfg,
		store:    store,
		verifier: verifier,
		logger:   logger,
		metrics:  newHTTPMetrics(reg),
		limiter:  newLimiter(now),
		now:      now,
		keys:     newKeyMemo(cfg.Cache, now),
		proven:   newProvenMemo(now),
		running:  newExportGate(cfg.Exports, reg),
	}
}

// isBootstrapAdmin reports whether subject is an admin by configuration.
func (s *Server) isBootstrapAdmin(subject string) bool {
	return slices.Contains(s.cfg.AdminSubjects, subject)
}

// Handler returns the whole HTTP interface with its middleware.
func (s *Server) Handler(reg *prometheus.Registry) http.Handler {
	return s.recoverer(s.logRequests(s.cors(s.routes(reg))))
}

// Routes lists the endpoints of the last Handler as "METHOD /path", in
// the order they were registered: what openapi.yaml must describe.
func (s *Server) Routes() []string { return slices.Clone(s.patterns) }
