package indexer_test

import (
	"context"
	"crypto/ecdsa"
	"io"
	"log/slog"
	"math/big"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/accounts/abi/bind"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/eth/ethconfig"
	"github.com/ethereum/go-ethereum/ethclient/simulated"
	"github.com/ethereum/go-ethereum/node"
	"github.com/ethereum/go-ethereum/params"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/event"
	"github.com/predict-dev/predict/internal/aa"
	"github.com/predict-dev/predict/internal/chain"
	"github.com/predict-dev/predict/internal/chain/bindings"
	"github.com/predict-dev/predict/internal/chain/devchain"
	"github.com/predict-dev/predict/internal/chain/devchain/devchaintest"
	"github.com/predict-dev/predict/internal/events"
	"github.com/predict-dev/predict/internal/indexer"
)

// env is a chain with the contract suite deployed: the embedded dev chain
// (a block per transaction) or go-ethereum's simulated backend (blocks on
// Commit, and forks for the reorg test).
type env struct {
	t        testing.TB
	ctx      context.Context
	client   chain.DeployBackend
	commit   func() // simulated backend only
	sim      *simulated.Backend
	chainID  *big.Int
	suite    *chain.Suite
	operator *ecdsa.PrivateKey // owner, admin and resolver
	keys     *chain.Keys       // dev chain only: bundler and paymaster keys
	usdc     common.Address
	token    *bindings.BaseToken
	factory  *bindings.MarketFactory
}

var quiet = slog.New(slog.NewTextHandler(io.Discard, nil))

func newDevEnv(t testing.TB) *env {
	t.Helper()
	ctx := context.Background()
	n, keys := devchaintest.Open(t, 0)
	e := &env{t: t, ctx: ctx, client: n.Client(), chainID: n.ChainID(), operator: keys.Operator, keys: keys}
	e.deploy(keys.PaymasterAddress())
	return e
}

func newSimEnv(t testing.TB, funded ...common.Address) *env {
	t.Helper()
	return openSimEnv(t, "", funded...)
}

