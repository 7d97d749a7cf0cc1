package api_test

import (
	"context"
	"math/big"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/internal/api"
	"github.com/predict-dev/predict/internal/events"
	"github.com/predict-dev/predict/internal/ledger"
	"github.com/predict-dev/predict/internal/portfolio"
	"github.com/predict-dev/predict/internal/store"
	"github.com/predict-dev/predict/internal/store/storetest"
)

// marketData is a small confirmed history for the chart, ranking and
// portfolio reads: a busy market (Alice buys, sells part, Bob buys, the
// market settles on Alice's option and she claims) and a quiet one with a
// single trade by Bob, both fed to the store as the indexer would.
type marketData struct {
	busy, quiet         *storetest.ChainSim
	aliceUID, bobUID    string
	alice, bob          string // tokens
	aliceAcct, bobAcct  string
	minted              *big.Int
	openingYes, lastYes *big.Int // busy market's Yes price at opening and before settling
}

func newMarketData(t *testing.T, e *env, s *store.DB) *marketData {
	d := &marketData{busy: storetest.NewChainSim(t), quiet: storetest.NewChainSim(t), aliceAcct: addr(0xa1), bobAcct: addr(0xb0),
		minted: big.NewInt(500_000000)}
	d.quiet.Base = d.busy.Base
	d.aliceUID, d.bobUID = e.login("did:dev:alice", d.aliceAcct), e.login("did:dev:bob", d.bobAcct)
	d.alice, d.bob = e.token("did:dev:alice"), e.token("did:dev:bob")
	c := d.busy
	c.Spacing = time.Minute
	c.Create(big.NewInt(1000_000000), "")
	d.openingYes = c.Prices()[0]
	c.Mint(d.aliceAcct, d.minted)
	c.Mint(d.bobAcct, d.minted)
	c.Next("")
	q := c.Buy(d.aliceAcct, 0, big.NewInt(100_000000), "")
	c.Next("")
	c.Sell(d.aliceAcct, 0, new(big.Int).Quo(q.TokensOut, big.NewInt(2)))
	c.Next("")
	c.Buy(d.bobAcct, 1, big.NewInt(50_000000), "")
	d.lastYes = c.Prices()[0]
	c.Apply(s)

	d.quiet.Follow(c)
	d.quiet.Create(big.NewInt(1000_000000), "")
	d.quiet.Next("")
	d.quiet.Buy(d.bobAcct, 0, big.NewInt(1_000000), "")
	d.quiet.Apply(s)
	e.now = d.quiet.Time().Add(30 * time.Second)
	return d
}

// settle ends the busy market on Yes and Alice claims her tokens.
func (d *marketData) settle(t *testing.T, s *store.DB) {
	c := d.busy
	c.Follow(d.quiet)
	c.Next("")
	c.Settle(0, storetest.Address(), "")
	c.Next("")
	ps, _, err := s.Positions(context.Background(), predict.PositionFilter{Account: d.aliceAcct, Market: c.Market})
	storetest.Must(t, err)
	c.Claim(d.aliceAcct, 0, ps[0].Amount)
	c.Apply(s)
}

