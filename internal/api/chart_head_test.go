package api_test

import (
	"context"
	"math/big"
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
	"github.com/predict-dev/predict/internal/store"
	"github.com/predict-dev/predict/internal/store/storetest"
)

// movingHead is a chain whose head the test moves, counting the reads of
// it; it has no transactions.
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
