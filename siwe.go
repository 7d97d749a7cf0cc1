package predict

import (
	"context"
	"time"
)

// SIWEStore keeps what Sign-In with Ethereum needs between requests: the
// key that signs its nonces, the nonces used (each signs in once; a nonce
// handed out is signed, not stored) and the refresh tokens (each
// refreshes once), the latter as hashes only.
type SIWEStore interface {
	// SIWENonceKey returns the secret that signs the nonces: made by the
	// first caller, then the same for every replica of the database, so a
	// nonce handed out by one signs in on another.
	SIWENonceKey(ctx context.Context) ([]byte, error)
	// UseSIWENonce records as used a nonce that the caller checked and
	// that is valid until expires: EUNAUTHORIZED when it was used before.
	UseSIWENonce(ctx context.Context, nonce string, expires, now time.Time) error
	// CreateRefreshToken records the hash of a refresh token of subject.
	CreateRefreshToken(ctx context.Context, hash, subject string, expires time.Time) error
	// UseRefreshToken spends a refresh token and returns its subject:
	// EUNAUTHORIZED when it is unknown, spent or expired at now.
	UseRefreshToken(ctx context.Context, hash string, now time.Time) (subject string, err error)
}