func TestGetPriceHistory(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env, s *store.DB) {
		d := newMarketData(t, e, s)
		m := d.busy.Market
		for _, tc := range []struct {
			name, query  string
			status, code int
		}{
			{"NoMarket", "interval=1h", 400, 110101},
			{"BadInterval", "interval=2h&marketAddress=" + m, 400, 110101},
			{"BadTimeInterval", "timeInterval=5m&marketAddress=" + m, 400, 110101},
			{"IntervalsDisagree", "timeInterval=1h&interval=1d&marketAddress=" + m, 400, 110101},
			{"UnknownMarket", "marketAddress=" + addr(9), 404, 110102},
			{"NotAnOption", "marketAddress=" + m + "&optionAddress=" + addr(9), 400, 110101},
		} {
			t.Run(tc.name, func(t *testing.T) {
				wantError(t, e.do("GET", "/api/v1/market/get-price-history?"+tc.query, "", nil), tc.status, tc.code)
			})
		}

		var h struct {
			Interval      string
			BucketSeconds int
			From, To      time.Time
			Options       []struct {
				OptionAddress string
				Points        []struct {
					Time  time.Time
					Price string
				}
			}
		}
		r := e.do("GET", "/api/v1/market/get-price-history?interval=1h&marketAddress="+m, "", nil)
		wantOK(t, r)
		r.into(t, &h)
		// One-minute buckets from the creation (the window is clipped to
		// it) to the bucket of now; the first closes on the opening price,
		// the last on the price now.
		created := d.busy.Epoch.Add(101 * time.Minute)
		buckets := int(e.now.Truncate(time.Minute).Sub(created)/time.Minute) + 1
		if h.Interval != "1h" || h.BucketSeconds != 60 || !h.From.Equal(created) || len(h.Options) != 2 {
			t.Fatalf("history: %+v", h)
		}
		yes := h.Options[0].Points
		if len(yes) != buckets || yes[0].Price != predict.FormatPrice(d.openingYes) || yes[len(yes)-1].Price != predict.FormatPrice(d.lastYes) {
			t.Fatalf("yes series (%d buckets): %+v", buckets, yes)
		}
		for i := 1; i < len(yes); i++ {
			if !yes[i].Time.Equal(yes[i-1].Time.Add(time.Minute)) {
				t.Fatalf("points %d and %d are not a bucket apart: %v %v", i-1, i, yes[i-1].Time, yes[i].Time)
			}
		}

		// A chain that seals more than a block a second (the embedded one)
		// runs ahead of the wall clock: the chart ends at its head, so its
		// latest trade is in it. Without the chain's time it is not.
		behind := d.busy.Time().Add(-2 * time.Minute)
		for _, tc := range []struct {
			name   string
			chain  api.ChainReader
			latest bool // the chart ends on the last trade's price
		}{
			{"WallClockOnly", nil, false},
			{"ChainAhead", &movingHead{at: d.quiet.Time()}, true},
		} {
			t.Run(tc.name, func(t *testing.T) {
				ahead := newEnv(t, s, func(c *api.Config) { c.Chain = tc.chain })
				ahead.now = behind
				r := ahead.do("GET", "/api/v1/market/get-price-history?interval=1h&marketAddress="+m, "", nil)
				wantOK(t, r)
				r.into(t, &h)
				yes := h.Options[0].Points
				if got := yes[len(yes)-1].Price; tc.latest != (got == predict.FormatPrice(d.lastYes)) {
					t.Fatalf("wall clock at %v: the chart ends at %v on %s (the last trade's price is %s)",
						behind, yes[len(yes)-1].Time, got, predict.FormatPrice(d.lastYes))
				}
			})
		}

		// The platform's form: timeInterval, 4h, the alias path and one
		// snapshot per bucket holding every option's price.
		var snap struct {
			TimeInterval  string
			BucketSeconds int
			Options       []struct {
				OptionAddress string
				Points        []struct {
					Time  time.Time
					Price string
				}
			}
			Total     int
			Snapshots []struct {
				Timestamp time.Time
				Options   []struct{ OptionAddress, Price string }
			}
		}
		for _, path := range []string{"get-price-history", "get-market-option-price-history"} {
			r = e.do("GET", "/api/v1/market/"+path+"?timeInterval=4h&baseTokenAddress="+d.busy.Base+"&marketAddress="+m, "", nil)
			wantOK(t, r)
			r.into(t, &snap)
			if snap.TimeInterval != "4h" || snap.BucketSeconds != 300 || snap.Total != len(snap.Snapshots) || snap.Total != len(snap.Options[0].Points) || snap.Total == 0 {
				t.Fatalf("%s, 4h: %+v", path, snap)
			}
			for b, sn := range snap.Snapshots {
				if len(sn.Options) != 2 {
					t.Fatalf("snapshot %d: %+v", b, sn)
				}
				for i, o := range sn.Options {
					p := snap.Options[i].Points[b]
					if !sn.Timestamp.Equal(p.Time) || o.OptionAddress != snap.Options[i].OptionAddress || o.Price != p.Price {
						t.Fatalf("snapshot %d option %d is %+v at %v, the series says %+v", b, i, o, sn.Timestamp, p)
					}
				}
			}
			if last := snap.Snapshots[snap.Total-1].Options[0].Price; last != predict.FormatPrice(d.lastYes) {
				t.Fatalf("%s: last snapshot's yes price %s, want %s", path, last, predict.FormatPrice(d.lastYes))
			}
		}

		// One option; "all" picks a bucket that keeps the chart short.
		r = e.do("GET", "/api/v1/market/get-price-history?interval=all&marketAddress="+m+"&optionAddress="+d.busy.Options[1], "", nil)
		wantOK(t, r)
		r.into(t, &h)
		if len(h.Options) != 1 || h.Options[0].OptionAddress != d.busy.Options[1] || h.BucketSeconds != 60 || len(h.Options[0].Points) > 200 {
			t.Fatalf("all, one option: %+v", h)
		}

		// After settlement the chart ends on 1 and 0.
		d.settle(t, s)
		e.now = d.busy.Time().Add(time.Second)
		r = e.do("GET", "/api/v1/market/get-price-history?interval=1d&marketAddress="+m, "", nil)
		wantOK(t, r)
		r.into(t, &h)
		last := func(i int) string { p := h.Options[i].Points; return p[len(p)-1].Price }
		if h.BucketSeconds != 900 || last(0) != "1" || last(1) != "0" {
			t.Fatalf("settled market: bucket %d, last prices %s %s", h.BucketSeconds, last(0), last(1))
		}

		// A market without trades shows its opening prices.
		fresh := storetest.NewMarket(t, s, nil)
		r = e.do("GET", "/api/v1/market/get-price-history?interval=1w&marketAddress="+fresh.Address, "", nil)
		wantOK(t, r)
		r.into(t, &h)
		if h.BucketSeconds != 3600 || len(h.Options) != 2 || len(h.Options[0].Points) == 0 || h.Options[0].Points[0].Price != "0.5" {
			t.Fatalf("market without trades: %+v", h)
		}
	})
}

