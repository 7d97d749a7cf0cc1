// Package indexer follows the chain and applies the confirmed effects of
// the service's contracts to the store: operation outcomes, markets,
// trades, liquidity, settlements, claims and token balances. It is the
// single writer of confirmed state (docs/development.md).
//
// The indexer reads the chain in batches of blocks from the deployment
// block up to the head minus a confirmation depth, with eth_getLogs over
// the suite's contracts and the markets and option tokens it knows
// (markets created inside a batch are found in it and their logs fetched
// in the same batch). Each batch is applied in one store transaction that
// also moves the cursor, and each log is applied once, keyed by (block
// hash, log index): a crash at any point resumes from the last committed
// batch without applying anything twice.
//
// Reorgs: the store keeps a window of recent (block number, hash) pairs.
// Before each batch the cursor's block is compared with the chain; when it
// differs, the indexer walks the window back to the newest block the chain
// still has, and the store undoes everything above it (facts deleted,
// aggregates of the touched markets recomputed from the remaining facts)
// before the new branch is read.
//
// A log the store cannot apply does not stop the chain for everyone: a
// batch that keeps failing is searched for the logs at fault, which are
// quarantined (recorded, not applied) while the rest is applied; an
// operator replays them once the cause is fixed (Sync, and
// docs/operations.md). Text from the chain is cleaned before it is
// stored (predict.CleanText).
//
// Events are published after the batch's transaction commits, once per
// batch and kind (a batch of trades on one market yields one
// market:new_trades per option traded, not one per trade). A crash between
// the commit and the publish loses those events; clients recover with
// base:resync and a refetch, as after any gap. The notifications of a batch
// (operations that became final, holders and followers of a market that
// settled) are written by the store in the batch's transaction, so only
// their user:new_notification announcement can be lost that way.
package indexer

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math/big"
	"sync"
	"time"

	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/accounts/abi/bind"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/internal/events"
	"github.com/predict-dev/predict/internal/ledger"
)

// orDefault sets an unset (zero or negative) setting to def.
func orDefault[T cmp.Ordered](setting *T, def T) {
	var zero T
	if *setting <= zero {
		*setting = def
	}
}

// Defaults of Config.
const (
	DefaultBatchBlocks  = 500
	DefaultPollInterval = time.Second
	DefaultMaxAddresses = 500
	// DefaultQuarantineAfter is how many times in a row a batch fails
	// to apply before the indexer looks for the logs that make it fail.
	DefaultQuarantineAfter = 3
	// MaxQuarantinePerBatch is the most logs of one batch the indexer
	// quarantines: more logs that the store refuses is a fault of the
	// store or of the service, not of a few logs, and quarantining them
	// would drop a range of the chain unseen; the indexer stops instead.
	MaxQuarantinePerBatch = 16
	maxBackoff            = 30 * time.Second
)

// Client is the chain access the indexer needs. *ethclient.Client and the
// simulated backend's client satisfy it. When it can also subscribe to new
// heads (SubscribeNewHead), Run wakes on each head instead of only polling.
type Client interface {
	HeaderByNumber(ctx context.Context, number *big.Int) (*types.Header, error)
	FilterLogs(ctx context.Context, q ethereum.FilterQuery) ([]types.Log, error)
	// ContractCaller reads option token names of markets created outside
	// the service.
	bind.ContractCaller
}

type headSubscriber interface {
	SubscribeNewHead(ctx context.Context, ch chan<- *types.Header) (ethereum.Subscription, error)
}

// Store is the part of the store the indexer uses.
type Store interface {
	IndexerCursor(ctx context.Context) (predict.BlockRef, bool, error)
	IndexedBlocks(ctx context.Context) ([]predict.BlockRef, error)
	IndexedMarkets(ctx context.Context) ([]predict.IndexedMarket, error)
	// ApplyBatch, CheckBatch and RevertTo are the store's transactions
	// the ledger works in (ledger.ApplyBatch, ledger.CheckBatch,
	// ledger.RevertTo): a batch's new effects are applied through the
	// ledger and the cursor moves to b.To, in one transaction. A log
	// already applied (same block hash and log index) is skipped, so a
	// batch can be applied again after a crash without effect.
	ledger.Store
	QuarantinedLogs(ctx context.Context) ([]predict.QuarantinedLog, error)
	OperationByHash(ctx context.Context, opHash string) (*predict.Operation, error)
}

