// Package events carries the real-time events of docs/events.md from the code
// that observes a confirmed effect (the chain indexer) to the SSE clients
// of every replica.
//
// Three parts: an Event and its constructors (the catalogue of docs/events.md,
// docs/events.md); a Bus that carries events and the hubs' control
// messages to every replica and gives every event an id that is the same
// on all of them (MemoryBus in one process, pgbus over PostgreSQL
// LISTEN/NOTIFY); and a Hub per replica that holds the SSE connections,
// fans events out to them without blocking, and replays missed events to
// a client that reconnects with Last-Event-ID.
package events

import (
	"context"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/predict-dev/predict/event"
)

// Event names and payload keys are package event's (event.Connected,
// event.KeyMarket…): docs/events.md lists them, and the Go client reads
// them through wire.

// Statuses of user:operation_status: the operation's record status
// (docs/transactions.md), and accepted, which the record calls pending.
const (
	OpAccepted  = event.OpAccepted
	OpSubmitted = event.OpSubmitted
	OpConfirmed = event.OpConfirmed
	OpReverted  = event.OpReverted
	OpDropped   = event.OpDropped
)

// Event is one message to clients. Market events have a Topic and reach
// the connections subscribed to it; user events have a UID and reach
// every connection of that user.
type Event struct {
	// ID is assigned by the bus when the event is published: increasing,
	// and the same on every replica, so a client can resume on any of
	// them with Last-Event-ID.
	ID    uint64
	Name  string
	Topic string // "market:0x…" for market events, "" for user events
	UID   string // the user of a user event, "" for market events
	Data  map[string]string
}

// Publisher is what emits events: the chain indexer calls it once an
// effect is confirmed. Publish returns once the event is on the bus; it
// does not wait for delivery to clients.
type Publisher interface {
	Publish(ctx context.Context, e Event) error
}

// topicPrefix starts every topic; market topics are the only kind.
const topicPrefix = "market:"

// FirehoseTopic is the topic of every market's events at once (trades,
// prices, new markets and resolutions): a stream subscribed to it gets
// each event of any market topic, with the same ids, replay and resync
// as a market's own topic, and once however many of its topics match.
const FirehoseTopic = "market:*"

// MaxTopicsPerRequest caps the topics of one subscribe, unsubscribe or
// connect request. It also keeps the control messages the hubs exchange
// over the bus well under the 8000-byte NOTIFY limit of PostgreSQL.
const MaxTopicsPerRequest = 50

var (
	topicRe = regexp.MustCompile(`^market:0x[0-9a-fA-F]{40}$`)
	// Names go on the event: line as they are, so no line breaks.
	nameRe = regexp.MustCompile(`^(user|market):[a-z_]+$`)
)

// MarketTopic returns the topic of a market's events.
func MarketTopic(market string) string {
	return topicPrefix + strings.ToLower(market)
}

// ParseTopic validates a topic of the form market:0x<40 hex digits> and
// returns it in canonical (lowercase) form with the market address; the
// firehose (FirehoseTopic) is valid too, with an empty market.
func ParseTopic(topic string) (canonical, market string, err error) {
	if topic == FirehoseTopic {
		return FirehoseTopic, "", nil
	}
	if !topicRe.MatchString(topic) {
		return "", "", fmt.Errorf("topic %q is not of the form market:0x<40 hex digits> or %s", topic, FirehoseTopic)
	}
	canonical = strings.ToLower(topic)
	return canonical, strings.TrimPrefix(canonical, topicPrefix), nil
}

// MarketNewTrades announces a confirmed trade on one option of a market.
func MarketNewTrades(market, option string) Event {
	return marketEvent(event.NewTrades, market, option)
}

// MarketPriceChange announces that the price of an option moved.
func MarketPriceChange(market, option string) Event {
	return marketEvent(event.PriceChange, market, option)
}

// MarketInfoUpdate announces a change of the market's record (status,
// liquidity, winner). option is the winning option once the market has
// ended and "" otherwise; the client re-reads the market detail.
func MarketInfoUpdate(market, option string) Event {
	return marketEvent(event.InfoUpdate, market, option)
}

