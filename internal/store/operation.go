package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/internal/accounting"
)

var _ predict.OperationStore = (*DB)(nil)

const operationColumns = `op_hash, uid, sender, action, COALESCE(market, ''), nonce, request, user_operation,
	status, revert_reason, COALESCE(tx_hash, ''), COALESCE(block_number, 0), created_at, updated_at,
	COALESCE((SELECT order_uuid FROM orders o WHERE o.op_hash = operations.op_hash), '')`

func scanOperation(row interface{ Scan(...any) error }) (*predict.Operation, error) {
	var (
		op               predict.Operation
		nonce, status    string
		request, userOp  string
		created, updated int64
		block            int64
	)
	if err := row.Scan(&op.OpHash, &op.UID, &op.Sender, &op.Kind, &op.Market, &nonce, &request, &userOp,
		&status, &op.Reason, &op.TxHash, &block, &created, &updated, &op.OrderUUID); err != nil {
		return nil, err
	}
	n, err := parseAmount(nonce)
	if err != nil {
		return nil, err
	}
	op.Nonce, op.Status, op.Block = n, predict.OpStatus(status), uint64(block)
	op.Request, op.UserOp = []byte(request), []byte(userOp)
	op.CreatedAt, op.UpdatedAt = fromMillis(created), fromMillis(updated)
	return &op, nil
}

// CreateOperation records a validated operation and its order.
func (db *DB) CreateOperation(ctx context.Context, op *predict.Operation, order *predict.Order) (*predict.Operation, bool, error) {
	nonce, err := amountText(op.Nonce)
	if err != nil {
		return nil, false, err
	}
	now := millis(time.Now())
	var (
		existing *predict.Operation
		created  bool
	)
	err = db.write(ctx, func(t *tx) error {
		request, userOp := string(op.Request), string(op.UserOp)
		if request == "" {
			request = "{}"
		}
		if userOp == "" {
			userOp = "{}"
		}
		// The same signed operation may arrive at once on several
		// connections (replicas): the insert, not a read before it,
		// decides which copy records it. On PostgreSQL a copy whose insert
		// meets another's uncommitted row waits for that transaction, then
		// does nothing; the read below then sees the winner's record.
		res, err := t.exec(ctx, `INSERT INTO operations (op_hash, uid, sender, action, market, nonce, request, user_operation,
			status, revert_reason, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'pending', '', ?, ?)
			ON CONFLICT (op_hash) DO NOTHING`,
			op.OpHash, op.UID, strings.ToLower(op.Sender), op.Kind, nullString(strings.ToLower(op.Market)), nonce,
			request, userOp, now, now)
		if err != nil {
			return fmt.Errorf("insert operation: %w", err)
		}
		if n, err := res.RowsAffected(); err != nil {
			return fmt.Errorf("insert operation: %w", err)
		} else if n == 0 {
			existing, err = operationWhere(ctx, t, `WHERE op_hash = ?`, op.OpHash)
			return err
		}
		if order != nil {
			if err := insertOrder(ctx, t, order, now); err != nil {
				return err
			}
		}
		if err := settleAccepted(ctx, t, op, now); err != nil {
			return err
		}
		created = true
		existing, err = operationWhere(ctx, t, `WHERE op_hash = ?`, op.OpHash)
		return err
	})
	if err != nil {
		return nil, false, fmt.Errorf("create operation %s: %w", op.OpHash, err)
	}
	return existing, created, nil
}

func insertOrder(ctx context.Context, t *tx, o *predict.Order, now int64) error {
	amounts, err := amountTexts(o.Amount, o.MinReceive, o.Price)
	if err != nil {
		return err
	}
	amount, minRecv, price := amounts[0], amounts[1], amounts[2]
	if _, err := t.exec(ctx, `INSERT INTO orders (order_uuid, op_hash, uid, market, option_address, side, amount, min_receive,
		price, deadline, status, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'pending', ?, ?)`,
		o.UUID, o.OpHash, o.UID, strings.ToLower(o.Market), strings.ToLower(o.Option), o.Side, amount, minRecv,
		price, o.Deadline, now, now); err != nil {
		return fmt.Errorf("insert order: %w", err)
	}
	return nil
}

