package cli

import (
	"fmt"
	"strconv"
	"time"

	"github.com/predict-dev/predict/client"
	"github.com/predict-dev/predict/wire"
)

// runOrder rests a limit order: a buy spends at most AMOUNT base tokens
// at PRICE or better, a sell sells AMOUNT option tokens at PRICE or
// better; the escrow holds them until a fill or a cancel.
func runOrder(x *cli, args []string) error {
	f := x.flags("order", "MARKET OPTION buy|sell AMOUNT PRICE")
	expires := f.Duration("expires", 24*time.Hour, "no fill after this time (at most 90 days)")
	postOnly := f.Bool("post-only", false, "only rest: never filled from the pool")
	noWait := f.Bool("no-wait", false, "print the operation hash and exit, without waiting for the chain (predict op HASH --wait)")
	pos, signer, m, err := x.parseSigner(f, args, 5, 5)
	if err != nil {
		return err
	}
	o, err := option(m, pos[1])
	if err != nil {
		return err
	}
	side := client.SideBuy
	switch pos[2] {
	case "buy":
	case "sell":
		side = client.SideSell
	default:
		return Usagef("order: the side is buy or sell, not %q", pos[2])
	}
	t := x.token(m.BaseTokenAddress)
	amount, err := parseUnits(pos[3], t.Decimals)
	if err != nil {
		return err
	}
	if p, err := strconv.ParseFloat(pos[4], 64); err != nil || p <= 0 || p >= 1 {
		return Usagef("order: the price is a decimal between 0 and 1 (0.45), not %q", pos[4])
	}
	res, err := signer.PlaceLimitOrder(x.ctx, client.PlaceLimitOrderRequest{MarketAddress: m.MarketAddress, OptionAddress: o.OptionAddress,
		Side: side, Price: pos[4], Amount: wire.NewAmount(amount), Expiry: wire.NewUnix(time.Now().Add(*expires)), PostOnly: *postOnly})
	if err != nil {
		return err
	}
	st, waited, err := x.await("order", res.OpHash, *noWait)
	if !waited {
		return err
	}
	if x.jsonOut {
		return x.printJSON(map[string]any{"opHash": res.OpHash, "orderUuid": res.OrderUUID, "operation": st})
	}
	fmt.Fprintf(x.stdout, "%s order for %s %s at %s or better placed (order %s): predict orders lists it\n", pos[2],
		formatUnits(amount, t.Decimals), unitOf(side, o.Title, t), pos[4], res.OrderUUID)
	return nil
}

// unitOf names what an order's amount counts: base tokens for a buy,
// option tokens for a sell.
func unitOf(side int, option string, t client.BaseToken) string {
	if side == client.SideBuy {
		return t.Symbol + " of " + option
	}
	return option
}

// runOrders lists the profile user's limit orders, newest first.
func runOrders(x *cli, args []string) error {
	f := x.flags("orders", "[MARKET]")
	status := f.String("status", "", "only orders of this status: open, partially_filled, filled, cancelled or expired")
	pg := pageFlags(f, "orders")
	pos, c, err := x.parseClient(f, args, 0, 1, true)
	if err != nil {
		return err
	}
	q := client.UserOrdersQuery{Page: pg.page, PageSize: pg.size, Status: *status}
	if len(pos) == 1 {
		q.MarketAddress = pos[0]
	}
	page, err := c.GetUserOrders(x.ctx, q)
	if err != nil {
		return err
	}
	if x.jsonOut {
		return x.printJSON(page)
	}
	if page.Total == 0 {
		fmt.Fprintln(x.stdout, "no orders; predict order MARKET OPTION buy|sell AMOUNT PRICE places one")
	}
	markets := map[string]*client.Market{}
	for _, o := range page.Orders {
		m, ok := markets[o.MarketAddress]
		if !ok {
			if m, err = c.GetMarketDetail(x.ctx, o.MarketAddress, ""); err != nil {
				return err
			}
			markets[o.MarketAddress] = m
		}
		side, t, title := "buy", x.token(m.BaseTokenAddress), fmt.Sprint(o.OptionIndex+1)
		if opt := m.OptionByAddress(o.OptionAddress); opt != nil {
			title = opt.Title
		}
		if o.Side == client.SideSell {
			side = "sell"
		}
		fmt.Fprintf(x.stdout, "%d  %s %s at %s: %s left of %s  %s  expires %s  (%q)\n", o.OrderID, side, title, o.Price,
			formatUnits(o.Remaining.Int, t.Decimals), formatUnits(o.Amount.Int, t.Decimals), o.Status,
			o.Expiry.UTC().Format(time.RFC3339), m.Title)
	}
	return nil
}

// runCancel cancels a limit order of the profile user, or all of them in a
// market, and returns their escrow.
func runCancel(x *cli, args []string) error {
	f := x.flags("cancel", "MARKET ORDER | MARKET --all")
	all := f.Bool("all", false, "cancel every open order of yours in the market")
	noWait := f.Bool("no-wait", false, "print the operation hash and exit, without waiting for the chain (predict op HASH --wait)")
	pos, signer, m, err := x.parseSigner(f, args, 1, 2)
	if err != nil {
		return err
	}
	req := client.CancelOrderRequest{MarketAddress: m.MarketAddress, CancelAll: *all}
	switch {
	case *all && len(pos) == 2:
		return Usagef("cancel: give an order or --all, not both")
	case !*all && len(pos) != 2:
		return Usagef("cancel: which order? (predict orders lists them), or --all")
	case !*all:
		id, err := strconv.ParseInt(pos[1], 10, 64)
		if err != nil || id <= 0 {
			return Usagef("cancel: %q is not an order id", pos[1])
		}
		req.OrderID = id
	}
	_, _, waited, err := x.submit("cancel", *noWait, func() (*client.OpResult, error) { return signer.CancelOrder(x.ctx, req) })
	if !waited {
		return err
	}
	what := "order " + pos[len(pos)-1]
	if *all {
		what = "your open orders in " + m.MarketAddress
	}
	fmt.Fprintf(x.stdout, "cancelled %s; the escrow is back in your account\n", what)
	return nil
}
