package webhook

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/big"
	"net/http"
	"net/http/httptest"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/internal/ledger"
	"github.com/predict-dev/predict/internal/store"
	"github.com/predict-dev/predict/internal/store/storetest"
)

// receiver is a webhook endpoint under test: it fails the first deliveries
// with a 500, then is down (connections cut, no answer) for a while, then
// accepts; it checks every signature and keeps what it was sent.
type receiver struct {
	t      *testing.T
	secret string
	srv    *httptest.Server

	mu        sync.Mutex
	fail500   int // answer 500 to this many more requests
	cut       int // then cut this many more connections
	requests  int
	delivered []string // webhook-id of each accepted delivery, in order
	arrived   []time.Time
	types     map[string]string
}

func newReceiver(t *testing.T, fail500, cut int) *receiver {
	r := &receiver{t: t, fail500: fail500, cut: cut, types: map[string]string{}}
	r.srv = httptest.NewServer(http.HandlerFunc(r.serve))
	t.Cleanup(r.srv.Close)
	return r
}

func (r *receiver) serve(w http.ResponseWriter, req *http.Request) {
	body, _ := io.ReadAll(req.Body)
	r.mu.Lock()
	defer r.mu.Unlock()
	r.requests++
	if err := Verify(r.secret, req.Header, body, time.Now(), 5*time.Minute); err != nil {
		r.t.Errorf("delivery %s: %v", req.Header.Get(HeaderID), err)
	}
	var p Payload
	if err := json.Unmarshal(body, &p); err != nil || p.Type == "" || p.Timestamp.IsZero() {
		r.t.Errorf("payload %s: %v", body, err)
	}
	switch {
	case r.fail500 > 0:
		r.fail500--
		http.Error(w, "not now", http.StatusInternalServerError)
	case r.cut > 0:
		r.cut--
		// The receiver is down: the connection ends with no answer.
		conn, _, err := w.(http.Hijacker).Hijack()
		if err == nil {
			conn.Close()
		}
	default:
		id := req.Header.Get(HeaderID)
		r.delivered = append(r.delivered, id)
		r.arrived = append(r.arrived, time.Now())
		r.types[id] = p.Type
	}
}

func (r *receiver) snapshot() (delivered []string, requests int) {
	r.mu.Lock()
	defer r.mu.Unlock()
	return slices.Clone(r.delivered), r.requests
}

// fast is a dispatcher with a short retry schedule: the behaviour of the
// default, in milliseconds. The receivers run on 127.0.0.1, which the
// default guard refuses, so the test allows private addresses.
func fast(s predict.WebhookStore, giveUp time.Duration) *Dispatcher {
	return New(Config{Store: s, Guard: Guard{AllowPrivate: true}, Poll: 5 * time.Millisecond, Timeout: 2 * time.Second,
		Schedule: []time.Duration{5 * time.Millisecond, 10 * time.Millisecond, 20 * time.Millisecond}, GiveUpAfter: giveUp})
}

