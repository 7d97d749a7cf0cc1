package main

import (
	"bytes"
	"context"
	"encoding/base64"
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
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/fetch"
	cdplog "github.com/chromedp/cdproto/log"
	"github.com/chromedp/cdproto/network"
	cdpruntime "github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
	"github.com/ethereum/go-ethereum/crypto"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/client"
	"github.com/predict-dev/predict/internal/chain"
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
// A trade of large price impact (the demo's pools are small) is
// accepted first: the panel signs nothing until it is.
func (b *tab) operate(card, button string) {
	b.t.Helper()
	b.operateWith(card, button, chromedp.Click(button, chromedp.ByQuery))
}

// operateWith is operate with the click given: a click by script
// (element.click()) for a button that live updates may move under the
// mouse while it is pressed.
func (b *tab) operateWith(card, button string, click chromedp.Action) {
	b.t.Helper()
	before := b.seq(card)
	b.eval(fmt.Sprintf(`(() => { const c = document.querySelector(%s + ' #impact-ok'); if (c && !c.checked) c.click(); return true })()`, js(card)), nil)
	b.run("click "+button, click)
	var state string
	b.run("operation in "+card, chromedp.Poll(fmt.Sprintf(`(() => {
		const p = document.querySelector(%s + ' .progress');
		return p && +p.dataset.seq > %d && p.dataset.state !== 'running' ? p.dataset.state + ': ' + p.innerText : false })()`, js(card), before),
		&state, chromedp.WithPollingInterval(100*time.Millisecond), chromedp.WithPollingTimeout(0)))
	if !strings.HasPrefix(state, "confirmed") {
		b.t.Fatalf("%s: operation in %s: %s", b.name, card, state)
	}
}

// expect evaluates a JavaScript expression that says what is wrong
// ("" when nothing is) until nothing is, for up to 5 seconds (the page
// may still be reading), and fails with what it said last.
func (b *tab) expect(what, expr string) {
	b.t.Helper()
	var problem string
	for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(100 * time.Millisecond) {
		b.eval(expr, &problem)
		if problem == "" {
			return
		}
		if time.Now().After(deadline) {
			b.t.Fatalf("%s: %s: %s", b.name, what, problem)
		}
	}
}

// answer makes the browser answer the requests whose URL matches pattern
// with status and body instead of sending them, until the returned stop:
// an answer of the service that a test cannot otherwise bring about at
// the right moment.
func (b *tab) answer(pattern string, status int, body string) (stop func()) {
	b.t.Helper()
	chromedp.ListenTarget(b.ctx, func(ev any) {
		e, ok := ev.(*fetch.EventRequestPaused)
		if !ok {
			return
		}
		go func() {
			c := chromedp.FromContext(b.ctx)
			ctx := cdp.WithExecutor(b.ctx, c.Target)
			_ = fetch.FulfillRequest(e.RequestID, int64(status)).
				WithResponseHeaders([]*fetch.HeaderEntry{{Name: "Content-Type", Value: "application/json"}}).
				WithBody(base64.StdEncoding.EncodeToString([]byte(body))).Do(ctx)
		}()
	})
	b.run("answer "+pattern, fetch.Enable().WithPatterns([]*fetch.RequestPattern{{URLPattern: pattern, RequestStage: fetch.RequestStageRequest}}))
	return func() { b.run("stop answering "+pattern, fetch.Disable()) }
}

// layoutProblems says what is wrong with the page's charts, chart
// intervals, names and header at the size it is shown: a page wider than
// the screen; a chart drawn
// for another size than it has (its labels stretched or squashed), its
// labels outside it or over each other, fewer than two time labels or
// the same time twice; a chart's intervals on two lines; a name, a tag
// or "Sign out" broken over two lines.
const layoutProblems = `(() => {
	const problems = [];
	if (document.documentElement.scrollWidth > window.innerWidth + 1) problems.push('the page is ' + document.documentElement.scrollWidth + ' px wide on a screen of ' + window.innerWidth);
	const lines = (e) => { const r = document.createRange(); r.selectNodeContents(e);
		return new Set([...r.getClientRects()].filter(x => x.width > 0).map(x => Math.round(x.top))).size; };
	for (const svg of document.querySelectorAll('figure.chart svg')) {
		const vb = svg.viewBox.baseVal, box = svg.getBoundingClientRect();
		if (svg.getAttribute('preserveAspectRatio') === 'none') problems.push('a chart is stretched (preserveAspectRatio none)');
		if (Math.abs(vb.width - box.width) > 1 || Math.abs(vb.height - box.height) > 1) problems.push('a chart drawn ' + vb.width + 'x' + vb.height + ' is shown ' + box.width + 'x' + box.height);
		const ticks = [...svg.querySelectorAll('text.tick')].map(t => ({ text: t.textContent, r: t.getBoundingClientRect() }));
		for (const a of ticks) if (a.r.left < box.left - 1 || a.r.right > box.right + 1) problems.push('the label ' + a.text + ' is outside its chart');
		for (let i = 0; i < ticks.length; i++) for (let j = i + 1; j < ticks.length; j++) {
			const a = ticks[i].r, b = ticks[j].r;
			if (a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom) problems.push('the labels ' + ticks[i].text + ' and ' + ticks[j].text + ' overlap');
		}
		const xs = [...svg.querySelectorAll('text.tick.x')].map(t => t.textContent);
		if (xs.length < 2) problems.push('a chart has fewer than two time labels: ' + xs.join(', '));
		if (new Set(xs).size !== xs.length) problems.push('a chart shows a time twice: ' + xs.join(', '));
	}
	for (const g of document.querySelectorAll('.tabs.compact')) {
		const tops = new Set([...g.querySelectorAll('button')].map(b => Math.round(b.getBoundingClientRect().top)));
		if (tops.size > 1) problems.push('the intervals ' + g.innerText.replace(/\s+/g, ' ') + ' are on ' + tops.size + ' lines');
	}
	for (const e of document.querySelectorAll('.name, .tag, .who button, #who')) {
		if (e.getClientRects().length && lines(e) > 1) problems.push('"' + e.textContent + '" is broken over ' + lines(e) + ' lines');
	}
	return problems.join('; ');
})()`

// fitsPhone says whether the page is wider than a phone's 390 px: a
// phone's browser then zooms out to show it all, and lays it out wider.
const fitsPhone = `window.innerWidth === 390 && document.documentElement.scrollWidth <= 390 ? ''
	: 'the page is laid out ' + window.innerWidth + ' px wide, its content ' + document.documentElement.scrollWidth + ' px, on a screen of 390'`

// phone shows the tab at phone width (390×844) for the checks of check,
// then at desktop width again.
func (b *tab) phone(check func()) {
	b.t.Helper()
	b.run("phone width", chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile), chromedp.Sleep(300*time.Millisecond))
	b.expect("the page fits a phone", fitsPhone)
	check()
	b.run("desktop width", chromedp.EmulateViewport(1280, 900), chromedp.Sleep(300*time.Millisecond))
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

// faucet asks the portfolio page's faucet for test tokens and waits for
// its answer (want). The summary above the button must have loaded first:
// a click lands where the button was when the click was computed, and
// the summary replacing its placeholder moves the button down.
func (b *tab) faucet(want string) {
	b.t.Helper()
	b.run("portfolio summary", chromedp.WaitVisible("#summary", chromedp.ByQuery))
	b.run("faucet", chromedp.Click("#faucet", chromedp.ByQuery))
	b.waitText(".faucet", want)
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
	apiCall(t, req, token, out)
}

// apiPost posts body as the test's own client.
func apiPost(t *testing.T, base, token, path string, body, out any) {
	t.Helper()
	raw, _ := json.Marshal(body)
	req, _ := http.NewRequest("POST", base+"/api/v1/"+path, bytes.NewReader(raw))
	req.Header.Set("Content-Type", "application/json")
	apiCall(t, req, token, out)
}

// apiCall sends req with token and decodes the answer's data into out
// (an answer without data leaves out as it is).
func apiCall(t *testing.T, req *http.Request, token string, out any) {
	t.Helper()
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	res, err := http.DefaultClient.Do(req)
	// The test's own requests share the service's per-IP and per-user
	// limits with the pages: it waits out a refusal (these are not the
	// page's, which webApp counts). A GET has no body to send again.
	for tries := 0; req.Method == "GET" && err == nil && res.StatusCode == http.StatusTooManyRequests && tries < 10; tries++ {
		res.Body.Close()
		time.Sleep(time.Second)
		res, err = http.DefaultClient.Do(req)
	}
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
		t.Fatalf("%s %s: %v %d %s", req.Method, req.URL.Path, err, env.Code, env.Msg)
	}
	if len(env.Data) > 0 && string(env.Data) != "null" {
		if err := json.Unmarshal(env.Data, out); err != nil {
			t.Fatal(err)
		}
	}
}

