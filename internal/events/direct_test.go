package events

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/predict-dev/predict/event"
)

// socketWriter stands in for a socket whose send buffer sometimes has
// room for all of a write, sometimes for part of it and sometimes for
// nothing, which a loopback socket under load does not do on cue.
type socketWriter struct {
	mu      sync.Mutex
	buf     []byte
	tries   int
	writes  int
	inWrite atomic.Bool
	overlap atomic.Int64 // TryWrite calls made while a Write was under way
}

// room is what the socket takes on the k-th TryWrite.
func room(k int) int {
	switch k % 4 {
	case 2:
		return 7 // part of a frame
	case 3:
		return 0 // buffer full
	}
	return 1 << 20
}

func (w *socketWriter) TryWrite(p []byte) (int, error) {
	if w.inWrite.Load() {
		w.overlap.Add(1)
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	n := min(len(p), room(w.tries))
	w.tries++
	w.buf = append(w.buf, p[:n]...)
	return n, nil
}

func (w *socketWriter) Write(p []byte) (int, error) {
	w.inWrite.Store(true)
	defer w.inWrite.Store(false)
	time.Sleep(50 * time.Microsecond) // a write that waits for the socket
	w.mu.Lock()
	defer w.mu.Unlock()
	w.writes++
	w.buf = append(w.buf, p...)
	return len(p), nil
}

func (w *socketWriter) Flush() error                     { return nil }
func (w *socketWriter) SetWriteDeadline(time.Time) error { return nil }

func (w *socketWriter) text() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return string(w.buf)
}

// TestDirectWrites: on a writer that can write without waiting, the
// delivery writes events itself, and whatever the socket does not take
// (part of a frame, or nothing) is finished by the stream's goroutine, so
// the client reads every event once, whole and in order; the delivery
// never writes while the goroutine's write is under way.
func TestDirectWrites(t *testing.T) {
	bus := NewMemoryBus()
	h := newTestHub(t, bus, func(c *HubConfig) { c.BufferSize = 1024 })
	c := connect(t, h, "alice", "", MarketTopic(market(1)))
	w := &socketWriter{}
	ctx, cancel := context.WithCancel(context.Background())
	served := make(chan error, 1)
	go func() { served <- c.Serve(ctx, w) }()

	const n = 300
	for i := range n {
		publish(t, bus, MarketNewTrades(market(1), market(1000+i)))
		if i%50 == 0 {
			time.Sleep(time.Millisecond) // let the goroutine catch up now and then
		}
	}
	var frames []string
	deadline := time.Now().Add(10 * time.Second)
	for {
		frames = strings.Split(strings.TrimSuffix(w.text(), "\n\n"), "\n\n")
		if len(frames) >= n+1 || time.Now().After(deadline) {
			break
		}
		time.Sleep(5 * time.Millisecond)
	}
	cancel()
	if err := <-served; err != nil {
		t.Fatal(err)
	}
	if len(frames) != n+1 {
		t.Fatalf("client read %d frames, want %d", len(frames), n+1)
	}
	if !strings.Contains(frames[0], "event: "+event.Connected+"\n") {
		t.Fatalf("first frame %q", frames[0])
	}
	var last uint64
	for i, f := range frames[1:] {
		var id uint64
		if _, err := fmt.Sscanf(f, "id: %d\n", &id); err != nil || id <= last {
			t.Fatalf("frame %d %q: id %d after %d (%v)", i, f, id, last, err)
		}
		last = id
		if !strings.Contains(f, "event: "+event.NewTrades+"\n") || !strings.Contains(f, market(1000+i)) {
			t.Fatalf("frame %d is %q, want the trade of option %s", i, f, market(1000+i))
		}
	}
	st := h.Stats()
	if st.Direct == 0 || st.Direct >= int64(n) {
		t.Fatalf("%d of %d events written directly; want some, not all (the socket refuses some)", st.Direct, n)
	}
	if st.Sent < int64(n+1) {
		t.Fatalf("sent %d, want at least %d", st.Sent, n+1)
	}
	if w.writes == 0 {
		t.Fatal("the stream's goroutine never wrote: the partial writes were not finished by it")
	}
	if o := w.overlap.Load(); o != 0 {
		t.Fatalf("the delivery wrote %d times while the goroutine's write was under way", o)
	}
	t.Logf("%d events: %d written directly, %d tries, %d goroutine writes", n, st.Direct, w.tries, w.writes)
}
