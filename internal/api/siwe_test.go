package api_test

import (
	"context"
	"crypto/ecdsa"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/accounts"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/crypto"

	"github.com/predict-dev/predict/internal/api"
	"github.com/predict-dev/predict/internal/auth"
	"github.com/predict-dev/predict/internal/store"
	"github.com/predict-dev/predict/internal/store/storetest"
	"github.com/predict-dev/predict/wire"
)

// siweEnv is an env offering Sign-In with Ethereum for predict.example on
// chain 1337, with the product's rate limits.
func siweEnv(t *testing.T, s *store.DB) *env {
	var e *env
	e = newEnv(t, s, func(c *api.Config) {
		c.SIWE = &api.SIWE{Domain: "predict.example", ChainID: 1337, Issuer: lateMinter{&e}, TokenTTL: time.Hour, RefreshTTL: time.Hour}
		c.RateLimits = api.DefaultRateLimits
	})
	return e
}

// siweCall sends a signed-out request after moving the clock on by one
// token of the public rate limit, so that many requests pass the limit
// without turning it off.
func (e *env) siweCall(method, path string, body any) *response {
	e.t.Helper()
	e.now = e.now.Add(time.Duration(float64(time.Second)/api.DefaultRateLimits.PublicPerIP) + time.Millisecond)
	return e.do(method, path, "", body)
}

// siweNonce asks for a nonce.
func (e *env) siweNonce() wire.SIWENonce {
	e.t.Helper()
	r := e.siweCall("GET", "/api/v1/auth/siwe-nonce", nil)
	wantOK(e.t, r)
	var n wire.SIWENonce
	r.into(e.t, &n)
	return n
}

// siweLogin signs, with key, a message without a statement (as viem
// writes one) for nonce, and sends it.
func (e *env) siweLogin(key *ecdsa.PrivateKey, nonce string) *response {
	e.t.Helper()
	msg := strings.Join([]string{
		"predict.example wants you to sign in with your Ethereum account:",
		crypto.PubkeyToAddress(key.PublicKey).Hex(), "", "",
		"URI: https://predict.example/", "Version: 1", "Chain ID: " + strconv.Itoa(1337), "Nonce: " + nonce,
		"Issued At: " + e.now.UTC().Format(time.RFC3339),
	}, "\n")
	sig, err := crypto.Sign(accounts.TextHash([]byte(msg)), key)
	if err != nil {
		e.t.Fatal(err)
	}
	sig[64] += 27
	return e.siweCall("POST", "/api/v1/auth/siwe-login", wire.SIWELoginRequest{Message: msg, Signature: hexutil.Encode(sig)})
}

// siweNonceRows is the size of the nonce table.
func siweNonceRows(t *testing.T, s *store.DB) int {
	t.Helper()
	n, err := s.SIWENonceCount(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// TestSIWENonceFlood: handing out a nonce stores nothing, so a flood of
// siwe-nonce (5,000 here, at the product's rate limit) leaves the nonce
// table empty, where it used to keep a row for each (issue 36: 14,849 rows
// after 30 s); the nonces handed out still sign in, each once, and only a
// used nonce takes a row.
func TestSIWENonceFlood(t *testing.T) {
	const flood = 5000
	storetest.Each(t, func(t *testing.T, s *store.DB) {
		e := siweEnv(t, s)
		nonces := make([]string, 0, flood)
		for range flood {
			nonces = append(nonces, e.siweNonce().Nonce)
		}
		if n := siweNonceRows(t, s); n != 0 {
			t.Fatalf("%d nonces handed out left %d rows in the nonce table, want 0", flood, n)
		}
		key, _ := crypto.GenerateKey()
		for _, nonce := range []string{nonces[flood-1], nonces[flood/2]} {
			wantOK(t, e.siweLogin(key, nonce))
			wantError(t, e.siweLogin(key, nonce), 401, 110303)
		}
		if n := siweNonceRows(t, s); n != 2 {
			t.Fatalf("two nonces used: %d rows, want 2", n)
		}
	})
}

// TestSIWENonceUse: a nonce signs in once and only once, on any replica
// of the database (two servers over one store: the key that signs the
// nonces is the store's); a nonce expired, or not made by the service,
// is refused without taking a row; a used nonce's row goes once it has
// expired.
func TestSIWENonceUse(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.DB) {
		a, b := siweEnv(t, s), siweEnv(t, s)
		key, _ := crypto.GenerateKey()

		n := a.siweNonce()
		b.now = a.now
		wantOK(t, b.siweLogin(key, n.Nonce)) // handed out by a, used on b
		wantError(t, b.siweLogin(key, n.Nonce), 401, 110303)
		wantError(t, a.siweLogin(key, n.Nonce), 401, 110303)

		other := siweEnv(t, storetest.OpenSQLite(t)) // another deployment, another key
		foreign := other.siweNonce().Nonce
		good := a.siweNonce().Nonce
		flipped := []byte(good)
		if flipped[len(flipped)-1] = '0'; good[len(good)-1] == '0' {
			flipped[len(flipped)-1] = '1'
		}
		for _, tc := range []struct{ name, nonce, why string }{
			{"ErrOtherService", foreign, "not handed out"},
			{"ErrChanged", string(flipped), "not handed out"},
			{"ErrMadeUp", strings.Repeat("0", auth.SIWENonceLen), "not handed out"},
			{"ErrOldForm", "0123456789abcdef0123456789abcdef", "not handed out"},
		} {
			t.Run(tc.name, func(t *testing.T) {
				r := a.siweLogin(key, tc.nonce)
				wantError(t, r, 401, 110303)
				if !strings.Contains(r.Msg, tc.why) {
					t.Fatalf("refused with %q, want …%s…", r.Msg, tc.why)
				}
			})
		}
		wantOK(t, a.siweLogin(key, good)) // the original was left unused

		late := a.siweNonce().Nonce
		a.now = a.now.Add(11 * time.Minute) // past the nonce's 10 minutes
		if r := a.siweLogin(key, late); r.status != 401 || !strings.Contains(r.Msg, "expired") {
			t.Fatalf("an expired nonce: %d %s", r.status, r.Msg)
		}
		if n := siweNonceRows(t, s); n != 2 {
			t.Fatalf("two nonces used: %d rows, want 2", n)
		}
		// Once expired (and the grace for replicas' clocks), a used nonce's
		// row goes with the next sign-in.
		a.now = a.now.Add(20 * time.Minute)
		wantOK(t, a.siweLogin(key, a.siweNonce().Nonce))
		if n := siweNonceRows(t, s); n != 1 {
			t.Fatalf("after the used nonces expired: %d rows, want 1", n)
		}
	})
}
