package main

import (
	"encoding/json"
	"math/big"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"

	"github.com/predict-dev/predict/internal/aa"
)

// TestEndToEnd drives the whole money path through HTTP on the embedded
// chain: an admin creates a 3-option market; two users buy (one through
// prepare, one building the operation itself); one sells part; an LP adds
// then removes liquidity; the resolver settles; the winner claims 1:1; the
// loser's claim is refused; the creator redeems its LP shares. After every
// step the API's figures are compared with the chain's.
func TestEndToEnd(t *testing.T) {
	e := startE2E(t, nil)
	usdc := e.m.Suite.BaseTokens[0].Address
	step := func(n int, what string) { t.Logf("step %d: %s", n, what) }

	step(1, "users log in; the faucet funds them")
	root, alice, bob, carol, dave := e.newUser("root"), e.newUser("alice"), e.newUser("bob"), e.newUser("carol"), e.newUser("dave")
	for _, u := range []*user{root, alice, bob, carol} {
		e.faucet(u, 1_000_000_000) // 1000 USDC
	}

	step(2, "the admin creates a 3-option market (prepare, sign, submit)")
	end := time.Now().Add(48 * time.Hour).UTC().Format(time.RFC3339)
	create, _ := e.prepare(root, "create-market", map[string]any{
		"title": "Who wins the cup?", "description": "The 2027 final.", "rules": "Official result.",
		"options":    []map[string]string{{"title": "Red"}, {"title": "Blue"}, {"title": "Draw"}},
		"categoryId": "sports", "tags": []string{"football"}, "endTime": end,
		"baseTokenAddress": strings.ToLower(usdc.Hex()), "initialLiquidity": "300000000",
	})
	created := e.submit(root, "/api/v1/market/create-market", create)
	market := created["marketAddress"].(string)
	var opts []struct{ OptionAddress, Title string }
	raw, _ := json.Marshal(created["options"])
	json.Unmarshal(raw, &opts)
	if len(opts) != 3 || opts[0].Title != "Red" {
		t.Fatalf("create-market answered %v", created)
	}
	e.confirmed(created["opHash"].(string))
	d := e.detail(market)
	if d.Status != "running" || len(d.Options) != 3 || d.Options[2].OptionAddress != opts[2].OptionAddress {
		t.Fatalf("market after creation: %+v", d)
	}
	red, blue := common.HexToAddress(opts[0].OptionAddress), common.HexToAddress(opts[1].OptionAddress)

	// alice watches the market over SSE from here on.
	stream, stop := openStream(t, e.m.Addr(), alice.token)
	defer stop()
	conn := waitEvent(t, stream, "base:connected", nil)
	call(t, e.m, "POST", "/api/v1/sse/subscribe", alice.token, map[string]any{"connection_id": conn.data["connection_id"], "topics": []string{"market:" + market}}, nil)
	onMarket := func(option string) func(sseEvent) bool {
		return func(ev sseEvent) bool {
			return ev.data["market_address"] == market && ev.data["option_address"] == option
		}
	}

	step(3, "alice asks for a quote, then buys Red through prepare: she receives exactly the quoted amount")
	var quote struct{ AmountOut, Fee string }
	call(t, e.m, "GET", "/api/v1/market/get-quote?marketAddress="+market+"&optionAddress="+opts[0].OptionAddress+"&side=1&amount=100000000", "", nil, &quote)
	buy, _ := e.prepare(alice, "buy", map[string]any{"marketAddress": market, "optionAddress": opts[0].OptionAddress,
		"amount": "100000000", "minReceiveAmount": "1", "deadline": e.deadline(), "price": "333333"})
	buy["side"] = 1
	placed := e.submit(alice, "/api/v1/market/place-order", buy)
	if placed["orderUuid"] == "" {
		t.Fatalf("place-order answered %v", placed)
	}
	e.confirmed(placed["opHash"].(string))
	aliceRed := e.balance(red, alice.account)
	if aliceRed.String() != quote.AmountOut || quote.Fee != "2000000" {
		t.Fatalf("alice received %s Red; the quote said %s (fee %s)", aliceRed, quote.AmountOut, quote.Fee)
	}
	waitEvent(t, stream, "market:new_trades", onMarket(opts[0].OptionAddress))
	waitEvent(t, stream, "market:price_change", onMarket(opts[2].OptionAddress))
	waitEvent(t, stream, "user:position_changed", func(ev sseEvent) bool {
		return ev.data["uid"] == alice.uid && ev.data["option_address"] == opts[0].OptionAddress
	})
	if d := e.detail(market); d.Volume != "100000000" || d.ParticipantCount != 1 {
		t.Fatalf("after alice's buy: volume %s, participants %d", d.Volume, d.ParticipantCount)
	}

	step(4, "bob builds his own operation (no prepare, pays his own gas) and buys Blue")
	e.fundETH(bob.account, big.NewInt(1e17))
	bobOp := e.ownOperation(bob, &aa.Action{Kind: aa.KindBuy, Target: common.HexToAddress(market), Option: 1,
		Amount: big.NewInt(50_000_000), MinOut: big.NewInt(1), Deadline: mustBig(e.deadline()),
		Approvals: []aa.Approval{{Token: usdc, Spender: common.HexToAddress(market), Amount: big.NewInt(50_000_000)}}})
	bobOrder := map[string]any{"marketAddress": market, "optionAddress": opts[1].OptionAddress, "side": 1,
		"amount": "50000000", "minReceiveAmount": "1", "deadline": bobOp.deadline, "price": "333333", "userOperation": bobOp.op}
	placed = e.submit(bob, "/api/v1/market/place-order", bobOrder)
	e.confirmed(placed["opHash"].(string))
	if e.balance(blue, bob.account).Sign() <= 0 {
		t.Fatal("bob holds no Blue after his buy")
	}

	step(5, "replaying bob's operation returns the same opHash and creates nothing")
	again := e.submit(bob, "/api/v1/market/place-order", bobOrder)
	if again["opHash"] != placed["opHash"] || again["orderUuid"] != placed["orderUuid"] {
		t.Fatalf("replay answered %v, first %v", again, placed)
	}

	step(6, "alice sells part of her Red")
	half := new(big.Int).Div(aliceRed, big.NewInt(2))
	sell, _ := e.prepare(alice, "sell", map[string]any{"marketAddress": market, "optionAddress": opts[0].OptionAddress,
		"amount": half.String(), "minReceiveAmount": "1", "deadline": e.deadline()})
	sell["side"] = 2
	e.confirmed(e.submit(alice, "/api/v1/market/place-order", sell)["opHash"].(string))
	if got := e.balance(red, alice.account); got.Cmp(new(big.Int).Sub(aliceRed, half)) != 0 {
		t.Fatalf("alice's Red after selling %s of %s: %s", half, aliceRed, got)
	}
	var trades struct {
		Total  int
		Trades []struct {
			UserName, OptionAddress, BaseAmount, TokenAmount string
			Side                                             int
		}
	}
	call(t, e.m, "GET", "/api/v1/market/get-market-trades?page=1&pageSize=10&marketAddress="+market, "", nil, &trades)
	if trades.Total != 3 || trades.Trades[0].Side != 2 || trades.Trades[0].UserName != "alice" || trades.Trades[0].TokenAmount != half.String() {
		t.Fatalf("market trades after alice's sell: %+v", trades)
	}
	call(t, e.m, "GET", "/api/v1/market/get-user-trades?page=1&pageSize=10", bob.token, nil, &trades)
	if trades.Total != 1 || trades.Trades[0].OptionAddress != opts[1].OptionAddress || trades.Trades[0].BaseAmount != "50000000" {
		t.Fatalf("bob's trades: %+v", trades)
	}
	e.positionsMatchChain(alice, map[string]common.Address{opts[0].OptionAddress: red})
	e.positionsMatchChain(bob, map[string]common.Address{opts[1].OptionAddress: blue})

	step(7, "carol adds liquidity, then removes it")
	add, _ := e.prepare(carol, "add-liquidity", map[string]any{"marketAddress": market, "amount": "200000000", "minLpAmount": "1", "deadline": e.deadline()})
	e.confirmed(e.submit(carol, "/api/v1/market/add-liquidity", add)["opHash"].(string))
	lp := e.balance(common.HexToAddress(market), carol.account)
	var liq struct {
		Positions []struct{ MarketAddress, LpAmount string }
	}
	call(t, e.m, "GET", "/api/v1/market/get-user-liquidity?page=1&pageSize=10", carol.token, nil, &liq)
	if lp.Sign() <= 0 || len(liq.Positions) != 1 || liq.Positions[0].LpAmount != lp.String() {
		t.Fatalf("carol's LP tokens: chain %s, API %+v", lp, liq.Positions)
	}
	remove, _ := e.prepare(carol, "remove-liquidity", map[string]any{"marketAddress": market, "lpAmount": lp.String(), "minReceiveAmount": "0", "deadline": e.deadline()})
	e.confirmed(e.submit(carol, "/api/v1/market/remove-liquidity", remove)["opHash"].(string))
	if got := e.balance(common.HexToAddress(market), carol.account); got.Sign() != 0 {
		t.Fatalf("carol still has %s LP tokens", got)
	}

	step(8, "settlement: a non-resolver is refused; the admin makes dave resolver; dave settles Red")
	settleFields := map[string]any{"marketAddress": market, "winningOptionAddress": opts[0].OptionAddress,
		"resolutionSource": "https://example.com/result", "resolutionNote": "Red won 2-1."}
	r := request(t, e.m, "POST", "/api/v1/aa/prepare-user-operation", dave.token, merge(settleFields, map[string]any{"action": "settle-market"}))
	if r.Status != http.StatusForbidden || r.Code != 110104 {
		t.Fatalf("settle by a non-resolver: HTTP %d code %d", r.Status, r.Code)
	}
	call(t, e.m, "POST", "/api/v1/admin/set-user-role", root.token, map[string]any{"uid": dave.uid, "role": "resolver", "granted": true}, nil)
	drain(stream) // carol's liquidity events also carry an empty option
	settle, _ := e.prepare(dave, "settle-market", copyMap(settleFields))
	settled := e.submit(dave, "/api/v1/market/settle-market", settle)
	if settled["status"] != "settling" {
		t.Fatalf("settle-market answered %v", settled)
	}
	waitEvent(t, stream, "market:info_update", onMarket(""))                    // settling
	waitEvent(t, stream, "market:info_update", onMarket(opts[0].OptionAddress)) // ended, Red won
	e.confirmed(settled["opHash"].(string))
	if d := e.detail(market); d.Status != "ended" || d.WinningOptionAddress != opts[0].OptionAddress {
		t.Fatalf("after settlement: status %s, winner %s", d.Status, d.WinningOptionAddress)
	}
	var resolution map[string]any
	call(t, e.m, "GET", "/api/v1/market/get-resolution-status?marketAddress="+market, "", nil, &resolution)
	if resolution["status"] != "ended" || resolution["winningOptionAddress"] != opts[0].OptionAddress ||
		resolution["resolutionSource"] != "https://example.com/result" || resolution["resolverUid"] != dave.uid {
		t.Fatalf("resolution status = %v", resolution)
	}

	step(9, "alice claims 1:1; her base balance rises by exactly her Red")
	red0, usdc0 := e.balance(red, alice.account), e.balance(usdc, alice.account)
	claim, _ := e.prepare(alice, "claim", map[string]any{"marketAddress": market, "optionAddress": opts[0].OptionAddress})
	e.confirmed(e.submit(alice, "/api/v1/market/claim-market-result", claim)["opHash"].(string))
	if got := new(big.Int).Sub(e.balance(usdc, alice.account), usdc0); got.Cmp(red0) != 0 {
		t.Fatalf("claim paid %s for %s winning tokens", got, red0)
	}
	waitEvent(t, stream, "user:asset_changed", func(ev sseEvent) bool {
		return ev.data["uid"] == alice.uid && ev.data["base_token_address"] == strings.ToLower(usdc.Hex())
	})

	step(10, "bob's claim of his losing Blue is refused")
	r = request(t, e.m, "POST", "/api/v1/aa/prepare-user-operation", bob.token,
		map[string]any{"action": "claim", "marketAddress": market, "optionAddress": opts[1].OptionAddress})
	if r.Status != http.StatusBadRequest || r.Code != 110101 {
		t.Fatalf("claim of a losing option: HTTP %d code %d %s", r.Status, r.Code, r.Msg)
	}

	step(11, "the creator redeems its LP shares after settlement")
	rootLP := e.balance(common.HexToAddress(market), root.account)
	usdcBefore := e.balance(usdc, root.account)
	redeem, _ := e.prepare(root, "remove-liquidity", map[string]any{"marketAddress": market, "lpAmount": rootLP.String(), "minReceiveAmount": "0", "deadline": e.deadline()})
	e.confirmed(e.submit(root, "/api/v1/market/remove-liquidity", redeem)["opHash"].(string))
	if e.balance(common.HexToAddress(market), root.account).Sign() != 0 || e.balance(usdc, root.account).Cmp(usdcBefore) <= 0 {
		t.Fatal("LP redemption paid nothing")
	}
}

