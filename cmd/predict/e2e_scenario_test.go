package main

import (
	"context"
	"encoding/json"
	"math/big"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"

	"github.com/predict-dev/predict/client"
	"github.com/predict-dev/predict/internal/aa"
	"github.com/predict-dev/predict/wire"
)

// TestEndToEnd drives the whole money path through the Go client
// (package client) on the embedded chain: an admin creates a 3-option
// market; two users buy (one through the client's Signer, one building
// the operation itself); one sells part; an LP adds then removes
// liquidity; the resolver settles; the winner claims 1:1; the loser's
// claim is refused; the creator redeems its LP shares. After every step
// the API's figures are compared with the chain's.
func TestEndToEnd(t *testing.T) {
	e := startE2E(t, nil)
	ctx := e.ctx
	usdc := e.m.Suite.BaseTokens[0].Address
	step := func(n int, what string) { t.Logf("step %d: %s", n, what) }
	public := e.api("")

	step(1, "users log in; the faucet funds them")
	root, alice, bob, carol, dave := e.newUser("root"), e.newUser("alice"), e.newUser("bob"), e.newUser("carol"), e.newUser("dave")
	for _, u := range []*user{root, alice, bob, carol} {
		e.faucet(u, 1_000_000_000) // 1000 USDC
	}

	step(2, "the admin creates a 3-option market (prepare, sign, submit)")
	end := time.Now().Add(48 * time.Hour).UTC().Truncate(time.Second)
	created, err := e.signer(root).CreateMarket(ctx, client.CreateMarketRequest{
		Title: "Who wins the cup?", Description: "The 2027 final.", Rules: "Official result.",
		Options:    []client.OptionTitle{{Title: "Red"}, {Title: "Blue"}, {Title: "Draw"}},
		CategoryID: "sports", Tags: []string{"football"}, EndTime: wire.NewTime(end),
		BaseTokenAddress: strings.ToLower(usdc.Hex()), InitialLiquidity: wire.NewAmount(big.NewInt(300_000_000)),
	})
	e.must(err, "root creates the market")
	market, opts := created.MarketAddress, created.Options
	if len(opts) != 3 || opts[0].Title != "Red" {
		t.Fatalf("create-market answered %+v", created)
	}
	e.confirmed(created.OpHash)
	d := e.detail(market)
	if d.Status != "running" || len(d.Options) != 3 || d.Options[2].OptionAddress != opts[2].OptionAddress {
		t.Fatalf("market after creation: %+v", d)
	}
	red, blue := common.HexToAddress(opts[0].OptionAddress), common.HexToAddress(opts[1].OptionAddress)

	// alice watches the market over SSE from here on.
	stream := e.watch(alice, market)
	conn := waitEvent(t, stream, "base:connected", nil) // the market topic is subscribed by then
	if conn.data["connection_id"] == "" {
		t.Fatalf("base:connected without a connection_id: %+v", conn)
	}
	onMarket := func(option string) func(sseEvent) bool {
		return func(ev sseEvent) bool {
			return ev.data["market_address"] == market && ev.data["option_address"] == option
		}
	}

	step(3, "alice asks for a quote, then buys Red through prepare: she receives exactly the quoted amount")
	quote, err := public.GetQuote(ctx, client.QuoteQuery{MarketAddress: market, OptionAddress: opts[0].OptionAddress,
		Side: client.SideBuy, Amount: big.NewInt(100_000_000)})
	e.must(err, "quote")
	placed, err := e.signer(alice).Buy(ctx, client.PlaceOrderRequest{MarketAddress: market, OptionAddress: opts[0].OptionAddress,
		Amount: wire.NewAmount(big.NewInt(100_000_000)), MinReceiveAmount: wire.NewAmount(big.NewInt(1)), Deadline: wire.NewUnix(e.deadlineTime()), Price: wire.NewAmount(big.NewInt(333333))})
	e.must(err, "alice buys Red")
	if placed.OrderUUID == "" {
		t.Fatalf("place-order answered %+v", placed)
	}
	e.confirmed(placed.OpHash)
	aliceRed := e.balance(red, alice.account)
	if aliceRed.Cmp(quote.AmountOut.Int) != 0 || quote.Fee.String() != "2000000" {
		t.Fatalf("alice received %s Red; the quote said %s (fee %s)", aliceRed, quote.AmountOut, quote.Fee)
	}
	waitEvent(t, stream, "market:new_trades", onMarket(opts[0].OptionAddress))
	waitEvent(t, stream, "market:price_change", onMarket(opts[2].OptionAddress))
	// The public detail, read (and cached) before the buy, shows it as
	// soon as the event is out.
	if d := e.detail(market); d.Volume.String() != "100000000" || d.Options[0].Price == "0.333333333333333333" {
		t.Fatalf("detail on market:price_change after alice's buy: volume %s, Red at %s", d.Volume, d.Options[0].Price)
	}
	waitEvent(t, stream, "user:position_changed", func(ev sseEvent) bool {
		return ev.data["uid"] == alice.uid && ev.data["option_address"] == opts[0].OptionAddress
	})
	toAlice := func(ev sseEvent) bool { return ev.data["uid"] == alice.uid }
	waitEvent(t, stream, "user:new_notification", toAlice) // her buy confirmed
	aliceBuy, aliceOrder := placed.OpHash, placed.OrderUUID
	if d := e.detail(market); d.Volume.String() != "100000000" || d.ParticipantCount != 1 {
		t.Fatalf("after alice's buy: volume %s, participants %d", d.Volume, d.ParticipantCount)
	}

	step(4, "bob builds his own operation (no prepare, pays his own gas) and buys Blue")
	e.fundETH(bob.account, big.NewInt(1e17))
	bobOp := e.ownOperation(bob, &aa.Action{Kind: aa.KindBuy, Target: common.HexToAddress(market), Option: 1,
		Amount: big.NewInt(50_000_000), MinOut: big.NewInt(1), Deadline: mustBig(e.deadline()),
		Approvals: []aa.Approval{{Token: usdc, Spender: common.HexToAddress(market), Amount: big.NewInt(50_000_000)}}})
	bobOrder := &client.PlaceOrderRequest{MarketAddress: market, OptionAddress: opts[1].OptionAddress, Side: client.SideBuy,
		Amount: wire.NewAmount(big.NewInt(50_000_000)), MinReceiveAmount: wire.NewAmount(big.NewInt(1)), Deadline: wire.NewUnix(time.Unix(mustBig(bobOp.deadline).Int64(), 0)),
		Price: wire.NewAmount(big.NewInt(333333)), UserOperation: bobOp.op}
	placed, err = e.as(bob).PlaceOrder(ctx, bobOrder)
	e.must(err, "bob submits his own operation")
	e.confirmed(placed.OpHash)
	if e.balance(blue, bob.account).Sign() <= 0 {
		t.Fatal("bob holds no Blue after his buy")
	}

	step(5, "replaying bob's operation returns the same opHash and creates nothing")
	again, err := e.as(bob).PlaceOrder(ctx, bobOrder)
	e.must(err, "bob replays his operation")
	if again.OpHash != placed.OpHash || again.OrderUUID != placed.OrderUUID {
		t.Fatalf("replay answered %+v, first %+v", again, placed)
	}

	step(6, "alice sells part of her Red")
	half := new(big.Int).Div(aliceRed, big.NewInt(2))
	sold, err := e.signer(alice).Sell(ctx, client.PlaceOrderRequest{MarketAddress: market, OptionAddress: opts[0].OptionAddress,
		Amount: wire.NewAmount(half), MinReceiveAmount: wire.NewAmount(big.NewInt(1)), Deadline: wire.NewUnix(e.deadlineTime())})
	e.must(err, "alice sells Red")
	e.confirmed(sold.OpHash)
	if got := e.balance(red, alice.account); got.Cmp(new(big.Int).Sub(aliceRed, half)) != 0 {
		t.Fatalf("alice's Red after selling %s of %s: %s", half, aliceRed, got)
	}
	trades, err := public.GetMarketTrades(ctx, client.MarketTradesQuery{PageSize: 10, MarketAddress: market})
	e.must(err, "market trades")
	if trades.Total != 3 || trades.Trades[0].Side != client.SideSell || trades.Trades[0].UserName != "alice" || trades.Trades[0].TokenAmount.Cmp(half) != 0 {
		t.Fatalf("market trades after alice's sell: %+v", trades)
	}
	if got := []string{trades.Trades[0].OrderUUID, trades.Trades[1].OrderUUID, trades.Trades[2].OrderUUID}; !slices.Equal(got, []string{sold.OrderUUID, placed.OrderUUID, aliceOrder}) {
		t.Fatalf("trades name orders %q, want alice's sell %q, bob's buy %q and alice's buy %q", got, sold.OrderUUID, placed.OrderUUID, aliceOrder)
	}
	// The platform's form of the same list, with paging left to its
	// defaults: orders with side "buy"/"sell" and the trader nested.
	var orders struct {
		Total  int
		Orders []struct {
			OrderUUID, MarketAddress, OptionTitle, Side, Price, Amount, Timestamp string
			User                                                                  struct{ UID, Name, AvatarURL string }
		}
	}
	rt := request(t, e.m, "GET", "/api/v1/market/get-market-trades?marketAddress="+market, "", nil)
	if err := json.Unmarshal(rt.Data, &orders); err != nil || rt.Code != 0 {
		t.Fatalf("get-market-trades without paging: %d %s %v", rt.Code, rt.Msg, err)
	}
	if o := orders.Orders; orders.Total != 3 || len(o) != 3 || o[0].OrderUUID != sold.OrderUUID || o[0].Side != "sell" || o[2].Side != "buy" ||
		o[0].Amount != half.String() || o[0].User.Name != "alice" || o[0].User.UID != alice.uid || o[0].OptionTitle != "Red" ||
		o[0].Price != trades.Trades[0].AvgPrice || o[0].Timestamp == "" || o[0].MarketAddress != market {
		t.Fatalf("orders: %+v", orders)
	}
	trades, err = e.as(bob).GetUserTrades(ctx, client.UserTradesQuery{PageSize: 10})
	e.must(err, "bob's trades")
	if trades.Total != 1 || trades.Trades[0].OptionAddress != opts[1].OptionAddress || trades.Trades[0].BaseAmount.String() != "50000000" {
		t.Fatalf("bob's trades: %+v", trades)
	}
	e.positionsMatchChain(alice, map[string]common.Address{opts[0].OptionAddress: red})
	e.positionsMatchChain(bob, map[string]common.Address{opts[1].OptionAddress: blue})

	step(7, "carol adds liquidity, then removes it")
	added, err := e.signer(carol).AddLiquidity(ctx, client.AddLiquidityRequest{MarketAddress: market,
		Amount: wire.NewAmount(big.NewInt(200_000_000)), MinLPAmount: wire.NewAmount(big.NewInt(1)), Deadline: wire.NewUnix(e.deadlineTime())})
	e.must(err, "carol adds liquidity")
	e.confirmed(added.OpHash)
	lp := e.balance(common.HexToAddress(market), carol.account)
	liq, err := e.as(carol).GetUserLiquidity(ctx, client.LiquidityQuery{PageSize: 10})
	e.must(err, "carol's liquidity")
	if lp.Sign() <= 0 || len(liq.Positions) != 1 || liq.Positions[0].LPAmount.Cmp(lp) != 0 {
		t.Fatalf("carol's LP tokens: chain %s, API %+v", lp, liq.Positions)
	}
	removed, err := e.signer(carol).RemoveLiquidity(ctx, client.RemoveLiquidityRequest{MarketAddress: market,
		LPAmount: wire.NewAmount(lp), MinReceiveAmount: wire.NewAmount(big.NewInt(0)), Deadline: wire.NewUnix(e.deadlineTime())})
	e.must(err, "carol removes liquidity")
	e.confirmed(removed.OpHash)
	if got := e.balance(common.HexToAddress(market), carol.account); got.Sign() != 0 {
		t.Fatalf("carol still has %s LP tokens", got)
	}

	step(8, "settlement: a non-resolver is refused; the admin makes dave resolver; dave settles Red")
	settle := client.SettleMarketRequest{MarketAddress: market, WinningOptionAddress: opts[0].OptionAddress,
		ResolutionSource: "https://example.com/result", ResolutionNote: "Red won 2-1."}
	_, err = e.signer(dave).SettleMarket(ctx, settle)
	if client.HTTPStatus(err) != http.StatusForbidden || !client.IsCode(err, client.CodeForbidden) {
		t.Fatalf("settle by a non-resolver: %v", err)
	}
	_, err = e.as(root).SetUserRole(ctx, client.SetUserRoleRequest{UID: dave.uid, Role: client.RoleResolver, Granted: true})
	e.must(err, "root makes dave resolver")
	drain(stream) // carol's liquidity events also carry an empty option
	settled, err := e.signer(dave).SettleMarket(ctx, settle)
	e.must(err, "dave settles")
	if settled.Status != "settling" {
		t.Fatalf("settle-market answered %+v", settled)
	}
	waitEvent(t, stream, "market:info_update", onMarket(""))                    // settling
	waitEvent(t, stream, "market:info_update", onMarket(opts[0].OptionAddress)) // ended, Red won
	waitEvent(t, stream, "user:new_notification", toAlice)                      // she holds Red
	e.confirmed(settled.OpHash)
	var notes struct {
		UnreadCount   int
		Notifications []struct {
			Kind string
			Data map[string]string
		}
	}
	call(t, e.m, "GET", "/api/v1/user/get-notifications?page=1&pageSize=50", alice.token, nil, &notes)
	var buyConfirmed, marketSettled bool
	for _, n := range notes.Notifications {
		buyConfirmed = buyConfirmed || (n.Kind == "operation" && n.Data["opHash"] == aliceBuy && n.Data["status"] == "confirmed")
		marketSettled = marketSettled || (n.Kind == "market_settled" && n.Data["marketAddress"] == market &&
			n.Data["winningOptionAddress"] == opts[0].OptionAddress && n.Data["marketTitle"] == "Who wins the cup?")
	}
	if !buyConfirmed || !marketSettled || notes.UnreadCount != len(notes.Notifications) {
		t.Fatalf("alice's notifications (buy confirmed %v, market settled %v): %+v", buyConfirmed, marketSettled, notes)
	}
	if d := e.detail(market); d.Status != "ended" || d.WinningOptionAddress != opts[0].OptionAddress {
		t.Fatalf("after settlement: status %s, winner %s", d.Status, d.WinningOptionAddress)
	}
	resolution, err := public.GetResolutionStatus(ctx, market)
	e.must(err, "resolution status")
	if resolution.Status != "ended" || resolution.WinningOptionAddress != opts[0].OptionAddress ||
		resolution.ResolutionSource != "https://example.com/result" || resolution.ResolverUID != dave.uid ||
		resolution.WinningOption == nil || resolution.WinningOption.Title != "Red" || resolution.SettledBy != (client.SettledBy{UID: dave.uid, Name: "dave"}) ||
		!resolution.Claimable || resolution.TotalClaimedAmount.Sign() != 0 || resolution.TotalClaimableAmount.Cmp(e.supply(red)) != 0 {
		t.Fatalf("resolution status = %+v (Red supply on chain %s)", resolution, e.supply(red))
	}

	step(9, "alice claims 1:1; her base balance rises by exactly her Red")
	red0, usdc0 := e.balance(red, alice.account), e.balance(usdc, alice.account)
	claimed, err := e.signer(alice).Claim(ctx, client.ClaimRequest{MarketAddress: market, OptionAddress: opts[0].OptionAddress})
	e.must(err, "alice claims")
	e.confirmed(claimed.OpHash)
	if got := new(big.Int).Sub(e.balance(usdc, alice.account), usdc0); got.Cmp(red0) != 0 {
		t.Fatalf("claim paid %s for %s winning tokens", got, red0)
	}
	// What was claimed and what is left, as the chain has it.
	resolution, err = public.GetResolutionStatus(ctx, market)
	e.must(err, "resolution status after the claim")
	if left := e.supply(red); resolution.TotalClaimedAmount.Cmp(red0) != 0 || resolution.TotalClaimableAmount.Cmp(left) != 0 ||
		resolution.Claimable != (left.Sign() > 0) {
		t.Fatalf("after claiming %s: %+v (Red supply on chain %s)", red0, resolution, left)
	}
	waitEvent(t, stream, "user:asset_changed", func(ev sseEvent) bool {
		return ev.data["uid"] == alice.uid && ev.data["base_token_address"] == strings.ToLower(usdc.Hex())
	})

	step(10, "bob's claim of his losing Blue is refused")
	_, err = e.signer(bob).Claim(ctx, client.ClaimRequest{MarketAddress: market, OptionAddress: opts[1].OptionAddress})
	if client.HTTPStatus(err) != http.StatusBadRequest || !client.IsCode(err, client.CodeParam) {
		t.Fatalf("claim of a losing option: %v", err)
	}

	step(11, "the creator redeems its LP shares after settlement")
	rootLP := e.balance(common.HexToAddress(market), root.account)
	usdcBefore := e.balance(usdc, root.account)
	redeemed, err := e.signer(root).RemoveLiquidity(ctx, client.RemoveLiquidityRequest{MarketAddress: market,
		LPAmount: wire.NewAmount(rootLP), MinReceiveAmount: wire.NewAmount(big.NewInt(0)), Deadline: wire.NewUnix(e.deadlineTime())})
	e.must(err, "root redeems its LP shares")
	e.confirmed(redeemed.OpHash)
	if e.balance(common.HexToAddress(market), root.account).Sign() != 0 || e.balance(usdc, root.account).Cmp(usdcBefore) <= 0 {
		t.Fatal("LP redemption paid nothing")
	}
}

