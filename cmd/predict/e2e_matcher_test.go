package main

import (
	"crypto/ecdsa"
	"fmt"
	"math/big"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/accounts/abi/bind"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/crypto"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/client"
	"github.com/predict-dev/predict/internal/chain"
	"github.com/predict-dev/predict/internal/chain/bindings"
	"github.com/predict-dev/predict/wire"
)

// TestLimitOrderMatcher runs the matcher on the embedded chain with the
// default rate limits: an order placed and cancelled straight on the
// escrow shows in the book and leaves it; alice's resting buy is filled
// from the pool, in part, when bob's sale takes the pool through her
// price, exact to the wei against the contract; dave's resting bid and
// carol's ask cross at dave's price; an expired order and a cancelled
// one never fill, however far the pool goes.
func TestLimitOrderMatcher(t *testing.T) {
	e := startE2E(t, map[string]string{"PREDICT_RATE_PUBLIC": "", "PREDICT_RATE_USER_READ": "", "PREDICT_RATE_USER_TRADE": ""})
	ctx := e.ctx
	usdc := e.m.Suite.BaseTokens[0].Address
	escrowAddr := e.m.Suite.LimitOrders
	escrow, err := bindings.NewLimitOrdersCaller(escrowAddr, e.m.Client)
	e.must(err, "escrow binding")
	root, alice, bob := e.newUser("root"), e.newUser("alice"), e.newUser("bob")
	carol, dave, erin := e.newUser("carol"), e.newUser("dave"), e.newUser("erin")
	e.faucet(root, 1_000_000_000)
	for _, u := range []*user{alice, bob, carol, dave, erin} {
		e.faucet(u, 300_000_000)
	}
	market, options := e.newMarket(root, "Will the matcher fill it?")
	yes, no := options[0], options[1]
	yesToken, noToken := common.HexToAddress(yes), common.HexToAddress(no)

	// An order placed without the service, by a plain account on the
	// escrow, is in the book; cancelled there, it leaves the book.
	direct := e.directOrder(root, market, 0)
	book, err := e.api("").GetOrderBook(ctx, market)
	e.must(err, "book")
	if len(book.Options[0].Bids) != 1 || book.Options[0].Bids[0].Price != "0.2" {
		t.Fatalf("book with the direct order: %+v", book.Options[0])
	}
	direct.cancel()
	e.waitOrder(direct.id, "cancelled")
	book, err = e.api("").GetOrderBook(ctx, market)
	e.must(err, "book")
	if len(book.Options[0].Bids) != 0 {
		t.Fatalf("book after the direct cancel: %+v", book.Options[0])
	}

	// alice's stream tells her of her orders' changes.
	stream := e.watch(alice, market)
	waitEvent(t, stream, "base:connected", nil)

	// bob lifts Yes above 0.6; alice rests a buy of Yes at 0.6.
	deadline := wire.NewUnix(e.deadlineTime())
	bought, err := e.signer(bob).Buy(ctx, client.PlaceOrderRequest{MarketAddress: market, OptionAddress: yes, Side: client.SideBuy,
		Amount: wire.NewAmount(big.NewInt(60_000_000)), MinReceiveAmount: wire.NewAmount(big.NewInt(1)), Deadline: deadline})
	e.must(err, "bob buys Yes")
	e.confirmed(bought.OpHash)
	bobYes := e.balance(yesToken, bob.account)
	aliceUSDC := e.balance(usdc, alice.account)
	amount := big.NewInt(200_000_000)
	placed, err := e.signer(alice).PlaceLimitOrder(ctx, client.PlaceLimitOrderRequest{MarketAddress: market, OptionAddress: yes,
		Side: client.SideBuy, Price: "0.6", Amount: wire.NewAmount(amount), Expiry: wire.NewUnix(e.deadlineTime().Add(24 * time.Hour))})
	e.must(err, "alice rests a buy of Yes at 0.6")
	e.confirmed(placed.OpHash)
	order := e.waitOrder(e.orderID(placed.OrderUUID), "open")
	book, err = e.api("").GetOrderBook(ctx, market)
	e.must(err, "book")
	if pool := decimal(t, book.Options[0].PoolPrice); pool.Cmp(decimal(t, "0.6")) <= 0 {
		t.Fatalf("Yes is at %s in the pool, want above alice's 0.6", book.Options[0].PoolPrice)
	}

	// bob sells all his Yes: the pool goes back through 0.6, and alice's
	// order fills from it up to where her average stays at 0.6.
	sold, err := e.signer(bob).Sell(ctx, client.PlaceOrderRequest{MarketAddress: market, OptionAddress: yes, Side: client.SideSell,
		Amount: wire.NewAmount(bobYes), MinReceiveAmount: wire.NewAmount(big.NewInt(1)), Deadline: deadline})
	e.must(err, "bob sells his Yes")
	e.confirmed(sold.OpHash)
	order = e.waitOrder(order.OrderID, "partially_filled")
	waitEvent(t, stream, "user:order_changed", func(ev sseEvent) bool {
		return ev.data["order_id"] == strconv.FormatInt(order.OrderID, 10) && ev.data["status"] == "partially_filled" &&
			ev.data["market_address"] == market && ev.data["option_address"] == yes
	})
	onChain, err := escrow.Orders(&bind.CallOpts{Context: ctx}, big.NewInt(order.OrderID))
	e.must(err, "the order on chain")
	held := e.balance(yesToken, alice.account)
	switch {
	case order.Remaining.Sign() == 0 || order.Filled.Sign() == 0:
		t.Fatalf("alice's order should be filled in part: %+v", order)
	case onChain.Remaining.Cmp(order.Remaining.Int) != 0:
		t.Fatalf("the escrow keeps %s of alice's order, the service says %s", onChain.Remaining, order.Remaining)
	case e.balance(usdc, escrowAddr).Cmp(order.Remaining.Int) != 0:
		t.Fatalf("the escrow holds %s USDC, alice's order keeps %s", e.balance(usdc, escrowAddr), order.Remaining)
	case new(big.Int).Add(order.Filled.Int, order.Remaining.Int).Cmp(amount) != 0:
		t.Fatalf("filled %s + remaining %s != %s", order.Filled, order.Remaining, amount)
	case held.Cmp(order.Received.Int) != 0:
		t.Fatalf("alice holds %s Yes, her order received %s", held, order.Received)
	case e.balance(usdc, alice.account).Cmp(new(big.Int).Sub(aliceUSDC, amount)) != 0:
		t.Fatalf("alice's USDC %s, want %s", e.balance(usdc, alice.account), new(big.Int).Sub(aliceUSDC, amount))
	}
	checkFillsWithin(t, order)
	pos, err := e.as(alice).GetUserPositions(ctx, client.PositionsQuery{MarketAddress: market})
	e.must(err, "alice's positions")
	if len(pos.Positions) != 1 || pos.Positions[0].Amount.Cmp(held) != 0 || pos.Positions[0].CostBasis.Cmp(order.Filled.Int) != 0 {
		t.Fatalf("alice's position %+v, want %s Yes at a cost of %s", pos.Positions, held, order.Filled)
	}

	// carol holds No and asks above the pool; dave's earlier post-only
	// bid is higher still, so they cross at dave's price.
	boughtNo, err := e.signer(carol).Buy(ctx, client.PlaceOrderRequest{MarketAddress: market, OptionAddress: no, Side: client.SideBuy,
		Amount: wire.NewAmount(big.NewInt(10_000_000)), MinReceiveAmount: wire.NewAmount(big.NewInt(1)), Deadline: deadline})
	e.must(err, "carol buys No")
	e.confirmed(boughtNo.OpHash)
	carolNo := e.balance(noToken, carol.account)
	carolPos, err := e.as(carol).GetUserPositions(ctx, client.PositionsQuery{MarketAddress: market})
	e.must(err, "carol's positions")
	if len(carolPos.Positions) != 1 || carolPos.Positions[0].Amount.Cmp(carolNo) != 0 {
		t.Fatalf("carol's position before her ask: %+v", carolPos.Positions)
	}
	carolBasis := carolPos.Positions[0].CostBasis.Int
	book, err = e.api("").GetOrderBook(ctx, market)
	e.must(err, "book")
	poolNo := decimal(t, book.Options[1].PoolPrice)
	cents := new(big.Int).Quo(poolNo, big.NewInt(1e16)) // the pool's No price in whole cents, down
	bidPrice := fmt.Sprintf("0.%02d", cents.Int64()+10)
	askPrice := fmt.Sprintf("0.%02d", cents.Int64()+5)
	bid, err := e.signer(dave).PlaceLimitOrder(ctx, client.PlaceLimitOrderRequest{MarketAddress: market, OptionAddress: no,
		Side: client.SideBuy, Price: bidPrice, Amount: wire.NewAmount(big.NewInt(3_000_000)), Expiry: deadline, PostOnly: true})
	e.must(err, "dave bids for No at %s", bidPrice)
	e.confirmed(bid.OpHash)
	bidID := e.orderID(bid.OrderUUID)
	carolUSDC := e.balance(usdc, carol.account)
	ask, err := e.signer(carol).PlaceLimitOrder(ctx, client.PlaceLimitOrderRequest{MarketAddress: market, OptionAddress: no,
		Side: client.SideSell, Price: askPrice, Amount: wire.NewAmount(carolNo), Expiry: deadline})
	e.must(err, "carol asks %s for her No", askPrice)
	e.confirmed(ask.OpHash)
	askID := e.orderID(ask.OrderUUID)
	daveOrder := e.waitOrder(bidID, "filled")
	carolOrder := e.waitOrder(askID, "partially_filled")
	if len(daveOrder.Fills) != 1 || daveOrder.Fills[0].CounterOrderID != askID || len(carolOrder.Fills) != 1 || carolOrder.Fills[0].CounterOrderID != bidID {
		t.Fatalf("dave's fills %+v, carol's %+v: want one match of the two", daveOrder.Fills, carolOrder.Fills)
	}
	quantity, cost := daveOrder.Fills[0].AmountOut.Int, daveOrder.Fills[0].AmountIn.Int
	// dave rests: the cost is his price, rounded down in his favour.
	want := new(big.Int).Mul(quantity, decimal(t, bidPrice))
	want.Quo(want, predictOne)
	if cost.Cmp(want) != 0 || carolOrder.Fills[0].AmountIn.Cmp(quantity) != 0 || carolOrder.Fills[0].AmountOut.Cmp(cost) != 0 {
		t.Fatalf("the match: dave gave %s for %s (want %s at %s); carol's side %+v", cost, quantity, want, bidPrice, carolOrder.Fills[0])
	}
	if got := e.balance(noToken, dave.account); got.Cmp(quantity) != 0 {
		t.Fatalf("dave holds %s No, the match gave %s", got, quantity)
	}
	if got := new(big.Int).Sub(e.balance(usdc, carol.account), carolUSDC); got.Cmp(cost) != 0 {
		t.Fatalf("carol received %s USDC, the match paid %s", got, cost)
	}
	checkFillsWithin(t, daveOrder)
	checkFillsWithin(t, carolOrder)
	// A match is a trade for both: dave holds the No at what he paid.
	pos, err = e.as(dave).GetUserPositions(ctx, client.PositionsQuery{MarketAddress: market})
	e.must(err, "dave's positions")
	if len(pos.Positions) != 1 || pos.Positions[0].Amount.Cmp(quantity) != 0 || pos.Positions[0].CostBasis.Cmp(cost) != 0 {
		t.Fatalf("dave's position %+v, want %s No at a cost of %s", pos.Positions, quantity, cost)
	}
	// carol sold part of what she bought: the basis of those tokens leaves
	// her position, and the price over it is realized.
	removed := new(big.Int).Mul(carolBasis, quantity)
	removed.Quo(removed, carolNo)
	pos, err = e.as(carol).GetUserPositions(ctx, client.PositionsQuery{MarketAddress: market})
	e.must(err, "carol's positions")
	if len(pos.Positions) != 1 || pos.Positions[0].Amount.Cmp(new(big.Int).Sub(carolNo, quantity)) != 0 ||
		pos.Positions[0].CostBasis.Cmp(new(big.Int).Sub(carolBasis, removed)) != 0 || pos.Positions[0].RealizedPnL.Cmp(new(big.Int).Sub(cost, removed)) != 0 {
		t.Fatalf("carol's position %+v, want %s No, basis %s, realized %s", pos.Positions, new(big.Int).Sub(carolNo, quantity),
			new(big.Int).Sub(carolBasis, removed), new(big.Int).Sub(cost, removed))
	}

	// alice takes the rest of her order back. bob rests a buy of Yes at
	// 0.15, erin two at 0.2: one expires, one she cancels. Then root
	// takes Yes below 0.15: bob's order fills, which shows the matcher
	// looked at the pool below 0.2, and neither of erin's orders does.
	cancelled, err := e.signer(alice).CancelOrder(ctx, client.CancelOrderRequest{MarketAddress: market, OrderID: order.OrderID})
	e.must(err, "alice cancels the rest")
	e.confirmed(cancelled.OpHash)
	low, err := e.signer(bob).PlaceLimitOrder(ctx, client.PlaceLimitOrderRequest{MarketAddress: market, OptionAddress: yes,
		Side: client.SideBuy, Price: "0.15", Amount: wire.NewAmount(big.NewInt(5_000_000)), Expiry: deadline})
	e.must(err, "bob rests a buy at 0.15")
	e.confirmed(low.OpHash)
	head, err := e.m.Client.HeaderByNumber(ctx, nil)
	e.must(err, "head")
	short, err := e.signer(erin).PlaceLimitOrder(ctx, client.PlaceLimitOrderRequest{MarketAddress: market, OptionAddress: yes,
		Side: client.SideBuy, Price: "0.2", Amount: wire.NewAmount(big.NewInt(5_000_000)), Expiry: wire.NewUnix(time.Unix(int64(head.Time)+6, 0))})
	e.must(err, "erin rests a short order")
	e.confirmed(short.OpHash)
	long, err := e.signer(erin).PlaceLimitOrder(ctx, client.PlaceLimitOrderRequest{MarketAddress: market, OptionAddress: yes,
		Side: client.SideBuy, Price: "0.2", Amount: wire.NewAmount(big.NewInt(5_000_000)), Expiry: deadline})
	e.must(err, "erin rests a second order")
	e.confirmed(long.OpHash)
	longID := e.orderID(long.OrderUUID)
	cancelled, err = e.signer(erin).CancelOrder(ctx, client.CancelOrderRequest{MarketAddress: market, OrderID: longID})
	e.must(err, "erin cancels")
	e.confirmed(cancelled.OpHash)
	shortID := e.orderID(short.OrderUUID)
	// The embedded chain seals blocks on demand: move its clock past the
	// short order's expiry.
	if err := e.m.DevChain.AdjustTime(ctx, 10*time.Second); err != nil {
		t.Fatal(err)
	}
	crash, err := e.signer(root).Buy(ctx, client.PlaceOrderRequest{MarketAddress: market, OptionAddress: no, Side: client.SideBuy,
		Amount: wire.NewAmount(big.NewInt(400_000_000)), MinReceiveAmount: wire.NewAmount(big.NewInt(1)), Deadline: deadline})
	e.must(err, "root buys No")
	e.confirmed(crash.OpHash)
	lowID := e.orderID(low.OrderUUID)
	for deadline := time.Now().Add(60 * time.Second); ; time.Sleep(200 * time.Millisecond) {
		o, err := e.api("").GetOrder(ctx, "", lowID)
		e.must(err, "bob's order")
		if o.Filled.Sign() > 0 {
			checkFillsWithin(t, o)
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("bob's order at 0.15 did not fill after Yes fell: %+v", o)
		}
	}
	// The expired one stays expired until the matcher's sweep cancels it
	// and refunds its escrow.
	for id, status := range map[int64]string{shortID: "expired cancelled", longID: "cancelled"} {
		o, err := e.api("").GetOrder(ctx, "", id)
		e.must(err, "erin's order %d", id)
		if !slices.Contains(strings.Fields(status), o.Status) || len(o.Fills) != 0 || o.Filled.Sign() != 0 {
			t.Fatalf("erin's order %d: %+v, want %s and no fill", id, o, status)
		}
	}
	if got := e.balance(yesToken, erin.account); got.Sign() != 0 {
		t.Fatalf("erin holds %s Yes", got)
	}
}

