package chain_test

import (
	"bytes"
	"math/big"
	"slices"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/accounts/abi/bind"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/crypto"

	"github.com/predict-dev/predict/internal/chain/bindings"
)

// ctSafe is a k-of-n Safe multisig (the audited contracts of @safe-global/safe-contracts, as
// published) on the contract test chain, and the keys of its owners.
type ctSafe struct {
	env    *ctEnv
	addr   common.Address
	safe   *bindings.Safe
	owners []*ctAccount
}

// newSafe deploys the Safe singleton and proxy factory and a Safe of owners with threshold.
func newSafe(t *testing.T, env *ctEnv, owners []*ctAccount, threshold int64) *ctSafe {
	t.Helper()
	singleton, tx1, _, err := bindings.DeploySafe(env.opts(env.operator, 8_000_000), env.client)
	if err != nil {
		t.Fatal(err)
	}
	env.operator.nonce++
	factoryAddr, tx2, factory, err := bindings.DeploySafeProxyFactory(env.opts(env.operator, 3_000_000), env.client)
	if err != nil {
		t.Fatal(err)
	}
	env.operator.nonce++
	env.mustMine(tx1, tx2)
	safeABI, err := bindings.SafeMetaData.GetAbi()
	if err != nil {
		t.Fatal(err)
	}
	addrs := make([]common.Address, len(owners))
	for i, o := range owners {
		addrs[i] = o.addr
	}
	setup, err := safeABI.Pack("setup", addrs, big.NewInt(threshold), common.Address{}, []byte{}, common.Address{},
		common.Address{}, new(big.Int), common.Address{})
	if err != nil {
		t.Fatal(err)
	}
	r := env.mustMine(env.mustSend(env.operator, func(o *bind.TransactOpts) (*types.Transaction, error) {
		return factory.CreateProxyWithNonce(o, singleton, setup, big.NewInt(1))
	}))[0]
	created := ctFindLog(t, r, factoryAddr, factory.ParseProxyCreation)
	safe, err := bindings.NewSafe(created.Proxy, env.client)
	if err != nil {
		t.Fatal(err)
	}
	return &ctSafe{env: env, addr: created.Proxy, safe: safe, owners: owners}
}

// exec has the Safe call to with data, signed by signers (owners of it), sent by the first.
// It returns the transaction's receipt, which fails when the Safe refuses.
func (s *ctSafe) exec(t *testing.T, to common.Address, data []byte, signers ...*ctAccount) *types.Receipt {
	t.Helper()
	call := &bind.CallOpts{Context: s.env.ctx}
	nonce, err := s.safe.Nonce(call)
	if err != nil {
		t.Fatal(err)
	}
	zero := new(big.Int)
	h, err := s.safe.GetTransactionHash(call, to, zero, data, 0, zero, zero, zero, common.Address{}, common.Address{}, nonce)
	if err != nil {
		t.Fatal(err)
	}
	// The Safe wants its signatures ordered by signer address.
	sorted := slices.Clone(signers)
	slices.SortFunc(sorted, func(a, b *ctAccount) int { return bytes.Compare(a.addr[:], b.addr[:]) })
	var sigs []byte
	for _, o := range sorted {
		sig, err := crypto.Sign(h[:], o.key)
		if err != nil {
			t.Fatal(err)
		}
		sig[64] += 27
		sigs = append(sigs, sig...)
	}
	tx := s.env.mustSend(signers[0], func(o *bind.TransactOpts) (*types.Transaction, error) {
		return s.safe.ExecTransaction(o, to, zero, data, 0, zero, zero, zero, common.Address{}, common.Address{}, sigs)
	})
	s.env.commit()
	return s.env.receipt(tx)
}

