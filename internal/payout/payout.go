// Package payout pays the holders and LPs of every ended market what
// their tokens and pool shares are worth, without their asking: winnings
// arrive as the market ends, as they would from a bookmaker.
//
// It runs on the leader replica beside the indexer. For each market the
// indexer has seen end, it lists the accounts the market still owes
// (holders of the winning option, of every option when the market ended
// void, and LPs with shares left), in address order, and sends them in
// batches as Market.payOut transactions of the operator key, waiting for
// each. The market pays each account to itself, never to the operator,
// and skips whoever it owes nothing any more, so a batch sent twice pays
// nobody twice. After each mined batch the worker records the last
// account paid (the store's payouts table), so after a kill or a
// takeover it goes on after it instead of sending paid batches again; a
// market is done when a pass finds nobody left. The users learn of their
// payment from the indexer, which reads the market's Claimed, VoidClaimed
// and LiquidityRedeemed events and notifies them (kind payout).
package payout

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/ethclient"
	"github.com/prometheus/client_golang/prometheus"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/event"
	"github.com/predict-dev/predict/internal/events"
)

// Store is what the worker reads of the indexed state and where it keeps
// its progress.
type Store interface {
	PayoutMarkets(ctx context.Context, endedBefore time.Time, limit int) ([]string, error)
	PayoutProgress(ctx context.Context, market string) (*predict.PayoutProgress, error)
	PayoutRecipients(ctx context.Context, market, holderCursor, lpCursor string, limit int) (holders, lps []string, err error)
	SavePayoutProgress(ctx context.Context, p *predict.PayoutProgress) error
}

// Payer sends one batch and waits for it to be mined (chain.Operator).
type Payer interface {
	PayOut(ctx context.Context, market common.Address, holders, lps []common.Address) (string, error)
}

// Defaults of Config.
const (
	DefaultSweep = 10 * time.Second
	// DefaultBatch accounts a transaction: a claim costs about 45k gas in
	// a batch and a redemption about 75k (docs/contracts.md), so 100
	// stay well under a block's gas.
	DefaultBatch   = 100
	DefaultMarkets = 50
	// DefaultDelay is how long after its end the service waits before
	// paying a market's holders (predict serve): a holder who claims in
	// the first minutes does so without racing a batch, whose claim of
	// the same tokens would make the holder's own operation revert.
	DefaultDelay = 5 * time.Minute
)

// Config configures a Worker.
type Config struct {
	Store Store
	Payer Payer
	// Bus wakes the worker when a market's information changes (its end
	// among them); nil leaves it to the sweep.
	Bus events.Bus
	// Sweep is how often ended markets are looked for without an event;
	// DefaultSweep when zero.
	Sweep time.Duration
	// Delay is how long after a market's end (its settlement block's
	// time) its payout waits; 0 pays at once. See DefaultDelay.
	Delay time.Duration
	// Batch bounds the accounts of one transaction (DefaultBatch), and
	// Markets the markets looked at in a round (DefaultMarkets).
	Batch, Markets int
	// Skip are accounts never paid on their behalf: the limit-order
	// escrow holds tokens for its orders' owners (the markets refuse it
	// too, as a custodian).
	Skip    []common.Address
	Metrics *Metrics
	Logger  *slog.Logger
}

// Metrics are the worker's Prometheus metrics.
type Metrics struct {
	Accounts prometheus.Counter
	Batches  prometheus.Counter
	Failures prometheus.Counter
	Markets  prometheus.Counter
}

// NewMetrics returns the worker's metrics, unregistered.
func NewMetrics() *Metrics {
	return &Metrics{
		Accounts: prometheus.NewCounter(prometheus.CounterOpts{Name: "predict_payout_accounts_total",
			Help: "Holders and LPs in the payout batches mined (an account the market owed nothing any more is counted, not paid)."}),
		Batches: prometheus.NewCounter(prometheus.CounterOpts{Name: "predict_payout_batches_total",
			Help: "Payout transactions mined."}),
		Failures: prometheus.NewCounter(prometheus.CounterOpts{Name: "predict_payout_failures_total",
			Help: "Payout transactions refused or not mined; a refused batch is sent again one account at a time."}),
		Markets: prometheus.NewCounter(prometheus.CounterOpts{Name: "predict_payout_markets_total",
			Help: "Ended markets whose every holder and LP was paid."}),
	}
}

// Collectors are the metrics to register.
func (m *Metrics) Collectors() []prometheus.Collector {
	return []prometheus.Collector{m.Accounts, m.Batches, m.Failures, m.Markets}
}

// Worker pays out ended markets. Run it on the leader only: two workers
// would pay nobody twice (the markets decide) but would spend gas on
// each other's batches.
type Worker struct {
	cfg  Config
	log  *slog.Logger
	skip map[string]bool
	wake chan struct{}
}

// New returns a Worker.
func New(cfg Config) *Worker {
	cfg.Sweep = cmp.Or(cfg.Sweep, DefaultSweep)
	cfg.Batch = cmp.Or(cfg.Batch, DefaultBatch)
	cfg.Markets = cmp.Or(cfg.Markets, DefaultMarkets)
	if cfg.Metrics == nil {
		cfg.Metrics = NewMetrics()
	}
	log := cfg.Logger
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	skip := map[string]bool{}
	for _, a := range cfg.Skip {
		skip[strings.ToLower(a.Hex())] = true
	}
	return &Worker{cfg: cfg, log: log, skip: skip, wake: make(chan struct{}, 1)}
}

