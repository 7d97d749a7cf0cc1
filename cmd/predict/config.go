package main

import (
	"fmt"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/ethereum/go-ethereum/common"

	"github.com/predict-dev/predict/internal/api"
	"github.com/predict-dev/predict/internal/auth"
	"github.com/predict-dev/predict/internal/chain"
	"github.com/predict-dev/predict/internal/events"
	"github.com/predict-dev/predict/internal/matcher"
	"github.com/predict-dev/predict/internal/ops"
	"github.com/predict-dev/predict/internal/payout"
	"github.com/predict-dev/predict/internal/webhook"
)

// Config is every setting of the service, read from PREDICT_* variables.
// README.md lists them; keep the two in step.
type Config struct {
	DataDir         string
	HTTPAddr        string
	DatabaseURL     string // empty: SQLite file in DataDir
	LogFormat       string // text or json
	LogLevel        string
	JWKSURL         string // empty: the development identity provider
	JWTIssuer       string
	JWTAudience     string
	AdminSubjects   []string
	CORSOrigins     []string
	RateLimits      api.RateLimits
	SponsorPerHour  int // sponsored operations per user and hour
	TrustProxy      bool
	BodyLimit       int64
	ShutdownTimeout time.Duration

	// MaxConns caps the open HTTP connections (bounded at start by 80 %
	// of the open-file limit); MaxConnsPerIP those of one TCP peer, 0 for
	// none; SSEStreamsPerUser the event streams of one user on a replica,
	// 0 for none.
	MaxConns          int
	MaxConnsPerIP     int
	SSEStreamsPerUser int

	// The embedded dev chain (used when ChainRPCURL is empty).
	DevBlockInterval time.Duration
	DevRPCAddr       string // optional JSON-RPC for outside tools
	DevChainID       uint64

	// A real chain over JSON-RPC, with a suite deployed by `predict deploy`.
	ChainRPCURL   string
	ChainID       uint64 // optional; checked against the node when set
	BlockInterval time.Duration
	Addresses     chain.SuiteAddresses
	// Confirmations is how many blocks the indexer stays behind the head.
	Confirmations uint64
	// ChallengeWindow is the challenge window of a market whose
	// create-market request names none (PREDICT_CHALLENGE_WINDOW): 2h on
	// a real chain, 0 (settle-market ends the market at once, as before
	// challenge windows existed) on the embedded dev chain.
	ChallengeWindow time.Duration

	// ReadCacheMaxAge is the longest a cached public answer serves
	// without an event invalidating it; 0 turns the read cache off.
	ReadCacheMaxAge time.Duration

	// LeaderboardInterval is how often the leader recomputes leaderboards;
	// SnapshotInterval the least time between two asset snapshots of a user.
	LeaderboardInterval time.Duration
	SnapshotInterval    time.Duration
	// APIKeyAdmin lets admins create API keys with the admin scope.
	APIKeyAdmin bool
	// SIWEDomain, when set, offers Sign-In with Ethereum for that domain
	// (the service's own identity provider); SIWEChainID is the chain its
	// messages name (0: the deployment's), SIWEKeyFile its signing key
	// (default <data dir>/siwe-key.pem), SIWEIssuer its tokens' iss.
	SIWEDomain, SIWEKeyFile, SIWEIssuer string
	SIWEChainID                         uint64
	SIWETokenTTL, SIWERefreshTTL        time.Duration
	// WebhookAllowPrivate lets webhook endpoints be plain http and reach
	// private and loopback addresses (development on one machine).
	WebhookAllowPrivate bool
	// WebhookRetry is the wait before each retry of a failed delivery;
	// WebhookGiveUp how long an endpoint may fail before it is disabled.
	WebhookRetry  []time.Duration
	WebhookGiveUp time.Duration
	// Matcher fills resting limit orders with the operator key (on by
	// default when the deployment has the escrow and an operator key);
	// MatcherSweep is how often it looks at every market with orders
	// even without an event.
	Matcher      bool
	MatcherSweep time.Duration
	// PayoutDelay is how long after a market's end the leader pays its
	// holders and LPs on their behalf (internal/payout); 0 at once.
	PayoutDelay time.Duration
	// EventChannel is the PostgreSQL NOTIFY channel of the replicas of one
	// deployment; it also names their leader lock.
	EventChannel string
	// BundlerRPCURL selects a hosted ERC-4337 bundler instead of the
	// built-in one.
	BundlerRPCURL string
	// DevFaucet offers the faucet on a configured chain too: a staging
	// chain whose base tokens were deployed by `predict deploy
	// --dev-tokens`, so the operator key can mint them.
	DevFaucet    bool
	addressesErr error // why Addresses is incomplete, reported by serve
}

