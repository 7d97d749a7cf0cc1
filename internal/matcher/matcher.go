// Package matcher fills resting limit orders: it crosses the orders of
// different users that meet, and fills an order from its market's pool
// as soon as the pool's price reaches it, up to the size at which the
// order's average price stays within its limit. It also cancels expired
// orders that still hold escrow (anyone may), so that their owners get
// the rest back without asking: an immediate-or-cancel order is a limit
// order that expires at its deadline.
//
// It runs on the leader replica beside the indexer. It plans from the
// indexed orders, re-read on chain at the head block with the pool they
// trade against (plan.go), and sends each fill as one transaction of
// the operator key, waiting for it before the next. The LimitOrders
// contract enforces every order's terms, so the matcher can make a
// fill late or miss one, never a wrong one: after a kill or a takeover
// it reads the chain again and carries on; a fill already mined is in
// the order's remainder, and one planned on a state the chain has left
// reverts at its gas estimate and is never sent.
package matcher

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math/big"
	"strings"
	"sync"
	"time"

	"github.com/ethereum/go-ethereum/accounts/abi/bind"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/prometheus/client_golang/prometheus"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/event"
	"github.com/predict-dev/predict/internal/chain/bindings"
	"github.com/predict-dev/predict/internal/events"
	"github.com/predict-dev/predict/internal/market/fpmm"
	"github.com/predict-dev/predict/internal/market/orders"
)

// Store is what the matcher reads of the indexed state.
type Store interface {
	MarketsWithOrders(ctx context.Context, now time.Time) ([]string, error)
	MatchableOrders(ctx context.Context, market string, now time.Time, limit int) ([]*predict.LimitOrder, error)
	MarketByAddress(ctx context.Context, address, viewerUID string) (*predict.Market, error)
	ExpiredOrders(ctx context.Context, now time.Time, limit int) ([]int64, error)
}

// Chain is the chain the matcher reads at its head.
type Chain interface {
	bind.ContractCaller
	HeaderByNumber(ctx context.Context, number *big.Int) (*types.Header, error)
}

// Filler sends the fills and waits for them (chain.Operator).
type Filler interface {
	FillFromPool(ctx context.Context, id uint64, spend, minOut *big.Int) (string, error)
	MatchOrders(ctx context.Context, buyID, sellID uint64, quantity *big.Int) (string, error)
	CancelOrders(ctx context.Context, ids []uint64) (string, error)
}

// Defaults of Config.
const (
	DefaultSweep     = 10 * time.Second
	DefaultMaxOrders = 500
	DefaultMaxSteps  = 64
	DefaultMaxRefund = 100
)

// Config configures a Matcher.
type Config struct {
	Store  Store
	Chain  Chain
	Filler Filler
	// Escrow is the LimitOrders contract.
	Escrow common.Address
	// Bus wakes the matcher on the events that move a market's pool or
	// book; nil leaves it to the sweep.
	Bus events.Bus
	// Sweep is how often every market with open orders is looked at
	// even without an event (after a missed event, a failed fill or a
	// takeover); DefaultSweep when zero.
	Sweep time.Duration
	// MaxOrders bounds the orders of one market read in a round (the
	// oldest first), MaxSteps the fills sent for it; the next round
	// takes the rest.
	MaxOrders, MaxSteps int
	// MaxRefunds bounds the expired orders cancelled in one transaction.
	MaxRefunds int
	Metrics    *Metrics
	Logger     *slog.Logger
}

// Metrics are the matcher's Prometheus metrics.
type Metrics struct {
	Fills    *prometheus.CounterVec
	Failures prometheus.Counter
	Refunds  prometheus.Counter
	Rounds   prometheus.Histogram
}

// NewMetrics returns the matcher's metrics, unregistered.
func NewMetrics() *Metrics {
	return &Metrics{
		Fills: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "predict_matcher_fills_total",
			Help: "Limit-order fills the matcher mined, by counterparty (pool, order)."}, []string{"counterparty"}),
		Failures: prometheus.NewCounter(prometheus.CounterOpts{Name: "predict_matcher_failures_total",
			Help: "Fills the matcher planned that the chain refused or that were not mined; the market is planned again."}),
		Refunds: prometheus.NewCounter(prometheus.CounterOpts{Name: "predict_matcher_refunds_total",
			Help: "Expired orders the matcher cancelled, refunding their escrow to their owners."}),
		Rounds: prometheus.NewHistogram(prometheus.HistogramOpts{Name: "predict_matcher_market_seconds",
			Help: "Time to plan and fill one market.", Buckets: prometheus.ExponentialBuckets(0.001, 4, 9)}),
	}
}

// Collectors are the metrics to register.
func (m *Metrics) Collectors() []prometheus.Collector {
	return []prometheus.Collector{m.Fills, m.Failures, m.Refunds, m.Rounds}
}

// Matcher fills resting limit orders. Run it on the leader only: two
// matchers would not fill anything twice (the contract decides) but
// would race each other's transactions.
type Matcher struct {
	cfg Config
	log *slog.Logger

	wake  chan struct{}
	mu    sync.Mutex
	dirty map[string]bool // markets to look at; "*" for all
}

