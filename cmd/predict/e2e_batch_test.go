package main

import (
	"encoding/json"
	"fmt"
	"math/big"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/crypto"

	"github.com/predict-dev/predict/client"
	"github.com/predict-dev/predict/internal/aa"
	"github.com/predict-dev/predict/internal/cli"
	"github.com/predict-dev/predict/wire"
)

// TestBatchEndToEnd: a bot with an API key and its owner key, under the
// default rate limits, quotes a market with two limit orders placed in
// one operation, then replaces them atomically: one batch cancels both
// and places two new ones. The book shows the new quotes only, each order
// found by the uuid the batch answered, and the escrow holds exactly
// them. A batch with one forbidden action (a cancel of another user's
// order) is refused as a whole before signing, and a signed batch whose
// actions are not its callData's is refused at submission: neither
// reaches the chain (the account's nonce stays) nor the store. Then the
// command line replaces quotes from a file with the key as PREDICT_TOKEN.
func TestBatchEndToEnd(t *testing.T) {
	e := startE2E(t, map[string]string{"PREDICT_RATE_PUBLIC": "", "PREDICT_RATE_USER_READ": "", "PREDICT_RATE_USER_TRADE": ""})
	ctx := e.ctx
	usdc := e.m.Suite.BaseTokens[0].Address
	escrow := e.m.Suite.LimitOrders
	root := e.newUser("root")
	e.faucet(root, 1_000_000_000)
	market, options := e.newMarket(root, "Will the quotes move?")
	yes := options[0]
	owner, alice := e.newUser("maker"), e.newUser("alice")
	e.faucet(owner, 200_000_000)
	e.faucet(alice, 50_000_000)

	key, err := e.as(owner).CreateAPIKey(ctx, client.CreateAPIKeyRequest{Name: "quoter", Scopes: []string{"trade"}})
	e.must(err, "create a trade key")
	// Its answers are checked against openapi.yaml on the way.
	bot, err := client.New("http://"+e.m.Addr(), client.WithToken(key.Key), client.WithRateLimitWaits(10, nil),
		client.WithHTTPClient(&http.Client{Transport: validating{t}}))
	e.must(err, "client")
	signer := client.NewSigner(bot, owner.owner, client.WithChain(e.m.Suite.EntryPoint, big.NewInt(e.m.Deployment.ChainID)))
	expiry := wire.NewUnix(e.deadlineTime().Add(24 * time.Hour))
	bid := func(price string, amount int64) *client.PlaceLimitOrderRequest {
		return &client.PlaceLimitOrderRequest{MarketAddress: market, OptionAddress: yes, Side: client.SideBuy, Price: price,
			Amount: wire.NewAmount(big.NewInt(amount)), Expiry: expiry}
	}
	wait := func(what string, res *client.BatchResult) {
		t.Helper()
		st, err := signer.Wait(ctx, res.OpHash, nil)
		if err != nil || st.Status != client.OpConfirmed || st.Action != "batch" {
			t.Fatalf("%s: %+v, %v", what, st, err)
		}
	}
	// orderOf is the order a batch's answer names, as the indexer has it.
	orderOf := func(uuid string) *client.LimitOrder {
		t.Helper()
		o, err := bot.GetOrder(ctx, uuid, 0)
		e.must(err, "order %s", uuid)
		return o
	}
	bids := func() []string {
		t.Helper()
		book, err := bot.GetOrderBook(ctx, market)
		e.must(err, "order book")
		var out []string
		for _, b := range book.Options[0].Bids {
			out = append(out, b.Price+"x"+b.Remaining.String())
		}
		return out
	}

	// Two quotes in one operation (its first: the account is deployed
	// by it too).
	first, err := signer.Batch(ctx, bid("0.30", 10_000_000), bid("0.25", 20_000_000))
	e.must(err, "the bot quotes")
	wait("the first quotes", first)
	if len(first.Actions) != 2 || first.Actions[0].OrderUUID == "" || first.Actions[0].OrderUUID == first.Actions[1].OrderUUID {
		t.Fatalf("the first batch's answer: %+v", first)
	}
	old := []*client.LimitOrder{orderOf(first.Actions[0].OrderUUID), orderOf(first.Actions[1].OrderUUID)}
	if old[0].Price != "0.3" || old[1].Price != "0.25" || old[0].OpHash != first.OpHash || old[1].OpHash != first.OpHash {
		t.Fatalf("the first quotes: %+v %+v", old[0], old[1])
	}
	if got := strings.Join(bids(), " "); got != "0.3x10000000 0.25x20000000" {
		t.Fatalf("bids after the first quotes: %s", got)
	}

	// The replacement: cancel both, place two, all or nothing.
	stream := e.watch(owner, market)
	waitEvent(t, stream, "base:connected", nil)
	balance := e.balance(usdc, owner.account)
	replaced, err := signer.Batch(ctx,
		&client.CancelOrderRequest{MarketAddress: market, OrderID: old[0].OrderID},
		&client.CancelOrderRequest{MarketAddress: market, OrderID: old[1].OrderID},
		bid("0.35", 15_000_000), bid("0.32", 5_000_000))
	e.must(err, "the bot replaces its quotes")
	wait("the replacement", replaced)
	if len(replaced.Actions) != 4 || replaced.Actions[0].Action != client.ActionCancelOrder || replaced.Actions[3].OrderUUID == "" {
		t.Fatalf("the replacement's answer: %+v", replaced)
	}
	for _, o := range old {
		if got := orderOf(o.OrderUUID); got.Status != "cancelled" {
			t.Fatalf("order %d after the replacement: %s", o.OrderID, got.Status)
		}
	}
	for i, want := range map[int]string{2: "0.35", 3: "0.32"} {
		if o := orderOf(replaced.Actions[i].OrderUUID); o.Price != want || o.Status != "open" || o.OpHash != replaced.OpHash {
			t.Fatalf("new quote %d: %+v", i, o)
		}
	}
	if got := strings.Join(bids(), " "); got != "0.35x15000000 0.32x5000000" {
		t.Fatalf("bids after the replacement: %s", got)
	}
	// Each order's change is its own event: none merged into another.
	changed := map[string]bool{}
	for _, o := range old {
		changed[fmt.Sprintf("%d:cancelled", o.OrderID)] = true
	}
	for _, a := range replaced.Actions[2:] {
		changed[fmt.Sprintf("%d:open", orderOf(a.OrderUUID).OrderID)] = true
	}
	for len(changed) > 0 {
		ev := waitEvent(t, stream, "user:order_changed", nil)
		delete(changed, ev.data["order_id"]+":"+ev.data["status"])
	}
	// The refund of 30 came back and 20 went into the escrow, which holds
	// the new quotes exactly.
	if got, want := e.balance(usdc, owner.account), new(big.Int).Add(balance, big.NewInt(10_000_000)); got.Cmp(want) != 0 {
		t.Fatalf("the bot's USDC after the replacement: %s, want %s", got, want)
	}
	if got := e.balance(usdc, escrow); got.Cmp(big.NewInt(20_000_000)) != 0 {
		t.Fatalf("the escrow holds %s, want the new quotes' 20000000", got)
	}

	// A batch with one forbidden action: refused whole, before signing.
	theirs, err := e.signer(alice).PlaceLimitOrder(ctx, client.PlaceLimitOrderRequest{MarketAddress: market, OptionAddress: yes,
		Side: client.SideBuy, Price: "0.2", Amount: wire.NewAmount(big.NewInt(5_000_000)), Expiry: expiry})
	e.must(err, "alice quotes")
	e.confirmed(theirs.OpHash)
	aliceOrder := orderOf(theirs.OrderUUID)
	mine := orderOf(replaced.Actions[2].OrderUUID)
	nonce := func() *big.Int {
		n, err := aa.Nonce(ctx, e.m.Client, e.m.Suite.EntryPoint, owner.account)
		e.must(err, "nonce")
		return n
	}
	before := nonce()
	_, err = signer.Batch(ctx,
		&client.CancelOrderRequest{MarketAddress: market, OrderID: mine.OrderID},
		&client.CancelOrderRequest{MarketAddress: market, OrderID: aliceOrder.OrderID})
	if !client.IsCode(err, client.CodeForbidden) || !strings.Contains(err.Error(), "actions[1] (cancel-order)") {
		t.Fatalf("a batch cancelling alice's order: %v", err)
	}
	// More actions than a batch holds, or a kind sent alone.
	many := make([]client.TxRequest, client.MaxBatchActions+1)
	for i := range many {
		many[i] = &client.CancelOrderRequest{MarketAddress: market, OrderID: mine.OrderID}
	}
	if _, err := bot.PrepareBatch(ctx, many, ""); !client.IsCode(err, client.CodeTooManyActions) {
		t.Fatalf("a batch of 17: %v", err)
	}
	buy := &client.PlaceOrderRequest{MarketAddress: market, OptionAddress: yes, Side: client.SideBuy, Amount: wire.NewAmount(big.NewInt(1_000_000)),
		MinReceiveAmount: wire.NewAmount(big.NewInt(1)), Deadline: wire.NewUnix(e.deadlineTime())}
	if _, err := bot.PrepareBatch(ctx, []client.TxRequest{bid("0.1", 1_000_000), buy}, ""); !client.IsCode(err, client.CodeNotBatchable) {
		t.Fatalf("a batch with a buy: %v", err)
	}

	// A signed batch submitted with other actions than it performs.
	signed := []client.TxRequest{&client.CancelOrderRequest{MarketAddress: market, OrderID: mine.OrderID}, bid("0.36", 1_000_000)}
	p, err := signer.SignBatch(ctx, signed)
	e.must(err, "sign a batch")
	_, err = bot.SubmitBatch(ctx, []client.TxRequest{signed[0], bid("0.36", 9_000_000)}, p.UserOperation)
	if !client.IsCode(err, client.CodeOpRejected) || !strings.Contains(err.Error(), "actions[1] (place-limit-order)") {
		t.Fatalf("a batch whose callData is not its actions: %v", err)
	}
	_, err = bot.SubmitBatch(ctx, signed[:1], p.UserOperation)
	if !client.IsCode(err, client.CodeOpRejected) || !strings.Contains(err.Error(), "performs 2 actions; the batch has 1") {
		t.Fatalf("a batch of fewer actions than its callData: %v", err)
	}
	if _, err := bot.GetOperationStatus(ctx, p.UserOpHash); !client.IsCode(err, client.CodeNotFound) {
		t.Fatalf("the refused batch is known to the service: %v", err)
	}
	if after := nonce(); after.Cmp(before) != 0 {
		t.Fatalf("the bot's nonce moved from %s to %s: a refused batch reached the chain", before, after)
	}
	if o := orderOf(mine.OrderUUID); o.Status != "open" {
		t.Fatalf("the bot's quote after the refused batches: %s", o.Status)
	}
	if o := orderOf(aliceOrder.OrderUUID); o.Status != "open" {
		t.Fatalf("alice's order after the refused batch: %s", o.Status)
	}

	// The command line, the key as PREDICT_TOKEN: a batch from a file.
	env, predict := e.cli()
	if out, err := predict("login", "--profile", "cli", "--sub", "did:dev:cli", "--name", "cli"); err != nil {
		t.Fatalf("login: %v %s", err, out)
	}
	if out, err := predict("faucet", "--profile", "cli", "50"); err != nil {
		t.Fatalf("faucet: %v %s", err, out)
	}
	cliKey, err := predict("keys", "create", "cli-bot", "--scope", "trade", "--profile", "cli")
	if err != nil || !strings.HasPrefix(cliKey, "pdk_") {
		t.Fatalf("keys create: %q %v", cliKey, err)
	}
	env["PREDICT_TOKEN"] = strings.TrimSpace(cliKey)
	file := filepath.Join(t.TempDir(), "quotes.json")
	actions, _ := json.Marshal([]map[string]any{
		{"action": "place-limit-order", "marketAddress": market, "optionAddress": yes, "side": 1, "price": "0.15", "amount": "2000000", "expiry": expiry.Unix()},
		{"action": "place-limit-order", "marketAddress": market, "optionAddress": yes, "side": 1, "price": "0.1", "amount": "3000000", "expiry": expiry.Unix()},
	})
	e.must(os.WriteFile(file, actions, 0o600), "write the actions")
	out, err := predict("batch", file, "--profile", "cli")
	if err != nil || !strings.Contains(out, "batch of 2 actions confirmed") || strings.Count(out, "place-limit-order on "+market+" (order ") != 2 {
		t.Fatalf("predict batch: %q %s", out, cli.ErrorLine(err))
	}
	listed, err := predict("orders", market, "--profile", "cli")
	if err != nil || strings.Count(listed, " open ") != 2 {
		t.Fatalf("predict orders after the batch: %q %v", listed, err)
	}
	bad, _ := json.Marshal([]map[string]any{{"action": "cancel-order", "marketAddress": market, "orderId": aliceOrder.OrderID}})
	e.must(os.WriteFile(file, bad, 0o600), "write the actions")
	if out, err := predict("batch", file, "--profile", "cli"); !client.IsCode(err, client.CodeForbidden) {
		t.Fatalf("predict batch cancelling alice's order: %q %v", out, err)
	}
}