// DevAdminSubject is the admin subject of the development identity
// provider when PREDICT_ADMIN_SUBJECTS is not set.
const DevAdminSubject = "did:dev:admin"

// DevChain reports whether the embedded dev chain is used.
func (c *Config) DevChain() bool { return c.ChainRPCURL == "" }

// DevIdentity reports whether the development identity provider is used.
func (c *Config) DevIdentity() bool { return c.JWKSURL == "" && c.SIWEDomain == "" }

// DatabaseDSN is the store to open: PREDICT_DATABASE_URL or the SQLite
// file of the data directory.
func (c *Config) DatabaseDSN() string {
	if c.DatabaseURL != "" {
		return c.DatabaseURL
	}
	return filepath.Join(c.DataDir, "predict.db")
}

// LoadConfig reads the configuration through getenv, so tests pass a map.
func LoadConfig(getenv func(string) string) (*Config, error) {
	env := func(name, def string) string {
		if v := strings.TrimSpace(getenv(name)); v != "" {
			return v
		}
		return def
	}
	c := &Config{
		DataDir:       env("PREDICT_DATA_DIR", "predict-data"),
		HTTPAddr:      env("PREDICT_HTTP_ADDR", "127.0.0.1:8080"),
		DatabaseURL:   env("PREDICT_DATABASE_URL", ""),
		LogFormat:     env("PREDICT_LOG_FORMAT", "text"),
		LogLevel:      env("PREDICT_LOG_LEVEL", "info"),
		JWKSURL:       env("PREDICT_JWKS_URL", ""),
		JWTIssuer:     env("PREDICT_JWT_ISSUER", ""),
		JWTAudience:   env("PREDICT_JWT_AUDIENCE", ""),
		AdminSubjects: list(env("PREDICT_ADMIN_SUBJECTS", "")),
		CORSOrigins:   list(env("PREDICT_CORS_ORIGINS", "*")),
		TrustProxy:    env("PREDICT_TRUST_PROXY_HEADERS", "false") == "true",
		DevFaucet:     env("PREDICT_DEV_FAUCET", "false") == "true",
	}
	var err error
	num := func(name string, def float64) float64 {
		if err != nil {
			return def
		}
		v := env(name, "")
		if v == "" {
			return def
		}
		f, perr := strconv.ParseFloat(v, 64)
		if perr != nil || f < 0 {
			err = fmt.Errorf("%s must be a non-negative number, got %q", name, v)
		}
		return f
	}
	c.RateLimits = api.RateLimits{
		PublicPerIP:  num("PREDICT_RATE_PUBLIC", api.DefaultRateLimits.PublicPerIP),
		ReadPerUser:  num("PREDICT_RATE_USER_READ", api.DefaultRateLimits.ReadPerUser),
		TradePerUser: num("PREDICT_RATE_USER_TRADE", api.DefaultRateLimits.TradePerUser),
		OrderPerUser: num("PREDICT_RATE_USER_ORDER", api.DefaultRateLimits.OrderPerUser),
	}
	c.BodyLimit = int64(num("PREDICT_BODY_LIMIT", 1<<20))
	c.MaxConns = int(num("PREDICT_MAX_CONNS", 10_000))
	// Behind a proxy every connection comes from the proxy, the one peer
	// the listener sees: no per-peer cap unless one is asked for.
	perIP := 256.0
	if c.TrustProxy {
		perIP = 0
	}
	c.MaxConnsPerIP = int(num("PREDICT_MAX_CONNS_PER_IP", perIP))
	c.SSEStreamsPerUser = int(num("PREDICT_SSE_STREAMS_PER_USER", float64(events.DefaultHubConfig.MaxStreamsPerUser)))
	if err != nil {
		return nil, err
	}
	sponsor := env("PREDICT_SPONSOR_PER_HOUR", strconv.Itoa(ops.DefaultSponsorPerHour))
	if c.SponsorPerHour, err = strconv.Atoi(sponsor); err != nil || c.SponsorPerHour < 1 {
		return nil, fmt.Errorf("PREDICT_SPONSOR_PER_HOUR must be a positive whole number, got %q", sponsor)
	}
	// A market's challenge window defaults to 2h against a real chain, and
	// to 0 (settle ends the market at once) on the embedded one.
	window := "0s"
	if env("PREDICT_CHAIN_RPC_URL", "") != "" {
		window = "2h"
	}
	for _, d := range []struct {
		name, def string
		dst       *time.Duration
	}{
		{"PREDICT_SHUTDOWN_TIMEOUT", "15s", &c.ShutdownTimeout},
		{"PREDICT_DEV_BLOCK_INTERVAL", "1s", &c.DevBlockInterval},
		{"PREDICT_BLOCK_INTERVAL", "1s", &c.BlockInterval},
		{"PREDICT_LEADERBOARD_INTERVAL", "5m", &c.LeaderboardInterval},
		{"PREDICT_SNAPSHOT_INTERVAL", "1h", &c.SnapshotInterval},
		{"PREDICT_READ_CACHE_MAX_AGE", api.DefaultCacheMaxAge.String(), &c.ReadCacheMaxAge},
		{"PREDICT_CHALLENGE_WINDOW", window, &c.ChallengeWindow},
		{"PREDICT_WEBHOOK_GIVE_UP", webhook.DefaultGiveUpAfter.String(), &c.WebhookGiveUp},
		{"PREDICT_MATCHER_SWEEP", matcher.DefaultSweep.String(), &c.MatcherSweep},
		{"PREDICT_PAYOUT_DELAY", payout.DefaultDelay.String(), &c.PayoutDelay},
		{"PREDICT_SIWE_TOKEN_TTL", "1h", &c.SIWETokenTTL},
		{"PREDICT_SIWE_REFRESH_TTL", "720h", &c.SIWERefreshTTL},
	} {
		v, perr := time.ParseDuration(env(d.name, d.def))
		if perr != nil || v < 0 {
			return nil, fmt.Errorf("%s must be a non-negative duration such as 1s, got %q", d.name, env(d.name, d.def))
		}
		*d.dst = v
	}
	if c.ChallengeWindow > ops.MaxChallengeWindow*time.Second || c.ChallengeWindow%time.Second != 0 {
		return nil, fmt.Errorf("PREDICT_CHALLENGE_WINDOW must be whole seconds up to 720h (the factory's bound), got %s", c.ChallengeWindow)
	}
	c.WebhookAllowPrivate = env("PREDICT_WEBHOOK_ALLOW_PRIVATE", "false") == "true"
	switch v := env("PREDICT_MATCHER", "on"); v {
	case "on", "off":
		c.Matcher = v == "on"
	default:
		return nil, fmt.Errorf("PREDICT_MATCHER must be on or off, got %q", v)
	}
	c.APIKeyAdmin = env("PREDICT_API_KEY_ADMIN", "false") == "true"
	c.SIWEDomain = env("PREDICT_SIWE_DOMAIN", "")
	c.SIWEKeyFile = env("PREDICT_SIWE_KEY_FILE", "")
	c.SIWEIssuer = env("PREDICT_SIWE_ISSUER", "predict-siwe")
	if v := env("PREDICT_SIWE_CHAIN_ID", ""); v != "" {
		if c.SIWEChainID, err = strconv.ParseUint(v, 10, 64); err != nil {
			return nil, fmt.Errorf("PREDICT_SIWE_CHAIN_ID: %w", err)
		}
	}
	if c.WebhookRetry, err = parseDurations(env("PREDICT_WEBHOOK_RETRY", "")); err != nil {
		return nil, fmt.Errorf("PREDICT_WEBHOOK_RETRY: %w", err)
	}
	c.DevRPCAddr = env("PREDICT_DEV_RPC_ADDR", "")
	c.ChainRPCURL = env("PREDICT_CHAIN_RPC_URL", "")
	c.BundlerRPCURL = env("PREDICT_BUNDLER_RPC_URL", "")
	c.EventChannel = env("PREDICT_EVENT_CHANNEL", "predict_events")
	defConf := "0" // the embedded chain never reorgs
	if c.ChainRPCURL != "" {
		defConf = "2"
	}
	if c.Confirmations, err = strconv.ParseUint(env("PREDICT_INDEXER_CONFIRMATIONS", defConf), 10, 64); err != nil {
		return nil, fmt.Errorf("PREDICT_INDEXER_CONFIRMATIONS: %w", err)
	}
	if c.DevChainID, err = strconv.ParseUint(env("PREDICT_DEV_CHAIN_ID", "1337"), 10, 64); err != nil {
		return nil, fmt.Errorf("PREDICT_DEV_CHAIN_ID: %w", err)
	}
	if v := env("PREDICT_CHAIN_ID", ""); v != "" {
		if c.ChainID, err = strconv.ParseUint(v, 10, 64); err != nil {
			return nil, fmt.Errorf("PREDICT_CHAIN_ID: %w", err)
		}
	}
	if !c.DevChain() {
		// Kept, not returned: `predict deploy` runs before the addresses exist.
		c.addressesErr = c.readAddresses(env)
	}
	if c.LogFormat != "text" && c.LogFormat != "json" {
		return nil, fmt.Errorf("PREDICT_LOG_FORMAT must be text or json, got %q", c.LogFormat)
	}
	switch admins := env("PREDICT_ADMIN_SUBJECTS", ""); {
	case admins == "none":
		c.AdminSubjects = nil
	case admins == "" && c.DevIdentity():
		// Anyone can mint any subject's token from the development
		// identity provider, so a fixed admin subject gives away nothing
		// and makes a restart keep its admin.
		c.AdminSubjects = []string{DevAdminSubject}
	}
	for i, sub := range c.AdminSubjects {
		if c.AdminSubjects[i], err = adminSubject(sub); err != nil {
			return nil, fmt.Errorf("PREDICT_ADMIN_SUBJECTS: %w", err)
		}
	}
	if c.DevIdentity() {
		if c.JWTIssuer == "" {
			c.JWTIssuer = auth.DevIssuer
		}
		if c.JWTAudience == "" {
			c.JWTAudience = auth.DevAudience
		}
	} else if c.JWKSURL != "" && (c.JWTIssuer == "" || c.JWTAudience == "") {
		return nil, fmt.Errorf("PREDICT_JWKS_URL is set: PREDICT_JWT_ISSUER and PREDICT_JWT_AUDIENCE are required too")
	}
	if c.JWTAudience == "" {
		c.JWTAudience = auth.DevAudience // the audience of the service's own tokens
	}
	if c.SIWEDomain != "" && (c.SIWETokenTTL <= 0 || c.SIWERefreshTTL <= 0) {
		return nil, fmt.Errorf("PREDICT_SIWE_TOKEN_TTL and PREDICT_SIWE_REFRESH_TTL must be positive")
	}
	if c.SIWEDomain != "" && c.SIWEIssuer == c.JWTIssuer {
		return nil, fmt.Errorf("PREDICT_SIWE_ISSUER must differ from PREDICT_JWT_ISSUER (%s)", c.JWTIssuer)
	}
	return c, nil
}

