package cli

import (
	"errors"
	"flag"
	"fmt"
	"math/big"
	"regexp"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/ethereum/go-ethereum/common"

	"github.com/predict-dev/predict/client"
	"github.com/predict-dev/predict/wire"
)

// runBuy buys an option with base tokens.
func runBuy(x *cli, args []string) error { return runTrade(x, args, client.SideBuy) }

// runSell sells option tokens for base tokens.
func runSell(x *cli, args []string) error { return runTrade(x, args, client.SideSell) }

// txFlags are the flags of the verbs that send an operation.
type txFlags struct {
	deadline time.Duration
	noWait   bool
}

func (x *cli) txFlags(f *flag.FlagSet) *txFlags {
	t := &txFlags{}
	f.DurationVar(&t.deadline, "deadline", time.Hour, "the operation reverts if not executed within this time")
	f.BoolVar(&t.noWait, "no-wait", false, "print the operation hash and exit, without waiting for the chain (predict op HASH --wait)")
	return t
}

// runTrade places a buy or a sell at the quoted price less a slippage.
func runTrade(x *cli, args []string, side int) error {
	name, amountArg := "buy", "AMOUNT"
	if side == client.SideSell {
		name, amountArg = "sell", "AMOUNT|all"
	}
	f := x.flags(name, "MARKET OPTION "+amountArg)
	slippage := f.String("slippage", "1", "accepted price slippage in percent: the least received is the quote less this")
	minOut := f.String("min-out", "", "least to receive, in tokens (instead of --slippage)")
	tf := x.txFlags(f)
	pos, err := x.parse(f, args, 3, 3)
	if err != nil {
		return err
	}
	// The flags are read before anything is sent, as the arguments are.
	bps, err := percent(*slippage)
	if err != nil {
		return err
	}
	if *minOut != "" {
		if _, err := decimalForm(*minOut); err != nil {
			return about("--min-out", err)
		}
	}
	signer, m, err := x.signerMarket(pos[0])
	if err != nil {
		return err
	}
	c := signer.Client()
	o, err := option(m, pos[1])
	if err != nil {
		return err
	}
	t := x.token(m.BaseTokenAddress)
	var amount *big.Int
	if side == client.SideSell && pos[2] == "all" {
		if amount, err = x.holding(m.MarketAddress, o.OptionAddress); err != nil {
			return err
		}
		if amount.Sign() == 0 {
			return fmt.Errorf("sell: you hold no %s in %s", o.Title, m.MarketAddress)
		}
	} else if amount, err = parseUnits(pos[2], t.Decimals); err != nil {
		return err
	}
	q, err := c.GetQuote(x.ctx, client.QuoteQuery{MarketAddress: m.MarketAddress, OptionAddress: o.OptionAddress, Side: side, Amount: amount})
	if err != nil {
		return err
	}
	least := minusBps(q.AmountOut.Int, bps)
	if *minOut != "" {
		if least, err = parseUnits(*minOut, t.Decimals); err != nil {
			return about("--min-out", err)
		}
	}
	req := client.PlaceOrderRequest{MarketAddress: m.MarketAddress, OptionAddress: o.OptionAddress, Amount: wire.NewAmount(amount),
		MinReceiveAmount: wire.NewAmount(least), Deadline: wire.NewUnix(deadline(tf.deadline))}
	var res *client.PlaceOrderResult
	if side == client.SideBuy {
		res, err = signer.Buy(x.ctx, req)
	} else {
		res, err = signer.Sell(x.ctx, req)
	}
	if err != nil {
		return err
	}
	st, waited, err := x.await(name, res.OpHash, tf.noWait)
	if !waited {
		return err
	}
	trade := x.findTrade(m.MarketAddress, res.OpHash)
	if x.jsonOut {
		return x.printJSON(map[string]any{"opHash": res.OpHash, "orderUuid": res.OrderUUID, "operation": st, "trade": trade})
	}
	if trade == nil { // not indexed under this user (yet): report the quote
		fmt.Fprintf(x.stdout, "%s confirmed (operation %s); the quote was %s\n", name, res.OpHash, quoteLine(q, o.Title, t))
		return nil
	}
	if side == client.SideBuy {
		fmt.Fprintf(x.stdout, "bought %s %s for %s (average price %s, fee %s)\n", formatUnits(trade.TokenAmount.Int, t.Decimals), o.Title,
			money(trade.BaseAmount.Int, t), Price(trade.AvgPrice), money(trade.Fee.Int, t))
	} else {
		fmt.Fprintf(x.stdout, "sold %s %s for %s (average price %s, fee %s)\n", formatUnits(trade.TokenAmount.Int, t.Decimals), o.Title,
			money(trade.BaseAmount.Int, t), Price(trade.AvgPrice), money(trade.Fee.Int, t))
	}
	return nil
}

