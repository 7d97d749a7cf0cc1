package main

import (
	"bytes"
	"context"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math/big"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/ethereum/go-ethereum/crypto"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/client"
	"github.com/predict-dev/predict/internal/cli"
	"github.com/predict-dev/predict/internal/portfolio"
)

// formatUnits is how the verbs print amounts (TestCLIVerbs names a
// local predict).
var formatUnits = predict.FormatUnits

// TestCLIVerbs drives the client verbs in-process against the whole
// service on the embedded chain: two logins, the faucet, a market from a
// file, a trader's buy, sell, liquidity and portfolio, refusals printed
// with their codes, settlement and claim, and --json everywhere.
func TestCLIVerbs(t *testing.T) {
	e := startE2E(t, nil)
	ctx := context.Background()
	home := t.TempDir()
	env := map[string]string{"PREDICT_DATA_DIR": e.m.Config.DataDir, "PREDICT_URL": "http://" + e.m.Addr(),
		"XDG_CONFIG_HOME": filepath.Join(home, "config"), "HOME": home}
	getenv := func(k string) string { return env[k] }
	predict := func(args ...string) (string, error) {
		t.Helper()
		var out, errOut bytes.Buffer
		err := run(ctx, args, getenv, &out, &errOut)
		if testing.Verbose() {
			t.Logf("$ predict %s\n%s%s", strings.Join(args, " "), out.String(), errOut.String())
		}
		return out.String(), err
	}
	must := func(args ...string) string {
		t.Helper()
		out, err := predict(args...)
		if err != nil {
			t.Fatalf("predict %s: %s", strings.Join(args, " "), cli.ErrorLine(err))
		}
		return out
	}
	decode := func(raw string, v any) {
		t.Helper()
		if err := json.Unmarshal([]byte(raw), v); err != nil {
			t.Fatalf("not JSON: %v\n%s", err, raw)
		}
	}

	var login struct {
		UID       string
		IsNewUser bool
		Account   string
		Roles     []string
		Profile   string
	}
	decode(must("login", "--profile", "root", "--sub", "did:dev:root", "--json"), &login)
	if !login.IsNewUser || len(login.Roles) != 1 || login.Roles[0] != "admin" || filepath.Base(login.Profile) != "root.json" {
		t.Fatalf("root's login: %+v", login)
	}
	if raw, _ := os.ReadFile(login.Profile); bytes.Contains(raw, []byte("eyJ")) {
		t.Fatal("the profile of a development identity holds a token")
	}
	if _, err := os.Stat(filepath.Join(home, "config", "predict", "root.key")); err != nil {
		t.Fatalf("owner key: %v", err)
	}
	if out := must("login", "--profile", "root", "--name", "root"); !strings.Contains(out, "logged in as root") {
		t.Fatalf("second login: %s", out)
	}
	must("login", "--profile", "bob", "--sub", "did:dev:bob", "--name", "bob")
	must("faucet", "--profile", "root", "1000")
	if out := must("faucet", "--profile", "bob", "200"); !strings.Contains(out, "minted 200 USDC") {
		t.Fatalf("faucet: %s", out)
	}

	file := filepath.Join(home, "market.json")
	os.WriteFile(file, []byte(`{"title": "Will it snow?", "options": ["Yes", {"title": "No"}], "categoryId": "weather",
		"tags": ["snow"], "endTime": "48h", "initialLiquidity": "100"}`), 0o600)
	var created struct {
		MarketAddress string
		Options       []client.CreatedOption
		Operation     client.OperationStatus
	}
	decode(must("create-market", "--profile", "root", "--file", file, "--description", "In Oslo.", "--json"), &created)
	market := created.MarketAddress
	if len(created.Options) != 2 || created.Operation.Status != client.OpConfirmed {
		t.Fatalf("create-market: %+v", created)
	}
	if _, err := predict("create-market", "--profile", "bob", "--title", "Mine?", "--option", "a", "--option", "b"); !client.IsCode(err, client.CodeForbidden) ||
		!strings.HasPrefix(cli.ErrorLine(err), "error 110104 FORBIDDEN: ") {
		t.Fatalf("create-market by a trader: %v", err)
	}

	var page client.MarketsPage
	decode(must("markets", "--json", "--category", "weather"), &page)
	if page.TotalCount != 1 || page.Markets[0].Title != "Will it snow?" {
		t.Fatalf("markets: %+v", page)
	}
	if out := must("markets", "--hot"); !strings.Contains(out, "Will it snow?") {
		t.Fatalf("markets --hot: %s", out)
	}
	if out := must("market", market); !strings.Contains(out, "In Oslo.") || !strings.Contains(out, "0.5000") {
		t.Fatalf("market: %s", out)
	}

	var bought struct{ Trade *client.Trade }
	decode(must("buy", "--profile", "bob", market, "yes", "10", "--json"), &bought)
	if bought.Trade == nil || bought.Trade.BaseAmount.Int64() != 10_000000 || bought.Trade.UserName != "bob" {
		t.Fatalf("buy: %+v", bought)
	}
	bob := bought.Trade.UID
	testTradesAndHistory(t, must, decode, market, bought.Trade, login.UID)

	if out := must("sell", "--profile", "bob", market, "Yes", "all"); !strings.HasPrefix(out, "sold "+formatUnits(bought.Trade.TokenAmount.Int, 6)+" Yes for ") {
		t.Fatalf("sell all: %s", out)
	}
	if _, err := predict("sell", "--profile", "bob", market, "Yes", "all"); err == nil || !strings.Contains(err.Error(), "you hold no Yes") {
		t.Fatalf("sell with nothing left: %v", err)
	}
	must("buy", "--profile", "bob", market, "2", "5") // option 2: No
	if out := must("liquidity", "add", "--profile", "bob", market, "50"); !strings.Contains(out, "added 50 USDC") {
		t.Fatalf("liquidity add: %s", out)
	}
	var lp client.LiquidityPage
	decode(must("liquidity", "ls", "--profile", "bob", "--json"), &lp)
	if lp.Total != 1 || lp.Positions[0].LPAmount.Sign() <= 0 {
		t.Fatalf("liquidity ls: %+v", lp)
	}
	must("liquidity", "remove", "--profile", "bob", market)

	// Removing liquidity gave back option tokens: bob holds both.
	var positions client.PositionsPage
	decode(must("positions", "--profile", "bob", "--json"), &positions)
	var no *client.Position
	for i, p := range positions.Positions {
		if p.OptionTitle == "No" {
			no = &positions.Positions[i]
		}
	}
	if no == nil || no.Amount.Sign() <= 0 {
		t.Fatalf("positions: %+v", positions)
	}
	var folio struct {
		AssetInfo client.AssetInfo
		Positions client.PositionsPage
	}
	decode(must("portfolio", "--profile", "bob", "--json"), &folio)
	if folio.AssetInfo.UID == "" || folio.AssetInfo.Balance.Sign() <= 0 || folio.Positions.Total != positions.Total {
		t.Fatalf("portfolio: %+v", folio)
	}
	if out := must("portfolio", "--profile", "bob"); !strings.Contains(out, "balance") || !strings.Contains(out, "Will it snow?") {
		t.Fatalf("portfolio: %s", out)
	}

	// The leaderboard as the leader's refresher computes it every
	// PREDICT_LEADERBOARD_INTERVAL: once, now.
	if _, err := (&portfolio.Refresher{Store: e.m.Store}).Refresh(ctx); err != nil {
		t.Fatal(err)
	}
	var mine client.TradesPage
	decode(must("trades", "--profile", "bob", "--mine", "--json"), &mine)
	volume := new(big.Int)
	for _, tr := range mine.Trades {
		volume.Add(volume, tr.BaseAmount.Int)
	}
	if mine.Total != 3 || volume.Cmp(big.NewInt(15_000000)) <= 0 {
		t.Fatalf("trades --mine: %d trades, volume %s", mine.Total, volume)
	}
	board := must("leaderboard", "--by", "volume", "--period", "day")
	if !regexp.MustCompile(`(?m)^1\s+bob\s+[-+]?[0-9.]+ USDC\s+`+regexp.QuoteMeta(formatUnits(volume, 6))+` USDC\s+`+bob+`$`).MatchString(board) ||
		!strings.HasPrefix(board, "By volume over the last 24 hours, in USDC (computed ") || !strings.Contains(board, "(page 1 of 1; 2 users)") {
		t.Fatalf("leaderboard by volume: bob's volume is %s USDC:\n%s", formatUnits(volume, 6), board)
	}
	testExport(t, must, decode, market)
	post := testFollowAndPosts(t, must, decode, market)
	testOrders(t, predict, must, decode, market)

	if _, err := predict("settle", "--profile", "bob", market, "No"); !client.IsCode(err, client.CodeForbidden) {
		t.Fatalf("settle by a trader: %v", err)
	}
	must("settle", "--profile", "root", market, "No", "--note", "Dry.")
	var claimed struct {
		Claimed   string
		Operation client.OperationStatus
	}
	decode(must("claim", "--profile", "bob", market, "--json"), &claimed)
	if claimed.Claimed != no.Amount.String() || claimed.Operation.Status != client.OpConfirmed {
		t.Fatalf("claim: %+v, held %s", claimed, no.Amount)
	}
	testNotifications(t, must, decode, post)

	var op client.OperationStatus
	decode(must("op", claimed.Operation.OpHash, "--json"), &op)
	if op.Action != client.ActionClaim || op.Status != client.OpConfirmed {
		t.Fatalf("op: %+v", op)
	}
	_, err := predict("claim", "--profile", "bob", market)
	if !client.IsCode(err, client.CodeConflict) || !strings.HasPrefix(cli.ErrorLine(err), "error 110105 CONFLICT: ") {
		t.Fatalf("second claim: %v", err)
	}
	if _, err := predict("buy", "--profile", "bob", market, "No", "1"); !client.IsCode(err, client.CodeConflict) {
		t.Fatalf("buy on an ended market: %v", err)
	}
	if _, err := predict("positions"); err == nil || !strings.Contains(err.Error(), "needs a login") {
		t.Fatalf("positions without a profile: %v", err)
	}
	if _, err := predict("buy", "-h"); err != nil {
		t.Fatalf("buy -h: %v", err)
	}
	var status struct {
		Ready  bool
		Config client.Config
		User   client.UserInfo
	}
	decode(must("status", "--profile", "bob", "--json"), &status)
	if !status.Ready || !status.Config.Dev || status.User.UserName != "bob" {
		t.Fatalf("status: %+v", status)
	}
}

