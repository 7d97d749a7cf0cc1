package chain_test

import (
	"context"
	"errors"
	"math/big"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/accounts/abi/bind"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/internal/chain"
	"github.com/predict-dev/predict/internal/chain/bindings"
	"github.com/predict-dev/predict/internal/chain/devchain/devchaintest"
)

// unmined is the embedded chain seen through a node that never returns a
// receipt: the transactions are sent and sealed, but the operator cannot
// learn it, as with a transaction stuck in a real chain's pool. It tells
// when the operator starts waiting.
type unmined struct {
	chain.Backend
	waiting chan struct{}
}

func (u *unmined) TransactionReceipt(context.Context, common.Hash) (*types.Receipt, error) {
	select {
	case u.waiting <- struct{}{}:
	default:
	}
	return nil, ethereum.NotFound
}

// TestOperatorWaitIsBounded: a transaction that is never seen mined ends
// with ERPC after the operator's MineTimeout, a caller queued behind it
// can give up with its own context, and the operator's next transaction
// goes through.
func TestOperatorWaitIsBounded(t *testing.T) {
	ctx := context.Background()
	node, keys, suite := devchaintest.OpenSuite(t)
	token := suite.BaseTokens[0].Address.Hex()
	to := common.HexToAddress("0x00000000000000000000000000000000000000a1")
	blind := &unmined{Backend: node.Client(), waiting: make(chan struct{}, 1)}
	stuck := chain.NewOperator(blind, keys.Operator, suite)
	stuck.MineTimeout = 2 * time.Second

	done := make(chan error, 1)
	go func() {
		_, err := stuck.Mint(ctx, token, to.Hex(), big.NewInt(1))
		done <- err
	}()
	<-blind.waiting // the first mint holds the operator's turn

	queued, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := stuck.Mint(queued, token, to.Hex(), big.NewInt(2)); !errors.Is(err, context.Canceled) {
		t.Fatalf("a caller queued behind the stuck mint, whose context ended: %v, want context.Canceled", err)
	}
	select {
	case err := <-done:
		t.Fatalf("the first mint ended (%v) before its caller's queued one gave up", err)
	default:
	}

	err := <-done
	if predict.ErrorCode(err) != predict.ERPC || !strings.Contains(predict.ErrorMessage(err), "was not mined within 2s") {
		t.Fatalf("the unmined mint: %v (code %q), want ERPC saying it was not mined within 2s", err, predict.ErrorCode(err))
	}

	// The turn is free again: through a node that reports receipts, the
	// next mint is confirmed, and both mints reached the chain.
	if _, err := chain.NewOperator(node.Client(), keys.Operator, suite).Mint(ctx, token, to.Hex(), big.NewInt(40)); err != nil {
		t.Fatalf("the next mint: %v", err)
	}
	bt, err := bindings.NewBaseToken(suite.BaseTokens[0].Address, node.Client())
	if err != nil {
		t.Fatal(err)
	}
	if bal, err := bt.BalanceOf(&bind.CallOpts{Context: ctx}, to); err != nil || bal.Int64() != 41 {
		t.Fatalf("balance %v (%v), want 41: the stuck mint and the next one", bal, err)
	}
}
