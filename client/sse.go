package client

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/predict-dev/predict/wire"
)

// Event names of the stream (docs/events.md).
const (
	EventConnected       = wire.EventConnected
	EventPing            = wire.EventPing
	EventResync          = wire.EventResync // refetch what you show: the missed events cannot all be replayed
	EventPositionChanged = wire.EventPositionChanged
	EventAssetChanged    = wire.EventAssetChanged
	EventNewNotification = wire.EventNewNotification
	EventNewTrades       = wire.EventNewTrades
	EventPriceChange     = wire.EventPriceChange
	EventInfoUpdate      = wire.EventInfoUpdate
	// EventOperationStatus: an operation of the user moved (accepted,
	// submitted, confirmed, reverted, dropped).
	EventOperationStatus = wire.EventOperationStatus
	// EventMarketCreated comes on the market factory's topic
	// (MarketTopic of the config's marketFactory).
	EventMarketCreated = wire.EventMarketCreated
	// EventBookChange comes on a market's topic when its limit orders
	// change; EventOrderChanged to the owner of an order placed, filled
	// or cancelled.
	EventBookChange   = wire.EventBookChange
	EventOrderChanged = wire.EventOrderChanged
)

// maxTopicsPerRequest is the service's limit of topics per subscribe.
const maxTopicsPerRequest = 50

// FirehoseTopic is the topic of every market's events at once: trades,
// prices, new markets and resolutions, on one connection.
const FirehoseTopic = "market:*"

// MarketTopic is the topic of a market's events.
func MarketTopic(marketAddress string) string {
	return "market:" + strings.ToLower(marketAddress)
}

// Event is one message of the event stream.
type Event struct {
	// ID is the stream position of the message (the last id: seen, as
	// EventSource keeps it).
	ID string
	// Name is the event: line, "message" when there is none.
	Name string
	// Data is the data: lines joined with "\n"; for this service a JSON
	// object whose values are strings.
	Data string
}

// Fields decodes Data, a JSON object of strings.
func (e Event) Fields() (map[string]string, error) {
	var m map[string]string
	if err := json.Unmarshal([]byte(e.Data), &m); err != nil {
		return nil, fmt.Errorf("event %s data %q: %w", e.Name, e.Data, err)
	}
	return m, nil
}

// Field returns one payload key, "" when absent or undecodable.
func (e Event) Field(key string) string {
	m, _ := e.Fields()
	return m[key]
}

// Subscriptions is the answer of subscribe and unsubscribe: every topic
// the stream is subscribed to after the change.
type Subscriptions = wire.Subscriptions

// SSESubscribe adds topics to the stream connectionID (POST
// /api/v1/sse/subscribe). Stream does this for its own connections.
func (c *Client) SSESubscribe(ctx context.Context, connectionID string, topics []string) (*Subscriptions, error) {
	body := wire.Subscriptions{ConnectionID: connectionID, Topics: topics}
	return submit[Subscriptions](ctx, c, "/api/v1/sse/subscribe", body, "subscribe %s to %v", connectionID, topics)
}

// SSEUnsubscribe removes topics from the stream connectionID.
func (c *Client) SSEUnsubscribe(ctx context.Context, connectionID string, topics []string) (*Subscriptions, error) {
	body := wire.Subscriptions{ConnectionID: connectionID, Topics: topics}
	return submit[Subscriptions](ctx, c, "/api/v1/sse/unsubscribe", body, "unsubscribe %s from %v", connectionID, topics)
}

// Stream is a client of the event stream that follows its client rules
// (docs/events.md): it reconnects with exponential backoff (1 s doubling
// to 30 s, with a little jitter, reset after a successful connect; never
// sooner than a refusal's Retry-After), sends Last-Event-ID when
// reconnecting so the service replays what was missed, subscribes its
// topics again on every new connection (again after a 429, when its
// Retry-After says), and reconnects when nothing arrives for 60 s (pings
// come every 30 s).
//
// Set the exported fields before Run; they default to those rules.
type Stream struct {
	// InitialBackoff is the first reconnect delay, doubled after each
	// failed attempt up to MaxBackoff.
	InitialBackoff time.Duration
	MaxBackoff     time.Duration
	// Jitter shortens each delay by a random fraction up to Jitter (0.1:
	// up to 10 %), so that clients dropped together do not return together.
	Jitter float64
	// IdleTimeout: reconnect when nothing (event, ping or comment) has
	// arrived for this long.
	IdleTimeout time.Duration
	// OnReconnect, if set, is called before each reconnect delay with the
	// delay and why the previous connection or attempt ended.
	OnReconnect func(delay time.Duration, cause error)
	// OnError, if set, receives failures that do not end the connection,
	// e.g. a refused re-subscription.
	OnError func(error)

	c      *Client
	events chan Event

	mu     sync.Mutex
	topics map[string]struct{}
	connID string
	lastID string

	running atomic.Bool
}

// Defaults of a Stream (docs/events.md).
const (
	DefaultInitialBackoff = time.Second
	DefaultMaxBackoff     = 30 * time.Second
	DefaultJitter         = 0.1
	DefaultIdleTimeout    = 60 * time.Second
	// StreamBuffer is how many events wait in Events for the reader. A
	// full buffer stops reading from the service, which drops streams that
	// fall behind; the next connection replays what was missed.
	StreamBuffer = 256
)

