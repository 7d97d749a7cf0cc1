package events

import "sync"

// shard holds some of a hub's connections (every stream of a user in the
// same one) and delivers events to them on its own goroutine, so the bus
// hands an event over in O(shards) and the shards fan it out in parallel.
type shard struct {
	hub *Hub

	// in guards inbox: the events handed over and not yet delivered, in
	// id order. wake tells run there is something in it.
	in      sync.Mutex
	inbox   []*entry
	overrun bool   // events were dropped from inbox: end every stream
	skipped uint64 // the highest event id dropped from inbox
	wake    chan struct{}

	// mu guards the indexes, delivered and the subscriptions of every
	// connection of the shard. Delivery holds it, so whoever holds it
	// sees every connection's queue complete up to delivered.
	mu        sync.Mutex
	conns     map[string]*Conn
	byUser    map[string]map[*Conn]struct{}
	byTopic   map[string]map[*Conn]struct{}
	delivered uint64 // highest event id queued on the connections
}

func newShard(h *Hub) *shard {
	return &shard{
		hub:     h,
		wake:    make(chan struct{}, 1),
		conns:   map[string]*Conn{},
		byUser:  map[string]map[*Conn]struct{}{},
		byTopic: map[string]map[*Conn]struct{}{},
	}
}

// push hands an event to the shard without waiting for its delivery. The
// inbox is bounded by the replay history: a shard that falls further
// behind than the history reaches could not replay what its streams miss
// anyway, so it drops what waits and ends its streams as slow clients
// (run does it, off the publisher); they resume with Last-Event-ID, which
// replays what the history still has and answers base:resync beyond it.
func (s *shard) push(en *entry) {
	s.in.Lock()
	if len(s.inbox) >= s.hub.cfg.ReplaySize {
		s.skipped = max(s.skipped, s.inbox[len(s.inbox)-1].ev.ID)
		clear(s.inbox)
		s.inbox = s.inbox[:0]
		s.overrun = true
	}
	s.inbox = append(s.inbox, en)
	s.in.Unlock()
	select {
	case s.wake <- struct{}{}:
	default:
	}
}

// run delivers what push hands over until the hub stops.
func (s *shard) run() {
	defer s.hub.runs.Done()
	var batch []*entry
	for {
		select {
		case <-s.wake:
		case <-s.hub.quit:
			return
		}
		for {
			s.in.Lock()
			// The two slices take turns, so a steady flow of events
			// allocates nothing here.
			batch, s.inbox = s.inbox, batch[:0]
			overrun, skipped := s.overrun, s.skipped
			s.overrun = false
			s.in.Unlock()
			if overrun {
				// A stream that connects from here on is replayed the
				// dropped events from the history.
				s.advance(skipped)
				n := s.removeAll(ErrSlowClient)
				s.hub.log.Warn("sse: delivery fell behind the replay history; streams dropped to resume", "streams", n, "history", s.hub.cfg.ReplaySize)
			}
			if len(batch) == 0 {
				break
			}
			for i, en := range batch {
				s.deliver(en)
				batch[i] = nil
			}
		}
	}
}

// deliver queues en on every matching connection of the shard; a
// connection whose queue is full is dropped (docs/events.md, slow
// clients): it resumes with Last-Event-ID and is replayed what it missed.
func (s *shard) deliver(en *entry) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.delivered = max(s.delivered, en.ev.ID)
	if en.ev.UID != "" {
		s.offerAll(s.byUser[en.ev.UID], en, "")
		return
	}
	s.offerAll(s.byTopic[en.ev.Topic], en, "")
	// The firehose's streams get it too, once: a stream that has the
	// market's own topic as well was served above.
	s.offerAll(s.byTopic[FirehoseTopic], en, en.ev.Topic)
}

// offerAll queues en on targets, except those subscribed to skip.
func (s *shard) offerAll(targets map[*Conn]struct{}, en *entry, skip string) {
	for c := range targets {
		if skip != "" && c.subscribed(skip) {
			continue
		}
		if !c.offer(en) {
			s.removeLocked(c, ErrSlowClient)
		}
	}
}

// advance raises the shard's position to id: nothing up to it is to be
// delivered any more (the hub's start, a bus resync).
func (s *shard) advance(id uint64) {
	s.mu.Lock()
	s.delivered = max(s.delivered, id)
	s.mu.Unlock()
}

// addLocked registers c.
func (s *shard) addLocked(c *Conn) {
	s.conns[c.id] = c
	addIndex(s.byUser, c.uid, c)
	for t := range c.topics {
		addIndex(s.byTopic, t, c)
	}
}

// holds says whether the shard holds the connection id.
func (s *shard) holds(id string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	_, ok := s.conns[id]
	return ok
}

// oldestLocked is the stream of uid connected first.
func (s *shard) oldestLocked(uid string) *Conn {
	var old *Conn
	for c := range s.byUser[uid] {
		if old == nil || c.order < old.order {
			old = c
		}
	}
	return old
}

// removeAll ends every stream of the shard with cause and says how many.
func (s *shard) removeAll(cause error) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	n := len(s.conns)
	for _, c := range s.conns {
		s.removeLocked(c, cause)
	}
	return n
}

// removeLocked unregisters c and ends its stream with cause. The pending
// write of a slow or replaced client is cut short too: either may be
// blocked on a client that no longer reads.
func (s *shard) removeLocked(c *Conn, cause error) {
	if s.conns[c.id] != c {
		return
	}
	h := s.hub
	delete(s.conns, c.id)
	removeIndex(s.byUser, c.uid, c)
	for t := range c.topics {
		removeIndex(s.byTopic, t, c)
	}
	h.stats.connections.Add(-1)
	cut := false
	switch cause {
	case ErrSlowClient:
		h.stats.dropped.Add(1)
		h.log.Info("sse: slow client dropped", "uid", c.uid, "buffer", h.cfg.BufferSize)
		cut = true
	case ErrRevoked:
		// The client may no longer read what it is still being sent.
		cut = true
	case ErrReplaced:
		h.stats.replaced.Add(1)
		h.log.Debug("sse: oldest stream of the user closed for a new one", "uid", c.uid, "max", h.cfg.MaxStreamsPerUser)
		cut = true
	}
	c.finish(cause, cut)
}
