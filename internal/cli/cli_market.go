package cli

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"math/big"
	"os"
	"strings"
	"time"

	"github.com/predict-dev/predict/client"
)

// stringList is a repeatable string flag (--option Yes --option No).
type stringList []string

func (l *stringList) String() string     { return strings.Join(*l, ",") }
func (l *stringList) Set(v string) error { *l = append(*l, v); return nil }

// runMarkets lists markets.
func runMarkets(x *cli, args []string) error {
	f := x.flags("markets", "")
	status := f.String("status", "", "running, settling or ended")
	sortBy := f.String("sort", "", "hot, newest (default), ending_soon or volume")
	tag := f.String("tag", "", "only markets with this tag")
	category := f.String("category", "", "only markets of this category")
	search := f.String("search", "", "words that must all appear in the title, description or tags")
	followed := f.Bool("followed", false, "only the markets you follow")
	hot := f.Bool("hot", false, "the ranking of running markets by the last 24 hours of trading")
	pg := pageFlags(f, "markets")
	_, c, err := x.parseClient(f, args, 0, 0, *followed)
	if err != nil {
		return err
	}
	if *hot {
		res, err := c.GetHotMarkets(x.ctx, client.HotMarketsQuery{Page: pg.page, PageSize: pg.size})
		if err != nil {
			return err
		}
		// The ranking prints its table, and its count, even when empty.
		return printList(x, res, res.Markets, "", "RANK\tMARKET\tVOLUME 24H\tTRADES 24H\tPRICES\tTITLE",
			func(m client.HotMarket) string {
				return fmt.Sprintf("%d\t%s\t%s\t%d\t%s\t%s", m.Rank, m.MarketAddress, money(m.Volume24h.Int, x.token(m.BaseTokenAddress)),
					m.Trades24h, prices(m.Options), m.Title)
			}, fmt.Sprintf("(%s running)", plural(res.TotalCount, "market")))
	}
	res, err := c.GetMarkets(x.ctx, client.MarketsQuery{Page: pg.page, PageSize: pg.size, Status: *status, SortType: *sortBy,
		Tag: *tag, CategoryID: *category, HotWords: *search, Followed: *followed})
	if err != nil {
		return err
	}
	pages := (res.TotalCount + pg.size - 1) / max(pg.size, 1)
	return printList(x, res, res.Markets, fmt.Sprintf("no markets on page %d (%s)", pg.page, plural(res.TotalCount, "market")),
		"MARKET\tSTATUS\tVOLUME\tENDS\tPRICES\tTITLE", func(m client.MarketSummary) string {
			return fmt.Sprintf("%s\t%s\t%s\t%s\t%s\t%s", m.MarketAddress, m.Status, money(m.Volume.Int, x.token(m.BaseTokenAddress)),
				when(m.EndTime.Time), prices(m.Options), m.Title)
		}, fmt.Sprintf("(page %d of %d; %s)", pg.page, pages, plural(res.TotalCount, "market")))
}

