package orders

import (
	"encoding/json"
	"errors"
	"math/big"
	"strings"
	"testing"

	"github.com/predict-dev/predict/internal/market/fpmm"
)

const (
	now    = 1_000
	expiry = 2_000
	endsAt = 5_000
)

func price(milli int64) *big.Int { return new(big.Int).Mul(big.NewInt(milli), big.NewInt(1e15)) }

// newBook returns a book with market "m" of 2 options (fee 0, 1e6 liquidity) and "m3" of 3
// options (fee 200 bps), both on base token "usdc".
func newBook(t *testing.T) *Book {
	t.Helper()
	b := NewBook()
	for _, mk := range []struct {
		addr string
		n    int
		fee  uint64
	}{{"m", 2, 0}, {"m3", 3, 200}} {
		pool, err := fpmm.NewPool(mk.n, mk.fee, "lp", big.NewInt(1_000_000))
		if err != nil {
			t.Fatal(err)
		}
		tokens := make([]string, mk.n)
		for i := range tokens {
			tokens[i] = mk.addr + "/opt" + string(rune('0'+i))
		}
		if err := b.AddMarket(mk.addr, &Market{Pool: pool, EndTime: endsAt, BaseToken: "usdc", OptionTokens: tokens}); err != nil {
			t.Fatal(err)
		}
	}
	return b
}

func place(t *testing.T, b *Book, owner string, isBuy bool, limitMilli, amount int64) *Order {
	t.Helper()
	o, err := b.Place(Placement{Owner: owner, Market: "m", IsBuy: isBuy, LimitPrice: price(limitMilli),
		Amount: big.NewInt(amount), Expiry: expiry}, now)
	if err != nil {
		t.Fatal(err)
	}
	return o
}

func TestPlaceRefusals(t *testing.T) {
	ok := Placement{Owner: "alice", Market: "m", IsBuy: true, LimitPrice: price(500), Amount: big.NewInt(100), Expiry: expiry}
	tests := []struct {
		name string
		edit func(*Placement)
		want error
	}{
		{"OK", func(*Placement) {}, nil},
		{"ErrZeroAmount", func(p *Placement) { p.Amount = big.NewInt(0) }, ErrZeroAmount},
		{"ErrOverflow", func(p *Placement) { p.Amount = new(big.Int).Lsh(big.NewInt(1), 128) }, ErrOverflow},
		{"ErrInvalidPriceZero", func(p *Placement) { p.LimitPrice = big.NewInt(0) }, ErrInvalidPrice},
		{"ErrInvalidPriceOne", func(p *Placement) { p.LimitPrice = new(big.Int).Set(One) }, ErrInvalidPrice},
		{"ErrInvalidExpiry", func(p *Placement) { p.Expiry = now }, ErrInvalidExpiry},
		{"ErrUnknownMarket", func(p *Placement) { p.Market = "nope" }, ErrUnknownMarket},
		{"ErrInvalidOption", func(p *Placement) { p.Option = 2 }, ErrInvalidOption},
		{"ErrInvalidAccount", func(p *Placement) { p.Owner = "" }, ErrInvalidAccount},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b := newBook(t)
			p := ok
			tc.edit(&p)
			_, err := b.Place(p, now)
			if !errors.Is(err, tc.want) {
				t.Fatalf("got %v, want %v", err, tc.want)
			}
			if tc.want != nil && b.Count != 0 {
				t.Fatal("a refused placement counted")
			}
		})
	}
	t.Run("ErrMarketClosed", func(t *testing.T) {
		b := newBook(t)
		if _, err := b.Place(ok, endsAt); !errors.Is(err, ErrInvalidExpiry) {
			t.Fatalf("expiry before end: got %v", err)
		}
		late := ok
		late.Expiry = endsAt + 10
		if _, err := b.Place(late, endsAt); !errors.Is(err, ErrMarketClosed) {
			t.Fatalf("got %v", err)
		}
		if err := b.Markets["m"].Pool.Settle(0); err != nil {
			t.Fatal(err)
		}
		if _, err := b.Place(ok, now); !errors.Is(err, ErrMarketClosed) {
			t.Fatalf("settled: got %v", err)
		}
	})
}

