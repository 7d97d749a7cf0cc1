package matcher

import (
	"math/big"
	"math/rand/v2"
	"os"
	"strconv"
	"testing"

	"github.com/predict-dev/predict/internal/market/fpmm"
	"github.com/predict-dev/predict/internal/market/orders"
)

const (
	mkt   = "0xmarket"
	start = uint64(1_000_000)
)

func price(s string) *big.Int {
	r, ok := new(big.Rat).SetString(s)
	if !ok {
		panic(s)
	}
	r.Mul(r, new(big.Rat).SetInt(orders.One))
	return new(big.Int).Quo(r.Num(), r.Denom())
}

func units(n int64) *big.Int { return big.NewInt(n * 1_000_000) }

// newBook is a two-option market with a 1% fee and 100 units of
// liquidity at even prices, trading until start+1 day.
func newBook(t testing.TB) *orders.Book {
	t.Helper()
	pool, err := fpmm.NewPool(2, 100, "lp", units(100))
	if err != nil {
		t.Fatal(err)
	}
	b := orders.NewBook()
	if err := b.AddMarket(mkt, &orders.Market{Pool: pool, EndTime: start + 86400, BaseToken: "usdc", OptionTokens: []string{"yes", "no"}}); err != nil {
		t.Fatal(err)
	}
	return b
}

func place(t testing.TB, b *orders.Book, owner string, option int, buy bool, limit string, amount *big.Int, postOnly bool) uint64 {
	t.Helper()
	o, err := b.Place(orders.Placement{Owner: owner, Market: mkt, Option: option, IsBuy: buy, LimitPrice: price(limit),
		Amount: amount, Expiry: start + 3600, PostOnly: postOnly}, start)
	if err != nil {
		t.Fatal(err)
	}
	return o.ID
}

// replay applies steps to b as the chain would run their transactions.
func replay(t testing.TB, b *orders.Book, steps []Step, now uint64) []orders.Fill {
	t.Helper()
	var fills []orders.Fill
	for i, s := range steps {
		if s.Match() {
			buy, sell, err := b.Match(s.Buy, s.Sell, s.Amount, now)
			if err != nil {
				t.Fatalf("step %d %+v: %v", i, s, err)
			}
			fills = append(fills, buy, sell)
			continue
		}
		f, err := b.FillFromPool(s.Order, s.Amount, s.MinOut, now)
		if err != nil {
			t.Fatalf("step %d %+v: %v", i, s, err)
		}
		fills = append(fills, f)
	}
	return fills
}

