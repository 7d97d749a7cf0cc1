// Package netlimit bounds the connections an HTTP server holds open, so no
// client can take the process to its open-file limit. A probe with no
// token once held 19,920 idle keep-alive connections against a 20,000
// file limit: accept failed with "too many open files" and health checks
// went unanswered.
//
// Listener wraps the server's net.Listener and enforces, as connections
// are accepted:
//
//   - a cap on open connections in all (hijacked ones, such as event
//     streams, included), no higher than 80 % of the soft open-file
//     limit, leaving files for the database, the chain and the logs;
//   - a cap per peer address. The listener sees only the TCP peer: behind
//     a proxy that is the proxy, so the cap must then be off or sized for
//     it;
//   - an idle keep-alive connection never keeps a new one out: at either
//     cap the one idle longest (of that peer, or of all) is closed to make
//     room, as HTTP/1.1 lets a server do at any time;
//   - nor does a connection that has not sent its first request's headers
//     within HeaderGrace: with nothing idle, the oldest such one gives way.
//     A slowloris that drips its headers from one address once held every
//     place of that address until the server's ReadHeaderTimeout, and so
//     locked out every honest client behind it (behind one NAT or proxy);
//   - while more than three quarters of the cap are open, connections that
//     fall idle wait at most BusyIdleTimeout for their next request
//     instead of the server's IdleTimeout;
//   - past the cap with nothing idle, a few reserve connections are
//     answered by the Overflow handler, one request each with short
//     deadlines, so liveness probes still get through; beyond the reserve,
//     and past a peer's cap, a new connection is closed at once.
//
// The listener learns which connections are idle from the HTTP server:
// set http.Server.ConnState to Listener.ConnState.
package netlimit

import (
	"container/list"
	"log/slog"
	"net"
	"net/http"
	"sync"
	"sync/atomic"
	"time"

	"github.com/prometheus/client_golang/prometheus"
)

// Config bounds the connections of a Listener.
type Config struct {
	// MaxConns caps the open connections. New lowers it to 80 % of the
	// process's soft open-file limit; zero means that bound alone (no cap
	// where the limit is unknown or unlimited).
	MaxConns int
	// MaxConnsPerIP caps the open connections of one peer address; zero
	// is no cap.
	MaxConnsPerIP int
	// BusyIdleTimeout is how long a connection that falls idle while more
	// than three quarters of MaxConns are open waits for its next request
	// (DefaultBusyIdleTimeout when zero).
	BusyIdleTimeout time.Duration
	// HeaderGrace is how long a new connection may take to send its first
	// request's headers before it may be closed to make room at a cap
	// (DefaultHeaderGrace when zero). A client sends its headers in one
	// write; only a stalled or hostile one is still sending after this.
	HeaderGrace time.Duration
	// Reserve is how many connections past MaxConns may be served by
	// Overflow at once; zero takes 1 % of MaxConns, at least 4 and at
	// most 64.
	Reserve int
	// Overflow answers the single request of each reserve connection; nil
	// answers 503. It should answer liveness probes as usual.
	Overflow http.Handler
	// Logger receives the start-up line; nil discards.
	Logger *slog.Logger
	// Registerer receives the connection metrics; nil registers none.
	Registerer prometheus.Registerer
}

// DefaultBusyIdleTimeout is the idle wait of a nearly full listener.
const DefaultBusyIdleTimeout = 5 * time.Second

// DefaultHeaderGrace is the time a new connection has to send its first
// request's headers before it may give way to another.
const DefaultHeaderGrace = 3 * time.Second

// A reserve connection gets this long to send its request and this long
// to receive the answer: a probe needs milliseconds, and a slow client
// must not keep the slot.
const reserveTimeout = 2 * time.Second

// Listener is a net.Listener that bounds its connections (see the package
// documentation). Close closes the wrapped listener.
type Listener struct {
	net.Listener
	cfg     Config
	maxOpen int // effective cap; 0: none
	busyAt  int // open connections from which idle waits are shortened
	reserve *reserve

	mu       sync.Mutex
	open     int // admitted connections, reserve ones excluded
	spare    int // reserve connections being answered
	byIP     map[string]*peer
	idle     list.List // of *conn, idle longest first
	fresh    list.List // of *conn not yet past their first request's headers, oldest first
	refused  map[string]int64
	evicted  int64
	accepted int64
}

// peer is the connections of one address.
type peer struct {
	open  int
	idle  list.List // of *conn, idle longest first
	fresh list.List // of *conn not yet past their first request's headers, oldest first
}

// Refusal reasons, the values of the metric's reason label.
const (
	reasonPerIP   = "per_ip"  // the peer's cap reached, none of its connections idle: closed at once
	reasonFull    = "full"    // the cap and the reserve reached: closed at once
	reasonReserve = "reserve" // the cap reached: answered on a reserve connection
)

