package main

import (
	"github.com/predict-dev/predict/internal/api/apitest"

	"bytes"
	"context"
	"crypto/ecdsa"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"math/big"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/accounts/abi/bind"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/crypto"

	"github.com/predict-dev/predict/internal/aa"
	"github.com/predict-dev/predict/internal/chain"
	"github.com/predict-dev/predict/internal/chain/bindings"
)

// apiResult is a decoded envelope, success or error.
type apiResult struct {
	Status int
	Code   int
	Reason string
	Msg    string
	Data   json.RawMessage
}

// request sends a JSON request to the running service.
func request(t *testing.T, m *Main, method, path, token string, body any) apiResult {
	t.Helper()
	var rd io.Reader
	if body != nil {
		raw, err := json.Marshal(body)
		if err != nil {
			t.Fatal(err)
		}
		rd = bytes.NewReader(raw)
	}
	req, _ := http.NewRequest(method, "http://"+m.Addr()+path, rd)
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	req.Header.Set("Content-Type", "application/json")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	apitest.Validate(t, req, res, raw)
	out := apiResult{Status: res.StatusCode}
	if err := json.Unmarshal(raw, &out); err != nil {
		t.Fatalf("%s %s: not JSON: %s", method, path, raw)
	}
	return out
}

// user is a person of the scenario: an identity token and an owner key
// whose SimpleAccount is the bound address.
type user struct {
	name    string
	token   string
	owner   *ecdsa.PrivateKey
	account common.Address
	uid     string
}

// e2e is the running service and what the scenario needs of the chain.
type e2e struct {
	t      *testing.T
	m      *Main
	getenv func(string) string
	ctx    context.Context
}

func (e *e2e) newUser(name string) *user {
	e.t.Helper()
	owner, _ := crypto.GenerateKey()
	acct, err := aa.AccountAddress(e.ctx, e.m.Client, e.m.Suite.AccountFactory, crypto.PubkeyToAddress(owner.PublicKey))
	if err != nil {
		e.t.Fatal(err)
	}
	u := &user{name: name, token: token(e.t, e.getenv, "did:dev:"+name), owner: owner, account: acct}
	var login struct{ UID string }
	call(e.t, e.m, "POST", "/api/v1/user/login", u.token, map[string]any{"address": strings.ToLower(acct.Hex()), "userName": name}, &login)
	u.uid = login.UID
	return u
}

func (e *e2e) faucet(u *user, amount int64) {
	e.t.Helper()
	call(e.t, e.m, "POST", "/api/v1/dev/faucet", u.token, map[string]any{"address": strings.ToLower(u.account.Hex()), "amount": fmt.Sprint(amount)}, nil)
}

// prepare asks the service for an operation and signs it.
func (e *e2e) prepare(u *user, action string, fields map[string]any) (map[string]any, json.RawMessage) {
	e.t.Helper()
	body := map[string]any{"action": action, "owner": strings.ToLower(crypto.PubkeyToAddress(u.owner.PublicKey).Hex())}
	for k, v := range fields {
		body[k] = v
	}
	r := request(e.t, e.m, "POST", "/api/v1/aa/prepare-user-operation", u.token, body)
	if r.Code != 0 {
		e.t.Fatalf("%s prepares %s: %d %s %s", u.name, action, r.Code, r.Reason, r.Msg)
	}
	var p struct {
		UserOperation aa.UserOperation
		UserOpHash    common.Hash
	}
	if err := json.Unmarshal(r.Data, &p); err != nil {
		e.t.Fatal(err)
	}
	sig, err := aa.SignHash(p.UserOpHash, u.owner)
	if err != nil {
		e.t.Fatal(err)
	}
	p.UserOperation.Signature = sig
	fields["userOperation"] = &p.UserOperation
	return fields, r.Data
}

// submit posts a signed request and returns its data; it fails the test
// unless the service accepted it.
func (e *e2e) submit(u *user, path string, fields map[string]any) map[string]any {
	e.t.Helper()
	r := request(e.t, e.m, "POST", path, u.token, fields)
	if r.Code != 0 {
		e.t.Fatalf("%s %s: %d %s %s", u.name, path, r.Code, r.Reason, r.Msg)
	}
	var out map[string]any
	json.Unmarshal(r.Data, &out)
	return out
}