// runMarket shows a market with its prices.
func runMarket(x *cli, args []string) error {
	f := x.flags("market", "MARKET")
	_, _, m, err := x.parseMarket(f, args, 1, 1, false)
	if err != nil {
		return err
	}
	if x.jsonOut {
		return x.printJSON(m)
	}
	t := x.token(m.BaseTokenAddress)
	tw := x.table()
	fmt.Fprintf(tw, "%s\n\n", m.Title)
	fmt.Fprintf(tw, "market\t%s\n", m.MarketAddress)
	status := m.Status
	if w := m.OptionByAddress(m.WinningOptionAddress); w != nil {
		status += ", won by " + w.Title
	}
	fmt.Fprintf(tw, "status\t%s\n", status)
	fmt.Fprintf(tw, "category\t%s\n", m.CategoryID)
	if len(m.Tags) > 0 {
		fmt.Fprintf(tw, "tags\t%s\n", strings.Join(m.Tags, ", "))
	}
	fmt.Fprintf(tw, "volume\t%s, %d traders\n", money(m.Volume.Int, t), m.ParticipantCount)
	fmt.Fprintf(tw, "liquidity\t%s (fee %s%%)\n", money(m.Liquidity.Int, t), formatUnits(big.NewInt(int64(m.FeeBps)), 2))
	fmt.Fprintf(tw, "ends\t%s\n", when(m.EndTime.Time))
	creator := m.Creator.Name
	if creator == "" {
		creator = m.Creator.UID
	}
	fmt.Fprintf(tw, "creator\t%s\n", creator)
	fmt.Fprintf(tw, "base token\t%s %s\n\n", t.Symbol, m.BaseTokenAddress)
	fmt.Fprintln(tw, "#\tOPTION\tPRICE\tVOLUME\tHOLDERS\tADDRESS")
	for i, o := range m.Options {
		holders := 0
		if o.HoldersCount != nil {
			holders = *o.HoldersCount
		}
		fmt.Fprintf(tw, "%d\t%s\t%s\t%s\t%d\t%s\n", i+1, o.Title, Price(o.Price), money(o.Volume.Int, t), holders, o.OptionAddress)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	if m.Description != m.Title {
		fmt.Fprintf(x.stdout, "\n%s\n", m.Description)
	}
	if m.Rules != "" {
		fmt.Fprintf(x.stdout, "Rules: %s\n", m.Rules)
	}
	return nil
}

// runQuote prices a buy or a sell.
func runQuote(x *cli, args []string) error {
	f := x.flags("quote", "MARKET OPTION AMOUNT")
	sell := f.Bool("sell", false, "quote a sell of AMOUNT option tokens (default: a buy for AMOUNT base tokens)")
	pos, c, m, err := x.parseMarket(f, args, 3, 3, false)
	if err != nil {
		return err
	}
	o, err := option(m, pos[1])
	if err != nil {
		return err
	}
	t, amount, err := x.baseAmount(m, pos[2])
	if err != nil {
		return err
	}
	side := client.SideBuy
	if *sell {
		side = client.SideSell
	}
	q, err := c.GetQuote(x.ctx, client.QuoteQuery{MarketAddress: m.MarketAddress, OptionAddress: o.OptionAddress, Side: side, Amount: amount})
	if err != nil {
		return err
	}
	if x.jsonOut {
		return x.printJSON(q)
	}
	tw := x.table()
	if side == client.SideBuy {
		fmt.Fprintf(tw, "buy\t%s of %s\n", money(q.AmountIn.Int, t), o.Title)
		fmt.Fprintf(tw, "receive\t%s %s\n", formatUnits(q.AmountOut.Int, t.Decimals), o.Title)
	} else {
		fmt.Fprintf(tw, "sell\t%s %s\n", formatUnits(q.AmountIn.Int, t.Decimals), o.Title)
		fmt.Fprintf(tw, "receive\t%s\n", money(q.AmountOut.Int, t))
	}
	fmt.Fprintf(tw, "average price\t%s\n", Price(q.AveragePrice))
	fmt.Fprintf(tw, "fee\t%s\n", money(q.Fee.Int, t))
	fmt.Fprintf(tw, "price\t%s → %s (impact %s)\n", Price(q.PriceBefore), Price(q.PriceAfter), sharePercent(q.PriceImpact))
	after := make([]string, 0, len(q.PricesAfter))
	for _, p := range q.PricesAfter {
		if opt := m.OptionByAddress(p.OptionAddress); opt != nil {
			after = append(after, opt.Title+" "+Price(p.Price))
		}
	}
	fmt.Fprintf(tw, "prices after\t%s\n", strings.Join(after, "  "))
	return tw.Flush()
}

// marketFile is the JSON of create-market --file: the request's fields,
// with endTime also as a duration from now ("168h") and
// initialLiquidity in whole tokens ("100", "2.5").
type marketFile struct {
	Title       string   `json:"title"`
	Description string   `json:"description"`
	Rules       string   `json:"rules"`
	Options     []any    `json:"options"` // "Yes" or {"title": "Yes"}
	CategoryID  string   `json:"categoryId"`
	Tags        []string `json:"tags"`
	EndTime     string   `json:"endTime"`
	BaseToken   string   `json:"baseTokenAddress"`
	Liquidity   string   `json:"initialLiquidity"`
	ImageURL    string   `json:"imageUrl"`
}

// parseEnd reads an end time: RFC 3339, a date (midnight UTC) or a
// duration from now.
func parseEnd(s string, now time.Time) (time.Time, error) {
	if d, err := time.ParseDuration(s); err == nil {
		return now.Add(d).UTC().Truncate(time.Second), nil
	}
	if t, err := time.Parse(time.RFC3339, s); err == nil {
		return t, nil
	}
	if t, err := time.Parse(time.DateOnly, s); err == nil {
		return t, nil
	}
	return time.Time{}, Usagef("end %q: give a time (2027-01-31T12:00:00Z), a date (2027-01-31) or a duration from now (72h)", s)
}

// runCreateMarket creates a market from flags or a JSON file.
func runCreateMarket(x *cli, args []string) error {
	f := x.flags("create-market", "--title T --option A --option B [flags] | --file market.json")
	file := f.String("file", "", "JSON file of the market's fields (title, description, rules, options, categoryId, tags, endTime, initialLiquidity); flags override it")
	title := f.String("title", "", "the question")
	description := f.String("description", "", "description and resolution criteria (default: the title)")
	rules := f.String("rules", "", "resolution rules and sources (default: settled by an admin of the service on public information)")
	var options, tags stringList
	f.Var(&options, "option", "an option (repeat: --option Yes --option No)")
	f.Var(&tags, "tag", "a tag (repeatable)")
	category := f.String("category", "", "category (default general)")
	end := f.String("end", "", "when trading stops: 2027-01-31T12:00:00Z, 2027-01-31 or a duration from now such as 72h (default 168h)")
	liquidity := f.String("liquidity", "", "initial liquidity in base tokens (default 100)")
	baseToken := f.String("base-token", "", "base token address (default the service's first)")
	image := f.String("image", "", "cover image URL")
	quiet := f.Bool("q", false, "print only the market address (for scripts)")
	noWait := noConfirmFlag(f)
	if _, err := x.parse(f, args, 0, 0); err != nil {
		return err
	}
	var mf marketFile
	if *file != "" {
		raw, err := os.ReadFile(*file)
		if err != nil {
			return err
		}
		dec := json.NewDecoder(bytes.NewReader(raw))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&mf); err != nil {
			return fmt.Errorf("%s: %w", *file, err)
		}
	}
	set := func(dst *string, v string) {
		if v != "" {
			*dst = v
		}
	}
	set(&mf.Title, *title)
	set(&mf.Description, *description)
	set(&mf.Rules, *rules)
	set(&mf.CategoryID, *category)
	set(&mf.EndTime, *end)
	set(&mf.Liquidity, *liquidity)
	set(&mf.BaseToken, *baseToken)
	set(&mf.ImageURL, *image)
	if len(options) > 0 {
		mf.Options = nil
		for _, o := range options {
			mf.Options = append(mf.Options, o)
		}
	}
	if len(tags) > 0 {
		mf.Tags = tags
	}
	if mf.Title == "" || len(mf.Options) < 2 {
		f.Usage()
		return Usagef("create-market: a --title and at least two --option are required")
	}
	if mf.Description == "" {
		mf.Description = mf.Title
	}
	if mf.Rules == "" {
		mf.Rules = "Settled by an admin of the service on public information."
	}
	if mf.CategoryID == "" {
		mf.CategoryID = "general"
	}
	if mf.EndTime == "" {
		mf.EndTime = "168h"
	}
	if mf.Liquidity == "" {
		mf.Liquidity = "100"
	}
	req := client.CreateMarketRequest{Title: mf.Title, Description: mf.Description, Rules: mf.Rules, CategoryID: mf.CategoryID,
		Tags: mf.Tags, ImageURL: mf.ImageURL}
	for _, o := range mf.Options {
		switch v := o.(type) {
		case string:
			req.Options = append(req.Options, client.OptionTitle{Title: v})
		case map[string]any:
			s, _ := v["title"].(string)
			req.Options = append(req.Options, client.OptionTitle{Title: s})
		default:
			return Usagef("create-market: option %v must be a string or {\"title\": ...}", o)
		}
	}
	var err error
	if req.EndTime.Time, err = parseEnd(mf.EndTime, time.Now()); err != nil {
		return err
	}
	signer, err := x.signer()
	if err != nil {
		return err
	}
	t := x.token(mf.BaseToken)
	if t.Address == "" {
		return errors.New("create-market: the service lists no base token; give --base-token")
	}
	req.BaseTokenAddress = strings.ToLower(t.Address)
	if req.InitialLiquidity.Int, err = parseUnits(mf.Liquidity, t.Decimals); err != nil {
		return err
	}
	res, err := signer.CreateMarket(x.ctx, req)
	if err != nil {
		return err
	}
	st, err := x.waitUnless(*noWait, "create market", res.OpHash)
	if err != nil {
		return err
	}
	switch {
	case *quiet:
		fmt.Fprintln(x.stdout, res.MarketAddress)
		return nil
	case x.jsonOut:
		return x.printJSON(map[string]any{"marketAddress": res.MarketAddress, "opHash": res.OpHash, "options": res.Options, "operation": st})
	}
	tw := x.table()
	fmt.Fprintf(tw, "market\t%s\n", res.MarketAddress)
	fmt.Fprintf(tw, "title\t%s\n", req.Title)
	for i, o := range res.Options {
		fmt.Fprintf(tw, "option %d\t%s %s\n", i+1, o.Title, o.OptionAddress)
	}
	fmt.Fprintf(tw, "liquidity\t%s\n", money(req.InitialLiquidity.Int, t))
	fmt.Fprintf(tw, "ends\t%s\n", when(req.EndTime.Time))
	fmt.Fprintf(tw, "operation\t%s\n", res.OpHash)
	return tw.Flush()
}

