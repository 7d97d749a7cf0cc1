package api_test

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"encoding/hex"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/internal/api"
	"github.com/predict-dev/predict/internal/auth"
	"github.com/predict-dev/predict/internal/store"
	"github.com/predict-dev/predict/internal/store/storetest"
	"github.com/predict-dev/predict/wire"
)

// sibling is another replica over s (a second handle of e's database)
// that trusts the same identity provider and reads the same clock.
func (e *env) sibling(s *store.DB, opts ...envOption) *env {
	e.t.Helper()
	verifier, err := auth.NewVerifier(auth.Config{KeySource: e.dev, Issuer: testIssuer, Audience: testAudience})
	if err != nil {
		e.t.Fatal(err)
	}
	r := &env{t: e.t, store: s, dev: e.dev, devDir: e.devDir, now: e.now}
	cfg := api.Config{Now: func() time.Time { return r.now }}
	for _, o := range opts {
		o(&cfg)
	}
	reg := prometheus.NewRegistry()
	r.srv = httptest.NewServer(api.NewServer(cfg, s, verifier, slog.New(slog.DiscardHandler), reg).Handler(reg))
	e.t.Cleanup(r.srv.Close)
	return r
}

// TestRateLimitReplicas runs two replicas over one database: with the
// shared counter, a user's requests to both together get the user's rate,
// not twice it; the per-IP limit stays each replica's own.
func TestRateLimitReplicas(t *testing.T) {
	for name, dsn := range map[string]func(testing.TB) string{"sqlite": storetest.SQLiteDSN, "postgres": storetest.PostgresDSN} {
		t.Run(name, func(t *testing.T) {
			dsn := dsn(t)
			sa, sb := storetest.Open(t, dsn), storetest.Open(t, dsn)
			limits := func(s *store.DB) envOption {
				return func(c *api.Config) {
					c.RateLimits = api.RateLimits{PublicPerIP: 2, ReadPerUser: 4, TradePerUser: 1}
					c.SharedRates = s
				}
			}
			a := newEnv(t, sa, limits(sa))
			b := a.sibling(sb, limits(sb))
			const path = "/api/v1/market/get-markets?page=1&pageSize=10"
			alice := a.token("did:dev:alice")
			ok := 0
			for i := range 8 {
				r := []*env{a, b}[i%2].do("GET", path, alice, nil)
				switch r.status {
				case http.StatusOK:
					ok++
				case http.StatusTooManyRequests:
					if r.header.Get("Retry-After") != "1" {
						t.Fatalf("Retry-After = %q, want 1 (the window of a second)", r.header.Get("Retry-After"))
					}
				default:
					t.Fatalf("status %d: %s", r.status, r.Msg)
				}
			}
			if ok != 4 {
				t.Fatalf("two replicas answered %d of alice's 8 reads, want her rate of 4", ok)
			}
			for _, e := range []*env{a, b} {
				wantOK(t, e.do("GET", path, "", nil))
				wantOK(t, e.do("GET", path, "", nil))
				wantError(t, e.do("GET", path, "", nil), http.StatusTooManyRequests, 110103)
			}
		})
	}
}

// countingStore counts the reads of API keys that reach the store.
type countingStore struct {
	api.Store
	keyReads atomic.Int64
}

func (c *countingStore) APIKey(ctx context.Context, id string) (*predict.APIKey, error) {
	c.keyReads.Add(1)
	return c.Store.APIKey(ctx, id)
}

// countingVerifier counts the tokens handed to the verifier.
type countingVerifier struct {
	api.TokenVerifier
	verifies atomic.Int64
}

func (c *countingVerifier) Verify(ctx context.Context, raw string) (*auth.Claims, error) {
	c.verifies.Add(1)
	return c.TokenVerifier.Verify(ctx, raw)
}

// counted is a replica over s, beside e and trusting its identity
// provider, whose key reads and token checks are counted.
func (e *env) counted(s *store.DB, opts ...envOption) (*env, *countingStore, *countingVerifier) {
	e.t.Helper()
	v, err := auth.NewVerifier(auth.Config{KeySource: e.dev, Issuer: testIssuer, Audience: testAudience})
	if err != nil {
		e.t.Fatal(err)
	}
	cs, cv := &countingStore{Store: s}, &countingVerifier{TokenVerifier: v}
	r := &env{t: e.t, store: s, dev: e.dev, devDir: e.devDir, now: e.now}
	cfg := api.Config{Now: func() time.Time { return r.now }}
	for _, o := range opts {
		o(&cfg)
	}
	reg := prometheus.NewRegistry()
	r.srv = httptest.NewServer(api.NewServer(cfg, cs, cv, slog.New(slog.DiscardHandler), reg).Handler(reg))
	e.t.Cleanup(r.srv.Close)
	return r, cs, cv
}

// guessKey is a random string of an API key's shape.
func guessKey() string {
	id, secret := make([]byte, 8), make([]byte, 32)
	_, _ = rand.Read(id)
	_, _ = rand.Read(secret)
	return "pdk_" + hex.EncodeToString(id) + "_" + base64.RawURLEncoding.EncodeToString(secret)
}

// forged is tok with another signature: a token of the provider's shape
// and key id that only the signature check refuses.
func forged(tok string) string {
	sig := make([]byte, 64)
	_, _ = rand.Read(sig)
	return tok[:strings.LastIndexByte(tok, '.')+1] + base64.RawURLEncoding.EncodeToString(sig)
}

