package exchange

import (
	"math/big"

	"github.com/ethereum/go-ethereum/common"

	"github.com/predict-dev/predict/internal/market/fpmm"
)

// Fill is one order's part in a match, as Exchange.settle takes it.
type Fill struct {
	Order    *Resting
	Given    *big.Int // of the order's maker asset
	Received *big.Int // of its taker asset, before the fee
	Fee      *big.Int
}

// Match is orders of one market settled together: a cross of a buy and a
// sell (COMPLEMENTARY), buys of every option filled from minted complete
// sets (MINT), or sells of every option paid by merging sets (MERGE).
type Match struct {
	Market common.Address
	Fills  []Fill
	Minted *big.Int
	Merged *big.Int
}

// PoolFill is an order traded against the market's pool.
type PoolFill struct {
	Order       *Resting
	Given       *big.Int
	MinReceived *big.Int // what the pool pays for Given as the book last saw it
}

// Plan is what a taker's arrival settles: its matches and pool fills,
// in the order they were decided.
type Plan struct {
	Matches []Match
	Pool    []PoolFill
}

// Fills counts the settlement items of the plan.
func (p *Plan) Fills() int { return len(p.Matches) + len(p.Pool) }

var (
	one = big.NewInt(1)
	wad = new(big.Rat).SetInt(big.NewInt(1e18))
)

// source is where the next part of a taker's fill comes from.
type source int

const (
	none source = iota
	direct
	sets
	pool
)

// Take matches taker against the book and the pool, best price for the
// taker first, until it is filled, nothing left crosses its limit, or
// maxFills items are planned. At one price the book's orders come before
// the pool, earlier before later. The taker gets the better price: a
// resting order trades at its own limit, and the surplus of a MINT or a
// MERGE goes to the taker. Every fill satisfies its order's limit exactly
// (received · makerAmount ≥ given · takerAmount, as the contract checks)
// and every match conserves what it moves. The book's orders, the taker's
// Filled and the pool are updated as if the plan settled; a taker's
// remainder is the caller's to rest or drop.
func (b *Book) Take(taker *Resting, maxFills int) (*Plan, error) {
	if err := b.check(taker); err != nil {
		return nil, err
	}
	taker.filled()
	plan := &Plan{}
	skip := map[common.Hash]bool{}
	poolDry := b.Pool == nil || b.Pool.Settled
	a := int(taker.Option.Int64())
	for plan.Fills() < maxFills && taker.Left().Sign() > 0 {
		d, setOrders, setPrice := b.candidates(taker, a, skip)
		var poolPrice *big.Rat
		if !poolDry {
			poolPrice = b.poolPrice(a)
		}
		src, next := b.choose(taker, d, setPrice, poolPrice)
		var ok, takerBound bool
		switch src {
		case none:
			return plan, nil
		case direct:
			if ok, takerBound = b.takeDirect(plan, taker, d); !ok {
				skip[d.Hash] = true
			}
		case sets:
			if ok, takerBound = b.takeSets(plan, taker, setOrders); !ok {
				for _, r := range setOrders {
					skip[r.Hash] = true
				}
			}
		case pool:
			if ok = b.takePool(plan, taker, a, next); !ok {
				poolDry = true
			}
		}
		if !ok && takerBound {
			// What the taker has left is too little for a unit at the best
			// price: the orders behind it ask more, so nothing further fills.
			return plan, nil
		}
	}
	return plan, nil
}

// candidates are the book's sources for the taker: the best order on the
// other side of its option, and the best order of every other option on
// its own side (for a MINT or MERGE) with the price that set offers the
// taker (1 − the sum of their prices), nil when an option has none.
func (b *Book) candidates(taker *Resting, a int, skip map[common.Hash]bool) (d *Resting, set []*Resting, setPrice *big.Rat) {
	d = b.best(a, 1-taker.Side, taker, skip)
	sum := new(big.Rat)
	for k := 0; k < b.Options; k++ {
		if k == a {
			continue
		}
		r := b.best(k, taker.Side, taker, skip)
		if r == nil {
			return d, nil, nil
		}
		set = append(set, r)
		sum.Add(sum, r.Price())
	}
	return d, set, new(big.Rat).Sub(big.NewRat(1, 1), sum)
}