// New wraps ln. It reads the process's open-file limit to bound MaxConns
// and logs the limits it enforces.
func New(ln net.Listener, cfg Config) *Listener {
	soft := fileLimit()
	log := cfg.Logger
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	if cfg.BusyIdleTimeout <= 0 {
		cfg.BusyIdleTimeout = DefaultBusyIdleTimeout
	}
	if cfg.HeaderGrace <= 0 {
		cfg.HeaderGrace = DefaultHeaderGrace
	}
	maxOpen := capToFiles(cfg.MaxConns, soft)
	if maxOpen == 0 {
		cfg.Reserve = 0
	} else if cfg.Reserve <= 0 {
		cfg.Reserve = min(64, max(4, maxOpen/100))
	}
	l := &Listener{
		Listener: ln,
		cfg:      cfg,
		maxOpen:  maxOpen,
		byIP:     map[string]*peer{},
		refused:  map[string]int64{},
	}
	if maxOpen > 0 {
		l.busyAt = max(1, maxOpen*3/4)
		l.reserve = newReserve(ln.Addr(), cfg.Reserve, cfg.Overflow)
	}
	if cfg.Registerer != nil {
		cfg.Registerer.MustRegister(l)
	}
	attrs := []any{"max_conns", maxOpen, "per_ip", cfg.MaxConnsPerIP, "reserve", cfg.Reserve,
		"busy_idle_timeout", cfg.BusyIdleTimeout, "header_grace", cfg.HeaderGrace, "file_limit", soft}
	if cfg.MaxConns > 0 && maxOpen < cfg.MaxConns {
		log.Warn("connection limits: the cap is lowered to 80% of the open-file limit", append(attrs, "configured", cfg.MaxConns)...)
	} else {
		log.Info("connection limits", attrs...)
	}
	return l
}

// capToFiles bounds configured by 80 % of soft, the soft open-file limit
// (0 when unknown; beyond 2^40, unlimited).
func capToFiles(configured int, soft uint64) int {
	if soft == 0 || soft > 1<<40 {
		return max(configured, 0)
	}
	bound := int(soft * 8 / 10)
	if configured <= 0 || configured > bound {
		return bound
	}
	return configured
}

// MaxConns is the cap in force: the configured one, bounded by the
// open-file limit; 0 when there is none.
func (l *Listener) MaxConns() int { return l.maxOpen }

// Accept returns the next connection within the limits. Connections past
// them are answered or closed here and never returned.
func (l *Listener) Accept() (net.Conn, error) {
	for {
		nc, err := l.Listener.Accept()
		if err != nil {
			return nil, err
		}
		c, victims, verdict := l.admit(nc)
		for _, v := range victims {
			_ = v.Conn.Close()
		}
		switch verdict {
		case "":
			return c, nil
		case reasonReserve:
			l.reserve.serve(c)
		default:
			_ = nc.Close()
		}
	}
}

// admit decides the fate of a new connection: admitted (verdict ""),
// answered on a reserve slot, or refused. victims are idle connections
// released to make room; the caller closes them.
func (l *Listener) admit(nc net.Conn) (c *conn, victims []*conn, verdict string) {
	ip := peerIP(nc.RemoteAddr())
	l.mu.Lock()
	defer l.mu.Unlock()
	p := l.byIP[ip]
	now := time.Now()
	if l.cfg.MaxConnsPerIP > 0 && p != nil && p.open >= l.cfg.MaxConnsPerIP {
		v := l.victim(&p.idle, &p.fresh, now)
		if v == nil {
			l.refused[reasonPerIP]++
			return nil, nil, reasonPerIP
		}
		l.releaseLocked(v)
		l.evicted++
		victims = append(victims, v)
	}
	spare := false
	if l.maxOpen > 0 && l.open >= l.maxOpen {
		if v := l.victim(&l.idle, &l.fresh, now); v != nil {
			l.releaseLocked(v)
			l.evicted++
			victims = append(victims, v)
		} else if l.spare < l.cfg.Reserve {
			spare = true
		} else {
			l.refused[reasonFull]++
			return nil, victims, reasonFull
		}
	}
	if p == nil {
		p = &peer{}
		l.byIP[ip] = p
	}
	p.open++
	c = &conn{Conn: nc, l: l, ip: ip, spare: spare, newAt: now}
	if spare {
		l.spare++
		l.refused[reasonReserve]++
		return c, victims, reasonReserve
	}
	l.open++
	l.accepted++
	return c, victims, ""
}

func oldest(idle *list.List) *conn {
	if e := idle.Front(); e != nil {
		return e.Value.(*conn)
	}
	return nil
}

