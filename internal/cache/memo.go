// Package cache remembers what the service read or computed, and forgets
// it when an event says it changed (docs/caching.md). One building
// block, Memo, serves every memory of the API: the read cache's encoded
// answers, the API keys and the users behind credentials, and the
// credentials proven lately. One table, Invalidates, says what each event
// outdates; Generations counts it.
//
// Nothing is deleted on an event: counters are bumped (an epoch for
// everything, one for the lists, one per market and per user), a value is
// kept with the counters of its Scope read before it was loaded, and a
// value whose counters moved is loaded again. A value loaded across an
// event is therefore kept already outdated, never mistaken for a fresh
// one.
//
// The package imports only the event names (package event), so the API
// and whatever else remembers may share it without a cycle.
package cache

import (
	"context"
	"log/slog"
	"sync"
	"sync/atomic"
	"time"

	"github.com/prometheus/client_golang/prometheus"
)

// DefaultMaxEntries bounds a Memo whose Config sets no bound.
const DefaultMaxEntries = 100_000

// Config says what a Memo keeps and for how long.
type Config[V any] struct {
	// Name names the memo in its metrics (Name_hits_total, …) and log
	// lines, as "predict_read_cache"; empty: no metrics.
	Name string
	// What is what it answers, for the metrics' help ("Reads").
	What string
	// MaxAge is the longest a value serves without an event; it must be
	// positive.
	MaxAge time.Duration
	// ServeAged serves a value past MaxAge, up to twice MaxAge, while it
	// is loaded again in the background, unless an event outdated it or
	// its loader gave it an earlier end. Otherwise every reader of a busy
	// key would wait for the store once per MaxAge, which shows in the
	// tail latency under load.
	ServeAged bool
	// MaxEntries bounds the values kept (DefaultMaxEntries when zero).
	MaxEntries int
	// MaxBytes, with Size, bounds the bytes of the values kept; a value
	// over an eighth of it is served but not kept. Zero: no bound on bytes.
	MaxBytes int
	Size     func(V) int
	// Generations, when set, outdates a value once an event reaches its
	// Scope.
	Generations *Generations
	// ScopeOf names the Scope of a value known only once it is loaded (an
	// API key's owner). Such a value is kept only when nothing at all was
	// invalidated while it loaded. Nil: the Scope given to Get.
	ScopeOf func(V) Scope
	// Now is the clock; nil means time.Now.
	Now func() time.Time
	// Refresher runs the reloads of ServeAged; nil: one of its own,
	// logging to Logger.
	Refresher *Refresher
	Logger    *slog.Logger
}

// Loader loads the value of key on a miss. until, when not zero, is when
// the value is outdated whatever the events (an order in it expires), if
// that is sooner than the max age. An error is never kept.
type Loader[K comparable, V any] interface {
	Load(ctx context.Context, key K) (v V, until time.Time, err error)
}

// LoadFunc is a function that is a Loader.
type LoadFunc[K comparable, V any] func(ctx context.Context, key K) (V, time.Time, error)

// Load calls f.
func (f LoadFunc[K, V]) Load(ctx context.Context, key K) (V, time.Time, error) { return f(ctx, key) }

// Memo is a bounded, concurrency-safe memory of values by key. Concurrent
// misses of one key load once: the others wait for that value. A value
// is served until MaxAge has passed (or the end its loader gave), while
// the Stamp of its Scope is current and until ForgetAll.
type Memo[K comparable, V any] struct {
	maxAge     time.Duration
	serveAged  bool
	maxEntries int
	maxBytes   int
	size       func(V) int
	gens       *Generations
	scopeOf    func(V) Scope
	now        func() time.Time
	refresher  *Refresher
	name       string
	metrics    *memoMetrics

	mu      sync.Mutex
	gen     uint64 // bumped by ForgetAll
	entries map[K]*entry[V]
	bytes   int // Size of the values in entries
	flights map[K]*flight[V]

	hits, misses, stale atomic.Int64
}

// entry is one value and what it was loaded under.
type entry[V any] struct {
	value   V
	size    int
	stamp   Stamp
	scope   Scope
	expires time.Time
	// aged says expires is the max age's: past it the value is only old,
	// not known to be wrong (as it is past an order's expiry).
	aged bool
}

// mark is what a load starts under: the memo's generation and the Stamp
// of its Scope or, for a Scope known only once loaded, the count of
// invalidations.
type mark struct {
	gen     uint64
	stamp   Stamp
	changes uint64
}

// flight is a value being loaded: concurrent misses of the same key under
// the same mark wait for it instead of loading too.
type flight[V any] struct {
	done  chan struct{}
	mark  mark
	value V
	ok    bool // false when the load failed
}

