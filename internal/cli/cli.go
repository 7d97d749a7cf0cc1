// Package cli is predict's client verbs: a command line over the Go
// client (package client) for a person at a shell. cmd/predict routes the
// verbs here beside its service commands.
package cli

// This file holds what every verb shares: the verb
// table, flag parsing, the profile's client and signer, amounts, waiting
// for operations and printing. Each verb parses its flags, calls the
// client and prints; the rules live in the service.

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/ethereum/go-ethereum/common"

	"github.com/predict-dev/predict/client"
)

// Verb is a client verb of predict: its name, the arguments and the
// summary of its usage line.
type Verb struct {
	Name, Args, Summary string
	run                 func(x *cli, args []string) error
}

// cliVerbs lists the client verbs in the order of the usage text.
var cliVerbs = []Verb{
	{"login", "--sub DID | --token-file F", "log in and save a profile (server, identity, owner key)", runLogin},
	{"status", "", "the service, its chain and base tokens, and who the profile is", runStatus},
	{"markets", "", "list markets (--status, --sort, --tag, --category, --search, --hot)", runMarkets},
	{"market", "MARKET", "a market's detail and prices", runMarket},
	{"history", "MARKET", "a market's price history, a sparkline per option (--interval 1h|4h|1d|1w|1m|all)", runHistory},
	{"trades", "[MARKET]", "a market's trades, or yours (--mine), or a user's in a market (--uid)", runTrades},
	{"follow", "MARKET", "follow a market (--off: stop); its settlement is notified to you", runFollow},
	{"unfollow", "MARKET", "stop following a market", runUnfollow},
	{"quote", "MARKET OPTION AMOUNT", "what a buy (or --sell) would give", runQuote},
	{"buy", "MARKET OPTION AMOUNT", "buy an option for AMOUNT base tokens", runBuy},
	{"sell", "MARKET OPTION AMOUNT|all", "sell option tokens", runSell},
	{"liquidity", "add|remove|ls ...", "add liquidity to a pool, remove it, list yours", runLiquidity},
	{"order", "MARKET OPTION buy|sell AMOUNT PRICE", "rest a limit order at PRICE or better (--expires, --post-only)", runOrder},
	{"orders", "[MARKET]", "your limit orders and their state (--status)", runOrders},
	{"cancel", "MARKET ORDER | MARKET --all", "cancel a limit order (its number or uuid), or all of yours in a market; the escrow comes back", runCancel},
	{"batch", "FILE|-", "several actions (claims, liquidity, limit orders and cancels) in one operation, all or nothing", runBatch},
	{"claim", "MARKET", "claim the winnings of an ended market", runClaim},
	{"create-market", "--title T --option A ...", "create a market (admins)", runCreateMarket},
	{"settle", "MARKET OPTION|void", "settle a market on its winning option, or void (admins, resolvers); with a challenge window this asserts it", runSettle},
	{"dispute", "MARKET", "dispute an asserted outcome within its challenge window, posting the bond", runDispute},
	{"finalize", "MARKET", "end a market on its undisputed assertion once the window is over", runFinalize},
	{"arbitrate", "MARKET OPTION|void", "decide a disputed assertion (the arbitrator)", runArbitrate},
	{"positions", "", "your open positions (or --uid's)", runPositions},
	{"portfolio", "", "portfolio summary and positions", runPortfolio},
	{"leaderboard", "", "users ranked by PnL or volume (--by, --period day|week|month|all)", runLeaderboard},
	{"notifications", "[--read ID... | --read-all]", "your notifications; mark them read", runNotifications},
	{"posts", "MARKET", "a market's posts with their comment counts (--write TEXT: post)", runPosts},
	{"comments", "POST", "a post's comments (--write TEXT: answer it)", runComments},
	{"watch", "MARKET", "live trades and prices of a market until Ctrl-C", runWatch},
	{"export", "markets|trades|prices|resolutions", "stream a whole dataset as NDJSON or CSV (--out FILE continues a cut export)", runExport},
	{"webhooks", "[create URL | log|rotate|enable|disable|rm ID]", "your webhook endpoints: register one (--events, --platform), its delivery log, its secret", runWebhooks},
	{"keys", "[create NAME | revoke ID]", "your API keys for bots: list, create (--scope read|trade, --expires), revoke", runKeys},
	{"faucet", "[AMOUNT]", "mint development base tokens to your account (dev chain)", runFaucet},
	{"op", "OPHASH", "an operation's status (--wait until final)", runOp},
}

