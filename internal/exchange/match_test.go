package exchange

import (
	"fmt"
	"math/big"
	"math/rand/v2"
	"os"
	"strconv"
	"testing"

	"github.com/ethereum/go-ethereum/common"

	"github.com/predict-dev/predict/internal/market/fpmm"
)

var (
	testMarket = common.HexToAddress("0x00000000000000000000000000000000000000aa")
	makers     = []common.Address{
		common.HexToAddress("0x0000000000000000000000000000000000000001"),
		common.HexToAddress("0x0000000000000000000000000000000000000002"),
		common.HexToAddress("0x0000000000000000000000000000000000000003"),
		common.HexToAddress("0x0000000000000000000000000000000000000004"),
	}
	taker = common.HexToAddress("0x00000000000000000000000000000000000000ff")
)

var salt int64

// resting is an order of maker on option at price (in hundredths) for 100·size tokens, so that
// its price is exactly cents/100.
func resting(maker common.Address, option int, side uint8, cents, size int64) *Resting {
	salt++
	o := &Order{Maker: maker, Signer: maker, Market: testMarket, Option: big.NewInt(int64(option)), Side: side,
		Salt: big.NewInt(salt), Nonce: new(big.Int), Expiration: new(big.Int), FeeRateBps: new(big.Int)}
	base := big.NewInt(cents * size)
	tokens := big.NewInt(100 * size)
	if side == Buy {
		o.MakerAmount, o.TakerAmount = base, tokens
	} else {
		o.MakerAmount, o.TakerAmount = tokens, base
	}
	return &Resting{Order: o, Hash: common.BigToHash(big.NewInt(salt))}
}

func book(t *testing.T, n int, pool *fpmm.Pool, orders ...*Resting) *Book {
	t.Helper()
	b := NewBook(testMarket, n, pool)
	for _, r := range orders {
		if err := b.Add(r); err != nil {
			t.Fatal(err)
		}
	}
	return b
}

// describe is a plan as text: each match's fills (maker index or T for the taker, given>received)
// and sets, then the pool fills.
func describe(p *Plan) string {
	who := func(r *Resting) string {
		for i, m := range makers {
			if r.Maker == m {
				return strconv.Itoa(i)
			}
		}
		return "T"
	}
	s := ""
	for _, m := range p.Matches {
		s += "["
		for i, f := range m.Fills {
			if i > 0 {
				s += " "
			}
			s += fmt.Sprintf("%s:%s>%s", who(f.Order), f.Given, f.Received)
		}
		if m.Minted.Sign() > 0 {
			s += " mint " + m.Minted.String()
		}
		if m.Merged.Sign() > 0 {
			s += " merge " + m.Merged.String()
		}
		s += "]"
	}
	for _, f := range p.Pool {
		s += fmt.Sprintf("[pool T:%s>%s]", f.Given, f.MinReceived)
	}
	return s
}

