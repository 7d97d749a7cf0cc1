package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math/big"
	"net/http"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/predict-dev/predict/internal/store/storetest"
	"github.com/predict-dev/predict/wire"
)

var opHashRe = regexp.MustCompile(`^0x[0-9a-f]{64}$`)

// TestConcurrentSubmit sends one signed operation 16 times at once, on
// separate connections, half through place-order and half through
// eth_sendUserOperation: every copy answers the one opHash (the record
// was once read, then inserted, and on PostgreSQL all but one copy
// answered 500 with a duplicate key), and the chain runs the trade once.
func TestConcurrentSubmit(t *testing.T) {
	for _, name := range []string{"sqlite", "postgres"} {
		t.Run(name, func(t *testing.T) {
			env := map[string]string{}
			if name == "postgres" {
				env["PREDICT_DATABASE_URL"] = storetest.PostgresDSN(t)
			}
			concurrentSubmit(t, startE2E(t, env))
		})
	}
}

func concurrentSubmit(t *testing.T, e *e2e) {
	root := e.newUser("root")
	e.faucet(root, 1_000_000_000)
	market, options := e.newMarket(root, "Concurrent market")
	alice := e.newUser("alice")
	e.faucet(alice, 50_000_000)
	signed, _ := e.prepare(alice, "buy", map[string]any{"marketAddress": market, "optionAddress": options[0], "side": 1,
		"amount": "10000000", "minReceiveAmount": "1", "price": "500000", "deadline": e.deadline()})
	rest, err := json.Marshal(signed)
	if err != nil {
		t.Fatal(err)
	}
	rpc, err := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": 1, "method": "eth_sendUserOperation",
		"params": []any{signed["userOperation"], e.m.Deployment.EntryPoint}})
	if err != nil {
		t.Fatal(err)
	}

	const copies = 16
	var (
		wg      sync.WaitGroup
		start   = make(chan struct{})
		answers = make([]string, copies)
	)
	for i := range copies {
		wg.Add(1)
		go func() {
			defer wg.Done()
			path, body := "/api/v1/market/place-order", rest
			if i%2 == 1 {
				path, body = "/api/v1/rpc", rpc
			}
			req, _ := http.NewRequest("POST", "http://"+e.m.Addr()+path, bytes.NewReader(body))
			req.Header.Set("Content-Type", "application/json")
			req.Header.Set("Authorization", "Bearer "+alice.token)
			// A connection of its own: the copies really arrive at once.
			c := &http.Client{Transport: &http.Transport{DisableKeepAlives: true}}
			<-start
			res, err := c.Do(req)
			if err != nil {
				answers[i] = "no answer: " + err.Error()
				return
			}
			defer res.Body.Close()
			raw, _ := io.ReadAll(res.Body)
			var out struct {
				Code   int
				Data   struct{ OpHash string }
				Result string
				Error  *wire.RPCError
			}
			json.Unmarshal(raw, &out)
			switch {
			case res.StatusCode != http.StatusOK || out.Code != 0 || out.Error != nil:
				answers[i] = fmt.Sprintf("HTTP %d: %s", res.StatusCode, raw)
			case out.Result != "":
				answers[i] = strings.ToLower(out.Result)
			default:
				answers[i] = out.Data.OpHash
			}
		}()
	}
	close(start)
	wg.Wait()
	for i, a := range answers {
		if !opHashRe.MatchString(a) || a != answers[0] {
			t.Fatalf("copy %d of %d answered %q; copy 0 answered %q", i, copies, a, answers[0])
		}
	}
	e.confirmed(answers[0])
	// One trade: alice spent the 10 USDC once.
	if got := e.balance(e.m.Suite.BaseTokens[0].Address, alice.account); got.Cmp(big.NewInt(40_000_000)) != 0 {
		t.Fatalf("alice's balance after %d copies of one buy of 10 USDC: %s, want 40000000", copies, got)
	}
	trades := request(t, e.m, "GET", "/api/v1/market/get-market-trades?marketAddress="+market, "", nil)
	var list struct{ Total int }
	json.Unmarshal(trades.Data, &list)
	if list.Total != 1 {
		t.Fatalf("the market lists %d trades, want 1: %s", list.Total, trades.Data)
	}
}