// verbDetails is what a verb's usage says after its summary, wrapped at
// HelpWidth: what its arguments hold when a name does not say it.
var verbDetails = map[string]string{
	"batch": `FILE (or - for stdin) holds a JSON list of 1 to 16 actions, or an object
{"actions": [...]} as prepare-batch takes it. Each action is the body of
its kind's endpoint with its "action": claim, add-liquidity,
remove-liquidity, place-limit-order or cancel-order. Amounts are integer
strings of base units, prices decimals, expiries unix seconds, as on the
wire. For example, the cancel of order 7 and a new bid:

  [{"action": "cancel-order", "marketAddress": "0x…", "orderId": 7},
   {"action": "place-limit-order", "marketAddress": "0x…",
    "optionAddress": "0x…", "side": 1, "price": "0.44",
    "amount": "10000000", "expiry": 1900000000}]

The chain runs them all or none; one refused action refuses the batch,
naming it (docs/transactions.md, Batches).
`,
	"order": `A buy spends at most AMOUNT base tokens, a sell sells AMOUNT option tokens,
at PRICE (a decimal between 0 and 1) or better. The order rests in the
escrow until the matcher fills it, it expires or you cancel it; predict
orders lists it with its number.
`,
	"cancel": `ORDER is the order's number as predict orders and predict order print it
(7 or #7), or its uuid (place-limit-order's orderUuid).
`,
}

// Verbs lists the client verbs in the order of the usage text.
func Verbs() []Verb { return slices.Clone(cliVerbs) }

// LiquidityVerbs lists the subcommands of liquidity.
func LiquidityVerbs() []Verb { return slices.Clone(liquidityVerbs) }

// Usage is the client verbs' part of the usage text, the summaries
// beside a command column of width (UsageRow).
func Usage(width int) string {
	var b strings.Builder
	for _, v := range cliVerbs {
		UsageRow(&b, width, v.Name, v.Args, v.Summary)
	}
	return b.String()
}

// Find returns the client verb called name.
func Find(name string) (Verb, bool) {
	for _, v := range cliVerbs {
		if v.Name == name {
			return v, true
		}
	}
	return Verb{}, false
}

// Run runs a client verb. A usage error names the verb (or subcommand)
// whose line it is.
func Run(ctx context.Context, v Verb, args []string, getenv func(string) string, stdin io.Reader, stdout, stderr io.Writer) error {
	x := &cli{ctx: ctx, verb: v, getenv: getenv, stdin: stdin, stdout: stdout, stderr: stderr}
	err := v.run(x, args)
	var u *UsageError
	if errors.As(err, &u) && !u.Shown && !strings.HasPrefix(u.Err.Error(), x.verb.Name+":") {
		u.Err = fmt.Errorf("%s: %w", x.verb.Name, u.Err)
	}
	return x.hint(err)
}

// cli is one run of a client verb: its streams, its common flags and what
// it loaded.
type cli struct {
	ctx            context.Context
	verb           Verb
	getenv         func(string) string
	stdin          io.Reader
	stdout, stderr io.Writer

	// Common flags.
	profileFlag string
	jsonOut     bool
	// argSpec is the verb's usage line of arguments, whose names parse
	// checks the arguments by (checkArgs).
	argSpec string

	prof     *profile
	profPath string
	api      *client.Client
	config   *client.Config
	// markets caches the markets read by address.
	markets map[string]*client.Market
}

// flags returns the verb's flag set with the common flags: --profile and
// --json.
func (x *cli) flags(name, args string) *flag.FlagSet {
	x.argSpec = args
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(x.stderr)
	fs.StringVar(&x.profileFlag, "profile", "", "profile `NAME` or file (default $PREDICT_PROFILE, else \"profile\")")
	fs.BoolVar(&x.jsonOut, "json", false, "print the service's data as JSON, for scripts")
	fs.Usage = func() {
		fmt.Fprint(x.stderr, VerbUsage(name, args, x.verb.Summary))
		if d := verbDetails[name]; d != "" {
			fmt.Fprint(x.stderr, "\n"+d)
		}
		fmt.Fprint(x.stderr, "\nFlags:\n")
		PrintFlags(x.stderr, fs)
	}
	return fs
}

