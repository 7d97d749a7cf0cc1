package bundler

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math/big"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	ethereum "github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/ethclient"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/internal/aa"
	"github.com/predict-dev/predict/internal/chain/bindings"
	"github.com/predict-dev/predict/wire"
)

// Backend is the chain access of the built-in bundler; *ethclient.Client
// satisfies it. When the value also has Client() *rpc.Client, account
// nonces are read in one JSON-RPC batch.
type Backend interface {
	ChainID(ctx context.Context) (*big.Int, error)
	HeaderByNumber(ctx context.Context, number *big.Int) (*types.Header, error)
	CallContract(ctx context.Context, msg ethereum.CallMsg, blockNumber *big.Int) ([]byte, error)
	FilterLogs(ctx context.Context, q ethereum.FilterQuery) ([]types.Log, error)
	NonceAt(ctx context.Context, account common.Address, blockNumber *big.Int) (uint64, error)
	PendingNonceAt(ctx context.Context, account common.Address) (uint64, error)
	SuggestGasTipCap(ctx context.Context) (*big.Int, error)
	SendTransaction(ctx context.Context, tx *types.Transaction) error
	TransactionByHash(ctx context.Context, hash common.Hash) (tx *types.Transaction, isPending bool, err error)
	TransactionReceipt(ctx context.Context, txHash common.Hash) (*types.Receipt, error)
}

// Builtin bundles operations into EntryPoint.handleOps transactions sent
// from the service's bundler key. Submit only queues; Run does the work,
// one round per Interval:
//
//  1. settle: bundles whose nonce the chain has used are looked up (the
//     receipt's UserOperationEvents tell which operations ran; a failed
//     receipt sends its operations back to the queue), and a bundle
//     unmined for StuckAfter is replaced with the same nonce and fees
//     raised by 12.5%;
//  2. bundle: queued operations whose paymaster validity is over or whose
//     nonce is used are dropped, the rest packed (pack) into as many
//     batches as one block holds, each checked with eth_call, dropping
//     the operation each FailedOp names, then signed with the locally
//     counted nonce and sent; the operations become submitted.
//
// Several operations of one account go into one batch when their nonces
// are consecutive. With the VerifyingPaymaster each needs a paymaster
// signature over the paymaster's per-sender counter as it will be when
// the operation validates (the counter increments per sponsored
// operation), not as it is on chain when the operation is prepared.
type Builtin struct {
	cfg    Config
	log    *slog.Logger
	m      *Metrics
	from   common.Address
	ep     *abi.ABI
	evID   common.Hash
	writer *statusWriter

	mu       sync.Mutex
	known    map[common.Hash]*entry // every operation held, done ones for finishedTTL
	incoming []*entry               // submitted since the last round
	seq      uint64
	running  atomic.Bool // Run was called
	// kick wakes Run when an operation arrives, so a bundle leaves soon
	// after instead of at the next tick: with one round per block
	// interval, every operation waited up to a block before being sent.
	kick chan struct{}

	// Owned by Run's goroutine.
	queue    []*entry
	inflight []*bundleTx
	nonce    uint64 // next nonce of the bundler key
	chainID  *big.Int
	signer   types.Signer
	interval time.Duration
	tip      *big.Int // priority fee of the current round
}

// bundleTx is one bundler nonce in flight: the transaction and the
// replacements sent with it.
type bundleTx struct {
	nonce  uint64
	ops    []*entry               // in the latest attempt, handleOps order
	all    map[common.Hash]*entry // in any attempt
	drops  map[common.Hash]string // taken out of a replacement; dropped once the nonce is mined
	txs    []*types.Transaction   // attempts, oldest first
	tip    *big.Int               // priority fee of the latest attempt (sent or refused)
	feeCap *big.Int               // fee cap of the latest attempt
	sentAt time.Time              // when the latest attempt was made
	unseen int                    // rounds the nonce was used with no receipt among txs
}

