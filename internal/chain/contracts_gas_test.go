package chain_test

import (
	"fmt"
	"math/big"
	"strings"
	"testing"

	"github.com/ethereum/go-ethereum/accounts/abi/bind"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
)

// TestMarketGas measures the gas of every market operation for 2, 4, 8 and 16 options on a
// mainnet-like fork (Osaka) and logs a table (docs/contracts.md shows it). Scenario per market:
// seed 1,000 USDC at a 2% fee; Alice buys 10 USDC of option 0 (the market's first trade), buys
// again, sells half, sells the rest; Alice buys 10,000 USDC of option 1 (ten times the pool)
// and sells it all (the sell search's hard case); Carol buys 20 USDC of option 0; Bob adds 100 USDC of
// liquidity (new LP; gets option tokens back), removes half; the creator withdraws fees; the
// market settles on option 0; Carol claims all; the creator redeems all its LP.
func TestMarketGas(t *testing.T) {
	env := ctNewEnv(t, 3)
	alice, bob, carol := env.users[0], env.users[1], env.users[2]
	ops := []string{"createMarket", "buy (first trade)", "buy", "sell (half)", "sell (all)", "buy (10x pool)", "sell (all of 10x)", "buy (new holder)",
		"addLiquidity (new LP)", "removeLiquidity (half)", "withdrawFees", "settle", "claim (all)", "redeemLiquidity (all)"}
	sizes := []int{2, 4, 8, 16}
	gas := newCtGas(ops)
	call := &bind.CallOpts{Context: env.ctx}
	for _, n := range sizes {
		run := gas.runner(t, env, n)
		names := make([]string, n)
		for i := range names {
			names[i] = fmt.Sprintf("Option %d", i)
		}
		ctSaltCounter++
		salt := big.NewInt(int64(ctSaltCounter))
		end := new(big.Int).SetUint64(env.headTime() + 3600)
		r := run("createMarket", env.operator, func(o *bind.TransactOpts) (*types.Transaction, error) {
			o.GasLimit = 8_000_000
			return env.factory.CreateMarket(o, env.usdcAddr, names, end, big.NewInt(200), usdc(1000), common.BigToHash(salt), common.Hash{})
		})
		mk := env.marketFromReceipt(r, 200)
		env.approveAll(mk)
		dl := new(big.Int).SetUint64(env.headTime() + 3600)
		zero := big.NewInt(0)
		run("buy (first trade)", alice, func(o *bind.TransactOpts) (*types.Transaction, error) {
			return mk.m.Buy(o, zero, usdc(10), zero, dl)
		})
		run("buy", alice, func(o *bind.TransactOpts) (*types.Transaction, error) {
			return mk.m.Buy(o, zero, usdc(10), zero, dl)
		})
		held := ctViewOf(t, call, mk.tokens[0].BalanceOf, alice.addr)
		half := new(big.Int).Rsh(held, 1)
		run("sell (half)", alice, func(o *bind.TransactOpts) (*types.Transaction, error) {
			return mk.m.Sell(o, zero, half, zero, dl)
		})
		run("sell (all)", alice, func(o *bind.TransactOpts) (*types.Transaction, error) {
			return mk.m.Sell(o, zero, new(big.Int).Sub(held, half), zero, dl)
		})
		run("buy (10x pool)", alice, func(o *bind.TransactOpts) (*types.Transaction, error) {
			return mk.m.Buy(o, big.NewInt(1), usdc(10_000), zero, dl)
		})
		big1 := ctViewOf(t, call, mk.tokens[1].BalanceOf, alice.addr)
		run("sell (all of 10x)", alice, func(o *bind.TransactOpts) (*types.Transaction, error) {
			return mk.m.Sell(o, big.NewInt(1), big1, zero, dl)
		})
		run("buy (new holder)", carol, func(o *bind.TransactOpts) (*types.Transaction, error) {
			return mk.m.Buy(o, zero, usdc(20), zero, dl)
		})
		run("addLiquidity (new LP)", bob, func(o *bind.TransactOpts) (*types.Transaction, error) {
			return mk.m.AddLiquidity(o, usdc(100), zero, dl)
		})
		lp := ctViewOf(t, call, mk.m.BalanceOf, bob.addr)
		run("removeLiquidity (half)", bob, func(o *bind.TransactOpts) (*types.Transaction, error) {
			return mk.m.RemoveLiquidity(o, new(big.Int).Rsh(lp, 1), zero, dl)
		})
		run("withdrawFees", env.operator, func(o *bind.TransactOpts) (*types.Transaction, error) {
			return mk.m.WithdrawFees(o)
		})
		run("settle", env.operator, func(o *bind.TransactOpts) (*types.Transaction, error) {
			return mk.m.Settle(o, zero)
		})
		won := ctViewOf(t, call, mk.tokens[0].BalanceOf, carol.addr)
		run("claim (all)", carol, func(o *bind.TransactOpts) (*types.Transaction, error) {
			return mk.m.Claim(o, won)
		})
		own := ctViewOf(t, call, mk.m.BalanceOf, env.operator.addr)
		run("redeemLiquidity (all)", env.operator, func(o *bind.TransactOpts) (*types.Transaction, error) {
			return mk.m.RedeemLiquidity(o, own)
		})
	}
	t.Logf("gas used (Osaka rules):%s", ctGasTable(ops, sizes, gas))
	// Guard rails: a 16-option market must stay far below the 16.7M per-transaction cap.
	if g := gas["createMarket"][16]; g > 4_000_000 {
		t.Errorf("createMarket with 16 options uses %d gas", g)
	}
	if g := gas["sell (all of 10x)"][16]; g > 1_000_000 {
		t.Errorf("sell with 16 options uses %d gas", g)
	}
}