func TestCancel(t *testing.T) {
	b := newBook(t)
	buy := place(t, b, "alice", true, 400, 1000)
	sell := place(t, b, "bob", false, 600, 50)
	if _, err := b.Cancel(buy.ID, "bob", now); !errors.Is(err, ErrNotOrderOwner) {
		t.Fatalf("other owner: %v", err)
	}
	if _, err := b.Cancel(99, "alice", now); !errors.Is(err, ErrUnknownOrder) {
		t.Fatalf("unknown: %v", err)
	}
	c, err := b.Cancel(buy.ID, "alice", now)
	if err != nil || c.Refunded.Int64() != 1000 || c.Owner != "alice" {
		t.Fatalf("owner cancel: %+v %v", c, err)
	}
	if _, err := b.Cancel(buy.ID, "alice", now); !errors.Is(err, ErrOrderClosed) {
		t.Fatalf("twice: %v", err)
	}
	// After expiry anyone may cancel; the refund is the owner's.
	c, err = b.Cancel(sell.ID, "carol", expiry)
	if err != nil || c.Owner != "bob" || c.By != "carol" || c.Refunded.Int64() != 50 {
		t.Fatalf("expired cancel: %+v %v", c, err)
	}
	if len(b.Escrow()) != 0 {
		t.Fatalf("escrow left: %v", b.Escrow())
	}
}

func TestCancelMany(t *testing.T) {
	b := newBook(t)
	a1 := place(t, b, "alice", true, 400, 1000)
	a2 := place(t, b, "alice", false, 600, 10)
	other := place(t, b, "bob", true, 400, 7)
	if _, err := b.CancelMany([]uint64{a1.ID, other.ID}, "alice", now); !errors.Is(err, ErrNotOrderOwner) {
		t.Fatalf("foreign order in batch: %v", err)
	}
	if !b.Order(a1.ID).Open() {
		t.Fatal("a refused batch cancelled an order")
	}
	if _, err := b.Cancel(a2.ID, "alice", now); err != nil {
		t.Fatal(err)
	}
	cs, err := b.CancelMany([]uint64{a1.ID, a2.ID, a1.ID}, "alice", now)
	if err != nil || len(cs) != 1 || cs[0].OrderID != a1.ID {
		t.Fatalf("closed and repeated ids are skipped: %+v %v", cs, err)
	}
	if _, err := b.CancelMany([]uint64{42}, "alice", now); !errors.Is(err, ErrUnknownOrder) {
		t.Fatalf("unknown: %v", err)
	}
}

func TestFillFromPool(t *testing.T) {
	// The 2-option pool at 1e6/1e6 prices both options at 0.5; a buy of 1000 base gets about
	// 1998 tokens (average just above 0.5), a sale of 1000 tokens about 499 base.
	tests := []struct {
		name      string
		isBuy     bool
		limit     int64 // milli
		amount    int64
		spend     int64
		minOut    int64
		postOnly  bool
		at        uint64
		want      error
		remaining int64
	}{
		{"BuyOK", true, 501, 5000, 1000, 0, false, now, nil, 4000},
		{"BuyWorseThanLimit", true, 500, 5000, 1000, 0, false, now, ErrWorseThanLimit, 5000},
		{"SellOK", false, 499, 5000, 1000, 0, false, now, nil, 4000},
		{"SellWorseThanLimit", false, 500, 5000, 1000, 0, false, now, ErrWorseThanLimit, 5000},
		{"Overfill", true, 900, 5000, 5001, 0, false, now, ErrOverfill, 5000},
		{"ZeroSpend", true, 900, 5000, 0, 0, false, now, ErrZeroAmount, 5000},
		{"Expired", true, 900, 5000, 1000, 0, false, expiry, ErrOrderExpired, 5000},
		{"PostOnly", true, 900, 5000, 1000, 0, true, now, ErrPostOnly, 5000},
		{"MinOut", true, 900, 5000, 1000, 1_000_000, false, now, ErrInsufficientOutput, 5000},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b := newBook(t)
			o, err := b.Place(Placement{Owner: "alice", Market: "m", IsBuy: tc.isBuy, LimitPrice: price(tc.limit),
				Amount: big.NewInt(tc.amount), Expiry: expiry, PostOnly: tc.postOnly}, now)
			if err != nil {
				t.Fatal(err)
			}
			before := b.Markets["m"].Pool.Clone()
			f, err := b.FillFromPool(o.ID, big.NewInt(tc.spend), big.NewInt(tc.minOut), tc.at)
			if !errors.Is(err, tc.want) {
				t.Fatalf("got %v, want %v", err, tc.want)
			}
			if got := b.Order(o.ID).Remaining.Int64(); got != tc.remaining {
				t.Fatalf("remaining %d, want %d", got, tc.remaining)
			}
			moved := b.Markets["m"].Pool.Balances[0].Cmp(before.Balances[0]) != 0
			if moved != (err == nil) {
				t.Fatalf("pool moved %v with error %v", moved, err)
			}
			if err == nil {
				if !WithinLimit(tc.isBuy, price(tc.limit), f.In, f.Out) || f.Counterparty != "m" || f.CounterOrderID != 0 {
					t.Fatalf("fill %+v", f)
				}
				if got := b.Escrow(); len(got) != 1 {
					t.Fatalf("escrow %v", got)
				}
			}
		})
	}
}

