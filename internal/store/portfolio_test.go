package store_test

import (
	"context"
	"math/big"
	"testing"
	"time"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/internal/ledger"
	"github.com/predict-dev/predict/internal/portfolio"
	"github.com/predict-dev/predict/internal/store"
	"github.com/predict-dev/predict/internal/store/storetest"
)

func n(x int64) *big.Int { return big.NewInt(x) }

func mustEqual(t *testing.T, what string, got, want *big.Int) {
	t.Helper()
	if got == nil || got.Cmp(want) != 0 {
		t.Fatalf("%s = %v, want %v", what, got, want)
	}
}

// TestPortfolioThroughSettlement follows one user's PnL through a buy, a
// partial sell, the settlement and the claim, with every figure worked
// out here from the average-cost rules of docs/portfolio.md, and another
// user's losing position; then the leaderboards and snapshots the
// refresher derives from them.
func TestPortfolioThroughSettlement(t *testing.T) {
	ctx := context.Background()
	storetest.Each(t, func(t *testing.T, s *store.DB) {
		c := storetest.NewChainSim(t)
		a, b := storetest.Address(), storetest.Address()
		alice := storetest.NewUser(t, s, func(p *predict.LoginParams) { p.Address = a })
		bob := storetest.NewUser(t, s, func(p *predict.LoginParams) { p.Address = b })

		c.Create(n(1000_000000), "")
		c.Mint(a, n(500_000000))
		c.Mint(b, n(500_000000))
		c.Next("")
		buy := c.Buy(a, 0, n(100_000000), "")
		c.Buy(b, 1, n(50_000000), "")
		c.Apply(s)

		// Alice: 100 USDC (fee included) for T tokens: cost 100 USDC.
		tokens := buy.TokensOut
		pos := func(uid string) *predict.Position {
			t.Helper()
			ps, _, err := s.Positions(ctx, predict.PositionFilter{UID: uid, Closed: true})
			storetest.Must(t, err)
			if len(ps) != 1 {
				t.Fatalf("positions of %s: %d", uid, len(ps))
			}
			return ps[0]
		}
		p := pos(alice.UID)
		price := c.Prices()[0]
		mustEqual(t, "amount after buy", p.Amount, tokens)
		mustEqual(t, "cost after buy", p.CostBasis, n(100_000000))
		mustEqual(t, "avg price after buy", p.AvgPrice, new(big.Int).Quo(new(big.Int).Mul(n(100_000000), predict.Wad), tokens))
		mustEqual(t, "current price", p.CurrentPrice, price)
		mustEqual(t, "unrealized after buy", p.UnrealizedPnL(),
			new(big.Int).Sub(new(big.Int).Quo(new(big.Int).Mul(tokens, price), predict.Wad), n(100_000000)))

		// Alice sells half: half the cost leaves (rounded down) and the
		// proceeds minus it is realized.
		c.Next("")
		half := new(big.Int).Quo(tokens, n(2))
		sell := c.Sell(a, 0, half)
		c.Apply(s)
		removed := new(big.Int).Quo(new(big.Int).Mul(n(100_000000), half), tokens)
		left := new(big.Int).Sub(tokens, half)
		cost := new(big.Int).Sub(n(100_000000), removed)
		realized := new(big.Int).Sub(sell.BaseOut, removed)
		p = pos(alice.UID)
		mustEqual(t, "amount after sell", p.Amount, left)
		mustEqual(t, "cost after sell", p.CostBasis, cost)
		mustEqual(t, "realized after sell", p.RealizedPnL, realized)
		mustEqual(t, "avg price after sell", p.AvgPrice, new(big.Int).Quo(new(big.Int).Mul(cost, predict.Wad), left))

		// Settlement on option 0: Alice's tokens are worth 1 each, Bob's 0.
		c.Next("")
		c.Settle(0, storetest.Address(), "")
		c.Apply(s)
		p = pos(alice.UID)
		mustEqual(t, "winning price", p.CurrentPrice, predict.Wad)
		mustEqual(t, "unrealized after settlement", p.UnrealizedPnL(), new(big.Int).Sub(left, cost))
		pb := pos(bob.UID)
		mustEqual(t, "losing price", pb.CurrentPrice, n(0))
		mustEqual(t, "bob unrealized", pb.UnrealizedPnL(), n(-50_000000))

		// Alice claims everything: one base unit per token, the rest of
		// the cost leaves, all of it realized.
		c.Next("")
		c.Claim(a, 0, left)
		c.Apply(s)
		totalPnL := new(big.Int).Add(realized, new(big.Int).Sub(left, cost))
		p = pos(alice.UID)
		mustEqual(t, "amount after claim", p.Amount, n(0))
		mustEqual(t, "cost after claim", p.CostBasis, n(0))
		mustEqual(t, "realized after claim", p.RealizedPnL, totalPnL)

		hs, err := s.Holdings(ctx, predict.HoldingsFilter{BaseToken: c.Base, UID: alice.UID, VolumeSince: []time.Time{{}}})
		storetest.Must(t, err)
		h := hs[0]
		balance := new(big.Int).Sub(n(500_000000), n(100_000000))
		balance.Add(balance, sell.BaseOut).Add(balance, left)
		mustEqual(t, "alice balance", h.Balance, balance)
		mustEqual(t, "alice portfolio", h.Portfolio(), n(0))
		mustEqual(t, "alice value", h.Value(), balance)
		mustEqual(t, "alice pnl", h.PnL(), totalPnL)
		// Her PnL is also what her balance gained over what she put in.
		mustEqual(t, "alice pnl as balance change", h.PnL(), new(big.Int).Sub(balance, n(500_000000)))
		mustEqual(t, "alice volume", h.Volumes[0], new(big.Int).Add(n(100_000000), sell.BaseOut))

		// Everyone: Bob holds worthless tokens bought for 50; the creator
		// is no user and is left out.
		all, err := s.Holdings(ctx, predict.HoldingsFilter{BaseToken: c.Base, VolumeSince: []time.Time{{}, c.Time().Add(time.Second)}})
		storetest.Must(t, err)
		if len(all) != 2 {
			t.Fatalf("holdings of everyone: %d", len(all))
		}
		for _, h := range all {
			if h.UID == bob.UID {
				mustEqual(t, "bob value", h.Value(), n(450_000000))
				mustEqual(t, "bob pnl", h.PnL(), n(-50_000000))
				mustEqual(t, "bob volume", h.Volumes[0], n(50_000000))
				mustEqual(t, "bob volume since after the trades", h.Volumes[1], n(0))
			}
		}

		// The refresher ranks them and snapshots both.
		now := c.Time().Add(time.Hour)
		r := &portfolio.Refresher{Store: s, Now: func() time.Time { return now }}
		st, err := r.Refresh(ctx)
		storetest.Must(t, err)
		if st.Users != 2 || st.Snapshots != 2 || st.Ranked != 8 {
			t.Fatalf("refresh: %+v", st)
		}
		board, total, at, err := s.Leaderboard(ctx, predict.LeaderboardFilter{BaseToken: c.Base, Period: predict.PeriodAll, PageSize: 10})
		storetest.Must(t, err)
		if total != 2 || !at.Equal(now.Truncate(time.Millisecond)) || board[0].UID != alice.UID || board[0].PnLRank != 1 ||
			board[1].UID != bob.UID || board[1].PnL.Cmp(n(-50_000000)) != 0 || board[1].Name != bob.Name {
			t.Fatalf("all-time board (%d at %s): %+v", total, at, board)
		}
		mustEqual(t, "board pnl", board[0].PnL, totalPnL)
		byVolume, _, _, err := s.Leaderboard(ctx, predict.LeaderboardFilter{BaseToken: c.Base, Period: predict.PeriodDay, By: predict.RankByVolume, Page: 2, PageSize: 1})
		storetest.Must(t, err)
		if len(byVolume) != 1 || byVolume[0].UID != bob.UID || byVolume[0].VolumeRank != 2 {
			t.Fatalf("second page of the day board by volume: %+v", byVolume)
		}
		e, err := s.LeaderboardEntry(ctx, c.Base, predict.PeriodAll, bob.UID)
		storetest.Must(t, err)
		if e.PnLRank != 2 || e.VolumeRank != 2 {
			t.Fatalf("bob's entry: %+v", e)
		}

		// Nothing changes: no snapshot is due, however late.
		now = now.Add(3 * time.Hour)
		if st, err = r.Refresh(ctx); err != nil || st.Snapshots != 0 {
			t.Fatalf("unchanged refresh: %+v, %v", st, err)
		}
		// Two days later the day board is empty (no trade, no PnL change
		// since the snapshot), all time still ranks both.
		now = now.Add(48 * time.Hour)
		storetest.Must(t, func() error { _, err := r.Refresh(ctx); return err }())
		if _, total, _, _ := s.Leaderboard(ctx, predict.LeaderboardFilter{BaseToken: c.Base, Period: predict.PeriodDay}); total != 0 {
			t.Fatalf("day board two days later: %d entries", total)
		}
		if _, total, _, _ := s.Leaderboard(ctx, predict.LeaderboardFilter{BaseToken: c.Base, Period: predict.PeriodAll}); total != 2 {
			t.Fatalf("all-time board two days later: %d entries", total)
		}
		snaps, err := s.AssetSnapshots(ctx, predict.SnapshotQuery{UID: alice.UID, BaseToken: c.Base, From: c.Time(), To: now, Bucket: time.Hour})
		storetest.Must(t, err)
		if len(snaps) != 1 || snaps[0].Value.Cmp(balance) != 0 || snaps[0].PnL.Cmp(totalPnL) != 0 {
			t.Fatalf("alice's snapshots: %+v", snaps)
		}
		if _, err := s.LeaderboardEntry(ctx, c.Base, predict.PeriodDay, alice.UID); predict.ErrorCode(err) != predict.ENOTFOUND {
			t.Fatalf("entry of an empty board: %v", err)
		}
	})
}