// New returns a Matcher.
func New(cfg Config) *Matcher {
	cfg.Sweep = cmp.Or(cfg.Sweep, DefaultSweep)
	cfg.MaxOrders = cmp.Or(cfg.MaxOrders, DefaultMaxOrders)
	cfg.MaxSteps = cmp.Or(cfg.MaxSteps, DefaultMaxSteps)
	cfg.MaxRefunds = cmp.Or(cfg.MaxRefunds, DefaultMaxRefund)
	if cfg.Metrics == nil {
		cfg.Metrics = NewMetrics()
	}
	log := cfg.Logger
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	return &Matcher{cfg: cfg, log: log, wake: make(chan struct{}, 1), dirty: map[string]bool{}}
}

// Run matches until ctx ends: every market with open orders at once,
// then a market whenever an event says its pool or book moved, and all
// of them again every Sweep.
func (m *Matcher) Run(ctx context.Context) error {
	if m.cfg.Bus != nil {
		detach := m.cfg.Bus.Attach(receiver{m})
		defer detach()
	}
	m.mark("*")
	m.log.Info("matcher running", "escrow", m.cfg.Escrow.Hex(), "sweep", m.cfg.Sweep)
	sweep := time.NewTicker(m.cfg.Sweep)
	defer sweep.Stop()
	for {
		select {
		case <-ctx.Done():
			return nil
		case <-sweep.C:
			m.mark("*")
		case <-m.wake:
		}
		if err := m.round(ctx); err != nil && ctx.Err() == nil {
			m.log.Warn("matcher round failed; the next sweep retries", "err", err)
		}
	}
}

// mark asks for market (or "*", every market) to be looked at.
func (m *Matcher) mark(market string) {
	m.mu.Lock()
	m.dirty[market] = true
	m.mu.Unlock()
	select {
	case m.wake <- struct{}{}:
	default:
	}
}

// round looks at every market marked since the last round.
func (m *Matcher) round(ctx context.Context) error {
	m.mu.Lock()
	dirty := m.dirty
	m.dirty = map[string]bool{}
	m.mu.Unlock()
	if dirty["*"] {
		if err := m.refund(ctx); err != nil && ctx.Err() == nil {
			m.log.Warn("cancelling expired orders failed; the next sweep retries", "err", err)
		}
		all, err := m.cfg.Store.MarketsWithOrders(ctx, time.Now())
		if err != nil {
			return fmt.Errorf("markets with orders: %w", err)
		}
		for _, a := range all {
			dirty[a] = true
		}
		delete(dirty, "*")
	}
	for market := range dirty {
		if ctx.Err() != nil {
			return nil
		}
		begin := time.Now()
		if err := m.match(ctx, market); err != nil && ctx.Err() == nil {
			m.log.Warn("matching a market failed; it is planned again at the next event or sweep", "market", market, "err", err)
		}
		m.cfg.Metrics.Rounds.Observe(time.Since(begin).Seconds())
	}
	return nil
}

// refund cancels orders that expired before the chain's head and still
// hold escrow, at most MaxRefunds of them: the contract refunds each to
// its owner and skips any closed meanwhile.
func (m *Matcher) refund(ctx context.Context) error {
	head, err := m.cfg.Chain.HeaderByNumber(ctx, nil)
	if err != nil {
		return fmt.Errorf("head: %w", err)
	}
	ids, err := m.cfg.Store.ExpiredOrders(ctx, time.Unix(int64(head.Time), 0), m.cfg.MaxRefunds)
	if err != nil || len(ids) == 0 {
		return err
	}
	list := make([]uint64, len(ids))
	for i, id := range ids {
		list[i] = uint64(id)
	}
	tx, err := m.cfg.Filler.CancelOrders(ctx, list)
	if err != nil {
		m.cfg.Metrics.Failures.Inc()
		return fmt.Errorf("cancel expired orders %v: %w", ids, err)
	}
	m.cfg.Metrics.Refunds.Add(float64(len(ids)))
	m.log.Info("expired orders cancelled, their escrow refunded", "orders", ids, "tx", tx)
	return nil
}

// match plans market at the chain's head and sends its fills, one at a
// time. It stops at the first fill that fails: the chain moved, and the
// event of whatever moved it (or the next sweep) plans again.
func (m *Matcher) match(ctx context.Context, market string) error {
	book, now, err := m.load(ctx, market)
	if err != nil || book == nil {
		return err
	}
	steps := Plan(book, market, now, m.cfg.MaxSteps)
	for _, s := range steps {
		if err := m.send(ctx, market, s); err != nil {
			m.cfg.Metrics.Failures.Inc()
			return err
		}
	}
	return nil
}