var predictOne = big.NewInt(1e18)

// decimal parses a price such as "0.45" to 18-decimal fixed point.
func decimal(t *testing.T, s string) *big.Int {
	t.Helper()
	p, err := predict.ParseLimitPrice(s)
	if err != nil {
		t.Fatalf("price %q: %v", s, err)
	}
	return p
}

// checkFillsWithin: no fill of o gave more (a buy) or took less (a sell)
// than its limit allows, and the fills add up to the order.
func checkFillsWithin(t *testing.T, o *client.LimitOrder) {
	t.Helper()
	limit := decimal(t, o.Price)
	in, out := new(big.Int), new(big.Int)
	for _, f := range o.Fills {
		a, b := new(big.Int).Mul(f.AmountIn.Int, predictOne), new(big.Int).Mul(limit, f.AmountOut.Int)
		if o.Side == client.SideBuy && a.Cmp(b) > 0 {
			t.Fatalf("order %d paid %s for %s, over its limit %s", o.OrderID, f.AmountIn, f.AmountOut, o.Price)
		}
		a, b = new(big.Int).Mul(f.AmountOut.Int, predictOne), new(big.Int).Mul(limit, f.AmountIn.Int)
		if o.Side == client.SideSell && a.Cmp(b) < 0 {
			t.Fatalf("order %d got %s for %s, under its limit %s", o.OrderID, f.AmountOut, f.AmountIn, o.Price)
		}
		in.Add(in, f.AmountIn.Int)
		out.Add(out, f.AmountOut.Int)
	}
	if in.Cmp(o.Filled.Int) != 0 || out.Cmp(o.Received.Int) != 0 {
		t.Fatalf("order %d: fills give %s for %s, the order says filled %s received %s", o.OrderID, in, out, o.Filled, o.Received)
	}
}