// watch follows u's event stream with the client's Stream, subscribed to
// market, and hands its events over as sseEvent for waitEvent and drain.
func (e *e2e) watch(u *user, market string) <-chan sseEvent {
	e.t.Helper()
	return e.watchTopic(u, client.MarketTopic(market))
}

// watchTopic is watch for any topic (client.FirehoseTopic too).
func (e *e2e) watchTopic(u *user, topic string) <-chan sseEvent {
	e.t.Helper()
	s := e.as(u).NewStream(topic)
	s.OnError = func(err error) { e.t.Errorf("%s's stream: %v", u.name, err) }
	ctx, cancel := context.WithCancel(e.ctx)
	done := make(chan struct{})
	go func() {
		defer close(done)
		s.Run(ctx)
	}()
	e.t.Cleanup(func() {
		cancel()
		<-done // nothing may report to the test once it has ended
	})
	out := make(chan sseEvent, 100)
	go func() {
		defer close(out)
		for ev := range s.Events() {
			data, err := ev.Fields()
			if err != nil {
				e.t.Errorf("data is not a JSON object of strings: %v", err)
			}
			select {
			case out <- sseEvent{id: ev.ID, name: ev.Name, data: data}:
			case <-ctx.Done():
				return
			}
		}
	}()
	return out
}

// positionsMatchChain compares a user's positions in the API with the
// option token balances on chain.
func (e *e2e) positionsMatchChain(u *user, options map[string]common.Address) {
	e.t.Helper()
	page, err := e.as(u).GetUserPositions(e.ctx, client.PositionsQuery{PageSize: 50})
	e.must(err, "%s's positions", u.name)
	got := map[string]string{}
	for _, p := range page.Positions {
		got[p.OptionAddress] = p.Amount.String()
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
	callData, err := aa.CallData(act)
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
