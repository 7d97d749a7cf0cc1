package bundler_test

import (
	"context"
	"crypto/ecdsa"
	"encoding/json"
	"io"
	"log/slog"
	"math/big"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/accounts/abi/bind"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/ethclient"
	"github.com/ethereum/go-ethereum/ethclient/gethclient"
	"github.com/prometheus/client_golang/prometheus"
	dto "github.com/prometheus/client_model/go"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/internal/aa"
	"github.com/predict-dev/predict/internal/bundler"
	"github.com/predict-dev/predict/internal/chain"
	"github.com/predict-dev/predict/internal/chain/bindings"
	"github.com/predict-dev/predict/internal/chain/devchain"
	"github.com/predict-dev/predict/internal/chain/devchain/devchaintest"
	"github.com/predict-dev/predict/internal/store"
	"github.com/predict-dev/predict/internal/store/storetest"
)

// env is the embedded dev chain with the contract suite deployed, and a
// SQLite store, as TestSponsoredOperation in internal/aa sets them up.
type env struct {
	node    *devchain.Chain
	client  *ethclient.Client
	suite   *chain.Suite
	keys    *chain.Keys
	store   *store.DB
	chainID *big.Int
	pm      *aa.Paymaster
	// manual is set when the chain seals on a long timer: the test seals
	// blocks itself with commit.
	manual bool
}

// testLogger shows the bundler's log with -v when BUNDLER_LOG is set.
func testLogger() *slog.Logger {
	if os.Getenv("BUNDLER_LOG") != "" {
		return slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelDebug}))
	}
	return slog.New(slog.NewTextHandler(io.Discard, nil))
}

// newEnv opens a chain sealing a block per transaction (period 0) or on
// a timer of period.
func newEnv(t testing.TB, period time.Duration) *env {
	t.Helper()
	ctx := context.Background()
	node, keys := devchaintest.Open(t, period)
	e := &env{node: node, client: node.Client(), keys: keys, chainID: node.ChainID(), manual: period > 0}
	opts, err := bind.NewKeyedTransactorWithChainID(keys.Operator, node.ChainID())
	if err != nil {
		t.Fatal(err)
	}
	cfg := chain.SuiteConfig{
		PaymasterSigner: keys.PaymasterAddress(), PaymasterDeposit: new(big.Int).Mul(big.NewInt(100), big.NewInt(1e18)),
		BaseTokens: chain.DefaultBaseTokens(), FeeBps: chain.DefaultFeeBps,
	}
	if e.manual {
		cfg.Commit = func() { e.commit(t) }
	}
	if e.suite, err = chain.DeploySuite(ctx, node.Client(), opts, cfg); err != nil {
		t.Fatal(err)
	}
	e.store = storetest.OpenSQLite(t)
	e.pm = aa.NewPaymaster(e.suite.Paymaster, keys.Paymaster, e.client)
	return e
}

func (e *env) commit(t testing.TB) {
	t.Helper()
	if err := e.node.Commit(context.Background()); err != nil {
		t.Fatal(err)
	}
}

// config is a built-in bundler configuration for the env.
func (e *env) config() bundler.Config {
	return bundler.Config{
		Client: e.client, EntryPoint: e.suite.EntryPoint, Key: e.keys.Bundler, Store: e.store,
		ChainID: e.chainID, Interval: 50 * time.Millisecond, Logger: testLogger(), Metrics: bundler.NewMetrics(),
	}
}

// account is a SimpleAccount of a new owner and the user it belongs to.
type account struct {
	owner *ecdsa.PrivateKey
	addr  common.Address
	uid   string
}

func (e *env) newAccount(t testing.TB) *account {
	t.Helper()
	owner, _ := crypto.GenerateKey()
	addr, err := aa.AccountAddress(context.Background(), e.client, e.suite.AccountFactory, crypto.PubkeyToAddress(owner.PublicKey))
	if err != nil {
		t.Fatal(err)
	}
	u := storetest.NewUser(t, e.store, func(p *predict.LoginParams) { p.Address = strings.ToLower(addr.Hex()) })
	return &account{owner: owner, addr: addr, uid: u.UID}
}

// Gas limits of the test operations: a plain call from the account,
// with room over what they use (see TestGasFormula).
var (
	verificationNew      = big.NewInt(400_000) // deploys the account
	verificationExisting = big.NewInt(100_000)
	callGas              = big.NewInt(60_000)
	preVerificationGas   = big.NewInt(50_000)
)

// op returns a sponsored operation of a with nonce, signed by its owner;
// nonce 0 carries the initCode. It is not recorded.
func (e *env) op(t testing.TB, a *account, nonce int64) (*aa.UserOperation, common.Hash) {
	t.Helper()
	return e.opWith(t, a, nonce, nonce == 0, a.owner)
}

