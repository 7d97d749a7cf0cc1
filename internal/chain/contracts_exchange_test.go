package chain_test

import (
	"crypto/ecdsa"
	"fmt"
	"math/big"
	"math/rand/v2"
	"os"
	"strconv"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/accounts/abi/bind"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/crypto"

	"github.com/predict-dev/predict/internal/chain/bindings"
	"github.com/predict-dev/predict/internal/exchange"
	"github.com/predict-dev/predict/internal/market/fpmm"
)

// exEnv is the contract test chain with an Exchange of the factory's markets, the operator
// settling, and makers who approved it for their USDC and their option tokens.
type exEnv struct {
	*ctEnv
	addr   common.Address
	ex     *bindings.Exchange
	domain exchange.Domain
	salt   int64
}

func newExEnv(t *testing.T, users int) *exEnv {
	env := ctNewEnv(t, users)
	addr, tx, ex, err := bindings.DeployExchange(env.opts(env.operator, 5_000_000), env.client, env.suite.MarketFactory,
		env.operator.addr, env.operator.addr)
	if err != nil {
		t.Fatal(err)
	}
	env.operator.nonce++
	env.mustMine(tx)
	e := &exEnv{ctEnv: env, addr: addr, ex: ex, domain: exchange.Domain{ChainID: env.chainID, Exchange: addr}}
	var txs []*types.Transaction
	for _, u := range env.users {
		txs = append(txs, env.mustSend(u, func(o *bind.TransactOpts) (*types.Transaction, error) {
			return env.usdc.Approve(o, addr, abi.MaxUint256)
		}))
	}
	env.mustMine(txs...)
	return e
}

// market creates a market of n options whose tokens every user approved for the exchange and
// holds `sets` complete sets of.
func (e *exEnv) market(n int, sets *big.Int) *ctMarket {
	mk := e.createMarket(n, 200, usdc(1000), time.Hour)
	e.approveAll(mk)
	var txs []*types.Transaction
	for _, u := range e.users {
		for _, tok := range mk.tokens {
			txs = append(txs, e.mustSend(u, func(o *bind.TransactOpts) (*types.Transaction, error) {
				return tok.Approve(o, e.addr, abi.MaxUint256)
			}))
		}
		if sets.Sign() > 0 {
			txs = append(txs, e.mustSend(u, func(o *bind.TransactOpts) (*types.Transaction, error) {
				return mk.m.MintSets(o, sets)
			}))
		}
	}
	e.mustMine(txs...)
	return mk
}

// order is a signed order of u (maker and signer) on option of mk.
func (e *exEnv) order(u *ctAccount, mk *ctMarket, option int, side uint8, makerAmount, takerAmount *big.Int) *exchange.Order {
	e.salt++
	o := &exchange.Order{Maker: u.addr, Signer: u.addr, Market: mk.addr, Option: big.NewInt(int64(option)), Side: side,
		MakerAmount: makerAmount, TakerAmount: takerAmount, Expiration: new(big.Int), Salt: big.NewInt(e.salt),
		Nonce: new(big.Int), FeeRateBps: big.NewInt(100)}
	e.sign(u.key, o)
	return o
}

func (e *exEnv) sign(key *ecdsa.PrivateKey, o *exchange.Order) {
	if err := exchange.Sign(key, e.domain, o); err != nil {
		e.t.Fatal(err)
	}
}

func binding(o *exchange.Order) bindings.ExchangeOrder {
	return bindings.ExchangeOrder{Maker: o.Maker, Signer: o.Signer, Market: o.Market, Option: o.Option, Side: o.Side,
		MakerAmount: o.MakerAmount, TakerAmount: o.TakerAmount, Expiration: o.Expiration, Salt: o.Salt, Nonce: o.Nonce,
		FeeRateBps: o.FeeRateBps, Signature: o.Signature}
}

// fill is an order's part in a match: it gives `given` and receives `received`, no fee.
func fill(o *exchange.Order, given, received *big.Int) bindings.ExchangeFill {
	return bindings.ExchangeFill{Order: binding(o), Given: given, Received: received, Fee: new(big.Int)}
}

func match(mk *ctMarket, minted, merged *big.Int, fills ...bindings.ExchangeFill) bindings.ExchangeMatch {
	return bindings.ExchangeMatch{Market: mk.addr, Fills: fills, Minted: minted, Merged: merged}
}