func TestMatch(t *testing.T) {
	tests := []struct {
		name          string
		buyLimit      int64 // milli
		sellLimit     int64
		buyFirst      bool
		quantity      int64
		cost          int64 // base paid by the buy escrow
		buyRemaining  int64 // of 10,000 base
		sellRemaining int64 // of 1,000 tokens
		want          error
	}{
		// Resting seller at 0.4, taking buyer at 0.6: 1000 tokens cost 400; the 200 saved stay
		// in the buy escrow.
		{"TakerBuyerKeepsImprovement", 600, 400, false, 1000, 400, 9600, 0, nil},
		// Resting buyer at 0.6, taking seller at 0.4: the seller receives 600.
		{"TakerSellerReceivesImprovement", 600, 400, true, 1000, 600, 9400, 0, nil},
		// 10 tokens at 0.333 = 3.33: up for a resting seller, down for a resting buyer.
		{"RoundsUpForRestingSeller", 500, 333, false, 10, 4, 9996, 990, nil},
		{"RoundsDownForRestingBuyer", 333, 300, true, 10, 3, 9997, 990, nil},
		// At equal limits a fractional cost cannot respect both: refused.
		{"EqualLimitsFraction", 333, 333, false, 7, 0, 10000, 1000, ErrWorseThanLimit},
		{"EqualLimitsWhole", 500, 500, true, 8, 4, 9996, 992, nil},
		{"NotCrossing", 399, 400, true, 10, 0, 10000, 1000, ErrNotCrossing},
		{"SellOverfill", 600, 400, true, 1001, 0, 10000, 1000, ErrOverfill},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b := newBook(t)
			var buy, sell *Order
			if tc.buyFirst {
				buy = place(t, b, "alice", true, tc.buyLimit, 10_000)
				sell = place(t, b, "bob", false, tc.sellLimit, 1000)
			} else {
				sell = place(t, b, "bob", false, tc.sellLimit, 1000)
				buy = place(t, b, "alice", true, tc.buyLimit, 10_000)
			}
			bf, sf, err := b.Match(buy.ID, sell.ID, big.NewInt(tc.quantity), now)
			if !errors.Is(err, tc.want) {
				t.Fatalf("got %v, want %v", err, tc.want)
			}
			if got := b.Order(buy.ID).Remaining.Int64(); got != tc.buyRemaining {
				t.Fatalf("buy remaining %d, want %d", got, tc.buyRemaining)
			}
			if got := b.Order(sell.ID).Remaining.Int64(); got != tc.sellRemaining {
				t.Fatalf("sell remaining %d, want %d", got, tc.sellRemaining)
			}
			if err != nil {
				return
			}
			if bf.In.Int64() != tc.cost || sf.Out.Int64() != tc.cost || bf.Out.Int64() != tc.quantity || sf.In.Int64() != tc.quantity {
				t.Fatalf("fills %+v %+v, want cost %d", bf, sf, tc.cost)
			}
			if bf.Counterparty != "bob" || sf.Counterparty != "alice" || bf.CounterOrderID != sell.ID || sf.CounterOrderID != buy.ID {
				t.Fatalf("counterparties %+v %+v", bf, sf)
			}
			if !WithinLimit(true, price(tc.buyLimit), bf.In, bf.Out) || !WithinLimit(false, price(tc.sellLimit), sf.In, sf.Out) {
				t.Fatal("a side got less than its limit")
			}
		})
	}
}

