package cli

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"math/big"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/predict-dev/predict/client"
)

func TestUnits(t *testing.T) {
	for _, tc := range []struct {
		in   string
		dec  int
		want string // base units; "" for an error
	}{
		{"10", 6, "10000000"},
		{"2.5", 6, "2500000"},
		{"0.000001", 6, "1"},
		{".5", 6, "500000"},
		{"7.", 6, "7000000"},
		{"0.0000001", 6, ""},
		{"-1", 6, ""},
		{"+1", 6, ""},
		{"1e3", 6, ""},
		{"", 6, ""},
		{".", 6, ""},
		{"abc", 6, ""},
		{"3", 0, "3"},
	} {
		t.Run(tc.in, func(t *testing.T) {
			got, err := parseUnits(tc.in, tc.dec)
			switch {
			case tc.want == "" && err == nil:
				t.Fatalf("parseUnits(%q) = %s, want an error", tc.in, got)
			case tc.want != "" && (err != nil || got.String() != tc.want):
				t.Fatalf("parseUnits(%q) = %v, %v; want %s", tc.in, got, err, tc.want)
			}
		})
	}
	for _, tc := range []struct {
		in   *big.Int
		dec  int
		want string
	}{
		{big.NewInt(20_500000), 6, "20.5"},
		{big.NewInt(1), 6, "0.000001"},
		{big.NewInt(-3_000000), 6, "-3"},
		{big.NewInt(0), 6, "0"},
		{nil, 6, "0"},
		{big.NewInt(42), 0, "42"},
		{big.NewInt(123456789), 6, "123.456789"},
	} {
		if got := formatUnits(tc.in, tc.dec); got != tc.want {
			t.Errorf("formatUnits(%v, %d) = %q, want %q", tc.in, tc.dec, got, tc.want)
		}
	}
}

func TestPercent(t *testing.T) {
	for _, tc := range []struct {
		in   string
		bps  int64
		fail bool
	}{
		{"1", 100, false}, {"0.5%", 50, false}, {"0", 0, false}, {"100", 10_000, false},
		{"101", 0, true}, {"-1", 0, true}, {"x", 0, true},
	} {
		bps, err := percent(tc.in)
		if (err != nil) != tc.fail || bps != tc.bps {
			t.Errorf("percent(%q) = %d, %v; want %d (fail %t)", tc.in, bps, err, tc.bps, tc.fail)
		}
	}
	if got := minusBps(big.NewInt(1000), 100); got.Int64() != 990 {
		t.Errorf("1000 less 1%% = %s", got)
	}
	if got := sharePercent("0.1771"); got != "17.71%" {
		t.Errorf("sharePercent = %s", got)
	}
	if got := priceDelta("0.5", "0.5885"); got != "+0.0885" {
		t.Errorf("priceDelta = %s", got)
	}
}

func TestOption(t *testing.T) {
	m := &client.Market{MarketAddress: "0xm", Options: []client.MarketOption{
		{OptionAddress: "0x00000000000000000000000000000000000000a1", Title: "Yes"},
		{OptionAddress: "0x00000000000000000000000000000000000000a2", Title: "No"},
	}}
	for _, tc := range []struct{ arg, want string }{
		{"Yes", "Yes"}, {"yes", "Yes"}, {" NO ", "No"}, {"2", "No"},
		{"0x00000000000000000000000000000000000000A1", "Yes"}, {"Maybe", ""}, {"3", ""},
	} {
		o, err := option(m, tc.arg)
		switch {
		case tc.want == "" && (err == nil || !strings.Contains(err.Error(), `1 "Yes", 2 "No"`)):
			t.Errorf("option(%q) = %v, %v; want an error listing the options", tc.arg, o, err)
		case tc.want != "" && (err != nil || o.Title != tc.want):
			t.Errorf("option(%q) = %v, %v; want %s", tc.arg, o, err, tc.want)
		}
	}
}

