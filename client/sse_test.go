package client_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/predict-dev/predict/client"
	"github.com/predict-dev/predict/internal/events"
	"github.com/predict-dev/predict/internal/store/storetest"
)

// sseDouble is a test double of the event-stream endpoints. The real hub
// (TestStreamRealHub) cannot be told to refuse connections a given number
// of times, drop a stream at a chosen moment or stop pinging, which is
// what the reconnect rules are about; this server does exactly that.
// connect decides what the n-th connection (from 1) gets.
type sseDouble struct {
	t       *testing.T
	connect func(n int, w http.ResponseWriter, r *http.Request)

	mu          sync.Mutex
	n           int
	lastEventID []string // Last-Event-ID of each connection ("" when absent)
	auth        []string
	changes     []string // "subscribe c1 [topics]", in order
}

func (d *sseDouble) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	switch r.URL.Path {
	case "/api/v1/sse/connect":
		d.mu.Lock()
		d.n++
		n := d.n
		d.lastEventID = append(d.lastEventID, r.Header.Get("Last-Event-ID"))
		d.auth = append(d.auth, r.Header.Get("Authorization"))
		d.mu.Unlock()
		d.connect(n, w, r)
	case "/api/v1/sse/subscribe", "/api/v1/sse/unsubscribe":
		var body client.Subscriptions
		json.NewDecoder(r.Body).Decode(&body)
		d.mu.Lock()
		d.changes = append(d.changes, fmt.Sprintf("%s %s %v", strings.TrimPrefix(r.URL.Path, "/api/v1/sse/"), body.ConnectionID, body.Topics))
		d.mu.Unlock()
		json.NewEncoder(w).Encode(map[string]any{"code": 0, "data": body})
	default:
		http.NotFound(w, r)
	}
}

func (d *sseDouble) snapshot() (ids, auth, changes []string) {
	d.mu.Lock()
	defer d.mu.Unlock()
	return slices.Clone(d.lastEventID), slices.Clone(d.auth), slices.Clone(d.changes)
}

// open starts an event stream answer.
func open(w http.ResponseWriter) *http.ResponseController {
	w.Header().Set("Content-Type", "text/event-stream")
	w.WriteHeader(http.StatusOK)
	rc := http.NewResponseController(w)
	rc.Flush()
	return rc
}

func send(w http.ResponseWriter, rc *http.ResponseController, id, name, data string) {
	fmt.Fprintf(w, "id: %s\nevent: %s\ndata: %s\n\n", id, name, data)
	rc.Flush()
}

func connected(w http.ResponseWriter, rc *http.ResponseController, id, conn string) {
	send(w, rc, id, client.EventConnected, `{"connection_id":"`+conn+`"}`)
}

func refuse(w http.ResponseWriter, status, code int, reason string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	fmt.Fprintf(w, `{"code":%d,"reason":%q,"msg":"refused","data":null}`, code, reason)
}

// fastStream shrinks the stream's timings for tests; jitter is off so
// delays are exact.
func fastStream(s *client.Stream) {
	s.InitialBackoff, s.MaxBackoff, s.Jitter, s.IdleTimeout = 10*time.Millisecond, 40*time.Millisecond, 0, wait
}

// reconnects records what a stream's OnReconnect reports. OnReconnect
// runs on Run's goroutine, so the test reads the record through seen.
type reconnects struct {
	mu     sync.Mutex
	delays []time.Duration
	causes []error
}

func recordReconnects(s *client.Stream) *reconnects {
	r := &reconnects{}
	s.OnReconnect = func(d time.Duration, cause error) {
		r.mu.Lock()
		defer r.mu.Unlock()
		r.delays, r.causes = append(r.delays, d), append(r.causes, cause)
	}
	return r
}

// seen returns copies of the delays and causes recorded so far.
func (r *reconnects) seen() ([]time.Duration, []error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	return slices.Clone(r.delays), slices.Clone(r.causes)
}