// runLine runs the program on args as main does: it returns stdout,
// stderr and the exit status.
func runLine(t *testing.T, getenv func(string) string, args ...string) (string, string, int) {
	t.Helper()
	var out, errOut bytes.Buffer
	code := exitCode(run(context.Background(), args, getenv, &out, &errOut), &errOut)
	return out.String(), errOut.String(), code
}

// helpEnv is an environment for commands that only print: a data
// directory and a home without a profile.
func helpEnv(t *testing.T) func(string) string {
	home := t.TempDir()
	return testEnv(t, map[string]string{"HOME": home, "XDG_CONFIG_HOME": filepath.Join(home, "config")})
}

// TestHelp: every command, the service's as the client's, answers -h,
// -help, --help and predict help COMMAND with its own usage, and
// succeeds.
func TestHelp(t *testing.T) {
	names := []string{"serve", "demo", "migrate", "token", "deploy", "devnode", "keygen", "sign", "sign-login", "version",
		"login", "status", "markets", "market", "history", "trades", "follow", "unfollow", "quote", "buy", "sell",
		"liquidity", "liquidity add", "liquidity remove", "liquidity ls", "order", "orders", "cancel", "batch", "claim", "create-market", "settle", "dispute", "finalize", "arbitrate",
		"positions", "portfolio", "leaderboard", "notifications", "posts", "comments", "watch", "export", "webhooks", "keys", "faucet", "op"}
	// A command added to the tables is in this test too.
	for _, c := range commands {
		if !slices.Contains(names, c.name) {
			t.Errorf("command %s is not tested", c.name)
		}
	}
	for _, v := range cli.Verbs() {
		if !slices.Contains(names, v.Name) {
			t.Errorf("verb %s is not tested", v.Name)
		}
	}
	getenv := helpEnv(t)
	for _, name := range names {
		t.Run(strings.ReplaceAll(name, " ", "-"), func(t *testing.T) {
			head := "Usage: predict " + name + " "
			if name == "liquidity" {
				head = "Usage: predict liquidity add|remove|ls "
			}
			args := strings.Fields(name)
			for _, flag := range []string{"-h", "-help", "--help"} {
				out, errOut, code := runLine(t, getenv, append(args, flag)...)
				if code != 0 || !strings.HasPrefix(errOut, head) || out != "" || strings.Contains(errOut, "Usage of") {
					t.Fatalf("predict %s %s: exit %d\nstdout: %s\nstderr: %s", name, flag, code, out, errOut)
				}
			}
			out, errOut, code := runLine(t, getenv, append([]string{"help"}, args...)...)
			if code != 0 || !strings.HasPrefix(out, head) || errOut != "" {
				t.Fatalf("predict help %s: exit %d\nstdout: %s\nstderr: %s", name, code, out, errOut)
			}
			checkHelpText(t, "predict help "+name, out)
		})
	}
	// What some usages must say: every window of history, the format of
	// a batch's file, the value of export's --market.
	for _, tc := range []struct{ args, want []string }{
		{[]string{"history"}, []string{"1h (1-minute buckets), 4h (5 minutes), 1d", "1w", "1m", "all"}},
		{[]string{"batch"}, []string{`"action": claim, add-liquidity,`, `[{"action": "cancel-order", "marketAddress": "0x…", "orderId": 7},`}},
		{[]string{"export"}, []string{"  --market ADDRESS\n"}},
		{[]string{"cancel"}, []string{"or its uuid"}},
	} {
		out, _, _ := runLine(t, getenv, append([]string{"help"}, tc.args...)...)
		for _, want := range tc.want {
			if !strings.Contains(out, want) {
				t.Errorf("predict help %s lacks %q:\n%s", tc.args[0], want, out)
			}
		}
	}

	// Each liquidity subcommand says what it does, not what liquidity
	// does (in lines wrapped anywhere).
	for _, v := range cli.LiquidityVerbs() {
		_, errOut, _ := runLine(t, getenv, "liquidity", v.Name, "-h")
		want := strings.ToUpper(v.Summary[:1]) + v.Summary[1:] + "."
		if words := strings.Join(strings.Fields(errOut), " "); !strings.Contains(words, want) || strings.Contains(words, "Add liquidity to a pool, remove it, list yours") {
			t.Errorf("liquidity %s -h:\n%s", v.Name, errOut)
		}
	}
	// The usage of a command without flags ends with what it does.
	if _, errOut, _ := runLine(t, getenv, "migrate", "-h"); strings.Contains(errOut, "Flags:") ||
		!strings.HasSuffix(errOut, "Apply database migrations and exit.\n") {
		t.Errorf("migrate -h:\n%s", errOut)
	}
	// Help wins over the rest of the line: serve does not start.
	if _, errOut, code := runLine(t, getenv, "serve", "extra", "--help"); code != 0 || !strings.HasPrefix(errOut, "Usage: predict serve ") {
		t.Errorf("serve extra --help: exit %d\n%s", code, errOut)
	}

	// predict help lists every command and verb, in 80 columns.
	out, _, code := runLine(t, getenv, "help")
	if code != 0 {
		t.Fatalf("help: exit %d", code)
	}
	checkHelpText(t, "predict help", out)
	for _, name := range names {
		if !strings.Contains(out, "\n  predict "+strings.Fields(name)[0]+" ") && !strings.Contains(out, "\n  predict "+name+"  ") {
			t.Errorf("predict help does not list %s:\n%s", name, out)
		}
	}
	for _, alias := range []string{"-h", "--help"} {
		if out2, _, code := runLine(t, getenv, alias); code != 0 || out2 != out {
			t.Errorf("predict %s: exit %d, not the usage of predict help", alias, code)
		}
	}
}

