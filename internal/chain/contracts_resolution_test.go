package chain_test

import (
	"math/big"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/accounts/abi/bind"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/crypto"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/internal/chain"
	"github.com/predict-dev/predict/internal/market/fpmm"
)

// ctVoid is Market.VOID (type(uint256).max).
var ctVoid = new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 256), big.NewInt(1))

// ctOutcome is the on-chain outcome of a mirror outcome (fpmm.Void is Market.VOID).
func ctOutcome(o int) *big.Int {
	if o == fpmm.Void {
		return ctVoid
	}
	return big.NewInt(int64(o))
}

// createMarketWithResolution is createMarket through createMarketWithResolution.
func (env *ctEnv) createMarketWithResolution(n int, feeBps uint64, liquidity *big.Int, duration time.Duration, window uint64, bond *big.Int) *ctMarket {
	env.t.Helper()
	names, salt, end := env.newMarketParams(n, duration)
	tx := env.mustSend(env.operator, func(o *bind.TransactOpts) (*types.Transaction, error) {
		o.GasLimit = 8_000_000
		return env.factory.CreateMarketWithResolution(o, env.usdcAddr, names, new(big.Int).SetUint64(end),
			new(big.Int).SetUint64(feeBps), liquidity, salt, crypto.Keccak256Hash([]byte("metadata")),
			new(big.Int).SetUint64(window), bond)
	})
	r := env.mustMine(tx)[0]
	mk := env.marketFromReceipt(r, feeBps)
	mk.endTime = end
	return mk
}

// expectRevert asserts that f reverts with the custom error `name`.
func (env *ctEnv) expectRevert(a *ctAccount, name string, f func(*bind.TransactOpts) (*types.Transaction, error)) {
	env.t.Helper()
	rev := env.revertOf(a, f)
	if rev.Name != name {
		env.t.Fatalf("reverted with %v, want %s", rev, name)
	}
	// The service reads the resolution's refusals as their API codes
	// (docs/errors.md 110116-110119).
	if want, ok := ctRefusalCodes[name]; ok {
		if got := predict.ErrorCode(chain.RevertRefusal(rev)); got != want {
			env.t.Fatalf("%v read as %q, want %q", rev, got, want)
		}
	}
}

var ctRefusalCodes = map[string]string{
	"ChallengeWindowClosed": predict.EWINDOWCLOSED,
	"ArbitrationExpired":    predict.EWINDOWCLOSED,
	"AlreadyDisputed":       predict.EDISPUTED,
	"ChallengeWindowOpen":   predict.EWINDOWOPEN,
	"NotArbitrator":         predict.ENOTARBITRATOR,
	"NotAsserted":           predict.ECONFLICT,
	"MarketSettled":         predict.ECONFLICT,
}

func (env *ctEnv) baseOf(a common.Address) *big.Int {
	env.t.Helper()
	v, err := env.usdc.BalanceOf(&bind.CallOpts{Context: env.ctx}, a)
	if err != nil {
		env.t.Fatal(err)
	}
	return v
}

func (env *ctEnv) marketState(mk *ctMarket) uint8 {
	env.t.Helper()
	s, err := mk.m.State(&bind.CallOpts{Context: env.ctx})
	if err != nil {
		env.t.Fatal(err)
	}
	return s
}

// ctResolutionEnv is a chain whose factory has an arbitrator (the last user) and a treasury
// of its own (an address nobody else pays), with a 10% dispute fee.
func ctResolutionEnv(t *testing.T) (*ctEnv, *ctAccount, common.Address) {
	env := ctNewEnv(t, 4)
	arbitrator := env.users[3]
	treasury := common.HexToAddress("0x7ea5000000000000000000000000000000007ea5")
	env.mustMine(
		env.mustSend(env.operator, func(o *bind.TransactOpts) (*types.Transaction, error) {
			return env.factory.SetArbitrator(o, arbitrator.addr)
		}),
		env.mustSend(env.operator, func(o *bind.TransactOpts) (*types.Transaction, error) {
			return env.factory.SetTreasury(o, treasury)
		}),
		env.mustSend(env.operator, func(o *bind.TransactOpts) (*types.Transaction, error) {
			return env.factory.SetDisputeFeeBps(o, big.NewInt(1000))
		}),
	)
	return env, arbitrator, treasury
}

