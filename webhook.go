package predict

import (
	"context"
	"slices"
	"strings"
	"time"

	"github.com/predict-dev/predict/event"
)

// Scopes of a webhook endpoint: what its events may be.
const (
	// WebhookScopeUser endpoints receive their owner's own events (the
	// user:* events of docs/events.md).
	WebhookScopeUser = "user"
	// WebhookScopePlatform endpoints, which only an admin registers,
	// receive every market's events and the platform's (market:*).
	WebhookScopePlatform = "platform"
)

// Webhook is an endpoint that receives events as signed HTTPS POSTs
// (docs/integrations.md).
type Webhook struct {
	ID          string
	UID         string // the owner
	Scope       string
	URL         string
	Description string
	// Events are the event names it wants; none means every event of
	// its scope.
	Events []string
	// Market narrows a platform endpoint to one market's events.
	Market string
	// Secret signs deliveries (whsec_…). PreviousSecret, until
	// PreviousUntil, signs them too, so that a receiver can roll over.
	Secret         string
	PreviousSecret string
	PreviousUntil  time.Time
	Enabled        bool
	DisabledReason string
	// Cursor is the id of the last event delivered or passed over:
	// delivery is in order, one event at a time.
	Cursor uint64
	// Attempt counts the attempts at the event after Cursor, which began
	// failing at FailingSince (zero when the last attempt succeeded);
	// NextAttempt is when it is tried again.
	Attempt      int
	FailingSince time.Time
	NextAttempt  time.Time
	CreatedAt    time.Time
	UpdatedAt    time.Time
}

// Wants reports whether the endpoint receives an event: a user event of
// its owner (user scope) or a market event (platform scope, of its market
// when it names one), of a name it lists when it lists any. An
// operation's status reaches webhooks only when it is final: accepted and
// submitted are for the stream of the client that is waiting.
func (w *Webhook) Wants(e WebhookEvent) bool {
	if e.Name == event.OperationStatus {
		if st := e.Data[event.KeyStatus]; st == event.OpAccepted || st == event.OpSubmitted {
			return false
		}
	}
	switch w.Scope {
	case WebhookScopeUser:
		if e.UID == "" || e.UID != w.UID {
			return false
		}
	case WebhookScopePlatform:
		// market_address is the market's key in every market event's
		// payload.
		if e.Topic == "" || (w.Market != "" && !strings.EqualFold(e.Data[event.KeyMarket], w.Market)) {
			return false
		}
	default:
		return false
	}
	return len(w.Events) == 0 || slices.Contains(w.Events, e.Name)
}

// WebhookEvent is an event in the outbox: one the indexer produced,
// recorded in the transaction that applied what it says, or one the
// service raised elsewhere (an operation's final status, a notification),
// recorded as it was published (events.Door).
type WebhookEvent struct {
	ID    uint64
	Name  string
	Topic string // the market topic of a market event
	UID   string // the user of a user event
	Data  map[string]string
	Time  time.Time
}

// WebhookAttempt is one attempt at delivering an event to an endpoint.
type WebhookAttempt struct {
	ID         int64
	EndpointID string
	EventID    uint64
	EventName  string
	Attempt    int    // 1 for the first
	Status     int    // the HTTP status, 0 when none came back
	Error      string // why it failed; "" when it succeeded
	Duration   time.Duration
	Time       time.Time
}

// Succeeded reports whether the receiver accepted the delivery (a 2xx).
func (a *WebhookAttempt) Succeeded() bool { return a.Status >= 200 && a.Status < 300 && a.Error == "" }

// WebhookUpdate changes an endpoint; nil fields stay as they are.
// Enabling an endpoint, or giving it another URL, clears its failures, so
// its next event is tried at once.
type WebhookUpdate struct {
	URL         *string
	Description *string
	Events      *[]string
	Enabled     *bool
}

// WebhookOutcome is what the dispatcher decided after an attempt (or
// after passing over events the endpoint does not want): the new cursor
// and, on failure, when to try again or that the endpoint is disabled.
type WebhookOutcome struct {
	Cursor      uint64
	Attempt     int
	NextAttempt time.Time
	// Disable, when set, disables the endpoint with this reason and
	// notifies its owner.
	Disable string
}

// WebhookStore keeps endpoints, the outbox and the attempts. The outbox
// is written by the indexer's transaction (the ledger's events) and by
// events.Door (every other event); the dispatcher reads it.
type WebhookStore interface {
	// CreateWebhook stores w, which receives the events recorded from
	// now on: it sets w's ID, Cursor and times.
	CreateWebhook(ctx context.Context, w *Webhook) error
	// Webhook is one endpoint (ENOTFOUND when there is none).
	Webhook(ctx context.Context, id string) (*Webhook, error)
	// Webhooks lists a user's endpoints, newest first, and counts them.
	Webhooks(ctx context.Context, uid string, page, size int) ([]*Webhook, int, error)
	UpdateWebhook(ctx context.Context, id string, u WebhookUpdate) (*Webhook, error)
	DeleteWebhook(ctx context.Context, id string) error
	// RotateWebhookSecret makes secret the endpoint's signing secret; the
	// one it replaces keeps signing until previousUntil.
	RotateWebhookSecret(ctx context.Context, id, secret string, previousUntil time.Time) (*Webhook, error)
	// WebhookAttempts lists an endpoint's attempts, newest first.
	WebhookAttempts(ctx context.Context, id string, page, size int) ([]*WebhookAttempt, int, error)

	// DueWebhooks lists the enabled endpoints with events after their
	// cursor whose next attempt is due at now, at most limit, owners in
	// turn: at most perOwner of each, the longest waiting first, and
	// every owner's first before any owner's second.
	DueWebhooks(ctx context.Context, now time.Time, perOwner, limit int) ([]*Webhook, error)
	// WebhookEvents reads the outbox after an event id, at most limit.
	WebhookEvents(ctx context.Context, after uint64, limit int) ([]WebhookEvent, error)
	// RecordWebhook writes an attempt (nil when events were only passed
	// over) and the outcome, unless the endpoint changed since it was read
	// at cursor (deleted, disabled or moved by another writer): then it
	// reports false and writes nothing.
	RecordWebhook(ctx context.Context, id string, cursor uint64, a *WebhookAttempt, o WebhookOutcome) (bool, error)
	// PruneWebhooks deletes outbox events every endpoint is past, and
	// events and attempts older than before.
	PruneWebhooks(ctx context.Context, before time.Time) error
}
