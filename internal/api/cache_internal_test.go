package api

import (
	"context"
	"fmt"
	"log/slog"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/predict-dev/predict/internal/events"
)

// TestReadCacheGenerations checks what each event invalidates, that an
// answer computed across an event is not kept, that answers expire, and
// that concurrent misses compute once.
func TestReadCacheGenerations(t *testing.T) {
	const x, y = "0x000000000000000000000000000000000000000a", "0x000000000000000000000000000000000000000b"
	now := time.Unix(1_800_000_000, 0)
	c := NewReadCache(CacheConfig{MaxAge: time.Minute, Now: func() time.Time { return now }})
	var computed atomic.Int64
	answer := func(context.Context) (any, error) {
		computed.Add(1)
		return map[string]int{"n": int(computed.Load())}, nil
	}
	get := func(key, market string) {
		t.Helper()
		if _, err := c.get(context.Background(), []byte(key), cacheScope{market: market}, answer); err != nil {
			t.Fatal(err)
		}
	}
	// expect runs fn and checks how many answers it computed.
	expect := func(what string, want int64, fn func()) {
		t.Helper()
		before := computed.Load()
		fn()
		if got := computed.Load() - before; got != want {
			t.Fatalf("%s: computed %d answers, want %d", what, got, want)
		}
	}
	all := func() { get("detail-x", x); get("detail-y", y); get("list", "") }

	expect("first reads", 3, all)
	expect("repeated reads", 0, all)
	expect("a trade on y", 2, func() { c.ReceiveEvent(events.MarketPriceChange(y, y)); all() }) // y and the list
	expect("a user's event", 0, func() { c.ReceiveEvent(events.UserNewNotification("u")); all() })
	expect("a settle operation on x", 2, func() {
		c.ReceiveEvent(events.UserOperationStatus("u", "0x01", events.OpAccepted, "", "", x, "settle-market"))
		all()
	})
	expect("a new market", 1, func() { c.ReceiveEvent(events.MarketCreated(y, x)); get("list", "") })
	expect("a resync", 3, func() { c.Resync(0); all() })
	expect("a profile change", 3, func() { c.Flush(); all() })
	// Past the max age an answer is served while recomputed in the
	// background (TestReadCacheAgedServedWhileRecomputed); past twice
	// the max age its readers compute.
	now = now.Add(2 * time.Minute)
	expect("past twice the maximum age", 3, all)

	// An event while the answer is computed: that answer is served to
	// its request but not kept.
	expect("an answer computed across an event", 2, func() {
		c.ReceiveEvent(events.MarketNewTrades(x, x))
		if _, err := c.get(context.Background(), []byte("detail-x"), cacheScope{market: x}, func(ctx context.Context) (any, error) {
			c.ReceiveEvent(events.MarketNewTrades(x, x))
			return answer(ctx)
		}); err != nil {
			t.Fatal(err)
		}
		get("detail-x", x)
	})

	// Concurrent misses of one key wait for one computation.
	c.ReceiveEvent(events.MarketNewTrades(x, x))
	release := make(chan struct{})
	var started sync.WaitGroup
	started.Add(1)
	expect("concurrent misses", 1, func() {
		var wg sync.WaitGroup
		wg.Go(func() {
			c.get(context.Background(), []byte("detail-x"), cacheScope{market: x}, func(ctx context.Context) (any, error) {
				started.Done()
				<-release
				return answer(ctx)
			})
		})
		started.Wait()
		for range 8 {
			wg.Go(func() { get("detail-x", x) })
		}
		time.Sleep(20 * time.Millisecond)
		close(release)
		wg.Wait()
	})
}

