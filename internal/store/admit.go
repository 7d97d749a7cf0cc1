package store

import (
	"context"
	"database/sql"
	"sync"
	"sync/atomic"
	"time"

	"github.com/predict-dev/predict"
)

// gate admits at most a fixed number of read transactions at a time, in
// the order they arrive, and refuses arrivals once a bounded queue is
// full.
//
// Without it every reader waits inside database/sql for a free
// connection, and database/sql hands a freed connection to a random
// waiter: under load most requests pass in milliseconds while an unlucky
// few lose the draw again and again and wait seconds (p50 14 ms, p99
// 7.4 s at 256 connections on the SQLite pool of 4 readers). In front of
// the pool and sized to it, the gate makes the waiting first come, first
// served, so every request waits about as long as the queue ahead of it,
// and a queue too long to drain in reasonable time is refused at once
// with EUNAVAILABLE (503, Retry-After) instead of growing without bound.
type gate struct {
	mu       sync.Mutex
	free     int             // slots not held
	queue    []chan struct{} // waiters, oldest first; closed when admitted
	slots    int
	maxQueue int

	// Counters for Stats.
	waits, refused atomic.Int64
	waited         atomic.Int64 // nanoseconds
}

func newGate(slots, maxQueue int) *gate {
	return &gate{free: slots, slots: slots, maxQueue: maxQueue}
}

// errBusy is what a caller refused by a full queue gets.
var errBusy = predict.Errorf(predict.EUNAVAILABLE, "the database is busy: retry shortly")

// acquire takes a slot, waiting in line behind earlier callers. It fails
// with errBusy when maxQueue callers are already waiting, and with the
// context's error when ctx ends first.
func (g *gate) acquire(ctx context.Context) error {
	if g == nil {
		return nil
	}
	g.mu.Lock()
	if g.free > 0 && len(g.queue) == 0 {
		g.free--
		g.mu.Unlock()
		return nil
	}
	if len(g.queue) >= g.maxQueue {
		g.mu.Unlock()
		g.refused.Add(1)
		return errBusy
	}
	ch := make(chan struct{})
	g.queue = append(g.queue, ch)
	g.mu.Unlock()
	g.waits.Add(1)
	start := time.Now()
	defer func() { g.waited.Add(int64(time.Since(start))) }()
	select {
	case <-ch:
		return nil
	case <-ctx.Done():
		g.mu.Lock()
		for i, c := range g.queue {
			if c == ch {
				g.queue = append(g.queue[:i], g.queue[i+1:]...)
				g.mu.Unlock()
				return ctx.Err()
			}
		}
		g.mu.Unlock()
		// Admitted while giving up: pass the slot on.
		g.release()
		return ctx.Err()
	}
}

// release returns a slot: to the oldest waiter if there is one.
func (g *gate) release() {
	if g == nil {
		return
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	if len(g.queue) > 0 {
		ch := g.queue[0]
		g.queue[0] = nil
		g.queue = g.queue[1:]
		close(ch)
		return
	}
	g.free++
}

// ReadStats says how reads waited for the database: the gate in front of
// the read pool, and the pool itself.
type ReadStats struct {
	// Slots is how many read transactions run at once; MaxQueue how many
	// may wait for a slot before more are refused.
	Slots, MaxQueue int
	// Waits counts reads that queued for a slot, WaitDuration their total
	// wait, Refused the reads turned away because the queue was full.
	Waits, Refused int64
	WaitDuration   time.Duration
	// Pool is database/sql's view of the read pool: its WaitCount should
	// stay near zero, as the gate queues before the pool does.
	Pool sql.DBStats
}
