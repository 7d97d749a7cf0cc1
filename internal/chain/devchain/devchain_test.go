package devchain_test

import (
	"bytes"
	"context"
	"crypto/ecdsa"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math/big"
	"net/http"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/ethclient"
	"github.com/ethereum/go-ethereum/params"

	"github.com/predict-dev/predict/internal/chain"
	"github.com/predict-dev/predict/internal/chain/devchain"
)

func testLogger(t *testing.T) *slog.Logger {
	return slog.New(slog.NewTextHandler(tWriter{t}, &slog.HandlerOptions{Level: slog.LevelInfo}))
}

type tWriter struct{ t *testing.T }

func (w tWriter) Write(p []byte) (int, error) {
	w.t.Helper()
	w.t.Log(strings.TrimRight(string(p), "\n"))
	return len(p), nil
}

func openChain(t *testing.T, dir string, period time.Duration, httpAddr string) *devchain.Chain {
	t.Helper()
	keys, err := chain.LoadOrCreateKeys(dir)
	if err != nil {
		t.Fatal(err)
	}
	c, err := devchain.Open(context.Background(), devchain.Config{
		Dir: dir, Period: period, Keys: keys, HTTPAddr: httpAddr, Logger: testLogger(t),
	})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// openOnDemand opens an on-demand chain (a block per transaction) in a
// fresh directory, closed when the test ends, with a context that
// expires after timeout, the chain's client and its keys.
func openOnDemand(t *testing.T, timeout time.Duration) (context.Context, *devchain.Chain, *ethclient.Client, *chain.Keys) {
	t.Helper()
	dir := t.TempDir()
	ctx := ctxT(t, timeout)
	c := openChain(t, dir, 0, "")
	t.Cleanup(func() { c.Close() })
	keys, err := chain.LoadOrCreateKeys(dir)
	if err != nil {
		t.Fatal(err)
	}
	return ctx, c, c.Client(), keys
}

func ctxT(t *testing.T, d time.Duration) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), d)
	t.Cleanup(cancel)
	return ctx
}

// send signs and sends a dynamic-fee transaction and waits for its receipt.
func send(t *testing.T, ctx context.Context, c *ethclient.Client, key *ecdsa.PrivateKey, to *common.Address, value *big.Int, data []byte, gas uint64) *types.Receipt {
	t.Helper()
	tx := signTx(t, ctx, c, key, to, value, data, gas)
	if err := c.SendTransaction(ctx, tx); err != nil {
		t.Fatalf("send: %v", err)
	}
	r, err := chain.WaitMined(ctx, c, tx.Hash())
	if err != nil {
		t.Fatalf("wait mined: %v", err)
	}
	return r
}

