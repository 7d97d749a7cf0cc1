package store

import (
	"context"
	"database/sql"
	"errors"
	"math/big"
	"slices"
	"strings"
	"time"

	"github.com/predict-dev/predict"
)

// Reads of the limit orders of the LimitOrders escrow (written by
// ApplyBatch from the ledger's decisions, rebuilt by RevertTo).

// limitOrderColumns are the columns scanLimitOrder reads, in order.
const limitOrderColumns = `id, uuid, market, option_index, option_address, owner, COALESCE(uid, ''), side, limit_price, amount,
	remaining, filled, received, expiry, post_only, status, COALESCE(op_hash, ''), tx_hash, block_number, created_at, updated_block`

func scanLimitOrder(r row) (*predict.LimitOrder, error) {
	var (
		o                                         predict.LimitOrder
		price, amount, remaining, filled, receipt string
		block, updated, expiry, created           int64
	)
	if err := r.Scan(&o.ID, &o.UUID, &o.Market, &o.Option, &o.OptionAddress, &o.Owner, &o.UID, &o.Side, &price, &amount,
		&remaining, &filled, &receipt, &expiry, &o.PostOnly, &o.Status, &o.OpHash, &o.TxHash, &block, &created, &updated); err != nil {
		return nil, err
	}
	o.Expiry, o.CreatedAt = time.Unix(expiry, 0).UTC(), fromMillis(created)
	if err := parseAmountsTo([]**big.Int{&o.LimitPrice, &o.Amount, &o.Remaining, &o.Filled, &o.Received},
		price, amount, remaining, filled, receipt); err != nil {
		return nil, err
	}
	o.Block, o.UpdatedBlock = uint64(block), uint64(updated)
	return &o, nil
}

// limitOrderOf is the read form of an order: its status is as of now.
func limitOrderOf(o *predict.LimitOrder, now time.Time) *predict.LimitOrder {
	o.Status = o.EffectiveStatus(now)
	return o
}

// LimitOrderByID returns order id; ENOTFOUND when unknown.
func (db *DB) LimitOrderByID(ctx context.Context, id int64) (*predict.LimitOrder, error) {
	return db.limitOrderWhere(ctx, `id = ?`, id)
}

// LimitOrderByUUID returns the order of orderUuid uuid; ENOTFOUND when
// unknown.
func (db *DB) LimitOrderByUUID(ctx context.Context, uuid string) (*predict.LimitOrder, error) {
	return db.limitOrderWhere(ctx, `uuid = ?`, strings.ToLower(uuid))
}

func (db *DB) limitOrderWhere(ctx context.Context, where string, arg any) (*predict.LimitOrder, error) {
	return readValue(ctx, db, func(t *tx) (*predict.LimitOrder, error) {
		o, err := scanLimitOrder(t.queryRow(ctx, `SELECT `+limitOrderColumns+` FROM limit_orders WHERE `+where, arg))
		if errors.Is(err, sql.ErrNoRows) {
			return nil, predict.Errorf(predict.ENOTFOUND, "order not found")
		} else if err != nil {
			return nil, err
		}
		return limitOrderOf(o, time.Now()), nil
	})
}

// LimitOrders lists an account's orders as f selects them, newest first,
// with the number of all matching.
func (db *DB) LimitOrders(ctx context.Context, f predict.LimitOrderFilter) ([]*predict.LimitOrder, int, error) {
	now := f.Now
	if now.IsZero() {
		now = time.Now()
	}
	where, args := ` WHERE owner = ?`, []any{strings.ToLower(f.Owner)}
	if f.Market != "" {
		where += ` AND market = ?`
		args = append(args, strings.ToLower(f.Market))
	}
	// Expired is not stored: an order holding escrow past its expiry.
	switch f.Status {
	case "":
	case predict.OrderExpired:
		where += ` AND status IN ('open', 'partially_filled') AND expiry <= ?`
		args = append(args, now.Unix())
	case predict.OrderOpen, predict.OrderPartiallyFilled:
		where += ` AND status = ? AND expiry > ?`
		args = append(args, f.Status, now.Unix())
	default:
		where += ` AND status = ?`
		args = append(args, f.Status)
	}
	return readPage(ctx, db, "limit orders", f.Page, f.PageSize, func(t *tx, limit, offset int) ([]*predict.LimitOrder, int, error) {
		return countedRows(ctx, t, `SELECT COUNT(*) FROM limit_orders`+where, args,
			`SELECT `+limitOrderColumns+` FROM limit_orders`+where+` ORDER BY id DESC`, args, limit, offset,
			func(r row) (*predict.LimitOrder, error) {
				o, err := scanLimitOrder(r)
				if err != nil {
					return nil, err
				}
				return limitOrderOf(o, now), nil
			})
	})
}

// OpenLimitOrderIDs are the ids of owner's orders in market that still
// hold escrow, expired ones included, ascending.
func (db *DB) OpenLimitOrderIDs(ctx context.Context, market, owner string) ([]int64, error) {
	return readValue(ctx, db, func(t *tx) ([]int64, error) {
		return scanRows(ctx, t, `SELECT id FROM limit_orders WHERE market = ? AND owner = ? AND status IN ('open', 'partially_filled')
			ORDER BY id`, []any{strings.ToLower(market), strings.ToLower(owner)}, func(r row) (int64, error) {
			var id int64
			return id, r.Scan(&id)
		})
	})
}

