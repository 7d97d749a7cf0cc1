package main

import (
	"context"
	"fmt"
	"math/big"
	"math/rand/v2"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/accounts/abi/bind"
	"github.com/ethereum/go-ethereum/common"

	"github.com/predict-dev/predict/client"
	"github.com/predict-dev/predict/internal/chain/bindings"
	"github.com/predict-dev/predict/wire"
)

// runChaosMatcher kills `predict serve` while its matcher is filling:
// makers rest buys and sells of Yes around the pool's price, and two
// takers
// swing the pool through them while the service is killed at random
// moments. After the last restart and once the matcher has settled,
// every order's remainder in the service equals the escrow's, each
// order's fills are exactly the escrow's OrderFilled logs of it (none
// twice, none lost), they add up to what the order spent, no fill is
// worse than its limit, and the escrow holds exactly the open orders'
// remainders.
func runChaosMatcher(t *testing.T, bin string, cycles int) {
	run := startChaos(t, bin, "")
	svc, cfg := run.svc, run.cfg
	ctx := context.Background()
	base := cfg.BaseTokens[0].Address
	trader := func(name string, funds int64) *client.Signer {
		s, _, _ := svc.trader(run.dev, cfg, name, funds)
		return s
	}
	root := trader("root", 1_000_000_000)
	created, err := root.CreateMarket(ctx, client.CreateMarketRequest{Title: "Will the matcher survive SIGKILL?", Description: "d", Rules: "r",
		Options: []client.OptionTitle{{Title: "Yes"}, {Title: "No"}}, CategoryID: "test", EndTime: wire.NewTime(time.Now().Add(30 * 24 * time.Hour)),
		BaseTokenAddress: base, InitialLiquidity: wire.NewAmount(big.NewInt(200_000_000))})
	if err != nil {
		t.Fatal(err)
	}
	waitFinal(t, root, created.OpHash)
	market, yes, no := created.MarketAddress, created.Options[0].OptionAddress, created.Options[1].OptionAddress
	expiry := wire.NewUnix(time.Now().Add(24 * time.Hour))
	deadline := wire.NewUnix(time.Now().Add(24 * time.Hour))

	// Makers: bids of Yes from 0.40 to 0.49; a seller, who bought Yes
	// and No alike (the price stays at 0.5), asks from 0.51 to 0.60.
	var placed int
	for m := range 3 {
		maker := trader(fmt.Sprintf("maker%d", m), 100_000_000)
		for k := range 4 {
			price := fmt.Sprintf("0.%02d", 40+m+k*3)
			r, err := maker.PlaceLimitOrder(ctx, client.PlaceLimitOrderRequest{MarketAddress: market, OptionAddress: yes, Side: client.SideBuy,
				Price: price, Amount: wire.NewAmount(big.NewInt(3_000_000)), Expiry: expiry})
			if err != nil {
				t.Fatalf("maker%d bids %s: %v", m, price, err)
			}
			waitFinal(t, maker, r.OpHash)
			placed++
		}
	}
	seller := trader("seller", 100_000_000)
	for _, option := range []string{yes, no} {
		bought, err := seller.Buy(ctx, client.PlaceOrderRequest{MarketAddress: market, OptionAddress: option, Side: client.SideBuy,
			Amount: wire.NewAmount(big.NewInt(30_000_000)), MinReceiveAmount: wire.NewAmount(big.NewInt(1)), Deadline: deadline})
		if err != nil {
			t.Fatal(err)
		}
		waitFinal(t, seller, bought.OpHash)
	}
	for k := range 5 {
		price := fmt.Sprintf("0.%02d", 51+k*2)
		r, err := seller.PlaceLimitOrder(ctx, client.PlaceLimitOrderRequest{MarketAddress: market, OptionAddress: yes, Side: client.SideSell,
			Price: price, Amount: wire.NewAmount(big.NewInt(5_000_000)), Expiry: expiry})
		if err != nil {
			t.Fatalf("seller asks %s: %v", price, err)
		}
		waitFinal(t, seller, r.OpHash)
		placed++
	}

	// Takers swing the pool, each as fast as one operation at a time
	// allows, through the kills.
	stop := make(chan struct{})
	var wg sync.WaitGroup
	for i := range 2 {
		taker := trader(fmt.Sprintf("taker%d", i), 200_000_000)
		wg.Go(func() {
			for n := 0; ; n++ {
				select {
				case <-stop:
					return
				default:
				}
				option := []string{yes, no}[(i+n)%2]
				r, err := taker.Buy(ctx, client.PlaceOrderRequest{MarketAddress: market, OptionAddress: option, Side: client.SideBuy,
					Amount: wire.NewAmount(big.NewInt(15_000_000 + int64(rand.IntN(25_000_000)))), MinReceiveAmount: wire.NewAmount(big.NewInt(1)),
					Deadline: deadline})
				if err != nil {
					time.Sleep(200 * time.Millisecond) // the service is down or restarting
					continue
				}
				wctx, cancel := context.WithTimeout(ctx, 10*time.Second)
				taker.Wait(wctx, r.OpHash, &client.WaitOptions{Interval: 50 * time.Millisecond, MaxInterval: 200 * time.Millisecond})
				cancel()
			}
		})
	}
	// fills counts the fills the running process has logged.
	fills := func() int {
		logs := svc.proc.logs.String()
		return strings.Count(logs, `msg="order filled from the pool"`) + strings.Count(logs, `msg="orders matched"`)
	}
	for c := range cycles {
		// Kill while the matcher is at work: after it has logged a few
		// fills, a moment after one.
		for wait := time.Now().Add(60 * time.Second); fills() < 3 && time.Now().Before(wait); {
			time.Sleep(20 * time.Millisecond)
		}
		time.Sleep(time.Duration(rand.IntN(400)) * time.Millisecond)
		n := fills()
		svc.kill()
		t.Logf("cycle %d: killed the service after %d fills of this run", c+1, n)
		svc.start()
	}
	// The restarted matcher fills what the pool and the book still cross,
	// and the takers go on a little.
	time.Sleep(5 * time.Second)
	close(stop)
	wg.Wait()

	// Once the matcher has settled, the service's orders are the escrow's.
	escrowAddr := common.HexToAddress(cfg.LimitOrders)
	escrow, err := bindings.NewLimitOrdersCaller(escrowAddr, run.eth)
	if err != nil {
		t.Fatal(err)
	}
	check := newChaosClient(t, svc.api, "")
	count, err := escrow.OrderCount(&bind.CallOpts{Context: ctx})
	if err != nil || int(count) != placed {
		t.Fatalf("the escrow has %d orders (%v), %d were placed", count, err, placed)
	}
	var orders []*client.LimitOrder
	for settled, last := 0, ""; settled < 3; time.Sleep(time.Second) {
		orders = orders[:0]
		var state strings.Builder
		same := true
		for id := int64(1); id <= int64(count); id++ {
			o, err := check.GetOrder(ctx, "", id)
			if err != nil {
				t.Fatalf("order %d: %v", id, err)
			}
			onChain, err := escrow.Orders(&bind.CallOpts{Context: ctx}, big.NewInt(id))
			if err != nil {
				t.Fatal(err)
			}
			same = same && onChain.Remaining.Cmp(o.Remaining.Int) == 0
			fmt.Fprintf(&state, "%d:%s ", id, o.Remaining)
			orders = append(orders, o)
		}
		if same && state.String() == last {
			settled++
		} else {
			settled = 0
		}
		last = state.String()
		if time.Since(run.began) > 10*time.Minute {
			t.Fatalf("the service's orders do not settle on the escrow's: %s", last)
		}
	}

	filterer, err := bindings.NewLimitOrdersFilterer(escrowAddr, run.eth)
	if err != nil {
		t.Fatal(err)
	}
	open := new(big.Int)
	var filledOrders, fillCount int
	for _, o := range orders {
		it, err := filterer.FilterOrderFilled(&bind.FilterOpts{Context: ctx}, []*big.Int{big.NewInt(o.OrderID)}, nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		var logs []string
		for it.Next() {
			logs = append(logs, fmt.Sprintf("%s:%s/%s", strings.ToLower(it.Event.Raw.TxHash.Hex()), it.Event.AmountIn, it.Event.AmountOut))
		}
		it.Close()
		var indexed []string
		for _, f := range o.Fills {
			indexed = append(indexed, fmt.Sprintf("%s:%s/%s", strings.ToLower(f.TxHash), f.AmountIn, f.AmountOut))
		}
		if strings.Join(logs, " ") != strings.Join(indexed, " ") {
			t.Errorf("order %d: the escrow logged fills %v, the service has %v", o.OrderID, logs, indexed)
		}
		if spent := new(big.Int).Sub(o.Amount.Int, o.Remaining.Int); spent.Cmp(o.Filled.Int) != 0 {
			t.Errorf("order %d spent %s of its escrow, its fills %s", o.OrderID, spent, o.Filled)
		}
		checkFillsWithin(t, o)
		if o.Side == client.SideBuy {
			open.Add(open, o.Remaining.Int)
		}
		if len(o.Fills) > 0 {
			filledOrders++
			fillCount += len(o.Fills)
		}
	}
	usdc, err := bindings.NewBaseTokenCaller(common.HexToAddress(base), run.eth)
	if err != nil {
		t.Fatal(err)
	}
	held, err := usdc.BalanceOf(&bind.CallOpts{Context: ctx}, escrowAddr)
	if err != nil || held.Cmp(open) != 0 {
		t.Fatalf("the escrow holds %s USDC (%v), the open bids keep %s", held, err, open)
	}
	if filledOrders == 0 {
		t.Fatal("the matcher filled nothing")
	}
	t.Logf("%s: %d kills, %d orders, %d of them filled by %d fills, in %s", t.Name(), cycles, len(orders), filledOrders, fillCount,
		time.Since(run.began).Round(100*time.Millisecond))
}

// waitFinal waits for an operation to be confirmed.
func waitFinal(t *testing.T, s *client.Signer, opHash string) {
	t.Helper()
	st, err := s.Wait(context.Background(), opHash, nil)
	if err != nil || st.Status != client.OpConfirmed {
		t.Fatalf("operation %s: %v %+v", opHash, err, st)
	}
}
