package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/ethereum/go-ethereum/rpc"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"

	"github.com/predict-dev/predict/internal/aa"
	"github.com/predict-dev/predict/internal/api"
	"github.com/predict-dev/predict/internal/auth"
	"github.com/predict-dev/predict/internal/chain"
	"github.com/predict-dev/predict/internal/events"
	"github.com/predict-dev/predict/internal/netlimit"
	"github.com/predict-dev/predict/internal/ops"
	"github.com/predict-dev/predict/internal/orders"
	"github.com/predict-dev/predict/internal/store"
	"github.com/predict-dev/predict/internal/webhook"
	"github.com/predict-dev/predict/web"
)

// Main is the running service: it opens its parts in order and closes
// them in reverse (HTTP first, then workers, then the database). Tests use
// it to run the whole program against a temporary data directory.
type Main struct {
	Config *Config
	Logger *slog.Logger

	Store *store.DB
	Dev   *auth.DevProvider // nil unless the dev identity provider is used
	SIWE  *auth.DevProvider // the issuer of Sign-In with Ethereum; nil unless PREDICT_SIWE_DOMAIN is set
	chainParts

	Bus events.Bus
	Hub *events.Hub
	// Door is the way out of every event raised outside the indexer:
	// the webhooks' outbox, then the bus.
	Door *events.Door
	// Cache keeps public answers; nil when PREDICT_READ_CACHE_MAX_AGE is 0.
	Cache *api.ReadCache
	Ops   *ops.Service
	// Orders takes signed orders; nil without an Exchange.
	Orders  *orders.Desk
	workers *workers

	ln     net.Listener
	server *http.Server
	done   chan error
	// hosted is the hosted bundler's JSON-RPC client of the API's gas
	// estimates; nil with the built-in bundler.
	hosted *rpc.Client
}

// newLogger builds the process logger from the configuration.
func newLogger(cfg *Config, w io.Writer) (*slog.Logger, error) {
	var level slog.Level
	if err := level.UnmarshalText([]byte(cfg.LogLevel)); err != nil {
		return nil, fmt.Errorf("PREDICT_LOG_LEVEL: %w", err)
	}
	opts := &slog.HandlerOptions{Level: level}
	if cfg.LogFormat == "json" {
		return slog.New(slog.NewJSONHandler(w, opts)), nil
	}
	return slog.New(slog.NewTextHandler(w, opts)), nil
}

