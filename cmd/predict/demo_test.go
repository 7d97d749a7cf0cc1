package main

import (
	"bytes"
	"context"
	"io"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/predict-dev/predict/client"
)

// TestDemoRefused: --demo runs on the embedded default only.
func TestDemoRefused(t *testing.T) {
	for _, tc := range []struct {
		name string
		env  map[string]string
		want string
	}{
		{"ChainRPC", map[string]string{"PREDICT_CHAIN_RPC_URL": "http://127.0.0.1:8545"}, "PREDICT_CHAIN_RPC_URL"},
		{"JWKS", map[string]string{"PREDICT_JWKS_URL": "https://idp.example/jwks.json", "PREDICT_JWT_ISSUER": "i", "PREDICT_JWT_AUDIENCE": "a"}, "PREDICT_JWKS_URL"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var stderr bytes.Buffer
			err := run(context.Background(), []string{"demo"}, testEnv(t, tc.env), io.Discard, &stderr)
			if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), "embedded default only") {
				t.Fatalf("demo with %v: %v", tc.env, err)
			}
		})
	}
}

// TestDemoSeed seeds the sample markets on the embedded default through
// the API, then seeds nothing on a second run.
func TestDemoSeed(t *testing.T) {
	cfg, err := LoadConfig(testEnv(t, map[string]string{"PREDICT_ADMIN_SUBJECTS": "did:dev:root"}))
	if err != nil {
		t.Fatal(err)
	}
	if err := enableDemo(cfg); err != nil {
		t.Fatal(err)
	}
	if len(cfg.AdminSubjects) != 2 || cfg.AdminSubjects[1] != demoAdmin {
		t.Fatalf("admin subjects %v", cfg.AdminSubjects)
	}
	var logs syncBuffer
	m := &Main{Config: cfg, Logger: slog.New(slog.NewTextHandler(&logs, nil))}
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	if err := m.Open(ctx); err != nil {
		t.Fatal(err)
	}
	defer m.Close(context.Background())
	if err := seedDemo(ctx, m); err != nil {
		t.Fatalf("seed: %v\n%s", err, logs.String())
	}
	public, err := client.New("http://" + m.Addr())
	if err != nil {
		t.Fatal(err)
	}
	page, err := public.GetMarkets(ctx, client.MarketsQuery{PageSize: 50})
	if err != nil {
		t.Fatal(err)
	}
	if page.TotalCount != len(demoMarkets) {
		t.Fatalf("%d markets after seeding, want %d", page.TotalCount, len(demoMarkets))
	}
	trades, options := 0, 0
	for _, mk := range page.Markets {
		tr, err := public.GetMarketTrades(ctx, client.MarketTradesQuery{MarketAddress: mk.MarketAddress, PageSize: 50})
		if err != nil {
			t.Fatal(err)
		}
		trades += tr.Total
		options += len(mk.Options)
		if strings.Contains(mk.Title, "{date}") || mk.CategoryID == "" || len(mk.Tags) == 0 {
			t.Fatalf("market %+v", mk)
		}
	}
	if trades != len(demoTrades) || options != 9 {
		t.Fatalf("%d trades and %d options, want %d and 9", trades, options, len(demoTrades))
	}
	tagged, err := public.GetMarkets(ctx, client.MarketsQuery{Tag: demoMarkets[demoLiquidity.market].tags[0]})
	if err != nil || tagged.TotalCount != 1 {
		t.Fatalf("the market liquidity was added to: %+v, %v", tagged, err)
	}
	ecb, err := public.GetMarketDetail(ctx, tagged.Markets[0].MarketAddress, "")
	if err != nil {
		t.Fatal(err)
	}
	if want := int64(demoMarkets[demoLiquidity.market].liquidity+demoLiquidity.amount) * 1_000_000; ecb.Liquidity.Int64() < want*9/10 {
		t.Fatalf("liquidity of %q: %s, want about %d", ecb.Title, ecb.Liquidity, want)
	}

	// The traders are ranked as soon as the seeding ends, not at the next
	// periodic refresh (5 minutes by default).
	board, err := public.GetLeaderboard(ctx, client.LeaderboardQuery{Period: "all", SortBy: "volume", PageSize: 10})
	if err != nil {
		t.Fatal(err)
	}
	ranked := map[string]bool{}
	for _, e := range board.Entries {
		ranked[e.Name] = e.Rank > 0
	}
	for _, name := range []string{"demo-alice", "demo-bob", "demo-carol"} {
		if !ranked[name] {
			t.Fatalf("%s is not on the volume leaderboard right after seeding: %+v", name, board)
		}
	}

	seen := len(logs.String())
	if err := seedDemo(ctx, m); err != nil {
		t.Fatal(err)
	}
	if again, err := public.GetMarkets(ctx, client.MarketsQuery{PageSize: 1}); err != nil || again.TotalCount != len(demoMarkets) {
		t.Fatalf("after a second seeding: %+v, %v", again, err)
	}
	if second := logs.String()[seen:]; !strings.Contains(second, "nothing seeded") {
		t.Fatalf("second seeding logged:\n%s", second)
	}
}
