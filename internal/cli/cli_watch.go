package cli

import (
	"context"
	"encoding/json"
	"fmt"
	"math/big"
	"net/http"
	"strings"
	"time"

	"github.com/predict-dev/predict/client"
)

// priceSettle is how long watch waits after a price event for the
// others of the same trade (one per option) before it reads the prices.
const priceSettle = 150 * time.Millisecond

// watcher prints a market's trades and price changes as its events
// arrive.
type watcher struct {
	x      *cli
	c      *client.Client
	market *client.Market
	token  client.BaseToken
	seen   map[string]bool // trades already printed
	prices map[string]string
	status string
	enc    *json.Encoder // --json: one object per line
}

// runWatch follows a market over the event stream until Ctrl-C (or --for).
func runWatch(x *cli, args []string) error {
	f := x.flags("watch", "MARKET")
	duration := f.Duration("for", 0, "stop after this long (default: until Ctrl-C)")
	recent := f.Int("recent", 5, "show this many recent trades first")
	pos, c, err := x.parseClient(f, args, 1, 1, true) // the event stream needs a token
	if err != nil {
		return err
	}
	ctx := x.ctx
	if *duration > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, *duration)
		defer cancel()
	}
	var m *client.Market
	if err := x.patiently(ctx, "read market", func() (err error) {
		m, err = x.market(pos[0])
		return err
	}); err != nil {
		return err
	}
	w := &watcher{x: x, c: c, market: m, token: x.token(m.BaseTokenAddress), seen: map[string]bool{}, prices: map[string]string{}, status: m.Status}
	if x.jsonOut {
		w.enc = json.NewEncoder(x.stdout)
	}
	var trades *client.TradesPage
	if err := x.patiently(ctx, "read trades", func() (err error) {
		trades, err = c.GetMarketTrades(ctx, client.MarketTradesQuery{MarketAddress: m.MarketAddress, PageSize: 50})
		return err
	}); err != nil {
		if ctx.Err() != nil {
			return nil // Ctrl-C or --for
		}
		return err
	}
	for i := len(trades.Trades) - 1; i >= 0; i-- {
		t := &trades.Trades[i]
		w.seen[tradeKey(t)] = true
		if i < *recent {
			w.printTrade(t)
		}
	}
	w.printPrices(m.Options)

	stream := c.NewStream(client.MarketTopic(m.MarketAddress))
	stream.OnReconnect = func(d time.Duration, cause error) {
		x.progressf("event stream lost (%v); reconnecting in %s", cause, d.Round(100*time.Millisecond))
	}
	stream.OnError = func(err error) { x.progressf("event stream: %v", err) }
	done := make(chan error, 1)
	go func() { done <- stream.Run(ctx) }()
	var settle <-chan time.Time
	for {
		select {
		case ev, ok := <-stream.Events():
			if !ok {
				err := <-done
				if ctx.Err() != nil {
					return nil // Ctrl-C or --for
				}
				return err
			}
			switch ev.Name {
			case client.EventConnected:
				x.progressf("watching %q (%s); Ctrl-C to stop", m.Title, m.MarketAddress)
			case client.EventNewTrades:
				w.newTrades(ctx)
			case client.EventPriceChange:
				if settle == nil {
					settle = time.After(priceSettle)
				}
			case client.EventInfoUpdate, client.EventResync:
				w.newTrades(ctx)
				w.refresh(ctx)
			}
		case <-settle:
			settle = nil
			w.refresh(ctx)
		}
	}
}

// Waits of patiently when a refusal names none (no Retry-After): the
// event stream's backoff.
const (
	retryFirst = client.DefaultInitialBackoff
	retryMax   = client.DefaultMaxBackoff
)

// patiently calls read until the service stops refusing it for the rate
// (429) or while it starts (503): it waits the refusal's Retry-After,
// else retryFirst doubling up to retryMax, and says so on stderr. Another
// error, or the end of ctx, is returned.
func (x *cli) patiently(ctx context.Context, what string, read func() error) error {
	next := retryFirst
	for {
		err := read()
		e, ok := client.AsError(err)
		if !ok || !(e.Code == client.CodePleaseWait || e.HTTPStatus == http.StatusTooManyRequests || e.Code == client.CodeUnavailable) {
			return err
		}
		d := e.RetryAfter
		if d <= 0 {
			d, next = next, min(2*next, retryMax)
		}
		x.progressf("%s: %s; trying again in %s", what, e.Message, d)
		t := time.NewTimer(d)
		select {
		case <-ctx.Done():
			t.Stop()
			return err
		case <-t.C:
		}
	}
}

