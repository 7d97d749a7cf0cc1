package wire

// SIWENonce is the answer of siwe-nonce: what the message to sign must
// name.
type SIWENonce struct {
	Nonce     string `json:"nonce"`
	ExpiresAt Time   `json:"expiresAt"`
	Domain    string `json:"domain"`
	ChainID   uint64 `json:"chainId"`
}

// SIWELoginRequest signs in with an EIP-4361 message and its EIP-191
// signature (siwe-login).
type SIWELoginRequest struct {
	Message   string `json:"message"`
	Signature string `json:"signature"`
}

// SIWERefreshRequest trades a refresh token for new tokens (siwe-refresh).
type SIWERefreshRequest struct {
	RefreshToken string `json:"refreshToken"`
}

// SIWEToken is the answer of siwe-login and siwe-refresh: a token of the
// service's own issuer (send it as "Authorization: Bearer <token>") and a
// refresh token, good once.
type SIWEToken struct {
	Token            string `json:"token"`
	ExpiresAt        Time   `json:"expiresAt"`
	RefreshToken     string `json:"refreshToken"`
	RefreshExpiresAt Time   `json:"refreshExpiresAt"`
	// Subject is the identity: did:pkh:eip155:<chain id>:<address>.
	Subject string `json:"subject"`
	Address string `json:"address"`
}
