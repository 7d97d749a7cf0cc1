package bundler_test

import (
	"context"
	"math/big"
	"testing"
	"time"

	ethereum "github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/common"

	"github.com/predict-dev/predict/internal/aa"
	"github.com/predict-dev/predict/internal/bundler"
	"github.com/predict-dev/predict/internal/chain/bindings"
)

// BenchmarkBundle submits 500 signed, sponsored operations to the
// built-in bundler on the embedded chain and measures the time from the
// first Submit until every UserOperationEvent is on chain. It reports
// ops/s and the mean operations per bundle. "new" operations deploy their
// account (initCode); "existing" ones come from deployed accounts.
//
// The chain seals a block as soon as transactions arrive (period 0), so
// the figure is bounded by the bundler and the EVM, not by a block timer.
//
//	go test -run '^$' -bench BenchmarkBundle -benchtime 1x ./internal/bundler/
func BenchmarkBundle(b *testing.B) {
	const n = 500
	for _, kind := range []string{"new", "existing"} {
		b.Run(kind, func(b *testing.B) {
			e := newEnv(b, 0)
			cfg := e.config()
			cfg.Interval = 100 * time.Millisecond
			// No store rescans: one during the (untimed) preparation would
			// pick the recorded operations up before the timer starts.
			cfg.Rescan = -1
			bd := newBuiltin(b, cfg)
			run(b, bd)
			accounts := make([]*account, n)
			for i := range accounts {
				accounts[i] = e.newAccount(b)
			}
			next := int64(0)
			if kind == "existing" {
				benchRound(b, e, bd, accounts, 0) // deploy them
				next = 1
			}
			sent0, ops0 := value(cfg.Metrics.BundlesSent), value(cfg.Metrics.OpsSent)
			var elapsed time.Duration
			for b.Loop() {
				b.StopTimer()
				ops, hashes := prepare(b, e, accounts, next)
				b.StartTimer()
				start := time.Now()
				submitAndWait(b, e, bd, ops, hashes)
				elapsed += time.Since(start)
				next++
			}
			bundles, sent := value(cfg.Metrics.BundlesSent)-sent0, value(cfg.Metrics.OpsSent)-ops0
			b.ReportMetric(sent/elapsed.Seconds(), "ops/s")
			b.ReportMetric(sent/bundles, "ops/bundle")
			b.Logf("%s accounts: %.0f ops in %.0f bundles in %s (%.0f ops/s)", kind, sent, bundles, elapsed.Round(time.Millisecond), sent/elapsed.Seconds())
		})
	}
}

// prepare signs one operation per account with the given nonce and
// records it, as the API would.
func prepare(b *testing.B, e *env, accounts []*account, nonce int64) ([]*aa.UserOperation, []common.Hash) {
	ops := make([]*aa.UserOperation, len(accounts))
	hashes := make([]common.Hash, len(accounts))
	for i, a := range accounts {
		ops[i], hashes[i] = e.op(b, a, nonce)
		e.record(b, a, ops[i], hashes[i])
	}
	return ops, hashes
}

func benchRound(b *testing.B, e *env, bd bundler.Bundler, accounts []*account, nonce int64) {
	ops, hashes := prepare(b, e, accounts, nonce)
	submitAndWait(b, e, bd, ops, hashes)
}

// submitAndWait submits the operations and waits until each has its
// UserOperationEvent.
func submitAndWait(b *testing.B, e *env, bd bundler.Bundler, ops []*aa.UserOperation, hashes []common.Hash) {
	ctx := context.Background()
	from, err := e.client.BlockNumber(ctx)
	if err != nil {
		b.Fatal(err)
	}
	for i, op := range ops {
		if err := bd.Submit(ctx, op, hashes[i]); err != nil {
			b.Fatal(err)
		}
	}
	epABI, _ := bindings.EntryPointMetaData.GetAbi()
	want := map[common.Hash]bool{}
	for _, h := range hashes {
		want[h] = true
	}
	seen := map[common.Hash]bool{}
	deadline := time.Now().Add(2 * time.Minute)
	for len(seen) < len(want) {
		if time.Now().After(deadline) {
			var status map[string]any
			e.client.Client().Call(&status, "txpool_status")
			var inspect map[string]any
			e.client.Client().Call(&inspect, "txpool_inspect")
			head, _ := e.client.HeaderByNumber(ctx, nil)
			mined, _ := e.client.NonceAt(ctx, e.keys.BundlerAddress(), nil)
			pending, _ := e.client.PendingNonceAt(ctx, e.keys.BundlerAddress())
			b.Logf("pool %v\ninspect %v\nhead %d base fee %s gas used %d limit %d; bundler nonce mined %d pending %d",
				status, inspect, head.Number, head.BaseFee, head.GasUsed, head.GasLimit, mined, pending)
			for h := range want {
				if !seen[h] {
					rec := e.status(b, h)
					b.Logf("unmined op %s: status %s reason %q tx %s", h, rec.Status, rec.Reason, rec.TxHash)
					break
				}
			}
			b.Fatalf("%d of %d operations mined after 2 minutes", len(seen), len(want))
		}
		time.Sleep(10 * time.Millisecond)
		logs, err := e.client.FilterLogs(ctx, ethereum.FilterQuery{
			FromBlock: new(big.Int).SetUint64(from), Addresses: []common.Address{e.suite.EntryPoint},
			Topics: [][]common.Hash{{epABI.Events["UserOperationEvent"].ID}},
		})
		if err != nil {
			b.Fatal(err)
		}
		for _, l := range logs {
			if want[l.Topics[1]] {
				seen[l.Topics[1]] = true
			}
		}
	}
}
