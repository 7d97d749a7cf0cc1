package auth

import (
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/hmac"
	"crypto/rand"
	"crypto/rsa"
	"crypto/sha256"
	"crypto/x509"
	"encoding/base64"
	"encoding/json"
	"encoding/pem"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"

	"github.com/predict-dev/predict"
)

const (
	testIssuer   = "https://idp.example.test"
	testAudience = "app-123"
	testSubject  = "did:privy:cm0abc123"
)

// testClock is a settable clock shared by the verifier and the token minter.
type testClock struct {
	mu sync.Mutex
	t  time.Time
}

func newTestClock() *testClock {
	return &testClock{t: time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)}
}

func (c *testClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *testClock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

// jwksServer is an identity provider's JWKS endpoint whose document,
// status and latency the test controls, and which counts its hits.
type jwksServer struct {
	*httptest.Server
	hits atomic.Int64

	mu     sync.Mutex
	doc    []byte
	status int
	gate   chan struct{} // when set, requests wait until it is closed
}

func newJWKSServer(t *testing.T, doc []byte) *jwksServer {
	t.Helper()
	s := &jwksServer{doc: doc, status: http.StatusOK}
	s.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.hits.Add(1)
		s.mu.Lock()
		doc, status, gate := s.doc, s.status, s.gate
		s.mu.Unlock()
		if gate != nil {
			select {
			case <-gate:
			case <-r.Context().Done():
				return
			}
		}
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(status)
		_, _ = w.Write(doc)
	}))
	t.Cleanup(s.Close)
	return s
}

func (s *jwksServer) set(doc []byte, status int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.doc, s.status = doc, status
}

func (s *jwksServer) setGate(g chan struct{}) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.gate = g
}

func newP256(t testing.TB) *ecdsa.PrivateKey {
	t.Helper()
	k, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	return k
}

// jwkOf is the public JWK of key under kid.
func jwkOf(t testing.TB, key *ecdsa.PublicKey, kid string) map[string]any {
	t.Helper()
	x, y, err := coords(key)
	if err != nil {
		t.Fatal(err)
	}
	return map[string]any{"kty": "EC", "crv": "P-256", "kid": kid, "use": "sig", "alg": "ES256", "x": x, "y": y}
}

