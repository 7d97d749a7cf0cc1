package bench

import (
	"context"
	"sync"
	"sync/atomic"
	"time"
)

// Result is what a fixed-concurrency run measured.
type Result struct {
	Concurrency int
	Requests    int
	Errors      int
	Elapsed     time.Duration
	Latency     Summary
	FirstError  error
}

// Throughput is requests per second.
func (r Result) Throughput() float64 {
	if r.Elapsed <= 0 {
		return 0
	}
	return float64(r.Requests) / r.Elapsed.Seconds()
}

// Run calls op from concurrency goroutines, each in a loop, for d, and
// records the latency of every call. op gets the goroutine and the call
// number, so callers can spread requests over their variants.
func Run(ctx context.Context, concurrency int, d time.Duration, op func(ctx context.Context, worker, i int) error) Result {
	var (
		lat      Latencies
		n, errs  atomic.Int64
		first    atomic.Pointer[error]
		wg       sync.WaitGroup
		deadline = time.Now().Add(d)
	)
	start := time.Now()
	for w := range concurrency {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; time.Now().Before(deadline) && ctx.Err() == nil; i++ {
				t0 := time.Now()
				err := op(ctx, w, i)
				lat.Add(time.Since(t0))
				n.Add(1)
				if err != nil {
					errs.Add(1)
					first.CompareAndSwap(nil, &err)
				}
			}
		}()
	}
	wg.Wait()
	r := Result{Concurrency: concurrency, Requests: int(n.Load()), Errors: int(errs.Load()), Elapsed: time.Since(start), Latency: lat.Summary()}
	if e := first.Load(); e != nil {
		r.FirstError = *e
	}
	return r
}
