package chain_test

import (
	"math/big"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/accounts/abi/bind"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/crypto"

	"github.com/predict-dev/predict/internal/chain/bindings"
	"github.com/predict-dev/predict/internal/market/fpmm"
)

// TestArbitratorFixedAtDispute: the arbitrator of a dispute is the one the factory had when
// the dispute opened. The factory's owner naming another arbitrator mid-dispute gives the new
// one no power over it; the original decides it.
func TestArbitratorFixedAtDispute(t *testing.T) {
	env, arbitrator, _ := ctResolutionEnv(t)
	alice, bob, other := env.users[0], env.users[1], env.users[2]
	bond := usdc(10)
	mk := env.createMarketWithResolution(2, 200, usdc(1000), 24*time.Hour, 3600, bond)
	env.approveAll(mk)
	env.mustMine(env.mustSend(env.operator, func(o *bind.TransactOpts) (*types.Transaction, error) {
		return mk.m.AssertOutcome(o, big.NewInt(0))
	}))
	env.mustMine(env.mustSend(bob, func(o *bind.TransactOpts) (*types.Transaction, error) { return mk.m.Dispute(o) }))
	call := &bind.CallOpts{Context: env.ctx}
	if got := ctView(t, call, mk.m.DisputeArbitrator); got != arbitrator.addr {
		t.Fatalf("dispute arbitrator %s, want %s", got, arbitrator.addr)
	}
	// The owner swaps the factory's arbitrator during the dispute.
	env.mustMine(env.mustSend(env.operator, func(o *bind.TransactOpts) (*types.Transaction, error) {
		return env.factory.SetArbitrator(o, other.addr)
	}))
	for _, a := range []*ctAccount{other, alice} {
		env.expectRevert(a, "NotArbitrator", func(o *bind.TransactOpts) (*types.Transaction, error) {
			return mk.m.Arbitrate(o, big.NewInt(1))
		})
	}
	r := env.mustMine(env.mustSend(arbitrator, func(o *bind.TransactOpts) (*types.Transaction, error) {
		return mk.m.Arbitrate(o, big.NewInt(1))
	}))[0]
	if ev := ctFindLog(t, r, mk.addr, mk.m.ParseArbitrated); ev.Arbitrator != arbitrator.addr || ev.BondWinner != bob.addr {
		t.Fatalf("arbitrated by %s for %s", ev.Arbitrator, ev.BondWinner)
	}
}

// TestDisputeUnanswered: a dispute no arbitrator answers for ARBITRATION_PERIOD does not freeze
// the market. Before the deadline finalize refuses (the arbitrator may still decide); from the
// deadline on the arbitrator may not, and anyone's finalize ends the market VOID, each side's
// bond going back to it; holders claim 1/N a token. A market disputed after the owner named no
// arbitrator ends the same way.
func TestDisputeUnanswered(t *testing.T) {
	for _, tc := range []struct {
		name         string
		noArbitrator bool
	}{{"ArbitratorSilent", false}, {"NoArbitratorSet", true}} {
		t.Run(tc.name, func(t *testing.T) {
			env, arbitrator, _ := ctResolutionEnv(t)
			alice, bob := env.users[0], env.users[1]
			bond := usdc(10)
			mk := env.createMarketWithResolution(2, 200, usdc(1000), 24*time.Hour, 3600, bond)
			if tc.noArbitrator {
				// The factory creates no market with a window without an arbitrator, but the
				// owner may name none afterwards.
				env.mustMine(env.mustSend(env.operator, func(o *bind.TransactOpts) (*types.Transaction, error) {
					return env.factory.SetArbitrator(o, [20]byte{})
				}))
			}
			env.approveAll(mk)
			dl := new(big.Int).SetUint64(env.headTime() + 3600)
			env.mustMine(env.mustSend(alice, func(o *bind.TransactOpts) (*types.Transaction, error) {
				return mk.m.Buy(o, big.NewInt(0), usdc(50), big.NewInt(1), dl)
			}))
			env.mustMine(env.mustSend(env.operator, func(o *bind.TransactOpts) (*types.Transaction, error) {
				return mk.m.AssertOutcome(o, big.NewInt(0))
			}))
			env.mustMine(env.mustSend(bob, func(o *bind.TransactOpts) (*types.Transaction, error) { return mk.m.Dispute(o) }))
			call := &bind.CallOpts{Context: env.ctx}
			operatorBefore := ctViewOf(t, call, env.usdc.BalanceOf, env.operator.addr)
			bobBefore := ctViewOf(t, call, env.usdc.BalanceOf, bob.addr)

			env.expectRevert(alice, "AlreadyDisputed", func(o *bind.TransactOpts) (*types.Transaction, error) {
				return mk.m.Finalize(o)
			})
			env.advance(fpmm.ArbitrationPeriod)
			if !tc.noArbitrator {
				env.expectRevert(arbitrator, "ArbitrationExpired", func(o *bind.TransactOpts) (*types.Transaction, error) {
					return mk.m.Arbitrate(o, big.NewInt(1))
				})
			}
			r := env.mustMine(env.mustSend(alice, func(o *bind.TransactOpts) (*types.Transaction, error) {
				return mk.m.Finalize(o)
			}))[0]
			expired := ctFindLog(t, r, mk.addr, mk.m.ParseDisputeExpired)
			if expired.Disputer != bob.addr || expired.BondReturned.Cmp(bond) != 0 {
				t.Fatalf("DisputeExpired %+v", expired)
			}
			ctFindLog(t, r, mk.addr, mk.m.ParseVoided)
			if !ctView(t, call, mk.m.Voided) {
				t.Fatal("the market did not end VOID")
			}
			ctEqual(t, "the asserter's bond back", ctViewOf(t, call, env.usdc.BalanceOf, env.operator.addr), new(big.Int).Add(operatorBefore, bond))
			ctEqual(t, "the disputer's bond back", ctViewOf(t, call, env.usdc.BalanceOf, bob.addr), new(big.Int).Add(bobBefore, bond))
			// alice's Yes pays 1/2 a token.
			held := ctViewOf(t, call, mk.tokens[0].BalanceOf, alice.addr)
			aliceBefore := ctViewOf(t, call, env.usdc.BalanceOf, alice.addr)
			env.mustMine(env.mustSend(alice, func(o *bind.TransactOpts) (*types.Transaction, error) {
				return mk.m.ClaimVoid(o, []*big.Int{held, new(big.Int)})
			}))
			ctEqual(t, "alice's void claim", ctViewOf(t, call, env.usdc.BalanceOf, alice.addr),
				new(big.Int).Add(aliceBefore, new(big.Int).Quo(held, big.NewInt(2))))
		})
	}
}

