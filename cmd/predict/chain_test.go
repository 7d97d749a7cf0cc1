package main

import (
	"bytes"
	"context"
	"crypto/ecdsa"
	"encoding/json"
	"io"
	"log/slog"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/accounts/abi/bind"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/crypto"

	"github.com/predict-dev/predict/internal/aa"
	"github.com/predict-dev/predict/internal/chain"

	"github.com/predict-dev/predict/internal/chain/bindings"
)

// call sends a JSON request to the running service, fails the test unless
// it succeeded, and decodes data into data (when not nil).
func call(t *testing.T, m *Main, method, path, token string, body any, data any) {
	t.Helper()
	r := request(t, m, method, path, token, body)
	if r.Code != 0 {
		t.Fatalf("%s %s: HTTP %d code %d %s: %s", method, path, r.Status, r.Code, r.Reason, r.Msg)
	}
	if data != nil {
		if err := json.Unmarshal(r.Data, data); err != nil {
			t.Fatal(err)
		}
	}
}

// provenLogin logs token's user in with the account of key, proving
// control: it gets a login challenge, signs it and logs in with it (and
// fields). It returns the account.
func provenLogin(t *testing.T, m *Main, token string, key *ecdsa.PrivateKey, fields map[string]any) string {
	t.Helper()
	owner := crypto.PubkeyToAddress(key.PublicKey)
	account, err := aa.AccountAddress(context.Background(), m.Client, m.Suite.AccountFactory, owner)
	if err != nil {
		t.Fatal(err)
	}
	var ch struct{ Message string }
	call(t, m, "GET", "/api/v1/user/get-login-challenge?address="+account.Hex(), token, nil, &ch)
	sig, err := aa.SignMessage([]byte(ch.Message), key)
	if err != nil {
		t.Fatal(err)
	}
	body := map[string]any{"address": strings.ToLower(account.Hex()), "owner": strings.ToLower(owner.Hex()),
		"challenge": ch.Message, "signature": hexutil.Encode(sig)}
	for k, v := range fields {
		body[k] = v
	}
	var res struct{ AddressVerified bool }
	call(t, m, "POST", "/api/v1/user/login", token, body, &res)
	if !res.AddressVerified {
		t.Fatalf("login with proof: the binding of %s is not verified", account.Hex())
	}
	return strings.ToLower(account.Hex())
}

func token(t *testing.T, getenv func(string) string, sub string) string {
	t.Helper()
	var out bytes.Buffer
	if err := run(context.Background(), []string{"token", "--sub", sub}, getenv, &out, io.Discard); err != nil {
		t.Fatal(err)
	}
	return strings.TrimSpace(out.String())
}

type configData struct {
	ChainID       int64
	EntryPoint    string
	MarketFactory string
	LimitOrders   string
	Paymaster     string
	BaseTokens    []struct {
		Address, Symbol string
		Decimals        int
	}
	Dev bool
}