// TestReadCacheAgedServedWhileRecomputed: past its max age, with no event
// since, an answer is served at once to every reader, the first one
// included, while one recomputation runs in the background, which the end
// of the request that started it does not stop; not an answer an event
// outdated, nor one past an order's expiry, nor one older than twice the
// max age: their readers wait for the new answer.
func TestReadCacheAgedServedWhileRecomputed(t *testing.T) {
	const x = "0x000000000000000000000000000000000000000a"
	now := time.Unix(1_800_000_000, 0)
	var mu sync.Mutex
	clock := func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	advance := func(d time.Duration) { mu.Lock(); now = now.Add(d); mu.Unlock() }
	c := NewReadCache(CacheConfig{MaxAge: time.Minute, Now: clock})
	var n atomic.Int64
	answer := func(context.Context) (any, error) { return n.Add(1), nil }
	body := func(e *cacheEntry) string { return strings.TrimSpace(string(e.body)) }
	get := func(ctx context.Context, key string, compute computeFunc) string {
		t.Helper()
		e, err := c.get(ctx, []byte(key), cacheScope{market: x}, compute)
		if err != nil {
			t.Fatal(err)
		}
		return body(e)
	}
	landed := func() { t.Helper(); waitLanded(t, c) }
	first := get(context.Background(), "k", answer)

	// whileRecomputing reads k with a computation that blocks, from a
	// request that ends as soon as it is answered, then reads k again
	// while that computation runs: the bodies the two reads got, and
	// whether either waited for the computation.
	whileRecomputing := func(key string) (firstGot, secondGot string, waited bool) {
		t.Helper()
		started, release := make(chan struct{}), make(chan struct{})
		var once sync.Once
		blocked := func(ctx context.Context) (any, error) {
			once.Do(func() { close(started) })
			<-release
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			return answer(ctx)
		}
		got := make(chan string, 2)
		go func() {
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel() // the request ends
			got <- get(ctx, key, blocked)
		}()
		<-started
		go func() { got <- get(context.Background(), key, answer) }()
		for i := range 2 {
			select {
			case b := <-got:
				if i == 0 {
					firstGot = b
				} else {
					secondGot = b
				}
			case <-time.After(200 * time.Millisecond):
				waited = true
				close(release)
				if i == 0 {
					firstGot = <-got
				}
				secondGot = <-got
				landed()
				return firstGot, secondGot, waited
			}
		}
		close(release)
		landed()
		return firstGot, secondGot, waited
	}

	advance(time.Minute) // past the max age, no event
	one, two, waited := whileRecomputing("k")
	if waited || one != first || two != first {
		t.Fatalf("aged answer while recomputed: %s and %s (waited %v), want the old %s at once", one, two, waited, first)
	}
	second := get(context.Background(), "k", answer)
	if second == first {
		t.Fatalf("after the recomputation in the background still %s", second)
	}

	advance(time.Minute)
	c.ReceiveEvent(events.MarketNewTrades(x, x)) // outdated by an event
	if one, two, waited := whileRecomputing("k"); !waited || one == second || two != one {
		t.Fatalf("outdated by an event: %s and %s (waited %v), want the new answer after waiting", one, two, waited)
	}

	advance(3 * time.Minute) // older than twice the max age
	if _, _, waited := whileRecomputing("k"); !waited {
		t.Fatal("an answer past twice the max age was served without waiting")
	}

	// An answer that ends at an order's expiry is wrong past it.
	until := clock().Add(time.Second)
	get(context.Background(), "k2", func(ctx context.Context) (any, error) {
		v, err := answer(ctx)
		return expiring{data: v, until: until}, err
	})
	advance(2 * time.Second)
	if _, _, waited := whileRecomputing("k2"); !waited {
		t.Fatal("an answer past its order's expiry was served while recomputed")
	}

	// With every background slot taken, the reader that finds an answer
	// aged computes it itself: the recomputations a stream of requests
	// can start stay bounded.
	third := get(context.Background(), "k", answer)
	advance(time.Minute)
	for range cap(c.refresher.slots) {
		c.refresher.slots <- struct{}{}
	}
	if got := get(context.Background(), "k", answer); got == third {
		t.Fatalf("with no background slot free, the aged %s was served", got)
	}
	for range cap(c.refresher.slots) {
		<-c.refresher.slots
	}
}

// waitLanded waits for c's computations under way to end, a panicked one
// included.
func waitLanded(t *testing.T, c *ReadCache) {
	t.Helper()
	for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(time.Millisecond) {
		c.mu.Lock()
		busy := len(c.flights)
		c.mu.Unlock()
		if busy == 0 {
			return
		}
		if time.Now().After(deadline) {
			t.Fatal("a computation never ended")
		}
	}
}