// poolPrice is the pool's marginal price of option a.
func (b *Book) poolPrice(a int) *big.Rat {
	prices, err := fpmm.Prices(b.Pool.Balances)
	if err != nil {
		return nil
	}
	return new(big.Rat).Quo(new(big.Rat).SetInt(prices[a]), wad)
}

// choose picks the source with the best price for the taker within its
// limit (the book's before the pool at one price) and the price of the
// next best, which a pool fill must not pass.
func (b *Book) choose(taker *Resting, d *Resting, setPrice, poolPrice *big.Rat) (source, *big.Rat) {
	limit := taker.Price()
	// better says whether x is a better price than y for the taker.
	better := func(x, y *big.Rat) bool {
		if taker.Side == Buy {
			return x.Cmp(y) < 0
		}
		return x.Cmp(y) > 0
	}
	within := func(x *big.Rat) bool { return x != nil && !better(limit, x) }
	type option struct {
		src   source
		price *big.Rat
	}
	var opts []option
	if d != nil && within(d.Price()) {
		opts = append(opts, option{direct, d.Price()})
	}
	if setPrice != nil && setPrice.Sign() > 0 && within(setPrice) {
		opts = append(opts, option{sets, setPrice})
	}
	if poolPrice != nil && within(poolPrice) {
		opts = append(opts, option{pool, poolPrice})
	}
	if len(opts) == 0 {
		return none, nil
	}
	bestI := 0
	for i := 1; i < len(opts); i++ {
		if better(opts[i].price, opts[bestI].price) {
			bestI = i
		}
	}
	next := limit
	for i, o := range opts {
		if i != bestI && o.src != pool && better(o.price, next) {
			next = o.price
		}
	}
	return opts[bestI].src, next
}

// limitHolds reports whether giving given for received keeps r's limit.
func limitHolds(r *Resting, given, received *big.Int) bool {
	lhs := new(big.Int).Mul(received, r.MakerAmount)
	return lhs.Cmp(new(big.Int).Mul(given, r.TakerAmount)) >= 0
}

func mulDiv(x, y, z *big.Int) *big.Int { return new(big.Int).Quo(new(big.Int).Mul(x, y), z) }

func ceilMulDiv(x, y, z *big.Int) *big.Int {
	n := new(big.Int).Mul(x, y)
	n.Add(n, z).Sub(n, one)
	return n.Quo(n, z)
}

// roundingTries bounds how many units a fill gives up to rounding before
// the pair is passed over.
const roundingTries = 4

