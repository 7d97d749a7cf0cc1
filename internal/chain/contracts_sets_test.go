package chain_test

import (
	"fmt"
	"math/big"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/accounts/abi/bind"
	"github.com/ethereum/go-ethereum/core/types"
)

// TestCompleteSets: mintSets turns base tokens into as many tokens of every option, outside the
// pool and without its fee; mergeSets turns complete sets back into base tokens. The pool and
// its prices do not move, the market's collateral grows and shrinks by exactly the sets, and a
// holder of a complete set leaves with what they paid. Refusals: nothing to mint or merge, a
// merge of more than one holds of some option, either after the market ended.
func TestCompleteSets(t *testing.T) {
	env := ctNewEnv(t, 2)
	alice, bob := env.users[0], env.users[1]
	for _, n := range []int{2, 3, 16} {
		t.Run(fmt.Sprintf("%dOptions", n), func(t *testing.T) {
			env.t = t
			mk := env.createMarket(n, 200, usdc(1000), time.Hour)
			env.approveAll(mk)
			call := &bind.CallOpts{Context: env.ctx}
			pricesBefore := ctView(t, call, mk.m.Prices)
			poolBefore := ctView(t, call, mk.m.PoolBalances)
			heldBefore := ctViewOf(t, call, env.usdc.BalanceOf, mk.addr)
			aliceBefore := ctViewOf(t, call, env.usdc.BalanceOf, alice.addr)

			r := env.mustMine(env.mustSend(alice, func(o *bind.TransactOpts) (*types.Transaction, error) {
				return mk.m.MintSets(o, usdc(25))
			}))[0]
			minted := ctFindLog(t, r, mk.addr, mk.m.ParseSetsMinted)
			if minted.Account != alice.addr || minted.Amount.Cmp(usdc(25)) != 0 {
				t.Fatalf("SetsMinted %v %v", minted.Account, minted.Amount)
			}
			for k, tok := range mk.tokens {
				ctEqual(t, fmt.Sprintf("alice's option %d after minting", k), ctViewOf(t, call, tok.BalanceOf, alice.addr), usdc(25))
			}
			ctEqual(t, "the market's collateral after minting", ctViewOf(t, call, env.usdc.BalanceOf, mk.addr),
				new(big.Int).Add(heldBefore, usdc(25)))
			ctEqualSlices(t, "prices after minting", ctView(t, call, mk.m.Prices), pricesBefore)
			ctEqualSlices(t, "pool after minting", ctView(t, call, mk.m.PoolBalances), poolBefore)

			// Bob holds sets of his own; alice merges hers back.
			env.mustMine(env.mustSend(bob, func(o *bind.TransactOpts) (*types.Transaction, error) {
				return mk.m.MintSets(o, usdc(1))
			}))
			env.expectRevert(bob, "ERC20InsufficientBalance", func(o *bind.TransactOpts) (*types.Transaction, error) {
				return mk.m.MergeSets(o, usdc(2))
			})
			r = env.mustMine(env.mustSend(alice, func(o *bind.TransactOpts) (*types.Transaction, error) {
				return mk.m.MergeSets(o, usdc(25))
			}))[0]
			merged := ctFindLog(t, r, mk.addr, mk.m.ParseSetsMerged)
			if merged.Account != alice.addr || merged.Amount.Cmp(usdc(25)) != 0 {
				t.Fatalf("SetsMerged %v %v", merged.Account, merged.Amount)
			}
			ctEqual(t, "alice's USDC after minting and merging", ctViewOf(t, call, env.usdc.BalanceOf, alice.addr), aliceBefore)
			ctEqual(t, "the market's collateral after merging", ctViewOf(t, call, env.usdc.BalanceOf, mk.addr),
				new(big.Int).Add(heldBefore, usdc(1)))
			for _, f := range []func(*bind.TransactOpts, *big.Int) (*types.Transaction, error){mk.m.MintSets, mk.m.MergeSets} {
				env.expectRevert(alice, "ZeroAmount", func(o *bind.TransactOpts) (*types.Transaction, error) {
					return f(o, new(big.Int))
				})
			}

			// Ended: the winner is claimed, no more sets.
			env.mustMine(env.mustSend(env.operator, func(o *bind.TransactOpts) (*types.Transaction, error) {
				return mk.m.Settle(o, big.NewInt(0))
			}))
			for _, f := range []func(*bind.TransactOpts, *big.Int) (*types.Transaction, error){mk.m.MintSets, mk.m.MergeSets} {
				env.expectRevert(bob, "MarketSettled", func(o *bind.TransactOpts) (*types.Transaction, error) {
					return f(o, usdc(1))
				})
			}
			env.mustMine(env.mustSend(bob, func(o *bind.TransactOpts) (*types.Transaction, error) {
				return mk.m.Claim(o, usdc(1))
			}))
		})
	}
}
