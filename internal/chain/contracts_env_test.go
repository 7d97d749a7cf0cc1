package chain_test

import (
	"context"
	"crypto/ecdsa"
	"math/big"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/accounts/abi/bind"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/eth/ethconfig"
	"github.com/ethereum/go-ethereum/ethclient"
	"github.com/ethereum/go-ethereum/ethclient/simulated"
	"github.com/ethereum/go-ethereum/node"
	"github.com/ethereum/go-ethereum/params"

	"github.com/predict-dev/predict/internal/chain"
	"github.com/predict-dev/predict/internal/chain/bindings"
)

// ctMainnetLikeConfig is the chain config of the contract tests: the current mainnet fork
// (Osaka with the BPO2 blob schedule) from genesis. simulated.NewBackend defaults to an
// experimental fork whose gas schedule is far from mainnet's.
func ctMainnetLikeConfig() *params.ChainConfig {
	cfg := *params.AllDevChainProtocolChanges
	zero := uint64(0)
	cfg.BogotaTime = nil
	cfg.BPO1Time = &zero
	cfg.BPO2Time = &zero
	cfg.BlobScheduleConfig = &params.BlobScheduleConfig{
		Cancun: params.DefaultCancunBlobConfig,
		Prague: params.DefaultPragueBlobConfig,
		BPO1:   params.DefaultBPO1BlobConfig,
		BPO2:   params.DefaultBPO2BlobConfig,
	}
	return &cfg
}

// ctAccount is a funded externally owned account of the test chain.
type ctAccount struct {
	key   *ecdsa.PrivateKey
	addr  common.Address
	nonce uint64 // next nonce, kept locally
}

// ctEnv is a simulated chain with the suite deployed, an operator (owner, admin, resolver) and
// a few funded users holding the dev USDC.
type ctEnv struct {
	t        testing.TB
	ctx      context.Context
	sim      *simulated.Backend
	client   simulated.Client
	chainID  *big.Int
	operator *ctAccount
	users    []*ctAccount
	suite    *chain.Suite
	factory  *bindings.MarketFactory
	usdc     *bindings.BaseToken
	usdcAddr common.Address
	tip      *big.Int

	arbitrator    *ctAccount // the factory's arbitrator, when a test sets one
	disputeFeeBps uint64     // the factory's dispute fee, when a test sets one
}

var ctEther = new(big.Int).Exp(big.NewInt(10), big.NewInt(18), nil)

