package events

import (
	"context"
	"errors"
	"io"
	"slices"
	"sync"
	"time"
)

// Errors that end a stream from the hub's side; Serve returns them.
var (
	// ErrSlowClient: the client read slower than events arrived and its
	// buffer filled up.
	ErrSlowClient = errors.New("events: client too slow; dropped")
	// ErrHubClosed: the replica is shutting down.
	ErrHubClosed = errors.New("events: hub is closed")
	// ErrResync: the bus lost messages, so the stream was closed for the
	// client to resume with Last-Event-ID.
	ErrResync = errors.New("events: bus lost messages; reconnect")
	// ErrReplaced: the user opened more streams than the per-user cap and
	// this was the oldest.
	ErrReplaced = errors.New("events: replaced by a newer stream of the same user")
	// ErrRevoked: the credential the stream was opened with was revoked
	// or no longer grants what it did (Hub.EndStreams).
	ErrRevoked = errors.New("events: the credential of this stream was revoked")
)

var errStreamClosed = errors.New("events: stream closed")

// Conn is one SSE stream: a client's connection_id, owned by one user.
type Conn struct {
	hub      *Hub
	shard    *shard
	id, uid  string
	lifetime time.Duration
	// credential names what opened the stream (ConnectParams.Credential),
	// so that revoking it ends the stream.
	credential string

	// Guarded by shard.mu.
	order      uint64 // the hub's count of streams when this one connected
	topics     map[string]struct{}
	replayed   map[string]struct{} // topics whose missed events were replayed; nil until a resume
	resumeFrom uint64              // Last-Event-ID of the connect
	resumed    bool
	graceUntil time.Time

	mu    sync.Mutex
	queue []frame
	// spare is the batch take returned before the last: the writer is
	// done with it when it takes again, so the two slices take turns and
	// a stream that gets one event at a time allocates no queue.
	spare []frame
	live  int    // live (not replayed) frames in queue, bounded by BufferSize
	pos   uint64 // id of the last frame queued: where a resume starts
	skip  uint64 // events up to this id already reached the client elsewhere
	ended bool
	cause error
	cut   func() // makes a blocked write fail at once
	// try writes to the client without waiting (nil: the connection
	// cannot). While the stream's goroutine is not writing (writing) and
	// nothing waits in queue, a live event is written straight from the
	// delivering shard: one system call, no goroutine woken. What the
	// socket does not take at once is queued for the goroutine.
	try     func([]byte) (int, error)
	writing bool
	// deadline is the write deadline set last. It is moved forward only
	// once half of WriteTimeout has passed: re-arming the poller's timer
	// on every write cost 9% of the CPU of a fan-out.
	deadline time.Time
	ready    chan struct{}
	done     chan struct{}
}

// frame is one event as written. wire, when set, is the whole frame
// encoded once for every connection (id line included); otherwise the id
// line is added to body at write time.
type frame struct {
	id   uint64
	body []byte
	wire []byte
}

// appendTo appends the frame as the client reads it.
func (f frame) appendTo(b []byte) []byte {
	if f.wire != nil {
		return append(b, f.wire...)
	}
	return append(appendIDLine(b, f.id), f.body...)
}

// ID is the connection_id.
func (c *Conn) ID() string { return c.id }

// UID is the owner.
func (c *Conn) UID() string { return c.uid }

// Lifetime is how long this stream stays open (80–100 % of the
// configured lifetime).
func (c *Conn) Lifetime() time.Duration { return c.lifetime }

// Done is closed when the hub ends the stream (slow client, shutdown,
// bus resync, a newer stream of the user past the cap) or the stream is
// closed.
func (c *Conn) Done() <-chan struct{} { return c.done }

func (c *Conn) subscribed(topic string) bool {
	_, ok := c.topics[topic]
	return ok
}

// receives says whether an event of topic reaches c: its own topic, or
// any market topic through the firehose.
func (c *Conn) receives(topic string) bool {
	if c.subscribed(topic) {
		return true
	}
	_, all := c.topics[FirehoseTopic]
	return all && topic != ""
}

func (c *Conn) topicList() []string {
	out := make([]string, 0, len(c.topics))
	for t := range c.topics {
		out = append(out, t)
	}
	slices.Sort(out)
	return out
}

func (c *Conn) signal() {
	select {
	case c.ready <- struct{}{}:
	default:
	}
}

func (c *Conn) enqueueLocked(f frame) {
	c.queue = append(c.queue, f)
	c.signal()
}

// enqueueEntryLocked queues an event. Its id line is never below one
// already queued: a late replay of older events keeps the position the
// client has reached, so resuming from it neither repeats nor skips.
func (c *Conn) enqueueEntryLocked(e *entry, live bool) {
	f := frame{id: max(c.pos, e.ev.ID), body: e.body}
	if f.id == e.ev.ID {
		f.wire = e.frame
	}
	c.pos = f.id
	c.queue = append(c.queue, f)
	if live {
		c.live++
	}
	c.signal()
}

// offer queues a live event without blocking; false means the queue is
// full and the connection must go.
func (c *Conn) offer(e *entry) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.ended || e.ev.ID <= c.skip {
		return true
	}
	if c.live >= c.hub.cfg.BufferSize {
		return false
	}
	if c.try != nil && !c.writing && len(c.queue) == 0 && e.ev.ID > c.pos {
		c.writeNowLocked(e)
		return true
	}
	c.enqueueEntryLocked(e, true)
	return true
}

