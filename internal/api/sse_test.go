package api_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/predict-dev/predict/event"
	"github.com/predict-dev/predict/internal/api"
	"github.com/predict-dev/predict/internal/auth"
	"github.com/predict-dev/predict/internal/events"
	"github.com/predict-dev/predict/internal/events/pgbus"
	"github.com/predict-dev/predict/internal/store"
	"github.com/predict-dev/predict/internal/store/storetest"
	"github.com/predict-dev/predict/wire"
)

// Stream settings of the tests: fast pings and a short life.
const (
	testPing     = 60 * time.Millisecond
	testLifetime = time.Second
	testForward  = 200 * time.Millisecond
	// wait bounds every wait for an event; generous for -race on 2 cores.
	wait = 3 * time.Second
)

func testHubConfig() events.HubConfig {
	return events.HubConfig{
		PingInterval:   testPing,
		Lifetime:       testLifetime,
		ForwardTimeout: testForward,
		BufferSize:     64,
	}
}

// newHub attaches a hub to bus. Its Close is registered after the
// server's, so it runs first and ends the streams the server would
// otherwise wait for.
func newHub(t testing.TB, bus events.Bus, cfg events.HubConfig) *events.Hub {
	t.Helper()
	h, err := events.NewHub(context.Background(), bus, cfg)
	if err != nil {
		t.Fatal(err)
	}
	return h
}

func withEvents(h *events.Hub) envOption {
	return func(c *api.Config) { c.Events = h }
}