// settle has the operator settle matches and pool fills in one transaction and returns the
// receipt and the reason of each failure, by index (pool fills after the matches).
func (e *exEnv) settle(matches []bindings.ExchangeMatch, pool []bindings.ExchangePoolFill) (*types.Receipt, map[int]string) {
	e.t.Helper()
	r := e.mustMine(e.mustSend(e.operator, func(o *bind.TransactOpts) (*types.Transaction, error) {
		if pool == nil {
			pool = []bindings.ExchangePoolFill{}
		}
		return e.ex.Settle(o, matches, pool)
	}))[0]
	if r.Status != types.ReceiptStatusSuccessful {
		e.t.Fatalf("settle reverted (gas used %d)", r.GasUsed)
	}
	failed := map[int]string{}
	for _, l := range r.Logs {
		ev, err := e.ex.ParseSettlementFailed(*l)
		if err != nil {
			continue
		}
		i := int(ev.Index.Int64())
		if ev.Pool {
			i += len(matches)
		}
		rev, err := bindings.DecodeRevert(ev.Reason)
		if err != nil {
			failed[i] = fmt.Sprintf("undecoded %x", ev.Reason)
			continue
		}
		failed[i] = rev.Name
	}
	return r, failed
}

// one settles one match and returns its failure ("" when it went through).
func (e *exEnv) one(m bindings.ExchangeMatch) string {
	e.t.Helper()
	_, failed := e.settle([]bindings.ExchangeMatch{m}, nil)
	return failed[0]
}

func (e *exEnv) balance(token common.Address, who common.Address) *big.Int {
	e.t.Helper()
	tok, err := bindings.NewBaseToken(token, e.client)
	if err != nil {
		e.t.Fatal(err)
	}
	b, err := tok.BalanceOf(&bind.CallOpts{Context: e.ctx}, who)
	if err != nil {
		e.t.Fatal(err)
	}
	return b
}

// balances reads the USDC and every option balance of each account.
func (e *exEnv) balances(mk *ctMarket, accounts ...common.Address) map[common.Address][]*big.Int {
	out := map[common.Address][]*big.Int{}
	for _, a := range accounts {
		row := []*big.Int{e.balance(e.usdcAddr, a)}
		for _, o := range mk.options {
			row = append(row, e.balance(o, a))
		}
		out[a] = row
	}
	return out
}

// moved checks what each account gained (negative: lost) since before, USDC first, then each
// option.
func (e *exEnv) moved(mk *ctMarket, before map[common.Address][]*big.Int, want map[common.Address][]int64) {
	e.t.Helper()
	for a, deltas := range want {
		for i, d := range deltas {
			var got *big.Int
			if i == 0 {
				got = e.balance(e.usdcAddr, a)
			} else {
				got = e.balance(mk.options[i-1], a)
			}
			if diff := new(big.Int).Sub(got, before[a][i]); diff.Cmp(big.NewInt(d)) != 0 {
				e.t.Errorf("%s asset %d moved %s, want %d", a, i, diff, d)
			}
		}
	}
}

