// Package devchaintest opens the embedded dev chain for the tests of the
// packages that run against real contracts.
package devchaintest

import (
	"context"
	"io"
	"log/slog"
	"testing"
	"time"

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