func TestGetHotMarkets(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env, s *store.DB) {
		wantError(t, e.do("GET", "/api/v1/market/get-hot-markets?page=1&pageSize=51", "", nil), 400, 110101)
		wantError(t, e.do("GET", "/api/v1/market/get-hot-markets?pageSize=0", "", nil), 400, 110101)
		wantError(t, e.do("GET", "/api/v1/market/get-hot-markets?baseTokenAddress=usdc", "", nil), 400, 110101)
		idle := storetest.NewMarket(t, s, nil)
		d := newMarketData(t, e, s)

		type hot struct {
			MarketAddress         string
			Rank                  int
			HotScore              float64
			Volume24h             string
			Trades24h, Traders24h int
			PriceChange24h        []struct{ OptionAddress, Price, Change string }
		}
		var page struct {
			TotalCount int
			Markets    []hot
		}
		r := e.do("GET", "/api/v1/market/get-hot-markets?page=1&pageSize=2", "", nil)
		wantOK(t, r)
		r.into(t, &page)
		if page.TotalCount != 3 || len(page.Markets) != 2 {
			t.Fatalf("hot markets: %+v", page)
		}
		busy, quiet := page.Markets[0], page.Markets[1]
		// The busy market: buy 100, sell (its proceeds), buy 50 by two
		// traders; the quiet one: one trade of 1 by one trader.
		trades, _, err := s.Trades(context.Background(), predict.TradeFilter{Market: d.busy.Market, PageSize: 10})
		storetest.Must(t, err)
		volume := new(big.Int)
		for _, tr := range trades {
			volume.Add(volume, tr.BaseAmount)
		}
		if busy.MarketAddress != d.busy.Market || busy.Rank != 1 || busy.Trades24h != 3 || busy.Traders24h != 2 ||
			busy.Volume24h != volume.String() || busy.HotScore <= quiet.HotScore {
			t.Fatalf("first: %+v", busy)
		}
		if quiet.MarketAddress != d.quiet.Market || quiet.Rank != 2 || quiet.Trades24h != 1 || quiet.Volume24h != "1000000" {
			t.Fatalf("second: %+v", quiet)
		}
		// 24 hours ago the market had not opened: the change is from the
		// opening price.
		change := new(big.Int).Sub(d.lastYes, d.openingYes)
		if busy.PriceChange24h[0].Change != predict.FormatPrice(change) || busy.PriceChange24h[0].Price != predict.FormatPrice(d.lastYes) {
			t.Fatalf("price change: %+v, want %s", busy.PriceChange24h, predict.FormatPrice(change))
		}
		r = e.do("GET", "/api/v1/market/get-hot-markets?page=2&pageSize=2", "", nil)
		wantOK(t, r)
		r.into(t, &page)
		if len(page.Markets) != 1 || page.Markets[0].MarketAddress != idle.Address || page.Markets[0].HotScore != 0 || page.Markets[0].Rank != 3 {
			t.Fatalf("page 2: %+v", page.Markets)
		}

		// Without paging, as the platform's clients ask: the first 20, also
		// as marketList; a base token without markets lists none.
		var all struct {
			TotalCount int
			Markets    []hot
			MarketList []hot
		}
		r = e.do("GET", "/api/v1/market/get-hot-markets", "", nil)
		wantOK(t, r)
		r.into(t, &all)
		if all.TotalCount != 3 || len(all.Markets) != 3 || len(all.MarketList) != 3 || all.MarketList[0].MarketAddress != d.busy.Market {
			t.Fatalf("hot markets without paging: %+v", all)
		}
		ofBase := 0
		for _, a := range []string{idle.Address, d.busy.Market, d.quiet.Market} {
			m, err := s.MarketByAddress(context.Background(), a, "")
			storetest.Must(t, err)
			if m.BaseToken == d.busy.Base {
				ofBase++
			}
		}
		r = e.do("GET", "/api/v1/market/get-hot-markets?baseTokenAddress="+d.busy.Base, "", nil)
		wantOK(t, r)
		r.into(t, &all)
		if all.TotalCount != ofBase || all.MarketList[0].MarketAddress != d.busy.Market {
			t.Fatalf("hot markets of the base token %s: %+v, want %d", d.busy.Base, all, ofBase)
		}
		r = e.do("GET", "/api/v1/market/get-hot-markets?baseTokenAddress="+addr(9), "", nil)
		wantOK(t, r)
		r.into(t, &all)
		if all.TotalCount != 0 || len(all.MarketList) != 0 {
			t.Fatalf("hot markets of a base token without markets: %+v", all)
		}

		// A day and a half later (and past the cache) nothing is recent:
		// every score is 0 and the order falls back to the decayed one.
		e.now = e.now.Add(36 * time.Hour)
		r = e.do("GET", "/api/v1/market/get-hot-markets?page=1&pageSize=10", "", nil)
		wantOK(t, r)
		r.into(t, &page)
		if len(page.Markets) != 3 || page.Markets[0].Trades24h != 0 || page.Markets[0].HotScore != 0 ||
			page.Markets[0].PriceChange24h[0].Change != "0" {
			t.Fatalf("a day and a half later: %+v", page.Markets)
		}
	})
}

