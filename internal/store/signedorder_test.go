package store_test

import (
	"context"
	"math/big"
	"sync"
	"testing"
	"time"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/internal/store"
	"github.com/predict-dev/predict/internal/store/storetest"
)

func newSignedOrder(u *predict.User, market string, salt int64) *predict.SignedOrder {
	return &predict.SignedOrder{
		Hash: storetest.Address() + "000000000000000000000000", Maker: u.Address, Signer: storetest.Address(), UID: u.UID,
		Market: market, Option: 1, Side: predict.SignedBuy, Gives: "0x00000000000000000000000000000000000000b1",
		MakerAmount: big.NewInt(5_000_000), TakerAmount: big.NewInt(10_000_000), Salt: big.NewInt(salt), Nonce: big.NewInt(0),
		FeeRateBps: 100, Signature: []byte{1, 2, 3},
	}
}

func TestSignedOrders(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.DB) {
		ctx := context.Background()
		u := storetest.NewUser(t, s, nil)
		m1, m2 := storetest.NewMarket(t, s, nil), storetest.NewMarket(t, s, nil)
		limits := predict.SignedOrderLimits{PerMarket: 2, Total: 3}

		a := newSignedOrder(u, m1.Address, 1)
		storetest.Must(t, s.PlaceSignedOrder(ctx, a, limits))
		if a.Seq == 0 || a.Status != predict.SignedOpen || a.Filled.Sign() != 0 {
			t.Fatalf("placed: seq %d status %s filled %s", a.Seq, a.Status, a.Filled)
		}
		got, err := s.SignedOrder(ctx, a.Hash)
		storetest.Must(t, err)
		if got.MakerAmount.Cmp(a.MakerAmount) != 0 || got.Salt.Int64() != 1 || string(got.Signature) != string(a.Signature) || got.Maker != u.Address {
			t.Fatalf("read back %+v", got)
		}

		// The same order again, and another order on its salt.
		if err := s.PlaceSignedOrder(ctx, a, limits); predict.ErrorCode(err) != predict.EDUPLICATE {
			t.Fatalf("same order again: %v", err)
		}
		reused := newSignedOrder(u, m1.Address, 1)
		if err := s.PlaceSignedOrder(ctx, reused, limits); predict.ErrorCode(err) != predict.EDUPLICATE {
			t.Fatalf("reused salt: %v", err)
		}

		// The caps: two in one market, three in all.
		b := newSignedOrder(u, m1.Address, 2)
		storetest.Must(t, s.PlaceSignedOrder(ctx, b, limits))
		if b.Seq <= a.Seq {
			t.Fatalf("seq %d after %d", b.Seq, a.Seq)
		}
		if err := s.PlaceSignedOrder(ctx, newSignedOrder(u, m1.Address, 3), limits); predict.ErrorCode(err) != predict.ELIMIT {
			t.Fatalf("third in one market: %v", err)
		}
		c := newSignedOrder(u, m2.Address, 4)
		storetest.Must(t, s.PlaceSignedOrder(ctx, c, limits))
		if err := s.PlaceSignedOrder(ctx, newSignedOrder(u, m2.Address, 5), limits); predict.ErrorCode(err) != predict.ELIMIT {
			t.Fatalf("fourth in all: %v", err)
		}

		// The book reads a market's open orders in placement order.
		book, err := s.OpenSignedOrders(ctx, m1.Address)
		storetest.Must(t, err)
		if len(book) != 2 || book[0].Hash != a.Hash || book[1].Hash != b.Hash {
			t.Fatalf("book of m1: %v", book)
		}
		mine, total, err := s.SignedOrders(ctx, predict.SignedOrderFilter{UID: u.UID, PageSize: 2})
		storetest.Must(t, err)
		if total != 3 || len(mine) != 2 || mine[0].Hash != c.Hash {
			t.Fatalf("user's orders: %d of %d, first %v", len(mine), total, mine)
		}

		// What a maker's open orders giving a token may still give.
		committed, err := s.SignedOrderCommitted(ctx, u.Address, "0x00000000000000000000000000000000000000B1", time.Now())
		storetest.Must(t, err)
		if committed.Int64() != 15_000_000 {
			t.Fatalf("committed %s, want three orders of 5000000", committed)
		}
		if other, _ := s.SignedOrderCommitted(ctx, u.Address, storetest.Address(), time.Now()); other.Sign() != 0 {
			t.Fatalf("committed of another token: %s", other)
		}

		// Fills only grow, and the last one closes the order.
		filled, err := s.FillSignedOrder(ctx, a.Hash, big.NewInt(2_000_000))
		storetest.Must(t, err)
		if filled.Filled.Int64() != 2_000_000 || filled.Status != predict.SignedOpen {
			t.Fatalf("part fill: %s %s", filled.Filled, filled.Status)
		}
		if older, _ := s.FillSignedOrder(ctx, a.Hash, big.NewInt(1_000_000)); older.Filled.Int64() != 2_000_000 {
			t.Fatalf("an older fill report lowered filled to %s", older.Filled)
		}
		done, err := s.FillSignedOrder(ctx, a.Hash, big.NewInt(5_000_000))
		storetest.Must(t, err)
		if done.Status != predict.SignedFilled {
			t.Fatalf("whole fill: status %s", done.Status)
		}

		// Cancels: one by hash (a closed one is refused), then all.
		if _, err := s.CancelSignedOrders(ctx, u.UID, predict.SignedOrderCancel{Hash: a.Hash}); predict.ErrorCode(err) != predict.EORDERCLOSED {
			t.Fatalf("cancel a filled order: %v", err)
		}
		other := storetest.NewUser(t, s, nil)
		if _, err := s.CancelSignedOrders(ctx, other.UID, predict.SignedOrderCancel{Hash: b.Hash}); predict.ErrorCode(err) != predict.ENOTFOUND {
			t.Fatalf("cancel another user's order: %v", err)
		}
		gone, err := s.CancelSignedOrders(ctx, u.UID, predict.SignedOrderCancel{})
		storetest.Must(t, err)
		if len(gone) != 2 || gone[0].Status != predict.SignedCancelled {
			t.Fatalf("cancel all: %v", gone)
		}
		if open, _ := s.OpenSignedOrders(ctx, ""); len(open) != 0 {
			t.Fatalf("%d orders open after cancelling all", len(open))
		}
		if closed, _ := s.CloseSignedOrder(ctx, b.Hash, predict.SignedUnfunded); closed.Status != predict.SignedCancelled {
			t.Fatalf("closing a cancelled order changed it to %s", closed.Status)
		}
		if _, err := s.SignedOrder(ctx, "0x00"); predict.ErrorCode(err) != predict.ENOTFOUND {
			t.Fatalf("unknown hash: %v", err)
		}
	})
}

// TestSignedOrderCapConcurrent places many orders of one user at once:
// the cap holds on both stores however the placements interleave.
func TestSignedOrderCapConcurrent(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.DB) {
		ctx := context.Background()
		u := storetest.NewUser(t, s, nil)
		m := storetest.NewMarket(t, s, nil)
		limits := predict.SignedOrderLimits{PerMarket: 5, Total: 5}
		var wg sync.WaitGroup
		for i := range 20 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				_ = s.PlaceSignedOrder(ctx, newSignedOrder(u, m.Address, int64(100+i)), limits)
			}()
		}
		wg.Wait()
		open, err := s.OpenSignedOrders(ctx, m.Address)
		storetest.Must(t, err)
		if len(open) != 5 {
			t.Fatalf("%d open orders under a cap of 5", len(open))
		}
		if open[0].Expiration != (time.Time{}) {
			t.Fatalf("an order without expiration reads as expiring at %s", open[0].Expiration)
		}
	})
}
