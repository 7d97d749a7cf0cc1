package client

import (
	"context"
	"fmt"

	"github.com/predict-dev/predict/wire"
)

// API key types (docs/users.md). A key is used where a token is:
// New(url, WithToken(key)).
type (
	CreateAPIKeyRequest = wire.CreateAPIKeyRequest
	APIKey              = wire.APIKey
	APIKeySecret        = wire.APIKeySecret
)

// CreateAPIKey creates a key for the signed-in user (with an identity
// token, not with another key); the answer is the only one that shows
// the key.
func (c *Client) CreateAPIKey(ctx context.Context, req CreateAPIKeyRequest) (*APIKeySecret, error) {
	return submit[APIKeySecret](ctx, c, "/api/v1/user/create-api-key", req, "create API key")
}

// APIKeys lists the caller's live keys, newest first.
func (c *Client) APIKeys(ctx context.Context) ([]APIKey, error) {
	var out wire.APIKeysPage
	if err := c.get(ctx, "/api/v1/user/get-api-keys", nil, &out); err != nil {
		return nil, fmt.Errorf("list API keys: %w", err)
	}
	return out.Keys, nil
}

// RevokeAPIKey revokes one of the caller's keys, at once on every replica.
func (c *Client) RevokeAPIKey(ctx context.Context, id string) error {
	if err := c.post(ctx, "/api/v1/user/revoke-api-key", wire.RevokeAPIKeyRequest{ID: id}, nil); err != nil {
		return fmt.Errorf("revoke API key %s: %w", id, err)
	}
	return nil
}