// pkhEIP155 starts the did:pkh subject (CAIP-10) of an Ethereum account:
// the subjects of Sign-In with Ethereum's tokens.
const pkhEIP155 = "did:pkh:eip155:"

// adminSubject is subject as a token names it. Subjects are compared as
// they are, and Sign-In with Ethereum writes a did:pkh address in its
// EIP-55 form, so the same account written in lower case silently granted
// nothing: it is rewritten in that form. A did:pkh that names no account,
// or a mixed-case address whose checksum is wrong (a typo, the point of
// EIP-55), is refused.
func adminSubject(subject string) (string, error) {
	rest, ok := strings.CutPrefix(subject, pkhEIP155)
	if !ok {
		return subject, nil
	}
	chain, addr, ok := strings.Cut(rest, ":")
	chainID, err := strconv.ParseUint(chain, 10, 64)
	if !ok || err != nil || chainID == 0 || !strings.HasPrefix(addr, "0x") || !common.IsHexAddress(addr) {
		return "", fmt.Errorf("%q is not %s<chain id>:0x<40 hex digits>", subject, pkhEIP155)
	}
	a := common.HexToAddress(addr)
	if digits := addr[2:]; digits != strings.ToLower(digits) && digits != strings.ToUpper(digits) && addr != a.Hex() {
		return "", fmt.Errorf("%q: the address is in mixed case but its EIP-55 checksum is wrong (%s): a typo?", subject, a.Hex())
	}
	return auth.PKHSubject(chainID, a), nil
}