// opWith returns a sponsored operation of a with nonce, with or without
// the initCode, signed by signer.
func (e *env) opWith(t testing.TB, a *account, nonce int64, init bool, signer *ecdsa.PrivateKey) (*aa.UserOperation, common.Hash) {
	t.Helper()
	sa, _ := bindings.SimpleAccountMetaData.GetAbi()
	// A call to a fresh address: cheap, and it always succeeds.
	callData, err := sa.Pack("execute", common.BigToAddress(big.NewInt(0xdead+nonce)), big.NewInt(0), []byte{})
	if err != nil {
		t.Fatal(err)
	}
	op := &aa.UserOperation{
		Sender: a.addr, Nonce: big.NewInt(nonce), InitCode: []byte{}, CallData: callData,
		CallGasLimit: callGas, VerificationGasLimit: verificationExisting, PreVerificationGas: preVerificationGas,
		MaxFeePerGas: big.NewInt(2e9), MaxPriorityFeePerGas: big.NewInt(1e9),
	}
	if init {
		if op.InitCode, err = aa.InitCode(e.suite.AccountFactory, crypto.PubkeyToAddress(a.owner.PublicKey)); err != nil {
			t.Fatal(err)
		}
		op.VerificationGasLimit = verificationNew
	}
	// The VerifyingPaymaster signs over its per-sender counter, which each
	// sponsored operation of the account increments: the operation with
	// account nonce n validates with the counter at n (every operation of
	// these accounts is sponsored; an operation with a wrong nonce never
	// gets that far).
	pmNonce := nonce
	if init {
		pmNonce = 0
	}
	e.sponsor(t, op, pmNonce)
	hash := op.Hash(e.suite.EntryPoint, e.chainID)
	if op.Signature, err = aa.SignHash(hash, signer); err != nil {
		t.Fatal(err)
	}
	return op, hash
}

// record stores op as the API does: pending.
func (e *env) record(t testing.TB, a *account, op *aa.UserOperation, hash common.Hash) {
	t.Helper()
	raw, err := json.Marshal(op)
	if err != nil {
		t.Fatal(err)
	}
	_, _, err = e.store.CreateOperation(context.Background(), &predict.Operation{
		OpHash: strings.ToLower(hash.Hex()), UID: a.uid, Sender: strings.ToLower(a.addr.Hex()), Kind: "claim",
		Nonce: op.Nonce, UserOp: raw, Request: []byte(`{}`),
	}, nil)
	if err != nil {
		t.Fatal(err)
	}
}

// status reads an operation's record.
func (e *env) status(t testing.TB, hash common.Hash) *predict.Operation {
	t.Helper()
	rec, err := e.store.OperationByHash(context.Background(), strings.ToLower(hash.Hex()))
	if err != nil {
		t.Fatal(err)
	}
	return rec
}

// events counts the UserOperationEvents of each operation on the whole
// chain, with its success flag.
func (e *env) events(t testing.TB) map[common.Hash][]bool {
	t.Helper()
	ep, _ := bindings.NewEntryPointFilterer(e.suite.EntryPoint, e.client)
	epABI, _ := bindings.EntryPointMetaData.GetAbi()
	logs, err := e.client.FilterLogs(context.Background(), ethereum.FilterQuery{
		FromBlock: big.NewInt(0), Addresses: []common.Address{e.suite.EntryPoint},
		Topics: [][]common.Hash{{epABI.Events["UserOperationEvent"].ID}},
	})
	if err != nil {
		t.Fatal(err)
	}
	out := map[common.Hash][]bool{}
	for _, l := range logs {
		ev, err := ep.ParseUserOperationEvent(l)
		if err != nil {
			t.Fatal(err)
		}
		out[common.Hash(ev.UserOpHash)] = append(out[common.Hash(ev.UserOpHash)], ev.Success)
	}
	return out
}

// nonce is the account's EntryPoint nonce.
func (e *env) nonce(t testing.TB, a *account) uint64 {
	t.Helper()
	n, err := aa.Nonce(context.Background(), e.client, e.suite.EntryPoint, a.addr)
	if err != nil {
		t.Fatal(err)
	}
	return n.Uint64()
}

// bundles returns the bundler key's mined transactions with their
// receipts, oldest first.
func (e *env) bundles(t testing.TB) ([]*types.Transaction, []*types.Receipt) {
	t.Helper()
	ctx := context.Background()
	head, err := e.client.BlockNumber(ctx)
	if err != nil {
		t.Fatal(err)
	}
	signer := types.LatestSignerForChainID(e.chainID)
	var txs []*types.Transaction
	var rcpts []*types.Receipt
	for n := e.suite.DeployBlock; n <= head; n++ {
		block, err := e.client.BlockByNumber(ctx, new(big.Int).SetUint64(n))
		if err != nil {
			t.Fatal(err)
		}
		for _, tx := range block.Transactions() {
			if from, _ := types.Sender(signer, tx); from != e.keys.BundlerAddress() {
				continue
			}
			r, err := e.client.TransactionReceipt(ctx, tx.Hash())
			if err != nil {
				t.Fatal(err)
			}
			txs, rcpts = append(txs, tx), append(rcpts, r)
		}
	}
	return txs, rcpts
}