// TestPriceHistoryAndActivity checks the chart and ranking reads against
// the points of a simulated market.
func TestPriceHistoryAndActivity(t *testing.T) {
	ctx := context.Background()
	storetest.Each(t, func(t *testing.T, s *store.DB) {
		c := storetest.NewChainSim(t)
		c.Spacing = time.Minute
		a, b := storetest.Address(), storetest.Address()
		c.Create(n(1000_000000), "")
		opened := c.Time()
		c.Mint(a, n(500_000000))
		c.Mint(b, n(500_000000))
		var prices [][]*big.Int // after each trade block
		for i := range 4 {
			c.Next("")
			c.Buy(a, i%2, n(10_000000), "")
			if i == 3 {
				c.Buy(b, 0, n(5_000000), "")
			}
			prices = append(prices, c.Prices())
		}
		c.Apply(s)

		// Buckets of two minutes from the creation: the creation's own
		// bucket, then one per two trade blocks, each ending on the
		// later block's price.
		from := opened.Truncate(2 * time.Minute)
		h, err := s.PriceHistory(ctx, predict.PriceHistoryQuery{Market: c.Market, From: from, To: c.Time().Add(time.Minute), Bucket: 2 * time.Minute})
		storetest.Must(t, err)
		if len(h.Opening) != 0 {
			t.Fatalf("opening before the market existed: %v", h.Opening)
		}
		last := map[string]*big.Int{}
		for _, p := range h.Points {
			last[p.Option] = p.Price
		}
		mustEqual(t, "last yes price", last[c.Options[0]], prices[3][0])
		mustEqual(t, "last no price", last[c.Options[1]], prices[3][1])
		// 5 price changes (creation + 4 trade blocks) over 3 buckets of
		// 2 minutes: at most 3 points per option.
		if len(h.Points) > 6 || len(h.Points) < 4 {
			t.Fatalf("points: %d", len(h.Points))
		}

		// A window after the second trade opens at that trade's price.
		h, err = s.PriceHistory(ctx, predict.PriceHistoryQuery{Market: c.Market, Option: c.Options[0],
			From: opened.Add(2*time.Minute + time.Second), To: c.Time().Add(time.Minute), Bucket: time.Minute})
		storetest.Must(t, err)
		mustEqual(t, "opening", h.Opening[c.Options[0]], prices[1][0])
		if len(h.Points) != 2 || h.Points[0].Option != c.Options[0] {
			t.Fatalf("points after the second trade: %+v", h.Points)
		}

		at, err := s.PricesAt(ctx, []string{c.Market}, opened.Add(90*time.Second))
		storetest.Must(t, err)
		mustEqual(t, "price 90 s after opening", at[c.Options[0]], prices[0][0])
		at, err = s.PricesAt(ctx, []string{c.Market}, opened.Add(-time.Hour))
		storetest.Must(t, err)
		mustEqual(t, "price before opening (opening price)", at[c.Options[0]], new(big.Int).Quo(predict.Wad, n(2)))

		acts, err := s.MarketActivity(ctx, opened.Add(150*time.Second))
		storetest.Must(t, err)
		if len(acts) != 1 || acts[0].Trades != 3 || acts[0].Traders != 2 || acts[0].Volume.Cmp(n(25_000000)) != 0 || acts[0].BaseToken != c.Base {
			t.Fatalf("activity since the third block: %+v", acts)
		}
		order, err := s.MarketsByHotScore(ctx, predict.StatusRunning)
		storetest.Must(t, err)
		other := storetest.NewMarket(t, s, nil)
		ms, err := s.MarketsByAddress(ctx, []string{other.Address, c.Market, storetest.Address()})
		storetest.Must(t, err)
		if len(order) != 1 || order[0].Address != c.Market || order[0].BaseToken != c.Base || order[0].Hot <= 0 || len(ms) != 2 || ms[0].Address != other.Address || len(ms[1].Options) != 2 {
			t.Fatalf("hot order %v, markets by address %d", order, len(ms))
		}
		tokens, err := s.BaseTokens(ctx)
		storetest.Must(t, err)
		if len(tokens) != 2 {
			t.Fatalf("base tokens: %v", tokens)
		}
	})
}