// Open starts the service; it returns once the HTTP listener is bound.
func (m *Main) Open(ctx context.Context) (err error) {
	cfg, log := m.Config, m.Logger
	defer func() {
		if err != nil {
			m.Close(context.Background())
		}
	}()
	// Bind first: a taken port fails in a moment, not after the chain and
	// its contracts have started. Until the rest is open the listener
	// answers 503 UNAVAILABLE (api.Starting), so `predict status --wait`
	// sees a predict that is starting rather than a refused connection.
	if err := m.listen(); err != nil {
		return err
	}
	reg := prometheus.NewRegistry()
	reg.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	starting := api.Starting("opening the store and the chain")
	handler, overflow := newSwappable(starting), newSwappable(starting)
	m.serve(handler, overflow, reg)
	log.Info("listening", "addr", "http://"+m.ln.Addr().String(), "state", "starting")

	if err := os.MkdirAll(cfg.DataDir, 0o700); err != nil {
		return fmt.Errorf("create data dir: %w", err)
	}

	if m.Store, err = store.Open(ctx, cfg.DatabaseDSN(), log); err != nil {
		return fmt.Errorf("open store: %w", err)
	}
	log.Info("store ready", "dialect", m.Store.Dialect(), "embedded", cfg.DatabaseURL == "")

	verifier, err := m.openIdentity()
	if err != nil {
		return err
	}
	if err := m.openChain(ctx); err != nil {
		return err
	}

	if err := m.openEvents(ctx); err != nil {
		return err
	}

	if err := m.openWorkers(ctx, reg); err != nil {
		return err
	}
	doc, err := api.OpenAPIJSON(ctx)
	if err != nil {
		return err
	}
	apiCfg := api.Config{
		BodyLimit:         cfg.BodyLimit,
		AdminSubjects:     cfg.AdminSubjects,
		CORSOrigins:       cfg.CORSOrigins,
		RateLimits:        cfg.RateLimits,
		TrustProxyHeaders: cfg.TrustProxy,
		Webhooks:          webhook.Guard{AllowPrivate: cfg.WebhookAllowPrivate},
		APIKeyAdmin:       cfg.APIKeyAdmin,
		OpenAPI:           doc,
		Deployment:        m.Deployment,
		Events:            m.Hub,
		Publisher:         m.Door,
		Cache:             m.Cache,
		Ops:               m.Ops,
		Orders:            m.Orders,
		Accounts:          aa.NewAccounts(m.Client, m.Suite.AccountFactory),
		Chain:             m.Client,
	}
	if cfg.BundlerRPCURL != "" {
		// Gas estimates of POST /api/v1/rpc come from the hosted bundler
		// that will bundle the operation.
		if m.hosted, err = rpc.DialContext(ctx, cfg.BundlerRPCURL); err != nil {
			return fmt.Errorf("hosted bundler: dial %s: %w", chain.RedactURL(cfg.BundlerRPCURL), err)
		}
		apiCfg.HostedBundler = m.hosted
	}
	if cfg.DatabaseURL != "" {
		apiCfg.SharedRates = m.Store // replicas share the per-user limits
	}
	if m.Operator != nil {
		apiCfg.Roles = m.Operator
		if m.DevChain != nil || cfg.DevFaucet {
			apiCfg.Faucet = m.Operator
		}
	}
	var own [][]byte // key sets of the service's own issuers
	if m.Dev != nil {
		own = append(own, m.Dev.JWKS())
		apiCfg.DevTokens = m.Dev // the web app's development sign-in
	}
	if m.SIWE != nil {
		own = append(own, m.SIWE.JWKS())
		chainID := cfg.SIWEChainID
		if chainID == 0 {
			chainID = uint64(m.Deployment.ChainID)
		}
		apiCfg.SIWE = &api.SIWE{Domain: cfg.SIWEDomain, ChainID: chainID, Issuer: m.SIWE,
			TokenTTL: cfg.SIWETokenTTL, RefreshTTL: cfg.SIWERefreshTTL}
	}
	if len(own) > 0 {
		if apiCfg.DevJWKS, err = auth.MergeJWKS(own...); err != nil {
			return err
		}
	}
	apiCfg.App = web.Handler(web.FS())
	srv := api.NewServer(apiCfg, m.Store, verifier, log, reg)
	// Streams last minutes: Shutdown would wait for them, so closing the
	// hub ends them as the listener closes.
	m.server.RegisterOnShutdown(m.Hub.Close)
	handler.set(srv.Handler(reg))
	overflow.set(srv.OverCapacityHandler())
	log.Info("ready", "addr", "http://"+m.ln.Addr().String(), "mode", m.mode())
	return nil
}

// listen binds the configured HTTP address.
func (m *Main) listen() (err error) {
	addr := m.Config.HTTPAddr
	if m.ln, err = net.Listen("tcp", addr); err != nil {
		if errors.Is(err, syscall.EADDRINUSE) {
			return fmt.Errorf("%s is already in use (another predict serve, or another program): stop it or choose another address with PREDICT_HTTP_ADDR", addr)
		}
		return fmt.Errorf("listen on %s: %w", addr, err)
	}
	return nil
}

// serve starts the HTTP server on the bound listener, bounded by the
// connection limits (internal/netlimit): h answers requests, overflow the
// one request of a connection past the cap.
func (m *Main) serve(h, overflow http.Handler, reg prometheus.Registerer) {
	cfg := m.Config
	// The limits wrap the envelope listener (api.Listener, which answers
	// a too-large header in JSON), so that the server's ConnState sees
	// netlimit's connections.
	limited := netlimit.New(api.Listener(m.ln), netlimit.Config{
		MaxConns: cfg.MaxConns, MaxConnsPerIP: cfg.MaxConnsPerIP,
		Overflow: overflow, Logger: m.Logger, Registerer: reg,
	})
	m.server = &http.Server{
		Handler:           h,
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       30 * time.Second,
		// No WriteTimeout: it would cut event streams. Handlers that
		// stream set per-write deadlines instead.
		// IdleTimeout is longer than the 60 s of common load balancers,
		// so they close an idle connection first and never send a request
		// on one the service is closing. Near the connection cap it falls
		// to 5 s (netlimit).
		IdleTimeout:    120 * time.Second,
		ConnState:      limited.ConnState,
		MaxHeaderBytes: api.MaxHeaderBytes,
		ErrorLog:       slog.NewLogLogger(m.Logger.Handler(), slog.LevelWarn),
		BaseContext:    func(net.Listener) context.Context { return context.Background() },
	}
	m.done = make(chan error, 1)
	go func() { m.done <- m.server.Serve(limited) }()
}

