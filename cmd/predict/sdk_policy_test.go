package main

import (
	"encoding/json"
	"fmt"
	"math/big"
	"strings"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/crypto"

	"github.com/predict-dev/predict/client"
	"github.com/predict-dev/predict/internal/aa"
)

// TestPaymasterPolicy runs the sponsorship policy of POST /api/v1/rpc
// case by case against the real service: each operation is built by hand
// (go-ethereum ABI encoding of the SimpleAccount and market calls), and
// each refusal has its JSON-RPC code and the API code in data. It also
// covers the redemption minimum of remove-liquidity after settlement,
// get-quote's slippageBps and the config's chainTime.
func TestPaymasterPolicy(t *testing.T) {
	e := startE2E(t, nil)
	root := e.newUser("root")
	e.faucet(root, 1_000_000_000)
	market, options := e.newMarket(root, "Policy market")
	ended, endedOptions := e.newMarket(root, "Ended market")
	settled, err := e.signer(root).SettleMarket(e.ctx, client.SettleMarketRequest{MarketAddress: ended, WinningOptionAddress: endedOptions[0]})
	e.must(err, "settle %s", ended)
	e.confirmed(settled.OpHash)
	alice, bob := e.newUser("alice"), e.newUser("bob")
	e.faucet(alice, 50_000_000)
	base := e.m.Suite.BaseTokens[0].Address
	head, _ := e.m.Client.HeaderByNumber(e.ctx, nil)
	future := big.NewInt(int64(head.Time) + 3600)
	chainID := hexutil.EncodeBig(big.NewInt(e.m.Deployment.ChainID))
	ep := e.m.Deployment.EntryPoint

	// op builds a v0.6 operation from alice's account for act, with the
	// fields a client sends before the gas is known.
	op := func(sender common.Address, callData []byte, edit func(map[string]any)) map[string]any {
		nonce, _ := aa.Nonce(e.ctx, e.m.Client, e.m.Suite.EntryPoint, sender)
		o := map[string]any{"sender": strings.ToLower(sender.Hex()), "nonce": hexutil.EncodeBig(nonce), "initCode": "0x",
			"callData": hexutil.Encode(callData), "maxFeePerGas": "0x77359400", "maxPriorityFeePerGas": "0x3b9aca00",
			"paymasterAndData": "0x", "signature": "0x"}
		if edit != nil {
			edit(o)
		}
		return o
	}
	encode := func(act *aa.Action) []byte {
		data, err := aa.CallData(act)
		if err != nil {
			t.Fatal(err)
		}
		return data
	}
	buy := func(market string, amount int64, deadline *big.Int) []byte {
		return encode(&aa.Action{Kind: aa.KindBuy, Target: common.HexToAddress(market), Option: 1, Amount: big.NewInt(amount), MinOut: big.NewInt(1),
			Deadline: deadline, Approvals: []aa.Approval{{Token: base, Spender: common.HexToAddress(market), Amount: big.NewInt(amount)}}})
	}
	// alice's account is not deployed yet: her first operation deploys it.
	initCode, _ := aa.InitCode(e.m.Suite.AccountFactory, crypto.PubkeyToAddress(alice.owner.PublicKey))
	withInit := func(o map[string]any) { o["initCode"] = hexutil.Encode(initCode) }
	gas := func(call string) func(map[string]any) {
		return func(o map[string]any) {
			withInit(o)
			o["callGasLimit"], o["verificationGasLimit"], o["preVerificationGas"] = call, "0x7a120", "0xea60"
		}
	}
	signed := func(o map[string]any) { gas("0x30d40")(o); o["signature"] = "0x" + strings.Repeat("11", 65) }
	other := common.HexToAddress("0x00000000000000000000000000000000000000aa")

	cases := []struct {
		name    string
		who     *user
		method  string
		params  []any
		code    int // 0: success
		apiCode int
	}{
		{"OKStub", alice, "pm_getPaymasterStubData", []any{op(alice.account, buy(market, 1_000_000, future), withInit), ep, chainID, nil}, 0, 0},
		{"OKEstimate", alice, "eth_estimateUserOperationGas", []any{op(alice.account, buy(market, 1_000_000, future), withInit), ep}, 0, 0},
		{"OKFinal", alice, "pm_getPaymasterData", []any{op(alice.account, buy(market, 1_000_000, future), gas("0x30d40")), ep, chainID, map[string]any{}}, 0, 0},
		{"ErrOtherAccount", bob, "pm_getPaymasterStubData", []any{op(alice.account, buy(market, 1_000_000, future), withInit), ep, chainID}, -32501, 110104},
		{"ErrMarketEnded", alice, "pm_getPaymasterStubData", []any{op(alice.account, buy(ended, 1_000_000, future), withInit), ep, chainID}, -32501, 110105},
		{"ErrNotAMarket", alice, "pm_getPaymasterStubData", []any{op(alice.account, buy(other.Hex(), 1_000_000, future), withInit), ep, chainID}, -32501, 110106},
		{"ErrNotSimpleAccount", alice, "pm_getPaymasterStubData", []any{op(alice.account, []byte{1, 2, 3, 4}, withInit), ep, chainID}, -32501, 110106},
		{"ErrDeadlinePassed", alice, "pm_getPaymasterStubData", []any{op(alice.account, buy(market, 1_000_000, big.NewInt(int64(head.Time)-10)), withInit), ep, chainID}, -32602, 110101},
		{"ErrBalance", alice, "pm_getPaymasterStubData", []any{op(alice.account, buy(market, 900_000_000, future), withInit), ep, chainID}, -32501, 110110},
		{"ErrGasAbovePolicy", alice, "pm_getPaymasterData", []any{op(alice.account, buy(market, 1_000_000, future), gas("0x3d0900")), ep, chainID}, -32501, 110106},
		{"ErrSettleWithoutRole", alice, "pm_getPaymasterStubData", []any{op(alice.account, encode(&aa.Action{Kind: aa.KindSettleMarket, Target: common.HexToAddress(market), Option: 0}), withInit), ep, chainID}, -32501, 110104},
		{"ErrSendRefusedToo", bob, "eth_sendUserOperation", []any{op(alice.account, buy(market, 1_000_000, future), signed), ep}, -32500, 110104},
		{"ErrEntryPoint", alice, "pm_getPaymasterStubData", []any{op(alice.account, buy(market, 1_000_000, future), withInit), "0x5ff137d4b0fdcd49dca30c7cf57e578a026d2789", chainID}, -32602, 110101},
		{"ErrChainID", alice, "pm_getPaymasterStubData", []any{op(alice.account, buy(market, 1_000_000, future), withInit), ep, "0x1"}, -32602, 110101},
		{"ErrV07Operation", alice, "pm_getPaymasterStubData", []any{op(alice.account, buy(market, 1_000_000, future), func(o map[string]any) { o["factory"] = o["sender"] }), ep, chainID}, -32602, 110101},
		{"ErrMissingParams", alice, "eth_sendUserOperation", []any{op(alice.account, buy(market, 1_000_000, future), withInit)}, -32602, 110101},
		{"ErrUnknownMethod", alice, "eth_sendRawTransaction", []any{"0x00"}, -32601, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			a := rpcPost(t, e.m, c.who.token, c.method, c.params...)
			if c.code == 0 {
				if a.Error != nil {
					t.Fatalf("refused: %+v", a.Error)
				}
				return
			}
			if a.Error == nil || a.Error.Code != c.code || a.Error.Data.Code != c.apiCode {
				t.Fatalf("answer %+v (result %s), want code %d data.code %d", a.Error, a.Result, c.code, c.apiCode)
			}
		})
	}

	t.Run("StubAndEstimate", func(t *testing.T) {
		a := rpcPost(t, e.m, alice.token, "pm_getPaymasterStubData", op(alice.account, buy(market, 1_000_000, future), withInit), ep, chainID, nil)
		var stub struct {
			PaymasterAndData string
			IsFinal          bool
		}
		json.Unmarshal(a.Result, &stub)
		pmd, _ := hexutil.Decode(stub.PaymasterAndData)
		if len(pmd) != 149 || common.BytesToAddress(pmd[:20]) != e.m.Suite.Paymaster || stub.IsFinal {
			t.Fatalf("stub %+v: want 149 bytes naming paymaster %s, not final", stub, e.m.Suite.Paymaster)
		}
		g := rpcPost(t, e.m, alice.token, "eth_estimateUserOperationGas", op(alice.account, buy(market, 1_000_000, future), withInit), ep)
		var est map[string]string
		json.Unmarshal(g.Result, &est)
		if est["verificationGasLimit"] != "0x7a120" || est["callGasLimit"] == "" || est["preVerificationGas"] == "" {
			t.Fatalf("estimate %v: want the deployment's verification gas 0x7a120", est)
		}
		for method, want := range map[string]string{"eth_chainId": chainID, "eth_supportedEntryPoints": fmt.Sprintf(`["%s"]`, common.HexToAddress(ep).Hex())} {
			r := rpcPost(t, e.m, alice.token, method)
			if got := strings.Trim(string(r.Result), `"`); method == "eth_chainId" && got != want || method != "eth_chainId" && string(r.Result) != want {
				t.Fatalf("%s = %s, want %s", method, r.Result, want)
			}
		}
		// The deployment's facts answer without a token; the rest needs one.
		if r := rpcPost(t, e.m, "", "eth_chainId"); r.Status != 200 || r.Error != nil || strings.Trim(string(r.Result), `"`) != chainID {
			t.Fatalf("eth_chainId without a token: HTTP %d %s %+v", r.Status, r.Result, r.Error)
		}
		if r := rpcPost(t, e.m, "", "eth_getUserOperationReceipt", "0x"+strings.Repeat("ab", 32)); r.Status != 401 || r.Error == nil || r.Error.Data.Code != 110303 {
			t.Fatalf("without a token: HTTP %d %+v", r.Status, r.Error)
		}
		if r := rpcPost(t, e.m, alice.token, "eth_getUserOperationReceipt", "0x"+strings.Repeat("ab", 32)); r.Error != nil || string(r.Result) != "null" {
			t.Fatalf("receipt of an unknown operation: %s %+v, want null", r.Result, r.Error)
		}
	})

	t.Run("RedeemHonoursMinimum", func(t *testing.T) {
		fields := map[string]any{"action": "remove-liquidity", "marketAddress": ended, "lpAmount": "1000000", "deadline": e.deadline()}
		fields["minReceiveAmount"] = "1000000000000"
		wantReject(t, request(t, e.m, "POST", "/api/v1/aa/prepare-user-operation", root.token, fields), 409, 110115)
		fields["minReceiveAmount"] = "1"
		if r := request(t, e.m, "POST", "/api/v1/aa/prepare-user-operation", root.token, fields); r.Code != 0 {
			t.Fatalf("redeem with a reachable minimum: %d %s", r.Code, r.Msg)
		}
	})

	t.Run("QuoteSlippage", func(t *testing.T) {
		path := fmt.Sprintf("/api/v1/market/get-quote?marketAddress=%s&optionAddress=%s&side=1&amount=1000000", market, options[0])
		var q struct{ AmountOut, MinReceiveAmount string }
		r := request(t, e.m, "GET", path+"&slippageBps=150", "", nil)
		json.Unmarshal(r.Data, &q)
		out, min := mustBig(q.AmountOut), mustBig(q.MinReceiveAmount)
		want := new(big.Int).Quo(new(big.Int).Mul(out, big.NewInt(9850)), big.NewInt(10_000))
		if r.Code != 0 || min.Cmp(want) != 0 {
			t.Fatalf("quote %d %s: minReceiveAmount %s, want %s", r.Code, r.Msg, min, want)
		}
		if r := request(t, e.m, "GET", path, "", nil); strings.Contains(string(r.Data), "minReceiveAmount") {
			t.Fatalf("quote without slippageBps has a minimum: %s", r.Data)
		}
		wantReject(t, request(t, e.m, "GET", path+"&slippageBps=5001", "", nil), 400, 110101)
	})

	t.Run("ChainTime", func(t *testing.T) {
		var cfg struct{ ChainTime uint64 }
		r := request(t, e.m, "GET", "/api/v1/config", "", nil)
		json.Unmarshal(r.Data, &cfg)
		if cfg.ChainTime < head.Time {
			t.Fatalf("chainTime %d is before a head seen earlier (%d)", cfg.ChainTime, head.Time)
		}
	})
}