// TestBatchJSONRPC: on the ERC-4337 JSON-RPC path an executeBatch of
// several actions is decoded into them and each is judged as alone: a
// batch of two deposits is estimated, sponsored, sent and confirmed as one
// operation of action batch; a batch with an action sent alone, or with
// one its kind refuses, is refused whole, naming the action.
func TestBatchJSONRPC(t *testing.T) {
	e := startE2E(t, nil)
	root := e.newUser("root")
	e.faucet(root, 1_000_000_000)
	market, _ := e.newMarket(root, "Deposits in one operation")
	ended, endedOptions := e.newMarket(root, "Ended")
	settled, err := e.signer(root).SettleMarket(e.ctx, client.SettleMarketRequest{MarketAddress: ended, WinningOptionAddress: endedOptions[0]})
	e.must(err, "settle")
	e.confirmed(settled.OpHash)
	lp := e.newUser("provider")
	e.faucet(lp, 50_000_000)
	base := e.m.Suite.BaseTokens[0].Address
	head, _ := e.m.Client.HeaderByNumber(e.ctx, nil)
	future := big.NewInt(int64(head.Time) + 3600)
	ep, chainID := e.m.Deployment.EntryPoint, hexutil.EncodeBig(big.NewInt(e.m.Deployment.ChainID))
	deposit := func(m string, amount int64) *aa.Action {
		return &aa.Action{Kind: aa.KindAddLiquidity, Target: common.HexToAddress(m), Amount: big.NewInt(amount), MinOut: new(big.Int), Deadline: future,
			Approvals: []aa.Approval{{Token: base, Spender: common.HexToAddress(m), Amount: big.NewInt(amount)}}}
	}
	initCode, _ := aa.InitCode(e.m.Suite.AccountFactory, crypto.PubkeyToAddress(lp.owner.PublicKey))
	op := func(acts ...*aa.Action) map[string]any {
		callData, err := aa.ActionsCallData(acts)
		e.must(err, "encode the batch")
		nonce, _ := aa.Nonce(e.ctx, e.m.Client, e.m.Suite.EntryPoint, lp.account)
		return map[string]any{"sender": strings.ToLower(lp.account.Hex()), "nonce": hexutil.EncodeBig(nonce), "initCode": hexutil.Encode(initCode),
			"callData": hexutil.Encode(callData), "maxFeePerGas": "0x77359400", "maxPriorityFeePerGas": "0x3b9aca00",
			"paymasterAndData": "0x", "signature": "0x"}
	}
	for _, c := range []struct {
		name          string
		acts          []*aa.Action
		code, apiCode int
		msg           string
	}{
		{"SentAlone", []*aa.Action{deposit(market, 1_000_000), {Kind: aa.KindSettleMarket, Target: common.HexToAddress(market)}}, -32602, 110121, "actions[1] (settle-market)"},
		{"RefusedAction", []*aa.Action{deposit(market, 1_000_000), deposit(ended, 1_000_000)}, -32501, 110105, "actions[1] (add-liquidity)"},
		{"OverBalance", []*aa.Action{deposit(market, 1_000_000), deposit(market, 60_000_000)}, -32501, 110110, "actions[1] (add-liquidity)"},
	} {
		a := rpcPost(t, e.m, lp.token, "pm_getPaymasterStubData", op(c.acts...), ep, chainID, nil)
		if a.Error == nil || a.Error.Code != c.code || a.Error.Data.Code != c.apiCode || !strings.Contains(a.Error.Message, c.msg) {
			t.Fatalf("%s: %+v, want %d/%d naming %q", c.name, a.Error, c.code, c.apiCode, c.msg)
		}
	}

	// The batch endpoints take at most 64 KiB, whatever the service's
	// body limit.
	oversized := map[string]any{"actions": []map[string]any{{"action": "claim", "marketAddress": ended, "note": strings.Repeat("x", 70_000)}}}
	wantReject(t, request(t, e.m, "POST", "/api/v1/aa/prepare-batch", lp.token, oversized), 413, 110107)

	// Two deposits in one operation, as an SDK sends it.
	o := op(deposit(market, 2_000_000), deposit(market, 3_000_000))
	g := rpcPost(t, e.m, lp.token, "eth_estimateUserOperationGas", o, ep)
	var est map[string]string
	if g.Error != nil || json.Unmarshal(g.Result, &est) != nil {
		t.Fatalf("estimate: %+v %s", g.Error, g.Result)
	}
	o["callGasLimit"], o["verificationGasLimit"], o["preVerificationGas"] = est["callGasLimit"], est["verificationGasLimit"], est["preVerificationGas"]
	pm := rpcPost(t, e.m, lp.token, "pm_getPaymasterData", o, ep, chainID, map[string]any{})
	var sponsored struct{ PaymasterAndData string }
	if pm.Error != nil || json.Unmarshal(pm.Result, &sponsored) != nil {
		t.Fatalf("sponsor: %+v %s", pm.Error, pm.Result)
	}
	o["paymasterAndData"] = sponsored.PaymasterAndData
	raw, _ := json.Marshal(o)
	var uo aa.UserOperation
	e.must(json.Unmarshal(raw, &uo), "the operation")
	sig, err := aa.SignHash(uo.Hash(e.m.Suite.EntryPoint, big.NewInt(e.m.Deployment.ChainID)), lp.owner)
	e.must(err, "sign")
	o["signature"] = hexutil.Encode(sig)
	sent := rpcPost(t, e.m, lp.token, "eth_sendUserOperation", o, ep)
	var opHash string
	if sent.Error != nil || json.Unmarshal(sent.Result, &opHash) != nil {
		t.Fatalf("send: %+v %s", sent.Error, sent.Result)
	}
	e.confirmed(opHash)
	st, err := e.as(lp).GetOperationStatus(e.ctx, opHash)
	e.must(err, "status")
	if st.Action != "batch" || st.MarketAddress != market {
		t.Fatalf("the batch's record: %+v", st)
	}
	liq, err := e.as(lp).GetUserLiquidity(e.ctx, client.LiquidityQuery{MarketAddress: market})
	e.must(err, "liquidity")
	if len(liq.Positions) != 1 {
		t.Fatalf("the deposits: %+v", liq)
	}
}
