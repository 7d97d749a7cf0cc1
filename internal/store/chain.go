package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"math/big"
	"sort"
	"strings"
	"time"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/internal/accounting"
)

var _ predict.ChainStore = (*DB)(nil)

// cursorName is the indexer_cursor row of the chain indexer.
const cursorName = "chain"

// DefaultKeepBlocks is how many blocks below the cursor the window of
// recent blocks (indexed_blocks) reaches when a batch does not say: the
// deepest reorg the indexer can undo.
const DefaultKeepBlocks = 4096

// IndexerCursor returns the last applied block.
func (db *DB) IndexerCursor(ctx context.Context) (predict.BlockRef, bool, error) {
	var (
		c     predict.BlockRef
		found bool
	)
	err := db.read(ctx, func(t *tx) error {
		var n int64
		err := t.queryRow(ctx, `SELECT block_number, block_hash FROM indexer_cursor WHERE name = ?`, cursorName).Scan(&n, &c.Hash)
		if errors.Is(err, sql.ErrNoRows) {
			return nil
		}
		c.Number, found = uint64(n), err == nil
		return err
	})
	if err != nil {
		return predict.BlockRef{}, false, fmt.Errorf("indexer cursor: %w", err)
	}
	return c, found, nil
}

// IndexedHeadTime is the time of the indexer's last block; ok is false
// before the first block or when the time is not known (a reorg's
// ancestor, until the next block).
func (db *DB) IndexedHeadTime(ctx context.Context) (at time.Time, ok bool, err error) {
	err = db.read(ctx, func(t *tx) error {
		var ms int64
		err := t.queryRow(ctx, `SELECT block_time FROM indexer_cursor WHERE name = ?`, cursorName).Scan(&ms)
		if errors.Is(err, sql.ErrNoRows) {
			return nil
		}
		at, ok = time.UnixMilli(ms).UTC(), err == nil && ms > 0
		return err
	})
	if err != nil {
		return time.Time{}, false, fmt.Errorf("indexed head time: %w", err)
	}
	return at, ok, nil
}

