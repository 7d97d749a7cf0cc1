package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/predict-dev/predict"
)

// rowFound tells what a single-row read's error means: true when the row
// was read; false and no error when there is no row (sql.ErrNoRows),
// which most reads answer with a zero value; false and the error when the
// read failed.
func rowFound(err error) (bool, error) {
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	}
	return err == nil, err
}

// notFound is a single-row read's error with a missing row made
// ENOTFOUND, its message format and args; other errors pass unchanged.
func notFound(err error, format string, args ...any) error {
	if errors.Is(err, sql.ErrNoRows) {
		return predict.Errorf(predict.ENOTFOUND, format, args...)
	}
	return err
}

// eachRow runs query and calls fn for every row: the store's one loop
// over *sql.Rows, so closing the rows and checking rows.Err are never
// forgotten.
func eachRow(ctx context.Context, t *tx, query string, args []any, fn func(*sql.Rows) error) error {
	rows, err := t.query(ctx, query, args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		if err := fn(rows); err != nil {
			return err
		}
	}
	return rows.Err()
}

// scanRows runs query and returns what scan makes of each row.
func scanRows[T any](ctx context.Context, t *tx, query string, args []any, scan func(row) (T, error)) ([]T, error) {
	var out []T
	err := eachRow(ctx, t, query, args, func(rows *sql.Rows) error {
		v, err := scan(rows)
		if err != nil {
			return err
		}
		out = append(out, v)
		return nil
	})
	return out, err
}

// row is what a scan function reads: a *sql.Rows or a *sql.Row.
type row = interface{ Scan(...any) error }

// scanString reads a row of one text column.
func scanString(r row) (string, error) {
	var s string
	return s, r.Scan(&s)
}

// listRows is scanRows for a list the API shows: empty rather than nil
// when no row matches, so it encodes as [] and not null.
func listRows[T any](ctx context.Context, t *tx, query string, args []any, scan func(row) (T, error)) ([]T, error) {
	out, err := scanRows(ctx, t, query, args, scan)
	if out == nil {
		out = []T{}
	}
	return out, err
}

// countedRows counts the rows of count (with countArgs) and lists the page
// of query (with args, then limit and offset) as scan makes them.
func countedRows[T any](ctx context.Context, t *tx, count string, countArgs []any, query string, args []any,
	limit, offset int, scan func(row) (T, error)) ([]T, int, error) {
	var total int
	if err := t.queryRow(ctx, count, countArgs...).Scan(&total); err != nil {
		return nil, 0, err
	}
	out, err := listRows(ctx, t, query+` LIMIT ? OFFSET ?`, slices.Concat(args, []any{limit, offset}), scan)
	return out, total, err
}

// readPage reads page p of size (defaulted and checked by page) in one
// read transaction: fn gets the page's limit and offset and returns its
// rows and the number of all matching. Errors of the transaction are
// wrapped with what.
func readPage[T any](ctx context.Context, db *DB, what string, p, size int,
	fn func(t *tx, limit, offset int) ([]T, int, error)) ([]T, int, error) {
	limit, offset, err := page(p, size)
	if err != nil {
		return nil, 0, err
	}
	var (
		out   []T
		total int
	)
	err = db.read(ctx, func(t *tx) (err error) {
		out, total, err = fn(t, limit, offset)
		return err
	})
	if err != nil {
		return nil, 0, fmt.Errorf("%s: %w", what, err)
	}
	return out, total, nil
}

// readValue runs fn in a read transaction and returns its value.
func readValue[T any](ctx context.Context, db *DB, fn func(t *tx) (T, error)) (T, error) {
	var v T
	err := db.read(ctx, func(t *tx) (err error) {
		v, err = fn(t)
		return err
	})
	if err != nil {
		var zero T
		return zero, err
	}
	return v, nil
}

// writeAs runs fn in a write transaction; its error is wrapped with what.
func (db *DB) writeAs(ctx context.Context, what string, fn func(t *tx) error) error {
	if err := db.write(ctx, fn); err != nil {
		return fmt.Errorf("%s: %w", what, err)
	}
	return nil
}

// mustExist is ENOTFOUND ("<what> <key> not found") when count, a
// COUNT(*) of one ? argument, counts no row of key.
func mustExist(ctx context.Context, t *tx, count, what, key string) error {
	var n int
	if err := t.queryRow(ctx, count, key).Scan(&n); err != nil {
		return err
	}
	if n == 0 {
		return predict.Errorf(predict.ENOTFOUND, "%s %s not found", what, key)
	}
	return nil
}

// setPair adds (on) or removes the row (a, b) of a table keyed by the two
// columns colA and colB (a role, a follow, a like); idempotent either way.
// An added row is stamped now in column stamp. The table and column names
// are constants of the callers, never input.
func setPair(ctx context.Context, t *tx, on bool, table, colA, colB, stamp string, a, b any) error {
	var err error
	if on {
		_, err = t.exec(ctx, `INSERT INTO `+table+` (`+colA+`, `+colB+`, `+stamp+`) VALUES (?, ?, ?)
			ON CONFLICT (`+colA+`, `+colB+`) DO NOTHING`, a, b, time.Now().UnixMilli())
	} else {
		_, err = t.exec(ctx, `DELETE FROM `+table+` WHERE `+colA+` = ? AND `+colB+` = ?`, a, b)
	}
	return err
}

// placeholders is "?, ?, ..." for n values.
func placeholders(n int) string {
	return strings.TrimSuffix(strings.Repeat("?, ", n), ", ")
}

// lowerArgs is the arguments of an IN list of addresses, lowercase as
// they are stored.
func lowerArgs(ss []string) []any {
	args := make([]any, len(ss))
	for i, s := range ss {
		args[i] = strings.ToLower(s)
	}
	return args
}
