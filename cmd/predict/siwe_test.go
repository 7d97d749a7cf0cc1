package main

import (
	"context"
	"encoding/json"
	"net/http"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/crypto"

	"github.com/predict-dev/predict/client"
	"github.com/predict-dev/predict/internal/aa"
	"github.com/predict-dev/predict/internal/auth"
	"github.com/predict-dev/predict/wire"
)

// TestSIWEWallet: on a service whose only identity provider is its own
// Sign-In with Ethereum, a wallet library that is not predict's (viem's
// createSiweMessage and signMessage, test/aa-sdk/siwe.mjs) signs in, with
// a statement and without one; the token it gets logs in and is accepted
// by the API and the event stream; the refresh token gives a new token
// once. A replayed nonce, a nonce the service did not sign, another
// domain, a URI on another site, another chain id, an expired message and
// another signer are refused. The default rate limits are on.
func TestSIWEWallet(t *testing.T) {
	node := nodeSDK(t, "viem")
	e := startE2E(t, map[string]string{"PREDICT_SIWE_DOMAIN": "predict.test",
		"PREDICT_RATE_PUBLIC": "", "PREDICT_RATE_USER_READ": "", "PREDICT_RATE_USER_TRADE": ""})
	if e.m.Dev != nil {
		t.Fatal("the development identity provider runs beside Sign-In with Ethereum")
	}
	base := "http://" + e.m.Addr()
	key, _ := crypto.GenerateKey()
	wallet := crypto.PubkeyToAddress(key.PublicKey)

	cmd := exec.Command(node, "siwe.mjs")
	cmd.Dir, cmd.Stderr = sdkDir, os.Stderr
	cmd.Env = append(os.Environ(), "PREDICT_URL="+base, "SIWE_KEY="+hexutil.Encode(crypto.FromECDSA(key)))
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("node siwe.mjs: %v", err)
	}
	type signIn struct {
		Status int
		Data   wire.SIWEToken
	}
	var res struct {
		Login, LoginNoStatement signIn
		Cases                   map[string]struct{ Status, Code int }
	}
	if err := json.Unmarshal(out, &res); err != nil {
		t.Fatalf("siwe.mjs printed %s: %v", out, err)
	}
	subject := auth.PKHSubject(uint64(e.m.Deployment.ChainID), wallet)
	for name, l := range map[string]signIn{"with a statement": res.Login, "without a statement": res.LoginNoStatement} {
		if l.Status != 200 || l.Data.Subject != subject || l.Data.Token == "" {
			t.Fatalf("sign-in %s: %s", name, out)
		}
	}
	for _, name := range []string{"replayedNonce", "forgedNonce", "otherDomain", "otherURI", "otherChain", "expired", "otherSigner"} {
		if c, ok := res.Cases[name]; !ok || c.Status != 401 || c.Code != client.CodeAuth {
			t.Errorf("%s: %+v, want 401 %d", name, c, client.CodeAuth)
		}
	}

	// The token is a token like any: log in (binding the wallet's smart
	// account), read, stream.
	c, err := client.New(base, client.WithToken(res.Login.Data.Token))
	e.must(err, "client")
	account, err := aa.AccountAddress(e.ctx, e.m.Client, e.m.Suite.AccountFactory, wallet)
	e.must(err, "account address")
	login, err := c.Login(e.ctx, client.LoginRequest{Address: strings.ToLower(account.Hex()), UserName: "wallet"})
	e.must(err, "login with the SIWE token")
	info, err := c.GetUserInfo(e.ctx)
	if err != nil || info.UID != login.UID {
		t.Fatalf("user info: %+v %v", info, err)
	}
	ctx, cancel := context.WithTimeout(e.ctx, 30*time.Second)
	defer cancel()
	stream := c.NewStream()
	go stream.Run(ctx)
	select {
	case ev := <-stream.Events():
		if ev.Name != wire.EventConnected {
			t.Fatalf("first event %+v", ev)
		}
	case <-ctx.Done():
		t.Fatal("the stream did not connect with the SIWE token")
	}

	// The refresh token: a new token, once.
	anon, _ := client.New(base)
	refresh := func() (*client.SIWEToken, error) { return anon.SIWERefresh(e.ctx, res.Login.Data.RefreshToken) }
	next, err := refresh()
	if err != nil || next.Subject != subject || next.RefreshToken == res.Login.Data.RefreshToken {
		t.Fatalf("refresh: %+v %v", next, err)
	}
	c2, _ := client.New(base, client.WithToken(next.Token))
	if info, err := c2.GetUserInfo(e.ctx); err != nil || info.UID != login.UID {
		t.Fatalf("the refreshed token: %+v %v", info, err)
	}
	if _, err := refresh(); !client.IsCode(err, client.CodeAuth) {
		t.Fatalf("a refresh token used twice: %v", err)
	}
	// The service's key set publishes the issuer's key.
	var jwks struct{ Keys []struct{ Kid string } }
	resp, err := http.Get(base + "/.well-known/jwks.json")
	e.must(err, "jwks")
	defer resp.Body.Close()
	e.must(json.NewDecoder(resp.Body).Decode(&jwks), "jwks")
	if len(jwks.Keys) != 1 || jwks.Keys[0].Kid != e.m.SIWE.KeyID() {
		t.Fatalf("jwks %+v", jwks)
	}
}