// createMarket creates a market from the admin page and returns its
// address; window is the challenge window in minutes ("" for the default).
func (b *tab) createMarket(title, rules, window string) string {
	b.t.Helper()
	b.open("/admin")
	b.typeInto("#cm-title", title)
	b.typeInto("#cm-description", "Created by the web app's browser test.")
	b.typeInto("#cm-rules", rules)
	if window != "" {
		b.typeInto("#cm-window", window)
	}
	b.operate("#create-market", "#cm-submit")
	var created string
	b.eval(`document.querySelector('#cm-created').getAttribute('href').split('/').pop().toLowerCase()`, &created)
	return created
}

// choose selects the first option of the select sel for which the
// JavaScript condition cond (over the option o) holds, once there is one.
func (b *tab) choose(sel, cond string) {
	b.t.Helper()
	b.run("choose in "+sel, chromedp.Poll(fmt.Sprintf(`(() => {
		const s = document.querySelector(%s);
		const o = s && [...s.options].find(o => %s);
		if (!o) return false;
		s.value = o.value;
		s.dispatchEvent(new Event('change', {bubbles: true}));
		return true })()`, js(sel), cond), nil, chromedp.WithPollingInterval(100*time.Millisecond), chromedp.WithPollingTimeout(0)))
}

// The uid of each token, the base token and the observer's token of each
// service, read once: the test's reads of a person's records go as
// another user (or as nobody, where the read is public), so that they
// never spend the person's per-user budget, which is the page's.
var uids, baseTokens, observers sync.Map

// uidOf is the uid of the user whose token this is (one read, with it).
func uidOf(t *testing.T, base, token string) string {
	t.Helper()
	uid, ok := uids.Load(token)
	if !ok {
		var info struct {
			UID string `json:"uid"`
		}
		apiGet(t, base, token, "user/get-user-info", nil, &info)
		uid, _ = uids.LoadOrStore(token, info.UID)
	}
	return uid.(string)
}

// observer is the token of a user of its own whom the test reads as.
func observer(t *testing.T, base string) string {
	t.Helper()
	if tok, ok := observers.Load(base); ok {
		return tok.(string)
	}
	var minted struct {
		Token string `json:"token"`
	}
	apiPost(t, base, "", "dev/token", map[string]any{"name": "observer"}, &minted)
	apiPost(t, base, minted.Token, "user/login", map[string]any{"address": "0x00000000000000000000000000000000000000b5"}, &struct{}{})
	tok, _ := observers.LoadOrStore(base, minted.Token)
	return tok.(string)
}

// positionsOf is the user's positions in market, read publicly by uid.
func positionsOf(t *testing.T, base, token, market string) []string {
	t.Helper()
	var pos struct {
		Positions []struct {
			Amount string `json:"amount"`
		} `json:"positions"`
	}
	apiGet(t, base, "", "market/get-user-positions", url.Values{"uid": {uidOf(t, base, token)}, "page": {"1"}, "pageSize": {"10"}, "marketAddress": {market}}, &pos)
	out := make([]string, len(pos.Positions))
	for i, p := range pos.Positions {
		out[i] = p.Amount
	}
	return out
}

// assetInfo is the portfolio summary (get-user-asset-info) of the user
// whose token this is, read as another user: the person's own budget is
// the page's.
type assetInfo struct {
	Value       string `json:"value"`
	Balance     string `json:"balance"`
	OrdersValue string `json:"ordersValue"`
}

func assetInfoOf(t *testing.T, base, token string) assetInfo {
	t.Helper()
	uid := uidOf(t, base, token)
	baseToken, ok := baseTokens.Load(base)
	if !ok {
		var cfg struct {
			BaseTokens []struct {
				Address string `json:"address"`
			} `json:"baseTokens"`
		}
		apiGet(t, base, "", "config", nil, &cfg)
		baseToken, _ = baseTokens.LoadOrStore(base, cfg.BaseTokens[0].Address)
	}
	var a assetInfo
	apiGet(t, base, observer(t, base), "market/get-user-asset-info", url.Values{"uid": {uid}, "baseTokenAddress": {baseToken.(string)}}, &a)
	return a
}

// bigOf reads a decimal amount of the API.
func bigOf(t *testing.T, what, s string) *big.Int {
	t.Helper()
	v, ok := new(big.Int).SetString(s, 10)
	if !ok {
		t.Fatalf("%s %q", what, s)
	}
	return v
}

// balanceOf is the base-token balance of the user whose token this is, as
// the API reports it.
func balanceOf(t *testing.T, base, token string) *big.Int {
	t.Helper()
	return bigOf(t, "balance", assetInfoOf(t, base, token).Balance)
}

// units writes base units as the page does (format.ts toUnits, 6
// decimals shown as 2, rounded half away from zero, thousands separated).
func units(v *big.Int) string {
	unit := big.NewInt(10_000) // 10^(6-2)
	q, r := new(big.Int).QuoRem(v, unit, new(big.Int))
	if new(big.Int).Mul(r, big.NewInt(2)).Cmp(unit) >= 0 {
		q.Add(q, big.NewInt(1))
	}
	whole, frac := new(big.Int).QuoRem(q, big.NewInt(100), new(big.Int))
	w := whole.String()
	for i := len(w) - 3; i > 0; i -= 3 {
		w = w[:i] + "," + w[i:]
	}
	return fmt.Sprintf("%s.%02d", w, frac.Int64())
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

	// What the pages' browsers reported, from the DevTools protocol's
	// network and console events: every answer 429 (Too Many Requests)
	// a page received, and every error a page logged or threw.
	mu       sync.Mutex
	limited  []string
	errs     []string
	reported bool
}

