package main

import (
	"context"
	"crypto/ecdsa"
	"errors"
	"fmt"
	"math/big"
	"sync"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/prometheus/client_golang/prometheus"

	"github.com/predict-dev/predict/internal/aa"
	"github.com/predict-dev/predict/internal/bundler"
	"github.com/predict-dev/predict/internal/chain"
	"github.com/predict-dev/predict/internal/indexer"
	"github.com/predict-dev/predict/internal/leader"
	"github.com/predict-dev/predict/internal/matcher"
	"github.com/predict-dev/predict/internal/ops"
	"github.com/predict-dev/predict/internal/orders"
	"github.com/predict-dev/predict/internal/payout"
	"github.com/predict-dev/predict/internal/portfolio"
	"github.com/predict-dev/predict/internal/webhook"
)

// workers are the chain-side loops: the indexer (the single writer of
// confirmed state), the bundler, the portfolio refresher (leaderboards
// and asset snapshots), the webhook dispatcher, the matcher of limit
// orders and the payout of ended markets. With PostgreSQL exactly one replica
// runs them at a time; the others take over when it dies.
type workers struct {
	indexer      *indexer.Indexer
	refresher    *portfolio.Refresher
	refreshEvery time.Duration
	// bundler is nil when none is configured (read-only service).
	bundler        *bundler.Leading
	bundlerMetrics *bundler.Metrics
	// webhooks delivers the outbox to the webhook endpoints.
	webhooks *webhook.Dispatcher
	// matcher fills resting limit orders; nil without the escrow, an
	// operator key or with PREDICT_MATCHER=off.
	matcher *matcher.Matcher
	// payout pays the holders and LPs of ended markets; nil without an
	// operator key.
	payout *payout.Worker
	// settler matches and settles signed orders; nil without an
	// Exchange or an operator key.
	settler *orders.Settler

	cancel context.CancelFunc
	wg     sync.WaitGroup
}

// openWorkers builds the operations service, the indexer and the bundler.
func (m *Main) openWorkers(ctx context.Context, reg *prometheus.Registry) error {
	cfg, log := m.Config, m.Logger
	paymasterKey, bundlerKey, err := m.serviceKeys()
	if err != nil {
		return err
	}
	w := &workers{bundlerMetrics: bundler.NewMetrics()}
	for _, c := range w.bundlerMetrics.Collectors() {
		if err := reg.Register(c); err != nil {
			return err
		}
	}
	if w.indexer, err = indexer.New(indexer.Config{
		// The indexer records its events in the outbox in the transaction
		// that applies them; the bus only announces them.
		Client: m.Client, Deployment: m.Deployment, Store: m.Store, Publisher: m.Bus,
		Confirmations: cfg.Confirmations, Logger: log.With("component", "indexer"),
	}); err != nil {
		return fmt.Errorf("indexer: %w", err)
	}
	if err := w.indexer.Metrics().Register(reg); err != nil {
		return err
	}
	whMetrics := webhook.NewMetrics()
	for _, c := range whMetrics.Collectors() {
		if err := reg.Register(c); err != nil {
			return err
		}
	}
	w.webhooks = webhook.New(webhook.Config{Store: m.Store, Guard: webhook.Guard{AllowPrivate: cfg.WebhookAllowPrivate},
		Schedule: cfg.WebhookRetry, GiveUpAfter: cfg.WebhookGiveUp, Metrics: whMetrics, Logger: log.With("component", "webhooks")})
	if w.matcher, err = m.openMatcher(reg); err != nil {
		return err
	}
	if w.payout, err = m.openPayout(reg); err != nil {
		return err
	}
	if w.settler, err = m.openOrders(); err != nil {
		return err
	}
	w.refresher = &portfolio.Refresher{Store: m.Store, Logger: log.With("component", "portfolio"), SnapshotEvery: cfg.SnapshotInterval}
	w.refreshEvery = cfg.LeaderboardInterval
	if err := m.openBundler(w, bundlerKey, reg); err != nil {
		return err
	}
	m.openOps(w, paymasterKey)
	m.workers = w

	wctx, cancel := context.WithCancel(context.WithoutCancel(ctx))
	w.cancel = cancel
	w.wg.Add(1)
	go func() {
		defer w.wg.Done()
		if cfg.DatabaseURL == "" {
			w.run(wctx) // one process: it is the leader
			return
		}
		lerr := leader.Run(wctx, leader.Config{DSN: cfg.DatabaseURL, Key: leader.KeyOf(cfg.EventChannel), Name: "indexer and bundler", Logger: log}, w.run)
		if lerr != nil {
			log.Error("leader election stopped", "err", lerr)
		}
	}()
	return nil
}

