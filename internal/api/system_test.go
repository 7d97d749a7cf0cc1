package api_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/predict-dev/predict/internal/api"
	"github.com/predict-dev/predict/internal/store/storetest"
)

func TestSystem(t *testing.T) {
	e := newEnv(t, storetest.OpenSQLite(t))
	t.Run("Healthz", func(t *testing.T) { wantOK(t, e.do("GET", "/healthz", "", nil)) })
	t.Run("Readyz", func(t *testing.T) { wantOK(t, e.do("GET", "/readyz", "", nil)) })
	t.Run("OpenAPI", func(t *testing.T) {
		_, raw := e.getRaw(t, "/api/v1/openapi.json")
		var doc struct {
			OpenAPI string         `json:"openapi"`
			Paths   map[string]any `json:"paths"`
		}
		if err := json.Unmarshal(raw, &doc); err != nil {
			t.Fatal(err)
		}
		if doc.OpenAPI != "3.1.0" || doc.Paths["/api/v1/market/get-markets"] == nil {
			t.Fatalf("openapi.json = %s with %d paths", doc.OpenAPI, len(doc.Paths))
		}
	})
	t.Run("DevJWKS", func(t *testing.T) {
		_, raw := e.getRaw(t, "/.well-known/jwks.json")
		if string(raw) != string(e.dev.JWKS()) {
			t.Fatalf("jwks = %s", raw)
		}
	})
	t.Run("Metrics", func(t *testing.T) {
		wantOK(t, e.do("GET", "/healthz", "", nil))
		e.do("GET", "/api/v1/market/get-markets?page=1&pageSize=51", "", nil)
		_, raw := e.getRaw(t, "/metrics")
		for _, want := range []string{
			`predict_http_requests_total{code="400",method="GET",route="/api/v1/market/get-markets"} 1`,
			`predict_http_request_duration_seconds_bucket{route="/api/v1/market/get-markets"`,
		} {
			if !strings.Contains(string(raw), want) {
				t.Fatalf("metrics lack %q", want)
			}
		}
	})
	t.Run("ErrNoEndpoint", func(t *testing.T) {
		wantError(t, e.do("GET", "/api/v1/nothing-here", "", nil), http.StatusNotFound, 110102)
	})
	t.Run("ErrMethod", func(t *testing.T) {
		r := e.do("GET", "/api/v1/user/login", "", nil)
		wantError(t, r, http.StatusMethodNotAllowed, 110108)
		if r.header.Get("Allow") != "POST" {
			t.Fatalf("Allow = %q", r.header.Get("Allow"))
		}
	})
	t.Run("CORSPreflight", func(t *testing.T) {
		req, _ := http.NewRequest("OPTIONS", e.srv.URL+"/api/v1/user/login", nil)
		req.Header.Set("Origin", "https://app.example")
		req.Header.Set("Access-Control-Request-Method", "POST")
		req.Header.Set("Access-Control-Request-Headers", "authorization, content-type")
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != http.StatusNoContent || res.Header.Get("Access-Control-Allow-Origin") != "*" ||
			!strings.Contains(res.Header.Get("Access-Control-Allow-Headers"), "Authorization") {
			t.Fatalf("preflight: %d %v", res.StatusCode, res.Header)
		}
	})
}

func TestCORSAllowList(t *testing.T) {
	e := newEnv(t, storetest.OpenSQLite(t), func(c *api.Config) { c.CORSOrigins = []string{"https://good.example"} })
	for origin, want := range map[string]string{"https://good.example": "https://good.example", "https://evil.example": ""} {
		req, _ := http.NewRequest("GET", e.srv.URL+"/healthz", nil)
		req.Header.Set("Origin", origin)
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if got := res.Header.Get("Access-Control-Allow-Origin"); got != want {
			t.Fatalf("origin %s: Access-Control-Allow-Origin = %q, want %q", origin, got, want)
		}
	}
}

func TestRateLimit(t *testing.T) {
	e := newEnv(t, storetest.OpenSQLite(t), func(c *api.Config) {
		c.RateLimits = api.RateLimits{PublicPerIP: 3, ReadPerUser: 2, TradePerUser: 1}
	})
	const path = "/api/v1/market/get-markets?page=1&pageSize=10"
	// An authenticated user has a bucket of their own, apart from the IP's,
	// once her token has verified (TestRateLimitBeforeCredentials).
	alice := e.token("did:dev:alice")
	wantOK(t, e.do("GET", path, alice, nil))
	for i := 0; i < 3; i++ {
		wantOK(t, e.do("GET", path, "", nil))
	}
	r := e.do("GET", path, "", nil)
	wantError(t, r, http.StatusTooManyRequests, 110103)
	if r.header.Get("Retry-After") == "" {
		t.Fatal("429 without Retry-After")
	}
	wantOK(t, e.do("GET", path, alice, nil))
	wantError(t, e.do("GET", path, alice, nil), http.StatusTooManyRequests, 110103)
	// Health checks are never limited.
	wantOK(t, e.do("GET", "/healthz", "", nil))
}