func signTx(t *testing.T, ctx context.Context, c *ethclient.Client, key *ecdsa.PrivateKey, to *common.Address, value *big.Int, data []byte, gas uint64) *types.Transaction {
	t.Helper()
	from := crypto.PubkeyToAddress(key.PublicKey)
	nonce, err := c.PendingNonceAt(ctx, from)
	if err != nil {
		t.Fatal(err)
	}
	head, err := c.HeaderByNumber(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	chainID, err := c.ChainID(ctx)
	if err != nil {
		t.Fatal(err)
	}
	tip := big.NewInt(params.GWei)
	tx, err := types.SignNewTx(key, types.LatestSignerForChainID(chainID), &types.DynamicFeeTx{
		ChainID:   chainID,
		Nonce:     nonce,
		GasTipCap: tip,
		GasFeeCap: new(big.Int).Add(new(big.Int).Mul(head.BaseFee, big.NewInt(2)), tip),
		Gas:       gas,
		To:        to,
		Value:     value,
		Data:      data,
	})
	if err != nil {
		t.Fatal(err)
	}
	return tx
}

func waitBlockAbove(t *testing.T, ctx context.Context, c *ethclient.Client, n uint64) uint64 {
	t.Helper()
	for {
		got, err := c.BlockNumber(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if got > n {
			return got
		}
		select {
		case <-ctx.Done():
			t.Fatalf("no block above %d: %v", n, ctx.Err())
		case <-time.After(20 * time.Millisecond):
		}
	}
}

func TestReopenKeepsState(t *testing.T) {
	dir := t.TempDir()
	ctx := ctxT(t, 60*time.Second)
	to := common.HexToAddress("0x00000000000000000000000000000000000b0b01")
	value := big.NewInt(1234567)

	start := time.Now()
	c := openChain(t, dir, 100*time.Millisecond, "")
	t.Logf("cold Open: %s", time.Since(start))
	keys, _ := chain.LoadOrCreateKeys(dir)
	bal, err := c.Client().BalanceAt(ctx, keys.OperatorAddress(), nil)
	if err != nil {
		t.Fatal(err)
	}
	if bal.Sign() == 0 {
		t.Fatal("operator not funded at genesis")
	}
	r := send(t, ctx, c.Client(), keys.Operator, &to, value, nil, 21000)
	// Close right after the block with the transaction.
	if err := c.Close(); err != nil {
		t.Fatal(err)
	}
	if err := c.Close(); err != nil {
		t.Fatalf("second Close: %v", err)
	}

	start = time.Now()
	c = openChain(t, dir, 100*time.Millisecond, "")
	t.Logf("warm Open: %s", time.Since(start))
	defer c.Close()
	cl := c.Client()
	head, err := cl.BlockNumber(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if head < r.BlockNumber.Uint64() {
		t.Fatalf("head went back: %d < %d", head, r.BlockNumber.Uint64())
	}
	got, err := cl.BalanceAt(ctx, to, nil)
	if err != nil {
		t.Fatal(err)
	}
	if got.Cmp(value) != 0 {
		t.Fatalf("balance after reopen = %s, want %s", got, value)
	}
	r2, err := cl.TransactionReceipt(ctx, r.TxHash)
	if err != nil {
		t.Fatalf("receipt after reopen: %v", err)
	}
	if r2.BlockHash != r.BlockHash {
		t.Fatalf("receipt block changed: %s != %s", r2.BlockHash, r.BlockHash)
	}
	waitBlockAbove(t, ctx, cl, head+2)
	// New transactions still work on the resumed chain.
	send(t, ctx, cl, keys.Operator, &to, value, nil, 21000)
}

func TestOnDemand(t *testing.T) {
	ctx, c, cl, keys := openOnDemand(t, 30*time.Second)

	head, err := cl.BlockNumber(ctx)
	if err != nil {
		t.Fatal(err)
	}
	time.Sleep(200 * time.Millisecond)
	if h, _ := cl.BlockNumber(ctx); h != head {
		t.Fatalf("block sealed without a transaction: %d -> %d", head, h)
	}
	to := common.HexToAddress("0x00000000000000000000000000000000000b0b02")
	r := send(t, ctx, cl, keys.Bundler, &to, big.NewInt(1), nil, 21000)
	if r.BlockNumber.Uint64() != head+1 {
		t.Fatalf("tx mined in block %d, want %d", r.BlockNumber, head+1)
	}
	if err := c.Commit(ctx); err != nil {
		t.Fatal(err)
	}
	if h, _ := cl.BlockNumber(ctx); h != head+2 {
		t.Fatalf("after Commit head = %d, want %d", h, head+2)
	}
}

// TestOnDemandSealsNoEmptyBlocks sends transactions one after another and
// checks each got a block of its own and no empty block followed: a test
// that syncs to the head and compares must not see the head move on its own.
func TestOnDemandSealsNoEmptyBlocks(t *testing.T) {
	ctx, _, cl, keys := openOnDemand(t, 60*time.Second)

	start, err := cl.BlockNumber(ctx)
	if err != nil {
		t.Fatal(err)
	}
	const n = 40
	to := common.HexToAddress("0x00000000000000000000000000000000000b0b03")
	for i := range n {
		key := keys.Bundler
		if i%2 == 1 {
			key = keys.Operator
		}
		send(t, ctx, cl, key, &to, big.NewInt(1), nil, 21000)
	}
	time.Sleep(300 * time.Millisecond)
	head, err := cl.BlockNumber(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for b := start + 1; b <= head; b++ {
		blk, err := cl.BlockByNumber(ctx, new(big.Int).SetUint64(b))
		if err != nil {
			t.Fatal(err)
		}
		if len(blk.Transactions()) == 0 {
			t.Errorf("block %d is empty", b)
		}
	}
	if head != start+n {
		t.Fatalf("head %d after %d transactions from %d, want %d", head, n, start, start+n)
	}
}

// TestAdjustTime: one empty block two hours after the head, and the
// chain goes on from there.
func TestAdjustTime(t *testing.T) {
	ctx, c, cl, _ := openOnDemand(t, 30*time.Second)
	before, err := cl.HeaderByNumber(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := c.AdjustTime(ctx, 2*time.Hour); err != nil {
		t.Fatal(err)
	}
	after, err := cl.HeaderByNumber(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	if after.Number.Uint64() != before.Number.Uint64()+1 || after.Time != before.Time+7200 {
		t.Fatalf("head %d at %d after AdjustTime(2h) from %d at %d, want %d at %d", after.Number, after.Time,
			before.Number, before.Time, before.Number.Uint64()+1, before.Time+7200)
	}
}

// TestForkIsMainnetLike checks the pinned fork: Prague's requests hash is in
// the header, Osaka's per-transaction gas cap applies, and a plain transfer
// costs 21000 gas.
func TestForkIsMainnetLike(t *testing.T) {
	ctx, _, cl, keys := openOnDemand(t, 30*time.Second)

	to := common.HexToAddress("0x00000000000000000000000000000000000b0b03")
	r := send(t, ctx, cl, keys.Paymaster, &to, big.NewInt(1), nil, 21000)
	if r.GasUsed != 21000 {
		t.Fatalf("transfer gas = %d", r.GasUsed)
	}
	h, err := cl.HeaderByNumber(ctx, r.BlockNumber)
	if err != nil {
		t.Fatal(err)
	}
	if h.RequestsHash == nil {
		t.Fatal("no requests hash: Prague not active")
	}
	if h.GasLimit != devchain.GasLimit {
		t.Fatalf("gas limit = %d", h.GasLimit)
	}
	tx := signTx(t, ctx, cl, keys.Paymaster, &to, big.NewInt(1), nil, params.MaxTxGas+1)
	if err := cl.SendTransaction(ctx, tx); err == nil {
		t.Fatal("transaction over the Osaka gas cap was accepted")
	}
}

func TestRevertedTxIsAnError(t *testing.T) {
	ctx, c, _, keys := openOnDemand(t, 30*time.Second)
	// Init code PUSH1 0 PUSH1 0 REVERT: a deployment that always reverts.
	tx := signTx(t, ctx, c.Client(), keys.Operator, nil, nil, common.FromHex("0x60006000fd"), 100_000)
	if err := c.Client().SendTransaction(ctx, tx); err != nil {
		t.Fatal(err)
	}
	r, err := chain.WaitMined(ctx, c.Client(), tx.Hash())
	if !errors.Is(err, chain.ErrTxFailed) || r == nil || r.Status != types.ReceiptStatusFailed {
		t.Fatalf("got %v, %v; want a failed receipt and ErrTxFailed", r, err)
	}
}

// logEmitter is init code for a contract whose runtime emits one LOG0 with
// empty data on every call: PUSH1 0 PUSH1 0 LOG0 STOP.
var logEmitter = common.FromHex("0x6006600c60003960066000f3" + "60006000a000")

func TestLogs(t *testing.T) {
	ctx, _, cl, keys := openOnDemand(t, 30*time.Second)

	head, _ := cl.BlockNumber(ctx)
	logs, err := cl.FilterLogs(ctx, ethereum.FilterQuery{FromBlock: big.NewInt(0), ToBlock: new(big.Int).SetUint64(head)})
	if err != nil || len(logs) != 0 {
		t.Fatalf("getLogs on empty range: %v %v", logs, err)
	}

	deploy := send(t, ctx, cl, keys.Operator, nil, nil, logEmitter, 100_000)
	emitter := deploy.ContractAddress

	logCh := make(chan types.Log, 4)
	sub, err := cl.SubscribeFilterLogs(ctx, ethereum.FilterQuery{Addresses: []common.Address{emitter}}, logCh)
	if err != nil {
		t.Fatalf("subscribe logs: %v", err)
	}
	defer sub.Unsubscribe()
	headCh := make(chan *types.Header, 4)
	hsub, err := cl.SubscribeNewHead(ctx, headCh)
	if err != nil {
		t.Fatalf("subscribe heads: %v", err)
	}
	defer hsub.Unsubscribe()

	r := send(t, ctx, cl, keys.Operator, &emitter, nil, nil, 50_000)
	select {
	case l := <-logCh:
		if l.TxHash != r.TxHash || l.Address != emitter {
			t.Fatalf("unexpected log %+v", l)
		}
	case err := <-sub.Err():
		t.Fatal(err)
	case <-ctx.Done():
		t.Fatal("no log from subscription")
	}
	// The deploy's block may be announced after the subscription began
	// (the node's head feed is asynchronous); the call's block must come.
	for waiting := true; waiting; {
		select {
		case h := <-headCh:
			switch {
			case h.Number.Uint64() < r.BlockNumber.Uint64():
				continue
			case h.Number.Uint64() != r.BlockNumber.Uint64():
				t.Fatalf("head %d, want %d", h.Number, r.BlockNumber)
			}
			waiting = false
		case <-ctx.Done():
			t.Fatal("no new head from subscription")
		}
	}
	logs, err = cl.FilterLogs(ctx, ethereum.FilterQuery{FromBlock: big.NewInt(0), ToBlock: r.BlockNumber, Addresses: []common.Address{emitter}})
	if err != nil || len(logs) != 1 || logs[0].TxHash != r.TxHash {
		t.Fatalf("getLogs: %v %v", logs, err)
	}
}

func TestHTTPRPC(t *testing.T) {
	dir := t.TempDir()
	ctx := ctxT(t, 30*time.Second)
	c := openChain(t, dir, 0, "127.0.0.1:0")
	defer c.Close()
	url := c.RPCURL()
	if !strings.HasPrefix(url, "http://127.0.0.1:") {
		t.Fatalf("RPCURL = %q", url)
	}
	resp, err := http.Post(url, "application/json", strings.NewReader(`{"jsonrpc":"2.0","id":1,"method":"eth_chainId","params":[]}`))
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	var out struct{ Result string }
	if err := json.Unmarshal(body, &out); err != nil || out.Result != "0x539" {
		t.Fatalf("eth_chainId: %s %v", body, err)
	}
	cl, err := chain.Dial(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer cl.Close()
	if err := chain.CheckChainID(ctx, cl, big.NewInt(devchain.DefaultChainID)); err != nil {
		t.Fatal(err)
	}
	if c.ChainID().Int64() != devchain.DefaultChainID {
		t.Fatalf("ChainID() = %s", c.ChainID())
	}
}

func TestOtherKeysRejected(t *testing.T) {
	dir := t.TempDir()
	c := openChain(t, dir, 0, "")
	if err := c.Close(); err != nil {
		t.Fatal(err)
	}
	other, err := chain.LoadOrCreateKeys(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	_, err = devchain.Open(context.Background(), devchain.Config{Dir: dir, Keys: other, Logger: testLogger(t)})
	if err == nil || !strings.Contains(err.Error(), "other keys") {
		t.Fatalf("Open with other keys: %v", err)
	}
	// The failed Open must release the directory lock.
	c = openChain(t, dir, 0, "")
	c.Close()
}

func TestSecondOpenSameDirFails(t *testing.T) {
	dir := t.TempDir()
	c := openChain(t, dir, 0, "")
	defer c.Close()
	keys, _ := chain.LoadOrCreateKeys(dir)
	if c2, err := devchain.Open(context.Background(), devchain.Config{Dir: dir, Keys: keys, Logger: testLogger(t)}); err == nil {
		c2.Close()
		t.Fatal("second Open of a directory in use succeeded")
	}
}

// TestCrashKeepsBlocks kills a process that runs the chain right after a
// transaction is mined, without Close, and checks that the block survives.
func TestCrashKeepsBlocks(t *testing.T) {
	if dir := os.Getenv("DEVCHAIN_CRASH_DIR"); dir != "" {
		crashChild(t, dir)
		return
	}
	dir := t.TempDir()
	cmd := exec.Command(os.Args[0], "-test.run=^TestCrashKeepsBlocks$", "-test.v")
	cmd.Env = append(os.Environ(), "DEVCHAIN_CRASH_DIR="+dir)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err := cmd.Run()
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 3 {
		t.Fatalf("child: %v\n%s", err, out.String())
	}
	var block uint64
	var txHash string
	for _, line := range strings.Split(out.String(), "\n") {
		if rest, ok := strings.CutPrefix(line, "MINED "); ok {
			f := strings.Fields(rest)
			block, _ = strconv.ParseUint(f[0], 10, 64)
			txHash = f[1]
		}
	}
	if block == 0 {
		t.Fatalf("child printed no block:\n%s", out.String())
	}
	c := openChain(t, dir, 0, "")
	defer c.Close()
	ctx := ctxT(t, 30*time.Second)
	head, err := c.Client().BlockNumber(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if head < block {
		t.Fatalf("head after crash = %d, tx was mined in %d", head, block)
	}
	if _, err := c.Client().TransactionReceipt(ctx, common.HexToHash(txHash)); err != nil {
		t.Fatalf("receipt after crash: %v", err)
	}
	bal, err := c.Client().BalanceAt(ctx, common.HexToAddress("0x00000000000000000000000000000000000b0b04"), nil)
	if err != nil || bal.Int64() != 42 {
		t.Fatalf("balance after crash: %v %v", bal, err)
	}
}

func crashChild(t *testing.T, dir string) {
	c := openChain(t, dir, 50*time.Millisecond, "")
	ctx := ctxT(t, 30*time.Second)
	keys, _ := chain.LoadOrCreateKeys(dir)
	// Let a few empty blocks go by first so the crash is not at block 1.
	waitBlockAbove(t, ctx, c.Client(), 5)
	to := common.HexToAddress("0x00000000000000000000000000000000000b0b04")
	r := send(t, ctx, c.Client(), keys.Operator, &to, big.NewInt(42), nil, 21000)
	fmt.Printf("MINED %d %s\n", r.BlockNumber.Uint64(), r.TxHash.Hex())
	os.Exit(3) // no Close, no deferred cleanup: as abrupt as a crash
}
