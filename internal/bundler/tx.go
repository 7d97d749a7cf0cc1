package bundler

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"strings"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/rpc"

	"github.com/predict-dev/predict"
)

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
	if err := b.sendTx(ctx, tx); err != nil {
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
	if err := b.sendTx(ctx, tx); err != nil {
		// Underpriced: the next try bumps from these fees. Nonce too low:
		// an attempt was mined; the next round settles it. No answer at
		// all: the node may hold it, so its receipt is looked for too.
		if !refused(err) {
			f.txs = append(f.txs, tx)
		}
		b.log.Warn("sending a replacement", "nonce", f.nonce, "tx", tx.Hash(), "err", err)
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

// sendTimeout bounds one eth_sendRawTransaction.
const sendTimeout = 15 * time.Second

// sendTx sends a signed transaction on a context the bundler's stop does
// not cut (bounded by sendTimeout): a call abandoned half-way can leave
// the node holding a transaction whose hash was never recorded, and the
// operation's record would then name an attempt that is not mined. A
// node that already has the transaction has it sent: nil.
func (b *Builtin) sendTx(ctx context.Context, tx *types.Transaction) error {
	sctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), sendTimeout)
	defer cancel()
	if err := b.cfg.Client.SendTransaction(sctx, tx); err != nil && !isKnown(err) {
		return err
	}
	return nil
}

// refused reports an error the node answered with (a JSON-RPC error), as
// opposed to a send whose outcome is unknown (timeout, broken connection).
func refused(err error) bool {
	var re rpc.Error
	return errors.As(err, &re)
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