// tradeKey identifies a trade across reads.
func tradeKey(t *client.Trade) string {
	return strings.Join([]string{t.TxHash, t.OpHash, t.Account, t.OptionAddress, fmt.Sprint(t.Side), t.BaseAmount.String()}, "/")
}

// newTrades prints the trades not printed yet, oldest first.
func (w *watcher) newTrades(ctx context.Context) {
	var page *client.TradesPage
	err := w.x.patiently(ctx, "read trades", func() (err error) {
		page, err = w.c.GetMarketTrades(ctx, client.MarketTradesQuery{MarketAddress: w.market.MarketAddress, PageSize: 50})
		return err
	})
	if err != nil {
		w.x.progressf("read trades: %v", err)
		return
	}
	for i := len(page.Trades) - 1; i >= 0; i-- {
		t := &page.Trades[i]
		if k := tradeKey(t); !w.seen[k] {
			w.seen[k] = true
			w.printTrade(t)
		}
	}
}

// refresh reads the market again and prints what changed: its status,
// its prices.
func (w *watcher) refresh(ctx context.Context) {
	var m *client.Market
	err := w.x.patiently(ctx, "read market", func() (err error) {
		m, err = w.c.GetMarketDetail(ctx, w.market.MarketAddress, "")
		return err
	})
	if err != nil {
		w.x.progressf("read market: %v", err)
		return
	}
	w.market = m
	if m.Status != w.status {
		w.status = m.Status
		if w.enc != nil {
			w.enc.Encode(map[string]any{"event": "status", "market": m})
		} else {
			line := m.Status
			if o := m.OptionByAddress(m.WinningOptionAddress); o != nil {
				line += ": " + o.Title + " won"
			}
			fmt.Fprintf(w.x.stdout, "%s  status  %s\n", clock(time.Now()), line)
		}
	}
	w.printPrices(m.Options)
}

// printTrade prints one trade.
func (w *watcher) printTrade(t *client.Trade) {
	if w.enc != nil {
		w.enc.Encode(map[string]any{"event": "trade", "trade": t})
		return
	}
	who := t.UserName
	if who == "" {
		who = short(t.Account)
	}
	verb := "bought"
	if t.Side == client.SideSell {
		verb = "sold"
	}
	fmt.Fprintf(w.x.stdout, "%s  trade   %s %s %s %s for %s at %s\n", clock(t.Time.Time), who, verb,
		formatUnits(t.TokenAmount.Int, w.token.Decimals), t.OptionTitle, money(t.BaseAmount.Int, w.token), Price(t.AvgPrice))
}

// printPrices prints the options' prices when they differ from the last
// printed, with the change.
func (w *watcher) printPrices(opts []client.MarketOption) {
	changed := len(w.prices) == 0
	for _, o := range opts {
		if w.prices[o.OptionAddress] != o.Price {
			changed = true
		}
	}
	if !changed {
		return
	}
	if w.enc != nil {
		w.enc.Encode(map[string]any{"event": "prices", "marketAddress": w.market.MarketAddress, "options": opts})
	} else {
		parts := make([]string, 0, len(opts))
		for _, o := range opts {
			part := o.Title + " " + Price(o.Price)
			if before, ok := w.prices[o.OptionAddress]; ok {
				part += " (" + priceDelta(before, o.Price) + ")"
			}
			parts = append(parts, part)
		}
		fmt.Fprintf(w.x.stdout, "%s  prices  %s\n", clock(time.Now()), strings.Join(parts, "  "))
	}
	for _, o := range opts {
		w.prices[o.OptionAddress] = o.Price
	}
}

// priceDelta is after − before with a sign, 4 decimals.
func priceDelta(before, after string) string {
	b, ok1 := new(big.Rat).SetString(before)
	a, ok2 := new(big.Rat).SetString(after)
	if !ok1 || !ok2 {
		return "?"
	}
	d := new(big.Rat).Sub(a, b)
	s := d.FloatString(4)
	if d.Sign() > 0 {
		s = "+" + s
	}
	return s
}

// clock formats a time of day.
func clock(t time.Time) string { return t.Local().Format("15:04:05") }
