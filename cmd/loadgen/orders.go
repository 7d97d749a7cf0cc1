package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"math/big"
	"os"
	"sync"
	"time"

	"github.com/predict-dev/predict/client"
	"github.com/predict-dev/predict/internal/bench"
	"github.com/predict-dev/predict/wire"
)

func init() { verbs["orders"] = limitOrders }

// limitOrders measures limit orders on a `predict serve` process with the
// embedded chain: how many the traders place per second (prepare, sign,
// submit, until each is confirmed), and how long the matcher takes to
// fill a resting order once a trade that crosses it is confirmed (until
// get-order shows the fill, which is then mined and indexed).
func limitOrders(ctx context.Context, log *slog.Logger, args []string) (err error) {
	fs := flag.NewFlagSet("orders", flag.ContinueOnError)
	var (
		users    = fs.Int("users", 32, "traders placing limit orders at once")
		rounds   = fs.Int("rounds", 3, "orders per trader (each waits for the previous one to be confirmed)")
		crosses  = fs.Int("crosses", 20, "crossing trades timed, one after the other")
		interval = fs.Duration("block-interval", time.Second, "block period of the embedded chain (0: a block per transaction)")
		bin      = fs.String("predict", "", "predict binary (default: go build ./cmd/predict into a temporary directory)")
	)
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *users < 2 {
		return errors.New("-users must be at least 2 (a maker and a taker)")
	}
	tmp, err := os.MkdirTemp("", "loadgen-orders-")
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			log.Error("kept the service's data directory and log", "dir", tmp)
			return
		}
		os.RemoveAll(tmp)
	}()
	h, err := startHarness(ctx, log, *bin, tmp, *interval, *users)
	if err != nil {
		return err
	}
	defer h.svc.stop()
	defer h.eth.Close()

	// Placement: every trader rests buys far below the pool's price.
	var placeLat bench.Latencies
	start := time.Now()
	for r := range *rounds {
		if err := h.placeRound(ctx, r, &placeLat); err != nil {
			return fmt.Errorf("placement round %d: %w", r, err)
		}
	}
	placeTook := time.Since(start)
	place := placeLat.Summary()

	// Fills: the maker rests a buy just below the pool's price; a taker
	// buys the other option, which takes the pool through it.
	var fillLat bench.Latencies
	for i := range *crosses {
		d, err := h.cross(ctx, i)
		if err != nil {
			return fmt.Errorf("cross %d: %w", i, err)
		}
		fillLat.Add(d)
	}
	fill := fillLat.Summary()

	fmt.Printf("orders: %d traders × %d limit orders, %d crossing trades, embedded chain with a block every %s\n", *users, *rounds, *crosses, *interval)
	fmt.Printf("  placed     (prepare, sign, place-limit-order, bundle, confirmed):  %6.1f orders/s  latency %s\n",
		float64(place.N)/placeTook.Seconds(), place)
	fmt.Printf("  filled     (crossing trade confirmed → the order's fill indexed):   latency %s\n", fill)
	return nil
}

// placeRound has every trader place one resting buy and waits until all
// are confirmed.
func (h *harness) placeRound(ctx context.Context, round int, lat *bench.Latencies) error {
	errs := make([]error, len(h.traders))
	var wg sync.WaitGroup
	for i, t := range h.traders {
		wg.Go(func() {
			begin := time.Now()
			price := fmt.Sprintf("0.%02d", 10+(i+round)%20)
			res, err := t.signer.PlaceLimitOrder(ctx, client.PlaceLimitOrderRequest{MarketAddress: h.market, OptionAddress: h.option,
				Side: client.SideBuy, Price: price, Amount: wire.NewAmount(big.NewInt(1_000000)), Expiry: wire.NewUnix(time.Now().Add(24 * time.Hour))})
			if err != nil {
				errs[i] = err
				return
			}
			if st, err := t.signer.Wait(ctx, res.OpHash, &client.WaitOptions{Interval: 20 * time.Millisecond, MaxInterval: 100 * time.Millisecond}); err != nil || st.Err() != nil {
				errs[i] = fmt.Errorf("order %s: %v %v", res.OpHash, err, st.Err())
				return
			}
			lat.Add(time.Since(begin))
		})
	}
	wg.Wait()
	return errors.Join(errs...)
}

// cross rests a buy of one option one cent below the pool's price
// (maker: the first trader), has a taker (one of the others in turn) buy
// the other option until the first is well through it (the pool's fee
// puts the average of a fill above the pool's price), and returns the
// time from the taker's confirmation to the fill's appearance in
// get-order. The options alternate, so the price swings back and forth.
func (h *harness) cross(ctx context.Context, i int) (time.Duration, error) {
	maker, taker := h.traders[0].signer, h.traders[1+i%(len(h.traders)-1)].signer
	api := maker.Client()
	book, err := api.GetOrderBook(ctx, h.market)
	if err != nil {
		return 0, err
	}
	mine, other := book.Options[i%2], book.Options[1-i%2]
	pool, ok := new(big.Rat).SetString(mine.PoolPrice)
	if !ok {
		return 0, fmt.Errorf("pool price %q", mine.PoolPrice)
	}
	cents, _ := new(big.Rat).Mul(pool, big.NewRat(100, 1)).Float64()
	price := fmt.Sprintf("0.%02d", int(cents)-1)
	deadline := wire.NewUnix(time.Now().Add(time.Hour))
	placed, err := maker.PlaceLimitOrder(ctx, client.PlaceLimitOrderRequest{MarketAddress: h.market, OptionAddress: mine.OptionAddress,
		Side: client.SideBuy, Price: price, Amount: wire.NewAmount(big.NewInt(100_000000)), Expiry: deadline})
	if err != nil {
		return 0, err
	}
	if st, err := maker.Wait(ctx, placed.OpHash, nil); err != nil || st.Err() != nil {
		return 0, fmt.Errorf("place %s: %v %v", placed.OpHash, err, st.Err())
	}
	// 40,000 into the pool of 500,000 moves the price by about four cents.
	bought, err := taker.Buy(ctx, client.PlaceOrderRequest{MarketAddress: h.market, OptionAddress: other.OptionAddress, Side: client.SideBuy,
		Amount: wire.NewAmount(big.NewInt(40_000_000000)), MinReceiveAmount: wire.NewAmount(big.NewInt(1)), Deadline: deadline})
	if err != nil {
		return 0, err
	}
	if st, err := taker.Wait(ctx, bought.OpHash, &client.WaitOptions{Interval: 10 * time.Millisecond, MaxInterval: 20 * time.Millisecond}); err != nil || st.Err() != nil {
		return 0, fmt.Errorf("cross %s: %v %v", bought.OpHash, err, st.Err())
	}
	confirmed := time.Now()
	for limit := confirmed.Add(time.Minute); time.Now().Before(limit); time.Sleep(10 * time.Millisecond) {
		o, err := api.GetOrder(ctx, placed.OrderUUID, 0)
		if err == nil && len(o.Fills) > 0 {
			took := time.Since(confirmed)
			// Out of the way of the next cross; a later fill may have
			// closed it meanwhile.
			if o.Remaining.Sign() > 0 {
				if _, err := maker.CancelOrder(ctx, client.CancelOrderRequest{MarketAddress: h.market, OrderID: o.OrderID}); err != nil &&
					client.ErrorCode(err) != client.CodeConflict {
					return 0, fmt.Errorf("cancel: %w", err)
				}
			}
			return took, nil
		}
	}
	return 0, fmt.Errorf("order %s not filled a minute after the crossing trade (at %s)", placed.OrderUUID, price)
}
