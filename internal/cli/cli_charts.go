package cli

import (
	"fmt"
	"math/big"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/predict-dev/predict/client"
)

// sparks are the levels of a sparkline, lowest first.
var sparks = []rune("▁▂▃▄▅▆▇█")

// historyIntervals are the windows of get-price-history (docs/markets.md).
var historyIntervals = []string{client.Interval1h, client.Interval4h, client.Interval1d, client.Interval1w, client.Interval1m, client.IntervalAll}

// runHistory prints a market's price history: per option a sparkline and
// its first, last, lowest and highest price.
func runHistory(x *cli, args []string) error {
	f := x.flags("history", "MARKET")
	interval := f.String("interval", client.Interval1d, "window: 1h (1-minute buckets), 4h (5 minutes), 1d (15 minutes), 1w (1 hour), 1m (30 days, 6 hours) or all (since the market opened, under 200 points)")
	opt := f.String("option", "", "only this option (title, position or address)")
	width := f.Int("width", 60, "most characters of a sparkline; a longer history keeps the last price of each stretch")
	pos, err := x.parse(f, args, 1, 1)
	if err != nil {
		return err
	}
	if !slices.Contains(historyIntervals, *interval) {
		return Usagef("history: --interval must be one of %s", strings.Join(historyIntervals, ", "))
	}
	if *width < 1 {
		return Usagef("history: --width must be at least 1")
	}
	c, err := x.client(false)
	if err != nil {
		return err
	}
	m, err := x.market(pos[0])
	if err != nil {
		return err
	}
	q := client.PriceHistoryQuery{MarketAddress: m.MarketAddress, Interval: *interval}
	if *opt != "" {
		o, err := option(m, *opt)
		if err != nil {
			return err
		}
		q.OptionAddress = o.OptionAddress
	}
	h, err := c.GetPriceHistory(x.ctx, q)
	if err != nil {
		return err
	}
	if x.jsonOut {
		return x.printJSON(h)
	}
	fmt.Fprintf(x.stdout, "%s\n%s to %s, a price per %s\n\n", m.Title, when(h.From.Time), when(h.To.Time), bucketText(h.Bucket()))
	return x.printHistory(h, *width)
}

// printHistory writes a row per option: its sparkline and prices.
func (x *cli) printHistory(h *client.PriceHistory, width int) error {
	tw := x.table()
	fmt.Fprintln(tw, "OPTION\tCHART\tFIRST\tLAST\tMIN\tMAX")
	for _, s := range h.Options {
		if len(s.Points) == 0 {
			fmt.Fprintf(tw, "%s\t-\t-\t-\t-\t-\n", s.Title)
			continue
		}
		prices := make([]*big.Rat, len(s.Points))
		for i, p := range s.Points {
			r, ok := new(big.Rat).SetString(p.Price)
			if !ok {
				return fmt.Errorf("history: option %s has a price %q that is not a number", s.Title, p.Price)
			}
			prices[i] = r
		}
		lo, hi := slices.MinFunc(prices, (*big.Rat).Cmp), slices.MaxFunc(prices, (*big.Rat).Cmp)
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\n", s.Title, Sparkline(prices, width), prices[0].FloatString(4),
			prices[len(prices)-1].FloatString(4), lo.FloatString(4), hi.FloatString(4))
	}
	return tw.Flush()
}

// Sparkline draws prices in at most width characters, from the lowest
// (▁) to the highest (█) drawn. A longer series is cut in width equal
// stretches, each drawn at its last price, as a chart's buckets close. A
// flat line stands at its price's height between 0 (▁) and 1 (█), so
// that a settled winner reads full and a loser empty.
func Sparkline(prices []*big.Rat, width int) string {
	if len(prices) > width {
		kept := make([]*big.Rat, width)
		for i := range kept {
			kept[i] = prices[(i+1)*len(prices)/width-1]
		}
		prices = kept
	}
	if len(prices) == 0 {
		return ""
	}
	lo, hi := slices.MinFunc(prices, (*big.Rat).Cmp), slices.MaxFunc(prices, (*big.Rat).Cmp)
	span := new(big.Rat).Sub(hi, lo)
	top := big.NewRat(int64(len(sparks)-1), 1)
	var b strings.Builder
	for _, p := range prices {
		// The level is (p - lo) / span * 7, or p * 7 when flat, rounded.
		v := new(big.Rat).Set(p)
		if span.Sign() > 0 {
			v.Quo(v.Sub(v, lo), span)
		}
		level, _ := strconv.Atoi(v.Mul(v, top).FloatString(0))
		b.WriteRune(sparks[min(max(level, 0), len(sparks)-1)])
	}
	return b.String()
}

// bucketText writes a chart's bucket for people: 15m, 1h, 6h.
func bucketText(d time.Duration) string {
	switch s := d.String(); {
	case d > 0 && d%time.Hour == 0:
		return strings.TrimSuffix(s, "0m0s")
	case d > 0 && d%time.Minute == 0:
		return strings.TrimSuffix(s, "0s")
	default:
		return s
	}
}
