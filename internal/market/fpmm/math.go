// Package fpmm mirrors, in pure Go, the pool math of the Market contract (contracts/src/Market.sol):
// an N-option fixed-product market maker in the Gnosis FPMM model where one base token splits
// into one token of every option. Every function reproduces the contract's integer arithmetic
// and rounding exactly, so quotes computed here equal, to the unit, what the chain does; a
// property test in internal/chain runs random operations on both and compares them.
//
// Amounts are *big.Int in the base token's smallest unit (option and LP tokens have the base
// token's decimals). Prices are 18-decimal fixed-point integers (1e18 = 1); FormatPrice renders
// them as decimal strings for the API edge. Functions never modify their arguments.
package fpmm

import (
	"errors"
	"math/big"
)

// Limits shared with the contracts.
const (
	MinOptions = 2      // fewest options of a market
	MaxOptions = 16     // most options of a market (MarketFactory.MAX_OPTIONS)
	MaxFeeBps  = 1000   // highest trading fee, in basis points (10%)
	BPS        = 10_000 // basis-point denominator
	// PriceDecimals is the number of decimals of the fixed-point prices.
	PriceDecimals = 18
)

// Errors returned by the pool math; each corresponds to a revert of the Market contract.
var (
	ErrInvalidOptionCount = errors.New("fpmm: option count must be between 2 and 16") // InvalidOptionCount
	ErrInvalidOption      = errors.New("fpmm: option index out of range")             // InvalidOption
	ErrFeeTooHigh         = errors.New("fpmm: fee above 1000 bps")                    // FeeTooHigh
	ErrZeroAmount         = errors.New("fpmm: amount must be positive")               // ZeroAmount
	ErrZeroOutput         = errors.New("fpmm: operation would produce nothing")       // ZeroOutput
	ErrPoolEmpty          = errors.New("fpmm: pool has no liquidity")                 // PoolEmpty
	ErrOverflow           = errors.New("fpmm: amount or pool balance above 2^128-1")  // Overflow
	ErrInsufficientLP     = errors.New("fpmm: LP balance too low")                    // ERC20InsufficientBalance
	ErrInvalidAccount     = errors.New("fpmm: empty account")                         // ERC20InvalidReceiver
	ErrSettled            = errors.New("fpmm: market is settled")                     // MarketSettled
	ErrNotSettled         = errors.New("fpmm: market is not settled")                 // NotSettled
)

var (
	one       = big.NewInt(1e18)
	bps       = big.NewInt(BPS)
	maxAmount = new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 128), big.NewInt(1))
)

// BuyQuote is the outcome of buying an option with an exact base amount.
type BuyQuote struct {
	Fee       *big.Int   // fee taken from the base amount (rounded up), accrued to LP holders
	TokensOut *big.Int   // option tokens the buyer receives
	Balances  []*big.Int // pool balances after the trade
}

// SellQuote is the outcome of selling an exact amount of option tokens.
type SellQuote struct {
	Gross    *big.Int   // complete sets merged out of the pool (base before the fee)
	Fee      *big.Int   // fee taken from Gross (rounded up), accrued to LP holders
	BaseOut  *big.Int   // base tokens the seller receives: Gross - Fee
	Balances []*big.Int // pool balances after the trade
}

// checkTrade refuses what the Market contract reverts for a trade of
// amount on option, checked in the contract's order.
func checkTrade(balances []*big.Int, option int, amount *big.Int) error {
	switch {
	case option < 0 || option >= len(balances):
		return ErrInvalidOption
	case amount == nil || amount.Sign() <= 0:
		return ErrZeroAmount
	case amount.Cmp(maxAmount) > 0:
		return ErrOverflow
	case balances[0].Sign() == 0:
		return ErrPoolEmpty
	}
	return nil
}

// tradeBalances is the pool's balances after a trade: every balance moves
// by sets (complete sets added when positive, merged when negative), then
// the traded option's by own. It fails with ErrOverflow when a balance
// ends above 2^128-1.
func tradeBalances(balances []*big.Int, sets *big.Int, option int, own *big.Int) ([]*big.Int, error) {
	next := make([]*big.Int, len(balances))
	for k, b := range balances {
		next[k] = new(big.Int).Add(b, sets)
	}
	next[option].Add(next[option], own)
	return next, checkBalances(next)
}

