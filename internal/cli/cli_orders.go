package cli

import (
	"fmt"
	"math/big"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/client"
	"github.com/predict-dev/predict/wire"
)

// runOrder rests a limit order: a buy spends at most AMOUNT base tokens
// at PRICE or better, a sell sells AMOUNT option tokens at PRICE or
// better; the escrow holds them until a fill or a cancel.
func runOrder(x *cli, args []string) error {
	f := x.flags("order", "MARKET OPTION buy|sell AMOUNT PRICE")
	expires := f.Duration("expires", 24*time.Hour, "no fill after this long from now: at most 90 days (2160h)")
	postOnly := f.Bool("post-only", false, "only rest: never filled from the pool")
	noWait := f.Bool("no-wait", false, "print the operation hash and exit, without waiting for the chain (predict op HASH --wait)")
	pos, err := x.parse(f, args, 5, 5)
	if err != nil {
		return err
	}
	if err := orderLife(*expires); err != nil {
		return err
	}
	signer, m, err := x.signerMarket(pos[0])
	if err != nil {
		return err
	}
	o, err := option(m, pos[1])
	if err != nil {
		return err
	}
	side := client.SideBuy
	if pos[2] == "sell" {
		side = client.SideSell
	}
	t := x.token(m.BaseTokenAddress)
	amount, err := parseUnits(pos[3], t.Decimals)
	if err != nil {
		return err
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
	id := x.orderID(res.OrderUUID)
	if x.jsonOut {
		return x.printJSON(map[string]any{"opHash": res.OpHash, "orderUuid": res.OrderUUID, "orderId": id, "operation": st})
	}
	fmt.Fprintf(x.stdout, "%s order for %s at %s or better placed: %s (predict orders lists it)\n", pos[2],
		orderAmount(amount, side, o.Title, t), Price(pos[4]), orderName(id, res.OrderUUID))
	return nil
}

// orderLife checks --expires: an order rests for a positive time, at most
// predict.MaxOrderLife. It is said in days, as the service counts it,
// rather than the unix time the service's refusal would name.
func orderLife(d time.Duration) error {
	days := int(predict.MaxOrderLife / (24 * time.Hour))
	switch {
	case d <= 0:
		return Usagef("--expires must be a positive duration such as 24h or 720h")
	case d > predict.MaxOrderLife:
		return Usagef("--expires %s is %s: an order rests at most %d days (--expires %s, until %s)", hours(d), inDays(d), days,
			hours(predict.MaxOrderLife), when(time.Now().Add(predict.MaxOrderLife)))
	}
	return nil
}

// inDays says a duration in days: "100 days", "1.5 days".
func inDays(d time.Duration) string {
	days := strconv.FormatFloat(d.Hours()/24, 'f', -1, 64)
	if days == "1" {
		return "1 day"
	}
	return days + " days"
}

// orderAmount writes an order's amount with its unit: base tokens of the
// option for a buy ("5 USDC of Yes"), option tokens for a sell ("5 Yes").
func orderAmount(v *big.Int, side int, option string, t client.BaseToken) string {
	if side == client.SideBuy {
		return unitAmount(v, side, option, t) + " of " + option
	}
	return unitAmount(v, side, option, t)
}

// orderName is how every verb names an order: by its number in the
// escrow ("order 7"), as predict orders lists it and predict cancel takes
// it; by its uuid only while the service has not seen it placed.
func orderName(id int64, uuid string) string {
	if id > 0 {
		return fmt.Sprintf("order %d", id)
	}
	return "order " + uuid
}

// orderID returns the escrow's number of the order placed as uuid, or 0
// when the service does not know it (yet). The order is recorded with its
// operation's confirmation, which the verb waited for; a replica reading
// a moment behind is asked again, briefly.
func (x *cli) orderID(uuid string) int64 {
	if uuid == "" {
		return 0
	}
	for try := 0; try < 3; try++ {
		o, err := x.api.GetOrder(x.ctx, uuid, 0)
		if err == nil {
			return o.OrderID
		}
		if !client.IsCode(err, client.CodeNotFound) {
			return 0
		}
		select {
		case <-x.ctx.Done():
			return 0
		case <-time.After(500 * time.Millisecond):
		}
	}
	return 0
}

// runOrders lists the profile user's limit orders, newest first: a line
// per order, its number first (predict cancel takes it), in the formats
// of the other verbs (amounts with their unit, prices with 4 decimals,
// local times).
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
		return nil
	}
	markets := map[string]*client.Market{}
	tw := x.table()
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
		fmt.Fprintf(tw, "%d\t%s %s at %s\t%s left of %s\t%s\texpires %s\t%s\n", o.OrderID, side, title, Price(o.Price),
			unitAmount(o.Remaining.Int, o.Side, title, t), unitAmount(o.Amount.Int, o.Side, title, t), o.Status, when(o.Expiry.Time), m.Title)
	}
	fmt.Fprintln(tw, pg.footer(page.Total, "order"))
	return tw.Flush()
}

