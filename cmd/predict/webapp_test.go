package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"math/big"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// browserPath finds Chromium. Without it the browser test skips, unless
// PREDICT_TEST_BROWSER is set (CI sets it), where its absence fails.
func browserPath(t *testing.T) string {
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	if os.Getenv("PREDICT_TEST_BROWSER") != "" {
		t.Fatal("PREDICT_TEST_BROWSER is set but no Chromium was found (apt-get install chromium)")
	}
	t.Skip("no Chromium (apt-get install chromium); set PREDICT_TEST_BROWSER to make this a failure")
	return ""
}

// tab is one user's browser: a browser context of its own (its own
// localStorage, so its own owner key) in the shared Chromium.
type tab struct {
	t    *testing.T
	name string
	ctx  context.Context
	base string
}

func (b *tab) run(what string, actions ...chromedp.Action) {
	b.t.Helper()
	ctx, cancel := context.WithTimeout(b.ctx, 90*time.Second) // an operation under -race on a busy machine
	defer cancel()
	if err := chromedp.Run(ctx, actions...); err != nil {
		var text string
		tctx, tcancel := context.WithTimeout(b.ctx, 5*time.Second)
		_ = chromedp.Run(tctx, chromedp.Evaluate(`document.location.pathname + "\n" + document.body.innerText`, &text))
		tcancel()
		b.t.Fatalf("%s: %s: %v\npage:\n%s", b.name, what, err, text)
	}
}

// js quotes s for a JavaScript expression.
func js(s string) string {
	raw, _ := json.Marshal(s)
	return string(raw)
}

// waitText waits until the element sel shows substr.
func (b *tab) waitText(sel, substr string) {
	b.t.Helper()
	b.run(fmt.Sprintf("wait for %q in %s", substr, sel), chromedp.Poll(
		fmt.Sprintf(`(() => { const e = document.querySelector(%s); return !!e && e.innerText.includes(%s) })()`, js(sel), js(substr)),
		nil, chromedp.WithPollingInterval(100*time.Millisecond), chromedp.WithPollingTimeout(0)))
}

func (b *tab) open(path string) {
	b.t.Helper()
	b.run("open "+path, chromedp.Navigate(b.base+path), chromedp.WaitVisible("main#main > *", chromedp.ByQuery))
}

// eval evaluates a JavaScript expression in the page.
func (b *tab) eval(expr string, out any) {
	b.t.Helper()
	b.run("evaluate "+expr, chromedp.Evaluate(expr, out))
}

// seq is the number of the last operation shown in the progress list of
// the card sel (0 when none).
func (b *tab) seq(sel string) int {
	var n int
	b.eval(fmt.Sprintf(`+(document.querySelector(%s + ' .progress')?.dataset.seq || 0)`, js(sel)), &n)
	return n
}

// operate clicks button and waits until the card's next operation is
// confirmed, failing with the page's words otherwise.
func (b *tab) operate(card, button string) {
	b.t.Helper()
	before := b.seq(card)
	b.run("click "+button, chromedp.Click(button, chromedp.ByQuery))
	var state string
	b.run("operation in "+card, chromedp.Poll(fmt.Sprintf(`(() => {
		const p = document.querySelector(%s + ' .progress');
		return p && +p.dataset.seq > %d && p.dataset.state !== 'running' ? p.dataset.state + ': ' + p.innerText : false })()`, js(card), before),
		&state, chromedp.WithPollingInterval(100*time.Millisecond), chromedp.WithPollingTimeout(0)))
	if !strings.HasPrefix(state, "confirmed") {
		b.t.Fatalf("%s: operation in %s: %s", b.name, card, state)
	}
}

func (b *tab) typeInto(sel, text string) {
	b.t.Helper()
	b.run("type into "+sel, chromedp.WaitVisible(sel, chromedp.ByQuery),
		chromedp.Evaluate(fmt.Sprintf(`document.querySelector(%s).value = ''`, js(sel)), nil),
		chromedp.SendKeys(sel, text, chromedp.ByQuery))
}

// signIn signs in by name through the page: the development sign-in, a
// new owner key in this browser and a login proven by its signature.
func (b *tab) signIn(name string) {
	b.t.Helper()
	b.open("/signin")
	b.typeInto("#signin-name", name)
	b.run("sign in", chromedp.Click("#signin-submit", chromedp.ByQuery))
	b.waitText("#who", name)
	b.waitText("main h1", "Portfolio")
}

// token is the page's identity token, for checks through the API.
func (b *tab) token() string {
	var tok string
	b.eval(`JSON.parse(localStorage.getItem('predict.dev.identity')).token`, &tok)
	return tok
}