// positionsMatchChain compares a user's positions in the API with the
// option token balances on chain.
func (e *e2e) positionsMatchChain(u *user, options map[string]common.Address) {
	e.t.Helper()
	var page struct {
		Positions []struct{ OptionAddress, Amount string }
	}
	call(e.t, e.m, "GET", "/api/v1/market/get-user-positions?page=1&pageSize=50", u.token, nil, &page)
	got := map[string]string{}
	for _, p := range page.Positions {
		got[p.OptionAddress] = p.Amount
	}
	for addr, token := range options {
		if want := e.balance(token, u.account).String(); got[addr] != want {
			e.t.Fatalf("%s's position in %s: API %q, chain %s", u.name, addr, got[addr], want)
		}
	}
}

// drain discards the events that arrive until the stream is quiet.
func drain(events <-chan sseEvent) {
	for {
		select {
		case <-events:
		case <-time.After(500 * time.Millisecond):
			return
		}
	}
}

func merge(a, b map[string]any) map[string]any {
	out := copyMap(a)
	for k, v := range b {
		out[k] = v
	}
	return out
}

func copyMap(a map[string]any) map[string]any {
	out := map[string]any{}
	for k, v := range a {
		out[k] = v
	}
	return out
}

func mustBig(s string) *big.Int {
	n, ok := new(big.Int).SetString(s, 10)
	if !ok {
		panic(s)
	}
	return n
}

