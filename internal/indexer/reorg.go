package indexer

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"strings"

	"github.com/ethereum/go-ethereum"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/internal/events"
	"github.com/predict-dev/predict/internal/ledger"
)

// checkReorg compares the cursor's block with the chain. When the chain no
// longer has it, it finds the common ancestor in the store's window,
// reverts the store to it and moves cursor there.
func (ix *Indexer) checkReorg(ctx context.Context, cursor *predict.BlockRef) (bool, error) {
	same, err := ix.onChain(ctx, *cursor)
	if err != nil || same {
		return false, err
	}
	window, err := ix.cfg.Store.IndexedBlocks(ctx)
	if err != nil {
		return false, err
	}
	var ancestor *predict.BlockRef
	for _, b := range window {
		if b.Number >= cursor.Number {
			continue // the cursor's block itself is gone
		}
		same, err := ix.onChain(ctx, b)
		if err != nil {
			return false, err
		}
		if same {
			ancestor = &b
			break
		}
	}
	if ancestor == nil {
		return false, fmt.Errorf("indexer: reorg at block %d is deeper than the window of %d recent blocks; "+
			"the store needs a re-index", cursor.Number, len(window))
	}
	res, err := ledger.RevertTo(ctx, ix.cfg.Store, *ancestor)
	if err != nil {
		return false, err
	}
	ix.metrics.Reorgs.Inc()
	ix.log.Warn(fmt.Sprintf("reorg: reverted blocks %d-%d (%d logs)", ancestor.Number+1, cursor.Number, res.Logs),
		"ancestor", ancestor.Hash, "markets", len(res.Markets))
	*cursor = *ancestor
	ix.publish(ctx, revertEvents(res))
	return true, nil
}

// revertEvents tell clients to re-read what a revert changed.
func revertEvents(res *predict.RevertResult) []events.Event {
	var evs []events.Event
	for _, m := range res.Markets {
		evs = append(evs, ledger.CorrectionEvents(m, res.Options[m])...)
	}
	return evs
}

// onChain reports whether the chain's block at b.Number is b.
func (ix *Indexer) onChain(ctx context.Context, b predict.BlockRef) (bool, error) {
	h, err := ix.cfg.Client.HeaderByNumber(ctx, new(big.Int).SetUint64(b.Number))
	if errors.Is(err, ethereum.NotFound) || (err == nil && h == nil) {
		return false, nil // the chain is shorter now
	} else if err != nil {
		return false, fmt.Errorf("indexer: read block %d: %w", b.Number, err)
	}
	return strings.EqualFold(h.Hash().Hex(), b.Hash), nil
}
