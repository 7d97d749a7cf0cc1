package store

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/predict-dev/predict"
)

// TestGateOrder: waiters are admitted in the order they arrived, a full
// queue refuses at once with EUNAVAILABLE, and a waiter that gives up
// leaves the line without losing the slot for the others.
func TestGateOrder(t *testing.T) {
	g := newGate(1, 3)
	ctx := context.Background()
	if err := g.acquire(ctx); err != nil {
		t.Fatal(err)
	}
	admitted := make(chan int, 3)
	gaveUp, cancel := context.WithCancel(ctx)
	for i := range 3 {
		c := ctx
		if i == 1 {
			c = gaveUp
		}
		go func() {
			if err := g.acquire(c); err != nil {
				admitted <- -i
				return
			}
			admitted <- i
		}()
		// Each waiter is in line before the next arrives.
		waitFor(t, func() bool { g.mu.Lock(); defer g.mu.Unlock(); return len(g.queue) == i+1 })
	}
	if err := g.acquire(ctx); !errors.Is(err, errBusy) || predict.ErrorCode(err) != predict.EUNAVAILABLE {
		t.Fatalf("acquire on a full queue = %v, want EUNAVAILABLE", err)
	}
	cancel()
	if got := <-admitted; got != -1 {
		t.Fatalf("the cancelled waiter reported %d", got)
	}
	for _, want := range []int{0, 2} {
		g.release()
		if got := <-admitted; got != want {
			t.Fatalf("admitted %d, want %d (arrival order)", got, want)
		}
	}
	g.release()
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.free != 1 || len(g.queue) != 0 {
		t.Fatalf("after every release: %d free, %d waiting; want 1, 0", g.free, len(g.queue))
	}
	if g.refused.Load() != 1 || g.waits.Load() != 3 {
		t.Fatalf("refused %d, waits %d; want 1, 3", g.refused.Load(), g.waits.Load())
	}
}

func waitFor(t *testing.T, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatal("condition not reached within 5 s")
		}
		time.Sleep(time.Millisecond)
	}
}