// TestResolutionUndisputed: an assertion stops trading, cannot be finalized inside the window
// nor disputed after it, and anyone finalizes it after the window: the asserter gets its bond
// back, the market ends with the Settled event the indexer reads, and winners claim.
func TestResolutionUndisputed(t *testing.T) {
	env, _, _ := ctResolutionEnv(t)
	alice, bob := env.users[0], env.users[1]
	zero := big.NewInt(0)
	bond := usdc(100)
	mk := env.createMarketWithResolution(2, 200, usdc(1000), 24*time.Hour, 7200, bond)
	env.approveAll(mk)
	call := &bind.CallOpts{Context: env.ctx}
	if w, err := mk.m.ChallengeWindow(call); err != nil || w != 7200 {
		t.Fatalf("challenge window %d, %v", w, err)
	}
	dl := new(big.Int).SetUint64(env.headTime() + 24*3600)
	env.mustMine(env.mustSend(alice, func(o *bind.TransactOpts) (*types.Transaction, error) {
		return mk.m.Buy(o, zero, usdc(10), zero, dl)
	}))
	env.expectRevert(env.operator, "ChallengeWindowRequired", func(o *bind.TransactOpts) (*types.Transaction, error) {
		return mk.m.Settle(o, zero)
	})
	env.expectRevert(bob, "NotResolver", func(o *bind.TransactOpts) (*types.Transaction, error) {
		return mk.m.AssertOutcome(o, zero)
	})
	env.expectRevert(env.operator, "InvalidOption", func(o *bind.TransactOpts) (*types.Transaction, error) {
		return mk.m.AssertOutcome(o, big.NewInt(2))
	})
	env.expectRevert(bob, "NotAsserted", func(o *bind.TransactOpts) (*types.Transaction, error) {
		return mk.m.Dispute(o)
	})
	env.expectRevert(bob, "NotAsserted", func(o *bind.TransactOpts) (*types.Transaction, error) {
		return mk.m.Finalize(o)
	})

	opBefore, mkBefore := env.baseOf(env.operator.addr), env.baseOf(mk.addr)
	r := env.mustMine(env.mustSend(env.operator, func(o *bind.TransactOpts) (*types.Transaction, error) {
		return mk.m.AssertOutcome(o, zero)
	}))[0]
	asserted := ctFindLog(t, r, mk.addr, mk.m.ParseAsserted)
	head := env.headTime()
	if asserted.Outcome.Sign() != 0 || asserted.Asserter != env.operator.addr || asserted.Bond.Cmp(bond) != 0 ||
		asserted.ChallengeEnd.Uint64() != head+7200 {
		t.Fatalf("Asserted %+v (head %d)", asserted, head)
	}
	ctEqual(t, "market base after assertion", env.baseOf(mk.addr), new(big.Int).Add(mkBefore, bond))
	ctEqual(t, "asserter base after assertion", env.baseOf(env.operator.addr), new(big.Int).Sub(opBefore, bond))
	if s := env.marketState(mk); s != 1 {
		t.Fatalf("state %d after assertion, want SETTLING", s)
	}
	env.expectRevert(alice, "ResolutionPending", func(o *bind.TransactOpts) (*types.Transaction, error) {
		return mk.m.Buy(o, zero, usdc(1), zero, dl)
	})
	env.expectRevert(alice, "ResolutionPending", func(o *bind.TransactOpts) (*types.Transaction, error) {
		return mk.m.AddLiquidity(o, usdc(1), zero, dl)
	})
	env.expectRevert(env.operator, "AlreadyAsserted", func(o *bind.TransactOpts) (*types.Transaction, error) {
		return mk.m.AssertOutcome(o, big.NewInt(1))
	})
	env.expectRevert(bob, "ChallengeWindowOpen", func(o *bind.TransactOpts) (*types.Transaction, error) {
		return mk.m.Finalize(o)
	})
	// Removing liquidity stays open while the assertion is pending.
	env.mustMine(env.mustSend(env.operator, func(o *bind.TransactOpts) (*types.Transaction, error) {
		return mk.m.RemoveLiquidity(o, usdc(10), zero, dl)
	}))

	env.advance(7200)
	env.expectRevert(bob, "ChallengeWindowClosed", func(o *bind.TransactOpts) (*types.Transaction, error) {
		return mk.m.Dispute(o)
	})
	opBefore = env.baseOf(env.operator.addr)
	r = env.mustMine(env.mustSend(bob, func(o *bind.TransactOpts) (*types.Transaction, error) {
		return mk.m.Finalize(o)
	}))[0]
	fin := ctFindLog(t, r, mk.addr, mk.m.ParseFinalized)
	if fin.Outcome.Sign() != 0 || fin.Asserter != env.operator.addr || fin.BondReturned.Cmp(bond) != 0 {
		t.Fatalf("Finalized %+v", fin)
	}
	settled := ctFindLog(t, r, mk.addr, mk.m.ParseSettled)
	if settled.WinningIndex.Sign() != 0 || settled.Resolver != env.operator.addr {
		t.Fatalf("Settled %+v", settled)
	}
	ctEqual(t, "asserter base after finalize", env.baseOf(env.operator.addr), new(big.Int).Add(opBefore, bond))
	if s := env.marketState(mk); s != 3 {
		t.Fatalf("state %d after finalize, want ENDED", s)
	}
	env.expectRevert(bob, "MarketSettled", func(o *bind.TransactOpts) (*types.Transaction, error) {
		return mk.m.Finalize(o)
	})
	won := ctViewOf(t, call, mk.tokens[0].BalanceOf, alice.addr)
	aliceBefore := env.baseOf(alice.addr)
	env.mustMine(env.mustSend(alice, func(o *bind.TransactOpts) (*types.Transaction, error) {
		return mk.m.Claim(o, won)
	}))
	ctEqual(t, "alice after claim", env.baseOf(alice.addr), new(big.Int).Add(aliceBefore, won))
}