// watch records tab name's 429 answers and console errors.
func (w *webApp) watch(name string, ctx context.Context) {
	chromedp.ListenTarget(ctx, func(ev any) {
		var limited, errText string
		switch ev := ev.(type) {
		case *network.EventResponseReceived:
			if ev.Response.Status == http.StatusTooManyRequests {
				limited = ev.Response.URL
			}
		case *cdpruntime.EventExceptionThrown:
			errText = ev.ExceptionDetails.Text
			if ev.ExceptionDetails.Exception != nil {
				errText += " " + ev.ExceptionDetails.Exception.Description
			}
		case *cdpruntime.EventConsoleAPICalled:
			if ev.Type == cdpruntime.APITypeError || ev.Type == cdpruntime.APITypeAssert {
				var parts []string
				for _, a := range ev.Args {
					if a.Value != nil {
						parts = append(parts, string(a.Value))
					} else {
						parts = append(parts, a.Description)
					}
				}
				errText = "console." + string(ev.Type) + ": " + strings.Join(parts, " ")
			}
		case *cdplog.EventEntryAdded:
			// The browser's own errors (an SVG attribute of NaN is one);
			// failed requests are the network's, counted above when 429
			// and expected otherwise (a refused operation answers 400).
			if ev.Entry.Level == cdplog.LevelError && ev.Entry.Source != cdplog.SourceNetwork {
				errText = string(ev.Entry.Source) + ": " + ev.Entry.Text
			}
		}
		if limited == "" && errText == "" {
			return
		}
		w.mu.Lock()
		defer w.mu.Unlock()
		if limited != "" {
			w.limited = append(w.limited, name+": "+limited)
		}
		if errText != "" {
			w.errs = append(w.errs, name+": "+errText)
		}
	})
}

// checkBrowsers fails the test if any page received a 429 or logged an
// error: the pages run under the service's default rate limits.
func (w *webApp) checkBrowsers() {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.reported {
		return
	}
	w.reported = true
	w.t.Logf("the pages received %d answers 429 and logged %d errors", len(w.limited), len(w.errs))
	if len(w.limited) > 0 {
		w.t.Errorf("the pages received %d answers 429 (Too Many Requests) under the default rate limits:\n%s", len(w.limited), strings.Join(w.limited, "\n"))
	}
	if len(w.errs) > 0 {
		w.t.Errorf("the pages logged %d errors:\n%s", len(w.errs), strings.Join(w.errs, "\n"))
	}
}