// IndexedBlocks returns the window of recent blocks, newest first.
func (db *DB) IndexedBlocks(ctx context.Context) ([]predict.BlockRef, error) {
	var out []predict.BlockRef
	err := db.read(ctx, func(t *tx) error {
		var err error
		out, err = scanRows(ctx, t, `SELECT number, hash FROM indexed_blocks ORDER BY number DESC`, nil,
			func(rows row) (predict.BlockRef, error) {
				var (
					n int64
					b predict.BlockRef
				)
				err := rows.Scan(&n, &b.Hash)
				b.Number = uint64(n)
				return b, err
			})
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("indexed blocks: %w", err)
	}
	return out, nil
}

// IndexedMarkets lists every market with its option tokens, oldest first.
func (db *DB) IndexedMarkets(ctx context.Context) ([]predict.IndexedMarket, error) {
	var out []predict.IndexedMarket
	err := db.read(ctx, func(t *tx) error {
		return eachRow(ctx, t, `SELECT m.address, m.base_token, o.address FROM markets m
			JOIN market_options o ON o.market = m.address ORDER BY m.created_at, m.address, o.idx`, nil, func(rows *sql.Rows) error {
			var market, base, option string
			if err := rows.Scan(&market, &base, &option); err != nil {
				return err
			}
			if n := len(out); n == 0 || out[n-1].Address != market {
				out = append(out, predict.IndexedMarket{Address: market, BaseToken: base})
			}
			last := &out[len(out)-1]
			last.Options = append(last.Options, option)
			return nil
		})
	})
	if err != nil {
		return nil, fmt.Errorf("indexed markets: %w", err)
	}
	return out, nil
}

// ApplyBatch applies a batch in one transaction: the effects whose logs
// are new (applied_logs) go to apply, in log order, which decides what
// they change and writes it through the transaction (the ledger:
// ledger.ApplyBatch); the quarantined logs are recorded instead, the
// blocks join the window of recent blocks, and the cursor moves to b.To.
func (db *DB) ApplyBatch(ctx context.Context, b *predict.ChainBatch, apply accounting.Applier) error {
	return db.applyBatch(ctx, b, apply, false)
}

// errDryRun rolls back the transaction of CheckBatch.
var errDryRun = errors.New("store: dry run")

// CheckBatch applies b in a transaction that it rolls back: nil when
// ApplyBatch would succeed. The indexer uses it to find the logs of a
// failing batch that the store cannot apply.
func (db *DB) CheckBatch(ctx context.Context, b *predict.ChainBatch, apply accounting.Applier) error {
	err := db.applyBatch(ctx, b, apply, true)
	if errors.Is(err, errDryRun) {
		return nil
	}
	return err
}

func (db *DB) applyBatch(ctx context.Context, b *predict.ChainBatch, apply accounting.Applier, dryRun bool) error {
	keep := b.Keep
	if keep == 0 {
		keep = DefaultKeepBlocks
	}
	err := db.write(ctx, func(t *tx) error {
		s := newChainState(ctx, t)
		// Logs of the batch's blocks applied before (a batch applied again
		// after a crash): read once, so a new log costs no round trip of
		// its own; the new ones are recorded together below.
		type logKey struct {
			hash  string
			index uint
		}
		done := map[logKey]bool{}
		err := eachRow(ctx, t, `SELECT block_hash, log_index FROM applied_logs WHERE block_number >= ? AND block_number <= ?`,
			[]any{int64(b.From), int64(b.To.Number)}, func(rows *sql.Rows) error {
				var k logKey
				var index int64
				if err := rows.Scan(&k.hash, &index); err != nil {
					return err
				}
				k.index = uint(index)
				done[k] = true
				return nil
			})
		if err != nil {
			return fmt.Errorf("read applied logs: %w", err)
		}
		var quarantined []any
		for _, q := range b.Quarantine {
			done[logKey{q.BlockHash, q.LogIndex}] = true
			quarantined = append(quarantined, q.BlockHash, int64(q.LogIndex), int64(q.Block), q.TxHash, q.Address, q.Topic, q.Kind,
				predict.CleanText(q.Error, maxQuarantineError), s.now)
		}
		// A batch applied again after a crash records them once.
		if err := insertRows(ctx, t, `INSERT INTO quarantined_logs (block_hash, log_index, block_number, tx_hash, address, topic,
			kind, error, quarantined_at)`, ` ON CONFLICT (block_hash, log_index) DO NOTHING`, 9, quarantined); err != nil {
			return fmt.Errorf("record quarantined logs: %w", err)
		}
		var (
			fresh   []any
			effects []predict.Effect
		)
		for _, blk := range b.Blocks {
			for _, e := range blk.Effects {
				ref := e.Ref()
				k := logKey{ref.BlockHash, ref.LogIndex}
				if done[k] {
					continue // applied before
				}
				done[k] = true
				fresh = append(fresh, ref.BlockHash, int64(ref.LogIndex), int64(ref.Block), s.now)
				effects = append(effects, e)
			}
			// Only the last keep blocks stay in the window.
			if blk.Number+keep > b.To.Number {
				if err := putIndexedBlock(ctx, t, blk.Number, blk.Hash, s.now); err != nil {
					return err
				}
			}
		}
		if err := insertRows(ctx, t, `INSERT INTO applied_logs (block_hash, log_index, block_number, applied_at)`, "", 4, fresh); err != nil {
			return fmt.Errorf("record logs: %w", err)
		}
		if err := apply(s, effects); err != nil {
			return err
		}
		if err := putIndexedBlock(ctx, t, b.To.Number, b.To.Hash, s.now); err != nil {
			return err
		}
		if b.To.Number > keep {
			if _, err := t.exec(ctx, `DELETE FROM indexed_blocks WHERE number < ?`, int64(b.To.Number-keep)); err != nil {
				return err
			}
		}
		if err := setCursor(ctx, t, b.To, b.ToTime, s.now); err != nil {
			return err
		}
		if dryRun {
			return errDryRun
		}
		return nil
	})
	if errors.Is(err, errDryRun) {
		return err
	} else if err != nil {
		return fmt.Errorf("apply blocks %d-%d: %w", b.From, b.To.Number, err)
	}
	return nil
}

// maxQuarantineError bounds the error kept with a quarantined log, in runes.
const maxQuarantineError = 2000

// QuarantinedLogs lists the quarantined logs by block and log index.
func (db *DB) QuarantinedLogs(ctx context.Context) ([]predict.QuarantinedLog, error) {
	var out []predict.QuarantinedLog
	err := db.read(ctx, func(t *tx) error {
		return eachRow(ctx, t, `SELECT block_hash, log_index, block_number, tx_hash, address, topic, kind, error, quarantined_at,
			replay FROM quarantined_logs ORDER BY block_number, log_index`, nil, func(rows *sql.Rows) error {
			var (
				q            predict.QuarantinedLog
				index, block int64
				at           int64
			)
			if err := rows.Scan(&q.BlockHash, &index, &block, &q.TxHash, &q.Address, &q.Topic, &q.Kind, &q.Error, &at,
				&q.Replay); err != nil {
				return err
			}
			q.LogIndex, q.Block, q.At = uint(index), uint64(block), fromMillis(at)
			out = append(out, q)
			return nil
		})
	})
	if err != nil {
		return nil, fmt.Errorf("quarantined logs: %w", err)
	}
	return out, nil
}

// insertRows inserts rows given as one flat list of n values per row,
// with multi-row VALUES of at most 500 rows per statement (under
// SQLite's limit of 32,766 variables for up to 65 columns); suffix, such
// as an ON CONFLICT clause, follows the VALUES.
func insertRows(ctx context.Context, t *tx, insert, suffix string, n int, flat []any) error {
	const perStatement = 500
	for start := 0; start < len(flat); start += perStatement * n {
		chunk := flat[start:min(start+perStatement*n, len(flat))]
		if _, err := t.exec(ctx, insert+` VALUES `+values(len(chunk)/n, n)+suffix, chunk...); err != nil {
			return err
		}
	}
	return nil
}

func putIndexedBlock(ctx context.Context, t *tx, number uint64, hash string, now int64) error {
	_, err := t.exec(ctx, `INSERT INTO indexed_blocks (number, hash, indexed_at) VALUES (?, ?, ?)
		ON CONFLICT (number) DO UPDATE SET hash = excluded.hash, indexed_at = excluded.indexed_at`, int64(number), hash, now)
	return err
}

func setCursor(ctx context.Context, t *tx, c predict.BlockRef, at time.Time, now int64) error {
	var ms int64
	if !at.IsZero() {
		ms = at.UnixMilli()
	}
	_, err := t.exec(ctx, `INSERT INTO indexer_cursor (name, block_number, block_hash, block_time, updated_at) VALUES (?, ?, ?, ?, ?)
		ON CONFLICT (name) DO UPDATE SET block_number = excluded.block_number, block_hash = excluded.block_hash,
		block_time = excluded.block_time, updated_at = excluded.updated_at`, cursorName, int64(c.Number), c.Hash, ms, now)
	return err
}

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
