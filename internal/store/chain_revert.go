package store

import (
	"context"
	"database/sql"
	"fmt"
	"math/big"
	"sort"
	"strings"
	"time"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/internal/accounting"
)

// factTables are the tables of per-log facts; each has block_number.
var factTables = []string{"chain_facts", "trades", "claims", "resolution_events", "token_transfers"}

// RevertTo undoes the blocks above ancestor; replay rebuilds each market
// they touched from its remaining facts (the ledger: ledger.RevertTo).
func (db *DB) RevertTo(ctx context.Context, ancestor predict.BlockRef, replay accounting.Replayer) (*predict.RevertResult, error) {
	res := &predict.RevertResult{Options: map[string][]string{}}
	err := db.write(ctx, func(t *tx) error {
		*res = predict.RevertResult{Options: map[string][]string{}}
		now := time.Now().UnixMilli()
		above := int64(ancestor.Number)

		// What the orphaned blocks touched, before their facts go.
		markets, err := affectedMarkets(ctx, t, above)
		if err != nil {
			return err
		}
		if err := t.queryRow(ctx, `SELECT COUNT(*) FROM applied_logs WHERE block_number > ?`, above).Scan(&res.Logs); err != nil {
			return err
		}
		if err := undoTransfers(ctx, t, above, now); err != nil {
			return err
		}
		hours, err := orphanedHours(ctx, t, above)
		if err != nil {
			return err
		}
		// Notifications whose cause is in an orphaned block (an
		// operation confirmed or reverted there, a settlement) go with it.
		// Quarantined logs of those blocks go too: the blocks are read
		// again (a replay an operator asked for is such a revert).
		for _, table := range append(factTables, "price_points", "applied_logs", "indexed_blocks", "notifications", "quarantined_logs") {
			col := "block_number"
			if table == "indexed_blocks" {
				col = "number"
			}
			if _, err := t.exec(ctx, `DELETE FROM `+table+` WHERE `+col+` > ?`, above); err != nil {
				return fmt.Errorf("delete %s: %w", table, err)
			}
		}
		if err := rollUpHours(ctx, t, hours); err != nil {
			return err
		}
		// Operations the orphaned blocks executed are in flight again:
		// the new branch may include them once more.
		if _, err := t.exec(ctx, `UPDATE orders SET status = 'submitted', updated_at = ? WHERE op_hash IN
			(SELECT op_hash FROM operations WHERE block_number > ? AND status IN ('confirmed', 'reverted'))`, now, above); err != nil {
			return err
		}
		if _, err := t.exec(ctx, `UPDATE operations SET status = 'submitted', revert_reason = '', tx_hash = NULL,
			block_number = NULL, updated_at = ? WHERE block_number > ? AND status IN ('confirmed', 'reverted')`, now, above); err != nil {
			return err
		}

		for _, market := range markets {
			res.Markets = append(res.Markets, market)
			var created sql.NullInt64
			if err := t.queryRow(ctx, `SELECT created_block FROM markets WHERE address = ?`, market).Scan(&created); err != nil {
				return err
			}
			if created.Valid && created.Int64 > above {
				removed, err := removeMarket(ctx, t, market)
				if err != nil {
					return err
				}
				if removed {
					continue
				}
			}
			options, err := replayMarket(ctx, t, market, replay)
			if err != nil {
				return fmt.Errorf("recompute market %s: %w", market, err)
			}
			res.Options[market] = options
		}
		return setCursor(ctx, t, ancestor, time.Time{}, now)
	})
	if err != nil {
		return nil, fmt.Errorf("revert to block %d: %w", ancestor.Number, err)
	}
	return res, nil
}

// affectedMarkets lists the markets with facts above block, or created
// above it.
func affectedMarkets(ctx context.Context, t *tx, above int64) ([]string, error) {
	out, err := scanRows(ctx, t, `SELECT market FROM chain_facts WHERE block_number > ?
		UNION SELECT address FROM markets WHERE created_block > ?`, []any{above, above}, scanString)
	sort.Strings(out)
	return out, err
}

// undoTransfers subtracts the transfers above block from the balances:
// balances are sums, so this is exact without replaying older transfers.
func undoTransfers(ctx context.Context, t *tx, above int64, now int64) error {
	type balanceKey struct{ account, token string }
	delta := map[balanceKey]*big.Int{}
	err := eachRow(ctx, t, `SELECT token, from_address, to_address, amount FROM token_transfers WHERE block_number > ?`,
		[]any{above}, func(rows *sql.Rows) error {
			var token, from, to, amount string
			if err := rows.Scan(&token, &from, &to, &amount); err != nil {
				return err
			}
			v, err := parseAmount(amount)
			if err != nil {
				return err
			}
			for _, side := range []struct {
				account string
				sign    int
			}{{from, 1}, {to, -1}} {
				if side.account == predict.ZeroAddress {
					continue
				}
				k := balanceKey{side.account, token}
				if delta[k] == nil {
					delta[k] = new(big.Int)
				}
				if side.sign > 0 {
					delta[k].Add(delta[k], v)
				} else {
					delta[k].Sub(delta[k], v)
				}
			}
			return nil
		})
	if err != nil {
		return err
	}
	for k, d := range delta {
		var amount string
		err := t.queryRow(ctx, `SELECT amount FROM token_balances WHERE account = ? AND token = ?`, k.account, k.token).Scan(&amount)
		if err != nil {
			return fmt.Errorf("balance of %s in %s: %w", k.account, k.token, err)
		}
		cur, err := parseAmount(amount)
		if err != nil {
			return err
		}
		cur.Add(cur, d)
		if _, err := t.exec(ctx, `UPDATE token_balances SET amount = ?, updated_at = ? WHERE account = ? AND token = ?`,
			signedText(cur), now, k.account, k.token); err != nil {
			return err
		}
	}
	return nil
}

