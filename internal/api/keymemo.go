package api

import (
	"sync"
	"time"

	"github.com/predict-dev/predict"
)

// maxKeyMemo bounds the API keys a keyMemo keeps (each a few hundred
// bytes): at the bound, those past the max age go, then an eighth of the
// rest.
const maxKeyMemo = 100_000

// keyMemo remembers the API keys verified on this replica, by the SHA-256
// of the whole key, so a bot's requests cost a hash and a map read
// instead of a read of the store each. A key stays remembered for the read
// cache's max age and while its owner's generation in the read cache is
// the one it was read under: revoking a key forgets its owner on every
// replica (ForgetUser, over the bus), so a revoked key is refused
// everywhere as soon as the bus has carried the message, whatever the
// max age. A read that ran across any invalidation is used but not kept.
type keyMemo struct {
	cache *ReadCache

	mu    sync.Mutex
	bySum map[[32]byte]keyMemoEntry
}

type keyMemoEntry struct {
	key   *predict.APIKey
	stamp cacheStamp // the owner's, in the read cache, when the key was read
	read  time.Time
}

func newKeyMemo(c *ReadCache) *keyMemo {
	if c == nil || c.maxAge <= 0 {
		return nil
	}
	return &keyMemo{cache: c, bySum: map[[32]byte]keyMemoEntry{}}
}

// get returns the key remembered for sum while it is current.
func (m *keyMemo) get(sum [32]byte, now time.Time) *predict.APIKey {
	if m == nil {
		return nil
	}
	m.mu.Lock()
	e, ok := m.bySum[sum]
	m.mu.Unlock()
	if !ok || now.Sub(e.read) >= m.cache.maxAge || now.Before(e.read) || m.cache.userStamp(e.key.UID) != e.stamp {
		return nil
	}
	return e.key
}

// changes is the read cache's count of invalidations, to be taken before
// a key is read from the store.
func (m *keyMemo) changes() uint64 {
	if m == nil {
		return 0
	}
	return m.cache.changes()
}

// put keeps k, read from the store at read, unless the cache changed
// since changes (taken before the read).
func (m *keyMemo) put(sum [32]byte, k *predict.APIKey, changes uint64, read time.Time) {
	if m == nil {
		return
	}
	stamp := m.cache.userStamp(k.UID)
	if m.cache.changes() != changes {
		return
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if len(m.bySum) >= maxKeyMemo {
		shrink(m.bySum, maxKeyMemo, func(e keyMemoEntry) bool { return read.Sub(e.read) >= m.cache.maxAge })
	}
	m.bySum[sum] = keyMemoEntry{key: k, stamp: stamp, read: read}
}

// used records that k's last use was written at when, so the next
// requests do not write it again.
func (m *keyMemo) used(sum [32]byte, when time.Time) {
	if m == nil {
		return
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if e, ok := m.bySum[sum]; ok {
		k := *e.key
		k.LastUsedAt = when
		e.key = &k
		m.bySum[sum] = e
	}
}
