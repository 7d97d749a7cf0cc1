package api_test

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/rsa"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"

	"github.com/predict-dev/predict/internal/auth"
	"github.com/predict-dev/predict/internal/store"
	"github.com/predict-dev/predict/internal/store/storetest"
)

// addr returns a distinct valid address for n.
func addr(n int) string { return fmt.Sprintf("0x%040x", n) }

// login registers sub with address a and returns the uid.
func (e *env) login(sub, a string) string {
	e.t.Helper()
	r := e.do("POST", "/api/v1/user/login", e.token(sub), map[string]any{"address": a})
	wantOK(e.t, r)
	var out struct{ UID string }
	r.into(e.t, &out)
	return out.UID
}

// signIn registers sub with address a (login) and returns a token of sub:
// a registered caller, as most tests want one.
func (e *env) signIn(sub, a string) string {
	e.t.Helper()
	e.login(sub, a)
	return e.token(sub)
}

func TestLogin(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env, s *store.DB) {
		alice := e.token("did:dev:alice")

		t.Run("OK", func(t *testing.T) {
			r := e.do("POST", "/api/v1/user/login", alice, map[string]any{"address": addr(1), "userName": "alice"})
			wantOK(t, r)
			var first struct {
				UID       string `json:"uid"`
				IsNewUser bool   `json:"isNewUser"`
			}
			r.into(t, &first)
			if !first.IsNewUser || first.UID == "" {
				t.Fatalf("first login = %+v, want a new user", first)
			}
			r = e.do("POST", "/api/v1/user/login", alice, map[string]any{"address": strings.ToUpper(addr(1)[2:])})
			wantError(t, r, http.StatusBadRequest, 110101) // no 0x prefix
			r = e.do("POST", "/api/v1/user/login", alice, map[string]any{"address": addr(1)})
			wantOK(t, r)
			var second struct {
				UID       string `json:"uid"`
				IsNewUser bool   `json:"isNewUser"`
			}
			r.into(t, &second)
			if second.IsNewUser || second.UID != first.UID {
				t.Fatalf("second login = %+v, want returning user %s", second, first.UID)
			}
			info := e.do("GET", "/api/v1/user/get-user-info", alice, nil)
			wantOK(t, info)
			var u struct {
				UID, Address, UserName, InviteCode string
				Roles                              []string
			}
			info.into(t, &u)
			if u.UID != first.UID || u.Address != addr(1) || u.UserName != "alice" || len(u.InviteCode) != 8 || len(u.Roles) != 0 {
				t.Fatalf("user info = %+v", u)
			}
		})
		t.Run("ErrAddressBoundToAnother", func(t *testing.T) {
			r := e.do("POST", "/api/v1/user/login", e.token("did:dev:mallory"), map[string]any{"address": addr(1)})
			wantError(t, r, http.StatusConflict, 110105)
		})
		t.Run("ErrReturningWithOtherAddress", func(t *testing.T) {
			r := e.do("POST", "/api/v1/user/login", alice, map[string]any{"address": addr(2)})
			wantError(t, r, http.StatusConflict, 110105)
		})
		t.Run("ErrZeroAddress", func(t *testing.T) {
			r := e.do("POST", "/api/v1/user/login", e.token("did:dev:zero"), map[string]any{"address": addr(0)})
			wantError(t, r, http.StatusBadRequest, 110101)
			r = e.do("GET", "/api/v1/user/get-login-challenge?address="+addr(0), e.token("did:dev:zero"), nil)
			wantError(t, r, http.StatusBadRequest, 110101)
		})
		t.Run("ErrProofWithoutChain", func(t *testing.T) {
			// A deployment without a chain cannot check a proof: it says so
			// rather than binding the address as if it were proven.
			r := e.do("POST", "/api/v1/user/login", e.token("did:dev:nochain"), map[string]any{
				"address": addr(9), "challenge": "x", "signature": "0x" + strings.Repeat("ab", 65)})
			wantError(t, r, http.StatusNotImplemented, 110111)
			r = e.do("POST", "/api/v1/user/login", e.token("did:dev:nochain"), map[string]any{"address": addr(9), "signature": "0x12"})
			wantError(t, r, http.StatusBadRequest, 110101)
		})
		t.Run("InviteCode", func(t *testing.T) {
			var inviter struct{ UID, InviteCode string }
			e.do("GET", "/api/v1/user/get-user-info", alice, nil).into(t, &inviter)
			bob := e.token("did:dev:bob")
			wantOK(t, e.do("POST", "/api/v1/user/login", bob, map[string]any{"address": addr(3), "inviteByCode": inviter.InviteCode}))
			var u struct{ InvitedBy string }
			e.do("GET", "/api/v1/user/get-user-info", bob, nil).into(t, &u)
			if u.InvitedBy != inviter.UID {
				t.Fatalf("invitedBy = %q, want %q", u.InvitedBy, inviter.UID)
			}
			carol := e.token("did:dev:carol")
			wantOK(t, e.do("POST", "/api/v1/user/login", carol, map[string]any{"address": addr(4), "inviteByCode": "NOSUCH"}))
			e.do("GET", "/api/v1/user/get-user-info", carol, nil).into(t, &u)
			if u.InvitedBy != "" {
				t.Fatalf("unknown invite code recorded a referrer %q", u.InvitedBy)
			}
		})
		t.Run("ErrBadInput", func(t *testing.T) {
			for name, body := range map[string]any{
				"MissingAddress":  map[string]any{},
				"BadAddress":      map[string]any{"address": "0x123"},
				"AddressNumber":   map[string]any{"address": 12},
				"BadUserName":     map[string]any{"address": addr(9), "userName": "a b"},
				"BadAvatar":       map[string]any{"address": addr(9), "avatarUrl": "javascript:alert(1)"},
				"LongInvite":      map[string]any{"address": addr(9), "inviteByCode": strings.Repeat("A", 33)},
				"MalformedJSON":   `{"address":`,
				"NotAnObject":     `[1,2]`,
				"TwoObjects":      `{"address":"` + addr(9) + `"}{}`,
				"EmptyBody":       ``,
				"InvalidUTF8Name": map[string]any{"address": addr(9), "userName": "\xff\xfe"},
			} {
				t.Run(name, func(t *testing.T) {
					r := e.do("POST", "/api/v1/user/login", e.token("did:dev:dave"), body)
					wantError(t, r, http.StatusBadRequest, 110101)
				})
			}
		})
		t.Run("ErrBodyTooLarge", func(t *testing.T) {
			r := e.do("POST", "/api/v1/user/login", alice, `{"address":"`+strings.Repeat("a", 5000)+`"}`)
			wantError(t, r, http.StatusRequestEntityTooLarge, 110107)
		})
		t.Run("ErrContentType", func(t *testing.T) {
			req, _ := http.NewRequest("POST", e.srv.URL+"/api/v1/user/login", strings.NewReader(`{"address":"`+addr(1)+`"}`))
			req.Header.Set("Content-Type", "text/plain")
			req.Header.Set("Authorization", "Bearer "+alice)
			wantError(t, e.send(req), http.StatusBadRequest, 110101)
		})
	})
}