// checkHelpText checks a help text: no line is wider than a terminal's 80
// columns (cli.HelpWidth), and no backquote is left of a flag's usage
// (the flag package takes `a word` for the name of the flag's value).
func checkHelpText(t *testing.T, what, text string) {
	t.Helper()
	for _, line := range strings.Split(text, "\n") {
		if n := utf8.RuneCountInString(line); n > cli.HelpWidth {
			t.Errorf("%s: a line of %d columns:\n%s", what, n, line)
		}
		if strings.Contains(line, "`") {
			t.Errorf("%s: a backquote in %q", what, line)
		}
	}
}

// TestExitCodes: 0 for success and help, 1 for a command that failed, 2
// for a command line that cannot run, each with its message.
func TestExitCodes(t *testing.T) {
	getenv := helpEnv(t)
	const market = "0x00000000000000000000000000000000000000aa"
	for _, tc := range []struct {
		name   string
		args   []string
		code   int
		stderr string // a part of stderr
	}{
		{"NoCommand", nil, 2, "Usage: predict COMMAND"},
		{"UnknownCommand", []string{"fly"}, 2, "predict: unknown command \"fly\": run predict help\n"},
		{"HelpUnknown", []string{"help", "fly"}, 2, "predict: help: unknown command \"fly\": run predict help\n"},
		{"MissingArgument", []string{"buy", "0x1"}, 2, "predict: buy: missing arguments"},
		{"TooManyArguments", []string{"market", "0x1", "0x2"}, 2, "predict: market: too many arguments: 0x2"},
		{"UnknownFlag", []string{"markets", "--nope"}, 2, "flag provided but not defined: -nope"},
		{"BadFlagValue", []string{"markets", "--page", "one"}, 2, `invalid value "one" for flag -page`},
		{"ServiceUnknownFlag", []string{"serve", "--nope"}, 2, "flag provided but not defined: -nope\nUsage: predict serve "},
		{"DemoUnknownFlag", []string{"demo", "--nope"}, 2, "Usage: predict demo "},
		{"VersionArgument", []string{"version", "now"}, 2, "predict: version: too many arguments: now"},
		{"BadEnum", []string{"leaderboard", "--by", "luck"}, 2, "predict: leaderboard: --by must be pnl or volume"},
		{"LiquiditySubcommand", []string{"liquidity", "give"}, 2, `predict: liquidity: unknown subcommand "give"`},
		{"ReadWithoutIDs", []string{"notifications", "--read"}, 2, "--read needs the IDs"},
		{"IDsWithoutRead", []string{"notifications", "7"}, 2, "give --read"},
		{"CommentsNotAPost", []string{"comments", "first"}, 2, `"first" is not a post ID`},
		{"TradesNothing", []string{"trades"}, 2, "give a MARKET, or --mine"},
		// An argument or a flag value that cannot be read is the command
		// line's fault, whichever verb reads it, and said before anything
		// is sent.
		{"NotAMarket", []string{"market", "snow"}, 2, `predict: market: "snow" is not a market address`},
		{"NotAnAmount", []string{"buy", market, "Yes", "abc"}, 2, `predict: buy: amount "abc" must be a positive decimal number`},
		{"NegativeAmount", []string{"buy", market, "Yes", "-5"}, 2, `predict: buy: amount "-5" must be a positive decimal number`},
		{"NegativeAmountAfterFlag", []string{"sell", "--json", market, "Yes", "-5"}, 2, `predict: sell: amount "-5" must be`},
		{"BadSlippage", []string{"buy", market, "Yes", "10", "--slippage", "lots"}, 2, `predict: buy: "lots" is not a percentage`},
		{"OrderSide", []string{"order", market, "Yes", "hold", "1", "0.3"}, 2, `predict: order: want buy or sell, not "hold"`},
		{"OrderPrice", []string{"order", market, "Yes", "buy", "1", "1.5"}, 2, "predict: order: the price is a decimal between 0 and 1"},
		{"OrderTooLong", []string{"order", market, "Yes", "buy", "1", "0.3", "--expires", "2400h"}, 2,
			"predict: order: --expires 2400h is 100 days: an order rests at most 90 days (--expires 2160h, until "},
		{"CancelNotAnOrder", []string{"cancel", market, "first"}, 2, `predict: cancel: "first" is not an order`},
		{"FaucetNotAnAddress", []string{"faucet", "--to", "me", "10"}, 2, `predict: faucet: --to "me" is not an address`},
		{"ExportDataset", []string{"export", "users"}, 2, `predict: export: want markets, trades, prices or resolutions, not "users"`},
		{"ExportMarket", []string{"export", "trades", "--market", "snow"}, 2, `predict: export: --market: "snow" is not a market address`},
		{"OpHash", []string{"op", "0x12"}, 2, `predict: op: "0x12" is not an operation hash`},
		{"BadProfileName", []string{"positions", "--profile", "a b"}, 2, `predict: positions: profile name "a b"`},
		{"TokenWithoutSub", []string{"token"}, 2, "predict: token: --sub is required"},
		{"KeygenWithoutOut", []string{"keygen"}, 2, "predict: keygen: --out FILE is required"},
		{"SignWithoutKey", []string{"sign"}, 2, "predict: sign: --key-file FILE is required"},
		{"SignBadBody", []string{"sign-login", "--key-file", "k", "--body", "[1]"}, 2, "predict: sign-login: --body must be a JSON object"},
		{"DeployWithoutRPC", []string{"deploy", "--dev-tokens"}, 2, "predict: deploy: --rpc or PREDICT_CHAIN_RPC_URL is required"},
		{"DeployBadArbitrator", []string{"deploy", "--rpc", "http://127.0.0.1:1", "--dev-tokens", "--arbitrator", "judge"}, 2,
			`predict: deploy: --arbitrator "judge" is not an address`},
		{"Failed", []string{"positions"}, 1, "predict: positions needs a login"},
		{"ServiceFailed", []string{"keygen", "--out", filepath.Join(t.TempDir(), "none", "owner.key")}, 1, "predict: keygen: "},
		{"Help", []string{"buy", "-h"}, 0, "Usage: predict buy "},
		{"Version", []string{"version"}, 0, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, errOut, code := runLine(t, getenv, tc.args...)
			if code != tc.code || !strings.Contains(errOut, tc.stderr) || strings.Contains(errOut, "flag provided but not defined: -5") {
				t.Fatalf("predict %s: exit %d, want %d; stderr:\n%s", strings.Join(tc.args, " "), code, tc.code, errOut)
			}
		})
	}
	// An unknown command is one line with the hint, not the usage.
	for _, args := range [][]string{{"fly"}, {"help", "fly"}} {
		if _, errOut, _ := runLine(t, getenv, args...); strings.Count(errOut, "\n") != 1 {
			t.Errorf("predict %s: want one line, got:\n%s", strings.Join(args, " "), errOut)
		}
	}
}

