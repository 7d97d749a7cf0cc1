// Package accounting holds the service's rules of money, as pure
// functions over big integers, and the aggregates the ledger
// (internal/ledger) decides and the store (internal/store) writes. It
// imports neither: the ledger owns it, the store and the API read its
// rules from here, so each rule (cost basis and realized PnL, pool prices
// and value, settled and void prices, the void payout, an LP's PnL, a
// quote's price impact and slippage, the hot score) has one definition.
package accounting

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
// realized. cost and realized are changed in place.
func RemoveCost(cost, realized, amountBefore, tokens, proceeds *big.Int) {
	removed := new(big.Int)
	if amountBefore.Sign() > 0 {
		removed = MulDiv(cost, tokens, amountBefore)
	}
	if removed.Cmp(cost) > 0 || tokens.Cmp(amountBefore) >= 0 {
		removed.Set(cost) // the last token out takes the rest
	}
	cost.Sub(cost, removed)
	realized.Add(realized, new(big.Int).Sub(proceeds, removed))
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

// MulDiv is a·b/d rounded down.
func MulDiv(a, b, d *big.Int) *big.Int {
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

// HotVolume is the decayed volume a hot score stands for at time at, in
// base units: what the market's trades, each halving every hotHalfLife
// since it happened, add up to then.
func HotVolume(score float64, at time.Time) float64 {
	return math.Exp2(score - float64(at.Sub(hotEpoch))/float64(hotHalfLife))
}

// VoidPayout is what the option tokens of a void market would pay out:
// each option's supply at 1/N, floor(sum / N) (the contract rounds once
// per claim, so the claims may pay a few units less). Zero for no option.
func VoidPayout(supplies []*big.Int) *big.Int {
	sum := new(big.Int)
	for _, x := range supplies {
		sum.Add(sum, x)
	}
	if len(supplies) == 0 {
		return sum
	}
	return sum.Quo(sum, big.NewInt(int64(len(supplies))))
}

// LPPnL is what a liquidity position made so far: its share of the pool
// now (ShareValue) plus what it withdrew, the fees it collected and the
// option tokens the pool sent back (at their price then), less what it
// deposited.
func LPPnL(p *predict.LiquidityPosition) *big.Int {
	pnl := p.ShareValue()
	for _, x := range []*big.Int{p.Withdrawn, p.Fees, p.ReturnedValue} {
		pnl.Add(pnl, predict.OrZero(x))
	}
	return pnl.Sub(pnl, predict.OrZero(p.Deposited))
}

// Quote is a trade against a pool, as the contract would execute it.
type Quote struct {
	// Out is the tokens a buy gets or the base a sale gets; Fee the
	// trading fee.
	Out, Fee *big.Int
	// Prices are every option's price after the trade; Average the
	// trade's base per token and Impact the relative move of the traded
	// option's price, (after − before)/before (zero from a zero price),
	// all 18-decimal fixed point.
	Prices          []*big.Int
	Average, Impact *big.Int
}

// QuoteTrade quotes a buy (buy true: amount is base in) or a sale
// (amount is tokens in) of option i of a pool of balances at prices
// before with a fee of feeBps: the pool math's (fpmm) errors pass through.
func QuoteTrade(balances, before []*big.Int, feeBps int, i int, buy bool, amount *big.Int) (*Quote, error) {
	var (
		q     Quote
		after []*big.Int
		err   error
	)
	if buy {
		bq, qerr := fpmm.QuoteBuy(balances, uint64(feeBps), i, amount)
		q.Out, q.Fee, after, err = bq.TokensOut, bq.Fee, bq.Balances, qerr
	} else {
		sq, qerr := fpmm.QuoteSell(balances, uint64(feeBps), i, amount)
		q.Out, q.Fee, after, err = sq.BaseOut, sq.Fee, sq.Balances, qerr
	}
	if err != nil {
		return nil, err
	}
	if q.Prices, err = fpmm.Prices(after); err != nil {
		return nil, err
	}
	if buy {
		q.Average = predict.DivWad(amount, q.Out)
	} else {
		q.Average = predict.DivWad(q.Out, amount)
	}
	q.Impact = new(big.Int)
	if b := before[i]; b.Sign() > 0 {
		q.Impact = predict.DivWad(new(big.Int).Sub(q.Prices[i], b), b)
	}
	return &q, nil
}

// MinReceive is out less slippageBps basis points, rounded down: the
// least a trade with that tolerance accepts.
func MinReceive(out *big.Int, slippageBps int) *big.Int {
	m := new(big.Int).Mul(out, big.NewInt(int64(10_000-slippageBps)))
	return m.Quo(m, big.NewInt(10_000))
}
