package chain_test

import (
	"math/big"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/accounts/abi/bind"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
)

// TestPayOnBehalf: once a market has ended anyone pays a holder its winnings (claimFor) and an
// LP its share (redeemFor), to them and never to the caller; a second payment is refused
// (ZeroAmount), so is a payment before the end (NotSettled) and one to the limit-order escrow,
// whose tokens belong to its orders' owners (Custodian). payOut does both for lists and skips
// whoever has nothing left, so a batch sent twice pays nobody twice and reverts for nobody.
// On a VOID market claimFor pays every option's tokens at 1/N.
func TestPayOnBehalf(t *testing.T) {
	env := ctNewEnv(t, 4)
	alice, bob, carol, keeper := env.users[0], env.users[1], env.users[2], env.users[3]
	zero := big.NewInt(0)
	call := &bind.CallOpts{Context: env.ctx}
	mk := env.createMarket(3, 200, usdc(1000), time.Hour)
	env.approveAll(mk)
	dl := new(big.Int).SetUint64(env.headTime() + 3600)
	for _, b := range []struct {
		who    *ctAccount
		option int64
	}{{alice, 0}, {bob, 1}, {carol, 0}} {
		env.mustMine(env.mustSend(b.who, func(o *bind.TransactOpts) (*types.Transaction, error) {
			return mk.m.Buy(o, big.NewInt(b.option), usdc(20), zero, dl)
		}))
	}
	env.mustMine(env.mustSend(bob, func(o *bind.TransactOpts) (*types.Transaction, error) {
		return mk.m.AddLiquidity(o, usdc(100), zero, dl)
	}))
	claimFor := func(a common.Address) func(*bind.TransactOpts) (*types.Transaction, error) {
		return func(o *bind.TransactOpts) (*types.Transaction, error) { return mk.m.ClaimFor(o, a) }
	}
	redeemFor := func(a common.Address) func(*bind.TransactOpts) (*types.Transaction, error) {
		return func(o *bind.TransactOpts) (*types.Transaction, error) { return mk.m.RedeemFor(o, a) }
	}
	env.expectRevert(keeper, "NotSettled", claimFor(alice.addr))
	env.expectRevert(keeper, "NotSettled", redeemFor(bob.addr))
	env.mustMine(env.mustSend(env.operator, func(o *bind.TransactOpts) (*types.Transaction, error) {
		return mk.m.Settle(o, zero)
	}))

	won := ctViewOf(t, call, mk.tokens[0].BalanceOf, alice.addr)
	aliceBefore, keeperBefore := env.baseOf(alice.addr), env.baseOf(keeper.addr)
	r := env.mustMine(env.mustSend(keeper, claimFor(alice.addr)))[0]
	if ev := ctFindLog(t, r, mk.addr, mk.m.ParseClaimed); ev.Account != alice.addr || ev.Amount.Cmp(won) != 0 {
		t.Fatalf("Claimed %+v, want alice's %s", ev, won)
	}
	ctEqual(t, "alice paid her winnings", env.baseOf(alice.addr), new(big.Int).Add(aliceBefore, won))
	ctEqual(t, "the keeper paid nothing", env.baseOf(keeper.addr), keeperBefore)
	t.Logf("claimFor: %d gas", r.GasUsed)
	env.expectRevert(keeper, "ZeroAmount", claimFor(alice.addr))
	env.expectRevert(keeper, "ZeroAmount", claimFor(keeper.addr)) // holds nothing
	env.expectRevert(keeper, "Custodian", claimFor(env.suite.LimitOrders))
	env.expectRevert(keeper, "Custodian", redeemFor(env.suite.LimitOrders))

	lp := ctViewOf(t, call, mk.m.BalanceOf, bob.addr)
	bobBefore := env.baseOf(bob.addr)
	r = env.mustMine(env.mustSend(keeper, redeemFor(bob.addr)))[0]
	if ev := ctFindLog(t, r, mk.addr, mk.m.ParseLiquidityRedeemed); ev.Account != bob.addr || ev.LpBurned.Cmp(lp) != 0 {
		t.Fatalf("LiquidityRedeemed %+v, want bob's %s LP", ev, lp)
	}
	if env.baseOf(bob.addr).Cmp(bobBefore) <= 0 {
		t.Fatal("bob's LP redemption paid him nothing")
	}
	t.Logf("redeemFor: %d gas", r.GasUsed)
	env.expectRevert(keeper, "ZeroAmount", redeemFor(bob.addr))

	carolWon := ctViewOf(t, call, mk.tokens[0].BalanceOf, carol.addr)
	carolBefore, operatorBefore := env.baseOf(carol.addr), env.baseOf(env.operator.addr)
	payOut := func(o *bind.TransactOpts) (*types.Transaction, error) {
		return mk.m.PayOut(o, []common.Address{alice.addr, carol.addr, bob.addr}, []common.Address{env.operator.addr, bob.addr})
	}
	r = env.mustMine(env.mustSend(keeper, payOut))[0]
	t.Logf("payOut (3 holders and 2 LPs, alice and bob's LP already paid): %d gas", r.GasUsed)
	ctEqual(t, "carol paid in the batch", env.baseOf(carol.addr), new(big.Int).Add(carolBefore, carolWon))
	if env.baseOf(env.operator.addr).Cmp(operatorBefore) <= 0 {
		t.Fatal("the creator's LP was not redeemed in the batch")
	}
	if lp := ctViewOf(t, call, mk.m.BalanceOf, env.operator.addr); lp.Sign() != 0 {
		t.Fatalf("the creator keeps %s LP", lp)
	}
	market := env.baseOf(mk.addr)
	r = env.mustMine(env.mustSend(keeper, payOut))[0]
	if len(r.Logs) != 0 {
		t.Fatalf("the batch sent again logged %d events", len(r.Logs))
	}
	ctEqual(t, "the batch sent again pays nobody", env.baseOf(mk.addr), market)

	// VOID: every option's tokens at 1/N.
	env.mustMine(env.mustSend(env.operator, func(o *bind.TransactOpts) (*types.Transaction, error) {
		return env.factory.SetArbitrator(o, keeper.addr)
	}))
	void := env.createMarketWithResolution(2, 200, usdc(1000), time.Hour, 600, zero)
	env.approveAll(void)
	env.mustMine(env.mustSend(alice, func(o *bind.TransactOpts) (*types.Transaction, error) {
		return void.m.MintSets(o, usdc(5))
	}), env.mustSend(alice, func(o *bind.TransactOpts) (*types.Transaction, error) {
		return void.m.Buy(o, big.NewInt(1), usdc(10), zero, new(big.Int).SetUint64(env.headTime()+3600))
	}))
	env.advance(3600)
	env.mustMine(env.mustSend(env.operator, func(o *bind.TransactOpts) (*types.Transaction, error) {
		return void.m.AssertOutcome(o, new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 256), big.NewInt(1)))
	}))
	env.advance(600)
	env.mustMine(env.mustSend(keeper, func(o *bind.TransactOpts) (*types.Transaction, error) { return void.m.Finalize(o) }))
	a0 := ctViewOf(t, call, void.tokens[0].BalanceOf, alice.addr)
	a1 := ctViewOf(t, call, void.tokens[1].BalanceOf, alice.addr)
	aliceBefore = env.baseOf(alice.addr)
	r = env.mustMine(env.mustSend(keeper, func(o *bind.TransactOpts) (*types.Transaction, error) { return void.m.ClaimFor(o, alice.addr) }))[0]
	want := new(big.Int).Quo(new(big.Int).Add(a0, a1), big.NewInt(2))
	if ev := ctFindLog(t, r, void.addr, void.m.ParseVoidClaimed); ev.Account != alice.addr || ev.BaseOut.Cmp(want) != 0 {
		t.Fatalf("VoidClaimed %+v, want %s", ev, want)
	}
	ctEqual(t, "alice paid 1/N a token", env.baseOf(alice.addr), new(big.Int).Add(aliceBefore, want))
}
