package main

import (
	"encoding/json"
	"math/big"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/crypto"

	"github.com/predict-dev/predict/client"
	"github.com/predict-dev/predict/wire"
)

// newMarket creates a confirmed 2-option market as root and returns its
// address and option addresses.
func (e *e2e) newMarket(root *user, title string) (string, []string) {
	e.t.Helper()
	created, err := e.signer(root).CreateMarket(e.ctx, client.CreateMarketRequest{
		Title: title, Description: "d", Rules: "r",
		Options:    []client.OptionTitle{{Title: "Yes"}, {Title: "No"}},
		CategoryID: "test", EndTime: wire.NewTime(time.Now().Add(24 * time.Hour)),
		BaseTokenAddress: strings.ToLower(e.m.Suite.BaseTokens[0].Address.Hex()), InitialLiquidity: wire.NewAmount(big.NewInt(100_000_000)),
	})
	e.must(err, "%s creates market %q", root.name, title)
	e.confirmed(created.OpHash)
	return created.MarketAddress, []string{created.Options[0].OptionAddress, created.Options[1].OptionAddress}
}

func wantReject(t *testing.T, r apiResult, status, code int) {
	t.Helper()
	if r.Status != status || r.Code != code {
		t.Fatalf("got HTTP %d code %d (%s: %s), want HTTP %d code %d", r.Status, r.Code, r.Reason, r.Msg, status, code)
	}
}