// TestResolutionDisputeOverturned: a dispute freezes the assertion; only the arbitrator
// decides; overturning it pays the disputer both bonds minus the fee, the fee goes to the
// treasury, and the option the arbitrator chose wins.
func TestResolutionDisputeOverturned(t *testing.T) {
	env, arbitrator, treasury := ctResolutionEnv(t)
	alice, bob, carol := env.users[0], env.users[1], env.users[2]
	zero, one := big.NewInt(0), big.NewInt(1)
	bond := usdc(250)
	mk := env.createMarketWithResolution(2, 200, usdc(1000), 24*time.Hour, 7200, bond)
	env.approveAll(mk)
	dl := new(big.Int).SetUint64(env.headTime() + 24*3600)
	env.mustMine(
		env.mustSend(alice, func(o *bind.TransactOpts) (*types.Transaction, error) {
			return mk.m.Buy(o, one, usdc(10), zero, dl)
		}),
		env.mustSend(carol, func(o *bind.TransactOpts) (*types.Transaction, error) {
			return mk.m.Buy(o, zero, usdc(10), zero, dl)
		}),
	)
	env.mustMine(env.mustSend(env.operator, func(o *bind.TransactOpts) (*types.Transaction, error) {
		return mk.m.AssertOutcome(o, zero)
	}))
	env.expectRevert(arbitrator, "NotDisputed", func(o *bind.TransactOpts) (*types.Transaction, error) {
		return mk.m.Arbitrate(o, one)
	})
	bobBefore := env.baseOf(bob.addr)
	r := env.mustMine(env.mustSend(bob, func(o *bind.TransactOpts) (*types.Transaction, error) {
		return mk.m.Dispute(o)
	}))[0]
	if ev := ctFindLog(t, r, mk.addr, mk.m.ParseDisputed); ev.Disputer != bob.addr || ev.Bond.Cmp(bond) != 0 {
		t.Fatalf("Disputed %+v", ev)
	}
	if s := env.marketState(mk); s != 2 {
		t.Fatalf("state %d after dispute, want DISPUTED", s)
	}
	env.expectRevert(carol, "AlreadyDisputed", func(o *bind.TransactOpts) (*types.Transaction, error) {
		return mk.m.Dispute(o)
	})
	env.expectRevert(carol, "AlreadyDisputed", func(o *bind.TransactOpts) (*types.Transaction, error) {
		return mk.m.Finalize(o)
	})
	env.expectRevert(env.operator, "NotArbitrator", func(o *bind.TransactOpts) (*types.Transaction, error) {
		return mk.m.Arbitrate(o, one)
	})
	env.expectRevert(arbitrator, "InvalidOption", func(o *bind.TransactOpts) (*types.Transaction, error) {
		return mk.m.Arbitrate(o, big.NewInt(2))
	})
	// The arbitrator may decide long after the window.
	env.advance(3 * 7200)
	mkBefore := env.baseOf(mk.addr)
	r = env.mustMine(env.mustSend(arbitrator, func(o *bind.TransactOpts) (*types.Transaction, error) {
		return mk.m.Arbitrate(o, one)
	}))[0]
	fee := new(big.Int).Quo(bond, big.NewInt(10)) // 1000 bps of the asserter's bond
	payout := new(big.Int).Sub(new(big.Int).Lsh(bond, 1), fee)
	arb := ctFindLog(t, r, mk.addr, mk.m.ParseArbitrated)
	if arb.Outcome.Cmp(one) != 0 || arb.Arbitrator != arbitrator.addr || arb.BondWinner != bob.addr ||
		arb.Payout.Cmp(payout) != 0 || arb.Fee.Cmp(fee) != 0 || arb.Treasury != treasury {
		t.Fatalf("Arbitrated %+v", arb)
	}
	settled := ctFindLog(t, r, mk.addr, mk.m.ParseSettled)
	if settled.WinningIndex.Cmp(one) != 0 || settled.Resolver != arbitrator.addr {
		t.Fatalf("Settled %+v", settled)
	}
	// Bob paid one bond and got two minus the fee.
	ctEqual(t, "disputer base", env.baseOf(bob.addr), new(big.Int).Add(bobBefore, new(big.Int).Sub(bond, fee)))
	ctEqual(t, "treasury base", env.baseOf(treasury), fee)
	ctEqual(t, "market base", env.baseOf(mk.addr), new(big.Int).Sub(mkBefore, new(big.Int).Lsh(bond, 1)))
	call := &bind.CallOpts{Context: env.ctx}
	if w, err := mk.m.WinningIndex(call); err != nil || w.Cmp(one) != 0 {
		t.Fatalf("winningIndex %v, %v", w, err)
	}
	won := ctViewOf(t, call, mk.tokens[1].BalanceOf, alice.addr)
	env.mustMine(env.mustSend(alice, func(o *bind.TransactOpts) (*types.Transaction, error) {
		return mk.m.Claim(o, won)
	}))
	env.expectRevert(carol, "ERC20InsufficientBalance", func(o *bind.TransactOpts) (*types.Transaction, error) {
		return mk.m.Claim(o, one)
	})
	env.expectRevert(arbitrator, "NotDisputed", func(o *bind.TransactOpts) (*types.Transaction, error) {
		return mk.m.Arbitrate(o, zero)
	})
}

