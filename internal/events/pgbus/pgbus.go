// Package pgbus is the event bus of replicas that share a PostgreSQL
// database: events and hub control messages travel as NOTIFY payloads on
// one channel, every replica LISTENs on a dedicated connection, and event
// ids come from a sequence, so they are the same on every replica.
//
// Publishing takes a transaction-scoped advisory lock around nextval and
// pg_notify. PostgreSQL delivers notifications in commit order, and the
// lock makes commit order the id order, so every replica receives events
// in increasing id order — which replay with Last-Event-ID relies on.
package pgbus

import (
	"context"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"log/slog"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/predict-dev/predict/internal/events"
)

// Config of a bus.
type Config struct {
	// DSN is the PostgreSQL connection URL (the store's).
	DSN string
	// Channel is the NOTIFY channel; all replicas of a deployment use the
	// same one. Default "predict_events".
	Channel string
	// Sequence names the id sequence, created at Open if missing (in the
	// first schema of the search_path). Default "predict_event_seq".
	Sequence string
	// IdleCheck is how long the listener waits for a notification before
	// it pings its connection, so a silently dead connection is noticed.
	// Default 30 s.
	IdleCheck time.Duration
	// Logger receives reconnects; nil discards.
	Logger *slog.Logger
}

// maxPayload is PostgreSQL's NOTIFY limit (payloads must be shorter than
// 8000 bytes in the default configuration).
const maxPayload = 7999

// Bus is a PostgreSQL LISTEN/NOTIFY bus; it implements events.Bus.
type Bus struct {
	cfg        Config
	log        *slog.Logger
	pool       *pgxpool.Pool
	lockKey    int64
	publishSQL string
	lastSQL    string

	mu        sync.Mutex
	receivers []*events.Receiver
	closed    bool

	cancel context.CancelFunc
	done   chan struct{}
}

var _ events.Bus = (*Bus)(nil)

// Open connects, creates the sequence if needed and starts listening. It
// fails if the database cannot be reached now; later connection losses
// are retried for ever, and the attached hubs are told to resync.
func Open(ctx context.Context, cfg Config) (*Bus, error) {
	if cfg.Channel == "" {
		cfg.Channel = "predict_events"
	}
	if cfg.Sequence == "" {
		cfg.Sequence = "predict_event_seq"
	}
	if cfg.IdleCheck <= 0 {
		cfg.IdleCheck = 30 * time.Second
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.DiscardHandler)
	}
	pcfg, err := pgxpool.ParseConfig(cfg.DSN)
	if err != nil {
		return nil, fmt.Errorf("pgbus: parse dsn: %w", err)
	}
	// Publishing is one round trip; a few connections are plenty.
	pcfg.MaxConns = 4
	pool, err := pgxpool.NewWithConfig(ctx, pcfg)
	if err != nil {
		return nil, fmt.Errorf("pgbus: connect: %w", err)
	}
	seq := pgx.Identifier{cfg.Sequence}.Sanitize()
	seqLit := "'" + strings.ReplaceAll(seq, "'", "''") + "'"
	h := fnv.New64a()
	h.Write([]byte("predict-events/" + cfg.Channel))
	b := &Bus{
		cfg:     cfg,
		log:     cfg.Logger,
		pool:    pool,
		lockKey: int64(h.Sum64()),
		// pg_notify in FROM runs once per row, after nextval, in the same
		// statement: the id and the notification cannot come apart.
		publishSQL: `SELECT n FROM nextval(` + seqLit + `) AS n, pg_notify($1, 'e' || n || ' ' || $2)`,
		lastSQL:    `SELECT CASE WHEN is_called THEN last_value ELSE last_value - 1 END FROM ` + seq,
		done:       make(chan struct{}),
	}

	// Replicas starting together would race on CREATE SEQUENCE IF NOT
	// EXISTS (it is not atomic); the advisory lock serialises them.
	batch := &pgx.Batch{}
	batch.Queue(`SELECT pg_advisory_xact_lock($1)`, b.lockKey)
	batch.Queue(`CREATE SEQUENCE IF NOT EXISTS ` + seq)
	if err := pool.SendBatch(ctx, batch).Close(); err != nil {
		pool.Close()
		return nil, fmt.Errorf("pgbus: create sequence %s: %w", cfg.Sequence, err)
	}
	conn, err := b.listenConn(ctx)
	if err != nil {
		pool.Close()
		return nil, err
	}
	lctx, cancel := context.WithCancel(context.Background())
	b.cancel = cancel
	go b.listen(lctx, conn)
	return b, nil
}

