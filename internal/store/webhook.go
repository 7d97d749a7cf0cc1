package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/predict-dev/predict"
)

const webhookColumns = `id, uid, scope, url, description, events, market, secret, previous_secret, previous_until,
	enabled, disabled_reason, cursor, attempt, failing_since, next_attempt_at, created_at, updated_at`

func scanWebhook(r row) (*predict.Webhook, error) {
	var (
		w                                     predict.Webhook
		events                                string
		previousUntil, next, created, updated int64
		cursor                                int64
		failingSince                          sql.NullInt64
	)
	if err := r.Scan(&w.ID, &w.UID, &w.Scope, &w.URL, &w.Description, &events, &w.Market, &w.Secret, &w.PreviousSecret,
		&previousUntil, &w.Enabled, &w.DisabledReason, &cursor, &w.Attempt, &failingSince, &next, &created, &updated); err != nil {
		return nil, err
	}
	if events != "" {
		w.Events = strings.Split(events, ",")
	}
	w.Cursor = uint64(cursor)
	w.PreviousUntil = msTime(previousUntil)
	w.NextAttempt = msTime(next)
	if failingSince.Valid {
		w.FailingSince = time.UnixMilli(failingSince.Int64).UTC()
	}
	w.CreatedAt, w.UpdatedAt = time.UnixMilli(created).UTC(), time.UnixMilli(updated).UTC()
	return &w, nil
}

// msTime is a unix-ms column where 0 means never.
func msTime(ms int64) time.Time {
	if ms == 0 {
		return time.Time{}
	}
	return time.UnixMilli(ms).UTC()
}

// timeMs is the column value of msTime.
func timeMs(t time.Time) int64 {
	if t.IsZero() {
		return 0
	}
	return t.UnixMilli()
}