// parse parses args, flags and positional arguments in any order (a "--"
// ends the flags; a negative number is an argument), checks that there
// are from least to most positional arguments, and checks each by its
// name in the verb's usage line (checkArgs). It returns flag.ErrHelp for
// -h, and a usage error for a line it cannot read.
func (x *cli) parse(fs *flag.FlagSet, args []string, least, most int) ([]string, error) {
	var pos []string
	for len(args) > 0 {
		if negativeNumber(args[0]) {
			pos, args = append(pos, args[0]), args[1:]
			continue
		}
		end := flagsEnd(fs, args)
		if err := fs.Parse(args[:end]); errors.Is(err, flag.ErrHelp) {
			return nil, err
		} else if err != nil {
			// The flag package printed the error and the usage.
			return nil, &UsageError{Err: fmt.Errorf("%s: %w", fs.Name(), err), Shown: true}
		}
		rest := fs.Args()
		if consumed := end - len(rest); consumed > 0 && args[consumed-1] == "--" {
			pos = append(pos, rest...) // end is the whole line: flagsEnd stops at "--"
			break
		}
		args = append(rest[:len(rest):len(rest)], args[end:]...)
		if len(rest) > 0 {
			pos, args = append(pos, args[0]), args[1:]
		}
	}
	switch {
	case len(pos) < least:
		fs.Usage()
		return nil, Usagef("%s: missing arguments", fs.Name())
	case len(pos) > most:
		fs.Usage()
		return nil, Usagef("%s: too many arguments: %s", fs.Name(), strings.Join(pos[most:], " "))
	}
	if err := checkArgs(x.argSpec, pos); err != nil {
		return nil, err
	}
	return pos, nil
}

// parseClient parses a verb's line (as parse) and opens its client (as
// client): the opening of most verbs.
func (x *cli) parseClient(fs *flag.FlagSet, args []string, least, most int, auth bool) ([]string, *client.Client, error) {
	pos, err := x.parse(fs, args, least, most)
	if err != nil {
		return nil, nil, err
	}
	c, err := x.client(auth)
	return pos, c, err
}

// parseMarket parses a verb's line and opens its client (as
// parseClient), and reads the market of its first argument.
func (x *cli) parseMarket(fs *flag.FlagSet, args []string, least, most int, auth bool) ([]string, *client.Client, *client.Market, error) {
	pos, c, err := x.parseClient(fs, args, least, most, auth)
	if err != nil {
		return nil, nil, nil, err
	}
	m, err := x.market(pos[0])
	return pos, c, m, err
}

// parseSigner parses the line of a verb that signs an operation on the
// market of its first argument (as parse), and returns the signer of the
// profile's owner key and that market (signerMarket).
func (x *cli) parseSigner(fs *flag.FlagSet, args []string, least, most int) ([]string, *client.Signer, *client.Market, error) {
	pos, err := x.parse(fs, args, least, most)
	if err != nil {
		return nil, nil, nil, err
	}
	signer, m, err := x.signerMarket(pos[0])
	return pos, signer, m, err
}

// signerMarket returns the signer of the profile's owner key and the
// market at address arg: what a verb that signs an operation on a market
// needs once its line is read.
func (x *cli) signerMarket(arg string) (*client.Signer, *client.Market, error) {
	signer, err := x.signer()
	if err != nil {
		return nil, nil, err
	}
	m, err := x.market(arg)
	return signer, m, err
}

// client returns the client of the profile. With auth, the profile must
// hold an identity (a token or a development subject).
func (x *cli) client(auth bool) (*client.Client, error) {
	if x.api != nil {
		return x.api, nil
	}
	if err := x.loadProfile(); err != nil {
		return nil, err
	}
	p := x.prof
	opts := []client.Option{client.WithUserAgent("predict-cli/1")}
	if x.verb.Name != "watch" { // the watch waits out refusals itself, and says which read
		opts = append(opts, client.WithRateLimitWaits(rateWaits, func(wait time.Duration, _ error) {
			// Commands run back to back meet a second's wait: said, it
			// would read as a failure. A longer one is said in words.
			if wait > quietWait {
				x.progressf("the service asks for fewer requests: trying again in %s", wait)
			}
		}))
	}
	switch {
	case p.Subject != "":
		tok, err := p.mint()
		if err != nil {
			return nil, err
		}
		opts = append(opts, client.WithToken(tok), client.WithRefresh(func(context.Context, string) (string, error) {
			return p.mint()
		}))
	case p.Token != "":
		opts = append(opts, client.WithToken(p.Token))
	case auth:
		return nil, fmt.Errorf("%s needs a login: run predict login (profile %s)", x.verb.Name, x.profPath)
	}
	c, err := client.New(p.URL, opts...)
	if err != nil {
		return nil, err
	}
	x.api = c
	return c, nil
}

// rateWaits is how many times a request refused for the rate (HTTP 429)
// is sent again after its Retry-After; quietWait is the longest of those
// waits made without a word.
const (
	rateWaits = 5
	quietWait = 2 * time.Second
)