// next reads events until one named name arrives.
func next(t *testing.T, s *client.Stream, name string) client.Event {
	t.Helper()
	timeout := time.After(wait)
	for {
		select {
		case ev, ok := <-s.Events():
			if !ok {
				t.Fatalf("stream closed before %s", name)
			}
			if ev.Name == name {
				return ev
			}
		case <-timeout:
			t.Fatalf("no %s within %s", name, wait)
		}
	}
}

// run starts s and returns a function that stops it and returns Run's
// error.
func run(t *testing.T, s *client.Stream) func() error {
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- s.Run(ctx) }()
	var once sync.Once
	var err error
	stop := func() error {
		once.Do(func() {
			cancel()
			select {
			case err = <-done:
			case <-time.After(wait):
				t.Error("Run did not return")
			}
		})
		return err
	}
	t.Cleanup(func() { stop() })
	return stop
}

// TestStreamBackoff: failed connects wait 10, 20, 40, 40 ms (doubling to
// the cap); a successful connect resets the delay to 10 ms.
func TestStreamBackoff(t *testing.T) {
	d := &sseDouble{t: t}
	d.connect = func(n int, w http.ResponseWriter, r *http.Request) {
		switch n {
		case 5: // connects, then the stream drops
			connected(w, open(w), "1", "c5")
		case 8: // stays
			connected(w, open(w), "2", "c8")
			<-r.Context().Done()
		default:
			refuse(w, http.StatusServiceUnavailable, client.CodeDatabase, "DATABASE")
		}
	}
	srv := httptest.NewServer(d)
	t.Cleanup(srv.Close) // runs after run's cleanup: the stream stops first, then the handlers it holds
	c, _ := client.New(srv.URL, client.WithToken("tok"))
	s := c.NewStream()
	fastStream(s)
	rec := recordReconnects(s)
	stop := run(t, s)
	next(t, s, client.EventConnected)
	if ev := next(t, s, client.EventConnected); ev.Field("connection_id") != "c8" {
		t.Fatalf("second connection %+v", ev)
	}
	if err := stop(); !errors.Is(err, context.Canceled) {
		t.Fatalf("Run = %v", err)
	}
	if _, ok := <-s.Events(); ok {
		t.Fatal("Events not closed after Run returned")
	}
	ms := time.Millisecond
	want := []time.Duration{10 * ms, 20 * ms, 40 * ms, 40 * ms, 10 * ms, 20 * ms, 40 * ms}
	delays, causes := rec.seen()
	if !slices.Equal(delays, want) {
		t.Fatalf("delays %v, want %v", delays, want)
	}
	if !errors.Is(causes[0], client.ErrDatabase) || !errors.Is(causes[4], client.ErrStreamEnded) {
		t.Fatalf("causes %v", causes)
	}
}

// TestStreamResume: a reconnect sends Last-Event-ID and subscribes the
// stream's topics (those given to NewStream and to Subscribe) with the new
// connection_id; Unsubscribe drops a topic from later connections.
func TestStreamResume(t *testing.T) {
	topicA, topicB := client.MarketTopic(addr(0xA)), client.MarketTopic(addr(0xB))
	drop := make(chan struct{})
	d := &sseDouble{t: t}
	d.connect = func(n int, w http.ResponseWriter, r *http.Request) {
		rc := open(w)
		switch n {
		case 1:
			connected(w, rc, "41", "c1")
			<-drop
			send(w, rc, "42", client.EventNewTrades, `{"market_address":"`+addr(0xA)+`","option_address":""}`)
		case 2:
			connected(w, rc, "42", "c2")
			<-r.Context().Done()
		}
	}
	srv := httptest.NewServer(d)
	t.Cleanup(srv.Close) // runs after run's cleanup: the stream stops first, then the handlers it holds
	c, _ := client.New(srv.URL, client.WithToken("tok"))
	s := c.NewStream(strings.ToUpper(topicA[:7]) + topicA[7:]) // topics are normalised
	fastStream(s)
	run(t, s)
	ctx := context.Background()

	if ev := next(t, s, client.EventConnected); ev.ID != "41" || s.ConnectionID() != "c1" {
		t.Fatalf("first connection: %+v, id %q", ev, s.ConnectionID())
	}
	if err := s.Subscribe(ctx, topicB); err != nil {
		t.Fatal(err)
	}
	close(drop)
	if ev := next(t, s, client.EventNewTrades); ev.ID != "42" || ev.Field("market_address") != addr(0xA) {
		t.Fatalf("event %+v", ev)
	}
	next(t, s, client.EventConnected)
	if s.ConnectionID() != "c2" || s.LastEventID() != "42" {
		t.Fatalf("after the reconnect: connection %q, last id %q", s.ConnectionID(), s.LastEventID())
	}
	if err := s.Unsubscribe(ctx, topicA); err != nil {
		t.Fatal(err)
	}
	ids, auth, changes := d.snapshot()
	if !slices.Equal(ids, []string{"", "42"}) || auth[1] != "Bearer tok" {
		t.Fatalf("Last-Event-ID per connection %q, auth %q", ids, auth)
	}
	want := []string{
		"subscribe c1 [" + topicA + "]", // before base:connected is delivered
		"subscribe c1 [" + topicB + "]", // Subscribe while connected
		"subscribe c2 [" + topicA + " " + topicB + "]",
		"unsubscribe c2 [" + topicA + "]",
	}
	if !slices.Equal(changes, want) {
		t.Fatalf("subscription changes\n got %q\nwant %q", changes, want)
	}
	if got := s.Topics(); !slices.Equal(got, []string{topicB}) {
		t.Fatalf("topics %v", got)
	}
}