// MarketBookChange announces that the market's limit orders changed on
// one option (placed, filled or cancelled).
func MarketBookChange(market, option string) Event {
	return marketEvent(event.BookChange, market, option)
}

// UserPositionChanged tells a user that a trade of theirs confirmed.
func UserPositionChanged(uid, market, option string) Event {
	return Event{Name: event.PositionChanged, UID: uid, Data: map[string]string{
		event.KeyUID: uid, event.KeyMarket: strings.ToLower(market), event.KeyOption: strings.ToLower(option),
	}}
}

// UserOrderChanged tells a user that a limit order of theirs was placed,
// filled (in part) or cancelled; status is the order's status after it.
func UserOrderChanged(uid, market, option string, orderID int64, status string) Event {
	return Event{Name: event.OrderChanged, UID: uid, Data: map[string]string{
		event.KeyUID: uid, event.KeyMarket: strings.ToLower(market), event.KeyOption: strings.ToLower(option),
		event.KeyOrderID: strconv.FormatInt(orderID, 10), event.KeyStatus: status,
	}}
}

// UserSignedOrderChanged tells a user that a signed order of theirs was
// placed, filled (in part) or closed; status is the order's after it.
func UserSignedOrderChanged(uid, market, option, hash, status string) Event {
	return Event{Name: event.OrderChanged, UID: uid, Data: map[string]string{
		event.KeyUID: uid, event.KeyMarket: strings.ToLower(market), event.KeyOption: strings.ToLower(option),
		event.KeyOrderHash: strings.ToLower(hash), event.KeyStatus: status,
	}}
}

// UserAssetChanged tells a user that a balance of theirs changed (after a
// claim confirmed).
func UserAssetChanged(uid, baseToken string) Event {
	return Event{Name: event.AssetChanged, UID: uid, Data: map[string]string{
		event.KeyUID: uid, event.KeyBaseToken: strings.ToLower(baseToken),
	}}
}

// UserNewNotification tells a user that a notification is waiting.
func UserNewNotification(uid string) Event {
	return Event{Name: event.NewNotification, UID: uid, Data: map[string]string{event.KeyUID: uid}}
}

// UserOperationStatus tells a user where an operation of theirs is, so a
// client need not poll get-operation-status: accepted, submitted (with
// the transaction), confirmed, reverted (with the decoded reason) or
// dropped (with the reason). market is the operation's market ("" when
// unknown), action its kind.
func UserOperationStatus(uid, opHash, status, reason, txHash, market, action string) Event {
	return Event{Name: event.OperationStatus, UID: uid, Data: map[string]string{
		event.KeyUID: uid, event.KeyOpHash: strings.ToLower(opHash), event.KeyStatus: status, event.KeyReason: reason,
		event.KeyTxHash: strings.ToLower(txHash), event.KeyMarket: strings.ToLower(market), event.KeyAction: action,
	}}
}

// MarketCreated announces a confirmed new market on the topic of the
// market factory that deployed it (market:<factory address>): the one
// topic a client can subscribe to before the market exists.
func MarketCreated(factory, market string) Event {
	return Event{Name: event.MarketCreated, Topic: MarketTopic(factory), Data: map[string]string{
		event.KeyMarket: strings.ToLower(market), event.KeyOption: "",
	}}
}

func marketEvent(name, market, option string) Event {
	return Event{Name: name, Topic: MarketTopic(market), Data: map[string]string{
		event.KeyMarket: strings.ToLower(market), event.KeyOption: strings.ToLower(option),
	}}
}

// Compact returns evs without exact repeats, in order: an event equal to
// an earlier one in name, topic, user and every payload field says
// nothing new (a batch that moved one order twice needs one re-read).
// Events that differ in any field, two orders or two statuses of one
// order, all stay.
func Compact(evs []Event) []Event {
	seen := make(map[string]bool, len(evs))
	out := evs[:0:0]
	for _, e := range evs {
		k := e.key()
		if seen[k] {
			continue
		}
		seen[k] = true
		out = append(out, e)
	}
	return out
}

