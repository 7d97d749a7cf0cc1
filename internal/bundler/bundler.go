// Package bundler hands the service's accepted ERC-4337 v0.6
// UserOperations to the chain. Two implementations share one interface:
//
//   - Builtin sends EntryPoint.handleOps itself from the service's bundler
//     key: it batches operations under the per-transaction gas cap,
//     checks each batch with eth_call and drops the operation a FailedOp
//     names, tracks its transactions with a local nonce and replaces the
//     ones that get stuck.
//   - External forwards each operation to a hosted ERC-4337 bundler over
//     JSON-RPC (eth_sendUserOperation) and polls eth_getUserOperationReceipt.
//
// Both move an operation in the store from pending to submitted (with the
// transaction hash) or to dropped (with the reason). Confirmed and reverted
// belong to the chain indexer, which sees the UserOperationEvent: a bundler
// never writes them, so the two never race for a final state.
package bundler

import (
	"context"
	"crypto/ecdsa"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"math/big"
	"strings"
	"sync"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/internal/aa"
	"github.com/predict-dev/predict/internal/events"
)

// Bundler takes operations the API has validated and recorded as pending
// and gets them onto the chain.
type Bundler interface {
	// Submit hands over op, whose EntryPoint userOpHash is opHash. The
	// caller has validated it and recorded it as pending. Submitting the
	// same hash again does nothing. An error means the operation was
	// refused for good (External: the hosted bundler rejected it; the
	// operation is then recorded as dropped); a transient failure is not
	// an error, the operation is retried by Run.
	Submit(ctx context.Context, op *aa.UserOperation, opHash common.Hash) error
	// Run reloads the store's pending and submitted operations and works
	// until ctx ends, then returns nil; it returns an error only for a
	// configuration it cannot work with. A bundler runs once: a new
	// leader makes a new one, which picks everything up from the store.
	Run(ctx context.Context) error
}

// Defaults of Config.
const (
	// DefaultMaxBatchGas keeps a handleOps transaction well under Osaka's
	// per-transaction cap (params.MaxTxGas, 2^24 = 16,777,216), so a
	// replacement with a recomputed gas limit still fits.
	DefaultMaxBatchGas = 12_000_000
	// DefaultMaxBatchOps is the batch size measured to sustain 700-950
	// ops/s on the embedded chain (docs/development.md).
	DefaultMaxBatchOps = 100
	// DefaultStuckAfter is how long a bundle transaction may stay
	// unmined before it is replaced with a higher fee.
	DefaultStuckAfter = 30 * time.Second
	// DefaultRescan is how often the store is re-read for operations this
	// process was not handed (recorded by another API replica, or whose
	// Submit call was lost in a crash).
	DefaultRescan = 10 * time.Second
	// DefaultLookback is how many blocks are searched for an operation's
	// UserOperationEvent before an operation whose nonce is used is called
	// dropped.
	DefaultLookback = 10_000
	// DefaultMaxAttempts is how many handleOps transactions that revert on
	// chain an operation may be part of before it is dropped.
	DefaultMaxAttempts = 3
	// DefaultPollInterval is how often External asks for receipts.
	DefaultPollInterval = time.Second
	// maxTxGas is params.MaxTxGas (EIP-7825), the hard per-transaction cap.
	maxTxGas = 1 << 24
	// storeLimit bounds one read of the store's pending operations.
	storeLimit = 10_000
	// finishedTTL is how long a finished operation is remembered, so a
	// repeated Submit or a store rescan racing the indexer does not bring
	// it back.
	finishedTTL = 10 * time.Minute
)