// NewBuiltin checks cfg and returns a bundler; nothing runs before Run.
func NewBuiltin(cfg Config) (*Builtin, error) {
	switch {
	case cfg.Client == nil:
		return nil, errors.New("bundler: Client is required")
	case cfg.Key == nil:
		return nil, errors.New("bundler: Key is required")
	case cfg.Store == nil:
		return nil, errors.New("bundler: Store is required")
	case cfg.EntryPoint == (common.Address{}):
		return nil, errors.New("bundler: EntryPoint is required")
	case cfg.MaxBatchGas > maxTxGas:
		return nil, fmt.Errorf("bundler: MaxBatchGas %d is above the per-transaction cap of %d", cfg.MaxBatchGas, maxTxGas)
	}
	if cfg.MaxBatchGas == 0 {
		cfg.MaxBatchGas = DefaultMaxBatchGas
	}
	if cfg.MaxBatchOps <= 0 {
		cfg.MaxBatchOps = DefaultMaxBatchOps
	}
	if cfg.StuckAfter <= 0 {
		cfg.StuckAfter = DefaultStuckAfter
	}
	if cfg.Rescan == 0 {
		cfg.Rescan = DefaultRescan
	}
	if cfg.Lookback == 0 {
		cfg.Lookback = DefaultLookback
	}
	if cfg.MaxAttempts <= 0 {
		cfg.MaxAttempts = DefaultMaxAttempts
	}
	if cfg.MaxFeeCap == nil {
		cfg.MaxFeeCap = wire.MaxFeePerGas
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default().With("component", "bundler")
	}
	if cfg.Metrics == nil {
		cfg.Metrics = NewMetrics()
	}
	from := crypto.PubkeyToAddress(cfg.Key.PublicKey)
	if cfg.Beneficiary == (common.Address{}) {
		cfg.Beneficiary = from
	}
	ep, err := bindings.EntryPointMetaData.GetAbi()
	if err != nil {
		return nil, err
	}
	log := cfg.Logger
	return &Builtin{
		cfg: cfg, log: log, m: cfg.Metrics, from: from, ep: ep,
		evID:   ep.Events["UserOperationEvent"].ID,
		writer: newStatusWriter(cfg.Store, cfg.Publisher, log),
		known:  map[common.Hash]*entry{},
		kick:   make(chan struct{}, 1),
	}, nil
}

// Submit queues op for the next round. It never fails: the operation is
// in the store already, and a queued operation that cannot be bundled is
// dropped there with its reason.
func (b *Builtin) Submit(ctx context.Context, op *aa.UserOperation, opHash common.Hash) error {
	b.mu.Lock()
	defer b.mu.Unlock()
	if _, ok := b.known[opHash]; ok {
		return nil
	}
	b.seq++
	e := newEntry(op.Copy(), opHash, b.seq)
	b.known[opHash] = e
	b.incoming = append(b.incoming, e)
	b.m.Pending.Inc()
	select {
	case b.kick <- struct{}{}:
	default:
	}
	return nil
}

// Run works until ctx ends. It first reads the chain id, the bundler
// key's pending nonce and the store's unfinished operations, retrying
// while the node or the database fails.
func (b *Builtin) Run(ctx context.Context) error {
	if !b.running.CompareAndSwap(false, true) {
		return errRunning
	}
	defer b.writer.start(ctx)()

	for {
		err := b.start(ctx)
		if err == nil {
			break
		}
		if errors.Is(err, errConfig) {
			return err
		}
		b.log.Warn("bundler start failed; retrying", "err", err)
		select {
		case <-ctx.Done():
			return nil
		case <-time.After(time.Second):
		}
	}
	b.log.Info("bundler running", "address", b.from, "nonce", b.nonce, "interval", b.interval,
		"max_batch_gas", b.cfg.MaxBatchGas, "max_batch_ops", b.cfg.MaxBatchOps, "queued", len(b.queue), "in_flight", len(b.inflight))

	tick := time.NewTicker(b.interval)
	defer tick.Stop()
	rescan, stopRescan := ticksEvery(b.cfg.Rescan)
	defer stopRescan()
	for {
		select {
		case <-ctx.Done():
			b.log.Info("bundler stopped", "queued", len(b.queue), "in_flight", len(b.inflight))
			return nil
		case <-rescan:
			if err := b.load(ctx); err != nil && ctx.Err() == nil {
				b.log.Warn("reloading pending operations", "err", err)
			}
		case <-tick.C:
			b.round(ctx)
		case <-b.kick:
			// Gather what arrives within a tenth of a block, so bursts
			// still share bundles.
			select {
			case <-ctx.Done():
			case <-time.After(gatherWindow(b.interval)):
			}
			b.round(ctx)
		}
	}
}

// gatherWindow is how long a kicked round waits for more operations.
func gatherWindow(interval time.Duration) time.Duration {
	return min(max(interval/10, 10*time.Millisecond), 200*time.Millisecond)
}