// takeDirect crosses the taker with d, the best order on the other side
// of its option, at d's price, as much as both allow. takerBound reports
// that the taker's left bounded the fill.
func (b *Book) takeDirect(plan *Plan, taker, d *Resting) (ok, takerBound bool) {
	// q is option tokens; base moves at d's price, rounded in d's favour.
	var q, byTaker, byD *big.Int
	if taker.Side == Buy {
		byD, byTaker = d.Left(), mulDiv(taker.Left(), d.MakerAmount, d.TakerAmount)
	} else {
		byTaker, byD = taker.Left(), mulDiv(d.Left(), d.TakerAmount, d.MakerAmount)
	}
	q = minInt(byD, byTaker)
	takerBound = byTaker.Cmp(byD) <= 0
	// The base of q tokens is exact when q is a multiple of step: at equal
	// limits only such a q keeps both.
	step := new(big.Int).Quo(d.MakerAmount, new(big.Int).GCD(nil, nil, d.MakerAmount, d.TakerAmount))
	if taker.Side == Sell {
		step = new(big.Int).Quo(d.TakerAmount, new(big.Int).GCD(nil, nil, d.MakerAmount, d.TakerAmount))
	}
	for try := 0; try < roundingTries && q.Sign() > 0; try++ {
		switch try {
		case 0:
		case 1:
			q.Sub(q, new(big.Int).Mod(q, step)) // the largest exact amount
		default:
			q.Sub(q, step)
		}
		if q.Sign() <= 0 {
			break
		}
		var base *big.Int
		if taker.Side == Buy {
			base = ceilMulDiv(q, d.TakerAmount, d.MakerAmount) // what the ask receives
		} else {
			base = mulDiv(q, d.MakerAmount, d.TakerAmount) // what the bid gives
		}
		tGiven, tGot, dGiven, dGot := base, q, q, base
		if taker.Side == Sell {
			tGiven, tGot, dGiven, dGot = q, base, base, q
		}
		if base.Sign() > 0 && tGiven.Cmp(taker.Left()) <= 0 && dGiven.Cmp(d.Left()) <= 0 &&
			limitHolds(taker, tGiven, tGot) && limitHolds(d, dGiven, dGot) {
			plan.Matches = append(plan.Matches, Match{Market: b.Market, Minted: new(big.Int), Merged: new(big.Int), Fills: []Fill{
				{Order: taker, Given: tGiven, Received: tGot, Fee: new(big.Int)},
				{Order: d, Given: dGiven, Received: dGot, Fee: new(big.Int)},
			}})
			taker.filled().Add(taker.filled(), tGiven)
			b.settleInto(d, dGiven)
			return true, takerBound
		}
	}
	return false, takerBound
}

// takeSets fills the taker with orders of every other option on its own
// side: buys from complete sets minted from their base (each bid pays its
// price, the taker the rest of 1), or sells paid by merging sets (each
// ask receives its price, the taker the rest of 1).
func (b *Book) takeSets(plan *Plan, taker *Resting, others []*Resting) (ok, takerBound bool) {
	// q is complete sets, bounded by every order.
	var byOthers, byTaker *big.Int
	if taker.Side == Buy {
		for _, r := range others {
			byOthers = minInt(byOthers, mulDiv(r.Left(), r.TakerAmount, r.MakerAmount))
		}
		// The taker pays about q·(1 − Σ prices): at most its left.
		rest := new(big.Rat).SetInt64(1)
		for _, r := range others {
			rest.Sub(rest, r.Price())
		}
		byTaker = byOthers
		if rest.Sign() > 0 {
			most := new(big.Rat).Quo(new(big.Rat).SetInt(taker.Left()), rest)
			byTaker = new(big.Int).Quo(most.Num(), most.Denom())
		}
	} else {
		byTaker = taker.Left()
		for _, r := range others {
			byOthers = minInt(byOthers, r.Left())
		}
	}
	q := minInt(byOthers, byTaker)
	takerBound = byTaker.Cmp(byOthers) <= 0
	for try := 0; try < roundingTries && q.Sign() > 0; try++ {
		if m, ok := b.setMatch(taker, others, q); ok {
			plan.Matches = append(plan.Matches, m)
			for _, f := range m.Fills {
				if f.Order == taker {
					taker.filled().Add(taker.filled(), f.Given)
				} else {
					b.settleInto(f.Order, f.Given)
				}
			}
			return true, takerBound
		}
		q = new(big.Int).Sub(q, one)
	}
	return false, takerBound
}

