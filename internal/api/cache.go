package api

import (
	"bytes"
	"context"
	"encoding/hex"
	"encoding/json"
	"hash/fnv"
	"log/slog"
	"maps"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/google/uuid"

	"github.com/predict-dev/predict/internal/events"
	"github.com/predict-dev/predict/wire"
)

// ReadCache keeps the encoded answers of public reads (market lists,
// market detail for anonymous callers, hot markets, price history,
// market trades, categories and tags) in memory, so a repeated read costs
// a map lookup and a write instead of database queries and JSON encoding.
//
// It is invalidated by the events the indexer publishes once an effect is
// confirmed (docs/caching.md): attached to the event bus before the SSE
// hub, it sees every event before any stream of this replica does, so a
// client that re-reads on market:price_change cannot be answered from
// before the change. Nothing is deleted: an event bumps generation
// counters (one for the lists, one per market), an answer is stored
// with the counters it was computed under, and an answer whose counters
// moved is computed again. Counters are read before the store is, so an
// answer computed across an event is stored already outdated rather than
// fresh-looking.
//
// Personal reads (a user's positions, liquidity, portfolio summary and
// history, trades, orders, notifications, followed markets and signed-in
// market detail) are kept too, under a generation per user that every
// event naming the user bumps (user:position_changed, user:asset_changed,
// ...): the events the indexer publishes for each confirmed change of the
// user's holdings. Those that show prices or a market's state also follow
// the generation of the lists (or of their market), which every market
// event bumps. A change the API makes itself and no event announces (a
// follow, notifications marked read) bumps the user's generation here and
// is sent to the other replicas' caches as a control message of the bus
// (ForgetUser).
//
// Entries also expire after MaxAge, which bounds what events do not
// announce: time passing (price-history buckets, the endingSoon and
// newMarket filters), profile names changed on another replica.
//
// A nil *ReadCache caches nothing: every read is computed (with its ETag).
type ReadCache struct {
	maxAge   time.Duration
	maxBytes int
	now      func() time.Time
	replica  string // this cache's name on the bus: its own messages come back

	bus atomic.Pointer[events.Bus] // where ForgetUser and ForgetAll are sent, once attached

	mu        sync.Mutex
	epoch     uint64            // bumped when everything is invalidated
	lists     uint64            // bumped by every event about any market
	markets   map[string]uint64 // market address → its generation
	users     map[string]uint64 // uid → its generation (since the last epoch)
	entries   map[string]*cacheEntry
	bytes     int // of the bodies in entries
	flights   map[string]*cacheFlight
	refresher *refresher // recomputes aged answers in the background

	hits, misses, stale, invalidations atomic.Int64
}

// CacheConfig sizes a ReadCache.
type CacheConfig struct {
	// MaxAge is the longest an answer serves without an event; zero
	// means DefaultCacheMaxAge.
	MaxAge time.Duration
	// MaxBytes bounds the bytes of the answers kept; zero means
	// DefaultCacheMaxBytes. Every filter, sort and page is its own
	// answer, so the bound is on bytes, whatever callers ask for.
	MaxBytes int
	// Now is the clock; nil means time.Now.
	Now func() time.Time
	// Logger reports what goes wrong in the background (a recomputation
	// that fails or panics); nil means slog.Default().
	Logger *slog.Logger
}

// Defaults of CacheConfig.
const (
	DefaultCacheMaxAge   = time.Second
	DefaultCacheMaxBytes = 64 << 20
)

// cacheEntry is one encoded answer and the generations it was computed
// under.
type cacheEntry struct {
	body []byte
	etag string
	// etagHeader and lengthHeader are the ETag and Content-Length header
	// values, made once for every response that sends them.
	etagHeader, lengthHeader []string
	stamp                    cacheStamp
	scope                    cacheScope
	expires                  time.Time
	// aged says expires is the max age's: past it the answer is only
	// old, not known to be wrong (as it is past an order's expiry).
	aged bool
}

// cacheScope is what an answer is about: a market (its address), many
// markets (the zero scope: a list), or a user (uid), whose answer shows
// market prices too when prices is set.
type cacheScope struct {
	market string
	uid    string
	prices bool
}