// Config configures NewBuiltin and NewExternal. Fields marked "built-in"
// or "external" are used by that implementation only.
type Config struct {
	// EntryPoint is the EntryPoint v0.6 contract. Required.
	EntryPoint common.Address
	// ChainID recomputes the hash of operations reloaded from the store
	// and signs the bundler's transactions. Built-in: nil asks the node at
	// Run. External: nil skips the check of reloaded operations.
	ChainID *big.Int
	// Store holds the operations. Required.
	Store predict.OperationStore
	// Publisher announces the notifications the store writes when it
	// records an operation as dropped (user:new_notification); nil
	// announces nothing (the notifications are still written).
	Publisher events.Publisher
	// Logger, tagged by the caller; nil means slog.Default() tagged
	// component=bundler.
	Logger *slog.Logger
	// Metrics, created once by the caller (NewMetrics) and registered
	// with its registry, so several bundlers over a process's life (leader
	// hand-over) count into the same collectors. Nil: private, unregistered.
	Metrics *Metrics
	// Rescan is how often the store is re-read for pending operations
	// (DefaultRescan); negative disables it (start-up still reads it).
	Rescan time.Duration

	// Client is the chain (built-in). *ethclient.Client satisfies it.
	Client Backend
	// Key is the bundler's key, which sends and pays for handleOps (built-in).
	Key *ecdsa.PrivateKey
	// Beneficiary receives the operations' gas payments; zero means the
	// bundler's own address (built-in).
	Beneficiary common.Address
	// MaxBatchGas bounds the computed gas limit of one handleOps
	// transaction (DefaultMaxBatchGas; at most 16,777,216) (built-in).
	MaxBatchGas uint64
	// MaxBatchOps bounds the operations of one handleOps (DefaultMaxBatchOps) (built-in).
	MaxBatchOps int
	// Interval is how often a bundle is built; zero estimates the chain's
	// block interval from its recent blocks at Run (built-in).
	Interval time.Duration
	// StuckAfter is how long a transaction may stay unmined before it is
	// replaced (built-in: DefaultStuckAfter). External: how long an
	// operation may go without a receipt before it is sent again
	// (default 10 × PollInterval).
	StuckAfter time.Duration
	// TipCap is the priority fee of bundle transactions; nil asks the node
	// (eth_maxPriorityFeePerGas) each round (built-in).
	TipCap *big.Int
	// MaxFeeCap caps the fee cap of a bundle transaction, replacements
	// included; nil means wire.MaxFeePerGas (built-in).
	MaxFeeCap *big.Int
	// Lookback is how many blocks back an operation's UserOperationEvent
	// is searched for (DefaultLookback) (built-in).
	Lookback uint64
	// MaxAttempts is how many reverted handleOps an operation may be part
	// of before it is dropped (DefaultMaxAttempts) (built-in).
	MaxAttempts int

	// RPCURL is the hosted bundler's JSON-RPC endpoint (external).
	RPCURL string
	// PollInterval is how often receipts are polled (DefaultPollInterval) (external).
	PollInterval time.Duration
}

// decodeStored turns a stored operation back into its UserOperation and
// checks the stored hash when chainID is known: a mismatch means the
// record belongs to another EntryPoint or chain and must not be sent.
func decodeStored(rec *predict.Operation, entryPoint common.Address, chainID *big.Int) (*aa.UserOperation, common.Hash, error) {
	var op aa.UserOperation
	if err := json.Unmarshal(rec.UserOp, &op); err != nil {
		return nil, common.Hash{}, fmt.Errorf("stored operation %s: %w", rec.OpHash, err)
	}
	if !isHash(rec.OpHash) {
		return nil, common.Hash{}, fmt.Errorf("stored operation hash %q is not a 32-byte hex hash", rec.OpHash)
	}
	hash := common.HexToHash(rec.OpHash)
	if chainID != nil {
		if got := op.Hash(entryPoint, chainID); got != hash {
			return nil, common.Hash{}, fmt.Errorf("stored operation %s hashes to %s with EntryPoint %s on chain %s", rec.OpHash, got, entryPoint, chainID)
		}
	}
	return &op, hash, nil
}

func isHash(s string) bool {
	b, err := hexutil.Decode(s)
	return err == nil && len(b) == common.HashLength
}

// hashKey is the form the store keys operations by.
func hashKey(h common.Hash) string { return strings.ToLower(h.Hex()) }

// statusUpdate is one write of an operation's status.
type statusUpdate struct {
	hash   common.Hash
	status predict.OpStatus
	reason string
	tx     common.Hash
}

// statusWriter writes status changes in the background, in the order they
// were made, so the bundling loop never waits for the database (a bundle
// of 100 operations is 100 writes). Losing queued writes in a crash is
// harmless: the operations stay pending in the store and the next start
// finds them mined (receipt, nonce, event) or sends them again.
type statusWriter struct {
	store predict.OperationStore
	pub   events.Publisher // may be nil
	log   *slog.Logger

	mu    sync.Mutex
	queue []statusUpdate
	wake  chan struct{}
}