// operationWhere reads the first operation that rest (the WHERE, ORDER
// and LIMIT clauses) selects; sql.ErrNoRows when there is none.
func operationWhere(ctx context.Context, t *tx, rest string, args ...any) (*predict.Operation, error) {
	return scanOperation(t.queryRow(ctx, `SELECT `+operationColumns+` FROM operations `+rest, args...))
}

// readOperation is operationWhere in a read transaction, with notFound
// for no operation.
func (db *DB) readOperation(ctx context.Context, notFound error, rest string, args ...any) (*predict.Operation, error) {
	return readValue(ctx, db, func(t *tx) (*predict.Operation, error) {
		op, err := operationWhere(ctx, t, rest, args...)
		if errors.Is(err, sql.ErrNoRows) {
			return nil, notFound
		}
		return op, err
	})
}

// OperationByHash returns one operation.
func (db *DB) OperationByHash(ctx context.Context, opHash string) (*predict.Operation, error) {
	return db.readOperation(ctx, predict.Errorf(predict.ENOTFOUND, "operation %s not found", opHash),
		`WHERE op_hash = ?`, strings.ToLower(opHash))
}

// PendingOperations lists operations that are not final, oldest first.
func (db *DB) PendingOperations(ctx context.Context, limit int) ([]*predict.Operation, error) {
	ops, err := readValue(ctx, db, func(t *tx) ([]*predict.Operation, error) {
		return scanRows(ctx, t, `SELECT `+operationColumns+` FROM operations
			WHERE status IN ('pending', 'submitted') ORDER BY created_at, op_hash LIMIT ?`, []any{limit}, scanOperation)
	})
	if err != nil {
		return nil, fmt.Errorf("pending operations: %w", err)
	}
	return ops, nil
}

// SetOperationStatus moves an operation and its order; final states stay.
// Reaching a final state writes the user's notification in the same
// transaction.
func (db *DB) SetOperationStatus(ctx context.Context, opHash string, status predict.OpStatus, reason, txHash string, block uint64) error {
	_, err := db.ChangeOperationStatus(ctx, opHash, status, reason, txHash, block)
	return err
}

// ChangeOperationStatus is SetOperationStatus returning the uid notified.
func (db *DB) ChangeOperationStatus(ctx context.Context, opHash string, status predict.OpStatus, reason, txHash string, block uint64) (string, error) {
	now := millis(time.Now())
	var notified string
	err := db.write(ctx, func(t *tx) error {
		found, uid, err := setOperationStatus(ctx, t, opHash, status, reason, txHash, block, now)
		if err == nil && !found {
			return predict.Errorf(predict.ENOTFOUND, "operation %s not found", opHash)
		}
		notified = uid
		return err
	})
	if err != nil {
		return "", err
	}
	return notified, nil
}

// setOperationStatus is SetOperationStatus inside t; found is false for
// an unknown operation. When the operation becomes final its user is
// notified (finishOperation) and notified is that user's uid; "" otherwise.
// The indexer's ApplyBatch makes operations final through the ledger,
// which decides the same and records with finishOperation.
func setOperationStatus(ctx context.Context, t *tx, opHash string, status predict.OpStatus, reason, txHash string, block uint64, now int64) (found bool, notified string, err error) {
	var cur, kind, uid string
	var market sql.NullString
	err = t.queryRow(ctx, `SELECT status, action, market, uid FROM operations WHERE op_hash = ?`, opHash).Scan(&cur, &kind, &market, &uid)
	if ok, err := rowFound(err); !ok {
		return false, "", err
	}
	if predict.OpStatus(cur).Final() {
		return true, "", nil
	}
	o := &accounting.OperationOutcome{OpHash: opHash, TxHash: strings.ToLower(txHash), Block: block, Status: status,
		Reason: reason, Kind: kind, Market: market.String, UID: uid,
		SettleAbandoned: kind == predict.KindSettleMarket && (status == predict.OpDropped || status == predict.OpReverted)}
	changed, err := finishOperation(ctx, t, o, now)
	if err != nil {
		return true, "", err
	}
	if !changed {
		return true, "", nil
	}
	if !status.Final() {
		return true, "", nil
	}
	return true, uid, nil
}

