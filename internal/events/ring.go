package events

import (
	"sort"
	"time"
)

// entry is an event as the hub keeps it: encoded once for every
// connection that receives it, and stamped for the replay window.
type entry struct {
	ev    Event
	body  []byte // "event: …\ndata: …\n\n"
	frame []byte // "id: <ev.ID>\n" + body, shared by every connection at that position
	at    time.Time
}

// ring is the replay history: the most recent events in id order, at most
// cap of them and none older than the window. Events that leave it raise
// floor, the id below which replay is no longer complete.
type ring struct {
	buf   []*entry
	head  int // index of the oldest entry
	n     int
	floor uint64
}

func newRing(capacity int) *ring {
	return &ring{buf: make([]*entry, capacity)}
}

func (r *ring) at(i int) *entry { return r.buf[(r.head+i)%len(r.buf)] }

// push appends e, evicting the oldest entry when full.
func (r *ring) push(e *entry) {
	if r.n == len(r.buf) {
		r.popOldest()
	}
	r.buf[(r.head+r.n)%len(r.buf)] = e
	r.n++
}

func (r *ring) popOldest() {
	old := r.buf[r.head]
	r.buf[r.head] = nil
	r.head = (r.head + 1) % len(r.buf)
	r.n--
	if old.ev.ID > r.floor {
		r.floor = old.ev.ID
	}
}

// expire evicts entries older than cutoff.
func (r *ring) expire(cutoff time.Time) {
	for r.n > 0 && r.at(0).at.Before(cutoff) {
		r.popOldest()
	}
}

// raiseFloor forgets everything up to id: replay from before it can no
// longer be complete (the bus lost messages).
func (r *ring) raiseFloor(id uint64) {
	if id > r.floor {
		r.floor = id
	}
	for r.n > 0 && r.at(0).ev.ID <= id {
		r.popOldest()
	}
}

// after calls fn for every entry with an id above id, oldest first.
func (r *ring) after(id uint64, fn func(*entry)) {
	start := sort.Search(r.n, func(i int) bool { return r.at(i).ev.ID > id })
	for i := start; i < r.n; i++ {
		fn(r.at(i))
	}
}
