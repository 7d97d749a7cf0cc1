package client_test

import (
	"context"
	"encoding/json"
	"errors"
	"math/big"
	"slices"
	"testing"
	"time"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/client"
	"github.com/predict-dev/predict/internal/store/storetest"
	"github.com/predict-dev/predict/wire"
)

func bigInt(s string) *big.Int {
	n, ok := new(big.Int).SetString(s, 10)
	if !ok {
		panic(s)
	}
	return n
}

// TestMarkets reads markets seeded in the store through every filter,
// the detail form, categories, tags, follow and the chain-state reads.
func TestMarkets(t *testing.T) {
	e := newEnv(t, envConfig{noEvents: true})
	ctx := context.Background()
	now := time.Now().UTC()
	usdc, pts := storetest.Address(), storetest.Address()
	mk := func(title, cat string, tags []string, status predict.MarketStatus, volume int64, created, end time.Duration, base string) *predict.Market {
		return storetest.NewMarket(t, e.store, func(m *predict.Market) {
			m.Title, m.CategoryID, m.Tags, m.Status, m.BaseToken = title, cat, tags, status, base
			m.Volume = big.NewInt(volume)
			m.CreatedAt = now.Add(created).Truncate(time.Millisecond)
			m.EndTime = now.Add(end).Truncate(time.Second)
		})
	}
	btc := mk("Will BTC hit 100k?", "crypto", []string{"crypto", "btc"}, predict.StatusRunning, 500, -time.Hour, 12*time.Hour, usdc)
	election := mk("Election winner 2028", "politics", []string{"politics"}, predict.StatusRunning, 1500, -10*24*time.Hour, 30*24*time.Hour, usdc)
	rain := mk("Rain in Paris tomorrow", "weather", []string{"weather"}, predict.StatusEnded, 100, -48*time.Hour, -time.Hour, pts)
	alice, aliceUID := e.user("did:dev:alice")
	anonymous := e.client()

	if _, err := alice.FollowMarket(ctx, election.Address, true); err != nil {
		t.Fatal(err)
	}

	for _, tc := range []struct {
		name  string
		c     *client.Client
		q     client.MarketsQuery
		want  []string
		total int
	}{
		{"Newest", anonymous, client.MarketsQuery{}, []string{btc.Address, rain.Address, election.Address}, 3},
		{"Status", anonymous, client.MarketsQuery{Status: client.StatusEnded}, []string{rain.Address}, 1},
		{"Tag", anonymous, client.MarketsQuery{Tag: "btc"}, []string{btc.Address}, 1},
		{"Category", anonymous, client.MarketsQuery{CategoryID: "politics"}, []string{election.Address}, 1},
		{"Volume", anonymous, client.MarketsQuery{SortType: client.SortVolume}, []string{election.Address, btc.Address, rain.Address}, 3},
		{"EndingSoon", anonymous, client.MarketsQuery{SortType: client.SortEndingSoon}, []string{btc.Address, election.Address, rain.Address}, 3},
		{"Hot", anonymous, client.MarketsQuery{SortType: client.SortHot}, []string{election.Address, btc.Address, rain.Address}, 3},
		{"HotWords", anonymous, client.MarketsQuery{HotWords: "paris,rain"}, []string{rain.Address}, 1},
		{"BaseToken", anonymous, client.MarketsQuery{BaseTokenAddress: pts}, []string{rain.Address}, 1},
		{"NewMarket", anonymous, client.MarketsQuery{NewMarket: true}, []string{btc.Address, rain.Address}, 2},
		{"SoonExpired", anonymous, client.MarketsQuery{SoonExpired: true}, []string{btc.Address}, 1},
		{"Followed", alice, client.MarketsQuery{Followed: true}, []string{election.Address}, 1},
		{"Page2", anonymous, client.MarketsQuery{Page: 2, PageSize: 2}, []string{election.Address}, 3},
	} {
		t.Run(tc.name, func(t *testing.T) {
			page, err := tc.c.GetMarkets(ctx, tc.q)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, m := range page.Markets {
				got = append(got, m.MarketAddress)
			}
			if !slices.Equal(got, tc.want) || page.TotalCount != tc.total {
				t.Fatalf("markets %v (total %d), want %v (total %d)", got, page.TotalCount, tc.want, tc.total)
			}
		})
	}

	t.Run("ListForm", func(t *testing.T) {
		page, err := anonymous.GetMarkets(ctx, client.MarketsQuery{Tag: "btc"})
		if err != nil {
			t.Fatal(err)
		}
		m := page.Markets[0]
		if m.Volume.Cmp(big.NewInt(500)) != 0 || !m.EndTime.Equal(btc.EndTime) || !m.CreatedAt.Equal(btc.CreatedAt.Truncate(time.Second)) ||
			len(m.Options) != 2 || m.Options[0].Price != "0.5" || m.Options[0].Volume.Sign() != 0 || m.Options[0].HoldersCount != nil {
			t.Fatalf("list form %+v", m)
		}
	})

	t.Run("FollowList", func(t *testing.T) {
		if res, err := alice.UnfollowMarket(ctx, btc.Address); err != nil || res.IsFollowed || res.MarketAddress != btc.Address {
			t.Fatalf("unfollow of a market not followed: %+v, %v", res, err)
		}
		if _, err := alice.FollowMarket(ctx, btc.Address, true); err != nil {
			t.Fatal(err)
		}
		f, err := alice.GetFollowMarkets(ctx, 0, 0)
		if err != nil || f.Total != 2 || len(f.MarketList) != 2 || f.MarketList[0].MarketAddress != btc.Address ||
			f.MarketList[1].MarketAddress != election.Address || f.MarketList[0].Options[0].Price != "0.5" {
			t.Fatalf("followed markets %+v, %v", f, err)
		}
		if res, err := alice.UnfollowMarket(ctx, btc.Address); err != nil || res.IsFollowed {
			t.Fatalf("unfollow: %+v, %v", res, err)
		}
		if f, err = alice.GetFollowMarkets(ctx, 1, 1); err != nil || f.Total != 1 || f.MarketList[0].MarketAddress != election.Address {
			t.Fatalf("followed markets after unfollowing: %+v, %v", f, err)
		}
		if _, err := anonymous.GetFollowMarkets(ctx, 0, 0); !errors.Is(err, client.ErrAuth) {
			t.Fatalf("followed markets without a token: %v", err)
		}
	})

	t.Run("Detail", func(t *testing.T) {
		d, err := alice.GetMarketDetail(ctx, election.Address, "")
		if err != nil {
			t.Fatal(err)
		}
		if d.MarketAddress != election.Address || !d.IsFollowed || d.Liquidity.Cmp(big.NewInt(1000_000000)) != 0 ||
			d.Volume.Int64() != 1500 || d.StartTime.IsZero() || d.FeeBps != 200 || d.Status != client.StatusRunning ||
			d.Options[1].HoldersCount == nil || d.OptionByAddress(election.Options[1].Address).Title != "No" {
			t.Fatalf("detail %+v", d)
		}
		if _, err := anonymous.GetMarketDetail(ctx, election.Address, pts); !errors.Is(err, client.ErrNotFound) {
			t.Fatalf("detail under another base token: %v", err)
		}
		if res, err := alice.FollowMarket(ctx, election.Address, false); err != nil || res.IsFollowed {
			t.Fatalf("unfollow: %+v, %v", res, err)
		}
		if d, _ := alice.GetMarketDetail(ctx, election.Address, ""); d.IsFollowed {
			t.Fatal("still followed")
		}
	})

	t.Run("CategoriesAndTags", func(t *testing.T) {
		cats, err := anonymous.GetCategories(ctx)
		if err != nil || len(cats) != 3 || cats[0].MarketCount != 1 {
			t.Fatalf("categories %+v, %v", cats, err)
		}
		tags, err := anonymous.GetTags(ctx)
		if err != nil || len(tags) != 4 {
			t.Fatalf("tags %+v, %v", tags, err)
		}
	})

	t.Run("Quote", func(t *testing.T) {
		q, err := anonymous.GetQuote(ctx, client.QuoteQuery{MarketAddress: btc.Address, OptionAddress: btc.Options[0].Address,
			Side: client.SideBuy, Amount: big.NewInt(10_000000)})
		if err != nil {
			t.Fatal(err)
		}
		if q.AmountIn.Int64() != 10_000000 || q.AmountOut.Cmp(q.AmountIn.Int) <= 0 || q.Fee.Int64() != 200_000 ||
			q.PriceBefore != "0.5" || len(q.PricesAfter) != 2 {
			t.Fatalf("quote %+v", q)
		}
		if _, err := anonymous.GetQuote(ctx, client.QuoteQuery{MarketAddress: rain.Address, OptionAddress: rain.Options[0].Address,
			Side: client.SideBuy, Amount: big.NewInt(1)}); !errors.Is(err, client.ErrConflict) {
			t.Fatalf("quote on an ended market: %v", err)
		}
	})

	t.Run("ChainStateReads", func(t *testing.T) {
		res, err := anonymous.GetResolutionStatus(ctx, rain.Address)
		if err != nil || res.Status != client.StatusEnded || res.MarketAddress != rain.Address || !res.SettledAt.IsZero() ||
			res.WinningOption != nil || res.Claimable || res.TotalClaimedAmount.Sign() != 0 || res.TotalClaimableAmount.Sign() != 0 {
			t.Fatalf("resolution %+v, %v", res, err)
		}
		pos, err := alice.GetUserPositions(ctx, client.PositionsQuery{})
		if err != nil || pos.Total != 0 || pos.Positions == nil {
			t.Fatalf("own positions %+v, %v", pos, err)
		}
		if pos, err = anonymous.GetUserPositions(ctx, client.PositionsQuery{UID: aliceUID, MarketAddress: btc.Address}); err != nil || pos.Total != 0 {
			t.Fatalf("alice's positions read anonymously: %+v, %v", pos, err)
		}
		trades, err := anonymous.GetMarketTrades(ctx, client.MarketTradesQuery{MarketAddress: btc.Address, OptionAddress: btc.Options[0].Address})
		if err != nil || trades.Total != 0 {
			t.Fatalf("market trades %+v, %v", trades, err)
		}
		if trades, err = alice.GetUserTrades(ctx, client.UserTradesQuery{MarketAddress: btc.Address}); err != nil || trades.Total != 0 {
			t.Fatalf("user trades %+v, %v", trades, err)
		}
		liq, err := alice.GetUserLiquidity(ctx, client.LiquidityQuery{PageSize: 50})
		if err != nil || liq.Total != 0 {
			t.Fatalf("liquidity %+v, %v", liq, err)
		}
		if _, err := anonymous.GetUserTrades(ctx, client.UserTradesQuery{}); !errors.Is(err, client.ErrAuth) {
			t.Fatalf("user trades without a token: %v", err)
		}
	})
}