// replica is a second server on the same store and identity provider
// with its own hub: another replica of the service. configure may change
// the server before it starts, opts its configuration.
func (e *env) replica(t testing.TB, h *events.Hub, configure func(*httptest.Server), opts ...envOption) *env {
	t.Helper()
	verifier, err := auth.NewVerifier(auth.Config{KeySource: e.dev, Issuer: testIssuer, Audience: testAudience})
	if err != nil {
		t.Fatal(err)
	}
	doc, err := api.OpenAPIJSON(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	cfg := api.Config{BodyLimit: 4096, AdminSubjects: []string{adminSubject}, OpenAPI: doc, Events: h}
	for _, o := range opts {
		o(&cfg)
	}
	reg := prometheus.NewRegistry()
	logger := slog.New(slog.NewTextHandler(io.Discard, nil))
	srv := httptest.NewUnstartedServer(api.NewServer(cfg, e.store, verifier, logger, reg).Handler(reg))
	if configure != nil {
		configure(srv)
	}
	srv.Start()
	t.Cleanup(srv.Close)
	t.Cleanup(h.Close)
	return &env{t: t, srv: srv, store: e.store, dev: e.dev, devDir: e.devDir, now: e.now}
}

// sseEvent is one parsed message of a stream.
type sseEvent struct {
	id    uint64
	hasID bool
	name  string
	data  string // the data lines, joined
	at    time.Time
}

// stream is a client of the event stream: a parser of id/event/data
// lines over the response body, feeding a channel the test reads.
type stream struct {
	res *http.Response
	// opened is taken before the request is sent, so no timer the server
	// starts for the stream (pings, lifetime) can have started earlier.
	opened time.Time
	events chan sseEvent
	err    error // why the stream ended; read after events is closed
}

// connect opens a stream; it fails the test unless the answer is a
// stream, which is validated against openapi.yaml (status, content type,
// headers: the body is parsed by the stream itself).
func (e *env) connect(t testing.TB, token, lastEventID string, body any) *stream {
	t.Helper()
	var rd io.Reader = http.NoBody
	if body != nil {
		raw, _ := json.Marshal(body)
		rd = bytes.NewReader(raw)
	}
	req, err := http.NewRequest("POST", e.srv.URL+"/api/v1/sse/connect", rd)
	if err != nil {
		t.Fatal(err)
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	if lastEventID != "" {
		req.Header.Set("Last-Event-ID", lastEventID)
	}
	return e.open(t, req)
}

// connectGET opens a stream as EventSource-style clients do: a GET with
// the Authorization header and the topics in the query.
func (e *env) connectGET(t testing.TB, token string, topics ...string) *stream {
	t.Helper()
	req, err := http.NewRequest("GET", e.srv.URL+"/api/v1/sse/connect?topics="+url.QueryEscape(strings.Join(topics, ",")), nil)
	if err != nil {
		t.Fatal(err)
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	return e.open(t, req)
}

// open sends a connect request and reads the stream it answers.
func (e *env) open(t testing.TB, req *http.Request) *stream {
	t.Helper()
	req.Header.Set("Accept", "text/event-stream")
	opened := time.Now()
	res, err := e.srv.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	if res.StatusCode != http.StatusOK || res.Header.Get("Content-Type") != "text/event-stream" {
		raw, _ := io.ReadAll(res.Body)
		res.Body.Close()
		t.Fatalf("connect: HTTP %d %s: %s", res.StatusCode, res.Header.Get("Content-Type"), raw)
	}
	validateResponse(t, req, res, nil)
	if res.Header.Get("Cache-Control") != "no-cache" || res.Header.Get("X-Accel-Buffering") != "no" {
		t.Fatalf("stream headers = %v", res.Header)
	}
	s := &stream{res: res, opened: opened, events: make(chan sseEvent, 1024)}
	go s.read()
	t.Cleanup(s.close)
	return s
}

func (s *stream) close() { s.res.Body.Close() }

// read parses the stream as the EventSource algorithm does: fields until
// a blank line, which dispatches the message.
func (s *stream) read() {
	defer close(s.events)
	r := bufio.NewReader(s.res.Body)
	var (
		cur  sseEvent
		data []string
	)
	for {
		line, err := r.ReadString('\n')
		if err != nil {
			s.err = err
			return
		}
		line = strings.TrimRight(line, "\r\n")
		if line == "" {
			if cur.name != "" || len(data) > 0 {
				cur.data, cur.at = strings.Join(data, "\n"), time.Now()
				s.events <- cur
			}
			cur, data = sseEvent{id: cur.id, hasID: cur.hasID}, nil
			continue
		}
		if strings.HasPrefix(line, ":") {
			continue
		}
		field, value, _ := strings.Cut(line, ":")
		value = strings.TrimPrefix(value, " ")
		switch field {
		case "id":
			id, err := strconv.ParseUint(value, 10, 64)
			if err != nil {
				s.err = fmt.Errorf("id %q is not a number", value)
				return
			}
			cur.id, cur.hasID = id, true
		case "event":
			cur.name = value
		case "data":
			data = append(data, value)
		}
	}
}

// next returns the next message, pings included.
func (s *stream) next(t testing.TB) sseEvent {
	t.Helper()
	select {
	case ev, ok := <-s.events:
		if !ok {
			t.Fatalf("stream ended: %v", s.err)
		}
		if !ev.hasID {
			t.Fatalf("%s without an id", ev.name)
		}
		return ev
	case <-time.After(wait):
		t.Fatal("no event")
	}
	return sseEvent{}
}

// event returns the next message that is not a ping, with its payload,
// which must be a JSON object of strings.
func (s *stream) event(t testing.TB) (sseEvent, map[string]string) {
	t.Helper()
	for {
		ev := s.next(t)
		if ev.name == event.Ping {
			continue
		}
		var data map[string]string
		if err := json.Unmarshal([]byte(ev.data), &data); err != nil {
			t.Fatalf("%s data %s is not an object of strings: %v", ev.name, ev.data, err)
		}
		return ev, data
	}
}

// connected opens a stream and returns it with its connection_id.
func (e *env) connected(t testing.TB, token, lastEventID string, body any) (*stream, sseEvent, string) {
	t.Helper()
	s := e.connect(t, token, lastEventID, body)
	ev, data := s.event(t)
	if ev.name != event.Connected || len(data["connection_id"]) != 32 {
		t.Fatalf("first event = %s %s", ev.name, ev.data)
	}
	return s, ev, data["connection_id"]
}

// ended waits for the stream to end and returns when it did.
func (s *stream) ended(t testing.TB, within time.Duration) time.Time {
	t.Helper()
	deadline := time.After(within)
	for {
		select {
		case _, ok := <-s.events:
			if !ok {
				return time.Now()
			}
		case <-deadline:
			t.Fatalf("stream still open after %s", within)
		}
	}
}

type subs struct {
	ConnectionID string   `json:"connection_id"`
	Topics       []string `json:"topics"`
}

func (e *env) subscribe(t testing.TB, path, token, conn string, topics ...string) *response {
	t.Helper()
	return e.do("POST", "/api/v1/sse/"+path, token, map[string]any{"connection_id": conn, "topics": topics})
}

func mustPublish(t testing.TB, p events.Publisher, es ...events.Event) {
	t.Helper()
	for _, ev := range es {
		if err := p.Publish(context.Background(), ev); err != nil {
			t.Fatal(err)
		}
	}
}

func TestSSE(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.DB) {
		bus := events.NewMemoryBus()
		hub := newHub(t, bus, testHubConfig())
		e := newEnv(t, s, withEvents(hub))
		t.Cleanup(hub.Close)
		aliceUID := e.login("did:dev:alice", addr(1))
		e.login("did:dev:bob", addr(2))
		alice, bob := e.token("did:dev:alice"), e.token("did:dev:bob")
		m := storetest.NewMarket(t, s, nil)
		opt := m.Options[0].Address
		topic := "market:" + m.Address

		t.Run("Connected", func(t *testing.T) {
			e.connected(t, alice, "", nil)
		})
		t.Run("Ping", func(t *testing.T) {
			// The k-th ping cannot arrive before k intervals have passed;
			// how late it arrives depends on the machine's load, which a
			// test must not judge (next bounds the wait).
			st, _, _ := e.connected(t, alice, "", nil)
			for k := 1; k <= 3; k++ {
				ev := st.next(t)
				if ev.name != event.Ping || ev.data != "{}" {
					t.Fatalf("got %s %s, want a ping", ev.name, ev.data)
				}
				if d := ev.at.Sub(st.opened); d < time.Duration(k)*testPing {
					t.Fatalf("ping %d came %s after connecting, want at least %s", k, d, time.Duration(k)*testPing)
				}
			}
		})
		t.Run("Lifetime", func(t *testing.T) {
			st, _, _ := e.connected(t, alice, "", nil)
			// The server ends it after 80–100 % of its lifetime; ended
			// fails the test if it is still open long after that.
			life := st.ended(t, testLifetime+wait).Sub(st.opened)
			if life < testLifetime*8/10 {
				t.Fatalf("stream lived %s, want at least 80 %% of %s", life, testLifetime)
			}
		})
		t.Run("ConnectWithGET", func(t *testing.T) {
			st := e.connectGET(t, alice, topic)
			if ev, data := st.event(t); ev.name != event.Connected || len(data["connection_id"]) != 32 {
				t.Fatalf("first event %s %v", ev.name, data)
			}
			mustPublish(t, bus, events.MarketNewTrades(m.Address, opt))
			if ev, data := st.event(t); ev.name != event.NewTrades || data["market_address"] != m.Address {
				t.Fatalf("got %s %v, want the subscribed market's trade", ev.name, data)
			}
		})
		t.Run("SubscribeAndUnsubscribe", func(t *testing.T) {
			st, _, conn := e.connected(t, alice, "", nil)
			r := e.subscribe(t, "subscribe", alice, conn, "market:0x"+strings.ToUpper(m.Address[2:]), topic)
			wantOK(t, r)
			var got subs
			r.into(t, &got)
			if got.ConnectionID != conn || !slices.Equal(got.Topics, []string{topic}) {
				t.Fatalf("subscribe = %+v", got)
			}
			mustPublish(t, bus, events.MarketNewTrades(m.Address, opt))
			ev, data := st.event(t)
			if ev.name != event.NewTrades || data["market_address"] != m.Address || data["option_address"] != opt || len(data) != 2 {
				t.Fatalf("got %s %v", ev.name, data)
			}

			r = e.subscribe(t, "unsubscribe", alice, conn, topic)
			wantOK(t, r)
			r.into(t, &got)
			if len(got.Topics) != 0 {
				t.Fatalf("unsubscribe = %+v", got)
			}
			mustPublish(t, bus, events.MarketPriceChange(m.Address, opt), events.UserNewNotification(aliceUID))
			if ev, _ := st.event(t); ev.name != event.NewNotification {
				t.Fatalf("after unsubscribe got %s", ev.name)
			}
		})
		t.Run("UserEventsOnlyToTheirUser", func(t *testing.T) {
			a, _, _ := e.connected(t, alice, "", nil)
			a2, _, _ := e.connected(t, alice, "", nil)
			b, _, _ := e.connected(t, bob, "", nil)
			bobUID := e.login("did:dev:bob", addr(2))
			mustPublish(t, bus, events.UserPositionChanged(aliceUID, m.Address, opt), events.UserAssetChanged(bobUID, m.BaseToken))
			for _, st := range []*stream{a, a2} {
				ev, data := st.event(t)
				if ev.name != event.PositionChanged || data["uid"] != aliceUID || data["market_address"] != m.Address || data["option_address"] != opt {
					t.Fatalf("alice got %s %v", ev.name, data)
				}
			}
			ev, data := b.event(t)
			if ev.name != event.AssetChanged || data["uid"] != bobUID || data["base_token_address"] != m.BaseToken {
				t.Fatalf("bob got %s %v", ev.name, data)
			}
			mustPublish(t, bus, events.UserNewNotification(bobUID))
			if ev, _ := b.event(t); ev.name != event.NewNotification {
				t.Fatalf("bob got %s", ev.name)
			}
			select {
			case ev := <-a.events:
				if ev.name != event.Ping {
					t.Fatalf("alice got bob's %s", ev.name)
				}
			case <-time.After(2 * testPing):
			}
		})
		t.Run("ReconnectWithLastEventID", func(t *testing.T) {
			st, _, conn := e.connected(t, alice, "", nil)
			wantOK(t, e.subscribe(t, "subscribe", alice, conn, topic))
			mustPublish(t, bus, events.UserNewNotification(aliceUID))
			seen, _ := st.event(t)
			st.close() // the connection drops; these are missed:
			mustPublish(t, bus,
				events.MarketNewTrades(m.Address, opt),
				events.UserNewNotification("someone-else"),
				events.MarketPriceChange(m.Address, opt),
				events.UserAssetChanged(aliceUID, m.BaseToken),
			)
			// Resubscribing in the connect body gets the topic's missed
			// events as well as the user's, once, in order, then live ones.
			st2, first, _ := e.connected(t, alice, strconv.FormatUint(seen.id, 10), map[string]any{"topics": []string{topic}})
			if first.id != seen.id {
				t.Fatalf("base:connected id = %d, want the resume point %d", first.id, seen.id)
			}
			mustPublish(t, bus, events.UserNewNotification(aliceUID))
			var got []string
			last := seen.id
			for len(got) < 4 {
				ev, _ := st2.event(t)
				if ev.id <= last {
					t.Fatalf("%s id %d after %d", ev.name, ev.id, last)
				}
				last = ev.id
				got = append(got, ev.name)
			}
			want := []string{event.NewTrades, event.PriceChange, event.AssetChanged, event.NewNotification}
			if !slices.Equal(got, want) {
				t.Fatalf("after reconnect got %v, want %v", got, want)
			}

			// The missed events above may reach st2 live rather than
			// replayed: replay stops at what the user's shard has delivered,
			// and on a loaded machine it may not have delivered them yet.
			// By now st2 has received them all, so the shard has, and the
			// next reconnect replays exactly four.
			before := hub.Stats().Replayed
			t.Run("SubscribeAfterConnect", func(t *testing.T) {
				// SPEC.md's way: reconnect, then subscribe again.
				st3, _, conn := e.connected(t, alice, strconv.FormatUint(seen.id, 10), nil)
				for _, want := range []string{event.AssetChanged, event.NewNotification} {
					if ev, _ := st3.event(t); ev.name != want {
						t.Fatalf("user replay: got %s, want %s", ev.name, want)
					}
				}
				wantOK(t, e.subscribe(t, "subscribe", alice, conn, topic))
				for _, want := range []string{event.NewTrades, event.PriceChange} {
					if ev, _ := st3.event(t); ev.name != want {
						t.Fatalf("topic replay: got %s, want %s", ev.name, want)
					}
				}
				if n := hub.Stats().Replayed - before; n != 4 {
					t.Fatalf("the reconnect counted %d replayed events, want the 4 it replayed (stats %+v)", n, hub.Stats())
				}
			})
			t.Run("TooOld", func(t *testing.T) {
				st4 := e.connect(t, alice, "1", nil)
				if ev, _ := st4.event(t); ev.name != event.Connected {
					t.Fatalf("got %s", ev.name)
				}
				if ev, _ := st4.event(t); ev.name != event.Resync {
					t.Fatalf("got %s, want base:resync", ev.name)
				}
			})
		})
		t.Run("Errors", func(t *testing.T) {
			unknown := "market:" + storetest.Address()
			many := make([]string, events.MaxTopicsPerRequest+1)
			for i := range many {
				many[i] = "market:" + addr(100+i)
			}
			body := func(topics ...string) func(conn string) any {
				return func(conn string) any { return map[string]any{"connection_id": conn, "topics": topics} }
			}
			for _, tc := range []struct {
				name   string
				token  string
				body   func(conn string) any
				status int
				code   int
			}{
				{"ErrNoToken", "", body(topic), http.StatusUnauthorized, 110303},
				{"ErrOtherUsersConnection", bob, body(topic), http.StatusForbidden, 110104},
				{"ErrUnknownConnection", alice, func(string) any {
					return map[string]any{"connection_id": "0123456789abcdef0123456789abcdef", "topics": []string{topic}}
				}, http.StatusForbidden, 110104},
				{"ErrMalformedTopic", alice, body("market:0x12"), http.StatusBadRequest, 110101},
				{"ErrNotAMarketTopic", alice, body("user:" + aliceUID), http.StatusBadRequest, 110101},
				{"ErrUnknownMarket", alice, body(unknown), http.StatusBadRequest, 110101},
				{"ErrTooManyTopics", alice, body(many...), http.StatusBadRequest, 110101},
				{"ErrNoTopics", alice, body(), http.StatusBadRequest, 110101},
				{"ErrNoConnectionID", alice, func(string) any { return map[string]any{"topics": []string{topic}} }, http.StatusBadRequest, 110101},
			} {
				t.Run(tc.name, func(t *testing.T) {
					_, _, conn := e.connected(t, alice, "", nil)
					r := e.do("POST", "/api/v1/sse/subscribe", tc.token, tc.body(conn))
					wantError(t, r, tc.status, tc.code)
				})
			}
			t.Run("SameAnswerForForeignAndUnknown", func(t *testing.T) {
				_, _, conn := e.connected(t, alice, "", nil)
				a := e.subscribe(t, "subscribe", bob, conn, topic)
				b := e.subscribe(t, "subscribe", bob, "0123456789abcdef0123456789abcdef", topic)
				if a.Msg != b.Msg || a.status != b.status || a.Code != b.Code {
					t.Fatalf("foreign: %d %s; unknown: %d %s", a.status, a.Msg, b.status, b.Msg)
				}
			})
			t.Run("UnsubscribeUnknownMarket", func(t *testing.T) {
				_, _, conn := e.connected(t, alice, "", nil)
				wantOK(t, e.subscribe(t, "unsubscribe", alice, conn, unknown))
			})
			t.Run("ConnectErrors", func(t *testing.T) {
				wantError(t, e.do("POST", "/api/v1/sse/connect", "", map[string]any{"topics": []string{"user:" + aliceUID}}), http.StatusBadRequest, 110101)
				wantError(t, e.do("POST", "/api/v1/sse/connect", alice, map[string]any{"topics": []string{unknown}}), http.StatusBadRequest, 110101)
				wantError(t, e.do("POST", "/api/v1/sse/connect", alice, "{"), http.StatusBadRequest, 110101)
				wantError(t, e.do("POST", "/api/v1/sse/connect", e.token("did:dev:nobody"), nil), http.StatusForbidden, 110109)
			})
		})
		t.Run("Metrics", func(t *testing.T) {
			res, err := http.Get(e.srv.URL + "/metrics")
			if err != nil {
				t.Fatal(err)
			}
			defer res.Body.Close()
			raw, _ := io.ReadAll(res.Body)
			for _, want := range []string{"predict_sse_connections ", "predict_sse_events_sent_total ", "predict_sse_slow_clients_dropped_total 0", "predict_sse_events_replayed_total "} {
				if !strings.Contains(string(raw), want) {
					t.Fatalf("metrics lack %q", want)
				}
			}
		})
	})
}

// TestSSEAnonymous: a signed-out visitor opens a stream of public market
// topics named at connect. It follows SPEC.md's rules (base:connected
// first, pings, the lifetime, Last-Event-ID replay) but hears no user
// event, cannot change its topics, cannot be changed by a user, and one
// IP holds a bounded number of such streams.
func TestSSEAnonymous(t *testing.T) {
	s := storetest.OpenSQLite(t)
	bus := events.NewMemoryBus()
	hub := newHub(t, bus, testHubConfig())
	// Two anonymous streams per IP: the per-IP budget of public requests.
	// The server's clock runs skip ahead of the wall clock: pace moves it
	// a second on, so the test's own requests stay within the rate.
	var skip atomic.Int64
	e := newEnv(t, s, withEvents(hub), func(c *api.Config) {
		c.RateLimits.PublicPerIP = 2
		c.Now = func() time.Time { return time.Now().Add(time.Duration(skip.Load())) }
	})
	t.Cleanup(hub.Close)
	aliceUID := e.login("did:dev:alice", addr(1))
	alice := e.token("did:dev:alice")
	m := storetest.NewMarket(t, s, nil)
	opt := m.Options[0].Address
	topic := "market:" + m.Address
	pace := func() { skip.Add(int64(time.Second)) }

	t.Run("MarketEventsNoUserEvents", func(t *testing.T) {
		st, first, conn := e.connected(t, "", "", map[string]any{"topics": []string{topic}})
		if first.name != event.Connected || len(conn) != 32 {
			t.Fatalf("first event %s %s", first.name, conn)
		}
		mustPublish(t, bus, events.UserNewNotification(aliceUID), events.UserAssetChanged(aliceUID, m.BaseToken), events.MarketPriceChange(m.Address, opt))
		if ev, data := st.event(t); ev.name != event.PriceChange || data["market_address"] != m.Address {
			t.Fatalf("got %s %v, want the market's price change and no user event", ev.name, data)
		}
		// A ping repeats the stream's position after that.
		if ev := st.next(t); ev.name != event.Ping {
			t.Fatalf("got %s, want a ping", ev.name)
		}
		pace()
		// Its topics are fixed: a visitor cannot subscribe (no token),
		// and a user cannot change the visitor's stream.
		wantError(t, e.subscribe(t, "subscribe", "", conn, topic), http.StatusUnauthorized, 110303)
		wantError(t, e.subscribe(t, "subscribe", alice, conn, topic), http.StatusForbidden, 110104)
		st.close()
	})
	pace()
	t.Run("ReplayAndLifetime", func(t *testing.T) {
		st, _, _ := e.connected(t, "", "", map[string]any{"topics": []string{topic}})
		mustPublish(t, bus, events.MarketNewTrades(m.Address, opt))
		seen, _ := st.event(t)
		st.close()
		mustPublish(t, bus, events.UserNewNotification(aliceUID), events.MarketPriceChange(m.Address, opt))
		pace()
		st2, first, _ := e.connected(t, "", strconv.FormatUint(seen.id, 10), map[string]any{"topics": []string{topic}})
		if first.id != seen.id {
			t.Fatalf("base:connected id = %d, want the resume point %d", first.id, seen.id)
		}
		if ev, _ := st2.event(t); ev.name != event.PriceChange || ev.id <= seen.id {
			t.Fatalf("replayed %s (id %d after %d), want the missed price change only", ev.name, ev.id, seen.id)
		}
		life := st2.ended(t, testLifetime+wait).Sub(st2.opened)
		if life < testLifetime*8/10 {
			t.Fatalf("stream lived %s, want at least 80 %% of %s", life, testLifetime)
		}
	})
	pace()
	t.Run("ErrTooManyPerIP", func(t *testing.T) {
		// The streams of the cases above end as their clients close
		// them, which the server notices a moment later on a loaded
		// machine: start once none is open.
		for deadline := time.Now().Add(wait); ; time.Sleep(50 * time.Millisecond) {
			res, err := http.Get(e.srv.URL + "/metrics")
			if err != nil {
				t.Fatal(err)
			}
			raw, _ := io.ReadAll(res.Body)
			res.Body.Close()
			if strings.Contains(string(raw), "\npredict_sse_connections 0\n") {
				break
			}
			if time.Now().After(deadline) {
				t.Fatal("the streams of the earlier cases are still open")
			}
		}
		a := e.connect(t, "", "", nil)
		e.connectGET(t, "", topic)
		pace()
		r := e.do("POST", "/api/v1/sse/connect", "", nil)
		wantError(t, r, http.StatusTooManyRequests, 110103)
		if !strings.Contains(r.Msg, "signed-out event streams") {
			t.Fatalf("refused with %q, want the streams' cap", r.Msg)
		}
		// A signed-in user on the same IP is not counted with them.
		e.connected(t, alice, "", nil)
		// Closing one frees its place.
		a.close()
		for deadline := time.Now().Add(wait); ; time.Sleep(50 * time.Millisecond) {
			pace()
			res, err := http.Post(e.srv.URL+"/api/v1/sse/connect", "application/json", nil)
			if err != nil {
				t.Fatal(err)
			}
			res.Body.Close()
			if res.StatusCode == http.StatusOK {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("the closed stream's place is still taken: HTTP %d", res.StatusCode)
			}
		}
	})
}

// TestSSEDisabled: without a hub the endpoints say so.
func TestSSEDisabled(t *testing.T) {
	e := newEnv(t, storetest.OpenSQLite(t))
	e.login("did:dev:alice", addr(1))
	wantError(t, e.do("POST", "/api/v1/sse/connect", e.token("did:dev:alice"), nil), http.StatusNotImplemented, 110111)
}

// smallBuffers makes accepted connections' send buffers tiny, so a client
// that does not read blocks the server's writes within a few kilobytes.
type smallBuffers struct {
	net.Listener
	closed chan<- string // remote addresses of the connections the server closes
}

func (l smallBuffers) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if tc, ok := c.(*net.TCPConn); ok {
		tc.SetWriteBuffer(4096)
	}
	if err != nil {
		return c, err
	}
	return &closeNotifier{Conn: c, closed: l.closed}, nil
}

