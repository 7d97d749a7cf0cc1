package auth

import (
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/sha256"
	"crypto/x509"
	"encoding/base64"
	"encoding/json"
	"encoding/pem"
	"errors"
	"fmt"
	"io/fs"
	"net/http"
	"os"
	"path/filepath"
	"time"

	"github.com/golang-jwt/jwt/v5"
)

// Defaults of the development identity provider, used when
// OpenDevProvider is given empty strings.
const (
	DevIssuer   = "predict-dev"
	DevAudience = "predict"
	// DevKeyFile is the key's file name inside the data directory.
	DevKeyFile = "dev-idp-key.pem"
)

// DevProvider is the identity provider of the embedded mode: it signs
// tokens with a P-256 key kept in the data directory, so tokens minted
// before a restart still verify after it. It is a KeySource, which is how
// the Verifier gets its keys: dev tokens pass the very checks real ones do.
// It must never be enabled in production, since anyone who can run the
// binary against the data directory can mint any identity.
type DevProvider struct {
	key      *ecdsa.PrivateKey
	kid      string
	jwks     []byte
	issuer   string
	audience string
	now      func() time.Time
}

// OpenDevProvider loads the key at dir/dev-idp-key.pem, creating it (and
// dir) on first use. Empty issuer or audience select DevIssuer and
// DevAudience. An unreadable or foreign key file is an error and is left
// alone: silently replacing it would invalidate every token in circulation.
func OpenDevProvider(dir, issuer, audience string) (*DevProvider, error) {
	if issuer == "" {
		issuer = DevIssuer
	}
	if audience == "" {
		audience = DevAudience
	}
	return OpenKeyIssuer(filepath.Join(dir, DevKeyFile), issuer, audience)
}

// OpenKeyIssuer loads the P-256 key at path, creating it (and its
// directory) on first use, and issues tokens as issuer for audience: the
// service's built-in identity providers, the development one and Sign-In
// with Ethereum, are such issuers. The same file on every replica makes
// them one issuer.
func OpenKeyIssuer(path, issuer, audience string) (*DevProvider, error) {
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return nil, fmt.Errorf("auth: dev provider: %w", err)
	}
	key, err := loadDevKey(path)
	if errors.Is(err, fs.ErrNotExist) {
		key, err = createDevKey(path)
	}
	if err != nil {
		return nil, fmt.Errorf("auth: dev provider: %w", err)
	}

	pub := &key.PublicKey
	x, y, err := coords(pub)
	if err != nil {
		return nil, fmt.Errorf("auth: dev provider: %w", err)
	}
	kid := thumbprint(x, y)
	doc, err := json.Marshal(map[string]any{"keys": []jwk{{
		Kty: "EC", Crv: "P-256", Kid: kid, Use: "sig", Alg: algES256, X: x, Y: y,
	}}})
	if err != nil {
		return nil, fmt.Errorf("auth: dev provider: %w", err)
	}
	return &DevProvider{
		key:      key,
		kid:      kid,
		jwks:     doc,
		issuer:   issuer,
		audience: audience,
		now:      time.Now,
	}, nil
}

// loadDevKey reads a PKCS#8 PEM P-256 private key.
func loadDevKey(path string) (*ecdsa.PrivateKey, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	blk, _ := pem.Decode(b)
	if blk == nil || blk.Type != "PRIVATE KEY" {
		return nil, fmt.Errorf("%s: not a PKCS#8 PEM private key", path)
	}
	k, err := x509.ParsePKCS8PrivateKey(blk.Bytes)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	ek, ok := k.(*ecdsa.PrivateKey)
	if !ok || ek.Curve != elliptic.P256() {
		return nil, fmt.Errorf("%s: not an ECDSA P-256 key", path)
	}
	return ek, nil
}

