package api

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"encoding/hex"
	"net/http"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/internal/auth"
	"github.com/predict-dev/predict/wire"
)

// Bounds of API keys.
const (
	// MaxAPIKeysPerUser bounds a user's live keys.
	MaxAPIKeysPerUser = 20
	maxAPIKeyName     = 64
	// maxAPIKeyLife bounds an expiry: a key for longer is a key without
	// one, which the owner may choose explicitly.
	maxAPIKeyLife = 5 * 366 * 24 * time.Hour
	// touchEvery is how stale a key's last use may get before a request
	// writes it again: a write per key per minute, not per request.
	touchEvery = time.Minute
)

// apiKeyRe is the shape of a key: the prefix, 16 hex digits of id, and
// 43 characters of base64url secret (32 bytes).
var apiKeyRe = regexp.MustCompile(`^pdk_([0-9a-f]{16})_[A-Za-z0-9_-]{43}$`)

// apiKeyStore is the store of apikey.go.
type apiKeyStore interface {
	CreateAPIKey(ctx context.Context, k *predict.APIKey, max int) error
	APIKey(ctx context.Context, id string) (*predict.APIKey, error)
	APIKeys(ctx context.Context, uid string) ([]*predict.APIKey, error)
	RevokeAPIKey(ctx context.Context, uid, id string) error
	TouchAPIKey(ctx context.Context, id string, when time.Time) error
}

// errBadKey is the one refusal of a key that does not authenticate, so
// that a caller learns nothing of which part was wrong. It never echoes
// the key.
func errBadKey() error {
	return predict.Errorf(predict.EUNAUTHORIZED, "API key not valid (unknown, revoked or expired)")
}

// verifyKey authenticates a request signed with an API key: the key must
// exist, hash to what the store keeps, and be neither revoked nor
// expired. With the read cache a key is read once and remembered
// (keyMemo): a revocation reaches every replica's memory over the bus, as
// the ForgetUser of its owner. Without it the key is read on every
// request, so a revocation holds on every replica from its commit on.
func (s *Server) verifyKey(ctx context.Context, raw string) (*predict.APIKey, *auth.Claims, error) {
	sum := sha256.Sum256([]byte(raw))
	now := s.now()
	k, err := s.keys.get(ctx, sum, keyReader{s: s, raw: raw})
	if err != nil {
		return nil, nil, err
	}
	if !k.Usable(now) {
		return nil, nil, errBadKey()
	}
	if now.Sub(k.LastUsedAt) > touchEvery {
		s.keys.used(sum, now)
		// Recorded beside the request: its answer does not wait for it.
		go func() {
			ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
			defer cancel()
			if err := s.store.TouchAPIKey(ctx, k.ID, now); err != nil {
				s.logger.Warn("record API key use", "key", k.ID, "err", err)
			}
		}()
	}
	return k, &auth.Claims{Subject: k.Subject, ExpiresAt: k.ExpiresAt}, nil
}

// keyReader reads the key raw, whose SHA-256 is sum, from the store: it
// must exist and hash to what the store keeps.
type keyReader struct {
	s   *Server
	raw string
}

// Load reads the key.
func (kr keyReader) Load(ctx context.Context, sum [32]byte) (*predict.APIKey, time.Time, error) {
	m := apiKeyRe.FindStringSubmatch(kr.raw)
	if m == nil {
		return nil, time.Time{}, errBadKey()
	}
	k, err := kr.s.store.APIKey(ctx, m[1])
	if predict.ErrorCode(err) == predict.ENOTFOUND {
		return nil, time.Time{}, errBadKey()
	} else if err != nil {
		return nil, time.Time{}, err
	}
	if subtle.ConstantTimeCompare([]byte(hex.EncodeToString(sum[:])), []byte(k.Hash)) != 1 {
		return nil, time.Time{}, errBadKey()
	}
	return k, time.Time{}, nil
}

// keyScope refuses a request its API key has no scope for: a read key
// reads (GET and HEAD) and streams events; writing needs the trade scope.
func keyScope(id identity, r *http.Request, c class) error {
	if id.key == nil || c == classSystem {
		return nil
	}
	need := predict.ScopeTrade
	if r.Method == http.MethodGet || r.Method == http.MethodHead || strings.HasPrefix(r.URL.Path, "/api/v1/sse/") {
		need = predict.ScopeRead
	}
	if !id.key.Allows(need) {
		return predict.Errorf(predict.EFORBIDDEN, "this API key has the scopes %v; %s %s needs %q", id.key.Scopes, r.Method, r.URL.Path, need)
	}
	return nil
}

