package api

import (
	"context"
	"log/slog"
	"runtime/debug"
	"time"
)

// refreshTimeout bounds a recomputation no reader waits for.
const refreshTimeout = 30 * time.Second

// maxRefreshes bounds the recomputations a refresher runs at once. Each
// is started by a request that does not wait for it, so without a bound a
// client reading many aged answers quickly could start any number; past
// it, the reader that finds an answer aged computes it itself and waits,
// as readers do for an answer they cannot be served.
const maxRefreshes = 256

// refresher runs the recomputations of aged answers (the read cache's,
// the user memo's) that no reader waits for: at most maxRefreshes at once,
// each with the values of the request that found the answer aged but not
// its end, for refreshTimeout at most. A panic in one is logged, and the
// server goes on: no request is there to answer 500.
type refresher struct {
	slots  chan struct{}
	logger *slog.Logger
}

func newRefresher(logger *slog.Logger) *refresher {
	if logger == nil {
		logger = slog.Default()
	}
	return &refresher{slots: make(chan struct{}, maxRefreshes), logger: logger}
}

// reserve takes a slot without waiting, if one is free; the caller that
// got one then calls start.
func (r *refresher) reserve() bool {
	select {
	case r.slots <- struct{}{}:
		return true
	default:
		return false
	}
}

// start runs fn on the slot reserve took, in the background; what and
// attrs say what it is in the log.
func (r *refresher) start(ctx context.Context, what string, fn func(context.Context) error, attrs ...any) {
	go func() {
		defer func() { <-r.slots }()
		ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), refreshTimeout)
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