// TestExchangeMatches: signed orders settle by the operator in the three ways of a binary or
// N-option book, each order within its limit and the exchange left holding nothing:
// COMPLEMENTARY (a buy and a sell of one option), MINT (buys of every option whose prices sum
// to at least 1, filled from complete sets minted from their base) and MERGE (sells of every
// option summing to at most 1, paid by merging complete sets).
func TestExchangeMatches(t *testing.T) {
	e := newExEnv(t, 3)
	alice, bob, carol := e.users[0], e.users[1], e.users[2]
	n := big.NewInt
	zero := new(big.Int)

	t.Run("Complementary", func(t *testing.T) {
		e.t = t
		mk := e.market(2, usdc(1))
		// alice bids 0.60 for 100 Yes; bob asks 0.55: alice, the taker, pays bob's price.
		bid := e.order(alice, mk, 0, exchange.Buy, n(60), n(100))
		ask := e.order(bob, mk, 0, exchange.Sell, n(100), n(55))
		before := e.balances(mk, alice.addr, bob.addr, e.addr)
		r, failed := e.settle([]bindings.ExchangeMatch{match(mk, zero, zero, fill(bid, n(55), n(100)), fill(ask, n(100), n(55)))}, nil)
		if len(failed) != 0 {
			t.Fatalf("failed: %v", failed)
		}
		e.moved(mk, before, map[common.Address][]int64{alice.addr: {-55, 100, 0}, bob.addr: {55, -100, 0}, e.addr: {0, 0, 0}})
		filled := ctFindLog(t, r, e.addr, e.ex.ParseOrderFilled)
		if filled.Given.Cmp(n(55)) != 0 || filled.Received.Cmp(n(100)) != 0 || filled.Maker != alice.addr {
			t.Fatalf("first OrderFilled: %+v", filled)
		}
		h, err := exchange.Hash(e.domain, bid)
		if err != nil {
			t.Fatal(err)
		}
		onChain, err := e.ex.HashOrder(&bind.CallOpts{Context: e.ctx}, binding(bid))
		if err != nil || onChain != h {
			t.Fatalf("the contract hashes the order %x, Go %x (%v)", onChain, h, err)
		}
		st, err := e.ex.OrderState(&bind.CallOpts{Context: e.ctx}, h)
		if err != nil || st.Filled.Cmp(n(55)) != 0 || st.Cancelled {
			t.Fatalf("order state %+v, %v", st, err)
		}
	})

	t.Run("Mint", func(t *testing.T) {
		e.t = t
		mk := e.market(3, zero)
		// Bids of 0.50, 0.30 and 0.25 sum to 1.05: 100 sets cost 100, and the taker (alice) pays
		// 5 less than her limit.
		a := e.order(alice, mk, 0, exchange.Buy, n(50), n(100))
		b := e.order(bob, mk, 1, exchange.Buy, n(30), n(100))
		c := e.order(carol, mk, 2, exchange.Buy, n(25), n(100))
		before := e.balances(mk, alice.addr, bob.addr, carol.addr, e.addr)
		if why := e.one(match(mk, n(100), zero, fill(a, n(45), n(100)), fill(b, n(30), n(100)), fill(c, n(25), n(100)))); why != "" {
			t.Fatalf("mint match failed: %s", why)
		}
		e.moved(mk, before, map[common.Address][]int64{alice.addr: {-45, 100, 0, 0}, bob.addr: {-30, 0, 100, 0},
			carol.addr: {-25, 0, 0, 100}, e.addr: {0, 0, 0, 0}})
		// Bids summing under 1 cannot pay for the sets: taking more than a bid allows is
		// overfilling it, and within the bids the base falls short of the sets.
		a2 := e.order(alice, mk, 0, exchange.Buy, n(40), n(100))
		b2 := e.order(bob, mk, 1, exchange.Buy, n(30), n(100))
		c2 := e.order(carol, mk, 2, exchange.Buy, n(25), n(100))
		for _, tc := range []struct {
			aliceGives int64
			want       string
		}{{45, "Overfilled"}, {40, "ERC20InsufficientBalance"}} {
			m := match(mk, n(100), zero, fill(a2, n(tc.aliceGives), n(100)), fill(b2, n(30), n(100)), fill(c2, n(25), n(100)))
			if why := e.one(m); why != tc.want {
				t.Fatalf("bids summing to 0.95 made to mint, alice giving %d: %q, want %s", tc.aliceGives, why, tc.want)
			}
		}
	})

	t.Run("Merge", func(t *testing.T) {
		e.t = t
		mk := e.market(3, n(100))
		// Asks of 0.40, 0.30 and 0.20 sum to 0.90: merging 100 sets pays 100, and the taker
		// (alice) gets 10 more than her limit.
		a := e.order(alice, mk, 0, exchange.Sell, n(100), n(40))
		b := e.order(bob, mk, 1, exchange.Sell, n(100), n(30))
		c := e.order(carol, mk, 2, exchange.Sell, n(100), n(20))
		before := e.balances(mk, alice.addr, bob.addr, carol.addr, e.addr)
		if why := e.one(match(mk, zero, n(100), fill(a, n(100), n(50)), fill(b, n(100), n(30)), fill(c, n(100), n(20)))); why != "" {
			t.Fatalf("merge match failed: %s", why)
		}
		e.moved(mk, before, map[common.Address][]int64{alice.addr: {50, -100, 0, 0}, bob.addr: {30, 0, -100, 0},
			carol.addr: {20, 0, 0, -100}, e.addr: {0, 0, 0, 0}})
	})
}

