package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"math/big"
	"os"
	"path/filepath"
	"strings"
	"testing"

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
		if got := errorLine(tc.err); got != tc.want {
			t.Errorf("%s: errorLine = %q, want %q", tc.name, got, tc.want)
		}
	}
}

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
			t.Fatalf("predict %s: %s", strings.Join(args, " "), errorLine(err))
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
		!strings.HasPrefix(errorLine(err), "error 110104 FORBIDDEN: ") {
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
	if out := must("sell", "--profile", "bob", market, "Yes", "all"); !strings.HasPrefix(out, "sold "+formatUnits(bought.Trade.TokenAmount, 6)+" Yes for ") {
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
	var op client.OperationStatus
	decode(must("op", claimed.Operation.OpHash, "--json"), &op)
	if op.Action != client.ActionClaim || op.Status != client.OpConfirmed {
		t.Fatalf("op: %+v", op)
	}
	_, err := predict("claim", "--profile", "bob", market)
	if !client.IsCode(err, client.CodeConflict) || !strings.HasPrefix(errorLine(err), "error 110105 CONFLICT: ") {
		t.Fatalf("second claim: %v", err)
	}
	if _, err := predict("buy", "--profile", "bob", market, "No", "1"); !client.IsCode(err, client.CodeConflict) {
		t.Fatalf("buy on an ended market: %v", err)
	}
	if _, err := predict("positions"); err == nil || !strings.Contains(err.Error(), "needs a login") {
		t.Fatalf("positions without a profile: %v", err)
	}
	if _, err := predict("buy", "-h"); !errors.Is(err, flag.ErrHelp) {
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