// ownOp is an operation a client built without the service's help.
type ownOp struct {
	op       *aa.UserOperation
	deadline string
}

// ownOperation builds, as an outside client would, a signed operation
// for act from u's account, without a paymaster (the account pays).
func (e *e2e) ownOperation(u *user, act *aa.Action) ownOp {
	e.t.Helper()
	callData, err := act.CallData()
	if err != nil {
		e.t.Fatal(err)
	}
	ep := e.m.Suite.EntryPoint
	nonce, err := aa.Nonce(e.ctx, e.m.Client, ep, u.account)
	if err != nil {
		e.t.Fatal(err)
	}
	var initCode []byte
	if code, _ := e.m.Client.CodeAt(e.ctx, u.account, nil); len(code) == 0 {
		initCode, _ = aa.InitCode(e.m.Suite.AccountFactory, crypto.PubkeyToAddress(u.owner.PublicKey))
	}
	head, _ := e.m.Client.HeaderByNumber(e.ctx, nil)
	op := &aa.UserOperation{
		Sender: u.account, Nonce: nonce, InitCode: initCode, CallData: callData,
		CallGasLimit: big.NewInt(500_000), VerificationGasLimit: big.NewInt(600_000), PreVerificationGas: big.NewInt(60_000),
		MaxFeePerGas: new(big.Int).Add(new(big.Int).Mul(head.BaseFee, big.NewInt(2)), big.NewInt(1e9)), MaxPriorityFeePerGas: big.NewInt(1e9),
		PaymasterAndData: []byte{},
	}
	hash := op.Hash(ep, big.NewInt(e.m.Deployment.ChainID))
	if op.Signature, err = aa.SignHash(hash, u.owner); err != nil {
		e.t.Fatal(err)
	}
	return ownOp{op: op, deadline: act.Deadline.String()}
}