// TestEmbeddedChain: the first start deploys the contract suite into the
// embedded chain; the faucet and role changes are real transactions; a
// second start on the same data directory finds the same contracts and
// balances.
func TestEmbeddedChain(t *testing.T) {
	ctx := context.Background()
	getenv := testEnv(t, map[string]string{"PREDICT_ADMIN_SUBJECTS": "did:dev:root"})
	cfg, err := LoadConfig(getenv)
	if err != nil {
		t.Fatal(err)
	}
	start := func() (*Main, *bytes.Buffer) {
		var logs bytes.Buffer
		m := &Main{Config: cfg, Logger: slog.New(slog.NewTextHandler(&logs, nil))}
		if err := m.Open(ctx); err != nil {
			t.Fatalf("open: %v\n%s", err, logs.String())
		}
		return m, &logs
	}

	m, logs := start()
	if !strings.Contains(logs.String(), "contract suite deployed") {
		t.Fatalf("first start did not deploy:\n%s", logs)
	}
	var first configData
	call(t, m, "GET", "/api/v1/config", "", nil, &first)
	if first.ChainID != 1337 || !first.Dev || len(first.BaseTokens) != 2 || first.BaseTokens[0].Symbol != "USDC" || first.BaseTokens[0].Decimals != 6 {
		t.Fatalf("config = %+v", first)
	}
	for _, a := range []string{first.EntryPoint, first.MarketFactory, first.LimitOrders, first.Paymaster, first.BaseTokens[0].Address} {
		if code, err := m.Client.CodeAt(ctx, common.HexToAddress(a), nil); err != nil || len(code) == 0 {
			t.Fatalf("no code at %s (%v)", a, err)
		}
	}

	// Faucet: a real mint, visible in the token's balance.
	alice := token(t, getenv, "did:dev:alice")
	aliceKey, _ := crypto.GenerateKey()
	aliceAccount := provenLogin(t, m, alice, aliceKey, nil)
	call(t, m, "POST", "/api/v1/dev/faucet", alice, map[string]any{"address": aliceAccount, "amount": "2500000"}, nil)
	usdc, err := bindings.NewBaseTokenCaller(common.HexToAddress(first.BaseTokens[0].Address), m.Client)
	if err != nil {
		t.Fatal(err)
	}
	balance := func() string {
		b, err := usdc.BalanceOf(&bind.CallOpts{Context: ctx}, common.HexToAddress(aliceAccount))
		if err != nil {
			t.Fatal(err)
		}
		return b.String()
	}
	if got := balance(); got != "2500000" {
		t.Fatalf("balance after faucet = %s", got)
	}

	// Role change mirrored on the MarketFactory.
	root := token(t, getenv, "did:dev:root")
	call(t, m, "POST", "/api/v1/user/login", root, map[string]any{"address": "0x0000000000000000000000000000000000000001"}, nil)
	var info struct{ UID string }
	call(t, m, "GET", "/api/v1/user/get-user-info", alice, nil, &info)
	var changed struct{ ChainTxHash string }
	call(t, m, "POST", "/api/v1/admin/set-user-role", root, map[string]any{"uid": info.UID, "role": "resolver", "granted": true}, &changed)
	factory, err := bindings.NewMarketFactoryCaller(common.HexToAddress(first.MarketFactory), m.Client)
	if err != nil {
		t.Fatal(err)
	}
	if ok, err := factory.IsResolver(&bind.CallOpts{Context: ctx}, common.HexToAddress(aliceAccount)); err != nil || !ok || changed.ChainTxHash == "" {
		t.Fatalf("resolver on chain = %v (%v), tx %q", ok, err, changed.ChainTxHash)
	}

	sctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	if err := m.Close(sctx); err != nil {
		t.Fatal(err)
	}

	// A data directory from before the LimitOrders escrow: its suite file
	// lacks it, and the next start adds it without redeploying the rest.
	path := filepath.Join(cfg.DataDir, suiteFile)
	old, err := chain.LoadSuite(path)
	if err != nil {
		t.Fatal(err)
	}
	old.LimitOrders = common.Address{}
	if err := chain.SaveSuite(path, old); err != nil {
		t.Fatal(err)
	}

	m, logs = start()
	defer m.Close(ctx)
	if strings.Contains(logs.String(), "contract suite deployed") || !strings.Contains(logs.String(), "contract suite found") {
		t.Fatalf("second start redeployed:\n%s", logs)
	}
	if !strings.Contains(logs.String(), "LimitOrders deployed for the recorded suite") {
		t.Fatalf("second start did not add the escrow:\n%s", logs)
	}
	var second configData
	call(t, m, "GET", "/api/v1/config", "", nil, &second)
	if second.EntryPoint != first.EntryPoint || second.MarketFactory != first.MarketFactory || second.BaseTokens[0].Address != first.BaseTokens[0].Address {
		t.Fatalf("addresses changed across a restart: %+v → %+v", first, second)
	}
	if code, err := m.Client.CodeAt(ctx, common.HexToAddress(second.LimitOrders), nil); err != nil || len(code) == 0 || second.LimitOrders == first.LimitOrders {
		t.Fatalf("escrow of the second start %s: code %d bytes (%v)", second.LimitOrders, len(code), err)
	}
	usdc, _ = bindings.NewBaseTokenCaller(common.HexToAddress(first.BaseTokens[0].Address), m.Client)
	if got := balance(); got != "2500000" {
		t.Fatalf("balance after restart = %s", got)
	}
}
