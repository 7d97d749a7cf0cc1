package main

import (
	"context"
	"crypto/ecdsa"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/ethereum/go-ethereum/accounts"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/crypto"

	"github.com/predict-dev/predict/client"
	"github.com/predict-dev/predict/internal/aa"
	"github.com/predict-dev/predict/internal/auth"
)

// TestWebAppSIWE: on a service whose identity provider is its own
// Sign-In with Ethereum (no development sign-in), the web app offers
// "Sign in with Ethereum" and nothing else; through an EIP-1193 wallet the
// user signs in, the same wallet owning the smart account (it signs the
// login challenge), and the signed-in page reads with the token it got:
// the profile shows the did:pkh identity, the proven account and the
// wallet as owner. A token about to expire is renewed with the refresh
// token on the next visit, and signing out forgets both. The default rate
// limits are on.
//
// The wallet is a test double: a browser extension cannot run in headless
// Chromium here, so a script injected before the page loads stands in for
// it as window.ethereum (EIP-1193: eth_requestAccounts and personal_sign),
// and personal_sign is answered by this test's own signer over HTTP, with
// a key the test knows, as the extension would with its user's key.
func TestWebAppSIWE(t *testing.T) {
	chrome := browserPath(t)
	// The domain is the page's host, as in production: the message's URI
	// is the page's origin, which must be on the domain signed in to.
	addr := freeAddr(t)
	e := startE2E(t, map[string]string{"PREDICT_HTTP_ADDR": addr, "PREDICT_SIWE_DOMAIN": addr,
		"PREDICT_RATE_PUBLIC": "", "PREDICT_RATE_USER_READ": "", "PREDICT_RATE_USER_TRADE": ""})
	w := &webApp{t: t, m: e.m, base: "http://" + e.m.Addr(), chrome: chrome, ctx: e.ctx}
	t.Cleanup(w.checkBrowsers)

	key, _ := crypto.GenerateKey()
	wallet := crypto.PubkeyToAddress(key.PublicKey)
	signer := httptest.NewServer(walletSigner(key))
	t.Cleanup(signer.Close)

	b := w.newTab("wallet")
	b.run("inject the wallet", chromedp.ActionFunc(func(ctx context.Context) error {
		// An extension talks to its own signer outside the page's
		// Content-Security-Policy; the double's fetch to the test's signer
		// is let through the same way.
		if err := page.SetBypassCSP(true).Do(ctx); err != nil {
			return err
		}
		_, err := page.AddScriptToEvaluateOnNewDocument(fakeWallet(wallet, signer.URL)).Do(ctx)
		return err
	}))

	// Only Sign-In with Ethereum is offered.
	b.open("/signin")
	b.waitText("main", "Sign in with Ethereum")
	var devForm bool
	b.eval(`!!document.querySelector('#signin-name')`, &devForm)
	if devForm {
		t.Fatal("the development sign-in is offered on a service without it")
	}
	b.run("sign in with Ethereum", chromedp.Click("#siwe-signin", chromedp.ByQuery))
	subject := auth.PKHSubject(uint64(e.m.Deployment.ChainID), wallet)
	b.waitText("#who", subject)
	b.waitText("main h1", "Portfolio")

	// The signed-in state reads: the profile, with the wallet as owner of
	// the proven account.
	account, err := aa.AccountAddress(e.ctx, e.m.Client, e.m.Suite.AccountFactory, wallet)
	e.must(err, "account of the wallet")
	b.open("/profile")
	b.waitText("main", subject)
	b.waitText("main", strings.ToLower(account.Hex())+" (proven)")
	b.waitText("main", strings.ToLower(wallet.Hex())+" (wallet)")
	var tokens struct {
		Subject, Token, RefreshToken string
		ExpiresAt                    int64
	}
	stored := func() {
		t.Helper()
		var raw string
		b.eval(`localStorage.getItem('predict.siwe.identity') || ''`, &raw)
		tokens.Token = ""
		if raw != "" {
			e.must(json.Unmarshal([]byte(raw), &tokens), "the kept tokens")
		}
	}
	stored()
	if tokens.Subject != subject || tokens.Token == "" || tokens.RefreshToken == "" {
		t.Fatalf("the page keeps %+v", tokens)
	}
	var info struct {
		UID, Address    string
		AddressVerified bool
	}
	apiGet(t, w.base, tokens.Token, "user/get-user-info", nil, &info)
	if info.Address != strings.ToLower(account.Hex()) || !info.AddressVerified {
		t.Fatalf("the page's login: %+v, want account %s proven", info, account.Hex())
	}

	// A token about to expire: the next visit renews it with the refresh
	// token, which is then spent.
	first, firstRefresh := tokens.Token, tokens.RefreshToken
	b.eval(`(() => { const s = JSON.parse(localStorage.getItem('predict.siwe.identity')); s.expiresAt = Date.now(); localStorage.setItem('predict.siwe.identity', JSON.stringify(s)); return true })()`, nil)
	b.open("/profile")
	b.waitText("main", subject)
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(100 * time.Millisecond) {
		if stored(); tokens.Token != first || time.Now().After(deadline) {
			break
		}
	}
	if tokens.Token == first || tokens.RefreshToken == firstRefresh {
		t.Fatalf("the token was not renewed: %+v", tokens)
	}
	if _, err := e.api("").SIWERefresh(e.ctx, firstRefresh); !client.IsCode(err, client.CodeAuth) {
		t.Fatalf("the spent refresh token: %v", err)
	}

	// Signing out forgets the tokens.
	b.run("sign out", chromedp.Click(".who button", chromedp.ByQuery))
	b.waitText(".who", "Sign in")
	if stored(); tokens.Token != "" {
		t.Fatalf("the tokens are kept after signing out: %+v", tokens)
	}
	b.open("/profile")
	b.waitText("main", "Sign in")
}