// orderID is the escrow's id of the order placed under uuid, once the
// indexer has it.
func (e *e2e) orderID(uuid string) int64 {
	e.t.Helper()
	for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(100 * time.Millisecond) {
		o, err := e.api("").GetOrder(e.ctx, uuid, 0)
		if err == nil {
			return o.OrderID
		}
		if time.Now().After(deadline) {
			e.t.Fatalf("order %s not indexed: %v", uuid, err)
		}
	}
}

// waitOrder waits until order id has status and returns it with its
// fills.
func (e *e2e) waitOrder(id int64, status string) *client.LimitOrder {
	e.t.Helper()
	for deadline := time.Now().Add(60 * time.Second); ; time.Sleep(100 * time.Millisecond) {
		o, err := e.api("").GetOrder(e.ctx, "", id)
		if err == nil && o.Status == status {
			return o
		}
		if time.Now().After(deadline) {
			e.t.Fatalf("order %d: %+v (%v), want %s", id, o, err, status)
		}
	}
}

// plainOrder is an order of a plain account, placed on the escrow
// without the service.
type plainOrder struct {
	e   *e2e
	key *ecdsa.PrivateKey
	id  int64
}

// directOrder has a new plain account, given ether and USDC, place a
// post-only buy of option at 0.2 straight on the escrow.
func (e *e2e) directOrder(funder *user, market string, option int64) *plainOrder {
	e.t.Helper()
	key, _ := crypto.GenerateKey()
	addr := crypto.PubkeyToAddress(key.PublicKey)
	e.fundETH(addr, big.NewInt(1e17))
	_, err := e.as(funder).Faucet(e.ctx, client.FaucetRequest{Address: strings.ToLower(addr.Hex()), Amount: wire.NewAmount(big.NewInt(10_000_000))})
	e.must(err, "faucet to the plain account")
	p := &plainOrder{e: e, key: key}
	usdc, err := bindings.NewBaseTokenTransactor(e.m.Suite.BaseTokens[0].Address, e.m.Client)
	e.must(err, "token binding")
	p.send("approve", func(o *bind.TransactOpts) (*types.Transaction, error) {
		return usdc.Approve(o, e.m.Suite.LimitOrders, big.NewInt(10_000_000))
	})
	lo, err := bindings.NewLimitOrdersTransactor(e.m.Suite.LimitOrders, e.m.Client)
	e.must(err, "escrow binding")
	h, err := e.m.Client.HeaderByNumber(e.ctx, nil)
	e.must(err, "head")
	p.send("place", func(o *bind.TransactOpts) (*types.Transaction, error) {
		return lo.Place(o, common.HexToAddress(market), big.NewInt(option), true, big.NewInt(2e17), big.NewInt(10_000_000), h.Time+3600, true)
	})
	caller, err := bindings.NewLimitOrdersCaller(e.m.Suite.LimitOrders, e.m.Client)
	e.must(err, "escrow binding")
	n, err := caller.OrderCount(&bind.CallOpts{Context: e.ctx})
	e.must(err, "order count")
	p.id = int64(n)
	e.waitOrder(p.id, "open")
	return p
}

// cancel cancels the order straight on the escrow.
func (p *plainOrder) cancel() {
	p.e.t.Helper()
	lo, err := bindings.NewLimitOrdersTransactor(p.e.m.Suite.LimitOrders, p.e.m.Client)
	p.e.must(err, "escrow binding")
	p.send("cancel", func(o *bind.TransactOpts) (*types.Transaction, error) {
		return lo.Cancel(o, big.NewInt(p.id))
	})
}

func (p *plainOrder) send(what string, tx func(*bind.TransactOpts) (*types.Transaction, error)) {
	p.e.t.Helper()
	opts, err := bind.NewKeyedTransactorWithChainID(p.key, big.NewInt(p.e.m.Deployment.ChainID))
	p.e.must(err, "transactor")
	opts.Context = p.e.ctx
	sent, err := tx(opts)
	p.e.must(err, "the plain account's %s", what)
	if _, err := chain.WaitMined(p.e.ctx, p.e.m.Client, sent.Hash()); err != nil {
		p.e.t.Fatalf("the plain account's %s: %v", what, err)
	}
}