// TestBlacklistedRecipientCannotBlockTheEnd: on a collateral that blacklists (as USDC does), a
// blacklisted asserter does not block finalize, nor a blacklisted treasury arbitrate: the market
// ends, what the token refuses is owed (PaymentOwed), and its owner withdraws it to another
// address of theirs. Nor does a blacklisted holder stop a payout batch (payOut).
func TestBlacklistedRecipientCannotBlockTheEnd(t *testing.T) {
	env, arbitrator, treasury := ctResolutionEnv(t)
	alice, bob := env.users[0], env.users[1]
	token, tx, busd, err := bindings.DeployBlacklistToken(env.opts(env.operator, 3_000_000), env.client, env.operator.addr)
	if err != nil {
		t.Fatal(err)
	}
	env.operator.nonce++
	env.mustMine(tx)
	var txs []*types.Transaction
	txs = append(txs, env.mustSend(env.operator, func(o *bind.TransactOpts) (*types.Transaction, error) {
		return env.factory.SetBaseToken(o, token, true)
	}), env.mustSend(env.operator, func(o *bind.TransactOpts) (*types.Transaction, error) {
		return busd.Approve(o, env.suite.MarketFactory, abi.MaxUint256)
	}))
	for _, u := range append([]*ctAccount{env.operator}, env.users...) {
		txs = append(txs, env.mustSend(env.operator, func(o *bind.TransactOpts) (*types.Transaction, error) {
			return busd.Mint(o, u.addr, usdc(1_000_000))
		}))
	}
	env.mustMine(txs...)
	bond := usdc(10)
	create := func() *ctMarket {
		names, salt, end := env.newMarketParams(2, 24*time.Hour)
		r := env.mustMine(env.mustSend(env.operator, func(o *bind.TransactOpts) (*types.Transaction, error) {
			o.GasLimit = 8_000_000
			return env.factory.CreateMarketWithResolution(o, token, names, new(big.Int).SetUint64(end), big.NewInt(200), usdc(1000),
				salt, crypto.Keccak256Hash([]byte("metadata")), big.NewInt(3600), bond)
		}))[0]
		mk := env.marketFromReceipt(r, 200)
		var txs []*types.Transaction
		for _, u := range append([]*ctAccount{env.operator}, env.users...) {
			txs = append(txs, env.mustSend(u, func(o *bind.TransactOpts) (*types.Transaction, error) {
				return busd.Approve(o, mk.addr, abi.MaxUint256)
			}))
		}
		env.mustMine(txs...)
		return mk
	}
	blacklist := func(a common.Address, on bool) {
		env.mustMine(env.mustSend(env.operator, func(o *bind.TransactOpts) (*types.Transaction, error) {
			return busd.SetBlacklisted(o, a, on)
		}))
	}
	call := &bind.CallOpts{Context: env.ctx}

	t.Run("AsserterBlacklisted", func(t *testing.T) {
		env.t = t
		mk := create()
		env.mustMine(env.mustSend(env.operator, func(o *bind.TransactOpts) (*types.Transaction, error) {
			return mk.m.AssertOutcome(o, big.NewInt(0))
		}))
		blacklist(env.operator.addr, true)
		defer blacklist(env.operator.addr, false)
		env.advance(3600)
		r := env.mustMine(env.mustSend(alice, func(o *bind.TransactOpts) (*types.Transaction, error) { return mk.m.Finalize(o) }))[0]
		owed := ctFindLog(t, r, mk.addr, mk.m.ParsePaymentOwed)
		if owed.Account != env.operator.addr || owed.Amount.Cmp(bond) != 0 || !ctView(t, call, mk.m.Settled) {
			t.Fatalf("PaymentOwed %+v, settled %v", owed, ctView(t, call, mk.m.Settled))
		}
		// The asserter takes it to another address of theirs.
		before := ctViewOf(t, call, busd.BalanceOf, bob.addr)
		env.mustMine(env.mustSend(env.operator, func(o *bind.TransactOpts) (*types.Transaction, error) {
			return mk.m.WithdrawOwed(o, bob.addr)
		}))
		ctEqual(t, "withdrawn to another address", ctViewOf(t, call, busd.BalanceOf, bob.addr), new(big.Int).Add(before, bond))
		ctEqual(t, "owed after", ctViewOf(t, call, mk.m.Owed, env.operator.addr), new(big.Int))
		env.expectRevert(env.operator, "ZeroAmount", func(o *bind.TransactOpts) (*types.Transaction, error) {
			return mk.m.WithdrawOwed(o, bob.addr)
		})
	})
	t.Run("TreasuryBlacklisted", func(t *testing.T) {
		env.t = t
		mk := create()
		env.mustMine(env.mustSend(env.operator, func(o *bind.TransactOpts) (*types.Transaction, error) {
			return mk.m.AssertOutcome(o, big.NewInt(0))
		}))
		env.mustMine(env.mustSend(bob, func(o *bind.TransactOpts) (*types.Transaction, error) { return mk.m.Dispute(o) }))
		blacklist(treasury, true)
		bobBefore := ctViewOf(t, call, busd.BalanceOf, bob.addr)
		r := env.mustMine(env.mustSend(arbitrator, func(o *bind.TransactOpts) (*types.Transaction, error) {
			return mk.m.Arbitrate(o, big.NewInt(1))
		}))[0]
		arb := ctFindLog(t, r, mk.addr, mk.m.ParseArbitrated)
		owed := ctFindLog(t, r, mk.addr, mk.m.ParsePaymentOwed)
		if owed.Account != treasury || owed.Amount.Cmp(arb.Fee) != 0 {
			t.Fatalf("PaymentOwed %+v, fee %s", owed, arb.Fee)
		}
		ctEqual(t, "the right side's payout", ctViewOf(t, call, busd.BalanceOf, bob.addr), new(big.Int).Add(bobBefore, arb.Payout))
	})
	t.Run("HolderBlacklistedInPayOut", func(t *testing.T) {
		// A holder the token refuses stops no payout batch: its winnings are owed to it, and the
		// others of the batch are paid.
		env.t = t
		mk := create()
		carol := env.users[2]
		dl := new(big.Int).SetUint64(env.headTime() + 3600)
		env.mustMine(env.mustSend(alice, func(o *bind.TransactOpts) (*types.Transaction, error) {
			return mk.m.Buy(o, big.NewInt(0), usdc(10), big.NewInt(1), dl)
		}), env.mustSend(bob, func(o *bind.TransactOpts) (*types.Transaction, error) {
			return mk.m.Buy(o, big.NewInt(0), usdc(20), big.NewInt(1), dl)
		}))
		env.mustMine(env.mustSend(env.operator, func(o *bind.TransactOpts) (*types.Transaction, error) {
			return mk.m.AssertOutcome(o, big.NewInt(0))
		}))
		env.advance(3600)
		env.mustMine(env.mustSend(carol, func(o *bind.TransactOpts) (*types.Transaction, error) { return mk.m.Finalize(o) }))
		aliceWon := ctViewOf(t, call, mk.tokens[0].BalanceOf, alice.addr)
		bobWon := ctViewOf(t, call, mk.tokens[0].BalanceOf, bob.addr)
		bobBefore := ctViewOf(t, call, busd.BalanceOf, bob.addr)
		blacklist(alice.addr, true)
		defer blacklist(alice.addr, false)
		r := env.mustMine(env.mustSend(carol, func(o *bind.TransactOpts) (*types.Transaction, error) {
			return mk.m.PayOut(o, []common.Address{alice.addr, bob.addr}, nil)
		}))[0]
		owed := ctFindLog(t, r, mk.addr, mk.m.ParsePaymentOwed)
		if owed.Account != alice.addr || owed.Amount.Cmp(aliceWon) != 0 {
			t.Fatalf("PaymentOwed %+v, alice won %s", owed, aliceWon)
		}
		ctEqual(t, "bob paid in the same batch", ctViewOf(t, call, busd.BalanceOf, bob.addr), new(big.Int).Add(bobBefore, bobWon))
		ctEqual(t, "alice owed her winnings", ctViewOf(t, call, mk.m.Owed, alice.addr), aliceWon)
		other := common.HexToAddress("0x00000000000000000000000000000000000a11ce")
		env.mustMine(env.mustSend(alice, func(o *bind.TransactOpts) (*types.Transaction, error) { return mk.m.WithdrawOwed(o, other) }))
		ctEqual(t, "alice's winnings at another address of hers", ctViewOf(t, call, busd.BalanceOf, other), aliceWon)
	})
}
