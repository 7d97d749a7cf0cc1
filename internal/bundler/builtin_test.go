package bundler_test

import (
	"context"
	"math/big"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/accounts/abi/bind"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/prometheus/client_golang/prometheus"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/event"
	"github.com/predict-dev/predict/internal/aa"
	"github.com/predict-dev/predict/internal/bundler"
	"github.com/predict-dev/predict/internal/chain"
	"github.com/predict-dev/predict/internal/chain/bindings"
	"github.com/predict-dev/predict/internal/events"
)

// submitted is an operation a test handed to a bundler.
type submitted struct {
	a    *account
	op   *aa.UserOperation
	hash common.Hash
}

// TestBuiltin sends sponsored operations from new accounts (initCode) and
// three consecutive ones of one account through the built-in bundler with
// a batch gas cap small enough to split them into several bundles. An
// operation with a wrong nonce and one signed by another key sit in
// batches with good ones: each is dropped with the EntryPoint's FailedOp
// reason and the rest of its batch goes through. One whose paymaster
// signature has expired is dropped before any batch.
func TestBuiltin(t *testing.T) {
	ctx := context.Background()
	e := newEnv(t, 0)
	cfg := e.config()
	cfg.MaxBatchGas = 4_000_000
	b := newBuiltin(t, cfg)

	var good []submitted
	submit := func(s submitted) {
		t.Helper()
		e.record(t, s.a, s.op, s.hash)
		if err := b.Submit(ctx, s.op, s.hash); err != nil {
			t.Fatal(err)
		}
	}
	newOp := func() submitted {
		a := e.newAccount(t)
		op, h := e.op(t, a, 0)
		return submitted{a, op, h}
	}
	for range 2 {
		s := newOp()
		good = append(good, s)
		submit(s)
	}
	late := e.newAccount(t)
	lateOp, lateHash := e.opWith(t, late, 5, true, late.owner)
	submit(submitted{late, lateOp, lateHash})
	s := newOp()
	good = append(good, s)
	submit(s)
	forged := e.newAccount(t)
	other, _ := crypto.GenerateKey()
	forgedOp, forgedHash := e.opWith(t, forged, 0, true, other)
	submit(submitted{forged, forgedOp, forgedHash})
	// Its paymaster signature ran out while it waited in the queue.
	expired := e.newAccount(t)
	expiredOp, _ := e.op(t, expired, 0)
	head, err := e.client.HeaderByNumber(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := e.pm.Sponsor(ctx, expiredOp, time.Unix(int64(head.Time), 0).Add(-time.Hour)); err != nil {
		t.Fatal(err)
	}
	expiredHash := expiredOp.Hash(e.suite.EntryPoint, e.chainID)
	if expiredOp.Signature, err = aa.SignHash(expiredHash, expired.owner); err != nil {
		t.Fatal(err)
	}
	submit(submitted{expired, expiredOp, expiredHash})
	multi := e.newAccount(t)
	for n := range 3 {
		op, h := e.op(t, multi, int64(n))
		s := submitted{multi, op, h}
		good = append(good, s)
		submit(s)
	}
	for range 5 {
		s := newOp()
		good = append(good, s)
		submit(s)
	}
	// Submitting again changes nothing.
	if err := b.Submit(ctx, good[0].op, good[0].hash); err != nil {
		t.Fatal(err)
	}

	start := time.Now()
	stop := run(t, b)
	waitFor(t, 60*time.Second, "every operation mined or dropped", func() bool {
		ev := e.events(t)
		for _, s := range good {
			if len(ev[s.hash]) == 0 {
				return false
			}
		}
		for _, h := range []common.Hash{lateHash, forgedHash, expiredHash} {
			if e.status(t, h).Status != predict.OpDropped {
				return false
			}
		}
		return true
	})
	t.Logf("%d operations mined in %s", len(good), time.Since(start).Round(time.Millisecond))
	waitFor(t, 10*time.Second, "the pending gauge to empty", func() bool {
		return value(cfg.Metrics.Pending) == 0
	})
	stop()

	ev := e.events(t)
	txs, rcpts := e.bundles(t)
	byTx := map[common.Hash]*types.Receipt{}
	for _, r := range rcpts {
		byTx[r.TxHash] = r
	}
	for i, s := range good {
		if got := ev[s.hash]; len(got) != 1 || !got[0] {
			t.Errorf("op %d: UserOperationEvent success flags %v, want exactly one true", i, got)
		}
		rec := e.status(t, s.hash)
		if rec.Status != predict.OpSubmitted || rec.TxHash == "" {
			t.Errorf("op %d: status %s tx %q, want submitted with its tx", i, rec.Status, rec.TxHash)
			continue
		}
		r := byTx[common.HexToHash(rec.TxHash)]
		if r == nil || !hasEvent(r, s.hash) {
			t.Errorf("op %d: recorded tx %s does not carry its UserOperationEvent", i, rec.TxHash)
		}
	}
	for name, want := range map[common.Hash]string{lateHash: "AA25 invalid account nonce", forgedHash: "AA24 signature error",
		expiredHash: "AA32 paymaster expired or not due"} {
		rec := e.status(t, name)
		if rec.Status != predict.OpDropped || !strings.HasPrefix(rec.Reason, want) {
			t.Errorf("op %s: status %s reason %q, want dropped with %q", name, rec.Status, rec.Reason, want)
		}
		if len(ev[name]) != 0 {
			t.Errorf("dropped op %s has a UserOperationEvent", name)
		}
	}
	if got := e.nonce(t, multi); got != 3 {
		t.Errorf("account with three operations has nonce %d, want 3", got)
	}
	if len(txs) < 4 {
		t.Errorf("%d bundles, want the %d operations split into at least 4 under a 4M gas cap", len(txs), len(good))
	}
	for i, tx := range txs {
		r := rcpts[i]
		if r.Status != types.ReceiptStatusSuccessful {
			t.Errorf("bundle %s failed", tx.Hash())
		}
		if tx.Gas() > cfg.MaxBatchGas {
			t.Errorf("bundle %s has gas limit %d over the cap %d", tx.Hash(), tx.Gas(), cfg.MaxBatchGas)
		}
		t.Logf("bundle %d: %d ops, gas limit %d (formula), used %d (%.0f%%)", i, countEvents(r), tx.Gas(), r.GasUsed, 100*float64(r.GasUsed)/float64(tx.Gas()))
	}
	if got := value(cfg.Metrics.BundlesSent); int(got) != len(txs) {
		t.Errorf("bundles_sent_total %v, want %d", got, len(txs))
	}
	for code, want := range map[string]float64{"AA25": 1, "AA24": 1, "AA32": 1} {
		if got := value(cfg.Metrics.OpsDropped.WithLabelValues(code).(prometheus.Metric)); got != want {
			t.Errorf("ops_dropped_total{reason=%q} = %v, want %v", code, got, want)
		}
	}
}

func hasEvent(r *types.Receipt, hash common.Hash) bool {
	for _, l := range r.Logs {
		if len(l.Topics) > 1 && l.Topics[1] == hash {
			return true
		}
	}
	return false
}

func countEvents(r *types.Receipt) int {
	n := 0
	id := crypto.Keccak256Hash([]byte("UserOperationEvent(bytes32,address,address,uint256,bool,uint256,uint256)"))
	for _, l := range r.Logs {
		if len(l.Topics) > 0 && l.Topics[0] == id {
			n++
		}
	}
	return n
}

// TestBuiltinRestart stops a bundler after a first set of operations is
// mined and while a second set is recorded but only handed to the
// stopped bundler; a new bundler on the same store must leave the first
// set alone (their transactions are mined) and send the second: every
// operation reaches the chain once.
func TestBuiltinRestart(t *testing.T) {
	ctx := context.Background()
	e := newEnv(t, 0)
	cfg := e.config()
	first := newBuiltin(t, cfg)
	stop := run(t, first)

	var all []submitted
	var accounts []*account
	for range 4 {
		a := e.newAccount(t)
		accounts = append(accounts, a)
		op, h := e.op(t, a, 0)
		e.record(t, a, op, h)
		all = append(all, submitted{a, op, h})
		if err := first.Submit(ctx, op, h); err != nil {
			t.Fatal(err)
		}
	}
	waitFor(t, 30*time.Second, "the first operations mined", func() bool {
		ev := e.events(t)
		for _, s := range all {
			if len(ev[s.hash]) == 0 || e.status(t, s.hash).Status != predict.OpSubmitted {
				return false
			}
		}
		return true
	})
	stop()

	// Recorded by the API and handed to a bundler that is gone.
	for i, a := range accounts {
		for n := 1; n <= 1+i%2; n++ {
			op, h := e.op(t, a, int64(n))
			e.record(t, a, op, h)
			all = append(all, submitted{a, op, h})
			first.Submit(ctx, op, h)
		}
	}

	cfg.Metrics = bundler.NewMetrics()
	second := newBuiltin(t, cfg)
	run(t, second)
	waitFor(t, 30*time.Second, "every operation mined", func() bool {
		ev := e.events(t)
		for _, s := range all {
			if len(ev[s.hash]) == 0 {
				return false
			}
		}
		return true
	})
	time.Sleep(5 * cfg.Interval) // room for a wrong second send
	ev := e.events(t)
	for i, s := range all {
		if n := len(ev[s.hash]); n != 1 {
			t.Errorf("op %d has %d UserOperationEvents, want 1", i, n)
		}
	}
	for i, a := range accounts {
		if got, want := e.nonce(t, a), uint64(2+i%2); got != want {
			t.Errorf("account %d: EntryPoint nonce %d, want %d", i, got, want)
		}
	}
	txs, rcpts := e.bundles(t)
	for i, r := range rcpts {
		if r.Status != types.ReceiptStatusSuccessful {
			t.Errorf("bundle %s failed: an operation was sent twice?", txs[i].Hash())
		}
	}
	if got := value(cfg.Metrics.OpsSent); got != float64(len(all)-len(accounts)) {
		t.Errorf("the new bundler sent %v operations, want the %d not mined before", got, len(all)-len(accounts))
	}
}

// TestBuiltinReplacesStuckTx runs on a chain that seals only when the
// test says, so a bundle stays in the pool. Past StuckAfter the bundler
// replaces it with the same nonce and a fee at least 12.5% higher; the
// operation is included once. Then a bundle is left pending when its
// bundler stops: the next bundler adopts that transaction (it does not
// send the operation again) and replaces it.
func TestBuiltinReplacesStuckTx(t *testing.T) {
	ctx := context.Background()
	e := newEnv(t, time.Hour)
	cfg := e.config()
	cfg.StuckAfter = 300 * time.Millisecond
	b := newBuiltin(t, cfg)
	a := e.newAccount(t)
	op, h := e.op(t, a, 0)
	e.record(t, a, op, h)
	b.Submit(ctx, op, h)
	stop := run(t, b)

	waitFor(t, 20*time.Second, "a replacement", func() bool { return value(cfg.Metrics.Replacements) >= 1 })
	firstTx := e.status(t, h).TxHash
	stop()
	e.commit(t)
	ev := e.events(t)
	if len(ev[h]) != 1 || !ev[h][0] {
		t.Fatalf("operation events %v, want one success", ev[h])
	}
	txs, rcpts := e.bundles(t)
	if len(txs) != 1 || rcpts[0].Status != types.ReceiptStatusSuccessful {
		t.Fatalf("%d bundle transactions mined, want 1 successful", len(txs))
	}
	if rec := e.status(t, h); rec.TxHash != strings.ToLower(txs[0].Hash().Hex()) {
		t.Errorf("recorded tx %s, mined tx %s", rec.TxHash, txs[0].Hash())
	}
	if firstTx == "" {
		t.Fatal("no tx recorded before the replacement")
	}
	if got := value(cfg.Metrics.BundlesSent); got != 1 {
		t.Errorf("bundles_sent_total %v, want 1 (the others were replacements)", got)
	}
	// The replacement pays at least 12.5% more than the first attempt,
	// whose fee cap was 2 × base fee + tip at most.
	head, _ := e.client.HeaderByNumber(ctx, rcpts[0].BlockNumber)
	t.Logf("mined replacement: fee cap %s, tip %s, block base fee %s, replacements %v",
		txs[0].GasFeeCap(), txs[0].GasTipCap(), head.BaseFee, value(cfg.Metrics.Replacements))

	t.Run("AdoptedAfterRestart", func(t *testing.T) {
		cfg := e.config()
		cfg.StuckAfter = time.Hour
		first := newBuiltin(t, cfg)
		op, h := e.op(t, a, 1)
		e.record(t, a, op, h)
		first.Submit(ctx, op, h)
		stop := run(t, first)
		waitFor(t, 20*time.Second, "the bundle sent", func() bool { return e.status(t, h).Status == predict.OpSubmitted })
		stop()
		pendingTx := common.HexToHash(e.status(t, h).TxHash)
		orig, isPending, err := e.client.TransactionByHash(ctx, pendingTx)
		if err != nil || !isPending {
			t.Fatalf("bundle %s: pending=%v err=%v, want pending", pendingTx, isPending, err)
		}

		cfg.StuckAfter = 300 * time.Millisecond
		cfg.Metrics = bundler.NewMetrics()
		second := newBuiltin(t, cfg)
		run(t, second)
		waitFor(t, 20*time.Second, "a replacement of the adopted bundle", func() bool {
			return value(cfg.Metrics.Replacements) >= 1
		})
		e.commit(t)
		waitFor(t, 20*time.Second, "the operation mined", func() bool { return len(e.events(t)[h]) > 0 })
		if got := value(cfg.Metrics.BundlesSent); got != 0 {
			t.Errorf("the second bundler sent %v new bundles, want 0 (it adopts the pending one)", got)
		}
		txs, rcpts := e.bundles(t)
		last, r := txs[len(txs)-1], rcpts[len(rcpts)-1]
		if last.Nonce() != orig.Nonce() || r.Status != types.ReceiptStatusSuccessful || last.Hash() == orig.Hash() {
			t.Errorf("mined %s nonce %d status %d; want a successful replacement of %s (nonce %d)", last.Hash(), last.Nonce(), r.Status, orig.Hash(), orig.Nonce())
		}
		if min := new(big.Int).Div(new(big.Int).Mul(orig.GasFeeCap(), big.NewInt(1125)), big.NewInt(1000)); last.GasFeeCap().Cmp(min) < 0 {
			t.Errorf("replacement fee cap %s, want at least %s (12.5%% over %s)", last.GasFeeCap(), min, orig.GasFeeCap())
		}
		if n := len(e.events(t)[h]); n != 1 {
			t.Errorf("%d events, want 1", n)
		}
		if e.nonce(t, a) != 2 {
			t.Errorf("account nonce %d, want 2", e.nonce(t, a))
		}
	})
}

// stopsOnSend is the chain of a bundler that is stopped while its n-th
// transaction is on the wire: the node takes the transaction, and a call
// whose context has ended returns that context's error, as an RPC client
// that gives up on the answer does.
type stopsOnSend struct {
	bundler.Backend
	n     int32
	sends atomic.Int32
	stop  context.CancelFunc
}

func (c *stopsOnSend) SendTransaction(ctx context.Context, tx *types.Transaction) error {
	if c.sends.Add(1) == c.n {
		c.stop()
	}
	err := c.Backend.SendTransaction(context.WithoutCancel(ctx), tx)
	if ctx.Err() != nil {
		return ctx.Err()
	}
	return err
}

// TestBuiltinStoppedMidSend stops the bundler while a replacement is
// being sent: the transaction reaches the node, so the operation's
// record must name it, not the attempt it replaced.
func TestBuiltinStoppedMidSend(t *testing.T) {
	ctx := context.Background()
	e := newEnv(t, time.Hour)
	runCtx, cancel := context.WithCancel(ctx)
	cfg := e.config()
	cfg.StuckAfter = 200 * time.Millisecond
	cfg.Client = &stopsOnSend{Backend: e.client, n: 2, stop: cancel}
	b := newBuiltin(t, cfg)
	a := e.newAccount(t)
	op, h := e.op(t, a, 0)
	e.record(t, a, op, h)
	b.Submit(ctx, op, h)
	done := make(chan error, 1)
	go func() { done <- b.Run(runCtx) }()
	ran(done, t.Fatalf)
	e.commit(t)
	txs, _ := e.bundles(t)
	if len(txs) != 1 {
		t.Fatalf("%d bundle transactions mined, want 1", len(txs))
	}
	if rec := e.status(t, h); rec.TxHash != strings.ToLower(txs[0].Hash().Hex()) {
		t.Errorf("recorded tx %s, mined tx %s (the replacement sent as the bundler stopped)", rec.TxHash, txs[0].Hash())
	}
}

// TestBuiltinFailedBundle makes a mined handleOps fail: two bundles pass
// their eth_call check one by one, but the paymaster's deposit covers only
// one of them, so the second reverts on chain (AA31). Its operation goes
// back to the queue, the next check names it, and it is dropped with the
// EntryPoint's reason; the first is mined. The drop's final status
// leaves through the service's one door for events: to the stream and,
// through the outbox, to the owner's webhook endpoint.
func TestBuiltinFailedBundle(t *testing.T) {
	ctx := context.Background()
	e := newEnv(t, time.Hour)
	a, b := e.newAccount(t), e.newAccount(t)
	opA, hashA := e.op(t, a, 0)
	opB, hashB := e.op(t, b, 0)

	// Leave the paymaster one prefund and a little: less than one prefund
	// once the first operation has paid for its gas.
	prefund := new(big.Int).Mul(new(big.Int).SetUint64(bundler.OpGas(opA)), opA.MaxFeePerGas)
	keep := new(big.Int).Add(prefund, big.NewInt(1e14))
	epc, _ := bindings.NewEntryPointCaller(e.suite.EntryPoint, e.client)
	deposit, err := epc.BalanceOf(&bind.CallOpts{}, e.suite.Paymaster)
	if err != nil {
		t.Fatal(err)
	}
	pm, _ := bindings.NewVerifyingPaymasterTransactor(e.suite.Paymaster, e.client)
	opts, _ := bind.NewKeyedTransactorWithChainID(e.keys.Operator, e.chainID)
	tx, err := pm.WithdrawTo(opts, e.keys.OperatorAddress(), new(big.Int).Sub(deposit, keep))
	if err != nil {
		t.Fatal(err)
	}
	e.commit(t)
	if _, err := chain.WaitMined(ctx, e.client, tx.Hash()); err != nil {
		t.Fatal(err)
	}

	cfg := e.config()
	cfg.MaxBatchOps = 1
	cfg.StuckAfter = time.Hour
	pub := &publisher{}
	cfg.Publisher = events.NewDoor(pub, e.store)
	received := receiveWebhooks(t, e, b.uid)
	bd := newBuiltin(t, cfg)
	for _, s := range []submitted{{a, opA, hashA}, {b, opB, hashB}} {
		e.record(t, s.a, s.op, s.hash)
		bd.Submit(ctx, s.op, s.hash)
	}
	run(t, bd)
	waitFor(t, 20*time.Second, "two bundles sent", func() bool { return value(cfg.Metrics.BundlesSent) == 2 })
	e.commit(t)
	waitFor(t, 20*time.Second, "the second operation dropped", func() bool { return e.status(t, hashB).Status == predict.OpDropped })
	if rec := e.status(t, hashB); rec.Reason != "AA31 paymaster deposit too low" {
		t.Errorf("drop reason %q, want AA31 paymaster deposit too low", rec.Reason)
	}
	// The drop wrote b's notification; the bundler announces it (and
	// nothing for a, whose operation the indexer confirms).
	waitFor(t, 10*time.Second, "the drop's notification announced", func() bool { return pub.has(b.uid) })
	if got := pub.notified(); len(got) != 1 {
		t.Errorf("notified %v, want only %s", got, b.uid)
	}
	if ev := e.events(t); len(ev[hashA]) != 1 || !ev[hashA][0] || len(ev[hashB]) != 0 {
		t.Errorf("events: first %v, second %v; want one success and none", ev[hashA], ev[hashB])
	}
	if got := value(cfg.Metrics.BundlesFailed); got != 1 {
		t.Errorf("bundles_failed_total %v, want 1", got)
	}
	// The owner's webhook receiver gets the final status, as the stream
	// did.
	deadline := time.After(20 * time.Second)
	for dropped := false; !dropped; {
		select {
		case p := <-received:
			dropped = p.Type == event.OperationStatus && p.Data[event.KeyOpHash] == strings.ToLower(hashB.Hex()) &&
				p.Data[event.KeyStatus] == events.OpDropped
		case <-deadline:
			t.Fatal("the dropped operation's final status did not reach the owner's webhook")
		}
	}

	t.Run("BeneficiaryRefusesETH", func(t *testing.T) {
		cfg := e.config()
		cfg.Beneficiary = e.suite.BaseTokens[0].Address // an ERC-20 has no receive function
		bd := newBuiltin(t, cfg)
		ctx, cancel := context.WithTimeout(ctx, 20*time.Second)
		defer cancel()
		if err := bd.Run(ctx); err == nil || !strings.Contains(err.Error(), "does not accept ETH") {
			t.Fatalf("Run: %v, want a configuration error about the beneficiary", err)
		}
	})
}