// QuoteBuy computes buy(option, baseIn) against pool balances with a fee of feeBps: the
// investment after the fee is split into complete sets added to every balance, and the buyer
// receives what brings the traded balance down to the smallest value that keeps the product of
// the balances, computed with 1e18-scaled ceiling divisions (Gnosis calcBuyAmount).
func QuoteBuy(balances []*big.Int, feeBps uint64, option int, baseIn *big.Int) (BuyQuote, error) {
	if err := checkTrade(balances, option, baseIn); err != nil {
		return BuyQuote{}, err
	}
	fee := ceilDiv(new(big.Int).Mul(baseIn, new(big.Int).SetUint64(feeBps)), bps)
	x := new(big.Int).Sub(baseIn, fee)
	bi := balances[option]
	e := new(big.Int).Mul(bi, one)
	for j, bj := range balances {
		if j != option {
			e = ceilMulDiv(e, bj, new(big.Int).Add(bj, x))
		}
	}
	out := new(big.Int).Add(bi, x)
	out.Sub(out, ceilDiv(e, one))
	if out.Sign() == 0 {
		return BuyQuote{}, ErrZeroOutput
	}
	next, err := tradeBalances(balances, x, option, new(big.Int).Neg(out))
	if err != nil {
		return BuyQuote{}, err
	}
	return BuyQuote{Fee: fee, TokensOut: out, Balances: next}, nil
}

// QuoteSell computes sell(option, tokensIn): the gross return g is the largest integer with
// g < min(tokensIn, min_{j!=option} b_j) for which the 1e18-scaled, rounded-up ending balance of
// the sold option after merging g complete sets fits in b_option + tokensIn - g. The fee is taken
// from g, rounded up. Any amount can be sold: a sale worth less than one unit returns zero.
func QuoteSell(balances []*big.Int, feeBps uint64, option int, tokensIn *big.Int) (SellQuote, error) {
	if err := checkTrade(balances, option, tokensIn); err != nil {
		return SellQuote{}, err
	}
	gross := sellGross(balances, option, tokensIn)
	fee := ceilDiv(new(big.Int).Mul(gross, new(big.Int).SetUint64(feeBps)), bps)
	next, err := tradeBalances(balances, new(big.Int).Neg(gross), option, tokensIn)
	if err != nil {
		return SellQuote{}, err
	}
	return SellQuote{Gross: gross, Fee: fee, BaseOut: new(big.Int).Sub(gross, fee), Balances: next}, nil
}

// sellGross finds the largest g with sellOK by bisection (the contract starts from a Newton
// estimate; sellOK is monotone, so both find the same g).
func sellGross(b []*big.Int, i int, t *big.Int) *big.Int {
	hi := new(big.Int).Set(t) // exclusive
	for j, bj := range b {
		if j != i && bj.Cmp(hi) < 0 {
			hi.Set(bj)
		}
	}
	lo := new(big.Int)
	if hi.Cmp(big.NewInt(1)) <= 0 {
		return lo
	}
	mid := new(big.Int)
	for new(big.Int).Sub(hi, lo).Cmp(big.NewInt(1)) > 0 {
		mid.Add(lo, hi).Rsh(mid, 1)
		if sellOK(b, i, t, mid) {
			lo.Set(mid)
		} else {
			hi.Set(mid)
		}
	}
	return lo
}

// sellOK reports whether merging g complete sets after receiving t tokens of option i keeps the
// product of the balances (with the contract's rounding). g must be below every b_j, j != i, and
// below t.
func sellOK(b []*big.Int, i int, t, g *big.Int) bool {
	bi := b[i]
	limit := new(big.Int).Add(bi, t)
	limit.Sub(limit, g).Mul(limit, one)
	e := new(big.Int).Mul(bi, one)
	for j, bj := range b {
		if j != i {
			e = ceilMulDiv(e, bj, new(big.Int).Sub(bj, g))
			if e.Cmp(limit) > 0 {
				return false
			}
		}
	}
	return true
}

// Prices returns the price of every option as an 18-decimal fixed-point integer:
// price_i = prod_{j!=i} b_j / sum_k prod_{j!=k} b_j, each rounded down, then the units missing
// to a sum of exactly 1e18 given to the largest remainders (ties to the lower index). So the
// prices sum to exactly 1 and each is within one unit (1e-18) of the exact value.
func Prices(balances []*big.Int) ([]*big.Int, error) {
	n := len(balances)
	if n < MinOptions || n > MaxOptions {
		return nil, ErrInvalidOptionCount
	}
	for _, b := range balances {
		if b.Sign() <= 0 {
			return nil, ErrPoolEmpty
		}
	}
	products := make([]*big.Int, n)
	total := new(big.Int)
	for i := range balances {
		p := big.NewInt(1)
		for j, b := range balances {
			if j != i {
				p.Mul(p, b)
			}
		}
		products[i] = p
		total.Add(total, p)
	}
	prices := make([]*big.Int, n)
	rems := make([]*big.Int, n)
	sum := new(big.Int)
	for i, p := range products {
		q, r := new(big.Int).QuoRem(new(big.Int).Mul(p, one), total, new(big.Int))
		prices[i], rems[i] = q, r
		sum.Add(sum, q)
	}
	deficit := new(big.Int).Sub(one, sum).Int64() // 0 <= deficit < n
	for ; deficit > 0; deficit-- {
		best := -1
		for i, r := range rems {
			if r.Sign() > 0 && (best < 0 || r.Cmp(rems[best]) > 0) {
				best = i
			}
		}
		prices[best].Add(prices[best], big.NewInt(1))
		rems[best] = new(big.Int) // each option receives at most one unit
	}
	return prices, nil
}