// TestReadCacheRefreshPanics: a recomputation in the background that
// panics ends its flight, so readers go on being served, and later
// compute on their own; the server does not go down with it, and its
// logger says what happened.
func TestReadCacheRefreshPanics(t *testing.T) {
	now := time.Unix(1_800_000_000, 0)
	var mu sync.Mutex
	clock := func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	logged := make(chan string, 1)
	c := NewReadCache(CacheConfig{MaxAge: time.Minute, Now: clock, Logger: slog.New(recordHandler(logged))})
	if _, err := c.get(context.Background(), []byte("k"), cacheScope{}, func(context.Context) (any, error) { return 1, nil }); err != nil {
		t.Fatal(err)
	}
	mu.Lock()
	now = now.Add(time.Minute)
	mu.Unlock()
	panicked := make(chan struct{})
	e, err := c.get(context.Background(), []byte("k"), cacheScope{}, func(context.Context) (any, error) {
		defer close(panicked)
		panic("a bug")
	})
	if err != nil || !strings.Contains(string(e.body), `"data":1`) {
		t.Fatalf("aged answer: %s, %v", e.body, err)
	}
	<-panicked
	waitLanded(t, c)
	e, err = c.get(context.Background(), []byte("k"), cacheScope{}, func(context.Context) (any, error) { return 2, nil })
	if err != nil || !strings.Contains(string(e.body), `"data":1`) {
		t.Fatalf("after the panic: %s, %v; want the aged answer again", e.body, err)
	}
	select {
	case msg := <-logged:
		if !strings.Contains(msg, "panicked") {
			t.Fatalf("logged %q, want the panic", msg)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("the panic was not logged")
	}
}

// recordHandler is a slog handler that sends each record's message at
// warning level or above to out, dropping what out has no room for.
type recordHandler chan<- string

func (h recordHandler) Enabled(_ context.Context, l slog.Level) bool { return l >= slog.LevelWarn }
func (h recordHandler) Handle(_ context.Context, r slog.Record) error {
	select {
	case h <- r.Message:
	default:
	}
	return nil
}
func (h recordHandler) WithAttrs([]slog.Attr) slog.Handler { return h }
func (h recordHandler) WithGroup(string) slog.Handler      { return h }

// TestReadCacheBytes: the answers kept stay within MaxBytes, outdated
// ones go first, and an answer too large for the room is served but not
// kept.
func TestReadCacheBytes(t *testing.T) {
	c := NewReadCache(CacheConfig{MaxAge: time.Hour, MaxBytes: 4000})
	var computed int
	answer := func(n int) computeFunc {
		return func(context.Context) (any, error) { computed++; return strings.Repeat("x", n), nil }
	}
	for i := range 40 {
		if _, err := c.get(context.Background(), []byte(fmt.Sprint("list", i)), cacheScope{}, answer(100)); err != nil {
			t.Fatal(err)
		}
		if c.bytes > c.maxBytes {
			t.Fatalf("after %d answers the cache holds %d bytes, more than %d", i+1, c.bytes, c.maxBytes)
		}
	}
	held := len(c.entries)
	if held == 0 || held == 40 {
		t.Fatalf("%d of 40 answers held in 4000 bytes", held)
	}
	sum := 0
	for _, e := range c.entries {
		sum += len(e.body)
	}
	if sum != c.bytes {
		t.Fatalf("the entries hold %d bytes, the count says %d", sum, c.bytes)
	}
	// A trade makes every list outdated: the next eviction drops them
	// all before any fresh answer.
	c.ReceiveEvent(events.MarketNewTrades("0x000000000000000000000000000000000000000a", ""))
	for i := range 40 {
		c.get(context.Background(), []byte(fmt.Sprint("fresh", i)), cacheScope{}, answer(100))
	}
	for k, e := range c.entries {
		if e.stamp != c.stampLocked(cacheScope{}) {
			t.Fatalf("outdated answer %s kept beside fresh ones", k)
		}
	}
	computed = 0
	for range 2 {
		if _, err := c.get(context.Background(), []byte("big"), cacheScope{}, answer(1000)); err != nil {
			t.Fatal(err)
		}
	}
	if computed != 2 || c.entries["big"] != nil {
		t.Fatalf("an answer larger than an eighth of the room was kept (computed %d times)", computed)
	}
}

// TestCacheKey: one key per query whatever the order of its parameters,
// a name's values kept in order, and never one key for two queries.
func TestCacheKey(t *testing.T) {
	const path = "/api/v1/market/get-user-positions"
	key := func(uid, query string) string {
		r := httptest.NewRequest("GET", path+"?"+query, nil)
		k, ok := appendCacheKey(nil, uid, r)
		if !ok {
			return "refused"
		}
		return string(k)
	}
	for _, tc := range []struct {
		name, uid, query, want string
	}{
		{"in order, as sent", "", "page=1&pageSize=20", path + "?page=1&pageSize=20"},
		{"sorted by name", "", "pageSize=20&page=1", path + "?page=1&pageSize=20"},
		{"a name's values keep their order", "", "b=2&a=y&a=x", path + "?a=y&a=x&b=2"},
		{"empty parameters dropped", "", "b=2&&a=1&", path + "?a=1&b=2"},
		{"a user's", "u1", "page=1", "u=u1 " + path + "?page=1"},
		{"escapes decoded and encoded again", "", "p%61ge=1&a=%41", path + "?a=A&page=1"},
		{"no query", "", "", path + "?"},
		{"a query that does not parse", "", "a=1;b=2", "refused"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := key(tc.uid, tc.query); got != tc.want {
				t.Fatalf("key of %q = %q, want %q", tc.query, got, tc.want)
			}
		})
	}
	if key("", "a=x&a=y") == key("", "a=y&a=x") {
		t.Fatal("two orders of one name's values share a key")
	}
	if key("u1", "page=1") == key("u2", "page=1") {
		t.Fatal("two users share a key")
	}
}
