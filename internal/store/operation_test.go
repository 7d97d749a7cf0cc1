package store_test

import (
	"context"
	"fmt"
	"math/big"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/internal/store"
	"github.com/predict-dev/predict/internal/store/storetest"
)

func TestOperations(t *testing.T) {
	ctx := context.Background()
	eachWithUserAndMarket(t, func(t *testing.T, s *store.DB, u *predict.User, m *predict.Market) {
		op := &predict.Operation{
			OpHash: "0x" + "ab" + storetest.Address()[2:] + "000000000000000000000000", UID: u.UID, Sender: u.Address,
			Kind: "buy", Market: m.Address, Nonce: big.NewInt(3),
			UserOp: []byte(`{"sender":"` + u.Address + `"}`), Request: []byte(`{"side":1}`),
		}
		order := &predict.Order{UUID: "order-1", OpHash: op.OpHash, UID: u.UID, Market: m.Address, Option: m.Options[0].Address,
			Side: 1, Amount: big.NewInt(100), MinReceive: big.NewInt(90), Price: big.NewInt(500000), Deadline: 1_900_000_000}

		got, created, err := s.CreateOperation(ctx, op, order)
		storetest.Must(t, err)
		if !created || got.Status != predict.OpPending || got.OrderUUID != "order-1" || got.Nonce.Int64() != 3 || got.Kind != "buy" || got.Market != m.Address {
			t.Fatalf("created = %v, op = %+v", created, got)
		}
		// Resubmission: the same record, nothing created twice.
		again, created, err := s.CreateOperation(ctx, op, order)
		storetest.Must(t, err)
		if created || again.OpHash != op.OpHash || again.OrderUUID != "order-1" {
			t.Fatalf("resubmission: created = %v, op = %+v", created, again)
		}

		pending, err := s.PendingOperations(ctx, 10)
		storetest.Must(t, err)
		if len(pending) != 1 || pending[0].OpHash != op.OpHash || string(pending[0].UserOp) == "" {
			t.Fatalf("pending = %+v", pending)
		}
		mine, err := s.PendingOperationOf(ctx, u.Address)
		storetest.Must(t, err)
		if mine.OpHash != op.OpHash {
			t.Fatalf("pending operation of the sender = %+v", mine)
		}
		_, err = s.PendingOperationOf(ctx, storetest.Address())
		wantCode(t, err, predict.ENOTFOUND)

		storetest.Must(t, s.SetOperationStatus(ctx, op.OpHash, predict.OpSubmitted, "", "0xTX", 0))
		storetest.Must(t, s.SetOperationStatus(ctx, op.OpHash, predict.OpReverted, "InsufficientOutput(80, 90)", "0xtx", 12))
		// A final state is never left.
		storetest.Must(t, s.SetOperationStatus(ctx, op.OpHash, predict.OpConfirmed, "", "0xother", 13))
		got, err = s.OperationByHash(ctx, op.OpHash)
		storetest.Must(t, err)
		if got.Status != predict.OpReverted || got.Reason != "InsufficientOutput(80, 90)" || got.TxHash != "0xtx" || got.Block != 12 {
			t.Fatalf("after status changes: %+v", got)
		}
		pending, err = s.PendingOperations(ctx, 10)
		storetest.Must(t, err)
		if len(pending) != 0 {
			t.Fatalf("final operation still pending: %+v", pending)
		}
		_, err = s.PendingOperationOf(ctx, u.Address)
		wantCode(t, err, predict.ENOTFOUND)

		_, err = s.OperationByHash(ctx, "0xnope")
		wantCode(t, err, predict.ENOTFOUND)
		wantCode(t, s.SetOperationStatus(ctx, "0xnope", predict.OpDropped, "", "", 0), predict.ENOTFOUND)

		// An operation without an order (claim).
		claim := &predict.Operation{OpHash: "0xc1", UID: u.UID, Sender: u.Address, Kind: "claim", Market: m.Address, Nonce: big.NewInt(4)}
		got, created, err = s.CreateOperation(ctx, claim, nil)
		storetest.Must(t, err)
		if !created || got.OrderUUID != "" || string(got.Request) == "" {
			t.Fatalf("claim op = %+v", got)
		}
	})
}

// TestCreateOperationConcurrently records one operation from 16
// goroutines at once: every one gets the one record, exactly one creates
// it (on PostgreSQL a read before the insert once let several insert, and
// all but one failed on the primary key).
func TestCreateOperationConcurrently(t *testing.T) {
	ctx := context.Background()
	eachWithUserAndMarket(t, func(t *testing.T, s *store.DB, u *predict.User, m *predict.Market) {
		op := &predict.Operation{
			OpHash: "0x" + "cd" + storetest.Address()[2:] + "000000000000000000000000", UID: u.UID, Sender: u.Address,
			Kind: "buy", Market: m.Address, Nonce: big.NewInt(1), UserOp: []byte(`{}`), Request: []byte(`{}`),
		}
		const copies = 16
		var (
			wg      sync.WaitGroup
			created atomic.Int32
			errs    = make([]error, copies)
			got     = make([]*predict.Operation, copies)
		)
		for i := range copies {
			wg.Add(1)
			go func() {
				defer wg.Done()
				order := &predict.Order{UUID: fmt.Sprintf("order-%d", i), OpHash: op.OpHash, UID: u.UID, Market: m.Address,
					Option: m.Options[0].Address, Side: 1, Amount: big.NewInt(100), MinReceive: big.NewInt(1), Price: big.NewInt(1), Deadline: 1_900_000_000}
				var c bool
				got[i], c, errs[i] = s.CreateOperation(ctx, op, order)
				if c {
					created.Add(1)
				}
			}()
		}
		wg.Wait()
		for i := range copies {
			if errs[i] != nil {
				t.Fatalf("copy %d: %v", i, errs[i])
			}
			if got[i].OpHash != op.OpHash || got[i].OrderUUID != got[0].OrderUUID {
				t.Fatalf("copy %d got %+v, copy 0 %+v", i, got[i], got[0])
			}
		}
		if n := created.Load(); n != 1 {
			t.Fatalf("%d copies created the operation, want 1", n)
		}
	})
}

// eachWithUserAndMarket runs test on every store with one user and one
// market already there: what an operation, the user's and the market's,
// needs to be recorded.
func eachWithUserAndMarket(t *testing.T, test func(t *testing.T, s *store.DB, u *predict.User, m *predict.Market)) {
	storetest.Each(t, func(t *testing.T, s *store.DB) {
		test(t, s, storetest.NewUser(t, s, nil), storetest.NewMarket(t, s, nil))
	})
}
