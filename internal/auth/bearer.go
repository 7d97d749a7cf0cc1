package auth

import (
	"net/http"
	"strings"
)

// BearerToken extracts the token of an "Authorization: Bearer <token>"
// header (RFC 6750 §2.1). The scheme is matched case-insensitively, as RFC
// 9110 §11.1 requires. Only the header is consulted: tokens in query
// strings end up in access logs and browser history.
func BearerToken(r *http.Request) (string, error) {
	vals := r.Header.Values("Authorization")
	if len(vals) == 0 || strings.TrimSpace(vals[0]) == "" {
		return "", unauthorized("missing bearer token")
	}
	if len(vals) > 1 {
		return "", unauthorized("more than one Authorization header")
	}
	scheme, tok, _ := strings.Cut(strings.TrimSpace(vals[0]), " ")
	if !strings.EqualFold(scheme, "Bearer") {
		return "", unauthorized("authorization scheme is not Bearer")
	}
	tok = strings.TrimSpace(tok)
	if tok == "" {
		return "", unauthorized("missing bearer token")
	}
	for i := 0; i < len(tok); i++ {
		if c := tok[i]; c <= ' ' || c >= 0x7f {
			return "", unauthorized("malformed bearer token")
		}
	}
	return tok, nil
}