// TestStreamIdle: pings keep a connection; when nothing arrives for
// IdleTimeout the stream reconnects.
func TestStreamIdle(t *testing.T) {
	const pings = 8
	d := &sseDouble{t: t}
	d.connect = func(n int, w http.ResponseWriter, r *http.Request) {
		rc := open(w)
		connected(w, rc, "1", fmt.Sprintf("c%d", n))
		if n == 1 {
			for range pings {
				time.Sleep(40 * time.Millisecond)
				send(w, rc, "1", client.EventPing, "{}")
			}
		}
		<-r.Context().Done() // then silence, the connection open
	}
	srv := httptest.NewServer(d)
	t.Cleanup(srv.Close) // runs after run's cleanup: the stream stops first, then the handlers it holds
	c, _ := client.New(srv.URL)
	s := c.NewStream()
	fastStream(s)
	// Pings come every 40 ms; an idle timeout 25 times that keeps a loaded
	// machine's late ping from counting as silence.
	s.IdleTimeout = time.Second
	rec := recordReconnects(s)
	run(t, s)
	next(t, s, client.EventConnected)
	for range pings {
		next(t, s, client.EventPing)
	}
	if _, causes := rec.seen(); len(causes) != 0 {
		t.Fatalf("reconnected while pings arrived: %v", causes)
	}
	if ev := next(t, s, client.EventConnected); ev.Field("connection_id") != "c2" {
		t.Fatalf("after the silence: %+v", ev)
	}
	if _, causes := rec.seen(); len(causes) != 1 || !errors.Is(causes[0], client.ErrStreamIdle) {
		t.Fatalf("reconnect causes %v", causes)
	}
	if ids, _, _ := d.snapshot(); ids[1] != "1" {
		t.Fatalf("Last-Event-ID after the silence: %q", ids[1])
	}
}

// TestStreamConnectHangs: a connect that gets no answer within
// IdleTimeout is abandoned like a silent stream.
func TestStreamConnectHangs(t *testing.T) {
	d := &sseDouble{t: t}
	d.connect = func(n int, w http.ResponseWriter, r *http.Request) {
		if n == 1 {
			<-r.Context().Done() // no headers, ever
			return
		}
		connected(w, open(w), "1", "c2")
		<-r.Context().Done()
	}
	srv := httptest.NewServer(d)
	t.Cleanup(srv.Close) // runs after run's cleanup: the stream stops first, then the handlers it holds
	c, _ := client.New(srv.URL)
	s := c.NewStream()
	fastStream(s)
	s.IdleTimeout = 100 * time.Millisecond
	rec := recordReconnects(s)
	run(t, s)
	next(t, s, client.EventConnected)
	_, causes := rec.seen()
	// On a loaded machine the second connect can outlast the short idle
	// timeout too: each abandoned attempt must say why, and there is one
	// at least (the first never answers).
	if len(causes) == 0 {
		t.Fatal("the hanging connect was not abandoned")
	}
	for _, c := range causes {
		if !errors.Is(c, client.ErrStreamIdle) {
			t.Fatalf("reconnect causes %v, want each ErrStreamIdle", causes)
		}
	}
}