// runSettle settles a market on its winning option.
func runSettle(x *cli, args []string) error {
	f := x.flags("settle", "MARKET OPTION|void")
	source := f.String("source", "", "URL or description of the data source")
	note := f.String("note", "", "why this option won")
	noWait := noConfirmFlag(f)
	signer, m, o, err := x.parseOutcome(f, args)
	if err != nil {
		return err
	}
	res, err := signer.SettleMarket(x.ctx, client.SettleMarketRequest{MarketAddress: m.MarketAddress, Void: o == nil,
		WinningOptionAddress: optionAddress(o), ResolutionSource: *source, ResolutionNote: *note})
	if err != nil {
		return err
	}
	st, err := x.waitUnless(*noWait, "settle", res.OpHash)
	if err != nil {
		return err
	}
	if x.jsonOut {
		return x.printJSON(map[string]any{"opHash": res.OpHash, "status": res.Status, "operation": st})
	}
	state := "settling (the chain has not confirmed yet)"
	if st != nil {
		r, err := x.resolution(m)
		if err != nil {
			return err
		}
		state = describeResolution(r, len(m.Options), false)
	}
	fmt.Fprintf(x.stdout, "settled %q on %s: %s\n", m.Title, outcomeName(o), state)
	return nil
}

// runFollow follows a market, or stops following it with --off.
func runFollow(x *cli, args []string) error {
	f := x.flags("follow", "MARKET")
	off := f.Bool("off", false, "stop following the market (as predict unfollow)")
	return x.follow(f, args, off)
}

