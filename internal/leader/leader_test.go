package leader_test

import (
	"context"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/predict-dev/predict/internal/leader"
	"github.com/predict-dev/predict/internal/store/storetest"
)

// contender runs leader.Run and reports when its work starts and stops.
type contender struct {
	name    string
	cancel  context.CancelFunc
	started chan string
	stopped chan string
	done    chan error
}

func run(t *testing.T, name string, cfg leader.Config, started, stopped chan string) *contender {
	ctx, cancel := context.WithCancel(context.Background())
	c := &contender{name: name, cancel: cancel, started: started, stopped: stopped, done: make(chan error, 1)}
	go func() {
		c.done <- leader.Run(ctx, cfg, func(ctx context.Context) error {
			started <- name
			<-ctx.Done()
			stopped <- name
			return ctx.Err()
		})
	}()
	t.Cleanup(func() {
		cancel()
		select {
		case err := <-c.done:
			if err != nil {
				t.Errorf("%s: Run = %v", name, err)
			}
		case <-time.After(10 * time.Second):
			t.Errorf("%s: Run did not return", name)
		}
	})
	return c
}

func recv(t *testing.T, ch chan string, within time.Duration, what string) string {
	t.Helper()
	select {
	case v := <-ch:
		return v
	case <-time.After(within):
		t.Fatalf("no %s within %s", what, within)
	}
	return ""
}

func TestRun(t *testing.T) {
	t.Run("postgres", func(t *testing.T) {
		dsn := storetest.PostgresDSN(t)
		key := rand.Int64()
		cfg := leader.Config{DSN: dsn, Key: key, RetryInterval: 200 * time.Millisecond, CheckInterval: 200 * time.Millisecond}
		started, stopped := make(chan string, 10), make(chan string, 10)
		cs := map[string]*contender{
			"a": run(t, "a", cfg, started, stopped),
			"b": run(t, "b", cfg, started, stopped),
		}
		first := recv(t, started, 5*time.Second, "leader")
		select {
		case second := <-started:
			t.Fatalf("%s and %s lead together", first, second)
		case <-time.After(time.Second):
		}

		t.Run("TakeOverWhenTheConnectionDies", func(t *testing.T) {
			// Kill the session holding the lock, as a crash of the
			// replica or a network cut would.
			ctx := context.Background()
			conn, err := pgx.Connect(ctx, dsn)
			if err != nil {
				t.Fatal(err)
			}
			defer conn.Close(ctx)
			var n int
			err = conn.QueryRow(ctx, `SELECT count(pg_terminate_backend(pid)) FROM pg_locks
				WHERE locktype = 'advisory' AND granted AND classid::bigint = $1 AND objid::bigint = $2 AND objsubid = 1`,
				int64(uint64(key)>>32), int64(uint64(key)&0xffffffff)).Scan(&n)
			if err != nil || n != 1 {
				t.Fatalf("terminated %d lock holders: %v", n, err)
			}
			start := time.Now()
			if got := recv(t, stopped, 3*time.Second, "stop of the old leader's work"); got != first {
				t.Fatalf("%s stopped, want %s", got, first)
			}
			next := recv(t, started, 5*time.Second, "new leader")
			if next == first {
				t.Fatalf("%s took the lock back", first)
			}
			t.Logf("%s took over %s after the holder's connection died", next, time.Since(start).Round(time.Millisecond))
			first = next
		})
		t.Run("TakeOverOnShutdown", func(t *testing.T) {
			cs[first].cancel()
			if got := recv(t, stopped, 3*time.Second, "stop"); got != first {
				t.Fatalf("%s stopped, want %s", got, first)
			}
			if next := recv(t, started, 5*time.Second, "new leader"); next == first {
				t.Fatalf("%s leads after its shutdown", next)
			}
		})
	})
}
