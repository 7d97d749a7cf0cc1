package main

import (
	"bytes"
	"context"
	"crypto/ecdsa"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math/big"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/accounts/abi/bind"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/crypto"

	"github.com/predict-dev/predict/client"
	"github.com/predict-dev/predict/internal/aa"
	"github.com/predict-dev/predict/internal/api/apitest"
	"github.com/predict-dev/predict/internal/chain"
	"github.com/predict-dev/predict/internal/chain/bindings"
	"github.com/predict-dev/predict/wire"
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
	status, raw := exchange(t, m, method, path, token, body)
	out := apiResult{Status: status}
	if err := json.Unmarshal(raw, &out); err != nil {
		t.Fatalf("%s %s: not JSON: %s", method, path, raw)
	}
	return out
}

// exchange sends a JSON request to the running service and returns the
// answer's status and body, validated against openapi.yaml.
func exchange(t *testing.T, m *Main, method, path, token string, body any) (int, []byte) {
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
	return res.StatusCode, raw
}

// validating checks every JSON answer the Go client receives against
// openapi.yaml, as request does. Event streams are read by the client as
// they come and are left alone. A failure is reported with Errorf and as
// the request's error: the client's Stream sends requests from its own
// goroutine, where FailNow may not run.
type validating struct{ t testing.TB }

func (v validating) RoundTrip(req *http.Request) (res *http.Response, err error) {
	res, err = http.DefaultTransport.RoundTrip(req)
	if err != nil || strings.HasPrefix(res.Header.Get("Content-Type"), "text/event-stream") {
		return res, err
	}
	raw, err := io.ReadAll(res.Body)
	res.Body.Close()
	if err != nil {
		return nil, err
	}
	res.Body = io.NopCloser(bytes.NewReader(raw))
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(invalidAnswer); !ok {
				panic(r)
			}
			res, err = nil, fmt.Errorf("answer of %s %s does not match openapi.yaml", req.Method, req.URL.Path)
		}
	}()
	apitest.Validate(nonFatal{v.t}, req, res, raw)
	return res, nil
}

// nonFatal turns Fatalf into Errorf and a panic that validating recovers.
type nonFatal struct{ testing.TB }

type invalidAnswer struct{}

func (n nonFatal) Fatalf(format string, args ...any) {
	n.TB.Errorf(format, args...)
	panic(invalidAnswer{})
}

// api returns a Go client of the running service sending token. It is
// made per call: the crash test restarts the service on another port.
func (e *e2e) api(token string) *client.Client {
	e.t.Helper()
	c, err := client.New("http://"+e.m.Addr(), client.WithToken(token),
		client.WithHTTPClient(&http.Client{Transport: validating{e.t}}))
	if err != nil {
		e.t.Fatal(err)
	}
	return c
}

// as is the client of u.
func (e *e2e) as(u *user) *client.Client { return e.api(u.token) }

// signer signs u's operations. The EntryPoint, chain id and account are
// pinned from the chain side of the test, not taken from the service, so
// the signer's checks compare the service's answers with facts.
func (e *e2e) signer(u *user) *client.Signer {
	return client.NewSigner(e.as(u), u.owner,
		client.WithChain(e.m.Suite.EntryPoint, big.NewInt(e.m.Deployment.ChainID)), client.WithAccount(u.account))
}

// cli is the command line against the service, as a person at a shell
// with a home of its own: its environment (a test may add to it) and a
// runner that answers what a command printed on stdout.
func (e *e2e) cli() (env map[string]string, predict func(args ...string) (string, error)) {
	home := e.t.TempDir()
	env = map[string]string{"PREDICT_DATA_DIR": e.m.Config.DataDir, "PREDICT_URL": "http://" + e.m.Addr(),
		"XDG_CONFIG_HOME": filepath.Join(home, "config"), "HOME": home}
	return env, func(args ...string) (string, error) {
		var out, errOut bytes.Buffer
		err := run(e.ctx, args, func(k string) string { return env[k] }, &out, &errOut)
		return out.String(), err
	}
}

