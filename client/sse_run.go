package client

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"slices"
	"strings"
	"sync/atomic"
	"time"

	"github.com/predict-dev/predict/wire"
)

// Run connects and reconnects until ctx ends or the service refuses the
// stream for good (a bad request, a forbidden or unregistered caller, no
// event stream on this deployment, or a refused token without a refresh
// callback); it returns why. It closes Events. Run may be called once.
func (s *Stream) Run(ctx context.Context) error {
	if !s.running.CompareAndSwap(false, true) {
		return errors.New("client: Stream.Run called twice")
	}
	defer close(s.events)
	b := &backoff{initial: s.InitialBackoff, max: s.MaxBackoff, jitter: s.Jitter}
	b.reset()
	for {
		connected, err := s.connect(ctx)
		if ctx.Err() != nil {
			return ctx.Err()
		}
		if s.permanent(err) {
			return fmt.Errorf("event stream: %w", err)
		}
		if connected {
			b.reset()
		}
		d := b.next()
		// A refusal for the rate (429) or while the service starts (503)
		// says when to come back: not before.
		if e, ok := AsError(err); ok && e.RetryAfter > d {
			d = e.RetryAfter
		}
		if s.OnReconnect != nil {
			s.OnReconnect(d, err)
		}
		if err := sleep(ctx, d); err != nil {
			return err
		}
	}
}

// permanent tells the refusals that reconnecting cannot cure.
func (s *Stream) permanent(err error) bool {
	e, ok := AsError(err)
	if !ok {
		return false
	}
	switch e.Code {
	case CodeParam, CodeForbidden, CodeNotRegistered, CodeNotImplemented, CodeNotFound, CodeMethodNotAllowed:
		return true
	}
	return isAuthFailure(e) && s.c.refresh == nil
}

// Why a connection of a Stream ended, as OnReconnect reports it (other
// causes: a refused or failed connect, a read error).
var (
	// ErrStreamIdle: nothing arrived within IdleTimeout.
	ErrStreamIdle = errors.New("no event within the idle timeout")
	// ErrStreamEnded: the service closed the stream (its lifetime is 8–10
	// minutes).
	ErrStreamEnded = errors.New("the service ended the stream")
)

// connect runs one connection until it ends. connected reports whether
// it got as far as base:connected (which resets the backoff).
func (s *Stream) connect(ctx context.Context) (connected bool, err error) {
	cctx, cancel := context.WithCancel(ctx)
	defer cancel()
	defer func() {
		s.mu.Lock()
		s.connID = ""
		s.mu.Unlock()
	}()
	// The watchdog cancels the connection when nothing arrives in time,
	// from the connect request on: a service that never answers is as
	// dead as one that stops talking.
	var idle atomic.Bool
	watchdog := time.AfterFunc(s.IdleTimeout, func() {
		idle.Store(true)
		cancel()
	})
	defer watchdog.Stop()
	hdr := http.Header{"Accept": {"text/event-stream"}, "Cache-Control": {"no-cache"}}
	if id := s.LastEventID(); id != "" {
		hdr.Set("Last-Event-ID", id)
	}
	res, err := s.c.send(cctx, request{method: http.MethodPost, path: "/api/v1/sse/connect", header: hdr})
	if err != nil {
		if idle.Load() {
			err = fmt.Errorf("%w: connect: %w", ErrStreamIdle, err)
		}
		return false, err
	}
	defer res.Body.Close()
	if ct := res.Header.Get("Content-Type"); !strings.HasPrefix(ct, "text/event-stream") {
		return false, fmt.Errorf("connect answered %q, not an event stream", ct)
	}
	p := newParser(res.Body, func() { watchdog.Reset(s.IdleTimeout) })
	for {
		ev, err := p.next()
		if err != nil {
			switch {
			case idle.Load():
				err = ErrStreamIdle
			case errors.Is(err, io.EOF):
				err = ErrStreamEnded
			}
			return connected, err
		}
		s.mu.Lock()
		if ev.ID != "" {
			s.lastID = ev.ID
		}
		s.mu.Unlock()
		if ev.Name == EventConnected {
			id := ev.Field(wire.KeyConnectionID)
			if id == "" {
				return connected, fmt.Errorf("base:connected without a connection_id: %s", ev.Data)
			}
			connected = true
			// The watchdog keeps running: a subscribe that hangs for the
			// idle timeout abandons the connection like silence does.
			if err := s.resubscribe(cctx, id); err != nil {
				if idle.Load() {
					err = fmt.Errorf("%w: subscribe: %w", ErrStreamIdle, err)
				}
				return connected, err
			}
		}
		// Waiting for the reader is not idleness: a reader that falls
		// behind is dropped by the service, which the replay repairs.
		watchdog.Stop()
		select {
		case s.events <- ev:
		case <-cctx.Done():
			return connected, cctx.Err()
		}
		watchdog.Reset(s.IdleTimeout)
	}
}

// resubscribe makes id the current connection and subscribes it to the
// stream's topics (after a reconnect the client subscribes again). A
// connection that refuses its owner is abandoned; a 429 is tried again;
// other refusals are reported and the connection kept for the user's
// events.
func (s *Stream) resubscribe(ctx context.Context, id string) error {
	s.mu.Lock()
	s.connID = id
	// Taken with connID set, so a concurrent Subscribe either is in this
	// list or sees the new connection.
	topics := make([]string, 0, len(s.topics))
	for t := range s.topics {
		topics = append(topics, t)
	}
	s.mu.Unlock()
	if len(topics) == 0 {
		return nil
	}
	slices.Sort(topics)
	err := s.change(ctx, id, topics, s.c.SSESubscribe)
	// A subscribe refused for the rate is tried again when the answer's
	// Retry-After says (else after the stream's backoff), on this
	// connection: without it the stream would carry none of its topics.
	b := &backoff{initial: s.InitialBackoff, max: s.MaxBackoff, jitter: s.Jitter}
	b.reset()
	for rateLimited(err) {
		d := b.next()
		if e, _ := AsError(err); e.RetryAfter > 0 {
			d = e.RetryAfter
		}
		if s.OnError != nil {
			s.OnError(fmt.Errorf("%w; subscribing again in %s", err, d.Round(100*time.Millisecond)))
		}
		if err := sleep(ctx, d); err != nil {
			return err
		}
		err = s.change(ctx, id, topics, s.c.SSESubscribe)
	}
	if err == nil {
		return nil
	}
	if IsCode(err, CodeForbidden) || ctx.Err() != nil {
		return err
	}
	if s.OnError != nil {
		s.OnError(err)
	}
	return nil
}

// rateLimited reports a refusal for the rate: 429, with the service's
// code or from a proxy in front of it.
func rateLimited(err error) bool {
	e, ok := AsError(err)
	return ok && (e.Code == CodePleaseWait || e.HTTPStatus == http.StatusTooManyRequests)
}

// backoff is the reconnect delay: initial, doubling up to max, each
// shortened by a random fraction up to jitter.
type backoff struct {
	initial, max time.Duration
	jitter       float64
	cur          time.Duration
	rand         func() float64 // nil: math/rand/v2
}

func (b *backoff) reset() { b.cur = b.initial }

func (b *backoff) next() time.Duration {
	d := b.cur
	b.cur = min(2*b.cur, b.max)
	if b.jitter > 0 {
		r := rand.Float64
		if b.rand != nil {
			r = b.rand
		}
		d -= time.Duration(float64(d) * b.jitter * r())
	}
	return d
}