func ctNewEnv(t testing.TB, users int) *ctEnv {
	t.Helper()
	ctx := context.Background()
	newAcct := func() *ctAccount {
		k, err := crypto.GenerateKey()
		if err != nil {
			t.Fatal(err)
		}
		return &ctAccount{key: k, addr: crypto.PubkeyToAddress(k.PublicKey)}
	}
	env := &ctEnv{t: t, ctx: ctx, operator: newAcct(), tip: big.NewInt(params.GWei)}
	alloc := types.GenesisAlloc{env.operator.addr: {Balance: new(big.Int).Mul(ctEther, big.NewInt(1_000_000))}}
	for i := 0; i < users; i++ {
		u := newAcct()
		env.users = append(env.users, u)
		alloc[u.addr] = types.Account{Balance: new(big.Int).Mul(ctEther, big.NewInt(1000))}
	}
	cfg := ctMainnetLikeConfig()
	env.sim = simulated.NewBackend(alloc, func(_ *node.Config, ec *ethconfig.Config) {
		ec.Genesis.Config = cfg
	})
	t.Cleanup(func() { _ = env.sim.Close() })
	env.client = env.sim.Client()
	chainID, err := env.client.ChainID(ctx)
	if err != nil {
		t.Fatal(err)
	}
	env.chainID = chainID

	auth, err := bind.NewKeyedTransactorWithChainID(env.operator.key, chainID)
	if err != nil {
		t.Fatal(err)
	}
	suite, err := chain.DeploySuite(ctx, env.client, auth, chain.SuiteConfig{
		PaymasterSigner:  env.operator.addr,
		PaymasterDeposit: ctEther,
		BaseTokens:       chain.DefaultBaseTokens(),
		FeeBps:           chain.DefaultFeeBps,
		Admins:           []common.Address{env.operator.addr},
		Resolvers:        []common.Address{env.operator.addr},
		Commit:           func() { env.sim.Commit() },
	})
	if err != nil {
		t.Fatal(err)
	}
	env.suite = suite
	n, err := env.client.PendingNonceAt(ctx, env.operator.addr)
	if err != nil {
		t.Fatal(err)
	}
	env.operator.nonce = n
	env.factory, err = bindings.NewMarketFactory(suite.MarketFactory, env.client)
	if err != nil {
		t.Fatal(err)
	}
	env.usdcAddr = suite.BaseTokens[0].Address
	env.usdc, err = bindings.NewBaseToken(env.usdcAddr, env.client)
	if err != nil {
		t.Fatal(err)
	}
	// Fund the users and the operator with USDC and approve the factory for the operator.
	fund := new(big.Int).Mul(big.NewInt(1e6), big.NewInt(1e12)) // 1e12 USDC each
	for _, u := range append([]*ctAccount{env.operator}, env.users...) {
		env.mustSend(env.operator, func(o *bind.TransactOpts) (*types.Transaction, error) {
			return env.usdc.Mint(o, u.addr, fund)
		})
	}
	env.mustSend(env.operator, func(o *bind.TransactOpts) (*types.Transaction, error) {
		return env.usdc.Approve(o, suite.MarketFactory, abi.MaxUint256)
	})
	env.commit()
	return env
}

// opts returns transact options with the account's local nonce and a fixed gas limit (no
// estimation, so transactions can depend on earlier ones of the same block), bumping the nonce.
func (env *ctEnv) opts(a *ctAccount, gas uint64) *bind.TransactOpts {
	auth, err := bind.NewKeyedTransactorWithChainID(a.key, env.chainID)
	if err != nil {
		env.t.Fatal(err)
	}
	auth.Context = env.ctx
	auth.Nonce = new(big.Int).SetUint64(a.nonce)
	auth.GasLimit = gas
	auth.GasTipCap = new(big.Int).Set(env.tip)
	auth.GasFeeCap = new(big.Int).Mul(big.NewInt(100), big.NewInt(params.GWei))
	return auth
}

// mustSend sends a transaction without waiting (gas limit 3M) and bumps the account's nonce.
func (env *ctEnv) mustSend(a *ctAccount, f func(*bind.TransactOpts) (*types.Transaction, error)) *types.Transaction {
	env.t.Helper()
	tx, err := f(env.opts(a, 3_000_000))
	if err != nil {
		env.t.Fatal(err)
	}
	a.nonce++
	return tx
}

// commit seals a block. It first waits until the pool has promoted every sent transaction (the
// simulated pool promotes asynchronously: a second transaction of an account sent just before
// Commit can otherwise miss the block). The wait is generous because under the race detector on a
// busy machine promotion has been seen to take longer than 10 s; it polls at 1 ms so as not to
// compete with the pool for its lock.
func (env *ctEnv) commit() {
	deadline := time.Now().Add(60 * time.Second)
	for _, a := range append([]*ctAccount{env.operator}, env.users...) {
		for {
			n, err := env.client.PendingNonceAt(env.ctx, a.addr)
			if err != nil {
				env.t.Fatal(err)
			}
			if n >= a.nonce {
				break
			}
			if time.Now().After(deadline) {
				env.t.Fatalf("pool stuck at nonce %d of %s, want %d", n, a.addr, a.nonce)
			}
			time.Sleep(time.Millisecond)
		}
	}
	env.sim.Commit()
}

// receipt returns the receipt of a mined transaction.
func (env *ctEnv) receipt(tx *types.Transaction) *types.Receipt {
	env.t.Helper()
	r, err := env.client.TransactionReceipt(env.ctx, tx.Hash())
	if err != nil {
		env.t.Fatalf("receipt of %s: %v", tx.Hash(), err)
	}
	return r
}

