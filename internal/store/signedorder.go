package store

import (
	"context"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"math/big"
	"strings"
	"time"

	"github.com/predict-dev/predict"
)

// The orders signed off chain for the Exchange contract: placed and
// cancelled through the API, filled by the leader's settlements.

// signedOrderColumns are the columns scanSignedOrder reads, in order.
const signedOrderColumns = `seq, hash, maker, signer, uid, market, option_index, side, gives, maker_amount, taker_amount,
	expiration, salt, nonce, fee_rate_bps, signature, filled, status, created_at, updated_at`

func scanSignedOrder(r row) (*predict.SignedOrder, error) {
	var (
		o                                 predict.SignedOrder
		maker, taker, salt, nonce, filled string
		sig                               string
		expiration, createdAt, updatedAt  int64
	)
	if err := r.Scan(&o.Seq, &o.Hash, &o.Maker, &o.Signer, &o.UID, &o.Market, &o.Option, &o.Side, &o.Gives, &maker, &taker,
		&expiration, &salt, &nonce, &o.FeeRateBps, &sig, &filled, &o.Status, &createdAt, &updatedAt); err != nil {
		return nil, err
	}
	if err := parseAmountsTo([]**big.Int{&o.MakerAmount, &o.TakerAmount, &o.Salt, &o.Nonce, &o.Filled},
		maker, taker, salt, nonce, filled); err != nil {
		return nil, err
	}
	b, err := hex.DecodeString(strings.TrimPrefix(sig, "0x"))
	if err != nil {
		return nil, fmt.Errorf("signed order %s: signature: %w", o.Hash, err)
	}
	o.Signature = b
	if expiration != 0 {
		o.Expiration = time.Unix(expiration, 0).UTC()
	}
	o.CreatedAt, o.UpdatedAt = fromMillis(createdAt), fromMillis(updatedAt)
	return &o, nil
}

// PlaceSignedOrder records o as open, after counting its user's open
// orders against limits: the user's row is locked first (an UPDATE that
// changes nothing), so that two placements of one user on PostgreSQL
// count one after the other and neither passes the cap beside the other.
func (db *DB) PlaceSignedOrder(ctx context.Context, o *predict.SignedOrder, limits predict.SignedOrderLimits) error {
	now := time.Now()
	err := db.write(ctx, func(t *tx) error {
		if _, err := t.exec(ctx, `UPDATE users SET uid = uid WHERE uid = ?`, o.UID); err != nil {
			return err
		}
		var inMarket, total int
		if err := t.queryRow(ctx, `SELECT COUNT(CASE WHEN market = ? THEN 1 END), COUNT(*) FROM signed_orders
			WHERE uid = ? AND status = ? AND (expiration = 0 OR expiration > ?)`,
			o.Market, o.UID, predict.SignedOpen, now.Unix()).Scan(&inMarket, &total); err != nil {
			return err
		}
		if limits.PerMarket > 0 && inMarket >= limits.PerMarket {
			return predict.Errorf(predict.ELIMIT, "you have %d open orders in market %s, the most one user may have there", inMarket, o.Market)
		}
		if limits.Total > 0 && total >= limits.Total {
			return predict.Errorf(predict.ELIMIT, "you have %d open orders, the most one user may have", total)
		}
		var expiration int64
		if !o.Expiration.IsZero() {
			expiration = o.Expiration.Unix()
		}
		err := t.queryRow(ctx, `INSERT INTO signed_orders (hash, maker, signer, uid, market, option_index, side, gives, maker_amount,
			taker_amount, expiration, salt, nonce, fee_rate_bps, signature, filled, status, created_at, updated_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, '0', ?, ?, ?) ON CONFLICT DO NOTHING RETURNING seq`,
			o.Hash, o.Maker, o.Signer, o.UID, o.Market, o.Option, o.Side, strings.ToLower(o.Gives), o.MakerAmount.String(), o.TakerAmount.String(),
			expiration, o.Salt.String(), o.Nonce.String(), o.FeeRateBps, "0x"+hex.EncodeToString(o.Signature),
			predict.SignedOpen, now.UnixMilli(), now.UnixMilli()).Scan(&o.Seq)
		if errors.Is(err, sql.ErrNoRows) {
			return duplicateOrder(ctx, t, o)
		}
		return err
	})
	if err != nil {
		return fmt.Errorf("place signed order %s: %w", o.Hash, err)
	}
	o.Filled, o.Status = new(big.Int), predict.SignedOpen
	o.CreatedAt, o.UpdatedAt = now.Truncate(time.Millisecond), now.Truncate(time.Millisecond)
	return nil
}