// TestPriceRollUpAfterReorg: the hourly roll-up follows the price points
// when a reorg removes the last points of an hour.
func TestPriceRollUpAfterReorg(t *testing.T) {
	ctx := context.Background()
	storetest.Each(t, func(t *testing.T, s *store.DB) {
		c := storetest.NewChainSim(t)
		a := storetest.Address()
		c.Create(n(1000_000000), "")
		c.Mint(a, n(500_000000))
		c.Apply(s)
		c.Next("")
		c.Buy(a, 0, n(10_000000), "")
		kept := c.Prices()[0]
		c.Apply(s)
		ancestor := predict.BlockRef{Number: c.BlockNumber(), Hash: c.Hash(c.BlockNumber(), "")}
		saved := c.CopyBalances()
		c.Next("")
		c.Buy(a, 0, n(50_000000), "")
		c.Apply(s)

		hourly := func() *big.Int {
			t.Helper()
			h, err := s.PriceHistory(ctx, predict.PriceHistoryQuery{Market: c.Market, Option: c.Options[0],
				From: c.Time().Truncate(time.Hour).Add(-time.Hour), To: c.Time().Add(time.Hour), Bucket: time.Hour})
			storetest.Must(t, err)
			if len(h.Points) == 0 {
				t.Fatal("no hourly point")
			}
			return h.Points[len(h.Points)-1].Price
		}
		mustEqual(t, "hourly close before the reorg", hourly(), c.Prices()[0])
		_, err := ledger.RevertTo(ctx, s, ancestor)
		storetest.Must(t, err)
		c.Rewind(ancestor.Number, saved)
		mustEqual(t, "hourly close after the reorg", hourly(), kept)
	})
}

