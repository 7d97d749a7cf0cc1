package cache

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/predict-dev/predict/event"
)

// counter is a Loader that counts its loads and answers their number.
type counter struct{ n atomic.Int64 }

func (c *counter) Load(context.Context, string) (int64, time.Time, error) {
	return c.n.Add(1), time.Time{}, nil
}

// TestMemoGenerations checks what each event outdates, that a value
// loaded across an event is not kept, that values expire, and that
// concurrent misses load once.
func TestMemoGenerations(t *testing.T) {
	const x, y = "0x000000000000000000000000000000000000000a", "0x000000000000000000000000000000000000000b"
	now := time.Unix(1_800_000_000, 0)
	gens := NewGenerations()
	m := New[string](Config[int64]{MaxAge: time.Minute, ServeAged: true, Generations: gens, Now: func() time.Time { return now }})
	var loads counter
	get := func(key, market string) {
		t.Helper()
		if _, err := m.Get(context.Background(), key, Scope{Market: market}, &loads); err != nil {
			t.Fatal(err)
		}
	}
	// expect runs fn and checks how many values it loaded.
	expect := func(what string, want int64, fn func()) {
		t.Helper()
		before := loads.n.Load()
		fn()
		if got := loads.n.Load() - before; got != want {
			t.Fatalf("%s: loaded %d values, want %d", what, got, want)
		}
	}
	all := func() { get("detail-x", x); get("detail-y", y); get("list", "") }

	expect("first reads", 3, all)
	expect("repeated reads", 0, all)
	expect("a trade on y", 2, func() { gens.Event(event.PriceChange, "", y); all() }) // y and the list
	expect("a user's event", 0, func() { gens.Event(event.NewNotification, "u", ""); all() })
	expect("a settle operation on x", 2, func() { gens.Event(event.OperationStatus, "u", x); all() })
	expect("a new market", 1, func() { gens.Event(event.MarketCreated, "", y); get("list", "") })
	expect("a resync", 3, func() { gens.Event(event.Resync, "", ""); all() })
	expect("a profile change", 3, func() { gens.Event(ForgetAll, "", ""); all() })
	expect("an event this replica does not know", 3, func() { gens.Event("market:something_new", "", ""); all() })
	// Past the max age a value is served while loaded again in the
	// background (TestMemoAgedServedWhileLoaded); past twice the max age
	// its readers load.
	now = now.Add(2 * time.Minute)
	expect("past twice the maximum age", 3, all)

	// An event while the value loads: that value is served to its
	// request but not kept.
	expect("a value loaded across an event", 2, func() {
		gens.Event(event.NewTrades, "", x)
		if _, err := m.Get(context.Background(), "detail-x", Scope{Market: x}, LoadFunc[string, int64](func(ctx context.Context, k string) (int64, time.Time, error) {
			gens.Event(event.NewTrades, "", x)
			return loads.Load(ctx, k)
		})); err != nil {
			t.Fatal(err)
		}
		get("detail-x", x)
	})

	// Concurrent misses of one key wait for one load.
	gens.Event(event.NewTrades, "", x)
	release := make(chan struct{})
	var started sync.WaitGroup
	started.Add(1)
	expect("concurrent misses", 1, func() {
		var wg sync.WaitGroup
		wg.Go(func() {
			m.Get(context.Background(), "detail-x", Scope{Market: x}, LoadFunc[string, int64](func(ctx context.Context, k string) (int64, time.Time, error) {
				started.Done()
				<-release
				return loads.Load(ctx, k)
			}))
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

// TestInvalidates: every event name has its line in the table, and each
// line outdates what it says.
func TestInvalidates(t *testing.T) {
	for _, name := range event.Names {
		if _, ok := Invalidates[name]; !ok {
			t.Errorf("event %s is not in Invalidates", name)
		}
	}
	const uid, market, other = "u1", "0x000000000000000000000000000000000000000a", "0x000000000000000000000000000000000000000b"
	scopes := map[string]Scope{
		"the user's":           {UID: uid},
		"the user's, priced":   {UID: uid, Prices: true},
		"another user's":       {UID: "u2"},
		"the market's":         {Market: market},
		"another market's":     {Market: other},
		"a list":               {},
		"another's, priced":    {UID: "u2", Prices: true},
		"the user's, market's": {UID: uid, Market: market},
	}
	for _, tc := range []struct {
		name, uid, market string
		outdated          []string
	}{
		{event.PositionChanged, uid, market, []string{"the user's", "the user's, priced", "the market's", "a list", "another's, priced", "the user's, market's"}},
		{event.AssetChanged, uid, "", []string{"the user's", "the user's, priced", "the user's, market's"}},
		{event.OperationStatus, uid, "", []string{"the user's", "the user's, priced", "the user's, market's"}},
		{event.NewTrades, "", market, []string{"the market's", "a list", "the user's, priced", "another's, priced", "the user's, market's"}},
		{event.MarketCreated, "", "", []string{"a list", "the user's, priced", "another's, priced"}},
		{event.Ping, "", "", nil},
		{ForgetUser, uid, "", []string{"the user's", "the user's, priced", "the user's, market's"}},
		{event.Resync, "", "", []string{"the user's", "the user's, priced", "another user's", "the market's", "another market's", "a list", "another's, priced", "the user's, market's"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := NewGenerations()
			g.Event(event.NewTrades, "", other) // counters that are not all zero
			before := map[string]Stamp{}
			for what, sc := range scopes {
				before[what] = g.Stamp(sc)
			}
			g.Event(tc.name, tc.uid, tc.market)
			for what, sc := range scopes {
				want := strings.Contains("|"+strings.Join(tc.outdated, "|")+"|", "|"+what+"|")
				if got := g.Stamp(sc) != before[what]; got != want {
					t.Errorf("%s outdated %s: %v, want %v", tc.name, what, got, want)
				}
			}
		})
	}
}

// waitLanded waits for m's loads under way to end, a panicked one
// included.
func waitLanded[K comparable, V any](t *testing.T, m *Memo[K, V]) {
	t.Helper()
	for deadline := time.Now().Add(5 * time.Second); m.Stats().Loading > 0; time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("a load never ended")
		}
	}
}

// TestMemoAgedServedWhileLoaded: past its max age, with no event since, a
// value is served at once to every reader, the first one included, while
// one load runs in the background, which the end of the request that
// started it does not stop; not a value an event outdated, nor one past
// its loader's end, nor one older than twice the max age: their readers
// wait for the new value.
func TestMemoAgedServedWhileLoaded(t *testing.T) {
	const x = "0x000000000000000000000000000000000000000a"
	now := time.Unix(1_800_000_000, 0)
	var mu sync.Mutex
	clock := func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	advance := func(d time.Duration) { mu.Lock(); now = now.Add(d); mu.Unlock() }
	gens := NewGenerations()
	refresher := NewRefresher(nil, 4)
	m := New[string](Config[int64]{MaxAge: time.Minute, ServeAged: true, Generations: gens, Now: clock, Refresher: refresher})
	var loads counter
	get := func(ctx context.Context, key string, load Loader[string, int64]) int64 {
		t.Helper()
		v, err := m.Get(ctx, key, Scope{Market: x}, load)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	first := get(context.Background(), "k", &loads)

	// whileLoading reads key with a load that blocks, from a request that
	// ends as soon as it is answered, then reads key again while that
	// load runs: the values the two reads got, and whether either waited.
	whileLoading := func(key string) (firstGot, secondGot int64, waited bool) {
		t.Helper()
		started, release := make(chan struct{}), make(chan struct{})
		var once sync.Once
		blocked := LoadFunc[string, int64](func(ctx context.Context, k string) (int64, time.Time, error) {
			once.Do(func() { close(started) })
			<-release
			if err := ctx.Err(); err != nil {
				return 0, time.Time{}, err
			}
			return loads.Load(ctx, k)
		})
		got := make(chan int64, 2)
		go func() {
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel() // the request ends
			got <- get(ctx, key, blocked)
		}()
		<-started
		go func() { got <- get(context.Background(), key, &loads) }()
		for i := range 2 {
			select {
			case v := <-got:
				if i == 0 {
					firstGot = v
				} else {
					secondGot = v
				}
			case <-time.After(200 * time.Millisecond):
				waited = true
				close(release)
				if i == 0 {
					firstGot = <-got
				}
				secondGot = <-got
				waitLanded(t, m)
				return firstGot, secondGot, waited
			}
		}
		close(release)
		waitLanded(t, m)
		return firstGot, secondGot, waited
	}

	advance(time.Minute) // past the max age, no event
	one, two, waited := whileLoading("k")
	if waited || one != first || two != first {
		t.Fatalf("aged value while loaded: %d and %d (waited %v), want the old %d at once", one, two, waited, first)
	}
	second := get(context.Background(), "k", &loads)
	if second == first {
		t.Fatalf("after the load in the background still %d", second)
	}

	advance(time.Minute)
	gens.Event(event.NewTrades, "", x) // outdated by an event
	if one, two, waited := whileLoading("k"); !waited || one == second || two != one {
		t.Fatalf("outdated by an event: %d and %d (waited %v), want the new value after waiting", one, two, waited)
	}

	advance(3 * time.Minute) // older than twice the max age
	if _, _, waited := whileLoading("k"); !waited {
		t.Fatal("a value past twice the max age was served without waiting")
	}

	// A value that ends at its loader's time is wrong past it.
	until := clock().Add(time.Second)
	get(context.Background(), "k2", LoadFunc[string, int64](func(ctx context.Context, k string) (int64, time.Time, error) {
		v, _, err := loads.Load(ctx, k)
		return v, until, err
	}))
	advance(2 * time.Second)
	if _, _, waited := whileLoading("k2"); !waited {
		t.Fatal("a value past its loader's end was served while loaded again")
	}

	// With every background slot taken, the reader that finds a value
	// aged loads it itself: the loads a stream of requests can start
	// stay bounded.
	third := get(context.Background(), "k", &loads)
	advance(time.Minute)
	hold := make(chan struct{})
	for refresher.Go(context.Background(), "hold a slot", func(context.Context) error { <-hold; return nil }) {
	}
	if got := get(context.Background(), "k", &loads); got == third {
		t.Fatalf("with no background slot free, the aged %d was served", got)
	}
	close(hold)
}

// TestMemoRefreshPanics: a load in the background that panics ends its
// flight, so readers go on being served, and later load on their own;
// the server does not go down with it, and its logger says what
// happened.
func TestMemoRefreshPanics(t *testing.T) {
	now := time.Unix(1_800_000_000, 0)
	var mu sync.Mutex
	clock := func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	logged := make(chan string, 1)
	m := New[string](Config[int]{MaxAge: time.Minute, ServeAged: true, Now: clock, Logger: slog.New(recordHandler(logged))})
	value := func(v int) Loader[string, int] {
		return LoadFunc[string, int](func(context.Context, string) (int, time.Time, error) { return v, time.Time{}, nil })
	}
	if _, err := m.Get(context.Background(), "k", Scope{}, value(1)); err != nil {
		t.Fatal(err)
	}
	mu.Lock()
	now = now.Add(time.Minute)
	mu.Unlock()
	panicked := make(chan struct{})
	v, err := m.Get(context.Background(), "k", Scope{}, LoadFunc[string, int](func(context.Context, string) (int, time.Time, error) {
		defer close(panicked)
		panic("a bug")
	}))
	if err != nil || v != 1 {
		t.Fatalf("aged value: %d, %v", v, err)
	}
	<-panicked
	waitLanded(t, m)
	if v, err = m.Get(context.Background(), "k", Scope{}, value(2)); err != nil || v != 1 {
		t.Fatalf("after the panic: %d, %v; want the aged value again", v, err)
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

// TestMemoBounds: the values kept stay within MaxBytes and MaxEntries,
// outdated ones go first, and a value too large for the room is served
// but not kept.
func TestMemoBounds(t *testing.T) {
	gens := NewGenerations()
	m := New[string](Config[string]{MaxAge: time.Hour, MaxBytes: 4000, MaxEntries: 1000, Size: func(s string) int { return len(s) }, Generations: gens})
	var loads int
	value := func(n int) Loader[string, string] {
		return LoadFunc[string, string](func(context.Context, string) (string, time.Time, error) {
			loads++
			return strings.Repeat("x", n), time.Time{}, nil
		})
	}
	for i := range 40 {
		if _, err := m.Get(context.Background(), fmt.Sprint("list", i), Scope{}, value(150)); err != nil {
			t.Fatal(err)
		}
		if st := m.Stats(); st.Bytes > 4000 {
			t.Fatalf("after %d values the memo holds %d bytes, more than 4000", i+1, st.Bytes)
		}
	}
	held := m.Stats().Entries
	if held == 0 || held == 40 {
		t.Fatalf("%d of 40 values held in 4000 bytes", held)
	}
	sum := 0
	for _, e := range m.entries {
		sum += e.size
	}
	if sum != m.Stats().Bytes {
		t.Fatalf("the entries hold %d bytes, the count says %d", sum, m.Stats().Bytes)
	}
	// A trade makes every list outdated: the next eviction drops them
	// all before any fresh value.
	gens.Event(event.NewTrades, "", "0x000000000000000000000000000000000000000a")
	for i := range 40 {
		m.Get(context.Background(), fmt.Sprint("fresh", i), Scope{}, value(150))
	}
	for k, e := range m.entries {
		if e.stamp != gens.Stamp(Scope{}) {
			t.Fatalf("outdated value %s kept beside fresh ones", k)
		}
	}
	loads = 0
	for range 2 {
		if _, err := m.Get(context.Background(), "big", Scope{}, value(1000)); err != nil {
			t.Fatal(err)
		}
	}
	if loads != 2 || m.entries["big"] != nil {
		t.Fatalf("a value larger than an eighth of the room was kept (loaded %d times)", loads)
	}

	// The count of values is bounded too, expired ones going first.
	now := time.Unix(1_800_000_000, 0)
	n := New[int](Config[int]{MaxAge: time.Minute, MaxEntries: 80, Now: func() time.Time { return now }})
	for i := range 40 {
		n.Put(i, i, time.Time{})
	}
	now = now.Add(time.Minute)
	for i := range 41 {
		n.Put(100+i, i, time.Time{})
		if st := n.Stats(); st.Entries > 80 {
			t.Fatalf("%d values held, more than 80", st.Entries)
		}
	}
	for i := range 41 {
		if _, ok := n.Peek(100 + i); !ok {
			t.Fatalf("value %d dropped while expired ones were held", 100+i)
		}
	}
}

// TestMemoScopeOf: a value about a Scope known only once loaded (an API
// key's owner) is outdated by its owner's events alone, and not kept when
// anything was invalidated while it loaded.
func TestMemoScopeOf(t *testing.T) {
	gens := NewGenerations()
	type key struct{ owner string }
	m := New[string](Config[key]{MaxAge: time.Hour, Generations: gens, ScopeOf: func(k key) Scope { return Scope{UID: k.owner} }})
	var loads int
	var during func()
	load := LoadFunc[string, key](func(context.Context, string) (key, time.Time, error) {
		loads++
		if during != nil {
			during()
			during = nil
		}
		return key{owner: "u1"}, time.Time{}, nil
	})
	expect := func(what string, want int, fn func()) {
		t.Helper()
		before := loads
		fn()
		if got := loads - before; got != want {
			t.Fatalf("%s: loaded %d times, want %d", what, got, want)
		}
	}
	get := func() { m.Get(context.Background(), "k", Scope{}, load) }
	expect("two reads", 1, func() { get(); get() })
	expect("another user's event", 0, func() { gens.Event(ForgetUser, "u2", ""); get() })
	expect("a market's event", 0, func() { gens.Event(event.NewTrades, "", "0x000000000000000000000000000000000000000a"); get() })
	expect("the owner's event", 1, func() { gens.Event(ForgetUser, "u1", ""); get() })
	expect("any event while loading", 2, func() {
		gens.Event(ForgetUser, "u1", "")
		during = func() { gens.Event(ForgetUser, "u2", "") }
		get()
		get()
	})
}

// TestMemoForgetAll: ForgetAll drops every value, and a load under way
// across it is served but not kept; an error is never kept.
func TestMemoForgetAll(t *testing.T) {
	m := New[string](Config[int]{MaxAge: time.Hour})
	var loads int
	var during func()
	load := LoadFunc[string, int](func(context.Context, string) (int, time.Time, error) {
		loads++
		if during != nil {
			during()
			during = nil
		}
		return loads, time.Time{}, nil
	})
	m.Get(context.Background(), "k", Scope{}, load)
	m.ForgetAll()
	during = m.ForgetAll
	m.Get(context.Background(), "k", Scope{}, load)
	if v, _ := m.Get(context.Background(), "k", Scope{}, load); v != 3 || loads != 3 {
		t.Fatalf("after ForgetAll and a load across it: value %d, %d loads; want 3 and 3", v, loads)
	}
	refused := errors.New("refused")
	for range 2 {
		if _, err := m.Get(context.Background(), "bad", Scope{}, LoadFunc[string, int](func(context.Context, string) (int, time.Time, error) {
			loads++
			return 0, time.Time{}, refused
		})); !errors.Is(err, refused) {
			t.Fatalf("error %v, want %v", err, refused)
		}
	}
	if loads != 5 {
		t.Fatalf("%d loads, want an error loaded again", loads)
	}
}

// TestGetBytes: a value found by a key in bytes costs no allocation, and
// one loaded by it is kept under a copy of the key, not the caller's
// buffer.
func TestGetBytes(t *testing.T) {
	m := New[string](Config[int64]{MaxAge: time.Hour})
	var loads counter
	buf := []byte("key-1")
	if _, err := GetBytes(context.Background(), m, buf, Scope{}, &loads); err != nil {
		t.Fatal(err)
	}
	copy(buf, "key-2") // the caller reuses its buffer
	if v, _ := GetBytes(context.Background(), m, []byte("key-1"), Scope{}, &loads); v != 1 {
		t.Fatalf("key-1 after its buffer was reused: %d, want the value kept (1)", v)
	}
	if v, _ := GetBytes(context.Background(), m, buf, Scope{}, &loads); v != 2 {
		t.Fatalf("key-2: %d, want a load of its own (2)", v)
	}
	ctx := context.Background()
	if n := testing.AllocsPerRun(100, func() { GetBytes(ctx, m, buf, Scope{}, &loads) }); n != 0 {
		t.Fatalf("a hit allocates %v times", n)
	}
}
