package api

import (
	"hash/maphash"
	"time"

	"github.com/predict-dev/predict/internal/cache"
)

// What a provenMemo keeps: its bound (an entry is about 50 bytes; at the
// bound the expired go, then an eighth of the rest), and how long a
// credential stays proven after it last verified. The span only decides
// which budget a request is counted against first: every request is still
// verified (keymemo.go, and the verifier's token cache, say for how long a
// check is remembered).
const (
	maxProven = 100_000
	provenFor = 10 * time.Minute
)

// provenMemo remembers the bearer tokens and API keys that verified on
// this replica lately, so the rate limit tells a client it knows from a
// guess before it checks anything (admit). A credential is remembered by a
// hash keyed with a seed of this process, never as itself: the hash of a
// guess meets a remembered one by chance about once in 2^64/100,000
// guesses, and then the guess is only verified outside its address's
// budget, as every credential was before the memo.
type provenMemo struct {
	seed  maphash.Seed
	until *cache.Memo[uint64, time.Time] // when each credential stops being proven
}

func newProvenMemo(now func() time.Time) *provenMemo {
	return &provenMemo{seed: maphash.MakeSeed(), until: cache.New[uint64](cache.Config[time.Time]{
		MaxAge: provenFor, MaxEntries: maxProven, Now: now,
	})}
}

// sum is the key of the credential raw.
func (m *provenMemo) sum(raw string) uint64 {
	if m == nil {
		return 0
	}
	return maphash.String(m.seed, raw)
}

// get reports whether the credential of sum is proven now, and until
// when.
func (m *provenMemo) get(sum uint64) (until time.Time, ok bool) {
	if m == nil {
		return time.Time{}, false
	}
	return m.until.Peek(sum)
}

// put remembers the credential of sum, which verified at now, until
// provenFor from now or its expiry (zero: none), whichever comes first.
func (m *provenMemo) put(sum uint64, expires, now time.Time) {
	if m == nil {
		return
	}
	until := now.Add(provenFor)
	if !expires.IsZero() && expires.Before(until) {
		until = expires
	}
	m.until.Put(sum, until, until)
}

// forget drops the credential of sum: it failed to verify.
func (m *provenMemo) forget(sum uint64) {
	if m == nil {
		return
	}
	m.until.Forget(sum)
}
