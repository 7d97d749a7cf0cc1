package store

import (
	"context"
	"database/sql"
	"fmt"
	"math/big"
	"strings"
	"time"

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

// hourMillis is the bucket of the hourly price roll-up.
const hourMillis = int64(time.Hour / time.Millisecond)

// rollUpPrices makes the hourly roll-up point at the last price point of
// each hour of the points from block on, where a later one does not
// already stand.
func rollUpPrices(ctx context.Context, t *tx, fromBlock uint64) error {
	// The hour's constant is in the text: PostgreSQL groups by an
	// expression only if it is written the same way in SELECT.
	if _, err := t.exec(ctx, fmt.Sprintf(`INSERT INTO price_hourly (market, option_address, hour, point_id)
		SELECT market, option_address, (created_at / %[1]d) * %[1]d, MAX(id) FROM price_points WHERE block_number >= ?
		GROUP BY market, option_address, created_at / %[1]d
		ON CONFLICT (market, option_address, hour) DO UPDATE SET point_id = excluded.point_id
		WHERE excluded.point_id > price_hourly.point_id`, hourMillis), int64(fromBlock)); err != nil {
		return fmt.Errorf("roll up price points: %w", err)
	}
	return nil
}

// PriceHistory returns, for the options of q.Market, the last price before
// q.From and the last price point of every bucket of [q.From, q.To). One
// grouped query picks the last point (highest id: the indexer inserts in
// chain order) of each (option, bucket), so the rows read are bounded by
// the buckets, not by the trades.
func (db *DB) PriceHistory(ctx context.Context, q predict.PriceHistoryQuery) (*predict.PriceHistory, error) {
	if q.Market == "" || q.Bucket < time.Millisecond || !q.From.Before(q.To) {
		return nil, predict.Errorf(predict.EINVALID, "a market, a bucket and a non-empty window are required")
	}
	market, option := strings.ToLower(q.Market), strings.ToLower(q.Option)
	optionSQL, optionArgs := "", []any{}
	if option != "" {
		optionSQL, optionArgs = ` AND option_address = ?`, []any{option}
	}
	h := &predict.PriceHistory{Opening: map[string]*big.Int{}, Points: []predict.PricePoint{}}
	err := db.read(ctx, func(t *tx) error {
		// The opening price of each option: one index seek per option.
		options := []string{option}
		if option == "" {
			options = options[:0]
			if err := eachRow(ctx, t, `SELECT address FROM market_options WHERE market = ? ORDER BY idx`, []any{market},
				func(rows *sql.Rows) error {
					var o string
					options = append(options, o)
					return rows.Scan(&options[len(options)-1])
				}); err != nil {
				return err
			}
		}
		for _, o := range options {
			price, err := lastPrice(ctx, t, market, o, q.From.Add(-time.Millisecond))
			if err != nil {
				return err
			}
			if price != nil {
				h.Opening[o] = price
			}
		}
		// Buckets of whole hours read the hourly roll-up: as many rows as
		// hours, however busy the market.
		last := `SELECT MAX(id) FROM price_points WHERE market = ?` + optionSQL + ` AND created_at >= ? AND created_at < ?
			GROUP BY option_address, created_at / ?`
		if q.Bucket%time.Hour == 0 {
			last = `SELECT MAX(point_id) FROM price_hourly WHERE market = ?` + optionSQL + ` AND hour >= ? AND hour < ?
				GROUP BY option_address, hour / ?`
		}
		args := append(append([]any{market}, optionArgs...), millis(q.From), millis(q.To), q.Bucket.Milliseconds())
		return eachRow(ctx, t, `SELECT option_address, price, block_number, created_at FROM price_points WHERE id IN (`+
			last+`) ORDER BY created_at, id`, args, func(rows *sql.Rows) error {
			var err error
			p := predict.PricePoint{Market: market}
			var (
				price          string
				block, created int64
			)
			if err = rows.Scan(&p.Option, &price, &block, &created); err != nil {
				return err
			}
			if p.Price, err = parseAmount(price); err != nil {
				return err
			}
			p.Block, p.Time = uint64(block), fromMillis(created)
			h.Points = append(h.Points, p)
			return nil
		})
	})
	if err != nil {
		return nil, fmt.Errorf("price history of %s: %w", market, err)
	}
	return h, nil
}

// PricesAt returns the price of every option of markets at a moment: the
// last point at or before it, else the first point (the opening price of
// a market created later). One index seek per option on (market,
// option_address, created_at), however long the market's history.
func (db *DB) PricesAt(ctx context.Context, markets []string, at time.Time) (map[string]*big.Int, error) {
	out := map[string]*big.Int{}
	if len(markets) == 0 {
		return out, nil
	}
	args := lowerArgs(markets)
	err := db.read(ctx, func(t *tx) error {
		var options [][2]string
		if err := eachRow(ctx, t, `SELECT market, address FROM market_options WHERE market IN (`+placeholders(len(args))+`) ORDER BY market, idx`, args,
			func(rows *sql.Rows) error {
				var o [2]string
				options = append(options, o)
				return rows.Scan(&options[len(options)-1][0], &options[len(options)-1][1])
			}); err != nil {
			return err
		}
		for _, o := range options {
			price, err := lastPrice(ctx, t, o[0], o[1], at)
			if err != nil {
				return err
			}
			if price == nil {
				if price, err = scanPrice(t.queryRow(ctx, `SELECT price FROM price_points WHERE market = ? AND option_address = ?
					ORDER BY created_at, id LIMIT 1`, o[0], o[1])); err != nil {
					return err
				}
			}
			if price != nil {
				out[o[1]] = price
			}
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("prices at %s: %w", at.Format(time.RFC3339), err)
	}
	return out, nil
}

// lastPrice returns an option's last price at or before at; nil if none.
func lastPrice(ctx context.Context, t *tx, market, option string, at time.Time) (*big.Int, error) {
	return scanPrice(t.queryRow(ctx, `SELECT price FROM price_points WHERE market = ? AND option_address = ? AND created_at <= ?
		ORDER BY created_at DESC, id DESC LIMIT 1`, market, option, millis(at)))
}

// scanPrice reads a price column; nil when there is no row.
func scanPrice(row *sql.Row) (*big.Int, error) {
	var price string
	if ok, err := rowFound(row.Scan(&price)); !ok {
		return nil, err
	}
	return parseAmount(price)
}
