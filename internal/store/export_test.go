package store

import "context"

// RateCounterRows counts the rows of rate_counters, for the test of the
// sweep.
func (db *DB) RateCounterRows(ctx context.Context) (n int, err error) {
	err = db.reader.QueryRowContext(ctx, `SELECT COUNT(*) FROM rate_counters`).Scan(&n)
	return n, err
}