// writeNowLocked writes e straight to the socket. A partial write, a
// full socket buffer or an error leaves the rest to the stream's
// goroutine, which waits for the socket (or meets the error and ends the
// stream) in order.
func (c *Conn) writeNowLocked(e *entry) {
	c.pos = e.ev.ID
	n, err := c.try(e.frame)
	if err == nil && n == len(e.frame) {
		c.hub.stats.sent.Add(1)
		c.hub.stats.direct.Add(1)
		return
	}
	c.queue = append(c.queue, frame{id: e.ev.ID, wire: e.frame[max(n, 0):]})
	c.live++
	c.signal()
}

// finish ends the stream once; cut also aborts a write in progress.
func (c *Conn) finish(cause error, cut bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.ended {
		return
	}
	c.ended, c.cause = true, cause
	close(c.done)
	if cut && c.cut != nil {
		c.cut()
	}
}

// Close unregisters the stream; it is safe to call more than once.
func (c *Conn) Close() {
	s := c.shard
	s.mu.Lock()
	s.removeLocked(c, nil)
	s.mu.Unlock()
}

// take empties the queue. With ping it appends base:ping carrying the
// shard's position: taken under the shard's lock, so every event up to
// that position meant for this connection is already in the queue taken.
// The batch is the caller's until its next take, which reuses it.
func (c *Conn) take(ping bool) []frame {
	if ping {
		c.shard.mu.Lock()
		defer c.shard.mu.Unlock()
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	fs := c.queue
	c.queue, c.live = nil, 0
	if cap(c.spare) <= maxSpareFrames {
		clear(c.spare) // no body stays reachable from an idle stream
		c.queue = c.spare[:0]
	}
	c.spare = fs
	if ping {
		c.pos = max(c.pos, c.shard.delivered)
		fs = append(fs, frame{id: c.pos, body: pingBody})
	}
	c.writing = len(fs) > 0
	return fs
}

// maxSpareFrames bounds the spare batch a stream keeps: a long replay's
// slice is left to the collector rather than held by an idle stream.
const maxSpareFrames = 4

// StreamWriter is where a stream goes: an HTTP response together with its
// http.ResponseController.
type StreamWriter interface {
	io.Writer
	Flush() error
	SetWriteDeadline(time.Time) error
}

// TryWriter is a StreamWriter that can also write without waiting:
// TryWrite writes what the socket takes at once and returns how much
// (0 with a nil error when it takes nothing). A stream whose writer has
// it gets most events written by the hub's delivery itself.
type TryWriter interface {
	StreamWriter
	TryWrite(p []byte) (int, error)
}

// Serve writes the stream until the client goes away (ctx), the lifetime
// ends or the hub ends it, then closes the connection. It returns nil
// for the first two and the hub's reason (ErrSlowClient, ErrHubClosed,
// ErrResync, ErrReplaced, ErrRevoked) or the write error otherwise.
func (c *Conn) Serve(ctx context.Context, w StreamWriter) error {
	defer c.Close()
	c.mu.Lock()
	c.cut = func() { _ = w.SetWriteDeadline(time.Unix(1, 0)) }
	if t, ok := w.(TryWriter); ok {
		c.try = t.TryWrite
	}
	c.mu.Unlock()

	ping := time.NewTicker(c.hub.cfg.PingInterval)
	defer ping.Stop()
	life := time.NewTimer(c.lifetime)
	defer life.Stop()
	if err := c.write(w, c.take(false)); err != nil {
		return err
	}
	for {
		var err error
		select {
		case <-ctx.Done():
			return nil
		case <-c.done:
			return c.endCause()
		case <-life.C:
			return nil
		case <-c.ready:
			err = c.write(w, c.take(false))
		case <-ping.C:
			err = c.write(w, c.take(true))
		}
		if err != nil {
			if cause := c.endCause(); cause != nil {
				return cause
			}
			return err
		}
	}
}

func (c *Conn) endCause() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.cause
}

// write sends frames in one write. A write that makes no progress fails
// within WriteTimeout (at least half of it). The deadline is set under
// the lock finish takes, so a drop that cuts the write cannot be undone
// by a deadline set just after it.
func (c *Conn) write(w StreamWriter, frames []frame) error {
	if len(frames) == 0 {
		return nil
	}
	c.mu.Lock()
	if c.ended {
		cause := c.cause
		c.mu.Unlock()
		if cause == nil {
			return errStreamClosed
		}
		return cause
	}
	if timeout := c.hub.cfg.WriteTimeout; time.Until(c.deadline) < timeout/2 {
		c.deadline = time.Now().Add(timeout)
		_ = w.SetWriteDeadline(c.deadline)
	}
	c.mu.Unlock()

	// One write for the batch: a single frame goes out as the bytes
	// shared by every connection, several are joined in a pooled buffer.
	var err error
	if len(frames) == 1 && frames[0].wire != nil {
		_, err = w.Write(frames[0].wire)
	} else {
		bp := writeBufs.Get().(*[]byte)
		buf := (*bp)[:0]
		for _, f := range frames {
			buf = f.appendTo(buf)
		}
		_, err = w.Write(buf)
		if cap(buf) <= maxPooledBuf {
			*bp = buf
			writeBufs.Put(bp)
		}
	}
	if err != nil {
		return err
	}
	if err := w.Flush(); err != nil {
		return err
	}
	c.hub.stats.sent.Add(int64(len(frames)))
	c.mu.Lock()
	c.writing = false
	c.mu.Unlock()
	return nil
}

// writeBufs holds the buffers that join a batch of frames; a buffer grown
// past maxPooledBuf by a long replay is left to the collector.
var writeBufs = sync.Pool{New: func() any { return new([]byte) }}

const maxPooledBuf = 64 << 10
