package client_test

import (
	"context"
	"encoding/json"
	"errors"
	"math/big"
	"testing"
	"time"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/client"
	"github.com/predict-dev/predict/internal/portfolio"
	"github.com/predict-dev/predict/internal/store/storetest"
)

// login logs sub in with a chosen account address and returns its client
// and uid.
func (e *env) login(sub, account string) (*client.Client, string) {
	e.t.Helper()
	c := e.client(client.WithToken(e.token(sub, time.Hour)))
	res, err := c.Login(context.Background(), client.LoginRequest{Address: account, UserName: sub[len("did:dev:"):]})
	if err != nil {
		e.t.Fatal(err)
	}
	return c, res.UID
}

// TestChartsAndPortfolio feeds a confirmed history to the store as the
// indexer would (a market in the deployment's USDC: Alice buys Yes and
// sells half, Bob buys No; later the market settles on Yes and Alice
// claims) and reads it back through the chart, ranking, portfolio and
// leaderboard methods.
func TestChartsAndPortfolio(t *testing.T) {
	e := newEnv(t, envConfig{noEvents: true})
	ctx := context.Background()
	usdc := testDeployment.BaseTokens[0].Address
	aliceAcct, bobAcct := storetest.Address(), storetest.Address()
	alice, aliceUID := e.login("did:dev:alice", aliceAcct)
	bob, bobUID := e.login("did:dev:bob", bobAcct)
	anonymous := e.client()

	sim := storetest.NewChainSim(t)
	sim.Base, sim.Spacing = usdc, time.Minute
	sim.Epoch = time.Now().UTC().Add(-3 * time.Hour).Truncate(time.Second) // block 100 is 80 minutes ago
	minted := big.NewInt(500_000000)
	sim.Create(big.NewInt(1000_000000), "")
	sim.Mint(aliceAcct, minted)
	sim.Mint(bobAcct, minted)
	sim.Next("")
	bought := sim.Buy(aliceAcct, 0, big.NewInt(100_000000), "")
	sim.Next("")
	sold := sim.Sell(aliceAcct, 0, new(big.Int).Quo(bought.TokensOut, big.NewInt(2)))
	sim.Next("")
	sim.Buy(bobAcct, 1, big.NewInt(50_000000), "")
	sim.Apply(e.store)
	market, yes, no := sim.Market, sim.Options[0], sim.Options[1]

	t.Run("PriceHistory", func(t *testing.T) {
		d, err := anonymous.GetMarketDetail(ctx, market, "")
		if err != nil {
			t.Fatal(err)
		}
		h, err := anonymous.GetPriceHistory(ctx, client.PriceHistoryQuery{MarketAddress: market, Interval: client.IntervalAll})
		if err != nil {
			t.Fatal(err)
		}
		if h.MarketAddress != market || h.Interval != client.IntervalAll || h.Bucket() != time.Minute || !h.From.Before(h.To.Time) ||
			len(h.Options) != 2 || h.Options[0].OptionAddress != yes || h.Options[1].Title != "No" {
			t.Fatalf("history %+v", h)
		}
		for i, s := range h.Options {
			last := s.Points[len(s.Points)-1]
			if len(s.Points) < 2 || last.Price != d.Options[i].Price || last.Time.Before(h.From.Time) {
				t.Fatalf("series %s: %d points, last %+v; detail price %s", s.Title, len(s.Points), last, d.Options[i].Price)
			}
		}
		one, err := anonymous.GetPriceHistory(ctx, client.PriceHistoryQuery{MarketAddress: market, OptionAddress: no})
		if err != nil || one.Interval != client.Interval1d || len(one.Options) != 1 || one.Options[0].OptionAddress != no {
			t.Fatalf("one option, default interval: %+v, %v", one, err)
		}
		if _, err := anonymous.GetPriceHistory(ctx, client.PriceHistoryQuery{MarketAddress: market, Interval: "2h"}); !errors.Is(err, client.ErrParam) {
			t.Fatalf("unknown interval: %v", err)
		}
	})

	t.Run("HotMarkets", func(t *testing.T) {
		quiet := storetest.NewMarket(t, e.store, nil) // running, never traded
		page, err := anonymous.GetHotMarkets(ctx, client.HotMarketsQuery{})
		if err != nil {
			t.Fatal(err)
		}
		if page.TotalCount != 2 || len(page.Markets) != 2 || page.Markets[1].MarketAddress != quiet.Address {
			t.Fatalf("hot markets %+v", page)
		}
		m := page.Markets[0]
		if m.MarketAddress != market || m.Rank != 1 || m.Trades24h != 3 || m.Traders24h != 2 || m.Volume24h.Sign() <= 0 ||
			m.HotScore <= 0 || len(m.PriceChange24h) != 2 || len(m.Options) != 2 || m.Status != client.StatusRunning {
			t.Fatalf("first hot market %+v", m)
		}
		raw, err := json.Marshal(m)
		if err != nil {
			t.Fatal(err)
		}
		var back client.HotMarket
		if err := json.Unmarshal(raw, &back); err != nil {
			t.Fatal(err)
		}
		again, _ := json.Marshal(back)
		if !jsonEqual(t, raw, again) || back.Title != m.Title || back.Volume24h.Cmp(m.Volume24h.Int) != 0 {
			t.Fatalf("round trip\n got %s\nwant %s", again, raw)
		}
		if p2, err := anonymous.GetHotMarkets(ctx, client.HotMarketsQuery{Page: 2, PageSize: 1}); err != nil || len(p2.Markets) != 1 || p2.Markets[0].Rank != 2 {
			t.Fatalf("page 2: %+v, %v", p2, err)
		}
	})

	wantAlice := new(big.Int).Sub(minted, big.NewInt(100_000000))
	wantAlice.Add(wantAlice, sold.BaseOut)
	t.Run("AssetInfo", func(t *testing.T) {
		info, err := alice.GetUserAssetInfo(ctx, aliceUID, usdc)
		if err != nil {
			t.Fatal(err)
		}
		sum := new(big.Int).Add(info.Balance.Int, info.Portfolio.Int)
		if info.UID != aliceUID || info.Balance.Cmp(wantAlice) != 0 || info.Value.Cmp(sum) != 0 || info.Decimal != 6 ||
			info.PositionsValue.Sign() <= 0 || info.Volume.Sign() <= 0 || info.PnLRank != 0 {
			t.Fatalf("alice's asset info %+v, want balance %s", info, wantAlice)
		}
		if _, err := anonymous.GetUserAssetInfo(ctx, aliceUID, usdc); !errors.Is(err, client.ErrAuth) {
			t.Fatalf("asset info without a token: %v", err)
		}
		if _, err := alice.GetUserAssetInfo(ctx, aliceUID, storetest.Address()); !errors.Is(err, client.ErrParam) {
			t.Fatalf("asset info in a foreign token: %v", err)
		}
	})

	t.Run("AssetHistory", func(t *testing.T) {
		info, err := bob.GetUserAssetInfo(ctx, bobUID, usdc)
		if err != nil {
			t.Fatal(err)
		}
		h, err := bob.GetUserAssetHistory(ctx, client.AssetHistoryQuery{UID: bobUID, TimeInterval: client.TimeInterval1d, BaseTokenAddress: usdc})
		if err != nil {
			t.Fatal(err)
		}
		last := h.Points[len(h.Points)-1]
		if h.UID != bobUID || h.TimeInterval != client.TimeInterval1d || h.BucketSeconds != 3600 || last.Value.Cmp(info.Value.Int) != 0 || last.PnL.Cmp(info.PnL.Int) != 0 {
			t.Fatalf("bob's asset history %+v, info %+v", h, info)
		}
		if _, err := bob.GetUserAssetHistory(ctx, client.AssetHistoryQuery{UID: bobUID, BaseTokenAddress: usdc}); !errors.Is(err, client.ErrParam) {
			t.Fatalf("asset history without an interval: %v", err)
		}
	})

	t.Run("Leaderboard", func(t *testing.T) {
		before, err := anonymous.GetLeaderboard(ctx, client.LeaderboardQuery{})
		if err != nil || before.Total != 0 || !before.UpdatedAt.IsZero() || before.Period != client.PeriodAll || before.SortBy != client.RankByPnL {
			t.Fatalf("leaderboard before the first computation: %+v, %v", before, err)
		}
		if _, err := (&portfolio.Refresher{Store: e.store}).Refresh(ctx); err != nil {
			t.Fatal(err)
		}
		byVolume, err := anonymous.GetLeaderboard(ctx, client.LeaderboardQuery{SortBy: client.RankByVolume, Period: client.PeriodDay, BaseTokenAddress: usdc})
		if err != nil {
			t.Fatal(err)
		}
		if byVolume.Total != 2 || byVolume.UpdatedAt.IsZero() || byVolume.Period != client.PeriodDay ||
			byVolume.Entries[0].UID != aliceUID || byVolume.Entries[0].Rank != 1 || byVolume.Entries[0].VolumeRank != 1 ||
			byVolume.Entries[0].Name != "alice" || byVolume.Entries[1].UID != bobUID {
			t.Fatalf("leaderboard by volume %+v", byVolume)
		}
		info, err := alice.GetUserAssetInfo(ctx, aliceUID, usdc)
		if err != nil || info.PnLRank < 1 {
			t.Fatalf("alice's rank after the computation: %+v, %v", info, err)
		}
	})

	t.Run("ClaimRaisesBalance", func(t *testing.T) {
		before, err := alice.GetUserAssetInfo(ctx, aliceUID, usdc)
		if err != nil {
			t.Fatal(err)
		}
		pos, err := alice.GetUserPositions(ctx, client.PositionsQuery{MarketAddress: market})
		if err != nil || len(pos.Positions) != 1 {
			t.Fatalf("alice's positions %+v, %v", pos, err)
		}
		held := pos.Positions[0].Amount
		sim.Next("")
		sim.Settle(0, storetest.Address(), "")
		sim.Next("")
		sim.Claim(aliceAcct, 0, held.Int)
		sim.Apply(e.store)
		after, err := alice.GetUserAssetInfo(ctx, aliceUID, usdc)
		if err != nil {
			t.Fatal(err)
		}
		if got := new(big.Int).Sub(after.Balance.Int, before.Balance.Int); got.Cmp(held.Int) != 0 {
			t.Fatalf("the claim of %s raised the balance by %s", held, got)
		}
		d, err := anonymous.GetMarketDetail(ctx, market, "")
		if err != nil || d.Status != string(predict.StatusEnded) {
			t.Fatalf("market after settlement: %+v, %v", d, err)
		}
	})
}
