// Package devchaintest opens the embedded dev chain for the tests of the
// packages that run against real contracts.
package devchaintest

import (
	"context"
	"io"
	"log/slog"
	"math/big"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/accounts/abi/bind"

	"github.com/predict-dev/predict/internal/chain"
	"github.com/predict-dev/predict/internal/chain/devchain"
)

// Open opens a dev chain with new keys in a temporary directory, sealing
// a block per transaction (period 0) or on a timer of period, with its
// logs discarded. The chain is closed when the test ends.
func Open(t testing.TB, period time.Duration) (*devchain.Chain, *chain.Keys) {
	t.Helper()
	dir := t.TempDir()
	keys, err := chain.LoadOrCreateKeys(dir)
	if err != nil {
		t.Fatal(err)
	}
	c, err := devchain.Open(context.Background(), devchain.Config{Dir: dir, Keys: keys, Period: period,
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c, keys
}

// OpenSuite opens a dev chain as Open does (a block per transaction) and
// deploys the contract suite on it from the operator key: the default base
// tokens and fee, and 1 ether deposited for the paymaster.
func OpenSuite(t testing.TB) (*devchain.Chain, *chain.Keys, *chain.Suite) {
	t.Helper()
	node, keys := Open(t, 0)
	opts, err := bind.NewKeyedTransactorWithChainID(keys.Operator, node.ChainID())
	if err != nil {
		t.Fatal(err)
	}
	suite, err := chain.DeploySuite(context.Background(), node.Client(), opts, chain.SuiteConfig{
		PaymasterSigner: keys.PaymasterAddress(), PaymasterDeposit: big.NewInt(1e18),
		BaseTokens: chain.DefaultBaseTokens(), FeeBps: chain.DefaultFeeBps,
	})
	if err != nil {
		t.Fatal(err)
	}
	return node, keys, suite
}