func jwksOf(t testing.TB, keys ...map[string]any) []byte {
	t.Helper()
	if keys == nil {
		keys = []map[string]any{}
	}
	b, err := json.Marshal(map[string]any{"keys": keys})
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func validClaims(now time.Time) jwt.MapClaims {
	return jwt.MapClaims{
		"iss": testIssuer,
		"aud": testAudience,
		"sub": testSubject,
		"iat": now.Unix(),
		"exp": now.Add(10 * time.Minute).Unix(),
	}
}

func sign(t testing.TB, method jwt.SigningMethod, key any, kid string, claims jwt.MapClaims) string {
	t.Helper()
	tok := jwt.NewWithClaims(method, claims)
	if kid != "" {
		tok.Header["kid"] = kid
	}
	s, err := tok.SignedString(key)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func b64(b []byte) string { return base64.RawURLEncoding.EncodeToString(b) }

// rawToken assembles a token from a header and claims without any library,
// for tokens a well-behaved library refuses to produce.
func rawToken(t testing.TB, header map[string]any, claims jwt.MapClaims, sig []byte) string {
	t.Helper()
	h, err := json.Marshal(header)
	if err != nil {
		t.Fatal(err)
	}
	c, err := json.Marshal(claims)
	if err != nil {
		t.Fatal(err)
	}
	return b64(h) + "." + b64(c) + "." + b64(sig)
}

// hs256 signs header.claims with HMAC-SHA256 under secret, the way an
// attacker who knows our public key would.
func hs256(t testing.TB, kid string, claims jwt.MapClaims, secret []byte) string {
	t.Helper()
	h, _ := json.Marshal(map[string]any{"alg": "HS256", "typ": "JWT", "kid": kid})
	c, _ := json.Marshal(claims)
	input := b64(h) + "." + b64(c)
	m := hmac.New(sha256.New, secret)
	m.Write([]byte(input))
	return input + "." + b64(m.Sum(nil))
}

func newTestVerifier(t testing.TB, cfg Config, clk *testClock) *Verifier {
	t.Helper()
	if cfg.Issuer == "" {
		cfg.Issuer = testIssuer
	}
	if cfg.Audience == "" {
		cfg.Audience = testAudience
	}
	if clk != nil {
		cfg.Now = clk.Now
	}
	v, err := NewVerifier(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// wantUnauthorized checks err is an EUNAUTHORIZED *predict.Error whose
// message contains want and does not leak the token.
func wantUnauthorized(t *testing.T, err error, want, token string) {
	t.Helper()
	if err == nil {
		t.Fatalf("got no error, want %q", want)
	}
	var pe *predict.Error
	if !errors.As(err, &pe) {
		t.Fatalf("error %v (%T) is not a *predict.Error", err, err)
	}
	if pe.Code != predict.EUNAUTHORIZED {
		t.Fatalf("code = %q, want %q (err %v)", pe.Code, predict.EUNAUTHORIZED, err)
	}
	if !strings.Contains(pe.Message, want) {
		t.Fatalf("message = %q, want it to contain %q", pe.Message, want)
	}
	for _, seg := range strings.Split(token, ".") {
		if len(seg) >= 8 && strings.Contains(err.Error(), seg) {
			t.Fatalf("error %q echoes the token", err)
		}
	}
}

func TestVerify(t *testing.T) {
	clk := newTestClock()
	now := clk.Now()
	key := newP256(t)
	const kid = "key-1"
	other := newP256(t)
	srv := newJWKSServer(t, jwksOf(t, jwkOf(t, &key.PublicKey, kid)))

	rsaKey, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		t.Fatal(err)
	}
	p384, err := ecdsa.GenerateKey(elliptic.P384(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}

	with := func(mut func(c jwt.MapClaims)) jwt.MapClaims {
		c := validClaims(now)
		mut(c)
		return c
	}
	es256 := func(c jwt.MapClaims) string { return sign(t, jwt.SigningMethodES256, key, kid, c) }

	pkix, err := x509.MarshalPKIXPublicKey(&key.PublicKey)
	if err != nil {
		t.Fatal(err)
	}
	point, err := key.PublicKey.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	jwkJSON, _ := json.Marshal(jwkOf(t, &key.PublicKey, kid))
	valid := es256(validClaims(now))
	parts := strings.Split(valid, ".")

	tests := []struct {
		name  string
		token string
		want  string // "" means the token must verify
		// noFetch says the token must be rejected before any key lookup.
		noFetch bool
	}{
		{name: "valid", token: valid},
		{name: "valid, aud list", token: es256(with(func(c jwt.MapClaims) { c["aud"] = []string{"other", testAudience} }))},
		{name: "valid, exp within leeway", token: es256(with(func(c jwt.MapClaims) { c["exp"] = now.Add(-20 * time.Second).Unix() }))},
		{name: "valid, iat slightly ahead", token: es256(with(func(c jwt.MapClaims) { c["iat"] = now.Add(20 * time.Second).Unix() }))},
		{name: "valid, no iat", token: es256(with(func(c jwt.MapClaims) { delete(c, "iat") }))},
		{name: "valid, nbf passed", token: es256(with(func(c jwt.MapClaims) { c["nbf"] = now.Add(-time.Minute).Unix() }))},
		{name: "valid, percent-encoded sub", token: es256(with(func(c jwt.MapClaims) { c["sub"] = "did:web:example.com%3A8443:u:1" }))},

		{name: "expired", token: es256(with(func(c jwt.MapClaims) { c["exp"] = now.Add(-time.Minute).Unix() })), want: "token expired"},
		{name: "no exp", token: es256(with(func(c jwt.MapClaims) { delete(c, "exp") })), want: "no exp claim"},
		{name: "not yet valid", token: es256(with(func(c jwt.MapClaims) { c["nbf"] = now.Add(time.Minute).Unix() })), want: "not valid yet"},
		{name: "iat in the future", token: es256(with(func(c jwt.MapClaims) { c["iat"] = now.Add(time.Minute).Unix() })), want: "issued in the future"},
		{name: "wrong issuer", token: es256(with(func(c jwt.MapClaims) { c["iss"] = "https://evil.example" })), want: "wrong token issuer"},
		{name: "no issuer", token: es256(with(func(c jwt.MapClaims) { delete(c, "iss") })), want: "no iss claim"},
		{name: "wrong audience", token: es256(with(func(c jwt.MapClaims) { c["aud"] = "other-app" })), want: "wrong token audience"},
		{name: "no audience", token: es256(with(func(c jwt.MapClaims) { delete(c, "aud") })), want: "no aud claim"},
		{name: "missing sub", token: es256(with(func(c jwt.MapClaims) { delete(c, "sub") })), want: "no sub claim"},
		{name: "sub not a DID", token: es256(with(func(c jwt.MapClaims) { c["sub"] = "alice" })), want: "not of the form"},
		{name: "sub without id", token: es256(with(func(c jwt.MapClaims) { c["sub"] = "did:privy:" })), want: "not of the form"},
		{name: "sub uppercase method", token: es256(with(func(c jwt.MapClaims) { c["sub"] = "did:Privy:x" })), want: "not of the form"},
		{name: "sub with space", token: es256(with(func(c jwt.MapClaims) { c["sub"] = "did:privy:a b" })), want: "not of the form"},
		{name: "sub too long", token: es256(with(func(c jwt.MapClaims) { c["sub"] = "did:privy:" + strings.Repeat("a", 300) })), want: "not of the form"},
		{name: "exp as string", token: es256(with(func(c jwt.MapClaims) { c["exp"] = "tomorrow" })), want: "exp claim must be a JSON number"},
		{name: "exp as numeric string", token: es256(with(func(c jwt.MapClaims) { c["exp"] = fmt.Sprint(now.Add(time.Hour).Unix()) })), want: "exp claim must be a JSON number"},
		{name: "nbf as numeric string", token: es256(with(func(c jwt.MapClaims) { c["nbf"] = fmt.Sprint(now.Add(-time.Hour).Unix()) })), want: "nbf claim must be a JSON number"},
		{name: "iat as numeric string", token: es256(with(func(c jwt.MapClaims) { c["iat"] = fmt.Sprint(now.Unix()) })), want: "iat claim must be a JSON number"},
		{name: "exp as object", token: es256(with(func(c jwt.MapClaims) { c["exp"] = map[string]any{"v": 1} })), want: "exp claim must be a JSON number"},
		{name: "valid, fractional exp", token: es256(with(func(c jwt.MapClaims) { c["exp"] = float64(now.Add(time.Hour).Unix()) + 0.5 }))},
		{name: "valid, null nbf", token: es256(with(func(c jwt.MapClaims) { c["nbf"] = nil }))},

		{name: "alg none", noFetch: true, want: "unsupported token algorithm",
			token: rawToken(t, map[string]any{"alg": "none", "kid": kid}, validClaims(now), nil)},
		{name: "alg None", noFetch: true, want: "unsupported token algorithm",
			token: rawToken(t, map[string]any{"alg": "None", "kid": kid}, validClaims(now), nil)},
		{name: "alg missing", noFetch: true, want: "unsupported token algorithm",
			token: rawToken(t, map[string]any{"kid": kid}, validClaims(now), []byte("x"))},
		{name: "HS256 keyed with JWKS document", noFetch: true, want: "unsupported token algorithm",
			token: hs256(t, kid, validClaims(now), jwksOf(t, jwkOf(t, &key.PublicKey, kid)))},
		{name: "HS256 keyed with JWK", noFetch: true, want: "unsupported token algorithm",
			token: hs256(t, kid, validClaims(now), jwkJSON)},
		{name: "HS256 keyed with PEM public key", noFetch: true, want: "unsupported token algorithm",
			token: hs256(t, kid, validClaims(now), pem.EncodeToMemory(&pem.Block{Type: "PUBLIC KEY", Bytes: pkix}))},
		{name: "HS256 keyed with DER public key", noFetch: true, want: "unsupported token algorithm",
			token: hs256(t, kid, validClaims(now), pkix)},
		{name: "HS256 keyed with EC point", noFetch: true, want: "unsupported token algorithm",
			token: hs256(t, kid, validClaims(now), point)},
		{name: "RS256", noFetch: true, want: "unsupported token algorithm",
			token: sign(t, jwt.SigningMethodRS256, rsaKey, kid, validClaims(now))},
		{name: "ES384", noFetch: true, want: "unsupported token algorithm",
			token: sign(t, jwt.SigningMethodES384, p384, kid, validClaims(now))},
		{name: "crit header", noFetch: true, want: "critical",
			token: rawToken(t, map[string]any{"alg": "ES256", "kid": kid, "crit": []string{"exp"}}, validClaims(now), make([]byte, 64))},
		{name: "no kid", noFetch: true, want: "no kid",
			token: sign(t, jwt.SigningMethodES256, key, "", validClaims(now))},

		{name: "other key, same kid", token: sign(t, jwt.SigningMethodES256, other, kid, validClaims(now)), want: "bad token signature"},
		{name: "embedded jwk header ignored", want: "unknown token signing key", token: func() string {
			tok := jwt.NewWithClaims(jwt.SigningMethodES256, validClaims(now))
			tok.Header["kid"] = "attacker"
			tok.Header["jwk"] = jwkOf(t, &other.PublicKey, "attacker")
			s, err := tok.SignedString(other)
			if err != nil {
				t.Fatal(err)
			}
			return s
		}()},
		{name: "tampered claims", want: "bad token signature", token: func() string {
			c, _ := json.Marshal(with(func(c jwt.MapClaims) { c["sub"] = "did:privy:mallory" }))
			return parts[0] + "." + b64(c) + "." + parts[2]
		}()},
		{name: "signature truncated", want: "bad token signature", token: parts[0] + "." + parts[1] + "." + parts[2][:40]},
		{name: "signature empty", want: "bad token signature", token: parts[0] + "." + parts[1] + "."},

		{name: "empty", noFetch: true, want: "missing bearer token", token: ""},
		{name: "garbage", noFetch: true, want: "malformed", token: "not-a-token"},
		{name: "two segments", noFetch: true, want: "malformed", token: parts[0] + "." + parts[1]},
		{name: "four segments", noFetch: true, want: "malformed", token: valid + ".x"},
		{name: "bad base64 header", noFetch: true, want: "malformed", token: "e!!." + parts[1] + "." + parts[2]},
		{name: "padded base64 header", noFetch: true, want: "malformed", token: parts[0] + "==." + parts[1] + "." + parts[2]},
		{name: "header not JSON", noFetch: true, want: "malformed", token: b64([]byte("hello")) + "." + parts[1] + "." + parts[2]},
		{name: "bad base64 claims", noFetch: true, want: "malformed", token: parts[0] + ".e!!." + parts[2]},
		{name: "claims not JSON", noFetch: true, want: "malformed", token: parts[0] + "." + b64([]byte("[1,2")) + "." + parts[2]},
		{name: "bad base64 signature", want: "malformed", token: parts[0] + "." + parts[1] + ".e!!"},
		{name: "too large", noFetch: true, want: "too large", token: parts[0] + "." + strings.Repeat("A", maxTokenBytes) + "." + parts[2]},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			v := newTestVerifier(t, Config{JWKSURL: srv.URL}, clk)
			before := srv.hits.Load()
			claims, err := v.Verify(context.Background(), tc.token)
			if tc.noFetch {
				if n := srv.hits.Load() - before; n != 0 {
					t.Errorf("rejected token caused %d JWKS fetches", n)
				}
			}
			if tc.want != "" {
				wantUnauthorized(t, err, tc.want, tc.token)
				if claims != nil {
					t.Errorf("claims = %+v on error", claims)
				}
				return
			}
			if err != nil {
				t.Fatalf("Verify: %v", err)
			}
			if claims.Issuer != testIssuer || claims.ExpiresAt.IsZero() {
				t.Errorf("claims = %+v", claims)
			}
		})
	}
}

func TestVerifyClaims(t *testing.T) {
	clk := newTestClock()
	now := clk.Now()
	key := newP256(t)
	srv := newJWKSServer(t, jwksOf(t, jwkOf(t, &key.PublicKey, "k")))
	v := newTestVerifier(t, Config{JWKSURL: srv.URL}, clk)

	c := validClaims(now)
	c["nbf"] = now.Add(-time.Second).Unix()
	got, err := v.Verify(context.Background(), sign(t, jwt.SigningMethodES256, key, "k", c))
	if err != nil {
		t.Fatal(err)
	}
	want := Claims{
		Subject:   testSubject,
		Issuer:    testIssuer,
		Audience:  []string{testAudience},
		ExpiresAt: now.Add(10 * time.Minute),
		IssuedAt:  now,
		NotBefore: now.Add(-time.Second),
	}
	if got.Subject != want.Subject || got.Issuer != want.Issuer ||
		len(got.Audience) != 1 || got.Audience[0] != testAudience ||
		!got.ExpiresAt.Equal(want.ExpiresAt) || !got.IssuedAt.Equal(want.IssuedAt) ||
		!got.NotBefore.Equal(want.NotBefore) {
		t.Errorf("claims = %+v, want %+v", got, want)
	}
}

func TestKeyRotation(t *testing.T) {
	clk := newTestClock()
	k1, k2 := newP256(t), newP256(t)
	srv := newJWKSServer(t, jwksOf(t, jwkOf(t, &k1.PublicKey, "k1")))
	v := newTestVerifier(t, Config{JWKSURL: srv.URL}, clk)
	ctx := context.Background()

	if _, err := v.Verify(ctx, sign(t, jwt.SigningMethodES256, k1, "k1", validClaims(clk.Now()))); err != nil {
		t.Fatal(err)
	}
	if n := srv.hits.Load(); n != 1 {
		t.Fatalf("hits after first verify = %d, want 1", n)
	}

	// The provider rotates: k2 is added, k1 withdrawn.
	srv.set(jwksOf(t, jwkOf(t, &k2.PublicKey, "k2")), http.StatusOK)
	clk.Advance(DefaultRefreshInterval)

	if _, err := v.Verify(ctx, sign(t, jwt.SigningMethodES256, k2, "k2", validClaims(clk.Now()))); err != nil {
		t.Fatalf("token under the new key: %v", err)
	}
	if n := srv.hits.Load(); n != 2 {
		t.Fatalf("hits after rotation = %d, want 2", n)
	}
	// The refresh replaced the set: the withdrawn key no longer verifies.
	tok := sign(t, jwt.SigningMethodES256, k1, "k1", validClaims(clk.Now()))
	_, err := v.Verify(ctx, tok)
	wantUnauthorized(t, err, "unknown token signing key", tok)
}

func TestRefreshRateLimit(t *testing.T) {
	clk := newTestClock()
	key := newP256(t)
	srv := newJWKSServer(t, jwksOf(t, jwkOf(t, &key.PublicKey, "k")))
	v := newTestVerifier(t, Config{JWKSURL: srv.URL, RefreshInterval: time.Minute}, clk)
	ctx := context.Background()

	if _, err := v.Verify(ctx, sign(t, jwt.SigningMethodES256, key, "k", validClaims(clk.Now()))); err != nil {
		t.Fatal(err)
	}
	// A flood of garbage kids inside the interval must not reach the
	// provider, sequentially or concurrently.
	toks := make([]string, 50)
	for i := range toks {
		toks[i] = sign(t, jwt.SigningMethodES256, key, fmt.Sprintf("garbage-%d", i), validClaims(clk.Now()))
	}
	var wg sync.WaitGroup
	for _, tok := range toks {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, err := v.Verify(ctx, tok)
			if predict.ErrorCode(err) != predict.EUNAUTHORIZED || !strings.Contains(predict.ErrorMessage(err), "unknown token signing key") {
				t.Errorf("garbage kid: %v", err)
			}
		}()
	}
	wg.Wait()
	if n := srv.hits.Load(); n != 1 {
		t.Fatalf("hits within interval = %d, want 1", n)
	}

	// After the interval one unknown kid may refresh, once.
	clk.Advance(time.Minute)
	for range 10 {
		_, _ = v.Verify(ctx, sign(t, jwt.SigningMethodES256, key, "garbage", validClaims(clk.Now())))
	}
	if n := srv.hits.Load(); n != 2 {
		t.Fatalf("hits after interval = %d, want 2", n)
	}
	// Known keys keep verifying without fetches.
	if _, err := v.Verify(ctx, sign(t, jwt.SigningMethodES256, key, "k", validClaims(clk.Now()))); err != nil {
		t.Fatal(err)
	}
	if n := srv.hits.Load(); n != 2 {
		t.Fatalf("hits after known kid = %d, want 2", n)
	}
}

// newGatedVerifier is a verifier whose identity provider holds its key
// set back until gate is closed, and a valid token signed with that key.
func newGatedVerifier(t *testing.T) (v *Verifier, srv *jwksServer, gate chan struct{}, tok string) {
	t.Helper()
	clk := newTestClock()
	key := newP256(t)
	srv = newJWKSServer(t, jwksOf(t, jwkOf(t, &key.PublicKey, "k")))
	gate = make(chan struct{})
	srv.setGate(gate)
	v = newTestVerifier(t, Config{JWKSURL: srv.URL}, clk)
	return v, srv, gate, sign(t, jwt.SigningMethodES256, key, "k", validClaims(clk.Now()))
}

func TestConcurrentFirstLoadSharesOneFetch(t *testing.T) {
	v, srv, gate, tok := newGatedVerifier(t)

	const n = 20
	errs := make(chan error, n)
	for range n {
		go func() {
			_, err := v.Verify(context.Background(), tok)
			errs <- err
		}()
	}
	time.Sleep(50 * time.Millisecond) // let the requests pile up on the fetch
	close(gate)
	for range n {
		if err := <-errs; err != nil {
			t.Errorf("Verify: %v", err)
		}
	}
	if h := srv.hits.Load(); h != 1 {
		t.Fatalf("hits = %d, want 1", h)
	}
}

func TestWaiterContextCancelDoesNotAbortFetch(t *testing.T) {
	v, srv, gate, tok := newGatedVerifier(t)

	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Millisecond)
	defer cancel()
	_, err := v.Verify(ctx, tok)
	wantUnauthorized(t, err, "identity provider keys unavailable", tok)
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("cause not kept: %v", err)
	}

	// The fetch carries on for the others; once it lands the key is there
	// without a second fetch.
	close(gate)
	deadline := time.Now().Add(5 * time.Second)
	for {
		_, err = v.Verify(context.Background(), tok)
		if err == nil || time.Now().After(deadline) {
			break
		}
		time.Sleep(5 * time.Millisecond)
	}
	if err != nil {
		t.Fatalf("Verify after fetch: %v", err)
	}
	if h := srv.hits.Load(); h != 1 {
		t.Fatalf("hits = %d, want 1", h)
	}
}

