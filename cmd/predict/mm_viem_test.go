package main

import (
	"encoding/json"
	"math/big"
	"os"
	"os/exec"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/crypto"

	"github.com/predict-dev/predict/client"
	"github.com/predict-dev/predict/wire"
)

// TestMarketMakerWithViem runs docs/bots.md's market maker
// (test/aa-sdk/mm.mjs), viem only, against the service with its default
// rate limits: the bot's account has enabled trading and holds Yes; the
// loop signs a bid and an ask from the published orderTypedData with the
// owner key for the smart account, three rounds, each cancelling the
// last round's quotes before placing the next, and cancels everything at
// the end. Every quote was taken (the service checked its signature as
// the Exchange will), each round's quotes straddle the pool's price, and
// none is left open.
func TestMarketMakerWithViem(t *testing.T) {
	node := nodeSDK(t, "viem")
	e := startE2E(t, map[string]string{"PREDICT_RATE_PUBLIC": "", "PREDICT_RATE_USER_READ": "", "PREDICT_RATE_USER_TRADE": ""})
	ctx := e.ctx
	if e.m.Deployment.Exchange == "" {
		t.Fatal("the embedded chain has no Exchange")
	}
	root, bot := e.newUser("root"), e.newUser("bot")
	e.faucet(root, 1_000_000_000)
	e.faucet(bot, 200_000_000)
	market, options := e.newMarket(root, "Hail before noon?")
	bought, err := e.signer(bot).Buy(ctx, client.PlaceOrderRequest{MarketAddress: market, OptionAddress: options[0],
		Amount: wire.NewAmount(big.NewInt(30_000_000)), MinReceiveAmount: wire.NewAmount(big.NewInt(1)), Deadline: wire.NewUnix(e.deadlineTime())})
	e.must(err, "the bot buys Yes to ask with")
	e.confirmed(bought.OpHash)
	enabled, err := e.signer(bot).EnableTrading(ctx, market)
	e.must(err, "the bot enables trading")
	e.confirmed(enabled.OpHash)

	cmd := exec.Command(node, "mm.mjs")
	cmd.Dir, cmd.Stderr = sdkDir, os.Stderr
	cmd.Env = append(os.Environ(), "PREDICT_URL=http://"+e.m.Addr(), "TOKEN="+bot.token,
		"OWNER_KEY="+hexutil.Encode(crypto.FromECDSA(bot.owner)), "MAKER="+strings.ToLower(bot.account.Hex()),
		"MARKET="+market, "ROUNDS=3")
	start := time.Now()
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("node mm.mjs: %v", err)
	}
	t.Logf("three rounds of quotes in %s", time.Since(start).Round(time.Millisecond))
	var res struct {
		Rounds []struct {
			Price    string
			Bid, Ask string
		}
		Cancelled []string
	}
	rat := func(t *testing.T, s string) *big.Rat {
		r, ok := new(big.Rat).SetString(s)
		if !ok {
			t.Fatalf("price %q", s)
		}
		return r
	}
	if err := json.Unmarshal(out, &res); err != nil {
		t.Fatalf("mm.mjs printed %s: %v", out, err)
	}
	if len(res.Rounds) != 3 {
		t.Fatalf("%d rounds, want 3", len(res.Rounds))
	}
	for i, r := range res.Rounds {
		bid, err := e.api("").GetSignedOrder(ctx, r.Bid)
		e.must(err, "round %d's bid", i)
		ask, err := e.api("").GetSignedOrder(ctx, r.Ask)
		e.must(err, "round %d's ask", i)
		if bid.Side != client.SignedBuy || ask.Side != client.SignedSell || !strings.EqualFold(bid.Maker, bot.account.Hex()) ||
			!strings.EqualFold(bid.Signer, crypto.PubkeyToAddress(bot.owner.PublicKey).Hex()) {
			t.Fatalf("round %d: bid %+v, ask %+v; want the account's bid and ask signed by its owner", i, bid, ask)
		}
		if b, a := rat(t, bid.Price), rat(t, ask.Price); b.Cmp(a) >= 0 {
			t.Fatalf("round %d: bid %s, ask %s: the quotes cross", i, bid.Price, ask.Price)
		}
		for _, h := range []string{r.Bid, r.Ask} {
			if !slices.Contains(res.Cancelled, h) {
				t.Fatalf("round %d's quote %s was never cancelled", i, h)
			}
			if o, _ := e.api("").GetSignedOrder(ctx, h); o.Status != "cancelled" {
				t.Fatalf("round %d's quote %s is %s, want cancelled", i, h, o.Status)
			}
		}
	}
	open, err := e.as(bot).GetSignedOrders(ctx, client.SignedOrdersQuery{MarketAddress: market, Open: true})
	e.must(err, "the bot's open orders")
	if open.Total != 0 {
		t.Fatalf("%d orders left open, want none", open.Total)
	}
}
