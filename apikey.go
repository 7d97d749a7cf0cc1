package predict

import (
	"context"
	"slices"
	"time"
)

// Scopes of an API key: what the requests it signs may do.
const (
	// ScopeRead lets a key read: every GET, and the event stream.
	ScopeRead = "read"
	// ScopeTrade lets a key also write: operations (each still signed by
	// the owner's key), posts, follows, profile changes.
	ScopeTrade = "trade"
	// ScopeAdmin lets a key act with its owner's admin role; an operator
	// must allow such keys (PREDICT_API_KEY_ADMIN).
	ScopeAdmin = "admin"
)

// APIKeyPrefix starts every API key, so that the service (and a secret
// scanner) tells one from an identity token.
const APIKeyPrefix = "pdk_"

// APIKey is a credential a user creates for a program: a bot or a wallet
// that has no identity provider's token. The key itself is shown once;
// the service keeps its SHA-256 only.
type APIKey struct {
	ID     string // public: the part of the key after APIKeyPrefix and before the secret
	UID    string // the owner
	Name   string
	Scopes []string
	// Hash is the hex SHA-256 of the whole key.
	Hash string
	// ExpiresAt is zero for a key that does not expire.
	ExpiresAt  time.Time
	LastUsedAt time.Time
	RevokedAt  time.Time
	CreatedAt  time.Time
	// Subject is the owner's identity subject, read with the key.
	Subject string
}

// Allows reports whether the key carries scope: trade includes read.
func (k *APIKey) Allows(scope string) bool {
	if scope == ScopeRead && slices.Contains(k.Scopes, ScopeTrade) {
		return true
	}
	return slices.Contains(k.Scopes, scope)
}

// Usable reports whether the key may authenticate at now.
func (k *APIKey) Usable(now time.Time) bool {
	return k.RevokedAt.IsZero() && (k.ExpiresAt.IsZero() || now.Before(k.ExpiresAt))
}

// APIKeyStore keeps API keys.
type APIKeyStore interface {
	// CreateAPIKey stores k (its ID, UID, Name, Scopes, Hash, ExpiresAt);
	// a user holding max live keys already is ECONFLICT.
	CreateAPIKey(ctx context.Context, k *APIKey, max int) error
	// APIKey reads a key by its id, revoked and expired ones too, with its
	// owner's subject (ENOTFOUND when there is none).
	APIKey(ctx context.Context, id string) (*APIKey, error)
	// APIKeys lists a user's keys that are not revoked, newest first.
	APIKeys(ctx context.Context, uid string) ([]*APIKey, error)
	// RevokeAPIKey revokes a key of uid (ENOTFOUND when uid has no such
	// live key).
	RevokeAPIKey(ctx context.Context, uid, id string) error
	// TouchAPIKey records that the key was used at when.
	TouchAPIKey(ctx context.Context, id string, when time.Time) error
}