// victim is the connection that gives way to a new one: the one idle
// longest, else the oldest still short of its first request's headers
// past the grace; nil when every connection is serving a request (or
// within its grace).
func (l *Listener) victim(idle, fresh *list.List, now time.Time) *conn {
	if v := oldest(idle); v != nil {
		return v
	}
	if v := oldest(fresh); v != nil && now.Sub(v.newAt) >= l.cfg.HeaderGrace {
		return v
	}
	return nil
}

// releaseLocked gives back c's place; it is done once, by Close or by an
// eviction, whichever comes first.
func (l *Listener) releaseLocked(c *conn) {
	if c.released {
		return
	}
	c.released = true
	l.wakeLocked(c)
	if c.spare {
		l.spare--
	} else {
		l.open--
	}
	if p := l.byIP[c.ip]; p != nil {
		if p.open--; p.open <= 0 {
			delete(l.byIP, c.ip)
		}
	}
}

// wakeLocked takes c off the idle and fresh lists: it is serving a
// request (or gone).
func (l *Listener) wakeLocked(c *conn) {
	p := l.byIP[c.ip]
	if c.idleAt != nil {
		l.idle.Remove(c.idleAt)
		if p != nil {
			p.idle.Remove(c.peerIdleAt)
		}
		c.idleAt, c.peerIdleAt = nil, nil
	}
	if c.freshAt != nil {
		l.fresh.Remove(c.freshAt)
		if p != nil {
			p.fresh.Remove(c.peerFreshAt)
		}
		c.freshAt, c.peerFreshAt = nil, nil
	}
}

// ConnState tracks which connections are idle between two requests, and
// which are new and still reading their first request's headers (net/http
// leaves a connection in StateNew until the headers are read); set it as
// the HTTP server's ConnState.
func (l *Listener) ConnState(nc net.Conn, state http.ConnState) {
	c, ok := nc.(*conn)
	if !ok || c.l != l {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if c.released {
		return
	}
	if state == http.StateNew && c.freshAt == nil && !c.spare {
		c.freshAt = l.fresh.PushBack(c)
		c.peerFreshAt = l.byIP[c.ip].fresh.PushBack(c)
		return
	}
	if state != http.StateIdle {
		l.wakeLocked(c)
		return
	}
	if c.idleAt == nil {
		c.idleAt = l.idle.PushBack(c)
		c.peerIdleAt = l.byIP[c.ip].idle.PushBack(c)
	}
	// The server sets the idle wait's read deadline right after this
	// hook; conn.SetReadDeadline shortens that one deadline.
	c.shortIdle.Store(l.busyAt > 0 && l.open >= l.busyAt)
}

// Close closes the wrapped listener and the reserve's connections.
func (l *Listener) Close() error {
	err := l.Listener.Close()
	if l.reserve != nil {
		l.reserve.close()
	}
	return err
}

// peerIP is the address a peer's connections are counted under: the IP
// of the TCP peer, as the API's rate limits use without proxy headers.
func peerIP(a net.Addr) string {
	if ta, ok := a.(*net.TCPAddr); ok {
		return ta.IP.String()
	}
	host, _, err := net.SplitHostPort(a.String())
	if err != nil {
		return a.String()
	}
	return host
}

// conn is an accepted connection; Close gives its place back.
type conn struct {
	net.Conn
	l     *Listener
	ip    string
	spare bool // answered on a reserve slot

	newAt time.Time // accepted

	// Guarded by l.mu.
	released             bool
	idleAt, peerIdleAt   *list.Element
	freshAt, peerFreshAt *list.Element

	shortIdle atomic.Bool // the next read deadline is the idle wait of a busy listener
}

// CloseWrite half-closes the connection when the one it wraps can: net/http
// does it after an error answer and then waits, so the client reads the
// answer before the close. Without it the server closes at once.
func (c *conn) CloseWrite() error {
	if cw, ok := c.Conn.(interface{ CloseWrite() error }); ok {
		return cw.CloseWrite()
	}
	return nil
}

// SetReadDeadline shortens the idle wait the HTTP server sets when the
// listener is nearly full; every other deadline passes unchanged.
func (c *conn) SetReadDeadline(t time.Time) error {
	if c.shortIdle.Swap(false) {
		if limit := time.Now().Add(c.l.cfg.BusyIdleTimeout); t.IsZero() || t.After(limit) {
			t = limit
		}
	}
	return c.Conn.SetReadDeadline(t)
}

// Close closes the connection and gives its place back.
func (c *conn) Close() error {
	c.l.mu.Lock()
	c.l.releaseLocked(c)
	c.l.mu.Unlock()
	return c.Conn.Close()
}
