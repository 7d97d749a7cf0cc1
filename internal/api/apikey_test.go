package api_test

import (
	"crypto/sha256"
	"encoding/hex"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/predict-dev/predict/internal/api"
	"github.com/predict-dev/predict/internal/store"
	"github.com/predict-dev/predict/internal/store/storetest"
	"github.com/predict-dev/predict/wire"
)

// TestAPIKeys: a key created with a token authenticates reads (and, with
// the trade scope, writes) as its owner; it is stored as a hash only;
// scopes, expiry and revocation hold, on another replica too.
func TestAPIKeys(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env, s *store.DB) {
		other := e.sibling(s) // a second replica over the same store
		alice := e.signIn("did:dev:alice", addr(1))
		root := e.signIn(adminSubject, addr(3))
		e.login("did:dev:bob", addr(2))

		create := func(token string, body map[string]any) wire.APIKeySecret {
			t.Helper()
			r := e.do("POST", "/api/v1/user/create-api-key", token, body)
			wantOK(t, r)
			var out wire.APIKeySecret
			r.into(t, &out)
			return out
		}
		reader := create(alice, map[string]any{"name": "dashboard"})
		trader := create(alice, map[string]any{"name": "market maker", "scopes": []string{"trade"},
			"expiresAt": e.now.Add(time.Hour).Format(time.RFC3339)})
		if reader.Scopes[0] != "read" || !strings.HasPrefix(reader.Key, "pdk_"+reader.ID+"_") || reader.Key == trader.Key {
			t.Fatalf("keys %+v %+v", reader, trader)
		}

		// The store keeps the SHA-256 of the key, never the key.
		stored, err := s.APIKey(t.Context(), reader.ID)
		storetest.Must(t, err)
		sum := sha256.Sum256([]byte(reader.Key))
		if stored.Hash != hex.EncodeToString(sum[:]) || strings.Contains(stored.Hash, reader.Key) || stored.Name != "dashboard" {
			t.Fatalf("stored %+v", stored)
		}

		// A key is its owner: reads answer as for alice's token.
		var info struct{ UID, Address string }
		e.read(t, "/api/v1/user/get-user-info", reader.Key, &info)
		var byToken struct{ UID, Address string }
		e.read(t, "/api/v1/user/get-user-info", alice, &byToken)
		if info.UID == "" || info != byToken {
			t.Fatalf("by key %+v, by token %+v", info, byToken)
		}
		// The trade scope writes; the read scope does not.
		wantOK(t, e.do("POST", "/api/v1/user/set-username", trader.Key, map[string]any{"userName": "alice_mm"}))
		e.wantPostRefusals(t, "/api/v1/", []postRefusal{
			{"read key writes", "user/set-username", reader.Key, map[string]any{"userName": "x"}, http.StatusForbidden, 110104},
			{"read key posts", "community/create-post", reader.Key, map[string]any{}, http.StatusForbidden, 110104},
			{"key makes a key", "user/create-api-key", trader.Key, map[string]any{"name": "more"}, http.StatusForbidden, 110104},
			{"admin scope not allowed", "user/create-api-key", root, map[string]any{"name": "ops", "scopes": []string{"admin"}}, http.StatusForbidden, 110104},
			{"unknown scope", "user/create-api-key", alice, map[string]any{"name": "x", "scopes": []string{"write"}}, http.StatusBadRequest, 110101},
			{"no name", "user/create-api-key", alice, map[string]any{}, http.StatusBadRequest, 110101},
			{"expired already", "user/create-api-key", alice, map[string]any{"name": "x", "expiresAt": "2020-01-01T00:00:00Z"}, http.StatusBadRequest, 110101},
			{"malformed key", "user/set-username", "pdk_nothing", map[string]any{"userName": "x"}, http.StatusUnauthorized, 110303},
			{"wrong secret", "user/set-username", reader.Key[:len(reader.Key)-4] + "AAAA", map[string]any{"userName": "x"}, http.StatusUnauthorized, 110303},
			{"someone else's key", "user/revoke-api-key", e.token("did:dev:bob"), map[string]any{"id": reader.ID}, http.StatusNotFound, 110102},
		})
		// An admin's trade key does not act as an admin.
		rootKey := create(root, map[string]any{"name": "bot", "scopes": []string{"trade"}})
		wantError(t, e.do("POST", "/api/v1/admin/set-user-role", rootKey.Key, map[string]any{"uid": info.UID, "role": "resolver", "granted": true}),
			http.StatusForbidden, 110104)

		var page wire.APIKeysPage
		e.read(t, "/api/v1/user/get-api-keys", alice, &page)
		if len(page.Keys) != 2 || page.Keys[0].ID != trader.ID || page.Keys[0].ExpiresAt == nil {
			t.Fatalf("alice's keys %+v", page)
		}
		// The key's owner learns when it was used (at most once a minute).
		deadline := time.Now().Add(5 * time.Second)
		for {
			k, err := s.APIKey(t.Context(), reader.ID)
			storetest.Must(t, err)
			if !k.LastUsedAt.IsZero() {
				break
			}
			if time.Now().After(deadline) {
				t.Fatal("the use of the key was not recorded")
			}
			time.Sleep(10 * time.Millisecond)
		}

		// Expired: refused.
		e.now = e.now.Add(2 * time.Hour)
		other.now = e.now
		wantError(t, e.do("GET", "/api/v1/user/get-user-info", trader.Key, nil), http.StatusUnauthorized, 110303)

		// Revoked on one replica: refused on the other at once.
		r := other.do("GET", "/api/v1/user/get-user-info", reader.Key, nil)
		wantOK(t, r)
		wantOK(t, e.do("POST", "/api/v1/user/revoke-api-key", alice, map[string]any{"id": reader.ID}))
		wantError(t, other.do("GET", "/api/v1/user/get-user-info", reader.Key, nil), http.StatusUnauthorized, 110303)
		wantError(t, e.do("POST", "/api/v1/user/revoke-api-key", alice, map[string]any{"id": reader.ID}), http.StatusNotFound, 110102)

		// At most MaxAPIKeysPerUser live keys.
		for i := 1; i < api.MaxAPIKeysPerUser; i++ { // one live key (the expired one does not count)
			create(alice, map[string]any{"name": "k"})
		}
		wantError(t, e.do("POST", "/api/v1/user/create-api-key", alice, map[string]any{"name": "one too many"}), http.StatusConflict, 110105)
	})
}

// TestAdminAPIKey: with PREDICT_API_KEY_ADMIN an admin's key of scope
// admin acts as an admin.
func TestAdminAPIKey(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.DB) {
		e := newEnv(t, s, func(c *api.Config) { c.APIKeyAdmin = true })
		root := e.signIn(adminSubject, addr(3))
		uid := e.login("did:dev:alice", addr(1))
		r := e.do("POST", "/api/v1/user/create-api-key", root, map[string]any{"name": "ops", "scopes": []string{"admin", "trade"}})
		wantOK(t, r)
		var k wire.APIKeySecret
		r.into(t, &k)
		wantOK(t, e.do("POST", "/api/v1/admin/set-user-role", k.Key, map[string]any{"uid": uid, "role": "resolver", "granted": true}))
		// Only an admin gets one.
		wantError(t, e.do("POST", "/api/v1/user/create-api-key", e.token("did:dev:alice"), map[string]any{"name": "x", "scopes": []string{"admin"}}),
			http.StatusForbidden, 110104)
	})
}