func newStatusWriter(store predict.OperationStore, pub events.Publisher, log *slog.Logger) *statusWriter {
	return &statusWriter{store: store, pub: pub, log: log, wake: make(chan struct{}, 1)}
}

// add queues a write; it never blocks.
func (w *statusWriter) add(u statusUpdate) {
	w.mu.Lock()
	w.queue = append(w.queue, u)
	w.mu.Unlock()
	select {
	case w.wake <- struct{}{}:
	default:
	}
}

// start runs the writer on a context that outlives ctx, so that the
// writes of a Run's last round are made after ctx ends; stop cancels it
// and waits until it has drained.
func (w *statusWriter) start(ctx context.Context) (stop func()) {
	wctx, cancel := context.WithCancel(context.WithoutCancel(ctx))
	done := make(chan struct{})
	go func() { defer close(done); w.run(wctx) }()
	return func() { cancel(); <-done }
}

// run writes until ctx ends, then drains what is queued with a bounded
// grace period. The end of ctx only says to stop once drained: a write
// under way when it ends is finished, not abandoned (an abandoned write
// would lose that status for good, since it has left the queue).
func (w *statusWriter) run(ctx context.Context) {
	wctx := context.WithoutCancel(ctx)
	for {
		select {
		case <-ctx.Done():
			drain, cancel := context.WithTimeout(wctx, 10*time.Second)
			w.flush(drain)
			cancel()
			return
		case <-w.wake:
			w.flush(wctx)
		}
	}
}

func (w *statusWriter) flush(ctx context.Context) {
	for {
		w.mu.Lock()
		batch := w.queue
		w.queue = nil
		w.mu.Unlock()
		if len(batch) == 0 {
			return
		}
		for _, u := range batch {
			w.write(ctx, u)
		}
	}
}

// writeTimeout bounds one attempt of a status write, so a database that
// hangs cannot hold a stopping bundler.
const writeTimeout = 10 * time.Second

// write retries a failing write a few times: a busy database should not
// leave an operation pending that the bundler already handled.
func (w *statusWriter) write(ctx context.Context, u statusUpdate) {
	tx := ""
	if u.tx != (common.Hash{}) {
		tx = hashKey(u.tx)
	}
	var (
		err      error
		notified string
	)
	for attempt := 0; attempt < 3; attempt++ {
		actx, cancel := context.WithTimeout(ctx, writeTimeout)
		notified, err = w.store.ChangeOperationStatus(actx, hashKey(u.hash), u.status, u.reason, tx, 0)
		cancel()
		if err == nil || predict.ErrorCode(err) == predict.ENOTFOUND {
			break
		}
		select {
		case <-ctx.Done():
		case <-time.After(time.Duration(attempt+1) * 100 * time.Millisecond):
		}
	}
	if err != nil {
		w.log.Warn("recording operation status", "op", u.hash, "status", u.status, "err", err)
	}
	// The store committed the notification with the status; the event
	// only tells the user's streams to fetch it.
	if notified != "" && w.pub != nil {
		if err := w.pub.Publish(ctx, events.UserNewNotification(notified)); err != nil {
			w.log.Warn("publishing a notification event", "op", u.hash, "err", err)
		}
	}
	if err == nil && (u.status == predict.OpSubmitted || notified != "") {
		w.announce(ctx, u, tx)
	}
}

// announce tells the operation's user its new status
// (user:operation_status), read back from the store: a status the store
// did not take (a late write for an operation already final) is not
// announced.
func (w *statusWriter) announce(ctx context.Context, u statusUpdate, tx string) {
	if w.pub == nil {
		return
	}
	op, err := w.store.OperationByHash(ctx, hashKey(u.hash))
	if err != nil {
		w.log.Warn("reading an operation to announce its status", "op", u.hash, "err", err)
		return
	}
	if op.Status != u.status {
		return
	}
	if err := w.pub.Publish(ctx, events.UserOperationStatus(op.UID, op.OpHash, string(op.Status), op.Reason, tx, op.Market, op.Kind)); err != nil {
		w.log.Warn("publishing an operation status event", "op", u.hash, "err", err)
	}
}

// ticksEvery ticks every d, or never when d is not positive (the rescan
// is off).
func ticksEvery(d time.Duration) (ticks <-chan time.Time, stop func()) {
	if d <= 0 {
		return nil, func() {}
	}
	t := time.NewTicker(d)
	return t.C, t.Stop
}

var errRunning = errors.New("bundler: Run called twice")
