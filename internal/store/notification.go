package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"math/big"
	"strconv"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/internal/accounting"
)

var _ predict.NotificationStore = (*DB)(nil)

// Notifications are written here, next to their causes and inside the
// causes' transactions: an operation that becomes final
// (setOperationStatus, shared by SetOperationStatus, which the bundler
// calls, and the indexer's ApplyBatch), a market that settles (ApplyBatch), a comment
// that answers someone (CreateComment). Those made by the indexer carry
// the block of their cause, and RevertTo deletes them with the block.

// Notifications returns a page of uid's notifications, newest first.
func (db *DB) Notifications(ctx context.Context, f predict.NotificationFilter) ([]*predict.Notification, int, int, error) {
	limit, offset, err := page(f.Page, f.PageSize)
	if err != nil {
		return nil, 0, 0, err
	}
	where := `uid = ?`
	if f.UnreadOnly {
		where += ` AND read_at IS NULL`
	}
	return db.readNotifications(ctx, "notifications", f.UID, where, []any{f.UID}, limit, offset, false)
}

// readNotifications reads the page (limit, offset) of uid's notifications
// that where (with args) selects, newest first, with the number of them
// and of uid's unread ones; with their subjects when subjects is set.
// Errors are wrapped with what.
func (db *DB) readNotifications(ctx context.Context, what, uid, where string, args []any, limit, offset int,
	subjects bool) ([]*predict.Notification, int, int, error) {
	var (
		out           []*predict.Notification
		total, unread int
	)
	err := db.read(ctx, func(t *tx) error {
		if err := t.queryRow(ctx, `SELECT COUNT(*) FROM notifications WHERE uid = ? AND read_at IS NULL`, uid).Scan(&unread); err != nil {
			return err
		}
		if err := t.queryRow(ctx, `SELECT COUNT(*) FROM notifications WHERE `+where, args...).Scan(&total); err != nil {
			return err
		}
		var err error
		if out, err = queryNotifications(ctx, t, `WHERE `+where+` ORDER BY id DESC LIMIT ? OFFSET ?`,
			append(args, limit, offset)...); err != nil || !subjects {
			return err
		}
		return notificationSubjects(ctx, t, out)
	})
	if err != nil {
		return nil, 0, 0, fmt.Errorf("%s: %w", what, err)
	}
	return out, total, unread, nil
}

const notificationColumns = `id, uuid, uid, kind, type, category, payload, read_at, created_at`

// queryNotifications returns the notifications that rest (the WHERE,
// ORDER and LIMIT clauses) selects.
func queryNotifications(ctx context.Context, t *tx, rest string, args ...any) ([]*predict.Notification, error) {
	out := []*predict.Notification{}
	err := eachRow(ctx, t, `SELECT `+notificationColumns+` FROM notifications `+rest, args, func(rows *sql.Rows) error {
		var (
			n       predict.Notification
			payload string
			readAt  sql.NullInt64
			created int64
		)
		if err := rows.Scan(&n.ID, &n.UUID, &n.UID, &n.Kind, &n.Type, &n.Category, &payload, &readAt, &created); err != nil {
			return err
		}
		if err := json.Unmarshal([]byte(payload), &n.Data); err != nil {
			return fmt.Errorf("notification %d: payload: %w", n.ID, err)
		}
		if n.Data == nil {
			n.Data = map[string]string{}
		}
		n.Read, n.CreatedAt = readAt.Valid, fromMillis(created)
		out = append(out, &n)
		return nil
	})
	return out, err
}

// MarkNotificationsRead marks uid's notifications read: those of ids, or
// all when ids is empty. Already read ones and other users' are left
// alone, so changed counts what this call changed.
func (db *DB) MarkNotificationsRead(ctx context.Context, uid string, ids []int64) (int, error) {
	if len(ids) > predict.MaxReadIDs {
		return 0, predict.Errorf(predict.EINVALID, "at most %d ids at once", predict.MaxReadIDs)
	}
	keys := make([]any, len(ids))
	for i, id := range ids {
		keys[i] = id
	}
	n, err := db.markRead(ctx, uid, "id", keys)
	if err != nil {
		return 0, fmt.Errorf("mark notifications read: %w", err)
	}
	return n, nil
}

// markRead marks uid's unread notifications read, only those whose column
// is one of keys when there are keys, and counts them.
func (db *DB) markRead(ctx context.Context, uid, column string, keys []any) (int, error) {
	query := `UPDATE notifications SET read_at = ? WHERE uid = ? AND read_at IS NULL`
	if len(keys) > 0 {
		query += ` AND ` + column + ` IN (` + placeholders(len(keys)) + `)`
	}
	var changed int64
	err := db.write(ctx, func(t *tx) error {
		res, err := t.exec(ctx, query, append([]any{time.Now().UnixMilli(), uid}, keys...)...)
		if err != nil {
			return err
		}
		changed, err = res.RowsAffected()
		return err
	})
	return int(changed), err
}

