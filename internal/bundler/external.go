package bundler

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"sync/atomic"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/rpc"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/internal/aa"
	"github.com/predict-dev/predict/internal/chain"
)

// ERC-4337 bundler JSON-RPC error codes (ERC-7769): the operation was
// rejected, for good, for the reason in the message.
const (
	codeRejectedFirst = -32507 // invalid signature
	codeRejectedLast  = -32500 // rejected by the EntryPoint's simulateValidation
	codeInvalidParams = -32602
)

// External forwards operations to a hosted ERC-4337 bundler: Submit
// sends eth_sendUserOperation at once, so a rejection reaches the caller;
// Run polls eth_getUserOperationReceipt and records the transaction hash
// (submitted) when the operation is mined. The indexer sees the
// UserOperationEvent itself and records the outcome.
type External struct {
	cfg    Config
	log    *slog.Logger
	m      *Metrics
	rpc    *rpc.Client
	writer *statusWriter

	mu      sync.Mutex
	ops     map[common.Hash]*extOp
	running atomic.Bool // Run was called
}

// extOp is one operation handed to the hosted bundler.
type extOp struct {
	op     *aa.UserOperation
	hash   common.Hash // ours; receipts are asked by the bundler's own
	remote common.Hash
	busy   bool      // a send is in progress
	sent   bool      // the bundler accepted it
	sentAt time.Time // last accepted send
	done   bool      // mined or dropped
	doneAt time.Time
}

// NewExternal returns a client of the hosted bundler at cfg.RPCURL.
func NewExternal(cfg Config) (*External, error) {
	switch {
	case cfg.RPCURL == "":
		return nil, errors.New("bundler: RPCURL is required")
	case cfg.Store == nil:
		return nil, errors.New("bundler: Store is required")
	case cfg.EntryPoint == (common.Address{}):
		return nil, errors.New("bundler: EntryPoint is required")
	}
	if cfg.PollInterval <= 0 {
		cfg.PollInterval = DefaultPollInterval
	}
	if cfg.StuckAfter <= 0 {
		cfg.StuckAfter = 10 * cfg.PollInterval
	}
	if cfg.Rescan == 0 {
		cfg.Rescan = DefaultRescan
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default().With("component", "bundler")
	}
	if cfg.Metrics == nil {
		cfg.Metrics = NewMetrics()
	}
	c, err := rpc.DialContext(context.Background(), cfg.RPCURL)
	if err != nil {
		return nil, fmt.Errorf("bundler: dial %s: %w", chain.RedactURL(cfg.RPCURL), err)
	}
	log := cfg.Logger.With("bundler_url", chain.RedactURL(cfg.RPCURL))
	return &External{cfg: cfg, log: log, m: cfg.Metrics, rpc: c, writer: newStatusWriter(cfg.Store, cfg.Publisher, log),
		ops: map[common.Hash]*extOp{}}, nil
}

// Submit sends op to the hosted bundler. A JSON-RPC rejection (codes
// -32500 to -32507, or invalid params) records the operation as dropped
// with the bundler's message and returns an EREJECTED error carrying it;
// a bundler that cannot be reached is not an error: Run sends again.
func (x *External) Submit(ctx context.Context, op *aa.UserOperation, opHash common.Hash) error {
	x.mu.Lock()
	if _, ok := x.ops[opHash]; ok {
		x.mu.Unlock()
		return nil
	}
	e := &extOp{op: op.Copy(), hash: opHash, remote: opHash, busy: true}
	x.ops[opHash] = e
	x.mu.Unlock()
	x.m.Pending.Inc()

	err := x.send(ctx, e)
	x.mu.Lock()
	e.busy = false
	x.mu.Unlock()
	if pe := (*predict.Error)(nil); errors.As(err, &pe) {
		return err
	}
	if err != nil {
		x.log.Warn("hosted bundler unavailable; will retry", "op", opHash, "err", err)
	}
	return nil
}