// TestExchangeRefusals: what the contract refuses, whoever asks: a settlement by anyone but an
// operator, another account's signature, a cancelled, expired, out-of-nonce or overfilled
// order, a fill worse than its limit, a fee above the order's rate, and a match that would
// leave tokens behind. A refused match changes nothing, and the others of its settlement go
// through.
func TestExchangeRefusals(t *testing.T) {
	e := newExEnv(t, 3)
	alice, bob, mallory := e.users[0], e.users[1], e.users[2]
	n := big.NewInt
	zero := new(big.Int)
	mk := e.market(2, usdc(1))
	pair := func() (*exchange.Order, *exchange.Order) {
		return e.order(alice, mk, 0, exchange.Buy, n(60), n(100)), e.order(bob, mk, 0, exchange.Sell, n(100), n(60))
	}
	cross := func(bid, ask *exchange.Order) bindings.ExchangeMatch {
		return match(mk, zero, zero, fill(bid, n(60), n(100)), fill(ask, n(100), n(60)))
	}

	t.Run("NotOperator", func(t *testing.T) {
		e.t = t
		bid, ask := pair()
		e.expectRevert(mallory, "NotOperator", func(o *bind.TransactOpts) (*types.Transaction, error) {
			return e.ex.Settle(o, []bindings.ExchangeMatch{cross(bid, ask)}, []bindings.ExchangePoolFill{})
		})
	})
	cases := []struct {
		name  string
		setup func(bid, ask *exchange.Order) bindings.ExchangeMatch
		want  string
	}{
		{"AnotherAccountsSignature", func(bid, ask *exchange.Order) bindings.ExchangeMatch {
			e.sign(mallory.key, bid) // mallory signs an order that spends alice's funds
			return cross(bid, ask)
		}, "InvalidSignature"},
		{"SignerNotTheMakersOwner", func(bid, ask *exchange.Order) bindings.ExchangeMatch {
			bid.Signer = mallory.addr // an EOA maker has no owner
			e.sign(mallory.key, bid)
			return cross(bid, ask)
		}, "InvalidSignature"},
		{"Expired", func(bid, ask *exchange.Order) bindings.ExchangeMatch {
			bid.Expiration = new(big.Int).SetUint64(e.headTime())
			e.sign(alice.key, bid)
			return cross(bid, ask)
		}, "OrderExpired"},
		{"WorseThanLimit", func(bid, ask *exchange.Order) bindings.ExchangeMatch {
			// alice would pay 60 for 99: above her 0.60.
			return match(mk, zero, zero, fill(bid, n(60), n(99)), fill(ask, n(99), n(60)))
		}, "WorseThanLimit"},
		{"Overfilled", func(bid, ask *exchange.Order) bindings.ExchangeMatch {
			return match(mk, zero, zero, fill(bid, n(61), n(102)), fill(ask, n(102), n(61)))
		}, "Overfilled"},
		{"FeeAboveTheOrdersRate", func(bid, ask *exchange.Order) bindings.ExchangeMatch {
			m := cross(bid, ask)
			m.Fills[0].Fee = n(2) // 2 of 100 received is 2 %, the order allows 1 %
			return m
		}, "FeeTooHigh"},
		{"TokensLeftBehind", func(bid, _ *exchange.Order) bindings.ExchangeMatch {
			// bob asks 0.55 and gets 0.56; alice's 0.60 pays 4 that no one receives.
			ask := e.order(bob, mk, 0, exchange.Sell, n(100), n(55))
			return match(mk, zero, zero, fill(bid, n(60), n(100)), fill(ask, n(100), n(56)))
		}, "Unbalanced"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			e.t = t
			bid, ask := pair()
			before := e.balances(mk, alice.addr, bob.addr, e.addr)
			if why := e.one(tc.setup(bid, ask)); why != tc.want {
				t.Fatalf("refused with %q, want %s", why, tc.want)
			}
			e.moved(mk, before, map[common.Address][]int64{alice.addr: {0, 0, 0}, bob.addr: {0, 0, 0}, e.addr: {0, 0, 0}})
		})
	}

	t.Run("CancelledByItsMaker", func(t *testing.T) {
		e.t = t
		bid, ask := pair()
		e.expectRevert(bob, "NotMaker", func(o *bind.TransactOpts) (*types.Transaction, error) {
			return e.ex.Cancel(o, []bindings.ExchangeOrder{binding(bid)})
		})
		e.mustMine(e.mustSend(alice, func(o *bind.TransactOpts) (*types.Transaction, error) {
			return e.ex.Cancel(o, []bindings.ExchangeOrder{binding(bid)})
		}))
		if why := e.one(cross(bid, ask)); why != "OrderCancelled" {
			t.Fatalf("a cancelled order: %q, want OrderCancelled", why)
		}
	})
	t.Run("NonceRaised", func(t *testing.T) {
		e.t = t
		bid, ask := pair()
		e.mustMine(e.mustSend(bob, func(o *bind.TransactOpts) (*types.Transaction, error) { return e.ex.IncrementNonce(o) }))
		if why := e.one(cross(bid, ask)); why != "InvalidNonce" {
			t.Fatalf("an order of a raised nonce: %q, want InvalidNonce", why)
		}
	})
	t.Run("OneFailureSinksNothingElse", func(t *testing.T) {
		e.t = t
		good, goodAsk := e.order(alice, mk, 0, exchange.Buy, n(60), n(100)), e.order(mallory, mk, 0, exchange.Sell, n(100), n(60))
		bad, badAsk := e.order(alice, mk, 0, exchange.Buy, n(60), n(100)), e.order(mallory, mk, 0, exchange.Sell, n(100), n(60))
		e.sign(bob.key, bad)
		before := e.balances(mk, alice.addr, mallory.addr)
		_, failed := e.settle([]bindings.ExchangeMatch{cross(bad, badAsk), cross(good, goodAsk)}, nil)
		if len(failed) != 1 || failed[0] != "InvalidSignature" {
			t.Fatalf("failed %v, want only the first, InvalidSignature", failed)
		}
		e.moved(mk, before, map[common.Address][]int64{alice.addr: {-60, 100, 0}, mallory.addr: {60, -100, 0}})
	})
}

