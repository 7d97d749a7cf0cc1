package client

import (
	"context"
	"encoding/json"
	"fmt"
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