// openBundler sets w's bundler: a hosted one, the built-in one with the
// bundler key, or none (a read-only service); and watches the balances
// the sponsored operations spend.
func (m *Main) openBundler(w *workers, bundlerKey *ecdsa.PrivateKey, reg *prometheus.Registry) error {
	cfg, log := m.Config, m.Logger
	entryPoint := common.HexToAddress(m.Deployment.EntryPoint)
	chainID := big.NewInt(m.Deployment.ChainID)
	bcfg := bundler.Config{EntryPoint: entryPoint, ChainID: chainID, Store: m.Store, Publisher: m.Door, Metrics: w.bundlerMetrics,
		Logger: log.With("component", "bundler")}
	switch {
	case cfg.BundlerRPCURL != "":
		bcfg.RPCURL = cfg.BundlerRPCURL
		w.bundler = &bundler.Leading{New: func() (bundler.Bundler, error) { return bundler.NewExternal(bcfg) }}
		log.Info("bundler: external", "rpc", chain.RedactURL(cfg.BundlerRPCURL))
	case bundlerKey != nil:
		bcfg.Client, bcfg.Key = m.Client, bundlerKey
		w.bundler = &bundler.Leading{New: func() (bundler.Bundler, error) { return bundler.NewBuiltin(bcfg) }}
	default:
		log.Warn("no bundler configured: the service is read-only (no transaction endpoints)",
			"hint", "set PREDICT_BUNDLER_KEY_FILE for the built-in bundler, or PREDICT_BUNDLER_RPC_URL for a hosted one")
	}
	var bundlerAddr *common.Address
	if bundlerKey != nil && cfg.BundlerRPCURL == "" {
		a := crypto.PubkeyToAddress(bundlerKey.PublicKey)
		bundlerAddr = &a
	}
	return reg.Register(chain.NewBalanceCollector(m.Client, common.HexToAddress(m.Deployment.EntryPoint),
		common.HexToAddress(m.Deployment.Paymaster), bundlerAddr))
}

// openOps builds the operations service when there is a bundler to hand
// operations to; without the paymaster key, prepared operations are not
// sponsored.
func (m *Main) openOps(w *workers, paymasterKey *ecdsa.PrivateKey) {
	cfg, log := m.Config, m.Logger
	var paymaster *aa.Paymaster
	if paymasterKey != nil {
		paymaster = aa.NewPaymaster(common.HexToAddress(m.Deployment.Paymaster), paymasterKey, m.Client)
	} else {
		log.Warn("no paymaster key: prepared operations are not sponsored (accounts pay their own gas)", "hint", "set PREDICT_PAYMASTER_KEY_FILE")
	}
	if w.bundler == nil {
		return
	}
	svc := ops.Config{Store: m.Store, Chain: m.Client, Deployment: m.Deployment, Paymaster: paymaster, Bundler: w.bundler, Publisher: m.Door, Orders: m.Store,
		SponsorPerHour: cfg.SponsorPerHour, Logger: log.With("component", "ops")}
	if cfg.DatabaseURL != "" {
		svc.Sponsored = m.Store // replicas share the budget
	}
	if m.Operator != nil {
		svc.Roles = m.Operator
	}
	m.Ops = ops.New(svc)
}

