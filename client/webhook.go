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
	var out WebhookSecret
	if err := c.post(ctx, "/api/v1/webhook/create-webhook", req, &out); err != nil {
		return nil, fmt.Errorf("create webhook: %w", err)
	}
	return &out, nil
}

// Webhooks lists the caller's endpoints, newest first.
func (c *Client) Webhooks(ctx context.Context, page, pageSize int) (*WebhooksPage, error) {
	var out WebhooksPage
	q := url.Values{"page": {strconv.Itoa(page)}, "pageSize": {strconv.Itoa(pageSize)}}
	if err := c.get(ctx, "/api/v1/webhook/get-webhooks", q, &out); err != nil {
		return nil, fmt.Errorf("list webhooks: %w", err)
	}
	return &out, nil
}

// UpdateWebhook changes an endpoint; enabling one the service disabled
// resumes its deliveries where they stopped.
func (c *Client) UpdateWebhook(ctx context.Context, req UpdateWebhookRequest) (*Webhook, error) {
	var out Webhook
	if err := c.post(ctx, "/api/v1/webhook/update-webhook", req, &out); err != nil {
		return nil, fmt.Errorf("update webhook %s: %w", req.ID, err)
	}
	return &out, nil
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
	var out WebhookSecret
	if err := c.post(ctx, "/api/v1/webhook/rotate-webhook-secret", wire.WebhookIDRequest{ID: id}, &out); err != nil {
		return nil, fmt.Errorf("rotate webhook secret %s: %w", id, err)
	}
	return &out, nil
}

// WebhookAttempts lists an endpoint's delivery attempts, newest first.
func (c *Client) WebhookAttempts(ctx context.Context, id string, page, pageSize int) (*WebhookAttemptsPage, error) {
	var out WebhookAttemptsPage
	q := url.Values{"id": {id}, "page": {strconv.Itoa(page)}, "pageSize": {strconv.Itoa(pageSize)}}
	if err := c.get(ctx, "/api/v1/webhook/get-webhook-attempts", q, &out); err != nil {
		return nil, fmt.Errorf("list attempts of webhook %s: %w", id, err)
	}
	return &out, nil
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