// TestWireForms: amounts are decimal strings, times ISO 8601 ("" for
// none), deadlines unix seconds, and the Go values round-trip.
func TestWireForms(t *testing.T) {
	end := time.Date(2030, 1, 2, 3, 4, 5, 0, time.UTC)
	for _, tc := range []struct {
		name string
		v    any
		wire string
		back func() any
	}{
		{"Trade", client.Trade{Side: 2, BaseAmount: wire.NewAmount(bigInt("123456789012345678901234567890")), TokenAmount: wire.NewAmount(big.NewInt(7)), Fee: wire.NewAmount(big.NewInt(0)), Time: wire.NewTime(end), AvgPrice: "0.25"},
			`{"txHash":"","opHash":"","orderUuid":"","blockNumber":0,"marketAddress":"","marketTitle":"","optionAddress":"","optionTitle":"","uid":"","userName":"","avatarUrl":"","account":"","side":2,"avgPrice":"0.25","baseAmount":"123456789012345678901234567890","tokenAmount":"7","fee":"0","time":"2030-01-02T03:04:05Z"}`,
			func() any { return &client.Trade{} }},
		{"PlaceOrder", client.PlaceOrderRequest{MarketAddress: "0xm", OptionAddress: "0xo", Side: 1, Amount: wire.NewAmount(big.NewInt(10)), MinReceiveAmount: wire.NewAmount(big.NewInt(1)), Deadline: wire.NewUnix(time.Unix(1700000000, 0))},
			`{"marketAddress":"0xm","optionAddress":"0xo","side":1,"amount":"10","minReceiveAmount":"1","deadline":"1700000000"}`,
			func() any { return &client.PlaceOrderRequest{} }},
		{"CreateMarket", client.CreateMarketRequest{Title: "t", Options: []client.OptionTitle{{Title: "Yes"}, {Title: "No"}}, EndTime: wire.NewTime(end), InitialLiquidity: wire.NewAmount(big.NewInt(5))},
			`{"title":"t","description":"","rules":"","options":[{"title":"Yes"},{"title":"No"}],"categoryId":"","baseTokenAddress":"","endTime":"2030-01-02T03:04:05Z","initialLiquidity":"5"}`,
			func() any { return &client.CreateMarketRequest{} }},
		{"OperationStatusZeroTimes", client.OperationStatus{OpHash: "0xh", Status: client.OpPending},
			`{"opHash":"0xh","status":"pending","action":"","marketAddress":"","orderUuid":"","txHash":"","blockNumber":0,"reason":"","sender":"","createdAt":"","updatedAt":""}`,
			func() any { return &client.OperationStatus{} }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			raw, err := json.Marshal(tc.v)
			if err != nil {
				t.Fatal(err)
			}
			if !jsonEqual(t, raw, []byte(tc.wire)) {
				t.Fatalf("wire form\n got %s\nwant %s", raw, tc.wire)
			}
			back := tc.back()
			if err := json.Unmarshal(raw, back); err != nil {
				t.Fatal(err)
			}
			again, _ := json.Marshal(back)
			if !jsonEqual(t, again, raw) {
				t.Fatalf("round trip\n got %s\nwant %s", again, raw)
			}
		})
	}
	t.Run("BadAmount", func(t *testing.T) {
		var p client.Position
		if err := json.Unmarshal([]byte(`{"amount":"1.5"}`), &p); err == nil {
			t.Fatal("fractional amount accepted")
		}
	})
}

func jsonEqual(t *testing.T, a, b []byte) bool {
	t.Helper()
	var x, y any
	if err := json.Unmarshal(a, &x); err != nil {
		t.Fatalf("%s: %v", a, err)
	}
	if err := json.Unmarshal(b, &y); err != nil {
		t.Fatalf("%s: %v", b, err)
	}
	ra, _ := json.Marshal(x)
	rb, _ := json.Marshal(y)
	return string(ra) == string(rb)
}
