package cli

import (
	"fmt"
	"strings"

	"github.com/predict-dev/predict/client"
)

// runPositions lists open positions.
func runPositions(x *cli, args []string) error {
	f := x.flags("positions", "")
	uid := f.String("uid", "", "another user's positions (default: yours)")
	market := f.String("market", "", "only this market")
	pg := pageFlags(f, "positions")
	_, c, err := x.parseClient(f, args, 0, 0, *uid == "")
	if err != nil {
		return err
	}
	res, err := c.GetUserPositions(x.ctx, client.PositionsQuery{UID: *uid, MarketAddress: strings.ToLower(*market), Page: pg.page, PageSize: pg.size})
	if err != nil {
		return err
	}
	return x.printPositions(res)
}

// printPositions prints a page of positions (as printList).
func (x *cli) printPositions(res *client.PositionsPage) error {
	footer := ""
	if res.Total > len(res.Positions) {
		footer = fmt.Sprintf("(%d of %d positions)", len(res.Positions), res.Total)
	}
	return printList(x, res, res.Positions, "no open positions", "MARKET\tSTATUS\tOPTION\tAMOUNT\tAVG PRICE\tPRICE\tVALUE\tPNL\tTITLE",
		func(p client.Position) string {
			t := x.token(x.marketToken(p.MarketAddress))
			return fmt.Sprintf("%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s (%s%%)\t%s", p.MarketAddress, p.MarketStatus, p.OptionTitle,
				formatUnits(p.Amount.Int, t.Decimals), Price(p.AvgPrice), Price(p.CurrentPrice), money(p.Value.Int, t),
				signedMoney(p.PnL.Int, t), p.PnLPercent, p.MarketTitle)
		}, footer)
}

// marketToken returns the base token of a market, "" when unknown.
func (x *cli) marketToken(market string) string {
	if m := x.knownMarket(market); m != nil {
		return m.BaseTokenAddress
	}
	return ""
}

// knownMarket returns a market by address, read once per run; nil when
// it cannot be read. It names what a list only gives by address.
func (x *cli) knownMarket(market string) *client.Market {
	if m, ok := x.markets[market]; ok {
		return m
	}
	m, err := x.api.GetMarketDetail(x.ctx, market, "")
	if err != nil {
		return nil
	}
	if x.markets == nil {
		x.markets = map[string]*client.Market{}
	}
	x.markets[market] = m
	return m
}

// runPortfolio shows the portfolio summary and the open positions.
func runPortfolio(x *cli, args []string) error {
	f := x.flags("portfolio", "")
	uid := f.String("uid", "", "another user's portfolio (default: yours)")
	baseToken := f.String("base-token", "", "base token of the summary (default the service's first)")
	_, c, err := x.parseClient(f, args, 0, 0, true)
	if err != nil {
		return err
	}
	who := *uid
	if who == "" {
		if who, err = x.uid(); err != nil {
			return err
		}
	}
	t := x.token(strings.ToLower(*baseToken))
	if t.Address == "" {
		return fmt.Errorf("portfolio: the service lists no base token; give --base-token")
	}
	info, err := c.GetUserAssetInfo(x.ctx, who, strings.ToLower(t.Address))
	if err != nil {
		return err
	}
	positions, err := c.GetUserPositions(x.ctx, client.PositionsQuery{UID: who, PageSize: 50})
	if err != nil {
		return err
	}
	if x.jsonOut {
		return x.printJSON(map[string]any{"assetInfo": info, "positions": positions})
	}
	tw := x.table()
	fmt.Fprintf(tw, "uid\t%s\n", info.UID)
	fmt.Fprintf(tw, "value\t%s\n", money(info.Value.Int, t))
	fmt.Fprintf(tw, "balance\t%s\n", money(info.Balance.Int, t))
	fmt.Fprintf(tw, "positions\t%s\n", money(info.PositionsValue.Int, t))
	fmt.Fprintf(tw, "liquidity\t%s\n", money(info.LiquidityValue.Int, t))
	fmt.Fprintf(tw, "pnl\t%s (realized %s, unrealized %s, liquidity %s)\n", signedMoney(info.PnL.Int, t),
		signedMoney(info.RealizedPnL.Int, t), signedMoney(info.UnrealizedPnL.Int, t), signedMoney(info.LiquidityPnL.Int, t))
	fmt.Fprintf(tw, "volume\t%s\n", money(info.Volume.Int, t))
	rank := "not ranked yet"
	if info.PnLRank > 0 {
		rank = fmt.Sprintf("#%d by PnL", info.PnLRank)
	}
	fmt.Fprintf(tw, "rank\t%s\n\n", rank)
	if err := tw.Flush(); err != nil {
		return err
	}
	return x.printPositions(positions)
}

// runLeaderboard lists users ranked by PnL or volume over a period.
func runLeaderboard(x *cli, args []string) error {
	f := x.flags("leaderboard", "")
	by := f.String("by", client.RankByPnL, "rank by pnl or volume")
	period := f.String("period", client.PeriodAll, "day (24 hours), week (7 days), month (30 days) or all")
	baseToken := f.String("base-token", "", "base token of the amounts (default the service's first)")
	pg := pageFlags(f, "users")
	if _, err := x.parse(f, args, 0, 0); err != nil {
		return err
	}
	if *by != client.RankByPnL && *by != client.RankByVolume {
		return Usagef("leaderboard: --by must be pnl or volume")
	}
	periods := map[string]string{client.PeriodDay: "the last 24 hours", client.PeriodWeek: "the last 7 days",
		client.PeriodMonth: "the last 30 days", client.PeriodAll: "all time"}
	if periods[*period] == "" {
		return Usagef("leaderboard: --period must be day, week, month or all")
	}
	c, err := x.client(false)
	if err != nil {
		return err
	}
	res, err := c.GetLeaderboard(x.ctx, client.LeaderboardQuery{Page: pg.page, PageSize: pg.size, Period: *period, SortBy: *by,
		BaseTokenAddress: strings.ToLower(x.token(strings.ToLower(*baseToken)).Address)})
	if err != nil {
		return err
	}
	if x.jsonOut {
		return x.printJSON(res)
	}
	t := x.token(res.BaseTokenAddress)
	switch {
	case res.UpdatedAt.IsZero():
		fmt.Fprintln(x.stdout, "the service has not computed the leaderboard yet (it does every PREDICT_LEADERBOARD_INTERVAL, 5 minutes by default)")
		return nil
	case len(res.Entries) == 0:
		fmt.Fprintf(x.stdout, "no one ranked on page %d by %s over %s (%s)\n", pg.page, *by, periods[*period], plural(res.Total, "user"))
		return nil
	}
	fmt.Fprintf(x.stdout, "By %s over %s, in %s (computed %s)\n\n", *by, periods[*period], t.Symbol, when(res.UpdatedAt.Time))
	tw := x.table()
	fmt.Fprintln(tw, "RANK\tUSER\tPNL\tVOLUME\tUID")
	for _, e := range res.Entries {
		name := e.Name
		if name == "" {
			name = "-"
		}
		fmt.Fprintf(tw, "%d\t%s\t%s\t%s\t%s\n", e.Rank, name, signedMoney(e.PnL.Int, t), money(e.Volume.Int, t), e.UID)
	}
	fmt.Fprintln(tw, pg.footer(res.Total, "user"))
	return tw.Flush()
}
