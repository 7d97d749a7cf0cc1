package webhook

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/url"
	"strconv"
	"sync"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/predict-dev/predict"
)

// DefaultSchedule is the wait before each retry of a failed delivery (the
// Standard Webhooks schedule): the sixth retry comes about 17.5 hours
// after the first failure, the seventh past a day, when the endpoint is
// disabled if it fails again.
var DefaultSchedule = []time.Duration{5 * time.Second, 5 * time.Minute, 30 * time.Minute, 2 * time.Hour,
	5 * time.Hour, 10 * time.Hour, 10 * time.Hour}

// Defaults of Config.
const (
	DefaultGiveUpAfter = 24 * time.Hour
	DefaultTimeout     = 10 * time.Second
	// DefaultPerOwner deliveries of one owner run at once: endpoints that
	// hang hold up only their owner's others, never another owner's.
	DefaultPerOwner = 2
	// DefaultWorkers bounds the deliveries in flight: the goroutines and
	// connections of the dispatcher. It takes DefaultWorkers/DefaultPerOwner
	// owners whose endpoints all hang (128, each a signed-in user with
	// at most the API's 10 endpoints) to fill it; an idle delivery costs a
	// goroutine and a connection.
	DefaultWorkers = 256
	DefaultPoll    = 500 * time.Millisecond
	// DefaultRetention is how long the outbox keeps an event an endpoint
	// has not taken (a disabled one that is enabled again within it gets
	// what it missed), and how long attempts stay in the log.
	DefaultRetention = 72 * time.Hour
	// batch is how many outbox events a delivery run reads at a time.
	batch = 100
	// maxResponse is how much of a receiver's answer is read.
	maxResponse = 4 << 10
)

// Config configures a Dispatcher; zero fields take the defaults.
type Config struct {
	Store  predict.WebhookStore
	Guard  Guard
	Logger *slog.Logger
	// Schedule is the wait before each retry; the last repeats.
	Schedule []time.Duration
	// GiveUpAfter is how long an endpoint may fail before it is disabled.
	GiveUpAfter time.Duration
	// Timeout bounds one delivery: connecting, sending and the answer.
	Timeout time.Duration
	// Workers is how many endpoints are delivered to at once, over all
	// owners.
	Workers int
	// PerOwner is how many endpoints of one owner are delivered to at
	// once.
	PerOwner int
	// Poll is how often the outbox is looked at.
	Poll      time.Duration
	Retention time.Duration
	Metrics   *Metrics
}

// Metrics count deliveries.
type Metrics struct {
	Attempts *prometheus.CounterVec // by result: delivered, failed
	Disabled prometheus.Counter
}

// NewMetrics makes the dispatcher's metrics.
func NewMetrics() *Metrics {
	return &Metrics{
		Attempts: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "predict_webhook_attempts_total",
			Help: "Webhook delivery attempts, by result (delivered, failed)."}, []string{"result"}),
		Disabled: prometheus.NewCounter(prometheus.CounterOpts{Name: "predict_webhook_endpoints_disabled_total",
			Help: "Webhook endpoints disabled after failing for a day."}),
	}
}

// Collectors are the metrics to register.
func (m *Metrics) Collectors() []prometheus.Collector {
	return []prometheus.Collector{m.Attempts, m.Disabled}
}

// Dispatcher delivers the outbox to the endpoints. It runs on the leader
// replica beside the indexer, but never holds it up: it only reads the
// outbox and writes its own rows.
type Dispatcher struct {
	cfg    Config
	client *http.Client
	log    *slog.Logger
	now    func() time.Time

	mu       sync.Mutex
	inFlight map[string]bool // endpoints being delivered to
	owners   map[string]int  // their number by owner
	waiting  bool            // a due endpoint was passed over for a bound
	// freed wakes Run when a delivery ends while waiting.
	freed chan struct{}
}

// New makes a Dispatcher.
func New(cfg Config) *Dispatcher {
	if len(cfg.Schedule) == 0 {
		cfg.Schedule = DefaultSchedule
	}
	cfg.GiveUpAfter = cmp.Or(cfg.GiveUpAfter, DefaultGiveUpAfter)
	cfg.Timeout = cmp.Or(cfg.Timeout, DefaultTimeout)
	cfg.Workers = cmp.Or(cfg.Workers, DefaultWorkers)
	cfg.PerOwner = cmp.Or(cfg.PerOwner, DefaultPerOwner)
	cfg.Poll = cmp.Or(cfg.Poll, DefaultPoll)
	cfg.Retention = cmp.Or(cfg.Retention, DefaultRetention)
	if cfg.Metrics == nil {
		cfg.Metrics = NewMetrics()
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.DiscardHandler)
	}
	transport := &http.Transport{
		DialContext:           cfg.Guard.DialContext(cfg.Timeout),
		TLSHandshakeTimeout:   cfg.Timeout,
		ResponseHeaderTimeout: cfg.Timeout,
		MaxIdleConnsPerHost:   2,
		IdleConnTimeout:       time.Minute,
		// A proxy from the environment would dial in the guard's place.
		Proxy: nil,
	}
	client := &http.Client{Transport: transport, Timeout: cfg.Timeout,
		// A redirect is a failure: following it would leave the URL the
		// guard checked.
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	return &Dispatcher{cfg: cfg, client: client, log: cfg.Logger, now: time.Now, inFlight: map[string]bool{},
		owners: map[string]int{}, freed: make(chan struct{}, 1)}
}

