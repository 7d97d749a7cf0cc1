package store_test

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/predict-dev/predict/internal/store"
	"github.com/predict-dev/predict/internal/store/storetest"
)

// rateEpoch is the start of a second, so offsets below are offsets into
// fixed windows of a second.
var rateEpoch = time.Unix(1_800_000_000, 0)

// takeN calls TakeRate tries times at one instant and counts the events
// that fit.
func takeN(t testing.TB, s *store.DB, scope, name string, limit int64, window time.Duration, at time.Time, tries int) int {
	t.Helper()
	allowed := 0
	for range tries {
		ok, err := s.TakeRate(context.Background(), scope, name, limit, window, at)
		if err != nil {
			t.Fatal(err)
		}
		if ok {
			allowed++
		}
	}
	return allowed
}

func TestTakeRate(t *testing.T) {
	type step struct {
		after time.Duration // since rateEpoch
		tries int
		want  int // events that fit
	}
	// Three events per second.
	cases := map[string][]step{
		"FixedWindow": {{0, 5, 3}, {900 * time.Millisecond, 2, 0}},
		// Half the previous window still counts: 1.5 of its 3 events,
		// so two more fit. The refused events of the first window were
		// not counted, or nothing would.
		"Slides": {{0, 5, 3}, {1500 * time.Millisecond, 5, 2}},
		// At the boundary the whole previous window counts.
		"Boundary": {{0, 3, 3}, {time.Second, 1, 0}, {1999 * time.Millisecond, 1, 1}},
		// A window two back counts no more.
		"Forgets": {{0, 3, 3}, {2 * time.Second, 5, 3}},
		// A request of a replica whose clock is a window behind is
		// counted in the newer window, which is not reset.
		"Behind": {{time.Second, 3, 3}, {999 * time.Millisecond, 2, 0}, {1500 * time.Millisecond, 1, 0}},
	}
	storetest.Each(t, func(t *testing.T, s *store.DB) {
		for name, steps := range cases {
			t.Run(name, func(t *testing.T) {
				for i, st := range steps {
					if got := takeN(t, s, "test", name, 3, time.Second, rateEpoch.Add(st.after), st.tries); got != st.want {
						t.Fatalf("step %d (+%s): %d of %d fit, want %d", i, st.after, got, st.tries, st.want)
					}
				}
			})
		}
		t.Run("KeysApart", func(t *testing.T) {
			for _, k := range []struct{ scope, name string }{{"user", "alice"}, {"trade", "alice"}, {"user", "bob"}} {
				if got := takeN(t, s, k.scope, k.name, 2, time.Hour, rateEpoch, 3); got != 2 {
					t.Fatalf("%s %s: %d of 3 fit, want 2", k.scope, k.name, got)
				}
			}
		})
		t.Run("Sweep", func(t *testing.T) {
			ctx := context.Background()
			before, err := s.RateCounterRows(ctx)
			if err != nil {
				t.Fatal(err)
			}
			// Long after every counter above expired, and more than the
			// sweep period after the last sweep.
			if takeN(t, s, "test", "late", 1, time.Second, rateEpoch.Add(3*time.Hour), 1) != 1 {
				t.Fatal("a new counter refused its first event")
			}
			after, err := s.RateCounterRows(ctx)
			if err != nil {
				t.Fatal(err)
			}
			if before < 2 || after != 1 {
				t.Fatalf("%d counters before the sweep, %d after; want the expired ones gone", before, after)
			}
		})
	})
}

// TestTakeRateReplicas counts one budget from two handles of one database,
// as two replicas of a deployment do, each with concurrent requests:
// together they allow exactly the budget.
func TestTakeRateReplicas(t *testing.T) {
	for name, dsn := range map[string]func(testing.TB) string{"sqlite": storetest.SQLiteDSN, "postgres": storetest.PostgresDSN} {
		t.Run(name, func(t *testing.T) {
			dsn := dsn(t)
			replicas := []*store.DB{storetest.Open(t, dsn), storetest.Open(t, dsn)}
			const budget, perWorker, workers = 60, 25, 4
			var allowed atomic.Int64
			var wg sync.WaitGroup
			for _, s := range replicas {
				for range workers {
					wg.Go(func() {
						allowed.Add(int64(takeN(t, s, "sponsor", "alice", budget, time.Hour, rateEpoch, perWorker)))
					})
				}
			}
			wg.Wait()
			if got := allowed.Load(); got != budget {
				t.Fatalf("%d replicas allowed %d events together, want the budget %d", len(replicas), got, budget)
			}
		})
	}
}

// BenchmarkTakeRate measures one counted request: the cost a shared limit
// adds to every request it applies to. Every goroutine is another client.
func BenchmarkTakeRate(b *testing.B) {
	for name, open := range map[string]func(testing.TB) *store.DB{"sqlite": storetest.OpenSQLite, "postgres": storetest.OpenPostgres} {
		b.Run(name, func(b *testing.B) {
			s := open(b)
			var clients atomic.Int64
			b.RunParallel(func(pb *testing.PB) {
				client := fmt.Sprint(clients.Add(1))
				for pb.Next() {
					if _, err := s.TakeRate(context.Background(), "user", client, 1_000_000_000, time.Second, time.Now()); err != nil {
						b.Error(err)
						return
					}
				}
			})
		})
	}
}