// Publish assigns the next id and notifies every replica.
func (b *Bus) Publish(ctx context.Context, e events.Event) error {
	if err := e.Validate(); err != nil {
		return err
	}
	payload, err := json.Marshal(wireEvent{Name: e.Name, Topic: e.Topic, UID: e.UID, Data: e.Data})
	if err != nil {
		return fmt.Errorf("pgbus: encode event: %w", err)
	}
	if len(payload)+22 > maxPayload {
		return fmt.Errorf("pgbus: event %s is %d bytes, over the NOTIFY limit", e.Name, len(payload))
	}
	batch := &pgx.Batch{}
	batch.Queue(`SELECT pg_advisory_xact_lock($1)`, b.lockKey)
	batch.Queue(b.publishSQL, b.cfg.Channel, string(payload))
	br := b.pool.SendBatch(ctx, batch)
	_, err = br.Exec()
	if err == nil {
		var id int64
		err = br.QueryRow().Scan(&id)
	}
	if cerr := br.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("pgbus: publish: %w", err)
	}
	return nil
}

// Send notifies every replica of a control message.
func (b *Bus) Send(ctx context.Context, c events.Control) error {
	payload, err := json.Marshal(encodeControl(c))
	if err != nil {
		return fmt.Errorf("pgbus: encode control: %w", err)
	}
	if len(payload)+2 > maxPayload {
		return fmt.Errorf("pgbus: control message is %d bytes, over the NOTIFY limit", len(payload))
	}
	if _, err := b.pool.Exec(ctx, `SELECT pg_notify($1, $2)`, b.cfg.Channel, "c "+string(payload)); err != nil {
		return fmt.Errorf("pgbus: send: %w", err)
	}
	return nil
}

// Attach adds a receiver.
func (b *Bus) Attach(r events.Receiver) func() {
	p := &r
	b.mu.Lock()
	b.receivers = append(b.receivers, p)
	b.mu.Unlock()
	return func() {
		b.mu.Lock()
		b.receivers = slices.DeleteFunc(b.receivers, func(q *events.Receiver) bool { return q == p })
		b.mu.Unlock()
	}
}

// LastID is the last id the sequence handed out.
func (b *Bus) LastID(ctx context.Context) (uint64, error) {
	var id int64
	if err := b.pool.QueryRow(ctx, b.lastSQL).Scan(&id); err != nil {
		return 0, fmt.Errorf("pgbus: last id: %w", err)
	}
	return uint64(id), nil
}

// Close stops listening and closes the connections.
func (b *Bus) Close() error {
	b.mu.Lock()
	if b.closed {
		b.mu.Unlock()
		return nil
	}
	b.closed = true
	b.receivers = nil
	b.mu.Unlock()
	b.cancel()
	<-b.done
	b.pool.Close()
	return nil
}

// listenConn opens the dedicated connection and LISTENs. It is not from
// the pool: a LISTEN belongs to one session for as long as it lives.
func (b *Bus) listenConn(ctx context.Context) (*pgx.Conn, error) {
	conn, err := pgx.Connect(ctx, b.cfg.DSN)
	if err != nil {
		return nil, fmt.Errorf("pgbus: connect listener: %w", err)
	}
	if _, err := conn.Exec(ctx, `LISTEN `+pgx.Identifier{b.cfg.Channel}.Sanitize()); err != nil {
		conn.Close(context.Background())
		return nil, fmt.Errorf("pgbus: listen: %w", err)
	}
	return conn, nil
}

// listen delivers notifications until ctx ends, reconnecting with backoff
// when the connection is lost. After a reconnect the hubs are told to
// resync: whatever was notified in between is gone.
func (b *Bus) listen(ctx context.Context, conn *pgx.Conn) {
	defer close(b.done)
	for {
		err := b.receive(ctx, conn)
		conn.Close(context.Background())
		if ctx.Err() != nil {
			return
		}
		b.log.Warn("event bus: listener connection lost; reconnecting", "err", err)
		for backoff := 100 * time.Millisecond; ; backoff = min(2*backoff, 5*time.Second) {
			if conn, err = b.listenConn(ctx); err == nil {
				break
			}
			b.log.Warn("event bus: reconnect failed", "err", err, "retry_in", backoff)
			select {
			case <-ctx.Done():
				return
			case <-time.After(backoff):
			}
		}
		// Read the head on the listening session after LISTEN: every id
		// above it is notified to this session.
		var head int64
		if err := conn.QueryRow(ctx, b.lastSQL).Scan(&head); err != nil {
			if ctx.Err() != nil {
				conn.Close(context.Background())
				return
			}
			b.log.Warn("event bus: read the last id after reconnect", "err", err)
			continue
		}
		b.log.Info("event bus: listening again", "head", head)
		for _, r := range b.snapshot() {
			(*r).Resync(uint64(head))
		}
	}
}