// TestSignAPI: sign and sign-login call the service the client verbs
// call: --api, else PREDICT_URL, else PREDICT_HTTP_ADDR, else the
// address serve listens on by default.
func TestSignAPI(t *testing.T) {
	for _, tc := range []struct {
		name string
		env  map[string]string
		args []string
		want string
	}{
		{"Flag", map[string]string{"PREDICT_URL": "http://other:1"}, []string{"--api", "http://given:2"}, "http://given:2"},
		{"URL", map[string]string{"PREDICT_URL": "http://other:1", "PREDICT_HTTP_ADDR": "127.0.0.1:9"}, nil, "http://other:1"},
		{"HTTPAddr", map[string]string{"PREDICT_HTTP_ADDR": "127.0.0.1:9"}, nil, "http://127.0.0.1:9"},
		{"Default", nil, nil, "http://127.0.0.1:8080"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for _, name := range []string{"sign", "sign-login"} {
				_, _, api, err := signFlags(name, append([]string{"--key-file", "k"}, tc.args...), func(k string) string { return tc.env[k] }, io.Discard)
				if err != nil || api != tc.want {
					t.Errorf("%s: api %q, %v; want %q", name, api, err, tc.want)
				}
			}
		})
	}
}

// TestServeHelpEnvironment: serve and demo have few flags; their usage
// names the variables that decide where the service listens, keeps its
// data, and which database, chain and identity provider it uses.
func TestServeHelpEnvironment(t *testing.T) {
	getenv := helpEnv(t)
	for _, args := range [][]string{{"serve", "-h"}, {"demo", "-h"}, {"help", "serve"}} {
		out, errOut, code := runLine(t, getenv, args...)
		for _, v := range []string{"PREDICT_HTTP_ADDR", "PREDICT_DATA_DIR", "PREDICT_DATABASE_URL", "PREDICT_CHAIN_RPC_URL", "PREDICT_JWKS_URL", "PREDICT_ADMIN_SUBJECTS"} {
			if code != 0 || !strings.Contains(out+errOut, "\n  "+v+" ") {
				t.Errorf("predict %s: exit %d, %s is not listed:\n%s%s", strings.Join(args, " "), code, v, out, errOut)
			}
		}
	}
}

