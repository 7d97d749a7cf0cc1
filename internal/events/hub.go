package events

import (
	"context"
	"errors"
	"fmt"
	"hash/maphash"
	"log/slog"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"github.com/predict-dev/predict"
)

// HubConfig tunes a hub. Zero fields take the defaults of DefaultHubConfig.
type HubConfig struct {
	// BufferSize is how many live events may wait for one connection;
	// a connection whose client reads slower than events arrive is
	// dropped when its buffer is full, so it never holds up the others.
	BufferSize int
	// PingInterval is the period of base:ping (docs/events.md: 30 s).
	PingInterval time.Duration
	// Lifetime is the longest a stream stays open (docs/events.md: 10 min).
	// Each connection gets 80–100 % of it, at random, so clients that
	// connected together do not all reconnect together.
	Lifetime time.Duration
	// WriteTimeout bounds each write to a client.
	WriteTimeout time.Duration
	// ReplayWindow and ReplaySize bound the history kept for clients that
	// reconnect with Last-Event-ID: events older than the window, or
	// beyond the count, can no longer be replayed.
	ReplayWindow time.Duration
	ReplaySize   int
	// ReplayGrace is how long after a connect with Last-Event-ID a
	// subscribe still replays the new topic's missed events (a client
	// that re-subscribes right after reconnecting, as docs/events.md asks).
	ReplayGrace time.Duration
	// MaxTopics caps the subscriptions of one connection.
	MaxTopics int
	// MaxStreamsPerUser caps the open streams of one user on this hub; a
	// new stream past it closes the user's oldest (ErrReplaced). Negative
	// is no cap.
	MaxStreamsPerUser int
	// ForwardTimeout is how long a subscribe for a connection held by
	// another replica waits for that replica's answer. Every refusal
	// takes this long, so timing does not tell a foreign connection from
	// an unknown one.
	ForwardTimeout time.Duration
	// Shards is how many goroutines fan events out to the streams, each
	// for its share of the users; zero is one per CPU (GOMAXPROCS).
	Shards int
	// Logger receives drops and bus resyncs; nil discards.
	Logger *slog.Logger
}

// DefaultHubConfig holds docs/events.md's figures and the defaults of the rest.
var DefaultHubConfig = HubConfig{
	BufferSize:     256,
	PingInterval:   30 * time.Second,
	Lifetime:       10 * time.Minute,
	WriteTimeout:   10 * time.Second,
	ReplayWindow:   5 * time.Minute,
	ReplaySize:     10_000,
	ReplayGrace:    30 * time.Second,
	MaxTopics:      200,
	ForwardTimeout: time.Second,
	// docs/events.md recommends one stream per client session; a few allow for
	// tabs, and for a reconnect whose old stream the server has not yet
	// seen die.
	MaxStreamsPerUser: 3,
}

func (c HubConfig) withDefaults() HubConfig {
	d := DefaultHubConfig
	set := func(v *int, def int) {
		if *v <= 0 {
			*v = def
		}
	}
	setD := func(v *time.Duration, def time.Duration) {
		if *v <= 0 {
			*v = def
		}
	}
	set(&c.BufferSize, d.BufferSize)
	set(&c.ReplaySize, d.ReplaySize)
	set(&c.MaxTopics, d.MaxTopics)
	if c.MaxStreamsPerUser == 0 {
		c.MaxStreamsPerUser = d.MaxStreamsPerUser
	}
	setD(&c.PingInterval, d.PingInterval)
	setD(&c.Lifetime, d.Lifetime)
	setD(&c.WriteTimeout, d.WriteTimeout)
	setD(&c.ReplayWindow, d.ReplayWindow)
	setD(&c.ReplayGrace, d.ReplayGrace)
	setD(&c.ForwardTimeout, d.ForwardTimeout)
	if c.Shards <= 0 {
		c.Shards = runtime.GOMAXPROCS(0)
	}
	if c.Logger == nil {
		c.Logger = slog.New(slog.DiscardHandler)
	}
	return c
}

