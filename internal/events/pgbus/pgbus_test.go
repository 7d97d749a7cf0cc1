package pgbus

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/predict-dev/predict/event"
	"github.com/predict-dev/predict/internal/events"
	"github.com/predict-dev/predict/internal/store/storetest"
)

func TestWireControl(t *testing.T) {
	topics := make([]string, 200)
	for i := range topics {
		topics[i] = events.MarketTopic(fmt.Sprintf("0x%040x", i+1))
	}
	for name, c := range map[string]events.Control{
		"MaxTopics":    {Kind: events.ControlReply, Request: strings.Repeat("r", 32), From: strings.Repeat("f", 16), To: strings.Repeat("t", 16), Conn: strings.Repeat("c", 32), Topics: topics},
		"NoTopics":     {Kind: events.ControlReply, Request: "r", Topics: []string{}},
		"Error":        {Kind: events.ControlReply, Request: "r", Error: "too many"},
		"Other":        {Kind: events.ControlSubscribe, Request: "r", UID: "u", Topics: []string{"other"}},
		"Firehose":     {Kind: events.ControlReply, Request: "r", Topics: append([]string{events.FirehoseTopic}, topics[1:]...)},
		"OnlyFirehose": {Kind: events.ControlSubscribe, Request: "r", Topics: []string{events.FirehoseTopic}},
		"FirehoseLast": {Kind: events.ControlSubscribe, Request: "r", Topics: []string{topics[0], events.FirehoseTopic}},
	} {
		t.Run(name, func(t *testing.T) {
			raw, err := json.Marshal(encodeControl(c))
			if err != nil {
				t.Fatal(err)
			}
			if len(raw)+2 > maxPayload {
				t.Fatalf("%d bytes", len(raw))
			}
			var w wireControl
			if err := json.Unmarshal(raw, &w); err != nil {
				t.Fatal(err)
			}
			got, err := w.decode()
			if err != nil {
				t.Fatal(err)
			}
			if got.Kind != c.Kind || got.Request != c.Request || got.From != c.From || got.To != c.To ||
				got.Conn != c.Conn || got.UID != c.UID || got.Error != c.Error || !slices.Equal(got.Topics, c.Topics) ||
				(got.Topics == nil) != (c.Topics == nil) {
				t.Fatalf("got %+v, want %+v", got, c)
			}
		})
	}
}

// recorder is a receiver that keeps what it is given.
type recorder struct {
	events   chan events.Event
	controls chan events.Control
	resyncs  chan uint64
}

func newRecorder() *recorder {
	return &recorder{events: make(chan events.Event, 1000), controls: make(chan events.Control, 100), resyncs: make(chan uint64, 10)}
}

func (r *recorder) ReceiveEvent(e events.Event)     { r.events <- e }
func (r *recorder) ReceiveControl(c events.Control) { r.controls <- c }
func (r *recorder) Resync(head uint64)              { r.resyncs <- head }

func (r *recorder) next(t *testing.T) events.Event {
	t.Helper()
	select {
	case e := <-r.events:
		return e
	case <-time.After(5 * time.Second):
		t.Fatal("no event")
	}
	return events.Event{}
}

// openPair opens two buses on one channel: two replicas.
func openPair(t *testing.T) (dsn, channel string, a, b *Bus) {
	t.Helper()
	dsn = storetest.PostgresDSN(t)
	channel = "test_bus_" + strings.TrimPrefix(storetest.Address(), "0x")[:12]
	open := func() *Bus {
		bus, err := Open(context.Background(), Config{DSN: dsn, Channel: channel, IdleCheck: 500 * time.Millisecond})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { bus.Close() })
		return bus
	}
	return dsn, channel, open(), open()
}

