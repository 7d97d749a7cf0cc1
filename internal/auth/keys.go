package auth

import (
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"sync"
	"time"
)

const (
	// maxJWKSBytes bounds what we read from the provider: a JWKS is a few
	// keys, and a compromised or broken endpoint must not exhaust memory.
	maxJWKSBytes = 256 << 10
	// maxJWKSKeys bounds the work done per fetch for the same reason.
	maxJWKSKeys = 100
)

// KeySource supplies the identity provider's JWKS document. It exists so the
// dev provider can hand over its keys in-process while still going through
// the same parsing and verification as a real provider's HTTP endpoint.
type KeySource interface {
	// Fetch returns a JWKS document (RFC 7517 §5). It must honour ctx.
	Fetch(ctx context.Context) ([]byte, error)
}

// HTTPKeySource fetches a JWKS from an identity provider's endpoint.
type HTTPKeySource struct {
	url    string
	client *http.Client
}

// NewHTTPKeySource returns a KeySource for the JWKS at rawURL. A nil client
// gets a private one with a timeout, because http.DefaultClient has none and
// a stuck provider would otherwise hold every request waiting for keys.
func NewHTTPKeySource(rawURL string, client *http.Client) (*HTTPKeySource, error) {
	u, err := url.Parse(rawURL)
	if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
		return nil, fmt.Errorf("auth: JWKS URL %q is not an absolute http(s) URL", rawURL)
	}
	if client == nil {
		client = &http.Client{Timeout: DefaultFetchTimeout}
	}
	return &HTTPKeySource{url: u.String(), client: client}, nil
}

// Fetch GETs the JWKS. ctx without a deadline gets DefaultFetchTimeout so
// the source is safe to use on its own, not only through a Verifier.
func (s *HTTPKeySource) Fetch(ctx context.Context) ([]byte, error) {
	if _, ok := ctx.Deadline(); !ok {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, DefaultFetchTimeout)
		defer cancel()
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, s.url, nil)
	if err != nil {
		return nil, fmt.Errorf("jwks %s: %w", s.url, err)
	}
	req.Header.Set("Accept", "application/jwk-set+json, application/json")
	resp, err := s.client.Do(req)
	if err != nil {
		return nil, fmt.Errorf("jwks %s: %w", s.url, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		// Drain a little so the connection can be reused.
		_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 4<<10))
		return nil, fmt.Errorf("jwks %s: HTTP status %d", s.url, resp.StatusCode)
	}
	b, err := io.ReadAll(io.LimitReader(resp.Body, maxJWKSBytes+1))
	if err != nil {
		return nil, fmt.Errorf("jwks %s: reading body: %w", s.url, err)
	}
	if len(b) > maxJWKSBytes {
		return nil, fmt.Errorf("jwks %s: document larger than %d bytes", s.url, maxJWKSBytes)
	}
	return b, nil
}

// jwk holds the members of a JSON Web Key we act on (RFC 7517, RFC 7518
// §6.2). Any private part ("d") is ignored: we never need it.
type jwk struct {
	Kty    string   `json:"kty"`
	Crv    string   `json:"crv"`
	Kid    string   `json:"kid,omitempty"`
	Use    string   `json:"use,omitempty"`
	Alg    string   `json:"alg,omitempty"`
	KeyOps []string `json:"key_ops,omitempty"`
	X      string   `json:"x"`
	Y      string   `json:"y"`
}

// parseJWKS extracts the ES256 verification keys of a JWKS by kid. Keys of
// other types or purposes are skipped rather than failing the document, as
// providers commonly publish several kinds side by side; a document with no
// usable key at all is an error so that a broken endpoint does not silently
// replace good cached keys with nothing.
func parseJWKS(doc []byte) (map[string]*ecdsa.PublicKey, error) {
	var set struct {
		Keys []json.RawMessage `json:"keys"`
	}
	if err := json.Unmarshal(doc, &set); err != nil {
		return nil, fmt.Errorf("jwks: not a JSON key set: %w", err)
	}
	keys := map[string]*ecdsa.PublicKey{}
	ambiguous := map[string]bool{}
	for i, raw := range set.Keys {
		if i >= maxJWKSKeys {
			break
		}
		var k jwk
		if json.Unmarshal(raw, &k) != nil {
			continue
		}
		pub, ok := k.es256Key()
		if !ok || ambiguous[k.Kid] {
			continue
		}
		if prev, dup := keys[k.Kid]; dup {
			// Two different keys under one kid: we cannot know which
			// one the provider signs with, so trust neither.
			if !prev.Equal(pub) {
				delete(keys, k.Kid)
				ambiguous[k.Kid] = true
			}
			continue
		}
		keys[k.Kid] = pub
	}
	if len(keys) == 0 {
		return nil, errors.New("jwks: no usable ES256 P-256 key")
	}
	return keys, nil
}