// Run delivers until ctx ends: every Poll, and when a delivery ends while
// a due endpoint waits for its slot, it starts a delivery run for each
// endpoint that is due and not already being delivered to, at most
// PerOwner of one owner and Workers in all; every hour it prunes the
// outbox and the attempts.
//
// An endpoint that never answers holds its slot for Timeout at each
// attempt; as the slots are its owner's, and the list of due endpoints
// takes owners in turn, another owner's delivery starts at the next poll
// all the same.
func (d *Dispatcher) Run(ctx context.Context) error {
	d.log.Info("webhooks: delivering", "workers", d.cfg.Workers, "perOwner", d.cfg.PerOwner, "giveUpAfter", d.cfg.GiveUpAfter)
	var wg sync.WaitGroup
	defer wg.Wait()
	tick := time.NewTicker(d.cfg.Poll)
	defer tick.Stop()
	// The endpoints in flight are still due and listed again. The list
	// holds at most PerOwner endpoints of an owner, and at most Workers
	// owners have deliveries in flight, so past theirs a list this long
	// has room for Workers idle owners: one for each slot that can be free.
	limit := d.cfg.Workers * (d.cfg.PerOwner + 1)
	var pruned time.Time
	for {
		if d.now().Sub(pruned) >= time.Hour {
			pruned = d.now()
			if err := d.cfg.Store.PruneWebhooks(ctx, pruned.Add(-d.cfg.Retention)); err != nil && ctx.Err() == nil {
				d.log.Warn("webhooks: prune", "err", err)
			}
		}
		due, err := d.cfg.Store.DueWebhooks(ctx, d.now(), d.cfg.PerOwner, limit)
		if err != nil && ctx.Err() == nil {
			d.log.Warn("webhooks: list due endpoints", "err", err)
		}
		for _, w := range due {
			if !d.claim(w) {
				continue
			}
			wg.Add(1)
			go func() {
				defer wg.Done()
				defer d.release(w)
				d.deliverFresh(ctx, w.ID)
			}()
		}
		select {
		case <-ctx.Done():
			return nil
		case <-tick.C:
		case <-d.freed:
		}
	}
}

// claim takes a slot for a delivery run to w, unless one is in flight or
// w's owner or the dispatcher has none free. It never waits for one: a
// wait would hold up the endpoints after w, of other owners.
func (d *Dispatcher) claim(w *predict.Webhook) bool {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.inFlight[w.ID] {
		return false
	}
	if len(d.inFlight) >= d.cfg.Workers || d.owners[w.UID] >= d.cfg.PerOwner {
		d.waiting = true
		return false
	}
	d.inFlight[w.ID] = true
	d.owners[w.UID]++
	return true
}

// release frees w's slot and, when a due endpoint was passed over for
// want of one, wakes Run to list the due endpoints again rather than
// leave it a Poll: at most one listing per delivery run.
func (d *Dispatcher) release(w *predict.Webhook) {
	d.mu.Lock()
	defer d.mu.Unlock()
	delete(d.inFlight, w.ID)
	if d.owners[w.UID]--; d.owners[w.UID] <= 0 {
		delete(d.owners, w.UID)
	}
	if d.waiting {
		d.waiting = false
		select {
		case d.freed <- struct{}{}:
		default:
		}
	}
}

// deliverFresh reads the endpoint again once it is claimed: the list of
// due endpoints may have been read while an earlier run was recording its
// last delivery, and a run from that stale cursor would send it again.
func (d *Dispatcher) deliverFresh(ctx context.Context, id string) {
	w, err := d.cfg.Store.Webhook(ctx, id)
	if err != nil {
		if ctx.Err() == nil && predict.ErrorCode(err) != predict.ENOTFOUND {
			d.log.Warn("webhooks: read endpoint", "endpoint", id, "err", err)
		}
		return
	}
	if w.Enabled && !w.NextAttempt.After(d.now()) {
		d.Deliver(ctx, w)
	}
}