// TestAssetSnapshotBalance: the balance of a snapshot is read back as
// written, and a snapshot without one (as recorded before the store kept
// it) reads back without one.
func TestAssetSnapshotBalance(t *testing.T) {
	ctx := context.Background()
	storetest.Each(t, func(t *testing.T, s *store.DB) {
		u := storetest.NewUser(t, s, nil)
		base := storetest.Address()
		at := time.Now().Truncate(time.Hour)
		storetest.Must(t, s.AddAssetSnapshots(ctx, []predict.AssetSnapshot{
			{UID: u.UID, BaseToken: base, Time: at.Add(-2 * time.Hour), Value: big.NewInt(100), PnL: big.NewInt(-5)},
			{UID: u.UID, BaseToken: base, Time: at.Add(-time.Hour), Value: big.NewInt(100), PnL: big.NewInt(-5), Balance: big.NewInt(40)},
		}))
		snaps, err := s.AssetSnapshots(ctx, predict.SnapshotQuery{UID: u.UID, BaseToken: base, From: at.Add(-3 * time.Hour), To: at, Bucket: time.Hour})
		storetest.Must(t, err)
		if len(snaps) != 2 || snaps[0].Balance != nil || snaps[1].Balance == nil || snaps[1].Balance.Int64() != 40 {
			t.Fatalf("snapshots %+v", snaps)
		}
		last, err := s.LatestAssetSnapshots(ctx, base, at)
		storetest.Must(t, err)
		if b := last[u.UID].Balance; b == nil || b.Int64() != 40 {
			t.Fatalf("latest snapshot %+v", last[u.UID])
		}
	})
}

