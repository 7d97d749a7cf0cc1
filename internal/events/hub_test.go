package events

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/event"
)

func market(n int) string { return fmt.Sprintf("0x%040x", n) }

func newTestHub(t *testing.T, bus Bus, edit func(*HubConfig)) *Hub {
	t.Helper()
	cfg := HubConfig{BufferSize: 8, ForwardTimeout: 100 * time.Millisecond, ReplayGrace: time.Minute}
	if edit != nil {
		edit(&cfg)
	}
	h, err := NewHub(context.Background(), bus, cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(h.Close)
	return h
}

func publish(t *testing.T, bus Bus, es ...Event) {
	t.Helper()
	for _, e := range es {
		if err := bus.Publish(context.Background(), e); err != nil {
			t.Fatal(err)
		}
	}
}

// got is a frame as a client sees it.
type got struct {
	id   uint64
	name string
	data string
}

func (g got) String() string { return fmt.Sprintf("%d %s %s", g.id, g.name, g.data) }

// settle waits until every shard of h has delivered what the hub has
// received: delivery runs on the shards' goroutines, after the publish.
func (h *Hub) settle() {
	h.mu.RLock()
	want := h.hwm
	h.mu.RUnlock()
	deadline := time.Now().Add(10 * time.Second)
	for _, s := range h.shards {
		for {
			s.mu.Lock()
			at := s.delivered
			s.mu.Unlock()
			if at >= want {
				break
			}
			if time.Now().After(deadline) {
				panic(fmt.Sprintf("events: a shard is stuck at %d, the hub at %d", at, want))
			}
			time.Sleep(50 * time.Microsecond)
		}
	}
}

func frames(c *Conn, ping bool) []got {
	c.hub.settle()
	var out []got
	for _, f := range c.take(ping) {
		lines := strings.Split(strings.TrimSpace(string(f.body)), "\n")
		out = append(out, got{f.id, strings.TrimPrefix(lines[0], "event: "), strings.TrimPrefix(lines[1], "data: ")})
	}
	return out
}

func names(gs []got) []string {
	var out []string
	for _, g := range gs {
		out = append(out, g.name)
	}
	return out
}

func connect(t *testing.T, h *Hub, uid, last string, topics ...string) *Conn {
	t.Helper()
	c, err := h.Connect(context.Background(), ConnectParams{UID: uid, LastEventID: last, Topics: topics})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(c.Close)
	return c
}

func TestConstructors(t *testing.T) {
	m, o := strings.ToUpper(market(1)), market(2)
	for _, tc := range []struct {
		e     Event
		name  string
		topic string
		keys  []string
	}{
		{MarketNewTrades(m, o), event.NewTrades, "market:" + market(1), []string{event.KeyMarket, event.KeyOption}},
		{MarketPriceChange(m, o), event.PriceChange, "market:" + market(1), []string{event.KeyMarket, event.KeyOption}},
		{MarketInfoUpdate(m, ""), event.InfoUpdate, "market:" + market(1), []string{event.KeyMarket, event.KeyOption}},
		{UserPositionChanged("u1", m, o), event.PositionChanged, "", []string{event.KeyMarket, event.KeyOption, event.KeyUID}},
		{UserAssetChanged("u1", o), event.AssetChanged, "", []string{event.KeyBaseToken, event.KeyUID}},
		{UserNewNotification("u1"), event.NewNotification, "", []string{event.KeyUID}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if err := tc.e.Validate(); err != nil {
				t.Fatal(err)
			}
			var keys []string
			for k := range tc.e.Data {
				keys = append(keys, k)
			}
			slices.Sort(keys)
			if tc.e.Name != tc.name || tc.e.Topic != tc.topic || !slices.Equal(keys, tc.keys) {
				t.Fatalf("got %+v", tc.e)
			}
			if tc.e.Data[event.KeyMarket] != "" && tc.e.Data[event.KeyMarket] != market(1) {
				t.Fatalf("market not lowercased: %v", tc.e.Data)
			}
		})
	}
	for _, bad := range []Event{
		{Name: "base:ping"},
		{Name: event.NewTrades, Topic: "market:0x1"},
		{Name: event.NewTrades, Topic: MarketTopic(market(1)), UID: "u"},
		{Name: event.PositionChanged},
		{Name: "user:x\nevent: forged", UID: "u"},
	} {
		if bad.Validate() == nil {
			t.Errorf("%+v validated", bad)
		}
	}
}

