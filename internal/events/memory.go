package events

import (
	"context"
	"errors"
	"slices"
	"sync"
	"time"
)

// ErrClosed is returned by a closed bus.
var ErrClosed = errors.New("events: bus is closed")

// MemoryBus is the bus of a single process (the embedded SQLite mode):
// publishing delivers to the attached hubs directly. Several hubs may be
// attached, which is how tests stand in for several replicas.
type MemoryBus struct {
	mu        sync.Mutex
	last      uint64
	receivers []*Receiver
	closed    bool
}

var _ Bus = (*MemoryBus)(nil)

// NewMemoryBus returns a bus whose ids start from the clock (microseconds
// since 1970), so ids keep growing across restarts of the process and a
// client's Last-Event-ID from before a restart is recognised as older
// than anything this process can replay.
func NewMemoryBus() *MemoryBus {
	return &MemoryBus{last: uint64(time.Now().UnixMicro())}
}

// Publish assigns the next id and delivers e to every attached hub. The
// lock is held across delivery so every hub sees the ids in order;
// receivers never block.
func (b *MemoryBus) Publish(ctx context.Context, e Event) error {
	if err := e.Validate(); err != nil {
		return err
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.closed {
		return ErrClosed
	}
	b.last++
	e.ID = b.last
	e.Data = cloneData(e.Data)
	for _, r := range b.receivers {
		(*r).ReceiveEvent(e)
	}
	return nil
}

// Send delivers c to every attached hub. Unlike Publish it does not hold
// the lock while delivering: a hub answers a request by sending a reply.
func (b *MemoryBus) Send(ctx context.Context, c Control) error {
	b.mu.Lock()
	if b.closed {
		b.mu.Unlock()
		return ErrClosed
	}
	rs := slices.Clone(b.receivers)
	b.mu.Unlock()
	for _, r := range rs {
		c := c
		c.Topics = slices.Clone(c.Topics)
		(*r).ReceiveControl(c)
	}
	return nil
}

// Attach adds a receiver.
func (b *MemoryBus) Attach(r Receiver) func() {
	p := &r // a pointer identifies this attachment for detach
	b.mu.Lock()
	b.receivers = append(b.receivers, p)
	b.mu.Unlock()
	return func() {
		b.mu.Lock()
		b.receivers = slices.DeleteFunc(b.receivers, func(q *Receiver) bool { return q == p })
		b.mu.Unlock()
	}
}

// LastID is the id of the last published event (or the starting point).
func (b *MemoryBus) LastID(context.Context) (uint64, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.last, nil
}

// Close makes later calls fail.
func (b *MemoryBus) Close() error {
	b.mu.Lock()
	b.closed = true
	b.receivers = nil
	b.mu.Unlock()
	return nil
}

func cloneData(d map[string]string) map[string]string {
	out := make(map[string]string, len(d))
	for k, v := range d {
		out[k] = v
	}
	return out
}
