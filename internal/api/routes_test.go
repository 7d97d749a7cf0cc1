package api_test

import (
	"io"
	"log/slog"
	"slices"
	"strings"
	"testing"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/predict-dev/predict/internal/api"
	"github.com/predict-dev/predict/internal/events"
	"github.com/predict-dev/predict/internal/ops"
	"github.com/predict-dev/predict/internal/store/storetest"
)

// TestRoutesInOpenAPI: every endpoint the server registers, with every
// optional part configured (transactions, deployment, faucet, event
// stream, metrics, development keys), is an operation of openapi.yaml
// with the same method, the platform's aliases included; and every
// operation of openapi.yaml is served.
func TestRoutesInOpenAPI(t *testing.T) {
	s := storetest.OpenSQLite(t)
	hub := newHub(t, events.NewMemoryBus(), testHubConfig())
	t.Cleanup(hub.Close)
	cfg := api.Config{
		BodyLimit: 4096, DevJWKS: []byte(`{"keys":[]}`),
		Deployment: testDeployment, Faucet: &chainDouble{}, Events: hub,
		Ops: ops.New(ops.Config{Store: s, Deployment: testDeployment}),
		// Registered only; never called here.
		DevTokens: lateMinter{new(*env)},
		SIWE:      &api.SIWE{Domain: "predict.example", ChainID: 1337, Issuer: lateMinter{new(*env)}},
	}
	reg := prometheus.NewRegistry()
	srv := api.NewServer(cfg, s, nil, slog.New(slog.NewTextHandler(io.Discard, nil)), reg)
	srv.Handler(reg)
	routes := srv.Routes()

	// The endpoints this test exists for: aliases and second methods
	// that a copy of the table could forget.
	for _, want := range []string{
		"GET /api/v1/market/get-market-option-price-history",
		"GET /api/v1/sse/connect",
		"POST /api/v1/sse/connect",
		"GET /metrics",
		"GET /.well-known/jwks.json",
	} {
		if !slices.Contains(routes, want) {
			t.Errorf("%s is not registered (routes: %v)", want, routes)
		}
	}

	documented := map[string]bool{}
	for _, o := range operations(apiDoc(t)) {
		documented[o.String()] = true
	}
	served := map[string]bool{}
	for _, r := range routes {
		served[r] = true
		if !documented[r] {
			method, path, _ := strings.Cut(r, " ")
			t.Errorf("route %s %s has no operation in openapi.yaml", method, path)
		}
	}
	for op := range documented {
		if !served[op] {
			t.Errorf("openapi.yaml describes %s, which the server does not serve", op)
		}
	}
}