// Deliver runs one delivery run for an endpoint: the events after its
// cursor, in order, until one fails (then its retry is scheduled) or a
// batch is done. Events it does not want are passed over.
func (d *Dispatcher) Deliver(ctx context.Context, w *predict.Webhook) {
	evs, err := d.cfg.Store.WebhookEvents(ctx, w.Cursor, batch)
	if err != nil {
		if ctx.Err() == nil {
			d.log.Warn("webhooks: read outbox", "endpoint", w.ID, "err", err)
		}
		return
	}
	cursor, passed := w.Cursor, w.Cursor
	for _, e := range evs {
		if !w.Wants(e) {
			passed = e.ID
			continue
		}
		if ctx.Err() != nil {
			break
		}
		a := d.attempt(ctx, w, e)
		a.Attempt = w.Attempt + 1
		// A run cut by the stop leaves the event to the next leader
		// rather than count an attempt that may not have been one.
		if ctx.Err() != nil && !a.Succeeded() {
			break
		}
		var o predict.WebhookOutcome
		if a.Succeeded() {
			d.cfg.Metrics.Attempts.WithLabelValues("delivered").Inc()
			o = predict.WebhookOutcome{Cursor: e.ID}
		} else {
			d.cfg.Metrics.Attempts.WithLabelValues("failed").Inc()
			o = d.failed(w, passed, a)
		}
		ok, err := d.cfg.Store.RecordWebhook(context.WithoutCancel(ctx), w.ID, cursor, a, o)
		if err != nil || !ok {
			if err != nil {
				d.log.Warn("webhooks: record attempt", "endpoint", w.ID, "event", e.ID, "err", err)
			}
			return
		}
		if !a.Succeeded() {
			return
		}
		cursor, passed, w.Attempt, w.FailingSince = e.ID, e.ID, 0, time.Time{}
	}
	if passed != cursor {
		if _, err := d.cfg.Store.RecordWebhook(context.WithoutCancel(ctx), w.ID, cursor, nil,
			predict.WebhookOutcome{Cursor: passed}); err != nil {
			d.log.Warn("webhooks: pass over events", "endpoint", w.ID, "err", err)
		}
	}
}

// failed decides what follows a failed attempt: a retry after the
// schedule's wait, or, once the endpoint has failed for GiveUpAfter,
// its disabling.
func (d *Dispatcher) failed(w *predict.Webhook, cursor uint64, a *predict.WebhookAttempt) predict.WebhookOutcome {
	now := d.now()
	since := w.FailingSince
	if since.IsZero() {
		since = now
	}
	o := predict.WebhookOutcome{Cursor: cursor, Attempt: a.Attempt}
	if now.Sub(since) >= d.cfg.GiveUpAfter {
		o.Disable = fmt.Sprintf("%d attempts at event %d failed over %s; the last: %s", a.Attempt, a.EventID,
			now.Sub(since).Round(time.Minute), a.Error)
		d.cfg.Metrics.Disabled.Inc()
		d.log.Warn("webhooks: endpoint disabled", "endpoint", w.ID, "owner", w.UID, "reason", o.Disable)
		return o
	}
	i := min(a.Attempt-1, len(d.cfg.Schedule)-1)
	o.NextAttempt = now.Add(d.cfg.Schedule[i])
	d.log.Info("webhooks: delivery failed; will retry", "endpoint", w.ID, "event", a.EventID, "attempt", a.Attempt,
		"retryIn", d.cfg.Schedule[i], "err", a.Error)
	return o
}

// Payload is the body of a delivery (the Standard Webhooks shape): the
// event's name, when it was recorded, and its payload as the event stream
// carries it (docs/events.md).
type Payload struct {
	Type      string            `json:"type"`
	Timestamp time.Time         `json:"timestamp"`
	Data      map[string]string `json:"data"`
}

// MessageID is the webhook-id of an event's deliveries: the same for
// every attempt, so a receiver can drop a repeat.
func MessageID(eventID uint64) string { return "msg_" + strconv.FormatUint(eventID, 10) }

// attempt sends one event once.
func (d *Dispatcher) attempt(ctx context.Context, w *predict.Webhook, e predict.WebhookEvent) *predict.WebhookAttempt {
	a := &predict.WebhookAttempt{EndpointID: w.ID, EventID: e.ID, EventName: e.Name}
	start := d.now()
	defer func() { a.Duration = d.now().Sub(start) }()
	data := e.Data
	if data == nil {
		data = map[string]string{}
	}
	body, err := json.Marshal(Payload{Type: e.Name, Timestamp: e.Time.UTC(), Data: data})
	if err != nil {
		a.Error = err.Error()
		return a
	}
	secrets := []string{w.Secret}
	if w.PreviousSecret != "" && start.Before(w.PreviousUntil) {
		secrets = append(secrets, w.PreviousSecret)
	}
	id := MessageID(e.ID)
	sig, err := Sign(secrets, id, start, body)
	if err != nil {
		a.Error = err.Error()
		return a
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, w.URL, bytes.NewReader(body))
	if err != nil {
		a.Error = err.Error()
		return a
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("User-Agent", "predict-webhooks/1")
	req.Header.Set(HeaderID, id)
	req.Header.Set(HeaderTimestamp, strconv.FormatInt(start.Unix(), 10))
	req.Header.Set(HeaderSignature, sig)
	resp, err := d.client.Do(req)
	if err != nil {
		a.Error = transportError(err)
		return a
	}
	defer resp.Body.Close()
	_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, maxResponse))
	a.Status = resp.StatusCode
	if !a.Succeeded() {
		a.Error = "HTTP " + strconv.Itoa(resp.StatusCode)
	}
	return a
}

// transportError is a failed request's error as the attempt log shows it:
// without the URL, which the owner knows and which may carry a token.
func transportError(err error) string {
	var ue *url.Error
	if errors.As(err, &ue) {
		return ue.Err.Error()
	}
	return err.Error()
}