// start reads what Run needs from the chain and the store.
func (b *Builtin) start(ctx context.Context) error {
	if b.chainID == nil {
		id := b.cfg.ChainID
		if id == nil {
			var err error
			if id, err = b.cfg.Client.ChainID(ctx); err != nil {
				return fmt.Errorf("chain id: %w", err)
			}
		}
		b.chainID = new(big.Int).Set(id)
		b.signer = types.LatestSignerForChainID(b.chainID)
	}
	if b.interval == 0 {
		b.interval = b.cfg.Interval
		if b.interval <= 0 {
			b.interval = estimateInterval(ctx, b.cfg.Client)
		}
	}
	if err := b.checkBeneficiary(ctx); err != nil {
		return err
	}
	n, err := b.cfg.Client.PendingNonceAt(ctx, b.from)
	if err != nil {
		return fmt.Errorf("bundler nonce: %w", err)
	}
	b.nonce = max(b.nonce, n)
	return b.load(ctx)
}

// errConfig marks a configuration Run cannot work with.
var errConfig = errors.New("bundler: bad configuration")

// checkBeneficiary refuses a beneficiary that cannot receive ETH: every
// handleOps would revert (AA91 failed send to beneficiary) with no
// operation to blame, and the operations would be dropped one by one.
func (b *Builtin) checkBeneficiary(ctx context.Context) error {
	if b.cfg.Beneficiary == b.from {
		return nil
	}
	_, err := b.cfg.Client.CallContract(ctx, ethereum.CallMsg{From: b.from, To: &b.cfg.Beneficiary, Value: big.NewInt(1)}, nil)
	if err == nil {
		return nil
	}
	if _, reverted := ethclient.RevertErrorData(err); reverted || strings.Contains(err.Error(), "execution reverted") {
		return fmt.Errorf("%w: the beneficiary %s does not accept ETH: %v", errConfig, b.cfg.Beneficiary, err)
	}
	return fmt.Errorf("checking the beneficiary: %w", err)
}

// estimateInterval is the mean block interval over the last 20 blocks,
// between 100 ms and 12 s; 1 s when the chain is too young to tell.
func estimateInterval(ctx context.Context, c Backend) time.Duration {
	const span = 20
	head, err := c.HeaderByNumber(ctx, nil)
	if err != nil || head.Number.Uint64() < span {
		return time.Second
	}
	old, err := c.HeaderByNumber(ctx, new(big.Int).Sub(head.Number, big.NewInt(span)))
	if err != nil || head.Time <= old.Time {
		return time.Second
	}
	d := time.Duration(head.Time-old.Time) * time.Second / span
	return min(max(d, 100*time.Millisecond), 12*time.Second)
}

// load adds the store's pending and submitted operations this bundler
// does not hold. A submitted one is checked first: mined with its
// UserOperationEvent, it is done; its transaction still in the node's
// pool, that transaction is adopted (tracked and replaced when stuck, not
// sent twice); otherwise it is queued, and the round's nonce check tells
// whether it ran after all.
func (b *Builtin) load(ctx context.Context) error {
	recs, err := b.cfg.Store.PendingOperations(ctx, storeLimit)
	if err != nil {
		return err
	}
	byTx := map[common.Hash][]*entry{}
	var txs []common.Hash
	for _, rec := range recs {
		op, hash, err := decodeStored(rec, b.cfg.EntryPoint, b.chainID)
		if err != nil {
			b.log.Error("skipping a stored operation", "err", err)
			continue
		}
		b.mu.Lock()
		_, held := b.known[hash]
		var e *entry
		if !held {
			b.seq++
			e = newEntry(op, hash, b.seq)
			b.known[hash] = e
		}
		b.mu.Unlock()
		if held {
			continue
		}
		if rec.Status == predict.OpSubmitted && isHash(rec.TxHash) {
			tx := common.HexToHash(rec.TxHash)
			if _, ok := byTx[tx]; !ok {
				txs = append(txs, tx)
			}
			byTx[tx] = append(byTx[tx], e)
			continue
		}
		b.requeue(e)
	}
	for _, tx := range txs {
		b.recover(ctx, tx, byTx[tx])
	}
	b.updatePending()
	return nil
}

// recover decides about operations the store says are in transaction
// txHash.
func (b *Builtin) recover(ctx context.Context, txHash common.Hash, es []*entry) {
	rcpt, err := b.cfg.Client.TransactionReceipt(ctx, txHash)
	if err == nil && rcpt != nil {
		ran := b.executedIn(rcpt)
		for _, e := range es {
			if rcpt.Status == types.ReceiptStatusSuccessful && ran[e.hash] {
				b.finish(e)
			} else {
				b.requeue(e)
			}
		}
		return
	}
	tx, pending, err := b.cfg.Client.TransactionByHash(ctx, txHash)
	if err == nil && pending && b.adopt(tx, es) {
		return
	}
	for _, e := range es {
		b.requeue(e)
	}
}

