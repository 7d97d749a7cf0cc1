package matcher

import (
	"cmp"
	"errors"
	"math/big"
	"slices"

	"github.com/predict-dev/predict/internal/market/fpmm"
	"github.com/predict-dev/predict/internal/market/orders"
)

// Step is one transaction of the matcher: a match of two crossing
// orders (Buy and Sell set) or a fill of one order from its market's
// pool (Order set).
type Step struct {
	// Buy and Sell are the orders crossed by matchOrders; Quantity is
	// the option tokens moved.
	Buy, Sell uint64
	// Order is the order filled by fillFromPool: Spend of its escrow
	// for at least MinOut.
	Order uint64
	// Amount is the match's quantity or the pool fill's spend.
	Amount *big.Int
	// MinOut is what the pool fill pays the owner in the plan; the
	// transaction reverts if the pool moved so that it would pay less.
	MinOut *big.Int
	// Price is the fill's price as the plan computed it (18 decimals):
	// the resting order's limit for a match, the average for a pool
	// fill. It is for the log.
	Price *big.Int
}

// Match reports whether the step crosses two orders.
func (s Step) Match() bool { return s.Buy != 0 }

// MinFillDivisor bounds the dust the matcher fills: a pool fill smaller
// than 1/MinFillDivisor of the order's amount waits for the pool to move
// further, unless it takes the whole rest of the order, so that a price
// that barely touches a limit does not cost a transaction per wei.
const MinFillDivisor = 1000

// Plan computes the fills of market's open orders at block time now and
// applies them to book, which it changes. An order takes the better of
// the pool and the orders resting against it: it fills from the pool
// while the pool's price is better than the best crossing order of
// another owner (and its average within its own limit), then crosses
// that order at the resting order's price, by price then time, and so
// on. Every step is one the contract accepts on the book's state (the
// book is the contract's mirror), so a step can fail on chain only if
// the chain has moved on since the book was read. At most maxSteps steps
// are planned.
func Plan(book *orders.Book, market string, now uint64, maxSteps int) []Step {
	var steps []Step
	for pass := 0; pass < maxPasses && len(steps) < maxSteps; pass++ {
		more := planPoolFills(book, market, now, maxSteps-len(steps))
		more = append(more, planMatches(book, market, now, maxSteps-len(steps)-len(more))...)
		if len(more) == 0 {
			break
		}
		steps = append(steps, more...)
	}
	return steps
}

// maxPasses bounds Plan's alternation of pool fills and matches: each
// pass fills from the pool up to the next crossing order and takes it,
// and a buy filled from the pool lifts the price a sell may then reach.
const maxPasses = 8

// openOrders are market's orders that may still be filled at now, by
// priority: for each option, bids from the highest price and asks from
// the lowest, earlier orders first at a price.
func openOrders(book *orders.Book, market string, now uint64) (bids, asks []*orders.Order) {
	for _, o := range book.Orders {
		if o.Market != market || !o.Open() || now >= o.Expiry {
			continue
		}
		if o.IsBuy {
			bids = append(bids, o)
		} else {
			asks = append(asks, o)
		}
	}
	slices.SortFunc(bids, func(a, b *orders.Order) int {
		return cmp.Or(cmp.Compare(a.Option, b.Option), b.LimitPrice.Cmp(a.LimitPrice), cmp.Compare(a.ID, b.ID))
	})
	slices.SortFunc(asks, func(a, b *orders.Order) int {
		return cmp.Or(cmp.Compare(a.Option, b.Option), a.LimitPrice.Cmp(b.LimitPrice), cmp.Compare(a.ID, b.ID))
	})
	return bids, asks
}

// planMatches crosses bids and asks of the same option: the best bid
// with the best ask it may trade with, for as much as both hold, until
// no pair crosses. A pair the contract would refuse (one owner, a post-
// only taker, a cost at equal limits that is no whole number of base
// units however small the quantity) is passed over.
func planMatches(book *orders.Book, market string, now uint64, maxSteps int) []Step {
	var steps []Step
	skip := map[[2]uint64]bool{}
	for len(steps) < maxSteps {
		bids, asks := openOrders(book, market, now)
		step, ok := bestMatch(book, bids, asks, now, skip)
		if !ok {
			return steps
		}
		steps = append(steps, step)
	}
	return steps
}

// bestMatch finds and applies the first pair, in priority order, that
// the book accepts.
func bestMatch(book *orders.Book, bids, asks []*orders.Order, now uint64, skip map[[2]uint64]bool) (Step, bool) {
	for _, b := range bids {
		for _, a := range asks {
			if a.Option != b.Option || skip[[2]uint64{b.ID, a.ID}] {
				continue
			}
			if a.Option > b.Option || a.LimitPrice.Cmp(b.LimitPrice) > 0 {
				break // asks are sorted: no later one crosses this bid
			}
			if step, ok := tryMatch(book, b, a, now); ok {
				return step, true
			}
			skip[[2]uint64{b.ID, a.ID}] = true
		}
	}
	return Step{}, false
}