// quoteLine summarises a quote.
func quoteLine(q *client.Quote, option string, t client.BaseToken) string {
	if q.Side == client.SideSell {
		return fmt.Sprintf("%s %s for %s", formatUnits(q.AmountIn.Int, t.Decimals), option, money(q.AmountOut.Int, t))
	}
	return fmt.Sprintf("%s %s for %s", formatUnits(q.AmountOut.Int, t.Decimals), option, money(q.AmountIn.Int, t))
}

// findTrade returns the caller's confirmed trade of an operation, or nil.
func (x *cli) findTrade(market, opHash string) *client.Trade {
	page, err := x.api.GetUserTrades(x.ctx, client.UserTradesQuery{MarketAddress: market, PageSize: 50})
	if err != nil {
		return nil
	}
	for i := range page.Trades {
		if strings.EqualFold(page.Trades[i].OpHash, opHash) {
			return &page.Trades[i]
		}
	}
	return nil
}

// holding returns how many tokens of an option the caller holds.
func (x *cli) holding(market, opt string) (*big.Int, error) {
	c, err := x.client(true)
	if err != nil {
		return nil, err
	}
	page, err := c.GetUserPositions(x.ctx, client.PositionsQuery{MarketAddress: market, PageSize: 50})
	if err != nil {
		return nil, err
	}
	for _, p := range page.Positions {
		if strings.EqualFold(p.OptionAddress, opt) {
			return p.Amount.Int, nil
		}
	}
	return new(big.Int), nil
}

// submitted reports an operation the verb does not wait for.
func (x *cli) submitted(opHash string) error {
	if x.jsonOut {
		return x.printJSON(map[string]string{"opHash": opHash})
	}
	fmt.Fprintf(x.stdout, "submitted operation %s (predict op %s --wait)\n", opHash, opHash)
	return nil
}

// await follows an operation a verb submitted: with --no-wait it prints
// the hash and waited is false; otherwise it waits until the operation is
// final (waited is false on an error too).
func (x *cli) await(what, opHash string, noWait bool) (st *client.OperationStatus, waited bool, err error) {
	if noWait {
		return nil, false, x.submitted(opHash)
	}
	st, err = x.waitOp(what, opHash)
	return st, err == nil, err
}

// submit sends the operation that send signs, then follows it as await
// does (waited is false on an error in sending too).
func (x *cli) submit(what string, noWait bool, send func() (*client.OpResult, error)) (*client.OpResult, *client.OperationStatus, bool, error) {
	res, err := send()
	if err != nil {
		return nil, nil, false, err
	}
	st, waited, err := x.await(what, res.OpHash, noWait)
	return res, st, waited, err
}

// runClaim claims the winning tokens of an ended market, 1:1 in base
// tokens.
func runClaim(x *cli, args []string) error {
	f := x.flags("claim", "MARKET")
	noWait := f.Bool("no-wait", false, "print the operation hash and exit, without waiting for the chain (predict op HASH --wait)")
	_, signer, m, err := x.parseSigner(f, args, 1, 1)
	if err != nil {
		return err
	}
	winner := m.OptionByAddress(m.WinningOptionAddress)
	if winner == nil {
		return fmt.Errorf("claim: market %s is %s: claims open once it has ended", m.MarketAddress, m.Status)
	}
	held, err := x.holding(m.MarketAddress, winner.OptionAddress)
	if err != nil {
		return err
	}
	res, st, waited, err := x.submit("claim", *noWait, func() (*client.OpResult, error) {
		return signer.Claim(x.ctx, client.ClaimRequest{MarketAddress: m.MarketAddress, OptionAddress: winner.OptionAddress})
	})
	if !waited {
		return err
	}
	t := x.token(m.BaseTokenAddress)
	if x.jsonOut {
		return x.printJSON(map[string]any{"opHash": res.OpHash, "operation": st, "claimed": held.String(),
			"baseTokenAddress": m.BaseTokenAddress})
	}
	fmt.Fprintf(x.stdout, "claimed %s for %s %s of %q\n", money(held, t), formatUnits(held, t.Decimals), winner.Title, m.Title)
	return nil
}

