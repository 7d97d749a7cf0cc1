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

// RecentTrades returns the trades since a time of one market, or of
// every market when market is "": what the hot ranking keeps of the last
// 24 hours, re-read for a market when an event says it changed.
func (db *DB) RecentTrades(ctx context.Context, market string, since time.Time) ([]predict.TradeTick, error) {
	q, args := `SELECT market, account, created_at, base_amount FROM trades WHERE created_at >= ?`, []any{millis(since)}
	if market != "" {
		q, args = `SELECT market, account, created_at, base_amount FROM trades WHERE market = ? AND created_at >= ?`,
			[]any{strings.ToLower(market), millis(since)}
	}
	return readValue(ctx, db, func(t *tx) ([]predict.TradeTick, error) {
		return scanRows(ctx, t, q, args, func(r row) (predict.TradeTick, error) {
			var (
				tt      predict.TradeTick
				created int64
				base    string
			)
			if err := r.Scan(&tt.Market, &tt.Account, &created, &base); err != nil {
				return tt, err
			}
			tt.Time = fromMillis(created)
			var err error
			tt.Base, err = parseAmount(base)
			return tt, err
		})
	})
}

// MarketsByHotScore lists the markets of a status (address, base token, hot score) in the
// order of the hot sort of ListMarkets.
func (db *DB) MarketsByHotScore(ctx context.Context, status predict.MarketStatus) ([]predict.MarketKey, error) {
	if !status.Valid() {
		return nil, predict.Errorf(predict.EINVALID, "unknown market status %q", status)
	}
	out, err := readValue(ctx, db, func(t *tx) ([]predict.MarketKey, error) {
		return listRows(ctx, t, `SELECT m.address, m.base_token, m.hot_score FROM markets m WHERE m.status = ? ORDER BY m.hot_score DESC,
			length(m.volume) DESC, m.volume DESC, m.created_at DESC, m.address`, []any{string(status)}, func(r row) (k predict.MarketKey, err error) {
			return k, r.Scan(&k.Address, &k.BaseToken, &k.Hot)
		})
	})
	if err != nil {
		return nil, fmt.Errorf("markets by hot score: %w", err)
	}
	return out, nil
}