// TestSafeDecidesAndTimelockDelays: the roles that decide outcomes and change settings can be
// held by a k-of-n Safe and an OpenZeppelin TimelockController. A 2-of-3 Safe, named the
// factory's arbitrator through a 48-hour timelock (the change waits it out), decides a disputed
// assertion with two of its owners' signatures, and one signature is not enough; a change of
// arbitrator proposed during the dispute waits out the timelock too, and would not reach the
// dispute anyway (TestArbitratorFixedAtDispute).
func TestSafeDecidesAndTimelockDelays(t *testing.T) {
	env := ctNewEnv(t, 5)
	owners, bob := env.users[:3], env.users[3]
	s := newSafe(t, env, owners, 2)
	if th, err := s.safe.GetThreshold(&bind.CallOpts{Context: env.ctx}); err != nil || th.Int64() != 2 {
		t.Fatalf("threshold %v, %v", th, err)
	}

	// The factory's owner becomes a timelock the Safe proposes to, anyone executing.
	delay := big.NewInt(48 * 3600)
	lockAddr, tx, lock, err := bindings.DeployTimelockController(env.opts(env.operator, 5_000_000), env.client, delay,
		[]common.Address{s.addr}, []common.Address{{}}, common.Address{})
	if err != nil {
		t.Fatal(err)
	}
	env.operator.nonce++
	env.mustMine(tx)
	env.mustMine(env.mustSend(env.operator, func(o *bind.TransactOpts) (*types.Transaction, error) {
		return env.factory.TransferOwnership(o, lockAddr)
	}))
	factoryABI, err := bindings.MarketFactoryMetaData.GetAbi()
	if err != nil {
		t.Fatal(err)
	}
	lockABI, err := bindings.TimelockControllerMetaData.GetAbi()
	if err != nil {
		t.Fatal(err)
	}
	// setArbitrator goes through the timelock: the Safe schedules it, anyone executes it once
	// the delay has passed, not before.
	setArbitrator := func(arbitrator common.Address, salt byte) (execute func() error) {
		t.Helper()
		data, err := factoryABI.Pack("setArbitrator", arbitrator)
		if err != nil {
			t.Fatal(err)
		}
		schedule, err := lockABI.Pack("schedule", env.suite.MarketFactory, new(big.Int), data, [32]byte{}, [32]byte{salt}, delay)
		if err != nil {
			t.Fatal(err)
		}
		if r := s.exec(t, lockAddr, schedule, owners[0], owners[1]); r.Status != types.ReceiptStatusSuccessful {
			t.Fatal("the Safe could not schedule the change")
		}
		return func() error {
			// Gas is estimated, so a refusal is an error here, not a failed transaction.
			o := env.opts(bob, 0)
			_, err := lock.Execute(o, env.suite.MarketFactory, new(big.Int), data, [32]byte{}, [32]byte{salt})
			if err == nil {
				bob.nonce++
				env.commit()
			}
			return err
		}
	}
	execute := setArbitrator(s.addr, 1)
	if err := execute(); err == nil {
		t.Fatal("the arbitrator changed before the timelock's delay")
	}
	env.advance(48 * 3600)
	if err := execute(); err != nil {
		t.Fatalf("after the delay: %v", err)
	}
	if got := ctView(t, &bind.CallOpts{Context: env.ctx}, env.factory.Arbitrator); got != s.addr {
		t.Fatalf("arbitrator %s, want the Safe %s", got, s.addr)
	}

	// A disputed market: the Safe decides with two signatures, not one.
	mk := env.createMarketWithResolution(2, 200, usdc(1000), 24*time.Hour, 3600, usdc(10))
	env.approveAll(mk)
	env.mustMine(env.mustSend(env.operator, func(o *bind.TransactOpts) (*types.Transaction, error) {
		return mk.m.AssertOutcome(o, big.NewInt(0))
	}))
	env.mustMine(env.mustSend(bob, func(o *bind.TransactOpts) (*types.Transaction, error) { return mk.m.Dispute(o) }))
	// Meanwhile a change of arbitrator is proposed: it waits out the timelock.
	swap := setArbitrator(owners[2].addr, 2)
	if err := swap(); err == nil {
		t.Fatal("a change of arbitrator took effect during its delay")
	}
	marketABI, err := bindings.MarketMetaData.GetAbi()
	if err != nil {
		t.Fatal(err)
	}
	decide, err := marketABI.Pack("arbitrate", big.NewInt(1))
	if err != nil {
		t.Fatal(err)
	}
	if r := s.exec(t, mk.addr, decide, owners[2]); r.Status == types.ReceiptStatusSuccessful {
		t.Fatal("one signature of a 2-of-3 Safe decided the dispute")
	}
	call := &bind.CallOpts{Context: env.ctx}
	if ctView(t, call, mk.m.Settled) {
		t.Fatal("settled on one signature")
	}
	if r := s.exec(t, mk.addr, decide, owners[2], owners[0]); r.Status != types.ReceiptStatusSuccessful {
		t.Fatal("two signatures of the Safe could not decide the dispute")
	}
	if !ctView(t, call, mk.m.Settled) || ctView(t, call, mk.m.WinningIndex).Int64() != 1 {
		t.Fatal("the Safe's decision did not end the market on option 1")
	}
}