// TestStreamRefusals: refusals that reconnecting cannot cure end Run;
// a refused token is refreshed; a non-stream answer is retried.
func TestStreamRefusals(t *testing.T) {
	for _, tc := range []struct {
		name      string
		refresh   bool
		connect   func(n int, w http.ResponseWriter, r *http.Request)
		wantErr   error // nil: a stream is connected
		reconnect int
	}{
		{"NotRegistered", false, func(n int, w http.ResponseWriter, r *http.Request) {
			refuse(w, http.StatusForbidden, client.CodeNotRegistered, "NOT_REGISTERED")
		}, client.ErrNotRegistered, 0},
		{"NoEventStream", false, func(n int, w http.ResponseWriter, r *http.Request) {
			refuse(w, http.StatusNotImplemented, client.CodeNotImplemented, "NOT_IMPLEMENTED")
		}, client.ErrNotImplemented, 0},
		{"TokenRefusedNoRefresh", false, func(n int, w http.ResponseWriter, r *http.Request) {
			refuse(w, http.StatusUnauthorized, client.CodeAuth, "PRIVY")
		}, client.ErrAuth, 0},
		{"TokenRefreshed", true, func(n int, w http.ResponseWriter, r *http.Request) {
			if r.Header.Get("Authorization") != "Bearer fresh" {
				refuse(w, http.StatusUnauthorized, client.CodeAuth, "PRIVY")
				return
			}
			connected(w, open(w), "1", "c")
			<-r.Context().Done()
		}, nil, 0},
		{"NotAStream", false, func(n int, w http.ResponseWriter, r *http.Request) {
			if n == 1 {
				w.Write([]byte(`{"code":0,"data":{}}`))
				return
			}
			connected(w, open(w), "1", "c")
			<-r.Context().Done()
		}, nil, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d := &sseDouble{t: t, connect: tc.connect}
			srv := httptest.NewServer(d)
			t.Cleanup(srv.Close) // runs after run's cleanup: the stream stops first, then the handlers it holds
			opts := []client.Option{client.WithToken("stale")}
			if tc.refresh {
				opts = append(opts, client.WithRefresh(func(context.Context, string) (string, error) { return "fresh", nil }))
			}
			c, _ := client.New(srv.URL, opts...)
			s := c.NewStream()
			fastStream(s)
			var reconnects atomic.Int64
			s.OnReconnect = func(time.Duration, error) { reconnects.Add(1) }
			if tc.wantErr != nil {
				ctx, cancel := context.WithTimeout(context.Background(), wait)
				defer cancel()
				if err := s.Run(ctx); !errors.Is(err, tc.wantErr) {
					t.Fatalf("Run = %v, want %v", err, tc.wantErr)
				}
			} else {
				run(t, s)
				next(t, s, client.EventConnected)
			}
			if n := reconnects.Load(); n != int64(tc.reconnect) {
				t.Fatalf("%d reconnects, want %d", n, tc.reconnect)
			}
		})
	}
}