// startWebApp opens the service with the demo seeded (PREDICT_ADMIN_SUBJECTS
// names did:dev:root) and env's extra settings. The rate limits are the
// service's defaults (30/s per IP, 10/s reads and 5/s trades per user):
// every page of every test tab runs under them, from one IP, and the
// test fails if a page receives a 429 or logs an error (checkBrowsers).
func startWebApp(t *testing.T, env map[string]string) *webApp {
	chrome := browserPath(t)
	start := time.Now()
	vars := map[string]string{"PREDICT_ADMIN_SUBJECTS": "did:dev:root"}
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
	w := &webApp{t: t, m: m, base: "http://" + m.Addr(), chrome: chrome, ctx: ctx, shots: os.Getenv("PREDICT_SCREENSHOTS")}
	t.Cleanup(w.checkBrowsers) // also when the test failed before its own check
	return w
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
	w.watch(name, c)
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
		// From the top: the sticky header and trade panel are drawn where
		// the page is scrolled to, across the picture otherwise.
		b.run("screenshot "+page, chromedp.EmulateViewport(v.w, v.h, opts...), chromedp.Evaluate(`window.scrollTo(0, 0)`, nil),
			chromedp.Sleep(300*time.Millisecond), chromedp.FullScreenshot(&png, 100))
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
	// A new user's value chart is all zero: it draws an axis, not NaN
	// (an SVG attribute of NaN is a console error, which fails the test).
	alice.run("zero value chart", chromedp.WaitVisible(`svg[aria-label="Portfolio value over time"]`, chromedp.ByQuery))
	alice.faucet("Received 1,000.00")
	alice.waitText("#balance", "1,000.00")

	// A signed-out visitor's page follows the market's prices too.
	visitor := newTab("visitor")
	visitor.open("/market/" + market)
	subscribed := func(b *tab) {
		b.t.Helper()
		b.run(b.name+"'s stream subscribes the market", chromedp.Poll(
			fmt.Sprintf(`(document.querySelector('.live')?.dataset.topics || '').includes(%s)`, js("market:"+market)), nil,
			chromedp.WithPollingInterval(100*time.Millisecond), chromedp.WithPollingTimeout(0)))
	}
	subscribed(visitor)
	visitor.eval(`window.__notReloaded = true`, nil)

	// Bob watches the market; alice buys: bob's page shows her trade and
	// the new price without a reload.
	bob.open("/market/" + market)
	subscribed(bob)
	var priceBefore string
	bob.eval(`document.querySelector('#options li .price').innerText`, &priceBefore)
	bob.eval(`window.__notReloaded = true`, nil)

	alice.open("/market/" + market)
	alice.typeInto("#trade-amount", "100")
	alice.waitText("#quote", "Price impact")
	alice.waitText("#quote", "Fee")
	alice.operate("#trade", "#trade-submit")
	alice.waitText("#trade .progress", "Bought Yes for 100.00 USDC: at least ")

	bob.waitText("#trades", "alice")
	bob.run("price moves on bob's page", chromedp.Poll(
		fmt.Sprintf(`document.querySelector('#options li .price').innerText !== %s`, js(priceBefore)), nil,
		chromedp.WithPollingInterval(100*time.Millisecond), chromedp.WithPollingTimeout(0)))
	var same bool
	bob.eval(`window.__notReloaded === true`, &same)
	if !same {
		t.Fatal("bob's page was reloaded")
	}
	visitor.waitText("#trades", "alice")
	visitor.run("price moves on the visitor's page", chromedp.Poll(
		fmt.Sprintf(`document.querySelector('#options li .price').innerText !== %s`, js(priceBefore)), nil,
		chromedp.WithPollingInterval(100*time.Millisecond), chromedp.WithPollingTimeout(0)))
	visitor.eval(`window.__notReloaded === true`, &same)
	if !same {
		t.Fatal("the visitor's page was reloaded")
	}
	// A market tagged #interest-rates, on a phone: its tags and names whole.
	var tagged struct {
		Markets []struct {
			MarketAddress string `json:"marketAddress"`
		} `json:"markets"`
	}
	apiGet(t, base, "", "market/get-markets", url.Values{"page": {"1"}, "pageSize": {"1"}, "tag": {"interest-rates"}}, &tagged)
	visitor.open("/market/" + strings.ToLower(tagged.Markets[0].MarketAddress))
	visitor.waitText("main", "#interest-rates")
	visitor.run("its chart", chromedp.WaitVisible(`svg[aria-label="Option prices over time"]`, chromedp.ByQuery))
	visitor.phone(func() { visitor.expect("a tagged market on a phone", layoutProblems) })
	// Prices are percentages everywhere: the options, the trades.
	bob.waitText("#trades", "%")
	// The chart drawn for its size, its intervals on one line, names and
	// tags whole, at both widths.
	bob.run("the chart", chromedp.WaitVisible(`svg[aria-label="Option prices over time"]`, chromedp.ByQuery))
	bob.expect("the market's layout", layoutProblems)
	bob.phone(func() { bob.expect("the market's layout on a phone", layoutProblems) })
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

	// What is typed wrong is said as it is typed, once, and nothing can
	// be sent: an amount that is none, a buy beyond the balance.
	alice.run("buy tab", chromedp.Evaluate(`[...document.querySelectorAll('#trade .tabs button')].find(b => b.innerText === 'Buy').click()`, nil))
	alice.enter("#trade-amount", "-3")
	alice.waitText("#trade-problem", "Enter an amount above 0")
	alice.expect("nothing to send for −3", `document.querySelector('#trade-submit').disabled ? '' : 'the buy can be sent'`)
	alice.enter("#trade-amount", "50000")
	alice.waitText("#trade-problem", "Not enough USDC: you have ")
	alice.waitText("#trade-problem", "; this buy needs 50,000.00 USDC.")
	alice.expect("nothing to send beyond the balance", `document.querySelector('#trade-submit').disabled ? '' : 'the buy can be sent'`)
	// A large price impact: the panel warns, and signs nothing until the
	// user accepts it.
	alice.enter("#trade-amount", "300")
	alice.waitText("#impact-warning", "moves the price")
	alice.expect("impact not accepted", `document.querySelector('#trade-submit').disabled ? '' : 'a trade of large price impact can be sent without accepting it'`)
	alice.run("accept the impact", chromedp.Click("#impact-ok", chromedp.ByQuery))
	alice.expect("impact accepted", `document.querySelector('#trade-submit').disabled ? 'an accepted trade cannot be sent' : ''`)

	// The service refuses a buy the page could not foresee (the balance
	// spent elsewhere meanwhile): its words, once, in figures as the page
	// writes them. The refusal is the service's own answer to a buy of
	// more than the balance, put in place of its answer by the browser.
	stop := alice.answer("*/api/v1/aa/prepare-user-operation", http.StatusConflict,
		`{"code":110110,"reason":"INSUFFICIENT_BALANCE","msg":"not enough USDC: balance 450.665305 USDC, buy 20 USDC","data":null}`)
	alice.enter("#trade-amount", "20")
	alice.waitText("#quote", "You receive")
	alice.eval(`(() => { const c = document.querySelector('#impact-ok'); if (c && !c.checked) c.click(); return true })()`, nil)
	alice.run("a refused buy", chromedp.Click("#trade-submit", chromedp.ByQuery))
	alice.waitText("#trade .progress", "Yes not bought. Not enough USDC: you have 450.67 USDC; this buy needs 20.00 USDC.")
	stop()
	alice.expect("the refusal said once, in figures", `(() => { const t = document.querySelector('#trade').innerText;
		return (t.match(/not enough/gi) || []).length !== 1 ? 'said ' + (t.match(/not enough/gi) || []).length + ' times: ' + t
			: /\d\.\d{3,}/.test(t) ? 'raw decimals: ' + t : '' })()`)
	shoot(alice, "market-error")
	// A switch to Sell: the refused buy's words go, the sell's own alone.
	alice.run("sell tab", chromedp.Evaluate(`[...document.querySelectorAll('#trade .tabs button')].find(b => b.innerText === 'Sell').click()`, nil))
	alice.enter("#trade-amount", "50000")
	alice.waitText("#trade-problem", "this sell needs 50,000.00")
	alice.expect("one error after the switch", `(() => { const e = [...document.querySelectorAll('#trade .error')].map(e => e.innerText);
		return e.length === 1 && !/buy/i.test(e[0]) && !document.querySelector('#trade .progress') ? '' : 'errors: ' + JSON.stringify(e) })()`)
	alice.enter("#trade-amount", "")
	alice.run("buy tab", chromedp.Evaluate(`[...document.querySelectorAll('#trade .tabs button')].find(b => b.innerText === 'Buy').click()`, nil))

	// A buy that averages over 100 % loses whatever the outcome: refused,
	// with no impact to accept. Bob, rich from the faucet, asks for one.
	var bobInfo struct {
		Address string `json:"address"`
	}
	apiGet(t, base, bob.token(), "user/get-user-info", nil, &bobInfo)
	apiPost(t, base, observer(t, base), "dev/faucet", map[string]any{"address": bobInfo.Address, "amount": "30000000000"}, &struct{}{})
	bob.waitText("#header-balance", "30,000.00")
	bob.enter("#trade-amount", "20000")
	bob.waitText("#certain-loss", "more than a winning token pays out (100%)")
	bob.expect("a certain loss cannot be sent", `document.querySelector('#trade-submit').disabled && !document.querySelector('#impact-ok') ? '' : 'a buy above 100% can be sent'`)
	bob.enter("#trade-amount", "")

	// Liquidity in and part of it out.
	alice.typeInto("#lp-add", "50")
	alice.operate("#liquidity", "#lp-add-submit")
	alice.waitText("#lp-position", "LP tokens")
	var lpShown, lpAll string
	alice.eval(`document.querySelector('#lp-position dd').innerText`, &lpShown)
	alice.typeInto("#lp-remove", "20")
	alice.operate("#liquidity", "#lp-remove-submit")
	// The position shown follows the removal (market:info_update).
	alice.run("LP position after the removal", chromedp.Poll(fmt.Sprintf(`document.querySelector('#lp-position dd')?.innerText !== %s`, js(lpShown)), nil,
		chromedp.WithPollingInterval(100*time.Millisecond), chromedp.WithPollingTimeout(0)))
	// Remove all: the whole position, to the last unit, shown in full.
	alice.eval(`document.querySelector('#lp-position dd').innerText`, &lpShown)
	alice.run("remove all", chromedp.Click("#lp-remove-all", chromedp.ByQuery))
	alice.eval(`document.querySelector('#lp-remove').value`, &lpAll)
	if strings.ReplaceAll(lpShown, ",", "") != lpAll {
		t.Fatalf("remove all fills %q, the position shows %q", lpAll, lpShown)
	}
	alice.operate("#liquidity", "#lp-remove-submit")
	alice.waitText("#lp-position", "No liquidity provided")

	// Two bids of 7.50 USDC below the price: the money moves from the
	// balance into the orders and the portfolio's value stays. Each is
	// said in words; the default expiry is the market's end, sooner than
	// the service's 90 days.
	aliceTok := alice.token()
	unbid := assetInfoOf(t, base, aliceTok)
	alice.run("limit orders", chromedp.Evaluate(`[...document.querySelectorAll('#order-type button')].find(b => b.innerText === 'Limit').click()`, nil))
	alice.run("the limit form", chromedp.WaitVisible("#limit-form", chromedp.ByQuery))
	alice.choose("#limit-option", `o.value === "0"`)
	alice.enter("#limit-price", "120")
	alice.waitText("#limit-problem", "Enter a limit price above 0 and below 100")
	alice.enter("#limit-price", "35")
	alice.enter("#limit-amount", "-3")
	alice.waitText("#limit-problem", "Enter an amount above 0")
	alice.expect("nothing to place", `document.querySelector('#limit-submit').disabled ? '' : 'an order of -3 can be placed'`)
	for i, bid := range []struct{ price, expiry, says string }{
		{"35", "gtc", "Buy order placed: 7.50 USDC of Yes at 35.0% or better."},
		{"30", "1d", "Buy order placed: 7.50 USDC of Yes at 30.0% or better."},
	} {
		alice.choose("#limit-expiry", "o.value === "+js(bid.expiry))
		alice.enter("#limit-price", bid.price)
		alice.enter("#limit-amount", "7.50")
		if i == 0 {
			alice.waitText("#limit-expiry", "Until the market ends")
			alice.waitText("#limit-summary", "It expires when the market ends")
		}
		alice.operateWith("#trade", "#limit-submit", chromedp.Evaluate(`document.querySelector('#limit-submit').click()`, nil))
		alice.waitText("#limit-form .progress", bid.says)
		alice.expect("the placement in words", `(() => { const t = document.querySelector('#limit-form .progress').innerText;
			return /0x[0-9a-f]{6}|block/i.test(t) ? 'technical words: ' + t : '' })()`)
	}
	var gtcID string
	alice.run("the good-till-cancelled bid", chromedp.Poll(`(() => { const r = [...document.querySelectorAll('#my-orders tr.order')].find(r => r.innerText.includes('35.0%'));
		return r ? r.dataset.orderId : false })()`, &gtcID, chromedp.WithPollingInterval(100*time.Millisecond), chromedp.WithPollingTimeout(0)))
	var gtc struct {
		Expiry string `json:"expiry"`
	}
	apiGet(t, base, "", "market/get-order", url.Values{"orderId": {gtcID}}, &gtc)
	var detail struct {
		EndTime string `json:"endTime"`
	}
	apiGet(t, base, "", "market/get-market-detail", url.Values{"marketAddress": {market}}, &detail)
	if end, _ := time.Parse(time.RFC3339, detail.EndTime); gtc.Expiry != strconv.FormatInt(end.Unix(), 10) {
		t.Fatalf("a good-till-cancelled order of a market ending %s expires at %s, not at its end (%d)", detail.EndTime, gtc.Expiry, end.Unix())
	}
	var bids assetInfo
	for deadline := time.Now().Add(30 * time.Second); bids.OrdersValue != "15000000"; time.Sleep(500 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("alice's orders hold %s, want 15000000", bids.OrdersValue)
		}
		bids = assetInfoOf(t, base, aliceTok)
	}
	if bids.Value != unbid.Value {
		t.Fatalf("two bids of 7.50 moved alice's value from %s to %s", unbid.Value, bids.Value)
	}
	alice.open("/portfolio")
	alice.waitText("#in-orders", "15.00 USDC")
	alice.waitText("#value", units(bigOf(t, "value", unbid.Value)))

	// An admin creates a market; alice buys its first option; the admin
	// settles it on that option.
	root := newTab("root")
	root.signIn("root")
	root.faucet("Received")
	created := root.createMarket("Will the browser test pass?", "Yes if it passes.", "")
	shoot(root, "admin")

	alice.open("/market/" + created)
	alice.typeInto("#trade-amount", "20")
	alice.waitText("#quote", "You receive")
	alice.operate("#trade", "#trade-submit")
	alice.waitText("#options", "1 holder")

	// The admin page's settle list has the new market without a reload,
	// and loses it once settled.
	root.choose("#settle-market", "o.value.toLowerCase() === "+js(created))
	root.run("winner select", chromedp.WaitVisible("#settle-winner", chromedp.ByQuery))
	root.waitText("#settle-terms", "no challenge window")
	root.operate("#settle", "#settle-submit")
	root.run("the settled market leaves the list", chromedp.Poll(fmt.Sprintf(`(() => { const s = document.querySelector('#settle-market');
		return s.value === '' && ![...s.options].some(o => o.value.toLowerCase() === %s) })()`, js(created)), nil,
		chromedp.WithPollingInterval(200*time.Millisecond), chromedp.WithPollingTimeout(0)))

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
	pos := positionsOf(t, base, tok, created)
	balance := func() *big.Int { return balanceOf(t, base, tok) }
	if len(pos) != 1 {
		t.Fatalf("alice's positions in the settled market: %v", pos)
	}
	held, _ := new(big.Int).SetString(pos[0], 10)
	before := balance()
	alice.open("/portfolio")
	alice.waitText("#balance", units(before))
	alice.run("claim button", chromedp.WaitVisible("#positions button.claim", chromedp.ByQuery))
	// The headline figures read as figures: larger than their labels,
	// not grey, the PnL green or red by its sign.
	alice.expect("the headline figures", `(() => {
		const p = [], probe = (cls) => { const e = document.createElement('span'); e.className = cls; document.body.append(e); const c = getComputedStyle(e).color; e.remove(); return c; };
		const up = probe('up'), down = probe('down'), muted = probe('muted');
		for (const b of document.querySelectorAll('#summary b')) {
			const fig = b.querySelector('.num') || b, label = b.parentElement.querySelector('.label'), cs = getComputedStyle(fig);
			if (parseFloat(cs.fontSize) <= parseFloat(getComputedStyle(label).fontSize)) p.push(label.textContent + ' is written as small as its label');
			if (b.id !== 'pnl' && cs.color === muted) p.push(label.textContent + ' is grey');
			if (fig.getBoundingClientRect().right > b.parentElement.getBoundingClientRect().right) p.push(label.textContent + ' runs out of its box');
		}
		const pnl = document.querySelector('#pnl .num'), t = pnl.textContent;
		const want = t.startsWith('+') ? up : t.startsWith('−') ? down : '';
		if (!want) p.push('the PnL is ' + t + ', want a gain or a loss to check');
		else if (getComputedStyle(pnl).color !== want) p.push('the PnL ' + t + ' is not ' + (want === up ? 'green' : 'red'));
		return p.join('; ') })()`)
	// The week's value chart runs from a week ago to now, at the size it
	// is shown; the trade history and the orders say what each column is.
	alice.expect("the week's chart", `(() => { const s = document.querySelector('svg[aria-label="Portfolio value over time"]');
		return !s ? 'no chart' : +s.dataset.to - +s.dataset.from !== 7 * 86400e3 ? 'the 1W chart spans ' + (s.dataset.to - s.dataset.from) / 3600e3 + ' h' : '' })()`)
	alice.expect("the portfolio's layout", layoutProblems)
	alice.expect("the column headers", `(() => {
		const heads = (sel) => [...document.querySelectorAll(sel + ' thead th')].map(th => th.innerText).join('|');
		return heads('#history') !== 'Market|Trade|Tokens at|Amount|When' ? 'trade history: ' + heads('#history')
			: !heads('#orders').includes('Expires') ? 'limit orders: ' + heads('#orders')
			: [...document.querySelectorAll('#orders tr[data-status="open"] td[data-label="Expires"]')].some(td => !/UTC|ago|just now/.test(td.innerText)) ? 'an open order without its expiry' : '' })()`)
	shoot(alice, "portfolio")
	alice.run("claim", chromedp.Click("#positions button.claim", chromedp.ByQuery))
	want := new(big.Int).Add(before, held)
	alice.waitText("#balance", units(want))
	if got := balance(); got.Cmp(want) != 0 {
		t.Fatalf("balance after the claim %s, want %s + %s", got, before, held)
	}
	// The claim reads as confirmed, whatever the reads after it met, in
	// words, and still once the emptied position's row has gone.
	alice.waitText("#claimed", "Will the browser test pass? · Yes: Claimed: "+units(held)+" USDC, now in your balance.")
	// The figures as a person reads them: one minus sign and never a
	// "−0"; percentages for prices; no row of an empty LP position.
	alice.waitText("#lp-positions", "No liquidity provided")
	var text string
	alice.eval(`document.querySelector('main').innerText`, &text)
	if m := regexp.MustCompile(`(^|[^\w])-\d|[−-]0\.00\b|NaN|undefined`).FindString(text); m != "" {
		t.Fatalf("the portfolio shows %q:\n%s", m, text)
	}
	alice.waitText("#positions", "%")
	// At phone width: the navigation on one line, dates unwrapped, and
	// each table cell says what it is.
	alice.run("phone width", chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile))
	var phone struct {
		NavLines   float64 `json:"navLines"`
		Labels     int     `json:"labels"`
		Cells      int     `json:"cells"`
		WrapDates  int     `json:"wrapDates"`
		NavOverrun bool    `json:"navOverrun"`
	}
	alice.run("phone layout", chromedp.Sleep(300*time.Millisecond), chromedp.Evaluate(`(() => {
		const nav = document.querySelector('.top nav'), a = nav.querySelector('a');
		const cells = [...document.querySelectorAll('#positions td[data-label], #history td[data-label], #orders td[data-label]')];
		return {
			navLines: nav.getBoundingClientRect().height / a.getBoundingClientRect().height,
			navOverrun: nav.getBoundingClientRect().right > window.innerWidth + 1 || nav.scrollWidth > nav.clientWidth + 1,
			cells: cells.length,
			labels: cells.filter(td => getComputedStyle(td, '::before').content.replace(/"/g, '') === td.dataset.label).length,
			wrapDates: [...document.querySelectorAll('.date')].filter(d => d.getClientRects().length > 1).length,
		} })()`, &phone))
	alice.expect("the portfolio fits a phone", fitsPhone)
	alice.expect("the portfolio's layout on a phone", layoutProblems)
	alice.run("desktop width", chromedp.EmulateViewport(1280, 900))
	if phone.NavLines > 1.5 || phone.NavOverrun || phone.Cells == 0 || phone.Labels != phone.Cells || phone.WrapDates != 0 {
		t.Fatalf("at phone width: %+v (want the navigation on one line, whole, within the screen, every cell labelled, no date wrapped)", phone)
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
	apiKeys(t, app, alice)

	ownerKeys(t, app, alice)
	app.checkBrowsers()
	t.Logf("browser scenario done in %s", time.Since(start).Round(time.Millisecond))
}