// waitFor polls cond until it holds or timeout passes.
func waitFor(t testing.TB, timeout time.Duration, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(timeout)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out after %s waiting for %s", timeout, what)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// newBuiltin is the builtin bundler of cfg, failing the test when cfg is
// refused.
func newBuiltin(t testing.TB, cfg bundler.Config) *bundler.Builtin {
	t.Helper()
	b, err := bundler.NewBuiltin(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// run starts b.Run and returns a function that stops it and waits.
func run(t testing.TB, b bundler.Bundler) (stop func()) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- b.Run(ctx) }()
	var stopped bool
	stop = func() {
		if stopped {
			return
		}
		stopped = true
		cancel()
		ran(done, t.Errorf)
	}
	t.Cleanup(stop)
	return stop
}

// ran waits for the result of a Run that done carries, once its context
// has ended, and reports with fail (t.Errorf, t.Fatalf) a Run that failed
// or did not return within 30 seconds.
func ran(done <-chan error, fail func(format string, args ...any)) {
	select {
	case err := <-done:
		if err != nil {
			fail("Run: %v", err)
		}
	case <-time.After(30 * time.Second):
		fail("Run did not return after its context ended")
	}
}

// value reads a counter or gauge.
func value(m prometheus.Metric) float64 {
	var out dto.Metric
	if err := m.Write(&out); err != nil {
		panic(err)
	}
	switch {
	case out.Counter != nil:
		return out.Counter.GetValue()
	case out.Gauge != nil:
		return out.Gauge.GetValue()
	}
	panic("not a counter or gauge")
}

// senderNonceSlot is the storage slot of VerifyingPaymaster.senderNonce
// (after Ownable's owner; the other fields are immutable).
const senderNonceSlot = 1

// sponsor signs op's paymasterAndData as aa.Paymaster.Sponsor does, but
// with the paymaster's counter for the sender at pmNonce: getHash runs
// with that storage overridden. aa.Paymaster reads the counter on chain,
// so it cannot sponsor an account's next operation before the previous
// one is mined.
func (e *env) sponsor(t testing.TB, op *aa.UserOperation, pmNonce int64) {
	t.Helper()
	ctx := context.Background()
	head, err := e.client.HeaderByNumber(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	if pmNonce == 0 {
		if err := e.pm.Sponsor(ctx, op, time.Unix(int64(head.Time), 0)); err != nil {
			t.Fatal(err)
		}
		return
	}
	validAfter, validUntil := big.NewInt(int64(head.Time)-60), big.NewInt(int64(head.Time)+600)
	u48, _ := abi.NewType("uint48", "", nil)
	validity, err := abi.Arguments{{Type: u48}, {Type: u48}}.Pack(validUntil, validAfter)
	if err != nil {
		t.Fatal(err)
	}
	op.PaymasterAndData = append(append(append([]byte{}, e.suite.Paymaster.Bytes()...), validity...), make([]byte, 65)...)
	pmABI, _ := bindings.VerifyingPaymasterMetaData.GetAbi()
	slot := crypto.Keccak256Hash(common.LeftPadBytes(op.Sender.Bytes(), 32), common.LeftPadBytes(big.NewInt(senderNonceSlot).Bytes(), 32))
	override := &map[common.Address]gethclient.OverrideAccount{e.suite.Paymaster: {
		StateDiff: map[common.Hash]common.Hash{slot: common.BigToHash(big.NewInt(pmNonce))}}}
	gc := gethclient.New(e.client.Client())
	call := func(method string, args ...any) []any {
		data, err := pmABI.Pack(method, args...)
		if err != nil {
			t.Fatal(err)
		}
		out, err := gc.CallContract(ctx, ethereum.CallMsg{To: &e.suite.Paymaster, Data: data}, nil, override)
		if err != nil {
			t.Fatal(err)
		}
		vals, err := pmABI.Unpack(method, out)
		if err != nil {
			t.Fatal(err)
		}
		return vals
	}
	if got := call("senderNonce", op.Sender)[0].(*big.Int); got.Int64() != pmNonce {
		t.Fatalf("senderNonce slot guess is wrong: override gives %s", got)
	}
	hash := call("getHash", aa.Binding(op), validUntil, validAfter)[0].([32]byte)
	sig, err := aa.SignHash(hash, e.keys.Paymaster)
	if err != nil {
		t.Fatal(err)
	}
	copy(op.PaymasterAndData[84:], sig)
}
