package bundler_test

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/event"
	"github.com/predict-dev/predict/internal/events"
	"github.com/predict-dev/predict/internal/webhook"
)

// publisher records the events a bundler publishes: the
// user:new_notification of the operations it drops.
type publisher struct {
	mu     sync.Mutex
	events []events.Event
}

func (p *publisher) Publish(_ context.Context, e events.Event) error {
	if err := e.Validate(); err != nil {
		return err
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.events = append(p.events, e)
	return nil
}

// notified lists the uids told of a new notification, in order.
func (p *publisher) notified() []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	var out []string
	for _, e := range p.events {
		if e.Name == event.NewNotification {
			out = append(out, e.UID)
		}
	}
	return out
}

// has reports whether uid was told.
func (p *publisher) has(uid string) bool { return slices.Contains(p.notified(), uid) }

// receiveWebhooks registers a webhook endpoint of uid in e's store, with a
// receiver on loopback that checks each delivery's signature, and
// delivers the outbox to it until the test ends. The receiver hands over
// what it accepted.
func receiveWebhooks(t *testing.T, e *env, uid string) <-chan webhook.Payload {
	t.Helper()
	secret, err := webhook.NewSecret()
	if err != nil {
		t.Fatal(err)
	}
	got := make(chan webhook.Payload, 64)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, err := io.ReadAll(r.Body)
		if err == nil {
			err = webhook.Verify(secret, r.Header, body, time.Now(), time.Minute)
		}
		var p webhook.Payload
		if err == nil {
			err = json.Unmarshal(body, &p)
		}
		if err != nil {
			t.Errorf("webhook delivery: %v", err)
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		select {
		case got <- p:
		default:
		}
	}))
	t.Cleanup(srv.Close)
	hook := &predict.Webhook{UID: uid, Scope: predict.WebhookScopeUser, URL: srv.URL, Secret: secret}
	if err := e.store.CreateWebhook(context.Background(), hook); err != nil {
		t.Fatal(err)
	}
	// The receiver is on loopback, which only a test allows.
	d := webhook.New(webhook.Config{Store: e.store, Guard: webhook.Guard{AllowPrivate: true}, Poll: 20 * time.Millisecond,
		Logger: testLogger()})
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		defer close(done)
		_ = d.Run(ctx)
	}()
	t.Cleanup(func() {
		cancel()
		<-done
	})
	return got
}