// TestVersion: the facts of the binary (the Go version is all a test
// binary has) and those the toolchain stamps from a checkout.
func TestVersion(t *testing.T) {
	getenv := helpEnv(t)
	out, _, code := runLine(t, getenv, "version")
	if code != 0 || !strings.HasPrefix(out, "predict ") || !strings.Contains(out, "\ngo      "+runtime.Version()+" "+runtime.GOOS+"/"+runtime.GOARCH+"\n") {
		t.Fatalf("version: exit %d\n%s", code, out)
	}
	if out2, _, _ := runLine(t, getenv, "--version"); out2 != out {
		t.Fatalf("--version: %q, want %q", out2, out)
	}
	var f buildFacts
	raw, _, _ := runLine(t, getenv, "version", "--json")
	if err := json.Unmarshal([]byte(raw), &f); err != nil || f.Go != runtime.Version() || f.Module != "github.com/predict-dev/predict" {
		t.Fatalf("version --json: %+v, %v\n%s", f, err, raw)
	}

	bi := &debug.BuildInfo{GoVersion: "go1.26.1", Main: debug.Module{Path: "github.com/predict-dev/predict", Version: "v0.4.0"},
		Settings: []debug.BuildSetting{{Key: "GOOS", Value: "linux"}, {Key: "vcs.revision", Value: "1e06ffc0d2a37c8a"},
			{Key: "vcs.time", Value: "2026-03-01T10:00:00Z"}, {Key: "vcs.modified", Value: "true"}}}
	got := readBuildFacts(bi).text()
	for _, want := range []string{"predict v0.4.0\n", "commit  1e06ffc0d2a37c8a (2026-03-01T10:00:00Z, with uncommitted changes)\n",
		"go      go1.26.1 ", "module  github.com/predict-dev/predict\n"} {
		if !strings.Contains(got, want) {
			t.Errorf("version text lacks %q:\n%s", want, got)
		}
	}
	bi.Settings = nil
	if got := readBuildFacts(bi).text(); !strings.Contains(got, "commit  unknown (built outside a git checkout)\n") {
		t.Errorf("version without a checkout:\n%s", got)
	}
}