func TestPortfolioReads(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env, s *store.DB) {
		d := newMarketData(t, e, s)
		base := d.busy.Base
		for _, tc := range []struct {
			name, path, token string
			status, code      int
		}{
			{"InfoNoToken", "/api/v1/market/get-user-asset-info?uid=" + d.aliceUID + "&baseTokenAddress=" + base, "", 401, 110303},
			{"InfoNoBase", "/api/v1/market/get-user-asset-info?uid=" + d.aliceUID, d.alice, 400, 110101},
			{"InfoBadBase", "/api/v1/market/get-user-asset-info?uid=" + d.aliceUID + "&baseTokenAddress=usdc", d.alice, 400, 110101},
			{"InfoNoUID", "/api/v1/market/get-user-asset-info?baseTokenAddress=" + base, d.alice, 400, 110101},
			{"InfoUnknownUID", "/api/v1/market/get-user-asset-info?uid=nobody&baseTokenAddress=" + base, d.alice, 404, 110102},
			{"HistoryNoToken", "/api/v1/user/get-user-asset-history?uid=" + d.aliceUID + "&timeInterval=1d&baseTokenAddress=" + base, "", 401, 110303},
			{"HistoryNoInterval", "/api/v1/user/get-user-asset-history?uid=" + d.aliceUID + "&baseTokenAddress=" + base, d.alice, 400, 110101},
			{"HistoryBadInterval", "/api/v1/user/get-user-asset-history?uid=" + d.aliceUID + "&timeInterval=2d&baseTokenAddress=" + base, d.alice, 400, 110101},
			{"HistoryUnknownUID", "/api/v1/user/get-user-asset-history?uid=nobody&timeInterval=1d&baseTokenAddress=" + base, d.alice, 404, 110102},
			{"BoardPeriod", "/api/v1/user/get-leaderboard?page=1&pageSize=10&period=year", "", 400, 110101},
			{"BoardSort", "/api/v1/user/get-leaderboard?page=1&pageSize=10&sortBy=luck", "", 400, 110101},
			{"BoardPageSize", "/api/v1/user/get-leaderboard?page=1&pageSize=0", "", 400, 110101},
		} {
			t.Run(tc.name, func(t *testing.T) {
				wantError(t, e.do("GET", tc.path, tc.token, nil), tc.status, tc.code)
			})
		}

		type info struct {
			Value, Balance, Portfolio, PnL, Volume, RealizedPnl, UnrealizedPnl string
			Decimal, PnLRank                                                   int
		}
		assetInfo := func(uid, token string) info {
			t.Helper()
			var in info
			e.read(t, "/api/v1/market/get-user-asset-info?uid="+uid+"&baseTokenAddress="+base, token, &in)
			return in
		}
		// Bob reads Alice's summary; it matches the store's positions.
		before := assetInfo(d.aliceUID, d.bob)
		ps, _, err := s.Positions(context.Background(), predict.PositionFilter{UID: d.aliceUID})
		storetest.Must(t, err)
		if before.Portfolio != ps[0].Value().String() || before.UnrealizedPnl != ps[0].UnrealizedPnL().String() ||
			before.RealizedPnl != ps[0].RealizedPnL.String() || before.Decimal != 6 || before.PnLRank != 0 {
			t.Fatalf("alice before settlement: %+v, position %+v", before, ps[0])
		}

		// After settlement and her claim everything is realized: her PnL
		// is exactly what her balance gained over the minted amount.
		d.settle(t, s)
		e.now = d.busy.Time().Add(time.Minute)
		r := &portfolio.Refresher{Store: s, Now: func() time.Time { return e.now }}
		_, err = r.Refresh(context.Background())
		storetest.Must(t, err)
		after := assetInfo(d.aliceUID, d.alice)
		balance, _ := new(big.Int).SetString(after.Balance, 10)
		gain := new(big.Int).Sub(balance, d.minted)
		if after.PnL != gain.String() || after.Value != after.Balance || after.Portfolio != "0" || after.PnLRank != 1 || after.RealizedPnl != gain.String() {
			t.Fatalf("alice after her claim: %+v (balance gain %s)", after, gain)
		}
		// Bob's losing tokens are worth 0: minus the 50 he paid, plus
		// what his open position in the quiet market made or lost.
		quiet, _, err := s.Positions(context.Background(), predict.PositionFilter{UID: d.bobUID, Market: d.quiet.Market})
		storetest.Must(t, err)
		bobPnL := new(big.Int).Add(big.NewInt(-50_000000), quiet[0].UnrealizedPnL())
		if bob := assetInfo(d.bobUID, d.bob); bob.PnL != bobPnL.String() || bob.PnLRank != 2 || bob.Volume != "51000000" ||
			bob.Portfolio != quiet[0].Value().String() {
			t.Fatalf("bob: %+v, want pnl %s", bob, bobPnL)
		}

		// History: the snapshot the refresh took, then the point now.
		var hist struct {
			BucketSeconds int
			Points        []struct {
				Time       time.Time
				Value, PnL string
			}
		}
		e.now = e.now.Add(2 * time.Hour)
		res := e.do("GET", "/api/v1/user/get-user-asset-history?uid="+d.aliceUID+"&timeInterval=1d&baseTokenAddress="+base, d.alice, nil)
		wantOK(t, res)
		res.into(t, &hist)
		n := len(hist.Points)
		if hist.BucketSeconds != 3600 || n != 3 || hist.Points[0].Value != after.Value || hist.Points[0].PnL != after.PnL ||
			!hist.Points[n-1].Time.Equal(e.now.Truncate(time.Second)) || hist.Points[n-1].Value != after.Value {
			t.Fatalf("history: %+v", hist)
		}

		var board struct {
			Total   int
			SortBy  string
			Entries []struct {
				Rank       int
				UID, PnL   string
				Volume     string
				VolumeRank int
			}
		}
		res = e.do("GET", "/api/v1/user/get-leaderboard?page=1&pageSize=10&baseTokenAddress="+base, "", nil)
		wantOK(t, res)
		res.into(t, &board)
		if board.Total != 2 || board.Entries[0].UID != d.aliceUID || board.Entries[0].PnL != after.PnL || board.Entries[1].Rank != 2 {
			t.Fatalf("leaderboard by pnl: %+v", board)
		}
		res = e.do("GET", "/api/v1/user/get-leaderboard?page=1&pageSize=1&period=day&sortBy=volume", "", nil)
		wantOK(t, res)
		res.into(t, &board)
		if board.SortBy != "volume" || len(board.Entries) != 1 || board.Entries[0].UID != d.aliceUID || board.Entries[0].VolumeRank != 1 {
			t.Fatalf("day leaderboard by volume (default token): %+v", board)
		}
	})
}