// TestResolutionVoid: a market voided by an upheld VOID assertion pays 1/N base per option
// token (rounded down once per claim) and redeems LP shares as the mirror computes, to the unit.
func TestResolutionVoid(t *testing.T) {
	env, arbitrator, treasury := ctResolutionEnv(t)
	alice, bob := env.users[0], env.users[1]
	zero := big.NewInt(0)
	bond := big.NewInt(1_234_567)
	liquidity := usdc(1000)
	mk := env.createMarketWithResolution(3, 200, liquidity, 24*time.Hour, 3600, bond)
	env.approveAll(mk)
	pool, err := fpmm.NewPool(3, 200, ctKey(env.operator.addr), liquidity)
	if err != nil {
		t.Fatal(err)
	}
	if err := pool.SetResolution(3600, bond, 1000); err != nil {
		t.Fatal(err)
	}
	dl := new(big.Int).SetUint64(env.headTime() + 24*3600)
	buy := func(a *ctAccount, opt int, amount *big.Int) {
		t.Helper()
		q, err := pool.Buy(opt, amount)
		if err != nil {
			t.Fatal(err)
		}
		r := env.mustMine(env.mustSend(a, func(o *bind.TransactOpts) (*types.Transaction, error) {
			return mk.m.Buy(o, big.NewInt(int64(opt)), amount, zero, dl)
		}))[0]
		ctEqual(t, "tokens out", ctFindLog(t, r, mk.addr, mk.m.ParseBought).TokensOut, q.TokensOut)
	}
	buy(alice, 0, usdc(37))
	buy(alice, 2, big.NewInt(5_000_001))
	buy(bob, 1, usdc(3))

	env.mustMine(env.mustSend(env.operator, func(o *bind.TransactOpts) (*types.Transaction, error) {
		return mk.m.AssertOutcome(o, ctVoid)
	}))
	now := env.headTime()
	if _, err := pool.Assert(ctKey(env.operator.addr), fpmm.Void, now); err != nil {
		t.Fatal(err)
	}
	env.mustMine(env.mustSend(bob, func(o *bind.TransactOpts) (*types.Transaction, error) {
		return mk.m.Dispute(o)
	}))
	if _, err := pool.Dispute(ctKey(bob.addr), env.headTime()); err != nil {
		t.Fatal(err)
	}
	want, err := pool.Arbitrate(fpmm.Void, env.headTime())
	if err != nil {
		t.Fatal(err)
	}
	r := env.mustMine(env.mustSend(arbitrator, func(o *bind.TransactOpts) (*types.Transaction, error) {
		return mk.m.Arbitrate(o, ctVoid)
	}))[0]
	arb := ctFindLog(t, r, mk.addr, mk.m.ParseArbitrated)
	if arb.BondWinner != env.operator.addr || arb.Outcome.Cmp(ctVoid) != 0 {
		t.Fatalf("Arbitrated %+v", arb)
	}
	ctEqual(t, "payout", arb.Payout, want.Payout)
	ctEqual(t, "fee", arb.Fee, want.Fee)
	ctEqual(t, "treasury", env.baseOf(treasury), want.Fee)
	if ev := ctFindLog(t, r, mk.addr, mk.m.ParseVoided); ev.Resolver != arbitrator.addr {
		t.Fatalf("Voided %+v", ev)
	}
	call := &bind.CallOpts{Context: env.ctx}
	if v, err := mk.m.Voided(call); err != nil || !v {
		t.Fatalf("voided %v, %v", v, err)
	}
	if w, err := mk.m.WinningIndex(call); err != nil || w.Cmp(ctVoid) != 0 {
		t.Fatalf("winningIndex %v, %v", w, err)
	}
	env.expectRevert(alice, "MarketVoided", func(o *bind.TransactOpts) (*types.Transaction, error) {
		return mk.m.Claim(o, big.NewInt(1))
	})
	env.expectRevert(alice, "InvalidAmounts", func(o *bind.TransactOpts) (*types.Transaction, error) {
		return mk.m.ClaimVoid(o, []*big.Int{big.NewInt(1)})
	})

	holdings := func(a *ctAccount) []*big.Int {
		out := make([]*big.Int, 3)
		for k, tok := range mk.tokens {
			v := ctViewOf(t, call, tok.BalanceOf, a.addr)
			out[k] = v
		}
		return out
	}
	claimVoid := func(a *ctAccount, amounts []*big.Int) {
		t.Helper()
		want, err := pool.ClaimVoid(amounts)
		if err != nil {
			t.Fatal(err)
		}
		before := env.baseOf(a.addr)
		r := env.mustMine(env.mustSend(a, func(o *bind.TransactOpts) (*types.Transaction, error) {
			return mk.m.ClaimVoid(o, amounts)
		}))[0]
		ctEqual(t, "claimVoid baseOut", ctFindLog(t, r, mk.addr, mk.m.ParseVoidClaimed).BaseOut, want)
		ctEqual(t, "claimVoid paid", env.baseOf(a.addr), new(big.Int).Add(before, want))
	}
	// One lone token of a 3-option market is worth 1/3: it pays 0 (dust to the pool).
	claimVoid(alice, []*big.Int{big.NewInt(1), zero, zero})
	env.expectRevert(alice, "ZeroAmount", func(o *bind.TransactOpts) (*types.Transaction, error) {
		return mk.m.ClaimVoid(o, []*big.Int{zero, zero, zero})
	})
	env.expectRevert(bob, "ERC20InsufficientBalance", func(o *bind.TransactOpts) (*types.Transaction, error) {
		return mk.m.ClaimVoid(o, []*big.Int{zero, zero, big.NewInt(1)})
	})
	claimVoid(alice, holdings(alice))
	claimVoid(bob, holdings(bob))

	// LP redemption: a third, then the rest (the creator is the only LP).
	redeem := func(lp *big.Int) {
		t.Helper()
		q, err := pool.RedeemLiquidity(ctKey(env.operator.addr), lp)
		if err != nil {
			t.Fatal(err)
		}
		r := env.mustMine(env.mustSend(env.operator, func(o *bind.TransactOpts) (*types.Transaction, error) {
			return mk.m.RedeemLiquidity(o, lp)
		}))[0]
		ev := ctFindLog(t, r, mk.addr, mk.m.ParseLiquidityRedeemed)
		ctEqual(t, "redeem baseOut", ev.BaseOut, q.BaseOut)
		ctEqualSlices(t, "redeem balances", ev.Balances, q.Balances)
		ctCheckFeesEvent(t, r, mk, "redeem", q.FeesPaid)
	}
	redeem(new(big.Int).Quo(liquidity, big.NewInt(3)))
	redeem(pool.LPBalance(ctKey(env.operator.addr)))
	// Everything is paid out; what is left is the rounding dust (below one unit per claim and
	// redemption, so at most 6 here).
	left := env.baseOf(mk.addr)
	if left.Cmp(big.NewInt(6)) > 0 {
		t.Fatalf("market keeps %v after every claim and redemption", left)
	}
	t.Logf("VOID dust left in the market: %v", left)
}

