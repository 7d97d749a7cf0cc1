package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/predict-dev/predict"
)

// PayoutMarkets lists up to limit markets that ended before endedBefore
// (their settlement block's time) and whose payout is not done, the
// earliest ended first.
func (db *DB) PayoutMarkets(ctx context.Context, endedBefore time.Time, limit int) ([]string, error) {
	var out []string
	err := db.read(ctx, func(t *tx) error {
		var err error
		out, err = scanRows(ctx, t, `SELECT m.address FROM markets m LEFT JOIN payouts p ON p.market = m.address
			WHERE m.status = ? AND m.settled_at < ? AND (p.done IS NULL OR p.done = ?) ORDER BY m.settled_block, m.address LIMIT ?`,
			[]any{string(predict.StatusEnded), endedBefore.UnixMilli(), false, limit}, scanString)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("payout markets: %w", err)
	}
	return out, nil
}

// PayoutProgress returns how far the payout of market got (the zero
// progress when it has not begun).
func (db *DB) PayoutProgress(ctx context.Context, market string) (*predict.PayoutProgress, error) {
	p := &predict.PayoutProgress{Market: market}
	err := db.read(ctx, func(t *tx) error {
		err := t.queryRow(ctx, `SELECT holder_cursor, lp_cursor, batches, paid, done FROM payouts WHERE market = ?`, market).
			Scan(&p.HolderCursor, &p.LPCursor, &p.Batches, &p.Paid, &p.Done)
		if errors.Is(err, sql.ErrNoRows) {
			return nil
		}
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("payout progress of %s: %w", market, err)
	}
	return p, nil
}

// PayoutRecipients lists, in address order, up to limit accounts of market
// after the cursors that the market still owes as the indexer last saw it:
// holders of the winning option (of any option when the market ended
// void), then LPs with shares left.
func (db *DB) PayoutRecipients(ctx context.Context, market, holderCursor, lpCursor string, limit int) (holders, lps []string, err error) {
	err = db.read(ctx, func(t *tx) error {
		var err error
		holders, err = scanRows(ctx, t, `SELECT DISTINCT p.account FROM positions p JOIN markets m ON m.address = p.market
			WHERE p.market = ? AND p.amount <> '0' AND p.amount NOT LIKE '-%' AND (m.void = ? OR p.option_address = m.winning_option)
			AND p.account > ? ORDER BY p.account LIMIT ?`, []any{market, true, holderCursor, limit}, scanString)
		if err != nil || len(holders) == limit {
			return err
		}
		lps, err = scanRows(ctx, t, `SELECT account FROM liquidity_positions WHERE market = ? AND lp_amount <> '0'
			AND account > ? ORDER BY account LIMIT ?`, []any{market, lpCursor, limit - len(holders)}, scanString)
		return err
	})
	if err != nil {
		return nil, nil, fmt.Errorf("payout recipients of %s: %w", market, err)
	}
	return holders, lps, nil
}

// SavePayoutProgress records p: after a batch is mined, or once the
// market's payout is done.
func (db *DB) SavePayoutProgress(ctx context.Context, p *predict.PayoutProgress) error {
	err := db.write(ctx, func(t *tx) error {
		_, err := t.exec(ctx, `INSERT INTO payouts (market, holder_cursor, lp_cursor, batches, paid, done, updated_at)
			VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (market) DO UPDATE SET holder_cursor = excluded.holder_cursor,
			lp_cursor = excluded.lp_cursor, batches = excluded.batches, paid = excluded.paid, done = excluded.done,
			updated_at = excluded.updated_at`,
			p.Market, p.HolderCursor, p.LPCursor, p.Batches, p.Paid, p.Done, time.Now().UnixMilli())
		return err
	})
	if err != nil {
		return fmt.Errorf("save payout progress of %s: %w", p.Market, err)
	}
	return nil
}