// for 10 USDC, the market's first trade.
func testTradesAndHistory(t *testing.T, must func(...string) string, decode func(string, any), market string, bought *client.Trade, root string) {
	t.Helper()
	row := regexp.MustCompile(`(?m)^\d{4}-\d\d-\d\d \d\d:\d\d \S+\s+bob\s+buy\s+Yes\s+10 USDC\s+` +
		regexp.QuoteMeta(formatUnits(bought.TokenAmount.Int, 6)) + `\s+` + regexp.QuoteMeta(cli.Price(bought.AvgPrice)) + `\s+` +
		regexp.QuoteMeta(formatUnits(bought.Fee.Int, 6)) + ` USDC$`)
	for _, args := range [][]string{
		{"trades", market},
		{"trades", market, "--option", "yes"},
		{"trades", market, "--uid", bought.UID},
	} {
		if out := must(args...); !row.MatchString(out) || !strings.Contains(out, "(page 1 of 1; 1 trade)") {
			t.Fatalf("predict %s:\n%s", strings.Join(args, " "), out)
		}
	}
	if out := must("trades", market, "--option", "No"); !strings.HasPrefix(out, "no trades on page 1 (0 trades)") {
		t.Fatalf("trades of No:\n%s", out)
	}
	if out := must("trades", market, "--uid", root); !strings.HasPrefix(out, "no trades on page 1 (0 trades)") {
		t.Fatalf("root's trades:\n%s", out)
	}
	var mine client.TradesPage
	decode(must("trades", "--profile", "bob", "--mine", "--json"), &mine)
	if mine.Total != 1 || mine.Trades[0].BaseAmount.Int64() != 10_000000 || mine.Trades[0].UserName != "bob" || mine.Trades[0].TxHash != bought.TxHash {
		t.Fatalf("trades --mine: %+v", mine)
	}
	if out := must("trades", "--profile", "bob", "--mine"); !strings.Contains(out, "Will it snow?") {
		t.Fatalf("trades --mine lists the market's title:\n%s", out)
	}

	// The history ends at the prices the buy left.
	var m client.Market
	decode(must("market", market, "--json"), &m)
	var h client.PriceHistory
	decode(must("history", market, "--interval", "1h", "--json"), &h)
	if h.Interval != "1h" || h.BucketSeconds != 60 || len(h.Options) != 2 {
		t.Fatalf("history --json: %+v", h)
	}
	out := must("history", market, "--interval", "1h")
	if !strings.HasPrefix(out, "Will it snow?\n") || !strings.Contains(out, ", a price per 1m\n") {
		t.Fatalf("history:\n%s", out)
	}
	for i, s := range h.Options {
		last := s.Points[len(s.Points)-1].Price
		if s.Title != m.Options[i].Title || cli.Price(last) != cli.Price(m.Options[i].Price) {
			t.Fatalf("history of %s ends at %s, the market is at %s", s.Title, last, m.Options[i].Price)
		}
		prices := make([]*big.Rat, len(s.Points))
		for j, p := range s.Points {
			prices[j], _ = new(big.Rat).SetString(p.Price)
		}
		lo, hi := slices.MinFunc(prices, (*big.Rat).Cmp), slices.MaxFunc(prices, (*big.Rat).Cmp)
		want := fmt.Sprintf(`(?m)^%s\s+%s\s+%s\s+%s\s+%s\s+%s$`, s.Title, cli.Sparkline(prices, 60), cli.Price(s.Points[0].Price), cli.Price(last),
			lo.FloatString(4), hi.FloatString(4))
		if !regexp.MustCompile(want).MatchString(out) {
			t.Fatalf("history: no line %s:\n%s", want, out)
		}
	}
	// Yes rose: its line ends at its highest; No's at its lowest.
	if yes, _ := new(big.Rat).SetString(m.Options[0].Price); yes.Cmp(big.NewRat(1, 2)) <= 0 ||
		!regexp.MustCompile(`(?m)^Yes\s+[▁-█]*[▅-█]\s`).MatchString(out) || !regexp.MustCompile(`(?m)^No\s+[▁-█]*[▁-▄]\s`).MatchString(out) {
		t.Fatalf("history of Yes after a buy:\n%s", out)
	}
}

// testOrders has bob rest a limit order: order prints its number, which
// orders lists in the formats of the other verbs; an amount of more
// decimals than the token has is the command line's fault (exit status
// 2); cancel takes the order's uuid as well as its number.
func testOrders(t *testing.T, predict func(...string) (string, error), must func(...string) string, decode func(string, any), market string) {
	t.Helper()
	var placed struct {
		OrderUUID string
		OrderID   int64
	}
	decode(must("order", "--profile", "bob", market, "Yes", "buy", "2", "0.2", "--json"), &placed)
	if placed.OrderUUID == "" || placed.OrderID <= 0 {
		t.Fatalf("order --json: %+v", placed)
	}
	id := strconv.FormatInt(placed.OrderID, 10)
	row := regexp.MustCompile(`(?m)^` + id + `\s+buy Yes at 0\.2000\s+2 USDC left of 2 USDC\s+open\s+expires \d{4}-\d\d-\d\d \d\d:\d\d \S+\s+Will it snow\?$`)
	if out := must("orders", "--profile", "bob", market); !row.MatchString(out) || !strings.Contains(out, "(page 1 of 1; 1 order)") {
		t.Fatalf("orders:\n%s", out)
	}
	for _, args := range [][]string{
		{"order", "--profile", "bob", market, "Yes", "buy", "1.1234567", "0.2"},
		{"buy", "--profile", "bob", market, "Yes", "0.0000001"},
	} {
		var errOut bytes.Buffer
		_, err := predict(args...)
		if code := exitCode(err, &errOut); code != 2 || !strings.Contains(errOut.String(), "has more than 6 decimals") {
			t.Fatalf("predict %s: exit %d\n%s", strings.Join(args, " "), code, errOut.String())
		}
	}
	if out := must("cancel", "--profile", "bob", market, placed.OrderUUID); out != "cancelled order "+id+"; the escrow is back in your account\n" {
		t.Fatalf("cancel by uuid: %q", out)
	}
}