// es256Key returns the key if k is a P-256 signature-verification key with
// a kid whose point is on the curve.
func (k *jwk) es256Key() (*ecdsa.PublicKey, bool) {
	if k.Kty != "EC" || k.Crv != "P-256" || k.Kid == "" {
		return nil, false
	}
	if k.Use != "" && k.Use != "sig" {
		return nil, false
	}
	if k.Alg != "" && k.Alg != algES256 {
		return nil, false
	}
	if k.KeyOps != nil && !slices.Contains(k.KeyOps, "verify") {
		return nil, false
	}
	x, errX := decodeCoord(k.X)
	y, errY := decodeCoord(k.Y)
	if errX != nil || errY != nil {
		return nil, false
	}
	// The uncompressed-point parser rejects points off the curve and the
	// point at infinity; skipping that check enables invalid-curve attacks.
	pub, err := ecdsa.ParseUncompressedPublicKey(elliptic.P256(), append(append([]byte{4}, x...), y...))
	if err != nil {
		return nil, false
	}
	return pub, true
}

// decodeCoord decodes a P-256 coordinate; RFC 7518 §6.2.1.2 requires the
// full 32 bytes, which also rules out ambiguous short encodings.
func decodeCoord(s string) ([]byte, error) {
	b, err := base64.RawURLEncoding.Strict().DecodeString(strings.TrimRight(s, "="))
	if err != nil {
		return nil, err
	}
	if len(b) != 32 {
		return nil, errors.New("coordinate is not 32 bytes")
	}
	return b, nil
}

// keyCache holds the provider's keys and decides when to fetch them again.
// Fetches run in their own goroutine, detached from the request that
// started them, so that one impatient client cannot fail the fetch for the
// others waiting on it.
type keyCache struct {
	src      KeySource
	now      func() time.Time
	interval time.Duration
	maxAge   time.Duration
	timeout  time.Duration

	mu          sync.Mutex
	keys        map[string]*ecdsa.PublicKey
	loadedAt    time.Time // last successful fetch
	attempted   bool
	lastAttempt time.Time
	lastErr     error // error of the last fetch; nil once one succeeds
	inflight    *fetchCall
}

// fetchCall is one JWKS fetch that any number of lookups wait on.
type fetchCall struct {
	done chan struct{}
	err  error
}

// lookup returns the key for kid, fetching the JWKS when the kid is unknown
// and the rate limit allows it.
func (c *keyCache) lookup(ctx context.Context, kid string) (*ecdsa.PublicKey, error) {
	c.mu.Lock()
	if k, ok := c.keys[kid]; ok {
		// Stale keys are still served while a background fetch checks
		// whether the provider withdrew any: an outage of the provider
		// must not log everybody out.
		if c.maxAge > 0 && c.inflight == nil && c.now().Sub(c.loadedAt) >= c.maxAge && c.mayFetchLocked() {
			c.startFetchLocked(ctx)
		}
		c.mu.Unlock()
		return k, nil
	}
	call := c.inflight
	if call == nil {
		if !c.mayFetchLocked() {
			err := c.missLocked()
			c.mu.Unlock()
			return nil, err
		}
		call = c.startFetchLocked(ctx)
	}
	c.mu.Unlock()

	select {
	case <-call.done:
	case <-ctx.Done():
		return nil, keysUnavailable(ctx.Err())
	}

	c.mu.Lock()
	defer c.mu.Unlock()
	if k, ok := c.keys[kid]; ok {
		return k, nil
	}
	if call.err != nil {
		return nil, keysUnavailable(call.err)
	}
	return nil, unauthorized("unknown token signing key")
}

func (c *keyCache) mayFetchLocked() bool {
	return !c.attempted || c.now().Sub(c.lastAttempt) >= c.interval
}

// missLocked is the error for an unknown kid while we may not fetch. If the
// last fetch failed the key may well exist, so say the keys are unavailable
// rather than blame the token.
func (c *keyCache) missLocked() error {
	if c.lastErr != nil {
		return keysUnavailable(c.lastErr)
	}
	return unauthorized("unknown token signing key")
}

func (c *keyCache) startFetchLocked(ctx context.Context) *fetchCall {
	call := &fetchCall{done: make(chan struct{})}
	c.inflight = call
	c.attempted = true
	c.lastAttempt = c.now()
	go c.fetch(context.WithoutCancel(ctx), call)
	return call
}

func (c *keyCache) fetch(ctx context.Context, call *fetchCall) {
	ctx, cancel := context.WithTimeout(ctx, c.timeout)
	defer cancel()
	var keys map[string]*ecdsa.PublicKey
	doc, err := c.src.Fetch(ctx)
	if err == nil {
		keys, err = parseJWKS(doc)
	}

	c.mu.Lock()
	if err == nil {
		// Replace, not merge: a key the provider dropped must stop
		// verifying.
		c.keys = keys
		c.loadedAt = c.now()
		c.lastErr = nil
	} else {
		// Keep the keys we had: a failed fetch says nothing about them.
		c.lastErr = err
	}
	call.err = err
	c.inflight = nil
	c.mu.Unlock()
	close(call.done)
}
