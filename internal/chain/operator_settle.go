package chain

import (
	"context"
	"fmt"

	"github.com/ethereum/go-ethereum/accounts/abi/bind"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/internal/chain/bindings"
)

// Settle sends Exchange.settle of matches and pool fills from the
// operator key (the Exchange's operator), in the key's turn with its
// other transactions, and returns the receipt: the caller reads which
// items went through from its logs (OrderFilled, SettlementFailed).
func (o *Operator) Settle(ctx context.Context, matches []bindings.ExchangeMatch, pool []bindings.ExchangePoolFill) (*types.Receipt, error) {
	if o.suite.Exchange == (common.Address{}) {
		return nil, predict.Errorf(predict.ENOTIMPL, "the deployment has no Exchange")
	}
	ex, err := bindings.NewExchangeTransactor(o.suite.Exchange, o.backend)
	if err != nil {
		return nil, fmt.Errorf("exchange binding: %w", err)
	}
	if matches == nil {
		matches = []bindings.ExchangeMatch{}
	}
	if pool == nil {
		pool = []bindings.ExchangePoolFill{}
	}
	var receipt *types.Receipt
	gas := settleGas(len(matches) + len(pool))
	_, err = o.transact(ctx, fmt.Sprintf("settle %d matches and %d pool fills", len(matches), len(pool)), func(opts *bind.TransactOpts) (*types.Transaction, error) {
		opts.GasLimit = gas
		tx, err := ex.Settle(opts, matches, pool)
		if err != nil {
			return nil, err
		}
		receipt = &types.Receipt{TxHash: tx.Hash()}
		return tx, nil
	})
	if err != nil {
		return nil, err
	}
	// transact waited for the receipt, and refused a reverted one; read
	// it back whole.
	r, err := o.backend.TransactionReceipt(ctx, receipt.TxHash)
	if err != nil {
		return nil, fmt.Errorf("settlement receipt %s: %w", receipt.TxHash.Hex(), err)
	}
	return r, nil
}

// Gas of a settlement. Estimation cannot size it: settle catches every
// item's failure, so the least gas with which the transaction succeeds
// is one with which every item fails for want of gas. The limit is set
// instead, generously per item (a match of two orders measures about
// 130,000 gas, a pool fill about 150,000; docs/contracts.md), under the
// transaction gas cap of EIP-7825.
const (
	settleGasBase    = 200_000
	settleGasPerItem = 250_000
	settleGasCap     = 15_000_000
)

// settleGas is the gas limit of a settlement of n items.
func settleGas(n int) uint64 {
	return min(settleGasBase+settleGasPerItem*uint64(n), settleGasCap)
}
