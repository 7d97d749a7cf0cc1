package wire

// CreateWebhookRequest registers an endpoint (create-webhook).
type CreateWebhookRequest struct {
	// URL receives the deliveries: https, not the service's own host nor
	// a private address (docs/integrations.md).
	URL string `json:"url"`
	// Scope is "user" (the caller's own events, the default) or
	// "platform" (every market's events; admins only).
	Scope string `json:"scope,omitempty"`
	// Events are the event names wanted; none means all of the scope's.
	Events []string `json:"events,omitempty"`
	// MarketAddress narrows a platform endpoint to one market.
	MarketAddress string `json:"marketAddress,omitempty"`
	Description   string `json:"description,omitempty"`
}

// UpdateWebhookRequest changes an endpoint (update-webhook); absent
// fields stay. Enabling a disabled endpoint clears its failures.
type UpdateWebhookRequest struct {
	ID          string    `json:"id"`
	URL         *string   `json:"url,omitempty"`
	Events      *[]string `json:"events,omitempty"`
	Description *string   `json:"description,omitempty"`
	Enabled     *bool     `json:"enabled,omitempty"`
}

// WebhookIDRequest names an endpoint (delete-webhook, rotate-webhook-secret).
type WebhookIDRequest struct {
	ID string `json:"id"`
}

// Webhook is an endpoint as its owner sees it. The signing secret is
// shown only by create-webhook and rotate-webhook-secret.
type Webhook struct {
	ID            string   `json:"id"`
	URL           string   `json:"url"`
	Scope         string   `json:"scope"`
	Events        []string `json:"events"`
	MarketAddress string   `json:"marketAddress"`
	Description   string   `json:"description"`
	Enabled       bool     `json:"enabled"`
	// DisabledReason says why the service disabled it ("" when enabled
	// or disabled by its owner).
	DisabledReason string `json:"disabledReason"`
	// LastEventID is the outbox id of the last event delivered or passed
	// over; Attempt counts the failed attempts at the next, retried at
	// NextAttemptAt.
	LastEventID   uint64 `json:"lastEventId"`
	Attempt       int    `json:"attempt"`
	FailingSince  *Time  `json:"failingSince"`
	NextAttemptAt *Time  `json:"nextAttemptAt"`
	CreatedAt     Time   `json:"createdAt"`
	UpdatedAt     Time   `json:"updatedAt"`
}

// WebhookSecret is an endpoint with its signing secret: the answer of
// create-webhook and rotate-webhook-secret, the only times it is shown.
type WebhookSecret struct {
	Webhook
	Secret string `json:"secret"`
	// PreviousSecretValidUntil is, after a rotation, until when the old
	// secret signs deliveries too.
	PreviousSecretValidUntil *Time `json:"previousSecretValidUntil,omitempty"`
}

// WebhooksPage is a page of the caller's endpoints, newest first.
type WebhooksPage struct {
	Webhooks []Webhook `json:"webhooks"`
	Total    int       `json:"total"`
}

// WebhookAttempt is one delivery attempt (get-webhook-attempts).
type WebhookAttempt struct {
	ID        int64  `json:"id"`
	EventID   uint64 `json:"eventId"`
	MessageID string `json:"messageId"` // the webhook-id header
	EventName string `json:"eventName"`
	Attempt   int    `json:"attempt"`
	// Status is the receiver's HTTP status, 0 when none came back.
	Status     int    `json:"status"`
	Succeeded  bool   `json:"succeeded"`
	Error      string `json:"error"`
	DurationMs int64  `json:"durationMs"`
	CreatedAt  Time   `json:"createdAt"`
}

// WebhookAttemptsPage is a page of an endpoint's attempts, newest first.
type WebhookAttemptsPage struct {
	Attempts []WebhookAttempt `json:"attempts"`
	Total    int              `json:"total"`
}

// Webhook event names by scope: what an endpoint of each may ask for.
var (
	WebhookUserEvents     = []string{EventPositionChanged, EventAssetChanged, EventNewNotification, EventOperationStatus, EventOrderChanged}
	WebhookPlatformEvents = []string{EventNewTrades, EventPriceChange, EventInfoUpdate, EventMarketCreated, EventBookChange}
)