// setMatch is the MINT or MERGE of q sets between the taker and others,
// if every order's limit and left allow it.
func (b *Book) setMatch(taker *Resting, others []*Resting, q *big.Int) (Match, bool) {
	m := Match{Market: b.Market, Minted: new(big.Int), Merged: new(big.Int)}
	rest := new(big.Int).Set(q)
	for _, r := range others {
		var f Fill
		if taker.Side == Buy {
			g := mulDiv(q, r.MakerAmount, r.TakerAmount) // the bid pays its price, rounded in its favour
			f = Fill{Order: r, Given: g, Received: q, Fee: new(big.Int)}
			rest.Sub(rest, g)
		} else {
			got := ceilMulDiv(q, r.TakerAmount, r.MakerAmount) // the ask receives its price
			f = Fill{Order: r, Given: q, Received: got, Fee: new(big.Int)}
			rest.Sub(rest, got)
		}
		if f.Given.Sign() <= 0 || f.Given.Cmp(r.Left()) > 0 || !limitHolds(r, f.Given, f.Received) {
			return Match{}, false
		}
		m.Fills = append(m.Fills, f)
	}
	if rest.Sign() <= 0 {
		return Match{}, false
	}
	var tf Fill
	if taker.Side == Buy {
		tf = Fill{Order: taker, Given: rest, Received: q, Fee: new(big.Int)}
		m.Minted = q
	} else {
		tf = Fill{Order: taker, Given: q, Received: rest, Fee: new(big.Int)}
		m.Merged = q
	}
	if tf.Given.Cmp(taker.Left()) > 0 || !limitHolds(taker, tf.Given, tf.Received) {
		return Match{}, false
	}
	m.Fills = append([]Fill{tf}, m.Fills...)
	return m, true
}

// takePool trades the taker against the pool: the most it can while its
// average stays within its limit and the pool's price does not pass next
// (the price of the next best source, the book's orders first).
func (b *Book) takePool(plan *Plan, taker *Resting, a int, next *big.Rat) bool {
	ok := func(x *big.Int) (*big.Int, []*big.Int, bool) {
		var got *big.Int
		var after []*big.Int
		if taker.Side == Buy {
			q, err := fpmm.QuoteBuy(b.Pool.Balances, b.Pool.FeeBps, a, x)
			if err != nil {
				return nil, nil, false
			}
			got, after = q.TokensOut, q.Balances
		} else {
			q, err := fpmm.QuoteSell(b.Pool.Balances, b.Pool.FeeBps, a, x)
			if err != nil || q.BaseOut.Sign() == 0 {
				return nil, nil, false
			}
			got, after = q.BaseOut, q.Balances
		}
		if !limitHolds(taker, x, got) {
			return nil, nil, false
		}
		prices, err := fpmm.Prices(after)
		if err != nil {
			return nil, nil, false
		}
		p := new(big.Rat).Quo(new(big.Rat).SetInt(prices[a]), wad)
		if (taker.Side == Buy && p.Cmp(next) > 0) || (taker.Side == Sell && p.Cmp(next) < 0) {
			// Past the next source: only the smallest step may cross it.
			return got, after, x.Cmp(one) == 0
		}
		return got, after, true
	}
	// The largest given that is ok: ok is monotone in given.
	lo, hi := new(big.Int), taker.Left()
	if _, _, fine := ok(hi); fine {
		lo = hi
	} else {
		for new(big.Int).Sub(hi, lo).Cmp(one) > 0 {
			mid := new(big.Int).Rsh(new(big.Int).Add(lo, hi), 1)
			if _, _, fine := ok(mid); fine {
				lo = mid
			} else {
				hi = mid
			}
		}
	}
	if lo.Sign() == 0 {
		return false
	}
	got, after, _ := ok(lo)
	b.Pool.Balances = after
	plan.Pool = append(plan.Pool, PoolFill{Order: taker, Given: new(big.Int).Set(lo), MinReceived: got})
	taker.filled().Add(taker.filled(), lo)
	return true
}

// minInt is the smaller of x and y; a nil x is no bound.
func minInt(x, y *big.Int) *big.Int {
	if x == nil || y.Cmp(x) < 0 {
		return new(big.Int).Set(y)
	}
	return new(big.Int).Set(x)
}
