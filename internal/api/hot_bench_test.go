package api

import (
	"context"
	"os"
	"testing"
	"time"

	"github.com/predict-dev/predict/internal/events"
	"github.com/predict-dev/predict/internal/seed"
	"github.com/predict-dev/predict/internal/store"
	"github.com/predict-dev/predict/internal/store/storetest"
)

// BenchmarkHotActivity is the hot ranking's reading of the last 24 hours
// of trades, on the seeded history (the small scale; PREDICT_SCALE=full
// for 10,000 markets and a million trades): "all" reads and sums every
// trade of the window, as every ranking did before the window was kept;
// "one-market" is a later ranking after an event on one market, which
// reads that market again and ages the rest in memory.
func BenchmarkHotActivity(b *testing.B) {
	size := store.SeedSize{Users: 2_000, Markets: 200, Trades: 20_000, Seed: 1}
	if os.Getenv("PREDICT_SCALE") == "full" {
		size = store.SeedSize{Users: 100_000, Markets: 10_000, Trades: 1_000_000, Seed: 1}
	}
	db := storetest.OpenSQLite(b)
	now := time.Now()
	size.Now = now
	seeded, err := seed.Run(context.Background(), db, size, nil)
	if err != nil {
		b.Fatal(err)
	}
	since := now.Add(-hotWindow)
	ctx := context.Background()
	b.Run("all", func(b *testing.B) {
		for b.Loop() {
			if _, err := db.MarketActivity(ctx, since); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("one-market", func(b *testing.B) {
		cache := NewReadCache(CacheConfig{})
		var h hotTrades
		acts, err := h.activity(ctx, db, cache, since)
		if err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(float64(len(acts)), "markets")
		market := seeded.Markets[0] // the busiest
		for b.Loop() {
			cache.ReceiveEvent(events.Event{Name: events.NameNewTrades, Topic: "market:" + market, Data: map[string]string{events.KeyMarket: market}})
			if _, err := h.activity(ctx, db, cache, since); err != nil {
				b.Fatal(err)
			}
		}
	})
}