// Hub holds the SSE connections of one replica. Events come from the bus
// and are matched to connections by user and by topic. Receiving an event
// costs the bus O(shards): it is kept for replay and handed to every
// shard, whose own goroutine appends it to the bounded queue of each
// matching connection. Neither the publisher nor the other clients ever
// wait for a slow client, and the streams' writers run in parallel with
// the next publish.
type Hub struct {
	cfg     HubConfig
	bus     Bus
	log     *slog.Logger
	replica string
	detach  func()
	stats   hubStats

	// mu guards the history, hwm and closed. Lock order: mu, then a
	// shard's mu, then a connection's mu.
	mu      sync.RWMutex
	history *ring
	hwm     uint64 // highest event id received
	closed  bool

	// shards hold the connections, by user: every stream of a user is in
	// the same shard, so the per-user cap is one shard's business.
	shards []*shard
	seed   maphash.Seed
	opened atomic.Uint64 // streams connected so far: each stream's order
	quit   chan struct{} // closed by Close: the shards stop
	runs   sync.WaitGroup

	pmu     sync.Mutex
	pending map[string]chan Control // forwarded requests awaiting a reply
	wg      sync.WaitGroup          // replies being sent
}

var _ Receiver = (*Hub)(nil)

type hubStats struct {
	connections, sent, direct, dropped, replayed, resyncs, replaced atomic.Int64
}

// NewHub attaches a hub to bus. The hub is detached by Close.
func NewHub(ctx context.Context, bus Bus, cfg HubConfig) (*Hub, error) {
	cfg = cfg.withDefaults()
	h := &Hub{
		cfg:     cfg,
		bus:     bus,
		log:     cfg.Logger,
		replica: randomHex(8),
		history: newRing(cfg.ReplaySize),
		seed:    maphash.MakeSeed(),
		quit:    make(chan struct{}),
		pending: map[string]chan Control{},
	}
	h.shards = make([]*shard, max(cfg.Shards, 1))
	for i := range h.shards {
		h.shards[i] = newShard(h)
		h.runs.Add(1)
		go h.shards[i].run()
	}
	// Attach before reading the head, so no event after the head is
	// missed; nothing up to the head can be replayed by this hub.
	h.detach = bus.Attach(h)
	head, err := bus.LastID(ctx)
	if err != nil {
		h.detach()
		h.stop()
		return nil, fmt.Errorf("events: read the last event id: %w", err)
	}
	h.mu.Lock()
	h.history.raiseFloor(head)
	h.hwm = max(h.hwm, head)
	for _, s := range h.shards {
		s.advance(head)
	}
	h.mu.Unlock()
	return h, nil
}

// Config returns the effective configuration.
func (h *Hub) Config() HubConfig { return h.cfg }

// Publish puts e on the hub's bus, so it reaches the streams of every
// replica (this one's included, through the bus like any event). The API
// announces the effects of its own writes with it, such as the
// notification of a comment's answer.
func (h *Hub) Publish(ctx context.Context, e Event) error {
	return h.bus.Publish(ctx, e)
}

// Close ends every stream of the hub and detaches it from the bus. Call
// it when the HTTP server starts shutting down: streams would otherwise
// keep the shutdown waiting until their lifetime ends.
func (h *Hub) Close() {
	h.mu.Lock()
	if h.closed {
		h.mu.Unlock()
		return
	}
	h.closed = true
	for _, s := range h.shards {
		s.removeAll(ErrHubClosed)
	}
	h.mu.Unlock()
	h.detach()
	h.stop()
	h.wg.Wait()
}

// stop ends the shards' goroutines.
func (h *Hub) stop() {
	close(h.quit)
	h.runs.Wait()
}

// ReceiveEvent takes an event from the bus: it is kept for replay and
// handed to every shard, which queues it on each matching connection (a
// connection whose queue is full is dropped). The bus does not wait for
// that: the cost here is the encoding and one append per shard.
func (h *Hub) ReceiveEvent(e Event) {
	en := newEntry(e, time.Now())
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.closed {
		return
	}
	h.history.expire(en.at.Add(-h.cfg.ReplayWindow))
	if e.ID > h.hwm {
		h.history.push(en)
		h.hwm = e.ID
	} else {
		h.log.Warn("event out of order; delivered live only", "id", e.ID, "last", h.hwm, "event", e.Name)
	}
	// Every shard gets every event, user events included, so each
	// shard's position (the id of base:ping) keeps up with the bus.
	for _, s := range h.shards {
		s.push(en)
	}
}