func TestDeliverInOrderThroughFailures(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.DB) {
		ctx := context.Background()
		c := storetest.NewChainSim(t)
		alice, bob := storetest.Address(), storetest.Address()
		ua := storetest.NewUser(t, s, func(p *predict.LoginParams) { p.Address = alice })
		storetest.NewUser(t, s, func(p *predict.LoginParams) { p.Address = bob })
		admin := storetest.NewUser(t, s, nil)

		mine := newReceiver(t, 3, 4)
		all := newReceiver(t, 0, 2)
		mine.secret, all.secret = mustSecret(t), mustSecret(t)
		userHook := &predict.Webhook{UID: ua.UID, Scope: predict.WebhookScopeUser, URL: mine.srv.URL, Secret: mine.secret}
		platformHook := &predict.Webhook{UID: admin.UID, Scope: predict.WebhookScopePlatform, URL: all.srv.URL, Secret: all.secret,
			Events: []string{"market:new_trades", "market:created"}}
		storetest.Must(t, s.CreateWebhook(ctx, userHook))
		storetest.Must(t, s.CreateWebhook(ctx, platformHook))

		// Trades by alice and bob over several batches: the outbox gets
		// alice's events and the markets' trades, written with them.
		c.Create(big.NewInt(1000_000000), "")
		c.Apply(s)
		for i := range 4 {
			c.Next("")
			c.Buy(alice, i%2, big.NewInt(int64(10_000000+i)), "")
			c.Buy(bob, 1-i%2, big.NewInt(int64(5_000000+i)), "")
			c.Apply(s)
		}
		outbox, err := s.WebhookEvents(ctx, 0, 1000)
		storetest.Must(t, err)
		var wantMine, wantAll []string
		for _, e := range outbox {
			if userHook.Wants(e) {
				wantMine = append(wantMine, MessageID(e.ID))
			}
			if platformHook.Wants(e) {
				wantAll = append(wantAll, MessageID(e.ID))
			}
			if e.UID != "" && e.UID != ua.UID {
				t.Errorf("the outbox holds %s for %s, whom no endpoint follows", e.Name, e.UID)
			}
		}
		if len(wantMine) < 4 || len(wantAll) < 5 {
			t.Fatalf("outbox: %d events for alice's endpoint, %d for the platform's", len(wantMine), len(wantAll))
		}

		d := fast(s, time.Hour)
		runCtx, stop := context.WithCancel(ctx)
		done := make(chan error, 1)
		go func() { done <- d.Run(runCtx) }()
		deadline := time.Now().Add(30 * time.Second)
		for {
			gotMine, _ := mine.snapshot()
			gotAll, _ := all.snapshot()
			// The dispatcher records an attempt after the receiver has
			// answered it: wait for the log too before stopping it.
			_, logged, err := s.WebhookAttempts(ctx, userHook.ID, 1, 100)
			storetest.Must(t, err)
			if len(gotMine) >= len(wantMine) && len(gotAll) >= len(wantAll) && logged >= len(wantMine)+7 {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("delivered %d of %d and %d of %d; %d attempts logged", len(gotMine), len(wantMine), len(gotAll), len(wantAll), logged)
			}
			time.Sleep(10 * time.Millisecond)
		}
		stop()
		if err := <-done; err != nil {
			t.Fatal(err)
		}
		// Every event once, in order: the receiver accepts each id once,
		// since a failed one is retried before the next is sent.
		gotMine, requests := mine.snapshot()
		if !slices.Equal(gotMine, wantMine) || requests != len(wantMine)+3+4 {
			t.Fatalf("alice's endpoint got %v in %d requests, want %v after 7 failures", gotMine, requests, wantMine)
		}
		if gotAll, _ := all.snapshot(); !slices.Equal(gotAll, wantAll) {
			t.Fatalf("the platform's endpoint got %v, want %v", gotAll, wantAll)
		}
		for id, typ := range all.types {
			if typ != "market:new_trades" && typ != "market:created" {
				t.Errorf("%s: %s, which the endpoint did not ask for", id, typ)
			}
		}
		// The log shows each attempt, the failures with why.
		attempts, total, err := s.WebhookAttempts(ctx, userHook.ID, 1, 100)
		storetest.Must(t, err)
		failed := 0
		for _, a := range attempts {
			if !a.Succeeded() {
				failed++
				if a.Error == "" {
					t.Errorf("failed attempt %+v without an error", a)
				}
			}
		}
		if total != len(wantMine)+7 || failed != 7 || attempts[len(attempts)-1].Status != 500 {
			t.Fatalf("%d attempts (%d failed); oldest %+v", total, failed, attempts[len(attempts)-1])
		}
		w, err := s.Webhook(ctx, userHook.ID)
		storetest.Must(t, err)
		if !w.Enabled || w.Attempt != 0 || !w.FailingSince.IsZero() {
			t.Fatalf("endpoint after recovery: %+v", w)
		}
	})
}

// hangingOwners and hangingPerOwner are the probe of issue 36: owners
// whose every endpoint (the API's MaxWebhooksPerUser of them) accepts the
// connection and never answers.
const hangingOwners, hangingPerOwner = 5, 10

