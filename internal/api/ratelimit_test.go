package api_test

import (
	"log/slog"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/predict-dev/predict/internal/api"
	"github.com/predict-dev/predict/internal/auth"
	"github.com/predict-dev/predict/internal/store"
	"github.com/predict-dev/predict/internal/store/storetest"
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