// parseDurations parses a comma-separated list of positive durations;
// "" is none (the default).
func parseDurations(list string) ([]time.Duration, error) {
	var out []time.Duration
	for f := range strings.SplitSeq(list, ",") {
		if f = strings.TrimSpace(f); f == "" {
			continue
		}
		d, err := time.ParseDuration(f)
		if err != nil || d <= 0 {
			return nil, fmt.Errorf("%q is not a positive duration such as 5s", f)
		}
		out = append(out, d)
	}
	if len(out) > 20 {
		return nil, fmt.Errorf("at most 20 waits")
	}
	return out, nil
}

// readAddresses reads the contract addresses of a real chain's suite.
func (c *Config) readAddresses(env func(name, def string) string) error {
	addr := func(name string) (common.Address, error) {
		v := env(name, "")
		if !common.IsHexAddress(v) {
			return common.Address{}, fmt.Errorf("%s must be a 0x address (PREDICT_CHAIN_RPC_URL is set; `predict deploy` prints these lines)", name)
		}
		return common.HexToAddress(v), nil
	}
	var err error
	a := &c.Addresses
	for name, dst := range map[string]*common.Address{
		"PREDICT_ENTRYPOINT": &a.EntryPoint, "PREDICT_ACCOUNT_FACTORY": &a.AccountFactory,
		"PREDICT_PAYMASTER": &a.Paymaster, "PREDICT_MARKET_FACTORY": &a.MarketFactory,
	} {
		if *dst, err = addr(name); err != nil {
			return err
		}
	}
	// Optional: a deployment made before the escrow existed runs without
	// limit orders until it is deployed and configured.
	if v := env("PREDICT_LIMIT_ORDERS", ""); v != "" {
		if !common.IsHexAddress(v) {
			return fmt.Errorf("PREDICT_LIMIT_ORDERS must be a 0x address (`predict deploy` prints it)")
		}
		a.LimitOrders = common.HexToAddress(v)
	}
	if v := env("PREDICT_EXCHANGE", ""); v != "" {
		if !common.IsHexAddress(v) {
			return fmt.Errorf("PREDICT_EXCHANGE must be a 0x address (`predict deploy` prints it)")
		}
		a.Exchange = common.HexToAddress(v)
	}
	tokens := list(env("PREDICT_BASE_TOKENS", ""))
	if len(tokens) == 0 {
		return fmt.Errorf("PREDICT_BASE_TOKENS must list at least one base token address")
	}
	for _, t := range tokens {
		if !common.IsHexAddress(t) {
			return fmt.Errorf("PREDICT_BASE_TOKENS: %q is not an address", t)
		}
		a.BaseTokens = append(a.BaseTokens, common.HexToAddress(t))
	}
	if a.DeployBlock, err = strconv.ParseUint(env("PREDICT_DEPLOY_BLOCK", "0"), 10, 64); err != nil {
		return fmt.Errorf("PREDICT_DEPLOY_BLOCK: %w", err)
	}
	return nil
}

func list(v string) []string {
	var out []string
	for _, s := range strings.Split(v, ",") {
		if s = strings.TrimSpace(s); s != "" {
			out = append(out, s)
		}
	}
	return out
}