// swappable is a handler whose handler can be replaced while it serves.
type swappable struct{ h atomic.Pointer[http.Handler] }

func newSwappable(h http.Handler) *swappable {
	s := &swappable{}
	s.set(h)
	return s
}

func (s *swappable) set(h http.Handler)                               { s.h.Store(&h) }
func (s *swappable) ServeHTTP(w http.ResponseWriter, r *http.Request) { (*s.h.Load()).ServeHTTP(w, r) }

// openIdentity returns the token verifier: the configured provider's
// JWKS, or the development provider kept in the data directory.
func (m *Main) openIdentity() (api.TokenVerifier, error) {
	cfg := m.Config
	vcfg := auth.Config{Issuer: cfg.JWTIssuer, Audience: cfg.JWTAudience, JWKSURL: cfg.JWKSURL}
	if cfg.DevIdentity() {
		dev, err := auth.OpenDevProvider(cfg.DataDir, cfg.JWTIssuer, cfg.JWTAudience)
		if err != nil {
			return nil, fmt.Errorf("open dev identity provider: %w", err)
		}
		m.Dev = dev
		vcfg.KeySource = dev
		m.Logger.Warn("DEVELOPMENT IDENTITY PROVIDER: anyone with this data directory can mint tokens for any subject; set PREDICT_JWKS_URL, PREDICT_JWT_ISSUER and PREDICT_JWT_AUDIENCE in production",
			"issuer", cfg.JWTIssuer, "audience", cfg.JWTAudience, "key", dev.KeyID())
	} else {
		m.Logger.Info("identity provider", "jwks", cfg.JWKSURL, "issuer", cfg.JWTIssuer, "audience", cfg.JWTAudience)
	}
	issuers := auth.Issuers{}
	if cfg.JWKSURL != "" || m.Dev != nil {
		v, err := auth.NewVerifier(vcfg)
		if err != nil {
			return nil, fmt.Errorf("identity verifier: %w", err)
		}
		issuers[cfg.JWTIssuer] = v
	}
	if cfg.SIWEDomain != "" {
		path := cfg.SIWEKeyFile
		if path == "" {
			path = filepath.Join(cfg.DataDir, "siwe-key.pem")
		}
		siwe, err := auth.OpenKeyIssuer(path, cfg.SIWEIssuer, cfg.JWTAudience)
		if err != nil {
			return nil, fmt.Errorf("open the Sign-In with Ethereum issuer: %w", err)
		}
		v, err := auth.NewVerifier(auth.Config{KeySource: siwe, Issuer: cfg.SIWEIssuer, Audience: cfg.JWTAudience})
		if err != nil {
			return nil, fmt.Errorf("Sign-In with Ethereum verifier: %w", err)
		}
		m.SIWE, issuers[cfg.SIWEIssuer] = siwe, v
		m.Logger.Info("Sign-In with Ethereum", "domain", cfg.SIWEDomain, "issuer", cfg.SIWEIssuer, "key", siwe.KeyID())
	}
	return issuers, nil
}

// mode names the configuration for the start-up log line.
func (m *Main) mode() string {
	var parts []string
	if m.Config.DatabaseURL == "" {
		parts = append(parts, "store=sqlite")
	} else {
		parts = append(parts, "store=postgres")
	}
	switch {
	case m.Dev != nil:
		parts = append(parts, "identity=dev")
	case m.Config.JWKSURL != "":
		parts = append(parts, "identity=jwks")
	}
	if m.SIWE != nil {
		parts = append(parts, "identity=siwe")
	}
	if m.Config.DevChain() {
		parts = append(parts, "chain=embedded")
	} else {
		parts = append(parts, "chain=rpc")
	}
	if m.Dev != nil && m.Config.DatabaseURL == "" && m.Config.DevChain() {
		return "embedded (" + strings.Join(parts, ", ") + ")"
	}
	return "production (" + strings.Join(parts, ", ") + ")"
}

// Addr is the bound HTTP address.
func (m *Main) Addr() string { return m.ln.Addr().String() }

// Done reports the HTTP server stopping by itself.
func (m *Main) Done() <-chan error { return m.done }

