package store

import "context"

// RateCounterRows counts the rows of rate_counters, for the test of the
// sweep.
func (db *DB) RateCounterRows(ctx context.Context) (n int, err error) {
	err = db.reader.QueryRowContext(ctx, `SELECT COUNT(*) FROM rate_counters`).Scan(&n)
	return n, err
}

// WriterRows counts the rows of table on the writer's connection.
func (db *DB) WriterRows(ctx context.Context, table string) (n int, err error) {
	err = db.writer.QueryRowContext(ctx, `SELECT COUNT(*) FROM `+table).Scan(&n)
	return n, err
}

// WriterExec runs stmt on the writer's connection.
func (db *DB) WriterExec(ctx context.Context, stmt string) error {
	_, err := db.writer.ExecContext(ctx, stmt)
	return err
}