func TestProfilePath(t *testing.T) {
	env := func(m map[string]string) func(string) string { return func(k string) string { return m[k] } }
	cwd, _ := os.Getwd()
	for _, tc := range []struct {
		name, flag string
		env        map[string]string
		want       string // "" for an error
	}{
		{"Default", "", map[string]string{"XDG_CONFIG_HOME": "/cfg", "HOME": "/home/u"}, "/cfg/predict/profile.json"},
		{"HomeConfig", "", map[string]string{"HOME": "/home/u"}, "/home/u/.config/predict/profile.json"},
		{"Name", "alice", map[string]string{"HOME": "/home/u"}, "/home/u/.config/predict/alice.json"},
		{"EnvName", "", map[string]string{"HOME": "/home/u", "PREDICT_PROFILE": "bob"}, "/home/u/.config/predict/bob.json"},
		{"FlagBeatsEnv", "alice", map[string]string{"HOME": "/home/u", "PREDICT_PROFILE": "bob"}, "/home/u/.config/predict/alice.json"},
		{"File", "/etc/p.json", nil, "/etc/p.json"},
		{"RelativeFile", "p.json", nil, filepath.Join(cwd, "p.json")},
		{"BadName", "a b", map[string]string{"HOME": "/home/u"}, ""},
		{"NoHome", "", nil, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := profilePath(tc.flag, env(tc.env))
			if (tc.want == "") != (err != nil) || got != tc.want {
				t.Fatalf("profilePath = %q, %v; want %q", got, err, tc.want)
			}
		})
	}
}

// TestProfileOverrides: a saved profile is mode 0600, and PREDICT_URL,
// PREDICT_TOKEN and PREDICT_KEY_FILE override it.
func TestProfileOverrides(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "predict", "p.json")
	p := &profile{URL: "http://saved:1", Subject: "did:dev:a", DataDir: dir, KeyFile: "/saved.key", UID: "u1"}
	if err := p.save(path); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Stat(path); err != nil || fi.Mode().Perm() != 0o600 {
		t.Fatalf("profile file: %v, %v", fi, err)
	}
	for _, tc := range []struct {
		name string
		env  map[string]string
		want profile
	}{
		{"Saved", nil, profile{URL: "http://saved:1", Subject: "did:dev:a", KeyFile: "/saved.key"}},
		{"URL", map[string]string{"PREDICT_URL": "http://other:2"}, profile{URL: "http://other:2", Subject: "did:dev:a", KeyFile: "/saved.key"}},
		{"Token", map[string]string{"PREDICT_TOKEN": "tok"}, profile{URL: "http://saved:1", Token: "tok", KeyFile: "/saved.key"}},
		{"KeyFile", map[string]string{"PREDICT_KEY_FILE": "/k"}, profile{URL: "http://saved:1", Subject: "did:dev:a", KeyFile: "/k"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			x := &cli{getenv: func(k string) string { return tc.env[k] }, profileFlag: path}
			if err := x.loadProfile(); err != nil {
				t.Fatal(err)
			}
			got := x.prof
			if got.URL != tc.want.URL || got.Subject != tc.want.Subject || got.Token != tc.want.Token || got.KeyFile != tc.want.KeyFile {
				t.Fatalf("profile %+v, want %+v", got, tc.want)
			}
		})
	}
	x := &cli{getenv: func(string) string { return "" }, profileFlag: filepath.Join(dir, "none.json")}
	if err := x.loadProfile(); err != nil || x.prof.URL != "http://127.0.0.1:8080" {
		t.Fatalf("no profile: %+v, %v", x.prof, err)
	}
}

// TestParse: flags and arguments in any order; "--" ends the flags.
func TestParse(t *testing.T) {
	for _, tc := range []struct {
		name     string
		args     []string
		pos      []string
		json     bool
		min, max int
		fail     bool
	}{
		{"FlagsFirst", []string{"--json", "a", "b"}, []string{"a", "b"}, true, 2, 2, false},
		{"FlagsBetween", []string{"a", "--json", "b"}, []string{"a", "b"}, true, 2, 2, false},
		{"FlagsLast", []string{"a", "b", "--json"}, []string{"a", "b"}, true, 2, 2, false},
		{"DashDash", []string{"a", "--", "--json"}, []string{"a", "--json"}, false, 2, 2, false},
		// A negative number is an argument, which its verb refuses with
		// its reason, not an unknown flag; as a flag's value it is the
		// value.
		{"Negative", []string{"a", "-5"}, []string{"a", "-5"}, false, 2, 2, false},
		{"NegativeFirst", []string{"-0.5", "--json", "b"}, []string{"-0.5", "b"}, true, 2, 2, false},
		{"NegativeAfterBoolFlag", []string{"--json", "-5", "b"}, []string{"-5", "b"}, true, 2, 2, false},
		{"NegativeFlagValue", []string{"--profile", "-5", "a", "b"}, []string{"a", "b"}, false, 2, 2, false},
		{"NegativeAfterDashDash", []string{"a", "--", "-5"}, []string{"a", "-5"}, false, 2, 2, false},
		{"Missing", []string{"a"}, nil, false, 2, 2, true},
		{"TooMany", []string{"a", "b", "c"}, nil, false, 2, 2, true},
		{"Unknown", []string{"--nope"}, nil, false, 0, 0, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			x := &cli{stderr: &bytes.Buffer{}}
			pos, err := x.parse(x.flags("v", ""), tc.args, tc.min, tc.max)
			if (err != nil) != tc.fail || (!tc.fail && (strings.Join(pos, " ") != strings.Join(tc.pos, " ") || x.jsonOut != tc.json)) {
				t.Fatalf("parse(%q) = %q, %v (json %t)", tc.args, pos, err, x.jsonOut)
			}
		})
	}
}

