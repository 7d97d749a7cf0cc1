package chain_test

import (
	"math/big"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/accounts/abi/bind"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/crypto"

	"github.com/predict-dev/predict/internal/chain/bindings"
)

// TestMarketAttacks tries every forbidden action and asserts the specific custom error.
func TestMarketAttacks(t *testing.T) {
	env := ctNewEnv(t, 3)
	alice, bob, mallory := env.users[0], env.users[1], env.users[2]

	open := env.createMarket(2, 200, usdc(1000), 24*time.Hour)
	settled := env.createMarket(3, 200, usdc(1000), 24*time.Hour)
	ended := env.createMarket(2, 200, usdc(1000), time.Minute)
	for _, mk := range []*ctMarket{open, settled, ended} {
		env.approveAll(mk)
	}
	// Alice buys option 0 everywhere, Bob buys option 1 of the settled market; Alice adds
	// liquidity to the open market. Then the settled market is settled with option 0 winning and
	// Alice claims all her winning tokens once.
	dl := new(big.Int).SetUint64(env.headTime() + 24*3600)
	var txs []*types.Transaction
	for _, mk := range []*ctMarket{open, settled, ended} {
		txs = append(txs, env.mustSend(alice, func(o *bind.TransactOpts) (*types.Transaction, error) {
			return mk.m.Buy(o, big.NewInt(0), usdc(10), big.NewInt(0), dl)
		}))
	}
	txs = append(txs, env.mustSend(bob, func(o *bind.TransactOpts) (*types.Transaction, error) {
		return settled.m.Buy(o, big.NewInt(1), usdc(10), big.NewInt(0), dl)
	}))
	txs = append(txs, env.mustSend(alice, func(o *bind.TransactOpts) (*types.Transaction, error) {
		return open.m.AddLiquidity(o, usdc(50), big.NewInt(0), dl)
	}))
	txs = append(txs, env.mustSend(env.operator, func(o *bind.TransactOpts) (*types.Transaction, error) {
		return settled.m.Settle(o, big.NewInt(0))
	}))
	env.mustMine(txs...)
	call := &bind.CallOpts{Context: env.ctx}
	aliceWinning := ctViewOf(t, call, settled.tokens[0].BalanceOf, alice.addr)
	aliceOpen := ctViewOf(t, call, open.tokens[0].BalanceOf, alice.addr)
	env.mustMine(env.mustSend(alice, func(o *bind.TransactOpts) (*types.Transaction, error) {
		return settled.m.Claim(o, aliceWinning)
	}))
	env.advance(120)
	now := env.headTime()
	future := new(big.Int).SetUint64(now + 3600)
	past := new(big.Int).SetUint64(now - 1)
	end := new(big.Int).SetUint64(now + 3600)
	salt := common.HexToHash("0x5a17")
	meta := crypto.Keccak256Hash([]byte("m"))
	names := []string{"Yes", "No"}
	zero := big.NewInt(0)

	type send = func(*bind.TransactOpts) (*types.Transaction, error)
	for _, tc := range []struct {
		name string
		from *ctAccount
		send send
		want string
	}{
		// Roles.
		{"SettleByNonResolver", mallory, func(o *bind.TransactOpts) (*types.Transaction, error) {
			return open.m.Settle(o, zero)
		}, "NotResolver"},
		{"CreateMarketByNonAdmin", mallory, func(o *bind.TransactOpts) (*types.Transaction, error) {
			return env.factory.CreateMarket(o, env.usdcAddr, names, end, zero, usdc(1), salt, meta)
		}, "NotAdmin"},
		{"SetAdminByNonOwner", mallory, func(o *bind.TransactOpts) (*types.Transaction, error) {
			return env.factory.SetAdmin(o, mallory.addr, true)
		}, "NotOwner"},
		{"SetResolverByNonOwner", mallory, func(o *bind.TransactOpts) (*types.Transaction, error) {
			return env.factory.SetResolver(o, mallory.addr, true)
		}, "NotOwner"},
		{"SetBaseTokenByNonOwner", mallory, func(o *bind.TransactOpts) (*types.Transaction, error) {
			return env.factory.SetBaseToken(o, mallory.addr, true)
		}, "NotOwner"},
		{"SetDefaultFeeByNonOwner", mallory, func(o *bind.TransactOpts) (*types.Transaction, error) {
			return env.factory.SetDefaultFeeBps(o, zero)
		}, "NotOwner"},
		{"TransferFactoryOwnershipByNonOwner", mallory, func(o *bind.TransactOpts) (*types.Transaction, error) {
			return env.factory.TransferOwnership(o, mallory.addr)
		}, "NotOwner"},
		{"MintBaseTokenByNonOwner", mallory, func(o *bind.TransactOpts) (*types.Transaction, error) {
			return env.usdc.Mint(o, mallory.addr, usdc(1))
		}, "NotOwner"},
		{"MintOptionByNonMarket", mallory, func(o *bind.TransactOpts) (*types.Transaction, error) {
			return open.tokens[0].Mint(o, mallory.addr, usdc(1))
		}, "NotMarket"},
		{"BurnOptionByNonMarket", mallory, func(o *bind.TransactOpts) (*types.Transaction, error) {
			return open.tokens[0].Burn(o, alice.addr, big.NewInt(1))
		}, "NotMarket"},
		{"ReinitializeMarket", mallory, func(o *bind.TransactOpts) (*types.Transaction, error) {
			return open.m.Initialize(o, env.usdcAddr, 6, open.options, 1<<40, 0, mallory.addr, usdc(1), bindings.MarketResolution{Bond: new(big.Int)})
		}, "AlreadyInitialized"},
		{"ReinitializeOption", mallory, func(o *bind.TransactOpts) (*types.Transaction, error) {
			return open.tokens[0].Initialize(o, "x", "x", 6, mallory.addr, 0)
		}, "AlreadyInitialized"},

		// createMarket arguments.
		{"CreateMarketTokenNotAllowed", env.operator, func(o *bind.TransactOpts) (*types.Transaction, error) {
			return env.factory.CreateMarket(o, mallory.addr, names, end, zero, usdc(1), salt, meta)
		}, "BaseTokenNotAllowed"},
		{"CreateMarketOneOption", env.operator, func(o *bind.TransactOpts) (*types.Transaction, error) {
			return env.factory.CreateMarket(o, env.usdcAddr, []string{"Yes"}, end, zero, usdc(1), salt, meta)
		}, "InvalidOptionCount"},
		{"CreateMarket17Options", env.operator, func(o *bind.TransactOpts) (*types.Transaction, error) {
			return env.factory.CreateMarket(o, env.usdcAddr, make([]string, 17), end, zero, usdc(1), salt, meta)
		}, "InvalidOptionCount"},
		{"CreateMarketFeeTooHigh", env.operator, func(o *bind.TransactOpts) (*types.Transaction, error) {
			return env.factory.CreateMarket(o, env.usdcAddr, names, end, big.NewInt(1001), usdc(1), salt, meta)
		}, "FeeTooHigh"},
		{"CreateMarketEndInPast", env.operator, func(o *bind.TransactOpts) (*types.Transaction, error) {
			return env.factory.CreateMarket(o, env.usdcAddr, names, past, zero, usdc(1), salt, meta)
		}, "InvalidEndTime"},
		{"CreateMarketZeroLiquidity", env.operator, func(o *bind.TransactOpts) (*types.Transaction, error) {
			return env.factory.CreateMarket(o, env.usdcAddr, names, end, zero, zero, salt, meta)
		}, "ZeroAmount"},
		{"CreateMarketSaltReused", env.operator, func(o *bind.TransactOpts) (*types.Transaction, error) {
			// createMarket used salts 1..3 for the three markets above.
			return env.factory.CreateMarket(o, env.usdcAddr, names, end, zero, usdc(1), common.BigToHash(big.NewInt(int64(ctSaltCounter))), meta)
		}, "MarketExists"},

		// Trading rules.
		{"BuyAfterEndTime", alice, func(o *bind.TransactOpts) (*types.Transaction, error) {
			return ended.m.Buy(o, zero, usdc(1), zero, future)
		}, "MarketEnded"},
		{"SellAfterEndTime", alice, func(o *bind.TransactOpts) (*types.Transaction, error) {
			return ended.m.Sell(o, zero, big.NewInt(1), zero, future)
		}, "MarketEnded"},
		{"AddLiquidityAfterEndTime", alice, func(o *bind.TransactOpts) (*types.Transaction, error) {
			return ended.m.AddLiquidity(o, usdc(1), zero, future)
		}, "MarketEnded"},
		{"BuyAfterSettlement", alice, func(o *bind.TransactOpts) (*types.Transaction, error) {
			return settled.m.Buy(o, zero, usdc(1), zero, future)
		}, "MarketSettled"},
		{"SellAfterSettlement", bob, func(o *bind.TransactOpts) (*types.Transaction, error) {
			return settled.m.Sell(o, big.NewInt(1), big.NewInt(1), zero, future)
		}, "MarketSettled"},
		{"AddLiquidityAfterSettlement", alice, func(o *bind.TransactOpts) (*types.Transaction, error) {
			return settled.m.AddLiquidity(o, usdc(1), zero, future)
		}, "MarketSettled"},
		{"RemoveLiquidityAfterSettlement", env.operator, func(o *bind.TransactOpts) (*types.Transaction, error) {
			return settled.m.RemoveLiquidity(o, big.NewInt(1), zero, future)
		}, "MarketSettled"},
		{"SettleTwice", env.operator, func(o *bind.TransactOpts) (*types.Transaction, error) {
			return settled.m.Settle(o, big.NewInt(1))
		}, "MarketSettled"},
		{"SettleInvalidOption", env.operator, func(o *bind.TransactOpts) (*types.Transaction, error) {
			return open.m.Settle(o, big.NewInt(2))
		}, "InvalidOption"},
		{"BuyInvalidOption", alice, func(o *bind.TransactOpts) (*types.Transaction, error) {
			return open.m.Buy(o, big.NewInt(2), usdc(1), zero, future)
		}, "InvalidOption"},
		{"SellMoreThanHeld", alice, func(o *bind.TransactOpts) (*types.Transaction, error) {
			return open.m.Sell(o, zero, new(big.Int).Add(aliceOpen, big.NewInt(1)), zero, future)
		}, "ERC20InsufficientBalance"},
		{"SellUnheldOption", mallory, func(o *bind.TransactOpts) (*types.Transaction, error) {
			return open.m.Sell(o, big.NewInt(1), big.NewInt(1), zero, future)
		}, "ERC20InsufficientBalance"},
		{"RemoveMoreLPThanHeld", mallory, func(o *bind.TransactOpts) (*types.Transaction, error) {
			return open.m.RemoveLiquidity(o, big.NewInt(1), zero, future)
		}, "ERC20InsufficientBalance"},

		// Deadlines.
		{"BuyExpiredDeadline", alice, func(o *bind.TransactOpts) (*types.Transaction, error) {
			return open.m.Buy(o, zero, usdc(1), zero, past)
		}, "DeadlineExpired"},
		{"SellExpiredDeadline", alice, func(o *bind.TransactOpts) (*types.Transaction, error) {
			return open.m.Sell(o, zero, big.NewInt(1), zero, past)
		}, "DeadlineExpired"},
		{"AddLiquidityExpiredDeadline", alice, func(o *bind.TransactOpts) (*types.Transaction, error) {
			return open.m.AddLiquidity(o, usdc(1), zero, past)
		}, "DeadlineExpired"},
		{"RemoveLiquidityExpiredDeadline", alice, func(o *bind.TransactOpts) (*types.Transaction, error) {
			return open.m.RemoveLiquidity(o, big.NewInt(1), zero, past)
		}, "DeadlineExpired"},

		// Slippage.
		{"BuySlippage", alice, func(o *bind.TransactOpts) (*types.Transaction, error) {
			return open.m.Buy(o, zero, usdc(1), usdc(1000), future)
		}, "InsufficientOutput"},
		{"SellSlippage", alice, func(o *bind.TransactOpts) (*types.Transaction, error) {
			return open.m.Sell(o, zero, aliceOpen, usdc(1000), future)
		}, "InsufficientOutput"},
		{"AddLiquiditySlippage", alice, func(o *bind.TransactOpts) (*types.Transaction, error) {
			return open.m.AddLiquidity(o, usdc(1), usdc(1000), future)
		}, "InsufficientOutput"},
		{"RemoveLiquiditySlippage", alice, func(o *bind.TransactOpts) (*types.Transaction, error) {
			return open.m.RemoveLiquidity(o, usdc(1), usdc(1000), future)
		}, "InsufficientOutput"},

		// Zero amounts.
		{"BuyZero", alice, func(o *bind.TransactOpts) (*types.Transaction, error) {
			return open.m.Buy(o, zero, zero, zero, future)
		}, "ZeroAmount"},
		{"SellZero", alice, func(o *bind.TransactOpts) (*types.Transaction, error) {
			return open.m.Sell(o, zero, zero, zero, future)
		}, "ZeroAmount"},
		{"AddLiquidityZero", alice, func(o *bind.TransactOpts) (*types.Transaction, error) {
			return open.m.AddLiquidity(o, zero, zero, future)
		}, "ZeroAmount"},
		{"RemoveLiquidityZero", alice, func(o *bind.TransactOpts) (*types.Transaction, error) {
			return open.m.RemoveLiquidity(o, zero, zero, future)
		}, "ZeroAmount"},
		{"ClaimZero", alice, func(o *bind.TransactOpts) (*types.Transaction, error) {
			return settled.m.Claim(o, zero)
		}, "ZeroAmount"},
		{"RedeemZero", env.operator, func(o *bind.TransactOpts) (*types.Transaction, error) {
			return settled.m.RedeemLiquidity(o, zero)
		}, "ZeroAmount"},
		{"BuyDust", alice, func(o *bind.TransactOpts) (*types.Transaction, error) {
			return open.m.Buy(o, zero, big.NewInt(1), zero, future) // the 2% fee rounds up to all of it
		}, "ZeroOutput"},

		// Claims and redemption.
		{"ClaimBeforeSettlement", alice, func(o *bind.TransactOpts) (*types.Transaction, error) {
			return open.m.Claim(o, big.NewInt(1))
		}, "NotSettled"},
		{"ClaimTwice", alice, func(o *bind.TransactOpts) (*types.Transaction, error) {
			return settled.m.Claim(o, aliceWinning)
		}, "ERC20InsufficientBalance"},
		{"ClaimLosingTokens", bob, func(o *bind.TransactOpts) (*types.Transaction, error) {
			return settled.m.Claim(o, big.NewInt(1))
		}, "ERC20InsufficientBalance"},
		{"RedeemBeforeSettlement", env.operator, func(o *bind.TransactOpts) (*types.Transaction, error) {
			return open.m.RedeemLiquidity(o, big.NewInt(1))
		}, "NotSettled"},
		{"RedeemMoreThanHeld", mallory, func(o *bind.TransactOpts) (*types.Transaction, error) {
			return settled.m.RedeemLiquidity(o, big.NewInt(1))
		}, "ERC20InsufficientBalance"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			env.t = t
			rev := env.revertOf(tc.from, tc.send)
			if rev.Name != tc.want {
				t.Fatalf("reverted with %v, want %s", rev, tc.want)
			}
		})
	}

	// Buying without an approval surfaces the base token's own error.
	t.Run("BuyWithoutApproval", func(t *testing.T) {
		env.t = t
		env.mustMine(env.mustSend(mallory, func(o *bind.TransactOpts) (*types.Transaction, error) {
			return env.usdc.Approve(o, open.addr, zero)
		}))
		rev := env.revertOf(mallory, func(o *bind.TransactOpts) (*types.Transaction, error) {
			return open.m.Buy(o, zero, usdc(1), zero, future)
		})
		if rev.Name != "ERC20InsufficientAllowance" {
			t.Fatalf("reverted with %v", rev)
		}
	})
	// An admin without an approval of the factory cannot seed a market.
	t.Run("CreateMarketWithoutApproval", func(t *testing.T) {
		env.t = t
		env.mustMine(env.mustSend(env.operator, func(o *bind.TransactOpts) (*types.Transaction, error) {
			return env.factory.SetAdmin(o, bob.addr, true)
		}))
		rev := env.revertOf(bob, func(o *bind.TransactOpts) (*types.Transaction, error) {
			return env.factory.CreateMarket(o, env.usdcAddr, names, end, zero, usdc(1), salt, meta)
		})
		if rev.Name != "ERC20InsufficientAllowance" {
			t.Fatalf("reverted with %v", rev)
		}
	})
	// A revoked resolver can no longer settle.
	t.Run("RevokedResolver", func(t *testing.T) {
		env.t = t
		env.mustMine(env.mustSend(env.operator, func(o *bind.TransactOpts) (*types.Transaction, error) {
			return env.factory.SetResolver(o, mallory.addr, true)
		}))
		env.mustMine(env.mustSend(env.operator, func(o *bind.TransactOpts) (*types.Transaction, error) {
			return env.factory.SetResolver(o, mallory.addr, false)
		}))
		rev := env.revertOf(mallory, func(o *bind.TransactOpts) (*types.Transaction, error) {
			return open.m.Settle(o, zero)
		})
		if rev.Name != "NotResolver" {
			t.Fatalf("reverted with %v", rev)
		}
	})
}