// TestResolutionGas measures the gas of the resolution actions for 2, 4, 8 and 16 options
// (docs/contracts.md shows the table). Scenario per option count: createMarketWithResolution
// (2 h window, 100 USDC bond, 1,000 USDC seed); Alice buys 10 USDC of every option; the operator
// asserts option 0 (pulling the bond); Bob disputes; the arbitrator voids the market (paying the
// bonds); Alice claims all her tokens of every option with claimVoid; the creator redeems all
// its LP of the voided pool. A second market is asserted and finalized after the window.
func TestResolutionGas(t *testing.T) {
	env, arbitrator, _ := ctResolutionEnv(t)
	alice, bob := env.users[0], env.users[1]
	ops := []string{"createMarketWithResolution", "assertOutcome (bond)", "dispute", "arbitrate (void)",
		"claimVoid (every option)", "redeemLiquidity (void, all)", "finalize (bond returned)"}
	sizes := []int{2, 4, 8, 16}
	gas := newCtGas(ops)
	call := &bind.CallOpts{Context: env.ctx}
	zero := big.NewInt(0)
	for _, n := range sizes {
		run := gas.runner(t, env, n)
		names := make([]string, n)
		for i := range names {
			names[i] = fmt.Sprintf("Option %d", i)
		}
		create := func(op string) *ctMarket {
			ctSaltCounter++
			salt := common.BigToHash(big.NewInt(int64(ctSaltCounter)))
			end := new(big.Int).SetUint64(env.headTime() + 3600)
			r := run(op, env.operator, func(o *bind.TransactOpts) (*types.Transaction, error) {
				o.GasLimit = 8_000_000
				return env.factory.CreateMarketWithResolution(o, env.usdcAddr, names, end, big.NewInt(200), usdc(1000),
					salt, common.Hash{}, big.NewInt(7200), usdc(100))
			})
			mk := env.marketFromReceipt(r, 200)
			env.approveAll(mk)
			return mk
		}
		mk := create("createMarketWithResolution")
		dl := new(big.Int).SetUint64(env.headTime() + 3600)
		for i := 0; i < n; i++ {
			run("", alice, func(o *bind.TransactOpts) (*types.Transaction, error) {
				return mk.m.Buy(o, big.NewInt(int64(i)), usdc(10), zero, dl)
			})
		}
		run("assertOutcome (bond)", env.operator, func(o *bind.TransactOpts) (*types.Transaction, error) {
			return mk.m.AssertOutcome(o, zero)
		})
		run("dispute", bob, func(o *bind.TransactOpts) (*types.Transaction, error) {
			return mk.m.Dispute(o)
		})
		run("arbitrate (void)", arbitrator, func(o *bind.TransactOpts) (*types.Transaction, error) {
			return mk.m.Arbitrate(o, ctVoid)
		})
		amounts := make([]*big.Int, n)
		for i, tok := range mk.tokens {
			amounts[i] = ctViewOf(t, call, tok.BalanceOf, alice.addr)
		}
		run("claimVoid (every option)", alice, func(o *bind.TransactOpts) (*types.Transaction, error) {
			return mk.m.ClaimVoid(o, amounts)
		})
		own := ctViewOf(t, call, mk.m.BalanceOf, env.operator.addr)
		run("redeemLiquidity (void, all)", env.operator, func(o *bind.TransactOpts) (*types.Transaction, error) {
			return mk.m.RedeemLiquidity(o, own)
		})

		fin := create("")
		run("", env.operator, func(o *bind.TransactOpts) (*types.Transaction, error) {
			return fin.m.AssertOutcome(o, big.NewInt(1))
		})
		env.advance(7200)
		run("finalize (bond returned)", bob, func(o *bind.TransactOpts) (*types.Transaction, error) {
			return fin.m.Finalize(o)
		})
	}
	t.Logf("gas used (Osaka rules):%s", ctGasTable(ops, sizes, gas))
	if g := gas["claimVoid (every option)"][16]; g > 1_000_000 {
		t.Errorf("claimVoid of 16 options uses %d gas", g)
	}
}

// ctGas is the gas of each operation by option count.
type ctGas map[string]map[int]uint64

func newCtGas(ops []string) ctGas {
	g := ctGas{}
	for _, op := range ops {
		g[op] = map[int]uint64{}
	}
	return g
}

// runner returns a function that sends f from a, mines it and records its
// gas as op's for n options (op "" is a step that is not measured).
func (g ctGas) runner(t *testing.T, env *ctEnv, n int) func(op string, a *ctAccount, f func(*bind.TransactOpts) (*types.Transaction, error)) *types.Receipt {
	return func(op string, a *ctAccount, f func(*bind.TransactOpts) (*types.Transaction, error)) *types.Receipt {
		t.Helper()
		r := env.mustMine(env.mustSend(a, f))[0]
		if op != "" {
			g[op][n] = r.GasUsed
		}
		return r
	}
}

// ctGasTable renders gas[op][options] as the markdown table docs/contracts.md shows.
func ctGasTable(ops []string, sizes []int, gas map[string]map[int]uint64) string {
	var b strings.Builder
	fmt.Fprintf(&b, "\n| operation |")
	for _, n := range sizes {
		fmt.Fprintf(&b, " %d options |", n)
	}
	fmt.Fprintf(&b, "\n|---|")
	for range sizes {
		fmt.Fprintf(&b, "---:|")
	}
	for _, op := range ops {
		fmt.Fprintf(&b, "\n| %s |", op)
		for _, n := range sizes {
			fmt.Fprintf(&b, " %d |", gas[op][n])
		}
	}
	return b.String()
}