// TestTake: a taker meets the best price first, at the resting order's price; a MINT or MERGE
// when the other options' orders make a better price; the pool when it pays better than the book;
// and nothing beyond its limit.
func TestTake(t *testing.T) {
	for _, tc := range []struct {
		name   string
		n      int
		pool   bool
		book   []*Resting
		taker  *Resting
		want   string
		filled int64 // what the taker gave
	}{
		{"BuyCrossesAsksBestFirst", 2, false,
			[]*Resting{resting(makers[0], 0, Sell, 55, 100), resting(makers[1], 0, Sell, 50, 100), resting(makers[2], 0, Sell, 70, 100)},
			resting(taker, 0, Buy, 60, 150),
			"[T:5000>10000 1:10000>5000][T:4000>7272 0:7272>4000]", 9000},
		{"SellCrossesBidsAtTheirPrice", 2, false,
			[]*Resting{resting(makers[0], 0, Buy, 45, 100), resting(makers[1], 0, Buy, 40, 100)},
			resting(taker, 0, Sell, 42, 150),
			"[T:10000>4500 0:4500>10000]", 10000},
		{"EarlierFirstAtOnePrice", 2, false,
			[]*Resting{resting(makers[0], 0, Sell, 50, 10), resting(makers[1], 0, Sell, 50, 10)},
			resting(taker, 0, Buy, 50, 10),
			"[T:500>1000 0:1000>500]", 500},
		{"MintFromBidsOfTheOtherOptions", 3, false,
			[]*Resting{resting(makers[0], 1, Buy, 30, 100), resting(makers[1], 2, Buy, 25, 100)},
			resting(taker, 0, Buy, 50, 100),
			"[T:4500>10000 0:3000>10000 1:2500>10000 mint 10000]", 4500},
		{"NoMintUnderOne", 3, false,
			[]*Resting{resting(makers[0], 1, Buy, 30, 100), resting(makers[1], 2, Buy, 20, 100)},
			resting(taker, 0, Buy, 45, 100),
			"", 0},
		{"MergeWithAsksOfTheOtherOption", 2, false,
			[]*Resting{resting(makers[0], 1, Sell, 45, 100)},
			resting(taker, 0, Sell, 50, 100),
			"[T:10000>5500 0:10000>4500 merge 10000]", 10000},
		// The ask at 0.52 first, then the rest from sets at 1 − 0.45.
		{"DirectBeforeMintAtABetterPrice", 2, false,
			[]*Resting{resting(makers[0], 0, Sell, 52, 100), resting(makers[1], 1, Buy, 45, 100)},
			resting(taker, 0, Buy, 60, 100),
			"[T:5200>10000 0:10000>5200][T:800>1454 1:654>1454 mint 1454]", 6000},
		{"OwnOrdersNeverMet", 2, false,
			[]*Resting{resting(taker, 0, Sell, 50, 100)},
			resting(taker, 0, Buy, 60, 100),
			"", 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var pool *fpmm.Pool
			b := book(t, tc.n, pool, tc.book...)
			p, err := b.Take(tc.taker, 50)
			if err != nil {
				t.Fatal(err)
			}
			if got := describe(p); got != tc.want {
				t.Fatalf("plan %s, want %s", got, tc.want)
			}
			if tc.taker.Filled.Cmp(big.NewInt(tc.filled)) != 0 {
				t.Fatalf("the taker gave %s, want %d", tc.taker.Filled, tc.filled)
			}
			checkPlan(t, p)
		})
	}
}

// TestTakePool: the pool fills what it prices better than the book, up to the book's price, then
// the book; never past the taker's limit.
func TestTakePool(t *testing.T) {
	pool, err := fpmm.NewPool(2, 0, "lp", big.NewInt(1_000_000_000))
	if err != nil {
		t.Fatal(err)
	}
	ask := resting(makers[0], 0, Sell, 55, 1_000_000)
	b := book(t, 2, pool, ask)
	tk := resting(taker, 0, Buy, 60, 2_000_000) // 1,200,000 base at most
	p, err := b.Take(tk, 50)
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Pool) == 0 || len(p.Matches) == 0 {
		t.Fatalf("plan %s: want the pool up to 0.55, then the ask", describe(p))
	}
	prices, _ := fpmm.Prices(pool.Balances)
	if got := new(big.Rat).SetFrac(prices[0], big.NewInt(1e18)); got.Cmp(big.NewRat(56, 100)) > 0 {
		t.Fatalf("the pool's price went to %s, past the ask's 0.55", got.FloatString(4))
	}
	checkPlan(t, p)
	t.Logf("plan %s", describe(p))
}

// checkPlan checks what the contract will: every fill within its order's limit and left, and
// every match conserving base and tokens after its mint or merge.
func checkPlan(t *testing.T, p *Plan) {
	t.Helper()
	given := map[common.Hash]*big.Int{}
	for i, m := range p.Matches {
		base, tokens := new(big.Int), map[int64]*big.Int{}
		tok := func(k int64) *big.Int {
			if tokens[k] == nil {
				tokens[k] = new(big.Int)
			}
			return tokens[k]
		}
		for _, f := range m.Fills {
			if !limitHolds(f.Order, f.Given, f.Received) {
				t.Fatalf("match %d: %s gives %s for %s, worse than its limit", i, f.Order, f.Given, f.Received)
			}
			if given[f.Order.Hash] == nil {
				given[f.Order.Hash] = new(big.Int)
			}
			given[f.Order.Hash].Add(given[f.Order.Hash], f.Given)
			k := f.Order.Option.Int64()
			if f.Order.Side == Buy {
				base.Add(base, f.Given)
				tok(k).Sub(tok(k), f.Received)
			} else {
				tok(k).Add(tok(k), f.Given)
				base.Sub(base, f.Received)
			}
		}
		base.Sub(base, m.Minted).Add(base, m.Merged)
		if base.Sign() != 0 {
			t.Fatalf("match %d leaves %s base behind", i, base)
		}
		for k, v := range tokens {
			if v.Add(v, m.Minted).Sub(v, m.Merged).Sign() != 0 {
				t.Fatalf("match %d leaves %s of option %d behind", i, v, k)
			}
		}
	}
	for i, f := range p.Pool {
		if !limitHolds(f.Order, f.Given, f.MinReceived) {
			t.Fatalf("pool fill %d worse than its limit", i)
		}
	}
	for _, m := range p.Matches {
		for _, f := range m.Fills {
			if f.Order.Filled.Cmp(f.Order.MakerAmount) > 0 {
				t.Fatalf("%s overfilled: %s of %s", f.Order, f.Order.Filled, f.Order.MakerAmount)
			}
		}
	}
}

