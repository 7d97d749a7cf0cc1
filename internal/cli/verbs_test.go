package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"math/big"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/predict-dev/predict/client"
	"github.com/predict-dev/predict/wire"
)

// fakeService answers the requests of the client verbs from its routes,
// by path ("*" for any other): the data of a success envelope, a
// *client.Error for a refusal (with its Retry-After), or a func of the
// path's request count returning either. It lets a test see what a verb
// prints for an answer without running the service.
type fakeService struct {
	routes map[string]any

	mu   sync.Mutex
	hits map[string]int
}

func (f *fakeService) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	f.hits[r.URL.Path]++
	n := f.hits[r.URL.Path]
	f.mu.Unlock()
	answer, ok := f.routes[r.URL.Path]
	if !ok {
		answer, ok = f.routes["*"]
	}
	if !ok {
		answer = &client.Error{HTTPStatus: http.StatusNotFound, Code: client.CodeNotFound, Reason: "NOT_FOUND", Message: "no route " + r.URL.Path}
	}
	if fn, isFunc := answer.(func(n int) any); isFunc {
		answer = fn(n)
	}
	w.Header().Set("Content-Type", "application/json")
	if e, refused := answer.(*client.Error); refused {
		if e.RetryAfter > 0 {
			w.Header().Set("Retry-After", strconv.Itoa(int(e.RetryAfter/time.Second)))
		}
		w.WriteHeader(e.HTTPStatus)
		json.NewEncoder(w).Encode(map[string]any{"code": e.Code, "reason": e.Reason, "msg": e.Message, "data": nil})
		return
	}
	json.NewEncoder(w).Encode(map[string]any{"code": 0, "reason": "", "msg": "success", "data": answer})
}

// runVerb runs a client verb against a fake service with routes, as a
// user whose PREDICT_TOKEN is a key, and returns what it printed.
func runVerb(t *testing.T, routes map[string]any, args ...string) (stdout, stderr string, err error) {
	t.Helper()
	srv := httptest.NewServer(&fakeService{routes: routes, hits: map[string]int{}})
	t.Cleanup(srv.Close)
	env := map[string]string{"PREDICT_URL": srv.URL, "PREDICT_TOKEN": "pdk_test",
		"PREDICT_PROFILE": filepath.Join(t.TempDir(), "none.json")}
	v, ok := Find(args[0])
	if !ok {
		t.Fatalf("no verb %s", args[0])
	}
	var out, errOut bytes.Buffer
	err = Run(context.Background(), v, args[1:], func(k string) string { return env[k] }, strings.NewReader(""), &out, &errOut)
	return out.String(), errOut.String(), err
}

