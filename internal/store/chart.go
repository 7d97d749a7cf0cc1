package store

import (
	"context"
	"database/sql"
	"fmt"
	"strings"

	"github.com/predict-dev/predict"
)

// DefaultPricePoints is the number of price points PricePoints returns
// when the filter gives no limit.
const DefaultPricePoints = 1000

// PricePoints lists price points oldest first.
func (db *DB) PricePoints(ctx context.Context, f predict.PriceFilter) ([]predict.PricePoint, error) {
	if f.Market == "" {
		return nil, predict.Errorf(predict.EINVALID, "a market is required")
	}
	if f.Limit < 0 {
		return nil, predict.Errorf(predict.EINVALID, "limit must not be negative")
	}
	limit := f.Limit
	if limit == 0 {
		limit = DefaultPricePoints
	}
	where, args := ` WHERE market = ?`, []any{strings.ToLower(f.Market)}
	if f.Option != "" {
		where += ` AND option_address = ?`
		args = append(args, strings.ToLower(f.Option))
	}
	if !f.From.IsZero() {
		where += ` AND created_at >= ?`
		args = append(args, millis(f.From))
	}
	if !f.To.IsZero() {
		where += ` AND created_at < ?`
		args = append(args, millis(f.To))
	}
	out := []predict.PricePoint{}
	err := db.read(ctx, func(t *tx) error {
		return eachRow(ctx, t, `SELECT market, option_address, price, block_number, created_at FROM price_points`+
			where+` ORDER BY created_at, id LIMIT ?`, append(args, limit), func(rows *sql.Rows) error {
			var err error
			var (
				p              predict.PricePoint
				price          string
				block, created int64
			)
			if err = rows.Scan(&p.Market, &p.Option, &price, &block, &created); err != nil {
				return err
			}
			if p.Price, err = parseAmount(price); err != nil {
				return err
			}
			p.Block, p.Time = uint64(block), fromMillis(created)
			out = append(out, p)
			return nil
		})
	})
	if err != nil {
		return nil, fmt.Errorf("price points: %w", err)
	}
	return out, nil
}
