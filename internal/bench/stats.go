// Package bench holds the mechanics of the load generator (cmd/loadgen):
// latency recording, fixed-concurrency load loops and the static
// ceiling server that serves byte-identical answers.
package bench

import (
	"fmt"
	"slices"
	"sync"
	"time"
)

// Latencies records durations from many goroutines.
type Latencies struct {
	mu  sync.Mutex
	all []time.Duration
}

// Add records one duration.
func (l *Latencies) Add(d time.Duration) {
	l.mu.Lock()
	l.all = append(l.all, d)
	l.mu.Unlock()
}

// Summary is the distribution of recorded durations.
type Summary struct {
	N             int
	P50, P99, Max time.Duration
	Mean          time.Duration
}

// Summary sorts what was recorded and summarizes it.
func (l *Latencies) Summary() Summary {
	l.mu.Lock()
	defer l.mu.Unlock()
	if len(l.all) == 0 {
		return Summary{}
	}
	slices.Sort(l.all)
	var sum time.Duration
	for _, d := range l.all {
		sum += d
	}
	q := func(p float64) time.Duration { return l.all[min(len(l.all)-1, int(p*float64(len(l.all))))] }
	return Summary{N: len(l.all), P50: q(0.50), P99: q(0.99), Max: l.all[len(l.all)-1], Mean: sum / time.Duration(len(l.all))}
}

// String renders the summary for a report line.
func (s Summary) String() string {
	r := func(d time.Duration) string {
		switch {
		case d >= time.Second:
			return d.Round(time.Millisecond).String()
		case d >= time.Millisecond:
			return d.Round(10 * time.Microsecond).String()
		}
		return d.Round(time.Microsecond).String()
	}
	return fmt.Sprintf("n=%d p50=%s p99=%s max=%s", s.N, r(s.P50), r(s.P99), r(s.Max))
}