// TestHoldingsWithOpenOrders: placing limit orders moves money between
// the balance, the escrow and nothing else, so the value stays: what a
// buy order escrows counts as OrdersValue, the tokens a sell order
// escrows stay the seller's position; a cancel moves the escrow back.
// The escrow, which holds the sell order's tokens, is no holder of the
// option: two people hold it, whoever has an order open.
func TestHoldingsWithOpenOrders(t *testing.T) {
	ctx := context.Background()
	storetest.Each(t, func(t *testing.T, s *store.DB) {
		c := storetest.NewChainSim(t)
		c.Escrow = storetest.Address()
		a, b := storetest.Address(), storetest.Address()
		alice := storetest.NewUser(t, s, func(p *predict.LoginParams) { p.Address = a })
		c.Create(n(1000_000000), "")
		c.Mint(a, n(500_000000))
		c.Mint(b, n(500_000000))
		c.Next("")
		tokens := c.Buy(a, 0, n(100_000000), "").TokensOut
		c.Buy(b, 0, n(50_000000), "")
		c.Apply(s)

		holdings := func() *predict.Holdings {
			t.Helper()
			hs, err := s.Holdings(ctx, predict.HoldingsFilter{BaseToken: c.Base, UID: alice.UID})
			storetest.Must(t, err)
			if len(hs) != 1 {
				t.Fatalf("holdings of alice: %d", len(hs))
			}
			return hs[0]
		}
		holders := func(what string) {
			t.Helper()
			m, err := s.MarketByAddress(ctx, c.Market, "")
			storetest.Must(t, err)
			if m.Options[0].HoldersCount != 2 {
				t.Fatalf("%s: %d holders of Yes, want 2 (alice and bob; the escrow holds for alice)", what, m.Options[0].HoldersCount)
			}
		}
		before := holdings()
		mustEqual(t, "orders before any order", before.OrdersValue, n(0))
		holders("before any order")

		// Two bids of 7.50 and an ask of half her tokens, below and above the price.
		c.Next("")
		expiry := c.Time().Add(24 * time.Hour).Unix()
		bid := c.PlaceOrder(a, 0, true, n(35e16), n(7_500000), expiry, "")
		c.PlaceOrder(a, 0, true, n(30e16), n(7_500000), expiry, "")
		half := new(big.Int).Div(tokens, n(2))
		c.PlaceOrder(a, 0, false, n(90e16), half, expiry, "")
		c.Apply(s)
		open := holdings()
		mustEqual(t, "balance with two bids open", open.Balance, new(big.Int).Sub(before.Balance, n(15_000000)))
		mustEqual(t, "orders with two bids open", open.OrdersValue, n(15_000000))
		mustEqual(t, "positions with an ask open", open.PositionValue, before.PositionValue)
		mustEqual(t, "portfolio with orders open", open.Portfolio(), new(big.Int).Add(before.Portfolio(), n(15_000000)))
		mustEqual(t, "value with orders open", open.Value(), before.Value())
		mustEqual(t, "pnl with orders open", open.PnL(), before.PnL())
		holders("with an ask open")

		// A cancel refunds the bid: the balance has it again.
		c.Next("")
		c.CancelOrder(bid, "")
		c.Apply(s)
		cancelled := holdings()
		mustEqual(t, "orders after a cancel", cancelled.OrdersValue, n(7_500000))
		mustEqual(t, "balance after a cancel", cancelled.Balance, new(big.Int).Sub(before.Balance, n(7_500000)))
		mustEqual(t, "value after a cancel", cancelled.Value(), before.Value())
	})
}
