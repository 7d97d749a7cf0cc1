package client

import (
	"context"
	"fmt"

	"github.com/predict-dev/predict/wire"
)

// Sign-In with Ethereum types (docs/users.md).
type (
	SIWENonce = wire.SIWENonce
	SIWEToken = wire.SIWEToken
)

// SIWENonce asks for a nonce and what the message to sign must name.
func (c *Client) SIWENonce(ctx context.Context) (*SIWENonce, error) {
	var out SIWENonce
	if err := c.get(ctx, "/api/v1/auth/siwe-nonce", nil, &out); err != nil {
		return nil, fmt.Errorf("sign-in nonce: %w", err)
	}
	return &out, nil
}

// SIWELogin signs in with an EIP-4361 message and its EIP-191 signature
// (0x hex) and answers the service's token; use it with WithToken.
func (c *Client) SIWELogin(ctx context.Context, message, signature string) (*SIWEToken, error) {
	var out SIWEToken
	if err := c.post(ctx, "/api/v1/auth/siwe-login", wire.SIWELoginRequest{Message: message, Signature: signature}, &out); err != nil {
		return nil, fmt.Errorf("sign in with Ethereum: %w", err)
	}
	return &out, nil
}

// SIWERefresh trades a refresh token, once, for a new token and a new
// refresh token.
func (c *Client) SIWERefresh(ctx context.Context, refreshToken string) (*SIWEToken, error) {
	var out SIWEToken
	if err := c.post(ctx, "/api/v1/auth/siwe-refresh", wire.SIWERefreshRequest{RefreshToken: refreshToken}, &out); err != nil {
		return nil, fmt.Errorf("refresh the sign-in: %w", err)
	}
	return &out, nil
}
