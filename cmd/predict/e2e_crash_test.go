package main

import (
	"context"
	"io"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"

	"github.com/predict-dev/predict"
)

// TestRestartWithPendingOperations stops the service right after it
// accepted a burst of operations (some not yet bundled, some in flight,
// the indexer behind), starts it again on the same data directory, and
// checks that every operation reaches a final status, no trade is applied
// twice and positions equal the chain's balances.
func TestRestartWithPendingOperations(t *testing.T) {
	e := startE2E(t, map[string]string{"PREDICT_DEV_BLOCK_INTERVAL": "300ms"})
	root := e.newUser("root")
	e.faucet(root, 1_000_000_000)
	market, opts := e.newMarket(root, "Restart")
	var users []*user
	for _, name := range []string{"user1", "user2", "user3", "user4", "user5", "user6"} {
		u := e.newUser(name)
		e.faucet(u, 100_000_000)
		users = append(users, u)
	}
	var opHashes []string
	for i, u := range users {
		f, _ := e.prepare(u, "buy", map[string]any{"marketAddress": market, "optionAddress": opts[i%2],
			"amount": "5000000", "minReceiveAmount": "1", "deadline": e.deadline(), "side": 1})
		opHashes = append(opHashes, e.submit(u, "/api/v1/market/place-order", f)["opHash"].(string))
	}

	// Stop at once: nothing may be lost, nothing applied twice.
	cfg := e.m.Config
	if err := e.m.Close(context.Background()); err != nil {
		t.Fatal(err)
	}
	m := &Main{Config: cfg, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))}
	if testing.Verbose() {
		m.Logger = slog.New(slog.NewTextHandler(testWriter{t}, nil))
	}
	if err := m.Open(context.Background()); err != nil {
		t.Fatal(err)
	}
	defer m.Close(context.Background())
	e.m = m

	confirmed := 0
	for _, h := range opHashes {
		st, reason := e.waitOp(h)
		switch st {
		case "confirmed":
			confirmed++
		case "dropped", "reverted":
			t.Logf("operation %s ended %s: %s", h, st, reason)
		}
	}
	if confirmed != len(opHashes) {
		t.Fatalf("%d of %d operations confirmed after the restart", confirmed, len(opHashes))
	}
	// The indexer may still be applying the last block: wait for it.
	deadline := time.Now().Add(30 * time.Second)
	var trades int
	for time.Now().Before(deadline) {
		_, total, err := m.Store.Trades(context.Background(), predict.TradeFilter{Market: market, PageSize: 50, Page: 1})
		if err != nil {
			t.Fatal(err)
		}
		if trades = total; trades >= len(opHashes) {
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	if trades != len(opHashes) {
		t.Fatalf("%d trades indexed for %d confirmed buys", trades, len(opHashes))
	}
	for i, u := range users {
		chainBal := e.balance(common.HexToAddress(opts[i%2]), u.account)
		var page struct {
			Positions []struct{ OptionAddress, Amount string }
		}
		call(t, m, "GET", "/api/v1/market/get-user-positions?page=1&pageSize=10&uid="+u.uid, "", nil, &page)
		if len(page.Positions) != 1 || !strings.EqualFold(page.Positions[0].OptionAddress, opts[i%2]) || page.Positions[0].Amount != chainBal.String() {
			t.Fatalf("%s: positions %+v, chain balance %s", u.name, page.Positions, chainBal)
		}
	}
}
