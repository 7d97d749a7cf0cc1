package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"math/big"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/predict-dev/predict/client"
	"github.com/predict-dev/predict/internal/auth"
	"github.com/predict-dev/predict/internal/store"
	"github.com/predict-dev/predict/internal/store/storetest"
	"github.com/predict-dev/predict/internal/webhook"
	"github.com/predict-dev/predict/wire"
)

// TestWebhookKill runs `predict serve` as a process, registers a webhook
// whose receiver fails its first deliveries and is slow to answer the
// rest, trades, and kills the service with SIGKILL while deliveries are
// in flight. After the restarts the receiver must have every event of the
// outbox, each id at least once and in order, every one signed with the
// endpoint's secret. On SQLite and, when PREDICT_TEST_POSTGRES_DSN is set,
// on PostgreSQL.
func TestWebhookKill(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary and runs the service: not in -short")
	}
	bin := buildPredict(t)
	t.Run("sqlite", func(t *testing.T) {
		t.Parallel()
		runWebhookKill(t, bin, "")
	})
	t.Run("postgres", func(t *testing.T) {
		t.Parallel()
		runWebhookKill(t, bin, storetest.PostgresDSN(t))
	})
}

// hookReceiver is the receiving end: it answers 503 to the first
// deliveries, and 200 to the others, but holds the deliveries counted in
// holdAt until the test has killed the service (held tells it one is in
// flight; release lets it answer): a kill that lands in the middle of a
// delivery, however the machine is loaded. It checks each signature.
type hookReceiver struct {
	t *testing.T

	mu       sync.Mutex
	secret   string
	refuse   int
	inFlight int
	holdAt   []int // 1-based counts of the accepted deliveries to hold
	held     chan struct{}
	release  chan struct{}
	accepted []uint64 // the event id (from webhook-id) of each delivery taken in (answered 200), in order
	raw      []rawDelivery
	rotated  string // the secret before a rotation, "" before any
}

// rawDelivery is a delivery as received, for another implementation to
// verify: its Standard Webhooks headers, its body, the endpoint's secret
// when it came and, after a rotation, the secret before it.
type rawDelivery struct {
	headers          map[string]string
	body             string
	secret, previous string
}

func (h *hookReceiver) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(r.Body)
	if err != nil {
		return
	}
	h.mu.Lock()
	raw := rawDelivery{headers: map[string]string{}, body: string(body), secret: h.secret, previous: h.rotated}
	for _, k := range []string{webhook.HeaderID, webhook.HeaderTimestamp, webhook.HeaderSignature} {
		raw.headers[k] = r.Header.Get(k)
	}
	h.raw = append(h.raw, raw)
	if err := client.VerifyWebhook(h.secret, r.Header, body); err != nil {
		h.t.Errorf("delivery %s: %v", r.Header.Get(webhook.HeaderID), err)
	}
	var p client.WebhookPayload
	if err := json.Unmarshal(body, &p); err != nil || !strings.HasPrefix(p.Type, "user:") {
		h.t.Errorf("payload %s: %v", body, err)
	}
	if h.refuse > 0 {
		h.refuse--
		h.mu.Unlock()
		http.Error(w, "busy", http.StatusServiceUnavailable)
		return
	}
	// The receiver takes the delivery in (it counts from now on), then
	// answers: a kill in between loses the answer, not the delivery.
	id, err := strconv.ParseUint(strings.TrimPrefix(r.Header.Get(webhook.HeaderID), "msg_"), 10, 64)
	if err != nil {
		h.t.Errorf("webhook-id %q", r.Header.Get(webhook.HeaderID))
	}
	h.accepted = append(h.accepted, id)
	hold := slices.Contains(h.holdAt, len(h.accepted))
	h.inFlight++
	h.mu.Unlock()
	if hold {
		h.held <- struct{}{}
		<-h.release
	} else {
		time.Sleep(50 * time.Millisecond)
	}
	h.mu.Lock()
	h.inFlight--
	h.mu.Unlock()
}