func TestKeysUnavailable(t *testing.T) {
	key := newP256(t)
	good := jwksOf(t, jwkOf(t, &key.PublicKey, "k"))
	x, y, _ := coords(&key.PublicKey)
	yb, _ := base64.RawURLEncoding.DecodeString(y)
	yb[31] ^= 1
	offCurve := jwksOf(t, map[string]any{"kty": "EC", "crv": "P-256", "kid": "k", "x": x, "y": b64(yb)})

	tests := []struct {
		name   string
		doc    []byte
		status int
		down   bool
		cause  string
	}{
		{name: "server down", down: true, cause: "jwks"},
		{name: "HTTP 500", doc: good, status: http.StatusInternalServerError, cause: "status 500"},
		{name: "HTTP 404", doc: good, status: http.StatusNotFound, cause: "status 404"},
		{name: "not JSON", doc: []byte("<html>"), status: http.StatusOK, cause: "not a JSON key set"},
		{name: "no keys", doc: jwksOf(t), status: http.StatusOK, cause: "no usable"},
		{name: "only off-curve key", doc: offCurve, status: http.StatusOK, cause: "no usable"},
		{name: "too large", doc: []byte(`{"keys":[],"pad":"` + strings.Repeat("a", maxJWKSBytes) + `"}`), status: http.StatusOK, cause: "larger than"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			clk := newTestClock()
			srv := newJWKSServer(t, tc.doc)
			srv.set(tc.doc, tc.status)
			if tc.down {
				srv.Close()
			}
			v := newTestVerifier(t, Config{JWKSURL: srv.URL}, clk)
			tok := sign(t, jwt.SigningMethodES256, key, "k", validClaims(clk.Now()))
			_, err := v.Verify(context.Background(), tok)
			wantUnauthorized(t, err, "identity provider keys unavailable", tok)
			if predict.ErrorMessage(err) != "identity provider keys unavailable" {
				t.Errorf("client message = %q", predict.ErrorMessage(err))
			}
			if !strings.Contains(err.Error(), tc.cause) {
				t.Errorf("error %q does not carry the cause %q", err, tc.cause)
			}
			// Within the interval the failure is remembered, not retried.
			hits := srv.hits.Load()
			_, err = v.Verify(context.Background(), tok)
			wantUnauthorized(t, err, "identity provider keys unavailable", tok)
			if srv.hits.Load() != hits {
				t.Errorf("failed fetch retried within the interval")
			}
			if tc.down {
				return
			}
			// The provider recovers: after the interval, keys load.
			srv.set(good, http.StatusOK)
			clk.Advance(DefaultRefreshInterval)
			if _, err := v.Verify(context.Background(), sign(t, jwt.SigningMethodES256, key, "k", validClaims(clk.Now()))); err != nil {
				t.Fatalf("after recovery: %v", err)
			}
		})
	}
}

