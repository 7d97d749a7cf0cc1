package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// rateSweepEvery is how often one process deletes expired rate counters.
const rateSweepEvery = time.Minute

// ppm is the fixed-point scale of the sliding window's weight, so the
// whole decision is integer arithmetic in either database.
const ppm = 1_000_000

// takeRate counts one event when the sliding estimate of the events in
// the last window, before it, is under the limit. The row holds the count
// of the current fixed window (n) and of the one before (prev_n); the
// estimate is prev_n weighted by the share of the previous window still
// inside the sliding one, plus n. A row whose window is older rolls over
// in the same statement; one ahead (another replica's clock, or a request
// that started just before a boundary) is counted as it is, never reset.
// When the event does not fit, nothing is written and no row comes back.
const takeRate = `INSERT INTO rate_counters (scope, name, window_start, n, prev_n, expires_at)
VALUES (?, ?, ?, 1, 0, ?)
ON CONFLICT (scope, name) DO UPDATE SET
	prev_n = CASE WHEN rate_counters.window_start >= excluded.window_start THEN rate_counters.prev_n
		WHEN rate_counters.window_start = ? THEN rate_counters.n ELSE 0 END,
	n = CASE WHEN rate_counters.window_start >= excluded.window_start THEN rate_counters.n + 1 ELSE 1 END,
	window_start = CASE WHEN rate_counters.window_start >= excluded.window_start THEN rate_counters.window_start
		ELSE excluded.window_start END,
	expires_at = CASE WHEN rate_counters.expires_at >= excluded.expires_at THEN rate_counters.expires_at
		ELSE excluded.expires_at END
WHERE CASE WHEN rate_counters.window_start >= excluded.window_start THEN rate_counters.prev_n * ? + rate_counters.n * ?
	WHEN rate_counters.window_start = ? THEN rate_counters.n * ?
	ELSE 0 END < ?
RETURNING n`

// TakeRate counts one event of name in scope against limit events per
// window, over a sliding window, and reports whether it fits (false: the
// limit is reached, and the event is not counted). It is one statement,
// atomic across every process sharing the database, so replicas of one
// deployment together allow the limit, not the limit each. The sliding
// window is estimated from two fixed ones, which assumes the events of the
// previous window were spread evenly over it. limit is at least 1; window
// at least a millisecond. At most once a minute per process it also
// deletes the counters idle for two windows.
func (db *DB) TakeRate(ctx context.Context, scope, name string, limit int64, window time.Duration, now time.Time) (bool, error) {
	w := window.Milliseconds()
	if limit < 1 || w < 1 {
		return false, fmt.Errorf("take rate %s: limit %d per %s is not counted", scope, limit, window)
	}
	at := now.UnixMilli()
	start := at - at%w
	// The share of the previous window still inside the sliding window.
	weight := (w - (at - start)) * ppm / w
	var n int64
	err := db.writer.QueryRowContext(ctx, db.dialect.rebind(takeRate),
		scope, name, start, start+2*w,
		start-w,
		weight, ppm, start-w, weight, limit*ppm,
	).Scan(&n)
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	} else if err != nil {
		return false, fmt.Errorf("take rate %s: %w", scope, err)
	}
	if last := db.rateSwept.Load(); at-last >= rateSweepEvery.Milliseconds() && db.rateSwept.CompareAndSwap(last, at) {
		if _, err := db.writer.ExecContext(ctx, db.dialect.rebind(`DELETE FROM rate_counters WHERE expires_at < ?`), at); err != nil {
			db.logger.Warn("sweep rate counters", "err", err)
		}
	}
	return true, nil
}
