package predict

import (
	"math/big"
	"time"
)

// MarketPool is the on-chain state of a market's pool as last indexed:
// what a quote needs.
type MarketPool struct {
	Market    string
	BaseToken string
	Status    MarketStatus
	FeeBps    int
	EndTime   time.Time
	Options   []string   // option token addresses by index
	Balances  []*big.Int // pool balance of every option
	Prices    []*big.Int // 18-decimal fixed point
	LPSupply  *big.Int
	// CollectedFees are the trading fees held for LP holders and not yet
	// paid out (Market.collectedFees).
	CollectedFees *big.Int
	// Liquidity is the pool value: Σ balance·price, in base units. At
	// creation it equals the initial liquidity; after settlement it is the
	// pool's balance of the winning option.
	Liquidity    *big.Int
	WinningIndex int // -1 until settled
	Block        uint64
}