func (m *Matcher) send(ctx context.Context, market string, s Step) error {
	if s.Match() {
		tx, err := m.cfg.Filler.MatchOrders(ctx, s.Buy, s.Sell, s.Amount)
		if err != nil {
			return fmt.Errorf("match orders %d and %d: %w", s.Buy, s.Sell, err)
		}
		m.cfg.Metrics.Fills.WithLabelValues("order").Inc()
		m.log.Info("orders matched", "market", market, "buy", s.Buy, "sell", s.Sell, "quantity", s.Amount,
			"price", fpmm.FormatPrice(s.Price), "tx", tx)
		return nil
	}
	tx, err := m.cfg.Filler.FillFromPool(ctx, s.Order, s.Amount, s.MinOut)
	if err != nil {
		return fmt.Errorf("fill order %d from the pool: %w", s.Order, err)
	}
	m.cfg.Metrics.Fills.WithLabelValues("pool").Inc()
	m.log.Info("order filled from the pool", "market", market, "order", s.Order, "spend", s.Amount, "out", s.MinOut,
		"averagePrice", fpmm.FormatPrice(s.Price), "tx", tx)
	return nil
}

// load builds the book of market at the chain's head: the pool's
// balances and the orders the store lists as open, with their terms and
// remainders as the escrow holds them at that block. It answers a nil
// book for a market that no longer trades.
func (m *Matcher) load(ctx context.Context, market string) (*orders.Book, uint64, error) {
	head, err := m.cfg.Chain.HeaderByNumber(ctx, nil)
	if err != nil {
		return nil, 0, fmt.Errorf("head: %w", err)
	}
	now := head.Time
	mk, err := m.cfg.Store.MarketByAddress(ctx, market, "")
	if err != nil {
		return nil, 0, fmt.Errorf("load market %s: %w", market, err)
	}
	if mk.Status != predict.StatusRunning || uint64(mk.EndTime.Unix()) <= now {
		return nil, 0, nil
	}
	listed, err := m.cfg.Store.MatchableOrders(ctx, market, time.Unix(int64(now), 0), m.cfg.MaxOrders)
	if err != nil || len(listed) == 0 {
		return nil, 0, err
	}
	opts := &bind.CallOpts{Context: ctx, BlockNumber: head.Number}
	pool, err := m.pool(opts, mk)
	if err != nil {
		return nil, 0, err
	}
	tokens := make([]string, len(mk.Options))
	for i, o := range mk.Options {
		tokens[i] = o.Address
	}
	book := orders.NewBook()
	if err := book.AddMarket(market, &orders.Market{Pool: pool, EndTime: uint64(mk.EndTime.Unix()), BaseToken: mk.BaseToken,
		OptionTokens: tokens}); err != nil {
		return nil, 0, fmt.Errorf("market %s: %w", market, err)
	}
	escrow, err := bindings.NewLimitOrdersCaller(m.cfg.Escrow, m.cfg.Chain)
	if err != nil {
		return nil, 0, fmt.Errorf("bind limit orders: %w", err)
	}
	for _, lo := range listed {
		o, err := escrow.Orders(opts, big.NewInt(lo.ID))
		if err != nil {
			return nil, 0, fmt.Errorf("read order %d: %w", lo.ID, err)
		}
		if !strings.EqualFold(o.Market.Hex(), market) {
			return nil, 0, fmt.Errorf("order %d is of market %s on chain, %s in the store", lo.ID, o.Market.Hex(), market)
		}
		book.Orders[uint64(lo.ID)] = &orders.Order{ID: uint64(lo.ID), Owner: strings.ToLower(o.Owner.Hex()), Market: market,
			Option: int(o.OptionIndex), IsBuy: o.IsBuy, LimitPrice: new(big.Int).SetUint64(o.LimitPrice), Amount: lo.Amount,
			Remaining: o.Remaining, Expiry: o.Expiry, PostOnly: o.PostOnly}
	}
	return book, now, nil
}

// pool is the market's pool for quoting trades: its balances at the
// block and its fee.
func (m *Matcher) pool(opts *bind.CallOpts, mk *predict.Market) (*fpmm.Pool, error) {
	caller, err := bindings.NewMarketCaller(common.HexToAddress(mk.Address), m.cfg.Chain)
	if err != nil {
		return nil, fmt.Errorf("bind market: %w", err)
	}
	balances, err := caller.PoolBalances(opts)
	if err != nil {
		return nil, fmt.Errorf("pool of market %s: %w", mk.Address, err)
	}
	if len(balances) != len(mk.Options) {
		return nil, errors.New("the pool's balances and the market's options differ in number")
	}
	return fpmm.TradingPool(balances, uint64(mk.FeeBps)), nil
}

// receiver marks the markets whose events can make an order fillable: a
// trade or a price move (the pool), a book change (a new order may cross
// another or be marketable).
type receiver struct{ m *Matcher }

func (r receiver) ReceiveEvent(e events.Event) {
	switch e.Name {
	case event.NewTrades, event.PriceChange, event.BookChange:
		if market, ok := strings.CutPrefix(e.Topic, "market:"); ok && market != "*" {
			r.m.mark(strings.ToLower(market))
		}
	}
}

func (r receiver) ReceiveControl(events.Control) {}

// Resync: events may have been lost, so every market is looked at.
func (r receiver) Resync(uint64) { r.m.mark("*") }