// finishOperation records an operation's new status and its order's; a
// settle operation that failed lets its market run again (settleAbandoned);
// an operation that became final notifies its user, with the block of the
// cause, so a reorg that orphans the block removes the notification.
//
// A status read before the call may be stale: on PostgreSQL the bundler's
// "submitted" and the indexer's "confirmed" of the same operation commit
// from two transactions, and on a fast chain the indexer can win. The
// update is guarded so a final state is never overwritten; changed is
// false when it lost that race, and nothing else is written.
func finishOperation(ctx context.Context, t *tx, o *accounting.OperationOutcome, now int64) (changed bool, err error) {
	res, err := t.exec(ctx, `UPDATE operations SET status = ?, revert_reason = ?, tx_hash = COALESCE(?, tx_hash),
		block_number = COALESCE(?, block_number), updated_at = ? WHERE op_hash = ? AND status NOT IN ('confirmed', 'reverted', 'dropped')`,
		string(o.Status), o.Reason, nullString(o.TxHash), blockArg(o.Block), now, o.OpHash)
	if err != nil {
		return false, fmt.Errorf("set operation %s %s: %w", o.OpHash, o.Status, err)
	}
	if n, err := res.RowsAffected(); err != nil {
		return false, fmt.Errorf("set operation %s %s: %w", o.OpHash, o.Status, err)
	} else if n == 0 {
		return false, nil
	}
	if _, err := t.exec(ctx, `UPDATE orders SET status = ?, updated_at = ? WHERE op_hash = ?`, string(o.Status), now, o.OpHash); err != nil {
		return true, fmt.Errorf("set order of %s: %w", o.OpHash, err)
	}
	if o.SettleAbandoned {
		if err := settleAbandoned(ctx, t, o.Market, now); err != nil {
			return true, err
		}
	}
	if !o.Status.Final() {
		return true, nil
	}
	return true, notifyOperation(ctx, t, o.UID, o.OpHash, o.Kind, o.Market, o.Status, o.Reason, o.Block, now)
}

// The market status rule of settlement (docs/transactions.md): accepting a
// settle-market operation moves a running market to settling, which stops
// trading in the API; the indexer's Settled log moves it to ended. When
// the operation fails instead (dropped by the bundler, reverted on chain)
// and no other settle operation is still under way, the market runs again.

// settleAccepted applies the rule to a newly accepted operation.
func settleAccepted(ctx context.Context, t *tx, op *predict.Operation, now int64) error {
	if op.Kind != predict.KindSettleMarket || op.Market == "" {
		return nil
	}
	if _, err := t.exec(ctx, `UPDATE markets SET status = 'settling', updated_at = ? WHERE address = ? AND status = 'running'`,
		now, strings.ToLower(op.Market)); err != nil {
		return fmt.Errorf("mark market settling: %w", err)
	}
	return nil
}

// settleAbandoned applies the rule to a failed settle operation. A
// market whose outcome another operation asserted on chain stays settling.
func settleAbandoned(ctx context.Context, t *tx, market string, now int64) error {
	if _, err := t.exec(ctx, `UPDATE markets SET status = 'running', updated_at = ? WHERE address = ? AND status = 'settling'
		AND NOT EXISTS (SELECT 1 FROM operations WHERE market = ? AND action = ? AND status IN ('pending', 'submitted'))
		AND NOT EXISTS (SELECT 1 FROM resolution_events WHERE market = ? AND kind = ?)`,
		now, market, market, predict.KindSettleMarket, market, accounting.ResolutionAsserted); err != nil {
		return fmt.Errorf("mark market running: %w", err)
	}
	return nil
}

// PendingOperationOf returns sender's oldest operation that is not final.
func (db *DB) PendingOperationOf(ctx context.Context, sender string) (*predict.Operation, error) {
	return db.readOperation(ctx, predict.Errorf(predict.ENOTFOUND, "no pending operation of %s", sender),
		`WHERE sender = ? AND status IN ('pending', 'submitted') ORDER BY created_at, op_hash LIMIT 1`, strings.ToLower(sender))
}
