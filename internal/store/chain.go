package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
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