// apiKeys: alice makes an API key on her profile page, a program reads as
// her with it, she revokes it there and the program is refused.
func apiKeys(t *testing.T, app *webApp, alice *tab) {
	t.Helper()
	alice.typeInto("#api-key-name", "my-trading-bot")
	alice.run("trade scope", chromedp.SetValue("#api-key-scope", "trade", chromedp.ByQuery))
	alice.run("create key", chromedp.Click("#create-api-key button.primary", chromedp.ByQuery))
	alice.waitText("#api-key-shown", "pdk_")
	var key string
	alice.eval(`document.querySelector('#api-key-shown code').textContent`, &key)
	alice.waitText("#api-key-list", "my-trading-bot")
	// On a phone each key is a block of labelled cells: its key whole,
	// its name on one line.
	alice.phone(func() {
		alice.expect("the API keys on a phone", `(() => {
			const cells = [...document.querySelectorAll('#api-key-list td[data-label]')];
			const unlabelled = cells.filter(td => getComputedStyle(td, '::before').content.replace(/"/g, '') !== td.dataset.label);
			const key = document.querySelector('#api-key-list code.key-prefix');
			return !cells.length || unlabelled.length ? 'cells without their label: ' + unlabelled.map(td => td.dataset.label).join(', ')
				: key.parentElement.scrollWidth > key.parentElement.clientWidth + 1 || key.getBoundingClientRect().right > window.innerWidth
					|| new Set([...key.getClientRects()].map(r => Math.round(r.top))).size > 1 ? 'the key ' + key.textContent + ' is cut or wrapped' : '' })()`)
		alice.expect("the profile's layout on a phone", layoutProblems)
	})
	bot, err := client.New(app.base, client.WithToken(key))
	if err != nil {
		t.Fatal(err)
	}
	info, err := bot.GetUserInfo(app.ctx)
	if err != nil || info.UserName != "alice" {
		t.Fatalf("the key from the profile page: %+v %v", info, err)
	}
	app.shoot(alice, "api-keys")
	alice.run("revoke", chromedp.Click("#api-key-list .revoke-key", chromedp.ByQuery))
	alice.waitText("#api-keys", "No keys.")
	if _, err := bot.GetUserInfo(app.ctx); !client.IsCode(err, client.CodeAuth) {
		t.Fatalf("a key revoked on the profile page: %v", err)
	}
}