// TestStreamRealHub runs a Stream against the real router and event hub:
// the hub ends streams after a short lifetime; the stream comes back with
// Last-Event-ID (the hub answers base:connected at that position, no
// resync) and its market topic subscribed on the new connection.
func TestStreamRealHub(t *testing.T) {
	e := newEnv(t, envConfig{hub: events.HubConfig{PingInterval: 100 * time.Millisecond, Lifetime: 800 * time.Millisecond,
		ForwardTimeout: 200 * time.Millisecond}})
	ctx := context.Background()
	m := storetest.NewMarket(t, e.store, nil)
	alice, uid := e.user("did:dev:alice")
	s := alice.NewStream(client.MarketTopic(m.Address))
	fastStream(s)
	rec := recordReconnects(s)
	run(t, s)

	first := next(t, s, client.EventConnected)
	if err := e.bus.Publish(ctx, events.MarketNewTrades(m.Address, m.Options[0].Address)); err != nil {
		t.Fatal(err)
	}
	trade := next(t, s, client.EventNewTrades)
	if trade.Field("option_address") != m.Options[0].Address {
		t.Fatalf("trade event %+v", trade)
	}
	if err := e.bus.Publish(ctx, events.UserPositionChanged(uid, m.Address, m.Options[0].Address)); err != nil {
		t.Fatal(err)
	}
	if ev := next(t, s, client.EventPositionChanged); ev.Field("uid") != uid {
		t.Fatalf("user event %+v", ev)
	}
	last := s.LastEventID()

	// The hub ends the stream within its lifetime; the next connection
	// resumes at the last id.
	second := next(t, s, client.EventConnected)
	if second.Field("connection_id") == first.Field("connection_id") || second.ID != last {
		t.Fatalf("reconnected as %+v after id %s (first %+v)", second, last, first)
	}
	if _, causes := rec.seen(); len(causes) == 0 || !errors.Is(causes[0], client.ErrStreamEnded) {
		t.Fatalf("reconnect causes %v", causes)
	}
	if err := e.bus.Publish(ctx, events.MarketPriceChange(m.Address, m.Options[1].Address)); err != nil {
		t.Fatal(err)
	}
	timeout := time.After(wait)
	for {
		select {
		case ev := <-s.Events():
			switch ev.Name {
			case client.EventResync:
				t.Fatal("the hub could not resume from the Last-Event-ID sent")
			case client.EventPriceChange:
				if ev.Field("option_address") != m.Options[1].Address {
					t.Fatalf("price event %+v", ev)
				}
				return
			}
		case <-timeout:
			t.Fatal("no market event on the new connection: topic not subscribed again")
		}
	}
}

// TestStreamRateLimited: a connect refused with 429 is tried again no
// sooner than its Retry-After, and a subscribe refused with 429 is tried
// again on the same connection, so the stream carries its topic.
func TestStreamRateLimited(t *testing.T) {
	d := &sseDouble{t: t}
	d.connect = func(n int, w http.ResponseWriter, r *http.Request) {
		if n == 1 {
			w.Header().Set("Retry-After", "1")
			refuse(w, http.StatusTooManyRequests, client.CodePleaseWait, "PLEASE_WAIT")
			return
		}
		connected(w, open(w), "1", "c2")
		<-r.Context().Done()
	}
	var subscribes atomic.Int64
	mux := http.NewServeMux()
	mux.Handle("/", d)
	mux.HandleFunc("/api/v1/sse/subscribe", func(w http.ResponseWriter, r *http.Request) {
		if subscribes.Add(1) == 1 {
			refuse(w, http.StatusTooManyRequests, client.CodePleaseWait, "PLEASE_WAIT") // no Retry-After: the backoff
			return
		}
		d.ServeHTTP(w, r)
	})
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	c, _ := client.New(srv.URL, client.WithToken("tok"))
	s := c.NewStream(client.MarketTopic("0xAB"))
	fastStream(s)
	rec := recordReconnects(s)
	start := time.Now()
	run(t, s)
	next(t, s, client.EventConnected)
	if waited := time.Since(start); waited < time.Second {
		t.Fatalf("reconnected after %s, before the 429's Retry-After (1s)", waited)
	}
	if delays, _ := rec.seen(); !slices.Equal(delays, []time.Duration{time.Second}) {
		t.Errorf("reconnect delays %v, want [1s]", delays)
	}
	if _, _, changes := d.snapshot(); !slices.Equal(changes, []string{"subscribe c2 [market:0xab]"}) {
		t.Fatalf("subscriptions %v, want the market's on c2 after the 429", changes)
	}
	if n := subscribes.Load(); n != 2 {
		t.Fatalf("%d subscribe requests, want 2", n)
	}
}