func TestFanOut(t *testing.T) {
	bus := NewMemoryBus()
	h := newTestHub(t, bus, nil)
	a := connect(t, h, "alice", "")
	b := connect(t, h, "bob", "", MarketTopic(market(1)))
	if got := names(frames(a, false)); !slices.Equal(got, []string{event.Connected}) {
		t.Fatalf("alice first frames = %v", got)
	}
	frames(b, false)

	publish(t, bus, UserNewNotification("alice"), MarketNewTrades(market(1), market(2)), MarketNewTrades(market(3), market(2)))
	if got := names(frames(a, false)); !slices.Equal(got, []string{event.NewNotification}) {
		t.Fatalf("alice got %v", got)
	}
	if got := names(frames(b, false)); !slices.Equal(got, []string{event.NewTrades}) {
		t.Fatalf("bob got %v", got)
	}

	t.Run("PingCarriesPosition", func(t *testing.T) {
		publish(t, bus, MarketNewTrades(market(9), market(2)))
		last, _ := bus.LastID(context.Background())
		fs := frames(a, true)
		if len(fs) != 1 || fs[0].name != event.Ping || fs[0].id != last || fs[0].data != "{}" {
			t.Fatalf("ping = %v, want id %d", fs, last)
		}
	})
	t.Run("Unsubscribe", func(t *testing.T) {
		cur, err := h.Unsubscribe(context.Background(), "bob", b.ID(), []string{MarketTopic(market(1))})
		if err != nil || len(cur) != 0 {
			t.Fatalf("unsubscribe = %v, %v", cur, err)
		}
		publish(t, bus, MarketNewTrades(market(1), market(2)))
		if got := frames(b, false); len(got) != 0 {
			t.Fatalf("bob still got %v", got)
		}
	})
}

func TestSlowClientDropped(t *testing.T) {
	bus := NewMemoryBus()
	h := newTestHub(t, bus, nil)
	slow := connect(t, h, "alice", "")
	fast := connect(t, h, "bob", "")
	for i := 0; i < 20; i++ {
		publish(t, bus, UserNewNotification("alice"), UserNewNotification("bob"))
		frames(fast, false)
	}
	select {
	case <-slow.Done():
	default:
		t.Fatal("slow connection not dropped")
	}
	if !errors.Is(slow.endCause(), ErrSlowClient) {
		t.Fatalf("cause = %v", slow.endCause())
	}
	if s := h.Stats(); s.Dropped != 1 || s.Connections != 1 {
		t.Fatalf("stats = %+v", s)
	}
}

