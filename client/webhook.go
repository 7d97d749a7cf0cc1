package client

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"time"

	"github.com/predict-dev/predict/internal/webhook"
	"github.com/predict-dev/predict/wire"
)

// Webhook types of the API (docs/integrations.md).
type (
	CreateWebhookRequest = wire.CreateWebhookRequest
	UpdateWebhookRequest = wire.UpdateWebhookRequest
	Webhook              = wire.Webhook
	WebhookSecret        = wire.WebhookSecret
	WebhooksPage         = wire.WebhooksPage
	WebhookAttemptsPage  = wire.WebhookAttemptsPage
	// WebhookPayload is the body of a delivery.
	WebhookPayload = webhook.Payload
)

// CreateWebhook registers an endpoint that receives the caller's events
// (or, for an admin, every market's); the answer is the only one that
// shows its signing secret.
func (c *Client) CreateWebhook(ctx context.Context, req CreateWebhookRequest) (*WebhookSecret, error) {
	return submit[WebhookSecret](ctx, c, "/api/v1/webhook/create-webhook", req, "create webhook")
}

// Webhooks lists the caller's endpoints, newest first.
func (c *Client) Webhooks(ctx context.Context, page, pageSize int) (*WebhooksPage, error) {
	q := url.Values{"page": {strconv.Itoa(page)}, "pageSize": {strconv.Itoa(pageSize)}}
	return fetch[WebhooksPage](ctx, c, "/api/v1/webhook/get-webhooks", q, "list webhooks")
}

// UpdateWebhook changes an endpoint; enabling one the service disabled
// resumes its deliveries where they stopped.
func (c *Client) UpdateWebhook(ctx context.Context, req UpdateWebhookRequest) (*Webhook, error) {
	return submit[Webhook](ctx, c, "/api/v1/webhook/update-webhook", req, "update webhook %s", req.ID)
}

// DeleteWebhook deletes an endpoint.
func (c *Client) DeleteWebhook(ctx context.Context, id string) error {
	if err := c.post(ctx, "/api/v1/webhook/delete-webhook", wire.WebhookIDRequest{ID: id}, nil); err != nil {
		return fmt.Errorf("delete webhook %s: %w", id, err)
	}
	return nil
}

// RotateWebhookSecret gives an endpoint a new signing secret; the old one
// keeps signing for a day.
func (c *Client) RotateWebhookSecret(ctx context.Context, id string) (*WebhookSecret, error) {
	return submit[WebhookSecret](ctx, c, "/api/v1/webhook/rotate-webhook-secret", wire.WebhookIDRequest{ID: id}, "rotate webhook secret %s", id)
}

// WebhookAttempts lists an endpoint's delivery attempts, newest first.
func (c *Client) WebhookAttempts(ctx context.Context, id string, page, pageSize int) (*WebhookAttemptsPage, error) {
	q := url.Values{"id": {id}, "page": {strconv.Itoa(page)}, "pageSize": {strconv.Itoa(pageSize)}}
	return fetch[WebhookAttemptsPage](ctx, c, "/api/v1/webhook/get-webhook-attempts", q, "list attempts of webhook %s", id)
}

// WebhookTolerance is how far a delivery's timestamp may be from the
// receiver's clock for VerifyWebhook.
const WebhookTolerance = 5 * time.Minute

// VerifyWebhook checks a delivery a receiver got: one of its signatures
// is by secret and its timestamp is within WebhookTolerance. The body must
// be the bytes received, before any decoding. A receiver drops a delivery
// whose webhook-id it has already processed: deliveries are at least once.
func VerifyWebhook(secret string, header http.Header, body []byte) error {
	return webhook.Verify(secret, header, body, time.Now(), WebhookTolerance)
}
