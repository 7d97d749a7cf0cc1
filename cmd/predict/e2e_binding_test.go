package main

import (
	"bytes"
	"crypto/ecdsa"
	"encoding/json"
	"fmt"
	"io"
	"math/big"
	"net/http"
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
	"github.com/predict-dev/predict/internal/cli"
)

// TestAccountBinding binds smart accounts at login on the real
// SimpleAccountFactory and SimpleAccount of the embedded chain: a binding
// without proof is provisional and gives way to the owner's proof, a
// proven one is final, and addresses that are nobody's account are
// refused.
// msg is the message of a get-login-challenge answer.
func (r apiResult) msg(t *testing.T) string {
	t.Helper()
	var ch struct{ Message string }
	if err := json.Unmarshal(r.Data, &ch); err != nil || ch.Message == "" {
		t.Fatalf("not a challenge: %s (%v)", r.Data, err)
	}
	return ch.Message
}

func TestAccountBinding(t *testing.T) {
	e := startE2E(t, map[string]string{"PREDICT_ADMIN_SUBJECTS": "did:dev:root,did:dev:boss"})
	tok := func(name string) string { return token(t, e.getenv, "did:dev:"+name) }
	accountOf := func(key *ecdsa.PrivateKey) string {
		a, err := aa.AccountAddress(e.ctx, e.m.Client, e.m.Suite.AccountFactory, crypto.PubkeyToAddress(key.PublicKey))
		if err != nil {
			t.Fatal(err)
		}
		return strings.ToLower(a.Hex())
	}
	login := func(token string, body map[string]any) apiResult {
		return request(t, e.m, "POST", "/api/v1/user/login", token, body)
	}
	challenge := func(token, address string) string {
		var ch struct{ Message string }
		call(t, e.m, "GET", "/api/v1/user/get-login-challenge?address="+address, token, nil, &ch)
		return ch.Message
	}
	// proof is a login body for address with msg signed by key.
	proof := func(address, msg string, key *ecdsa.PrivateKey) map[string]any {
		sig, err := aa.SignMessage([]byte(msg), key)
		if err != nil {
			t.Fatal(err)
		}
		return map[string]any{"address": address, "challenge": msg, "signature": hexutil.Encode(sig)}
	}
	verified := func(r apiResult) bool {
		t.Helper()
		if r.Code != 0 {
			t.Fatalf("login: HTTP %d code %d %s", r.Status, r.Code, r.Msg)
		}
		var out struct{ AddressVerified bool }
		json.Unmarshal(r.Data, &out)
		return out.AddressVerified
	}
	userInfo := func(token string) (address string, proven bool) {
		var u struct {
			Address         string
			AddressVerified bool
		}
		call(t, e.m, "GET", "/api/v1/user/get-user-info", token, nil, &u)
		return u.Address, u.AddressVerified
	}

	owner, _ := crypto.GenerateKey()
	forger, _ := crypto.GenerateKey()
	account := accountOf(owner) // not deployed
	squatter, real, thief := tok("squatter"), tok("owner"), tok("thief")

	t.Run("ProvisionalWithoutProof", func(t *testing.T) {
		// A client that sends the address without a proof still logs in.
		if verified(login(squatter, map[string]any{"address": account, "userName": "squatter"})) {
			t.Fatal("a login without proof is verified")
		}
		// The real owner, without proof, cannot take the address.
		wantReject(t, login(real, map[string]any{"address": account}), http.StatusConflict, 110105)
	})
	t.Run("ForgedSignatureRefused", func(t *testing.T) {
		wantReject(t, login(real, proof(account, challenge(real, account), forger)), http.StatusForbidden, 110104)
		// The owner's signature of another identity's challenge serves
		// that identity only.
		wantReject(t, login(real, proof(account, challenge(squatter, account), owner)), http.StatusBadRequest, 110101)
		// A signature that is not of the challenge.
		body := proof(account, challenge(real, account), owner)
		body["challenge"] = challenge(real, account)
		wantReject(t, login(real, body), http.StatusForbidden, 110104)
		if a, _ := userInfo(squatter); a != account {
			t.Fatalf("the squatter lost the address to a refused proof: %q", a)
		}
	})
	t.Run("OwnerProofTakesOver", func(t *testing.T) {
		body := proof(account, challenge(real, account), owner)
		body["owner"] = strings.ToLower(crypto.PubkeyToAddress(owner.PublicKey).Hex())
		if !verified(login(real, body)) {
			t.Fatal("the owner's proof did not verify the binding")
		}
		if a, proven := userInfo(real); a != account || !proven {
			t.Fatalf("owner bound to %q (proven %t)", a, proven)
		}
		if a, _ := userInfo(squatter); a != "" {
			t.Fatalf("the squatter still holds %q", a)
		}
		var notes struct {
			Notifications []struct {
				Kind string
				Data map[string]string
			}
		}
		call(t, e.m, "GET", "/api/v1/user/get-notifications?page=1&pageSize=10", squatter, nil, &notes)
		if len(notes.Notifications) != 1 || notes.Notifications[0].Kind != "address_lost" || notes.Notifications[0].Data["address"] != account {
			t.Fatalf("squatter's notifications = %+v", notes.Notifications)
		}
	})
	t.Run("ProvenBindingIsFinal", func(t *testing.T) {
		wantReject(t, login(thief, map[string]any{"address": account}), http.StatusConflict, 110105)
		// Even a proof by the owner (tricked into signing the thief's
		// challenge) does not move a proven binding.
		wantReject(t, login(thief, proof(account, challenge(thief, account), owner)), http.StatusConflict, 110105)
		if a, _ := userInfo(real); a != account {
			t.Fatalf("owner's address is now %q", a)
		}
	})

	// A deployed account: its owner() on chain decides.
	deployedOwner, _ := crypto.GenerateKey()
	deployed := accountOf(deployedOwner)
	keys, err := chain.LoadOrCreateKeys(e.m.Config.DataDir)
	if err != nil {
		t.Fatal(err)
	}
	factory, err := bindings.NewSimpleAccountFactory(e.m.Suite.AccountFactory, e.m.Client)
	if err != nil {
		t.Fatal(err)
	}
	opts, err := bind.NewKeyedTransactorWithChainID(keys.Operator, new(big.Int).SetUint64(e.m.Suite.ChainID))
	if err != nil {
		t.Fatal(err)
	}
	tx, err := factory.CreateAccount(opts, crypto.PubkeyToAddress(deployedOwner.PublicKey), aa.AccountSalt)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := chain.WaitMined(e.ctx, e.m.Client, tx.Hash()); err != nil {
		t.Fatal(err)
	}
	t.Run("DeployedAccount", func(t *testing.T) {
		if verified(login(tok("squatter2"), map[string]any{"address": deployed})) {
			t.Fatal("a login without proof is verified")
		}
		wantReject(t, login(tok("owner2"), proof(deployed, challenge(tok("owner2"), deployed), forger)), http.StatusForbidden, 110104)
		if !verified(login(tok("owner2"), proof(deployed, challenge(tok("owner2"), deployed), deployedOwner))) {
			t.Fatal("the owner's proof did not verify the binding")
		}
	})

	t.Run("SignLoginCommand", func(t *testing.T) {
		// What a curl user does (README.md): keygen, challenge, sign-login,
		// login.
		keyFile := filepath.Join(t.TempDir(), "owner.key")
		key, err := cli.WriteKeyFile(keyFile)
		if err != nil {
			t.Fatal(err)
		}
		carol, address := tok("carol"), accountOf(key)
		r := request(t, e.m, "GET", "/api/v1/user/get-login-challenge?address="+address, carol, nil)
		answer := fmt.Sprintf(`{"code":%d,"data":%s}`, r.Code, r.Data)
		api := "http://" + e.m.Addr()
		var out, errOut bytes.Buffer
		if err := runSignLogin([]string{"--key-file", keyFile, "--api", api, "--body", `{"userName":"carol"}`}, noEnv, strings.NewReader(answer), &out, &errOut); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(errOut.String(), "did:dev:carol") {
			t.Fatalf("sign-login does not say which identity it binds: %q", errOut.String())
		}
		var body map[string]any
		if err := json.Unmarshal(out.Bytes(), &body); err != nil {
			t.Fatal(err)
		}
		if !verified(login(carol, body)) {
			t.Fatal("the login body of sign-login did not verify the binding")
		}
		if name, _ := body["userName"].(string); name != "carol" {
			t.Fatalf("body = %v", body)
		}
		// Anything but a login challenge is refused: an operation's hash
		// above all.
		for _, msg := range []string{"0x" + strings.Repeat("ab", 32), strings.Replace(r.msg(t), "Chain ID: ", "Chain ID: 9", 1)} {
			raw, _ := json.Marshal(map[string]any{"code": 0, "data": map[string]string{"message": msg}})
			if err := runSignLogin([]string{"--key-file", keyFile, "--api", api}, noEnv, bytes.NewReader(raw), io.Discard, io.Discard); err == nil {
				t.Fatalf("sign-login signed %q", msg)
			}
		}
	})

	root := e.newUser("root") // proven, as every scenario user
	e.faucet(root, 1_000_000_000)
	market, _ := e.newMarket(root, "Binding")
	t.Run("NotAnAccountRefused", func(t *testing.T) {
		for name, a := range map[string]string{
			"Zero":      "0x0000000000000000000000000000000000000000",
			"Market":    market,
			"BaseToken": strings.ToLower(e.m.Suite.BaseTokens[0].Address.Hex()),
		} {
			t.Run(name, func(t *testing.T) {
				mallory := tok("mallory")
				wantReject(t, login(mallory, map[string]any{"address": a}), http.StatusBadRequest, 110101)
				wantReject(t, request(t, e.m, "GET", "/api/v1/user/get-login-challenge?address="+a, mallory, nil), http.StatusBadRequest, 110101)
			})
		}
		wantReject(t, request(t, e.m, "POST", "/api/v1/dev/faucet", root.token, map[string]any{"address": "0x0000000000000000000000000000000000000000"}),
			http.StatusBadRequest, 110101)
	})
	t.Run("BootstrapAdminNeedsProvenAccount", func(t *testing.T) {
		// The service grants a bootstrap admin's account the admin role
		// on chain at its first create-market: only a proven account.
		bossKey, _ := crypto.GenerateKey()
		boss, bossAccount := tok("boss"), accountOf(bossKey)
		if verified(login(boss, map[string]any{"address": bossAccount})) {
			t.Fatal("a login without proof is verified")
		}
		prepare := func() apiResult {
			return request(t, e.m, "POST", "/api/v1/aa/prepare-user-operation", boss, map[string]any{
				"action": "create-market", "owner": strings.ToLower(crypto.PubkeyToAddress(bossKey.PublicKey).Hex()),
				"title": "Boss", "description": "d", "rules": "r", "options": []map[string]string{{"title": "Yes"}, {"title": "No"}},
				"categoryId": "test", "endTime": e.deadlineTime().Format(time.RFC3339),
				"baseTokenAddress": strings.ToLower(e.m.Suite.BaseTokens[0].Address.Hex()), "initialLiquidity": "1000000",
			})
		}
		wantReject(t, prepare(), http.StatusConflict, 110113)
		mf, err := bindings.NewMarketFactoryCaller(e.m.Suite.MarketFactory, e.m.Client)
		if err != nil {
			t.Fatal(err)
		}
		if ok, err := mf.IsAdmin(&bind.CallOpts{Context: e.ctx}, common.HexToAddress(bossAccount)); err != nil || ok {
			t.Fatalf("provisional account admin on chain: %t, %v", ok, err)
		}
		if !verified(login(boss, proof(bossAccount, challenge(boss, bossAccount), bossKey))) {
			t.Fatal("the owner's proof did not verify the binding")
		}
		// The new market's liquidity: the boss's account must hold it.
		if r := request(t, e.m, "POST", "/api/v1/dev/faucet", boss, map[string]any{"address": bossAccount, "amount": "1000000"}); r.Code != 0 {
			t.Fatalf("faucet: HTTP %d code %d %s", r.Status, r.Code, r.Msg)
		}
		if r := prepare(); r.Code != 0 {
			t.Fatalf("prepare after the proof: HTTP %d code %d %s", r.Status, r.Code, r.Msg)
		}
		if ok, err := mf.IsAdmin(&bind.CallOpts{Context: e.ctx}, common.HexToAddress(bossAccount)); err != nil || !ok {
			t.Fatalf("proven account admin on chain: %t, %v", ok, err)
		}
	})
	t.Run("RoleNeedsProvenAccount", func(t *testing.T) {
		provisional, _ := crypto.GenerateKey()
		var p struct{ UID string }
		r := login(tok("provisional"), map[string]any{"address": accountOf(provisional)})
		json.Unmarshal(r.Data, &p)
		var lost struct{ UID string }
		call(t, e.m, "GET", "/api/v1/user/get-user-info", squatter, nil, &lost)
		for name, uid := range map[string]string{"Provisional": p.UID, "NoAddress": lost.UID} {
			r := request(t, e.m, "POST", "/api/v1/admin/set-user-role", root.token, map[string]any{"uid": uid, "role": "resolver", "granted": true})
			if r.Status != http.StatusConflict || r.Code != 110113 {
				t.Fatalf("%s: HTTP %d code %d %s, want 409 110113", name, r.Status, r.Code, r.Msg)
			}
		}
		var o struct{ UID string }
		call(t, e.m, "GET", "/api/v1/user/get-user-info", real, nil, &o)
		call(t, e.m, "POST", "/api/v1/admin/set-user-role", root.token, map[string]any{"uid": o.UID, "role": "resolver", "granted": true}, nil)
		mf, err := bindings.NewMarketFactoryCaller(e.m.Suite.MarketFactory, e.m.Client)
		if err != nil {
			t.Fatal(err)
		}
		if ok, err := mf.IsResolver(&bind.CallOpts{Context: e.ctx}, common.HexToAddress(account)); err != nil || !ok {
			t.Fatalf("owner's account resolver on chain: %t, %v", ok, err)
		}
	})
}