// TestExchangePool: an order fills against the market's pool, within its limit, only through
// the operator's settlement.
func TestExchangePool(t *testing.T) {
	e := newExEnv(t, 1)
	alice := e.users[0]
	n := big.NewInt
	mk := e.market(2, new(big.Int))
	// The pool is at 0.50: a bid of 0.60 buys, one of 0.30 may not.
	bid := e.order(alice, mk, 0, exchange.Buy, usdc(10), usdc(10*10/6))
	low := e.order(alice, mk, 0, exchange.Buy, usdc(10), n(33_333_334))
	before := e.balances(mk, alice.addr, e.addr)
	_, failed := e.settle(nil, []bindings.ExchangePoolFill{
		{Order: binding(bid), Given: usdc(10), MinReceived: n(1)},
		{Order: binding(low), Given: usdc(10), MinReceived: n(1)},
	})
	if len(failed) != 1 || failed[1] != "WorseThanLimit" {
		t.Fatalf("failed %v, want the low bid's WorseThanLimit", failed)
	}
	got := new(big.Int).Sub(e.balance(mk.options[0], alice.addr), before[alice.addr][1])
	if got.Cmp(usdc(10*10/6)) < 0 {
		t.Fatalf("alice got %s Yes for 10 USDC, below her limit", got)
	}
	e.moved(mk, before, map[common.Address][]int64{alice.addr: {-10_000_000}, e.addr: {0, 0, 0}})
}

