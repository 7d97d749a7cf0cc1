package storetest

import (
	"testing"

	"github.com/predict-dev/predict/internal/chainsim"
)

// ChainSim is the contract simulator of the tests (internal/chainsim):
// one two-option market with a 2% fee whose batches the store applies
// through the ledger (Apply).
type ChainSim = chainsim.Sim

// FeeBps is the trading fee of the simulated market.
const FeeBps = chainsim.FeeBps

// NewChainSim returns a simulation at block 100 with new addresses.
func NewChainSim(t testing.TB) *ChainSim {
	market, base := Address(), Address()
	yes, no := Address(), Address()
	return chainsim.New(t, market, yes, no, base, Address(), Address())
}
