package main

import (
	"context"
	"math/big"
	"strings"
	"testing"
	"time"

	"github.com/predict-dev/predict/client"
	"github.com/predict-dev/predict/internal/cli"
	"github.com/predict-dev/predict/wire"
)

// TestBotAPIKey: a bot holds an API key and its owner key, no identity
// provider's token. With the Go client it reads, follows its events on
// the stream and trades (each operation signed by its owner key); a key
// of the read scope cannot trade; a revoked key is refused. Then the same
// with the command line (PREDICT_TOKEN). The default rate limits are on,
// and the bot rides them out as the client lets it.
func TestBotAPIKey(t *testing.T) {
	e := startE2E(t, map[string]string{"PREDICT_RATE_PUBLIC": "", "PREDICT_RATE_USER_READ": "", "PREDICT_RATE_USER_TRADE": ""})
	root := e.newUser("root")
	e.faucet(root, 1_000_000_000)
	market, options := e.newMarket(root, "Will the bot trade?")
	owner := e.newUser("owner")
	e.faucet(owner, 100_000_000)

	// The owner, signed in once, makes the keys.
	trade, err := e.as(owner).CreateAPIKey(e.ctx, client.CreateAPIKeyRequest{Name: "market maker", Scopes: []string{"trade"}})
	e.must(err, "create a trade key")
	read, err := e.as(owner).CreateAPIKey(e.ctx, client.CreateAPIKeyRequest{Name: "dashboard"})
	e.must(err, "create a read key")

	// From here on the bot has the key only.
	bot, err := client.New("http://"+e.m.Addr(), client.WithToken(trade.Key), client.WithRateLimitWaits(10, nil))
	e.must(err, "client")
	signer := client.NewSigner(bot, owner.owner, client.WithChain(e.m.Suite.EntryPoint, big.NewInt(e.m.Deployment.ChainID)))
	info, err := bot.GetUserInfo(e.ctx)
	if err != nil || info.UID != owner.uid {
		t.Fatalf("the key's user: %+v, %v", info, err)
	}
	ctx, cancel := context.WithTimeout(e.ctx, time.Minute)
	defer cancel()
	stream := bot.NewStream(client.MarketTopic(market))
	go stream.Run(ctx)
	waitEvent := func(name string) client.Event {
		t.Helper()
		for {
			select {
			case ev := <-stream.Events():
				if ev.Name == name {
					return ev
				}
			case <-ctx.Done():
				t.Fatalf("no %s on the bot's stream", name)
			}
		}
	}
	waitEvent(wire.EventConnected)
	res, err := signer.Buy(e.ctx, client.PlaceOrderRequest{MarketAddress: market, OptionAddress: options[0],
		Amount: wire.NewAmount(big.NewInt(3_000_000)), MinReceiveAmount: wire.NewAmount(big.NewInt(1)),
		Deadline: wire.NewUnix(time.Now().Add(time.Hour))})
	e.must(err, "the bot buys")
	if st, err := signer.Wait(e.ctx, res.OpHash, nil); err != nil || st.Status != client.OpConfirmed {
		t.Fatalf("the bot's buy: %+v, %v", st, err)
	}
	// Its own events reach it, as to a signed-in person.
	if ev := waitEvent(wire.EventPositionChanged); ev.Field(wire.KeyMarket) != market {
		t.Fatalf("position event %+v", ev)
	}
	positions, err := bot.GetUserPositions(e.ctx, client.PositionsQuery{Page: 1, PageSize: 10})
	if err != nil || positions.Total != 1 {
		t.Fatalf("the bot's positions: %+v, %v", positions, err)
	}

	// A read key reads, and cannot trade.
	reader, _ := client.New("http://"+e.m.Addr(), client.WithToken(read.Key))
	if _, err := reader.GetUserInfo(e.ctx); err != nil {
		t.Fatalf("read key reads: %v", err)
	}
	readSigner := client.NewSigner(reader, owner.owner, client.WithChain(e.m.Suite.EntryPoint, big.NewInt(e.m.Deployment.ChainID)))
	if _, err := readSigner.Buy(e.ctx, client.PlaceOrderRequest{MarketAddress: market, OptionAddress: options[0],
		Amount: wire.NewAmount(big.NewInt(1_000_000)), MinReceiveAmount: wire.NewAmount(big.NewInt(1)),
		Deadline: wire.NewUnix(time.Now().Add(time.Hour))}); !client.IsCode(err, client.CodeForbidden) {
		t.Fatalf("a read key trades: %v", err)
	}

	// The command line: the same owner key, the API key as PREDICT_TOKEN.
	env, predict := e.cli()
	if out, err := predict("login", "--profile", "cli", "--sub", "did:dev:cli", "--name", "cli"); err != nil {
		t.Fatalf("login: %v %s", err, out)
	}
	predict("faucet", "--profile", "cli", "50")
	// Webhooks from the command line.
	created, err := predict("webhooks", "create", "https://hooks.example.com/cli", "--events", "user:position_changed", "--profile", "cli")
	if err != nil || !strings.Contains(created, "signing secret (shown once): whsec_") {
		t.Fatalf("webhooks create: %s %v", created, err)
	}
	hookID := strings.Fields(created)[1]
	for _, args := range [][]string{{"disable", hookID}, {"log", hookID}, {"rotate", hookID}} {
		if out, err := predict(append([]string{"webhooks"}, append(args, "--profile", "cli")...)...); err != nil {
			t.Fatalf("webhooks %v: %s %v", args, out, err)
		}
	}
	if out, _ := predict("webhooks", "--profile", "cli"); !strings.Contains(out, hookID) || !strings.Contains(out, "disabled") {
		t.Fatalf("webhooks: %s", out)
	}
	if out, err := predict("webhooks", "rm", hookID, "--profile", "cli"); err != nil || !strings.Contains(out, "deleted") {
		t.Fatalf("webhooks rm: %s %v", out, err)
	}
	key, err := predict("keys", "create", "cli-bot", "--scope", "trade", "--profile", "cli")
	if err != nil || !strings.HasPrefix(key, "pdk_") {
		t.Fatalf("keys create: %q %v", key, err)
	}
	env["PREDICT_TOKEN"] = strings.TrimSpace(key)
	if out, err := predict("buy", "--profile", "cli", market, options[1], "5"); err != nil {
		t.Fatalf("buy with the key: %s %s", cli.ErrorLine(err), out)
	}
	if out, err := predict("positions", "--profile", "cli"); err != nil || !strings.Contains(out, "No") {
		t.Fatalf("positions with the key: %s %v", out, err)
	}
	delete(env, "PREDICT_TOKEN")
	list, err := predict("keys", "--profile", "cli")
	if err != nil || !strings.Contains(list, "cli-bot") || strings.Contains(list, "pdk_") {
		t.Fatalf("keys: %s %v", list, err)
	}
	id := strings.Fields(list)[0]
	if _, err := predict("keys", "revoke", id, "--profile", "cli"); err != nil {
		t.Fatal(err)
	}
	env["PREDICT_TOKEN"] = strings.TrimSpace(key)
	if _, err := predict("positions", "--profile", "cli"); !client.IsCode(err, client.CodeAuth) {
		t.Fatalf("a revoked key: %v", err)
	}

	// The Go bot's key, revoked by its owner: refused at once.
	e.must(e.as(owner).RevokeAPIKey(e.ctx, trade.ID), "revoke")
	if _, err := bot.GetUserInfo(e.ctx); !client.IsCode(err, client.CodeAuth) {
		t.Fatalf("a revoked key: %v", err)
	}
}