// TestVerbOutput: what verbs print for the service's answers: webhooks
// that want every event, a delivery log still empty, orders in the
// formats of the other verbs, a refused PREDICT_TOKEN, refusals for the
// rate waited out without a word or explained, and the faucet's limit in
// tokens.
func TestVerbOutput(t *testing.T) {
	const (
		market = "0x00000000000000000000000000000000000000aa"
		yes    = "0x00000000000000000000000000000000000000a1"
		no     = "0x00000000000000000000000000000000000000a2"
		usdc   = "0x00000000000000000000000000000000000000c0"
	)
	usd := func(n int64) wire.Amount {
		return wire.NewAmount(new(big.Int).Mul(big.NewInt(n), big.NewInt(1_000_000)))
	}
	expiry := time.Date(2030, 1, 2, 15, 4, 0, 0, time.UTC)
	config := client.Config{BaseTokens: []client.BaseToken{{Address: usdc, Symbol: "USDC", Decimals: 6}}}
	detail := client.Market{MarketAddress: market, Title: "Will it snow?", BaseTokenAddress: usdc,
		Options: []client.MarketOption{{OptionAddress: yes, Title: "Yes", Price: "0.5"}, {OptionAddress: no, Title: "No", Price: "0.5"}}}
	orders := client.LimitOrdersPage{Total: 2, Orders: []client.LimitOrder{
		{OrderID: 7, OrderUUID: "7b7f3b0e-2a51-4a8e-9d5b-1f7c3a2e4b10", MarketAddress: market, OptionAddress: yes, Side: client.SideBuy,
			Price: "0.3", Amount: usd(10), Remaining: usd(10), Expiry: wire.NewUnix(expiry), Status: "open"},
		{OrderID: 8, MarketAddress: market, OptionAddress: no, OptionIndex: 1, Side: client.SideSell,
			Price: "0.65", Amount: usd(5), Remaining: usd(2), Expiry: wire.NewUnix(expiry), Status: "partially_filled"},
	}}
	rateLimited := func(after time.Duration) *client.Error {
		return &client.Error{HTTPStatus: http.StatusTooManyRequests, Code: client.CodePleaseWait, Reason: "PLEASE_WAIT",
			Message: "rate limit exceeded", RetryAfter: after}
	}
	for _, tc := range []struct {
		name   string
		routes map[string]any
		args   []string
		// stdout and err match what the verb printed and the line main
		// prints for its error ("" for none); stderr must not match
		// notStderr.
		stdout, err, notStderr string
	}{
		{"WebhooksAllEvents", map[string]any{"/api/v1/webhook/get-webhooks": client.WebhooksPage{Total: 1,
			Webhooks: []client.Webhook{{ID: "wh1", Scope: "user", URL: "https://hooks.example/p", Enabled: true}}}},
			[]string{"webhooks"}, `(?m)^wh1  user  https://hooks\.example/p  all events  enabled$`, "", ""},
		{"WebhooksSomeEvents", map[string]any{"/api/v1/webhook/get-webhooks": client.WebhooksPage{Total: 1,
			Webhooks: []client.Webhook{{ID: "wh1", Scope: "user", URL: "https://hooks.example/p", Events: []string{"user:order_changed"}, Enabled: true}}}},
			[]string{"webhooks"}, `(?m)^wh1  user  https://hooks\.example/p  user:order_changed  enabled$`, "", ""},
		{"WebhookLogEmpty", map[string]any{"/api/v1/webhook/get-webhook-attempts": client.WebhookAttemptsPage{}},
			[]string{"webhooks", "log", "wh1"}, `^no deliveries yet to webhook wh1`, "", ""},
		{"Orders", map[string]any{"/api/v1/market/get-user-orders": orders, "/api/v1/market/get-market-detail": detail, "/api/v1/config": config},
			[]string{"orders"}, `(?s)^7\s+buy Yes at 0\.3000\s+10 USDC left of 10 USDC\s+open\s+expires ` + regexp.QuoteMeta(when(expiry)) +
				`\s+Will it snow\?\n8\s+sell No at 0\.6500\s+2 No left of 5 No\s+partially_filled\s+expires .*\(page 1 of 1; 2 orders\)\n$`, "", ""},
		{"RevokedToken", map[string]any{"*": &client.Error{HTTPStatus: http.StatusUnauthorized, Code: client.CodeAuth, Reason: "PRIVY",
			Message: "API key not valid (unknown, revoked or expired)"}},
			[]string{"positions"}, "", `(?s)^error 110303 PRIVY: API key not valid.*\n\(the API key or token in PREDICT_TOKEN was refused`, ""},
		{"RateLimitQuiet", map[string]any{"/api/v1/market/get-markets": func(n int) any {
			if n == 1 {
				return rateLimited(time.Second)
			}
			return client.MarketsPage{}
		}}, []string{"markets", "--json"}, `"totalCount": 0`, "", "."},
		{"RateLimitLong", map[string]any{"/api/v1/market/get-markets": rateLimited(time.Minute)},
			[]string{"markets", "--json"}, "", `(?s)^error 110103 PLEASE_WAIT: rate limit exceeded\n\(too many requests: .*try again in 1m\)$`, "HTTP 429"},
		{"FaucetLimit", map[string]any{"/api/v1/config": config, "/api/v1/dev/faucet": &client.Error{HTTPStatus: http.StatusBadRequest,
			Code: client.CodeParam, Reason: "PARAM", Message: "amount must be between 1 and 1000000000000 base units"}},
			[]string{"faucet", "--to", market, "99999999999"}, "",
			`^error 110101 PARAM: the faucet mints at most 1000000 USDC at a time, not 99999999999 USDC$`, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, errOut, err := runVerb(t, tc.routes, tc.args...)
			line := ""
			if err != nil {
				line = ErrorLine(err)
			}
			switch {
			case tc.err == "" && err != nil, tc.err != "" && !regexp.MustCompile(tc.err).MatchString(line):
				t.Fatalf("error %q, want %s", line, tc.err)
			case tc.stdout != "" && !regexp.MustCompile(tc.stdout).MatchString(out):
				t.Fatalf("stdout:\n%s\nwant %s", out, tc.stdout)
			case tc.notStderr != "" && regexp.MustCompile(tc.notStderr).MatchString(errOut):
				t.Fatalf("stderr %q matches %s", errOut, tc.notStderr)
			}
		})
	}
}
