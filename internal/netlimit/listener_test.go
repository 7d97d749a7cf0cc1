package netlimit_test

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/predict-dev/predict/internal/netlimit"
)

// wait bounds every wait of the tests: generous for -race on 2 busy cores.
const wait = 3 * time.Second

// server is an HTTP server on a real loopback listener wrapped by
// netlimit. Its handler answers "main" on every path but /block, which
// holds the request open until the test ends: an active connection,
// which the listener must never evict. The reserve answers "reserve" to
// /healthz and 503 to the rest.
type server struct {
	ln      *netlimit.Listener
	addr    string
	reg     *prometheus.Registry
	idle    chan struct{} // a connection fell idle
	blocked chan struct{} // a request entered /block
}

func start(t *testing.T, cfg netlimit.Config, idleTimeout time.Duration) *server {
	t.Helper()
	raw, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	s := &server{reg: prometheus.NewRegistry(), idle: make(chan struct{}, 64), blocked: make(chan struct{}, 64)}
	cfg.Registerer = s.reg
	cfg.Overflow = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/healthz" {
			http.Error(w, "full", http.StatusServiceUnavailable)
			return
		}
		io.WriteString(w, "reserve")
	})
	s.ln = netlimit.New(raw, cfg)
	s.addr = raw.Addr().String()
	release := make(chan struct{})
	srv := &http.Server{
		Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.URL.Path == "/block" {
				s.blocked <- struct{}{}
				<-release
			}
			io.WriteString(w, "main")
		}),
		ReadHeaderTimeout: 10 * time.Second,
		IdleTimeout:       idleTimeout,
		ConnState: func(c net.Conn, st http.ConnState) {
			s.ln.ConnState(c, st)
			if st == http.StateIdle {
				s.idle <- struct{}{}
			}
		},
	}
	go srv.Serve(s.ln)
	t.Cleanup(func() {
		close(release)
		srv.Close()
	})
	return s
}

// client is one TCP connection from a chosen loopback address.
type client struct {
	net.Conn
	br *bufio.Reader
}

func (s *server) dial(t *testing.T, from string) *client {
	t.Helper()
	d := net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(from)}, Timeout: wait}
	c, err := d.Dial("tcp", s.addr)
	if err != nil {
		t.Fatalf("dial from %s: %v", from, err)
	}
	t.Cleanup(func() { c.Close() })
	return &client{Conn: c, br: bufio.NewReader(c)}
}

// get sends one request and returns the answer's status and body.
func (c *client) get(path string) (int, string, error) {
	c.SetDeadline(time.Now().Add(wait))
	if _, err := fmt.Fprintf(c, "GET %s HTTP/1.1\r\nHost: test\r\n\r\n", path); err != nil {
		return 0, "", err
	}
	res, err := http.ReadResponse(c.br, nil)
	if err != nil {
		return 0, "", err
	}
	defer res.Body.Close()
	body, err := io.ReadAll(res.Body)
	return res.StatusCode, strings.TrimSpace(string(body)), err
}

func (c *client) mustGet(t *testing.T, path, want string) {
	t.Helper()
	code, body, err := c.get(path)
	if err != nil || code != http.StatusOK || body != want {
		t.Fatalf("GET %s from %s: %d %q %v, want 200 %q", path, c.LocalAddr(), code, body, err, want)
	}
}

// block starts a request that stays active.
func (s *server) block(t *testing.T, from string) *client {
	t.Helper()
	c := s.dial(t, from)
	fmt.Fprintf(c, "GET /block HTTP/1.1\r\nHost: test\r\n\r\n")
	select {
	case <-s.blocked:
	case <-time.After(wait):
		t.Fatalf("request from %s not served", from)
	}
	return c
}

// idleAfter makes a request on c and waits for the server to see the
// connection idle.
func (s *server) idleAfter(t *testing.T, c *client) {
	t.Helper()
	c.mustGet(t, "/", "main")
	select {
	case <-s.idle:
	case <-time.After(wait):
		t.Fatal("connection never idle")
	}
}

// closedWithin reports whether the server closes c within d: a read ends
// with EOF or a reset rather than by the deadline.
func (c *client) closedWithin(d time.Duration) bool {
	c.SetReadDeadline(time.Now().Add(d))
	_, err := c.br.ReadByte()
	return err != nil && !errors.Is(err, os.ErrDeadlineExceeded)
}

// refused reports whether a request on c is never answered: the server
// closed the connection.
func (c *client) refused() bool {
	_, _, err := c.get("/healthz")
	return err != nil && !errors.Is(err, os.ErrDeadlineExceeded)
}

// metric reads one sample of the listener's metrics.
func (s *server) metric(t *testing.T, name, reason string) float64 {
	t.Helper()
	mfs, err := s.reg.Gather()
	if err != nil {
		t.Fatal(err)
	}
	for _, mf := range mfs {
		if mf.GetName() != name {
			continue
		}
		for _, m := range mf.GetMetric() {
			if len(m.GetLabel()) > 0 && m.GetLabel()[0].GetValue() != reason {
				continue
			}
			if m.GetCounter() != nil {
				return m.GetCounter().GetValue()
			}
			return m.GetGauge().GetValue()
		}
	}
	t.Fatalf("no metric %s %s", name, reason)
	return 0
}

