package client_test

import (
	"context"
	"log"
	"math/big"
	"os"
	"os/signal"
	"strconv"
	"time"

	"github.com/ethereum/go-ethereum/crypto"

	"github.com/predict-dev/predict/client"
	"github.com/predict-dev/predict/wire"
)

// A bot from zero (docs/bots.md): an API key to act as its user, the
// owner key of the user's smart account to sign, a stream of the market
// that reconnects by itself, and a loop that buys an option whenever its
// price falls under a threshold, riding out the rate limits.
func Example_bot() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	market, option := os.Getenv("MARKET"), os.Getenv("OPTION")
	owner, err := crypto.HexToECDSA(os.Getenv("OWNER_KEY")) // the user's owner key, 64 hex digits
	if err != nil {
		log.Fatal(err)
	}
	c, err := client.New(os.Getenv("PREDICT_URL"),
		client.WithToken(os.Getenv("PREDICT_API_KEY")), // pdk_…, of the trade scope
		client.WithRateLimitWaits(5, func(wait time.Duration, err error) { log.Printf("rate limited, waiting %s", wait) }))
	if err != nil {
		log.Fatal(err)
	}
	signer := client.NewSigner(c, owner)

	// The stream reconnects with backoff and replays what it missed.
	stream := c.NewStream(client.MarketTopic(market))
	go func() {
		if err := stream.Run(ctx); err != nil && ctx.Err() == nil {
			log.Print(err)
		}
	}()
	for ev := range stream.Events() {
		if ev.Name != wire.EventPriceChange || ev.Field(wire.KeyOption) != option {
			continue
		}
		m, err := c.GetMarketDetail(ctx, market, "")
		if err != nil {
			log.Print(err) // a network error or a 5xx: the next event tries again
			continue
		}
		for _, o := range m.Options {
			price, _ := strconv.ParseFloat(o.Price, 64)
			if o.OptionAddress != option || price >= 0.40 {
				continue
			}
			amount := big.NewInt(5_000_000) // 5 USDC (6 decimals)
			q, err := c.GetQuote(ctx, client.QuoteQuery{MarketAddress: market, OptionAddress: option, Side: client.SideBuy, Amount: amount})
			if err != nil {
				log.Print(err)
				break
			}
			// At most 1% worse than quoted, or the operation reverts.
			minOut := new(big.Int).Div(new(big.Int).Mul(q.AmountOut.Int, big.NewInt(99)), big.NewInt(100))
			res, err := signer.Buy(ctx, client.PlaceOrderRequest{MarketAddress: market, OptionAddress: option,
				Amount: wire.NewAmount(amount), MinReceiveAmount: wire.NewAmount(minOut), Deadline: wire.NewUnix(time.Now().Add(5 * time.Minute))})
			if err != nil {
				log.Print(err) // refused (see client.ErrorCode), or not sent
				break
			}
			st, err := signer.Wait(ctx, res.OpHash, nil)
			log.Printf("bought at %s: %s %v", o.Price, st.Status, err)
		}
	}
}