func TestFailedRefreshKeepsKeys(t *testing.T) {
	clk := newTestClock()
	key := newP256(t)
	srv := newJWKSServer(t, jwksOf(t, jwkOf(t, &key.PublicKey, "k")))
	v := newTestVerifier(t, Config{JWKSURL: srv.URL}, clk)
	ctx := context.Background()
	if _, err := v.Verify(ctx, sign(t, jwt.SigningMethodES256, key, "k", validClaims(clk.Now()))); err != nil {
		t.Fatal(err)
	}
	srv.set([]byte("oops"), http.StatusBadGateway)
	clk.Advance(DefaultRefreshInterval)
	tok := sign(t, jwt.SigningMethodES256, key, "new", validClaims(clk.Now()))
	_, err := v.Verify(ctx, tok)
	wantUnauthorized(t, err, "identity provider keys unavailable", tok)
	if _, err := v.Verify(ctx, sign(t, jwt.SigningMethodES256, key, "k", validClaims(clk.Now()))); err != nil {
		t.Fatalf("known key after failed refresh: %v", err)
	}
}

func TestStaleKeysRefreshedInBackground(t *testing.T) {
	clk := newTestClock()
	k1, k2 := newP256(t), newP256(t)
	srv := newJWKSServer(t, jwksOf(t, jwkOf(t, &k1.PublicKey, "k1")))
	v := newTestVerifier(t, Config{JWKSURL: srv.URL, MaxKeyAge: time.Hour}, clk)
	ctx := context.Background()
	if _, err := v.Verify(ctx, sign(t, jwt.SigningMethodES256, k1, "k1", validClaims(clk.Now()))); err != nil {
		t.Fatal(err)
	}
	// k1 is withdrawn; nothing forces a refresh until the keys are old.
	srv.set(jwksOf(t, jwkOf(t, &k2.PublicKey, "k2")), http.StatusOK)
	clk.Advance(time.Hour)
	if _, err := v.Verify(ctx, sign(t, jwt.SigningMethodES256, k1, "k1", validClaims(clk.Now()))); err != nil {
		t.Fatalf("stale key must still serve while refreshing: %v", err)
	}
	waitIdle(t, v)
	if h := srv.hits.Load(); h != 2 {
		t.Fatalf("hits = %d, want 2", h)
	}
	tok := sign(t, jwt.SigningMethodES256, k1, "k1", validClaims(clk.Now()))
	_, err := v.Verify(ctx, tok)
	wantUnauthorized(t, err, "unknown token signing key", tok)
}