// cacheStamp is what an answer depends on: the epoch (everything
// invalidated), the generation of the lists, for an answer about many
// markets or showing prices, or of its market, and the generation of its
// user.
type cacheStamp struct{ epoch, gen, user uint64 }

// cacheFlight is an answer being computed: concurrent misses of the same
// key under the same generations wait for it instead of querying too.
type cacheFlight struct {
	done  chan struct{}
	stamp cacheStamp
	entry *cacheEntry // nil when the computation failed
}

var _ events.Receiver = (*ReadCache)(nil)

// NewReadCache returns an empty cache. Attach it to the event bus before
// the hub (cmd/predict does), so it sees every event first.
func NewReadCache(cfg CacheConfig) *ReadCache {
	if cfg.MaxAge <= 0 {
		cfg.MaxAge = DefaultCacheMaxAge
	}
	if cfg.MaxBytes <= 0 {
		cfg.MaxBytes = DefaultCacheMaxBytes
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	return &ReadCache{
		maxAge: cfg.MaxAge, maxBytes: cfg.MaxBytes, now: cfg.Now, replica: uuid.NewString(),
		markets: map[string]uint64{}, users: map[string]uint64{}, entries: map[string]*cacheEntry{}, flights: map[string]*cacheFlight{},
		refresher: newRefresher(cfg.Logger),
	}
}

// ReceiveEvent invalidates what an event says changed. Every event about
// a market (its trades, prices, record, creation, and the settle
// operations that move it to settling and back) invalidates that market's
// answers and every list, which show prices, volumes and statuses of many
// markets. Every event of a user invalidates that user's answers.
func (c *ReadCache) ReceiveEvent(e events.Event) {
	market := e.Data[events.KeyMarket]
	if e.UID != "" {
		c.bump(func() { c.users[e.UID]++ })
	}
	if market == "" && !strings.HasPrefix(e.Name, "market:") {
		return
	}
	c.invalidate(market)
}

// Attach puts the cache on bus, which delivers the events that invalidate
// answers and carries ForgetUser and ForgetAll to the other replicas.
// Attach it before the hub: the bus delivers to its receivers in order.
func (c *ReadCache) Attach(bus events.Bus) (detach func()) {
	c.bus.Store(&bus)
	return bus.Attach(c)
}

// ReceiveControl applies another replica's ForgetUser and ForgetAll (this
// replica applied its own when it sent them); the hubs' messages are not
// for the cache.
func (c *ReadCache) ReceiveControl(m events.Control) {
	if m.From == c.replica {
		return
	}
	switch m.Kind {
	case events.ControlForgetUser:
		if m.UID != "" {
			c.bump(func() { c.users[m.UID]++ })
		}
	case events.ControlForgetAll:
		c.Flush()
	}
}

// Resync drops everything: events may have been lost.
func (c *ReadCache) Resync(uint64) { c.Flush() }

// Flush invalidates every answer of this replica.
func (c *ReadCache) Flush() {
	c.bump(func() {
		c.epoch++
		// Every answer is outdated by the epoch: the users' generations
		// may start again, which keeps the map to the users of events
		// since.
		clear(c.users)
	})
}

// ForgetUser invalidates the answers about one user: a change the API
// made itself and no event announces (a follow, notifications marked
// read). Call it once the change is committed. This replica forgets at
// once; the others when the bus delivers the message, a few milliseconds
// later (or within MaxAge, if the message is lost with the bus's
// connection: they then resync and forget everything anyway).
func (c *ReadCache) ForgetUser(ctx context.Context, uid string) error {
	if c == nil {
		return nil
	}
	c.bump(func() { c.users[uid]++ })
	return c.send(ctx, events.Control{Kind: events.ControlForgetUser, UID: uid})
}

// ForgetAll invalidates every answer of every replica: a change the API
// made itself that shows in many answers (a profile name or avatar, in
// market details and trade lists). Call it once the change is committed.
func (c *ReadCache) ForgetAll(ctx context.Context) error {
	if c == nil {
		return nil
	}
	c.Flush()
	return c.send(ctx, events.Control{Kind: events.ControlForgetAll})
}

// send gives m to the other replicas' caches, when the cache is attached.
func (c *ReadCache) send(ctx context.Context, m events.Control) error {
	bus := c.bus.Load()
	if bus == nil {
		return nil
	}
	m.From = c.replica
	return (*bus).Send(ctx, m)
}

// marketGenerations reports the epoch, the generation of the lists
// (bumped by every market event) and a copy of every market's generation,
// so that what is kept beside the answers can tell which markets moved;
// ok is false without a cache.
func (c *ReadCache) marketGenerations() (epoch, lists uint64, gens map[string]uint64, ok bool) {
	if c == nil {
		return 0, 0, nil, false
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.epoch, c.lists, maps.Clone(c.markets), true
}

// changes counts the invalidations so far: every event that invalidated
// an answer, every flush and forgotten user. Whatever is remembered
// beside the answers (the chain head's time) is outdated when it moves.
func (c *ReadCache) changes() uint64 { return uint64(c.invalidations.Load()) }

// invalidate bumps the generation of the lists and, when market is not
// empty, of that market's answers.
func (c *ReadCache) invalidate(market string) {
	c.bump(func() {
		c.lists++
		if market != "" {
			c.markets[strings.ToLower(market)]++
		}
	})
}

// bump counts an invalidation and applies it under the lock.
func (c *ReadCache) bump(apply func()) {
	if c == nil {
		return
	}
	c.invalidations.Add(1)
	c.mu.Lock()
	defer c.mu.Unlock()
	apply()
}

// userStamp is what a fact about uid alone (its API keys) depends on: the
// epoch and uid's generation.
func (c *ReadCache) userStamp(uid string) cacheStamp {
	c.mu.Lock()
	defer c.mu.Unlock()
	return cacheStamp{epoch: c.epoch, user: c.users[uid]}
}

// stampLocked is the stamp an answer of scope is computed under now.
func (c *ReadCache) stampLocked(sc cacheScope) cacheStamp {
	st := cacheStamp{epoch: c.epoch}
	switch {
	case sc.market != "":
		st.gen = c.markets[sc.market]
	case sc.uid == "" || sc.prices:
		st.gen = c.lists
	}
	if sc.uid != "" {
		st.user = c.users[sc.uid]
	}
	return st
}

// computeFunc produces an answer on a miss: a value of package wire for
// the success envelope, or an expiring one. ctx is the request's when a
// reader waits for the answer, and one of its own (the request's values,
// without its end) when the answer is recomputed behind an aged one.
type computeFunc func(ctx context.Context) (any, error)

// expiring is an answer outdated from until whatever the events (an order
// in it expires then), as a computeFunc returns it; a zero until is no
// such time.
type expiring struct {
	data  any
	until time.Time
}

// get returns the answer of key, computing it with compute on a miss.
// sc is what the answer is about (a market's address lowercase).
//
// Past its max age, with no event since, an answer is still served, up to
// twice the max age, while its successor is computed in the background:
// otherwise every reader of a busy key would wait for the store once per
// max age, and on a loaded store each of those waits is a long one.
//
// key is only read: a hit converts it to a string in the map lookups
// alone, which allocates nothing.
func (c *ReadCache) get(ctx context.Context, key []byte, sc cacheScope, compute computeFunc) (*cacheEntry, error) {
	if c == nil {
		return encodeEntry(ctx, compute, time.Time{})
	}
	now := c.now()
	c.mu.Lock()
	st := c.stampLocked(sc)
	e := c.entries[string(key)]
	if e != nil && e.stamp == st && now.Before(e.expires) {
		c.mu.Unlock()
		c.hits.Add(1)
		return e, nil
	}
	f := c.flights[string(key)]
	if f != nil && f.stamp != st {
		f = nil // computed under older generations: not this reader's answer
	}
	if e != nil && e.stamp == st && e.aged && now.Before(e.expires.Add(c.maxAge)) && (f != nil || c.refresher.reserve()) {
		// Old, not known to be wrong: served, and recomputed unless that
		// is already under way.
		if f == nil {
			f = c.startLocked(string(key), st)
			k := string(key)
			c.refresher.start(ctx, "read cache: recomputing an aged answer", func(ctx context.Context) error {
				_, err := c.fill(ctx, k, sc, f, compute, now)
				return err
			}, "key", k)
		}
		c.mu.Unlock()
		c.stale.Add(1)
		return e, nil
	}
	if f != nil {
		c.mu.Unlock()
		<-f.done
		if f.entry != nil {
			c.hits.Add(1)
			return f.entry, nil
		}
		// The computation failed: try on our own, uncached.
		return encodeEntry(ctx, compute, now)
	}
	f = c.startLocked(string(key), st)
	c.mu.Unlock()
	return c.fill(ctx, string(key), sc, f, compute, now)
}

// startLocked records that the answer of key is being computed under st:
// concurrent misses wait for it instead of querying too.
func (c *ReadCache) startLocked(key string, st cacheStamp) *cacheFlight {
	f := &cacheFlight{done: make(chan struct{}), stamp: st}
	c.flights[key] = f
	return f
}

// fill computes the answer of flight f and keeps it when no event moved
// its generations meanwhile. The flight ends however compute does, a
// panic included, so that no reader waits for it forever.
func (c *ReadCache) fill(ctx context.Context, key string, sc cacheScope, f *cacheFlight, compute computeFunc, now time.Time) (e *cacheEntry, err error) {
	c.misses.Add(1)
	defer func() {
		c.mu.Lock()
		if c.flights[key] == f {
			delete(c.flights, key)
		}
		// An answer of more than an eighth of the room is served, not kept.
		if e != nil && err == nil && c.stampLocked(sc) == f.stamp && len(e.body) <= c.maxBytes/8 {
			e.scope = sc
			if old := c.entries[key]; old != nil {
				c.bytes -= len(old.body)
			}
			c.entries[key] = e
			c.bytes += len(e.body)
			if c.bytes > c.maxBytes {
				c.evictLocked(now)
			}
		}
		c.mu.Unlock()
		if e != nil && err == nil {
			f.entry = e
		}
		close(f.done)
	}()
	e, err = encodeEntry(ctx, compute, now.Add(c.maxAge))
	if err == nil {
		e.stamp = f.stamp
	}
	return e, err
}

// evictLocked makes room: expired and outdated answers first, then
// arbitrary ones (map order) until a tenth of the room is free.
func (c *ReadCache) evictLocked(now time.Time) {
	for k, e := range c.entries {
		if !now.Before(e.expires) || e.stamp != c.stampLocked(e.scope) {
			c.deleteLocked(k, e)
		}
	}
	for k, e := range c.entries {
		if c.bytes <= c.maxBytes-c.maxBytes/10 {
			break
		}
		c.deleteLocked(k, e)
	}
}

func (c *ReadCache) deleteLocked(key string, e *cacheEntry) {
	delete(c.entries, key)
	c.bytes -= len(e.body)
}

// encodeEntry computes an answer and encodes it in the success envelope,
// byte for byte what ok writes, with its strong ETag. The answer expires
// at expires, or earlier when compute says it is outdated before that.
// The stamp is the caller's to set.
func encodeEntry(ctx context.Context, compute computeFunc, expires time.Time) (*cacheEntry, error) {
	data, err := compute(ctx)
	if err != nil {
		return nil, err
	}
	aged := true
	if x, ok := data.(expiring); ok {
		data = x.data
		if !x.until.IsZero() && x.until.Before(expires) {
			expires, aged = x.until, false
		}
	}
	var buf bytes.Buffer
	if err := json.NewEncoder(&buf).Encode(wire.Success(data)); err != nil {
		return nil, err
	}
	h := fnv.New128a()
	h.Write(buf.Bytes())
	etag := `"` + hex.EncodeToString(h.Sum(nil)) + `"`
	return &cacheEntry{body: buf.Bytes(), etag: etag, expires: expires, aged: aged,
		etagHeader: []string{etag}, lengthHeader: []string{strconv.Itoa(buf.Len())}}, nil
}