// TestRateLimitBeforeCredentials: a credential this replica has not seen
// verify yet is checked only after its address's budget admits it, so a
// guess from a limited address costs no read of the store and no
// signature check; a credential that verified keeps its own budget, and
// verifying it costs its address nothing.
func TestRateLimitBeforeCredentials(t *testing.T) {
	const path = "/api/v1/market/get-markets?page=1&pageSize=10"
	limits := func(c *api.Config) {
		c.RateLimits = api.RateLimits{PublicPerIP: 3, ReadPerUser: 50, TradePerUser: 5}
	}
	eachEnv(t, func(t *testing.T, base *env, s *store.DB) {
		e, cs, cv := base.counted(s, limits)
		alice := e.signIn("did:dev:alice", addr(1))
		created := e.do("POST", "/api/v1/user/create-api-key", alice, map[string]any{"name": "bot"})
		wantOK(t, created)
		var bot wire.APIKeySecret
		created.into(t, &bot)
		wantOK(t, e.do("GET", path, bot.Key, nil)) // the bot's key has verified once

		t.Run("ProvenCostsTheAddressNothing", func(t *testing.T) {
			// A token and a key that verify for the first time take no
			// share of the address's 3 requests.
			wantOK(t, e.do("GET", path, e.token("did:dev:bob"), nil))
			created := e.do("POST", "/api/v1/user/create-api-key", alice, map[string]any{"name": "second"})
			wantOK(t, created)
			var second wire.APIKeySecret
			created.into(t, &second)
			wantOK(t, e.do("GET", path, second.Key, nil))
			for range 3 {
				wantOK(t, e.do("GET", path, "", nil))
			}
			wantError(t, e.do("GET", path, "", nil), http.StatusTooManyRequests, 110103)
		})
		// The address is limited from here on (the test's clock stands).
		for _, tc := range []struct {
			name       string
			credential func() string
		}{
			{"GuessedKey", guessKey},
			{"ForgedToken", func() string { return forged(e.token("did:dev:mallory")) }},
		} {
			t.Run(tc.name, func(t *testing.T) {
				reads, verifies := cs.keyReads.Load(), cv.verifies.Load()
				for range 20 {
					wantError(t, e.do("GET", path, tc.credential(), nil), http.StatusTooManyRequests, 110103)
				}
				if n := cs.keyReads.Load() - reads; n != 0 {
					t.Errorf("20 guesses from a limited address read the store %d times, want 0", n)
				}
				if n := cv.verifies.Load() - verifies; n != 0 {
					t.Errorf("20 guesses from a limited address were verified %d times, want 0", n)
				}
			})
		}
		t.Run("ProvenKeyKeepsItsBudget", func(t *testing.T) {
			for range 10 {
				wantOK(t, e.do("GET", path, bot.Key, nil))
			}
			wantOK(t, e.do("GET", path, alice, nil))
		})
		t.Run("RevokedKeyIsAGuess", func(t *testing.T) {
			wantOK(t, e.do("POST", "/api/v1/user/revoke-api-key", alice, map[string]any{"id": bot.ID}))
			// Verified again (it was proven), refused, and counted
			// against the limited address from then on.
			wantError(t, e.do("GET", path, bot.Key, nil), http.StatusTooManyRequests, 110103)
			reads := cs.keyReads.Load()
			wantError(t, e.do("GET", path, bot.Key, nil), http.StatusTooManyRequests, 110103)
			if n := cs.keyReads.Load() - reads; n != 0 {
				t.Errorf("a revoked key from a limited address read the store %d times, want 0", n)
			}
		})
	})
}

// BenchmarkLimitedGuess measures a request from an address past its
// limit that carries a guessed credential (an API key of the right shape,
// a token of the provider's key id with a forged signature), and reports
// the store reads and token checks it cost.
func BenchmarkLimitedGuess(b *testing.B) {
	s := storetest.OpenSQLite(b)
	dev, err := auth.OpenDevProvider(b.TempDir(), testIssuer, testAudience)
	if err != nil {
		b.Fatal(err)
	}
	v, err := auth.NewVerifier(auth.Config{KeySource: dev, Issuer: testIssuer, Audience: testAudience})
	if err != nil {
		b.Fatal(err)
	}
	tok, err := dev.Mint("did:dev:mallory", time.Hour)
	if err != nil {
		b.Fatal(err)
	}
	const path = "/api/v1/market/get-markets?page=1&pageSize=10"
	for _, bc := range []struct {
		name  string
		guess func() string
	}{
		{"GuessedKey", guessKey},
		{"ForgedToken", func() string { return forged(tok) }},
	} {
		b.Run(bc.name, func(b *testing.B) {
			cs, cv := &countingStore{Store: s}, &countingVerifier{TokenVerifier: v}
			now := time.Now()
			cfg := api.Config{RateLimits: api.DefaultRateLimits, Now: func() time.Time { return now }}
			reg := prometheus.NewRegistry()
			h := api.NewServer(cfg, cs, cv, slog.New(slog.DiscardHandler), reg).Handler(reg)
			for range int(api.DefaultRateLimits.PublicPerIP) {
				h.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest("GET", path, nil))
			}
			guesses := make([]string, 1024)
			for i := range guesses {
				guesses[i] = bc.guess()
			}
			b.ReportAllocs()
			for i := 0; b.Loop(); i++ {
				req := httptest.NewRequest("GET", path, nil)
				req.Header.Set("Authorization", "Bearer "+guesses[i%len(guesses)])
				w := httptest.NewRecorder()
				h.ServeHTTP(w, req)
				if w.Code != http.StatusTooManyRequests {
					b.Fatalf("HTTP %d, want 429", w.Code)
				}
			}
			b.ReportMetric(float64(cs.keyReads.Load())/float64(b.N), "lookups/op")
			b.ReportMetric(float64(cv.verifies.Load())/float64(b.N), "verifies/op")
		})
	}
}
