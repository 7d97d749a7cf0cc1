package events

import (
	"context"
	"fmt"
	mrand "math/rand/v2"
	"strconv"
	"time"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/event"
)

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
	resume, err := h.readResumePoint(ctx, p.LastEventID)
	if err != nil {
		return nil, err
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
	h.startLocked(c, s, topics, resume, now)

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

// resumePoint is where a reconnect asks its stream to resume.
type resumePoint struct {
	given bool   // a Last-Event-ID was sent
	ours  bool   // it is an event id; anything else cannot be replayed from
	id    uint64 // that id
	head  uint64 // the bus's last id when id is beyond this replica's, else 0
}

// readResumePoint parses a reconnect's Last-Event-ID (lastEventID) and,
// when it names an event beyond what this replica has seen, reads the
// bus's last id: the one step of Connect that may wait on the bus, taken
// before any lock.
func (h *Hub) readResumePoint(ctx context.Context, lastEventID string) (resumePoint, error) {
	r := resumePoint{given: lastEventID != ""}
	var err error
	r.id, err = strconv.ParseUint(lastEventID, 10, 64)
	r.ours = err == nil // anything else cannot be replayed from
	// An id beyond what this replica has seen may come from a replica
	// whose listener is a few events ahead; the bus tells lag from junk.
	h.mu.RLock()
	ahead := r.ours && r.id > h.hwm
	h.mu.RUnlock()
	if ahead {
		if r.head, err = h.bus.LastID(ctx); err != nil {
			return r, fmt.Errorf("events: read the last event id: %w", err)
		}
	}
	return r, nil
}

// startLocked sets where the new stream c starts and queues its first
// frames: base:connected, then after a reconnect the missed events of
// its topics, or base:resync when they cannot all be replayed. It runs
// under the hub's lock and the lock of c's shard s, so that no event
// reaches the shard between the replay and the stream's registration.
func (h *Hub) startLocked(c *Conn, s *shard, topics []string, resume resumePoint, now time.Time) {
	// The shard has queued every event up to delivered; later ones are
	// still on their way to it and reach this stream live once it is
	// registered (by Connect, after this), so replay stops at delivered.
	delivered := s.delivered
	c.mu.Lock()
	switch {
	case !resume.given:
		c.pos = delivered
		c.enqueueLocked(encodeFrame(c.pos, event.Connected, map[string]string{event.KeyConnectionID: c.id}))
	case resume.ours && resume.id >= h.history.floor && resume.id <= h.hwm:
		// Events up to resume reached the client on its previous stream,
		// even those the shard has not delivered yet.
		c.pos, c.skip = resume.id, resume.id
		c.enqueueLocked(encodeFrame(c.pos, event.Connected, map[string]string{event.KeyConnectionID: c.id}))
		c.resumeFrom, c.resumed, c.graceUntil = resume.id, true, now.Add(h.cfg.ReplayGrace)
		n := 0
		h.history.after(resume.id, func(e *entry) {
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
	case resume.ours && resume.id > h.hwm && resume.id <= resume.head:
		c.pos, c.skip = resume.id, resume.id
		c.enqueueLocked(encodeFrame(c.pos, event.Connected, map[string]string{event.KeyConnectionID: c.id}))
		c.resumeFrom, c.resumed, c.graceUntil = resume.id, true, now.Add(h.cfg.ReplayGrace)
	default:
		c.pos = delivered
		c.enqueueLocked(encodeFrame(c.pos, event.Connected, map[string]string{event.KeyConnectionID: c.id}))
		c.enqueueLocked(frame{id: c.pos, body: resyncBody})
	}
	c.mu.Unlock()
}