func TestErrorLine(t *testing.T) {
	apiErr := &client.Error{HTTPStatus: 409, Code: client.CodeConflict, Reason: "CONFLICT", Message: "market is not running"}
	for _, tc := range []struct {
		name string
		err  error
		want string
	}{
		{"Service", fmt.Errorf("place order: %w", apiErr), "error 110105 CONFLICT: market is not running"},
		{"ServiceWithHint", fmt.Errorf("%w\n(log in first: predict login)", fmt.Errorf("get user info: %w", apiErr)),
			"error 110105 CONFLICT: market is not running\n(log in first: predict login)"},
		{"Other", errors.New("sell: you hold no Yes"), "predict: sell: you hold no Yes"},
		{"NotAnEnvelope", &client.Error{HTTPStatus: 502, Message: "bad gateway"}, "predict: HTTP 502: bad gateway"},
	} {
		if got := ErrorLine(tc.err); got != tc.want {
			t.Errorf("%s: errorLine = %q, want %q", tc.name, got, tc.want)
		}
	}
}

func TestSparkline(t *testing.T) {
	rats := func(ps ...string) []*big.Rat {
		out := make([]*big.Rat, len(ps))
		for i, p := range ps {
			out[i], _ = new(big.Rat).SetString(p)
		}
		return out
	}
	for _, tc := range []struct {
		name   string
		prices []*big.Rat
		width  int
		want   string
	}{
		{"Rise", rats("0.5", "0.5", "0.55", "0.6"), 60, "▁▁▅█"},
		{"Fall", rats("0.6", "0.55", "0.5", "0.5"), 60, "█▅▁▁"},
		{"EveryLevel", rats("0", "1", "2", "3", "4", "5", "6", "7"), 60, "▁▂▃▄▅▆▇█"},
		{"RoundsHalfUp", rats("0", "0.5", "14"), 60, "▁▁█"}, // 0.25 of a level rounds down
		{"FlatStandsAtItsPrice", rats("0.5", "0.5"), 60, "▅▅"},
		{"FlatWinner", rats("1", "1", "1"), 60, "███"},
		{"FlatLoser", rats("0", "0"), 60, "▁▁"},
		{"OnePoint", rats("0.2857"), 60, "▃"},
		// 8 points in 4 characters: the last price of each pair (1 2 3 7).
		{"Narrowed", rats("0", "1", "9", "2", "3", "3", "4", "7"), 4, "▁▂▃█"},
		{"Empty", nil, 60, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := Sparkline(tc.prices, tc.width); got != tc.want {
				t.Fatalf("sparkline = %s, want %s", got, tc.want)
			}
		})
	}
}

// TestPrintHistory: a row per option with its sparkline and its first,
// last, lowest and highest price.
func TestPrintHistory(t *testing.T) {
	var out bytes.Buffer
	x := &cli{stdout: &out}
	h := &client.PriceHistory{Options: []client.PriceSeries{
		{Title: "Yes", Points: []client.PricePoint{{Price: "0.5"}, {Price: "0.45"}, {Price: "0.588495"}, {Price: "0.55"}}},
		{Title: "No", Points: []client.PricePoint{{Price: "0.5"}, {Price: "0.55"}, {Price: "0.411505"}, {Price: "0.45"}}},
		{Title: "Maybe"},
	}}
	if err := x.printHistory(h, 60); err != nil {
		t.Fatal(err)
	}
	want := "OPTION  CHART  FIRST   LAST    MIN     MAX\n" +
		"Yes     ▄▁█▆   0.5000  0.5500  0.4500  0.5885\n" +
		"No      ▅█▁▃   0.5000  0.4500  0.4115  0.5500\n" +
		"Maybe   -      -       -       -       -\n"
	if out.String() != want {
		t.Fatalf("history:\n%s\nwant:\n%s", out.String(), want)
	}
	for _, tc := range []struct {
		d    time.Duration
		want string
	}{{time.Minute, "1m"}, {15 * time.Minute, "15m"}, {time.Hour, "1h"}, {6 * time.Hour, "6h"}, {90 * time.Minute, "1h30m"}, {168 * time.Hour, "168h"}} {
		if got := bucketText(tc.d); got != tc.want {
			t.Errorf("bucketText(%s) = %s, want %s", tc.d, got, tc.want)
		}
	}
}

