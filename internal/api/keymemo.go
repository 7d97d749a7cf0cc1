package api

import (
	"context"
	"time"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/internal/cache"
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
// max age. The owner is known only once the key is read, so a read that
// ran across any invalidation is used but not kept. Refused keys are
// never kept.
type keyMemo struct {
	keys *cache.Memo[[32]byte, *predict.APIKey]
}

func newKeyMemo(c *ReadCache, now func() time.Time) *keyMemo {
	if c == nil {
		return nil
	}
	return &keyMemo{keys: cache.New[[32]byte](cache.Config[*predict.APIKey]{
		Name: "predict_api_key_memo", What: "API key checks",
		MaxAge: c.maxAge, MaxEntries: maxKeyMemo, Generations: c.gens, Now: now,
		ScopeOf: func(k *predict.APIKey) cache.Scope { return cache.Scope{UID: k.UID} },
	})}
}

// get returns the key of sum, read with load unless it is remembered.
func (m *keyMemo) get(ctx context.Context, sum [32]byte, load cache.Loader[[32]byte, *predict.APIKey]) (*predict.APIKey, error) {
	if m == nil {
		k, _, err := load.Load(ctx, sum)
		return k, err
	}
	return m.keys.Get(ctx, sum, cache.Scope{}, load)
}

// used records that the key of sum was last used at when, written to the
// store, so the next requests do not write it again.
func (m *keyMemo) used(sum [32]byte, when time.Time) {
	if m == nil {
		return
	}
	m.keys.Update(sum, func(k *predict.APIKey) *predict.APIKey {
		c := *k
		c.LastUsedAt = when
		return &c
	})
}