// fakeWallet is the script that stands in for a wallet extension: an
// EIP-1193 window.ethereum of one account whose personal_sign asks the
// test's signer at signerURL.
func fakeWallet(account common.Address, signerURL string) string {
	return fmt.Sprintf(`(() => {
  const account = %s;
  window.ethereum = {
    isTestWallet: true,
    async request({ method, params }) {
      switch (method) {
        case 'eth_requestAccounts':
        case 'eth_accounts':
          return [account];
        case 'personal_sign': {
          if (String(params[1]).toLowerCase() !== account) throw new Error('personal_sign for another account');
          const r = await fetch(%s, { method: 'POST', body: JSON.stringify({ data: params[0] }) });
          if (!r.ok) throw new Error('the wallet refused: ' + r.status);
          return (await r.json()).signature;
        }
      }
      throw Object.assign(new Error('unsupported method ' + method), { code: 4200 });
    },
  };
})();`, js(strings.ToLower(account.Hex())), js(signerURL+"/sign"))
}

// walletSigner answers the fake wallet's personal_sign: the EIP-191
// signature of the hex-encoded bytes it is sent, by key.
func walletSigner(key *ecdsa.PrivateKey) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		// The page's origin is the service's: a cross-origin answer.
		w.Header().Set("Access-Control-Allow-Origin", "*")
		var in struct{ Data string }
		raw, _ := io.ReadAll(io.LimitReader(r.Body, 1<<16))
		if err := json.Unmarshal(raw, &in); err != nil {
			http.Error(w, "the body must be {data}", http.StatusBadRequest)
			return
		}
		data, err := hexutil.Decode(in.Data)
		if err != nil {
			http.Error(w, "data must be 0x-hex", http.StatusBadRequest)
			return
		}
		sig, err := crypto.Sign(accounts.TextHash(data), key)
		if err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		sig[64] += 27
		json.NewEncoder(w).Encode(map[string]string{"signature": hexutil.Encode(sig)})
	})
}