// TestStreamsPerUser: past the per-user cap a new stream closes the
// user's oldest, which ends with ErrReplaced; other users' streams stay.
func TestStreamsPerUser(t *testing.T) {
	for _, tc := range []struct {
		name     string
		cap      int // HubConfig.MaxStreamsPerUser
		open     int // streams alice opens, in order
		replaced int // the first this many end
	}{
		{name: "DefaultCap", cap: 0, open: 5, replaced: 2},
		{name: "AtTheCap", cap: 2, open: 2, replaced: 0},
		{name: "OnePast", cap: 2, open: 3, replaced: 1},
		{name: "NoCap", cap: -1, open: 6, replaced: 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			bus := NewMemoryBus()
			h := newTestHub(t, bus, func(c *HubConfig) { c.MaxStreamsPerUser = tc.cap })
			bob := []*Conn{connect(t, h, "bob", ""), connect(t, h, "bob", "")}
			var alice []*Conn
			for range tc.open {
				alice = append(alice, connect(t, h, "alice", ""))
			}
			publish(t, bus, UserNewNotification("alice"), UserNewNotification("bob"))
			for i, c := range alice {
				select {
				case <-c.Done():
					if i >= tc.replaced {
						t.Fatalf("stream %d of alice ended: %v", i, c.endCause())
					}
					if !errors.Is(c.endCause(), ErrReplaced) {
						t.Fatalf("stream %d ended with %v, want ErrReplaced", i, c.endCause())
					}
					if err := c.Serve(context.Background(), discard{}); !errors.Is(err, ErrReplaced) {
						t.Fatalf("Serve of a replaced stream = %v", err)
					}
				default:
					if i < tc.replaced {
						t.Fatalf("stream %d of alice still open; want the oldest %d closed", i, tc.replaced)
					}
					if got := names(frames(c, false)); !slices.Equal(got, []string{event.Connected, event.NewNotification}) {
						t.Fatalf("stream %d of alice got %v", i, got)
					}
				}
			}
			for _, c := range bob {
				if got := names(frames(c, false)); !slices.Equal(got, []string{event.Connected, event.NewNotification}) {
					t.Fatalf("bob got %v", got)
				}
			}
			if s := h.Stats(); s.Replaced != int64(tc.replaced) || s.Connections != int64(len(bob)+tc.open-tc.replaced) {
				t.Fatalf("stats = %+v", s)
			}
		})
	}
}

// discard is a client that takes everything.
type discard struct{}

func (discard) Write(b []byte) (int, error)      { return len(b), nil }
func (discard) Flush() error                     { return nil }
func (discard) SetWriteDeadline(time.Time) error { return nil }

func TestReplay(t *testing.T) {
	bus := NewMemoryBus()
	h := newTestHub(t, bus, nil)
	t1, t2 := MarketTopic(market(1)), MarketTopic(market(2))
	first := connect(t, h, "alice", "")
	start := frames(first, false)[0].id
	first.Close()

	publish(t, bus,
		UserNewNotification("alice"),        // start+1
		MarketNewTrades(market(1), "0x1"),   // +2
		UserNewNotification("bob"),          // +3
		MarketPriceChange(market(2), "0x2"), // +4
		UserAssetChanged("alice", "0x3"),    // +5
	)
	last := strconv.FormatUint(start, 10)

	t.Run("UserAndConnectTopics", func(t *testing.T) {
		c := connect(t, h, "alice", last, t1)
		fs := frames(c, false)
		want := []got{
			{start, event.Connected, ""},
			{start + 1, event.NewNotification, ""},
			{start + 2, event.NewTrades, ""},
			{start + 5, event.AssetChanged, ""},
		}
		if len(fs) != len(want) {
			t.Fatalf("got %v", fs)
		}
		for i := range want {
			if fs[i].id != want[i].id || fs[i].name != want[i].name {
				t.Fatalf("frame %d = %v, want %v", i, fs[i], want[i])
			}
		}
		// A topic subscribed within the grace period gets its missed
		// events once, with the position already reached as id.
		publish(t, bus, MarketPriceChange(market(2), "0x2")) // +6, not yet subscribed
		if _, err := h.Subscribe(context.Background(), "alice", c.ID(), []string{t2}); err != nil {
			t.Fatal(err)
		}
		publish(t, bus, MarketPriceChange(market(2), "0x2")) // +7, live
		fs = frames(c, false)
		if len(fs) != 3 || !slices.Equal([]uint64{fs[0].id, fs[1].id, fs[2].id}, []uint64{start + 5, start + 6, start + 7}) {
			t.Fatalf("late replay = %v", fs)
		}
		if _, err := h.Unsubscribe(context.Background(), "alice", c.ID(), []string{t2}); err != nil {
			t.Fatal(err)
		}
		if _, err := h.Subscribe(context.Background(), "alice", c.ID(), []string{t2}); err != nil {
			t.Fatal(err)
		}
		if got := frames(c, false); len(got) != 0 {
			t.Fatalf("replayed twice: %v", got)
		}
	})
	t.Run("NoGraceWithoutResume", func(t *testing.T) {
		c := connect(t, h, "alice", "")
		frames(c, false)
		if _, err := h.Subscribe(context.Background(), "alice", c.ID(), []string{t1}); err != nil {
			t.Fatal(err)
		}
		if got := frames(c, false); len(got) != 0 {
			t.Fatalf("fresh connection replayed %v", got)
		}
	})
	for name, last := range map[string]string{"TooOld": strconv.FormatUint(start-1, 10), "Junk": "abc", "Future": "99999999999999999"} {
		t.Run(name, func(t *testing.T) {
			c := connect(t, h, "alice", last)
			if got := names(frames(c, false)); !slices.Equal(got, []string{event.Connected, event.Resync}) {
				t.Fatalf("got %v", got)
			}
		})
	}
	t.Run("WindowExpired", func(t *testing.T) {
		h := newTestHub(t, bus, func(c *HubConfig) { c.ReplayWindow = time.Millisecond })
		c := connect(t, h, "alice", "")
		pos := strconv.FormatUint(frames(c, false)[0].id, 10)
		publish(t, bus, UserNewNotification("alice"))
		time.Sleep(5 * time.Millisecond)
		c2 := connect(t, h, "alice", pos)
		if got := names(frames(c2, false)); !slices.Equal(got, []string{event.Connected, event.Resync}) {
			t.Fatalf("got %v", got)
		}
	})
}

