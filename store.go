package predict

import "context"

// Store is everything the service keeps. internal/store implements it on
// SQLite (the embedded default) and PostgreSQL (production).
type Store interface {
	UserStore
	MarketStore
	OperationStore
	ChainStore
	CommunityStore
	NotificationStore
	UserNotificationStore
	ProfileStore
	MarketDataStore
	ExportStore
	WebhookStore
	APIKeyStore
	SIWEStore
	LimitOrderStore
	SignedOrderStore
	// Ping reports whether the database answers (readiness).
	Ping(ctx context.Context) error
	// Close releases the database.
	Close() error
}