// notify writes one notification for uid inside t. block is the block of
// the cause when the chain made it (0 for none).
func notify(ctx context.Context, t *tx, uid, kind string, data map[string]string, block uint64, now int64) error {
	payload, err := json.Marshal(data)
	if err != nil {
		return err
	}
	typ, category := predict.NotificationClass(kind, data)
	if _, err := t.exec(ctx, `INSERT INTO notifications (uuid, uid, kind, type, category, payload, block_number, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
		uuid.NewString(), uid, kind, typ, category, string(payload), blockArg(block), now); err != nil {
		return fmt.Errorf("insert %s notification: %w", kind, err)
	}
	return nil
}

// blockArg is a block number for a nullable column: NULL for 0.
func blockArg(block uint64) any {
	if block == 0 {
		return nil
	}
	return int64(block)
}

// notifyOperation tells an operation's user that it became final.
func notifyOperation(ctx context.Context, t *tx, uid, opHash, action, market string, status predict.OpStatus, reason string, block uint64, now int64) error {
	return notify(ctx, t, uid, predict.NotifyOperation, map[string]string{
		predict.NoteOpHash: opHash, predict.NoteAction: action, predict.NoteMarket: market,
		predict.NoteStatus: string(status), predict.NoteReason: reason,
	}, block, now)
}

// notifyMarket writes the notifications of a step of a market's
// resolution (accounting.Settlement): to its holders (option tokens or LP
// shares) and followers, or, when the bonds moved, to the users of its
// asserter and disputer; with one INSERT ... SELECT however many they
// are. It returns their uids. It runs after the batch's aggregates are
// flushed, so positions changed earlier in the same batch count.
func notifyMarket(ctx context.Context, t *tx, n accounting.Settlement, now int64) ([]string, error) {
	var title string
	if err := t.queryRow(ctx, `SELECT title FROM markets WHERE address = ?`, n.Market).Scan(&title); err != nil {
		return nil, fmt.Errorf("settled market %s: %w", n.Market, err)
	}
	data := map[string]string{predict.NoteMarket: n.Market, predict.NoteMarketTitle: title}
	if n.Account == "" {
		// A payout to one account names no outcome.
		data[predict.NoteWinningOption] = n.Winner
	}
	for k, v := range n.Data {
		data[k] = v
	}
	payload, err := json.Marshal(data)
	if err != nil {
		return nil, err
	}
	kind := n.Kind
	if kind == "" {
		kind = predict.NotifyMarketSettled
	}
	typ, category := predict.NotificationClass(kind, data)
	who := `u.uid IN (SELECT f.uid FROM follows f WHERE f.market = ?)
			OR u.address IN (SELECT p.account FROM positions p WHERE p.market = ? AND p.amount <> '0')
			OR u.address IN (SELECT l.account FROM liquidity_positions l WHERE l.market = ? AND l.lp_amount <> '0')`
	args := []any{kind, typ, category, string(payload), blockArg(n.Block), now, n.Market, n.Market, n.Market}
	switch {
	case n.Account != "":
		who, args = `u.address = ?`, append(args[:6], n.Account)
	case n.Parties:
		who = `u.address IN (SELECT r.account FROM resolution_events r WHERE r.market = ? AND r.kind IN (?, ?))`
		args = append(args[:7], accounting.ResolutionAsserted, accounting.ResolutionDisputed)
	}
	uids, err := scanRows(ctx, t, `INSERT INTO notifications (uuid, uid, kind, type, category, payload, block_number, created_at)
		SELECT `+t.dialect.newUUID+`, u.uid, ?, ?, ?, ?, ?, ? FROM users u WHERE `+who+`
		RETURNING uid`, args, scanString)
	if err != nil {
		return nil, fmt.Errorf("notify %s of %s: %w", kind, n.Market, err)
	}
	return uids, nil
}

// notifyReply tells uid that comment c answered their post or comment.
func notifyReply(ctx context.Context, t *tx, uid, replyTo string, c *predict.Comment, now int64) error {
	return notify(ctx, t, uid, predict.NotifyCommentReply, map[string]string{
		predict.NoteMarket: c.Market, predict.NotePostID: strconv.FormatInt(c.PostID, 10),
		predict.NoteCommentID: strconv.FormatInt(c.ID, 10), predict.NoteReplyTo: replyTo,
		predict.NoteAuthorUID: c.Author.UID, predict.NoteAuthorName: c.Author.Name,
	}, 0, now)
}

var _ predict.UserNotificationStore = (*DB)(nil)

// UserNotifications returns a page of uid's notifications, newest first,
// filtered as the platform's clients filter them, with their subjects.
// The filters need no index of their own: notifications_uid_id narrows
// the scan to one user's notifications.
func (db *DB) UserNotifications(ctx context.Context, f predict.UserNotificationFilter) ([]*predict.Notification, int, int, error) {
	limit, offset, err := page(f.Page, f.PageSize)
	if err != nil {
		return nil, 0, 0, err
	}
	where, args := `uid = ?`, []any{f.UID}
	switch f.Status {
	case "":
	case "read":
		where += ` AND read_at IS NOT NULL`
	case "unread":
		where += ` AND read_at IS NULL`
	default:
		return nil, 0, 0, predict.Errorf(predict.EINVALID, "unknown notification status %q", f.Status)
	}
	if f.Type != "" {
		where, args = where+` AND type = ?`, append(args, f.Type)
	}
	if f.Category != "" {
		where, args = where+` AND category = ?`, append(args, f.Category)
	}
	return db.readNotifications(ctx, "user notifications", f.UID, where, args, limit, offset, true)
}

// notificationSubjects fills the Subject of every notification of ns with
// three queries however many they are: the markets they name, the orders
// of their operations, and the winning options of settlements.
func notificationSubjects(ctx context.Context, t *tx, ns []*predict.Notification) error {
	var markets, ops, options []any
	for _, n := range ns {
		n.Subject = &predict.NotificationSubject{}
		if m := n.Data[predict.NoteMarket]; m != "" {
			markets = append(markets, m)
		}
		if h := n.Data[predict.NoteOpHash]; h != "" && n.Kind == predict.NotifyOperation {
			ops = append(ops, h)
		}
		if o := n.Data[predict.NoteWinningOption]; o != "" {
			options = append(options, o)
		}
	}
	type market struct{ title, base string }
	type order struct {
		option string
		side   int
		amount *big.Int
	}
	marketOf, orderOf, optionTitle := map[string]market{}, map[string]order{}, map[string]string{}
	if len(markets) > 0 {
		err := eachRow(ctx, t, `SELECT address, title, base_token FROM markets WHERE address IN (`+placeholders(len(markets))+`)`, markets,
			func(rows *sql.Rows) error {
				var addr string
				var m market
				if err := rows.Scan(&addr, &m.title, &m.base); err != nil {
					return err
				}
				marketOf[addr] = m
				return nil
			})
		if err != nil {
			return err
		}
	}
	if len(ops) > 0 {
		err := eachRow(ctx, t, `SELECT o.op_hash, mo.title, o.side, o.amount FROM orders o
			JOIN market_options mo ON mo.address = o.option_address
			WHERE o.op_hash IN (`+placeholders(len(ops))+`)`, ops,
			func(rows *sql.Rows) error {
				var (
					hash, amount string
					o            order
				)
				if err := rows.Scan(&hash, &o.option, &o.side, &amount); err != nil {
					return err
				}
				var err error
				o.amount, err = parseAmount(amount)
				orderOf[hash] = o
				return err
			})
		if err != nil {
			return err
		}
	}
	if len(options) > 0 {
		err := eachRow(ctx, t, `SELECT address, title FROM market_options WHERE address IN (`+placeholders(len(options))+`)`, options,
			func(rows *sql.Rows) error {
				var addr, title string
				if err := rows.Scan(&addr, &title); err != nil {
					return err
				}
				optionTitle[addr] = title
				return nil
			})
		if err != nil {
			return err
		}
	}
	for _, n := range ns {
		m := marketOf[n.Data[predict.NoteMarket]]
		n.Subject.MarketTitle, n.Subject.BaseToken = m.title, m.base
		if o, found := orderOf[n.Data[predict.NoteOpHash]]; found && n.Kind == predict.NotifyOperation {
			n.Subject.OptionTitle, n.Subject.Side, n.Subject.Amount = o.option, o.side, o.amount
		}
		if w := n.Data[predict.NoteWinningOption]; w != "" {
			n.Subject.OptionTitle = optionTitle[w]
		}
	}
	return nil
}

// MarkNotificationsReadByUUID marks uid's notifications of uuids read.
// Already read ones, unknown uuids and other users' are left alone, so
// changed counts what this call changed. No uuids marks nothing.
func (db *DB) MarkNotificationsReadByUUID(ctx context.Context, uid string, uuids []string) (int, error) {
	if len(uuids) > predict.MaxReadIDs {
		return 0, predict.Errorf(predict.EINVALID, "at most %d uuids at once", predict.MaxReadIDs)
	}
	if len(uuids) == 0 {
		return 0, nil
	}
	keys := make([]any, len(uuids))
	for i, u := range uuids {
		keys[i] = strings.ToLower(u)
	}
	n, err := db.markRead(ctx, uid, "uuid", keys)
	if err != nil {
		return 0, fmt.Errorf("mark notifications read by uuid: %w", err)
	}
	return n, nil
}