// ownerKeys exports alice's owner key from her profile page, signs in
// with it on the command line (a key of its own there is refused: the
// account is bound to the browser's owner) and in a fresh browser, and
// sees a key of another account refused on the sign-in and profile pages.
func ownerKeys(t *testing.T, app *webApp, alice *tab) {
	t.Helper()
	dir := t.TempDir()
	alice.run("downloads", browser.SetDownloadBehavior(browser.SetDownloadBehaviorBehaviorAllow).WithDownloadPath(dir))
	alice.waitText("#owner-key", "controls your account")
	alice.run("export", chromedp.Click("#export-key", chromedp.ByQuery))
	file := filepath.Join(dir, "predict-owner-alice.key")
	var raw []byte
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(100 * time.Millisecond) {
		var err error
		if raw, err = os.ReadFile(file); err == nil && len(raw) > 0 {
			break
		}
		if time.Now().After(deadline) {
			entries, _ := os.ReadDir(dir)
			t.Fatalf("no %s after the export (%v)", file, entries)
		}
	}
	if !regexp.MustCompile(`^[0-9a-f]{64}\n$`).Match(raw) {
		t.Fatalf("the key file holds %q, want 64 hex digits and a newline", raw)
	}
	key, err := chain.ParseKey(string(raw))
	if err != nil {
		t.Fatal(err)
	}
	var owner string
	alice.eval(`[...document.querySelectorAll('#main dl.quote dt')].find(d => d.innerText === 'Owner').nextElementSibling.querySelector('code').innerText`, &owner)
	if got := strings.ToLower(crypto.PubkeyToAddress(key.PublicKey).Hex()); got != owner {
		t.Fatalf("the exported key is %s's, the page's owner is %s", got, owner)
	}

	// The command line: its own new key is refused, the exported one signs
	// in. Its requests count against alice's own per-user limit, as her
	// page's do: it starts once the page's reads of the export have
	// settled and the budget refilled, as a person turns to a terminal.
	time.Sleep(time.Second)
	home := t.TempDir()
	env := map[string]string{"PREDICT_DATA_DIR": app.m.Config.DataDir, "PREDICT_URL": app.base,
		"XDG_CONFIG_HOME": filepath.Join(home, "config"), "HOME": home}
	formatUnits := predict.FormatUnits // the command line's amounts
	predict := func(args ...string) (string, error) {
		var out, errOut bytes.Buffer
		err := run(app.ctx, args, func(k string) string { return env[k] }, &out, &errOut)
		return out.String() + errOut.String(), err
	}
	if out, err := predict("login", "--profile", "alice", "--sub", "did:dev:alice", "--key-file", filepath.Join(home, "new.key")); err == nil {
		t.Fatalf("predict login with a new key: %s; want the account's binding refused", out)
	}
	if out, err := predict("login", "--profile", "alice", "--sub", "did:dev:alice", "--key-file", file); err != nil || !strings.Contains(out, "logged in") {
		t.Fatalf("predict login --key-file (the exported key): %q, %v", out, err)
	}
	// The command line's portfolio has the value the API and the page
	// have, what her open bids hold included.
	time.Sleep(time.Second)
	info := assetInfoOf(t, app.base, alice.token())
	if bigOf(t, "orders", info.OrdersValue).Sign() == 0 {
		t.Fatalf("alice has no open orders to count: %+v", info)
	}
	out, err := predict("portfolio", "--profile", "alice")
	if want := regexp.MustCompile(`(?m)^value\s+` + regexp.QuoteMeta(formatUnits(bigOf(t, "value", info.Value), 6)) + ` USDC$`); err != nil || !want.MatchString(out) {
		t.Fatalf("predict portfolio: %v\n%s\nwant the value %s", err, out, info.Value)
	}
	// The command line's requests count against alice's own per-user
	// limit, as her page's do: let it refill before the page goes on.
	time.Sleep(time.Second)

	// Another account's key is refused on the profile page, and nothing changes.
	other, err := crypto.GenerateKey()
	if err != nil {
		t.Fatal(err)
	}
	otherHex := fmt.Sprintf("%x", crypto.FromECDSA(other))
	alice.typeInto("#import-key-text", "0x"+otherHex)
	alice.run("use another key", chromedp.Click("#import-key button", chromedp.ByQuery))
	alice.waitText("#owner-key", "does not control your account")
	// Its own key, pasted, is accepted.
	alice.typeInto("#import-key-text", strings.TrimSpace(string(raw)))
	alice.run("use its own key", chromedp.Click("#import-key button", chromedp.ByQuery))
	alice.waitText("#owner-key-status", "now signs with that key")

	// A fresh browser: a key of another account is refused at sign-in;
	// the exported key signs in to alice's account.
	fresh := app.newTab("alice-elsewhere")
	signInWith := func(key string) {
		t.Helper()
		fresh.open("/signin")
		fresh.typeInto("#signin-name", "alice")
		fresh.run("open the key", chromedp.Evaluate(`document.querySelector('#signin-import').open = true`, nil))
		fresh.typeInto("#signin-key", key)
		fresh.run("sign in", chromedp.Click("#signin-submit", chromedp.ByQuery))
	}
	signInWith(otherHex)
	fresh.waitText("#signin", "does not control the account")
	signInWith(strings.TrimSpace(string(raw)))
	fresh.waitText("#who", "alice")
	fresh.open("/profile")
	fresh.waitText("#main", owner)
}