// receive waits for notifications and delivers them; it returns on a
// connection error. An idle period ends with a ping, so a connection
// that died without a word is noticed within IdleCheck.
func (b *Bus) receive(ctx context.Context, conn *pgx.Conn) error {
	for {
		wctx, cancel := context.WithTimeout(ctx, b.cfg.IdleCheck)
		n, err := conn.WaitForNotification(wctx)
		idle := errors.Is(wctx.Err(), context.DeadlineExceeded)
		cancel()
		if err != nil {
			if ctx.Err() != nil {
				return ctx.Err()
			}
			if idle && !conn.IsClosed() {
				pctx, cancel := context.WithTimeout(ctx, 5*time.Second)
				err = conn.Ping(pctx)
				cancel()
				if err == nil {
					continue
				}
			}
			return err
		}
		b.deliver(n.Payload)
	}
}

func (b *Bus) snapshot() []*events.Receiver {
	b.mu.Lock()
	defer b.mu.Unlock()
	return slices.Clone(b.receivers)
}

// deliver decodes one payload: "e<id> <event>" or "c <control>".
func (b *Bus) deliver(payload string) {
	head, body, ok := strings.Cut(payload, " ")
	switch {
	case ok && strings.HasPrefix(head, "e"):
		id, err := strconv.ParseUint(head[1:], 10, 64)
		var w wireEvent
		if err == nil {
			err = json.Unmarshal([]byte(body), &w)
		}
		if err != nil {
			b.log.Warn("event bus: bad event payload", "err", err)
			return
		}
		e := events.Event{ID: id, Name: w.Name, Topic: w.Topic, UID: w.UID, Data: w.Data}
		for _, r := range b.snapshot() {
			(*r).ReceiveEvent(e)
		}
	case ok && head == "c":
		var w wireControl
		if err := json.Unmarshal([]byte(body), &w); err != nil {
			b.log.Warn("event bus: bad control payload", "err", err)
			return
		}
		c, err := w.decode()
		if err != nil {
			b.log.Warn("event bus: bad control payload", "err", err)
			return
		}
		for _, r := range b.snapshot() {
			(*r).ReceiveControl(c)
		}
	default:
		b.log.Warn("event bus: unknown payload", "payload", payload)
	}
}

type wireEvent struct {
	Name  string            `json:"n"`
	Topic string            `json:"t,omitempty"`
	UID   string            `json:"u,omitempty"`
	Data  map[string]string `json:"d"`
}

// wireControl is a control message. Market topics travel packed (20
// bytes per address, base64) so that a reply listing a connection's 200
// subscriptions stays under the NOTIFY limit.
type wireControl struct {
	Kind    string   `json:"k"`
	Request string   `json:"r"`
	From    string   `json:"f"`
	To      string   `json:"o,omitempty"`
	Conn    string   `json:"c,omitempty"`
	UID     string   `json:"u,omitempty"`
	Packed  string   `json:"p,omitempty"`
	Topics  []string `json:"t,omitempty"`
	Error   string   `json:"x,omitempty"`
	Empty   bool     `json:"e,omitempty"` // an empty (not absent) topic list
	// Firehose is 1 + the position of events.FirehoseTopic in the list
	// (0: not in it); it has no address to pack.
	Firehose int `json:"h,omitempty"`
}

func encodeControl(c events.Control) wireControl {
	w := wireControl{Kind: c.Kind, Request: c.Request, From: c.From, To: c.To, Conn: c.Conn, UID: c.UID, Error: c.Error}
	packed := make([]byte, 0, 20*len(c.Topics))
	for i, t := range c.Topics {
		_, addr, err := events.ParseTopic(t)
		if err != nil {
			w.Topics = c.Topics
			return w
		}
		if addr == "" {
			w.Firehose = i + 1
			continue
		}
		raw, _ := hex.DecodeString(addr[2:])
		packed = append(packed, raw...)
	}
	w.Packed = base64.RawStdEncoding.EncodeToString(packed)
	w.Empty = c.Topics != nil && len(c.Topics) == 0
	return w
}

func (w wireControl) decode() (events.Control, error) {
	c := events.Control{Kind: w.Kind, Request: w.Request, From: w.From, To: w.To, Conn: w.Conn, UID: w.UID, Error: w.Error, Topics: w.Topics}
	if w.Packed != "" {
		raw, err := base64.RawStdEncoding.DecodeString(w.Packed)
		if err != nil || len(raw)%20 != 0 {
			return c, fmt.Errorf("packed topics: %d bytes, %v", len(raw), err)
		}
		for i := 0; i < len(raw); i += 20 {
			c.Topics = append(c.Topics, events.MarketTopic("0x"+hex.EncodeToString(raw[i:i+20])))
		}
	}
	if i := w.Firehose - 1; i >= 0 && i <= len(c.Topics) {
		c.Topics = slices.Insert(c.Topics, i, events.FirehoseTopic)
	}
	if c.Topics == nil && w.Empty {
		c.Topics = []string{}
	}
	return c, nil
}