// waitIdle waits for the verifier's background fetch to finish.
func waitIdle(t *testing.T, v *Verifier) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for {
		v.keys.mu.Lock()
		busy := v.keys.inflight != nil
		v.keys.mu.Unlock()
		if !busy {
			return
		}
		if time.Now().After(deadline) {
			t.Fatal("background fetch did not finish")
		}
		time.Sleep(2 * time.Millisecond)
	}
}

func TestParseJWKS(t *testing.T) {
	key := newP256(t)
	good := jwkOf(t, &key.PublicKey, "good")
	x, y, _ := coords(&key.PublicKey)
	yb, _ := base64.RawURLEncoding.DecodeString(y)
	yb[31] ^= 1
	p384, _ := ecdsa.GenerateKey(elliptic.P384(), rand.Reader)
	b384, _ := p384.PublicKey.Bytes()
	modulus := make([]byte, 256)
	_, _ = rand.Read(modulus)

	variant := func(kid string, mut func(m map[string]any)) map[string]any {
		m := jwkOf(t, &key.PublicKey, kid)
		mut(m)
		return m
	}
	other := newP256(t)

	doc := jwksOf(t,
		good,
		variant("no-use-no-alg", func(m map[string]any) { delete(m, "use"); delete(m, "alg") }),
		variant("verify-op", func(m map[string]any) { m["key_ops"] = []string{"verify"} }),
		map[string]any{"kty": "EC", "crv": "P-256", "kid": "off-curve", "x": x, "y": b64(yb)},
		map[string]any{"kty": "EC", "crv": "P-256", "kid": "zero", "x": b64(make([]byte, 32)), "y": b64(make([]byte, 32))},
		variant("short-x", func(m map[string]any) { m["x"] = x[:40] }),
		variant("bad-b64", func(m map[string]any) { m["x"] = "!!" + x[2:] }),
		variant("enc", func(m map[string]any) { m["use"] = "enc" }),
		variant("es384-alg", func(m map[string]any) { m["alg"] = "ES384" }),
		variant("sign-op", func(m map[string]any) { m["key_ops"] = []string{"sign"} }),
		variant("", func(m map[string]any) {}),
		variant("x-number", func(m map[string]any) { m["x"] = 5 }),
		map[string]any{"kty": "EC", "crv": "P-384", "kid": "p384", "x": b64(b384[1:49]), "y": b64(b384[49:])},
		map[string]any{"kty": "RSA", "kid": "rsa", "n": b64(modulus), "e": "AQAB"},
		map[string]any{"kty": "oct", "kid": "hmac", "k": b64([]byte("secret"))},
		jwkOf(t, &key.PublicKey, "dup-same"),
		jwkOf(t, &key.PublicKey, "dup-same"),
		jwkOf(t, &key.PublicKey, "dup-diff"),
		jwkOf(t, &other.PublicKey, "dup-diff"),
	)
	keys, err := parseJWKS(doc)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"good", "no-use-no-alg", "verify-op", "dup-same"}
	if len(keys) != len(want) {
		got := []string{}
		for k := range keys {
			got = append(got, k)
		}
		t.Fatalf("kids = %v, want %v", got, want)
	}
	for _, kid := range want {
		if k, ok := keys[kid]; !ok || !k.Equal(&key.PublicKey) {
			t.Errorf("kid %q missing or wrong", kid)
		}
	}
}