// An endpoint that hangs slows only itself: with 50 endpoints of five
// owners that never answer, another owner's delivery comes within a
// second of its event, with the default timeout and concurrency: of the
// first event, which they all want too, and of the next, once their
// deliveries hang.
func TestHangingEndpointsDelayOnlyThemselves(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.DB) {
		ctx := context.Background()
		c := storetest.NewChainSim(t)

		var mu sync.Mutex
		hanging, most := 0, 0
		release := make(chan struct{})
		hang := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			// Read to the end, so the server sees the dispatcher give up.
			_, _ = io.Copy(io.Discard, r.Body)
			mu.Lock()
			hanging++
			most = max(most, hanging)
			mu.Unlock()
			select {
			case <-release:
			case <-r.Context().Done():
			}
			mu.Lock()
			hanging--
			mu.Unlock()
		}))
		t.Cleanup(hang.Close)
		t.Cleanup(func() { close(release) }) // before Close, which waits for the handlers
		for range hangingOwners {
			u := storetest.NewUser(t, s, nil)
			for i := range hangingPerOwner {
				storetest.Must(t, s.CreateWebhook(ctx, &predict.Webhook{UID: u.UID, Scope: predict.WebhookScopePlatform,
					URL: fmt.Sprintf("%s/%d", hang.URL, i), Secret: mustSecret(t)}))
			}
		}
		admin := storetest.NewUser(t, s, nil)
		good := newReceiver(t, 0, 0)
		good.secret = mustSecret(t)
		storetest.Must(t, s.CreateWebhook(ctx, &predict.Webhook{UID: admin.UID, Scope: predict.WebhookScopePlatform,
			URL: good.srv.URL, Secret: good.secret}))

		// The receivers run on 127.0.0.1; all else is the default.
		d := New(Config{Store: s, Guard: Guard{AllowPrivate: true}})
		runCtx, stop := context.WithCancel(ctx)
		done := make(chan error, 1)
		go func() { done <- d.Run(runCtx) }()
		defer func() {
			stop()
			if err := <-done; err != nil {
				t.Error(err)
			}
		}()

		// publish applies a batch whose events every endpoint wants, and
		// returns how long after the first of them the good endpoint got it.
		var seen uint64
		publish := func() time.Duration {
			t.Helper()
			c.Apply(s)
			outbox, err := s.WebhookEvents(ctx, seen, 1000)
			storetest.Must(t, err)
			if len(outbox) == 0 {
				t.Fatal("no event in the outbox")
			}
			first := outbox[0]
			seen = outbox[len(outbox)-1].ID
			for deadline := time.Now().Add(2 * time.Minute); ; {
				good.mu.Lock()
				i := slices.Index(good.delivered, MessageID(first.ID))
				var at time.Time
				if i >= 0 {
					at = good.arrived[i]
				}
				good.mu.Unlock()
				if i >= 0 {
					return at.Sub(first.Time)
				}
				if time.Now().After(deadline) {
					t.Fatalf("the good endpoint did not get event %d in 2 minutes", first.ID)
				}
				time.Sleep(5 * time.Millisecond)
			}
		}
		c.Create(big.NewInt(1000_000000), "")
		firstDelay := publish()

		// The hanging endpoints now hold what slots they get, for 10 s.
		for deadline := time.Now().Add(5 * time.Second); ; {
			mu.Lock()
			n := hanging
			mu.Unlock()
			if n > 0 {
				break
			}
			if time.Now().After(deadline) {
				t.Fatal("no delivery to the hanging endpoints")
			}
			time.Sleep(5 * time.Millisecond)
		}
		c.Next("")
		c.Buy(storetest.Address(), 0, big.NewInt(10_000000), "")
		nextDelay := publish()

		mu.Lock()
		now, atOnce := hanging, most
		mu.Unlock()
		t.Logf("the good endpoint got the first event %s after it, the next %s after it; %d deliveries hanging (at most %d at once)",
			firstDelay, nextDelay, now, atOnce)
		if firstDelay > time.Second || nextDelay > time.Second {
			t.Fatalf("delivered %s and %s after the events, want within 1s", firstDelay, nextDelay)
		}
		if atOnce > hangingOwners*DefaultPerOwner {
			t.Fatalf("%d deliveries to the hanging endpoints at once, want at most %d per owner", atOnce, DefaultPerOwner)
		}
	})
}