// testTradesAndHistory checks trades and history after bob's buy of Yes

// TestLastWholeRow finds where a cut export file is continued: after its
// last whole row, whose cursor it returns; a CSV field may hold a newline.
func TestLastWholeRow(t *testing.T) {
	for _, tc := range []struct {
		name, format, raw string
		keep              int
		cursor            string
	}{
		{"Empty", "ndjson", "", 0, ""},
		{"Whole", "ndjson", "{\"a\":1,\"cursor\":\"1.0\"}\n{\"a\":2,\"cursor\":\"1.1\"}\n", 46, "1.1"},
		{"CutRow", "ndjson", "{\"a\":1,\"cursor\":\"1.0\"}\n{\"a\":2,\"cur", 23, "1.0"},
		{"CutBeforeNewline", "ndjson", "{\"a\":1,\"cursor\":\"1.0\"}\n{\"a\":2,\"cursor\":\"1.1\"}", 23, "1.0"},
		{"CSVHeaderOnly", "csv", "a,cursor\n", 9, ""},
		{"CSVWhole", "csv", "a,cursor\n\"x\ny\",2.1\nz,2.2\n", 25, "2.2"},
		{"CSVCutInQuotes", "csv", "a,cursor\n\"x\ny\",2.1\n\"z\nw", 19, "2.1"},
		{"CSVCutBeforeNewline", "csv", "a,cursor\nx,2.1\nz,2.2", 15, "2.1"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			keep, cursor := lastWholeRow([]byte(tc.raw), tc.format)
			if keep != tc.keep || cursor != tc.cursor {
				t.Fatalf("lastWholeRow = %d, %q; want %d, %q", keep, cursor, tc.keep, tc.cursor)
			}
		})
	}
}

// TestCheckArgs: the arguments are read by their names in the usage
// line, and a wrong one is a usage error (exit status 2) that says why.
func TestCheckArgs(t *testing.T) {
	const market = "0x00000000000000000000000000000000000000aa"
	for _, tc := range []struct {
		name, spec string
		pos        []string
		err        string // a part of the error; "" for none
	}{
		{"OK", "MARKET OPTION buy|sell AMOUNT PRICE", []string{market, "Yes", "buy", "10.5", "0.45"}, ""},
		{"NotAMarket", "MARKET OPTION AMOUNT", []string{"snow", "Yes", "10"}, `"snow" is not a market address`},
		{"NotAnAmount", "MARKET OPTION AMOUNT", []string{market, "Yes", "abc"}, `amount "abc" must be a positive decimal number`},
		{"NegativeAmount", "MARKET OPTION AMOUNT", []string{market, "Yes", "-5"}, `amount "-5" must be a positive decimal number`},
		{"ZeroAmount", "MARKET OPTION AMOUNT", []string{market, "Yes", "0"}, `amount "0" must be more than 0`},
		{"All", "MARKET OPTION AMOUNT|all", []string{market, "Yes", "all"}, ""},
		{"NotAll", "MARKET OPTION AMOUNT|all", []string{market, "Yes", "most"}, `amount "most" must be`},
		{"Side", "MARKET OPTION buy|sell AMOUNT PRICE", []string{market, "Yes", "hold", "1", "0.5"}, `want buy or sell, not "hold"`},
		{"PriceOne", "MARKET OPTION buy|sell AMOUNT PRICE", []string{market, "Yes", "buy", "1", "1"}, "the price is a decimal between 0 and 1"},
		{"PriceExponent", "MARKET OPTION buy|sell AMOUNT PRICE", []string{market, "Yes", "buy", "1", "5e-1"}, "the price is a decimal"},
		{"Dataset", "markets|trades|prices|resolutions", []string{"users"}, `want markets, trades, prices or resolutions, not "users"`},
		{"OptionalLP", "MARKET [LP_AMOUNT|all]", []string{market}, ""},
		{"AnyFile", "FILE|-", []string{"quotes.json"}, ""},
		{"OpHash", "OPHASH", []string{"0x12"}, `"0x12" is not an operation hash`},
		{"AlternativesLeftToTheVerb", "MARKET ORDER | MARKET --all", []string{"snow", "x"}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := checkArgs(tc.spec, tc.pos)
			var u *UsageError
			switch {
			case tc.err == "" && err != nil:
				t.Fatalf("checkArgs: %v", err)
			case tc.err != "" && (!errors.As(err, &u) || !strings.Contains(err.Error(), tc.err)):
				t.Fatalf("checkArgs = %v, want a usage error with %q", err, tc.err)
			}
		})
	}
	// An amount of more decimals than its token has is a usage error
	// too, found once the token is known.
	var u *UsageError
	if _, err := parseUnits("1.1234567", 6); !errors.As(err, &u) || !strings.Contains(err.Error(), "more than 6 decimals") {
		t.Errorf("parseUnits of 7 decimals: %v", err)
	}
}