// laggingBus reports a head beyond what its hubs have received, as the
// PostgreSQL bus does while a notification is in flight.
type laggingBus struct {
	*MemoryBus
	ahead uint64
}

func (b *laggingBus) LastID(ctx context.Context) (uint64, error) {
	id, err := b.MemoryBus.LastID(ctx)
	return id + b.ahead, err
}

func TestResumeAheadOfReplica(t *testing.T) {
	bus := &laggingBus{MemoryBus: NewMemoryBus()}
	h := newTestHub(t, bus, nil)
	head, _ := bus.MemoryBus.LastID(context.Background())
	bus.ahead = 2
	// The client saw head+2 on a replica this one lags behind.
	c := connect(t, h, "alice", strconv.FormatUint(head+2, 10))
	if got := frames(c, false); len(got) != 1 || got[0].id != head+2 {
		t.Fatalf("got %v", got)
	}
	publish(t, bus, UserNewNotification("alice"), UserNewNotification("alice"), UserNewNotification("alice"))
	if got := frames(c, false); len(got) != 1 || got[0].id != head+3 {
		t.Fatalf("events already seen were not skipped: %v", got)
	}
}

func TestForward(t *testing.T) {
	bus := NewMemoryBus()
	a := newTestHub(t, bus, nil)
	b := newTestHub(t, bus, nil)
	c := connect(t, a, "alice", "")
	ctx := context.Background()
	topic := MarketTopic(market(1))

	cur, err := b.Subscribe(ctx, "alice", c.ID(), []string{topic})
	if err != nil || !slices.Equal(cur, []string{topic}) {
		t.Fatalf("subscribe through the other replica = %v, %v", cur, err)
	}
	frames(c, false)
	publish(t, bus, MarketNewTrades(market(1), market(2)))
	if got := names(frames(c, false)); !slices.Equal(got, []string{event.NewTrades}) {
		t.Fatalf("got %v", got)
	}

	for name, tc := range map[string]struct {
		hub  *Hub
		uid  string
		conn string
	}{
		"ForeignLocal":  {a, "mallory", c.ID()},
		"ForeignRemote": {b, "mallory", c.ID()},
		"Unknown":       {b, "alice", "nope"},
	} {
		t.Run(name, func(t *testing.T) {
			start := time.Now()
			_, err := tc.hub.Subscribe(ctx, tc.uid, tc.conn, []string{topic})
			if predict.ErrorCode(err) != predict.EFORBIDDEN {
				t.Fatalf("err = %v", err)
			}
			if d := time.Since(start); d < 90*time.Millisecond {
				t.Fatalf("refused after %s: timing tells foreign from unknown", d)
			}
		})
	}
	t.Run("Limit", func(t *testing.T) {
		h := newTestHub(t, bus, func(c *HubConfig) { c.MaxTopics = 2 })
		c := connect(t, h, "alice", "")
		_, err := b.Subscribe(ctx, "alice", c.ID(), []string{MarketTopic(market(1)), MarketTopic(market(2)), MarketTopic(market(3))})
		if predict.ErrorCode(err) != predict.EINVALID {
			t.Fatalf("err = %v", err)
		}
	})
}

