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

// TestPayoutServe: predict serve pays a winner without a claim. alice
// buys the option that wins; once the admin has settled the market, the
// leader's payout worker (PREDICT_PAYOUT_DELAY=0s) pays her winnings to
// her account and she is told so; the creator's LP shares are redeemed
// the same way.
func TestPayoutServe(t *testing.T) {
	e := startE2E(t, map[string]string{"PREDICT_PAYOUT_DELAY": "0s"})
	ctx := e.ctx
	usdc := e.m.Suite.BaseTokens[0].Address
	root, alice := e.newUser("root"), e.newUser("alice")
	e.faucet(root, 1_000_000_000)
	e.faucet(alice, 1_000_000_000)
	created, err := e.signer(root).CreateMarket(ctx, client.CreateMarketRequest{
		Title: "Will it rain?", Description: "Tomorrow.", Rules: "The weather service.",
		Options: []client.OptionTitle{{Title: "Yes"}, {Title: "No"}}, CategoryID: "weather",
		EndTime: wire.NewTime(time.Now().Add(48 * time.Hour).UTC().Truncate(time.Second)), BaseTokenAddress: strings.ToLower(usdc.Hex()),
		InitialLiquidity: wire.NewAmount(big.NewInt(100_000_000)),
	})
	e.must(err, "root creates the market")
	e.confirmed(created.OpHash)
	market, yes := created.MarketAddress, created.Options[0].OptionAddress
	if d := e.detail(market); !d.Resolution.OperatorResolved || !d.Resolution.EarlyResolvable {
		t.Fatalf("the embedded chain's market resolution %+v, want operator-resolved and early-resolvable (the deployment's defaults)", d.Resolution)
	}
	bought, err := e.signer(alice).Buy(ctx, client.PlaceOrderRequest{MarketAddress: market, OptionAddress: yes,
		Amount: wire.NewAmount(big.NewInt(10_000_000)), MinReceiveAmount: wire.NewAmount(big.NewInt(1)), Deadline: wire.NewUnix(e.deadlineTime())})
	e.must(err, "alice buys Yes")
	e.confirmed(bought.OpHash)
	won := e.balance(common.HexToAddress(yes), alice.account)
	before := e.balance(usdc, alice.account)
	settled, err := e.signer(root).SettleMarket(ctx, client.SettleMarketRequest{MarketAddress: market, WinningOptionAddress: yes})
	e.must(err, "root settles Yes")
	e.confirmed(settled.OpHash)

	deadline := time.Now().Add(60 * time.Second)
	for e.balance(common.HexToAddress(yes), alice.account).Sign() != 0 || e.balance(common.HexToAddress(market), root.account).Sign() != 0 {
		if time.Now().After(deadline) {
			t.Fatalf("alice still holds %s Yes, root %s LP a minute after the settlement",
				e.balance(common.HexToAddress(yes), alice.account), e.balance(common.HexToAddress(market), root.account))
		}
		time.Sleep(100 * time.Millisecond)
	}
	if got := e.balance(usdc, alice.account); new(big.Int).Sub(got, before).Cmp(won) != 0 {
		t.Fatalf("alice was paid %s, her winning tokens were %s", new(big.Int).Sub(got, before), won)
	}
	for {
		page, err := e.api(alice.token).GetNotifications(ctx, client.NotificationsQuery{})
		e.must(err, "alice's notifications")
		for _, n := range page.Notifications {
			if n.Kind == "payout" && n.Data["amount"] == won.String() {
				return
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("alice has no payout notification of %s: %+v", won, page.Notifications)
		}
		time.Sleep(100 * time.Millisecond)
	}
}