// NextOrderExpiry is when the first of owner's orders still open at now
// expires; ok is false when none is open.
func (db *DB) NextOrderExpiry(ctx context.Context, owner string, now time.Time) (time.Time, bool, error) {
	var at sql.NullInt64
	err := db.read(ctx, func(t *tx) error {
		return t.queryRow(ctx, `SELECT MIN(expiry) FROM limit_orders WHERE owner = ? AND status IN ('open', 'partially_filled') AND expiry > ?`,
			strings.ToLower(owner), now.Unix()).Scan(&at)
	})
	if err != nil || !at.Valid {
		return time.Time{}, false, err
	}
	return time.Unix(at.Int64, 0), true, nil
}

// OrderBook aggregates the market's orders that can still be filled at
// now by option, side and limit price: bids (buys) from the highest
// price, asks (sells) from the lowest. Prices are text in the store, so
// the levels are summed and sorted here.
func (db *DB) OrderBook(ctx context.Context, market string, now time.Time) ([]predict.BookLevel, error) {
	return readValue(ctx, db, func(t *tx) ([]predict.BookLevel, error) {
		type key struct {
			option, side int
			price        string
		}
		levels := map[key]*predict.BookLevel{}
		err := eachRow(ctx, t, `SELECT option_index, side, limit_price, remaining FROM limit_orders
			WHERE market = ? AND status IN ('open', 'partially_filled') AND expiry > ?`,
			[]any{strings.ToLower(market), now.Unix()}, func(rows *sql.Rows) error {
				var (
					k         key
					remaining string
				)
				if err := rows.Scan(&k.option, &k.side, &k.price, &remaining); err != nil {
					return err
				}
				xs, err := parseAmounts(k.price, remaining)
				if err != nil {
					return err
				}
				l := levels[k]
				if l == nil {
					l = &predict.BookLevel{Option: k.option, Side: k.side, LimitPrice: xs[0], Remaining: new(big.Int)}
					levels[k] = l
				}
				l.Remaining.Add(l.Remaining, xs[1])
				l.Orders++
				return nil
			})
		if err != nil {
			return nil, err
		}
		out := make([]predict.BookLevel, 0, len(levels))
		for _, l := range levels {
			out = append(out, *l)
		}
		slices.SortFunc(out, func(a, b predict.BookLevel) int {
			if a.Option != b.Option {
				return a.Option - b.Option
			}
			if a.Side != b.Side {
				return a.Side - b.Side
			}
			if a.Side == predict.SideBuy {
				return b.LimitPrice.Cmp(a.LimitPrice)
			}
			return a.LimitPrice.Cmp(b.LimitPrice)
		})
		return out, nil
	})
}

// OrderFills returns an order's fills, oldest first.
func (db *DB) OrderFills(ctx context.Context, orderID int64) ([]*predict.OrderFill, error) {
	return readValue(ctx, db, func(t *tx) ([]*predict.OrderFill, error) {
		return scanRows(ctx, t, `SELECT order_id, counterparty, counter_order, amount_in, amount_out, tx_hash, block_number,
			log_index, created_at FROM order_fills WHERE order_id = ? ORDER BY block_number, log_index`, []any{orderID},
			func(r row) (*predict.OrderFill, error) {
				var (
					f        predict.OrderFill
					in, out  string
					block    int64
					created  int64
					logIndex int64
				)
				if err := r.Scan(&f.OrderID, &f.Counterparty, &f.CounterOrder, &in, &out, &f.TxHash, &block, &logIndex, &created); err != nil {
					return nil, err
				}
				if err := parseAmountsTo([]**big.Int{&f.In, &f.Out}, in, out); err != nil {
					return nil, err
				}
				f.Block, f.LogIndex, f.Time = uint64(block), uint(logIndex), fromMillis(created)
				return &f, nil
			})
	})
}

var _ predict.LimitOrderStore = (*DB)(nil)

// MatchableOrders returns the orders of market that can still be filled
// at now (open or partly filled, not expired), oldest first, at most
// limit of them: what the matcher plans from.
func (db *DB) MatchableOrders(ctx context.Context, market string, now time.Time, limit int) ([]*predict.LimitOrder, error) {
	return readValue(ctx, db, func(t *tx) ([]*predict.LimitOrder, error) {
		return scanRows(ctx, t, `SELECT `+limitOrderColumns+` FROM limit_orders
			WHERE market = ? AND status IN ('open', 'partially_filled') AND expiry > ? ORDER BY id LIMIT ?`,
			[]any{strings.ToLower(market), now.Unix(), limit}, func(r row) (*predict.LimitOrder, error) {
				o, err := scanLimitOrder(r)
				if err != nil {
					return nil, err
				}
				return limitOrderOf(o, now), nil
			})
	})
}

// MarketsWithOrders returns the markets that have orders that can still
// be filled at now, in address order.
func (db *DB) MarketsWithOrders(ctx context.Context, now time.Time) ([]string, error) {
	return readValue(ctx, db, func(t *tx) ([]string, error) {
		return scanRows(ctx, t, `SELECT DISTINCT market FROM limit_orders
			WHERE status IN ('open', 'partially_filled') AND expiry > ? ORDER BY market`, []any{now.Unix()},
			func(r row) (string, error) {
				var m string
				return m, r.Scan(&m)
			})
	})
}

// ExpiredOrders returns the ids of orders that expired at or before now
// and still hold escrow, oldest first, at most limit of them: what a
// cancel (anyone's, after the expiry) refunds to their owners.
func (db *DB) ExpiredOrders(ctx context.Context, now time.Time, limit int) ([]int64, error) {
	return readValue(ctx, db, func(t *tx) ([]int64, error) {
		return scanRows(ctx, t, `SELECT id FROM limit_orders WHERE status IN ('open', 'partially_filled') AND expiry <= ?
			ORDER BY id LIMIT ?`, []any{now.Unix(), limit}, func(r row) (int64, error) {
			var id int64
			return id, r.Scan(&id)
		})
	})
}
