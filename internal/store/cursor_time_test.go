package store_test

import (
	"context"
	"math/big"
	"testing"
	"time"

	"github.com/predict-dev/predict/internal/ledger"
	"github.com/predict-dev/predict/internal/store"
	"github.com/predict-dev/predict/internal/store/storetest"
)

// TestIndexedHeadTime: the cursor keeps its block's time, so the service
// knows the chain's time from what it indexed, without asking the chain
// node; a revert forgets it until the next batch.
func TestIndexedHeadTime(t *testing.T) {
	ctx := context.Background()
	storetest.Each(t, func(t *testing.T, s *store.DB) {
		if at, ok, err := s.IndexedHeadTime(ctx); err != nil || ok {
			t.Fatalf("before any batch: %v %v %v, want not known", at, ok, err)
		}
		c := storetest.NewChainSim(t)
		c.Create(big.NewInt(1000_000000), "")
		b1 := c.Batch()
		want := func(when string, ts time.Time) {
			t.Helper()
			at, ok, err := s.IndexedHeadTime(ctx)
			if err != nil || !ok || !at.Equal(ts.Truncate(time.Millisecond)) {
				t.Fatalf("%s: head time %v %v %v, want %v", when, at, ok, err, ts)
			}
		}
		_, err := ledger.ApplyBatch(ctx, s, b1)
		storetest.Must(t, err)
		if b1.ToTime.IsZero() {
			t.Fatal("the simulator's batch has no time")
		}
		want("first batch", b1.ToTime)

		c.Next("")
		c.Mint(storetest.Address(), big.NewInt(5_000000))
		b2 := c.Batch()
		_, err = ledger.ApplyBatch(ctx, s, b2)
		storetest.Must(t, err)
		if !b2.ToTime.After(b1.ToTime) {
			t.Fatalf("batch times %v then %v", b1.ToTime, b2.ToTime)
		}
		want("second batch", b2.ToTime)

		_, err = ledger.RevertTo(ctx, s, b1.To)
		storetest.Must(t, err)
		if at, ok, err := s.IndexedHeadTime(ctx); err != nil || ok {
			t.Fatalf("after a revert: %v %v %v, want not known", at, ok, err)
		}
	})
}