// TestAssetHistorySnapshots reads get-user-asset-history in the platform's
// form: total, decimal, and snapshots that split value into balance and
// portfolio; a snapshot recorded before the store kept the balance shows
// them as null, and the refresher records the split the next time round.
func TestAssetHistorySnapshots(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env, s *store.DB) {
		d := newMarketData(t, e, s)
		base := d.busy.Base

		var info struct{ Value, Balance, Portfolio, PnL string }
		r := e.do("GET", "/api/v1/market/get-user-asset-info?uid="+d.bobUID+"&baseTokenAddress="+base, d.bob, nil)
		wantOK(t, r)
		r.into(t, &info)
		if info.Balance == "0" || info.Portfolio == "0" {
			t.Fatalf("bob should hold both base tokens and positions: %+v", info)
		}
		// A snapshot as the store recorded them before it kept the
		// balance: same value and PnL as now, no balance.
		value, _ := new(big.Int).SetString(info.Value, 10)
		pnl, _ := new(big.Int).SetString(info.PnL, 10)
		old := e.now.Add(-3 * time.Hour)
		storetest.Must(t, s.AddAssetSnapshots(context.Background(), []predict.AssetSnapshot{
			{UID: d.bobUID, BaseToken: base, Time: old, Value: value, PnL: pnl}}))
		refreshed := e.now
		_, err := (&portfolio.Refresher{Store: s, Now: func() time.Time { return refreshed }}).Refresh(context.Background())
		storetest.Must(t, err)

		e.now = e.now.Add(2 * time.Hour)
		var hist struct {
			Points []struct {
				Time       time.Time
				Value, PnL string
			}
			Total     int
			Decimal   int
			Snapshots []struct {
				Timestamp          time.Time
				Value, PnL         string
				Balance, Portfolio *string
			}
		}
		r = e.do("GET", "/api/v1/user/get-user-asset-history?uid="+d.bobUID+"&timeInterval=1d&baseTokenAddress="+base, d.alice, nil)
		wantOK(t, r)
		r.into(t, &hist)
		n := len(hist.Snapshots)
		if hist.Total != n || n != len(hist.Points) || n < 4 || hist.Decimal != 6 {
			t.Fatalf("history: total %d, %d snapshots, %d points, decimal %d", hist.Total, n, len(hist.Points), hist.Decimal)
		}
		var unknown, split int
		for i, sn := range hist.Snapshots {
			p := hist.Points[i]
			if !sn.Timestamp.Equal(p.Time) || sn.Value != p.Value || sn.PnL != p.PnL || sn.Value != info.Value || sn.PnL != info.PnL {
				t.Fatalf("snapshot %d %+v disagrees with point %+v or bob's figures %+v", i, sn, p, info)
			}
			switch {
			case sn.Timestamp.Before(refreshed.Truncate(time.Hour)):
				if sn.Balance != nil || sn.Portfolio != nil {
					t.Fatalf("snapshot %d before the refresh has a split: %s + %s", i, *sn.Balance, *sn.Portfolio)
				}
				unknown++
			case sn.Balance == nil || sn.Portfolio == nil || *sn.Balance != info.Balance || *sn.Portfolio != info.Portfolio:
				t.Fatalf("snapshot %d (%s) after the refresh: %+v, want balance %s portfolio %s", i, sn.Timestamp, sn, info.Balance, info.Portfolio)
			default:
				split++
			}
		}
		if unknown == 0 || split < 2 {
			t.Fatalf("%d snapshots without a split, %d with", unknown, split)
		}

		for _, tc := range []struct{ name, query string }{
			{"NoUID", "timeInterval=1d&baseTokenAddress=" + base},
			{"NoBase", "uid=" + d.bobUID + "&timeInterval=1d"},
			{"NoInterval", "uid=" + d.bobUID + "&baseTokenAddress=" + base},
			{"Interval1h", "uid=" + d.bobUID + "&timeInterval=1h&baseTokenAddress=" + base},
		} {
			t.Run("Err"+tc.name, func(t *testing.T) {
				wantError(t, e.do("GET", "/api/v1/user/get-user-asset-history?"+tc.query, d.bob, nil), 400, 110101)
			})
		}
	})
}