// ReceiveControl answers a subscribe or unsubscribe forwarded by another
// replica when this hub holds the connection and the caller owns it. It
// stays silent otherwise, so the requester cannot tell "elsewhere" from
// "nowhere". Replies addressed to this hub wake the waiting request.
func (h *Hub) ReceiveControl(m Control) {
	switch m.Kind {
	case ControlReply:
		if m.To != h.replica {
			return
		}
		h.pmu.Lock()
		ch := h.pending[m.Request]
		h.pmu.Unlock()
		if ch != nil {
			select {
			case ch <- m:
			default:
			}
		}
	case ControlEndStreams:
		if m.From != h.replica {
			h.endLocal(m.UID, m.Conn)
		}
	case ControlSubscribe, ControlUnsubscribe:
		if m.From == h.replica {
			return
		}
		cur, held, err := h.apply(m.Kind, m.UID, m.Conn, m.Topics)
		if !held || errors.Is(err, errNotOwner) {
			return
		}
		rep := Control{Kind: ControlReply, Request: m.Request, From: h.replica, To: m.From, Conn: m.Conn, Topics: cur}
		if err != nil {
			rep.Topics, rep.Error = nil, predict.ErrorMessage(err)
		}
		// The reply goes out on its own goroutine: the bus is delivering
		// this message and must not be called back from here.
		h.mu.RLock()
		if h.closed {
			h.mu.RUnlock()
			return
		}
		h.wg.Add(1)
		h.mu.RUnlock()
		go func() {
			defer h.wg.Done()
			ctx, cancel := context.WithTimeout(context.Background(), h.cfg.ForwardTimeout)
			defer cancel()
			if err := h.bus.Send(ctx, rep); err != nil {
				h.log.Warn("sse: reply to a forwarded request failed", "err", err)
			}
		}()
	}
}

// EndStreams ends the streams of uid opened with credential (every
// stream of uid when credential is ""), on this replica at once and on
// the others when the bus delivers the word: the credential was revoked,
// or the user's rights changed, and a stream must not go on carrying the
// user's events past that. Clients that still hold a valid credential
// reconnect and resume with Last-Event-ID.
func (h *Hub) EndStreams(ctx context.Context, uid, credential string) error {
	h.endLocal(uid, credential)
	if err := h.bus.Send(ctx, Control{Kind: ControlEndStreams, From: h.replica, UID: uid, Conn: credential}); err != nil {
		return fmt.Errorf("events: end the streams of %s on the other replicas: %w", uid, err)
	}
	return nil
}

// endLocal ends this replica's streams of uid opened with credential.
func (h *Hub) endLocal(uid, credential string) int {
	if uid == "" {
		return 0
	}
	s := h.shardOf(uid)
	s.mu.Lock()
	defer s.mu.Unlock()
	n := 0
	for c := range s.byUser[uid] {
		if credential == "" || c.credential == credential {
			s.removeLocked(c, ErrRevoked)
			n++
		}
	}
	if n > 0 {
		h.log.Info("sse: streams ended, their credential revoked", "uid", uid, "credential", credential, "streams", n)
	}
	return n
}

// Resync handles a bus that may have lost messages: replay can no longer
// cover anything up to head, and every stream here may have missed events,
// so all are closed; their clients reconnect with Last-Event-ID and are
// told to refetch (base:resync).
func (h *Hub) Resync(head uint64) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.history.raiseFloor(head)
	h.hwm = max(h.hwm, head)
	n := 0
	for _, s := range h.shards {
		n += s.removeAll(ErrResync)
		// New streams start past what can no longer be replayed.
		s.advance(head)
	}
	h.stats.resyncs.Add(1)
	h.log.Warn("sse: event bus reconnected; streams closed so clients resume", "head", head, "closed", n)
}

// shardOf is the shard that holds the streams of uid.
func (h *Hub) shardOf(uid string) *shard {
	if len(h.shards) == 1 {
		return h.shards[0]
	}
	return h.shards[maphash.String(h.seed, uid)%uint64(len(h.shards))]
}

func addIndex(idx map[string]map[*Conn]struct{}, key string, c *Conn) {
	set := idx[key]
	if set == nil {
		set = map[*Conn]struct{}{}
		idx[key] = set
	}
	set[c] = struct{}{}
}

func removeIndex(idx map[string]map[*Conn]struct{}, key string, c *Conn) {
	if set := idx[key]; set != nil {
		delete(set, c)
		if len(set) == 0 {
			delete(idx, key)
		}
	}
}