// TestTakeProperty: random books of 2 to 4 options with a pool, random takers: every plan keeps
// every limit and conserves every match; the taker gives no more than it has; a taker that
// crosses nothing (the best on the other side and the pool beyond its limit) plans nothing.
// PREDICT_PROPERTY_ROUNDS sets the number of books (default 300).
func TestTakeProperty(t *testing.T) {
	rounds := 300
	if v, err := strconv.Atoi(os.Getenv("PREDICT_PROPERTY_ROUNDS")); err == nil && v > 0 {
		rounds = v
	}
	rng := rand.New(rand.NewPCG(7, 11))
	seen := map[string]int{}
	for round := range rounds {
		n := 2 + rng.IntN(3)
		var pool *fpmm.Pool
		if rng.IntN(2) == 0 {
			var err error
			if pool, err = fpmm.NewPool(n, uint64(rng.IntN(300)), "lp", big.NewInt(int64(1e6+rng.IntN(1e9)))); err != nil {
				t.Fatal(err)
			}
		}
		b := NewBook(testMarket, n, pool)
		for range rng.IntN(40) {
			r := resting(makers[rng.IntN(len(makers))], rng.IntN(n), uint8(rng.IntN(2)), int64(1+rng.IntN(99)), int64(1+rng.IntN(1000)))
			// Odd sizes: amounts that do not divide evenly.
			r.MakerAmount.Add(r.MakerAmount, big.NewInt(int64(rng.IntN(7))))
			if err := b.Add(r); err != nil {
				t.Fatal(err)
			}
		}
		tk := resting(taker, rng.IntN(n), uint8(rng.IntN(2)), int64(1+rng.IntN(99)), int64(1+rng.IntN(3000)))
		tk.TakerAmount.Add(tk.TakerAmount, big.NewInt(int64(rng.IntN(5))))
		p, err := b.Take(tk, 64)
		if err != nil {
			t.Fatal(err)
		}
		t.Run(fmt.Sprintf("round%d", round), func(t *testing.T) { checkPlan(t, p) })
		if tk.Filled.Cmp(tk.MakerAmount) > 0 {
			t.Fatalf("round %d: the taker gave %s of %s", round, tk.Filled, tk.MakerAmount)
		}
		for _, m := range p.Matches {
			switch {
			case m.Minted.Sign() > 0:
				seen["mint"]++
			case m.Merged.Sign() > 0:
				seen["merge"]++
			default:
				seen["direct"]++
			}
		}
		seen["pool"] += len(p.Pool)
	}
	// Every kind of fill was exercised.
	for _, k := range []string{"direct", "mint", "merge", "pool"} {
		if seen[k] == 0 {
			t.Errorf("no %s fill in %d books", k, rounds)
		}
	}
	t.Logf("fills over %d books: %v", rounds, seen)
}

// BenchmarkTake100k: a crossing taker against a book of 100,000 resting orders in one market
// (half bids, half asks, over 98 price levels of two options): the time to plan its fill, and
// to rest one more order.
func BenchmarkTake100k(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	bk := NewBook(testMarket, 2, nil)
	for i := range 100_000 {
		side := uint8(i % 2)
		cents := int64(2 + rng.IntN(48))
		if side == Sell {
			cents += 50
		}
		if err := bk.Add(resting(makers[rng.IntN(len(makers))], rng.IntN(2), side, cents, int64(1+rng.IntN(100)))); err != nil {
			b.Fatal(err)
		}
	}
	b.Run("Take", func(b *testing.B) {
		for b.Loop() {
			tk := resting(taker, 0, Buy, 53, 50)
			if _, err := bk.Take(tk, 64); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("Add", func(b *testing.B) {
		for b.Loop() {
			if err := bk.Add(resting(makers[0], 1, Buy, int64(2+rng.IntN(48)), 10)); err != nil {
				b.Fatal(err)
			}
		}
	})
}