// openSimEnv is the simulated backend with its database in dataDir, or
// in memory when dataDir is empty, and ether for the operator and for
// each funded account.
func openSimEnv(t testing.TB, dataDir string, funded ...common.Address) *env {
	t.Helper()
	operator, _ := crypto.GenerateKey()
	alloc := types.GenesisAlloc{crypto.PubkeyToAddress(operator.PublicKey): {Balance: ether(1_000_000)}}
	for _, a := range funded {
		alloc[a] = types.Account{Balance: ether(1000)}
	}
	sim := simulated.NewBackend(alloc, func(nc *node.Config, ec *ethconfig.Config) {
		nc.DataDir = dataDir
		ec.Genesis.Config = devchain.ChainConfig(1337)
	})
	t.Cleanup(func() { sim.Close() })
	client := sim.Client()
	chainID, err := client.ChainID(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	e := &env{t: t, ctx: context.Background(), client: client, commit: func() { sim.Commit() }, sim: sim,
		chainID: chainID, operator: operator}
	e.deploy(crypto.PubkeyToAddress(operator.PublicKey))
	return e
}

func (e *env) deploy(paymasterSigner common.Address) {
	e.t.Helper()
	opts, err := bind.NewKeyedTransactorWithChainID(e.operator, e.chainID)
	if err != nil {
		e.t.Fatal(err)
	}
	op := crypto.PubkeyToAddress(e.operator.PublicKey)
	e.suite, err = chain.DeploySuite(e.ctx, e.client, opts, chain.SuiteConfig{
		PaymasterSigner: paymasterSigner, PaymasterDeposit: ether(1), BaseTokens: chain.DefaultBaseTokens(),
		FeeBps: chain.DefaultFeeBps, Admins: []common.Address{op}, Resolvers: []common.Address{op}, Commit: e.commit,
	})
	if err != nil {
		e.t.Fatal(err)
	}
	e.usdc = e.suite.BaseTokens[0].Address
	e.token, _ = bindings.NewBaseToken(e.usdc, e.client)
	e.factory, _ = bindings.NewMarketFactory(e.suite.MarketFactory, e.client)
}

// deployment describes the suite as the service configures it.
func (e *env) deployment() *predict.Deployment {
	e.t.Helper()
	d, err := e.suite.Deployment(e.ctx, e.client, 0, true)
	if err != nil {
		e.t.Fatal(err)
	}
	return d
}

func ether(n int64) *big.Int { return new(big.Int).Mul(big.NewInt(n), big.NewInt(params.Ether)) }

func usd(n int64) *big.Int { return big.NewInt(n * 1_000_000) }

func addr(k *ecdsa.PrivateKey) common.Address { return crypto.PubkeyToAddress(k.PublicKey) }

func lower(a common.Address) string { return strings.ToLower(a.Hex()) }

// send sends one transaction from key, mines it and fails the test unless
// it succeeded.
func (e *env) send(key *ecdsa.PrivateKey, f func(*bind.TransactOpts) (*types.Transaction, error)) *types.Receipt {
	e.t.Helper()
	tx := e.sendNoWait(key, 0, f)
	return e.mined(tx)
}

// sendNoWait sends a transaction with a fixed gas limit (no estimation)
// and, optionally, a priority fee in gwei.
func (e *env) sendNoWait(key *ecdsa.PrivateKey, tipGwei int64, f func(*bind.TransactOpts) (*types.Transaction, error)) *types.Transaction {
	e.t.Helper()
	opts, err := bind.NewKeyedTransactorWithChainID(key, e.chainID)
	if err != nil {
		e.t.Fatal(err)
	}
	opts.Context, opts.GasLimit = e.ctx, 6_000_000
	if tipGwei > 0 {
		opts.GasTipCap = big.NewInt(tipGwei * params.GWei)
		opts.GasFeeCap = big.NewInt(10 * tipGwei * params.GWei)
	}
	// After a Fork the simulated pool resets to the new head on its own
	// goroutine; until it has, it judges nonces by the orphaned branch and
	// refuses a replacement of an orphaned transaction as "nonce too low".
	deadline := time.Now().Add(10 * time.Second)
	for {
		tx, err := f(opts)
		if err == nil {
			return tx
		}
		if !strings.Contains(err.Error(), "nonce too low") || time.Now().After(deadline) {
			e.t.Fatal(err)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func (e *env) mined(tx *types.Transaction) *types.Receipt {
	e.t.Helper()
	if e.commit != nil {
		e.commit()
	}
	ctx, cancel := context.WithTimeout(e.ctx, 30*time.Second)
	defer cancel()
	r, err := chain.WaitMined(ctx, e.client, tx.Hash())
	if err != nil {
		e.t.Fatal(err)
	}
	return r
}

// fund gives an account ether for gas and USDC.
func (e *env) fund(to common.Address, usdcAmount *big.Int) {
	e.t.Helper()
	e.send(e.operator, func(o *bind.TransactOpts) (*types.Transaction, error) {
		head, err := e.client.HeaderByNumber(e.ctx, nil)
		if err != nil {
			return nil, err
		}
		nonce, err := e.client.PendingNonceAt(e.ctx, o.From)
		if err != nil {
			return nil, err
		}
		tip := big.NewInt(params.GWei)
		tx := types.NewTx(&types.DynamicFeeTx{ChainID: e.chainID, Nonce: nonce, GasTipCap: tip,
			GasFeeCap: new(big.Int).Add(tip, new(big.Int).Mul(head.BaseFee, big.NewInt(2))), Gas: 21_000, To: &to, Value: ether(10)})
		signed, err := o.Signer(o.From, tx)
		if err != nil {
			return nil, err
		}
		return signed, e.client.SendTransaction(e.ctx, signed)
	})
	e.mint(to, usdcAmount)
}

// mint mints amount USDC to an account, from the operator.
func (e *env) mint(to common.Address, amount *big.Int) *types.Receipt {
	e.t.Helper()
	return e.send(e.operator, func(o *bind.TransactOpts) (*types.Transaction, error) { return e.token.Mint(o, to, amount) })
}

// buy buys option of mk for amount USDC from key, taking any number of
// tokens out, and mines it.
func (e *env) buy(key *ecdsa.PrivateKey, mk *market, option int64, amount *big.Int) *types.Receipt {
	e.t.Helper()
	return e.send(key, func(o *bind.TransactOpts) (*types.Transaction, error) {
		return mk.m.Buy(o, big.NewInt(option), amount, big.NewInt(1), e.deadline())
	})
}

// newSimTrader is a simulated chain with a market of liquidity USDC and
// one trader holding funds USDC who has approved the market.
func newSimTrader(t testing.TB, funds, liquidity *big.Int) (*env, *ecdsa.PrivateKey, *market) {
	t.Helper()
	key, _ := crypto.GenerateKey()
	e := newSimEnv(t, addr(key))
	e.mint(addr(key), funds)
	mk := e.createMarket(liquidity)
	e.approve(key, mk.addr)
	return e, key, mk
}

func (e *env) headTime() uint64 {
	e.t.Helper()
	h, err := e.client.HeaderByNumber(e.ctx, nil)
	if err != nil {
		e.t.Fatal(err)
	}
	return h.Time
}

// market is a created market with its bindings.
type market struct {
	addr    common.Address
	m       *bindings.Market
	options []common.Address
	tokens  []*bindings.OptionToken
}

func (e *env) bindMarket(a common.Address) *market {
	e.t.Helper()
	mk := &market{addr: a}
	mk.m, _ = bindings.NewMarket(a, e.client)
	opts, err := mk.m.Options(&bind.CallOpts{Context: e.ctx})
	if err != nil {
		e.t.Fatal(err)
	}
	mk.options = opts
	for _, o := range opts {
		tok, _ := bindings.NewOptionToken(o, e.client)
		mk.tokens = append(mk.tokens, tok)
	}
	return mk
}

// createMarket creates a two-option market from the operator (an admin).
func (e *env) createMarket(liquidity *big.Int) *market {
	e.t.Helper()
	return e.createMarketNamed(liquidity, "Yes", "No")
}

// createMarketNamed creates a market whose option tokens have the given
// names, from the operator (an admin), as anyone with the admin role can
// on chain, without the service.
func (e *env) createMarketNamed(liquidity *big.Int, names ...string) *market {
	e.t.Helper()
	e.send(e.operator, func(o *bind.TransactOpts) (*types.Transaction, error) {
		return e.token.Mint(o, o.From, liquidity)
	})
	e.send(e.operator, func(o *bind.TransactOpts) (*types.Transaction, error) {
		return e.token.Approve(o, e.suite.MarketFactory, abi.MaxUint256)
	})
	end := new(big.Int).SetUint64(e.headTime() + 86400)
	salt := common.BigToHash(big.NewInt(time.Now().UnixNano()))
	r := e.send(e.operator, func(o *bind.TransactOpts) (*types.Transaction, error) {
		return e.factory.CreateMarket(o, e.usdc, names, end, big.NewInt(200), liquidity, salt, [32]byte{})
	})
	return e.bindMarket(parseLog(e.t, r, e.suite.MarketFactory, "MarketCreated", e.factory.ParseMarketCreated).Market)
}

// parseLog returns the first log of r that the contract at emitted and
// parse accepts, failing the test when there is none.
func parseLog[T any](t testing.TB, r *types.Receipt, at common.Address, name string, parse func(types.Log) (T, error)) T {
	t.Helper()
	for _, l := range r.Logs {
		if ev, err := parse(*l); err == nil && l.Address == at {
			return ev
		}
	}
	t.Fatal("no " + name)
	var zero T
	return zero
}

func (e *env) approve(key *ecdsa.PrivateKey, spender common.Address) {
	e.t.Helper()
	e.send(key, func(o *bind.TransactOpts) (*types.Transaction, error) {
		return e.token.Approve(o, spender, abi.MaxUint256)
	})
}

func (e *env) deadline() *big.Int { return new(big.Int).SetUint64(e.headTime() + 3600) }

// ---- ERC-4337 operations (dev chain) ----

// smartAccount is a SimpleAccount owned by a key.
type smartAccount struct {
	owner *ecdsa.PrivateKey
	addr  common.Address
}

func (e *env) newSmartAccount() *smartAccount {
	e.t.Helper()
	owner, _ := crypto.GenerateKey()
	a, err := aa.AccountAddress(e.ctx, e.client, e.suite.AccountFactory, addr(owner))
	if err != nil {
		e.t.Fatal(err)
	}
	return &smartAccount{owner: owner, addr: a}
}

// userOp builds a sponsored, signed operation of act for sa with the
// given nonce (initCode when the account is not deployed yet).
func (e *env) userOp(sa *smartAccount, nonce *big.Int, act *aa.Action) (*aa.UserOperation, common.Hash) {
	e.t.Helper()
	callData, err := aa.CallData(act)
	if err != nil {
		e.t.Fatal(err)
	}
	op := &aa.UserOperation{Sender: sa.addr, Nonce: nonce, InitCode: []byte{}, CallData: callData,
		CallGasLimit: big.NewInt(3_000_000), VerificationGasLimit: big.NewInt(1_000_000), PreVerificationGas: big.NewInt(60_000),
		MaxFeePerGas: big.NewInt(20e9), MaxPriorityFeePerGas: big.NewInt(1e9)}
	if code, err := e.client.CodeAt(e.ctx, sa.addr, nil); err != nil {
		e.t.Fatal(err)
	} else if len(code) == 0 && nonce.Sign() == 0 {
		op.InitCode, _ = aa.InitCode(e.suite.AccountFactory, addr(sa.owner))
	}
	pm := aa.NewPaymaster(e.suite.Paymaster, e.keys.Paymaster, e.client)
	if err := pm.Sponsor(e.ctx, op, time.Unix(int64(e.headTime()), 0)); err != nil {
		e.t.Fatal(err)
	}
	hash := op.Hash(e.suite.EntryPoint, e.chainID)
	if op.Signature, err = aa.SignHash(hash, sa.owner); err != nil {
		e.t.Fatal(err)
	}
	return op, hash
}

func (e *env) nonce(sa *smartAccount) *big.Int {
	e.t.Helper()
	n, err := aa.Nonce(e.ctx, e.client, e.suite.EntryPoint, sa.addr)
	if err != nil {
		e.t.Fatal(err)
	}
	return n
}

// handleOps submits ops in one EntryPoint.handleOps from the bundler key.
func (e *env) handleOps(ops ...*aa.UserOperation) *types.Receipt {
	e.t.Helper()
	ep, _ := bindings.NewEntryPoint(e.suite.EntryPoint, e.client)
	var bs []bindings.UserOperation
	for _, op := range ops {
		bs = append(bs, aa.Binding(op))
	}
	return e.send(e.keys.Bundler, func(o *bind.TransactOpts) (*types.Transaction, error) {
		return ep.HandleOps(o, bs, e.keys.BundlerAddress())
	})
}

// ---- the indexer and its publisher ----

// recorder is a test double of events.Publisher that only records what is
// published (the real hub and buses are tested in internal/events). When
// check is set it runs at every publish, to prove the effect is already
// committed when its event goes out.
type recorder struct {
	mu     sync.Mutex
	events []events.Event
	check  func(events.Event) error
	errs   []error
}

func (r *recorder) Publish(_ context.Context, ev events.Event) error {
	if err := ev.Validate(); err != nil {
		return err
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.events = append(r.events, ev)
	if r.check != nil {
		if err := r.check(ev); err != nil {
			r.errs = append(r.errs, err)
		}
	}
	return nil
}

// take returns and forgets the events recorded so far, failing the test
// if a check failed.
func (r *recorder) take(t *testing.T) []events.Event {
	t.Helper()
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, err := range r.errs {
		t.Error(err)
	}
	out := r.events
	r.events, r.errs = nil, nil
	return out
}

func newIndexer(t testing.TB, e *env, s indexer.Store, pub events.Publisher, edit func(*indexer.Config)) *indexer.Indexer {
	t.Helper()
	cfg := indexer.Config{Client: e.client, Deployment: e.deployment(), Store: s, Publisher: pub, Logger: quiet}
	if edit != nil {
		edit(&cfg)
	}
	ix, err := indexer.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return ix
}

// syncedIndexer is newIndexer with the default settings, caught up with
// the chain's head: where most tests start.
func syncedIndexer(t *testing.T, e *env, s indexer.Store, pub events.Publisher) *indexer.Indexer {
	t.Helper()
	ix := newIndexer(t, e, s, pub, nil)
	syncHead(t, e, ix)
	return ix
}

// syncHead runs one Sync and checks it reached the head.
func syncHead(t *testing.T, e *env, ix *indexer.Indexer) {
	t.Helper()
	n, err := ix.Sync(e.ctx)
	if err != nil {
		t.Fatal(err)
	}
	head, err := e.client.HeaderByNumber(e.ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	if n != head.Number.Uint64() {
		t.Fatalf("Sync reached block %d, head is %d", n, head.Number)
	}
}

func eventKey(ev events.Event) string {
	return ev.Name + " " + ev.Topic + " " + ev.UID + " " + ev.Data[event.KeyOption] + ev.Data[event.KeyBaseToken] +
		" " + ev.Data[event.KeyOpHash] + " " + ev.Data[event.KeyStatus] + " " + ev.Data[event.KeyTxHash] + " " + ev.Data[event.KeyAction]
}