// rejection is a JSON-RPC error answer that refuses the operation.
func rejection(err error) (code int, msg string, ok bool) {
	var re rpc.Error
	if !errors.As(err, &re) {
		return 0, "", false
	}
	code = re.ErrorCode()
	return code, re.Error(), (code >= codeRejectedFirst && code <= codeRejectedLast) || code == codeInvalidParams
}

// send calls eth_sendUserOperation. It returns a *predict.Error for an
// answer that settles the operation (rejected, or accepted under another
// hash) and a plain error for a failure worth retrying.
func (x *External) send(ctx context.Context, e *extOp) error {
	var got common.Hash
	err := x.rpc.CallContext(ctx, &got, "eth_sendUserOperation", e.op, x.cfg.EntryPoint)
	if err == nil {
		x.mu.Lock()
		e.sent, e.sentAt, e.remote = true, time.Now(), got
		x.mu.Unlock()
		x.m.OpsSent.Inc()
		if got != e.hash {
			// The bundler hashes for another EntryPoint or chain: a
			// configuration error. Receipts are asked by its hash.
			x.log.Error("hosted bundler returned another userOpHash", "op", e.hash, "bundler_hash", got)
			return predict.Errorf(predict.ERPC, "the bundler returned userOpHash %s for operation %s: check its EntryPoint and chain", got, e.hash)
		}
		x.log.Debug("operation sent to the hosted bundler", "op", e.hash)
		return nil
	}
	code, msg, rejected := rejection(err)
	if !rejected {
		return err
	}
	// A bundler may refuse an operation it already holds (sent again
	// after a restart or a lost answer): that one is not dropped.
	var known map[string]any
	if lerr := x.rpc.CallContext(ctx, &known, "eth_getUserOperationByHash", e.hash); lerr == nil && known != nil {
		x.mu.Lock()
		e.sent, e.sentAt = true, time.Now()
		x.mu.Unlock()
		return nil
	}
	reason := fmt.Sprintf("%s (bundler error %d)", msg, code)
	x.mu.Lock()
	e.done, e.doneAt = true, time.Now()
	x.mu.Unlock()
	x.writer.add(statusUpdate{hash: e.hash, status: predict.OpDropped, reason: reason})
	x.m.OpsDropped.WithLabelValues(reasonClass(msg, reasonRejected)).Inc()
	x.m.Pending.Dec()
	x.log.Warn(fmt.Sprintf("dropped op %s: %s", e.hash, reason), "op", e.hash, "code", code, "reason", msg)
	return predict.Errorf(predict.EREJECTED, "the bundler rejected the operation: %s", reason)
}

// opReceipt is the part of an eth_getUserOperationReceipt answer used here.
type opReceipt struct {
	Success         bool         `json:"success"`
	Reason          string       `json:"reason"`
	TransactionHash *common.Hash `json:"transactionHash"` // some bundlers put it here too
	Receipt         *struct {
		TransactionHash common.Hash  `json:"transactionHash"`
		BlockNumber     *hexutil.Big `json:"blockNumber"`
	} `json:"receipt"`
}

func (r *opReceipt) txHash() common.Hash {
	if r.Receipt != nil && r.Receipt.TransactionHash != (common.Hash{}) {
		return r.Receipt.TransactionHash
	}
	if r.TransactionHash != nil {
		return *r.TransactionHash
	}
	return common.Hash{}
}

// Run loads the store's unfinished operations (pending ones are sent,
// submitted ones polled), then every PollInterval sends what is unsent,
// asks for receipts, and sends again what has gone StuckAfter without
// one. It returns nil when ctx ends.
func (x *External) Run(ctx context.Context) error {
	if !x.running.CompareAndSwap(false, true) {
		return errRunning
	}
	defer x.writer.start(ctx)()

	loaded := x.load(ctx) == nil
	tick := time.NewTicker(x.cfg.PollInterval)
	defer tick.Stop()
	rescan, stopRescan := ticksEvery(x.cfg.Rescan)
	defer stopRescan()
	for {
		select {
		case <-ctx.Done():
			return nil
		case <-rescan:
			loaded = x.load(ctx) == nil
		case <-tick.C:
			if !loaded {
				loaded = x.load(ctx) == nil
			}
			x.poll(ctx)
		}
	}
}