// liquidityVerbs are the subcommands of liquidity.
var liquidityVerbs = []Verb{
	{"add", "MARKET AMOUNT", "deposit AMOUNT base tokens into a market's pool for LP tokens: a share of its fees", runLiquidityAdd},
	{"remove", "MARKET [LP_AMOUNT|all]", "burn LP tokens (all by default) for base tokens and leftover option tokens; after settlement this redeems them", runLiquidityRemove},
	{"ls", "", "your liquidity positions: share of the pool, value, fees earned", runLiquidityList},
}

// runLiquidity adds liquidity to a pool, removes it, or lists the
// caller's (ls, the default).
func runLiquidity(x *cli, args []string) error {
	sub := "ls"
	switch {
	case len(args) > 0 && HelpAsked(args[:1]):
		fmt.Fprintf(x.stderr, "Usage: predict liquidity add|remove|ls [flags] [arguments]\n\n%s.\n\nSubcommands (ls without one):\n",
			strings.ToUpper(x.verb.Summary[:1])+x.verb.Summary[1:])
		width := 0
		for _, v := range liquidityVerbs {
			width = max(width, utf8.RuneCountInString("predict liquidity "+v.Name+" "+v.Args))
		}
		width = UsageColumn(width)
		for _, v := range liquidityVerbs {
			UsageRow(x.stderr, width, "liquidity "+v.Name, v.Args, v.Summary)
		}
		fmt.Fprintf(x.stderr, "\npredict liquidity SUBCOMMAND -h prints its flags.\n")
		return flag.ErrHelp
	case len(args) > 0 && !strings.HasPrefix(args[0], "-"):
		sub, args = args[0], args[1:]
	}
	if sub == "list" {
		sub = "ls"
	}
	for _, v := range liquidityVerbs {
		if v.Name == sub {
			x.verb = Verb{Name: "liquidity " + v.Name, Args: v.Args, Summary: v.Summary, run: v.run}
			return v.run(x, args)
		}
	}
	return Usagef("liquidity: unknown subcommand %q (add, remove or ls)", sub)
}

func runLiquidityAdd(x *cli, args []string) error {
	f := x.flags(x.verb.Name, x.verb.Args)
	minLP := f.String("min-lp", "", "least LP tokens to mint (default: any)")
	tf := x.txFlags(f)
	pos, signer, m, err := x.parseSigner(f, args, 2, 2)
	if err != nil {
		return err
	}
	t, amount, err := x.baseAmount(m, pos[1])
	if err != nil {
		return err
	}
	least, err := unitsOr(*minLP, t.Decimals, big.NewInt(1))
	if err != nil {
		return err
	}
	res, st, waited, err := x.submit("add liquidity", tf.noWait, func() (*client.OpResult, error) {
		return signer.AddLiquidity(x.ctx, client.AddLiquidityRequest{MarketAddress: m.MarketAddress, Amount: wire.NewAmount(amount),
			MinLPAmount: wire.NewAmount(least), Deadline: wire.NewUnix(deadline(tf.deadline))})
	})
	if !waited {
		return err
	}
	lp, _ := x.liquidity(m.MarketAddress)
	if x.jsonOut {
		return x.printJSON(map[string]any{"opHash": res.OpHash, "operation": st, "position": lp})
	}
	fmt.Fprintf(x.stdout, "added %s to the pool of %q\n", money(amount, t), m.Title)
	if lp != nil {
		fmt.Fprintf(x.stdout, "you hold %s LP tokens, %s of the pool, worth %s\n", formatUnits(lp.LPAmount.Int, t.Decimals),
			sharePercent(lp.PoolShare), money(lp.Value.Int, t))
	}
	return nil
}

