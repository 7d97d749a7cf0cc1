package cache

import (
	"context"
	"log/slog"
	"runtime/debug"
	"time"
)

// RefreshTimeout bounds a reload no reader waits for.
const RefreshTimeout = 30 * time.Second

// DefaultRefreshes bounds the reloads a Refresher runs at once. Each is
// started by a request that does not wait for it, so without a bound a
// client reading many aged values quickly could start any number; past
// it, the reader that finds a value aged loads it itself and waits, as
// readers do for a value they cannot be served.
const DefaultRefreshes = 256

// Refresher runs the reloads of aged values that no reader waits for: a
// bounded number at once, each with the values of the request that found
// the value aged but not its end, for RefreshTimeout at most. A panic in
// one is logged, and the server goes on: no request is there to answer
// 500.
type Refresher struct {
	slots  chan struct{}
	logger *slog.Logger
}

// NewRefresher returns a Refresher running at most max reloads at once
// (DefaultRefreshes when max is not positive), logging to logger
// (slog.Default() when nil).
func NewRefresher(logger *slog.Logger, max int) *Refresher {
	if logger == nil {
		logger = slog.Default()
	}
	if max <= 0 {
		max = DefaultRefreshes
	}
	return &Refresher{slots: make(chan struct{}, max), logger: logger}
}

// Go runs fn in the background when a slot is free and reports whether it
// did; what and attrs say what it is in the log.
func (r *Refresher) Go(ctx context.Context, what string, fn func(context.Context) error, attrs ...any) bool {
	if !r.reserve() {
		return false
	}
	r.start(ctx, what, fn, attrs...)
	return true
}

// reserve takes a slot without waiting, if one is free; the caller that
// got one then calls start.
func (r *Refresher) reserve() bool {
	select {
	case r.slots <- struct{}{}:
		return true
	default:
		return false
	}
}

// start runs fn on the slot reserve took, in the background.
func (r *Refresher) start(ctx context.Context, what string, fn func(context.Context) error, attrs ...any) {
	go func() {
		defer func() { <-r.slots }()
		ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), RefreshTimeout)
		defer cancel()
		defer func() {
			if p := recover(); p != nil {
				r.logger.Error(what+": panicked", append(attrs, "panic", p, "stack", string(debug.Stack()))...)
			}
		}()
		if err := fn(ctx); err != nil {
			r.logger.Debug(what, append(attrs, "err", err)...)
		}
	}()
}