func (h *hookReceiver) busy() bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.inFlight > 0
}

func runWebhookKill(t *testing.T, bin, dsn string) {
	began := time.Now()
	dataDir := t.TempDir()
	var env []string
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "PREDICT_") {
			env = append(env, kv)
		}
	}
	// The receiver listens on 127.0.0.1, which the default guard refuses;
	// the retry waits are shortened so that the test takes seconds. The
	// rate limits stay at their defaults.
	env = append(env, "PREDICT_DATA_DIR="+dataDir, "PREDICT_HTTP_ADDR="+freeAddr(t), "PREDICT_DEV_RPC_ADDR="+freeAddr(t),
		"PREDICT_DEV_BLOCK_INTERVAL=300ms", "PREDICT_ADMIN_SUBJECTS=did:dev:root",
		"PREDICT_WEBHOOK_ALLOW_PRIVATE=true", "PREDICT_WEBHOOK_RETRY=100ms,300ms")
	if dsn != "" {
		env = append(env, "PREDICT_DATABASE_URL="+dsn, "PREDICT_EVENT_CHANNEL=hooks_"+time.Now().Format("150405.000000"))
	}
	svc := &chaosService{t: t, bin: bin, env: env}
	svc.start()
	ctx := context.Background()
	dev, err := auth.OpenDevProvider(dataDir, auth.DevIssuer, auth.DevAudience)
	if err != nil {
		t.Fatal(err)
	}
	cfg, err := newChaosClient(t, svc.api, "").GetConfig(ctx)
	if err != nil {
		t.Fatal(err)
	}
	root, _, _ := svc.trader(dev, cfg, "root", 1_000_000_000)
	alice, _, _ := svc.trader(dev, cfg, "alice", 100_000_000)

	recv := &hookReceiver{t: t, refuse: 3, holdAt: []int{2, 6}, held: make(chan struct{}, 1), release: make(chan struct{})}
	srv := httptest.NewServer(recv)
	defer srv.Close()
	hook, err := alice.Client().CreateWebhook(ctx, client.CreateWebhookRequest{URL: srv.URL + "/predict"})
	if err != nil {
		t.Fatal(err)
	}
	recv.mu.Lock()
	recv.secret = hook.Secret
	recv.mu.Unlock()
	// A second endpoint, disabled at once, holds the outbox: the outbox
	// keeps what a disabled endpoint has not had (for 72 hours), so every
	// event of alice's stays there to compare with what the receiver got.
	witness, err := alice.Client().CreateWebhook(ctx, client.CreateWebhookRequest{URL: "http://127.0.0.1:9/none"})
	if err != nil {
		t.Fatal(err)
	}
	off := false
	if _, err := alice.Client().UpdateWebhook(ctx, client.UpdateWebhookRequest{ID: witness.ID, Enabled: &off}); err != nil {
		t.Fatal(err)
	}

	created, err := root.CreateMarket(ctx, client.CreateMarketRequest{Title: "Do webhooks survive SIGKILL?", Description: "d", Rules: "r",
		Options: []client.OptionTitle{{Title: "Yes"}, {Title: "No"}}, CategoryID: "test", EndTime: wire.NewTime(time.Now().Add(30 * 24 * time.Hour)),
		BaseTokenAddress: cfg.BaseTokens[0].Address, InitialLiquidity: wire.NewAmount(big.NewInt(500_000_000))})
	if err != nil {
		t.Fatal(err)
	}
	if st, err := root.Wait(ctx, created.OpHash, nil); err != nil || st.Status != client.OpConfirmed {
		t.Fatalf("create market: %v %+v", err, st)
	}

	// Alice buys, one operation at a time; when the receiver holds a
	// delivery, the service is killed with it in flight, and started again.
	const buys, kills = 5, 2
	killed := 0
	killHeld := func(wait time.Duration) {
		select {
		case <-recv.held:
			svc.kill()
			killed++
			svc.start()
			recv.release <- struct{}{}
		case <-time.After(wait):
		}
	}
	for i := range buys {
		op, err := alice.Buy(ctx, client.PlaceOrderRequest{MarketAddress: created.MarketAddress, OptionAddress: created.Options[i%2].OptionAddress,
			Amount: wire.NewAmount(big.NewInt(2_000_000)), MinReceiveAmount: wire.NewAmount(big.NewInt(1)),
			Deadline: wire.NewUnix(time.Now().Add(24 * time.Hour))})
		if err != nil {
			t.Fatalf("buy %d: %v", i, err)
		}
		if st, err := alice.Wait(ctx, op.OpHash, nil); err != nil || st.Status != client.OpConfirmed {
			t.Fatalf("buy %d: %v %+v", i, err, st)
		}
		if killed < kills {
			killHeld(5 * time.Second) // else the next buy's events reach the count
		}
	}
	for killed < kills {
		n := killed
		killHeld(30 * time.Second)
		if killed == n {
			t.Fatalf("%d kills: the receiver held no delivery (accepted %d)", killed, len(recv.snapshot()))
		}
	}

	// drained waits until every delivery is done: the endpoint has
	// nothing left to try and the receiver holds its last event, for a
	// second on end (the indexer may still be applying the last block).
	drained := func() {
		t.Helper()
		var (
			last   *client.Webhook
			settle time.Time
		)
	wait:
		for deadline := time.Now().Add(60 * time.Second); ; {
			page, err := alice.Client().Webhooks(ctx, 1, 10)
			if err != nil {
				t.Fatal(err)
			}
			for i := range page.Webhooks {
				if page.Webhooks[i].ID == hook.ID {
					last = &page.Webhooks[i]
				}
			}
			got := recv.snapshot()
			switch done := last != nil && last.Attempt == 0 && !recv.busy() && len(got) > 0 && got[len(got)-1] == last.LastEventID; {
			case !done:
				settle = time.Time{}
			case settle.IsZero():
				settle = time.Now()
			case time.Since(settle) > time.Second:
				break wait
			}
			if time.Now().After(deadline) {
				t.Fatalf("deliveries did not finish: %+v", last)
			}
			time.Sleep(250 * time.Millisecond)
		}
	}
	drained()

	// A new secret: the deliveries after it carry two signatures, and
	// receivers holding either secret accept them.
	rot, err := alice.Client().RotateWebhookSecret(ctx, hook.ID)
	if err != nil {
		t.Fatal(err)
	}
	recv.mu.Lock()
	recv.rotated, recv.secret = hook.Secret, rot.Secret
	recv.mu.Unlock()
	op, err := alice.Buy(ctx, client.PlaceOrderRequest{MarketAddress: created.MarketAddress, OptionAddress: created.Options[0].OptionAddress,
		Amount: wire.NewAmount(big.NewInt(1_000_000)), MinReceiveAmount: wire.NewAmount(big.NewInt(1)),
		Deadline: wire.NewUnix(time.Now().Add(24 * time.Hour))})
	if err != nil {
		t.Fatal(err)
	}
	if st, err := alice.Wait(ctx, op.OpHash, nil); err != nil || st.Status != client.OpConfirmed {
		t.Fatalf("buy after the rotation: %v %+v", err, st)
	}

	drained()
	svc.proc.cmd.Process.Signal(syscall.SIGTERM)
	svc.proc.cmd.Wait()

	// What the outbox holds for alice's endpoint.
	storeDSN := dsn
	if storeDSN == "" {
		storeDSN = filepath.Join(dataDir, "predict.db")
	}
	st, err := store.Open(ctx, storeDSN, slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	endpoint, err := st.Webhook(ctx, hook.ID)
	if err != nil {
		t.Fatal(err)
	}
	outbox, err := st.WebhookEvents(ctx, 0, 10_000)
	if err != nil {
		t.Fatal(err)
	}
	// From the witness's creation on, the outbox is whole.
	from := witness.LastEventID
	var want []uint64
	names := map[string]int{}
	for _, e := range outbox {
		if e.ID > from && endpoint.Wants(e) {
			want = append(want, e.ID)
			names[e.Name]++
		}
	}
	if names[wire.EventOperationStatus] < buys || names[wire.EventPositionChanged] < buys {
		t.Fatalf("the outbox holds %v for alice: fewer than one operation status and one position change per buy", names)
	}
	got := slices.DeleteFunc(recv.snapshot(), func(id uint64) bool { return id <= from })
	// At least once: a delivery answered just before a kill, whose record
	// the kill cut, comes again right after the restart.
	unique := slices.Compact(slices.Clone(got))
	if !slices.Equal(unique, want) {
		t.Fatalf("the receiver got %d deliveries (%d distinct) %v\nthe outbox holds %d: %v", len(got), len(unique), got, len(want), want)
	}
	verifyWithStandardLibrary(t, recv)
	t.Logf("%s: %d kills, %d events delivered (%d repeats) in %s", t.Name(), killed, len(want), len(got)-len(unique),
		time.Since(began).Round(100*time.Millisecond))
}