func TestPlan(t *testing.T) {
	tests := []struct {
		name  string
		setup func(t *testing.T, b *orders.Book)
		// want is each step's kind and order(s): "pool 1", "match 1/2".
		want []string
		// filled orders must end with no escrow left.
		filled []uint64
	}{
		{name: "a bid below the pool rests", setup: func(t *testing.T, b *orders.Book) {
			place(t, b, "alice", 0, true, "0.45", units(10), false)
		}},
		{name: "a bid the pool's price reaches is filled in part", setup: func(t *testing.T, b *orders.Book) {
			place(t, b, "alice", 0, true, "0.45", units(50), false)
			if _, err := b.Markets[mkt].Pool.Sell(0, units(30)); err != nil { // Yes falls below 0.45
				t.Fatal(err)
			}
		}, want: []string{"pool 1"}},
		{name: "a marketable bid is filled whole", setup: func(t *testing.T, b *orders.Book) {
			place(t, b, "alice", 0, true, "0.6", units(5), false)
		}, want: []string{"pool 1"}, filled: []uint64{1}},
		{name: "a marketable ask is filled whole", setup: func(t *testing.T, b *orders.Book) {
			if _, err := b.Markets[mkt].Pool.Buy(0, units(20)); err != nil { // bob holds Yes, price up
				t.Fatal(err)
			}
			place(t, b, "bob", 0, false, "0.4", units(5), false)
		}, want: []string{"pool 1"}, filled: []uint64{1}},
		{name: "post-only never takes from the pool", setup: func(t *testing.T, b *orders.Book) {
			place(t, b, "alice", 0, true, "0.6", units(5), true)
		}},
		{name: "crossing orders match at the resting price", setup: func(t *testing.T, b *orders.Book) {
			place(t, b, "alice", 0, true, "0.6", units(6), true)   // 10 Yes at 0.6, above the pool's 0.5
			place(t, b, "bob", 0, false, "0.55", units(10), false) // takes the bid: better than the pool
		}, want: []string{"match 1/2"}, filled: []uint64{1, 2}},
		{name: "a taker takes the pool while it pays better than the book", setup: func(t *testing.T, b *orders.Book) {
			place(t, b, "alice", 0, true, "0.4", units(4), true)   // 10 Yes at 0.4, below the pool's 0.5
			place(t, b, "bob", 0, false, "0.35", units(10), false) // the pool pays more for all 10
		}, want: []string{"pool 2"}, filled: []uint64{2}},
		{name: "one owner's orders do not cross", setup: func(t *testing.T, b *orders.Book) {
			place(t, b, "alice", 0, true, "0.6", units(6), true)
			place(t, b, "alice", 0, false, "0.55", units(10), true)
		}},
		{name: "a post-only taker does not cross", setup: func(t *testing.T, b *orders.Book) {
			place(t, b, "alice", 0, true, "0.6", units(6), true)
			place(t, b, "bob", 0, false, "0.55", units(10), true)
		}},
		{name: "other options do not cross", setup: func(t *testing.T, b *orders.Book) {
			place(t, b, "alice", 0, true, "0.6", units(6), true)
			place(t, b, "bob", 1, false, "0.55", units(10), true)
		}},
		{name: "the best bid crosses first, each at its resting price", setup: func(t *testing.T, b *orders.Book) {
			place(t, b, "alice", 0, true, "0.6", units(3), true)   // 5 Yes at 0.6
			place(t, b, "carol", 0, true, "0.7", units(2), true)   // 2.86 Yes at 0.7
			place(t, b, "bob", 0, false, "0.25", units(20), false) // takes both bids at their prices
			place(t, b, "dave", 0, true, "0.71", units(1), false)  // the best bid: 4 of bob's Yes at 0.25
			// Then carol's and alice's; bob's last 8.14 Yes go to the pool, at about 0.48.
		}, want: []string{"match 4/3", "match 2/3", "match 1/3", "pool 3"}, filled: []uint64{1, 2, 3, 4}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b := newBook(t)
			tc.setup(t, b)
			before := b.Clone()
			steps := Plan(b, mkt, start, 64)
			var got []string
			for _, s := range steps {
				if s.Match() {
					got = append(got, "match "+strconv.FormatUint(s.Buy, 10)+"/"+strconv.FormatUint(s.Sell, 10))
				} else {
					got = append(got, "pool "+strconv.FormatUint(s.Order, 10))
				}
			}
			if len(got) != len(tc.want) {
				t.Fatalf("steps %v, want %v", got, tc.want)
			}
			for i := range got {
				if got[i] != tc.want[i] {
					t.Fatalf("steps %v, want %v", got, tc.want)
				}
			}
			checkFills(t, before, replay(t, before, steps, start))
			for _, id := range tc.filled {
				if before.Orders[id].Open() {
					t.Errorf("order %d keeps %s", id, before.Orders[id].Remaining)
				}
			}
			if again := Plan(before, mkt, start, 64); len(again) != 0 {
				t.Errorf("a second plan finds %+v", again)
			}
		})
	}
}

// checkFills: no fill gives more or takes less than its order's limit.
func checkFills(t testing.TB, b *orders.Book, fills []orders.Fill) {
	t.Helper()
	for _, f := range fills {
		o := b.Orders[f.OrderID]
		if !orders.WithinLimit(o.IsBuy, o.LimitPrice, f.In, f.Out) {
			t.Fatalf("order %d (%v at %s) gave %s for %s", o.ID, o.IsBuy, o.LimitPrice, f.In, f.Out)
		}
	}
}