// waitOp polls the operation's status until it is final.
func (e *e2e) waitOp(opHash string) (status, reason string) {
	e.t.Helper()
	deadline := time.Now().Add(60 * time.Second)
	for time.Now().Before(deadline) {
		var st struct{ Status, Reason string }
		call(e.t, e.m, "GET", "/api/v1/aa/get-operation-status?opHash="+opHash, "", nil, &st)
		switch st.Status {
		case "confirmed", "reverted", "dropped":
			return st.Status, st.Reason
		}
		time.Sleep(50 * time.Millisecond)
	}
	e.t.Fatalf("operation %s not final after 60 s", opHash)
	return "", ""
}

func (e *e2e) confirmed(opHash string) {
	e.t.Helper()
	if st, reason := e.waitOp(opHash); st != "confirmed" {
		e.t.Fatalf("operation %s: %s (%s), want confirmed", opHash, st, reason)
	}
}

func (e *e2e) deadline() string {
	h, err := e.m.Client.HeaderByNumber(e.ctx, nil)
	if err != nil {
		e.t.Fatal(err)
	}
	return fmt.Sprint(h.Time + 3600)
}

// balance reads an ERC-20 balance on chain.
func (e *e2e) balance(token, account common.Address) *big.Int {
	e.t.Helper()
	c, err := bindings.NewBaseTokenCaller(token, e.m.Client)
	if err != nil {
		e.t.Fatal(err)
	}
	b, err := c.BalanceOf(&bind.CallOpts{Context: e.ctx}, account)
	if err != nil {
		e.t.Fatal(err)
	}
	return b
}

// marketDetail is the part of get-market-detail the scenario compares.
type marketDetail struct {
	Status               string
	Volume               string
	Liquidity            string
	ParticipantCount     int
	WinningOptionAddress string
	Options              []struct {
		OptionAddress string
		Price         string
		HoldersCount  int
	}
}

func (e *e2e) detail(market string) marketDetail {
	e.t.Helper()
	var d marketDetail
	call(e.t, e.m, "GET", "/api/v1/market/get-market-detail?marketAddress="+market, "", nil, &d)
	return d
}

// fundETH sends ether from the operator key to an account, for the user
// who builds and pays for an operation without the paymaster.
func (e *e2e) fundETH(to common.Address, wei *big.Int) {
	e.t.Helper()
	keys, err := chain.LoadOrCreateKeys(e.m.Config.DataDir)
	if err != nil {
		e.t.Fatal(err)
	}
	chainID := big.NewInt(e.m.Deployment.ChainID)
	nonce, err := e.m.Client.PendingNonceAt(e.ctx, keys.OperatorAddress())
	if err != nil {
		e.t.Fatal(err)
	}
	head, _ := e.m.Client.HeaderByNumber(e.ctx, nil)
	fee := new(big.Int).Add(new(big.Int).Mul(head.BaseFee, big.NewInt(2)), big.NewInt(1e9))
	tx, err := types.SignNewTx(keys.Operator, types.LatestSignerForChainID(chainID), &types.DynamicFeeTx{
		ChainID: chainID, Nonce: nonce, GasTipCap: big.NewInt(1e9), GasFeeCap: fee, Gas: 21000, To: &to, Value: wei,
	})
	if err != nil {
		e.t.Fatal(err)
	}
	if err := e.m.Client.SendTransaction(e.ctx, tx); err != nil {
		e.t.Fatal(err)
	}
	if _, err := chain.WaitMined(e.ctx, e.m.Client, tx.Hash()); err != nil {
		e.t.Fatal(err)
	}
}

func startE2E(t *testing.T, extra map[string]string) *e2e {
	// The scenarios send requests faster than a person would: the rate
	// limits (tested in internal/api) are off here.
	env := map[string]string{"PREDICT_ADMIN_SUBJECTS": "did:dev:root",
		"PREDICT_RATE_PUBLIC": "0", "PREDICT_RATE_USER_READ": "0", "PREDICT_RATE_USER_TRADE": "0"}
	for k, v := range extra {
		env[k] = v
	}
	getenv := testEnv(t, env)
	cfg, err := LoadConfig(getenv)
	if err != nil {
		t.Fatal(err)
	}
	m := &Main{Config: cfg, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))}
	if testing.Verbose() {
		m.Logger = slog.New(slog.NewTextHandler(testWriter{t}, &slog.HandlerOptions{Level: slog.LevelInfo}))
	}
	if err := m.Open(context.Background()); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { m.Close(context.Background()) })
	return &e2e{t: t, m: m, getenv: getenv, ctx: context.Background()}
}

// testWriter sends the service's log to the test log.
type testWriter struct{ t *testing.T }

func (w testWriter) Write(p []byte) (int, error) {
	w.t.Log(strings.TrimRight(string(p), "\n"))
	return len(p), nil
}
