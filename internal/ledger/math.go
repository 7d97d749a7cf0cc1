package ledger

import (
	"math"
	"math/big"
	"time"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/internal/market/fpmm"
)

// RemoveCost takes tokens out of a position of amountBefore tokens under
// the average-cost method: the cost leaves in proportion (rounded down,
// never more than the whole cost) and proceeds minus that cost is
// realized.
func RemoveCost(p *Position, amountBefore, tokens, proceeds *big.Int) {
	removed := new(big.Int)
	if amountBefore.Sign() > 0 {
		removed = mulDiv(p.Cost, tokens, amountBefore)
	}
	if removed.Cmp(p.Cost) > 0 || tokens.Cmp(amountBefore) >= 0 {
		removed.Set(p.Cost) // the last token out takes the rest
	}
	p.Cost.Sub(p.Cost, removed)
	p.Realized.Add(p.Realized, new(big.Int).Sub(proceeds, removed))
}

// PoolValue is Σ balance·price / 1e18: the base value of the pool at its
// own prices, the market's "liquidity".
func PoolValue(balances, prices []*big.Int) *big.Int {
	sum := new(big.Int)
	for i, b := range balances {
		sum.Add(sum, new(big.Int).Mul(b, prices[i]))
	}
	return sum.Quo(sum, predict.Wad)
}

// PoolPrices are the prices of a pool's balances: the contract's formula
// (fpmm.Prices); an error for an empty pool.
func PoolPrices(balances []*big.Int) ([]*big.Int, error) { return fpmm.Prices(balances) }

// EqualPrices are the prices of n equal balances, summing to exactly 1.
func EqualPrices(n int) []*big.Int {
	b := make([]*big.Int, n)
	for i := range b {
		b[i] = big.NewInt(1)
	}
	p, err := fpmm.Prices(b)
	if err != nil {
		panic(err) // n was checked against fpmm's limits
	}
	return p
}

// SettledPrices are the prices of a settled market of n options: exactly
// one base unit for the winning token, nothing for the others.
func SettledPrices(n, winner int) []*big.Int {
	p := make([]*big.Int, n)
	for i := range p {
		p[i] = new(big.Int)
		if i == winner {
			p[i].Set(predict.Wad)
		}
	}
	return p
}

// VoidPrices are the prices of a void market of n options: each option
// token redeems at 1/N of a base token, 1e18/n rounded down.
func VoidPrices(n int) []*big.Int {
	p := make([]*big.Int, n)
	for i := range p {
		p[i] = new(big.Int).Quo(predict.Wad, big.NewInt(int64(n)))
	}
	return p
}

func mulDiv(a, b, d *big.Int) *big.Int {
	v := new(big.Int).Mul(a, b)
	return v.Quo(v, d)
}

// Hot score: an exponentially decayed trading volume kept in the log
// domain so it never needs rewriting as time passes: score = log2(Σ
// base·2^((t−epoch)/halfLife)) over the market's trades. Comparing two
// scores compares the decayed volumes at any common moment, and one new
// trade updates it in O(1).
var hotEpoch = time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)

const hotHalfLife = 24 * time.Hour

// HotScore adds a trade of base at time at to the score prev (first for
// the market's first trade).
func HotScore(prev float64, first bool, base *big.Int, at time.Time) float64 {
	f, _ := new(big.Float).SetInt(base).Float64()
	if f < 1 {
		f = 1
	}
	x := math.Log2(f) + float64(at.Sub(hotEpoch))/float64(hotHalfLife)
	if first {
		return x
	}
	hi, lo := max(prev, x), min(prev, x)
	return hi + math.Log2(1+math.Exp2(lo-hi))
}