func runLiquidityRemove(x *cli, args []string) error {
	f := x.flags(x.verb.Name, x.verb.Args)
	minOut := f.String("min-out", "", "least base tokens to receive (default: any)")
	tf := x.txFlags(f)
	pos, signer, m, err := x.parseSigner(f, args, 1, 2)
	if err != nil {
		return err
	}
	t := x.token(m.BaseTokenAddress)
	var amount *big.Int
	if len(pos) == 1 || pos[1] == "all" {
		lp, err := x.liquidity(m.MarketAddress)
		if err != nil {
			return err
		}
		if lp == nil || lp.LPAmount.Sign() == 0 {
			return fmt.Errorf("liquidity remove: you hold no LP tokens of %s", m.MarketAddress)
		}
		amount = lp.LPAmount.Int
	} else if amount, err = parseUnits(pos[1], t.Decimals); err != nil {
		return err
	}
	least, err := unitsOr(*minOut, t.Decimals, new(big.Int))
	if err != nil {
		return err
	}
	res, st, waited, err := x.submit("remove liquidity", tf.noWait, func() (*client.OpResult, error) {
		return signer.RemoveLiquidity(x.ctx, client.RemoveLiquidityRequest{MarketAddress: m.MarketAddress, LPAmount: wire.NewAmount(amount),
			MinReceiveAmount: wire.NewAmount(least), Deadline: wire.NewUnix(deadline(tf.deadline))})
	})
	if !waited {
		return err
	}
	if x.jsonOut {
		return x.printJSON(map[string]any{"opHash": res.OpHash, "operation": st})
	}
	fmt.Fprintf(x.stdout, "removed %s LP tokens from the pool of %q (base tokens and any leftover option tokens are in your account)\n",
		formatUnits(amount, t.Decimals), m.Title)
	return nil
}

// liquidity returns the caller's LP position in a market, or nil.
func (x *cli) liquidity(market string) (*client.LiquidityPosition, error) {
	c, err := x.client(true)
	if err != nil {
		return nil, err
	}
	page, err := c.GetUserLiquidity(x.ctx, client.LiquidityQuery{MarketAddress: market, PageSize: 50})
	if err != nil {
		return nil, err
	}
	for i := range page.Positions {
		if strings.EqualFold(page.Positions[i].MarketAddress, market) {
			return &page.Positions[i], nil
		}
	}
	return nil, nil
}

func runLiquidityList(x *cli, args []string) error {
	f := x.flags(x.verb.Name, x.verb.Args)
	pg := pageFlags(f, "positions")
	_, c, err := x.parseClient(f, args, 0, 0, true)
	if err != nil {
		return err
	}
	res, err := c.GetUserLiquidity(x.ctx, client.LiquidityQuery{Page: pg.page, PageSize: pg.size})
	if err != nil {
		return err
	}
	return printList(x, res, res.Positions, "no liquidity positions", "MARKET\tSTATUS\tLP TOKENS\tSHARE\tVALUE\tFEES EARNED\tTITLE",
		func(p client.LiquidityPosition) string {
			t := x.token(p.BaseTokenAddress)
			return fmt.Sprintf("%s\t%s\t%s\t%s\t%s\t%s\t%s", p.MarketAddress, p.MarketStatus, formatUnits(p.LPAmount.Int, t.Decimals),
				sharePercent(p.PoolShare), money(p.Value.Int, t), money(p.FeesEarned.Int, t), p.MarketTitle)
		}, "")
}

// sharePercent writes a fraction ("0.25") as a percentage ("25.00%").
func sharePercent(frac string) string {
	r, ok := new(big.Rat).SetString(frac)
	if !ok {
		return frac
	}
	return r.Mul(r, big.NewRat(100, 1)).FloatString(2) + "%"
}