// TestChainReadsBadInput: the reads of confirmed chain state refuse bad
// parameters with specific codes. Their successful answers are checked
// against the chain in the end-to-end tests of cmd/predict.
func TestChainReadsBadInput(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env, s *store.DB) {
		m := storetest.NewMarket(t, s, nil)
		alice := e.signIn("did:dev:alice", addr(1))
		opt := m.Options[0].Address
		for _, tc := range []struct {
			name, path, token string
			status, code      int
		}{
			{"QuoteMissingAmount", "/api/v1/market/get-quote?marketAddress=" + m.Address + "&optionAddress=" + opt + "&side=1", "", 400, 110101},
			{"QuoteZero", "/api/v1/market/get-quote?marketAddress=" + m.Address + "&optionAddress=" + opt + "&side=1&amount=0", "", 400, 110101},
			{"QuoteFraction", "/api/v1/market/get-quote?marketAddress=" + m.Address + "&optionAddress=" + opt + "&side=1&amount=1.5", "", 400, 110101},
			{"QuoteSide", "/api/v1/market/get-quote?marketAddress=" + m.Address + "&optionAddress=" + opt + "&side=3&amount=10", "", 400, 110101},
			{"QuoteNotAnOption", "/api/v1/market/get-quote?marketAddress=" + m.Address + "&optionAddress=" + addr(7) + "&side=1&amount=10", "", 400, 110101},
			{"QuoteUnknownMarket", "/api/v1/market/get-quote?marketAddress=" + addr(8) + "&optionAddress=" + opt + "&side=1&amount=10", "", 404, 110102},
			{"ResolutionUnknown", "/api/v1/market/get-resolution-status?marketAddress=" + addr(8), "", 404, 110102},
			{"ResolutionBadAddress", "/api/v1/market/get-resolution-status?marketAddress=0x1", "", 400, 110101},
			{"PositionsNoTokenNoUID", "/api/v1/market/get-user-positions?page=1&pageSize=10", "", 401, 110303},
			{"PositionsUnknownUID", "/api/v1/market/get-user-positions?page=1&pageSize=10&uid=nobody", "", 404, 110102},
			{"PositionsPageSize", "/api/v1/market/get-user-positions?page=1&pageSize=51", alice, 400, 110101},
			{"LiquidityNoToken", "/api/v1/market/get-user-liquidity?page=1&pageSize=10", "", 401, 110303},
			{"LiquidityBadMarket", "/api/v1/market/get-user-liquidity?page=1&pageSize=10&marketAddress=zz", alice, 400, 110101},
			{"MarketTradesNoMarket", "/api/v1/market/get-market-trades?page=1&pageSize=10", "", 400, 110101},
			{"MarketTradesUnknown", "/api/v1/market/get-market-trades?page=1&pageSize=10&marketAddress=" + addr(8), "", 404, 110102},
			{"MarketTradesBadOption", "/api/v1/market/get-market-trades?page=1&pageSize=10&marketAddress=" + m.Address + "&optionAddress=x", "", 400, 110101},
			{"UserTradesNoToken", "/api/v1/market/get-user-trades?page=1&pageSize=10", "", 401, 110303},
			{"UserTradesPage", "/api/v1/market/get-user-trades?page=0&pageSize=10", alice, 400, 110101},
			{"OperationBadHash", "/api/v1/aa/get-operation-status?opHash=0x12", "", 400, 110101},
			{"OperationUnknown", "/api/v1/aa/get-operation-status?opHash=0x" + strings.Repeat("ab", 32), "", 404, 110102},
		} {
			t.Run(tc.name, func(t *testing.T) {
				wantError(t, e.do("GET", tc.path, tc.token, nil), tc.status, tc.code)
			})
		}
		t.Run("QuoteOK", func(t *testing.T) {
			var q struct{ AmountOut, Fee, PriceBefore string }
			e.read(t, "/api/v1/market/get-quote?marketAddress="+m.Address+"&optionAddress="+opt+"&side=1&amount=10000000", "", &q)
			// 10 USDC at 2% fee into a 1000/1000 pool priced 0.5.
			if q.Fee != "200000" || q.PriceBefore != "0.5" || q.AmountOut == "" {
				t.Fatalf("quote = %+v", q)
			}
		})
		t.Run("TradesEmpty", func(t *testing.T) {
			var p struct{ Total int }
			e.read(t, "/api/v1/market/get-market-trades?page=1&pageSize=10&marketAddress="+m.Address, "", &p)
			if p.Total != 0 {
				t.Fatalf("trades of a new market: %d", p.Total)
			}
		})
		t.Run("PositionsEmpty", func(t *testing.T) {
			var p struct{ Total int }
			e.read(t, "/api/v1/market/get-user-positions?page=1&pageSize=10", alice, &p)
			if p.Total != 0 {
				t.Fatalf("positions of a new user: %d", p.Total)
			}
		})
	})
}

