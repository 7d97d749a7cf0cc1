package chain_test

import (
	"math/big"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/accounts/abi/bind"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"

	"github.com/predict-dev/predict/internal/chain"
	"github.com/predict-dev/predict/internal/chain/bindings"
)

// loEnv is a contract test chain with a LimitOrders escrow deployed beside the suite; every
// account has approved it for the dev USDC.
type loEnv struct {
	*ctEnv
	addr common.Address
	lo   *bindings.LimitOrders
}

func loNewEnv(t *testing.T, users int) *loEnv {
	t.Helper()
	env := ctNewEnv(t, users)
	auth, err := bind.NewKeyedTransactorWithChainID(env.operator.key, env.chainID)
	if err != nil {
		t.Fatal(err)
	}
	addr, err := chain.DeployLimitOrders(env.ctx, env.client, auth, env.suite.MarketFactory, func() { env.sim.Commit() })
	if err != nil {
		t.Fatal(err)
	}
	if env.operator.nonce, err = env.client.PendingNonceAt(env.ctx, env.operator.addr); err != nil {
		t.Fatal(err)
	}
	lo, err := bindings.NewLimitOrders(addr, env.client)
	if err != nil {
		t.Fatal(err)
	}
	e := &loEnv{ctEnv: env, addr: addr, lo: lo}
	var txs []*types.Transaction
	for _, a := range e.accounts() {
		txs = append(txs, env.mustSend(a, func(o *bind.TransactOpts) (*types.Transaction, error) {
			return env.usdc.Approve(o, addr, abi.MaxUint256)
		}))
	}
	env.mustMine(txs...)
	return e
}

func (e *loEnv) accounts() []*ctAccount { return append([]*ctAccount{e.operator}, e.users...) }

// market creates a market whose USDC and option tokens every account has approved to the market
// (direct trades) and to the escrow (orders).
func (e *loEnv) market(n int, feeBps uint64, liquidity *big.Int, d time.Duration) *ctMarket {
	e.t.Helper()
	mk := e.createMarket(n, feeBps, liquidity, d)
	e.approveAll(mk)
	var txs []*types.Transaction
	for _, a := range e.accounts() {
		for _, tok := range mk.tokens {
			txs = append(txs, e.mustSend(a, func(o *bind.TransactOpts) (*types.Transaction, error) {
				return tok.Approve(o, e.addr, abi.MaxUint256)
			}))
		}
	}
	e.mustMine(txs...)
	return mk
}

// loPrice is milli/1000 as an 18-decimal price.
func loPrice(milli int64) *big.Int { return new(big.Int).Mul(big.NewInt(milli), big.NewInt(1e15)) }

// loCheckHoldings checks, from the chain alone, that the escrow holds of every token exactly the
// sum of its open orders' remainders.
func loCheckHoldings(t testing.TB, e *loEnv, when string) {
	t.Helper()
	call := &bind.CallOpts{Context: e.ctx}
	count := ctView(t, call, e.lo.OrderCount)
	sums := map[common.Address]*big.Int{e.usdcAddr: new(big.Int)}
	for id := uint64(1); id <= count; id++ {
		o, err := e.lo.Orders(call, new(big.Int).SetUint64(id))
		if err != nil {
			t.Fatal(err)
		}
		tok, err := e.lo.EscrowToken(call, new(big.Int).SetUint64(id))
		if err != nil {
			t.Fatal(err)
		}
		if sums[tok] == nil {
			sums[tok] = new(big.Int)
		}
		sums[tok].Add(sums[tok], o.Remaining)
	}
	for tok, sum := range sums {
		ctEqual(t, when+": escrow of "+tok.Hex()[:8], loBalance(t, e, tok, e.addr), sum)
	}
}

// loBalance is a's balance of any ERC-20 of the suite.
func loBalance(t testing.TB, e *loEnv, token, a common.Address) *big.Int {
	t.Helper()
	tok, err := bindings.NewBaseToken(token, e.client)
	if err != nil {
		t.Fatal(err)
	}
	return ctViewOf(t, &bind.CallOpts{Context: e.ctx}, tok.BalanceOf, a)
}