func TestNewVerifierConfig(t *testing.T) {
	tests := []struct {
		name string
		cfg  Config
		ok   bool
	}{
		{name: "url", cfg: Config{JWKSURL: "https://idp.example/jwks.json", Issuer: "i", Audience: "a"}, ok: true},
		{name: "source", cfg: Config{KeySource: staticSource(nil), Issuer: "i", Audience: "a"}, ok: true},
		{name: "no issuer", cfg: Config{JWKSURL: "https://idp.example/jwks.json", Audience: "a"}},
		{name: "no audience", cfg: Config{JWKSURL: "https://idp.example/jwks.json", Issuer: "i"}},
		{name: "no keys", cfg: Config{Issuer: "i", Audience: "a"}},
		{name: "relative url", cfg: Config{JWKSURL: "/jwks.json", Issuer: "i", Audience: "a"}},
		{name: "file url", cfg: Config{JWKSURL: "file:///etc/jwks.json", Issuer: "i", Audience: "a"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := NewVerifier(tc.cfg)
			if (err == nil) != tc.ok {
				t.Fatalf("err = %v, want ok=%v", err, tc.ok)
			}
		})
	}
}

// staticSource is a KeySource serving a fixed document.
type staticSource []byte

func (s staticSource) Fetch(ctx context.Context) ([]byte, error) { return s, ctx.Err() }

