package store_test

import (
	"context"
	"fmt"
	"math/big"
	"strings"
	"testing"
	"time"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/internal/ledger"
	"github.com/predict-dev/predict/internal/store"
	"github.com/predict-dev/predict/internal/store/storetest"
)

// TestLimitOrders: the orders the ledger decides are written, read by
// id, uuid, owner and status, aggregated in the book, their fills
// listed; a reorg of the fill and the cancellation rebuilds them as they
// were, and expiry is read at the time of the read.
func TestLimitOrders(t *testing.T) {
	ctx := context.Background()
	storetest.Each(t, func(t *testing.T, s *store.DB) {
		c := storetest.NewChainSim(t)
		c.Escrow = storetest.Address()
		a, b := storetest.Address(), storetest.Address()
		storetest.NewUser(t, s, func(p *predict.LoginParams) { p.Address = a })
		c.Create(big.NewInt(1000_000000), "")
		c.Mint(a, big.NewInt(500_000000))
		c.Mint(b, big.NewInt(500_000000))
		c.Next("")
		expiry := c.Time().Add(24 * time.Hour).Unix()
		op := "0x" + strings.Repeat("cd", 32)
		n := big.NewInt
		c.PlaceOrder(a, 0, true, n(45e16), n(100_000000), expiry, op)
		c.PlaceOrder(b, 0, true, n(45e16), n(50_000000), expiry, "")
		c.PlaceOrder(a, 0, true, n(40e16), n(10_000000), expiry, "")
		c.PlaceOrder(a, 1, true, n(30e16), n(20_000000), c.Time().Add(time.Minute).Unix(), "")
		base := c.Batch()
		_, err := ledger.ApplyBatch(ctx, s, base)
		storetest.Must(t, err)

		book := func(at time.Time) string {
			levels, err := s.OrderBook(ctx, c.Market, at)
			storetest.Must(t, err)
			var out []string
			for _, l := range levels {
				out = append(out, fmt.Sprintf("%d/%d %s %s×%d", l.Option, l.Side, predict.FormatPrice(l.LimitPrice), l.Remaining, l.Orders))
			}
			return strings.Join(out, " ")
		}
		now := c.Time()
		if got, want := book(now), "0/1 0.45 150000000×2 0/1 0.4 10000000×1 1/1 0.3 20000000×1"; got != want {
			t.Fatalf("book %q, want %q", got, want)
		}
		// Past the last order's expiry it leaves the book and reads expired.
		later := now.Add(2 * time.Minute)
		if got, want := book(later), "0/1 0.45 150000000×2 0/1 0.4 10000000×1"; got != want {
			t.Fatalf("book after an expiry %q, want %q", got, want)
		}
		expired, total, err := s.LimitOrders(ctx, predict.LimitOrderFilter{Owner: a, Status: predict.OrderExpired, Now: later})
		storetest.Must(t, err)
		if total != 1 || expired[0].ID != 4 || expired[0].Status != predict.OrderExpired {
			t.Fatalf("expired orders %d %+v", total, expired)
		}

		// The next expiry of an owner's open orders: a's minute-long order,
		// then the day-long ones once it has expired; none for an owner
		// without orders, nor past every expiry.
		for _, tc := range []struct {
			owner string
			at    time.Time
			want  int64 // unix seconds; 0 for none
		}{
			{a, now, c.Time().Add(time.Minute).Unix()},
			{a, later, expiry},
			{b, now, expiry},
			{storetest.Address(), now, 0},
			{a, time.Unix(expiry, 0), 0},
		} {
			at, ok, err := s.NextOrderExpiry(ctx, tc.owner, tc.at)
			storetest.Must(t, err)
			if got := map[bool]int64{true: at.Unix()}[ok]; got != tc.want {
				t.Fatalf("next expiry of %s at %v: %d (found %v), want %d", tc.owner, tc.at, got, ok, tc.want)
			}
		}

		first, err := s.LimitOrderByUUID(ctx, predict.LimitOrderUUID(op))
		storetest.Must(t, err)
		if first.ID != 1 || first.Owner != a || first.UID == "" || first.Side != predict.SideBuy || first.Amount.Int64() != 100_000000 ||
			first.OpHash != op || first.Status != predict.OrderOpen || first.Expiry.Unix() != expiry {
			t.Fatalf("order by uuid: %+v", first)
		}
		if _, err := s.LimitOrderByID(ctx, 99); predict.ErrorCode(err) != predict.ENOTFOUND {
			t.Fatalf("unknown order: %v", err)
		}
		ids, err := s.OpenLimitOrderIDs(ctx, c.Market, a)
		storetest.Must(t, err)
		if fmt.Sprint(ids) != "[1 3 4]" {
			t.Fatalf("open ids of A: %v", ids)
		}
		before := orderState(t, s, a, b)

		// A fill of half of order 1 and the cancellation of order 3,
		// then a reorg of them.
		saved := c.CopyBalances()
		c.Next("")
		got := c.FillFromPool(1, n(50_000000))
		c.CancelOrder(3, "")
		_, err = ledger.ApplyBatch(ctx, s, c.Batch())
		storetest.Must(t, err)
		after := orderState(t, s, a, b)
		o1, err := s.LimitOrderByID(ctx, 1)
		storetest.Must(t, err)
		if o1.Status != predict.OrderPartiallyFilled || o1.Remaining.Int64() != 50_000000 || o1.Filled.Int64() != 50_000000 || o1.Received.Cmp(got) != 0 {
			t.Fatalf("order 1 after its fill: %+v", o1)
		}
		fills, err := s.OrderFills(ctx, 1)
		storetest.Must(t, err)
		if len(fills) != 1 || fills[0].Counterparty != c.Market || fills[0].In.Int64() != 50_000000 || fills[0].Out.Cmp(got) != 0 {
			t.Fatalf("fills of order 1: %+v", fills)
		}
		if got, want := book(now), "0/1 0.45 100000000×2 1/1 0.3 20000000×1"; got != want {
			t.Fatalf("book after the fill %q, want %q", got, want)
		}
		// The fill is A's trade and position, not the escrow's.
		pos, _, err := s.Positions(ctx, predict.PositionFilter{Account: a})
		storetest.Must(t, err)
		if len(pos) != 1 || pos[0].Amount.Cmp(got) != 0 || pos[0].CostBasis.Int64() != 50_000000 {
			t.Fatalf("A's positions after the fill: %+v", pos)
		}
		if esc, _, err := s.Positions(ctx, predict.PositionFilter{Account: c.Escrow}); err != nil || len(esc) != 0 {
			t.Fatalf("the escrow's positions: %+v %v", esc, err)
		}

		_, err = ledger.RevertTo(ctx, s, base.To)
		storetest.Must(t, err)
		if g := orderState(t, s, a, b); g != before {
			t.Fatalf("after the reorg:\n%s--- want:\n%s", g, before)
		}
		c.Rewind(base.To.Number, saved)
		c.Next("other")
		c.FillFromPool(1, n(50_000000))
		c.CancelOrder(3, "")
		_, err = ledger.ApplyBatch(ctx, s, c.Batch())
		storetest.Must(t, err)
		if g := orderState(t, s, a, b); g != after {
			t.Fatalf("on the other branch:\n%s--- want:\n%s", g, after)
		}
	})
}

// orderState renders the orders of a and b, their fills, the positions
// of a, and A's open orders page by page.
func orderState(t *testing.T, s *store.DB, a, b string) string {
	t.Helper()
	ctx := context.Background()
	var out strings.Builder
	for _, owner := range []string{a, b} {
		for page := 1; ; page++ {
			orders, total, err := s.LimitOrders(ctx, predict.LimitOrderFilter{Owner: owner, Page: page, PageSize: 2})
			storetest.Must(t, err)
			for _, o := range orders {
				fills, err := s.OrderFills(ctx, o.ID)
				storetest.Must(t, err)
				fmt.Fprintf(&out, "%d/%d %d %s %s side %d price %s amount %s remaining %s filled %s received %s fills %d\n", page, total, o.ID,
					o.UUID, o.Status, o.Side, o.LimitPrice, o.Amount, o.Remaining, o.Filled, o.Received, len(fills))
			}
			if page*2 >= total {
				break
			}
		}
	}
	pos, _, err := s.Positions(ctx, predict.PositionFilter{Account: a, Closed: true})
	storetest.Must(t, err)
	for _, p := range pos {
		fmt.Fprintf(&out, "position %s %s cost %s\n", p.Option, p.Amount, p.CostBasis)
	}
	return out.String()
}
