package main

import (
	"math/big"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/accounts/abi/bind"
	"github.com/ethereum/go-ethereum/common"

	"github.com/predict-dev/predict/client"
	"github.com/predict-dev/predict/internal/chain/bindings"
	"github.com/predict-dev/predict/wire"
)

// TestSignedOrderEndToEnd: with the default rate limits, two users enable
// trading through the sponsored kind (the Exchange may then spend the
// market's USDC and option tokens, at the most), one buys Yes tokens from
// the pool so it can sell them, and they place crossing signed orders
// through the Go client. The settler fills the resting sell within a few
// blocks: the seller's Yes leave for the buyer, its USDC arrive, and
// get-signed-order says filled. An order cancelled before the buyer came,
// at the same price and earlier, is not filled; an order signed by a key
// that does not own the maker's account is refused (110122).
func TestSignedOrderEndToEnd(t *testing.T) {
	e := startE2E(t, map[string]string{"PREDICT_RATE_PUBLIC": "", "PREDICT_RATE_USER_READ": "", "PREDICT_RATE_USER_TRADE": ""})
	ctx := e.ctx
	if e.m.Deployment.Exchange == "" || e.m.Operator == nil {
		t.Fatal("the embedded chain has no Exchange or no operator key to settle with")
	}
	exchange := common.HexToAddress(e.m.Deployment.Exchange)
	usdc := e.m.Suite.BaseTokens[0].Address

	root, seller, buyer := e.newUser("root"), e.newUser("seller"), e.newUser("buyer")
	e.faucet(root, 1_000_000_000)
	e.faucet(seller, 200_000_000)
	e.faucet(buyer, 200_000_000)
	created, err := e.signer(root).CreateMarket(ctx, client.CreateMarketRequest{
		Title: "Snow in May?", Description: "d", Rules: "r", Options: []client.OptionTitle{{Title: "Yes"}, {Title: "No"}},
		CategoryID: "weather", EndTime: wire.NewTime(time.Now().Add(48 * time.Hour).UTC().Truncate(time.Second)),
		BaseTokenAddress: strings.ToLower(usdc.Hex()), InitialLiquidity: wire.NewAmount(big.NewInt(100_000_000)),
	})
	e.must(err, "root creates the market")
	e.confirmed(created.OpHash)
	market := created.MarketAddress
	yesAddr := created.Options[0].OptionAddress
	yes, no := common.HexToAddress(yesAddr), common.HexToAddress(created.Options[1].OptionAddress)

	bought, err := e.signer(seller).Buy(ctx, client.PlaceOrderRequest{MarketAddress: market, OptionAddress: yesAddr,
		Amount: wire.NewAmount(big.NewInt(30_000_000)), MinReceiveAmount: wire.NewAmount(big.NewInt(1)), Deadline: wire.NewUnix(e.deadlineTime())})
	e.must(err, "the seller buys Yes from the pool")
	e.confirmed(bought.OpHash)

	// Before trading is enabled the desk refuses an order (110127).
	sell := client.OrderTerms{MarketAddress: market, Option: 0, Side: client.SignedSell}
	_, err = e.signer(seller).Order(ctx, withPrice(sell, 10_000_000, 0.9))
	if ae, ok := client.AsError(err); !ok || ae.Code != client.CodeNotApproved {
		t.Fatalf("an order before enable-trading: %v, want %d", err, client.CodeNotApproved)
	}

	for _, u := range []*user{seller, buyer} {
		res, err := e.signer(u).EnableTrading(ctx, market)
		e.must(err, "%s enables trading", u.name)
		e.confirmed(res.OpHash)
		for _, token := range []common.Address{usdc, yes, no} {
			if a := e.allowance(token, u.account, exchange); a.Cmp(wire.MaxAllowance()) != 0 {
				t.Fatalf("%s's allowance of %s to the Exchange is %s, want the most", u.name, token.Hex(), a)
			}
		}
	}

	// The sell rests a little above the pool's price of Yes, which pays
	// less than it asks; a cancelled sell at the same price came first.
	price := poolPrice(t, e.detail(market), 0) + 0.02
	cancelled, err := e.signer(seller).Order(ctx, withPrice(sell, 10_000_000, price))
	e.must(err, "the seller places the sell it cancels")
	gone, err := e.as(seller).CancelSignedOrders(ctx, client.CancelSignedOrdersRequest{OrderHash: &cancelled.OrderHash})
	e.must(err, "the seller cancels")
	if len(gone.Cancelled) != 1 || !strings.EqualFold(gone.Cancelled[0], cancelled.OrderHash) {
		t.Fatalf("cancel closed %v, want %s", gone.Cancelled, cancelled.OrderHash)
	}
	resting, err := e.signer(seller).Order(ctx, withPrice(sell, 10_000_000, price))
	e.must(err, "the seller places its sell")
	if resting.Status != "open" {
		t.Fatalf("the sell is %s, want open", resting.Status)
	}
	book, err := e.api("").GetSignedBook(ctx, market)
	e.must(err, "signed book")
	if asks := book.Options[0].Asks; len(asks) != 1 || asks[0].Remaining.Cmp(big.NewInt(10_000_000)) != 0 {
		t.Fatalf("the signed book's asks of Yes: %+v, want the one sell of 10 Yes", asks)
	}

	// An order of the buyer's account signed by the seller's key: the
	// signature is not the maker's owner's.
	forged := client.NewSigner(e.as(buyer), seller.owner, client.WithAccount(buyer.account))
	_, err = forged.Order(ctx, withPrice(client.OrderTerms{MarketAddress: market, Option: 0, Side: client.SignedBuy}, 5_000_000, price))
	if ae, ok := client.AsError(err); !ok || ae.Code != client.CodeBadSignature {
		t.Fatalf("an order signed by another key: %v, want %d", err, client.CodeBadSignature)
	}

	sellerUSDC, sellerYes := e.balance(usdc, seller.account), e.balance(yes, seller.account)
	buyerYes := e.balance(yes, buyer.account)
	// The buy gives up to 20 USDC for Yes at the sell's price: the pool's
	// cheaper Yes first, up to that price, then the resting sell's 10.
	taker, err := e.signer(buyer).Order(ctx, withPrice(client.OrderTerms{MarketAddress: market, Option: 0, Side: client.SignedBuy}, 20_000_000, price))
	e.must(err, "the buyer places a crossing buy")

	filled := e.waitSignedOrder(resting.OrderHash, "filled")
	if filled.Left.Sign() != 0 || filled.Filled.Cmp(big.NewInt(10_000_000)) != 0 {
		t.Fatalf("the filled sell: filled %s, left %s; want 10 Yes and none", filled.Filled, filled.Left)
	}
	if got, want := e.balance(yes, seller.account), new(big.Int).Sub(sellerYes, big.NewInt(10_000_000)); got.Cmp(want) != 0 {
		t.Fatalf("the seller's Yes after the fill: %s, want %s", got, want)
	}
	if got, least := e.balance(usdc, seller.account), new(big.Int).Add(sellerUSDC, resting.TakerAmount.Int); got.Cmp(least) < 0 {
		t.Fatalf("the seller's USDC after the fill: %s, want at least %s", got, least)
	}
	if got, least := e.balance(yes, buyer.account), new(big.Int).Add(buyerYes, big.NewInt(10_000_000)); got.Cmp(least) < 0 {
		t.Fatalf("the buyer's Yes after the fill: %s, want at least %s", got, least)
	}
	if o, err := e.api("").GetSignedOrder(ctx, taker.OrderHash); err != nil || o.Filled.Sign() == 0 {
		t.Fatalf("the buy after the fill: %+v, %v; want some filled", o, err)
	}
	c, err := e.api("").GetSignedOrder(ctx, cancelled.OrderHash)
	e.must(err, "the cancelled order")
	if c.Status != "cancelled" || c.Filled.Sign() != 0 {
		t.Fatalf("the cancelled sell: %s, filled %s; want cancelled, none", c.Status, c.Filled)
	}
	mine, err := e.as(seller).GetSignedOrders(ctx, client.SignedOrdersQuery{MarketAddress: market})
	e.must(err, "the seller's orders")
	if mine.Total != 2 {
		t.Fatalf("the seller has %d signed orders, want 2 (the cancelled and the filled)", mine.Total)
	}
}