func TestValidSubject(t *testing.T) {
	tests := []struct {
		sub string
		ok  bool
	}{
		{"did:privy:cm0abc123", true},
		{"did:dev:alice", true},
		{"did:pkh:eip155:1:0xab16a96d359ec26a11e2c2b3d8f8b8942d5bfcdb", true},
		{"did:web:example.com%3A8443", true},
		{"did:key:z6Mk_-.x", true},
		{"did:privy:", false},
		{"did::x", false},
		{"did:privy", false},
		{"DID:privy:x", false},
		{"did:Privy:x", false},
		{"did:pri-vy:x", false},
		{"did:privy:x:", false},
		{"did:privy:a%4", false},
		{"did:privy:a%zz", false},
		{"did:privy:a/b", false},
		{"did:privy:a\x00", false},
		{"did:privy:é", false},
		{"alice", false},
		{"", false},
		{"did:privy:" + strings.Repeat("a", maxSubjectBytes), false},
	}
	for _, tc := range tests {
		t.Run(tc.sub, func(t *testing.T) {
			if got := validSubject(tc.sub); got != tc.ok {
				t.Fatalf("validSubject(%q) = %v, want %v", tc.sub, got, tc.ok)
			}
		})
	}
}

func TestBearerToken(t *testing.T) {
	tests := []struct {
		name    string
		headers []string
		want    string
		err     string
	}{
		{name: "bearer", headers: []string{"Bearer abc.def.ghi"}, want: "abc.def.ghi"},
		{name: "lowercase scheme", headers: []string{"bearer abc.def.ghi"}, want: "abc.def.ghi"},
		{name: "uppercase scheme", headers: []string{"BEARER abc.def.ghi"}, want: "abc.def.ghi"},
		{name: "extra spaces", headers: []string{"  Bearer   abc.def.ghi  "}, want: "abc.def.ghi"},
		{name: "missing", err: "missing bearer token"},
		{name: "empty", headers: []string{""}, err: "missing bearer token"},
		{name: "scheme only", headers: []string{"Bearer"}, err: "missing bearer token"},
		{name: "scheme and space", headers: []string{"Bearer "}, err: "missing bearer token"},
		{name: "basic", headers: []string{"Basic dXNlcjpwYXNz"}, err: "not Bearer"},
		{name: "no scheme", headers: []string{"abc.def.ghi"}, err: "not Bearer"},
		{name: "two tokens", headers: []string{"Bearer abc def"}, err: "malformed bearer token"},
		{name: "two headers", headers: []string{"Bearer a.b.c", "Bearer d.e.f"}, err: "more than one"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := httptest.NewRequest(http.MethodGet, "/", nil)
			for _, h := range tc.headers {
				r.Header.Add("Authorization", h)
			}
			got, err := BearerToken(r)
			if tc.err != "" {
				wantUnauthorized(t, err, tc.err, "")
				return
			}
			if err != nil || got != tc.want {
				t.Fatalf("BearerToken = %q, %v; want %q", got, err, tc.want)
			}
		})
	}
}