// mustMine commits and checks that every transaction succeeded.
func (env *ctEnv) mustMine(txs ...*types.Transaction) []*types.Receipt {
	env.t.Helper()
	env.commit()
	out := make([]*types.Receipt, len(txs))
	for i, tx := range txs {
		r := env.receipt(tx)
		if r.Status != types.ReceiptStatusSuccessful {
			env.t.Fatalf("transaction %d (%s) failed, gas used %d", i, tx.Hash(), r.GasUsed)
		}
		out[i] = r
	}
	return out
}

// headTime is the timestamp of the head block (deadlines derive from chain time, not the
// wall clock: simulated blocks run ahead of it).
func (env *ctEnv) headTime() uint64 {
	h, err := env.client.HeaderByNumber(env.ctx, nil)
	if err != nil {
		env.t.Fatal(err)
	}
	return h.Time
}

// nextBlockTime bounds the timestamp of the next block: the simulated chain stamps it with the
// wall clock, but at least one second after the head (and the head can run ahead of the wall
// clock after advance). hi allows a minute for the block to be sealed.
func (env *ctEnv) nextBlockTime() (lo, hi uint64) {
	lo = env.headTime() + 1
	hi = max(lo, uint64(time.Now().Unix())+60)
	return lo, hi
}

// advance seals an empty block `seconds` after the head (moving the chain clock forward).
// The simulated pool drops the transactions of a sealed block on its own goroutine, and until it
// has, AdjustTime sees them as pending and refuses ("could not adjust time on non-empty block"):
// that refusal is retried for a while, any other error fails at once.
func (env *ctEnv) advance(seconds uint64) {
	env.t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		err := env.sim.AdjustTime(time.Duration(seconds) * time.Second)
		if err == nil {
			return
		}
		if !strings.Contains(err.Error(), "non-empty block") || time.Now().After(deadline) {
			env.t.Fatal(err)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// ctMarket is a created market with its bindings.
type ctMarket struct {
	addr    common.Address
	m       *bindings.Market
	options []common.Address
	tokens  []*bindings.OptionToken
	endTime uint64
	feeBps  uint64
}

var ctSaltCounter uint64

// usdc is v whole USDC in base units (6 decimals).
func usdc(v int64) *big.Int { return big.NewInt(v * 1_000_000) }

// newMarketParams names n options "Option A", "Option B" ..., takes the
// next unused salt and puts the end duration after the head.
func (env *ctEnv) newMarketParams(n int, duration time.Duration) (names []string, salt common.Hash, end uint64) {
	names = make([]string, n)
	for i := range names {
		names[i] = "Option " + string(rune('A'+i))
	}
	ctSaltCounter++
	return names, common.BigToHash(new(big.Int).SetUint64(ctSaltCounter)), env.headTime() + uint64(duration/time.Second)
}

// createMarket creates a market from the operator (an admin) and returns it; the market and
// option addresses are predicted before the transaction is mined and checked against it.
func (env *ctEnv) createMarket(n int, feeBps uint64, liquidity *big.Int, duration time.Duration) *ctMarket {
	env.t.Helper()
	names, salt, end := env.newMarketParams(n, duration)
	predicted, err := env.factory.PredictMarket(&bind.CallOpts{Context: env.ctx}, env.operator.addr, salt)
	if err != nil {
		env.t.Fatal(err)
	}
	tx := env.mustSend(env.operator, func(o *bind.TransactOpts) (*types.Transaction, error) {
		o.GasLimit = 8_000_000
		return env.factory.CreateMarket(o, env.usdcAddr, names, new(big.Int).SetUint64(end),
			new(big.Int).SetUint64(feeBps), liquidity, salt, crypto.Keccak256Hash([]byte("metadata")))
	})
	r := env.mustMine(tx)[0]
	mk := env.marketFromReceipt(r, feeBps)
	if mk.addr != predicted {
		env.t.Fatalf("market at %s, predicted %s", mk.addr, predicted)
	}
	mk.endTime = end
	return mk
}

// marketFromReceipt binds the market created in a createMarket receipt and checks that its
// option tokens are where predictOption said.
func (env *ctEnv) marketFromReceipt(r *types.Receipt, feeBps uint64) *ctMarket {
	env.t.Helper()
	var created *bindings.MarketFactoryMarketCreated
	for _, l := range r.Logs {
		if ev, err := env.factory.ParseMarketCreated(*l); err == nil {
			created = ev
		}
	}
	if created == nil {
		env.t.Fatal("no MarketCreated event")
	}
	call := &bind.CallOpts{Context: env.ctx}
	mk := &ctMarket{addr: created.Market, options: created.Options, endTime: created.EndTime.Uint64(), feeBps: feeBps}
	for i, o := range created.Options {
		p, err := env.factory.PredictOption(call, created.Market, big.NewInt(int64(i)))
		if err != nil {
			env.t.Fatal(err)
		}
		if p != o {
			env.t.Fatalf("option %d at %s, predicted %s", i, o, p)
		}
		tok, err := bindings.NewOptionToken(o, env.client)
		if err != nil {
			env.t.Fatal(err)
		}
		mk.tokens = append(mk.tokens, tok)
	}
	var err error
	mk.m, err = bindings.NewMarket(created.Market, env.client)
	if err != nil {
		env.t.Fatal(err)
	}
	return mk
}

// topUp mints every account 1e18 more USDC units (1e12 USDC), so long random runs never run
// dry (mined).
func (env *ctEnv) topUp() {
	env.t.Helper()
	var txs []*types.Transaction
	for _, u := range append([]*ctAccount{env.operator}, env.users...) {
		txs = append(txs, env.mustSend(env.operator, func(o *bind.TransactOpts) (*types.Transaction, error) {
			return env.usdc.Mint(o, u.addr, new(big.Int).Exp(big.NewInt(10), big.NewInt(18), nil))
		}))
	}
	env.mustMine(txs...)
}

// approveAll lets every user's market spend their USDC (mined).
func (env *ctEnv) approveAll(mk *ctMarket) {
	env.t.Helper()
	var txs []*types.Transaction
	for _, u := range append([]*ctAccount{env.operator}, env.users...) {
		txs = append(txs, env.mustSend(u, func(o *bind.TransactOpts) (*types.Transaction, error) {
			return env.usdc.Approve(o, mk.addr, abi.MaxUint256)
		}))
	}
	env.mustMine(txs...)
}

// revertOf runs f with gas estimation (GasLimit 0), which fails on a revert, and returns the
// decoded custom error. It fails the test if f does not revert.
func (env *ctEnv) revertOf(a *ctAccount, f func(*bind.TransactOpts) (*types.Transaction, error)) *bindings.RevertError {
	env.t.Helper()
	o := env.opts(a, 0)
	tx, err := f(o)
	if err == nil {
		env.t.Fatalf("expected a revert, transaction %s was sent", tx.Hash())
	}
	data, ok := ethclient.RevertErrorData(err)
	if !ok {
		env.t.Fatalf("no revert data in %v", err)
	}
	rev, derr := bindings.DecodeRevert(data)
	if derr != nil {
		env.t.Fatalf("decode revert %x: %v", data, derr)
	}
	return rev
}

// ctView reads a view of a contract, failing the test when the call fails.
func ctView[T any](t testing.TB, call *bind.CallOpts, view func(*bind.CallOpts) (T, error)) T {
	t.Helper()
	v, err := view(call)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// ctViewOf reads a view of a contract about one address (a balance),
// failing the test when the call fails.
func ctViewOf[T any](t testing.TB, call *bind.CallOpts, view func(*bind.CallOpts, common.Address) (T, error), a common.Address) T {
	t.Helper()
	v, err := view(call, a)
	if err != nil {
		t.Fatal(err)
	}
	return v
}