// testFollowAndPosts follows the market as root, and has bob post on it
// and root answer. It returns bob's post.
func testFollowAndPosts(t *testing.T, must func(...string) string, decode func(string, any), market string) int64 {
	t.Helper()
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"follow", "--profile", "root", market}, `following "Will it snow?"`},
		{[]string{"follow", "--profile", "root", "--off", market}, `not following "Will it snow?"`},
		{[]string{"follow", "--profile", "root", market}, `following "Will it snow?"`},
		{[]string{"unfollow", "--profile", "root", market}, `not following "Will it snow?"`},
		// root follows it through the settlement.
		{[]string{"follow", "--profile", "root", market}, `following "Will it snow?"`},
	} {
		if out := must(tc.args...); !strings.HasPrefix(out, tc.want) {
			t.Fatalf("predict %s: %s", strings.Join(tc.args, " "), out)
		}
	}
	var followed client.MarketsPage
	decode(must("markets", "--profile", "root", "--followed", "--json"), &followed)
	if followed.TotalCount != 1 || followed.Markets[0].MarketAddress != market {
		t.Fatalf("markets --followed: %+v", followed)
	}

	if out := must("posts", market); !strings.HasPrefix(out, `no posts on page 1 of "Will it snow?" (0 posts;`) {
		t.Fatalf("posts of a new market: %s", out)
	}
	var p client.Post
	decode(must("posts", "--profile", "bob", market, "--write", "Dry all week:\nNo looks cheap.", "--json"), &p)
	if p.PostID <= 0 || p.Content != "Dry all week:\nNo looks cheap." || p.Author.Name != "bob" {
		t.Fatalf("posts --write: %+v", p)
	}
	id := strconv.FormatInt(p.PostID, 10)
	out := must("comments", "--profile", "root", id, "--write", "Agreed.")
	var comment int64
	if _, err := fmt.Sscanf(out, "commented %d on post "+id+"\n", &comment); err != nil {
		t.Fatalf("comments --write: %q: %v", out, err)
	}
	must("comments", "--profile", "bob", id, "--write", "Thanks!", "--reply", strconv.FormatInt(comment, 10))
	out = must("posts", market)
	if !regexp.MustCompile(`(?m)^`+id+`\s+bob\s+\d{4}-\d\d-\d\d \d\d:\d\d \S+\s+2\s+Dry all week: No looks cheap\.$`).MatchString(out) ||
		!strings.Contains(out, "(page 1 of 1; 1 post)") {
		t.Fatalf("posts:\n%s", out)
	}
	out = must("comments", id)
	for _, want := range []string{
		`(?m)^` + strconv.FormatInt(comment, 10) + `\s+root\s+.+\s+the post\s+Agreed\.$`,
		`(?m)^\d+\s+bob\s+.+\s+comment ` + strconv.FormatInt(comment, 10) + `\s+Thanks!$`,
	} {
		if !regexp.MustCompile(want).MatchString(out) {
			t.Fatalf("comments: no line %s:\n%s", want, out)
		}
	}
	return p.PostID
}

// testNotifications reads bob's and root's notifications after the
// settlement and bob's claim, and marks them read.
func testNotifications(t *testing.T, must func(...string) string, decode func(string, any), post int64) {
	t.Helper()
	out := must("notifications", "--profile", "bob")
	for _, want := range []string{
		`(?m)^\d+\s+•\s+.+\s+your buy was confirmed on "Will it snow\?" \(operation 0x[0-9a-f]{4}…[0-9a-f]{4}\)$`,
		`(?m)^\d+\s+•\s+.+\s+your liquidity deposit was confirmed on "Will it snow\?"`,
		`(?m)^\d+\s+•\s+.+\s+your claim was confirmed on "Will it snow\?"`,
		`(?m)^\d+\s+•\s+.+\s+"Will it snow\?" ended: No won$`,
		`(?m)^\d+\s+•\s+.+\s+root answered your post on "Will it snow\?" \(predict comments ` + strconv.FormatInt(post, 10) + `\)$`,
	} {
		if !regexp.MustCompile(want).MatchString(out) {
			t.Fatalf("bob's notifications: no line %s:\n%s", want, out)
		}
	}
	// root follows the market: told of its end, and of bob's answer.
	out = must("notifications", "--profile", "root")
	if !strings.Contains(out, `"Will it snow?" ended: No won`) || !strings.Contains(out, `bob answered your comment on "Will it snow?"`) ||
		!strings.Contains(out, `your settlement was confirmed on "Will it snow?"`) || !strings.Contains(out, "(page 1 of 1; 4 notifications, 4 unread)") {
		t.Fatalf("root's notifications:\n%s", out)
	}

	var page client.NotificationsPage
	decode(must("notifications", "--profile", "bob", "--json"), &page)
	if page.UnreadCount < 4 || page.UnreadCount != page.Total {
		t.Fatalf("notifications --json: %+v", page)
	}
	first := strconv.FormatInt(page.Notifications[0].ID, 10)
	if out := must("notifications", "--profile", "bob", "--read", first); out != fmt.Sprintf("marked 1 notification read; %d unread\n", page.UnreadCount-1) {
		t.Fatalf("notifications --read %s: %s", first, out)
	}
	out = must("notifications", "--profile", "bob")
	if !regexp.MustCompile(`(?m)^` + first + `\s{3,}\d{4}-`).MatchString(out) {
		t.Fatalf("notification %s still unread:\n%s", first, out)
	}
	if out := must("notifications", "--profile", "bob", "--read-all"); out != fmt.Sprintf("marked %d notifications read; 0 unread\n", page.UnreadCount-1) {
		t.Fatalf("notifications --read-all: %s", out)
	}
	if out := must("notifications", "--profile", "bob", "--unread"); out != "no notifications on page 1 (0 notifications, 0 unread)\n" {
		t.Fatalf("notifications --unread: %s", out)
	}
}

