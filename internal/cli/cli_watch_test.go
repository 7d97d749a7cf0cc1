package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math/big"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/predict-dev/predict/client"
	"github.com/predict-dev/predict/wire"
)

// TestWatchRateLimited: watch rides out 429s, on its reads (the recent
// trades, the trades after an event) and on the event stream (connect,
// subscribe), waiting what Retry-After says or its backoff, and prints
// the trade that arrives.
func TestWatchRateLimited(t *testing.T) {
	const market = "0x00000000000000000000000000000000000000aa"
	m := client.Market{MarketAddress: market, Title: "Rain?", Status: "running", BaseTokenAddress: "0xbase",
		Options: []client.MarketOption{{OptionAddress: "0xyes", Title: "Yes", Price: "0.6"}, {OptionAddress: "0xno", Title: "No", Price: "0.4"}}}
	trade := client.Trade{TxHash: "0x1", MarketAddress: market, OptionAddress: "0xyes", OptionTitle: "Yes", UserName: "alice", Side: client.SideBuy,
		BaseAmount: wire.NewAmount(big.NewInt(20_000000)), TokenAmount: wire.NewAmount(big.NewInt(30_000000)), AvgPrice: "0.666666666666666667",
		Fee: wire.NewAmount(big.NewInt(0)), Time: wire.NewTime(time.Now())}

	var mu sync.Mutex
	hits := map[string]int{}
	traded := make(chan struct{})
	// The first request of each path is refused: with Retry-After: 1 for
	// the first reads and the connect, without it (the backoff) for the
	// subscribe.
	refused := func(w http.ResponseWriter, path string, retryAfter bool) bool {
		mu.Lock()
		hits[path]++
		n := hits[path]
		mu.Unlock()
		if n != 1 {
			return false
		}
		if retryAfter {
			w.Header().Set("Retry-After", "1")
		}
		w.WriteHeader(http.StatusTooManyRequests)
		fmt.Fprint(w, `{"code":110103,"reason":"PLEASE_WAIT","msg":"too many requests","data":null}`)
		return true
	}
	ok := func(w http.ResponseWriter, data any) {
		json.NewEncoder(w).Encode(map[string]any{"code": 0, "reason": "", "msg": "success", "data": data})
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/api/v1/config":
			ok(w, client.Config{ChainID: 1337, BaseTokens: []client.BaseToken{{Address: "0xbase", Symbol: "USDC", Decimals: 6}}})
		case "/api/v1/market/get-market-detail":
			if !refused(w, r.URL.Path, true) {
				ok(w, m)
			}
		case "/api/v1/market/get-market-trades":
			if refused(w, r.URL.Path, true) {
				return
			}
			select {
			case <-traded:
				ok(w, client.TradesPage{Trades: []client.Trade{trade}, Total: 1})
			default:
				ok(w, client.TradesPage{Trades: []client.Trade{}})
			}
		case "/api/v1/sse/subscribe":
			if !refused(w, r.URL.Path, false) {
				var body client.Subscriptions
				json.NewDecoder(r.Body).Decode(&body)
				ok(w, body)
				close(traded)
			}
		case "/api/v1/sse/connect":
			if refused(w, r.URL.Path, true) {
				return
			}
			w.Header().Set("Content-Type", "text/event-stream")
			rc := http.NewResponseController(w)
			fmt.Fprint(w, "id: 1\nevent: base:connected\ndata: {\"connection_id\":\"c1\"}\n\n")
			rc.Flush()
			select {
			case <-traded:
			case <-r.Context().Done():
				return
			}
			fmt.Fprint(w, "id: 2\nevent: market:new_trades\ndata: {\"market_address\":\""+market+"\"}\n\n")
			rc.Flush()
			<-r.Context().Done()
		default:
			http.NotFound(w, r)
		}
	}))
	t.Cleanup(srv.Close)

	home := t.TempDir()
	env := map[string]string{"PREDICT_URL": srv.URL, "PREDICT_TOKEN": "tok", "HOME": home, "XDG_CONFIG_HOME": filepath.Join(home, "config")}
	v, _ := Find("watch")
	var out, errOut bytes.Buffer
	start := time.Now()
	err := Run(context.Background(), v, []string{"--for", "8s", market}, func(k string) string { return env[k] }, strings.NewReader(""), &out, &errOut)
	t.Logf("stdout:\n%s\nstderr:\n%s", out.String(), errOut.String())
	if err != nil {
		t.Fatalf("watch: %v", err)
	}
	if !strings.Contains(out.String(), "trade   alice bought 30 Yes for 20 USDC") {
		t.Fatalf("the trade is not in the watch")
	}
	for _, want := range []string{"read market: too many requests; trying again in 1s", "read trades: too many requests; trying again in 1s", "reconnecting in 1s"} {
		if !strings.Contains(errOut.String(), want) {
			t.Errorf("stderr lacks %q", want)
		}
	}
	mu.Lock()
	defer mu.Unlock()
	if hits["/api/v1/sse/subscribe"] != 2 {
		t.Errorf("%d subscribes, want 2 (the second after the 429)", hits["/api/v1/sse/subscribe"])
	}
	if time.Since(start) < 3*time.Second {
		t.Errorf("watch ended after %s: it did not wait the Retry-After of three refusals", time.Since(start))
	}
}
