package events

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"hash/maphash"
	"log/slog"
	mrand "math/rand/v2"
	"runtime"
	"slices"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/predict-dev/predict"
)

// HubConfig tunes a hub. Zero fields take the defaults of DefaultHubConfig.
type HubConfig struct {
	// BufferSize is how many live events may wait for one connection;
	// a connection whose client reads slower than events arrive is
	// dropped when its buffer is full, so it never holds up the others.
	BufferSize int
	// PingInterval is the period of base:ping (SPEC.md: 30 s).
	PingInterval time.Duration
	// Lifetime is the longest a stream stays open (SPEC.md: 10 min).
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
	// that re-subscribes right after reconnecting, as SPEC.md asks).
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

// DefaultHubConfig holds SPEC.md's figures and the defaults of the rest.
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
	// SPEC.md recommends one stream per client session; a few allow for
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

// ConnectParams describe a new stream.
type ConnectParams struct {
	UID string
	// Topics are subscribed together with the connection, so a client
	// that reconnects with Last-Event-ID also gets the missed events of
	// its market topics, not only its user events.
	Topics []string
	// LastEventID is the Last-Event-ID header of a reconnect, "" if none.
	LastEventID string
	// Credential names what the stream was opened with (an API key's
	// id, say), so that EndStreams can end it when that is revoked.
	Credential string
	// Expires, when set, is when the credential stops being valid: the
	// stream ends then, if its lifetime has not ended it before.
	Expires time.Time
}

// Connect registers a stream for p.UID. Its first frame is base:connected;
// after a reconnect the missed events follow (or base:resync when they
// cannot all be replayed), then live events. Serve writes them. Past
// MaxStreamsPerUser, the user's oldest stream on this hub ends with
// ErrReplaced: a client that reconnects cannot close a stream the network
// lost, and the server may not notice it dead for minutes, so refusing
// the new stream would shut the user out that long.
func (h *Hub) Connect(ctx context.Context, p ConnectParams) (*Conn, error) {
	topics, err := h.checkTopics(p.Topics, true)
	if err != nil {
		return nil, err
	}
	if len(topics) > h.cfg.MaxTopics {
		return nil, predict.Errorf(predict.EINVALID, "a connection can hold at most %d topics", h.cfg.MaxTopics)
	}
	hasResume := p.LastEventID != ""
	resume, err := strconv.ParseUint(p.LastEventID, 10, 64)
	ours := err == nil // anything else cannot be replayed from
	// An id beyond what this replica has seen may come from a replica
	// whose listener is a few events ahead; the bus tells lag from junk.
	head := uint64(0)
	h.mu.RLock()
	ahead := ours && resume > h.hwm
	h.mu.RUnlock()
	if ahead {
		if head, err = h.bus.LastID(ctx); err != nil {
			return nil, fmt.Errorf("events: read the last event id: %w", err)
		}
	}

	s := h.shardOf(p.UID)
	c := &Conn{
		hub:        h,
		shard:      s,
		id:         randomHex(16),
		uid:        p.UID,
		credential: p.Credential,
		lifetime:   time.Duration(float64(h.cfg.Lifetime) * (0.8 + 0.2*mrand.Float64())),
		topics:     make(map[string]struct{}, len(topics)),
		ready:      make(chan struct{}, 1),
		done:       make(chan struct{}),
	}
	now := time.Now()
	if !p.Expires.IsZero() {
		// A stream outlives no credential: a client reconnects with a
		// fresh one and resumes with Last-Event-ID.
		if left := p.Expires.Sub(now); left < c.lifetime {
			if left <= 0 {
				return nil, ErrRevoked
			}
			c.lifetime = left
		}
	}

	h.mu.Lock()
	defer h.mu.Unlock()
	if h.closed {
		return nil, ErrHubClosed
	}
	h.history.expire(now.Add(-h.cfg.ReplayWindow))
	for _, t := range topics {
		c.topics[t] = struct{}{}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	// The shard has queued every event up to delivered; later ones are
	// still on their way to it and reach this stream live once it is
	// registered below, so replay stops at delivered.
	delivered := s.delivered
	c.mu.Lock()
	switch {
	case !hasResume:
		c.pos = delivered
		c.enqueueLocked(encodeFrame(c.pos, NameConnected, map[string]string{KeyConnectionID: c.id}))
	case ours && resume >= h.history.floor && resume <= h.hwm:
		// Events up to resume reached the client on its previous stream,
		// even those the shard has not delivered yet.
		c.pos, c.skip = resume, resume
		c.enqueueLocked(encodeFrame(c.pos, NameConnected, map[string]string{KeyConnectionID: c.id}))
		c.resumeFrom, c.resumed, c.graceUntil = resume, true, now.Add(h.cfg.ReplayGrace)
		n := 0
		h.history.after(resume, func(e *entry) {
			if e.ev.ID <= delivered && (e.ev.UID == c.uid || c.receives(e.ev.Topic)) {
				c.enqueueEntryLocked(e, false)
				n++
			}
		})
		c.replayed = make(map[string]struct{}, len(topics))
		for _, t := range topics {
			c.replayed[t] = struct{}{}
		}
		h.stats.replayed.Add(int64(n))
	case ours && resume > h.hwm && resume <= head:
		c.pos, c.skip = resume, resume
		c.enqueueLocked(encodeFrame(c.pos, NameConnected, map[string]string{KeyConnectionID: c.id}))
		c.resumeFrom, c.resumed, c.graceUntil = resume, true, now.Add(h.cfg.ReplayGrace)
	default:
		c.pos = delivered
		c.enqueueLocked(encodeFrame(c.pos, NameConnected, map[string]string{KeyConnectionID: c.id}))
		c.enqueueLocked(frame{id: c.pos, body: resyncBody})
	}
	c.mu.Unlock()

	c.order = h.opened.Add(1)
	s.addLocked(c)
	h.stats.connections.Add(1)
	if limit := h.cfg.MaxStreamsPerUser; limit > 0 {
		for len(s.byUser[c.uid]) > limit {
			s.removeLocked(s.oldestLocked(c.uid), ErrReplaced)
		}
	}
	return c, nil
}

// Subscribe adds topics to the connection connID of uid and returns its
// subscriptions. A connection held by another replica is reached over
// the bus. A connection that does not exist, or is not uid's, is
// EFORBIDDEN either way.
func (h *Hub) Subscribe(ctx context.Context, uid, connID string, topics []string) ([]string, error) {
	return h.change(ctx, ControlSubscribe, uid, connID, topics)
}

// Unsubscribe removes topics from the connection; see Subscribe.
func (h *Hub) Unsubscribe(ctx context.Context, uid, connID string, topics []string) ([]string, error) {
	return h.change(ctx, ControlUnsubscribe, uid, connID, topics)
}

var errNotOwner = errors.New("events: connection of another user")

func errForbidden() error {
	return predict.Errorf(predict.EFORBIDDEN, "connection_id is unknown or belongs to another user")
}

func (h *Hub) change(ctx context.Context, kind, uid, connID string, topics []string) ([]string, error) {
	deadline := time.Now().Add(h.cfg.ForwardTimeout)
	topics, err := h.checkTopics(topics, false)
	if err != nil {
		return nil, err
	}
	cur, held, err := h.apply(kind, uid, connID, topics)
	// Ids are 32 hex digits; anything much longer is nobody's, and is not
	// worth a message on the bus (nor could it fit one).
	if errors.Is(err, errNotOwner) || (!held && len(connID) > 64) {
		return nil, h.deny(ctx, deadline)
	} else if held {
		return cur, err
	}

	req := randomHex(16)
	replies := make(chan Control, 1)
	h.pmu.Lock()
	h.pending[req] = replies
	h.pmu.Unlock()
	defer func() {
		h.pmu.Lock()
		delete(h.pending, req)
		h.pmu.Unlock()
	}()
	err = h.bus.Send(ctx, Control{Kind: kind, Request: req, From: h.replica, Conn: connID, UID: uid, Topics: topics})
	if err != nil {
		return nil, fmt.Errorf("events: forward %s: %w", kind, err)
	}
	timer := time.NewTimer(time.Until(deadline))
	defer timer.Stop()
	select {
	case rep := <-replies:
		if rep.Error != "" {
			return nil, predict.Errorf(predict.EINVALID, "%s", rep.Error)
		}
		return rep.Topics, nil
	case <-timer.C:
		return nil, errForbidden()
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// deny answers a refusal no sooner than a forwarded request would time out.
func (h *Hub) deny(ctx context.Context, deadline time.Time) error {
	timer := time.NewTimer(time.Until(deadline))
	defer timer.Stop()
	select {
	case <-timer.C:
		return errForbidden()
	case <-ctx.Done():
		return ctx.Err()
	}
}

// checkTopics validates and deduplicates topics.
func (h *Hub) checkTopics(topics []string, allowEmpty bool) ([]string, error) {
	if len(topics) == 0 && !allowEmpty {
		return nil, predict.Errorf(predict.EINVALID, "topics must list at least one topic")
	}
	if len(topics) > MaxTopicsPerRequest {
		return nil, predict.Errorf(predict.EINVALID, "topics must list at most %d topics", MaxTopicsPerRequest)
	}
	out := make([]string, 0, len(topics))
	for _, t := range topics {
		c, _, err := ParseTopic(t)
		if err != nil {
			return nil, predict.Errorf(predict.EINVALID, "%s", err.Error())
		}
		if !slices.Contains(out, c) {
			out = append(out, c)
		}
	}
	return out, nil
}

// apply changes the subscriptions of a connection held here. held is false
// when this hub does not hold connID.
func (h *Hub) apply(kind, uid, connID string, topics []string) (cur []string, held bool, err error) {
	// The history is read (late replay) under the hub's lock, the
	// subscriptions changed under the shard's.
	h.mu.RLock()
	defer h.mu.RUnlock()
	if h.closed {
		return nil, false, nil
	}
	s := h.shardOf(uid)
	if !s.holds(connID) {
		// Another user's connection is in that user's shard. One shard
		// lock at a time: two of these may run at once.
		for _, o := range h.shards {
			if o != s && o.holds(connID) {
				return nil, true, errNotOwner
			}
		}
		return nil, false, nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	c := s.conns[connID]
	if c == nil { // closed in between
		return nil, false, nil
	}
	if c.uid != uid {
		return nil, true, errNotOwner
	}
	switch kind {
	case ControlSubscribe:
		var added []string
		for _, t := range topics {
			if !c.subscribed(t) {
				added = append(added, t)
			}
		}
		if len(c.topics)+len(added) > h.cfg.MaxTopics {
			return nil, true, predict.Errorf(predict.EINVALID, "a connection can hold at most %d topics; it holds %d", h.cfg.MaxTopics, len(c.topics))
		}
		for _, t := range added {
			c.topics[t] = struct{}{}
			addIndex(s.byTopic, t, c)
		}
		h.replayLateLocked(c, added)
	case ControlUnsubscribe:
		for _, t := range topics {
			if c.subscribed(t) {
				delete(c.topics, t)
				removeIndex(s.byTopic, t, c)
			}
		}
	default:
		return nil, true, fmt.Errorf("events: unknown control %q", kind)
	}
	return c.topicList(), true, nil
}

// replayLateLocked sends the missed events of topics a resumed connection
// subscribes to within the grace period, once per topic. It runs under
// the hub's lock and the shard's, which delivery takes: events up to the
// shard's delivered position are replayed, later ones arrive live, so
// the topic's live events follow with no gap and no duplicate.
func (h *Hub) replayLateLocked(c *Conn, added []string) {
	if !c.resumed || time.Now().After(c.graceUntil) {
		return
	}
	want := map[string]bool{}
	if c.replayed == nil {
		c.replayed = map[string]struct{}{}
	}
	// What was replayed before stays replayed once: the firehose's
	// replay skips the topics already replayed, and a topic added after
	// the firehose was replayed has nothing left to replay.
	done := func(t string) bool {
		_, one := c.replayed[t]
		_, all := c.replayed[FirehoseTopic]
		return one || all && t != ""
	}
	for _, t := range added {
		if !done(t) {
			want[t] = true
		}
	}
	if len(want) == 0 {
		return
	}
	pick := func(topic string) bool {
		return want[topic] || want[FirehoseTopic] && topic != "" && !done(topic)
	}
	n := 0
	c.mu.Lock()
	h.history.after(c.resumeFrom, func(e *entry) {
		if pick(e.ev.Topic) && e.ev.ID > c.skip && e.ev.ID <= c.shard.delivered {
			c.enqueueEntryLocked(e, false)
			n++
		}
	})
	c.mu.Unlock()
	for t := range want {
		c.replayed[t] = struct{}{}
	}
	h.stats.replayed.Add(int64(n))
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

// Stats are the hub's counters.
type Stats struct {
	Connections int64 // open streams
	Sent        int64 // events written to clients
	Direct      int64 // of Sent, written by the delivery itself (no goroutine woken)
	Dropped     int64 // slow clients dropped
	Replayed    int64 // events replayed after a reconnect
	Resyncs     int64 // bus reconnects that closed every stream
	Replaced    int64 // streams closed for a newer one of the same user
}

// Stats returns the current counters.
func (h *Hub) Stats() Stats {
	return Stats{
		Connections: h.stats.connections.Load(),
		Sent:        h.stats.sent.Load(),
		Direct:      h.stats.direct.Load(),
		Dropped:     h.stats.dropped.Load(),
		Replayed:    h.stats.replayed.Load(),
		Resyncs:     h.stats.resyncs.Load(),
		Replaced:    h.stats.replaced.Load(),
	}
}

var (
	descConnections = prometheus.NewDesc("predict_sse_connections", "Open SSE streams.", nil, nil)
	descSent        = prometheus.NewDesc("predict_sse_events_sent_total", "Events written to SSE clients, pings included.", nil, nil)
	descDirect      = prometheus.NewDesc("predict_sse_events_sent_direct_total", "Of the events written to SSE clients, those written by the delivery at once, without waking the stream's goroutine.", nil, nil)
	descDropped     = prometheus.NewDesc("predict_sse_slow_clients_dropped_total", "SSE clients dropped because their buffer filled up.", nil, nil)
	descReplayed    = prometheus.NewDesc("predict_sse_events_replayed_total", "Events replayed to clients that reconnected with Last-Event-ID.", nil, nil)
	descResyncs     = prometheus.NewDesc("predict_sse_bus_resyncs_total", "Event bus reconnects after which every stream was closed.", nil, nil)
	descReplaced    = prometheus.NewDesc("predict_sse_streams_replaced_total", "SSE streams closed because their user opened more than the per-user cap.", nil, nil)
)

// Describe implements prometheus.Collector, so the hub's metrics sit on
// whatever registry the server exposes.
func (h *Hub) Describe(ch chan<- *prometheus.Desc) {
	for _, d := range []*prometheus.Desc{descConnections, descSent, descDirect, descDropped, descReplayed, descResyncs, descReplaced} {
		ch <- d
	}
}

// Collect implements prometheus.Collector.
func (h *Hub) Collect(ch chan<- prometheus.Metric) {
	s := h.Stats()
	ch <- prometheus.MustNewConstMetric(descConnections, prometheus.GaugeValue, float64(s.Connections))
	ch <- prometheus.MustNewConstMetric(descSent, prometheus.CounterValue, float64(s.Sent))
	ch <- prometheus.MustNewConstMetric(descDirect, prometheus.CounterValue, float64(s.Direct))
	ch <- prometheus.MustNewConstMetric(descDropped, prometheus.CounterValue, float64(s.Dropped))
	ch <- prometheus.MustNewConstMetric(descReplayed, prometheus.CounterValue, float64(s.Replayed))
	ch <- prometheus.MustNewConstMetric(descResyncs, prometheus.CounterValue, float64(s.Resyncs))
	ch <- prometheus.MustNewConstMetric(descReplaced, prometheus.CounterValue, float64(s.Replaced))
}

// encodeBody is an event after its id line: the event name and the
// payload as one JSON line (JSON escapes newlines, so it cannot break the
// framing).
func encodeBody(name string, data map[string]string) []byte {
	if data == nil {
		data = map[string]string{}
	}
	payload, _ := json.Marshal(data) // a map of strings always encodes
	b := make([]byte, 0, len(name)+len(payload)+16)
	b = append(b, "event: "...)
	b = append(b, name...)
	b = append(b, "\ndata: "...)
	b = append(b, payload...)
	return append(b, "\n\n"...)
}

var (
	pingBody   = encodeBody(NamePing, nil)
	resyncBody = encodeBody(NameResync, nil)
)

// newEntry encodes e once for every connection that receives it: the
// body, and the whole frame with its id line for the connections whose
// position is the event's own id (all but a late replay's).
func newEntry(e Event, at time.Time) *entry {
	body := encodeBody(e.Name, e.Data)
	full := make([]byte, 0, len(body)+24)
	full = appendIDLine(full, e.ID)
	full = append(full, body...)
	return &entry{ev: e, body: body, frame: full, at: at}
}

func appendIDLine(b []byte, id uint64) []byte {
	b = append(b, "id: "...)
	b = strconv.AppendUint(b, id, 10)
	return append(b, '\n')
}

func encodeFrame(id uint64, name string, data map[string]string) frame {
	return frame{id: id, body: encodeBody(name, data)}
}

func randomHex(n int) string {
	b := make([]byte, n)
	rand.Read(b)
	return hex.EncodeToString(b)
}
