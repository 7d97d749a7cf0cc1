package api

import (
	"context"
	"net/http/httptest"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/predict-dev/predict/internal/events"
)

// TestReadCacheGenerations checks what each event of the bus invalidates
// (the memo and the table are package cache's, TestMemoGenerations), that
// an answer computed across an event is not kept, that answers expire,
// and that concurrent misses compute once.
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
	// background (TestMemoAgedServedWhileLoaded in package cache); past
	// twice the max age its readers compute.
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