// TestCLILoginAfterWebApp: the web app signs in first and binds the
// identity to the account of its own owner key; predict login with a new
// key is refused with the bound account and the way out, and saves
// nothing; predict login --key-file with the key the web app exports
// (here with 0x, which the file may carry) logs in as that account.
func TestCLILoginAfterWebApp(t *testing.T) {
	e := startE2E(t, nil)
	ctx := context.Background()
	home := t.TempDir()
	url := "http://" + e.m.Addr()
	env := map[string]string{"PREDICT_DATA_DIR": e.m.Config.DataDir, "PREDICT_URL": url,
		"XDG_CONFIG_HOME": filepath.Join(home, "config"), "HOME": home}
	getenv := func(k string) string { return env[k] }

	// The web app: a token for the name, then the login with proof by
	// the owner key it made in the browser.
	res, err := http.Post(url+"/api/v1/dev/token", "application/json", strings.NewReader(`{"name":"ada"}`))
	if err != nil {
		t.Fatal(err)
	}
	var tok struct {
		Data struct{ Token, Subject string }
	}
	err = json.NewDecoder(res.Body).Decode(&tok)
	res.Body.Close()
	if err != nil || tok.Data.Subject != "did:dev:ada" {
		t.Fatalf("dev/token: %+v, %v", tok, err)
	}
	key, err := crypto.GenerateKey()
	if err != nil {
		t.Fatal(err)
	}
	web, err := client.New(url, client.WithToken(tok.Data.Token))
	if err != nil {
		t.Fatal(err)
	}
	signer := client.NewSigner(web, key)
	if _, err := signer.Login(ctx, client.LoginRequest{}); err != nil {
		t.Fatal(err)
	}
	account, err := signer.Account(ctx)
	if err != nil {
		t.Fatal(err)
	}
	bound := strings.ToLower(account.Hex())

	profile := filepath.Join(home, "config", "predict", "ada.json")
	_, err = runCLI(ctx, getenv, "login", "--profile", "ada", "--sub", "did:dev:ada", "--name", "ada")
	line := cli.ErrorLine(err)
	if !client.IsCode(err, client.CodeConflict) {
		t.Fatalf("login with a new key after the web app: %v", err)
	}
	t.Logf("the refusal:\n%s", line)
	for _, want := range []string{"error 110105 CONFLICT: did:dev:ada is bound to account " + bound, "Export owner key",
		"Use an existing owner key", "predict login --profile ada --sub did:dev:ada --key-file FILE", "Nothing was saved"} {
		if !strings.Contains(line, want) {
			t.Errorf("the refusal lacks %q:\n%s", want, line)
		}
	}
	for _, name := range []string{profile, strings.TrimSuffix(profile, ".json") + ".key"} {
		if _, err := os.Stat(name); !errors.Is(err, fs.ErrNotExist) {
			t.Errorf("the refused login left %s (%v)", name, err)
		}
	}

	exported := filepath.Join(home, "predict-owner-ada.key")
	if err := os.WriteFile(exported, []byte("0x"+hex.EncodeToString(crypto.FromECDSA(key))+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	out, err := runCLI(ctx, getenv, "login", "--profile", "ada", "--sub", "did:dev:ada", "--name", "ada", "--key-file", exported, "--json")
	if err != nil {
		t.Fatalf("login --key-file with the web app's key: %s", cli.ErrorLine(err))
	}
	var login struct{ Account, Profile string }
	if err := json.Unmarshal([]byte(out), &login); err != nil || login.Account != bound || login.Profile != profile {
		t.Fatalf("login --key-file: %s (%v); want account %s", out, err, bound)
	}
	out, err = runCLI(ctx, getenv, "status", "--profile", "ada", "--json")
	var status struct{ User client.UserInfo }
	if err != nil || json.Unmarshal([]byte(out), &status) != nil || !strings.EqualFold(status.User.Address, bound) {
		t.Fatalf("status after the login: %s (%v); want account %s", out, err, bound)
	}
}

// runCLI runs the program on args in-process and returns its stdout.
func runCLI(ctx context.Context, getenv func(string) string, args ...string) (string, error) {
	var out, errOut bytes.Buffer
	err := run(ctx, args, getenv, &out, &errOut)
	return out.String(), err
}

// noEnv is an environment without variables, for a command whose flags
// say everything.
func noEnv(string) string { return "" }
