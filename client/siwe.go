package client

import (
	"context"

	"github.com/predict-dev/predict/wire"
)

// Sign-In with Ethereum types (docs/users.md).
type (
	SIWENonce = wire.SIWENonce
	SIWEToken = wire.SIWEToken
)

// SIWENonce asks for a nonce and what the message to sign must name.
func (c *Client) SIWENonce(ctx context.Context) (*SIWENonce, error) {
	return fetch[SIWENonce](ctx, c, "/api/v1/auth/siwe-nonce", nil, "sign-in nonce")
}

// SIWELogin signs in with an EIP-4361 message and its EIP-191 signature
// (0x hex) and answers the service's token; use it with WithToken.
func (c *Client) SIWELogin(ctx context.Context, message, signature string) (*SIWEToken, error) {
	return submit[SIWEToken](ctx, c, "/api/v1/auth/siwe-login", wire.SIWELoginRequest{Message: message, Signature: signature}, "sign in with Ethereum")
}

// SIWERefresh trades a refresh token, once, for a new token and a new
// refresh token.
func (c *Client) SIWERefresh(ctx context.Context, refreshToken string) (*SIWEToken, error) {
	return submit[SIWEToken](ctx, c, "/api/v1/auth/siwe-refresh", wire.SIWERefreshRequest{RefreshToken: refreshToken}, "refresh the sign-in")
}