// adopt tracks a bundle transaction of an earlier run that is still in
// the node's pool, so it is replaced when stuck rather than raced by a
// second bundle with the same operations.
func (b *Builtin) adopt(tx *types.Transaction, es []*entry) bool {
	if tx.To() == nil || *tx.To() != b.cfg.EntryPoint || len(tx.Data()) < 4 {
		return false
	}
	if from, err := types.Sender(b.signer, tx); err != nil || from != b.from {
		return false
	}
	method, err := b.ep.MethodById(tx.Data()[:4])
	if err != nil || method.Name != "handleOps" {
		return false
	}
	args, err := method.Inputs.Unpack(tx.Data()[4:])
	if err != nil || len(args) != 2 {
		return false
	}
	ops, ok := convertOps(args[0])
	if !ok {
		return false
	}
	mine := map[common.Hash]*entry{}
	for _, e := range es {
		mine[e.hash] = e
	}
	f := &bundleTx{nonce: tx.Nonce(), all: map[common.Hash]*entry{}, drops: map[common.Hash]string{},
		txs: []*types.Transaction{tx}, tip: tx.GasTipCap(), feeCap: tx.GasFeeCap(), sentAt: time.Now()}
	for _, bop := range ops {
		op := fromBinding(bop)
		h := op.Hash(b.cfg.EntryPoint, b.chainID)
		e := mine[h]
		if e == nil {
			b.mu.Lock()
			if e = b.known[h]; e == nil {
				b.seq++
				e = newEntry(op, h, b.seq)
				b.known[h] = e
			}
			b.mu.Unlock()
		}
		delete(mine, h)
		e.state = stateInflight
		f.ops = append(f.ops, e)
		f.all[h] = e
	}
	for _, e := range mine {
		b.requeue(e)
	}
	b.compactQueue()
	b.inflight = append(b.inflight, f)
	b.nonce = max(b.nonce, tx.Nonce()+1)
	b.log.Info("adopted a pending bundle of an earlier run", "tx", tx.Hash(), "nonce", tx.Nonce(), "ops", len(f.ops))
	return true
}

// convertOps turns handleOps' decoded argument into the binding type.
func convertOps(v any) (ops []bindings.UserOperation, ok bool) {
	defer func() {
		if recover() != nil {
			ok = false
		}
	}()
	return *abi.ConvertType(v, new([]bindings.UserOperation)).(*[]bindings.UserOperation), true
}

func fromBinding(u bindings.UserOperation) *aa.UserOperation {
	return &aa.UserOperation{
		Sender: u.Sender, Nonce: u.Nonce, InitCode: u.InitCode, CallData: u.CallData,
		CallGasLimit: u.CallGasLimit, VerificationGasLimit: u.VerificationGasLimit, PreVerificationGas: u.PreVerificationGas,
		MaxFeePerGas: u.MaxFeePerGas, MaxPriorityFeePerGas: u.MaxPriorityFeePerGas,
		PaymasterAndData: u.PaymasterAndData, Signature: u.Signature,
	}
}

// requeue puts an operation back in the queue.
func (b *Builtin) requeue(e *entry) {
	e.state = stateQueued
	if !e.inQueue {
		e.inQueue = true
		b.queue = append(b.queue, e)
	}
}

// finish marks an operation mined: the indexer records what it did.
func (b *Builtin) finish(e *entry) {
	e.state, e.doneAt = stateDone, time.Now()
}

// drop marks an operation dropped in the store with its reason.
func (b *Builtin) drop(e *entry, reason, class string) {
	e.state, e.doneAt = stateDone, time.Now()
	b.writer.add(statusUpdate{hash: e.hash, status: predict.OpDropped, reason: reason})
	b.m.OpsDropped.WithLabelValues(reasonClass(reason, class)).Inc()
	b.log.Warn(fmt.Sprintf("dropped op %s: %s", e.hash, reason), "op", e.hash, "sender", e.op.Sender, "nonce", e.op.Nonce, "reason", reason)
}

func (b *Builtin) updatePending() {
	n := len(b.queue)
	for _, f := range b.inflight {
		n += len(f.all)
	}
	b.mu.Lock()
	n += len(b.incoming)
	b.mu.Unlock()
	b.m.Pending.Set(float64(n))
}