// CreateWebhook stores w; it receives the events recorded from now on.
func (db *DB) CreateWebhook(ctx context.Context, w *predict.Webhook) error {
	return db.writeAs(ctx, "create webhook", func(t *tx) error {
		var last int64
		if err := t.queryRow(ctx, `SELECT COALESCE(MAX(id), 0) FROM webhook_events`).Scan(&last); err != nil {
			return err
		}
		now := time.Now().UTC()
		w.ID, w.Cursor, w.Enabled = uuid.NewString(), uint64(last), true
		w.CreatedAt, w.UpdatedAt = now, now
		_, err := t.exec(ctx, `INSERT INTO webhook_endpoints (id, uid, scope, url, description, events, market, secret,
			enabled, cursor, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			w.ID, w.UID, w.Scope, w.URL, w.Description, strings.Join(w.Events, ","), w.Market, w.Secret, true, last,
			now.UnixMilli(), now.UnixMilli())
		return err
	})
}

// Webhook is one endpoint.
func (db *DB) Webhook(ctx context.Context, id string) (*predict.Webhook, error) {
	return readValue(ctx, db, func(t *tx) (*predict.Webhook, error) { return webhookByID(ctx, t, id) })
}

func webhookByID(ctx context.Context, t *tx, id string) (*predict.Webhook, error) {
	w, err := scanWebhook(t.queryRow(ctx, `SELECT `+webhookColumns+` FROM webhook_endpoints WHERE id = ?`, id))
	if err == sql.ErrNoRows {
		return nil, predict.Errorf(predict.ENOTFOUND, "webhook %s not found", id)
	} else if err != nil {
		return nil, fmt.Errorf("read webhook %s: %w", id, err)
	}
	return w, nil
}

// Webhooks lists a user's endpoints, newest first.
func (db *DB) Webhooks(ctx context.Context, uid string, p, size int) ([]*predict.Webhook, int, error) {
	return readPage(ctx, db, "list webhooks", p, size, func(t *tx, limit, offset int) ([]*predict.Webhook, int, error) {
		return countedRows(ctx, t, `SELECT COUNT(*) FROM webhook_endpoints WHERE uid = ?`, []any{uid},
			`SELECT `+webhookColumns+` FROM webhook_endpoints WHERE uid = ? ORDER BY created_at DESC, id`, []any{uid},
			limit, offset, scanWebhook)
	})
}

// UpdateWebhook changes an endpoint. Enabling it, or giving it another
// URL, clears its failures.
func (db *DB) UpdateWebhook(ctx context.Context, id string, u predict.WebhookUpdate) (*predict.Webhook, error) {
	var w *predict.Webhook
	err := db.writeAs(ctx, "update webhook", func(t *tx) (err error) {
		if w, err = webhookByID(ctx, t, id); err != nil {
			return err
		}
		if u.URL != nil && *u.URL != w.URL {
			// A new address is tried at once: the failures were the old one's.
			w.URL, w.Attempt, w.FailingSince, w.NextAttempt = *u.URL, 0, time.Time{}, time.Time{}
		}
		if u.Description != nil {
			w.Description = *u.Description
		}
		if u.Events != nil {
			w.Events = *u.Events
		}
		if u.Enabled != nil {
			if *u.Enabled && !w.Enabled {
				w.Attempt, w.FailingSince, w.NextAttempt, w.DisabledReason = 0, time.Time{}, time.Time{}, ""
			}
			w.Enabled = *u.Enabled
		}
		w.UpdatedAt = time.Now().UTC()
		_, err = t.exec(ctx, `UPDATE webhook_endpoints SET url = ?, description = ?, events = ?, enabled = ?, disabled_reason = ?,
			attempt = ?, failing_since = ?, next_attempt_at = ?, updated_at = ? WHERE id = ?`,
			w.URL, w.Description, strings.Join(w.Events, ","), w.Enabled, w.DisabledReason, w.Attempt, nullMs(w.FailingSince),
			timeMs(w.NextAttempt), w.UpdatedAt.UnixMilli(), id)
		return err
	})
	return w, err
}

// nullMs is a nullable unix-ms column: NULL for the zero time.
func nullMs(t time.Time) any {
	if t.IsZero() {
		return nil
	}
	return t.UnixMilli()
}

// DeleteWebhook deletes an endpoint and its attempts.
func (db *DB) DeleteWebhook(ctx context.Context, id string) error {
	return db.writeAs(ctx, "delete webhook", func(t *tx) error {
		res, err := t.exec(ctx, `DELETE FROM webhook_endpoints WHERE id = ?`, id)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err == nil && n == 0 {
			return predict.Errorf(predict.ENOTFOUND, "webhook %s not found", id)
		}
		return nil
	})
}

// RotateWebhookSecret replaces the signing secret; the old one signs too
// until previousUntil.
func (db *DB) RotateWebhookSecret(ctx context.Context, id, secret string, previousUntil time.Time) (*predict.Webhook, error) {
	var w *predict.Webhook
	err := db.writeAs(ctx, "rotate webhook secret", func(t *tx) (err error) {
		if w, err = webhookByID(ctx, t, id); err != nil {
			return err
		}
		w.PreviousSecret, w.PreviousUntil, w.Secret, w.UpdatedAt = w.Secret, previousUntil, secret, time.Now().UTC()
		_, err = t.exec(ctx, `UPDATE webhook_endpoints SET secret = ?, previous_secret = ?, previous_until = ?, updated_at = ?
			WHERE id = ?`, w.Secret, w.PreviousSecret, timeMs(w.PreviousUntil), w.UpdatedAt.UnixMilli(), id)
		return err
	})
	return w, err
}

const attemptColumns = `id, endpoint_id, event_id, event_name, attempt, status, error, duration_ms, created_at`

func scanAttempt(r row) (*predict.WebhookAttempt, error) {
	var (
		a                        predict.WebhookAttempt
		event, duration, created int64
	)
	if err := r.Scan(&a.ID, &a.EndpointID, &event, &a.EventName, &a.Attempt, &a.Status, &a.Error, &duration, &created); err != nil {
		return nil, err
	}
	a.EventID, a.Duration, a.Time = uint64(event), time.Duration(duration)*time.Millisecond, time.UnixMilli(created).UTC()
	return &a, nil
}

// WebhookAttempts lists an endpoint's attempts, newest first.
func (db *DB) WebhookAttempts(ctx context.Context, id string, p, size int) ([]*predict.WebhookAttempt, int, error) {
	return readPage(ctx, db, "list webhook attempts", p, size, func(t *tx, limit, offset int) ([]*predict.WebhookAttempt, int, error) {
		return countedRows(ctx, t, `SELECT COUNT(*) FROM webhook_attempts WHERE endpoint_id = ?`, []any{id},
			`SELECT `+attemptColumns+` FROM webhook_attempts WHERE endpoint_id = ? ORDER BY id DESC`, []any{id},
			limit, offset, scanAttempt)
	})
}

// DueWebhooks lists the enabled endpoints behind the outbox whose next
// attempt is due, owners in turn: at most perOwner of each owner, its
// longest waiting first, and every owner's first before any owner's
// second, so that one owner's many endpoints cannot crowd the others out
// of the limit. (By next attempt alone, every endpoint that has not
// failed is due since 0 and the order is the ids', at random.)
func (db *DB) DueWebhooks(ctx context.Context, now time.Time, perOwner, limit int) ([]*predict.Webhook, error) {
	return readValue(ctx, db, func(t *tx) ([]*predict.Webhook, error) {
		return scanRows(ctx, t, `SELECT `+webhookColumns+` FROM (
			SELECT `+webhookColumns+`, ROW_NUMBER() OVER (PARTITION BY uid ORDER BY next_attempt_at, id) AS turn
			FROM webhook_endpoints
			WHERE enabled = ? AND next_attempt_at <= ? AND cursor < (SELECT COALESCE(MAX(id), 0) FROM webhook_events)
		) due WHERE turn <= ? ORDER BY turn, next_attempt_at, id LIMIT ?`,
			[]any{true, now.UnixMilli(), perOwner, limit}, scanWebhook)
	})
}

// WebhookEvents reads the outbox after an event id, in order.
func (db *DB) WebhookEvents(ctx context.Context, after uint64, limit int) ([]predict.WebhookEvent, error) {
	return readValue(ctx, db, func(t *tx) ([]predict.WebhookEvent, error) {
		return scanRows(ctx, t, `SELECT id, name, topic, uid, data, created_at FROM webhook_events WHERE id > ? ORDER BY id LIMIT ?`,
			[]any{int64(after), limit}, func(r row) (predict.WebhookEvent, error) {
				var (
					e           predict.WebhookEvent
					id, created int64
					data        string
				)
				if err := r.Scan(&id, &e.Name, &e.Topic, &e.UID, &data, &created); err != nil {
					return e, err
				}
				e.ID, e.Time = uint64(id), time.UnixMilli(created).UTC()
				return e, json.Unmarshal([]byte(data), &e.Data)
			})
	})
}

// maxAttemptError bounds the error kept with an attempt, in runes.
const maxAttemptError = 500

// RecordWebhook writes an attempt and what follows from it, unless the
// endpoint changed since the dispatcher read it at cursor.
func (db *DB) RecordWebhook(ctx context.Context, id string, cursor uint64, a *predict.WebhookAttempt, o predict.WebhookOutcome) (bool, error) {
	var recorded bool
	err := db.writeAs(ctx, "record webhook attempt", func(t *tx) error {
		now := time.Now().UTC()
		var (
			uid          string
			failingSince sql.NullInt64
		)
		err := t.queryRow(ctx, `SELECT uid, failing_since FROM webhook_endpoints WHERE id = ? AND cursor = ? AND enabled = ?`,
			id, int64(cursor), true).Scan(&uid, &failingSince)
		if ok, err := rowFound(err); !ok {
			return err
		}
		recorded = true
		if a != nil {
			if _, err := t.exec(ctx, `INSERT INTO webhook_attempts (endpoint_id, event_id, event_name, attempt, status, error,
				duration_ms, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`, id, int64(a.EventID), a.EventName, a.Attempt, a.Status,
				predict.CleanText(a.Error, maxAttemptError), a.Duration.Milliseconds(), now.UnixMilli()); err != nil {
				return err
			}
		}
		// A run of failures starts at its first failed attempt.
		var failing any
		if o.Attempt > 0 {
			failing = now.UnixMilli()
			if failingSince.Valid {
				failing = failingSince.Int64
			}
		}
		if _, err := t.exec(ctx, `UPDATE webhook_endpoints SET cursor = ?, attempt = ?, failing_since = ?, next_attempt_at = ?,
			enabled = ?, disabled_reason = ? WHERE id = ?`, int64(o.Cursor), o.Attempt, failing, timeMs(o.NextAttempt),
			o.Disable == "", o.Disable, id); err != nil {
			return err
		}
		if o.Disable != "" {
			return notify(ctx, t, uid, predict.NotifyWebhookDisabled, map[string]string{"webhookId": id, "reason": o.Disable}, 0, now.UnixMilli())
		}
		return nil
	})
	return recorded, err
}

// PruneWebhooks deletes the outbox events every endpoint is past, and
// the events and attempts older than before.
func (db *DB) PruneWebhooks(ctx context.Context, before time.Time) error {
	return db.writeAs(ctx, "prune webhooks", func(t *tx) error {
		if _, err := t.exec(ctx, `DELETE FROM webhook_events WHERE id <= (SELECT COALESCE(MIN(cursor), 0) FROM webhook_endpoints)
			OR NOT EXISTS (SELECT 1 FROM webhook_endpoints) OR created_at < ?`, before.UnixMilli()); err != nil {
			return err
		}
		_, err := t.exec(ctx, `DELETE FROM webhook_attempts WHERE created_at < ?`, before.UnixMilli())
		return err
	})
}

// enqueueEvents records, in the transaction that applied them, the
// events some endpoint wants, in order: the outbox the dispatcher reads.
func enqueueEvents(ctx context.Context, t *tx, evs []predict.WebhookEvent, now int64) error {
	if len(evs) == 0 {
		return nil
	}
	endpoints, err := scanRows(ctx, t, `SELECT `+webhookColumns+` FROM webhook_endpoints`, nil, scanWebhook)
	if err != nil {
		return fmt.Errorf("read webhooks: %w", err)
	}
	var rows []any
	for _, e := range evs {
		for _, w := range endpoints {
			if w.Wants(e) {
				data, err := json.Marshal(e.Data)
				if err != nil {
					return err
				}
				rows = append(rows, e.Name, e.Topic, e.UID, string(data), now)
				break
			}
		}
	}
	if len(rows) == 0 {
		return nil
	}
	if err := lockOutbox(ctx, t); err != nil {
		return fmt.Errorf("lock the webhook outbox: %w", err)
	}
	if err := insertRows(ctx, t, `INSERT INTO webhook_events (name, topic, uid, data, created_at)`, "", 5, rows); err != nil {
		return fmt.Errorf("record webhook events: %w", err)
	}
	return nil
}