// must fails the test on err, naming who did what.
func (e *e2e) must(err error, format string, args ...any) {
	e.t.Helper()
	if err != nil {
		e.t.Fatalf("%s: %v", fmt.Sprintf(format, args...), err)
	}
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
	login, err := e.signer(u).Login(e.ctx, client.LoginRequest{Address: strings.ToLower(acct.Hex()), UserName: name})
	e.must(err, "%s logs in", name)
	u.uid = login.UID
	return u
}

func (e *e2e) faucet(u *user, amount int64) {
	e.t.Helper()
	_, err := e.as(u).Faucet(e.ctx, client.FaucetRequest{Address: strings.ToLower(u.account.Hex()), Amount: wire.NewAmount(big.NewInt(amount))})
	e.must(err, "faucet to %s", u.name)
}

// prepare asks the service for an operation and signs it, over raw HTTP:
// the tests of refusals change the fields after signing, which the
// client's Signer is built to prevent.
func (e *e2e) prepare(u *user, action string, fields map[string]any) (map[string]any, json.RawMessage) {
	e.t.Helper()
	body := map[string]any{"action": action, "owner": strings.ToLower(crypto.PubkeyToAddress(u.owner.PublicKey).Hex())}
	for k, v := range fields {
		body[k] = v
	}
	r := e.post(u, "/api/v1/aa/prepare-user-operation", body)
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
	r := e.post(u, path, fields)
	if r.Code != 0 {
		e.t.Fatalf("%s %s: %d %s %s", u.name, path, r.Code, r.Reason, r.Msg)
	}
	var out map[string]any
	json.Unmarshal(r.Data, &out)
	return out
}

// post sends u's request and, under the default rate limits, waits out
// a 429 as a client does before sending it again (at most 20 times).
func (e *e2e) post(u *user, path string, body any) apiResult {
	e.t.Helper()
	r := request(e.t, e.m, "POST", path, u.token, body)
	for try := 0; r.Status == http.StatusTooManyRequests && try < 20; try++ {
		time.Sleep(250 * time.Millisecond)
		r = request(e.t, e.m, "POST", path, u.token, body)
	}
	return r
}

// waitOp polls the operation's status until it is final.
func (e *e2e) waitOp(opHash string) (status, reason string) {
	e.t.Helper()
	ctx, cancel := context.WithTimeout(e.ctx, 60*time.Second)
	defer cancel()
	st, err := e.api("").Wait(ctx, opHash, &client.WaitOptions{Interval: 20 * time.Millisecond, MaxInterval: 100 * time.Millisecond})
	if errors.Is(err, context.DeadlineExceeded) {
		last := request(e.t, e.m, "GET", "/api/v1/aa/get-operation-status?opHash="+opHash, "", nil)
		e.t.Fatalf("operation %s not final after 60 s; the service says %s", opHash, last.Data)
	}
	e.must(err, "wait for operation %s", opHash)
	return st.Status, st.Reason
}

func (e *e2e) confirmed(opHash string) {
	e.t.Helper()
	if st, reason := e.waitOp(opHash); st != "confirmed" {
		e.t.Fatalf("operation %s: %s (%s), want confirmed", opHash, st, reason)
	}
}

func (e *e2e) deadline() string {
	return fmt.Sprint(e.deadlineTime().Unix())
}

// deadlineTime is an hour ahead of the chain's time.
func (e *e2e) deadlineTime() time.Time {
	h, err := e.m.Client.HeaderByNumber(e.ctx, nil)
	if err != nil {
		e.t.Fatal(err)
	}
	return time.Unix(int64(h.Time)+3600, 0)
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

// supply reads an ERC-20 total supply on chain.
func (e *e2e) supply(token common.Address) *big.Int {
	e.t.Helper()
	c, err := bindings.NewBaseTokenCaller(token, e.m.Client)
	if err != nil {
		e.t.Fatal(err)
	}
	n, err := c.TotalSupply(&bind.CallOpts{Context: e.ctx})
	if err != nil {
		e.t.Fatal(err)
	}
	return n
}

func (e *e2e) detail(market string) *client.Market {
	e.t.Helper()
	d, err := e.api("").GetMarketDetail(e.ctx, market, "")
	e.must(err, "market detail")
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
