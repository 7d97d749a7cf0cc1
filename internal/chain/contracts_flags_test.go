package chain_test

import (
	"math/big"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/accounts/abi/bind"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/crypto"

	"github.com/predict-dev/predict/internal/chain"
)

// createMarketWithFlags is createMarket through createMarketWithFlags.
func (env *ctEnv) createMarketWithFlags(n int, duration time.Duration, window uint64, bond *big.Int, flags uint8) *ctMarket {
	env.t.Helper()
	r := env.mustMine(env.mustSend(env.operator, env.createWithFlags(n, duration, window, bond, flags)))[0]
	mk := env.marketFromReceipt(r, 200)
	want := flags &^ chainOperatorIfWindow(window)
	if ev := ctFindLogOrNil(r, env.suite.MarketFactory, env.factory.ParseMarketFlags); want != 0 {
		if ev == nil || ev.Flags.Uint64() != uint64(want) || ev.Market != mk.addr {
			env.t.Fatalf("MarketFlags %+v, want flags %d", ev, flags)
		}
	} else if ev != nil {
		env.t.Fatalf("MarketFlags %+v emitted for flags 0", ev)
	}
	return mk
}

// chainOperatorIfWindow is the flag the factory drops from a market with a window.
func chainOperatorIfWindow(window uint64) uint8 {
	if window != 0 {
		return chain.MarketOperatorResolved
	}
	return 0
}

func (env *ctEnv) createWithFlags(n int, duration time.Duration, window uint64, bond *big.Int, flags uint8) func(*bind.TransactOpts) (*types.Transaction, error) {
	names, salt, end := env.newMarketParams(n, duration)
	return func(o *bind.TransactOpts) (*types.Transaction, error) {
		if o.GasLimit != 0 { // sent, not estimated (revertOf estimates)
			o.GasLimit = 8_000_000
		}
		return env.factory.CreateMarketWithFlags(o, env.usdcAddr, names, new(big.Int).SetUint64(end), big.NewInt(200),
			usdc(1000), salt, crypto.Keccak256Hash([]byte("metadata")), new(big.Int).SetUint64(window), bond,
			big.NewInt(int64(flags)))
	}
}

// ctFindLogOrNil is the first log of emitter in r that parse reads, or nil.
func ctFindLogOrNil[T any](r *types.Receipt, emitter common.Address, parse func(types.Log) (*T, error)) *T {
	for _, l := range r.Logs {
		if l.Address != emitter {
			continue
		}
		if ev, err := parse(*l); err == nil {
			return ev
		}
	}
	return nil
}

