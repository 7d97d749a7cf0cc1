package auth

import (
	"crypto/ecdsa"
	"crypto/sha256"
	"sync"
	"time"
	"unsafe"
)

// DefaultTokenCacheSize bounds the verified tokens a Verifier remembers.
// An entry is about 400 bytes (the claims, a key pointer, a hash): the
// bound keeps the cache under about 40 MB whatever callers send, while a
// replica rarely sees that many distinct live tokens within their
// lifetimes.
const DefaultTokenCacheSize = 100_000

// tokenCache remembers the tokens a Verifier has verified, so that a
// client sending the same token on every request pays the ES256
// signature check (about 100 µs of CPU) once, not per request.
//
// A remembered token is answered only while the checks that passed still
// hold: until its exp (with the leeway), and while the key that signed it
// is still the provider's key of that kid (a key the provider withdrew
// stops verifying at the next refresh, as before). Tokens that failed are
// never remembered: a failure costs what it always cost.
type tokenCache struct {
	max int

	mu      sync.Mutex
	entries map[[sha256.Size]byte]tokenEntry
}

// tokenEntry is one verified token.
type tokenEntry struct {
	claims *Claims
	kid    string
	key    *ecdsa.PublicKey
	until  time.Time // exp plus the leeway: the parser refuses it from then
}

func newTokenCache(max int) *tokenCache {
	if max <= 0 {
		return nil
	}
	return &tokenCache{max: max, entries: map[[sha256.Size]byte]tokenEntry{}}
}

// get returns the entry of raw if it is remembered and has not expired at
// now. A nil cache remembers nothing.
func (c *tokenCache) get(raw string, now time.Time) (tokenEntry, bool) {
	if c == nil {
		return tokenEntry{}, false
	}
	sum := tokenSum(raw)
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.entries[sum]
	if !ok {
		return tokenEntry{}, false
	}
	if !now.Before(e.until) {
		delete(c.entries, sum)
		return tokenEntry{}, false
	}
	return e, true
}

// put remembers a verified token. At the bound, expired entries go first;
// if that frees too little, an eighth of the entries (whichever the map
// yields) make room, so a flood of distinct tokens costs re-verification,
// never memory.
func (c *tokenCache) put(raw string, e tokenEntry, now time.Time) {
	if c == nil {
		return
	}
	sum := tokenSum(raw)
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.entries) >= c.max {
		for k, old := range c.entries {
			if !now.Before(old.until) {
				delete(c.entries, k)
			}
		}
		for k := range c.entries {
			if len(c.entries) < c.max-c.max/8 {
				break
			}
			delete(c.entries, k)
		}
	}
	c.entries[sum] = e
}

// forget drops the entry of raw: its key no longer verifies it.
func (c *tokenCache) forget(raw string) {
	if c == nil {
		return
	}
	sum := tokenSum(raw)
	c.mu.Lock()
	delete(c.entries, sum)
	c.mu.Unlock()
}

// tokenSum is the SHA-256 of a token. The hash reads the token's bytes in
// place: converting a token of several hundred bytes to a []byte would
// copy it on every request, and sha256 never writes to its input.
func tokenSum(raw string) [sha256.Size]byte {
	return sha256.Sum256(unsafe.Slice(unsafe.StringData(raw), len(raw)))
}

// len is the number of entries, for tests.
func (c *tokenCache) len() int {
	if c == nil {
		return 0
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.entries)
}