// closeNotifier tells when the server closes a connection, once.
type closeNotifier struct {
	net.Conn
	closed chan<- string
	once   sync.Once
}

func (c *closeNotifier) Close() error {
	c.once.Do(func() {
		select {
		case c.closed <- c.RemoteAddr().String():
		default:
		}
	})
	return c.Conn.Close()
}

// TestSSESlowClient: a client that never reads does not hold up the
// others; it is dropped once its buffer fills, and counted.
func TestSSESlowClient(t *testing.T) {
	s := storetest.OpenSQLite(t)
	base := newEnv(t, s)
	aliceUID := base.login("did:dev:alice", addr(1))
	bobUID := base.login("did:dev:bob", addr(2))
	bus := events.NewMemoryBus()
	cfg := testHubConfig()
	cfg.PingInterval, cfg.Lifetime, cfg.BufferSize = time.Minute, time.Hour, 32
	hub := newHub(t, bus, cfg)
	closed := make(chan string, 16) // remote addresses of connections the server closed
	e := base.replica(t, hub, func(srv *httptest.Server) {
		// Closes are seen on the connections themselves: a stream runs on
		// a hijacked connection, which the HTTP server no longer tracks.
		srv.Listener = smallBuffers{Listener: srv.Listener, closed: closed}
	})

	// The slow client: a raw TCP connection with a tiny receive buffer
	// that reads the response head and the first event, then nothing.
	raw, err := net.Dial("tcp", e.srv.Listener.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer raw.Close()
	raw.(*net.TCPConn).SetReadBuffer(1024)
	fmt.Fprintf(raw, "POST /api/v1/sse/connect HTTP/1.1\r\nHost: test\r\nAuthorization: Bearer %s\r\nContent-Length: 0\r\n\r\n", e.token("did:dev:alice"))
	br := bufio.NewReader(raw)
	raw.SetReadDeadline(time.Now().Add(wait))
	for {
		line, err := br.ReadString('\n')
		if err != nil {
			t.Fatal(err)
		}
		if strings.HasPrefix(line, "event: "+event.Connected) {
			break
		}
	}

	fast, _, _ := e.connected(t, e.token("did:dev:bob"), "", nil)
	var worst time.Duration
	for round := 0; hub.Stats().Dropped == 0; round++ {
		if round == 2000 {
			t.Fatalf("slow client never dropped: %+v", hub.Stats())
		}
		for i := 0; i < 16; i++ {
			mustPublish(t, bus, events.UserPositionChanged(aliceUID, addr(3), addr(4)))
		}
		start := time.Now()
		mustPublish(t, bus, events.UserNewNotification(bobUID))
		if ev, _ := fast.event(t); ev.name != event.NewNotification {
			t.Fatalf("fast client got %s", ev.name)
		}
		worst = max(worst, time.Since(start))
	}
	if worst > time.Second {
		t.Fatalf("fast client waited %s for an event", worst)
	}
	t.Logf("fast client: worst publish-to-receive latency %s", worst)
	if st := hub.Stats(); st.Dropped != 1 || st.Connections != 1 {
		t.Fatalf("stats = %+v", st)
	}
	// The server cuts the blocked write at once instead of waiting for
	// the write timeout (10 s) and closes the connection.
	start := time.Now()
	select {
	case a := <-closed:
		if a != raw.LocalAddr().String() {
			t.Fatalf("server closed %s, not the slow client %s", a, raw.LocalAddr())
		}
		t.Logf("slow client's connection closed %s after the drop", time.Since(start))
	case <-time.After(2 * time.Second):
		t.Fatal("slow client's connection still open 2 s after the drop")
	}
	// The fast one is still served.
	mustPublish(t, bus, events.UserNewNotification(bobUID))
	if ev, _ := fast.event(t); ev.name != event.NewNotification {
		t.Fatalf("fast client got %s", ev.name)
	}
}

// TestSSEStreamsPerUser: a user's streams past the cap (3 by default)
// close the user's oldest, on its connection, while the newer streams and
// other users' stay served.
func TestSSEStreamsPerUser(t *testing.T) {
	base := newEnv(t, storetest.OpenSQLite(t))
	aliceUID := base.login("did:dev:alice", addr(1))
	bobUID := base.login("did:dev:bob", addr(2))
	bus := events.NewMemoryBus()
	cfg := testHubConfig()
	cfg.Lifetime = time.Hour
	hub := newHub(t, bus, cfg)
	e := base.replica(t, hub, nil)
	alice, bob := e.token("did:dev:alice"), e.token("did:dev:bob")

	bobs, _, _ := e.connected(t, bob, "", nil)
	var streams []*stream
	for range events.DefaultHubConfig.MaxStreamsPerUser + 1 {
		st, _, _ := e.connected(t, alice, "", nil)
		streams = append(streams, st)
	}
	streams[0].ended(t, wait)
	mustPublish(t, bus, events.UserNewNotification(aliceUID), events.UserNewNotification(bobUID))
	for i, st := range append(streams[1:], bobs) {
		if ev, _ := st.event(t); ev.name != event.NewNotification {
			t.Fatalf("stream %d got %s", i+1, ev.name)
		}
	}
	if s := hub.Stats(); s.Replaced != 1 || s.Connections != 4 {
		t.Fatalf("stats = %+v", s)
	}
}

// TestSSEServerReadTimeout: a server ReadTimeout (production sets one)
// does not end streams.
func TestSSEServerReadTimeout(t *testing.T) {
	base := newEnv(t, storetest.OpenSQLite(t))
	base.login("did:dev:alice", addr(1))
	cfg := testHubConfig()
	cfg.Lifetime = time.Hour
	hub := newHub(t, events.NewMemoryBus(), cfg)
	e := base.replica(t, hub, func(srv *httptest.Server) { srv.Config.ReadTimeout = 100 * time.Millisecond })
	st, _, _ := e.connected(t, e.token("did:dev:alice"), "", nil)
	for time.Since(st.opened) < 500*time.Millisecond {
		if ev := st.next(t); ev.name != event.Ping {
			t.Fatalf("got %s", ev.name)
		}
	}
}

// TestSSENoGoroutineLeak: streams that end, by the client, by their
// lifetime or for a newer stream of the user, leave nothing running.
func TestSSENoGoroutineLeak(t *testing.T) {
	s := storetest.OpenSQLite(t)
	base := newEnv(t, s)
	base.login("did:dev:alice", addr(1))
	m := storetest.NewMarket(t, s, nil)
	bus := events.NewMemoryBus()
	a := newHub(t, bus, testHubConfig())
	b := newHub(t, bus, testHubConfig())
	e := base.replica(t, a, nil)
	eb := base.replica(t, b, nil)
	alice := e.token("did:dev:alice")

	settle := func() int {
		e.srv.Client().CloseIdleConnections()
		eb.srv.Client().CloseIdleConnections()
		base.srv.Client().CloseIdleConnections()
		return runtime.NumGoroutine()
	}
	wantOK(t, e.do("GET", "/healthz", "", nil))
	wantOK(t, eb.do("GET", "/healthz", "", nil))
	before := settle()

	// Five streams of alice: the first two close for the newer ones
	// (three per user), the third is closed by the client, the last two
	// end with their lifetime.
	var streams []*stream
	for i := 0; i < 5; i++ {
		st, _, conn := e.connected(t, alice, "", nil)
		wantOK(t, eb.subscribe(t, "subscribe", alice, conn, "market:"+m.Address)) // forwarded
		streams = append(streams, st)
	}
	for _, st := range streams[:2] {
		st.ended(t, wait)
	}
	mustPublish(t, bus, events.MarketNewTrades(m.Address, m.Options[0].Address))
	for _, st := range streams[2:] {
		st.event(t)
	}
	streams[2].close()
	for _, st := range streams[3:] {
		st.ended(t, 2*testLifetime)
	}
	deadline := time.Now().Add(5 * time.Second)
	for {
		n := settle()
		if n <= before && a.Stats().Connections == 0 {
			break
		}
		if time.Now().After(deadline) {
			buf := make([]byte, 1<<20)
			t.Fatalf("%d goroutines, %d before; %d connections\n%s", n, before, a.Stats().Connections, buf[:runtime.Stack(buf, true)])
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// TestSSEReplicas runs two replicas: one server and hub each, with a bus
// per replica (PostgreSQL) or one in-process bus (SQLite). Events,
// subscriptions and resumes cross between them.
func TestSSEReplicas(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.DB) {
		var busA, busB events.Bus
		if s.Dialect() == store.DialectPostgres {
			dsn := storetest.PostgresDSN(t)
			channel := "test_events_" + strings.TrimPrefix(storetest.Address(), "0x")[:12]
			for _, b := range []*events.Bus{&busA, &busB} {
				pb, err := pgbus.Open(context.Background(), pgbus.Config{DSN: dsn, Channel: channel})
				if err != nil {
					t.Fatal(err)
				}
				t.Cleanup(func() { pb.Close() })
				*b = pb
			}
		} else {
			mem := events.NewMemoryBus()
			busA, busB = mem, mem
		}
		base := newEnv(t, s)
		aliceUID := base.login("did:dev:alice", addr(1))
		bobUID := base.login("did:dev:bob", addr(2))
		m := storetest.NewMarket(t, s, nil)
		topic := "market:" + m.Address
		a := base.replica(t, newHub(t, busA, testHubConfig()), nil)
		b := base.replica(t, newHub(t, busB, testHubConfig()), nil)
		alice, bob := base.token("did:dev:alice"), base.token("did:dev:bob")

		onA, _, conn := a.connected(t, alice, "", nil)
		onB, _, _ := b.connected(t, alice, "", nil)
		bobOnB, _, _ := b.connected(t, bob, "", nil)

		t.Run("SubscribeThroughTheOtherReplica", func(t *testing.T) {
			r := b.subscribe(t, "subscribe", alice, conn, topic)
			wantOK(t, r)
			var got subs
			r.into(t, &got)
			if !slices.Equal(got.Topics, []string{topic}) {
				t.Fatalf("topics = %v", got.Topics)
			}
			wantError(t, b.subscribe(t, "subscribe", bob, conn, topic), http.StatusForbidden, 110104)
		})
		t.Run("EventsCross", func(t *testing.T) {
			mustPublish(t, busB, events.MarketNewTrades(m.Address, m.Options[0].Address))
			if ev, _ := onA.event(t); ev.name != event.NewTrades {
				t.Fatalf("replica A's client got %s", ev.name)
			}
			mustPublish(t, busA, events.UserNewNotification(bobUID))
			if ev, _ := bobOnB.event(t); ev.name != event.NewNotification {
				t.Fatalf("replica B's client got %s", ev.name)
			}
		})
		var resumeFrom uint64
		t.Run("SameIDs", func(t *testing.T) {
			mustPublish(t, busA, events.UserNewNotification(aliceUID))
			x, _ := onA.event(t)
			y, _ := onB.event(t)
			if x.name != y.name || x.id != y.id {
				t.Fatalf("replica A: %s %d; replica B: %s %d", x.name, x.id, y.name, y.id)
			}
			resumeFrom = x.id
		})
		t.Run("ResumeOnTheOtherReplica", func(t *testing.T) {
			onA.close()
			mustPublish(t, busA, events.UserAssetChanged(aliceUID, m.BaseToken), events.MarketPriceChange(m.Address, m.Options[1].Address))
			// Replica B has the user event before the reconnect (the market
			// event, if still in flight, arrives live instead: same result).
			if ev, _ := onB.event(t); ev.name != event.AssetChanged {
				t.Fatalf("got %s", ev.name)
			}
			st, _, _ := b.connected(t, alice, strconv.FormatUint(resumeFrom, 10), map[string]any{"topics": []string{topic}})
			for _, want := range []string{event.AssetChanged, event.PriceChange} {
				if ev, _ := st.event(t); ev.name != want {
					t.Fatalf("replayed %s, want %s", ev.name, want)
				}
			}
		})
		t.Run("UnsubscribeThroughTheOtherReplica", func(t *testing.T) {
			_, _, conn := a.connected(t, alice, "", map[string]any{"topics": []string{topic}})
			r := b.subscribe(t, "unsubscribe", alice, conn, topic)
			wantOK(t, r)
			var got subs
			r.into(t, &got)
			if got.Topics == nil || len(got.Topics) != 0 {
				t.Fatalf("topics = %v", got.Topics)
			}
		})
	})
}

// TestSSERevokedKey: revoking an API key through replica A ends, within a
// second, the stream opened with it on replica B, which went on carrying
// the owner's private events before; the owner's stream opened with
// another key, and the one opened with a token, go on. Revoking a role
// ends every stream of its user (they reconnect as what the user now
// is). A stream lives a minute here, so only the revocation can end it.
// On both stores (over PostgreSQL, two buses on one channel).
func TestSSERevokedKey(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.DB) {
		busA, busB := twoReplicaBuses(t, s)
		cfg := testHubConfig()
		cfg.Lifetime = time.Minute
		base := newEnv(t, s)
		uid := base.login("did:dev:alice", addr(0xa1))
		base.login(adminSubject, addr(0xad))
		a := base.replica(t, newHub(t, busA, cfg), nil)
		b := base.replica(t, newHub(t, busB, cfg), nil)
		tok := base.token("did:dev:alice")
		revoked, kept := a.createKey(t, tok, "revoked"), a.createKey(t, tok, "kept")
		viaRevoked, _, _ := b.connected(t, revoked.Key, "", nil)
		viaKept, _, _ := b.connected(t, kept.Key, "", nil)
		viaToken, _, _ := b.connected(t, tok, "", nil)

		wantOK(t, a.do("POST", "/api/v1/user/revoke-api-key", tok, map[string]any{"id": revoked.ID}))
		start := time.Now()
		viaRevoked.ended(t, time.Second)
		t.Logf("the revoked key's stream on replica B ended %s after the revocation answered", time.Since(start).Round(time.Millisecond))

		mustPublish(t, busA, events.UserNewNotification(uid))
		for name, st := range map[string]*stream{"another key": viaKept, "a token": viaToken} {
			if ev, _ := st.event(t); ev.name != event.NewNotification {
				t.Fatalf("the stream opened with %s got %s, want %s", name, ev.name, event.NewNotification)
			}
		}

		// A role taken away ends the user's every stream.
		admin := base.token(adminSubject)
		wantOK(t, a.do("POST", "/api/v1/admin/set-user-role", admin, map[string]any{"uid": uid, "role": "resolver", "granted": true}))
		wantOK(t, a.do("POST", "/api/v1/admin/set-user-role", admin, map[string]any{"uid": uid, "role": "resolver", "granted": false}))
		viaKept.ended(t, time.Second)
		viaToken.ended(t, time.Second)
	})
}