// TestMarketFlags: a market is settled or asserted before its end only if it was created
// EARLY_RESOLVABLE, settled at once by one key only if it was created OPERATOR_RESOLVED (and a
// market with a window never is), and created with a window only with an arbitrator. Each
// refusal carries its custom error; the market's flags() and the factory's MarketFlags event
// say what it was created as.
func TestMarketFlags(t *testing.T) {
	env, _, _ := ctResolutionEnv(t)
	alice := env.users[0]
	zero := big.NewInt(0)
	call := &bind.CallOpts{Context: env.ctx}
	buy := func(mk *ctMarket) {
		env.approveAll(mk)
		dl := new(big.Int).SetUint64(env.headTime() + 3600)
		env.mustMine(env.mustSend(alice, func(o *bind.TransactOpts) (*types.Transaction, error) {
			return mk.m.Buy(o, zero, usdc(10), zero, dl)
		}))
	}
	settle := func(mk *ctMarket) func(*bind.TransactOpts) (*types.Transaction, error) {
		return func(o *bind.TransactOpts) (*types.Transaction, error) { return mk.m.Settle(o, zero) }
	}
	assert := func(mk *ctMarket) func(*bind.TransactOpts) (*types.Transaction, error) {
		return func(o *bind.TransactOpts) (*types.Transaction, error) { return mk.m.AssertOutcome(o, zero) }
	}

	t.Run("SettleBeforeEndRefused", func(t *testing.T) {
		mk := env.createMarketWithFlags(2, time.Hour, 0, zero, chain.MarketOperatorResolved)
		if f := ctView(t, call, mk.m.Flags); f != chain.MarketOperatorResolved {
			t.Fatalf("flags %d", f)
		}
		buy(mk)
		env.expectRevert(env.operator, "MarketNotEnded", settle(mk))
		env.expectRevert(env.operator, "MarketNotEnded", assert(mk))
		env.advance(3600)
		env.mustMine(env.mustSend(env.operator, settle(mk)))
	})
	t.Run("AssertBeforeEndRefused", func(t *testing.T) {
		mk := env.createMarketWithFlags(2, time.Hour, 600, usdc(1), 0)
		buy(mk)
		env.expectRevert(env.operator, "MarketNotEnded", assert(mk))
		env.advance(3600)
		env.mustMine(env.mustSend(env.operator, assert(mk)))
	})
	t.Run("EarlyResolvable", func(t *testing.T) {
		mk := env.createMarketWithFlags(2, time.Hour, 0, zero, chain.MarketOperatorResolved|chain.MarketEarlyResolvable)
		buy(mk)
		env.mustMine(env.mustSend(env.operator, settle(mk)))
		windowed := env.createMarketWithFlags(2, time.Hour, 600, usdc(1), chain.MarketEarlyResolvable)
		buy(windowed)
		env.mustMine(env.mustSend(env.operator, assert(windowed)))
	})
	t.Run("InstantSettleOfWindowRefused", func(t *testing.T) {
		// Asked OPERATOR_RESOLVED with a window, the market is not: the window and the
		// arbitrator stand between one key and the outcome of the money it holds.
		mk := env.createMarketWithFlags(2, time.Hour, 600, usdc(1), chain.MarketOperatorResolved|chain.MarketEarlyResolvable)
		if f := ctView(t, call, mk.m.Flags); f != chain.MarketEarlyResolvable {
			t.Fatalf("flags %d, want EARLY_RESOLVABLE alone", f)
		}
		buy(mk)
		env.expectRevert(env.operator, "ChallengeWindowRequired", settle(mk))
	})
	t.Run("OperatorResolvedRequired", func(t *testing.T) {
		for _, flags := range []uint8{0, chain.MarketEarlyResolvable} {
			env.expectRevert(env.operator, "OperatorResolvedRequired", env.createWithFlags(2, time.Hour, 0, zero, flags))
		}
		// createMarket takes the factory's defaults: with none, no market without a window.
		env.mustMine(env.mustSend(env.operator, func(o *bind.TransactOpts) (*types.Transaction, error) {
			return env.factory.SetDefaultFlags(o, zero)
		}))
		names, salt, end := env.newMarketParams(2, time.Hour)
		env.expectRevert(env.operator, "OperatorResolvedRequired", func(o *bind.TransactOpts) (*types.Transaction, error) {
			return env.factory.CreateMarket(o, env.usdcAddr, names, new(big.Int).SetUint64(end), big.NewInt(200), usdc(1000), salt, common.Hash{})
		})
		env.mustMine(env.mustSend(env.operator, func(o *bind.TransactOpts) (*types.Transaction, error) {
			return env.factory.SetDefaultFlags(o, big.NewInt(int64(chain.MarketOperatorResolved|chain.MarketEarlyResolvable)))
		}))
	})
	t.Run("InvalidFlags", func(t *testing.T) {
		env.expectRevert(env.operator, "InvalidFlags", env.createWithFlags(2, time.Hour, 0, zero, 4|chain.MarketOperatorResolved))
		env.expectRevert(env.operator, "InvalidFlags", func(o *bind.TransactOpts) (*types.Transaction, error) {
			return env.factory.SetDefaultFlags(o, big.NewInt(8))
		})
	})
	t.Run("ArbitratorRequired", func(t *testing.T) {
		arbitrator := ctView(t, call, env.factory.Arbitrator)
		env.mustMine(env.mustSend(env.operator, func(o *bind.TransactOpts) (*types.Transaction, error) {
			return env.factory.SetArbitrator(o, common.Address{})
		}))
		env.expectRevert(env.operator, "ArbitratorRequired", env.createWithFlags(2, time.Hour, 600, usdc(1), 0))
		names, salt, end := env.newMarketParams(2, time.Hour)
		env.expectRevert(env.operator, "ArbitratorRequired", func(o *bind.TransactOpts) (*types.Transaction, error) {
			return env.factory.CreateMarketWithResolution(o, env.usdcAddr, names, new(big.Int).SetUint64(end), big.NewInt(200),
				usdc(1000), salt, common.Hash{}, big.NewInt(600), usdc(1))
		})
		env.mustMine(env.mustSend(env.operator, func(o *bind.TransactOpts) (*types.Transaction, error) {
			return env.factory.SetResolutionDefaults(o, big.NewInt(600), usdc(1))
		}))
		names, salt, end = env.newMarketParams(2, time.Hour)
		env.expectRevert(env.operator, "ArbitratorRequired", func(o *bind.TransactOpts) (*types.Transaction, error) {
			return env.factory.CreateMarket(o, env.usdcAddr, names, new(big.Int).SetUint64(end), big.NewInt(200), usdc(1000), salt, common.Hash{})
		})
		env.mustMine(
			env.mustSend(env.operator, func(o *bind.TransactOpts) (*types.Transaction, error) {
				return env.factory.SetResolutionDefaults(o, zero, zero)
			}),
			env.mustSend(env.operator, func(o *bind.TransactOpts) (*types.Transaction, error) {
				return env.factory.SetArbitrator(o, arbitrator)
			}),
		)
	})
}
