package events

import (
	"context"
	"errors"
	"fmt"

	"github.com/predict-dev/predict"
)

// Outbox keeps the events the webhooks deliver (the store's outbox).
type Outbox interface {
	EnqueueWebhookEvents(ctx context.Context, evs []predict.WebhookEvent) error
}

// Door is the one way out for an event raised outside the indexer's
// transactions (an operation's final status, a notification the API
// wrote): it is recorded in the webhooks' outbox, then put on the bus for
// the streams of every replica, so the two never disagree on what
// happened. The indexer writes its events to the outbox in the
// transaction that applies them and puts them on the bus after the
// commit (Door.Announce).
type Door struct {
	bus    Publisher
	outbox Outbox // nil: no webhooks
}

// NewDoor is the door to bus and outbox; a nil outbox records nothing.
func NewDoor(bus Publisher, outbox Outbox) *Door {
	return &Door{bus: bus, outbox: outbox}
}

// Publish records e in the outbox, then puts it on the bus. The bus gets
// it even when the outbox could not take it: the streams still learn of
// it, and the error says what the webhooks missed.
func (d *Door) Publish(ctx context.Context, e Event) error {
	var recErr error
	if d.outbox != nil {
		if err := d.outbox.EnqueueWebhookEvents(ctx, []predict.WebhookEvent{e.Webhook()}); err != nil {
			recErr = fmt.Errorf("events: record %s for the webhooks: %w", e.Name, err)
		}
	}
	return errors.Join(recErr, d.bus.Publish(ctx, e))
}

// Announce puts on the bus an event the outbox already holds, written in
// the transaction that made it.
func (d *Door) Announce(ctx context.Context, e Event) error {
	return d.bus.Publish(ctx, e)
}

// Webhook is e as the webhooks' outbox keeps it.
func (e Event) Webhook() predict.WebhookEvent {
	return predict.WebhookEvent{Name: e.Name, Topic: e.Topic, UID: e.UID, Data: e.Data}
}