// apiGet calls the API as the test's own client.
func apiGet(t *testing.T, base, token, path string, q url.Values, out any) {
	t.Helper()
	req, _ := http.NewRequest("GET", base+"/api/v1/"+path+"?"+q.Encode(), nil)
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var env struct {
		Code int             `json:"code"`
		Msg  string          `json:"msg"`
		Data json.RawMessage `json:"data"`
	}
	if err := json.NewDecoder(res.Body).Decode(&env); err != nil || env.Code != 0 {
		t.Fatalf("GET %s: %v %d %s", path, err, env.Code, env.Msg)
	}
	if err := json.Unmarshal(env.Data, out); err != nil {
		t.Fatal(err)
	}
}

// units writes base units as the page does (format.ts toUnits, 6
// decimals, at most 2 shown, thousands separated).
func units(v *big.Int) string {
	unit := big.NewInt(1_000_000)
	whole, frac := new(big.Int).QuoRem(v, unit, new(big.Int))
	w := whole.String()
	for i := len(w) - 3; i > 0; i -= 3 {
		w = w[:i] + "," + w[i:]
	}
	f := strings.TrimRight(fmt.Sprintf("%06d", frac.Int64())[:2], "0")
	if f != "" {
		return w + "." + f
	}
	return w
}

// webApp is a fresh `serve --demo` with the embedded web app, and the
// Chromium that drives it.
type webApp struct {
	t      *testing.T
	m      *Main
	base   string
	chrome string
	ctx    context.Context
	shots  string // PREDICT_SCREENSHOTS: where shoot writes
}

// startWebApp opens the service with the demo seeded (PREDICT_ADMIN_SUBJECTS
// names did:dev:root) and env's extra settings.
func startWebApp(t *testing.T, env map[string]string) *webApp {
	chrome := browserPath(t)
	start := time.Now()
	vars := map[string]string{"PREDICT_ADMIN_SUBJECTS": "did:dev:root",
		"PREDICT_RATE_PUBLIC": "0", "PREDICT_RATE_USER_READ": "0", "PREDICT_RATE_USER_TRADE": "0"}
	for k, v := range env {
		vars[k] = v
	}
	cfg, err := LoadConfig(testEnv(t, vars))
	if err != nil {
		t.Fatal(err)
	}
	if err := enableDemo(cfg); err != nil {
		t.Fatal(err)
	}
	m := &Main{Config: cfg, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))}
	ctx, cancel := context.WithTimeout(context.Background(), 6*time.Minute)
	t.Cleanup(cancel)
	if err := m.Open(ctx); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { m.Close(context.Background()) })
	if err := seedDemo(ctx, m); err != nil {
		t.Fatal(err)
	}
	t.Logf("service and demo ready in %s", time.Since(start).Round(time.Millisecond))
	return &webApp{t: t, m: m, base: "http://" + m.Addr(), chrome: chrome, ctx: ctx, shots: os.Getenv("PREDICT_SCREENSHOTS")}
}

// newTab starts one Chromium per user, each with a fresh profile: its own
// localStorage, so its own owner key.
func (w *webApp) newTab(name string) *tab {
	t := w.t
	alloc, cancelAlloc := chromedp.NewExecAllocator(w.ctx,
		chromedp.ExecPath(w.chrome), chromedp.Headless, chromedp.NoSandbox, chromedp.DisableGPU, chromedp.NoFirstRun,
		chromedp.Flag("disable-quic", true), chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true), chromedp.Flag("disable-sync", true),
		chromedp.NoDefaultBrowserCheck, chromedp.UserDataDir(t.TempDir()), chromedp.WindowSize(1280, 900))
	c, cancel := chromedp.NewContext(alloc)
	t.Cleanup(func() { cancel(); cancelAlloc() })
	if err := chromedp.Run(c); err != nil {
		t.Fatalf("start Chromium: %v", err)
	}
	return &tab{t: t, name: name, ctx: c, base: w.base}
}

// shoot writes b's page at desktop and phone width when PREDICT_SCREENSHOTS is set.
func (w *webApp) shoot(b *tab, page string) {
	if w.shots == "" {
		return
	}
	for _, v := range []struct {
		name   string
		w, h   int64
		mobile bool
	}{{"desktop", 1280, 900, false}, {"phone", 390, 844, true}} {
		var png []byte
		opts := []chromedp.EmulateViewportOption{}
		if v.mobile {
			opts = append(opts, chromedp.EmulateMobile)
		}
		b.run("screenshot "+page, chromedp.EmulateViewport(v.w, v.h, opts...), chromedp.Sleep(300*time.Millisecond), chromedp.FullScreenshot(&png, 100))
		if err := os.WriteFile(filepath.Join(w.shots, page+"-"+v.name+".png"), png, 0o644); err != nil {
			w.t.Fatal(err)
		}
	}
	b.run("desktop again", chromedp.EmulateViewport(1280, 900))
}