// runUnfollow stops following a market.
func runUnfollow(x *cli, args []string) error {
	off := true
	return x.follow(x.flags("unfollow", "MARKET"), args, &off)
}

// follow runs follow or unfollow on its line: it follows the market, or
// stops following it when off.
func (x *cli) follow(f *flag.FlagSet, args []string, off *bool) error {
	_, c, m, err := x.parseMarket(f, args, 1, 1, true)
	if err != nil {
		return err
	}
	res, err := c.FollowMarket(x.ctx, m.MarketAddress, !*off)
	if err != nil {
		return err
	}
	if x.jsonOut {
		return x.printJSON(res)
	}
	if res.IsFollowed {
		fmt.Fprintf(x.stdout, "following %q (%s): its settlement will be notified to you; predict markets --followed lists it\n", m.Title, m.MarketAddress)
	} else {
		fmt.Fprintf(x.stdout, "not following %q (%s)\n", m.Title, m.MarketAddress)
	}
	return nil
}

// runTrades lists a market's trades, the caller's (--mine) or a user's in
// a market (--uid).
func runTrades(x *cli, args []string) error {
	f := x.flags("trades", "[MARKET]")
	mine := f.Bool("mine", false, "your trades: in MARKET, or in every market without one")
	uid := f.String("uid", "", "only this user's trades in MARKET")
	opt := f.String("option", "", "only the trades of this option of MARKET (title, position or address)")
	pg := pageFlags(f, "trades")
	pos, err := x.parse(f, args, 0, 1)
	if err != nil {
		return err
	}
	switch {
	case *mine && *uid != "":
		return Usagef("trades: --mine and --uid exclude each other")
	case !*mine && len(pos) == 0:
		return Usagef("trades: give a MARKET, or --mine for your trades")
	case *mine && *opt != "":
		return Usagef("trades: --option lists a market's trades; it does not go with --mine")
	}
	c, err := x.client(*mine)
	if err != nil {
		return err
	}
	var m *client.Market
	q := client.MarketTradesQuery{Page: pg.page, PageSize: pg.size}
	if len(pos) == 1 {
		if m, err = x.market(pos[0]); err != nil {
			return err
		}
		q.MarketAddress = m.MarketAddress
	}
	if *opt != "" {
		o, err := option(m, *opt)
		if err != nil {
			return err
		}
		q.OptionAddress = o.OptionAddress
	}
	var res *client.TradesPage
	switch {
	case *mine:
		res, err = c.GetUserTrades(x.ctx, client.UserTradesQuery{Page: pg.page, PageSize: pg.size, MarketAddress: q.MarketAddress})
	default:
		q.UID = *uid
		res, err = c.GetMarketTrades(x.ctx, q)
	}
	if err != nil {
		return err
	}
	head := "TIME\tUSER\tSIDE\tOPTION\tAMOUNT\tTOKENS\tPRICE\tFEE"
	if m == nil {
		head += "\tMARKET"
	}
	return printList(x, res, res.Trades, fmt.Sprintf("no trades on page %d (%s)", pg.page, plural(res.Total, "trade")), head,
		func(tr client.Trade) string {
			t := x.token(x.marketToken(tr.MarketAddress))
			side := "buy"
			if tr.Side == client.SideSell {
				side = "sell"
			}
			who := tr.UserName
			if who == "" {
				who = tr.UID
			}
			line := fmt.Sprintf("%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s", when(tr.Time.Time), who, side, tr.OptionTitle, money(tr.BaseAmount.Int, t),
				formatUnits(tr.TokenAmount.Int, t.Decimals), Price(tr.AvgPrice), money(tr.Fee.Int, t))
			if m == nil {
				line += "\t" + tr.MarketTitle
			}
			return line
		}, pg.footer(res.Total, "trade"))
}