// New returns an empty Memo.
func New[K comparable, V any](cfg Config[V]) *Memo[K, V] {
	if cfg.MaxAge <= 0 {
		panic("cache: a memo's MaxAge must be positive")
	}
	if cfg.MaxEntries <= 0 {
		cfg.MaxEntries = DefaultMaxEntries
	}
	if cfg.Size == nil {
		cfg.MaxBytes = 0
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Refresher == nil && cfg.ServeAged {
		cfg.Refresher = NewRefresher(cfg.Logger, DefaultRefreshes)
	}
	m := &Memo[K, V]{
		maxAge: cfg.MaxAge, serveAged: cfg.ServeAged, maxEntries: cfg.MaxEntries, maxBytes: cfg.MaxBytes,
		size: cfg.Size, gens: cfg.Generations, scopeOf: cfg.ScopeOf, now: cfg.Now, refresher: cfg.Refresher,
		name: cfg.Name, entries: map[K]*entry[V]{}, flights: map[K]*flight[V]{},
	}
	if m.name == "" {
		m.name = "memo"
	} else {
		m.metrics = newMemoMetrics(cfg.Name, cfg.What, cfg.MaxBytes > 0)
	}
	return m
}

// Get returns the value of key, loading it with load on a miss. sc is
// what the value is about (unless Config.ScopeOf says it). ctx is the
// request's when a reader waits for the value, and one of its own (the
// request's values, without its end) when the value is loaded again
// behind an aged one.
func (m *Memo[K, V]) Get(ctx context.Context, key K, sc Scope, load Loader[K, V]) (V, error) {
	now := m.now()
	m.mu.Lock()
	e := m.entries[key]
	current := e != nil && e.stamp == m.stampOf(e.scope)
	if current && now.Before(e.expires) {
		m.mu.Unlock()
		m.hits.Add(1)
		return e.value, nil
	}
	mk := m.markLocked(sc)
	f := m.flights[key]
	if f != nil && f.mark != mk {
		f = nil // loaded under older generations: not this reader's value
	}
	if current && e.aged && m.serveAged && now.Before(e.expires.Add(m.maxAge)) && (f != nil || m.refresher.reserve()) {
		// Old, not known to be wrong: served, and loaded again unless
		// that is already under way.
		if f == nil {
			f = m.startLocked(key, mk)
			m.refresher.start(ctx, m.name+": loading an aged value again", func(ctx context.Context) error {
				_, err := m.fill(ctx, key, sc, f, load, now)
				return err
			}, "key", key)
		}
		m.mu.Unlock()
		m.stale.Add(1)
		return e.value, nil
	}
	if f != nil {
		m.mu.Unlock()
		<-f.done
		if f.ok {
			m.hits.Add(1)
			return f.value, nil
		}
		// The load failed: try on our own, without keeping.
		v, _, err := load.Load(ctx, key)
		return v, err
	}
	f = m.startLocked(key, mk)
	m.mu.Unlock()
	return m.fill(ctx, key, sc, f, load, now)
}

// GetBytes is Get for a memo keyed by strings, with the key in a byte
// slice that may be reused once it returns: a value in memory is found
// converting the key in the map lookup alone, which allocates nothing; the
// key is copied only to load.
func GetBytes[V any](ctx context.Context, m *Memo[string, V], key []byte, sc Scope, load Loader[string, V]) (V, error) {
	now := m.now()
	m.mu.Lock()
	if e := m.entries[string(key)]; e != nil && now.Before(e.expires) && e.stamp == m.stampOf(e.scope) {
		m.mu.Unlock()
		m.hits.Add(1)
		return e.value, nil
	}
	m.mu.Unlock()
	return m.Get(ctx, string(key), sc, load)
}

// stampOf is the current Stamp of sc.
func (m *Memo[K, V]) stampOf(sc Scope) Stamp {
	if m.gens == nil {
		return Stamp{}
	}
	return m.gens.Stamp(sc)
}

// markLocked is what a load of a value of sc starts under now.
func (m *Memo[K, V]) markLocked(sc Scope) mark {
	mk := mark{gen: m.gen}
	switch {
	case m.gens == nil:
	case m.scopeOf != nil:
		mk.changes = m.gens.Changes()
	default:
		mk.stamp = m.gens.Stamp(sc)
	}
	return mk
}

// startLocked records that the value of key is being loaded under mk:
// concurrent misses wait for it instead of loading too.
func (m *Memo[K, V]) startLocked(key K, mk mark) *flight[V] {
	f := &flight[V]{done: make(chan struct{}), mark: mk}
	m.flights[key] = f
	return f
}

// fill loads the value of flight f and keeps it when nothing moved its
// mark meanwhile. The flight ends however the load does, a panic
// included, so that no reader waits for it forever.
func (m *Memo[K, V]) fill(ctx context.Context, key K, sc Scope, f *flight[V], load Loader[K, V], now time.Time) (v V, err error) {
	m.misses.Add(1)
	var (
		loaded bool
		until  time.Time
	)
	defer func() {
		m.mu.Lock()
		if m.flights[key] == f {
			delete(m.flights, key)
		}
		if loaded && err == nil {
			m.keepLocked(key, sc, f.mark, v, until, now)
		}
		m.mu.Unlock()
		if loaded && err == nil {
			f.value, f.ok = v, true
		}
		close(f.done)
	}()
	v, until, err = load.Load(ctx, key)
	loaded = true
	return v, err
}

// keepLocked keeps v, loaded at now under mk, unless an invalidation
// moved mk meanwhile or v is too large for the room.
func (m *Memo[K, V]) keepLocked(key K, sc Scope, mk mark, v V, until, now time.Time) {
	stamp := mk.stamp
	if m.scopeOf != nil {
		// Read before the count of invalidations is compared: an
		// invalidation after that read moves the count.
		sc = m.scopeOf(v)
		stamp = m.stampOf(sc)
	}
	if m.markLocked(sc) != mk {
		return
	}
	size := 0
	if m.maxBytes > 0 {
		if size = m.size(v); size > m.maxBytes/8 {
			return
		}
	}
	expires, aged := now.Add(m.maxAge), true
	if !until.IsZero() && until.Before(expires) {
		expires, aged = until, false
	}
	m.putLocked(key, &entry[V]{value: v, size: size, stamp: stamp, scope: sc, expires: expires, aged: aged}, now)
}

// putLocked keeps e under key, making room when a bound is passed.
func (m *Memo[K, V]) putLocked(key K, e *entry[V], now time.Time) {
	if old := m.entries[key]; old != nil {
		m.bytes -= old.size
	}
	m.entries[key] = e
	m.bytes += e.size
	if len(m.entries) > m.maxEntries || (m.maxBytes > 0 && m.bytes > m.maxBytes) {
		m.evictLocked(now)
	}
}

// evictLocked makes room: expired and outdated values first, then
// arbitrary ones (map order) down to seven eighths of each bound.
func (m *Memo[K, V]) evictLocked(now time.Time) {
	drop := func(stamp func(Scope) Stamp) {
		for k, e := range m.entries {
			if !now.Before(e.expires) || (stamp != nil && e.stamp != stamp(e.scope)) {
				m.deleteLocked(k, e)
			}
		}
	}
	if m.gens != nil {
		m.gens.stamps(drop) // one lock for every value's Stamp
	} else {
		drop(nil)
	}
	for k, e := range m.entries {
		if len(m.entries) <= m.maxEntries-m.maxEntries/8 && m.bytes <= m.maxBytes-m.maxBytes/8 {
			return
		}
		m.deleteLocked(k, e)
	}
}

func (m *Memo[K, V]) deleteLocked(key K, e *entry[V]) {
	delete(m.entries, key)
	m.bytes -= e.size
}

// Peek returns the value of key while it is current, without loading it.
func (m *Memo[K, V]) Peek(key K) (v V, ok bool) {
	now := m.now()
	m.mu.Lock()
	e := m.entries[key]
	ok = e != nil && now.Before(e.expires) && e.stamp == m.stampOf(e.scope)
	m.mu.Unlock()
	if !ok {
		m.misses.Add(1)
		return v, false
	}
	m.hits.Add(1)
	return e.value, true
}

// Put keeps v under key until expires, or the max age from now if that
// is sooner.
func (m *Memo[K, V]) Put(key K, v V, expires time.Time) {
	now := m.now()
	sc := Scope{}
	if m.scopeOf != nil {
		sc = m.scopeOf(v)
	}
	if limit := now.Add(m.maxAge); expires.IsZero() || limit.Before(expires) {
		expires = limit
	}
	size := 0
	if m.maxBytes > 0 {
		size = m.size(v)
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	m.putLocked(key, &entry[V]{value: v, size: size, stamp: m.stampOf(sc), scope: sc, expires: expires}, now)
}

// Update replaces the value kept under key, if any, with update's result,
// keeping when it was loaded and what it is about.
func (m *Memo[K, V]) Update(key K, update func(V) V) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if e := m.entries[key]; e != nil {
		c := *e
		c.value = update(e.value)
		m.entries[key] = &c
	}
}

// Forget drops the value of key.
func (m *Memo[K, V]) Forget(key K) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if e := m.entries[key]; e != nil {
		m.deleteLocked(key, e)
	}
}

// ForgetAll drops every value, and outdates the loads under way: a value
// they load is served to its readers but not kept.
func (m *Memo[K, V]) ForgetAll() {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.gen++
	clear(m.entries)
	m.bytes = 0
}

// Stats is what a Memo holds and has done.
type Stats struct {
	Entries, Bytes, Loading int   // values kept, their Size, loads under way
	Hits, Misses, Stale     int64 // lookups answered from memory, loaded, answered aged
}

// Stats reports what m holds and has done.
func (m *Memo[K, V]) Stats() Stats {
	m.mu.Lock()
	st := Stats{Entries: len(m.entries), Bytes: m.bytes, Loading: len(m.flights)}
	m.mu.Unlock()
	st.Hits, st.Misses, st.Stale = m.hits.Load(), m.misses.Load(), m.stale.Load()
	return st
}

var _ prometheus.Collector = (*Memo[string, int])(nil)
