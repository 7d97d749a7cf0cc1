package client_test

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"log/slog"
	"math/big"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/client"
	"github.com/predict-dev/predict/internal/api"
	"github.com/predict-dev/predict/internal/api/apitest"
	"github.com/predict-dev/predict/internal/auth"
	"github.com/predict-dev/predict/internal/events"
	"github.com/predict-dev/predict/internal/store"
	"github.com/predict-dev/predict/internal/store/storetest"
)

// Identity settings of the development provider the tests mint tokens
// with, and the configured (bootstrap) admin.
const (
	testIssuer   = "predict-dev"
	testAudience = "predict"
	rootSubject  = "did:dev:root"
)

// wait bounds every wait in the tests; generous for -race on 2 cores.
const wait = 10 * time.Second

// env is the real router of the service (internal/api) over a real
// SQLite store, the real token verifier (keys of the development identity
// provider) and, unless disabled, a real event hub on an in-process bus.
// What needs the chain is tested through the whole binary in
// cmd/predict's end-to-end tests; here the faucet is a double.
type env struct {
	t      *testing.T
	srv    *httptest.Server
	store  *store.DB
	dev    *auth.DevProvider
	bus    *events.MemoryBus
	hub    *events.Hub
	faucet *faucetDouble
	// requests counts the requests the router received.
	requests atomic.Int64
}

type envConfig struct {
	noEvents bool
	hub      events.HubConfig
}

var testDeployment = &predict.Deployment{
	ChainID: 1337, EntryPoint: addr(0xe1), AccountFactory: addr(0xaf), Paymaster: addr(0x9a), MarketFactory: addr(0xf1),
	BaseTokens:    []predict.BaseToken{{Address: addr(0xb1), Symbol: "USDC", Decimals: 6}},
	FeeBps:        200,
	BlockInterval: time.Second,
	DeployBlock:   1,
	Dev:           true,
}

func addr(n int) string { return fmt.Sprintf("0x%040x", n) }

func newEnv(t *testing.T, ec envConfig) *env {
	t.Helper()
	s := storetest.OpenSQLite(t)
	dev, err := auth.OpenDevProvider(t.TempDir(), testIssuer, testAudience)
	if err != nil {
		t.Fatal(err)
	}
	verifier, err := auth.NewVerifier(auth.Config{KeySource: dev, Issuer: testIssuer, Audience: testAudience})
	if err != nil {
		t.Fatal(err)
	}
	doc, err := api.OpenAPIJSON(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	e := &env{t: t, store: s, dev: dev, faucet: &faucetDouble{}}
	cfg := api.Config{
		AdminSubjects: []string{rootSubject},
		OpenAPI:       doc,
		DevJWKS:       dev.JWKS(),
		Deployment:    testDeployment,
		Faucet:        e.faucet,
	}
	if !ec.noEvents {
		e.bus = events.NewMemoryBus()
		if e.hub, err = events.NewHub(context.Background(), e.bus, ec.hub); err != nil {
			t.Fatal(err)
		}
		cfg.Events = e.hub
	}
	reg := prometheus.NewRegistry()
	h := api.NewServer(cfg, s, verifier, slog.New(slog.DiscardHandler), reg).Handler(reg)
	e.srv = httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		e.requests.Add(1)
		h.ServeHTTP(w, r)
	}))
	// Served as cmd/predict serves it: with its header limit, on its listener.
	e.srv.Config.MaxHeaderBytes = api.MaxHeaderBytes
	e.srv.Listener = api.Listener(e.srv.Listener)
	e.srv.Start()
	t.Cleanup(e.srv.Close)
	if e.hub != nil {
		// Registered after the server's Close, so it runs first and ends
		// the streams the server would wait for.
		t.Cleanup(e.hub.Close)
	}
	return e
}

// token mints a token of sub valid for ttl (negative: already expired).
func (e *env) token(sub string, ttl time.Duration) string {
	e.t.Helper()
	tok, err := e.dev.Mint(sub, ttl)
	if err != nil {
		e.t.Fatal(err)
	}
	return tok
}

// client returns a client of the router whose responses are checked
// against openapi.yaml.
func (e *env) client(opts ...client.Option) *client.Client {
	e.t.Helper()
	hc := &http.Client{Transport: validating{t: e.t, next: http.DefaultTransport}}
	c, err := client.New(e.srv.URL, append([]client.Option{client.WithHTTPClient(hc)}, opts...)...)
	if err != nil {
		e.t.Fatal(err)
	}
	return c
}

// user logs sub in with a fresh address and returns its client and uid.
func (e *env) user(sub string) (*client.Client, string) {
	e.t.Helper()
	c := e.client(client.WithToken(e.token(sub, time.Hour)))
	res, err := c.Login(context.Background(), client.LoginRequest{Address: storetest.Address()})
	if err != nil {
		e.t.Fatal(err)
	}
	return c, res.UID
}

// validating checks every JSON response against openapi.yaml. Streams
// are left alone: their bodies are read by the client as they come.
// Failures are reported with Errorf and as the request's error, so the
// check is safe in the goroutines a Stream runs requests in.
type validating struct {
	t    testing.TB
	next http.RoundTripper
}

func (v validating) RoundTrip(req *http.Request) (res *http.Response, err error) {
	res, err = v.next.RoundTrip(req)
	if err != nil || strings.HasPrefix(res.Header.Get("Content-Type"), "text/event-stream") {
		return res, err
	}
	raw, err := io.ReadAll(res.Body)
	res.Body.Close()
	if err != nil {
		return nil, err
	}
	res.Body = io.NopCloser(bytes.NewReader(raw))
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(invalidResponse); !ok {
				panic(r)
			}
			res, err = nil, fmt.Errorf("response of %s %s does not match openapi.yaml", req.Method, req.URL.Path)
		}
	}()
	apitest.Validate(nonFatal{v.t}, req, res, raw)
	return res, nil
}

// nonFatal turns Fatalf into Errorf plus a panic the transport recovers:
// FailNow may only run in the test's own goroutine.
type nonFatal struct{ testing.TB }

type invalidResponse struct{}

func (n nonFatal) Fatalf(format string, args ...any) {
	n.TB.Errorf(format, args...)
	panic(invalidResponse{})
}

// faucetDouble records mints: the dev chain's faucet is exercised by
// cmd/predict's tests.
type faucetDouble struct {
	mu    sync.Mutex
	mints []string
}

func (f *faucetDouble) Mint(_ context.Context, token, to string, amount *big.Int) (string, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.mints = append(f.mints, token+" "+to+" "+amount.String())
	return "0x" + strings.Repeat("ab", 32), nil
}