func TestCloseEndsStreams(t *testing.T) {
	bus := NewMemoryBus()
	h, err := NewHub(context.Background(), bus, HubConfig{})
	if err != nil {
		t.Fatal(err)
	}
	c := connect(t, h, "alice", "")
	h.Close()
	select {
	case <-c.Done():
	default:
		t.Fatal("stream not ended")
	}
	if _, err := h.Connect(context.Background(), ConnectParams{UID: "alice"}); !errors.Is(err, ErrHubClosed) {
		t.Fatalf("connect after close = %v", err)
	}
	publish(t, bus, UserNewNotification("alice")) // detached: no panic, no delivery
}

func TestResync(t *testing.T) {
	bus := NewMemoryBus()
	h := newTestHub(t, bus, nil)
	c := connect(t, h, "alice", "")
	pos := frames(c, false)[0].id
	publish(t, bus, UserNewNotification("alice"))
	h.Resync(pos + 1)
	if !errors.Is(c.endCause(), ErrResync) {
		t.Fatalf("cause = %v", c.endCause())
	}
	c2 := connect(t, h, "alice", strconv.FormatUint(pos, 10))
	if got := names(frames(c2, false)); !slices.Equal(got, []string{event.Connected, event.Resync}) {
		t.Fatalf("got %v", got)
	}
}

// BenchmarkFanOut publishes market events to n subscribed connections:
// the cost of one publish on the delivering path (no HTTP).
func BenchmarkFanOut(b *testing.B) {
	for _, n := range []int{100, 1000, 10000} {
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			bus := NewMemoryBus()
			h, err := NewHub(context.Background(), bus, HubConfig{BufferSize: 1 << 20})
			if err != nil {
				b.Fatal(err)
			}
			defer h.Close()
			topic := MarketTopic(market(1))
			conns := make([]*Conn, n)
			for i := range conns {
				if conns[i], err = h.Connect(context.Background(), ConnectParams{UID: strconv.Itoa(i), Topics: []string{topic}}); err != nil {
					b.Fatal(err)
				}
			}
			ev := MarketNewTrades(market(1), market(2))
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				if err := bus.Publish(context.Background(), ev); err != nil {
					b.Fatal(err)
				}
				if i%256 == 255 {
					b.StopTimer()
					for _, c := range conns {
						c.take(false)
					}
					b.StartTimer()
				}
			}
		})
	}
}

// TestPublishDoesNotWaitForDelivery: with every shard stuck (its lock
// held, as a shard busy with a huge fan-out would be), a publish still
// returns, and the event reaches the stream once the shard moves on.
func TestPublishDoesNotWaitForDelivery(t *testing.T) {
	bus := NewMemoryBus()
	h := newTestHub(t, bus, func(c *HubConfig) { c.Shards = 2 })
	c := connect(t, h, "alice", "", MarketTopic(market(1)))
	frames(c, false)
	for _, s := range h.shards {
		s.mu.Lock()
	}
	var once sync.Once
	release := func() {
		once.Do(func() {
			for _, s := range h.shards {
				s.mu.Unlock()
			}
		})
	}
	defer release() // before the cleanup closes the hub, which takes the shards' locks
	published := make(chan error, 1)
	go func() { published <- bus.Publish(context.Background(), MarketNewTrades(market(1), market(2))) }()
	select {
	case err := <-published:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("publish waited for a stuck shard")
	}
	release()
	if got := names(frames(c, false)); !slices.Equal(got, []string{event.NewTrades}) {
		t.Fatalf("after the shard moved on: %v", got)
	}
}

// batchWriter records the calls a stream makes.
type batchWriter struct {
	writes, flushes int
	buf             []byte
}

