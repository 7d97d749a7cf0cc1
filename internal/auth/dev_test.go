package auth

import (
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestDevProviderPersistsKey(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "data") // created by OpenDevProvider
	p1, err := OpenDevProvider(dir, "", "")
	if err != nil {
		t.Fatal(err)
	}
	if p1.Issuer() != DevIssuer || p1.Audience() != DevAudience {
		t.Errorf("defaults: iss %q aud %q", p1.Issuer(), p1.Audience())
	}
	path := filepath.Join(dir, DevKeyFile)
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if m := fi.Mode().Perm(); m != 0o600 {
		t.Errorf("key file mode = %o, want 600", m)
	}
	b, _ := os.ReadFile(path)
	if !strings.HasPrefix(string(b), "-----BEGIN PRIVATE KEY-----") {
		t.Errorf("key file is not PKCS#8 PEM: %.40q", b)
	}
	if tmp, _ := filepath.Glob(filepath.Join(dir, ".dev-idp-key-*")); len(tmp) != 0 {
		t.Errorf("temporary files left behind: %v", tmp)
	}

	tok, err := p1.Mint("did:dev:alice", time.Hour)
	if err != nil {
		t.Fatal(err)
	}

	// A restart: the same key comes back and old tokens still verify.
	p2, err := OpenDevProvider(dir, "", "")
	if err != nil {
		t.Fatal(err)
	}
	if p2.KeyID() != p1.KeyID() || string(p2.JWKS()) != string(p1.JWKS()) {
		t.Fatalf("key not reused: kid %q vs %q", p2.KeyID(), p1.KeyID())
	}
	v := newTestVerifier(t, Config{KeySource: p2, Issuer: p2.Issuer(), Audience: p2.Audience()}, nil)
	c, err := v.Verify(context.Background(), tok)
	if err != nil {
		t.Fatalf("token minted before restart: %v", err)
	}
	if c.Subject != "did:dev:alice" || c.Issuer != DevIssuer {
		t.Errorf("claims = %+v", c)
	}
}

func TestDevProviderRejectsBadKeyFile(t *testing.T) {
	tests := []struct {
		name string
		data string
	}{
		{name: "garbage", data: "not a key"},
		{name: "wrong PEM type", data: "-----BEGIN EC PRIVATE KEY-----\nAAAA\n-----END EC PRIVATE KEY-----\n"},
		{name: "bad DER", data: "-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, DevKeyFile)
			if err := os.WriteFile(path, []byte(tc.data), 0o600); err != nil {
				t.Fatal(err)
			}
			if _, err := OpenDevProvider(dir, "", ""); err == nil {
				t.Fatal("bad key file accepted")
			}
			// It must not have been replaced: that would invalidate every
			// outstanding token without anyone noticing.
			if b, _ := os.ReadFile(path); string(b) != tc.data {
				t.Fatal("bad key file was overwritten")
			}
		})
	}
}

func TestDevProviderMint(t *testing.T) {
	p, err := OpenDevProvider(t.TempDir(), "iss-x", "aud-y")
	if err != nil {
		t.Fatal(err)
	}
	v := newTestVerifier(t, Config{KeySource: p, Issuer: "iss-x", Audience: "aud-y"}, nil)
	ctx := context.Background()

	tests := []struct {
		name    string
		sub     string
		ttl     time.Duration
		mintErr bool
		want    string // "" means it must verify
	}{
		{name: "valid", sub: "did:dev:alice", ttl: 15 * time.Minute},
		{name: "expired", sub: "did:dev:alice", ttl: -time.Hour, want: "token expired"},
		{name: "expired beyond leeway", sub: "did:dev:bob", ttl: -DefaultLeeway - 2*time.Second, want: "token expired"},
		{name: "bad subject", sub: "alice", ttl: time.Minute, mintErr: true},
		{name: "empty subject", sub: "", ttl: time.Minute, mintErr: true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tok, err := p.Mint(tc.sub, tc.ttl)
			if tc.mintErr {
				if err == nil {
					t.Fatal("Mint accepted a bad subject")
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			c, err := v.Verify(ctx, tok)
			if tc.want != "" {
				wantUnauthorized(t, err, tc.want, tok)
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if c.Subject != tc.sub || c.ExpiresAt.Sub(c.IssuedAt) != tc.ttl.Truncate(time.Second) {
				t.Errorf("claims = %+v", c)
			}
		})
	}

	// A negative ttl still yields a coherent token: issued before expiry.
	tok, _ := p.Mint("did:dev:carol", -time.Hour)
	var tc tokenClaims
	if _, _, err := v.parser.ParseUnverified(tok, &tc); err != nil {
		t.Fatal(err)
	}
	if !tc.IssuedAt.Before(tc.ExpiresAt.Time) {
		t.Errorf("iat %v not before exp %v", tc.IssuedAt, tc.ExpiresAt)
	}
}

func TestDevProviderJWKS(t *testing.T) {
	p, err := OpenDevProvider(t.TempDir(), "", "")
	if err != nil {
		t.Fatal(err)
	}
	doc := p.JWKS()
	if strings.Contains(string(doc), `"d"`) {
		t.Fatalf("JWKS leaks the private key: %s", doc)
	}
	var set struct {
		Keys []map[string]string `json:"keys"`
	}
	if err := json.Unmarshal(doc, &set); err != nil || len(set.Keys) != 1 {
		t.Fatalf("JWKS = %s (%v)", doc, err)
	}
	k := set.Keys[0]
	if k["kty"] != "EC" || k["crv"] != "P-256" || k["alg"] != "ES256" || k["use"] != "sig" || k["kid"] != p.KeyID() {
		t.Errorf("JWK = %v", k)
	}

	// RFC 7638: the thumbprint is over the required members in
	// lexicographic order, which is what a struct in that order marshals to.
	canon, _ := json.Marshal(struct {
		Crv string `json:"crv"`
		Kty string `json:"kty"`
		X   string `json:"x"`
		Y   string `json:"y"`
	}{"P-256", "EC", k["x"], k["y"]})
	sum := sha256.Sum256(canon)
	if want := base64.RawURLEncoding.EncodeToString(sum[:]); p.KeyID() != want {
		t.Errorf("kid = %q, want thumbprint %q", p.KeyID(), want)
	}

	// JWKS hands out a copy.
	doc[0] = 'X'
	if p.JWKS()[0] == 'X' {
		t.Error("JWKS returns the provider's own buffer")
	}
}

func TestDevProviderOverHTTP(t *testing.T) {
	p, err := OpenDevProvider(t.TempDir(), "", "")
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(p)
	t.Cleanup(srv.Close)

	resp, err := http.Post(srv.URL, "text/plain", nil)
	if err != nil {
		t.Fatal(err)
	}
	_, _ = io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusMethodNotAllowed {
		t.Errorf("POST status = %d", resp.StatusCode)
	}

	v := newTestVerifier(t, Config{JWKSURL: srv.URL, Issuer: p.Issuer(), Audience: p.Audience()}, nil)
	tok, err := p.Mint("did:dev:alice", time.Minute)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := v.Verify(context.Background(), tok); err != nil {
		t.Fatalf("verify via served JWKS: %v", err)
	}
}