// duplicateOrder tells apart the two ways a placement repeats (an insert
// that conflicted, and so returned no row): the same order again, or a
// new one on a salt its maker used.
func duplicateOrder(ctx context.Context, t *tx, o *predict.SignedOrder) error {
	var n int
	if err := t.queryRow(ctx, `SELECT COUNT(*) FROM signed_orders WHERE hash = ?`, o.Hash).Scan(&n); err != nil {
		return err
	}
	if n > 0 {
		return predict.Errorf(predict.EDUPLICATE, "order %s was placed before", o.Hash)
	}
	return predict.Errorf(predict.EDUPLICATE, "salt %s was used by another order of %s: sign with a fresh salt", o.Salt, o.Maker)
}

// SignedOrderCommitted sums what maker's open orders giving token may
// still give, reading only those orders' two amounts (index
// signed_orders_gives).
func (db *DB) SignedOrderCommitted(ctx context.Context, maker, token string, now time.Time) (*big.Int, error) {
	return readValue(ctx, db, func(t *tx) (*big.Int, error) {
		rows, err := t.query(ctx, `SELECT maker_amount, filled FROM signed_orders
			WHERE maker = ? AND gives = ? AND status = ? AND (expiration = 0 OR expiration > ?)`,
			strings.ToLower(maker), strings.ToLower(token), predict.SignedOpen, now.Unix())
		if err != nil {
			return nil, err
		}
		defer rows.Close()
		sum, amount, filled := new(big.Int), new(big.Int), new(big.Int)
		for rows.Next() {
			var a, f string
			if err := rows.Scan(&a, &f); err != nil {
				return nil, err
			}
			if _, ok := amount.SetString(a, 10); !ok {
				return nil, fmt.Errorf("signed order amount %q", a)
			}
			if _, ok := filled.SetString(f, 10); !ok {
				return nil, fmt.Errorf("signed order filled %q", f)
			}
			sum.Add(sum, amount.Sub(amount, filled))
		}
		return sum, rows.Err()
	})
}

// SignedOrder returns the order of hash h.
func (db *DB) SignedOrder(ctx context.Context, h string) (*predict.SignedOrder, error) {
	return readValue(ctx, db, func(t *tx) (*predict.SignedOrder, error) {
		o, err := scanSignedOrder(t.queryRow(ctx, `SELECT `+signedOrderColumns+` FROM signed_orders WHERE hash = ?`, strings.ToLower(h)))
		if errors.Is(err, sql.ErrNoRows) {
			return nil, predict.Errorf(predict.ENOTFOUND, "order %s not found", h)
		}
		return o, err
	})
}

// SignedOrders lists the orders f selects, newest first.
func (db *DB) SignedOrders(ctx context.Context, f predict.SignedOrderFilter) ([]*predict.SignedOrder, int, error) {
	var (
		where []string
		args  []any
	)
	if f.UID != "" {
		where, args = append(where, "uid = ?"), append(args, f.UID)
	}
	if f.Market != "" {
		where, args = append(where, "market = ?"), append(args, strings.ToLower(f.Market))
	}
	if f.Open {
		where, args = append(where, "status = ?"), append(args, predict.SignedOpen)
	}
	cond := ""
	if len(where) > 0 {
		cond = " WHERE " + strings.Join(where, " AND ")
	}
	return readPage(ctx, db, "signed orders", f.Page, f.PageSize, func(t *tx, limit, offset int) ([]*predict.SignedOrder, int, error) {
		var total int
		if err := t.queryRow(ctx, `SELECT COUNT(*) FROM signed_orders`+cond, args...).Scan(&total); err != nil {
			return nil, 0, err
		}
		out, err := querySignedOrders(ctx, t, `SELECT `+signedOrderColumns+` FROM signed_orders`+cond+
			` ORDER BY seq DESC LIMIT ? OFFSET ?`, append(args, limit, offset)...)
		return out, total, err
	})
}

// OpenSignedOrders lists the open orders of market ("" for all), in
// placement order.
func (db *DB) OpenSignedOrders(ctx context.Context, market string) ([]*predict.SignedOrder, error) {
	return readValue(ctx, db, func(t *tx) ([]*predict.SignedOrder, error) {
		q, args := `SELECT `+signedOrderColumns+` FROM signed_orders WHERE status = ?`, []any{predict.SignedOpen}
		if market != "" {
			q, args = q+` AND market = ?`, append(args, strings.ToLower(market))
		}
		return querySignedOrders(ctx, t, q+` ORDER BY seq`, args...)
	})
}

// SignedOrdersAfter lists up to limit orders of seq above seq.
func (db *DB) SignedOrdersAfter(ctx context.Context, seq int64, limit int) ([]*predict.SignedOrder, error) {
	return readValue(ctx, db, func(t *tx) ([]*predict.SignedOrder, error) {
		return querySignedOrders(ctx, t, `SELECT `+signedOrderColumns+` FROM signed_orders WHERE seq > ? ORDER BY seq LIMIT ?`, seq, limit)
	})
}