// place places an order from a, mined, and returns its id.
func (e *loEnv) place(a *ctAccount, mk *ctMarket, opt int, isBuy bool, limit, amount *big.Int, expiry uint64, postOnly bool) uint64 {
	e.t.Helper()
	r := e.mustMine(e.mustSend(a, func(o *bind.TransactOpts) (*types.Transaction, error) {
		return e.lo.Place(o, mk.addr, big.NewInt(int64(opt)), isBuy, limit, amount, expiry, postOnly)
	}))[0]
	ev := ctFindLog(e.t, r, e.addr, e.lo.ParseOrderPlaced)
	if ev.Owner != a.addr || ev.Market != mk.addr || ev.IsBuy != isBuy || ev.LimitPrice.Cmp(limit) != 0 ||
		ev.Amount.Cmp(amount) != 0 || ev.Expiry.Uint64() != expiry || ev.PostOnly != postOnly {
		e.t.Fatalf("OrderPlaced %+v", ev)
	}
	return ev.OrderId.Uint64()
}

func loID(id uint64) *big.Int { return new(big.Int).SetUint64(id) }

// fills returns the OrderFilled events of a receipt by order id.
func (e *loEnv) fills(r *types.Receipt) map[uint64]*bindings.LimitOrdersOrderFilled {
	out := map[uint64]*bindings.LimitOrdersOrderFilled{}
	for _, l := range r.Logs {
		if ev, err := e.lo.ParseOrderFilled(*l); err == nil && l.Address == e.addr {
			out[ev.OrderId.Uint64()] = ev
		}
	}
	return out
}

// TestLimitOrdersPlace: every refusal of place, and an accepted order's escrow and terms.
func TestLimitOrdersPlace(t *testing.T) {
	e := loNewEnv(t, 2)
	alice := e.users[0]
	mk := e.market(2, 200, usdc(1000), 24*time.Hour)
	dl := ctDeadline(e.ctEnv)
	e.mustMine(e.mustSend(alice, func(o *bind.TransactOpts) (*types.Transaction, error) {
		return mk.m.Buy(o, big.NewInt(0), usdc(100), big.NewInt(0), dl)
	}))
	held := loBalance(t, e, mk.options[0], alice.addr)
	exp := e.headTime() + 3600
	type args struct {
		market   common.Address
		opt      int64
		isBuy    bool
		limit    *big.Int
		amount   *big.Int
		expiry   uint64
		postOnly bool
	}
	ok := args{mk.addr, 0, true, loPrice(450), usdc(50), exp, false}
	tests := []struct {
		name string
		edit func(*args)
	}{
		{"ZeroAmount", func(a *args) { a.amount = big.NewInt(0) }},
		{"Overflow", func(a *args) { a.amount = new(big.Int).Lsh(big.NewInt(1), 128) }},
		{"InvalidPrice", func(a *args) { a.limit = big.NewInt(0) }},
		{"InvalidPrice", func(a *args) { a.limit = loPrice(1000) }},
		{"InvalidExpiry", func(a *args) { a.expiry = e.headTime() }},
		{"UnknownMarket", func(a *args) { a.market = e.usdcAddr }},
		{"InvalidOption", func(a *args) { a.opt = 2 }},
		{"ERC20InsufficientBalance", func(a *args) { a.isBuy, a.amount = false, new(big.Int).Add(held, big.NewInt(1)) }},
	}
	for _, tc := range tests {
		a := ok
		tc.edit(&a)
		e.expectRevert(alice, tc.name, func(o *bind.TransactOpts) (*types.Transaction, error) {
			return e.lo.Place(o, a.market, big.NewInt(a.opt), a.isBuy, a.limit, a.amount, a.expiry, a.postOnly)
		})
	}
	before := e.baseOf(alice.addr)
	id := e.place(alice, mk, 0, true, ok.limit, ok.amount, ok.expiry, false)
	sell := e.place(alice, mk, 0, false, loPrice(700), held, exp, true)
	if id != 1 || sell != 2 {
		t.Fatalf("ids %d, %d", id, sell)
	}
	ctEqual(t, "alice paid", new(big.Int).Sub(before, e.baseOf(alice.addr)), usdc(50))
	ctEqual(t, "escrowed options", loBalance(t, e, mk.options[0], e.addr), held)
	o, err := e.lo.Orders(&bind.CallOpts{Context: e.ctx}, loID(sell))
	if err != nil {
		t.Fatal(err)
	}
	if o.Owner != alice.addr || o.Market != mk.addr || o.IsBuy || !o.PostOnly || o.Expiry != exp ||
		o.LimitPrice != 700e15 || o.Remaining.Cmp(held) != 0 || o.OptionIndex != 0 {
		t.Fatalf("order %+v", o)
	}
	loCheckHoldings(t, e, "after place")

	// A market that no longer trades takes no orders.
	e.mustMine(e.mustSend(e.operator, func(o *bind.TransactOpts) (*types.Transaction, error) {
		return mk.m.Settle(o, big.NewInt(0))
	}))
	e.expectRevert(alice, "MarketClosed", func(o *bind.TransactOpts) (*types.Transaction, error) {
		return e.lo.Place(o, mk.addr, big.NewInt(0), true, ok.limit, ok.amount, ok.expiry, false)
	})
}