// runFaucet mints development base tokens.
func runFaucet(x *cli, args []string) error {
	f := x.flags("faucet", "[AMOUNT]")
	to := f.String("to", "", "account to fund (default: yours)")
	baseToken := f.String("base-token", "", "base token address (default the service's first)")
	pos, err := x.parse(f, args, 0, 1)
	if err != nil {
		return err
	}
	for _, a := range []struct{ flag, v string }{{"--to", *to}, {"--base-token", *baseToken}} {
		if a.v != "" && !common.IsHexAddress(a.v) {
			return Usagef("faucet: %s %q is not an address (0x and 40 hex digits)", a.flag, a.v)
		}
	}
	c, err := x.client(true)
	if err != nil {
		return err
	}
	req := client.FaucetRequest{Address: strings.ToLower(*to), BaseTokenAddress: strings.ToLower(*baseToken)}
	if req.Address == "" {
		req.Address = x.prof.Account
	}
	if !common.IsHexAddress(req.Address) {
		return errors.New("faucet: no account to fund: log in (predict login) or give --to ADDRESS")
	}
	t := x.token(req.BaseTokenAddress)
	if len(pos) == 1 {
		if req.Amount.Int, err = parseUnits(pos[0], t.Decimals); err != nil {
			return err
		}
	}
	res, err := c.Faucet(x.ctx, req)
	if err != nil {
		if client.IsCode(err, client.CodeNotFound) {
			return fmt.Errorf("%w\n(the faucet exists on the embedded development chain only)", err)
		}
		return faucetLimit(err, req.Amount.Int, t)
	}
	if x.jsonOut {
		return x.printJSON(res)
	}
	fmt.Fprintf(x.stdout, "minted %s to %s (tx %s)\n", money(res.Amount.Int, x.token(res.BaseTokenAddress)), res.Address, res.TxHash)
	return nil
}

// faucetRange is the service's refusal of a faucet amount, which counts
// base units: "amount must be between 1 and 1000000000000 base units".
var faucetRange = regexp.MustCompile(`between 1 and ([0-9]+) base units`)

// faucetLimit says the faucet's refusal of amount in tokens, as the
// command line takes amounts, rather than in the base units the service
// counts. It stays the service's refusal (its code, exit status 1).
func faucetLimit(err error, amount *big.Int, t client.BaseToken) error {
	e, ok := client.AsError(err)
	if !ok || e.Code != client.CodeParam {
		return err
	}
	m := faucetRange.FindStringSubmatch(e.Message)
	if m == nil {
		return err
	}
	most, _ := new(big.Int).SetString(m[1], 10)
	said := *e
	said.Message = fmt.Sprintf("the faucet mints at most %s at a time, not %s", money(most, t), money(amount, t))
	return &said
}

// runOp shows an operation's status.
func runOp(x *cli, args []string) error {
	f := x.flags("op", "OPHASH")
	wait := f.Bool("wait", false, "wait until the operation is final")
	pos, c, err := x.parseClient(f, args, 1, 1, false)
	if err != nil {
		return err
	}
	var st *client.OperationStatus
	if *wait {
		st, err = x.waitOp("operation", pos[0])
		if st == nil && err != nil {
			return err
		}
	} else if st, err = c.GetOperationStatus(x.ctx, pos[0]); err != nil {
		return err
	}
	if x.jsonOut {
		if perr := x.printJSON(st); perr != nil {
			return perr
		}
		return err
	}
	tw := x.table()
	fmt.Fprintf(tw, "operation\t%s\n", st.OpHash)
	fmt.Fprintf(tw, "action\t%s\n", st.Action)
	fmt.Fprintf(tw, "status\t%s\n", st.Status)
	if st.Reason != "" {
		fmt.Fprintf(tw, "reason\t%s\n", st.Reason)
	}
	if st.MarketAddress != "" {
		fmt.Fprintf(tw, "market\t%s\n", st.MarketAddress)
	}
	if st.TxHash != "" {
		fmt.Fprintf(tw, "transaction\t%s (block %d)\n", st.TxHash, st.BlockNumber)
	}
	fmt.Fprintf(tw, "submitted\t%s\n", when(st.CreatedAt.Time))
	if ferr := tw.Flush(); ferr != nil {
		return ferr
	}
	return err
}

// unitsOr parses an optional amount flag in units of decimals; def when
// it is empty.
func unitsOr(s string, decimals int, def *big.Int) (*big.Int, error) {
	if s == "" {
		return def, nil
	}
	return parseUnits(s, decimals)
}