// priceHour is one option's hour of the price roll-up.
type priceHour struct {
	market, option string
	hour           int64
}

// orphanedHours lists the roll-up hours with price points above block.
func orphanedHours(ctx context.Context, t *tx, above int64) ([]priceHour, error) {
	var out []priceHour
	err := eachRow(ctx, t, `SELECT DISTINCT market, option_address, (created_at / ?) * ? FROM price_points WHERE block_number > ?`,
		[]any{hourMillis, hourMillis, above}, func(rows *sql.Rows) error {
			var h priceHour
			if err := rows.Scan(&h.market, &h.option, &h.hour); err != nil {
				return err
			}
			out = append(out, h)
			return nil
		})
	return out, err
}

// rollUpHours recomputes roll-up hours from the price points left.
func rollUpHours(ctx context.Context, t *tx, hours []priceHour) error {
	for _, h := range hours {
		if _, err := t.exec(ctx, `DELETE FROM price_hourly WHERE market = ? AND option_address = ? AND hour = ?`,
			h.market, h.option, h.hour); err != nil {
			return fmt.Errorf("roll up prices: %w", err)
		}
		if _, err := t.exec(ctx, `INSERT INTO price_hourly (market, option_address, hour, point_id)
			SELECT market, option_address, ?, MAX(id) FROM price_points
			WHERE market = ? AND option_address = ? AND created_at >= ? AND created_at < ? GROUP BY market, option_address`,
			h.hour, h.market, h.option, h.hour, h.hour+hourMillis); err != nil {
			return fmt.Errorf("roll up prices: %w", err)
		}
	}
	return nil
}

// removeMarket deletes a market whose creation was orphaned, with its
// derived rows. Orders the API recorded against it, and posts written on
// it, keep it (removed is false): the market is then recomputed from its
// remaining facts (none) and the new branch's creation, if any, updates it
// in place.
func removeMarket(ctx context.Context, t *tx, market string) (removed bool, err error) {
	var refs int
	if err := t.queryRow(ctx, `SELECT (SELECT COUNT(*) FROM orders WHERE market = ?) + (SELECT COUNT(*) FROM posts WHERE market = ?)`,
		market, market).Scan(&refs); err != nil {
		return false, err
	}
	if refs > 0 {
		return false, nil
	}
	for _, q := range []string{
		`DELETE FROM positions WHERE market = ?`,
		`DELETE FROM liquidity_positions WHERE market = ?`,
		`DELETE FROM limit_orders WHERE market = ?`,
		`DELETE FROM order_fills WHERE market = ?`,
		`DELETE FROM price_points WHERE market = ?`,
		`DELETE FROM price_hourly WHERE market = ?`,
		`DELETE FROM token_balances WHERE token = ? OR token IN (SELECT address FROM market_options WHERE market = ?)`,
		`DELETE FROM markets WHERE address = ?`,
	} {
		args := []any{market}
		if strings.Count(q, "?") == 2 {
			args = append(args, market)
		}
		if _, err := t.exec(ctx, q, args...); err != nil {
			return false, fmt.Errorf("remove market %s: %w", market, err)
		}
	}
	return true, nil
}

// replayMarket has replay rebuild a market's aggregates (pool, prices,
// volume, participants, settlement, positions, LP positions, holders)
// from its remaining facts, in log order, as ApplyBatch applies them
// (nothing is recorded again).
func replayMarket(ctx context.Context, t *tx, market string, replay accounting.Replayer) ([]string, error) {
	now := time.Now().UnixMilli()
	if _, err := t.exec(ctx, `DELETE FROM positions WHERE market = ?`, market); err != nil {
		return nil, err
	}
	if _, err := t.exec(ctx, `DELETE FROM liquidity_positions WHERE market = ?`, market); err != nil {
		return nil, err
	}
	// Limit orders are the market's aggregates too: the replay of its
	// order facts writes them and their fills again.
	for _, table := range []string{"limit_orders", "order_fills"} {
		if _, err := t.exec(ctx, `DELETE FROM `+table+` WHERE market = ?`, market); err != nil {
			return nil, err
		}
	}
	s := newChainState(ctx, t)
	s.now = now
	// Back to the state at creation; a settlement still under way (its
	// operation accepted, not yet confirmed) keeps the market settling.
	var live int
	if err := t.queryRow(ctx, `SELECT COUNT(*) FROM operations WHERE market = ? AND action = ? AND status IN ('pending', 'submitted')`,
		market, predict.KindSettleMarket).Scan(&live); err != nil {
		return nil, err
	}
	effects, err := marketFacts(ctx, t, market)
	if err != nil {
		return nil, err
	}
	return replay(s, market, live > 0, effects)
}

// marketFacts loads market's fact log as effects, in log order.
func marketFacts(ctx context.Context, t *tx, market string) ([]predict.Effect, error) {
	return scanRows(ctx, t, `SELECT kind, body FROM chain_facts WHERE market = ? ORDER BY block_number, log_index`,
		[]any{market}, func(rows row) (predict.Effect, error) {
			var kind, body string
			if err := rows.Scan(&kind, &body); err != nil {
				return nil, err
			}
			return predict.DecodeEffect(kind, []byte(body))
		})
}
