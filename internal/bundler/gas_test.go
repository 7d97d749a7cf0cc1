package bundler_test

import (
	"context"
	"testing"

	ethereum "github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/core/types"

	"github.com/predict-dev/predict/internal/aa"
	"github.com/predict-dev/predict/internal/bundler"
	"github.com/predict-dev/predict/internal/chain"
	"github.com/predict-dev/predict/internal/chain/bindings"
)

// TestGasFormula sends handleOps batches of 1, 5 and 10 operations, for
// new accounts and then for the same accounts again, with the gas limit
// the bundler computes (bundler.BatchGas), and compares it with the gas
// used and with the node's estimate. The limit must be enough (every
// bundle succeeds) and is expected to be loose: verificationGasLimit
// counts three times with a paymaster, as the EntryPoint's own bound does.
func TestGasFormula(t *testing.T) {
	ctx := context.Background()
	e := newEnv(t, 0)
	epABI, _ := bindings.EntryPointMetaData.GetAbi()
	var accounts []*account
	for range 16 {
		accounts = append(accounts, e.newAccount(t))
	}
	nonce, err := e.client.PendingNonceAt(ctx, e.keys.BundlerAddress())
	if err != nil {
		t.Fatal(err)
	}
	type point struct {
		n                     int
		limit, used, estimate uint64
	}
	send := func(accts []*account, opNonce int64) point {
		t.Helper()
		var ops []*aa.UserOperation
		var bops []bindings.UserOperation
		for _, a := range accts {
			op, _ := e.op(t, a, opNonce)
			ops = append(ops, op)
			bops = append(bops, aa.Binding(op))
		}
		data, err := epABI.Pack("handleOps", bops, e.keys.BundlerAddress())
		if err != nil {
			t.Fatal(err)
		}
		limit := bundler.BatchGas(ops, data)
		estimate, err := e.client.EstimateGas(ctx, ethereum.CallMsg{From: e.keys.BundlerAddress(), To: &e.suite.EntryPoint, Data: data})
		if err != nil {
			t.Fatal(err)
		}
		head, _ := e.client.HeaderByNumber(ctx, nil)
		tx, err := types.SignNewTx(e.keys.Bundler, types.LatestSignerForChainID(e.chainID), &types.DynamicFeeTx{
			ChainID: e.chainID, Nonce: nonce, GasTipCap: head.BaseFee, GasFeeCap: head.BaseFee, Gas: limit, To: &e.suite.EntryPoint, Data: data,
		})
		if err != nil {
			t.Fatal(err)
		}
		if err := e.client.SendTransaction(ctx, tx); err != nil {
			t.Fatal(err)
		}
		nonce++
		r, err := chain.WaitMined(ctx, e.client, tx.Hash())
		if err != nil {
			t.Fatalf("batch of %d with the computed limit %d: %v", len(ops), limit, err)
		}
		if countEvents(r) != len(ops) {
			t.Fatalf("batch of %d: %d events", len(ops), countEvents(r))
		}
		return point{len(ops), limit, r.GasUsed, estimate}
	}
	for _, kind := range []struct {
		name  string
		nonce int64
	}{{"new account", 0}, {"existing account", 1}} {
		var pts []point
		for _, r := range [][2]int{{0, 1}, {1, 6}, {6, 16}} {
			pts = append(pts, send(accounts[r[0]:r[1]], kind.nonce))
		}
		for _, p := range pts {
			t.Logf("%s, %2d ops: formula %8d, used %7d (%3.0f%% of the formula), node estimate %7d (%.2f× used)",
				kind.name, p.n, p.limit, p.used, 100*float64(p.used)/float64(p.limit), p.estimate, float64(p.estimate)/float64(p.used))
			if p.used > p.limit {
				t.Errorf("%s, %d ops: used %d over the computed limit %d", kind.name, p.n, p.used, p.limit)
			}
		}
		// Linear fit through the 1- and 10-op batches: used = fixed + n × per-op.
		first, last := pts[0], pts[len(pts)-1]
		perOp := float64(last.used-first.used) / float64(last.n-first.n)
		fixed := float64(first.used) - perOp
		formulaPerOp := float64(last.limit-first.limit) / float64(last.n-first.n)
		t.Logf("%s: measured %.0f gas per op + %.0f per bundle; formula %.0f per op + %.0f per bundle",
			kind.name, perOp, fixed, formulaPerOp, float64(first.limit)-formulaPerOp)
	}
}