func TestMatchRefusals(t *testing.T) {
	b := newBook(t)
	buy := place(t, b, "alice", true, 600, 10_000)
	sell := place(t, b, "bob", false, 400, 1000)
	own := place(t, b, "alice", false, 400, 1000)
	otherBuy := place(t, b, "carol", true, 600, 100)
	post, err := b.Place(Placement{Owner: "carol", Market: "m", LimitPrice: price(400), Amount: big.NewInt(10), Expiry: expiry, PostOnly: true}, now)
	if err != nil {
		t.Fatal(err)
	}
	other, err := b.Place(Placement{Owner: "carol", Market: "m3", LimitPrice: price(400), Amount: big.NewInt(10), Expiry: expiry}, now)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name      string
		buy, sell uint64
		at        uint64
		want      error
	}{
		{"ErrSelfMatch", buy.ID, own.ID, now, ErrSelfMatch},
		{"ErrNotMatchableTwoBuys", buy.ID, otherBuy.ID, now, ErrNotMatchable},
		{"ErrNotMatchableMarkets", buy.ID, other.ID, now, ErrNotMatchable},
		{"ErrPostOnlyTaker", buy.ID, post.ID, now, ErrPostOnly},
		{"ErrUnknownOrder", buy.ID, 99, now, ErrUnknownOrder},
		{"ErrOrderExpired", buy.ID, sell.ID, expiry, ErrOrderExpired},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if _, _, err := b.Match(tc.buy, tc.sell, big.NewInt(5), tc.at); !errors.Is(err, tc.want) {
				t.Fatalf("got %v, want %v", err, tc.want)
			}
		})
	}
	// A post-only order may rest: as the earlier order it is the maker.
	late := place(t, b, "dave", true, 500, 100)
	if _, _, err := b.Match(late.ID, post.ID, big.NewInt(5), now); err != nil {
		t.Fatalf("post-only maker: %v", err)
	}
	// No match once the market stops trading.
	if err := b.Markets["m"].Pool.Settle(1); err != nil {
		t.Fatal(err)
	}
	if _, _, err := b.Match(buy.ID, sell.ID, big.NewInt(5), now); !errors.Is(err, ErrMarketClosed) {
		t.Fatalf("settled: %v", err)
	}
}

func TestMaxMatch(t *testing.T) {
	for _, buyFirst := range []bool{true, false} {
		b := newBook(t)
		var buy, sell *Order
		if buyFirst {
			buy = place(t, b, "alice", true, 333, 1000)
			sell = place(t, b, "bob", false, 300, 1_000_000)
		} else {
			sell = place(t, b, "bob", false, 333, 1_000_000)
			buy = place(t, b, "alice", true, 400, 1000)
		}
		q := b.MaxMatch(buy.ID, sell.ID)
		if _, _, err := b.Clone().Match(buy.ID, sell.ID, new(big.Int).Add(q, big.NewInt(1)), now); !errors.Is(err, ErrOverfill) {
			t.Fatalf("buyFirst %v: MaxMatch+1 = %v: %v", buyFirst, q, err)
		}
		if _, _, err := b.Match(buy.ID, sell.ID, q, now); err != nil {
			t.Fatalf("buyFirst %v: MaxMatch %v: %v", buyFirst, q, err)
		}
	}
}

func TestEscrowAndJSON(t *testing.T) {
	b := newBook(t)
	place(t, b, "alice", true, 400, 1000)
	place(t, b, "bob", true, 400, 234)
	s := place(t, b, "bob", false, 600, 50)
	esc := b.Escrow()
	if esc["usdc"].Int64() != 1234 || esc["m/opt0"].Int64() != 50 || len(esc) != 2 {
		t.Fatalf("escrow %v", esc)
	}
	raw, err := json.Marshal(b.Order(s.ID))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`"id":"3"`, `"side":"sell"`, `"limitPrice":"600000000000000000"`, `"remaining":"50"`} {
		if !strings.Contains(string(raw), want) {
			t.Fatalf("%s lacks %s", raw, want)
		}
	}
}