// NewStream returns a stream of the caller's events and of topics
// (MarketTopic). Start it with Run.
func (c *Client) NewStream(topics ...string) *Stream {
	s := &Stream{
		InitialBackoff: DefaultInitialBackoff,
		MaxBackoff:     DefaultMaxBackoff,
		Jitter:         DefaultJitter,
		IdleTimeout:    DefaultIdleTimeout,
		c:              c,
		events:         make(chan Event, StreamBuffer),
		topics:         map[string]struct{}{},
	}
	for _, t := range topics {
		s.topics[normTopic(t)] = struct{}{}
	}
	return s
}

func normTopic(t string) string { return strings.ToLower(strings.TrimSpace(t)) }

// Events delivers the events of every connection, base:connected (once
// the topics are subscribed again) and base:ping included. It is closed
// when Run returns.
func (s *Stream) Events() <-chan Event { return s.events }

// ConnectionID is the current connection's id, "" between connections.
func (s *Stream) ConnectionID() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.connID
}

// LastEventID is the id of the last event received; it is sent as
// Last-Event-ID on the next connection.
func (s *Stream) LastEventID() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.lastID
}

// Topics returns the topics of the stream, sorted.
func (s *Stream) Topics() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]string, 0, len(s.topics))
	for t := range s.topics {
		out = append(out, t)
	}
	slices.Sort(out)
	return out
}

// Subscribe adds topics to the stream: now, if it is connected, and on
// every later connection. A topic the service refuses (malformed, unknown
// market) is not kept.
func (s *Stream) Subscribe(ctx context.Context, topics ...string) error {
	norm := make([]string, len(topics))
	var added []string
	s.mu.Lock()
	for i, t := range topics {
		norm[i] = normTopic(t)
		if _, ok := s.topics[norm[i]]; !ok {
			s.topics[norm[i]] = struct{}{}
			added = append(added, norm[i])
		}
	}
	conn := s.connID
	s.mu.Unlock()
	if conn == "" || len(norm) == 0 {
		return nil
	}
	err := s.change(ctx, conn, norm, s.c.SSESubscribe)
	if IsCode(err, CodeParam) {
		s.mu.Lock()
		for _, t := range added {
			delete(s.topics, t)
		}
		s.mu.Unlock()
	}
	return err
}

// Unsubscribe removes topics from the stream, now and for later
// connections.
func (s *Stream) Unsubscribe(ctx context.Context, topics ...string) error {
	norm := make([]string, len(topics))
	s.mu.Lock()
	for i, t := range topics {
		norm[i] = normTopic(t)
		delete(s.topics, norm[i])
	}
	conn := s.connID
	s.mu.Unlock()
	if conn == "" || len(norm) == 0 {
		return nil
	}
	return s.change(ctx, conn, norm, s.c.SSEUnsubscribe)
}

// change applies a subscription change to connection conn in requests of
// at most maxTopicsPerRequest topics. A refusal because conn has been
// replaced meanwhile is not an error: the new connection subscribed the
// stream's topics itself.
func (s *Stream) change(ctx context.Context, conn string, topics []string,
	call func(context.Context, string, []string) (*Subscriptions, error)) error {
	for chunk := range slices.Chunk(topics, maxTopicsPerRequest) {
		if _, err := call(ctx, conn, chunk); err != nil {
			if IsCode(err, CodeForbidden) && s.ConnectionID() != conn {
				return nil
			}
			return err
		}
	}
	return nil
}

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

// parser reads Server-Sent Events (the WHATWG event-stream format):
// lines end with LF, CRLF or CR; a blank line dispatches the event;
// lines starting with ':' are comments; "field: value" loses one space
// after the colon; data lines accumulate; id persists across events.
type parser struct {
	sc     *bufio.Scanner
	onLine func()
	id     string
}

// maxLine bounds one line of the stream.
const maxLine = 1 << 20

func newParser(r io.Reader, onLine func()) *parser {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 4096), maxLine)
	sc.Split(scanEventLines)
	return &parser{sc: sc, onLine: onLine}
}

// next returns the next dispatched event, or the read error (io.EOF at
// the end of the stream; an event not ended by a blank line is dropped).
func (p *parser) next() (Event, error) {
	var name string
	var data strings.Builder
	hasData := false
	for p.sc.Scan() {
		if p.onLine != nil {
			p.onLine()
		}
		line := p.sc.Text()
		if line == "" {
			if !hasData {
				name = ""
				continue
			}
			if name == "" {
				name = "message"
			}
			return Event{ID: p.id, Name: name, Data: strings.TrimSuffix(data.String(), "\n")}, nil
		}
		if line[0] == ':' {
			continue
		}
		field, value, _ := strings.Cut(line, ":")
		value = strings.TrimPrefix(value, " ")
		switch field {
		case "event":
			name = value
		case "data":
			data.WriteString(value)
			data.WriteByte('\n')
			hasData = true
		case "id":
			if !strings.ContainsRune(value, 0) {
				p.id = value
			}
		}
		// "retry" is ignored: the reconnect delay follows the backoff.
	}
	if err := p.sc.Err(); err != nil {
		return Event{}, err
	}
	return Event{}, io.EOF
}

// scanEventLines splits on LF, CRLF or a lone CR.
func scanEventLines(data []byte, atEOF bool) (int, []byte, error) {
	if atEOF && len(data) == 0 {
		return 0, nil, nil
	}
	if i := bytes.IndexAny(data, "\r\n"); i >= 0 {
		if data[i] == '\n' {
			return i + 1, data[:i], nil
		}
		switch {
		case i+1 < len(data) && data[i+1] == '\n':
			return i + 2, data[:i], nil
		case i+1 < len(data) || atEOF:
			return i + 1, data[:i], nil
		}
		return 0, nil, nil // a CR at the end: wait to see whether LF follows
	}
	if atEOF {
		return len(data), data, nil
	}
	return 0, nil, nil
}
