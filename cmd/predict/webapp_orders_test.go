package main

import (
	"fmt"
	"math"
	"math/big"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestWebAppOrders drives limit orders in the browser under the default
// rate limits, as TestWebApp does: dana places two limit buys from the
// trade panel's Limit form, sees them in the order book beside the chart
// and in her orders, cancels one (its level leaves the book), and the
// other is filled from the pool once erin's trade has moved the price
// below its limit. Her page shows the order filled, the fill, and the
// fill as her trade in the market's trade list, without a reload. Then
// she offers some of what she bought in a sell order that expires at a
// time she picks, takes it back with "Cancel all", and the portfolio
// lists her three orders.
func TestWebAppOrders(t *testing.T) {
	start := time.Now()
	app := startWebApp(t, nil)
	base := app.base

	// The most traded demo market: two options and some depth.
	var markets struct {
		Markets []struct {
			MarketAddress string `json:"marketAddress"`
			Title         string `json:"title"`
		} `json:"markets"`
	}
	apiGet(t, base, "", "market/get-markets", url.Values{"page": {"1"}, "pageSize": {"1"}, "status": {"running"}, "sortType": {"volume"}}, &markets)
	market := strings.ToLower(markets.Markets[0].MarketAddress)

	dana := app.newTab("dana")
	dana.signIn("dana")
	dana.faucet("Received 1,000.00")
	dana.open("/market/" + market)
	dana.run("the market's topic", chromedp.Poll(fmt.Sprintf(`(document.querySelector('.live')?.dataset.topics || '').includes(%s)`, js("market:"+market)), nil,
		chromedp.WithPollingInterval(100*time.Millisecond), chromedp.WithPollingTimeout(0)))
	dana.run("the order book", chromedp.WaitVisible("#order-book #book-pool", chromedp.ByQuery))
	yes := poolPercent(dana)
	if yes < 30 || yes > 80 {
		t.Fatalf("the first option's pool price is %v%%: the test's limits need it between 30%% and 80%%", yes)
	}
	// Two buys of the first option below the pool's price: one to cancel
	// (post-only, a day), and one a little below the price, good till
	// cancelled, to be filled once the price falls under it.
	rest, fill := math.Floor(yes)-20, math.Floor(yes)-3

	dana.run("limit orders", chromedp.Evaluate(`[...document.querySelectorAll('#order-type button')].find(b => b.innerText === 'Limit').click()`, nil))
	dana.run("the limit form", chromedp.WaitVisible("#limit-form", chromedp.ByQuery))
	place := func(side string, price float64, amount, expiry string, postOnly bool) {
		t.Helper()
		dana.run(side+" side", chromedp.Evaluate(fmt.Sprintf(`[...document.querySelectorAll('#limit-form .tabs button')].find(b => b.innerText === %s).click()`, js(side)), nil))
		dana.choose("#limit-option", `o.value === "0"`)
		dana.enter("#limit-price", strconv.FormatFloat(price, 'f', -1, 64))
		dana.enter("#limit-amount", amount)
		if at, ok := strings.CutPrefix(expiry, "in "); ok {
			// A date and time of the browser's clock, this far ahead.
			d, _ := time.ParseDuration(at)
			dana.choose("#limit-expiry", `o.value === "at"`)
			dana.run("expiry time", chromedp.WaitVisible("#limit-until", chromedp.ByQuery))
			dana.eval(fmt.Sprintf(`(() => {
				const d = new Date(Date.now() + %d), p = (n) => String(n).padStart(2, '0');
				const e = document.querySelector('#limit-until');
				e.value = d.getFullYear() + '-' + p(d.getMonth() + 1) + '-' + p(d.getDate()) + 'T' + p(d.getHours()) + ':' + p(d.getMinutes());
				e.dispatchEvent(new Event('input', {bubbles: true}));
				return true })()`, d.Milliseconds()), nil)
		} else {
			dana.choose("#limit-expiry", "o.value === "+js(expiry))
		}
		dana.eval(fmt.Sprintf(`(() => { const c = document.querySelector('#limit-post-only'); if (c.checked !== %v) c.click(); return true })()`, postOnly), nil)
		dana.waitText("#limit-summary", fmt.Sprintf("at %.1f%% or better", price))
		// By script: the book and the orders beside the form update live
		// as the matcher fills, and a mouse click can land between two
		// layouts.
		dana.operateWith("#trade", "#limit-submit", chromedp.Evaluate(`document.querySelector('#limit-submit').click()`, nil))
		// Said in words, with nothing technical in sight.
		what := fmt.Sprintf("%s USDC of Yes at %.1f%% or better.", amount, price)
		if side == "Sell" {
			what = fmt.Sprintf("%s Yes tokens at %.1f%% or better.", amount, price)
		}
		dana.waitText("#limit-form .progress", side+" order placed: "+what)
		dana.expect("the placement in words", `(() => { const t = document.querySelector('#limit-form .progress').innerText;
			return /0x[0-9a-f]{6}|block/i.test(t) ? 'technical words: ' + t : '' })()`)
	}
	danaTok := dana.token()
	unbid := assetInfoOf(t, base, danaTok)
	place("Buy", rest, "5.00", "1d", true)
	place("Buy", fill, "10.00", "gtc", false)

	// What the bids hold counts in her value, which stays as it was.
	var bids assetInfo
	for deadline := time.Now().Add(30 * time.Second); bids.OrdersValue != "15000000"; time.Sleep(500 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("dana's orders hold %s, want 15000000", bids.OrdersValue)
		}
		bids = assetInfoOf(t, base, danaTok)
	}
	if bids.Value != unbid.Value {
		t.Fatalf("two bids moved dana's value from %s to %s", unbid.Value, bids.Value)
	}

	// Both rest in the book and in her orders, open.
	bid := func(price float64) string {
		return fmt.Sprintf(`[...document.querySelectorAll('#order-book tr.bid')].some(r => Math.abs(parseFloat(r.dataset.price) - %v) < 1e-9)`, price/100)
	}
	dana.run("both bids in the book", chromedp.Poll(bid(rest)+" && "+bid(fill), nil, chromedp.WithPollingInterval(100*time.Millisecond), chromedp.WithPollingTimeout(0)))
	dana.waitText("#order-book", fmt.Sprintf("%.1f%%", fill))
	orderAt := func(price float64) string {
		t.Helper()
		var id string
		dana.run("the order at "+fmt.Sprint(price), chromedp.Poll(fmt.Sprintf(`(() => {
			const r = [...document.querySelectorAll('#my-orders tr.order')].find(r => r.querySelector('td[data-label=Limit]').innerText.startsWith(%s));
			return r ? r.dataset.orderId : false })()`, js(fmt.Sprintf("%.1f%%", price))), &id,
			chromedp.WithPollingInterval(100*time.Millisecond), chromedp.WithPollingTimeout(0)))
		return id
	}
	restID, fillID := orderAt(rest), orderAt(fill)
	// Good till cancelled is the market's end, sooner than the 90 days
	// the service allows.
	var gtc struct {
		Expiry string `json:"expiry"`
	}
	apiGet(t, base, "", "market/get-order", url.Values{"orderId": {fillID}}, &gtc)
	var detail struct {
		EndTime string `json:"endTime"`
	}
	apiGet(t, base, "", "market/get-market-detail", url.Values{"marketAddress": {market}}, &detail)
	if end, _ := time.Parse(time.RFC3339, detail.EndTime); gtc.Expiry != strconv.FormatInt(end.Unix(), 10) {
		t.Fatalf("a good-till-cancelled order of a market ending %s expires at %s, not at its end (%d)", detail.EndTime, gtc.Expiry, end.Unix())
	}
	state := func(id, want string) {
		t.Helper()
		dana.run("order "+id+" "+want, chromedp.Poll(fmt.Sprintf(`document.querySelector('#my-orders tr[data-order-id="%s"]')?.dataset.status === %s`, id, js(want)), nil,
			chromedp.WithPollingInterval(100*time.Millisecond), chromedp.WithPollingTimeout(0)))
	}
	state(restID, "open")
	state(fillID, "open")
	dana.waitText(`#my-orders tr[data-order-id="`+restID+`"]`, "post-only")
	dana.waitText(`#my-orders tr[data-order-id="`+fillID+`"]`, "10.00 of 10.00 USDC")
	dana.waitText("#cancel-all", "Cancel all in this market (2 orders)")
	dana.eval(`window.scrollTo(0, 0)`, nil) // the sticky header at the top of the picture, not across it
	app.shoot(dana, "market-orders")

	// She cancels the post-only one: cancelled, and its level leaves the book.
	dana.operate("#my-orders", `#my-orders tr[data-order-id="`+restID+`"] button.cancel`)
	state(restID, "cancelled")
	// Said beside the order, in words.
	dana.waitText(`#my-orders tr[data-feedback-of="`+restID+`"]`, "Buy order #"+restID+" cancelled: 5.00 USDC back in your balance.")
	dana.run("the cancelled bid leaves the book", chromedp.Poll("!("+bid(rest)+") && "+bid(fill), nil,
		chromedp.WithPollingInterval(100*time.Millisecond), chromedp.WithPollingTimeout(0)))

	// erin buys the other option: the first one's price falls below dana's limit.
	erin := app.newTab("erin")
	erin.signIn("erin")
	erin.faucet("Received")
	erin.open("/market/" + market)
	erin.choose("#trade-option", `o.value === "1"`)
	erin.typeInto("#trade-amount", "150")
	erin.waitText("#quote", "You receive")
	erin.operate("#trade", "#trade-submit")
	dana.run("the pool's price falls on dana's page", chromedp.Poll(fmt.Sprintf(`parseFloat(document.querySelector('#book-pool').innerText) < %v`, fill-2), nil,
		chromedp.WithPollingInterval(100*time.Millisecond), chromedp.WithPollingTimeout(0)))

	// The matcher fills her order from the pool, and her page follows: the
	// order filled, its fill, her trade in the list, and the level gone
	// from the book.
	state(fillID, "filled")
	var filled struct {
		Status   string `json:"status"`
		Received string `json:"received"`
		Fills    []struct {
			AmountOut string `json:"amountOut"`
		} `json:"fills"`
	}
	apiGet(t, base, "", "market/get-order", url.Values{"orderId": {fillID}}, &filled)
	received, _ := new(big.Int).SetString(filled.Received, 10)
	if filled.Status != "filled" || len(filled.Fills) != 1 || received == nil || received.Sign() <= 0 {
		t.Fatalf("the filled order: %+v", filled)
	}
	dana.waitText(`#my-orders tr[data-order-id="`+fillID+`"]`, "filled")
	dana.waitText(`#my-orders tr[data-order-id="`+fillID+`"]`, "0.00 of 10.00 USDC")
	dana.waitText(`#my-orders tr[data-order-id="`+fillID+`"]`, "10.00 → "+units(received))
	dana.waitText(`#my-orders tr[data-fills-of="`+fillID+`"]`, "Filled from the pool: 10.00 USDC → "+units(received))
	dana.waitText("#trades", "limit order")
	dana.run("the fill is dana's trade", chromedp.Poll(`[...document.querySelectorAll('#trades tr')].some(r => r.innerText.includes('limit order') && r.innerText.includes('dana') && r.innerText.includes('bought'))`, nil,
		chromedp.WithPollingInterval(100*time.Millisecond), chromedp.WithPollingTimeout(0)))
	dana.run("the filled bid leaves the book", chromedp.Poll("!("+bid(fill)+")", nil, chromedp.WithPollingInterval(100*time.Millisecond), chromedp.WithPollingTimeout(0)))
	dana.eval(`window.scrollTo(0, 0)`, nil) // the sticky header at the top of the picture, not across it
	app.shoot(dana, "market-orders-filled")

	// She offers 5 of the tokens she bought well above the price, until
	// two hours from now by her clock: an ask in the book, then "Cancel
	// all" takes it back.
	dana.run("sell side", chromedp.Evaluate(`[...document.querySelectorAll('#limit-form .tabs button')].find(b => b.innerText === 'Sell').click()`, nil))
	dana.waitText("#limit-form", "You hold "+units(received)+" Yes tokens")
	holders := func() int {
		var d struct {
			Options []struct {
				Title        string `json:"title"`
				HoldersCount int    `json:"holdersCount"`
			} `json:"options"`
		}
		apiGet(t, base, "", "market/get-market-detail", url.Values{"marketAddress": {market}}, &d)
		return d.Options[0].HoldersCount
	}
	holdersBefore := holders()
	place("Sell", 90, "5.00", "in 2h", false)
	ask := `[...document.querySelectorAll('#order-book tr.ask')].some(r => Math.abs(parseFloat(r.dataset.price) - 0.9) < 1e-9)`
	dana.run("the ask in the book", chromedp.Poll(ask, nil, chromedp.WithPollingInterval(100*time.Millisecond), chromedp.WithPollingTimeout(0)))
	// The escrow holding her tokens is no holder of Yes: she still is,
	// and nobody else has come.
	if got := holders(); got != holdersBefore {
		t.Fatalf("an ask moved the holders of Yes from %d to %d", holdersBefore, got)
	}
	dana.open("/market/" + market)
	dana.waitText(`#options li[data-option="Yes"]`, fmt.Sprintf("%d holders", holdersBefore))
	dana.run("the order book again", chromedp.WaitVisible("#order-book #book-pool", chromedp.ByQuery))
	dana.waitText("#order-book", "5.00 Yes")
	sellID := orderAt(90)
	state(sellID, "open")
	dana.waitText(`#my-orders tr[data-order-id="`+sellID+`"]`, "5.00 of 5.00 Yes tokens")
	var sell struct {
		Expiry string `json:"expiry"`
	}
	apiGet(t, base, "", "market/get-order", url.Values{"orderId": {sellID}}, &sell)
	head, err := app.m.Client.HeaderByNumber(app.ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	// Chain time: the page moved the time she picked by the chain's
	// offset from her clock; the minute she picked rounds it down.
	if exp, _ := strconv.ParseInt(sell.Expiry, 10, 64); exp < int64(head.Time)+2*3600-5*60 || exp > int64(head.Time)+2*3600+60 {
		t.Fatalf("the sell order expires at %d, the chain's time is %d: want about two hours ahead", exp, head.Time)
	}
	dana.waitText("#cancel-all", "Cancel all in this market (1 order)")
	dana.operate("#my-orders", "#cancel-all")
	state(sellID, "cancelled")
	dana.waitText("#my-orders .cancel-all .progress", "1 order cancelled: what it held is back in your account.")
	dana.run("the ask leaves the book", chromedp.Poll("!("+ask+")", nil, chromedp.WithPollingInterval(100*time.Millisecond), chromedp.WithPollingTimeout(0)))

	// Nothing left to cancel: no buttons, no "Cancel all".
	var text string
	dana.eval(`document.querySelector('#my-orders').innerText`, &text)
	if strings.Contains(text, "Cancel") {
		t.Fatalf("filled and cancelled orders still offer a cancel:\n%s", text)
	}
	if m := regexp.MustCompile(`NaN|undefined|[−-]0\.00\b`).FindString(text); m != "" {
		t.Fatalf("her orders show %q:\n%s", m, text)
	}

	// The portfolio lists the three, newest first, with their market.
	dana.open("/portfolio")
	dana.waitText("#orders", markets.Markets[0].Title)
	var states []string
	dana.run("the portfolio's orders", chromedp.Poll(`(() => { const s = [...document.querySelectorAll('#orders tr[data-order-id]')].map(r => r.dataset.status);
		return s.length === 3 ? s : false })()`, &states, chromedp.WithPollingInterval(100*time.Millisecond), chromedp.WithPollingTimeout(0)))
	if strings.Join(states, " ") != "cancelled filled cancelled" {
		t.Fatalf("the portfolio's orders: %v, want cancelled filled cancelled", states)
	}
	dana.waitText(`#orders tr[data-order-id="`+fillID+`"]`, "10.00 → "+units(received)+" Yes tokens")
	dana.waitText("#orders thead", "Expires")
	app.checkBrowsers()
	t.Logf("limit orders in the browser done in %s", time.Since(start).Round(time.Millisecond))
}

// enter types text into the input sel of a form whose fields are the
// page's state: it empties the field with an input event first, so that
// the page's state is empty too and a render before the keys arrive
// (a live event's reload) cannot put the previous value back.
func (b *tab) enter(sel, text string) {
	b.t.Helper()
	b.run("enter into "+sel, chromedp.WaitVisible(sel, chromedp.ByQuery),
		chromedp.Evaluate(fmt.Sprintf(`(() => { const e = document.querySelector(%s); e.value = ''; e.dispatchEvent(new Event('input', {bubbles: true})); return true })()`, js(sel)), nil),
		chromedp.SendKeys(sel, text, chromedp.ByQuery))
}

// poolPercent is the pool's price of the order book's option as the page
// shows it, in percent.
func poolPercent(b *tab) float64 {
	b.t.Helper()
	var shown string
	b.eval(`document.querySelector('#book-pool').innerText`, &shown)
	p, err := strconv.ParseFloat(strings.TrimSuffix(shown, "%"), 64)
	if err != nil {
		b.t.Fatalf("the book's pool price %q: %v", shown, err)
	}
	return p
}