// TestLimitOrdersFillFromPool: pool fills of buy and sell orders within the limit pay the owner,
// and every refusal (worse than the limit, over-fill, post-only, slippage, expiry, a market
// that stopped) leaves the escrow untouched.
func TestLimitOrdersFillFromPool(t *testing.T) {
	e := loNewEnv(t, 3)
	alice, bob, carol := e.users[0], e.users[1], e.users[2]
	mk := e.market(2, 200, usdc(1000), 24*time.Hour)
	dl := ctDeadline(e.ctEnv)
	e.mustMine(e.mustSend(alice, func(o *bind.TransactOpts) (*types.Transaction, error) {
		return mk.m.Buy(o, big.NewInt(0), usdc(100), big.NewInt(0), dl)
	}))
	exp := e.headTime() + 3600
	low := e.place(alice, mk, 0, true, loPrice(450), usdc(50), exp, false)   // below the pool
	high := e.place(bob, mk, 0, true, loPrice(900), usdc(20), exp, false)    // above the pool
	post := e.place(bob, mk, 0, true, loPrice(900), usdc(20), exp, true)     // above, but post-only
	sell := e.place(alice, mk, 0, false, loPrice(200), usdc(50), exp, false) // below the pool
	dear := e.place(alice, mk, 0, false, loPrice(950), usdc(10), exp, false) // above the pool
	short := e.place(carol, mk, 1, true, loPrice(900), usdc(10), e.headTime()+60, false)
	zero := big.NewInt(0)

	refusals := []struct {
		name          string
		id            uint64
		spend, minOut *big.Int
	}{
		{"WorseThanLimit", low, usdc(10), zero},
		{"WorseThanLimit", dear, usdc(10), zero},
		{"Overfill", high, new(big.Int).Add(usdc(20), big.NewInt(1)), zero},
		{"ZeroAmount", high, zero, zero},
		{"PostOnly", post, usdc(5), zero},
		{"UnknownOrder", 999, usdc(5), zero},
		{"InsufficientOutput", high, usdc(5), usdc(1000)},
	}
	for _, tc := range refusals {
		e.expectRevert(carol, tc.name, func(o *bind.TransactOpts) (*types.Transaction, error) {
			return e.lo.FillFromPool(o, loID(tc.id), tc.spend, tc.minOut)
		})
	}

	// A buy within its limit, filled by anyone: the tokens go to the owner.
	beforeTokens := loBalance(t, e, mk.options[0], bob.addr)
	r := e.mustMine(e.mustSend(carol, func(o *bind.TransactOpts) (*types.Transaction, error) {
		return e.lo.FillFromPool(o, loID(high), usdc(5), zero)
	}))[0]
	f := e.fills(r)[high]
	if f == nil || f.Counterparty != mk.addr || f.CounterOrderId.Sign() != 0 || f.AmountIn.Cmp(usdc(5)) != 0 || f.Remaining.Cmp(usdc(15)) != 0 {
		t.Fatalf("buy fill %+v", f)
	}
	ctEqual(t, "bob's tokens", new(big.Int).Sub(loBalance(t, e, mk.options[0], bob.addr), beforeTokens), f.AmountOut)
	if !loWithin(true, loPrice(900), f.AmountIn, f.AmountOut) {
		t.Errorf("buy fill %v for %v above 0.9", f.AmountIn, f.AmountOut)
	}
	// A sell within its limit: the base goes to the owner.
	beforeBase := e.baseOf(alice.addr)
	r = e.mustMine(e.mustSend(carol, func(o *bind.TransactOpts) (*types.Transaction, error) {
		return e.lo.FillFromPool(o, loID(sell), usdc(20), zero)
	}))[0]
	f = e.fills(r)[sell]
	ctEqual(t, "alice's base", new(big.Int).Sub(e.baseOf(alice.addr), beforeBase), f.AmountOut)
	if !loWithin(false, loPrice(200), f.AmountIn, f.AmountOut) {
		t.Errorf("sell fill %v for %v below 0.2", f.AmountIn, f.AmountOut)
	}
	ctEqual(t, "allowance left to the market", ctView(t, &bind.CallOpts{Context: e.ctx}, func(c *bind.CallOpts) (*big.Int, error) {
		return e.usdc.Allowance(c, e.addr, mk.addr)
	}), zero)
	loCheckHoldings(t, e, "after fills")

	// No fill after expiry.
	e.advance(120)
	e.expectRevert(bob, "OrderExpired", func(o *bind.TransactOpts) (*types.Transaction, error) {
		return e.lo.FillFromPool(o, loID(short), usdc(1), zero)
	})
	// No fill once the market has stopped (the market's own refusal).
	e.mustMine(e.mustSend(e.operator, func(o *bind.TransactOpts) (*types.Transaction, error) {
		return mk.m.Settle(o, big.NewInt(1))
	}))
	e.expectRevert(bob, "MarketSettled", func(o *bind.TransactOpts) (*types.Transaction, error) {
		return e.lo.FillFromPool(o, loID(high), usdc(1), zero)
	})
	loCheckHoldings(t, e, "after refusals")
}