// Config configures an Indexer.
type Config struct {
	Client     Client
	Deployment *predict.Deployment
	Store      Store
	// Publisher receives the events of applied effects; nil publishes
	// nothing.
	Publisher events.Publisher
	// Confirmations is how many blocks below the head the indexer stays
	// (0 on the dev chain, which cannot reorg).
	Confirmations uint64
	// BatchBlocks is the most blocks read and applied at once.
	BatchBlocks uint64
	// PollInterval is how often Run looks for new blocks (it also wakes
	// on new heads when the client can subscribe). Zero is the
	// deployment's block interval, or DefaultPollInterval.
	PollInterval time.Duration
	// KeepBlocks is the depth of the window of recent blocks kept to undo
	// reorgs; zero is the store's default.
	KeepBlocks uint64
	// KnownAccountsOnly applies base-token transfers only when one side
	// is a market or an account bound to a user. Set it for a public base
	// token (USDC on a real chain) whose every transfer is neither
	// feasible nor useful to follow; balances are then counted from the
	// moment an account became known.
	KnownAccountsOnly bool
	// MaxAddresses caps the addresses of one eth_getLogs request.
	MaxAddresses int
	// QuarantineAfter is how many times in a row applying the same batch
	// must fail before the logs the store cannot apply are quarantined
	// and the rest applied (see Sync); zero is DefaultQuarantineAfter.
	QuarantineAfter int
	// Logger receives the indexer's lines as they are: the caller names
	// the component (With("component", "indexer")).
	Logger *slog.Logger
}

// Indexer follows the chain into the store.
type Indexer struct {
	cfg     Config
	log     *slog.Logger
	metrics *Metrics

	entryPoint, factory common.Address
	// escrow is the LimitOrders contract; zero when the deployment has
	// none.
	escrow common.Address
	isBase map[common.Address]bool

	mu      sync.Mutex // one Sync at a time; guards the fields below
	loaded  bool
	markets map[common.Address]bool // known markets (LP tokens)
	options map[common.Address]bool // known option tokens
	// failures counts the Syncs that failed in a row; applyFailures the
	// attempts in a row to apply the batch from block failedFrom.
	failures      int
	applyFailures int
	failedFrom    uint64
}

// New returns an indexer; it reads nothing until Sync or Run.
func New(cfg Config) (*Indexer, error) {
	if cfg.Client == nil || cfg.Store == nil || cfg.Deployment == nil {
		return nil, errors.New("indexer: Client, Store and Deployment are required")
	}
	d := cfg.Deployment
	if !common.IsHexAddress(d.EntryPoint) || !common.IsHexAddress(d.MarketFactory) {
		return nil, errors.New("indexer: the deployment needs the EntryPoint and MarketFactory addresses")
	}
	orDefault(&cfg.BatchBlocks, DefaultBatchBlocks)
	// The chain's block interval, when the deployment knows it, before
	// the fixed default.
	orDefault(&cfg.PollInterval, d.BlockInterval)
	orDefault(&cfg.PollInterval, DefaultPollInterval)
	orDefault(&cfg.MaxAddresses, DefaultMaxAddresses)
	orDefault(&cfg.QuarantineAfter, DefaultQuarantineAfter)
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.DiscardHandler)
	}
	ix := &Indexer{
		cfg: cfg, log: cfg.Logger, metrics: newMetrics(),
		entryPoint: common.HexToAddress(d.EntryPoint), factory: common.HexToAddress(d.MarketFactory),
		isBase:  map[common.Address]bool{},
		markets: map[common.Address]bool{}, options: map[common.Address]bool{},
	}
	if common.IsHexAddress(d.LimitOrders) {
		ix.escrow = common.HexToAddress(d.LimitOrders)
	}
	for _, t := range d.BaseTokens {
		ix.isBase[common.HexToAddress(t.Address)] = true
	}
	return ix, nil
}

// Metrics returns the indexer's Prometheus collectors.
func (ix *Indexer) Metrics() *Metrics { return ix.metrics }

func (ix *Indexer) isMarket(a common.Address) bool { return ix.markets[a] }

// errChainMoved means the chain changed while a batch was read; the batch
// is read again (and a reorg, if that is what happened, handled first).
var errChainMoved = errors.New("indexer: the chain moved during the batch")

// Sync applies every block up to the head minus the confirmations and
// returns the block the store is at. Tests use it; Run calls it in a loop.
//
// A batch that fails to apply fails the Sync, and the next Sync tries it
// again: the failure may be the database's. When the batch from the same
// block has failed QuarantineAfter times in a row, the indexer looks for
// the logs the store refuses (see isolate), quarantines them and applies
// the rest, so that one log cannot stop the chain for everyone; a replay
// an operator asks for (QuarantinedLog.Replay) reads the chain again from
// the block of the log.
func (ix *Indexer) Sync(ctx context.Context) (uint64, error) {
	ix.mu.Lock()
	defer ix.mu.Unlock()
	n, err := ix.sync(ctx)
	if err == nil {
		ix.failures = 0
	} else if ctx.Err() == nil {
		ix.failures++
	}
	ix.metrics.ConsecutiveFailures.Set(float64(ix.failures))
	return n, err
}