func (w *batchWriter) Write(b []byte) (int, error) {
	w.writes++
	w.buf = append(w.buf, b...)
	return len(b), nil
}
func (w *batchWriter) Flush() error                     { w.flushes++; return nil }
func (w *batchWriter) SetWriteDeadline(time.Time) error { return nil }

// TestEncodeOnceWriteOnce: streams at the same position share one
// encoding of an event, id line included, and a stream writes every frame
// queued since its last write with one Write and one Flush.
func TestEncodeOnceWriteOnce(t *testing.T) {
	bus := NewMemoryBus()
	h := newTestHub(t, bus, nil)
	topic := MarketTopic(market(1))
	a := connect(t, h, "alice", "", topic)
	b := connect(t, h, "bob", "", topic)
	frames(a, false)
	frames(b, false)

	publish(t, bus, MarketNewTrades(market(1), "0x1"))
	h.settle()
	fa, fb := a.take(false), b.take(false)
	if len(fa) != 1 || len(fb) != 1 || fa[0].wire == nil || &fa[0].wire[0] != &fb[0].wire[0] {
		t.Fatalf("the two streams do not share one encoding: %+v %+v", fa, fb)
	}
	id := strconv.FormatUint(fa[0].id, 10)
	if want := "id: " + id + "\nevent: " + event.NewTrades + "\n"; !strings.HasPrefix(string(fa[0].wire), want) {
		t.Fatalf("frame %q, want it to start with %q", fa[0].wire, want)
	}

	publish(t, bus, MarketNewTrades(market(1), "0x2"), MarketPriceChange(market(1), "0x2"), MarketNewTrades(market(1), "0x3"))
	h.settle()
	fs := a.take(true) // three events and a ping
	var w batchWriter
	if err := a.write(&w, fs); err != nil {
		t.Fatal(err)
	}
	if w.writes != 1 || w.flushes != 1 {
		t.Fatalf("%d frames took %d writes and %d flushes, want 1 and 1", len(fs), w.writes, w.flushes)
	}
	var want []byte
	for _, f := range fs {
		want = append(want, "id: "+strconv.FormatUint(f.id, 10)+"\n"...)
		want = append(want, f.body...)
	}
	if len(fs) != 4 || string(w.buf) != string(want) {
		t.Fatalf("wrote %q\nwant %q", w.buf, want)
	}
}

// TestShardBehindTheHistoryDropsItsStreams: a shard that cannot deliver
// while more events arrive than the replay history holds does not keep
// them all: it ends its streams as slow clients, and a stream that
// resumes with Last-Event-ID is replayed what the history still has.
func TestShardBehindTheHistoryDropsItsStreams(t *testing.T) {
	bus := NewMemoryBus()
	h := newTestHub(t, bus, func(c *HubConfig) { c.Shards = 1; c.ReplaySize = 4; c.BufferSize = 64 })
	topic := MarketTopic(market(1))
	c := connect(t, h, "alice", "", topic)
	frames(c, false)
	publish(t, bus, MarketNewTrades(market(1), "0x1"))
	seen := frames(c, false)
	if len(seen) != 1 {
		t.Fatalf("first event: %v", seen)
	}
	s := h.shards[0]
	s.mu.Lock()
	var once sync.Once
	release := func() { once.Do(s.mu.Unlock) }
	defer release()
	for i := range 10 {
		publish(t, bus, MarketNewTrades(market(1), fmt.Sprintf("0x%d", i+2)))
	}
	s.in.Lock()
	waiting := len(s.inbox)
	s.in.Unlock()
	if waiting > 4 {
		t.Fatalf("%d events wait in the inbox, the history holds 4", waiting)
	}
	release()
	select {
	case <-c.Done():
	case <-time.After(10 * time.Second):
		t.Fatal("the stream of a shard that fell behind was not ended")
	}
	if !errors.Is(c.endCause(), ErrSlowClient) {
		t.Fatalf("cause = %v", c.endCause())
	}
	again := connect(t, h, "alice", strconv.FormatUint(seen[0].id, 10), topic)
	// Ten events were missed and the history holds four: the client is
	// told to refetch.
	if got := names(frames(again, false)); !slices.Equal(got, []string{event.Connected, event.Resync}) {
		t.Fatalf("resumed stream: %v", got)
	}
	publish(t, bus, MarketNewTrades(market(1), "0xc"))
	if got := names(frames(again, false)); !slices.Equal(got, []string{event.NewTrades}) {
		t.Fatalf("after the resync: %v", got)
	}
}