// Close stops the service in order: HTTP (in-flight requests finish
// within ctx, event streams end), the indexer and bundler, the event bus,
// the chain, then the store.
func (m *Main) Close(ctx context.Context) error {
	var errs []error
	if m.server != nil {
		if err := m.server.Shutdown(ctx); err != nil {
			errs = append(errs, fmt.Errorf("http shutdown: %w", err))
		}
	}
	m.workers.close()
	if m.hosted != nil {
		m.hosted.Close()
	}
	if m.Bus != nil {
		if err := m.Bus.Close(); err != nil {
			errs = append(errs, fmt.Errorf("close event bus: %w", err))
		}
	}
	if m.Client != nil && m.DevChain == nil {
		m.Client.Close()
	}
	if m.DevChain != nil {
		if err := m.DevChain.Close(); err != nil {
			errs = append(errs, fmt.Errorf("close dev chain: %w", err))
		}
	}
	if m.Store != nil {
		if err := m.Store.Close(); err != nil {
			errs = append(errs, fmt.Errorf("close store: %w", err))
		}
	}
	return errors.Join(errs...)
}

// DefaultGCPercent is the garbage collector's GOGC when the environment
// does not set one: the heap may grow to five times what is live before a
// collection, instead of twice. A cached read allocates about 2 KiB, and
// with the small live heap of a typical replica the default of 100 ran a
// collection every few thousand requests, whose marking and stack scans
// showed in the tail latency (BENCHMARKS.md, personal reads: p99 at 256
// connections 24–31 ms with 100, 19–22 ms with 400). GOMEMLIMIT caps the
// memory this costs (docs/operations.md, Memory).
const DefaultGCPercent = 400

// setGCPercent applies DefaultGCPercent unless GOGC is set, and says
// whether it did.
func setGCPercent() bool {
	if _, set := os.LookupEnv("GOGC"); set {
		return false
	}
	debug.SetGCPercent(DefaultGCPercent)
	return true
}

// runServe runs the service; name is the command, serve or demo (which is
// serve --demo).
func runServe(ctx context.Context, cfg *Config, name string, args []string, stderr io.Writer) error {
	fs := commandFlags(name, stderr)
	flagsUsage := fs.Usage
	fs.Usage = func() {
		flagsUsage()
		fmt.Fprint(stderr, serveEnvUsage)
	}
	demo := new(bool)
	if name == "demo" {
		*demo = true
	} else {
		fs.BoolVar(demo, "demo", false, "embedded default only: when there is no market yet, seed sample markets and trades (in the background, through the API)")
	}
	if err := parseCommandFlags(fs, args); err != nil {
		return err
	}
	if *demo {
		if err := enableDemo(cfg); err != nil {
			return err
		}
	}
	log, err := newLogger(cfg, stderr)
	if err != nil {
		return err
	}
	if setGCPercent() {
		log.Info("garbage collector", "GOGC", DefaultGCPercent, "set", "by predict: GOGC is not set")
	}
	m := &Main{Config: cfg, Logger: log}
	if err := m.Open(ctx); err != nil {
		return err
	}
	seedCtx, stopSeeding := context.WithCancel(ctx)
	defer stopSeeding()
	seeded := make(chan struct{})
	go func() {
		defer close(seeded)
		if !*demo {
			return
		}
		if err := seedDemo(seedCtx, m); err != nil && seedCtx.Err() == nil {
			log.Error("demo: seeding stopped", "err", err)
		}
	}()
	select {
	case <-ctx.Done():
		log.Info("shutting down", "timeout", cfg.ShutdownTimeout)
	case err := <-m.Done():
		log.Error("http server stopped", "err", err)
	}
	stopSeeding()
	<-seeded
	sctx, cancel := context.WithTimeout(context.Background(), cfg.ShutdownTimeout)
	defer cancel()
	if err := m.Close(sctx); err != nil {
		return err
	}
	log.Info("stopped")
	return nil
}

func runMigrate(ctx context.Context, cfg *Config, args []string, stderr io.Writer) error {
	fs := commandFlags("migrate", stderr)
	if err := parseCommandFlags(fs, args); err != nil {
		return err
	}
	log, err := newLogger(cfg, stderr)
	if err != nil {
		return err
	}
	if cfg.DatabaseURL == "" {
		if err := os.MkdirAll(cfg.DataDir, 0o700); err != nil {
			return fmt.Errorf("create data dir: %w", err)
		}
	}
	// Open applies the migrations.
	db, err := store.Open(ctx, cfg.DatabaseDSN(), log)
	if err != nil {
		return err
	}
	log.Info("migrations applied", "dialect", db.Dialect())
	return db.Close()
}
