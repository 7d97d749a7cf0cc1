package client_test

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/client"
	"github.com/predict-dev/predict/internal/store/storetest"
)

// TestWait polls get-operation-status of the real router while the test
// moves an operation through its statuses in the store, as the bundler
// and the indexer do.
func TestWait(t *testing.T) {
	e := newEnv(t, envConfig{noEvents: true})
	ctx := context.Background()
	u := storetest.NewUser(t, e.store, nil)
	c := e.client()
	n := 0
	newOp := func() string {
		n++
		h := fmt.Sprintf("0x%064x", n)
		_, _, err := e.store.CreateOperation(ctx, &predict.Operation{OpHash: h, UID: u.UID, Sender: u.Address, Kind: "buy",
			Nonce: big.NewInt(int64(n)), Status: predict.OpPending}, nil)
		if err != nil {
			t.Fatal(err)
		}
		return h
	}
	fast := &client.WaitOptions{Interval: 5 * time.Millisecond, MaxInterval: 20 * time.Millisecond}

	for _, tc := range []struct {
		name   string
		steps  []predict.OpStatus
		reason string
		want   string
	}{
		{"Confirmed", []predict.OpStatus{predict.OpSubmitted, predict.OpConfirmed}, "", client.OpConfirmed},
		{"Reverted", []predict.OpStatus{predict.OpSubmitted, predict.OpReverted}, "InsufficientOutput(80, 90)", client.OpReverted},
		{"Dropped", []predict.OpStatus{predict.OpDropped}, "AA25 invalid account nonce", client.OpDropped},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := newOp()
			var mu sync.Mutex
			var seen []string
			first := make(chan struct{})
			opts := *fast
			opts.Progress = func(st *client.OperationStatus) {
				mu.Lock()
				seen = append(seen, st.Status)
				if len(seen) == 1 {
					close(first)
				}
				mu.Unlock()
			}
			go func() {
				<-first // Wait has seen the operation pending
				for _, s := range tc.steps {
					time.Sleep(30 * time.Millisecond)
					reason := ""
					if s.Final() {
						reason = tc.reason
					}
					if err := e.store.SetOperationStatus(ctx, h, s, reason, "0x"+strings.Repeat("1", 64), 7); err != nil {
						t.Error(err)
					}
				}
			}()
			wctx, cancel := context.WithTimeout(ctx, wait)
			defer cancel()
			st, err := c.Wait(wctx, h, &opts)
			if err != nil {
				t.Fatal(err)
			}
			if st.Status != tc.want || st.Reason != tc.reason || st.OpHash != h || st.CreatedAt.IsZero() {
				t.Fatalf("final status %+v", st)
			}
			mu.Lock()
			defer mu.Unlock()
			if seen[0] != client.OpPending || seen[len(seen)-1] != tc.want {
				t.Fatalf("progress %v", seen)
			}
			for i := 1; i < len(seen); i++ {
				if seen[i] == seen[i-1] {
					t.Fatalf("progress repeats a status: %v", seen)
				}
			}
			var failed *client.OperationFailedError
			if gotErr := st.Err(); (tc.want == client.OpConfirmed) != (gotErr == nil) ||
				(gotErr != nil && (!errors.As(gotErr, &failed) || failed.Reason != tc.reason)) {
				t.Fatalf("Err() = %v", gotErr)
			}
		})
	}

	t.Run("Unknown", func(t *testing.T) {
		_, err := c.Wait(ctx, fmt.Sprintf("0x%064x", 999), fast)
		if !errors.Is(err, client.ErrNotFound) {
			t.Fatalf("wait for an unknown operation: %v", err)
		}
	})
	t.Run("ContextEnds", func(t *testing.T) {
		h := newOp()
		wctx, cancel := context.WithTimeout(ctx, 100*time.Millisecond)
		defer cancel()
		st, err := c.Wait(wctx, h, fast)
		if !errors.Is(err, context.DeadlineExceeded) || st == nil || st.Status != client.OpPending {
			t.Fatalf("wait past the deadline: %+v, %v", st, err)
		}
	})
}