// LiquidityQuote is the outcome of adding liquidity.
type LiquidityQuote struct {
	LPMinted *big.Int   // LP tokens minted
	SentBack []*big.Int // option tokens returned to the provider, by option
	Balances []*big.Int // pool balances after
}

// QuoteAddLiquidity computes addLiquidity(baseIn) for a pool with balances and LP supply: the
// pool keeps ceil(baseIn * b_k / max(b)) of each option and sends the rest back; it mints
// floor(baseIn * supply / max(b)) LP tokens. With supply zero the pool is seeded at equal prices
// and baseIn LP tokens are minted.
func QuoteAddLiquidity(balances []*big.Int, supply, baseIn *big.Int) (LiquidityQuote, error) {
	n := len(balances)
	if baseIn == nil || baseIn.Sign() <= 0 {
		return LiquidityQuote{}, ErrZeroAmount
	}
	if baseIn.Cmp(maxAmount) > 0 {
		return LiquidityQuote{}, ErrOverflow
	}
	next := make([]*big.Int, n)
	sent := make([]*big.Int, n)
	var minted *big.Int
	if supply.Sign() == 0 {
		for k := range next {
			next[k] = new(big.Int).Set(baseIn)
			sent[k] = new(big.Int)
		}
		minted = new(big.Int).Set(baseIn)
	} else {
		maxB := maxOf(balances)
		for k, b := range balances {
			keep := ceilMulDiv(baseIn, b, maxB)
			sent[k] = new(big.Int).Sub(baseIn, keep)
			next[k] = new(big.Int).Add(b, keep)
		}
		minted = new(big.Int).Mul(baseIn, supply)
		minted.Quo(minted, maxB)
	}
	if minted.Sign() == 0 {
		return LiquidityQuote{}, ErrZeroOutput
	}
	if err := checkBalances(next); err != nil {
		return LiquidityQuote{}, err
	}
	return LiquidityQuote{LPMinted: minted, SentBack: sent, Balances: next}, nil
}

// RemovalQuote is the pool side of removing liquidity (fees are separate).
type RemovalQuote struct {
	BaseOut  *big.Int   // complete sets merged and paid in base
	SentBack []*big.Int // leftover option tokens returned, by option
	Balances []*big.Int // pool balances after
}

// QuoteRemoveLiquidity computes the pool side of removeLiquidity(lp): the provider takes
// floor(b_k * lp / supply) of every balance, the smallest of those is merged into base, and the
// rest of each is sent back as option tokens. Fees accrued to the provider are paid on top.
func QuoteRemoveLiquidity(balances []*big.Int, supply, lp *big.Int) (RemovalQuote, error) {
	if lp == nil || lp.Sign() <= 0 {
		return RemovalQuote{}, ErrZeroAmount
	}
	if lp.Cmp(supply) > 0 {
		return RemovalQuote{}, ErrInsufficientLP
	}
	n := len(balances)
	next := make([]*big.Int, n)
	shares := make([]*big.Int, n)
	var sets *big.Int
	for k, b := range balances {
		s := new(big.Int).Mul(b, lp)
		s.Quo(s, supply)
		shares[k] = s
		next[k] = new(big.Int).Sub(b, s)
		if sets == nil || s.Cmp(sets) < 0 {
			sets = s
		}
	}
	sets = new(big.Int).Set(sets)
	for _, s := range shares {
		s.Sub(s, sets)
	}
	return RemovalQuote{BaseOut: sets, SentBack: shares, Balances: next}, nil
}

func checkBalances(b []*big.Int) error {
	for _, x := range b {
		if x.Cmp(maxAmount) > 0 {
			return ErrOverflow
		}
	}
	return nil
}

func maxOf(b []*big.Int) *big.Int {
	m := new(big.Int)
	for _, x := range b {
		if x.Cmp(m) > 0 {
			m = x
		}
	}
	return m
}

// ceilDiv returns ceil(a / d) for a >= 0, d > 0.
func ceilDiv(a, d *big.Int) *big.Int {
	q, r := new(big.Int).QuoRem(a, d, new(big.Int))
	if r.Sign() != 0 {
		q.Add(q, big.NewInt(1))
	}
	return q
}

// ceilMulDiv returns ceil(a * b / d), exact like OpenZeppelin's Math.mulDiv rounding up.
func ceilMulDiv(a, b, d *big.Int) *big.Int {
	return ceilDiv(new(big.Int).Mul(a, b), d)
}