// load adds the store's pending and submitted operations not held yet.
func (x *External) load(ctx context.Context) error {
	recs, err := x.cfg.Store.PendingOperations(ctx, storeLimit)
	if err != nil {
		if ctx.Err() == nil {
			x.log.Warn("reading pending operations", "err", err)
		}
		return err
	}
	for _, rec := range recs {
		op, hash, err := decodeStored(rec, x.cfg.EntryPoint, x.cfg.ChainID)
		if err != nil {
			x.log.Error("skipping a stored operation", "err", err)
			continue
		}
		x.mu.Lock()
		if _, ok := x.ops[hash]; !ok {
			// A submitted operation was accepted before: poll it. The
			// bundler may have lost it since; StuckAfter sends it again.
			sent := rec.Status == predict.OpSubmitted
			x.ops[hash] = &extOp{op: op, hash: hash, remote: hash, sent: sent, sentAt: time.Now()}
			x.m.Pending.Inc()
		}
		x.mu.Unlock()
	}
	return nil
}

// poll is one step of Run.
func (x *External) poll(ctx context.Context) {
	var unsent, waiting, stuck []*extOp
	x.mu.Lock()
	for h, e := range x.ops {
		switch {
		case e.done:
			if time.Since(e.doneAt) > finishedTTL {
				delete(x.ops, h)
			}
		case e.busy:
		case !e.sent:
			unsent = append(unsent, e)
		default:
			waiting = append(waiting, e)
			if time.Since(e.sentAt) >= x.cfg.StuckAfter {
				stuck = append(stuck, e)
			}
		}
	}
	x.mu.Unlock()

	for _, e := range unsent {
		if err := x.send(ctx, e); err != nil && ctx.Err() == nil {
			x.log.Warn("sending to the hosted bundler", "op", e.hash, "err", err)
		}
	}
	mined := x.receipts(ctx, waiting)
	for _, e := range stuck {
		if mined[e] {
			continue
		}
		x.log.Info("no receipt yet; sending the operation again", "op", e.hash, "since", time.Since(e.sentAt).Round(time.Second))
		if err := x.send(ctx, e); err != nil && ctx.Err() == nil {
			x.log.Warn("sending again to the hosted bundler", "op", e.hash, "err", err)
		}
	}
}

// receipts asks for the receipts of ops in JSON-RPC batches and records
// the mined ones as submitted with their transaction hash.
func (x *External) receipts(ctx context.Context, ops []*extOp) map[*extOp]bool {
	mined := map[*extOp]bool{}
	const chunk = 100
	for start := 0; start < len(ops); start += chunk {
		part := ops[start:min(start+chunk, len(ops))]
		results := make([]*opReceipt, len(part))
		reqs := make([]rpc.BatchElem, len(part))
		for i, e := range part {
			reqs[i] = rpc.BatchElem{Method: "eth_getUserOperationReceipt", Args: []any{e.remote}, Result: &results[i]}
		}
		if err := x.rpc.BatchCallContext(ctx, reqs); err != nil {
			if ctx.Err() == nil {
				x.log.Warn("polling receipts", "err", err)
			}
			return mined
		}
		for i, e := range part {
			r := results[i]
			if reqs[i].Error != nil || r == nil {
				continue
			}
			tx := r.txHash()
			if tx == (common.Hash{}) {
				continue
			}
			mined[e] = true
			x.mu.Lock()
			e.done, e.doneAt = true, time.Now()
			x.mu.Unlock()
			x.m.Pending.Dec()
			x.writer.add(statusUpdate{hash: e.hash, status: predict.OpSubmitted, tx: tx})
			x.log.Info("operation mined", "op", e.hash, "tx", tx, "success", r.Success, "reason", r.Reason)
		}
	}
	return mined
}