// TestTokenRejected covers every way a token can be wrong: each is 401
// with code 110303, whatever the endpoint.
func TestTokenRejected(t *testing.T) {
	e := newEnv(t, storetest.OpenSQLite(t))
	now := time.Now()
	claims := func(mod func(jwt.MapClaims)) jwt.MapClaims {
		c := jwt.MapClaims{"iss": testIssuer, "aud": testAudience, "sub": "did:dev:alice", "iat": now.Unix(), "exp": now.Add(time.Hour).Unix()}
		if mod != nil {
			mod(c)
		}
		return c
	}
	otherEC, _ := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	ec384, _ := ecdsa.GenerateKey(elliptic.P384(), rand.Reader)
	rsaKey, _ := rsa.GenerateKey(rand.Reader, 2048)
	sign := func(method jwt.SigningMethod, key any, c jwt.MapClaims) string {
		tok := jwt.NewWithClaims(method, c)
		tok.Header["kid"] = e.dev.KeyID()
		s, err := tok.SignedString(key)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	expired, err := e.dev.Mint("did:dev:alice", -time.Minute)
	if err != nil {
		t.Fatal(err)
	}
	for name, tok := range map[string]string{
		"AlgNone":  sign(jwt.SigningMethodNone, jwt.UnsafeAllowNoneSignatureType, claims(nil)),
		"HS256":    sign(jwt.SigningMethodHS256, e.dev.JWKS(), claims(nil)),
		"RS256":    sign(jwt.SigningMethodRS256, rsaKey, claims(nil)),
		"ES384":    sign(jwt.SigningMethodES384, ec384, claims(nil)),
		"OtherKey": sign(jwt.SigningMethodES256, otherEC, claims(nil)),
		"Expired":  expired,
		"Garbage":  "not.a.token",
	} {
		t.Run(name, func(t *testing.T) {
			wantError(t, e.do("POST", "/api/v1/user/login", tok, map[string]any{"address": addr(1)}), http.StatusUnauthorized, 110303)
			wantError(t, e.do("GET", "/api/v1/user/get-user-info", tok, nil), http.StatusUnauthorized, 110303)
		})
	}
	// Right key, wrong claims: a second provider over the same key file
	// mints for another audience or issuer.
	for name, p := range map[string][2]string{"WrongAudience": {testIssuer, "someone-else"}, "WrongIssuer": {"someone-else", testAudience}} {
		t.Run(name, func(t *testing.T) {
			other, err := auth.OpenDevProvider(e.devDir, p[0], p[1])
			if err != nil {
				t.Fatal(err)
			}
			tok, err := other.Mint("did:dev:alice", time.Hour)
			if err != nil {
				t.Fatal(err)
			}
			wantError(t, e.do("POST", "/api/v1/user/login", tok, map[string]any{"address": addr(1)}), http.StatusUnauthorized, 110303)
		})
	}
	t.Run("Missing", func(t *testing.T) {
		wantError(t, e.do("POST", "/api/v1/user/login", "", map[string]any{"address": addr(1)}), http.StatusUnauthorized, 110303)
	})
	t.Run("NotBearer", func(t *testing.T) {
		req, _ := http.NewRequest("GET", e.srv.URL+"/api/v1/user/get-user-info", nil)
		req.Header.Set("Authorization", "Basic YWxpY2U6c2VjcmV0")
		wantError(t, e.send(req), http.StatusUnauthorized, 110303)
	})
}

func TestProfile(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env, s *store.DB) {
		alice, bob := e.signIn("did:dev:alice", addr(1)), e.signIn("did:dev:bob", addr(2))

		t.Run("SetUsername", func(t *testing.T) {
			r := e.do("POST", "/api/v1/user/set-username", alice, map[string]any{"userName": "Alice_1"})
			wantOK(t, r)
			var u struct{ UserName string }
			r.into(t, &u)
			if u.UserName != "Alice_1" {
				t.Fatalf("userName = %q", u.UserName)
			}
			wantError(t, e.do("POST", "/api/v1/user/set-username", bob, map[string]any{"userName": "alice_1"}), http.StatusConflict, 110105)
			wantOK(t, e.do("POST", "/api/v1/user/set-username", alice, map[string]any{"userName": "alice_1"})) // own name, other case
		})
		t.Run("ErrUsername", func(t *testing.T) {
			for name, body := range map[string]any{
				"Missing":   map[string]any{},
				"TooShort":  map[string]any{"userName": "ab"},
				"TooLong":   map[string]any{"userName": strings.Repeat("a", 25)},
				"Charset":   map[string]any{"userName": "al ice"},
				"StartDot":  map[string]any{"userName": ".alice"},
				"WrongType": map[string]any{"userName": true},
			} {
				t.Run(name, func(t *testing.T) {
					wantError(t, e.do("POST", "/api/v1/user/set-username", alice, body), http.StatusBadRequest, 110101)
				})
			}
		})
		t.Run("SetAvatar", func(t *testing.T) {
			wantOK(t, e.do("POST", "/api/v1/user/set-avatar", alice, map[string]any{"avatarUrl": "https://example.com/a.png"}))
			var u struct{ AvatarURL string }
			e.do("GET", "/api/v1/user/get-user-info", alice, nil).into(t, &u)
			if u.AvatarURL != "https://example.com/a.png" {
				t.Fatalf("avatarUrl = %q", u.AvatarURL)
			}
			for name, v := range map[string]string{"Empty": "", "FTP": "ftp://example.com/a.png", "NoHost": "https:///a.png", "TooLong": "https://example.com/" + strings.Repeat("a", 600)} {
				t.Run("Err"+name, func(t *testing.T) {
					wantError(t, e.do("POST", "/api/v1/user/set-avatar", alice, map[string]any{"avatarUrl": v}), http.StatusBadRequest, 110101)
				})
			}
		})
		t.Run("ErrNotRegistered", func(t *testing.T) {
			wantError(t, e.do("POST", "/api/v1/user/set-username", e.token("did:dev:nobody"), map[string]any{"userName": "nobody"}), http.StatusForbidden, 110109)
		})
	})
}