func TestBus(t *testing.T) {
	t.Run("postgres", func(t *testing.T) {
		dsn, channel, a, b := openPair(t)
		ra, rb := newRecorder(), newRecorder()
		a.Attach(ra)
		detach := b.Attach(rb)
		ctx := context.Background()
		market := fmt.Sprintf("0x%040x", 7)

		t.Run("SameIDsInOrder", func(t *testing.T) {
			var wg sync.WaitGroup
			for i := 0; i < 40; i++ {
				bus := a
				if i%2 == 1 {
					bus = b
				}
				wg.Add(1)
				go func() {
					defer wg.Done()
					if err := bus.Publish(ctx, events.UserNewNotification(fmt.Sprint("u", i))); err != nil {
						t.Error(err)
					}
				}()
			}
			wg.Wait()
			var ids [2][]uint64
			for i, r := range []*recorder{ra, rb} {
				for range 40 {
					e := r.next(t)
					if e.Name != event.NewNotification || e.Data["uid"] != e.UID {
						t.Fatalf("got %+v", e)
					}
					ids[i] = append(ids[i], e.ID)
				}
			}
			if !slices.Equal(ids[0], ids[1]) || !slices.IsSorted(ids[0]) || ids[0][0] == ids[0][1] {
				t.Fatalf("ids differ or are out of order:\n%v\n%v", ids[0], ids[1])
			}
			last, err := b.LastID(ctx)
			if err != nil || last != ids[0][39] {
				t.Fatalf("last id = %d, %v; want %d", last, err, ids[0][39])
			}
		})
		t.Run("Control", func(t *testing.T) {
			c := events.Control{Kind: events.ControlSubscribe, Request: "r1", From: "a", Conn: "c", UID: "u", Topics: []string{events.MarketTopic(market)}}
			if err := a.Send(ctx, c); err != nil {
				t.Fatal(err)
			}
			for _, r := range []*recorder{ra, rb} {
				select {
				case got := <-r.controls:
					if got.Request != "r1" || !slices.Equal(got.Topics, c.Topics) {
						t.Fatalf("got %+v", got)
					}
				case <-time.After(5 * time.Second):
					t.Fatal("no control message")
				}
			}
		})
		t.Run("ErrTooLarge", func(t *testing.T) {
			e := events.UserNewNotification(strings.Repeat("u", 8000))
			if err := a.Publish(ctx, e); err == nil {
				t.Fatal("published an event over the NOTIFY limit")
			}
		})
		t.Run("ReconnectResyncs", func(t *testing.T) {
			// Kill replica B's listening session, as a database restart or
			// a network cut would.
			conn, err := pgx.Connect(ctx, dsn)
			if err != nil {
				t.Fatal(err)
			}
			defer conn.Close(ctx)
			var n int
			err = conn.QueryRow(ctx, `SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE query = $1 AND pid <> pg_backend_pid()`,
				`LISTEN `+pgx.Identifier{channel}.Sanitize()).Scan(&n)
			if err != nil || n != 2 {
				t.Fatalf("terminated %d listeners: %v", n, err)
			}
			for _, r := range []*recorder{ra, rb} {
				select {
				case <-r.resyncs:
				case <-time.After(5 * time.Second):
					t.Fatal("no resync after the listener was killed")
				}
			}
			if err := a.Publish(ctx, events.MarketNewTrades(market, market)); err != nil {
				t.Fatal(err)
			}
			for _, r := range []*recorder{ra, rb} {
				if e := r.next(t); e.Name != event.NewTrades {
					t.Fatalf("got %+v", e)
				}
			}
		})
		t.Run("Detach", func(t *testing.T) {
			detach()
			if err := a.Publish(ctx, events.UserNewNotification("u")); err != nil {
				t.Fatal(err)
			}
			ra.next(t)
			select {
			case e := <-rb.events:
				t.Fatalf("detached receiver got %+v", e)
			case <-time.After(200 * time.Millisecond):
			}
		})
	})
}

// BenchmarkRoundTrip publishes on one replica's bus and waits for the
// event on the other's: publish-to-receive latency through PostgreSQL.
func BenchmarkRoundTrip(b *testing.B) {
	dsn := storetest.PostgresDSN(b)
	channel := "bench_bus_" + strings.TrimPrefix(storetest.Address(), "0x")[:12]
	var buses [2]*Bus
	for i := range buses {
		bus, err := Open(context.Background(), Config{DSN: dsn, Channel: channel})
		if err != nil {
			b.Fatal(err)
		}
		defer bus.Close()
		buses[i] = bus
	}
	r := newRecorder()
	buses[1].Attach(r)
	ev := events.UserNewNotification("u")
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if err := buses[0].Publish(context.Background(), ev); err != nil {
			b.Fatal(err)
		}
		<-r.events
	}
}
