package api

import (
	"context"
	"fmt"
	"os"
	"syscall"
	"testing"
	"time"

	"github.com/predict-dev/predict/event"
	"github.com/predict-dev/predict/internal/events"
	"github.com/predict-dev/predict/internal/seed"
	"github.com/predict-dev/predict/internal/store"
	"github.com/predict-dev/predict/internal/store/storetest"
)

// BenchmarkHotActivity is the hot ranking's reading of the last 24 hours
// of trades, on the seeded history (the small scale; PREDICT_SCALE=full
// for 10,000 markets and a million trades): "all" reads and sums every
// trade of the window, as every ranking did before the window was kept;
// "moved-N" is a later ranking after events on the N busiest markets,
// which reads those markets again and ages the rest in memory. Besides
// the time it reports the process's CPU per pass (cpu-ms/op); a ranking
// is computed at most once per hotRefresh (30 s) while anyone asks, so
// twice that is the ranking's CPU per minute.
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
		cpu := processCPU()
		for b.Loop() {
			if _, err := db.MarketActivity(ctx, since); err != nil {
				b.Fatal(err)
			}
		}
		reportCPU(b, cpu)
	})
	for _, moved := range []int{1, 100} {
		b.Run(fmt.Sprintf("moved-%d", moved), func(b *testing.B) {
			cache := NewReadCache(CacheConfig{})
			var h hotTrades
			acts, err := h.activity(ctx, db, cache, since)
			if err != nil {
				b.Fatal(err)
			}
			b.ReportMetric(float64(len(acts)), "markets")
			markets := seeded.Markets[:min(moved, len(seeded.Markets))] // the busiest first
			cpu := processCPU()
			for b.Loop() {
				for _, m := range markets {
					cache.ReceiveEvent(events.Event{Name: event.NewTrades, Topic: "market:" + m, Data: map[string]string{event.KeyMarket: m}})
				}
				if _, err := h.activity(ctx, db, cache, since); err != nil {
					b.Fatal(err)
				}
			}
			reportCPU(b, cpu)
		})
	}
}

// processCPU is the user and system CPU this process has used.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// reportCPU reports the CPU used since start per iteration.
func reportCPU(b *testing.B, start time.Duration) {
	b.ReportMetric(float64(processCPU()-start)/float64(time.Millisecond)/float64(b.N), "cpu-ms/op")
}