// TestPlanPartialPoolFill: the fill stops where the average reaches the
// limit, to the unit: one more unit would be worse than the limit.
func TestPlanPartialPoolFill(t *testing.T) {
	b := newBook(t)
	id := place(t, b, "alice", 0, true, "0.45", units(50), false)
	if _, err := b.Markets[mkt].Pool.Sell(0, units(30)); err != nil {
		t.Fatal(err)
	}
	pool := b.Markets[mkt].Pool.Clone()
	steps := Plan(b, mkt, start, 64)
	if len(steps) != 1 || steps[0].Order != id {
		t.Fatalf("steps %+v", steps)
	}
	spend := steps[0].Amount
	if spend.Cmp(units(50)) >= 0 {
		t.Fatalf("spent all of %s", spend)
	}
	more := new(big.Int).Add(spend, big.NewInt(1))
	q, err := fpmm.QuoteBuy(pool.Balances, pool.FeeBps, 0, more)
	if err != nil {
		t.Fatal(err)
	}
	if orders.WithinLimit(true, price("0.45"), more, q.TokensOut) {
		t.Fatalf("spend %s stops short: %s more is still within the limit", spend, more)
	}
}

// TestPlanProperty runs random books: the plan's steps replay on the
// book as planned, no fill is worse than its limit, the escrow keeps
// exactly the open orders' remainders, and once they ran nothing the
// matcher should fill is left (no crossing pair it may match, no order
// the pool's price reaches by more than its dust bound).
// PREDICT_PROPERTY_RUNS raises the number of books (200 by default).
func TestPlanProperty(t *testing.T) {
	runs := 200
	if n, err := strconv.Atoi(os.Getenv("PREDICT_PROPERTY_RUNS")); err == nil && n > 0 {
		runs = n
	}
	owners := []string{"alice", "bob", "carol"}
	var matches, poolFills int
	for run := range runs {
		rng := rand.New(rand.NewPCG(uint64(run), 7))
		b := newBook(t)
		pool := b.Markets[mkt].Pool
		for range 1 + rng.IntN(12) {
			option := rng.IntN(2)
			amount := big.NewInt(1 + rng.Int64N(20_000_000))
			switch rng.IntN(3) {
			case 0:
				_, _ = pool.Buy(option, amount)
			case 1:
				_, _ = pool.Sell(option, amount)
			default:
				limit := big.NewInt(1 + rng.Int64N(999))
				limit.Mul(limit, big.NewInt(1e15))
				if _, err := b.Place(orders.Placement{Owner: owners[rng.IntN(3)], Market: mkt, Option: option, IsBuy: rng.IntN(2) == 0,
					LimitPrice: limit, Amount: amount, Expiry: start + 1 + rng.Uint64N(7200), PostOnly: rng.IntN(4) == 0}, start); err != nil {
					t.Fatal(err)
				}
			}
		}
		now := start + rng.Uint64N(3600)
		before := b.Clone()
		steps := Plan(b, mkt, now, 1000)
		checkFills(t, before, replay(t, before, steps, now))
		for _, s := range steps {
			if s.Match() {
				matches++
			} else {
				poolFills++
			}
		}
		escrow := new(big.Int)
		for _, o := range before.Orders {
			escrow.Add(escrow, o.Remaining)
		}
		total := new(big.Int)
		for _, v := range before.Escrow() {
			total.Add(total, v)
		}
		if escrow.Cmp(total) != 0 {
			t.Fatalf("run %d: escrow %s, open remainders %s", run, total, escrow)
		}
		if again := Plan(before.Clone(), mkt, now, 1000); len(again) != 0 {
			t.Fatalf("run %d: after %d steps a second plan finds %+v", run, len(steps), again)
		}
	}
	t.Logf("%d books: %d matches, %d pool fills", runs, matches, poolFills)
	if matches == 0 || poolFills == 0 {
		t.Fatalf("the random books exercised %d matches and %d pool fills: both should occur", matches, poolFills)
	}
}
