package api

import (
	"bytes"
	"context"
	"encoding/hex"
	"encoding/json"
	"hash/fnv"
	"log/slog"
	"strconv"
	"sync/atomic"
	"time"

	"github.com/google/uuid"

	"github.com/predict-dev/predict/event"
	"github.com/predict-dev/predict/internal/cache"
	"github.com/predict-dev/predict/internal/events"
	"github.com/predict-dev/predict/wire"
)

// ReadCache keeps the encoded answers of reads (market lists, market
// detail, hot markets, price history, market trades, categories and tags,
// and each user's personal reads) in memory, so a repeated read costs a
// map lookup and a write instead of database queries and JSON encoding.
//
// It is the HTTP side of package cache: the answers are a cache.Memo,
// invalidated through cache.Generations by the events the indexer
// publishes once an effect is confirmed (cache.Invalidates says what each
// outdates; docs/caching.md). Attached to the event bus before the SSE
// hub, it sees every event before any stream of this replica does, so a
// client that re-reads on market:price_change cannot be answered from
// before the change. A change the API makes itself and no event announces
// (a follow, notifications marked read) is applied here and sent to the
// other replicas' caches as a control message of the bus (ForgetUser,
// ForgetAll).
//
// A nil *ReadCache caches nothing: every read is computed (with its ETag).
type ReadCache struct {
	maxAge  time.Duration
	replica string // this cache's name on the bus: its own messages come back

	bus atomic.Pointer[events.Bus] // where ForgetUser and ForgetAll are sent, once attached

	gens    *cache.Generations
	answers *cache.Memo[string, *cacheEntry]
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

// Defaults of CacheConfig, and the bound on the count of answers, which
// only answers far smaller than usual reach before the bound on bytes.
const (
	DefaultCacheMaxAge   = time.Second
	DefaultCacheMaxBytes = 64 << 20
	maxCacheEntries      = 1 << 18
)

// cacheEntry is one encoded answer: the bytes of its envelope and its
// ETag.
type cacheEntry struct {
	body []byte
	etag string
	// etagHeader and lengthHeader are the ETag and Content-Length header
	// values, made once for every response that sends them.
	etagHeader, lengthHeader []string
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
	gens := cache.NewGenerations()
	return &ReadCache{
		maxAge: cfg.MaxAge, replica: uuid.NewString(), gens: gens,
		answers: cache.New[string](cache.Config[*cacheEntry]{
			Name: "predict_read_cache", What: "Reads",
			MaxAge: cfg.MaxAge, ServeAged: true,
			MaxEntries: maxCacheEntries, MaxBytes: cfg.MaxBytes, Size: func(e *cacheEntry) int { return len(e.body) },
			Generations: gens, Now: cfg.Now, Logger: cfg.Logger,
		}),
	}
}

// ReceiveEvent invalidates what the event outdates (cache.Invalidates).
func (c *ReadCache) ReceiveEvent(e events.Event) {
	c.gens.Event(e.Name, e.UID, e.Data[event.KeyMarket])
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
		c.gens.Event(cache.ForgetUser, m.UID, "")
	case events.ControlForgetAll:
		c.gens.Event(cache.ForgetAll, "", "")
	}
}

// Resync drops everything: events may have been lost.
func (c *ReadCache) Resync(uint64) { c.gens.Event(event.Resync, "", "") }

// Flush invalidates every answer of this replica.
func (c *ReadCache) Flush() { c.gens.Event(cache.ForgetAll, "", "") }

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
	c.gens.Event(cache.ForgetUser, uid, "")
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
	epoch, lists, gens = c.gens.Markets()
	return epoch, lists, gens, true
}

// changes counts the invalidations so far: every event that invalidated
// an answer, every flush and forgotten user. Whatever is remembered
// beside the answers (the chain head's time) is outdated when it moves.
func (c *ReadCache) changes() uint64 { return c.gens.Changes() }

// computeFunc produces an answer on a miss: a value of package wire for
// the success envelope, or an expiring one. ctx is the request's when a
// reader waits for the answer, and one of its own (the request's values,
// without its end) when the answer is recomputed behind an aged one.
type computeFunc func(ctx context.Context) (any, error)

// Load computes and encodes the answer: computeFunc is the cache's
// Loader of answers (a func in an interface costs no allocation).
func (f computeFunc) Load(ctx context.Context, _ string) (*cacheEntry, time.Time, error) {
	return encodeEntry(ctx, f)
}

// expiring is an answer outdated from until whatever the events (an order
// in it expires then), as a computeFunc returns it; a zero until is no
// such time.
type expiring struct {
	data  any
	until time.Time
}

// get returns the answer of key, computing it with compute on a miss.
// sc is what the answer is about (a market's address lowercase). key is
// only read: a hit costs no allocation.
func (c *ReadCache) get(ctx context.Context, key []byte, sc cacheScope, compute computeFunc) (*cacheEntry, error) {
	if c == nil {
		e, _, err := encodeEntry(ctx, compute)
		return e, err
	}
	return cache.GetBytes(ctx, c.answers, key, cache.Scope{Market: sc.market, UID: sc.uid, Prices: sc.prices}, compute)
}

// encodeEntry computes an answer and encodes it in the success envelope,
// byte for byte what ok writes, with its strong ETag; until is when
// compute says it is outdated whatever the events (zero: no such time).
func encodeEntry(ctx context.Context, compute computeFunc) (e *cacheEntry, until time.Time, err error) {
	data, err := compute(ctx)
	if err != nil {
		return nil, until, err
	}
	if x, ok := data.(expiring); ok {
		data, until = x.data, x.until
	}
	var buf bytes.Buffer
	if err := json.NewEncoder(&buf).Encode(wire.Success(data)); err != nil {
		return nil, until, err
	}
	h := fnv.New128a()
	h.Write(buf.Bytes())
	etag := `"` + hex.EncodeToString(h.Sum(nil)) + `"`
	return &cacheEntry{body: buf.Bytes(), etag: etag,
		etagHeader: []string{etag}, lengthHeader: []string{strconv.Itoa(buf.Len())}}, until, nil
}
