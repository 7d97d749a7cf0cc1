package api

import (
	"math"
	"sync"
	"time"
)

// limiter is a set of token buckets keyed by client. Idle buckets are swept
// while inserting, so memory stays bounded by the clients of the last
// minute without a background goroutine.
type limiter struct {
	mu        sync.Mutex
	buckets   map[string]*bucket
	now       func() time.Time
	lastSweep time.Time
}

type bucket struct {
	tokens float64
	last   time.Time
}

func newLimiter(now func() time.Time) *limiter {
	return &limiter{buckets: map[string]*bucket{}, now: now, lastSweep: now()}
}

// allow takes one token from key's bucket refilled at rate per second
// (burst = rate). It returns how long to wait when none is left. A rate of
// zero or less means unlimited.
func (l *limiter) allow(key string, rate float64) (wait time.Duration, limited bool) {
	if rate <= 0 {
		return 0, false
	}
	now := l.now()
	l.mu.Lock()
	defer l.mu.Unlock()
	b, ok := l.buckets[key]
	if !ok {
		l.sweep(now)
		b = &bucket{tokens: rate, last: now}
		l.buckets[key] = b
	}
	b.tokens = math.Min(rate, b.tokens+now.Sub(b.last).Seconds()*rate)
	b.last = now
	if b.tokens < 1 {
		return time.Duration((1 - b.tokens) / rate * float64(time.Second)), true
	}
	b.tokens--
	return 0, false
}

// sweep drops buckets idle for a minute: by then every bucket is full again,
// so forgetting it changes nothing.
func (l *limiter) sweep(now time.Time) {
	if now.Sub(l.lastSweep) < time.Minute {
		return
	}
	l.lastSweep = now
	for k, b := range l.buckets {
		if now.Sub(b.last) > time.Minute {
			delete(l.buckets, k)
		}
	}
}