// handleCreateAPIKey creates a key for the caller and shows it, once. A
// key is made from a signed-in session, never from another key, so that
// a leaked key cannot mint more.
func (s *Server) handleCreateAPIKey(w http.ResponseWriter, r *http.Request) {
	var req wire.CreateAPIKeyRequest
	u, valid := s.caller(w, r, &req)
	if !valid {
		return
	}
	if id, _ := r.Context().Value(identityKey).(identity); id.key != nil {
		s.Error(w, r, predict.Errorf(predict.EFORBIDDEN, "API keys are created with an identity token, not with another API key"))
		return
	}
	k, err := s.newAPIKey(u, req)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	key, err := secretKey(k)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	if err := s.store.CreateAPIKey(r.Context(), k, MaxAPIKeysPerUser); err != nil {
		s.Error(w, r, err)
		return
	}
	s.logger.InfoContext(r.Context(), "API key created", "uid", u.UID, "key", k.ID, "scopes", k.Scopes)
	ok(w, wire.APIKeySecret{APIKey: newAPIKey(k), Key: key})
}

// newAPIKey checks a request for a key: a name, known scopes (admin only
// when the operator allows it and the caller is an admin), an expiry in
// the future.
func (s *Server) newAPIKey(u *predict.User, req wire.CreateAPIKeyRequest) (*predict.APIKey, error) {
	if err := checkText("name", req.Name, true, maxAPIKeyName); err != nil {
		return nil, err
	}
	k := &predict.APIKey{UID: u.UID, Name: strings.TrimSpace(req.Name), Scopes: slices.Clone(req.Scopes)}
	if len(k.Scopes) == 0 {
		k.Scopes = []string{predict.ScopeRead}
	}
	slices.Sort(k.Scopes)
	k.Scopes = slices.Compact(k.Scopes)
	for _, sc := range k.Scopes {
		switch {
		case sc == predict.ScopeRead || sc == predict.ScopeTrade:
		case sc == predict.ScopeAdmin && !s.cfg.APIKeyAdmin:
			return nil, predict.Errorf(predict.EFORBIDDEN, "this service does not issue admin API keys (PREDICT_API_KEY_ADMIN)")
		case sc == predict.ScopeAdmin && !u.HasRole(predict.RoleAdmin):
			return nil, errNeedsRole(u, "an admin API key", predict.RoleAdmin)
		case sc == predict.ScopeAdmin:
		default:
			return nil, predict.Errorf(predict.EINVALID, "scopes: %q is not one of read, trade, admin", sc)
		}
	}
	if req.ExpiresAt != nil {
		k.ExpiresAt = req.ExpiresAt.UTC()
		if !k.ExpiresAt.After(s.now()) || k.ExpiresAt.Sub(s.now()) > maxAPIKeyLife {
			return nil, predict.Errorf(predict.EINVALID, "expiresAt must be in the future and within 5 years; leave it out for a key that does not expire")
		}
	}
	return k, nil
}

// secretKey draws k's id and secret and returns the key, setting k's ID
// and the Hash the store keeps.
func secretKey(k *predict.APIKey) (string, error) {
	id, secret := make([]byte, 8), make([]byte, 32)
	if _, err := rand.Read(id); err != nil {
		return "", err
	}
	if _, err := rand.Read(secret); err != nil {
		return "", err
	}
	k.ID = hex.EncodeToString(id)
	key := predict.APIKeyPrefix + k.ID + "_" + base64.RawURLEncoding.EncodeToString(secret)
	sum := sha256.Sum256([]byte(key))
	k.Hash = hex.EncodeToString(sum[:])
	return key, nil
}

// handleGetAPIKeys lists the caller's live keys (never the keys
// themselves).
func (s *Server) handleGetAPIKeys(w http.ResponseWriter, r *http.Request) {
	u, err := s.authenticate(r)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	keys, err := s.store.APIKeys(r.Context(), u.UID)
	s.answer(w, r, wire.APIKeysPage{Keys: wireList(keys, newAPIKey)}, err)
}

// handleRevokeAPIKey revokes a key of the caller, at once on every
// replica. A key may revoke itself.
func (s *Server) handleRevokeAPIKey(w http.ResponseWriter, r *http.Request) {
	var req wire.RevokeAPIKeyRequest
	u, valid := s.caller(w, r, &req)
	if !valid {
		return
	}
	if err := checkText("id", req.ID, true, 64); err != nil {
		s.Error(w, r, err)
		return
	}
	if err := s.store.RevokeAPIKey(r.Context(), u.UID, req.ID); err != nil {
		s.Error(w, r, err)
		return
	}
	// Every replica forgets the owner's remembered keys (keyMemo) and
	// ends the streams the key opened.
	s.forgetUser(r, u.UID)
	s.endStreams(r, u.UID, keyCredential(req.ID))
	s.logger.InfoContext(r.Context(), "API key revoked", "uid", u.UID, "key", req.ID)
	ok(w, wire.RevokeAPIKeyRequest{ID: req.ID})
}

func newAPIKey(k *predict.APIKey) wire.APIKey {
	return wire.APIKey{ID: k.ID, Prefix: predict.APIKeyPrefix + k.ID, Name: k.Name, Scopes: k.Scopes, CreatedAt: wireTime(k.CreatedAt),
		ExpiresAt: optionalTime(k.ExpiresAt), LastUsedAt: optionalTime(k.LastUsedAt)}
}