// run is one leadership: the indexer, the refresher, the webhook
// dispatcher and a fresh bundler until ctx ends.
func (w *workers) run(ctx context.Context) error {
	loops := []func(context.Context) error{w.indexer.Run, func(ctx context.Context) error {
		return w.refresher.Run(ctx, w.refreshEvery)
	}, w.webhooks.Run}
	if w.bundler != nil {
		loops = append(loops, w.bundler.Run)
	}
	if w.matcher != nil {
		loops = append(loops, w.matcher.Run)
	}
	if w.payout != nil {
		loops = append(loops, w.payout.Run)
	}
	if w.settler != nil {
		loops = append(loops, func(ctx context.Context) error { return w.settler.Run(ctx, settleEvery) })
	}
	var wg sync.WaitGroup
	errs := make(chan error, len(loops))
	for _, run := range loops {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs <- run(ctx)
		}()
	}
	wg.Wait()
	close(errs)
	var all []error
	for err := range errs {
		all = append(all, err)
	}
	return errors.Join(all...)
}

// openMatcher builds the matcher of limit orders, or nil when it cannot
// or must not run.
func (m *Main) openMatcher(reg *prometheus.Registry) (*matcher.Matcher, error) {
	log := m.Logger.With("component", "matcher")
	switch {
	case m.Deployment.LimitOrders == "":
		return nil, nil // no escrow, no orders
	case !m.Config.Matcher:
		log.Warn("matcher off (PREDICT_MATCHER=off): resting limit orders are filled only by whoever calls the escrow")
		return nil, nil
	case m.Operator == nil:
		log.Warn("no operator key: resting limit orders are not filled by this service", "hint", "set PREDICT_OPERATOR_KEY_FILE")
		return nil, nil
	}
	metrics := matcher.NewMetrics()
	for _, c := range metrics.Collectors() {
		if err := reg.Register(c); err != nil {
			return nil, err
		}
	}
	return matcher.New(matcher.Config{Store: m.Store, Chain: m.Client, Filler: m.Operator,
		Escrow: common.HexToAddress(m.Deployment.LimitOrders), Bus: m.Bus, Sweep: m.Config.MatcherSweep,
		Metrics: metrics, Logger: log}), nil
}

// settleEvery is how often the leader looks for new signed orders. A
// settlement waits for its block, so steps come at most one a block
// whatever this is; it only bounds how long a new order waits when the
// settler is idle.
const settleEvery = 50 * time.Millisecond

// openOrders builds the desk of signed orders (every replica) and the
// leader's settler; neither without an Exchange, no settler without the
// operator key that settles.
func (m *Main) openOrders() (*orders.Settler, error) {
	if m.Deployment.Exchange == "" {
		return nil, nil
	}
	log := m.Logger.With("component", "orders")
	desk, err := orders.NewDesk(orders.Config{Store: m.Store, Chain: m.Client, Deployment: m.Deployment, Publisher: m.Door, Logger: log})
	if err != nil {
		return nil, err
	}
	m.Orders = desk
	if m.Operator == nil {
		log.Warn("no operator key: signed orders are taken but not settled by this service", "hint", "set PREDICT_OPERATOR_KEY_FILE")
		return nil, nil
	}
	return orders.NewSettler(orders.SettlerConfig{Store: m.Store, Chain: m.Client, Settlement: m.Operator, Logger: log,
		Publisher: m.Door},
		common.HexToAddress(m.Deployment.Exchange))
}

// close stops the loops and waits for them.
func (w *workers) close() {
	if w == nil || w.cancel == nil {
		return
	}
	w.cancel()
	w.wg.Wait()
}

// serviceKeys returns the paymaster signer and bundler keys: from the data
// directory on the embedded chain, from the environment otherwise.
func (m *Main) serviceKeys() (paymaster, bundlerKey *ecdsa.PrivateKey, err error) {
	if m.Config.DevChain() {
		keys, err := chain.LoadOrCreateKeys(m.Config.DataDir)
		if err != nil {
			return nil, nil, err
		}
		return keys.Paymaster, keys.Bundler, nil
	}
	load := func(env string) (*ecdsa.PrivateKey, error) {
		k, err := chain.KeyFromEnvOrFile(env, env+"_FILE")
		if errors.Is(err, chain.ErrNoKey) {
			return nil, nil
		}
		return k, err
	}
	if paymaster, err = load("PREDICT_PAYMASTER_KEY"); err != nil {
		return nil, nil, err
	}
	if bundlerKey, err = load("PREDICT_BUNDLER_KEY"); err != nil {
		return nil, nil, err
	}
	return paymaster, bundlerKey, nil
}
