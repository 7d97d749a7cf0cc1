package bundler

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"math/big"
	"slices"
	"strings"
	"time"

	ethereum "github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/ethclient"
	"github.com/ethereum/go-ethereum/rpc"

	"github.com/predict-dev/predict/internal/aa"
	"github.com/predict-dev/predict/internal/chain/bindings"
)

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
	b.consumed(ctx, plan.consumed, head, "AA25 invalid account nonce")
	for _, e := range plan.tooBig {
		b.drop(e, fmt.Sprintf("gas limits need %d gas, more than a bundle may use (%d)", e.cost, b.cfg.MaxBatchGas), reasonGasLimit)
	}
	for _, batch := range plan.batches {
		ops, err := b.check(ctx, batch, head, nil)
		if errors.Is(err, errBatchReverted) {
			b.log.Warn("bundle check reverted", "ops", len(batch), "err", err)
			b.isolate(ctx, batch, head, err)
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
			b.consumed(ctx, []*entry{victim}, head, reason)
		} else {
			b.drop(victim, reason, reasonOther)
		}
		ops = rest
	}
	return nil, nil
}

// isolate handles a batch whose check reverted without naming an
// operation: each operation is checked alone, and one that reverts alone
// is the culprit, dropped with the revert. The others stay queued with an
// attempt counted, so operations that only fail together still end.
func (b *Builtin) isolate(ctx context.Context, batch []*entry, head *types.Header, cause error) {
	for _, e := range batch {
		if e.state != stateQueued {
			continue
		}
		if len(batch) > 1 {
			_, err := b.check(ctx, []*entry{e}, head, nil)
			if errors.Is(err, errBatchReverted) {
				b.drop(e, err.Error(), reasonReverted)
				continue
			}
			if err != nil || e.state != stateQueued {
				continue // an RPC failure, or check dropped it itself
			}
		}
		if e.attempts++; e.attempts >= b.cfg.MaxAttempts {
			b.drop(e, cause.Error(), reasonReverted)
		}
	}
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
		ops[i] = aa.Binding(e.op)
	}
	return b.ep.Pack("handleOps", ops, b.cfg.Beneficiary)
}

// consumed handles operations whose nonce the account has used: one
// whose own UserOperationEvent is on chain (it ran in a bundle this
// process lost track of, or someone else sent it) is done, and the
// indexer records it; for the others another operation took the nonce,
// and they are dropped with reason. The events are searched in chunks of
// hashes over the last Lookback blocks; a failed search leaves the
// operations queued, three times at most.
func (b *Builtin) consumed(ctx context.Context, es []*entry, head *types.Header, reason string) {
	from := uint64(0)
	if n := head.Number.Uint64(); n > b.cfg.Lookback {
		from = n - b.cfg.Lookback
	}
	const chunk = 100
	for start := 0; start < len(es); start += chunk {
		part := es[start:min(start+chunk, len(es))]
		hashes := make([]common.Hash, len(part))
		for i, e := range part {
			hashes[i] = e.hash
		}
		logs, err := b.cfg.Client.FilterLogs(ctx, ethereum.FilterQuery{
			FromBlock: new(big.Int).SetUint64(from), ToBlock: head.Number,
			Addresses: []common.Address{b.cfg.EntryPoint},
			Topics:    [][]common.Hash{{b.evID}, hashes},
		})
		if err != nil {
			b.log.Warn("searching for operations' events", "ops", len(part), "err", err)
			for _, e := range part {
				if e.lookups++; e.lookups >= 3 {
					b.drop(e, reason, reasonOther)
				}
			}
			continue
		}
		ran := map[common.Hash]types.Log{}
		for _, l := range logs {
			if len(l.Topics) > 1 {
				ran[l.Topics[1]] = l
			}
		}
		for _, e := range part {
			if l, ok := ran[e.hash]; ok {
				b.log.Info("operation already executed", "op", e.hash, "tx", l.TxHash, "block", l.BlockNumber)
				b.finish(e)
				continue
			}
			b.drop(e, reason, reasonOther)
		}
	}
}