// TestLimitOrdersMatch: crosses at the resting order's price with the improvement to the taker,
// rounding in the resting order's favour, and every refusal of matchOrders.
func TestLimitOrdersMatch(t *testing.T) {
	e := loNewEnv(t, 3)
	alice, bob, carol := e.users[0], e.users[1], e.users[2]
	mk := e.market(2, 200, usdc(1000), 24*time.Hour)
	other := e.market(3, 0, usdc(1000), 24*time.Hour)
	dl := ctDeadline(e.ctEnv)
	for _, a := range []*ctAccount{alice, carol} {
		e.mustMine(e.mustSend(a, func(o *bind.TransactOpts) (*types.Transaction, error) {
			return mk.m.Buy(o, big.NewInt(0), usdc(100), big.NewInt(0), dl)
		}))
	}
	e.mustMine(e.mustSend(carol, func(o *bind.TransactOpts) (*types.Transaction, error) {
		return other.m.Buy(o, big.NewInt(0), usdc(100), big.NewInt(0), dl)
	}))
	exp := e.headTime() + 3600
	call := &bind.CallOpts{Context: e.ctx}
	remaining := func(id uint64) *big.Int {
		o, err := e.lo.Orders(call, loID(id))
		if err != nil {
			t.Fatal(err)
		}
		return o.Remaining
	}
	match := func(buy, sell uint64, q *big.Int) map[uint64]*bindings.LimitOrdersOrderFilled {
		t.Helper()
		r := e.mustMine(e.mustSend(e.operator, func(o *bind.TransactOpts) (*types.Transaction, error) {
			return e.lo.MatchOrders(o, loID(buy), loID(sell), q)
		}))[0]
		loCheckHoldings(t, e, "after match")
		return e.fills(r)
	}

	// Resting seller at 0.5, taking buyer at 0.6: the buyer pays 0.5 and keeps the rest.
	s1 := e.place(alice, mk, 0, false, loPrice(500), usdc(40), exp, false)
	b1 := e.place(bob, mk, 0, true, loPrice(600), usdc(30), exp, false)
	aliceBase, bobTokens := e.baseOf(alice.addr), loBalance(t, e, mk.options[0], bob.addr)
	f := match(b1, s1, usdc(10))
	ctEqual(t, "cost", f[b1].AmountIn, usdc(5))
	ctEqual(t, "seller got", f[s1].AmountOut, usdc(5))
	ctEqual(t, "improvement stays in the buy escrow", remaining(b1), usdc(25))
	ctEqual(t, "alice received", new(big.Int).Sub(e.baseOf(alice.addr), aliceBase), usdc(5))
	ctEqual(t, "bob received", new(big.Int).Sub(loBalance(t, e, mk.options[0], bob.addr), bobTokens), usdc(10))
	if f[b1].Counterparty != alice.addr || f[b1].CounterOrderId.Uint64() != s1 || f[s1].Counterparty != bob.addr {
		t.Fatalf("counterparties %+v %+v", f[b1], f[s1])
	}

	// Resting buyer b1 at 0.6, taking seller at 0.5: the seller receives 0.6.
	s2 := e.place(carol, mk, 0, false, loPrice(500), usdc(10), exp, false)
	f = match(b1, s2, usdc(10))
	ctEqual(t, "taking seller got", f[s2].AmountOut, usdc(6))
	ctEqual(t, "b1 left", remaining(b1), usdc(19))

	// Rounding: 7 units at a resting seller's 0.333 (2.331) pay 3; at a resting buyer's 0.4
	// (2.8) cost 2.
	s3 := e.place(alice, mk, 0, false, loPrice(333), usdc(1), exp, false)
	b3 := e.place(bob, mk, 0, true, loPrice(500), usdc(1), exp, false)
	ctEqual(t, "rounded up for the resting seller", match(b3, s3, big.NewInt(7))[b3].AmountIn, big.NewInt(3))
	b4 := e.place(bob, mk, 0, true, loPrice(400), usdc(1), exp, false)
	s4 := e.place(carol, mk, 0, false, loPrice(250), usdc(1), exp, false)
	ctEqual(t, "rounded down for the resting buyer", match(b4, s4, big.NewInt(7))[b4].AmountIn, big.NewInt(2))

	// Refusals.
	self := e.place(alice, mk, 0, true, loPrice(600), usdc(5), exp, false)
	lowBuy := e.place(bob, mk, 0, true, loPrice(400), usdc(5), exp, false)
	post := e.place(carol, mk, 0, false, loPrice(500), usdc(5), exp, true)
	elsewhere := e.place(carol, other, 0, false, loPrice(500), usdc(5), exp, false)
	equal := e.place(carol, mk, 0, false, loPrice(333), usdc(5), exp, false)
	equalBuy := e.place(bob, mk, 0, true, loPrice(333), usdc(5), exp, false)
	smallBuy := e.place(bob, mk, 0, true, loPrice(600), big.NewInt(2), exp, false)
	shortSell := e.place(carol, mk, 0, false, loPrice(100), usdc(5), e.headTime()+60, false)
	refusals := []struct {
		name      string
		buy, sell uint64
		q         *big.Int
	}{
		{"NotMatchable", s1, b1, usdc(1)},
		{"NotMatchable", b1, elsewhere, usdc(1)},
		{"NotCrossing", lowBuy, s1, usdc(1)},
		{"SelfMatch", self, s1, usdc(1)},
		{"Overfill", b1, s1, usdc(31)},      // more than s1 holds
		{"Overfill", smallBuy, s1, usdc(1)}, // costs more than smallBuy holds
		{"PostOnly", b1, post, usdc(1)},     // the later, post-only sell would take
		{"ZeroAmount", b1, s1, big.NewInt(0)},
		{"UnknownOrder", b1, 999, usdc(1)},
		{"WorseThanLimit", equalBuy, equal, big.NewInt(7)}, // 2.331 units at equal limits
	}
	for _, tc := range refusals {
		e.expectRevert(e.operator, tc.name, func(o *bind.TransactOpts) (*types.Transaction, error) {
			return e.lo.MatchOrders(o, loID(tc.buy), loID(tc.sell), tc.q)
		})
	}
	// A post-only order rests and is matched as the maker.
	late := e.place(bob, mk, 0, true, loPrice(550), usdc(5), exp, false)
	ctEqual(t, "post-only maker's price", match(late, post, usdc(2))[post].AmountOut, usdc(1))

	e.advance(120)
	e.expectRevert(e.operator, "OrderExpired", func(o *bind.TransactOpts) (*types.Transaction, error) {
		return e.lo.MatchOrders(o, loID(b1), loID(shortSell), usdc(1))
	})
	e.mustMine(e.mustSend(e.operator, func(o *bind.TransactOpts) (*types.Transaction, error) {
		return mk.m.Settle(o, big.NewInt(1))
	}))
	e.expectRevert(e.operator, "MarketClosed", func(o *bind.TransactOpts) (*types.Transaction, error) {
		return e.lo.MatchOrders(o, loID(b1), loID(s1), usdc(1))
	})
	loCheckHoldings(t, e, "end")
}

