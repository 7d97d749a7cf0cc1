package api

import (
	"fmt"
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
	answer := func() (any, error) { computed.Add(1); return map[string]int{"n": int(computed.Load())}, nil }
	get := func(key, market string) {
		t.Helper()
		if _, err := c.get([]byte(key), cacheScope{market: market}, answer, nil); err != nil {
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
	now = now.Add(time.Minute)
	expect("past the maximum age", 3, all)

	// An event while the answer is computed: that answer is served to
	// its request but not kept.
	expect("an answer computed across an event", 2, func() {
		c.ReceiveEvent(events.MarketNewTrades(x, x))
		if _, err := c.get([]byte("detail-x"), cacheScope{market: x}, func() (any, error) {
			c.ReceiveEvent(events.MarketNewTrades(x, x))
			return answer()
		}, nil); err != nil {
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
			c.get([]byte("detail-x"), cacheScope{market: x}, func() (any, error) { started.Done(); <-release; return answer() }, nil)
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
// since, an answer is recomputed by the first reader, and readers arriving
// meanwhile get the old answer at once instead of waiting; not an answer an
// event outdated, nor one past an order's expiry, nor one older than twice
// the max age.
func TestReadCacheAgedServedWhileRecomputed(t *testing.T) {
	const x = "0x000000000000000000000000000000000000000a"
	now := time.Unix(1_800_000_000, 0)
	var mu sync.Mutex
	clock := func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	advance := func(d time.Duration) { mu.Lock(); now = now.Add(d); mu.Unlock() }
	c := NewReadCache(CacheConfig{MaxAge: time.Minute, Now: clock})
	n := 0
	answer := func() (any, error) { n++; return n, nil }
	body := func(e *cacheEntry) string { return strings.TrimSpace(string(e.body)) }
	first, err := c.get([]byte("k"), cacheScope{market: x}, answer, nil)
	if err != nil {
		t.Fatal(err)
	}

	// whileRecomputing starts the recomputation of k and, while it runs,
	// reads k again: the body that read got and whether it waited.
	whileRecomputing := func(until *time.Time) (string, bool) {
		t.Helper()
		started, release := make(chan struct{}), make(chan struct{})
		done := make(chan struct{})
		go func() {
			defer close(done)
			c.get([]byte("k"), cacheScope{market: x}, func() (any, error) { close(started); <-release; return answer() }, until)
		}()
		<-started
		got := make(chan *cacheEntry, 1)
		go func() {
			e, err := c.get([]byte("k"), cacheScope{market: x}, answer, until)
			if err != nil {
				t.Error(err)
			}
			got <- e
		}()
		var e *cacheEntry
		waited := false
		select {
		case e = <-got:
		case <-time.After(200 * time.Millisecond):
			waited = true
			close(release)
			e = <-got
		}
		if !waited {
			close(release)
		}
		<-done
		return body(e), waited
	}

	advance(time.Minute) // past the max age, no event
	if got, waited := whileRecomputing(nil); waited || got != body(first) {
		t.Fatalf("aged answer while recomputed: %s (waited %v), want the old %s at once", got, waited, body(first))
	}
	second, _ := c.get([]byte("k"), cacheScope{market: x}, answer, nil)
	if body(second) == body(first) {
		t.Fatalf("after the recomputation still %s", body(second))
	}

	advance(time.Minute)
	c.ReceiveEvent(events.MarketNewTrades(x, x)) // outdated by an event
	if got, waited := whileRecomputing(nil); !waited || got == body(second) {
		t.Fatalf("outdated by an event: %s (waited %v), want the new answer after waiting", got, waited)
	}

	advance(3 * time.Minute) // older than twice the max age
	if _, waited := whileRecomputing(nil); !waited {
		t.Fatal("an answer past twice the max age was served without waiting")
	}

	// An answer that ends at an order's expiry is wrong past it.
	until := clock().Add(time.Second)
	if _, err := c.get([]byte("k2"), cacheScope{market: x}, answer, &until); err != nil {
		t.Fatal(err)
	}
	advance(2 * time.Second)
	started, release := make(chan struct{}), make(chan struct{})
	go c.get([]byte("k2"), cacheScope{market: x}, func() (any, error) { close(started); <-release; return answer() }, &until)
	<-started
	got := make(chan struct{})
	go func() { c.get([]byte("k2"), cacheScope{market: x}, answer, &until); close(got) }()
	select {
	case <-got:
		t.Fatal("an answer past its order's expiry was served while recomputed")
	case <-time.After(100 * time.Millisecond):
	}
	close(release)
	<-got
}

// TestReadCacheBytes: the answers kept stay within MaxBytes, outdated
// ones go first, and an answer too large for the room is served but not
// kept.
func TestReadCacheBytes(t *testing.T) {
	c := NewReadCache(CacheConfig{MaxAge: time.Hour, MaxBytes: 4000})
	var computed int
	answer := func(n int) func() (any, error) {
		return func() (any, error) { computed++; return strings.Repeat("x", n), nil }
	}
	for i := range 40 {
		if _, err := c.get([]byte(fmt.Sprint("list", i)), cacheScope{}, answer(100), nil); err != nil {
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
		c.get([]byte(fmt.Sprint("fresh", i)), cacheScope{}, answer(100), nil)
	}
	for k, e := range c.entries {
		if e.stamp != c.stampLocked(cacheScope{}) {
			t.Fatalf("outdated answer %s kept beside fresh ones", k)
		}
	}
	computed = 0
	for range 2 {
		if _, err := c.get([]byte("big"), cacheScope{}, answer(1000), nil); err != nil {
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