// TestTransactionRejects walks every way an operation is refused, and the
// slippage case that is accepted and then reverts on chain.
func TestTransactionRejects(t *testing.T) {
	e := startE2E(t, nil)
	root, alice, bob := e.newUser("root"), e.newUser("alice"), e.newUser("bob")
	for _, u := range []*user{root, alice, bob} {
		e.faucet(u, 1_000_000_000)
	}
	market, opts := e.newMarket(root, "Rejects")
	buyFields := func() map[string]any {
		return map[string]any{"marketAddress": market, "optionAddress": opts[0], "amount": "10000000", "minReceiveAmount": "1", "deadline": e.deadline(), "side": 1}
	}
	post := func(u *user, path string, body map[string]any) apiResult {
		return request(t, e.m, "POST", path, u.token, body)
	}

	t.Run("SlippageRevertsOnChain", func(t *testing.T) {
		f := buyFields()
		f["minReceiveAmount"] = "1000000000000" // far more tokens than 10 USDC buys
		signed, _ := e.prepare(alice, "buy", f)
		res := e.submit(alice, "/api/v1/market/place-order", signed)
		st, reason := e.waitOp(res["opHash"].(string))
		if st != "reverted" || !strings.Contains(reason, "InsufficientOutput") {
			t.Fatalf("status %s reason %q, want reverted with InsufficientOutput", st, reason)
		}
	})
	t.Run("ExpiredDeadline", func(t *testing.T) {
		signed, _ := e.prepare(alice, "buy", buyFields())
		signed["deadline"] = "1000"
		wantReject(t, post(alice, "/api/v1/market/place-order", signed), http.StatusBadRequest, 110101)
	})
	t.Run("CallDataDoesSomethingElse", func(t *testing.T) {
		signed, _ := e.prepare(alice, "buy", buyFields())
		signed["optionAddress"] = opts[1] // the operation buys option 0
		wantReject(t, post(alice, "/api/v1/market/place-order", signed), http.StatusUnprocessableEntity, 110106)
		signed, _ = e.prepare(alice, "buy", buyFields())
		signed["amount"] = "20000000"
		wantReject(t, post(alice, "/api/v1/market/place-order", signed), http.StatusUnprocessableEntity, 110106)
		signed, _ = e.prepare(alice, "add-liquidity", map[string]any{"marketAddress": market, "amount": "5000000", "minLpAmount": "1", "deadline": e.deadline()})
		wantReject(t, post(alice, "/api/v1/market/place-order", merge(signed, buyFields())), http.StatusUnprocessableEntity, 110106)
	})
	t.Run("SenderOfAnotherUser", func(t *testing.T) {
		signed, _ := e.prepare(alice, "buy", buyFields())
		wantReject(t, post(bob, "/api/v1/market/place-order", signed), http.StatusForbidden, 110104)
	})
	t.Run("TamperedSignature", func(t *testing.T) {
		signed, _ := e.prepare(alice, "buy", buyFields())
		raw, _ := json.Marshal(signed["userOperation"])
		var op map[string]any
		json.Unmarshal(raw, &op)
		sig := op["signature"].(string)
		op["signature"] = sig[:10] + strings.Map(func(r rune) rune {
			if r == 'a' {
				return 'b'
			}
			return 'a'
		}, sig[10:20]) + sig[20:]
		signed["userOperation"] = op
		wantReject(t, post(alice, "/api/v1/market/place-order", signed), http.StatusUnprocessableEntity, 110106)
	})
	t.Run("GarbageAndHugeValues", func(t *testing.T) {
		for name, mod := range map[string]func(map[string]any){
			"GarbageHex":  func(op map[string]any) { op["callData"] = "0xzz" },
			"HugeCallGas": func(op map[string]any) { op["callGasLimit"] = "0xffffffffffffffff" },
			"HugeFee":     func(op map[string]any) { op["maxFeePerGas"] = "0x" + strings.Repeat("f", 40) },
			"NoSender":    func(op map[string]any) { delete(op, "sender") },
		} {
			t.Run(name, func(t *testing.T) {
				signed, _ := e.prepare(alice, "buy", buyFields())
				raw, _ := json.Marshal(signed["userOperation"])
				var op map[string]any
				json.Unmarshal(raw, &op)
				mod(op)
				signed["userOperation"] = op
				wantReject(t, post(alice, "/api/v1/market/place-order", signed), http.StatusBadRequest, 110101)
			})
		}
		f := buyFields()
		f["userOperation"] = "not an object"
		wantReject(t, post(alice, "/api/v1/market/place-order", f), http.StatusBadRequest, 110101)
		f = buyFields()
		f["side"] = 3
		wantReject(t, post(alice, "/api/v1/market/place-order", f), http.StatusBadRequest, 110101)
	})
	t.Run("Roles", func(t *testing.T) {
		r := post(alice, "/api/v1/aa/prepare-user-operation", map[string]any{"action": "create-market", "title": "x"})
		wantReject(t, r, http.StatusForbidden, 110104)
		r = post(alice, "/api/v1/market/create-market", map[string]any{"title": "x", "userOperation": map[string]any{}})
		wantReject(t, r, http.StatusForbidden, 110104)
		r = post(alice, "/api/v1/market/settle-market", map[string]any{"marketAddress": market, "winningOptionAddress": opts[0], "userOperation": map[string]any{}})
		wantReject(t, r, http.StatusForbidden, 110104)
	})
	t.Run("MoreThanTheBalance", func(t *testing.T) {
		// Refused before anything is signed, in token units.
		for _, tc := range []struct {
			name, action string
			fields       map[string]any
			msg          string
		}{
			{"Buy", "buy", merge(buyFields(), map[string]any{"amount": "1500000000"}), "not enough USDC: balance 1000 USDC, buy 1500 USDC"},
			{"Sell", "sell", merge(buyFields(), map[string]any{"amount": "2500000", "side": 2}), `not enough "Yes" tokens: balance 0 "Yes" tokens, sell 2.5 "Yes" tokens`},
			{"AddLiquidity", "add-liquidity", map[string]any{"marketAddress": market, "amount": "1000000001", "minLpAmount": "1", "deadline": e.deadline()},
				"not enough USDC: balance 1000 USDC, deposit 1000.000001 USDC"},
			{"RemoveLiquidity", "remove-liquidity", map[string]any{"marketAddress": market, "lpAmount": "1", "minReceiveAmount": "0", "deadline": e.deadline()},
				"not enough LP: balance 0 LP, removal 0.000001 LP"},
		} {
			t.Run(tc.name, func(t *testing.T) {
				owner := strings.ToLower(crypto.PubkeyToAddress(bob.owner.PublicKey).Hex()) // bob's account is not deployed yet
				r := post(bob, "/api/v1/aa/prepare-user-operation", merge(tc.fields, map[string]any{"action": tc.action, "owner": owner}))
				wantReject(t, r, http.StatusConflict, 110110)
				if r.Msg != tc.msg {
					t.Fatalf("message %q, want %q", r.Msg, tc.msg)
				}
			})
		}
	})
	t.Run("MarketNotRunning", func(t *testing.T) {
		settle, _ := e.prepare(root, "settle-market", map[string]any{"marketAddress": market, "winningOptionAddress": opts[1]})
		res := e.submit(root, "/api/v1/market/settle-market", settle)
		// Settling: trading and a second settlement are refused at once.
		if d := e.detail(market); d.Status != "settling" && d.Status != "ended" {
			t.Fatalf("status after settle-market: %s", d.Status)
		}
		wantReject(t, post(alice, "/api/v1/aa/prepare-user-operation", merge(buyFields(), map[string]any{"action": "buy"})), http.StatusConflict, 110105)
		e.confirmed(res["opHash"].(string))
		// Ended: no trading, no liquidity, and only the winner claims.
		wantReject(t, post(alice, "/api/v1/aa/prepare-user-operation", merge(buyFields(), map[string]any{"action": "buy"})), http.StatusConflict, 110105)
		wantReject(t, post(alice, "/api/v1/aa/prepare-user-operation",
			map[string]any{"action": "add-liquidity", "marketAddress": market, "amount": "1", "minLpAmount": "0", "deadline": e.deadline()}), http.StatusConflict, 110105)
		wantReject(t, post(root, "/api/v1/aa/prepare-user-operation",
			map[string]any{"action": "settle-market", "marketAddress": market, "winningOptionAddress": opts[0]}), http.StatusConflict, 110105)
		wantReject(t, post(alice, "/api/v1/aa/prepare-user-operation",
			map[string]any{"action": "claim", "marketAddress": market, "optionAddress": opts[0]}), http.StatusBadRequest, 110101)
		// alice holds none of the winning option: nothing to claim.
		wantReject(t, post(alice, "/api/v1/aa/prepare-user-operation",
			map[string]any{"action": "claim", "marketAddress": market, "optionAddress": opts[1]}), http.StatusConflict, 110105)
	})
	t.Run("UnknownMarket", func(t *testing.T) {
		f := merge(buyFields(), map[string]any{"action": "buy", "marketAddress": "0x00000000000000000000000000000000000000ff"})
		wantReject(t, post(alice, "/api/v1/aa/prepare-user-operation", f), http.StatusNotFound, 110102)
	})
}