// TestExchangeSmartAccount: an order of a smart account signed by the account's owner key
// settles; the same order signed by another key does not.
func TestExchangeSmartAccount(t *testing.T) {
	e := newExEnv(t, 2)
	owner, bob := e.users[0], e.users[1]
	n := big.NewInt
	zero := new(big.Int)
	mk := e.market(2, usdc(1))
	factory, err := bindings.NewSimpleAccountFactory(e.suite.AccountFactory, e.client)
	if err != nil {
		t.Fatal(err)
	}
	account, err := factory.GetAddress(&bind.CallOpts{Context: e.ctx}, owner.addr, n(7))
	if err != nil {
		t.Fatal(err)
	}
	e.mustMine(e.mustSend(owner, func(o *bind.TransactOpts) (*types.Transaction, error) {
		return factory.CreateAccount(o, owner.addr, n(7))
	}), e.mustSend(e.operator, func(o *bind.TransactOpts) (*types.Transaction, error) {
		return e.usdc.Mint(o, account, usdc(100))
	}))
	sa, err := bindings.NewSimpleAccount(account, e.client)
	if err != nil {
		t.Fatal(err)
	}
	approve, err := bindings.BaseTokenMetaData.GetAbi()
	if err != nil {
		t.Fatal(err)
	}
	data, err := approve.Pack("approve", e.addr, abi.MaxUint256)
	if err != nil {
		t.Fatal(err)
	}
	e.mustMine(e.mustSend(owner, func(o *bind.TransactOpts) (*types.Transaction, error) {
		return sa.Execute(o, e.usdcAddr, zero, data)
	}))

	order := func(key *ecdsa.PrivateKey) *exchange.Order {
		e.salt++
		o := &exchange.Order{Maker: account, Signer: crypto.PubkeyToAddress(key.PublicKey), Market: mk.addr, Option: zero,
			Side: exchange.Buy, MakerAmount: n(60), TakerAmount: n(100), Expiration: zero, Salt: n(e.salt), Nonce: zero, FeeRateBps: zero}
		e.sign(key, o)
		return o
	}
	ask := func() *exchange.Order { return e.order(bob, mk, 0, exchange.Sell, n(100), n(60)) }
	stranger, _ := crypto.GenerateKey()
	if why := e.one(match(mk, zero, zero, fill(order(stranger), n(60), n(100)), fill(ask(), n(100), n(60)))); why != "InvalidSignature" {
		t.Fatalf("a stranger's key for the account: %q, want InvalidSignature", why)
	}
	before := e.balances(mk, account)
	if why := e.one(match(mk, zero, zero, fill(order(owner.key), n(60), n(100)), fill(ask(), n(100), n(60)))); why != "" {
		t.Fatalf("the owner's order for the account: %s", why)
	}
	e.moved(mk, before, map[common.Address][]int64{account: {-60, 100, 0}})
}

// TestExchangeManyFills: one settlement carries 60 matches (120 fills) within a block's gas,
// and reports the gas each match costs.
func TestExchangeManyFills(t *testing.T) {
	e := newExEnv(t, 2)
	alice, bob := e.users[0], e.users[1]
	n := big.NewInt
	zero := new(big.Int)
	mk := e.market(2, usdc(1))
	const count = 60
	var matches []bindings.ExchangeMatch
	for range count {
		bid := e.order(alice, mk, 0, exchange.Buy, n(60), n(100))
		ask := e.order(bob, mk, 0, exchange.Sell, n(100), n(60))
		matches = append(matches, match(mk, zero, zero, fill(bid, n(60), n(100)), fill(ask, n(100), n(60))))
	}
	before := e.balances(mk, alice.addr, bob.addr)
	r := e.mustMine(e.mustSend(e.operator, func(o *bind.TransactOpts) (*types.Transaction, error) {
		// Within the per-transaction gas cap (EIP-7825), at a fee cap the client's 1 ether fee cap allows.
		o.GasLimit, o.GasFeeCap = 16_000_000, big.NewInt(30_000_000_000)
		return e.ex.Settle(o, matches, []bindings.ExchangePoolFill{})
	}))[0]
	filled := 0
	for _, l := range r.Logs {
		if _, err := e.ex.ParseOrderFilled(*l); err == nil {
			filled++
		}
	}
	if filled != 2*count {
		t.Fatalf("%d fills in the settlement, want %d", filled, 2*count)
	}
	e.moved(mk, before, map[common.Address][]int64{alice.addr: {-60 * count, 100 * count, 0}, bob.addr: {60 * count, -100 * count, 0}})
	t.Logf("gas: %d matches (%d fills) in one settlement used %d gas, %d a match", count, 2*count, r.GasUsed, r.GasUsed/count)
}

