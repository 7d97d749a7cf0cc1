package bundler

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math/big"
	"slices"
	"strings"
	"sync"
	"time"

	ethereum "github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/ethclient"
	"github.com/ethereum/go-ethereum/rpc"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/internal/aa"
	"github.com/predict-dev/predict/internal/chain/bindings"
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
	running  bool

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
		cfg.MaxFeeCap = aa.MaxFeePerGas
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
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
	log := cfg.Logger.With("component", "bundler")
	return &Builtin{
		cfg: cfg, log: log, m: cfg.Metrics, from: from, ep: ep,
		evID:   ep.Events["UserOperationEvent"].ID,
		writer: newStatusWriter(cfg.Store, log),
		known:  map[common.Hash]*entry{},
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
	return nil
}

// Run works until ctx ends. It first reads the chain id, the bundler
// key's pending nonce and the store's unfinished operations, retrying
// while the node or the database fails.
func (b *Builtin) Run(ctx context.Context) error {
	b.mu.Lock()
	if b.running {
		b.mu.Unlock()
		return errRunning
	}
	b.running = true
	b.mu.Unlock()

	wctx, stopWriter := context.WithCancel(context.WithoutCancel(ctx))
	writerDone := make(chan struct{})
	go func() { defer close(writerDone); b.writer.run(wctx) }()
	defer func() { stopWriter(); <-writerDone }()

	for {
		err := b.start(ctx)
		if err == nil {
			break
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
	var rescan <-chan time.Time
	if b.cfg.Rescan > 0 {
		t := time.NewTicker(b.cfg.Rescan)
		defer t.Stop()
		rescan = t.C
	}
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
		}
	}
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
	n, err := b.cfg.Client.PendingNonceAt(ctx, b.from)
	if err != nil {
		return fmt.Errorf("bundler nonce: %w", err)
	}
	b.nonce = max(b.nonce, n)
	return b.load(ctx)
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

// round is one bundling step.
func (b *Builtin) round(ctx context.Context) {
	b.mu.Lock()
	incoming := b.incoming
	b.incoming = nil
	for h, e := range b.known {
		if e.state == stateDone && time.Since(e.doneAt) > finishedTTL {
			delete(b.known, h)
		}
	}
	b.mu.Unlock()
	for _, e := range incoming {
		if e.state == stateQueued {
			b.requeue(e)
		}
	}
	defer b.updatePending()
	if len(b.queue) == 0 && len(b.inflight) == 0 {
		return
	}
	head, err := b.cfg.Client.HeaderByNumber(ctx, nil)
	if err != nil {
		if ctx.Err() == nil {
			b.log.Warn("reading the head block", "err", err)
		}
		return
	}
	b.tip = nil
	if len(b.inflight) > 0 {
		b.settle(ctx, head)
	}
	if len(b.queue) > 0 {
		b.bundle(ctx, head)
	}
}

// settle follows the bundles in flight.
func (b *Builtin) settle(ctx context.Context, head *types.Header) {
	mined, err := b.cfg.Client.NonceAt(ctx, b.from, head.Number)
	if err != nil {
		b.log.Warn("reading the bundler's nonce", "err", err)
		return
	}
	// Someone else sending from the key (or a stale start) moved the
	// nonce on: never reuse a nonce the chain has used.
	b.nonce = max(b.nonce, mined)
	slices.SortFunc(b.inflight, func(x, y *bundleTx) int { return cmp.Compare(x.nonce, y.nonce) })
	keep := b.inflight[:0]
	for _, f := range b.inflight {
		if f.nonce < mined {
			if rcpt := b.receiptOf(ctx, f); rcpt != nil {
				b.mined(f, rcpt)
				continue
			}
			// The receipt may lag the nonce on a load-balanced node;
			// after three rounds the nonce went to a transaction this
			// bundler does not know, and its operations are retried.
			if f.unseen++; f.unseen >= 3 {
				b.log.Warn("bundle nonce used by an unknown transaction; retrying its operations", "nonce", f.nonce)
				b.release(f, map[common.Hash]bool{})
				continue
			}
			keep = append(keep, f)
			continue
		}
		switch {
		case head.BaseFee != nil && f.feeCap.Cmp(head.BaseFee) < 0:
			// No block will include it until the base fee falls: waiting
			// StuckAfter would only idle the chain (a burst of full blocks
			// raises the base fee 12.5% each).
			b.replace(ctx, f, head, "fee cap below the base fee")
		case time.Since(f.sentAt) >= b.cfg.StuckAfter:
			b.replace(ctx, f, head, "not mined after "+b.cfg.StuckAfter.String())
		}
		keep = append(keep, f)
	}
	b.inflight = keep
}

// receiptOf returns the receipt of whichever attempt of f was mined.
func (b *Builtin) receiptOf(ctx context.Context, f *bundleTx) *types.Receipt {
	for i := len(f.txs) - 1; i >= 0; i-- {
		r, err := b.cfg.Client.TransactionReceipt(ctx, f.txs[i].Hash())
		if err == nil && r != nil {
			return r
		}
	}
	return nil
}

// executedIn returns the operations a receipt has a UserOperationEvent for.
func (b *Builtin) executedIn(r *types.Receipt) map[common.Hash]bool {
	ran := map[common.Hash]bool{}
	for _, l := range r.Logs {
		if l.Address == b.cfg.EntryPoint && len(l.Topics) > 1 && l.Topics[0] == b.evID {
			ran[l.Topics[1]] = true
		}
	}
	return ran
}

// mined settles a bundle whose transaction has a receipt.
func (b *Builtin) mined(f *bundleTx, r *types.Receipt) {
	if r.Status != types.ReceiptStatusSuccessful {
		b.m.BundlesFailed.Inc()
		b.log.Warn(fmt.Sprintf("bundle tx %s reverted on chain in block %s", r.TxHash, r.BlockNumber),
			"tx", r.TxHash, "block", r.BlockNumber, "gas_used", r.GasUsed, "ops", len(f.ops))
		b.release(f, nil)
		return
	}
	b.log.Debug(fmt.Sprintf("bundle tx %s mined in block %s", r.TxHash, r.BlockNumber),
		"tx", r.TxHash, "block", r.BlockNumber, "gas_used", r.GasUsed, "ops", len(f.ops))
	b.release(f, b.executedIn(r))
}

// release ends a bundle: operations that ran are done, those taken out
// of a replacement are dropped now that they can no longer run in it,
// the others go back to the queue. With ran nil the transaction failed:
// each operation has one attempt fewer left.
func (b *Builtin) release(f *bundleTx, ran map[common.Hash]bool) {
	for h, e := range f.all {
		switch reason, dropped := f.drops[h]; {
		case ran[h]:
			b.finish(e)
		case dropped:
			b.drop(e, reason, reasonOther)
		case ran == nil:
			if e.attempts++; e.attempts >= b.cfg.MaxAttempts {
				b.drop(e, fmt.Sprintf("handleOps reverted on chain %d times", e.attempts), reasonReverted)
				continue
			}
			b.requeue(e)
		default:
			b.requeue(e)
		}
	}
}

// bundle packs the queue into batches and sends them.
func (b *Builtin) bundle(ctx context.Context, head *types.Header) {
	maxBundles := 1
	if b.cfg.MaxBatchGas > 0 && head.GasLimit/b.cfg.MaxBatchGas > 1 {
		maxBundles = int(head.GasLimit / b.cfg.MaxBatchGas)
	}
	room := 2*maxBundles - len(b.inflight)
	if room <= 0 {
		return // the chain is not taking what was sent; don't pile on
	}
	skip := map[common.Address]bool{}
	for _, f := range b.inflight {
		for _, e := range f.all {
			skip[e.op.Sender] = true
		}
	}
	slices.SortFunc(b.queue, func(x, y *entry) int { return cmp.Compare(x.seq, y.seq) })
	var ready []*entry
	keys := map[nonceKey]bool{}
	for _, e := range b.queue {
		switch {
		case e.validUntil != 0 && e.validUntil <= head.Time:
			b.drop(e, fmt.Sprintf("AA32 paymaster expired or not due (valid until %d, head block time %d)", e.validUntil, head.Time), reasonExpired)
			continue
		case e.validAfter > head.Time:
			skip[e.op.Sender] = true
		}
		ready = append(ready, e)
		if !skip[e.op.Sender] {
			keys[e.key] = true
		}
	}
	nonces, err := b.chainNonces(ctx, keys)
	if err != nil {
		if ctx.Err() == nil {
			b.log.Warn("reading account nonces", "err", err)
		}
		b.compactQueue()
		return
	}
	plan := pack(ready, nonces, skip, limits{maxGas: b.cfg.MaxBatchGas, maxOps: b.cfg.MaxBatchOps, maxBundles: min(maxBundles, room)})
	for _, e := range plan.consumed {
		b.consumed(ctx, e, head, "AA25 invalid account nonce")
	}
	for _, e := range plan.tooBig {
		b.drop(e, fmt.Sprintf("gas limits need %d gas, more than a bundle may use (%d)", e.cost, b.cfg.MaxBatchGas), reasonGasLimit)
	}
	for _, batch := range plan.batches {
		ops, err := b.check(ctx, batch, head, nil)
		if errors.Is(err, errBatchReverted) {
			// Nothing names a culprit: count an attempt against every
			// operation, so a batch that always fails ends.
			b.log.Warn("bundle check reverted", "ops", len(batch), "err", err)
			for _, e := range batch {
				if e.attempts++; e.attempts >= b.cfg.MaxAttempts {
					b.drop(e, err.Error(), reasonReverted)
				}
			}
			continue
		}
		if err != nil {
			if ctx.Err() == nil {
				b.log.Warn("checking a bundle", "err", err)
			}
			break
		}
		if len(ops) > 0 && !b.send(ctx, ops, head) {
			break
		}
	}
	b.compactQueue()
}

// compactQueue keeps only queued operations in the queue.
func (b *Builtin) compactQueue() {
	b.queue = slices.DeleteFunc(b.queue, func(e *entry) bool {
		if e.state != stateQueued {
			e.inQueue = false
			return true
		}
		return false
	})
}

// chainNonces reads EntryPoint.getNonce for each key, in one JSON-RPC
// batch when the backend allows.
func (b *Builtin) chainNonces(ctx context.Context, keys map[nonceKey]bool) (map[nonceKey]*big.Int, error) {
	out := make(map[nonceKey]*big.Int, len(keys))
	if len(keys) == 0 {
		return out, nil
	}
	list := make([]nonceKey, 0, len(keys))
	datas := make([][]byte, 0, len(keys))
	for k := range keys {
		data, err := b.ep.Pack("getNonce", k.sender, new(big.Int).SetBytes(k.key[:]))
		if err != nil {
			return nil, err
		}
		list = append(list, k)
		datas = append(datas, data)
	}
	results := make([][]byte, len(list))
	if rc, ok := b.cfg.Client.(interface{ Client() *rpc.Client }); ok {
		const chunk = 500
		for start := 0; start < len(list); start += chunk {
			end := min(start+chunk, len(list))
			reqs := make([]rpc.BatchElem, end-start)
			raw := make([]hexutil.Bytes, end-start)
			for i := range reqs {
				reqs[i] = rpc.BatchElem{Method: "eth_call", Args: []any{map[string]any{
					"to": b.cfg.EntryPoint, "data": hexutil.Bytes(datas[start+i])}, "latest"}, Result: &raw[i]}
			}
			if err := rc.Client().BatchCallContext(ctx, reqs); err != nil {
				return nil, err
			}
			for i := range reqs {
				if reqs[i].Error != nil {
					return nil, reqs[i].Error
				}
				results[start+i] = raw[i]
			}
		}
	} else {
		for i, data := range datas {
			res, err := b.cfg.Client.CallContract(ctx, ethereum.CallMsg{To: &b.cfg.EntryPoint, Data: data}, nil)
			if err != nil {
				return nil, err
			}
			results[i] = res
		}
	}
	for i, k := range list {
		vals, err := b.ep.Unpack("getNonce", results[i])
		if err != nil || len(vals) != 1 {
			return nil, fmt.Errorf("decode getNonce of %s: %v", k.sender, err)
		}
		n, ok := vals[0].(*big.Int)
		if !ok {
			return nil, fmt.Errorf("decode getNonce of %s: %T", k.sender, vals[0])
		}
		out[k] = n
	}
	return out, nil
}

// errBatchReverted is a batch check that reverted without naming an
// operation (or naming one that is not in the batch).
var errBatchReverted = errors.New("handleOps reverted without a FailedOp")

// check runs handleOps(ops) with eth_call at the head and removes the
// operation each FailedOp names, with the operations of the same sender
// after it (they cannot run without it; they stay queued), until the
// batch passes. With drops nil a named operation is dropped at once;
// otherwise (a replacement) its reason is kept in drops, to be applied
// when the nonce is mined, since the earlier transaction may yet be the
// one mined. An RPC failure returns its error and changes nothing; a
// revert that names no operation returns errBatchReverted.
func (b *Builtin) check(ctx context.Context, ops []*entry, head *types.Header, drops map[common.Hash]string) ([]*entry, error) {
	for len(ops) > 0 {
		data, err := b.handleOpsData(ops)
		if err != nil {
			return nil, err
		}
		_, err = b.cfg.Client.CallContract(ctx, ethereum.CallMsg{
			From: b.from, To: &b.cfg.EntryPoint, Gas: BatchGas(opsOf(ops), data), Data: data}, nil)
		if err == nil {
			return ops, nil
		}
		revert, ok := ethclient.RevertErrorData(err)
		if !ok {
			return nil, err
		}
		rev, derr := bindings.DecodeRevert(revert)
		if derr != nil {
			return nil, fmt.Errorf("%w: undecodable revert 0x%x", errBatchReverted, revert)
		}
		var idx *big.Int
		var reason string
		if rev.Name == "FailedOp" && len(rev.Args) == 2 {
			idx, _ = rev.Args[0].(*big.Int)
			reason, _ = rev.Args[1].(string)
		}
		if idx == nil || !idx.IsInt64() || idx.Int64() < 0 || idx.Int64() >= int64(len(ops)) {
			return nil, fmt.Errorf("%w: %s", errBatchReverted, rev.Error())
		}
		i := int(idx.Int64())
		victim := ops[i]
		var rest []*entry
		for j, e := range ops {
			if j == i || (j > i && e.op.Sender == victim.op.Sender) {
				continue
			}
			rest = append(rest, e)
		}
		if drops != nil {
			drops[victim.hash] = reason
		} else if strings.HasPrefix(reason, "AA25") {
			b.consumed(ctx, victim, head, reason)
		} else {
			b.drop(victim, reason, reasonOther)
		}
		ops = rest
	}
	return nil, nil
}

func opsOf(es []*entry) []*aa.UserOperation {
	ops := make([]*aa.UserOperation, len(es))
	for i, e := range es {
		ops[i] = e.op
	}
	return ops
}

func (b *Builtin) handleOpsData(es []*entry) ([]byte, error) {
	ops := make([]bindings.UserOperation, len(es))
	for i, e := range es {
		ops[i] = e.op.Binding()
	}
	return b.ep.Pack("handleOps", ops, b.cfg.Beneficiary)
}

// consumed handles an operation whose nonce the account has used: if its
// own UserOperationEvent is on chain (it ran in a bundle this process lost
// track of, or someone else sent it) it is done, and the indexer records
// it; otherwise another operation took the nonce and it is dropped. A
// failed search leaves it queued, three times at most.
func (b *Builtin) consumed(ctx context.Context, e *entry, head *types.Header, reason string) {
	from := uint64(0)
	if n := head.Number.Uint64(); n > b.cfg.Lookback {
		from = n - b.cfg.Lookback
	}
	logs, err := b.cfg.Client.FilterLogs(ctx, ethereum.FilterQuery{
		FromBlock: new(big.Int).SetUint64(from), ToBlock: head.Number,
		Addresses: []common.Address{b.cfg.EntryPoint},
		Topics:    [][]common.Hash{{b.evID}, {e.hash}},
	})
	if err != nil {
		if e.lookups++; e.lookups < 3 {
			b.log.Warn("searching for an operation's event", "op", e.hash, "err", err)
			return
		}
		b.drop(e, reason, reasonOther)
		return
	}
	if len(logs) > 0 {
		b.log.Info("operation already executed", "op", e.hash, "tx", logs[0].TxHash, "block", logs[0].BlockNumber)
		b.finish(e)
		return
	}
	b.drop(e, reason, reasonOther)
}

// fees returns the priority fee and fee cap of a new bundle transaction:
// twice the head's base fee plus the tip, which survives six full blocks
// of base-fee growth (12.5% each).
func (b *Builtin) fees(ctx context.Context, head *types.Header) (tip, feeCap *big.Int) {
	if b.tip == nil {
		switch {
		case b.cfg.TipCap != nil:
			b.tip = new(big.Int).Set(b.cfg.TipCap)
		default:
			t, err := b.cfg.Client.SuggestGasTipCap(ctx)
			if err != nil {
				b.log.Warn("reading the priority fee; using 1 gwei", "err", err)
				t = big.NewInt(1e9)
			}
			b.tip = t
		}
	}
	base := head.BaseFee
	if base == nil {
		base = new(big.Int)
	}
	feeCap = new(big.Int).Add(new(big.Int).Lsh(base, 1), b.tip)
	return new(big.Int).Set(b.tip), feeCap
}

// send signs handleOps(ops) with the next local nonce and sends it. It
// reports whether the round may send more.
func (b *Builtin) send(ctx context.Context, ops []*entry, head *types.Header) bool {
	data, err := b.handleOpsData(ops)
	if err != nil {
		b.log.Error("encoding handleOps", "err", err)
		return false
	}
	gas := BatchGas(opsOf(ops), data)
	tip, feeCap := b.fees(ctx, head)
	if feeCap.Cmp(b.cfg.MaxFeeCap) > 0 {
		b.log.Warn("base fee too high for MaxFeeCap; waiting", "fee_cap", feeCap, "max_fee_cap", b.cfg.MaxFeeCap)
		return false
	}
	tx, err := b.sign(b.nonce, tip, feeCap, gas, &b.cfg.EntryPoint, data)
	if err != nil {
		b.log.Error("signing a bundle", "err", err)
		return false
	}
	if err := b.cfg.Client.SendTransaction(ctx, tx); err != nil && !isKnown(err) {
		if isNonceTaken(err) {
			b.resync(ctx, err)
		} else if ctx.Err() == nil {
			b.log.Warn("sending a bundle", "nonce", b.nonce, "ops", len(ops), "err", err)
		}
		return false
	}
	f := &bundleTx{nonce: b.nonce, ops: ops, all: map[common.Hash]*entry{}, drops: map[common.Hash]string{},
		txs: []*types.Transaction{tx}, tip: tip, feeCap: feeCap, sentAt: time.Now()}
	b.nonce++
	for _, e := range ops {
		e.state = stateInflight
		f.all[e.hash] = e
		b.writer.add(statusUpdate{hash: e.hash, status: predict.OpSubmitted, tx: tx.Hash()})
	}
	b.inflight = append(b.inflight, f)
	b.m.BundlesSent.Inc()
	b.m.BundleOps.Observe(float64(len(ops)))
	b.m.OpsSent.Add(float64(len(ops)))
	b.log.Info(fmt.Sprintf("bundle of %d ops, %s gas, tx %s", len(ops), mgas(gas), tx.Hash()),
		"ops", len(ops), "gas_limit", gas, "tx", tx.Hash(), "nonce", tx.Nonce(), "fee_cap", feeCap, "tip", tip)
	return true
}

func mgas(g uint64) string {
	if g >= 1_000_000 {
		return fmt.Sprintf("%.1fM", float64(g)/1e6)
	}
	return fmt.Sprintf("%dk", g/1000)
}

func (b *Builtin) sign(nonce uint64, tip, feeCap *big.Int, gas uint64, to *common.Address, data []byte) (*types.Transaction, error) {
	return types.SignNewTx(b.cfg.Key, b.signer, &types.DynamicFeeTx{
		ChainID: b.chainID, Nonce: nonce, GasTipCap: tip, GasFeeCap: feeCap, Gas: gas, To: to, Data: data,
	})
}

// resync moves the local nonce past one the node says is taken. The
// pending nonce alone is not trusted (it was seen stale): the nonce just
// refused is taken, so the next is at least one more.
func (b *Builtin) resync(ctx context.Context, cause error) {
	pending, err := b.cfg.Client.PendingNonceAt(ctx, b.from)
	if err != nil {
		b.log.Warn("resyncing the bundler nonce", "err", err)
		return
	}
	old := b.nonce
	b.nonce = max(pending, b.nonce+1)
	b.log.Warn("bundler nonce resynced", "from", old, "to", b.nonce, "cause", cause)
}

// replace re-sends a stuck bundle (why says how) with the same nonce and
// fees raised by at least 12.5% (geth requires 10% on both the tip and
// the fee cap), and to at least twice the head's base fee. The
// batch is checked again first; operations that no longer pass leave it
// (dropped once the nonce is mined), and when none is left the nonce is
// filled with a plain transfer to self, so later bundles are not stuck
// behind a gap.
func (b *Builtin) replace(ctx context.Context, f *bundleTx, head *types.Header, why string) {
	ops, err := b.check(ctx, f.ops, head, f.drops)
	switch {
	case errors.Is(err, errBatchReverted):
		ops = f.ops // no culprit named: resend as it was, the receipt will tell
	case err != nil:
		b.log.Warn("checking a stuck bundle", "nonce", f.nonce, "err", err)
		return
	}
	tip, feeCap := b.fees(ctx, head)
	tip = bigMax(bump(f.tip), tip)
	feeCap = bigMax(bump(f.feeCap), feeCap)
	if feeCap.Cmp(tip) < 0 {
		feeCap = new(big.Int).Set(tip)
	}
	if feeCap.Cmp(b.cfg.MaxFeeCap) > 0 {
		b.log.Warn("stuck bundle already at MaxFeeCap", "nonce", f.nonce, "fee_cap", f.feeCap)
		f.sentAt = time.Now()
		return
	}
	var tx *types.Transaction
	if len(ops) == 0 {
		tx, err = b.sign(f.nonce, tip, feeCap, txBaseGas, &b.from, nil)
	} else {
		var data []byte
		if data, err = b.handleOpsData(ops); err == nil {
			tx, err = b.sign(f.nonce, tip, feeCap, BatchGas(opsOf(ops), data), &b.cfg.EntryPoint, data)
		}
	}
	if err != nil {
		b.log.Error("signing a replacement", "err", err)
		return
	}
	f.tip, f.feeCap, f.sentAt = tip, feeCap, time.Now()
	if err := b.cfg.Client.SendTransaction(ctx, tx); err != nil && !isKnown(err) {
		// Underpriced: the next try bumps from these fees. Nonce too low:
		// an attempt was mined; the next round settles it.
		b.log.Warn("sending a replacement", "nonce", f.nonce, "err", err)
		return
	}
	old := f.txs[len(f.txs)-1]
	f.txs = append(f.txs, tx)
	f.ops = ops
	for _, e := range ops {
		b.writer.add(statusUpdate{hash: e.hash, status: predict.OpSubmitted, tx: tx.Hash()})
	}
	b.m.Replacements.Inc()
	b.log.Info(fmt.Sprintf("replaced bundle tx %s with %s: %s", old.Hash(), tx.Hash(), why),
		"nonce", f.nonce, "ops", len(ops), "fee_cap", feeCap, "old_fee_cap", old.GasFeeCap(), "tip", tip)
}

// bump raises a fee by 12.5%, rounded up, and by at least 1 wei.
func bump(v *big.Int) *big.Int {
	if v == nil {
		return big.NewInt(1)
	}
	inc := new(big.Int).Add(v, big.NewInt(7))
	inc.Rsh(inc, 3)
	if inc.Sign() == 0 {
		inc.SetInt64(1)
	}
	return inc.Add(inc, v)
}

func bigMax(a, b *big.Int) *big.Int {
	if a.Cmp(b) >= 0 {
		return a
	}
	return new(big.Int).Set(b)
}

// isKnown reports a send refused because the node already has the
// transaction: it is sent.
func isKnown(err error) bool {
	return strings.Contains(strings.ToLower(err.Error()), "already known")
}

// isNonceTaken reports a send refused because the nonce is used or taken
// by another pool transaction.
func isNonceTaken(err error) bool {
	s := strings.ToLower(err.Error())
	return strings.Contains(s, "nonce too low") || strings.Contains(s, "replacement transaction underpriced")
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
