package api

import (
	"context"
	"math"
	"sync"
	"time"
)

// RateCounter counts requests in a store that every replica shares, so the
// replicas of a deployment together allow a user the configured rate, not
// the rate each. *store.DB satisfies it; serve passes it on PostgreSQL.
type RateCounter interface {
	// TakeRate counts one request of name in scope against limit per
	// window and reports whether it fits.
	TakeRate(ctx context.Context, scope, name string, limit int64, window time.Duration, now time.Time) (bool, error)
}

// Scopes of the rate limits: the key of a memory bucket is scope:name.
const (
	scopeIP    = "ip"    // unauthenticated requests, by client IP
	scopeUser  = "user"  // authenticated reads, by identity subject
	scopeTrade = "trade" // transactions and admin requests, by subject
	scopeOrder = "order" // signed orders placed and cancelled, by subject
)

// allow applies the rate limit of scope to name and returns how long to
// wait when it is reached. Per-user limits go to the shared counter when
// there is one; per-IP limits, and every limit without one, are counted
// in this replica's memory (docs/operations.md, "Limits", says why). When
// the shared counter fails, the replica counts in memory for that request
// rather than refuse or wave it through.
func (s *Server) allow(ctx context.Context, scope, name string, rate float64) (wait time.Duration, limited bool) {
	if rate <= 0 {
		return 0, false
	}
	if s.cfg.SharedRates != nil && scope != scopeIP {
		limit, window := sharedLimit(rate)
		now := s.now()
		ok, err := s.cfg.SharedRates.TakeRate(ctx, scope, name, limit, window, now)
		if err == nil {
			if ok {
				return 0, false
			}
			w := window.Milliseconds()
			return time.Duration(w-now.UnixMilli()%w) * time.Millisecond, true
		}
		s.logger.Warn("shared rate limit unavailable; counting in this replica's memory", "scope", scope, "err", err)
	}
	return s.limiter.allow(scope+":"+name, rate)
}

// sharedLimit turns a rate per second into whole requests per window for
// the shared counter: rate per second (rounded down) from 1/s up, one per
// 1/rate seconds below, so a window's allowance matches the burst of the
// memory bucket (burst = rate).
func sharedLimit(rate float64) (limit int64, window time.Duration) {
	if rate >= 1 {
		return int64(rate), time.Second
	}
	return 1, time.Duration(float64(time.Second) / rate)
}

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

// refund gives back the token a request took from key's bucket, when the
// request turned out to belong to another budget.
func (l *limiter) refund(key string, rate float64) {
	if rate <= 0 {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if b, ok := l.buckets[key]; ok {
		b.tokens = math.Min(rate, b.tokens+1)
	}
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