func (ix *Indexer) sync(ctx context.Context) (uint64, error) {
	if !ix.loaded {
		ms, err := ix.cfg.Store.IndexedMarkets(ctx)
		if err != nil {
			return 0, err
		}
		for _, m := range ms {
			ix.markets[common.HexToAddress(m.Address)] = true
			for _, o := range m.Options {
				ix.options[common.HexToAddress(o)] = true
			}
		}
		ix.loaded = true
	}
	head, err := ix.cfg.Client.HeaderByNumber(ctx, nil)
	if err != nil {
		return 0, fmt.Errorf("indexer: read head: %w", err)
	}
	headN := head.Number.Uint64()
	ix.metrics.Head.Set(float64(headN))
	cursor, ok, err := ix.cfg.Store.IndexerCursor(ctx)
	if err != nil {
		return 0, err
	}
	next := ix.cfg.Deployment.DeployBlock
	if ok {
		next = cursor.Number + 1
	}
	// The lag is the head's distance to the last applied block, set
	// whether or not the batches below apply: a stuck indexer shows a
	// growing lag.
	applied := cursor.Number
	if !ok && next > 0 {
		applied = next - 1
	}
	ix.metrics.Lag.Set(float64(headN - min(headN, applied)))
	if ok {
		if replayed, err := ix.replay(ctx, &cursor); err != nil {
			return cursor.Number, err
		} else if replayed {
			next = cursor.Number + 1
		}
	}
	if headN < ix.cfg.Confirmations {
		return cursor.Number, nil
	}
	target := headN - ix.cfg.Confirmations
	retries := 0
	for next <= target {
		if ok {
			reorged, err := ix.checkReorg(ctx, &cursor)
			if err != nil {
				return cursor.Number, err
			}
			if reorged {
				next = cursor.Number + 1
				continue
			}
		}
		to := min(next+ix.cfg.BatchBlocks-1, target)
		start := time.Now()
		batch, err := ix.read(ctx, next, to)
		if errors.Is(err, errChainMoved) && retries < 5 {
			retries++
			continue
		} else if err != nil {
			return cursor.Number, err
		}
		retries = 0
		batch.Keep = ix.cfg.KeepBlocks
		res, err := ix.apply(ctx, batch)
		if err != nil {
			return cursor.Number, err
		}
		took := time.Since(start)
		cursor, ok, next = batch.To, true, to+1
		ix.metrics.BatchSeconds.Observe(took.Seconds())
		ix.metrics.LogsApplied.Add(float64(len(res.Applied)))
		ix.metrics.Indexed.Set(float64(to))
		ix.metrics.Lag.Set(float64(headN - to))
		level := slog.LevelDebug
		if len(res.Applied) > 0 || to > batch.From {
			level = slog.LevelInfo
		}
		ix.log.Log(ctx, level, fmt.Sprintf("indexed blocks %d-%d (%d logs) in %s", batch.From, to, len(res.Applied),
			took.Round(time.Millisecond)), "lag", headN-to)
		ix.publish(ctx, res.Events)
	}
	if ok {
		ix.metrics.Indexed.Set(float64(cursor.Number))
		ix.metrics.Lag.Set(float64(headN - min(headN, cursor.Number)))
	}
	return cursor.Number, nil
}

// publish publishes evs in order (the ledger has removed repeats). A
// failure is logged: the state is committed, and events are hints to
// re-read it.
func (ix *Indexer) publish(ctx context.Context, evs []events.Event) {
	if ix.cfg.Publisher == nil {
		return
	}
	for _, e := range evs {
		if err := ix.cfg.Publisher.Publish(ctx, e); err != nil {
			ix.log.Warn("indexer: publish event", "event", e.Name, "topic", e.Topic, "err", err)
		}
	}
}

// Run follows the chain until ctx ends: a Sync on every new head (or every
// PollInterval), with exponential backoff after failures. It returns nil
// when ctx ends.
func (ix *Indexer) Run(ctx context.Context) error {
	var (
		heads chan *types.Header
		sub   ethereum.Subscription
	)
	if s, ok := ix.cfg.Client.(headSubscriber); ok {
		ch := make(chan *types.Header, 16)
		if sb, err := s.SubscribeNewHead(ctx, ch); err == nil {
			heads, sub = ch, sb
			defer sub.Unsubscribe()
		} else {
			ix.log.Info("indexer: no head subscription, polling", "interval", ix.cfg.PollInterval, "err", err)
		}
	}
	var subErr <-chan error
	if sub != nil {
		subErr = sub.Err()
	}
	ticker := time.NewTicker(ix.cfg.PollInterval)
	defer ticker.Stop()
	failures := 0
	for {
		_, err := ix.Sync(ctx)
		if ctx.Err() != nil {
			return nil
		}
		wait := time.Duration(0)
		if err != nil {
			failures++
			ix.metrics.Errors.Inc()
			wait = min(time.Duration(1<<min(failures-1, 5))*time.Second, maxBackoff)
			ix.log.Error("indexer: sync failed", "err", err, "retryIn", wait)
		} else {
			failures = 0
		}
		if wait > 0 {
			t := time.NewTimer(wait)
			select {
			case <-ctx.Done():
				t.Stop()
				return nil
			case <-t.C:
			}
			continue
		}
		select {
		case <-ctx.Done():
			return nil
		case <-ticker.C:
		case <-heads:
		case err := <-subErr:
			// The subscription ended (node restart): keep polling.
			ix.log.Warn("indexer: head subscription ended, polling", "err", err)
			heads, subErr = nil, nil
		}
	}
}