func (s *server) wantMetrics(t *testing.T, want map[string]float64) {
	t.Helper()
	for key, v := range want {
		name, reason, _ := strings.Cut(key, "/")
		if got := s.metric(t, name, reason); got != v {
			t.Errorf("%s = %v, want %v", key, got, v)
		}
	}
}

// TestPerIPCap: one address cannot hold more than its cap, and that does
// not stop another address; an idle connection of the address gives way
// to its new one.
func TestPerIPCap(t *testing.T) {
	s := start(t, netlimit.Config{MaxConns: 100, MaxConnsPerIP: 2}, time.Minute)
	s.block(t, "127.0.0.1")
	s.block(t, "127.0.0.1")

	if c := s.dial(t, "127.0.0.1"); !c.refused() {
		t.Fatal("a third connection from 127.0.0.1 was served past its cap of 2")
	}
	other := s.dial(t, "127.0.0.2")
	other.mustGet(t, "/healthz", "main")
	s.wantMetrics(t, map[string]float64{
		"predict_http_connections":                      3,
		"predict_http_connections_refused_total/per_ip": 1,
		"predict_http_connections_evicted_total":        0,
	})

	// 127.0.0.2 at its cap with one active and one idle connection: a new
	// one is served and the idle one closed.
	s.block(t, "127.0.0.2")
	// other is idle since its answer.
	select {
	case <-s.idle:
	case <-time.After(wait):
		t.Fatal("connection never idle")
	}
	s.dial(t, "127.0.0.2").mustGet(t, "/", "main")
	if !other.closedWithin(wait) {
		t.Fatal("the idle connection of 127.0.0.2 was kept past its cap")
	}
	s.wantMetrics(t, map[string]float64{
		"predict_http_connections_evicted_total":        1,
		"predict_http_connections_refused_total/per_ip": 1,
	})
}

// TestCapKeepsHealthzAnswered: with the cap filled by active requests, a
// liveness probe is still answered (on a reserve connection), other
// requests are told to retry, and once the reserve is taken too new
// connections are closed at once.
func TestCapKeepsHealthzAnswered(t *testing.T) {
	s := start(t, netlimit.Config{MaxConns: 3, Reserve: 2}, time.Minute)
	for range 3 {
		s.block(t, "127.0.0.1")
	}

	probe := s.dial(t, "127.0.0.1")
	probe.mustGet(t, "/healthz", "reserve")
	if !probe.closedWithin(wait) {
		t.Fatal("a reserve connection stayed open after its answer")
	}
	other := s.dial(t, "127.0.0.1")
	if code, body, err := other.get("/api"); err != nil || code != http.StatusServiceUnavailable {
		t.Fatalf("GET /api over the cap: %d %q %v, want the reserve's 503", code, body, err)
	}
	if !other.closedWithin(wait) {
		t.Fatal("a reserve connection stayed open after its answer")
	}

	// Two clients that send nothing hold the reserve until its short
	// header deadline; meanwhile a new connection is closed at once.
	// (The listener accepts connections in the order they were made.)
	// "At once" is judged by order, not by a clock: the refusal comes
	// while both silent connections still hold the reserve.
	silent := []*client{s.dial(t, "127.0.0.1"), s.dial(t, "127.0.0.1")}
	if c := s.dial(t, "127.0.0.1"); !c.refused() {
		t.Fatal("a connection past the cap and a full reserve was answered")
	}
	for _, c := range silent {
		if c.closedWithin(time.Millisecond) {
			t.Fatal("the reserve was freed before the connection past it was refused")
		}
	}
	for _, c := range silent {
		if !c.closedWithin(wait) {
			t.Fatal("a silent reserve connection kept its slot")
		}
	}
	s.dial(t, "127.0.0.1").mustGet(t, "/healthz", "reserve")
	s.wantMetrics(t, map[string]float64{
		"predict_http_connections":                       3,
		"predict_http_connections_limit":                 3,
		"predict_http_connections_accepted_total":        3,
		"predict_http_connections_refused_total/reserve": 5,
		"predict_http_connections_refused_total/full":    1,
	})
}

// TestIdleEvictedAtCap: idle keep-alive connections never keep a new
// connection out: at the cap, the one idle longest is closed.
func TestIdleEvictedAtCap(t *testing.T) {
	s := start(t, netlimit.Config{MaxConns: 2}, time.Minute)
	first, second := s.dial(t, "127.0.0.1"), s.dial(t, "127.0.0.2")
	s.idleAfter(t, first)
	s.idleAfter(t, second)

	s.dial(t, "127.0.0.3").mustGet(t, "/", "main")
	if !first.closedWithin(wait) {
		t.Fatal("the longest idle connection was kept at the cap")
	}
	second.mustGet(t, "/", "main")
	s.wantMetrics(t, map[string]float64{
		"predict_http_connections":                       2,
		"predict_http_connections_evicted_total":         1,
		"predict_http_connections_refused_total/reserve": 0,
	})
}