// unitAmount writes an amount an order holds with its unit: base tokens
// for a buy ("5 USDC"), option tokens for a sell ("5 Yes").
func unitAmount(v *big.Int, side int, option string, t client.BaseToken) string {
	if side == client.SideBuy {
		return money(v, t)
	}
	return formatUnits(v, t.Decimals) + " " + option
}

// orderRef matches an order argument: its number (7 or #7) or its uuid.
var orderRef = regexp.MustCompile(`^#?([1-9][0-9]*)$|^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})$`)

// runCancel cancels a limit order of the profile user, or all of them in a
// market, and returns their escrow. The order is its number or its uuid.
func runCancel(x *cli, args []string) error {
	f := x.flags("cancel", "MARKET ORDER | MARKET --all")
	all := f.Bool("all", false, "cancel every open order of yours in the market")
	noWait := f.Bool("no-wait", false, "print the operation hash and exit, without waiting for the chain (predict op HASH --wait)")
	pos, err := x.parse(f, args, 1, 2)
	if err != nil {
		return err
	}
	var ref []string
	switch {
	case *all && len(pos) == 2:
		return Usagef("cancel: give an order or --all, not both")
	case !*all && len(pos) != 2:
		return Usagef("cancel: which order? (predict orders lists them), or --all")
	case !*all:
		if ref = orderRef.FindStringSubmatch(pos[1]); ref == nil {
			return Usagef("cancel: %q is not an order: give its number (predict orders lists them) or its uuid", pos[1])
		}
	}
	if err := marketForm(pos[0]); err != nil {
		return err
	}
	signer, m, err := x.signerMarket(pos[0])
	if err != nil {
		return err
	}
	req := client.CancelOrderRequest{MarketAddress: m.MarketAddress, CancelAll: *all}
	if !*all {
		if req.OrderID, err = x.orderArg(m, ref); err != nil {
			return err
		}
	}
	_, _, waited, err := x.submit("cancel", *noWait, func() (*client.OpResult, error) { return signer.CancelOrder(x.ctx, req) })
	if !waited {
		return err
	}
	what := orderName(req.OrderID, "")
	if *all {
		what = "your open orders in " + m.MarketAddress
	}
	fmt.Fprintf(x.stdout, "cancelled %s; the escrow is back in your account\n", what)
	return nil
}

// orderArg returns the number of the order ref names (orderRef's match):
// a number as it is, a uuid as the service knows it, which must be an
// order of market m.
func (x *cli) orderArg(m *client.Market, ref []string) (int64, error) {
	if ref[1] != "" {
		return strconv.ParseInt(ref[1], 10, 64)
	}
	o, err := x.api.GetOrder(x.ctx, strings.ToLower(ref[2]), 0)
	if err != nil {
		return 0, fmt.Errorf("cancel: order %s: %w", ref[2], err)
	}
	if !strings.EqualFold(o.MarketAddress, m.MarketAddress) {
		return 0, fmt.Errorf("cancel: order %s (number %d) is of market %s, not %s", ref[2], o.OrderID, o.MarketAddress, m.MarketAddress)
	}
	return o.OrderID, nil
}