// createDevKey generates a key and publishes it at path atomically: it is
// written to a temporary file and hard-linked into place, so a crash never
// leaves a truncated key, and if another process won the race to create it
// we adopt that key instead of overwriting it.
func createDevKey(path string) (*ecdsa.PrivateKey, error) {
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		return nil, err
	}
	der, err := x509.MarshalPKCS8PrivateKey(key)
	if err != nil {
		return nil, err
	}
	dir := filepath.Dir(path)
	// CreateTemp makes the file 0600, so the key is never readable by
	// others, not even briefly.
	tmp, err := os.CreateTemp(dir, ".dev-idp-key-*.tmp")
	if err != nil {
		return nil, err
	}
	defer os.Remove(tmp.Name())
	if err := pem.Encode(tmp, &pem.Block{Type: "PRIVATE KEY", Bytes: der}); err != nil {
		tmp.Close()
		return nil, err
	}
	if err := tmp.Sync(); err != nil {
		tmp.Close()
		return nil, err
	}
	if err := tmp.Close(); err != nil {
		return nil, err
	}
	if err := os.Link(tmp.Name(), path); err != nil {
		if errors.Is(err, fs.ErrExist) {
			return loadDevKey(path)
		}
		// Some file systems have no hard links; rename is still atomic.
		if err := os.Rename(tmp.Name(), path); err != nil {
			return nil, err
		}
	}
	if d, err := os.Open(dir); err == nil {
		_ = d.Sync() // make the new name durable; best effort
		d.Close()
	}
	return key, nil
}

// coords returns the base64url-encoded, fixed-width x and y of pub.
func coords(pub *ecdsa.PublicKey) (x, y string, err error) {
	b, err := pub.Bytes() // 0x04 || x || y
	if err != nil {
		return "", "", err
	}
	if len(b) != 65 {
		return "", "", errors.New("unexpected P-256 point length")
	}
	enc := base64.RawURLEncoding
	return enc.EncodeToString(b[1:33]), enc.EncodeToString(b[33:]), nil
}

// thumbprint is the RFC 7638 JWK thumbprint of a P-256 key: the kid changes
// exactly when the key does, with no state to keep.
func thumbprint(x, y string) string {
	// RFC 7638 §3.2: required members only, lexicographic order, no spaces.
	canon := `{"crv":"P-256","kty":"EC","x":"` + x + `","y":"` + y + `"}`
	sum := sha256.Sum256([]byte(canon))
	return base64.RawURLEncoding.EncodeToString(sum[:])
}

// Issuer is the iss of minted tokens, for configuring the Verifier.
func (p *DevProvider) Issuer() string { return p.issuer }

// Audience is the aud of minted tokens, for configuring the Verifier.
func (p *DevProvider) Audience() string { return p.audience }

// KeyID is the kid of the signing key (its RFC 7638 thumbprint).
func (p *DevProvider) KeyID() string { return p.kid }

// JWKS returns the public key set as a JWKS document. It is a copy, so
// callers cannot alter what the Verifier sees.
func (p *DevProvider) JWKS() []byte {
	return append([]byte(nil), p.jwks...)
}

// Fetch makes the DevProvider a KeySource.
func (p *DevProvider) Fetch(ctx context.Context) ([]byte, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return p.JWKS(), nil
}

// ServeHTTP serves the JWKS, so that clients and tools that expect a
// provider endpoint can be pointed at the embedded service.
func (p *DevProvider) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	w.Header().Set("Content-Type", "application/jwk-set+json")
	w.Header().Set("Cache-Control", "public, max-age=300")
	_, _ = w.Write(p.jwks)
}

// Mint signs a token for sub valid for ttl from now. A negative ttl gives a
// token that expired |ttl| ago (with iat a minute before that, so the token
// is self-consistent); that is how tests and the CLI exercise the client's
// refresh-on-401 path. Note that a verifier still accepts a token expired by
// less than its leeway.
func (p *DevProvider) Mint(sub string, ttl time.Duration) (string, error) {
	if !validSubject(sub) {
		return "", fmt.Errorf("auth: subject %q is not of the form did:<provider>:<id>", sub)
	}
	now := p.now()
	exp := now.Add(ttl)
	iat := now
	if ttl < 0 {
		iat = exp.Add(-time.Minute)
	}
	claims := jwt.RegisteredClaims{
		Issuer:    p.issuer,
		Subject:   sub,
		Audience:  jwt.ClaimStrings{p.audience},
		ExpiresAt: jwt.NewNumericDate(exp),
		IssuedAt:  jwt.NewNumericDate(iat),
	}
	t := jwt.NewWithClaims(jwt.SigningMethodES256, claims)
	t.Header["kid"] = p.kid
	s, err := t.SignedString(p.key)
	if err != nil {
		return "", fmt.Errorf("auth: dev provider: signing: %w", err)
	}
	return s, nil
}
