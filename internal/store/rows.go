package store

import (
	"context"
	"database/sql"
)

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