// An endpoint that fails for GiveUpAfter is disabled, and its owner is
// told; enabled again, it resumes where it stopped.
func TestDisableAfterFailingFor(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.DB) {
		ctx := context.Background()
		c := storetest.NewChainSim(t)
		alice := storetest.Address()
		ua := storetest.NewUser(t, s, func(p *predict.LoginParams) { p.Address = alice })
		r := newReceiver(t, 1<<30, 0)
		r.secret = mustSecret(t)
		hook := &predict.Webhook{UID: ua.UID, Scope: predict.WebhookScopeUser, URL: r.srv.URL, Secret: r.secret}
		storetest.Must(t, s.CreateWebhook(ctx, hook))
		c.Create(big.NewInt(1000_000000), "")
		c.Next("")
		c.Buy(alice, 0, big.NewInt(10_000000), "")
		c.Apply(s)

		d := fast(s, 50*time.Millisecond)
		runCtx, stop := context.WithCancel(ctx)
		done := make(chan error, 1)
		go func() { done <- d.Run(runCtx) }()
		var w *predict.Webhook
		for deadline := time.Now().Add(20 * time.Second); ; {
			var err error
			w, err = s.Webhook(ctx, hook.ID)
			storetest.Must(t, err)
			if !w.Enabled || time.Now().After(deadline) {
				break
			}
			time.Sleep(10 * time.Millisecond)
		}
		stop()
		<-done
		if w.Enabled || w.DisabledReason == "" || w.Cursor != hook.Cursor {
			t.Fatalf("endpoint: %+v", w)
		}
		notes, _, _, err := s.Notifications(ctx, predict.NotificationFilter{UID: ua.UID, Page: 1, PageSize: 50})
		storetest.Must(t, err)
		found := false
		for _, n := range notes {
			found = found || (n.Kind == predict.NotifyWebhookDisabled && n.Data["webhookId"] == hook.ID)
		}
		if !found {
			t.Fatalf("owner not notified: %+v", notes)
		}

		// Enabled again with a receiver that answers: it gets the events
		// it missed, from where it stopped.
		r.mu.Lock()
		r.fail500 = 0
		r.mu.Unlock()
		enabled := true
		_, err = s.UpdateWebhook(ctx, hook.ID, predict.WebhookUpdate{Enabled: &enabled})
		storetest.Must(t, err)
		runCtx, stop = context.WithCancel(ctx)
		go func() { done <- d.Run(runCtx) }()
		defer func() { stop(); <-done }()
		for deadline := time.Now().Add(20 * time.Second); ; {
			if got, _ := r.snapshot(); len(got) > 0 {
				break
			}
			if time.Now().After(deadline) {
				t.Fatal("nothing delivered after the endpoint was enabled again")
			}
			time.Sleep(10 * time.Millisecond)
		}
	})
}

// A revert that rebuilds a market writes its corrections to the outbox
// in the revert's transaction, as the platform's endpoints must hear of
// them.
func TestOutboxHoldsReorgCorrections(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.DB) {
		ctx := context.Background()
		c := storetest.NewChainSim(t)
		admin := storetest.NewUser(t, s, nil)
		storetest.Must(t, s.CreateWebhook(ctx, &predict.Webhook{UID: admin.UID, Scope: predict.WebhookScopePlatform,
			URL: "https://hooks.example.com/", Secret: mustSecret(t)}))
		c.Create(big.NewInt(1000_000000), "")
		c.Next("")
		c.Buy(storetest.Address(), 0, big.NewInt(10_000000), "")
		b1 := c.Batch()
		_, err := ledger.ApplyBatch(ctx, s, b1)
		storetest.Must(t, err)
		c.Next("fork")
		c.Buy(storetest.Address(), 1, big.NewInt(20_000000), "")
		c.Apply(s)
		before, err := s.WebhookEvents(ctx, 0, 1000)
		storetest.Must(t, err)
		if _, err := ledger.RevertTo(ctx, s, b1.To); err != nil {
			t.Fatal(err)
		}
		after, err := s.WebhookEvents(ctx, before[len(before)-1].ID, 1000)
		storetest.Must(t, err)
		names := map[string]int{}
		for _, e := range after {
			if e.Data["market_address"] == c.Market {
				names[e.Name]++
			}
		}
		if names["market:info_update"] != 1 || names["market:price_change"] != 2 {
			t.Fatalf("the outbox after the revert: %v", names)
		}
	})
}