// key is e without its id, as one string: the fields length-prefixed, so
// no payload can pass for another.
func (e Event) key() string {
	keys := make([]string, 0, len(e.Data))
	for k := range e.Data {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	var b strings.Builder
	field := func(s string) { b.WriteString(strconv.Itoa(len(s))); b.WriteByte(':'); b.WriteString(s) }
	field(e.Name)
	field(e.Topic)
	field(e.UID)
	for _, k := range keys {
		field(k)
		field(e.Data[k])
	}
	return b.String()
}

// Validate reports whether e can be published: a user: event with a UID
// and no topic, or a market: event with a well-formed topic and no UID.
// base: events belong to one connection and are never published.
func (e Event) Validate() error {
	if !nameRe.MatchString(e.Name) {
		return fmt.Errorf("events: %q is neither a user: nor a market: event name", e.Name)
	}
	switch {
	case strings.HasPrefix(e.Name, "user:"):
		if e.UID == "" || e.Topic != "" {
			return fmt.Errorf("events: user event %q needs a UID and no topic", e.Name)
		}
	default:
		if e.UID != "" {
			return fmt.Errorf("events: market event %q has a UID", e.Name)
		}
		if c, _, err := ParseTopic(e.Topic); err != nil || c != e.Topic {
			return fmt.Errorf("events: market event %q: topic %q is not a canonical market topic", e.Name, e.Topic)
		}
	}
	return nil
}

// Bus carries published events and the hubs' control messages to the hub
// of every replica, the publisher's own included.
type Bus interface {
	Publisher
	// Send broadcasts a control message to every attached receiver.
	// Unlike events, control messages have no id and no order.
	Send(ctx context.Context, c Control) error
	// Attach makes r receive everything the bus carries from now on,
	// until the returned function is called.
	Attach(r Receiver) (detach func())
	// LastID is the highest event id assigned so far on any replica.
	LastID(ctx context.Context) (uint64, error)
	// Close stops the bus.
	Close() error
}

// Receiver is the side of a hub the bus talks to. Its methods must not
// block (they run on the bus's delivery path) and must not call the bus.
type Receiver interface {
	// ReceiveEvent is called once per event, in id order.
	ReceiveEvent(e Event)
	// ReceiveControl is called for every control message.
	ReceiveControl(c Control)
	// Resync says that messages may have been lost (the bus reconnected);
	// head is the highest id assigned before delivery resumed.
	Resync(head uint64)
}

// Kinds of control message.
const (
	ControlSubscribe   = "subscribe"
	ControlUnsubscribe = "unsubscribe"
	ControlReply       = "reply"
	// ControlForgetUser tells the read cache of every replica that a
	// change the API made itself, which no event announces (a follow,
	// notifications marked read), outdates the answers about UID.
	ControlForgetUser = "forget_user"
	// ControlForgetAll tells the read cache of every replica that every
	// answer is outdated (a profile name, shown in many answers, changed).
	ControlForgetAll = "forget_all"
	// ControlEndStreams tells every hub to end the streams of UID opened
	// with the credential in Conn (all of UID's when Conn is ""):
	// Hub.EndStreams.
	ControlEndStreams = "end_streams"
)

// Control is a request from one hub to the hub that holds a connection
// (subscribe or unsubscribe arrived at a replica that does not hold it),
// or the holder's reply; or a read cache's word to the others
// (ControlForgetUser, ControlForgetAll), which hubs ignore. Buses carry it
// without looking inside, except to encode it compactly.
type Control struct {
	Kind    string   // one of the Control kinds above
	Request string   // random id pairing a reply with its request
	From    string   // replica that sent the message
	To      string   // replica a reply is for
	Conn    string   // connection id; in ControlEndStreams, the credential
	UID     string   // the caller, checked by the holder against the owner
	Topics  []string // requested topics; in a reply, the subscriptions after the change
	Error   string   // in a reply: why the change was refused ("" = done)
}
