package store_test

import (
	"context"
	"fmt"
	"sync"
	"testing"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/internal/store"
	"github.com/predict-dev/predict/internal/store/storetest"
)

// TestEnqueueWebhookEvents: the events raised outside the indexer reach
// the outbox when an endpoint wants them, and only then; writers on many
// connections at once lose nothing to a reader that follows the outbox
// by its cursor, as the dispatcher does (the ids commit in order). On
// both stores.
func TestEnqueueWebhookEvents(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.DB) {
		ctx := context.Background()
		alice, bob := storetest.NewUser(t, s, nil), storetest.NewUser(t, s, nil)
		status := func(uid string, n int) predict.WebhookEvent {
			return predict.WebhookEvent{Name: "user:operation_status", UID: uid,
				Data: map[string]string{"uid": uid, "status": "dropped", "op_hash": fmt.Sprintf("0x%064x", n)}}
		}
		// No endpoint: nothing is kept.
		storetest.Must(t, s.EnqueueWebhookEvents(ctx, []predict.WebhookEvent{status(alice.UID, 0)}))
		if evs, err := s.WebhookEvents(ctx, 0, 10); err != nil || len(evs) != 0 {
			t.Fatalf("outbox without endpoints: %v, %v", evs, err)
		}
		storetest.Must(t, s.CreateWebhook(ctx, &predict.Webhook{UID: alice.UID, Scope: predict.WebhookScopeUser,
			URL: "https://hooks.example/alice", Secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"}))
		storetest.Must(t, s.EnqueueWebhookEvents(ctx, []predict.WebhookEvent{status(bob.UID, 1), status(alice.UID, 2)}))
		evs, err := s.WebhookEvents(ctx, 0, 10)
		storetest.Must(t, err)
		if len(evs) != 1 || evs[0].UID != alice.UID || evs[0].Data["op_hash"] != status(alice.UID, 2).Data["op_hash"] {
			t.Fatalf("outbox = %+v, want alice's one event", evs)
		}

		// Concurrent writers, and a reader following the cursor.
		const writers, each = 8, 15
		var wg sync.WaitGroup
		for w := range writers {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for i := range each {
					if err := s.EnqueueWebhookEvents(ctx, []predict.WebhookEvent{status(alice.UID, 100+w*each+i)}); err != nil {
						t.Error(err)
						return
					}
				}
			}()
		}
		done := make(chan struct{})
		go func() { wg.Wait(); close(done) }()
		seen := map[string]bool{}
		cursor := evs[0].ID
		for finished := false; ; {
			select {
			case <-done:
				finished = true
			default:
			}
			page, err := s.WebhookEvents(ctx, cursor, 7)
			storetest.Must(t, err)
			for _, e := range page {
				seen[e.Data["op_hash"]] = true
				cursor = e.ID
			}
			if finished && len(page) == 0 {
				break
			}
		}
		if len(seen) != writers*each {
			t.Fatalf("a reader following the outbox saw %d of %d events", len(seen), writers*each)
		}
	})
}