// Run pays out until ctx ends: at once, whenever a market's information
// changes, and every Sweep.
func (w *Worker) Run(ctx context.Context) error {
	if w.cfg.Bus != nil {
		detach := w.cfg.Bus.Attach(receiver{w})
		defer detach()
	}
	w.log.Info("payout worker running", "sweep", w.cfg.Sweep, "batch", w.cfg.Batch)
	sweep := time.NewTicker(w.cfg.Sweep)
	defer sweep.Stop()
	for {
		if err := w.Round(ctx); err != nil && ctx.Err() == nil {
			w.log.Warn("payout round failed; the next sweep retries", "err", err)
		}
		select {
		case <-ctx.Done():
			return nil
		case <-sweep.C:
		case <-w.wake:
		}
	}
}

// Round pays out every ended market not done yet (up to Markets of them).
func (w *Worker) Round(ctx context.Context) error {
	before := time.Now().Add(-w.cfg.Delay)
	if w.cfg.Delay == 0 {
		// At once: also a market whose block is stamped ahead of the
		// wall clock (a dev chain that seals faster than a block a
		// second runs ahead of it).
		before = time.Now().Add(365 * 24 * time.Hour)
	}
	markets, err := w.cfg.Store.PayoutMarkets(ctx, before, w.cfg.Markets)
	if err != nil {
		return err
	}
	var errs []error
	for _, m := range markets {
		if ctx.Err() != nil {
			return nil
		}
		if err := w.payMarket(ctx, m); err != nil {
			errs = append(errs, fmt.Errorf("market %s: %w", m, err))
		}
	}
	return errors.Join(errs...)
}

// payMarket sends the batches of market from where the last one mined
// left off, until nobody is left.
func (w *Worker) payMarket(ctx context.Context, market string) error {
	p, err := w.cfg.Store.PayoutProgress(ctx, market)
	if err != nil {
		return err
	}
	for ctx.Err() == nil {
		holders, lps, err := w.cfg.Store.PayoutRecipients(ctx, market, p.HolderCursor, p.LPCursor, w.cfg.Batch)
		if err != nil {
			return err
		}
		if len(holders)+len(lps) == 0 {
			p.Done = true
			if err := w.cfg.Store.SavePayoutProgress(ctx, p); err != nil {
				return err
			}
			w.cfg.Metrics.Markets.Inc()
			w.log.Info("market paid out", "market", market, "batches", p.Batches, "accounts", p.Paid)
			return nil
		}
		if err := w.send(ctx, market, holders, lps); err != nil {
			return err
		}
		if len(holders) > 0 {
			p.HolderCursor = holders[len(holders)-1]
		}
		if len(lps) > 0 {
			p.LPCursor = lps[len(lps)-1]
		}
		p.Batches++
		p.Paid += len(holders) + len(lps)
		if err := w.cfg.Store.SavePayoutProgress(ctx, p); err != nil {
			return err
		}
	}
	return nil
}

// send pays one batch. A batch the chain refuses (an account the market
// will not pay on its behalf, a transaction that fails) is sent again one
// account at a time, and an account refused alone is left to claim
// itself, so that one account never stops the others, and no refusal
// makes the worker send the same batch forever. Any other failure (the
// node unreachable, a transaction not mined in time) leaves the batch to
// the next round.
func (w *Worker) send(ctx context.Context, market string, holders, lps []string) error {
	h, l := w.addresses(holders), w.addresses(lps)
	if len(h)+len(l) == 0 {
		return nil
	}
	mk := common.HexToAddress(market)
	tx, err := w.cfg.Payer.PayOut(ctx, mk, h, l)
	if err == nil {
		w.mined(market, tx, len(h)+len(l))
		return nil
	}
	w.cfg.Metrics.Failures.Inc()
	if !refused(err) || len(h)+len(l) == 1 {
		if refused(err) {
			w.log.Warn("the market refused to pay an account on its behalf; it can claim itself", "market", market, "err", err)
			return nil
		}
		return err
	}
	w.log.Warn("payout batch refused; paying its accounts one at a time", "market", market, "err", err)
	for _, a := range h {
		if err := w.send(ctx, market, []string{strings.ToLower(a.Hex())}, nil); err != nil {
			return err
		}
	}
	for _, a := range l {
		if err := w.send(ctx, market, nil, []string{strings.ToLower(a.Hex())}); err != nil {
			return err
		}
	}
	return nil
}

func (w *Worker) mined(market, tx string, n int) {
	w.cfg.Metrics.Batches.Inc()
	w.cfg.Metrics.Accounts.Add(float64(n))
	w.log.Info("payout batch mined", "market", market, "accounts", n, "tx", tx)
}

// addresses are the accounts of list, without those never paid on their
// behalf.
func (w *Worker) addresses(list []string) []common.Address {
	out := make([]common.Address, 0, len(list))
	for _, a := range list {
		if !w.skip[strings.ToLower(a)] && common.IsHexAddress(a) {
			out = append(out, common.HexToAddress(a))
		}
	}
	return out
}

// refused says whether err is the chain's answer to the batch itself (a
// revert at its gas estimate, or a mined transaction that failed), not a
// failure to reach the chain.
func refused(err error) bool {
	if _, ok := ethclient.RevertErrorData(err); ok {
		return true
	}
	return strings.Contains(err.Error(), "failed in transaction")
}

// receiver wakes the worker when a market's information changed: its end
// is one such change.
type receiver struct{ w *Worker }

var _ events.Receiver = receiver{}

func (r receiver) ReceiveEvent(e events.Event) {
	if e.Name == event.InfoUpdate {
		select {
		case r.w.wake <- struct{}{}:
		default:
		}
	}
}

func (r receiver) ReceiveControl(events.Control) {}

// Resync: events may have been lost; the next round looks at every market.
func (r receiver) Resync(uint64) {
	select {
	case r.w.wake <- struct{}{}:
	default:
	}
}
