package store

import (
	"context"
	"database/sql"
	"fmt"
	"strconv"
	"strings"

	"github.com/predict-dev/predict"
)

// MaxExportPage bounds the rows of one export page: what an export holds
// in memory at once.
const MaxExportPage = 1000

// exportWindow turns q's bounds into SQL on the created_at column col and
// the market column mcol, and its limit into a page size.
func exportWindow(q predict.ExportQuery, col, mcol string) (where []string, args []any, limit int, err error) {
	if q.Limit < 0 {
		return nil, nil, 0, predict.Errorf(predict.EINVALID, "limit must not be negative")
	}
	limit = q.Limit
	if limit == 0 || limit > MaxExportPage {
		limit = MaxExportPage
	}
	if !q.From.IsZero() {
		where, args = append(where, col+` >= ?`), append(args, millis(q.From))
	}
	if !q.To.IsZero() {
		where, args = append(where, col+` < ?`), append(args, millis(q.To))
	}
	if q.Market != "" {
		where, args = append(where, mcol+` = ?`), append(args, strings.ToLower(q.Market))
	}
	return where, args, limit, nil
}

// chainCursor is the position of a row in chain order: "block.logIndex".
func chainCursor(block uint64, logIndex uint) string {
	return strconv.FormatUint(block, 10) + "." + strconv.FormatUint(uint64(logIndex), 10)
}

// afterChain is the condition "after the cursor" on a table in chain
// order (alias t).
func afterChain(after string) (string, []any, error) {
	b, l, ok := strings.Cut(after, ".")
	block, err1 := strconv.ParseInt(b, 10, 64)
	logIndex, err2 := strconv.ParseInt(l, 10, 64)
	if !ok || err1 != nil || err2 != nil || block < 0 || logIndex < 0 {
		return "", nil, predict.Errorf(predict.EINVALID, "cursor %q is not one this export gave", after)
	}
	// Written as a range on block_number first, so both databases read
	// the (block_number, log_index) index from the cursor on.
	return `t.block_number >= ? AND (t.block_number > ? OR t.log_index > ?)`, []any{block, block, logIndex}, nil
}

// chainWindow is exportWindow for a table in chain order (alias t), with
// its cursor's condition.
func chainWindow(q predict.ExportQuery) (where []string, args []any, limit int, err error) {
	if where, args, limit, err = exportWindow(q, "t.created_at", "t.market"); err != nil || q.After == "" {
		return where, args, limit, err
	}
	cond, cargs, err := afterChain(q.After)
	if err != nil {
		return nil, nil, 0, err
	}
	return append(where, cond), append(args, cargs...), limit, nil
}

func whereAll(where []string) string {
	if len(where) == 0 {
		return ""
	}
	return " WHERE " + strings.Join(where, " AND ")
}

// ExportTrades reads trades in chain order, with the titles and trader
// names of get-market-trades.
func (db *DB) ExportTrades(ctx context.Context, q predict.ExportQuery) ([]*predict.Trade, []string, error) {
	where, args, limit, err := chainWindow(q)
	if err != nil {
		return nil, nil, err
	}
	rows, err := readValue(ctx, db, func(t *tx) ([]*predict.Trade, error) {
		return scanRows(ctx, t, tradeSelect+whereAll(where)+` ORDER BY t.block_number, t.log_index LIMIT ?`,
			append(args, limit), scanTrade)
	})
	if err != nil {
		return nil, nil, fmt.Errorf("export trades: %w", err)
	}
	cursors := make([]string, len(rows))
	for i, tr := range rows {
		cursors[i] = chainCursor(tr.Block, tr.LogIndex)
	}
	return rows, cursors, nil
}

// ExportPrices reads price points at full resolution (one per price
// change, ended markets' included), in the order they were recorded.
func (db *DB) ExportPrices(ctx context.Context, q predict.ExportQuery) ([]predict.PricePoint, []string, error) {
	where, args, limit, err := exportWindow(q, "created_at", "market")
	if err != nil {
		return nil, nil, err
	}
	if q.After != "" {
		id, err := strconv.ParseInt(q.After, 10, 64)
		if err != nil || id < 0 {
			return nil, nil, predict.Errorf(predict.EINVALID, "cursor %q is not one this export gave", q.After)
		}
		where, args = append(where, `id > ?`), append(args, id)
	}
	var (
		points  []predict.PricePoint
		cursors []string
	)
	err = db.read(ctx, func(t *tx) error {
		return eachRow(ctx, t, `SELECT id, market, option_address, price, block_number, created_at FROM price_points`+
			whereAll(where)+` ORDER BY id LIMIT ?`, append(args, limit), func(rows *sql.Rows) error {
			var (
				p                  predict.PricePoint
				price              string
				id, block, created int64
			)
			if err := rows.Scan(&id, &p.Market, &p.Option, &price, &block, &created); err != nil {
				return err
			}
			var err error
			if p.Price, err = parseAmount(price); err != nil {
				return err
			}
			p.Block, p.Time = uint64(block), fromMillis(created)
			points, cursors = append(points, p), append(cursors, strconv.FormatInt(id, 10))
			return nil
		})
	})
	if err != nil {
		return nil, nil, fmt.Errorf("export prices: %w", err)
	}
	return points, cursors, nil
}

