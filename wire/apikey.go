package wire

// CreateAPIKeyRequest creates an API key (create-api-key).
type CreateAPIKeyRequest struct {
	Name string `json:"name"`
	// Scopes: read (the default), trade, admin (when the operator allows
	// admin keys and the caller is an admin).
	Scopes []string `json:"scopes,omitempty"`
	// ExpiresAt, when given, ends the key; without it the key lasts until
	// it is revoked.
	ExpiresAt *Time `json:"expiresAt,omitempty"`
}

// APIKey is a key as its owner sees it, without the secret.
type APIKey struct {
	ID string `json:"id"`
	// Prefix is how the key begins (pdk_<id>), to recognise it.
	Prefix     string   `json:"prefix"`
	Name       string   `json:"name"`
	Scopes     []string `json:"scopes"`
	ExpiresAt  *Time    `json:"expiresAt"`
	LastUsedAt *Time    `json:"lastUsedAt"`
	CreatedAt  Time     `json:"createdAt"`
}

// APIKeySecret is the answer of create-api-key: the only time the key
// is shown. Send it as "Authorization: Bearer <key>".
type APIKeySecret struct {
	APIKey
	Key string `json:"key"`
}

// APIKeysPage lists the caller's live keys, newest first.
type APIKeysPage struct {
	Keys []APIKey `json:"keys"`
}

// RevokeAPIKeyRequest revokes a key (revoke-api-key); the answer echoes it.
type RevokeAPIKeyRequest struct {
	ID string `json:"id"`
}
