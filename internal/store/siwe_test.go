package store_test

import (
	"bytes"
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/internal/store"
	"github.com/predict-dev/predict/internal/store/storetest"
)

// TestSIWENonceKey: the key that signs sign-in nonces is made once per
// database: replicas (here two stores on one database, asking at once)
// all get the same one, and a restart keeps it; another database has
// another.
func TestSIWENonceKey(t *testing.T) {
	for _, tc := range []struct {
		name string
		dsn  func(testing.TB) string
	}{
		{"sqlite", storetest.SQLiteDSN},
		{"postgres", storetest.PostgresDSN},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx := context.Background()
			dsn := tc.dsn(t)
			replicas := []*store.DB{storetest.Open(t, dsn), storetest.Open(t, dsn)}
			keys := make([][]byte, 8)
			var wg sync.WaitGroup
			for i := range keys {
				wg.Go(func() {
					var err error
					if keys[i], err = replicas[i%2].SIWENonceKey(ctx); err != nil {
						t.Error(err)
					}
				})
			}
			wg.Wait()
			for i, k := range keys {
				if len(k) != 32 || !bytes.Equal(k, keys[0]) {
					t.Fatalf("replica %d's key %x, the first's %x", i%2, k, keys[0])
				}
			}
			if again, err := storetest.Open(t, dsn).SIWENonceKey(ctx); err != nil || !bytes.Equal(again, keys[0]) {
				t.Fatalf("after a restart: %x %v", again, err)
			}
			if other, err := storetest.Open(t, tc.dsn(t)).SIWENonceKey(ctx); err != nil || bytes.Equal(other, keys[0]) {
				t.Fatalf("another database's key: %x %v", other, err)
			}
		})
	}
}

// TestUseSIWENonce: a nonce is used once and only once; the used ones
// are kept until their expiry and a grace of 10 minutes, then deleted by
// the next use, so the table holds only the sign-ins of the last 20
// minutes.
func TestUseSIWENonce(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.DB) {
		ctx := context.Background()
		now := time.Date(2026, 11, 27, 12, 0, 0, 0, time.UTC)
		rows := func() int {
			t.Helper()
			n, err := s.SIWENonceCount(ctx)
			storetest.Must(t, err)
			return n
		}
		use := func(nonce string, at time.Time) error {
			return s.UseSIWENonce(ctx, nonce, at.Add(10*time.Minute), at)
		}
		storetest.Must(t, use("n0", now))
		if err := use("n0", now.Add(time.Minute)); predict.ErrorCode(err) != predict.EUNAUTHORIZED {
			t.Fatalf("a nonce used twice: %v", err)
		}
		// A sign-in a second for five minutes: 300 rows, all still valid.
		for i := 1; i < 300; i++ {
			storetest.Must(t, use(fmt.Sprint("n", i), now.Add(time.Duration(i)*time.Second)))
		}
		if n := rows(); n != 300 {
			t.Fatalf("%d rows, want 300", n)
		}
		// 10 minutes after the last expired, the next use deletes them all;
		// until then they are refused as used.
		last := now.Add(299*time.Second + 10*time.Minute)
		if err := use("n299", last.Add(10*time.Minute-time.Second)); predict.ErrorCode(err) != predict.EUNAUTHORIZED {
			t.Fatalf("a used nonce within the grace: %v", err)
		}
		storetest.Must(t, use("fresh", last.Add(10*time.Minute+time.Second)))
		if n := rows(); n != 1 {
			t.Fatalf("%d rows once the used nonces expired, want 1", n)
		}
	})
}