// ExportMarkets reads markets oldest first, with their options and tags.
func (db *DB) ExportMarkets(ctx context.Context, q predict.ExportQuery) ([]*predict.Market, []string, error) {
	where, args, limit, err := exportWindow(q, "m.created_at", "m.address")
	if err != nil {
		return nil, nil, err
	}
	if q.After != "" {
		c, addr, ok := strings.Cut(q.After, ".")
		created, perr := strconv.ParseInt(c, 10, 64)
		if !ok || perr != nil || !strings.HasPrefix(addr, "0x") {
			return nil, nil, predict.Errorf(predict.EINVALID, "cursor %q is not one this export gave", q.After)
		}
		where = append(where, `(m.created_at > ? OR (m.created_at = ? AND m.address > ?))`)
		args = append(args, created, created, addr)
	}
	markets := []*predict.Market{}
	err = db.read(ctx, func(t *tx) error {
		err := eachRow(ctx, t, `SELECT `+marketColumns+marketFrom+whereAll(where)+` ORDER BY m.created_at, m.address LIMIT ?`,
			append(args, limit), func(rows *sql.Rows) error {
				m, err := scanMarket(rows)
				if err == nil {
					markets = append(markets, m)
				}
				return err
			})
		if err != nil {
			return err
		}
		if err := loadOptions(ctx, t, markets); err != nil {
			return err
		}
		return loadTags(ctx, t, markets)
	})
	if err != nil {
		return nil, nil, fmt.Errorf("export markets: %w", err)
	}
	cursors := make([]string, len(markets))
	for i, m := range markets {
		cursors[i] = strconv.FormatInt(millis(m.CreatedAt), 10) + "." + m.Address
	}
	return markets, cursors, nil
}

// ExportResolutions reads the steps of every resolution in chain order.
func (db *DB) ExportResolutions(ctx context.Context, q predict.ExportQuery) ([]predict.ResolutionStep, []string, error) {
	where, args, limit, err := chainWindow(q)
	if err != nil {
		return nil, nil, err
	}
	var (
		out     []predict.ResolutionStep
		cursors []string
	)
	// The steps of a challenge window are rows of resolution_events; a
	// settlement (the end of every market that does not end void) is a
	// fact of the chain's log, with the winner on the market's row.
	steps := `SELECT market, kind, outcome, account, uid, amount, tx_hash, block_number, log_index, created_at FROM resolution_events
		UNION ALL
		SELECT f.market, 'settled', (SELECT o.idx FROM market_options o WHERE o.address = m.winning_option),
			COALESCE(m.resolver_address, ''), m.resolver_uid, '0', COALESCE(m.settle_tx_hash, ''), f.block_number, f.log_index,
			COALESCE(m.settled_at, 0)
		FROM chain_facts f JOIN markets m ON m.address = f.market WHERE f.kind = 'settled'`
	err = db.read(ctx, func(t *tx) error {
		return eachRow(ctx, t, `SELECT t.market, t.kind, t.outcome, t.account, COALESCE(t.uid, ''), t.amount, t.tx_hash,
			t.block_number, t.log_index, t.created_at FROM (`+steps+`) t`+whereAll(where)+
			` ORDER BY t.block_number, t.log_index LIMIT ?`, append(args, limit), func(rows *sql.Rows) error {
			var (
				s                      predict.ResolutionStep
				outcome                sql.NullInt64
				amount                 string
				block, logIdx, created int64
			)
			if err := rows.Scan(&s.Market, &s.Kind, &outcome, &s.Account, &s.UID, &amount, &s.TxHash, &block, &logIdx, &created); err != nil {
				return err
			}
			var err error
			if s.Amount, err = parseAmount(amount); err != nil {
				return err
			}
			if outcome.Valid {
				s.Outcome = &outcome.Int64
			}
			s.Block, s.LogIndex, s.Time = uint64(block), uint(logIdx), fromMillis(created)
			out, cursors = append(out, s), append(cursors, chainCursor(s.Block, s.LogIndex))
			return nil
		})
	})
	if err != nil {
		return nil, nil, fmt.Errorf("export resolutions: %w", err)
	}
	return out, cursors, nil
}