// tryMatch applies the largest match of b and a the book accepts: both
// escrows' most, or, when the taker's exact limit check refuses a cost
// rounded towards the resting order, the largest quantity whose cost is
// a whole number of base units.
func tryMatch(book *orders.Book, b, a *orders.Order, now uint64) (Step, bool) {
	if b.Owner == a.Owner {
		return Step{}, false
	}
	q := book.MaxMatch(b.ID, a.ID)
	price := b.LimitPrice
	if a.ID < b.ID {
		price = a.LimitPrice
	}
	for attempt := 0; attempt < 2 && q.Sign() > 0; attempt++ {
		_, _, err := book.Match(b.ID, a.ID, q, now)
		if err == nil {
			return Step{Buy: b.ID, Sell: a.ID, Amount: q, Price: new(big.Int).Set(price)}, true
		}
		if !errors.Is(err, orders.ErrWorseThanLimit) {
			return Step{}, false
		}
		q = wholeCostQuantity(q, price)
	}
	return Step{}, false
}

// wholeCostQuantity is the largest quantity up to q whose cost at price
// is a whole number of base units: a multiple of 1e18/gcd(price, 1e18).
func wholeCostQuantity(q, price *big.Int) *big.Int {
	unit := new(big.Int).Quo(orders.One, new(big.Int).GCD(nil, nil, price, orders.One))
	return new(big.Int).Sub(q, new(big.Int).Mod(q, unit))
}

// planPoolFills fills from the pool every order its price reaches, the
// best priced first, each as far as its limit allows, and no further
// than the price of the best order of another owner it may cross (which
// is the better deal from there on).
func planPoolFills(book *orders.Book, market string, now uint64, maxSteps int) []Step {
	var steps []Step
	bids, asks := openOrders(book, market, now)
	for _, o := range append(bids, asks...) {
		if len(steps) >= maxSteps {
			break
		}
		if o.PostOnly || !o.Open() {
			continue
		}
		against := asks
		if !o.IsBuy {
			against = bids
		}
		spend := poolSpend(book, o, bestCrossing(o, against))
		if spend.Sign() == 0 {
			continue
		}
		fill, err := book.FillFromPool(o.ID, spend, nil, now)
		if err != nil {
			continue
		}
		avg := new(big.Int).Mul(spend, orders.One)
		if o.IsBuy {
			avg.Quo(avg, fill.Out)
		} else {
			avg = new(big.Int).Mul(fill.Out, orders.One)
			avg.Quo(avg, spend)
		}
		steps = append(steps, Step{Order: o.ID, Amount: spend, MinOut: fill.Out, Price: avg})
	}
	return steps
}

// bestCrossing is the price of the best open order among against (the
// other side, in priority order) that o may cross: same option, another
// owner, a price that meets o's limit. Nil when there is none.
func bestCrossing(o *orders.Order, against []*orders.Order) *big.Int {
	for _, a := range against {
		if a.Option != o.Option || a.Owner == o.Owner || !a.Open() {
			continue
		}
		if o.IsBuy && a.LimitPrice.Cmp(o.LimitPrice) <= 0 || !o.IsBuy && a.LimitPrice.Cmp(o.LimitPrice) >= 0 {
			return a.LimitPrice
		}
		return nil // sorted: no later order crosses o
	}
	return nil
}

// poolSpend is the most of o's escrow that the pool takes now at an
// average price within o's limit and, with a cap, without moving the
// pool's price of o's option past it; zero when that is less than the
// order's dust bound (MinFillDivisor). A trade's average price and the
// pool's price after it both worsen as it grows, so the largest
// acceptable spend is found by bisection.
func poolSpend(book *orders.Book, o *orders.Order, limitCap *big.Int) *big.Int {
	pool := book.Markets[o.Market].Pool
	ok := func(spend *big.Int) bool {
		var out *big.Int
		var after []*big.Int
		if o.IsBuy {
			q, err := fpmm.QuoteBuy(pool.Balances, pool.FeeBps, o.Option, spend)
			if err != nil {
				return false
			}
			out, after = q.TokensOut, q.Balances
		} else {
			q, err := fpmm.QuoteSell(pool.Balances, pool.FeeBps, o.Option, spend)
			if err != nil {
				return false
			}
			out, after = q.BaseOut, q.Balances
		}
		if !orders.WithinLimit(o.IsBuy, o.LimitPrice, spend, out) {
			return false
		}
		if limitCap == nil {
			return true
		}
		prices, err := fpmm.Prices(after)
		if err != nil {
			return false
		}
		if o.IsBuy {
			return prices[o.Option].Cmp(limitCap) <= 0
		}
		return prices[o.Option].Cmp(limitCap) >= 0
	}
	rem := o.Remaining
	if ok(rem) {
		return new(big.Int).Set(rem)
	}
	minFill := new(big.Int).Quo(o.Amount, big.NewInt(MinFillDivisor))
	if minFill.Sign() == 0 {
		minFill.SetInt64(1)
	}
	if minFill.Cmp(rem) >= 0 || !ok(minFill) {
		return new(big.Int)
	}
	lo, hi := new(big.Int).Set(minFill), new(big.Int).Set(rem) // ok(lo), !ok(hi)
	one := big.NewInt(1)
	for new(big.Int).Sub(hi, lo).Cmp(one) > 0 {
		mid := new(big.Int).Add(lo, hi)
		mid.Rsh(mid, 1)
		if ok(mid) {
			lo = mid
		} else {
			hi = mid
		}
	}
	return lo
}