func TestSetUserRole(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env, s *store.DB) {
		root := e.token(adminSubject)
		rootUID := e.login(adminSubject, addr(1))
		aliceUID := e.login("did:dev:alice", addr(2))
		alice := e.token("did:dev:alice")

		var info struct{ Roles []string }
		e.do("GET", "/api/v1/user/get-user-info", root, nil).into(t, &info)
		if len(info.Roles) != 1 || info.Roles[0] != "admin" {
			t.Fatalf("bootstrap admin roles = %v", info.Roles)
		}
		wantError(t, e.do("POST", "/api/v1/admin/set-user-role", alice, map[string]any{"uid": aliceUID, "role": "admin", "granted": true}), http.StatusForbidden, 110104)

		r := e.do("POST", "/api/v1/admin/set-user-role", root, map[string]any{"uid": aliceUID, "role": "resolver", "granted": true})
		wantOK(t, r)
		var changed struct{ User struct{ Roles []string } }
		r.into(t, &changed)
		info.Roles = changed.User.Roles
		if len(info.Roles) != 1 || info.Roles[0] != "resolver" {
			t.Fatalf("roles after grant = %v", info.Roles)
		}
		wantOK(t, e.do("POST", "/api/v1/admin/set-user-role", root, map[string]any{"uid": aliceUID, "role": "resolver", "granted": true}))
		wantOK(t, e.do("POST", "/api/v1/admin/set-user-role", root, map[string]any{"uid": aliceUID, "role": "resolver", "granted": false}))
		e.do("GET", "/api/v1/user/get-user-info", alice, nil).into(t, &info)
		if len(info.Roles) != 0 {
			t.Fatalf("roles after revoke = %v", info.Roles)
		}
		wantError(t, e.do("POST", "/api/v1/admin/set-user-role", root, map[string]any{"uid": rootUID, "role": "admin", "granted": false}), http.StatusConflict, 110105)
		wantError(t, e.do("POST", "/api/v1/admin/set-user-role", root, map[string]any{"uid": "nope", "role": "admin", "granted": true}), http.StatusNotFound, 110102)
		wantError(t, e.do("POST", "/api/v1/admin/set-user-role", root, map[string]any{"uid": aliceUID, "role": "king", "granted": true}), http.StatusBadRequest, 110101)
		wantError(t, e.do("POST", "/api/v1/admin/set-user-role", root, map[string]any{"uid": aliceUID, "role": "admin"}), http.StatusBadRequest, 110101)
	})
}
