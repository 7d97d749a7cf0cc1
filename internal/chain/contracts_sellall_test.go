package chain_test

import (
	"fmt"
	"math/big"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/accounts/abi/bind"
	"github.com/ethereum/go-ethereum/core/types"

	"github.com/predict-dev/predict/internal/market/fpmm"
)

// TestSellAllNoDust: every position, whatever its size or origin (bought, or sent back by
// addLiquidity), can be sold entirely in one sell; afterwards the seller holds nothing, and the
// amounts equal the Go mirror's.
func TestSellAllNoDust(t *testing.T) {
	env := ctNewEnv(t, 3)
	for _, n := range []int{2, 4, 16} {
		t.Run(fmt.Sprintf("%dOptions", n), func(t *testing.T) {
			env.t = t
			liquidity := big.NewInt(100_000_000)
			mk := env.createMarket(n, 300, liquidity, time.Hour)
			env.approveAll(mk)
			pool, err := fpmm.NewPool(n, 300, ctKey(env.operator.addr), liquidity)
			if err != nil {
				t.Fatal(err)
			}
			dl := new(big.Int).SetUint64(env.headTime() + 3600)
			// Positions: big and tiny buys, and the option tokens an LP gets back after a skewing buy.
			amounts := []int64{77_777_777, 3, 1_000, 250_000_000}
			var txs []*types.Transaction
			for i, a := range amounts {
				u, opt, in := env.users[i%2], i%n, big.NewInt(a)
				if _, err := pool.Buy(opt, in); err != nil {
					t.Fatal(err)
				}
				txs = append(txs, env.mustSend(u, func(o *bind.TransactOpts) (*types.Transaction, error) {
					return mk.m.Buy(o, big.NewInt(int64(opt)), in, big.NewInt(0), dl)
				}))
			}
			lpUser := env.users[2]
			if _, err := pool.AddLiquidity(ctKey(lpUser.addr), big.NewInt(12_345_678)); err != nil {
				t.Fatal(err)
			}
			txs = append(txs, env.mustSend(lpUser, func(o *bind.TransactOpts) (*types.Transaction, error) {
				return mk.m.AddLiquidity(o, big.NewInt(12_345_678), big.NewInt(0), dl)
			}))
			env.mustMine(txs...)

			call := &bind.CallOpts{Context: env.ctx}
			sold := 0
			for _, u := range env.users {
				for k, tok := range mk.tokens {
					held := ctViewOf(t, call, tok.BalanceOf, u.addr)
					if held.Sign() == 0 {
						continue
					}
					q, err := pool.Sell(k, held)
					if err != nil {
						t.Fatalf("mirror cannot sell all %v of option %d: %v", held, k, err)
					}
					r := env.mustMine(env.mustSend(u, func(o *bind.TransactOpts) (*types.Transaction, error) {
						return mk.m.Sell(o, big.NewInt(int64(k)), held, q.BaseOut, dl)
					}))[0]
					ev := ctFindLog(t, r, mk.addr, mk.m.ParseSold)
					ctEqual(t, fmt.Sprintf("sell all %v of option %d: baseOut", held, k), ev.BaseOut, q.BaseOut)
					left := ctViewOf(t, call, tok.BalanceOf, u.addr)
					if left.Sign() != 0 {
						t.Fatalf("%v of option %d left after selling all", left, k)
					}
					sold++
				}
			}
			if sold < 3 {
				t.Fatalf("only %d positions sold", sold)
			}
			bal := ctView(t, call, mk.m.PoolBalances)
			ctEqualSlices(t, "pool balances", bal, pool.Balances)
		})
	}
}