// TestWebApp drives the embedded web app in headless Chromium against a
// fresh `serve --demo`: two users sign in; one buys and the other's open
// market page shows the new trade and price without a reload; a sell, a
// deposit and a withdrawal of liquidity; an admin creates and settles a
// market; the winner claims and the portfolio balance rises by the claim;
// a buy beyond the balance shows the API's error in words.
// PREDICT_SCREENSHOTS=dir writes each page at desktop and phone width.
func TestWebApp(t *testing.T) {
	start := time.Now()
	app := startWebApp(t, nil)
	base, newTab, shoot := app.base, app.newTab, app.shoot

	// A demo market with trades, for the live part.
	var markets struct {
		Markets []struct {
			MarketAddress string `json:"marketAddress"`
			Title         string `json:"title"`
		} `json:"markets"`
	}
	apiGet(t, base, "", "market/get-markets", url.Values{"page": {"1"}, "pageSize": {"1"}, "status": {"running"}, "sortType": {"volume"}}, &markets)
	market := strings.ToLower(markets.Markets[0].MarketAddress)

	bob := newTab("bob")
	bob.open("/")
	bob.waitText("main", markets.Markets[0].Title)
	shoot(bob, "markets")
	bob.open("/signin")
	shoot(bob, "signin")
	bob.signIn("bob")

	alice := newTab("alice")
	alice.signIn("alice")
	alice.run("faucet", chromedp.Click("#faucet", chromedp.ByQuery))
	alice.waitText(".faucet", "Received 1,000")
	alice.waitText("#balance", "1,000")

	// Bob watches the market; alice buys: bob's page shows her trade and
	// the new price without a reload.
	bob.open("/market/" + market)
	bob.run("bob's stream subscribes the market", chromedp.Poll(
		fmt.Sprintf(`(document.querySelector('.live')?.dataset.topics || '').includes(%s)`, js("market:"+market)), nil,
		chromedp.WithPollingInterval(100*time.Millisecond), chromedp.WithPollingTimeout(0)))
	var priceBefore string
	bob.eval(`document.querySelector('#options li .price').innerText`, &priceBefore)
	bob.eval(`window.__notReloaded = true`, nil)

	alice.open("/market/" + market)
	alice.typeInto("#trade-amount", "100")
	alice.waitText("#quote", "Price impact")
	alice.waitText("#quote", "Fee")
	alice.operate("#trade", "#trade-submit")

	bob.waitText("#trades", "alice")
	bob.run("price moves on bob's page", chromedp.Poll(
		fmt.Sprintf(`document.querySelector('#options li .price').innerText !== %s`, js(priceBefore)), nil,
		chromedp.WithPollingInterval(100*time.Millisecond), chromedp.WithPollingTimeout(0)))
	var same bool
	bob.eval(`window.__notReloaded === true`, &same)
	if !same {
		t.Fatal("bob's page was reloaded")
	}
	shoot(bob, "market")

	// The discussion: bob posts, alice comments and likes the post.
	bob.typeInto("#discussion input", "Halving effect")
	bob.typeInto("#discussion textarea", "Priced in already?")
	bob.run("post", chromedp.Click("#discussion .post-form button", chromedp.ByQuery))
	alice.open("/market/" + market) // posts are not streamed: a visit shows them
	alice.waitText("#discussion .posts", "Priced in already?")
	alice.run("like", chromedp.Click("#discussion .post button[aria-pressed]", chromedp.ByQuery))
	alice.waitText("#discussion .post", "♥ 1")
	alice.run("open comments", chromedp.Click("#discussion .post button[aria-expanded]", chromedp.ByQuery))
	alice.typeInto("#discussion .comments input", "Not yet.")
	alice.run("comment", chromedp.Click("#discussion .comments form button", chromedp.ByQuery))
	alice.waitText("#discussion .comments", "Not yet.")

	// Alice's unread badge comes from the stream.
	alice.run("live notification badge", chromedp.WaitVisible("#unread", chromedp.ByQuery))

	// Sell part of it.
	alice.run("sell tab", chromedp.Evaluate(`[...document.querySelectorAll('#trade .tabs button')].find(b => b.innerText === 'Sell').click()`, nil))
	alice.typeInto("#trade-amount", "10")
	alice.waitText("#quote", "You receive")
	alice.operate("#trade", "#trade-submit")
	alice.waitText("#trades", "sold")

	// A buy beyond the balance: the API's answer, in words.
	alice.run("buy tab", chromedp.Evaluate(`[...document.querySelectorAll('#trade .tabs button')].find(b => b.innerText === 'Buy').click()`, nil))
	alice.typeInto("#trade-amount", "50000")
	alice.waitText("#quote", "You receive")
	alice.run("too large a buy", chromedp.Click("#trade-submit", chromedp.ByQuery))
	alice.waitText("#trade .progress", "Not enough balance")
	shoot(alice, "market-error")

	// Liquidity in and part of it out.
	alice.typeInto("#lp-add", "50")
	alice.operate("#liquidity", "#lp-add-submit")
	alice.waitText("#lp-position", "LP tokens")
	alice.typeInto("#lp-remove", "20")
	alice.operate("#liquidity", "#lp-remove-submit")
	alice.waitText("#lp-position", "Pool share")

	// An admin creates a market; alice buys its first option; the admin
	// settles it on that option.
	root := newTab("root")
	root.signIn("root")
	root.run("faucet", chromedp.Click("#faucet", chromedp.ByQuery))
	root.waitText(".faucet", "Received")
	root.open("/admin")
	root.typeInto("#cm-title", "Will the browser test pass?")
	root.typeInto("#cm-description", "Created by the web app's browser test.")
	root.typeInto("#cm-rules", "Yes if it passes.")
	root.operate("#create-market", "#cm-submit")
	var created string
	root.eval(`document.querySelector('#cm-created').getAttribute('href').split('/').pop().toLowerCase()`, &created)
	shoot(root, "admin")

	alice.open("/market/" + created)
	alice.typeInto("#trade-amount", "20")
	alice.waitText("#quote", "You receive")
	alice.operate("#trade", "#trade-submit")

	root.open("/admin")
	root.run("choose the market", chromedp.Poll(fmt.Sprintf(`(() => {
		const s = document.querySelector('#settle-market');
		const o = s && [...s.options].find(o => o.value.toLowerCase() === %s);
		if (!o) return false;
		s.value = o.value;
		s.dispatchEvent(new Event('change', {bubbles: true}));
		return true })()`, js(created)), nil, chromedp.WithPollingInterval(100*time.Millisecond), chromedp.WithPollingTimeout(0)))
	root.run("winner select", chromedp.WaitVisible("#settle-winner", chromedp.ByQuery))
	root.operate("#settle", "#settle-submit")

	// The winner claims from the portfolio: the balance rises by the claim.
	tok := alice.token()
	var res struct {
		Status string `json:"status"`
	}
	for deadline := time.Now().Add(30 * time.Second); res.Status != "ended"; time.Sleep(200 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("market %s is %q, not ended", created, res.Status)
		}
		apiGet(t, base, "", "market/get-resolution-status", url.Values{"marketAddress": {created}}, &res)
	}
	var pos struct {
		Positions []struct {
			Amount string `json:"amount"`
		} `json:"positions"`
	}
	apiGet(t, base, tok, "market/get-user-positions", url.Values{"page": {"1"}, "pageSize": {"10"}, "marketAddress": {created}}, &pos)
	var info struct {
		UID string `json:"uid"`
	}
	apiGet(t, base, tok, "user/get-user-info", nil, &info)
	var cfgData struct {
		BaseTokens []struct {
			Address string `json:"address"`
		} `json:"baseTokens"`
	}
	apiGet(t, base, "", "config", nil, &cfgData)
	balance := func() *big.Int {
		var a struct {
			Balance string `json:"balance"`
		}
		apiGet(t, base, tok, "market/get-user-asset-info", url.Values{"uid": {info.UID}, "baseTokenAddress": {cfgData.BaseTokens[0].Address}}, &a)
		v, _ := new(big.Int).SetString(a.Balance, 10)
		return v
	}
	if len(pos.Positions) != 1 {
		t.Fatalf("alice's positions in the settled market: %+v", pos)
	}
	held, _ := new(big.Int).SetString(pos.Positions[0].Amount, 10)
	before := balance()
	alice.open("/portfolio")
	alice.waitText("#balance", units(before))
	alice.run("claim button", chromedp.WaitVisible("#positions button.claim", chromedp.ByQuery))
	shoot(alice, "portfolio")
	alice.run("claim", chromedp.Click("#positions button.claim", chromedp.ByQuery))
	want := new(big.Int).Add(before, held)
	alice.waitText("#balance", units(want))
	if got := balance(); got.Cmp(want) != 0 {
		t.Fatalf("balance after the claim %s, want %s + %s", got, before, held)
	}

	alice.open("/notifications")
	alice.waitText("#notifications", "confirmed")
	shoot(alice, "notifications")
	alice.open("/leaderboard")
	alice.waitText("main", "Leaderboard")
	shoot(alice, "leaderboard")
	alice.open("/profile")
	alice.typeInto("#profile-description", "Trades from the browser.")
	alice.run("save profile", chromedp.Click("#profile button.primary", chromedp.ByQuery))
	alice.waitText("#profile", "Saved.")
	shoot(alice, "profile")
	t.Logf("browser scenario done in %s", time.Since(start).Round(time.Millisecond))
}
