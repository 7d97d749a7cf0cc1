package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"math/big"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/crypto"

	"github.com/predict-dev/predict/client"
	"github.com/predict-dev/predict/internal/aa"
)

// sdkDir holds the third-party client: viem and permissionless from npm,
// pinned by its package-lock.json (`npm ci` there installs them).
const sdkDir = "../../test/aa-sdk"

// nodeSDK returns node, with the package pkg of test/aa-sdk installed: it
// skips the test when the packages are absent, and fails it instead when
// PREDICT_TEST_NODE is set (CI), where they must be.
func nodeSDK(t *testing.T, pkg string) string {
	t.Helper()
	if _, err := os.Stat(filepath.Join(sdkDir, "node_modules", pkg)); err != nil {
		if os.Getenv("PREDICT_TEST_NODE") == "" {
			t.Skip("test/aa-sdk/node_modules is absent (run npm ci there, or set PREDICT_TEST_NODE to require it)")
		}
		t.Fatalf("PREDICT_TEST_NODE is set but test/aa-sdk is not installed: run npm ci there (%v)", err)
	}
	node, err := exec.LookPath("node")
	if err != nil {
		t.Fatalf("node: %v", err)
	}
	return node
}

// TestSDKClient trades through POST /api/v1/rpc with a client that is not
// predict's: a node script (test/aa-sdk/trade.mjs) in which
// permissionless builds the SimpleAccount operation, viem's paymaster
// client gets it sponsored (ERC-7677) and viem's bundler client estimates,
// sends and waits for it (ERC-4337), against the real service on the
// embedded chain. One buy confirms and one reverts (its minimum is out of
// reach); both reach the user's stream as user:operation_status, and the
// confirmed one shows as a trade and a position. Then the paymaster's
// refusals: another user's account, a market that is not running, a used
// up budget; and a paymaster signature that no longer matches (AA34).
//
// It runs when test/aa-sdk/node_modules exists; with PREDICT_TEST_NODE set
// (CI) a missing install fails instead of skipping.
func TestSDKClient(t *testing.T) {
	node := nodeSDK(t, "viem")
	rpcAddr := freeAddr(t)
	// Three sponsorships an hour: the two trades, one more, then refused.
	e := startE2E(t, map[string]string{"PREDICT_DEV_RPC_ADDR": rpcAddr, "PREDICT_SPONSOR_PER_HOUR": "3"})
	root := e.newUser("root")
	e.faucet(root, 1_000_000_000)
	market, options := e.newMarket(root, "Will the SDK trade?")
	alice, bob := e.newUser("alice"), e.newUser("bob")
	e.faucet(alice, 100_000_000)
	e.faucet(bob, 100_000_000)
	events := e.watch(alice, market)
	base := strings.ToLower(e.m.Suite.BaseTokens[0].Address.Hex())

	// The SDK's two buys: 10 tokens of base each; the second asks for a
	// minimum no pool can pay, so it is sponsored, sent, and reverts.
	input := map[string]any{
		"api": "http://" + e.m.Addr(), "token": alice.token, "chainRpc": e.m.DevChain.RPCURL(), "chainId": e.m.Deployment.ChainID,
		"ownerKey": hexutil.Encode(crypto.FromECDSA(alice.owner)), "entryPoint": e.m.Deployment.EntryPoint,
		"accountFactory": e.m.Deployment.AccountFactory,
		"trades": []map[string]any{
			{"market": market, "baseToken": base, "option": 0, "amount": "10000000", "minReceive": "1"},
			{"market": market, "baseToken": base, "option": 0, "amount": "10000000", "minReceive": "1000000000000"},
		},
	}
	raw, _ := json.Marshal(input)
	cmd := exec.CommandContext(e.ctx, node, "trade.mjs")
	cmd.Dir = sdkDir
	cmd.Stdin = bytes.NewReader(raw)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	start := time.Now()
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("node trade.mjs: %v\n%s\n%s", err, out, stderr.String())
	}
	t.Logf("the SDK sent and confirmed 2 operations in %s", time.Since(start).Round(time.Millisecond))
	type result struct {
		UserOpHash, Reason, TxHash, Paymaster, Sender string
		Success                                       bool
		BlockNumber                                   int64
	}
	var results []result
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		var r result
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			t.Fatalf("script output %q: %v", sc.Text(), err)
		}
		results = append(results, r)
	}
	if len(results) != 2 {
		t.Fatalf("script answered %d results, want 2:\n%s", len(results), out)
	}
	ok, reverted := results[0], results[1]
	if !ok.Success || reverted.Success || reverted.Reason == "" || ok.BlockNumber == 0 {
		t.Fatalf("results %+v, want the first confirmed and the second reverted with a reason", results)
	}
	if !strings.EqualFold(ok.Sender, alice.account.Hex()) || !strings.EqualFold(ok.Paymaster, e.m.Deployment.Paymaster) {
		t.Fatalf("receipt sender %s paymaster %s, want %s sponsored by %s", ok.Sender, ok.Paymaster, alice.account.Hex(), e.m.Deployment.Paymaster)
	}

	// Recorded like a place-order: the operation, the trade, the position.
	if st, _ := e.waitOp(ok.UserOpHash); st != "confirmed" {
		t.Fatalf("operation %s is %s", ok.UserOpHash, st)
	}
	if st, reason := e.waitOp(reverted.UserOpHash); st != "reverted" || reason == "" {
		t.Fatalf("operation %s is %s (%q), want reverted with a reason", reverted.UserOpHash, st, reason)
	}
	trades, err := e.as(alice).GetUserTrades(e.ctx, client.UserTradesQuery{PageSize: 10, MarketAddress: market})
	e.must(err, "alice's trades")
	if len(trades.Trades) != 1 || trades.Trades[0].OpHash != ok.UserOpHash || trades.Trades[0].OptionAddress != options[0] {
		t.Fatalf("alice's trades %+v, want one by %s on %s", trades.Trades, ok.UserOpHash, options[0])
	}
	e.positionsMatchChain(alice, map[string]common.Address{options[0]: common.HexToAddress(options[0])})

	// The stream told each step, so a client need not poll.
	seen := map[string]map[string]string{}
	deadline := time.After(30 * time.Second)
	for seen[ok.UserOpHash+"confirmed"] == nil || seen[reverted.UserOpHash+"reverted"] == nil {
		select {
		case ev := <-events:
			if ev.name == "user:operation_status" {
				seen[ev.data["op_hash"]+ev.data["status"]] = ev.data
			}
		case <-deadline:
			t.Fatalf("user:operation_status seen: %v; want confirmed of %s and reverted of %s", seen, ok.UserOpHash, reverted.UserOpHash)
		}
	}
	for _, s := range []string{"accepted", "submitted"} {
		if seen[ok.UserOpHash+s] == nil {
			t.Errorf("no user:operation_status %s for %s (seen %v)", s, ok.UserOpHash, seen)
		}
	}
	if r := seen[reverted.UserOpHash+"reverted"]; r["reason"] == "" || r["tx_hash"] != strings.ToLower(reverted.TxHash) || r["market_address"] != market || r["action"] != "buy" {
		t.Fatalf("reverted event %v, want the reason, tx %s, market %s, action buy", r, reverted.TxHash, market)
	}

	// The paymaster's refusals, each with its code.
	head, _ := e.m.Client.HeaderByNumber(e.ctx, nil)
	buy := func(sender common.Address, market string) map[string]any {
		act := &aa.Action{Kind: aa.KindBuy, Target: common.HexToAddress(market), Option: 0, Amount: big.NewInt(1_000_000), MinOut: big.NewInt(1),
			Deadline: big.NewInt(int64(head.Time) + 3600), Approvals: []aa.Approval{{Token: common.HexToAddress(base), Spender: common.HexToAddress(market), Amount: big.NewInt(1_000_000)}}}
		callData, err := aa.CallData(act)
		if err != nil {
			t.Fatal(err)
		}
		nonce, _ := aa.Nonce(e.ctx, e.m.Client, e.m.Suite.EntryPoint, sender)
		return map[string]any{"sender": strings.ToLower(sender.Hex()), "nonce": hexutil.EncodeBig(nonce), "initCode": "0x",
			"callData": hexutil.Encode(callData), "callGasLimit": "0x30d40", "verificationGasLimit": "0x249f0", "preVerificationGas": "0xea60",
			"maxFeePerGas": "0x77359400", "maxPriorityFeePerGas": "0x3b9aca00", "paymasterAndData": "0x", "signature": "0x"}
	}
	chainID := hexutil.EncodeBig(big.NewInt(e.m.Deployment.ChainID))
	pm := func(u *user, method string, op map[string]any) rpcAnswer {
		return rpcPost(t, e.m, u.token, method, op, e.m.Deployment.EntryPoint, chainID, map[string]any{})
	}
	pm(bob, "pm_getPaymasterStubData", buy(alice.account, market)).wantError(t, -32501, 110104)

	other, otherOptions := e.newMarket(root, "Settled before the SDK asks")
	settled, err := e.signer(root).SettleMarket(e.ctx, client.SettleMarketRequest{MarketAddress: other, WinningOptionAddress: otherOptions[1]})
	e.must(err, "root settles %s", other)
	e.confirmed(settled.OpHash)
	pm(alice, "pm_getPaymasterData", buy(alice.account, other)).wantError(t, -32501, 110105)

	// Two of three sponsorships went to the SDK's trades: one more is
	// signed, the next is over the budget.
	third := pm(alice, "pm_getPaymasterData", buy(alice.account, market))
	if third.Error != nil {
		t.Fatalf("third sponsorship: %+v", third.Error)
	}
	pm(alice, "pm_getPaymasterData", buy(alice.account, market)).wantError(t, -32504, 110103)

	// The signed paymasterAndData covers the gas: an operation whose gas
	// changed after sponsorship is refused as AA34, not as a bad owner
	// signature.
	var sponsored struct{ PaymasterAndData string }
	json.Unmarshal(third.Result, &sponsored)
	tampered := buy(alice.account, market)
	tampered["paymasterAndData"] = sponsored.PaymasterAndData
	tampered["callGasLimit"] = "0x30d41"
	var op aa.UserOperation
	rawOp, _ := json.Marshal(tampered)
	if err := json.Unmarshal(rawOp, &op); err != nil {
		t.Fatal(err)
	}
	sig, _ := aa.SignHash(op.Hash(e.m.Suite.EntryPoint, big.NewInt(e.m.Deployment.ChainID)), alice.owner)
	tampered["signature"] = hexutil.Encode(sig)
	send := rpcPost(t, e.m, alice.token, "eth_sendUserOperation", tampered, e.m.Deployment.EntryPoint)
	send.wantError(t, -32501, 110114)
	if !strings.Contains(send.Error.Message, "AA34") {
		t.Fatalf("AA34 refusal says %q", send.Error.Message)
	}
}

// rpcAnswer is one JSON-RPC reply of POST /api/v1/rpc.
type rpcAnswer struct {
	Status int
	Result json.RawMessage
	Error  *struct {
		Code    int
		Message string
		Data    struct {
			Code   int
			Reason string
		}
	}
}

func (a rpcAnswer) wantError(t *testing.T, code, apiCode int) {
	t.Helper()
	if a.Error == nil || a.Error.Code != code || a.Error.Data.Code != apiCode {
		t.Fatalf("answer %+v (result %s), want error %d with data.code %d", a.Error, a.Result, code, apiCode)
	}
}

// rpcPost calls one method of POST /api/v1/rpc, validating the answer
// against openapi.yaml.
func rpcPost(t *testing.T, m *Main, token, method string, params ...any) rpcAnswer {
	t.Helper()
	status, raw := exchange(t, m, "POST", "/api/v1/rpc", token, map[string]any{"jsonrpc": "2.0", "id": 1, "method": method, "params": params})
	out := rpcAnswer{Status: status}
	if err := json.Unmarshal(raw, &out); err != nil {
		t.Fatalf("%s: not JSON: %s", method, raw)
	}
	return out
}