// TestResolutionWindowZero: with the factory defaults (window 0) createMarket and settle work
// as they always did, assertOutcome ends such a market at once (VOID included, no bond), and
// the factory's default window reaches markets created after it is set.
func TestResolutionWindowZero(t *testing.T) {
	env, _, _ := ctResolutionEnv(t)
	zero := big.NewInt(0)
	call := &bind.CallOpts{Context: env.ctx}

	mk := env.createMarket(2, 200, usdc(100), time.Hour)
	if w, err := mk.m.ChallengeWindow(call); err != nil || w != 0 {
		t.Fatalf("challenge window %d, %v", w, err)
	}
	r := env.mustMine(env.mustSend(env.operator, func(o *bind.TransactOpts) (*types.Transaction, error) {
		return mk.m.Settle(o, big.NewInt(1))
	}))[0]
	if ev := ctFindLog(t, r, mk.addr, mk.m.ParseSettled); ev.WinningIndex.Int64() != 1 || ev.Resolver != env.operator.addr {
		t.Fatalf("Settled %+v", ev)
	}
	if len(r.Logs) != 1 {
		t.Fatalf("settle emitted %d logs, want only Settled", len(r.Logs))
	}
	if s := env.marketState(mk); s != 3 {
		t.Fatalf("state %d after settle, want ENDED", s)
	}
	env.expectRevert(env.operator, "MarketSettled", func(o *bind.TransactOpts) (*types.Transaction, error) {
		return mk.m.Settle(o, zero)
	})
	env.expectRevert(env.operator, "MarketSettled", func(o *bind.TransactOpts) (*types.Transaction, error) {
		return mk.m.AssertOutcome(o, zero)
	})

	voided := env.createMarket(2, 200, usdc(100), time.Hour)
	before := env.baseOf(env.operator.addr)
	r = env.mustMine(env.mustSend(env.operator, func(o *bind.TransactOpts) (*types.Transaction, error) {
		return voided.m.AssertOutcome(o, ctVoid)
	}))[0]
	ctFindLog(t, r, voided.addr, voided.m.ParseVoided)
	ctEqual(t, "no bond at window 0", env.baseOf(env.operator.addr), before)
	if s := env.marketState(voided); s != 3 {
		t.Fatalf("state %d after a window-0 assertion, want ENDED", s)
	}

	// Factory defaults reach new markets.
	env.mustMine(env.mustSend(env.operator, func(o *bind.TransactOpts) (*types.Transaction, error) {
		return env.factory.SetResolutionDefaults(o, big.NewInt(3600), usdc(5))
	}))
	env.expectRevert(env.operator, "ChallengeWindowTooLong", func(o *bind.TransactOpts) (*types.Transaction, error) {
		return env.factory.SetResolutionDefaults(o, big.NewInt(31*24*3600), usdc(5))
	})
	env.expectRevert(env.operator, "DisputeFeeTooHigh", func(o *bind.TransactOpts) (*types.Transaction, error) {
		return env.factory.SetDisputeFeeBps(o, big.NewInt(5001))
	})
	env.expectRevert(env.users[0], "NotOwner", func(o *bind.TransactOpts) (*types.Transaction, error) {
		return env.factory.SetArbitrator(o, env.users[0].addr)
	})
	windowed := env.createMarket(2, 200, usdc(100), time.Hour)
	if w, err := windowed.m.ChallengeWindow(call); err != nil || w != 3600 {
		t.Fatalf("challenge window %d, %v", w, err)
	}
	if b, err := windowed.m.Bond(call); err != nil || b.Cmp(usdc(5)) != 0 {
		t.Fatalf("bond %v, %v", b, err)
	}
	if f, err := windowed.m.DisputeFeeBps(call); err != nil || f != 1000 {
		t.Fatalf("dispute fee %d, %v", f, err)
	}
	env.expectRevert(env.operator, "ChallengeWindowRequired", func(o *bind.TransactOpts) (*types.Transaction, error) {
		return windowed.m.Settle(o, zero)
	})
	env.mustMine(env.mustSend(env.operator, func(o *bind.TransactOpts) (*types.Transaction, error) {
		return env.factory.SetResolutionDefaults(o, zero, zero)
	}))
	if mk := env.createMarket(2, 200, usdc(100), time.Hour); env.marketState(mk) != 0 {
		t.Fatal("new market not running")
	}
}