// createKey creates an API key of the user of tok through e, named name.
func (e *env) createKey(t testing.TB, tok, name string) wire.APIKeySecret {
	t.Helper()
	r := e.do("POST", "/api/v1/user/create-api-key", tok, map[string]any{"name": name})
	wantOK(t, r)
	var k wire.APIKeySecret
	r.into(t, &k)
	return k
}

// TestSSEStreamEndsWithItsKey: a stream opened with an API key that
// expires ends when the key does, before its lifetime.
func TestSSEStreamEndsWithItsKey(t *testing.T) {
	s := storetest.OpenSQLite(t)
	cfg := testHubConfig()
	cfg.Lifetime = time.Minute
	e := newEnv(t, s, withEvents(newHub(t, events.NewMemoryBus(), cfg)))
	e.login("did:dev:alice", addr(0xa1))
	tok := e.token("did:dev:alice")
	expires := time.Now().Add(1500 * time.Millisecond)
	r := e.do("POST", "/api/v1/user/create-api-key", tok, map[string]any{"name": "short", "expiresAt": expires.UTC().Format(time.RFC3339Nano)})
	wantOK(t, r)
	var k wire.APIKeySecret
	r.into(t, &k)
	st, _, _ := e.connected(t, k.Key, "", nil)
	if at := st.ended(t, 3*time.Second); at.Before(expires.Add(-100 * time.Millisecond)) {
		t.Fatalf("the stream ended at %s, before its key expired at %s", at, expires)
	}
}
