package fpmm

import (
	"errors"
	"math/big"
	"testing"
)

func bigs(vs ...int64) []*big.Int {
	out := make([]*big.Int, len(vs))
	for i, v := range vs {
		out[i] = big.NewInt(v)
	}
	return out
}

func TestFormatFixed(t *testing.T) {
	for _, tc := range []struct {
		name     string
		x        *big.Int
		decimals int
		want     string
	}{
		{"Zero", big.NewInt(0), 6, "0"},
		{"Nil", nil, 6, "0"},
		{"Whole", big.NewInt(2_000_000), 6, "2"},
		{"Half", big.NewInt(1_500_000), 6, "1.5"},
		{"Small", big.NewInt(1), 6, "0.000001"},
		{"Negative", big.NewInt(-1_500_000), 6, "-1.5"},
		{"NoDecimals", big.NewInt(42), 0, "42"},
		{"PriceHalf", big.NewInt(5e17), 18, "0.5"},
		{"PriceThird", big.NewInt(333333333333333333), 18, "0.333333333333333333"},
		{"PriceOne", big.NewInt(1e18), 18, "1"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := FormatFixed(tc.x, tc.decimals); got != tc.want {
				t.Errorf("FormatFixed(%v, %d) = %q, want %q", tc.x, tc.decimals, got, tc.want)
			}
		})
	}
}

func TestPrices(t *testing.T) {
	for _, tc := range []struct {
		name     string
		balances []*big.Int
		want     []string
	}{
		{"TwoEqual", bigs(100, 100), []string{"0.5", "0.5"}},
		// Exact thirds: the missing unit goes to the lowest index among equal remainders.
		{"ThreeEqual", bigs(7, 7, 7), []string{"0.333333333333333334", "0.333333333333333333", "0.333333333333333333"}},
		// price_i is proportional to 1/b_i: balances 1 and 3 give 3/4 and 1/4.
		{"TwoSkewed", bigs(1, 3), []string{"0.75", "0.25"}},
		{"Four", bigs(1, 2, 4, 8), []string{"0.533333333333333333", "0.266666666666666667", "0.133333333333333333", "0.066666666666666667"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, err := Prices(tc.balances)
			if err != nil {
				t.Fatal(err)
			}
			sum := new(big.Int)
			for i, v := range p {
				sum.Add(sum, v)
				if got := FormatPrice(v); got != tc.want[i] {
					t.Errorf("price %d = %s, want %s", i, got, tc.want[i])
				}
			}
			if sum.Cmp(one) != 0 {
				t.Errorf("prices sum to %v", sum)
			}
		})
	}
}

// TestQuotesMatchChain pins values measured on the contracts (3 options, 1000 USDC seed, 2% fee).
func TestQuotesMatchChain(t *testing.T) {
	p, err := NewPool(3, 200, "creator", big.NewInt(1_000_000_000))
	if err != nil {
		t.Fatal(err)
	}
	b, err := p.Buy(1, big.NewInt(50_000_000))
	if err != nil {
		t.Fatal(err)
	}
	if b.TokensOut.Int64() != 140240375 || b.Fee.Int64() != 1_000_000 {
		t.Fatalf("buy: %v tokens, fee %v", b.TokensOut, b.Fee)
	}
	s, err := p.Sell(1, b.TokensOut)
	if err != nil {
		t.Fatal(err)
	}
	if s.BaseOut.Int64() != 48019999 || s.Fee.Int64() != 980000 {
		t.Fatalf("sell: %v base, fee %v", s.BaseOut, s.Fee)
	}
}

// TestSellGrossIsMaximal checks the bisection against a linear scan on small pools.
func TestSellGrossIsMaximal(t *testing.T) {
	pools := [][]*big.Int{bigs(10, 10), bigs(3, 50, 7), bigs(1, 1), bigs(100, 1, 40, 9), bigs(17, 23)}
	for _, b := range pools {
		for i := range b {
			for tIn := int64(1); tIn <= 120; tIn++ {
				tokens := big.NewInt(tIn)
				got := sellGross(b, i, tokens)
				want := int64(0)
				for g := int64(1); g < tIn; g++ {
					ok := true
					for j, bj := range b {
						if j != i && g >= bj.Int64() {
							ok = false
						}
					}
					if ok && sellOK(b, i, tokens, big.NewInt(g)) {
						want = g
					}
				}
				if got.Int64() != want {
					t.Fatalf("balances %v option %d tokens %d: gross %v, want %d", b, i, tIn, got, want)
				}
			}
		}
	}
}

func TestSellAllAfterBuy(t *testing.T) {
	for _, n := range []int{2, 3, 8, 16} {
		for _, fee := range []uint64{0, 30, 1000} {
			p, err := NewPool(n, fee, "lp", big.NewInt(1_000_000))
			if err != nil {
				t.Fatal(err)
			}
			for _, in := range []int64{1_000, 1, 5_000_000, 999} {
				b, err := p.Buy(n-1, big.NewInt(in))
				if errors.Is(err, ErrZeroOutput) {
					continue
				}
				if err != nil {
					t.Fatal(err)
				}
				s, err := p.Sell(n-1, b.TokensOut)
				if err != nil {
					t.Fatalf("n=%d fee=%d: selling all %v tokens: %v", n, fee, b.TokensOut, err)
				}
				if s.BaseOut.Cmp(big.NewInt(in)) > 0 {
					t.Fatalf("n=%d fee=%d: round trip of %d returned %v", n, fee, in, s.BaseOut)
				}
			}
		}
	}
}