// TestExchangeBookProperty: random books of signed orders over 2 to 4 options, with the market's
// pool, and a random taker: the book's plan (internal/exchange) settles on chain with no match
// or pool fill failing, so every fill is within its limit and every match conserves (the
// contract checks both); the chain's filled amounts equal the book's for every order; the
// exchange holds nothing after; the pool ends where the book's mirror of it does.
// PREDICT_PROPERTY_ROUNDS sets the number of books (default 40).
func TestExchangeBookProperty(t *testing.T) {
	rounds := 40
	if v, err := strconv.Atoi(os.Getenv("PREDICT_PROPERTY_ROUNDS")); err == nil && v > 0 {
		rounds = v
	}
	e := newExEnv(t, 4)
	makers, takerAcct := e.users[:3], e.users[3]
	rng := rand.New(rand.NewPCG(3, 5))
	call := &bind.CallOpts{Context: e.ctx}
	seen := map[string]int{}
	for round := range rounds {
		n := 2 + rng.IntN(3)
		mk := e.market(n, usdc(10_000))
		balances := ctView(t, call, mk.m.PoolBalances)
		book := exchange.NewBook(mk.addr, n, fpmm.TradingPool(balances, mk.feeBps))
		order := func(u *ctAccount) *exchange.Resting {
			side := uint8(rng.IntN(2))
			price, size := int64(1+rng.IntN(99)), int64(1+rng.IntN(5_000))
			base, tokens := big.NewInt(price*size*100), big.NewInt(size*10_000)
			o := e.order(u, mk, rng.IntN(n), side, base, tokens)
			if side == exchange.Sell {
				o.MakerAmount, o.TakerAmount = tokens, base
				e.sign(u.key, o)
			}
			h, err := exchange.Hash(e.domain, o)
			if err != nil {
				t.Fatal(err)
			}
			return &exchange.Resting{Order: o, Hash: h}
		}
		var all []*exchange.Resting
		for range 4 + rng.IntN(20) {
			r := order(makers[rng.IntN(len(makers))])
			if err := book.Add(r); err != nil {
				t.Fatal(err)
			}
			all = append(all, r)
		}
		tk := order(takerAcct)
		all = append(all, tk)
		plan, err := book.Take(tk, 40)
		if err != nil {
			t.Fatal(err)
		}
		var matches []bindings.ExchangeMatch
		for _, m := range plan.Matches {
			bm := bindings.ExchangeMatch{Market: m.Market, Minted: m.Minted, Merged: m.Merged}
			for _, f := range m.Fills {
				bm.Fills = append(bm.Fills, bindings.ExchangeFill{Order: binding(f.Order.Order), Given: f.Given, Received: f.Received, Fee: f.Fee})
			}
			matches = append(matches, bm)
			switch {
			case m.Minted.Sign() > 0:
				seen["mint"]++
			case m.Merged.Sign() > 0:
				seen["merge"]++
			default:
				seen["direct"]++
			}
		}
		var pool []bindings.ExchangePoolFill
		for _, f := range plan.Pool {
			pool = append(pool, bindings.ExchangePoolFill{Order: binding(f.Order.Order), Given: f.Given, MinReceived: f.MinReceived})
		}
		seen["pool"] += len(pool)
		if len(matches)+len(pool) == 0 {
			continue
		}
		_, failed := e.settle(matches, pool)
		if len(failed) != 0 {
			t.Fatalf("round %d: settlement items failed: %v (plan of %d matches, %d pool fills)", round, failed, len(matches), len(pool))
		}
		for _, r := range all {
			st, err := e.ex.OrderState(call, r.Hash)
			if err != nil {
				t.Fatal(err)
			}
			if st.Filled.Cmp(r.Filled) != 0 {
				t.Fatalf("round %d: order %s filled %s on chain, %s in the book", round, r, st.Filled, r.Filled)
			}
		}
		ctEqualSlices(t, fmt.Sprintf("round %d: pool", round), ctView(t, call, mk.m.PoolBalances), book.Pool.Balances)
		for _, tok := range append([]common.Address{e.usdcAddr}, mk.options...) {
			if b := e.balance(tok, e.addr); b.Sign() != 0 {
				t.Fatalf("round %d: the exchange holds %s of %s", round, b, tok)
			}
		}
	}
	for _, k := range []string{"direct", "mint", "merge", "pool"} {
		if seen[k] == 0 {
			t.Errorf("no %s fill settled in %d books", k, rounds)
		}
	}
	t.Logf("property: settled over %d books: %v", rounds, seen)
}
