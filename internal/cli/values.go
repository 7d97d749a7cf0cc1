package cli

// The values the verbs read from their arguments and print: amounts in a
// token's units, prices, percentages, times and counts.

import (
	"fmt"
	"math/big"
	"strings"
	"time"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/client"
)

// baseAmount reads an amount argument in units of m's base token, and
// returns that token.
func (x *cli) baseAmount(m *client.Market, arg string) (client.BaseToken, *big.Int, error) {
	t := x.token(m.BaseTokenAddress)
	amount, err := parseUnits(arg, t.Decimals)
	return t, amount, err
}

// option finds an option of m by title (any case), address or 1-based
// position.
func option(m *client.Market, arg string) (*client.MarketOption, error) {
	arg = strings.TrimSpace(arg)
	for i := range m.Options {
		o := &m.Options[i]
		if strings.EqualFold(o.Title, arg) || strings.EqualFold(o.OptionAddress, arg) || fmt.Sprint(i+1) == arg {
			return o, nil
		}
	}
	titles := make([]string, len(m.Options))
	for i, o := range m.Options {
		titles[i] = fmt.Sprintf("%d %q", i+1, o.Title)
	}
	return nil, fmt.Errorf("market %s has no option %q (its options: %s)", m.MarketAddress, arg, strings.Join(titles, ", "))
}

// parseUnits reads an amount in token units into base units
// (predict.ParseUnits): an amount it cannot read, or with more decimals
// than the token has, is a usage error.
func parseUnits(s string, decimals int) (*big.Int, error) {
	n, err := predict.ParseUnits(s, decimals)
	if err != nil {
		return nil, &UsageError{Err: err}
	}
	return n, nil
}

// formatUnits writes an amount of base units in token units
// (predict.FormatUnits).
var formatUnits = predict.FormatUnits

// money formats an amount of a base token: "20.5 USDC".
func money(v *big.Int, t client.BaseToken) string {
	return formatUnits(v, t.Decimals) + " " + t.Symbol
}

// signedMoney formats a profit or loss: "+2.5 USDC", "-1 USDC".
func signedMoney(v *big.Int, t client.BaseToken) string {
	if v != nil && v.Sign() > 0 {
		return "+" + money(v, t)
	}
	return money(v, t)
}

// Price formats a decimal price string with 4 decimals, as every verb
// prints prices.
func Price(p string) string {
	r, ok := new(big.Rat).SetString(p)
	if !ok {
		return p
	}
	return r.FloatString(4)
}

// percent parses a percentage ("1", "0.5", "2%") into basis points.
func percent(s string) (int64, error) {
	r, ok := new(big.Rat).SetString(strings.TrimSuffix(strings.TrimSpace(s), "%"))
	if !ok || r.Sign() < 0 || r.Cmp(big.NewRat(100, 1)) > 0 {
		return 0, Usagef("%q is not a percentage between 0 and 100", s)
	}
	bps := new(big.Rat).Mul(r, big.NewRat(100, 1))
	return new(big.Int).Quo(bps.Num(), bps.Denom()).Int64(), nil
}

// minusBps returns v less bps basis points, rounded down.
func minusBps(v *big.Int, bps int64) *big.Int {
	out := new(big.Int).Mul(v, big.NewInt(10_000-bps))
	return out.Quo(out, big.NewInt(10_000))
}

// pageLine is the footer of a page of a list: "(page 2 of 3; 41 trades)",
// with more facts after the count.
func pageLine(page, pageSize, total int, thing string, more ...string) string {
	pages := max((total+pageSize-1)/max(pageSize, 1), 1)
	return fmt.Sprintf("(page %d of %d; %s)", page, pages, strings.Join(append([]string{plural(total, thing)}, more...), ", "))
}

// oneLine flattens a text written by a person to one line of a table.
func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

// plural writes a count of things: "1 market", "3 markets".
func plural(n int, thing string) string {
	if n == 1 {
		return "1 " + thing
	}
	return fmt.Sprintf("%d %ss", n, thing)
}

// short abbreviates a hex address or hash: 0x1234…cdef.
func short(h string) string {
	if len(h) <= 12 {
		return h
	}
	return h[:6] + "…" + h[len(h)-4:]
}

// when formats a time for people: local, to the minute.
func when(t time.Time) string {
	if t.IsZero() {
		return "-"
	}
	return t.Local().Format("2006-01-02 15:04 MST")
}

// hours writes a duration as a person types it: "2400h", "1h30m", not
// "2400h0m0s".
func hours(d time.Duration) string {
	s := d.String()
	if strings.HasSuffix(s, "m0s") {
		s = strings.TrimSuffix(s, "0s")
	}
	if strings.HasSuffix(s, "h0m") {
		s = strings.TrimSuffix(s, "0m")
	}
	return s
}

// prices lists a market's options and prices on one line.
func prices(opts []client.MarketOption) string {
	parts := make([]string, len(opts))
	for i, o := range opts {
		parts[i] = o.Title + " " + Price(o.Price)
	}
	return strings.Join(parts, "  ")
}

// deadline is when an operation signed now expires: the chain's clock may
// run a little ahead of this machine's, so it is generous.
func deadline(d time.Duration) time.Time { return time.Now().Add(d).Truncate(time.Second) }
