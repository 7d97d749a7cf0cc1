package indexer

import (
	"context"
	"fmt"
	"math/big"
	"slices"
	"strings"
	"time"

	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"

	"github.com/predict-dev/predict"
)

// read reads blocks from..to into a batch. The header of `to` is read
// before and after the logs: when it is the same, the logs come from the
// chain that ends in it.
func (ix *Indexer) read(ctx context.Context, from, to uint64) (*predict.ChainBatch, error) {
	toHeader, err := ix.cfg.Client.HeaderByNumber(ctx, new(big.Int).SetUint64(to))
	if err != nil {
		return nil, fmt.Errorf("indexer: read block %d: %w", to, err)
	}
	logs, err := ix.getLogs(ctx, from, to, ix.addresses())
	if err != nil {
		return nil, err
	}
	// Markets created in this batch: fetch their logs (their seeding is
	// in the creating transaction itself) from their creation on.
	tp := topics()
	var newAddrs []common.Address
	first := to
	for _, l := range logs {
		if l.Address != ix.factory || len(l.Topics) == 0 || l.Topics[0] != tp.marketCreated {
			continue
		}
		ev, err := factoryABI.ParseMarketCreated(l)
		if err != nil {
			return nil, fmt.Errorf("indexer: block %d: %w", l.BlockNumber, err)
		}
		if !ix.markets[ev.Market] {
			ix.markets[ev.Market] = true
			newAddrs = append(newAddrs, ev.Market)
		}
		for _, o := range ev.Options {
			if !ix.options[o] {
				ix.options[o] = true
				newAddrs = append(newAddrs, o)
			}
		}
		first = min(first, l.BlockNumber)
	}
	if len(newAddrs) > 0 {
		more, err := ix.getLogs(ctx, first, to, newAddrs)
		if err != nil {
			return nil, err
		}
		logs = append(logs, more...)
	}
	slices.SortFunc(logs, func(a, b types.Log) int {
		if a.BlockNumber != b.BlockNumber {
			return cmpU(a.BlockNumber, b.BlockNumber)
		}
		return cmpU(uint64(a.Index), uint64(b.Index))
	})
	logs = slices.CompactFunc(logs, func(a, b types.Log) bool { return a.BlockHash == b.BlockHash && a.Index == b.Index })

	again, err := ix.cfg.Client.HeaderByNumber(ctx, new(big.Int).SetUint64(to))
	if err != nil {
		return nil, fmt.Errorf("indexer: read block %d: %w", to, err)
	}
	if again.Hash() != toHeader.Hash() {
		return nil, errChainMoved
	}

	d := &decoder{ctx: ctx, ix: ix, times: map[uint64]time.Time{}}
	batch := &predict.ChainBatch{From: from, To: predict.BlockRef{Number: to, Hash: toHeader.Hash().Hex()},
		ToTime: time.Unix(int64(toHeader.Time), 0).UTC()}
	for i := 0; i < len(logs); {
		j := i
		for j < len(logs) && logs[j].BlockNumber == logs[i].BlockNumber {
			if logs[j].BlockHash != logs[i].BlockHash {
				return nil, errChainMoved
			}
			j++
		}
		blockLogs := logs[i:j]
		if blockLogs[0].BlockNumber == to && blockLogs[0].BlockHash != toHeader.Hash() {
			return nil, errChainMoved
		}
		at, err := ix.blockTime(ctx, blockLogs[0])
		if err != nil {
			return nil, err
		}
		d.times[blockLogs[0].BlockNumber] = at
		blk := predict.ChainBlock{Number: blockLogs[0].BlockNumber, Hash: blockLogs[0].BlockHash.Hex(), Time: at}
		for k := 0; k < len(blockLogs); {
			m := k
			for m < len(blockLogs) && blockLogs[m].TxHash == blockLogs[k].TxHash {
				m++
			}
			effects, err := d.decodeTx(blockLogs[k:m])
			if err != nil {
				return nil, fmt.Errorf("indexer: %w", err)
			}
			blk.Effects = append(blk.Effects, effects...)
			k = m
		}
		if len(blk.Effects) > 0 {
			batch.Blocks = append(batch.Blocks, blk)
		}
		i = j
	}
	return batch, nil
}

func cmpU(a, b uint64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// blockTime is the timestamp of the log's block: from the log when the
// node provides it (go-ethereum does), else from the header.
func (ix *Indexer) blockTime(ctx context.Context, l types.Log) (time.Time, error) {
	if l.BlockTimestamp != 0 {
		return time.Unix(int64(l.BlockTimestamp), 0).UTC(), nil
	}
	h, err := ix.cfg.Client.HeaderByNumber(ctx, new(big.Int).SetUint64(l.BlockNumber))
	if err != nil {
		return time.Time{}, fmt.Errorf("indexer: read block %d: %w", l.BlockNumber, err)
	}
	if h.Hash() != l.BlockHash {
		return time.Time{}, errChainMoved
	}
	return time.Unix(int64(h.Time), 0).UTC(), nil
}

// addresses are the contracts whose logs the indexer reads.
func (ix *Indexer) addresses() []common.Address {
	out := []common.Address{ix.entryPoint, ix.factory}
	if ix.escrow != (common.Address{}) {
		out = append(out, ix.escrow)
	}
	for a := range ix.isBase {
		out = append(out, a)
	}
	for a := range ix.markets {
		out = append(out, a)
	}
	for a := range ix.options {
		out = append(out, a)
	}
	return out
}

// getLogs fetches the logs of the indexer's topics emitted by addrs in
// [from, to], in requests of at most MaxAddresses addresses. A request
// the node refuses as too large is split in two halves of the range.
func (ix *Indexer) getLogs(ctx context.Context, from, to uint64, addrs []common.Address) ([]types.Log, error) {
	var out []types.Log
	for len(addrs) > 0 {
		n := min(len(addrs), ix.cfg.MaxAddresses)
		logs, err := ix.getLogsRange(ctx, from, to, addrs[:n])
		if err != nil {
			return nil, err
		}
		out = append(out, logs...)
		addrs = addrs[n:]
	}
	return out, nil
}

func (ix *Indexer) getLogsRange(ctx context.Context, from, to uint64, addrs []common.Address) ([]types.Log, error) {
	q := ethereum.FilterQuery{FromBlock: new(big.Int).SetUint64(from), ToBlock: new(big.Int).SetUint64(to),
		Addresses: addrs, Topics: [][]common.Hash{topics().all()}}
	logs, err := ix.cfg.Client.FilterLogs(ctx, q)
	if err == nil {
		return logs, nil
	}
	if to > from && tooLarge(err) && ctx.Err() == nil {
		mid := from + (to-from)/2
		a, err := ix.getLogsRange(ctx, from, mid, addrs)
		if err != nil {
			return nil, err
		}
		b, err := ix.getLogsRange(ctx, mid+1, to, addrs)
		if err != nil {
			return nil, err
		}
		return append(a, b...), nil
	}
	return nil, fmt.Errorf("indexer: eth_getLogs %d-%d: %w", from, to, err)
}

// tooLarge recognises the "response too large" refusals of common nodes
// and providers (a rate limit is not one: splitting would make it worse).
func tooLarge(err error) bool {
	s := strings.ToLower(err.Error())
	if strings.Contains(s, "rate") || strings.Contains(s, "429") {
		return false
	}
	for _, w := range []string{"more than", "too many", "too large", "exceed", "block range", "response size"} {
		if strings.Contains(s, w) {
			return true
		}
	}
	return false
}
