package main

import (
	"math/big"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"

	"github.com/predict-dev/predict/client"
)

// TestPlaceOrderTypes: place-order's orderType and timeInForce over raw
// HTTP, as a PrometheX client sends them. A market order is unchanged; a
// good-till-cancel limit order rests in the escrow until the market's end
// with the orderUuid the answer gave; a fill-or-kill buy fills the whole
// amount within its limit, and one whose limit the pool cannot meet
// reverts with nothing spent; an immediate-or-cancel buy is filled at once
// as far as the pool allows, and the rest is refunded at its deadline;
// GTD without an expiry, an IOC an hour away or post-only, an unknown
// order type and a contradicting action are refused before signing.
func TestPlaceOrderTypes(t *testing.T) {
	e := startE2E(t, map[string]string{"PREDICT_RATE_PUBLIC": "", "PREDICT_RATE_USER_READ": "", "PREDICT_RATE_USER_TRADE": "",
		"PREDICT_MATCHER_SWEEP": "500ms"})
	root, alice := e.newUser("root"), e.newUser("alice")
	e.faucet(root, 1_000_000_000)
	e.faucet(alice, 500_000_000)
	market, opts := e.newMarket(root, "Order types")
	usdc := e.m.Suite.BaseTokens[0].Address
	fields := func(extra map[string]any) map[string]any {
		f := map[string]any{"marketAddress": market, "optionAddress": opts[0], "side": 1, "amount": "10000000", "deadline": e.deadline()}
		for k, v := range extra {
			f[k] = v
		}
		return f
	}
	const placeOrder = "/api/v1/market/place-order"
	// Good till cancelled: it rests until the market's end.
	signed, _ := e.prepare(alice, "place-limit-order", fields(map[string]any{"orderType": "limit", "timeInForce": "GTC", "price": "0.3"}))
	res := e.submit(alice, placeOrder, signed)
	e.confirmed(res["opHash"].(string))
	uuid, _ := res["orderUuid"].(string)
	o := e.waitOrder(e.orderID(uuid), "open")
	if o.Price != "0.3" || o.Remaining.Cmp(big.NewInt(10_000_000)) != 0 || o.Expiry.Unix() != e.detail(market).EndTime.Unix() {
		t.Fatalf("the GTC order %+v, want 10 USDC at 0.3 until the market's end %s", o, e.detail(market).EndTime)
	}

	// Fill or kill within 0.6: the whole 10 USDC at an average of at most 0.6.
	before := e.balance(common.HexToAddress(opts[0]), alice.account)
	signed, _ = e.prepare(alice, "buy", fields(map[string]any{"orderType": "limit", "timeInForce": "FOK", "price": "0.6"}))
	res = e.submit(alice, placeOrder, signed)
	e.confirmed(res["opHash"].(string))
	got := new(big.Int).Sub(e.balance(common.HexToAddress(opts[0]), alice.account), before)
	if least := new(big.Int).Quo(big.NewInt(10_000_000*10), big.NewInt(6)); got.Cmp(least) < 0 {
		t.Fatalf("FOK at 0.6 bought %s tokens for 10 USDC, fewer than %s", got, least)
	}

	// Fill or kill within 0.05: the pool cannot, so it reverts and spends nothing.
	paid := e.balance(usdc, alice.account)
	signed, _ = e.prepare(alice, "buy", fields(map[string]any{"orderType": "limit", "timeInForce": "FOK", "price": "0.05"}))
	res = e.submit(alice, placeOrder, signed)
	if st, _ := e.waitOp(res["opHash"].(string)); st != client.OpReverted {
		t.Fatalf("a FOK buy at 0.05 ended %s, want reverted", st)
	}
	if got := e.balance(usdc, alice.account); got.Cmp(paid) != 0 {
		t.Fatalf("the killed order spent %s USDC", new(big.Int).Sub(paid, got))
	}

	// Immediate or cancel within 0.6, 200 USDC: the matcher fills what
	// the pool gives within the limit at once; at the deadline the rest
	// expires, and its sweep cancels it and refunds the escrow.
	paid = e.balance(usdc, alice.account)
	head, err := e.m.Client.HeaderByNumber(e.ctx, nil)
	e.must(err, "head")
	signed, _ = e.prepare(alice, "place-limit-order", fields(map[string]any{"orderType": "limit", "timeInForce": "IOC", "price": "0.6",
		"amount": "200000000", "deadline": strconv.FormatUint(head.Time+30, 10)}))
	res = e.submit(alice, placeOrder, signed)
	e.confirmed(res["opHash"].(string))
	ioc := e.waitOrder(e.orderID(res["orderUuid"].(string)), "partially_filled")
	if err := e.m.DevChain.AdjustTime(e.ctx, 40*time.Second); err != nil {
		t.Fatal(err)
	}
	ioc = e.waitOrder(ioc.OrderID, "cancelled")
	checkFillsWithin(t, ioc)
	if spent := new(big.Int).Sub(paid, e.balance(usdc, alice.account)); ioc.Filled.Sign() == 0 || spent.Cmp(ioc.Filled.Int) != 0 || ioc.Remaining.Sign() != 0 {
		t.Fatalf("the IOC order %+v; alice spent %s", ioc, spent)
	}

	for _, tc := range []struct {
		name   string
		action string
		extra  map[string]any
		status int
		msg    string
	}{
		{"GTD needs an expiry", "place-limit-order", map[string]any{"orderType": "limit", "timeInForce": "GTD", "price": "0.3"}, http.StatusBadRequest, "expiry"},
		{"IOC waits an hour at most", "place-limit-order", map[string]any{"orderType": "limit", "timeInForce": "IOC", "price": "0.3",
			"deadline": strconv.FormatInt(time.Now().Add(3*time.Hour).Unix(), 10)}, http.StatusBadRequest, "deadline"},
		{"IOC is never post-only", "place-limit-order", map[string]any{"orderType": "limit", "timeInForce": "IOC", "price": "0.3", "postOnly": true},
			http.StatusBadRequest, "post-only"},
		{"an unknown order type", "buy", map[string]any{"orderType": "stop", "price": "0.3"}, http.StatusBadRequest, "orderType"},
		{"a market order has no time in force", "buy", map[string]any{"timeInForce": "GTC", "minReceiveAmount": "1"}, http.StatusBadRequest, "timeInForce"},
		{"the action contradicts the order type", "buy", map[string]any{"orderType": "limit", "price": "0.3"}, http.StatusBadRequest, "place-limit-order"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			body := fields(tc.extra)
			body["action"] = tc.action
			body["owner"] = strings.ToLower(crypto.PubkeyToAddress(alice.owner.PublicKey).Hex())
			r := e.post(alice, "/api/v1/aa/prepare-user-operation", body) // rides out a 429: the default limits stay on
			if r.Status != tc.status || !strings.Contains(r.Msg, tc.msg) {
				t.Fatalf("got HTTP %d %q, want %d mentioning %q", r.Status, r.Msg, tc.status, tc.msg)
			}
		})
	}
}
