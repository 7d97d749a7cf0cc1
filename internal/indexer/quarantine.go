package indexer

import (
	"context"
	"fmt"
	"math/big"
	"slices"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/internal/ledger"
)

// apply applies a batch. When the batch from the same block has failed
// QuarantineAfter times in a row, the logs the store refuses are
// quarantined and the rest applied.
func (ix *Indexer) apply(ctx context.Context, batch *predict.ChainBatch) (*ledger.Result, error) {
	res, err := ledger.ApplyBatch(ctx, ix.cfg.Store, batch)
	if err == nil {
		ix.applyFailures = 0
		return res, nil
	} else if ctx.Err() != nil {
		return nil, err
	}
	if ix.applyFailures == 0 || ix.failedFrom != batch.From {
		ix.failedFrom, ix.applyFailures = batch.From, 0
	}
	ix.applyFailures++
	if ix.applyFailures < ix.cfg.QuarantineAfter {
		return nil, err
	}
	quarantine, qerr := ix.isolate(ctx, batch)
	if qerr != nil {
		return nil, fmt.Errorf("%w; looking for the logs at fault: %w", err, qerr)
	}
	batch.Quarantine = quarantine
	res, err = ledger.ApplyBatch(ctx, ix.cfg.Store, batch)
	if err != nil {
		return nil, err
	}
	ix.applyFailures = 0
	for _, q := range quarantine {
		ix.metrics.Quarantined.Inc()
		ix.metrics.QuarantinedLogs.Add(1)
		ix.log.Error("indexer: quarantined a log the store cannot apply; the state derived from it is missing "+
			"until an operator replays it (docs/operations.md)", "block", q.Block, "tx", q.TxHash, "logIndex", q.LogIndex,
			"address", q.Address, "topic", q.Topic, "kind", q.Kind, "err", q.Error)
	}
	return res, nil
}

// isolate finds the logs of a failing batch that the store cannot apply,
// with CheckBatch (a rolled-back apply): the batch without effects must
// apply (else the fault is the store's, and nothing is quarantined); then
// a binary search over the prefixes of the effects, in log order, finds
// the first effect whose prefix fails. It is set aside and the search
// goes on with the others, until the batch applies. A log is judged after
// the ones before it, as ApplyBatch applies them, so a log that fails
// only because of an earlier one is not blamed.
func (ix *Indexer) isolate(ctx context.Context, batch *predict.ChainBatch) ([]predict.QuarantinedLog, error) {
	var rest []predict.Effect
	for _, blk := range batch.Blocks {
		rest = append(rest, blk.Effects...)
	}
	// with is the batch with only the given effects.
	with := func(effects []predict.Effect) *predict.ChainBatch {
		keep := make(map[predict.Effect]bool, len(effects))
		for _, e := range effects {
			keep[e] = true
		}
		b := *batch
		b.Quarantine, b.Blocks = nil, make([]predict.ChainBlock, len(batch.Blocks))
		for i, blk := range batch.Blocks {
			b.Blocks[i] = blk
			b.Blocks[i].Effects = slices.DeleteFunc(slices.Clone(blk.Effects), func(e predict.Effect) bool { return !keep[e] })
		}
		return &b
	}
	if err := ledger.CheckBatch(ctx, ix.cfg.Store, with(nil)); err != nil {
		return nil, fmt.Errorf("blocks %d-%d fail without their logs: %w", batch.From, batch.To.Number, err)
	}
	var out []predict.QuarantinedLog
	for {
		err := ledger.CheckBatch(ctx, ix.cfg.Store, with(rest))
		if err == nil {
			return out, nil
		} else if ctx.Err() != nil {
			return nil, err
		}
		if len(out) == MaxQuarantinePerBatch {
			return nil, fmt.Errorf("more than %d logs of blocks %d-%d cannot be applied; none quarantined: %w",
				MaxQuarantinePerBatch, batch.From, batch.To.Number, err)
		}
		// The prefix of lo effects applies, the prefix of hi fails.
		lo, hi := 0, len(rest)
		for hi-lo > 1 {
			mid := lo + (hi-lo)/2
			if e := ledger.CheckBatch(ctx, ix.cfg.Store, with(rest[:mid])); e != nil {
				if ctx.Err() != nil {
					return nil, e
				}
				hi, err = mid, e
			} else {
				lo = mid
			}
		}
		bad := rest[lo]
		ref := bad.Ref()
		out = append(out, predict.QuarantinedLog{Block: ref.Block, BlockHash: ref.BlockHash, LogIndex: ref.LogIndex,
			TxHash: ref.TxHash, Address: ref.Address, Topic: ref.Topic, Kind: bad.LogKind(), Error: err.Error()})
		rest = slices.Delete(rest, lo, lo+1)
	}
}

// replay reads the quarantined logs (for the gauge) and, when an operator
// asked to replay some, reverts the store to the block before the oldest
// of them, as for a reorg: that block and every later one are read and
// applied again, in order, so the derived state is what it would have
// been had the log applied the first time.
func (ix *Indexer) replay(ctx context.Context, cursor *predict.BlockRef) (bool, error) {
	qs, err := ix.cfg.Store.QuarantinedLogs(ctx)
	if err != nil {
		return false, err
	}
	ix.metrics.QuarantinedLogs.Set(float64(len(qs)))
	var from uint64
	for _, q := range qs {
		if q.Replay && (from == 0 || q.Block < from) {
			from = q.Block
		}
	}
	if from == 0 || from > cursor.Number {
		return false, nil
	}
	h, err := ix.cfg.Client.HeaderByNumber(ctx, new(big.Int).SetUint64(from-1))
	if err != nil {
		return false, fmt.Errorf("indexer: read block %d: %w", from-1, err)
	}
	ancestor := predict.BlockRef{Number: from - 1, Hash: h.Hash().Hex()}
	res, err := ledger.RevertTo(ctx, ix.cfg.Store, ancestor)
	if err != nil {
		return false, err
	}
	ix.log.Warn(fmt.Sprintf("replaying quarantined logs: reverted blocks %d-%d (%d logs) to read them again",
		from, cursor.Number, res.Logs), "markets", len(res.Markets))
	*cursor = ancestor
	left := 0 // the revert forgot the quarantined logs from block from on
	for _, q := range qs {
		if q.Block < from {
			left++
		}
	}
	ix.metrics.QuarantinedLogs.Set(float64(left))
	ix.publish(ctx, revertEvents(res))
	return true, nil
}