// withPrice is t giving amount at price (base tokens per option token):
// a sell gives amount option tokens for amount·price base tokens, a buy
// amount base tokens for amount/price option tokens.
func withPrice(t client.OrderTerms, amount int64, price float64) client.OrderTerms {
	t.MakerAmount = big.NewInt(amount)
	if t.Side == client.SignedSell {
		t.TakerAmount = big.NewInt(int64(float64(amount) * price))
	} else {
		t.TakerAmount = big.NewInt(int64(float64(amount) / price))
	}
	return t
}

// poolPrice is the pool's price of option i as the market's detail says.
func poolPrice(t *testing.T, m *client.Market, i int) float64 {
	t.Helper()
	p, ok := new(big.Rat).SetString(m.Options[i].Price)
	if !ok {
		t.Fatalf("option %d's price %q", i, m.Options[i].Price)
	}
	f, _ := p.Float64()
	return f
}

// allowance reads an ERC-20 allowance on chain.
func (e *e2e) allowance(token, owner, spender common.Address) *big.Int {
	e.t.Helper()
	c, err := bindings.NewBaseTokenCaller(token, e.m.Client)
	if err != nil {
		e.t.Fatal(err)
	}
	a, err := c.Allowance(&bind.CallOpts{Context: e.ctx}, owner, spender)
	if err != nil {
		e.t.Fatal(err)
	}
	return a
}

// waitSignedOrder polls get-signed-order until the order has status, for
// at most 30 seconds: the settler sends a settlement a block.
func (e *e2e) waitSignedOrder(hash, status string) *client.SignedOrder {
	e.t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		o, err := e.api("").GetSignedOrder(e.ctx, hash)
		e.must(err, "signed order %s", hash)
		if o.Status == status {
			return o
		}
		if time.Now().After(deadline) {
			e.t.Fatalf("signed order %s is %s (filled %s), not %s", hash, o.Status, o.Filled, status)
		}
		time.Sleep(200 * time.Millisecond)
	}
}