// verifyWithStandardLibrary checks the deliveries with the Standard
// Webhooks reference library (npm standardwebhooks, test/aa-sdk): every
// one verifies with the endpoint's secret, those after the rotation with
// the previous secret too; a changed body or another secret does not.
func verifyWithStandardLibrary(t *testing.T, recv *hookReceiver) {
	if _, err := os.Stat(filepath.Join(sdkDir, "node_modules", "standardwebhooks")); err != nil {
		if os.Getenv("PREDICT_TEST_NODE") == "" {
			t.Log("test/aa-sdk/node_modules is absent: the deliveries are not checked by the reference library (run npm ci there)")
			return
		}
		t.Fatalf("PREDICT_TEST_NODE is set but test/aa-sdk is not installed: run npm ci there (%v)", err)
	}
	node, err := exec.LookPath("node")
	if err != nil {
		t.Fatalf("node: %v", err)
	}
	type check struct {
		Secret  string            `json:"secret"`
		Headers map[string]string `json:"headers"`
		Body    string            `json:"body"`
		valid   bool
	}
	recv.mu.Lock()
	raws := slices.Clone(recv.raw)
	recv.mu.Unlock()
	other, err := webhook.NewSecret()
	if err != nil {
		t.Fatal(err)
	}
	var checks []check
	rotatedSeen := 0
	for _, d := range raws {
		checks = append(checks, check{d.secret, d.headers, d.body, true})
		if d.previous != "" {
			rotatedSeen++
			checks = append(checks, check{d.previous, d.headers, d.body, true})
		}
	}
	if len(raws) == 0 || rotatedSeen == 0 {
		t.Fatalf("%d deliveries, %d after the rotation", len(raws), rotatedSeen)
	}
	last := raws[len(raws)-1]
	checks = append(checks, check{last.secret, last.headers, strings.Replace(last.body, "user:", "user:x", 1), false},
		check{other, last.headers, last.body, false})
	input, err := json.Marshal(checks)
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(node, "verify-webhook.mjs")
	cmd.Dir, cmd.Stdin, cmd.Stderr = sdkDir, bytes.NewReader(input), os.Stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("node verify-webhook.mjs: %v", err)
	}
	var results []*string
	if err := json.Unmarshal(out, &results); err != nil || len(results) != len(checks) {
		t.Fatalf("verify-webhook.mjs answered %s (%v)", out, err)
	}
	for i, c := range checks {
		if ok := results[i] == nil; ok != c.valid {
			t.Errorf("delivery %s: the reference library says %v, want valid %t", c.Headers[webhook.HeaderID], results[i], c.valid)
		}
	}
	t.Logf("the reference library verified %d deliveries (%d after the rotation, with both secrets) and refused the 2 forged", len(raws), rotatedSeen)
}

// snapshot is the ids of the deliveries accepted so far, in order.
func (h *hookReceiver) snapshot() []uint64 {
	h.mu.Lock()
	defer h.mu.Unlock()
	return slices.Clone(h.accepted)
}