// TestOrderArgs: an order's life is said in days, and an order is named
// by its number or its uuid.
func TestOrderArgs(t *testing.T) {
	for _, tc := range []struct {
		d   time.Duration
		err string
	}{
		{24 * time.Hour, ""}, {2160 * time.Hour, ""},
		{2400 * time.Hour, "--expires 2400h is 100 days: an order rests at most 90 days (--expires 2160h, until 2"},
		{0, "--expires must be a positive duration"}, {-time.Hour, "--expires must be a positive duration"},
	} {
		err := orderLife(tc.d)
		if (tc.err == "") != (err == nil) || (err != nil && !strings.HasPrefix(err.Error(), tc.err)) {
			t.Errorf("orderLife(%s) = %v, want %q", tc.d, err, tc.err)
		}
	}
	if got := hours(90 * time.Minute); got != "1h30m" {
		t.Errorf("hours(90m) = %s", got)
	}
	for _, tc := range []struct{ arg, number, uuid string }{
		{"7", "7", ""}, {"#12", "12", ""}, {"7B7F3B0E-2A51-4A8E-9D5B-1F7C3A2E4B10", "", "7B7F3B0E-2A51-4A8E-9D5B-1F7C3A2E4B10"},
		{"0", "", ""}, {"-1", "", ""}, {"seven", "", ""}, {"7b7f3b0e", "", ""},
	} {
		m := orderRef.FindStringSubmatch(tc.arg)
		if tc.number == "" && tc.uuid == "" {
			if m != nil {
				t.Errorf("orderRef matches %q", tc.arg)
			}
			continue
		}
		if m == nil || m[1] != tc.number || m[2] != tc.uuid {
			t.Errorf("orderRef(%q) = %q, want number %q, uuid %q", tc.arg, m, tc.number, tc.uuid)
		}
	}
}

// TestHelpText: help wraps at HelpWidth, keeps a command's summary beside
// it when the command fits its column, and prints flags with two dashes
// and their defaults.
func TestHelpText(t *testing.T) {
	var b strings.Builder
	UsageRow(&b, 20, "buy", "MARKET", "buy an option")
	UsageRow(&b, 20, "order", "MARKET OPTION buy|sell AMOUNT PRICE", strings.Repeat("word ", 20))
	want := "  predict buy MARKET    buy an option\n" +
		"  predict order MARKET OPTION buy|sell AMOUNT PRICE\n" +
		"                        word word word word word word word word word word word\n" +
		"                        word word word word word word word word word\n"
	if b.String() != want {
		t.Errorf("usage rows:\n%s\nwant:\n%s", b.String(), want)
	}
	fs := flag.NewFlagSet("v", flag.ContinueOnError)
	fs.String("out", "", "write to this `FILE` "+strings.Repeat("and more ", 10))
	fs.Duration("expires", 24*time.Hour, "no fill after this long")
	fs.Bool("json", false, "print JSON")
	fs.String("format", "ndjson", "ndjson or csv")
	b.Reset()
	PrintFlags(&b, fs)
	want = "  --expires duration\n      no fill after this long (default 24h0m0s)\n" +
		"  --format string\n      ndjson or csv (default \"ndjson\")\n" +
		"  --json\n      print JSON\n" +
		"  --out FILE\n      write to this FILE and more and more and more and more and more and more\n      and more and more and more and more\n"
	if b.String() != want {
		t.Errorf("flags:\n%s\nwant:\n%s", b.String(), want)
	}
	for _, line := range wrap(strings.Repeat("x", 100)+" y", "", "  ") {
		if line != strings.Repeat("x", 100) && line != "  y" {
			t.Errorf("a word wider than a line: %q", line)
		}
	}
}
