package predict

import (
	"context"
	"time"
)

// SIWEStore keeps what Sign-In with Ethereum needs between requests: the
// nonces handed out (each signs in once) and the refresh tokens (each
// refreshes once), the latter as hashes only.
type SIWEStore interface {
	// CreateSIWENonce records a nonce valid until expires.
	CreateSIWENonce(ctx context.Context, nonce string, expires time.Time) error
	// UseSIWENonce spends a nonce: EUNAUTHORIZED when it is unknown,
	// spent or expired at now.
	UseSIWENonce(ctx context.Context, nonce string, now time.Time) error
	// CreateRefreshToken records the hash of a refresh token of subject.
	CreateRefreshToken(ctx context.Context, hash, subject string, expires time.Time) error
	// UseRefreshToken spends a refresh token and returns its subject:
	// EUNAUTHORIZED when it is unknown, spent or expired at now.
	UseRefreshToken(ctx context.Context, hash string, now time.Time) (subject string, err error)
}