// signer returns the signer of the profile's owner key.
func (x *cli) signer() (*client.Signer, error) {
	c, err := x.client(true)
	if err != nil {
		return nil, err
	}
	if x.prof.KeyFile == "" {
		return nil, fmt.Errorf("profile %s has no owner key: run predict login", x.profPath)
	}
	key, err := ReadKeyFile(x.prof.KeyFile)
	if err != nil {
		return nil, err
	}
	var opts []client.SignerOption
	if common.IsHexAddress(x.prof.Account) {
		opts = append(opts, client.WithAccount(common.HexToAddress(x.prof.Account)))
	}
	return client.NewSigner(c, key, opts...), nil
}

// serviceConfig returns the service's chain configuration, read once.
func (x *cli) serviceConfig() (*client.Config, error) {
	if x.config != nil {
		return x.config, nil
	}
	c, err := x.client(false)
	if err != nil {
		return nil, err
	}
	if x.config, err = c.GetConfig(x.ctx); err != nil {
		return nil, err
	}
	return x.config, nil
}

// token returns the base token at address (the first one for ""), or a
// 6-decimal token named after its address when the service does not list
// it.
func (x *cli) token(address string) client.BaseToken {
	cfg, err := x.serviceConfig()
	if err == nil {
		for _, t := range cfg.BaseTokens {
			if address == "" || strings.EqualFold(t.Address, address) {
				return t
			}
		}
	}
	return client.BaseToken{Address: address, Symbol: short(address), Decimals: 6}
}

// uid returns the profile's user id, asking the service when the profile
// does not hold it.
func (x *cli) uid() (string, error) {
	if x.prof != nil && x.prof.UID != "" && x.getenv("PREDICT_TOKEN") == "" {
		return x.prof.UID, nil
	}
	c, err := x.client(true)
	if err != nil {
		return "", err
	}
	info, err := c.GetUserInfo(x.ctx)
	if err != nil {
		return "", err
	}
	return info.UID, nil
}

// market reads a market argument: a 0x address.
func (x *cli) market(arg string) (*client.Market, error) {
	if err := marketForm(arg); err != nil {
		return nil, err
	}
	c, err := x.client(false)
	if err != nil {
		return nil, err
	}
	return c.GetMarketDetail(x.ctx, strings.ToLower(arg), "")
}

// waitOp waits for an operation to be final, reporting its status changes
// and the elapsed time on stderr. It returns an error for an operation
// that reverted or was dropped.
func (x *cli) waitOp(what, opHash string) (*client.OperationStatus, error) {
	c, err := x.client(false)
	if err != nil {
		return nil, err
	}
	start := time.Now()
	elapsed := func() string { return time.Since(start).Round(100 * time.Millisecond).String() }
	x.progressf("%s: operation %s submitted", what, opHash)
	done := make(chan struct{})
	defer close(done)
	var last string
	statusCh := make(chan string, 1)
	go func() { // a sign of life on long waits
		t := time.NewTicker(10 * time.Second)
		defer t.Stop()
		status := "pending"
		for {
			select {
			case <-done:
				return
			case status = <-statusCh:
			case <-t.C:
				x.progressf("  still %s after %s", status, elapsed())
			}
		}
	}()
	st, err := c.Wait(x.ctx, opHash, &client.WaitOptions{Progress: func(s *client.OperationStatus) {
		if s.Status == last {
			return
		}
		last = s.Status
		select {
		case statusCh <- s.Status:
		default:
		}
		switch s.Status {
		case client.OpConfirmed:
			x.progressf("  confirmed in block %d after %s", s.BlockNumber, elapsed())
		case client.OpReverted, client.OpDropped:
			x.progressf("  %s after %s: %s", s.Status, elapsed(), s.Reason)
		default:
			x.progressf("  %s (%s)", s.Status, elapsed())
		}
	}})
	if err != nil {
		if x.ctx.Err() != nil {
			return nil, fmt.Errorf("stopped waiting; the operation goes on (see predict op %s): %w", opHash, err)
		}
		return nil, err
	}
	if err := st.Err(); err != nil {
		return st, err
	}
	return st, nil
}

// waitUnless waits for an operation as waitOp unless noWait, when its
// status is nil.
func (x *cli) waitUnless(noWait bool, what, opHash string) (*client.OperationStatus, error) {
	if noWait {
		return nil, nil
	}
	return x.waitOp(what, opHash)
}

// readSecret reads a token from a file, or from stdin for "-".
func (x *cli) readSecret(path string) (string, error) {
	var raw []byte
	var err error
	if path == "-" {
		raw, err = io.ReadAll(io.LimitReader(x.stdin, 64<<10))
	} else {
		raw, err = os.ReadFile(path)
	}
	if err != nil {
		return "", fmt.Errorf("read token: %w", err)
	}
	tok := strings.TrimSpace(string(raw))
	if tok == "" {
		return "", fmt.Errorf("read token: %s is empty", path)
	}
	return tok, nil
}