// TestLimitOrdersCancel: the owner cancels at any time, others only after expiry, the refund
// always goes to the owner, and a batch skips closed orders.
func TestLimitOrdersCancel(t *testing.T) {
	e := loNewEnv(t, 2)
	alice, bob := e.users[0], e.users[1]
	mk := e.market(2, 200, usdc(1000), 24*time.Hour)
	exp := e.headTime() + 3600
	a1 := e.place(alice, mk, 0, true, loPrice(400), usdc(10), exp, false)
	a2 := e.place(alice, mk, 1, true, loPrice(400), usdc(20), exp, false)
	a3 := e.place(alice, mk, 1, true, loPrice(400), usdc(30), e.headTime()+60, false)
	b1 := e.place(bob, mk, 0, true, loPrice(400), usdc(5), exp, false)

	e.expectRevert(bob, "NotOrderOwner", func(o *bind.TransactOpts) (*types.Transaction, error) {
		return e.lo.Cancel(o, loID(a1))
	})
	e.expectRevert(alice, "UnknownOrder", func(o *bind.TransactOpts) (*types.Transaction, error) {
		return e.lo.Cancel(o, loID(999))
	})
	before := e.baseOf(alice.addr)
	r := e.mustMine(e.mustSend(alice, func(o *bind.TransactOpts) (*types.Transaction, error) {
		return e.lo.Cancel(o, loID(a1))
	}))[0]
	ev := ctFindLog(t, r, e.addr, e.lo.ParseOrderCancelled)
	ctEqual(t, "refund", ev.Refunded, usdc(10))
	ctEqual(t, "alice refunded", new(big.Int).Sub(e.baseOf(alice.addr), before), usdc(10))
	e.expectRevert(alice, "OrderClosed", func(o *bind.TransactOpts) (*types.Transaction, error) {
		return e.lo.Cancel(o, loID(a1))
	})
	e.expectRevert(alice, "NotOrderOwner", func(o *bind.TransactOpts) (*types.Transaction, error) {
		return e.lo.CancelMany(o, []*big.Int{loID(a2), loID(b1)})
	})
	loCheckHoldings(t, e, "after cancel")

	// After expiry anyone cancels; the refund is the owner's.
	e.advance(120)
	before = e.baseOf(alice.addr)
	r = e.mustMine(e.mustSend(bob, func(o *bind.TransactOpts) (*types.Transaction, error) {
		return e.lo.Cancel(o, loID(a3))
	}))[0]
	ev = ctFindLog(t, r, e.addr, e.lo.ParseOrderCancelled)
	if ev.Owner != alice.addr || ev.By != bob.addr {
		t.Fatalf("cancel event %+v", ev)
	}
	ctEqual(t, "alice refunded by bob", new(big.Int).Sub(e.baseOf(alice.addr), before), usdc(30))

	// A batch skips the closed a1 and a3.
	r = e.mustMine(e.mustSend(alice, func(o *bind.TransactOpts) (*types.Transaction, error) {
		return e.lo.CancelMany(o, []*big.Int{loID(a1), loID(a2), loID(a3), loID(a2)})
	}))[0]
	n := 0
	for _, l := range r.Logs {
		if _, err := e.lo.ParseOrderCancelled(*l); err == nil {
			n++
		}
	}
	if n != 1 {
		t.Fatalf("%d cancellations, want 1", n)
	}
	// An ended market does not lock the escrow.
	e.mustMine(e.mustSend(e.operator, func(o *bind.TransactOpts) (*types.Transaction, error) {
		return mk.m.Settle(o, big.NewInt(1))
	}))
	e.mustMine(e.mustSend(bob, func(o *bind.TransactOpts) (*types.Transaction, error) {
		return e.lo.Cancel(o, loID(b1))
	}))
	loCheckHoldings(t, e, "end")
	ctEqual(t, "escrow empty", e.baseOf(e.addr), big.NewInt(0))
}