// waitBalance waits until the API reports want as the balance of the user
// whose token this is (the indexer follows the chain a block behind).
func waitBalance(t *testing.T, base, token string, want *big.Int, what string) {
	t.Helper()
	var got *big.Int
	// Every half second: the user's own page reads under the same limit.
	for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(500 * time.Millisecond) {
		if got = balanceOf(t, base, token); got.Cmp(want) == 0 {
			return
		}
	}
	t.Fatalf("%s: balance %s, want %s", what, got, want)
}

// TestWebAppResolution drives resolution with a challenge window through
// the web app: an admin grants the arbitrator role and creates markets
// with a 10-minute window. On the first, the admin proposes Yes; bob sees
// the window counting down and disputes (posting the bond); alice's open
// page turns disputed without a reload; the arbitrator decides No; bob
// gets both bonds minus the fee and claims his No tokens. On the second,
// the admin proposes void; nobody disputes; the chain's clock passes the
// window, alice's page offers Finalize by itself, she finalizes and claims
// 1/2 per token. PREDICT_SCREENSHOTS=dir writes the new states.
func TestWebAppResolution(t *testing.T) {
	start := time.Now()
	app := startWebApp(t, nil)
	base := app.base
	root, alice, bob, judge := app.newTab("root"), app.newTab("alice"), app.newTab("bob"), app.newTab("judge")
	for _, u := range []*tab{root, alice, bob} {
		u.signIn(u.name)
		u.faucet("Received")
	}
	judge.signIn("judge")

	// The arbitrator role puts judge's account on the factory.
	root.open("/admin")
	root.typeInto("#roles input", "judge")
	root.choose("#role-name", `o.value === "arbitrator"`)
	root.run("grant arbitrator", chromedp.Click("#roles button.primary", chromedp.ByQuery))
	root.waitText("#roles", "judge: arbitrator")

	create := func(title string) string { return root.createMarket(title, "Decided by the test.", "10") }
	buy := func(u *tab, market, option, amount string) {
		t.Helper()
		u.open("/market/" + market)
		u.choose("#trade-option", "o.text.startsWith("+js(option+" ")+")")
		u.typeInto("#trade-amount", amount)
		u.waitText("#quote", "You receive")
		u.operate("#trade", "#trade-submit")
	}
	// propose asserts outcome (an option's title, or "void") from the admin page.
	propose := func(market, outcome string) {
		t.Helper()
		root.open("/admin")
		root.choose("#settle-market", "o.value.toLowerCase() === "+js(market))
		root.run("outcome select", chromedp.WaitVisible("#settle-winner", chromedp.ByQuery))
		if outcome == "void" {
			root.choose("#settle-winner", `o.value === "void"`)
		} else {
			root.choose("#settle-winner", "o.text === "+js(outcome+" wins"))
		}
		root.waitText("#settle-terms", "challenge window of 10 min")
		root.waitText("#settle-terms", "bond")
		root.operate("#settle", "#settle-submit")
	}
	type status struct {
		Status string `json:"status"`
		Bond   string `json:"bond"`
	}
	resolution := func(market string) status {
		var s status
		apiGet(t, base, "", "market/get-resolution-status", url.Values{"marketAddress": {market}}, &s)
		return s
	}
	held := func(u *tab, market string) *big.Int {
		t.Helper()
		sum := new(big.Int)
		for _, p := range positionsOf(t, base, u.token(), market) {
			a, _ := new(big.Int).SetString(p, 10)
			sum.Add(sum, a)
		}
		return sum
	}
	// countingDown waits until the page's countdown shows time left within
	// the window and then ticks.
	countingDown := func(u *tab) {
		t.Helper()
		var left int
		u.run("countdown", chromedp.Poll(`(() => { const l = +(document.querySelector('#countdown')?.dataset.left || 0); return l > 0 ? l : false })()`, &left,
			chromedp.WithPollingInterval(100*time.Millisecond), chromedp.WithPollingTimeout(0)))
		if left > 600 {
			t.Fatalf("%s: the countdown shows %d s left of a 600 s window", u.name, left)
		}
		u.run("countdown ticks", chromedp.Poll(fmt.Sprintf(`+document.querySelector('#countdown').dataset.left < %d`, left), nil,
			chromedp.WithPollingInterval(200*time.Millisecond), chromedp.WithPollingTimeout(0)))
	}

	// Disputed: proposed Yes, overturned to No.
	disputed := create("Will the proposed outcome stand?")
	buy(alice, disputed, "Yes", "20")
	buy(bob, disputed, "No", "20")
	propose(disputed, "Yes")
	bond, ok := new(big.Int).SetString(resolution(disputed).Bond, 10)
	if !ok || bond.Sign() <= 0 {
		t.Fatalf("the market's bond is %v", resolution(disputed).Bond)
	}
	alice.open("/market/" + disputed)
	alice.waitText("#resolution-status", "Settling")
	bob.open("/market/" + disputed)
	bob.waitText("#resolution-status", "Settling")
	bob.waitText("#asserted", "Yes")
	bob.waitText("#dispute-box", "costs a bond of "+units(bond))
	// The fee the arbitrator's decision keeps of the wrong side's bond
	// (chain.DefaultDisputeFeeBps of one bond), in figures.
	fee := new(big.Int).Div(new(big.Int).Mul(bond, big.NewInt(chain.DefaultDisputeFeeBps)), big.NewInt(10_000))
	bob.waitText("#dispute-box", fmt.Sprintf("dispute fee of %g %% of the wrong side's bond (%s", float64(chain.DefaultDisputeFeeBps)/100, units(fee)))
	bob.waitText("#trade-submit", "Market closed")
	countingDown(bob)
	app.shoot(bob, "market-settling")
	bobToken := bob.token()
	bobBefore := balanceOf(t, base, bobToken)
	bob.operate("#resolution", "#dispute")
	bob.waitText("#resolution-status", "Disputed")
	bob.waitText("#dispute-info", "Disputed by you")
	waitBalance(t, base, bobToken, new(big.Int).Sub(bobBefore, bond), "bob after posting the bond")
	alice.waitText("#resolution-status", "Disputed") // without a reload: market:info_update (or the page's own look while pending)
	alice.run("no arbitration panel for alice", chromedp.Poll(`!document.querySelector('#arbitrate-box')`, nil, chromedp.WithPollingTimeout(time.Second)))

	// The panel follows the factory's arbitrator on chain, not the role:
	// moved to alice by the operator key alone (as deploy --arbitrator
	// sets it), alice sees it and judge, who holds the role, does not;
	// then it moves back to judge.
	moveArbitrator := func(u *tab) {
		t.Helper()
		var info struct{ Address string }
		apiGet(t, base, u.token(), "user/get-user-info", nil, &info)
		if _, err := app.m.Operator.SetRole(app.ctx, info.Address, predict.RoleArbitrator, true); err != nil {
			t.Fatalf("move the arbitrator to %s: %v", u.name, err)
		}
	}
	moveArbitrator(alice)
	alice.open("/market/" + disputed)
	alice.waitText("#arbitrate-box", "Your decision")
	judge.open("/market/" + disputed)
	judge.waitText("#dispute-info", "Disputed by")
	judge.run("no arbitration panel for judge while alice is the arbitrator",
		chromedp.Poll(`!document.querySelector('#arbitrate-box')`, nil, chromedp.WithPollingTimeout(time.Second)))
	moveArbitrator(judge)

	judge.open("/market/" + disputed)
	judge.waitText("#arbitrate-box", "Your decision")
	judge.choose("#arbitrate-outcome", `o.text === "No"`)
	app.shoot(judge, "market-arbitrate")
	judge.operate("#resolution", "#arbitrate")
	bob.waitText("#resolution-status", "Ended")
	bob.waitText("#winner", "No")
	bob.waitText("#arbitration", "overturned")
	bob.waitText("#arbitration", "dispute fee of")
	// Both bonds to bob, minus the fee.
	afterBonds := new(big.Int).Sub(new(big.Int).Add(bobBefore, bond), fee)
	waitBalance(t, base, bobToken, afterBonds, "bob after the arbitration")
	won := held(bob, disputed)
	bob.waitText("#claim", "Claim "+units(won))
	app.shoot(bob, "market-arbitrated")
	bob.operate("#resolution", "#claim")
	waitBalance(t, base, bobToken, new(big.Int).Add(afterBonds, won), "bob after the claim")

	// Undisputed and void: the window passes, alice finalizes and claims 1/2 per token.
	voided := create("Will this market be voided?")
	buy(alice, voided, "Yes", "20")
	propose(voided, "void")
	alice.open("/market/" + voided)
	alice.waitText("#asserted", "Void")
	countingDown(alice)
	if s := resolution(voided); s.Status != "settling" {
		t.Fatalf("the void assertion left the market %q", s.Status)
	}
	rootToken := root.token()
	rootBefore := balanceOf(t, base, rootToken)
	// Past the window on the chain's clock; nothing is pending once the
	// operations above are confirmed, but retry briefly if a block is.
	for i := 0; ; i++ {
		err := app.m.DevChain.AdjustTime(app.ctx, 601*time.Second)
		if err == nil {
			break
		}
		if i == 20 {
			t.Fatal(err)
		}
		time.Sleep(250 * time.Millisecond)
	}
	// The page looks again by itself while an outcome is pending.
	alice.run("finalize offered", chromedp.WaitVisible("#finalize", chromedp.ByQuery))
	alice.waitText("#countdown", "0:00")
	alice.operate("#resolution", "#finalize")
	alice.waitText("#resolution-status", "Void")
	alice.waitText("#winner", "Void")
	waitBalance(t, base, rootToken, new(big.Int).Add(rootBefore, bond), "root after the finalization (bond returned)")
	aliceToken := alice.token()
	tokens := held(alice, voided)
	pays := new(big.Int).Div(tokens, big.NewInt(2))
	alice.waitText("#claim", "Claim "+units(pays))
	app.shoot(alice, "market-void")
	aliceBefore := balanceOf(t, base, aliceToken)
	alice.operate("#resolution", "#claim")
	waitBalance(t, base, aliceToken, new(big.Int).Add(aliceBefore, pays), "alice after the void claim")
	t.Logf("resolution scenario done in %s", time.Since(start).Round(time.Millisecond))
}
