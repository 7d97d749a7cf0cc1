package main

import (
	"math/big"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"

	"github.com/predict-dev/predict/client"
	"github.com/predict-dev/predict/wire"
)

// TestLimitOrderEndToEnd: with the default rate limits, a user places a
// limit buy below the pool's price through the client's Signer (approve
// and place in one batch); the escrow holds exactly its amount, the
// order shows in the book and in the user's orders (market:book_change
// announces it); cancel-order gives the escrow back to the wei, and the
// book is empty again. A marketable order, filled from the pool by the
// matcher, is the user's trade and position.
func TestLimitOrderEndToEnd(t *testing.T) {
	e := startE2E(t, map[string]string{"PREDICT_RATE_PUBLIC": "", "PREDICT_RATE_USER_READ": "", "PREDICT_RATE_USER_TRADE": ""})
	ctx := e.ctx
	usdc := e.m.Suite.BaseTokens[0].Address
	escrow := e.m.Suite.LimitOrders
	cfg, err := e.api("").GetConfig(ctx)
	e.must(err, "config")
	if !strings.EqualFold(cfg.LimitOrders, escrow.Hex()) {
		t.Fatalf("config names escrow %q, the suite %s", cfg.LimitOrders, escrow.Hex())
	}

	root, alice := e.newUser("root"), e.newUser("alice")
	e.faucet(root, 1_000_000_000)
	e.faucet(alice, 500_000_000)
	created, err := e.signer(root).CreateMarket(ctx, client.CreateMarketRequest{
		Title: "Rain tomorrow?", Description: "d", Rules: "r", Options: []client.OptionTitle{{Title: "Yes"}, {Title: "No"}},
		CategoryID: "weather", EndTime: wire.NewTime(time.Now().Add(48 * time.Hour).UTC().Truncate(time.Second)),
		BaseTokenAddress: strings.ToLower(usdc.Hex()), InitialLiquidity: wire.NewAmount(big.NewInt(100_000_000)),
	})
	e.must(err, "root creates the market")
	e.confirmed(created.OpHash)
	market, yes := created.MarketAddress, created.Options[0].OptionAddress
	stream := e.watch(alice, market)
	waitEvent(t, stream, "base:connected", nil)

	before := e.balance(usdc, alice.account)
	amount := big.NewInt(40_000_000)
	placed, err := e.signer(alice).PlaceLimitOrder(ctx, client.PlaceLimitOrderRequest{MarketAddress: market, OptionAddress: yes,
		Side: client.SideBuy, Price: "0.3", Amount: wire.NewAmount(amount), Expiry: wire.NewUnix(e.deadlineTime().Add(24 * time.Hour))})
	e.must(err, "alice places a limit buy")
	e.confirmed(placed.OpHash)
	if got, want := e.balance(usdc, alice.account), new(big.Int).Sub(before, amount); got.Cmp(want) != 0 {
		t.Fatalf("alice's USDC after placing: %s, want %s", got, want)
	}
	if got := e.balance(usdc, escrow); got.Cmp(amount) != 0 {
		t.Fatalf("the escrow holds %s USDC, want %s", got, amount)
	}
	waitEvent(t, stream, "market:book_change", func(ev sseEvent) bool {
		return ev.data["market_address"] == market && ev.data["option_address"] == yes
	})

	book, err := e.api("").GetOrderBook(ctx, market)
	e.must(err, "order book")
	if len(book.Options) != 2 || book.Options[0].PoolPrice != "0.5" || len(book.Options[0].Bids) != 1 || len(book.Options[0].Asks) != 0 ||
		book.Options[0].Bids[0].Price != "0.3" || book.Options[0].Bids[0].Remaining.Cmp(amount) != 0 || book.Options[0].Bids[0].Orders != 1 {
		t.Fatalf("book after the placement: %+v", book)
	}
	mine, err := e.as(alice).GetUserOrders(ctx, client.UserOrdersQuery{MarketAddress: market, Status: "open"})
	e.must(err, "alice's orders")
	if mine.Total != 1 {
		t.Fatalf("alice's open orders: %+v", mine)
	}
	o := mine.Orders[0]
	if o.OrderUUID != placed.OrderUUID || o.Side != client.SideBuy || o.Price != "0.3" || o.Remaining.Cmp(amount) != 0 ||
		!strings.EqualFold(o.Owner, alice.account.Hex()) || o.OpHash != placed.OpHash {
		t.Fatalf("alice's order %+v, placed %+v", o, placed)
	}

	cancelled, err := e.signer(alice).CancelOrder(ctx, client.CancelOrderRequest{MarketAddress: market, OrderID: o.OrderID})
	e.must(err, "alice cancels her order")
	e.confirmed(cancelled.OpHash)
	if got := e.balance(usdc, alice.account); got.Cmp(before) != 0 {
		t.Fatalf("alice's USDC after the cancellation: %s, want all of %s back", got, before)
	}
	if got := e.balance(usdc, escrow); got.Sign() != 0 {
		t.Fatalf("the escrow still holds %s USDC", got)
	}
	got, err := e.api("").GetOrder(ctx, placed.OrderUUID, 0)
	e.must(err, "the order by uuid")
	if got.Status != "cancelled" || got.Remaining.Sign() != 0 || got.Filled.Sign() != 0 {
		t.Fatalf("order after the cancellation: %+v", got)
	}
	book, err = e.api("").GetOrderBook(ctx, market)
	e.must(err, "order book")
	if len(book.Options[0].Bids) != 0 {
		t.Fatalf("book after the cancellation: %+v", book)
	}
	if e.balance(common.HexToAddress(yes), alice.account).Sign() != 0 {
		t.Fatal("alice holds option tokens without a fill")
	}

	// A marketable order is filled by the matcher from the pool: the
	// trade is alice's, and so is the position.
	spend := big.NewInt(20_000_000)
	placed, err = e.signer(alice).PlaceLimitOrder(ctx, client.PlaceLimitOrderRequest{MarketAddress: market, OptionAddress: yes,
		Side: client.SideBuy, Price: "0.6", Amount: wire.NewAmount(spend), Expiry: wire.NewUnix(e.deadlineTime())})
	e.must(err, "alice places a marketable limit buy")
	e.confirmed(placed.OpHash)
	o2, err := e.api("").GetOrder(ctx, placed.OrderUUID, 0)
	e.must(err, "the second order")
	var filled *client.LimitOrder
	for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(100 * time.Millisecond) {
		filled, err = e.api("").GetOrder(ctx, "", o2.OrderID)
		e.must(err, "the filled order")
		if filled.Status == "filled" || time.Now().After(deadline) {
			break
		}
	}
	held := e.balance(common.HexToAddress(yes), alice.account)
	if filled.Status != "filled" || len(filled.Fills) != 1 || filled.Received.Cmp(held) != 0 || !strings.EqualFold(filled.Fills[0].Counterparty, market) {
		t.Fatalf("order after the fill %+v; alice holds %s Yes", filled, held)
	}
	trades, err := e.api("").GetMarketTrades(ctx, client.MarketTradesQuery{MarketAddress: market, OptionAddress: yes})
	e.must(err, "trades")
	if len(trades.Trades) != 1 || trades.Trades[0].UID != alice.uid || !strings.EqualFold(trades.Trades[0].Account, alice.account.Hex()) ||
		trades.Trades[0].BaseAmount.Cmp(spend) != 0 || trades.Trades[0].TokenAmount.Cmp(held) != 0 {
		t.Fatalf("the fill's trade: %+v", trades.Trades)
	}
	pos, err := e.as(alice).GetUserPositions(ctx, client.PositionsQuery{MarketAddress: market})
	e.must(err, "alice's positions")
	if len(pos.Positions) != 1 || pos.Positions[0].Amount.Cmp(held) != 0 || pos.Positions[0].CostBasis.Cmp(spend) != 0 {
		t.Fatalf("alice's positions after the fill: %+v", pos.Positions)
	}
	if got, want := e.balance(usdc, alice.account), new(big.Int).Sub(before, spend); got.Cmp(want) != 0 {
		t.Fatalf("alice's USDC after the fill: %s, want %s", got, want)
	}

	// The command line: rest two orders, list them, cancel one, then all.
	_, predict := e.cli()
	cli := func(want string, args ...string) string {
		t.Helper()
		out, err := predict(append(args, "--profile", "carol")...)
		if err != nil || !strings.Contains(out, want) {
			t.Fatalf("predict %s: %q %v", strings.Join(args, " "), out, err)
		}
		return out
	}
	cli("logged in", "login", "--sub", "did:dev:carol", "--name", "carol")
	cli("minted", "faucet", "100")
	// Dust is refused before anything is signed, the minimum named.
	if out, err := predict("order", market, "yes", "buy", "0.000001", "0.2", "--profile", "carol"); err == nil ||
		!strings.Contains(err.Error(), "amount 0.000001 USDC is below the minimum order size, 1 USDC") {
		t.Fatalf("predict order of 0.000001 USDC: %q %v", out, err)
	}
	cli("buy order for 5 USDC of Yes at 0.2000 or better placed: order ", "order", market, "yes", "buy", "5", "0.2")
	cli("placed", "order", market, "yes", "buy", "3", "0.15", "--post-only", "--expires", "1h")
	listed := cli("buy Yes at 0.2000  5 USDC left of 5 USDC  open", "orders", market)
	if strings.Count(listed, " open ") != 2 {
		t.Fatalf("predict orders: %s", listed)
	}
	first := strings.Fields(listed)[0]
	cli("cancelled order "+first, "cancel", market, first)
	cli("cancelled your open orders", "cancel", market, "--all")
	if out := cli("cancelled", "orders", market, "--status", "cancelled"); strings.Count(out, "cancelled") != 2 {
		t.Fatalf("predict orders --status cancelled: %s", out)
	}
}