// TestIdleTimeout: a keep-alive connection is closed after the server's
// idle timeout, or after the much shorter busy one when more than three
// quarters of the cap are open.
func TestIdleTimeout(t *testing.T) {
	const busyIdle = 150 * time.Millisecond
	for _, tc := range []struct {
		name    string
		maxConn int
		blocked int           // active connections beside the idle one
		idle    time.Duration // the server's IdleTimeout
		open    time.Duration // the idle connection is still open after this
		closed  time.Duration // and closed within this
	}{
		{name: "Quiet", maxConn: 8, blocked: 2, idle: 800 * time.Millisecond, open: 4 * busyIdle, closed: 800*time.Millisecond + wait},
		{name: "Busy", maxConn: 4, blocked: 2, idle: time.Minute, closed: 10 * busyIdle},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := start(t, netlimit.Config{MaxConns: tc.maxConn, BusyIdleTimeout: busyIdle}, tc.idle)
			for range tc.blocked {
				s.block(t, "127.0.0.1")
			}
			c := s.dial(t, "127.0.0.1")
			s.idleAfter(t, c)
			began := time.Now()
			if tc.open > 0 && c.closedWithin(tc.open) {
				t.Fatalf("closed after %s idle, before the idle timeout %s", time.Since(began), tc.idle)
			}
			if !c.closedWithin(tc.closed - time.Since(began)) {
				t.Fatalf("still open after %s idle", time.Since(began))
			}
			t.Logf("closed after %s idle", time.Since(began))
		})
	}
}

// TestCloseWrite: an accepted connection half-closes as the TCP connection
// under it does, which net/http needs to let a client read an error answer
// (a 413, say) before the close.
func TestCloseWrite(t *testing.T) {
	raw, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ln := netlimit.New(raw, netlimit.Config{MaxConns: 10})
	defer ln.Close()
	client, err := net.Dial("tcp", raw.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer client.Close()
	c, err := ln.Accept()
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	cw, ok := c.(interface{ CloseWrite() error })
	if !ok {
		t.Fatalf("%T has no CloseWrite", c)
	}
	if _, err := c.Write([]byte("answer")); err != nil {
		t.Fatal(err)
	}
	if err := cw.CloseWrite(); err != nil {
		t.Fatal(err)
	}
	client.SetReadDeadline(time.Now().Add(wait))
	got, err := io.ReadAll(client)
	if err != nil || string(got) != "answer" {
		t.Fatalf("client read %q, %v; want the answer, then EOF", got, err)
	}
	// The read side stays open: the client can still send.
	if _, err := client.Write([]byte("more")); err != nil {
		t.Fatal(err)
	}
	buf := make([]byte, 4)
	c.SetReadDeadline(time.Now().Add(wait))
	if _, err := io.ReadFull(c, buf); err != nil || string(buf) != "more" {
		t.Fatalf("server read %q, %v", buf, err)
	}
}

// TestHalfSentGivesWay: an address at its cap with connections that
// still drip their first request's headers (a slowloris) does not lock
// out an honest client behind the same address: past the grace, the
// oldest half-sent connection is closed for the new one. Within the
// grace it is kept, and a connection serving a request never gives way.
func TestHalfSentGivesWay(t *testing.T) {
	const grace = 300 * time.Millisecond
	s := start(t, netlimit.Config{MaxConns: 100, MaxConnsPerIP: 3, HeaderGrace: grace}, time.Minute)
	s.block(t, "127.0.0.1")
	halfSent := func() *client {
		c := s.dial(t, "127.0.0.1")
		if _, err := fmt.Fprintf(c, "GET / HTTP/1.1\r\nHost: test\r\nX-Slow: 1\r\n"); err != nil {
			t.Fatal(err)
		}
		return c
	}
	first, second := halfSent(), halfSent()

	// Within the grace the half-sent connections keep their places.
	if c := s.dial(t, "127.0.0.1"); !c.refused() {
		t.Fatal("a half-sent connection gave way within its grace")
	}
	time.Sleep(grace)
	// Honest clients of the address, each of them served (and held
	// active), take the half-sent connections' places, oldest first.
	s.block(t, "127.0.0.1")
	if !first.closedWithin(wait) {
		t.Fatal("the oldest half-sent connection was kept past the cap")
	}
	s.block(t, "127.0.0.1")
	if !second.closedWithin(wait) {
		t.Fatal("the second half-sent connection was kept past the cap")
	}
	// Every place serves a request now: the next is refused.
	if c := s.dial(t, "127.0.0.1"); !c.refused() {
		t.Fatal("a connection serving a request gave way")
	}
	s.wantMetrics(t, map[string]float64{
		"predict_http_connections_evicted_total":        2,
		"predict_http_connections_refused_total/per_ip": 2,
	})
}
