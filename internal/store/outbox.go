package store

import (
	"context"
	"time"

	"github.com/predict-dev/predict"
)

// EnqueueWebhookEvents records evs in the webhooks' outbox (those some
// endpoint wants), in a transaction of their own: the events the service
// raises outside the indexer's transactions, such as an operation's
// final status or a notification written by the API.
func (db *DB) EnqueueWebhookEvents(ctx context.Context, evs []predict.WebhookEvent) error {
	// Most events are wanted by no endpoint: a read tells, without taking
	// the one writer's turn on SQLite.
	wanted, err := readValue(ctx, db, func(t *tx) (bool, error) {
		endpoints, err := scanRows(ctx, t, `SELECT `+webhookColumns+` FROM webhook_endpoints`, nil, scanWebhook)
		if err != nil {
			return false, err
		}
		for _, e := range evs {
			for _, w := range endpoints {
				if w.Wants(e) {
					return true, nil
				}
			}
		}
		return false, nil
	})
	if err != nil || !wanted {
		return err
	}
	return db.writeAs(ctx, "record webhook events", func(t *tx) error {
		return enqueueEvents(ctx, t, evs, time.Now().UnixMilli())
	})
}

// lockOutbox makes the outbox's writers take turns until t commits. The
// dispatcher reads the outbox after an endpoint's cursor, in id order:
// on PostgreSQL two writers' ids could otherwise commit out of order,
// and an event committed after a higher id had been delivered would be
// passed over for good. The lock conflicts with itself only, not with
// the dispatcher's reads. SQLite has one writer at a time already.
func lockOutbox(ctx context.Context, t *tx) error {
	if t.dialect.name != DialectPostgres {
		return nil
	}
	_, err := t.exec(ctx, `LOCK TABLE webhook_events IN SHARE ROW EXCLUSIVE MODE`)
	return err
}