func TestErrors(t *testing.T) {
	newPool := func() *Pool {
		p, err := NewPool(2, 100, "lp", big.NewInt(1000))
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	settled := newPool()
	if err := settled.Settle(0); err != nil {
		t.Fatal(err)
	}
	emptied := newPool()
	if _, err := emptied.RemoveLiquidity("lp", big.NewInt(1000)); err != nil {
		t.Fatal(err)
	}
	huge := new(big.Int).Lsh(big.NewInt(1), 128)
	for _, tc := range []struct {
		name string
		run  func() error
		want error
	}{
		{"ErrInvalidOptionCount", func() error { _, err := NewPool(17, 0, "lp", big.NewInt(1)); return err }, ErrInvalidOptionCount},
		{"ErrFeeTooHigh", func() error { _, err := NewPool(2, 1001, "lp", big.NewInt(1)); return err }, ErrFeeTooHigh},
		{"ErrZeroAmountSeed", func() error { _, err := NewPool(2, 0, "lp", big.NewInt(0)); return err }, ErrZeroAmount},
		{"ErrZeroAmountBuy", func() error { _, err := newPool().Buy(0, big.NewInt(0)); return err }, ErrZeroAmount},
		{"ErrZeroAmountSell", func() error { _, err := newPool().Sell(0, big.NewInt(0)); return err }, ErrZeroAmount},
		{"ErrInvalidOption", func() error { _, err := newPool().Buy(2, big.NewInt(10)); return err }, ErrInvalidOption},
		{"ErrZeroOutput", func() error { _, err := newPool().Buy(0, big.NewInt(1)); return err }, ErrZeroOutput},
		{"ErrOverflow", func() error { _, err := newPool().Buy(0, huge); return err }, ErrOverflow},
		{"ErrSettledBuy", func() error { _, err := settled.Clone().Buy(0, big.NewInt(10)); return err }, ErrSettled},
		{"ErrSettledAdd", func() error { _, err := settled.Clone().AddLiquidity("a", big.NewInt(10)); return err }, ErrSettled},
		{"ErrSettledTwice", func() error { return settled.Clone().Settle(1) }, ErrSettled},
		{"ErrNotSettled", func() error { _, err := newPool().RedeemLiquidity("lp", big.NewInt(1)); return err }, ErrNotSettled},
		{"ErrInsufficientLP", func() error { _, err := newPool().RemoveLiquidity("a", big.NewInt(1)); return err }, ErrInsufficientLP},
		{"ErrPoolEmpty", func() error { _, err := emptied.Clone().Sell(0, big.NewInt(10)); return err }, ErrPoolEmpty},
		{"ErrInvalidAccount", func() error { _, err := newPool().TransferLP("lp", "", big.NewInt(1)); return err }, ErrInvalidAccount},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if err := tc.run(); !errors.Is(err, tc.want) {
				t.Fatalf("got %v, want %v", err, tc.want)
			}
		})
	}
}

// TestFeesProRata: fees accrue to LP holders by share, and an LP transfer carries the
// withdrawn-fee entitlement with the shares (the receiver gets no past fees).
func TestFeesProRata(t *testing.T) {
	p, err := NewPool(2, 1000, "a", big.NewInt(1_000_000))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := p.AddLiquidity("b", big.NewInt(3_000_000)); err != nil {
		t.Fatal(err)
	}
	if _, err := p.Buy(0, big.NewInt(400_000)); err != nil { // fee 40,000
		t.Fatal(err)
	}
	fa, fb := p.FeesWithdrawableBy("a"), p.FeesWithdrawableBy("b")
	if fa.Int64() != 10_000 || fb.Int64() != 30_000 {
		t.Fatalf("fees a=%v b=%v, want 10000 and 30000", fa, fb)
	}
	paid, err := p.TransferLP("b", "c", p.LPBalance("b"))
	if err != nil {
		t.Fatal(err)
	}
	if paid.Int64() != 30_000 || p.FeesWithdrawableBy("c").Sign() != 0 {
		t.Fatalf("transfer paid %v, receiver may withdraw %v", paid, p.FeesWithdrawableBy("c"))
	}
	if got := p.WithdrawFees("a"); got.Int64() != 10_000 {
		t.Fatalf("a withdrew %v", got)
	}
	if p.CollectedFees().Sign() != 0 {
		t.Fatalf("collected fees left: %v", p.CollectedFees())
	}
}

func TestAddRemoveLiquidityProportional(t *testing.T) {
	p, err := NewPool(3, 0, "a", big.NewInt(1_000_000))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := p.Buy(2, big.NewInt(250_000)); err != nil {
		t.Fatal(err)
	}
	before, _ := p.Prices()
	add, err := p.AddLiquidity("b", big.NewInt(500_000))
	if err != nil {
		t.Fatal(err)
	}
	after, _ := p.Prices()
	for i := range before {
		d := new(big.Int).Sub(before[i], after[i])
		if d.CmpAbs(big.NewInt(1e12)) > 0 { // within 1e-6
			t.Errorf("price %d moved from %v to %v", i, before[i], after[i])
		}
	}
	rem, err := p.RemoveLiquidity("b", add.LPMinted)
	if err != nil {
		t.Fatal(err)
	}
	// Adding then removing returns at most what was put in (rounding favours the pool).
	total := new(big.Int).Set(rem.BaseOut)
	if total.Cmp(big.NewInt(500_000)) > 0 {
		t.Fatalf("round trip returned %v base", total)
	}
}