// TestLimitOrdersGas measures place, fill, match and cancel (docs/contracts.md can quote the
// log), each on a warm escrow: not the first order of the contract or of the token.
func TestLimitOrdersGas(t *testing.T) {
	e := loNewEnv(t, 3)
	alice, bob, carol := e.users[0], e.users[1], e.users[2]
	sizes := []int{2, 8, 16}
	ops := []string{"place (buy)", "place (sell)", "fillFromPool (buy)", "fillFromPool (sell)",
		"matchOrders (partial)", "matchOrders (closes both)", "cancel", "cancelMany (3)"}
	gas := newCtGas(ops)
	for _, n := range sizes {
		run := gas.runner(t, e.ctEnv, n)
		mk := e.market(n, 200, usdc(1000), 24*time.Hour)
		dl := ctDeadline(e.ctEnv)
		for _, a := range []*ctAccount{alice, carol} {
			run("", a, func(o *bind.TransactOpts) (*types.Transaction, error) {
				return mk.m.Buy(o, big.NewInt(0), usdc(50), big.NewInt(0), dl)
			})
		}
		exp := e.headTime() + 3600
		place := func(op string, a *ctAccount, isBuy bool, milli int64, amount *big.Int) uint64 {
			r := run(op, a, func(o *bind.TransactOpts) (*types.Transaction, error) {
				return e.lo.Place(o, mk.addr, big.NewInt(0), isBuy, loPrice(milli), amount, exp, false)
			})
			return ctFindLog(t, r, e.addr, e.lo.ParseOrderPlaced).OrderId.Uint64()
		}
		place("", bob, true, 900, usdc(1))
		buy := place("place (buy)", bob, true, 900, usdc(20))
		place("", alice, false, 100, usdc(1))
		sell := place("place (sell)", alice, false, 100, usdc(20))
		run("fillFromPool (buy)", e.operator, func(o *bind.TransactOpts) (*types.Transaction, error) {
			return e.lo.FillFromPool(o, loID(buy), usdc(5), big.NewInt(0))
		})
		run("fillFromPool (sell)", e.operator, func(o *bind.TransactOpts) (*types.Transaction, error) {
			return e.lo.FillFromPool(o, loID(sell), usdc(5), big.NewInt(0))
		})
		run("matchOrders (partial)", e.operator, func(o *bind.TransactOpts) (*types.Transaction, error) {
			return e.lo.MatchOrders(o, loID(buy), loID(sell), usdc(5))
		})
		s2 := place("", carol, false, 500, usdc(10))
		b2 := place("", bob, true, 500, usdc(5))
		run("matchOrders (closes both)", e.operator, func(o *bind.TransactOpts) (*types.Transaction, error) {
			return e.lo.MatchOrders(o, loID(b2), loID(s2), usdc(10))
		})
		run("cancel", bob, func(o *bind.TransactOpts) (*types.Transaction, error) {
			return e.lo.Cancel(o, loID(buy))
		})
		ids := []*big.Int{loID(place("", bob, true, 300, usdc(1))), loID(place("", bob, true, 300, usdc(1))), loID(place("", bob, true, 300, usdc(1)))}
		run("cancelMany (3)", bob, func(o *bind.TransactOpts) (*types.Transaction, error) {
			return e.lo.CancelMany(o, ids)
		})
		loCheckHoldings(t, e, "gas run")
	}
	t.Logf("gas used (Osaka rules):%s", ctGasTable(ops, sizes, gas))
	for _, op := range ops {
		if g := gas[op][16]; strings.HasPrefix(op, "fillFromPool") && g > 1_000_000 || !strings.HasPrefix(op, "fillFromPool") && g > 300_000 {
			t.Errorf("%s uses %d gas", op, g)
		}
	}
}

// loWithin is orders.WithinLimit on the chain's values.
func loWithin(isBuy bool, limit, in, out *big.Int) bool {
	one := big.NewInt(1e18)
	if isBuy {
		return new(big.Int).Mul(in, one).Cmp(new(big.Int).Mul(limit, out)) <= 0
	}
	return new(big.Int).Mul(out, one).Cmp(new(big.Int).Mul(limit, in)) >= 0
}