// SignedOrdersClosedSince lists up to limit orders cancelled or unfunded
// at or after since.
func (db *DB) SignedOrdersClosedSince(ctx context.Context, since time.Time, limit int) ([]*predict.SignedOrder, error) {
	return readValue(ctx, db, func(t *tx) ([]*predict.SignedOrder, error) {
		return querySignedOrders(ctx, t, `SELECT `+signedOrderColumns+` FROM signed_orders
			WHERE updated_at >= ? AND status IN (?, ?) ORDER BY updated_at, seq LIMIT ?`,
			since.UnixMilli(), predict.SignedCancelled, predict.SignedUnfunded, limit)
	})
}

func querySignedOrders(ctx context.Context, t *tx, q string, args ...any) ([]*predict.SignedOrder, error) {
	rows, err := t.query(ctx, q, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []*predict.SignedOrder
	for rows.Next() {
		o, err := scanSignedOrder(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, o)
	}
	return out, rows.Err()
}

// CancelSignedOrders cancels uid's open orders that f selects. A hash
// that is not uid's open order is ENOTFOUND (another user's order is
// not told apart from none) or EORDERCLOSED.
func (db *DB) CancelSignedOrders(ctx context.Context, uid string, f predict.SignedOrderCancel) ([]*predict.SignedOrder, error) {
	var out []*predict.SignedOrder
	err := db.write(ctx, func(t *tx) error {
		q, args := `SELECT `+signedOrderColumns+` FROM signed_orders WHERE uid = ?`, []any{uid}
		switch {
		case f.Hash != "":
			q, args = q+` AND hash = ?`, append(args, strings.ToLower(f.Hash))
		case f.Market != "":
			q, args = q+` AND market = ? AND status = ?`, append(args, strings.ToLower(f.Market), predict.SignedOpen)
		default:
			q, args = q+` AND status = ?`, append(args, predict.SignedOpen)
		}
		found, err := querySignedOrders(ctx, t, q+` ORDER BY seq`, args...)
		if err != nil {
			return err
		}
		if f.Hash != "" {
			if len(found) == 0 {
				return predict.Errorf(predict.ENOTFOUND, "order %s not found", f.Hash)
			}
			if found[0].Status != predict.SignedOpen {
				return predict.Errorf(predict.EORDERCLOSED, "order %s is %s", f.Hash, found[0].Status)
			}
		}
		now := time.Now()
		for _, o := range found {
			if _, err := t.exec(ctx, `UPDATE signed_orders SET status = ?, updated_at = ? WHERE seq = ?`,
				predict.SignedCancelled, now.UnixMilli(), o.Seq); err != nil {
				return err
			}
			o.Status, o.UpdatedAt = predict.SignedCancelled, now.Truncate(time.Millisecond)
		}
		out = found
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("cancel signed orders: %w", err)
	}
	return out, nil
}

// FillSignedOrder raises order h's filled amount to filled (a fill the
// store has seen is never undone by an older report) and closes it as
// filled when nothing is left.
func (db *DB) FillSignedOrder(ctx context.Context, h string, filled *big.Int) (*predict.SignedOrder, error) {
	return db.changeSignedOrder(ctx, h, func(o *predict.SignedOrder) bool {
		if filled.Cmp(o.Filled) <= 0 {
			return false
		}
		o.Filled = new(big.Int).Set(filled)
		if o.Left().Sign() <= 0 && o.Status == predict.SignedOpen {
			o.Status = predict.SignedFilled
		}
		return true
	})
}

// CloseSignedOrder closes order h with status, when it is open.
func (db *DB) CloseSignedOrder(ctx context.Context, h, status string) (*predict.SignedOrder, error) {
	return db.changeSignedOrder(ctx, h, func(o *predict.SignedOrder) bool {
		if o.Status != predict.SignedOpen {
			return false
		}
		o.Status = status
		return true
	})
}

// changeSignedOrder reads order h, lets change update it and writes it
// back when change reports a change.
func (db *DB) changeSignedOrder(ctx context.Context, h string, change func(*predict.SignedOrder) bool) (*predict.SignedOrder, error) {
	var out *predict.SignedOrder
	err := db.write(ctx, func(t *tx) error {
		o, err := scanSignedOrder(t.queryRow(ctx, `SELECT `+signedOrderColumns+` FROM signed_orders WHERE hash = ?`, strings.ToLower(h)))
		if errors.Is(err, sql.ErrNoRows) {
			return predict.Errorf(predict.ENOTFOUND, "order %s not found", h)
		} else if err != nil {
			return err
		}
		out = o
		if !change(o) {
			return nil
		}
		o.UpdatedAt = time.Now().Truncate(time.Millisecond)
		_, err = t.exec(ctx, `UPDATE signed_orders SET filled = ?, status = ?, updated_at = ? WHERE seq = ?`,
			o.Filled.String(), o.Status, o.UpdatedAt.UnixMilli(), o.Seq)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("update signed order %s: %w", h, err)
	}
	return out, nil
}
