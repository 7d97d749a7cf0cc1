package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"math/big"
	"strings"
	"time"

	"github.com/predict-dev/predict"
)

// Reads for charts and rankings: price history, prices at a moment,
// recent activity and the hot order.

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
	in := strings.TrimSuffix(strings.Repeat("?, ", len(markets)), ", ")
	args := make([]any, len(markets))
	for i, m := range markets {
		args[i] = strings.ToLower(m)
	}
	err := db.read(ctx, func(t *tx) error {
		var options [][2]string
		if err := eachRow(ctx, t, `SELECT market, address FROM market_options WHERE market IN (`+in+`) ORDER BY market, idx`, args,
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
	err := row.Scan(&price)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return parseAmount(price)
}

// MarketActivity sums the trades since a time by market. Amounts are
// summed exactly in Go: the columns are decimal text.
func (db *DB) MarketActivity(ctx context.Context, since time.Time) ([]predict.MarketActivity, error) {
	type acc struct {
		a       predict.MarketActivity
		traders map[string]struct{}
	}
	byMarket := map[string]*acc{}
	var order []string
	err := db.read(ctx, func(t *tx) error {
		return eachRow(ctx, t, `SELECT t.market, m.base_token, t.account, t.base_amount FROM trades t
			JOIN markets m ON m.address = t.market WHERE t.created_at >= ?`, []any{millis(since)}, func(rows *sql.Rows) error {
			var market, token, account, base string
			if err := rows.Scan(&market, &token, &account, &base); err != nil {
				return err
			}
			amount, err := parseAmount(base)
			if err != nil {
				return err
			}
			a := byMarket[market]
			if a == nil {
				a = &acc{a: predict.MarketActivity{Market: market, BaseToken: token, Volume: new(big.Int)}, traders: map[string]struct{}{}}
				byMarket[market] = a
				order = append(order, market)
			}
			a.a.Trades++
			a.a.Volume.Add(a.a.Volume, amount)
			a.traders[account] = struct{}{}
			return nil
		})
	})
	if err != nil {
		return nil, fmt.Errorf("market activity: %w", err)
	}
	out := make([]predict.MarketActivity, len(order))
	for i, m := range order {
		a := byMarket[m]
		a.a.Traders = len(a.traders)
		out[i] = a.a
	}
	return out, nil
}

// MarketsByHotScore lists the markets of a status (address, base token) in the
// order of the hot sort of ListMarkets.
func (db *DB) MarketsByHotScore(ctx context.Context, status predict.MarketStatus) ([]predict.MarketKey, error) {
	if !status.Valid() {
		return nil, predict.Errorf(predict.EINVALID, "unknown market status %q", status)
	}
	out := []predict.MarketKey{}
	err := db.read(ctx, func(t *tx) error {
		return eachRow(ctx, t, `SELECT m.address, m.base_token FROM markets m WHERE m.status = ? ORDER BY m.hot_score DESC,
			length(m.volume) DESC, m.volume DESC, m.created_at DESC, m.address`, []any{string(status)}, func(rows *sql.Rows) error {
			var k predict.MarketKey
			if err := rows.Scan(&k.Address, &k.BaseToken); err != nil {
				return err
			}
			out = append(out, k)
			return nil
		})
	})
	if err != nil {
		return nil, fmt.Errorf("markets by hot score: %w", err)
	}
	return out, nil
}

// MarketsByAddress loads markets in the order of addresses.
func (db *DB) MarketsByAddress(ctx context.Context, addresses []string) ([]*predict.Market, error) {
	out := []*predict.Market{}
	if len(addresses) == 0 {
		return out, nil
	}
	in := strings.TrimSuffix(strings.Repeat("?, ", len(addresses)), ", ")
	args := make([]any, len(addresses))
	for i, a := range addresses {
		args[i] = strings.ToLower(a)
	}
	byAddr := map[string]*predict.Market{}
	err := db.read(ctx, func(t *tx) error {
		list, err := scanRows(ctx, t, `SELECT `+marketColumns+marketFrom+` WHERE m.address IN (`+in+`)`, args, scanMarket)
		if err != nil {
			return err
		}
		for _, m := range list {
			byAddr[m.Address] = m
		}
		if err := loadOptions(ctx, t, list); err != nil {
			return err
		}
		return loadTags(ctx, t, list)
	})
	if err != nil {
		return nil, fmt.Errorf("markets by address: %w", err)
	}
	for _, a := range args {
		if m := byAddr[a.(string)]; m != nil {
			out = append(out, m)
		}
	}
	return out, nil
}

// BaseTokens lists the distinct base tokens of the markets.
func (db *DB) BaseTokens(ctx context.Context) ([]string, error) {
	out := []string{}
	err := db.read(ctx, func(t *tx) error {
		return eachRow(ctx, t, `SELECT DISTINCT base_token FROM markets ORDER BY base_token`, nil, func(rows *sql.Rows) error {
			var b string
			if err := rows.Scan(&b); err != nil {
				return err
			}
			out = append(out, b)
			return nil
		})
	})
	if err != nil {
		return nil, fmt.Errorf("base tokens: %w", err)
	}
	return out, nil
}