// TestFirehose follows every market on one topic: each market event
// reaches it once (a stream holding a market's own topic too gets no
// copy), never a user event of someone else; a reconnect replays what was
// missed, and a late subscribe to it replays only what was not replayed.
func TestFirehose(t *testing.T) {
	bus := NewMemoryBus()
	h := newTestHub(t, bus, nil)
	t1 := MarketTopic(market(1))
	all := connect(t, h, "alice", "", FirehoseTopic)
	both := connect(t, h, "bob", "", FirehoseTopic, t1)
	one := connect(t, h, "carol", "", t1)
	start := frames(all, false)[0].id
	frames(both, false)
	frames(one, false)

	publish(t, bus,
		MarketNewTrades(market(1), market(9)),   // start+1
		MarketPriceChange(market(2), market(9)), // +2
		UserNewNotification("bob"),              // +3
		MarketCreated(market(7), market(3)),     // +4: the factory's topic
	)
	ids := func(gs []got) []uint64 {
		var out []uint64
		for _, g := range gs {
			out = append(out, g.id)
		}
		return out
	}
	if got := ids(frames(all, false)); !slices.Equal(got, []uint64{start + 1, start + 2, start + 4}) {
		t.Errorf("firehose got %v, want the three market events", got)
	}
	if got := ids(frames(both, false)); !slices.Equal(got, []uint64{start + 1, start + 2, start + 3, start + 4}) {
		t.Errorf("firehose and market 1 got %v, want each event once, bob's notification too", got)
	}
	if got := ids(frames(one, false)); !slices.Equal(got, []uint64{start + 1}) {
		t.Errorf("market 1 alone got %v", got)
	}

	t.Run("Replay", func(t *testing.T) {
		c := connect(t, h, "dave", strconv.FormatUint(start, 10), FirehoseTopic, t1)
		if got := ids(frames(c, false)); !slices.Equal(got, []uint64{start, start + 1, start + 2, start + 4}) {
			t.Errorf("resumed firehose got %v, want connected then the three market events once", got)
		}
	})
	t.Run("LateSubscribe", func(t *testing.T) {
		c := connect(t, h, "erin", strconv.FormatUint(start, 10), t1)
		if got := ids(frames(c, false)); !slices.Equal(got, []uint64{start, start + 1}) {
			t.Fatalf("resumed market 1 got %v", got)
		}
		cur, err := h.Subscribe(context.Background(), "erin", c.ID(), []string{FirehoseTopic})
		if err != nil || !slices.Contains(cur, FirehoseTopic) {
			t.Fatalf("subscribe the firehose = %v, %v", cur, err)
		}
		if got := ids(frames(c, false)); !slices.Equal(got, []uint64{start + 2, start + 4}) {
			t.Errorf("late firehose replayed %v, want only what market 1 had not", got)
		}
		if _, err := h.Subscribe(context.Background(), "erin", c.ID(), []string{MarketTopic(market(2))}); err != nil {
			t.Fatal(err)
		}
		if got := frames(c, false); len(got) != 0 {
			t.Errorf("market 2 after the firehose replayed again: %v", got)
		}
	})
	t.Run("Parse", func(t *testing.T) {
		if c, m, err := ParseTopic(FirehoseTopic); c != FirehoseTopic || m != "" || err != nil {
			t.Errorf("ParseTopic(firehose) = %q, %q, %v", c, m, err)
		}
		for _, bad := range []string{"market:", "market:**", "MARKET:*", "market:0x*"} {
			if _, _, err := ParseTopic(bad); err == nil {
				t.Errorf("ParseTopic(%q) accepted", bad)
			}
		}
	})
}