// movingHead is a chain whose head block is at the time the test sets (at,
// or set to move it), counting the reads of it; it has no transactions.
type movingHead struct {
	mu    sync.Mutex
	at    time.Time
	reads int
}

func (h *movingHead) set(at time.Time) {
	h.mu.Lock()
	h.at = at
	h.mu.Unlock()
}

func (h *movingHead) count() int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.reads
}

func (h *movingHead) HeaderByNumber(context.Context, *big.Int) (*types.Header, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.reads++
	return &types.Header{Number: big.NewInt(1), Time: uint64(h.at.Unix())}, nil
}

func (*movingHead) TransactionReceipt(context.Context, common.Hash) (*types.Receipt, error) {
	return nil, ethereum.NotFound
}

func (*movingHead) TransactionByHash(context.Context, common.Hash) (*types.Transaction, bool, error) {
	return nil, false, ethereum.NotFound
}

// TestChartEndsAtIndexedHead: a price chart ends at the chain's time when
// the chain runs ahead of the clock, and that time is the indexer's last
// block's, kept with its cursor: no chart computed, before or after a
// trade, calls the chain node. The chart read on a trade's events ends at
// the trade's block, ahead of the clock, so its price is the trade's, on
// both stores. Once a reorg has made the head's time unknown, the chain
// node is asked, once per change.
func TestChartEndsAtIndexedHead(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.DB) {
		chain := &movingHead{}
		bus := events.NewMemoryBus()
		cache := api.NewReadCache(api.CacheConfig{MaxAge: time.Hour})
		cache.Attach(bus)
		e := newEnv(t, s, func(c *api.Config) { c.Cache = cache; c.Chain = chain })
		sim := storetest.NewChainSim(t)
		// A minute-bucketed chart tells blocks two minutes apart.
		sim.Spacing = 2 * time.Minute
		trader := addr(0xa1)
		sim.Create(big.NewInt(1000_000000), "")
		sim.Mint(trader, big.NewInt(500_000000))
		chain.set(sim.Time())
		publishResult(t, bus, sim.Apply(s).Events)
		e.now = sim.Time().Add(-30 * time.Minute) // the clock behind the chain

		lastPrice := func(interval string) string {
			t.Helper()
			var h struct {
				Options []struct{ Points []struct{ Price string } }
			}
			e.read(t, "/api/v1/market/get-price-history?interval="+interval+"&marketAddress="+sim.Market, "", &h)
			points := h.Options[0].Points
			return points[len(points)-1].Price
		}
		for _, interval := range []string{"1h", "1d", "1w"} {
			lastPrice(interval)
		}
		var fork predict.BlockRef
		for i := range 3 {
			sim.Next("")
			sim.Buy(trader, i%2, big.NewInt(int64(10_000000*(i+1))), "")
			chain.set(sim.Time())
			b := sim.Batch()
			if i == 1 {
				fork = b.To
			}
			res, err := ledger.ApplyBatch(context.Background(), s, b)
			if err != nil {
				t.Fatal(err)
			}
			publishResult(t, bus, res.Events)
			if got, want := lastPrice("1h"), predict.FormatPrice(sim.Prices()[0]); got != want {
				t.Fatalf("trade %d: the chart read on its events ends at %s, want the trade's %s", i, got, want)
			}
		}
		if n := chain.count(); n != 0 {
			t.Fatalf("the charts called the chain node %d times, want none", n)
		}

		if _, err := ledger.RevertTo(context.Background(), s, fork); err != nil {
			t.Fatal(err)
		}
		publishResult(t, bus, []events.Event{events.MarketInfoUpdate(sim.Market, "")})
		lastPrice("1d")
		lastPrice("1w")
		if n := chain.count(); n != 1 {
			t.Fatalf("with the head's time unknown, two charts called the chain node %d times, want once", n)
		}
	})
}

// TestQuoteAtChainTime: get-quote judges whether a market trades at the
// chain's time, as operations do, not by the service's clock.
func TestQuoteAtChainTime(t *testing.T) {
	s := storetest.OpenSQLite(t)
	// The market ends in 30 days by the service's clock, on a whole
	// second as the chain's clock counts.
	m := storetest.NewMarket(t, s, func(m *predict.Market) { m.EndTime = m.EndTime.Truncate(time.Second) })
	quote := "/api/v1/market/get-quote?marketAddress=" + m.Address + "&optionAddress=" + m.Options[0].Address + "&side=1&amount=10000000"
	for name, tc := range map[string]struct {
		head time.Time
		ok   bool
	}{
		"BeforeEnd": {m.EndTime.Add(-time.Hour), true},
		"AtEnd":     {m.EndTime, false},
		"AfterEnd":  {m.EndTime.Add(time.Hour), false},
	} {
		t.Run(name, func(t *testing.T) {
			e := newEnv(t, s, func(c *api.Config) { c.Chain = &movingHead{at: tc.head} })
			r := e.do("GET", quote, "", nil)
			if tc.ok {
				wantOK(t, r)
				return
			}
			wantError(t, r, http.StatusConflict, 110105)
		})
	}
}
