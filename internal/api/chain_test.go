package api_test

import (
	"context"
	"errors"
	"math/big"
	"net/http"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/signer/core/apitypes"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/internal/api"
	"github.com/predict-dev/predict/internal/exchange"
	"github.com/predict-dev/predict/internal/store"
	"github.com/predict-dev/predict/internal/store/storetest"
	"github.com/predict-dev/predict/wire"
)

var testDeployment = &predict.Deployment{
	ChainID: 1337, EntryPoint: addr(0xe1), AccountFactory: addr(0xaf), Paymaster: addr(0x9a), MarketFactory: addr(0xf1),
	BaseTokens:    []predict.BaseToken{{Address: addr(0xb1), Symbol: "USDC", Decimals: 6}, {Address: addr(0xb2), Symbol: "PTS", Decimals: 6}},
	FeeBps:        200,
	BlockInterval: time.Second,
	DeployBlock:   1,
	Dev:           true,
}

// chainDouble records what the API asked of the chain. The real chain
// side (internal/chain on the embedded dev chain) is exercised by the
// tests of cmd/predict; here only the API's handling of its answers is.
type chainDouble struct {
	fail   error
	roles  []string
	mints  []string
	amount *big.Int
}

func (c *chainDouble) SetRole(_ context.Context, account, role string, granted bool) (string, error) {
	if c.fail != nil {
		return "", c.fail
	}
	c.roles = append(c.roles, account+" "+role)
	return "0xtx", nil
}

func (c *chainDouble) Mint(_ context.Context, token, to string, amount *big.Int) (string, error) {
	c.mints = append(c.mints, token+" "+to)
	c.amount = amount
	return "0xmint", nil
}

func TestConfig(t *testing.T) {
	e := newEnv(t, storetest.OpenSQLite(t), func(c *api.Config) { c.Deployment = testDeployment })
	var cfg struct {
		ChainID         int64
		EntryPoint      string
		BaseTokens      []struct{ Symbol string }
		BlockIntervalMs int64
	}
	e.read(t, "/api/v1/config", "", &cfg)
	if cfg.ChainID != 1337 || cfg.EntryPoint != addr(0xe1) || len(cfg.BaseTokens) != 2 || cfg.BlockIntervalMs != 1000 {
		t.Fatalf("config = %+v", cfg)
	}
	// Without a faucet (production) the endpoint does not exist.
	wantError(t, e.do("POST", "/api/v1/dev/faucet", e.token("did:dev:alice"), map[string]any{"address": addr(1)}), http.StatusNotFound, 110102)
}

func TestFaucet(t *testing.T) {
	chain := &chainDouble{}
	e := newEnv(t, storetest.OpenSQLite(t), func(c *api.Config) { c.Deployment, c.Faucet = testDeployment, chain })
	alice := e.signIn("did:dev:alice", addr(1))

	r := e.do("POST", "/api/v1/dev/faucet", alice, map[string]any{"address": addr(5)})
	wantOK(t, r)
	if len(chain.mints) != 1 || chain.mints[0] != addr(0xb1)+" "+addr(5) || chain.amount.String() != "1000000000" {
		t.Fatalf("mints = %v amount %v", chain.mints, chain.amount)
	}
	wantOK(t, e.do("POST", "/api/v1/dev/faucet", alice, map[string]any{"address": addr(5), "baseTokenAddress": addr(0xb2), "amount": "5"}))
	if chain.mints[1] != addr(0xb2)+" "+addr(5) || chain.amount.Int64() != 5 {
		t.Fatalf("second mint = %v amount %v", chain.mints, chain.amount)
	}
	for name, body := range map[string]map[string]any{
		"UnknownToken": {"address": addr(5), "baseTokenAddress": addr(0xb3)},
		"Zero":         {"address": addr(5), "amount": "0"},
		"TooMuch":      {"address": addr(5), "amount": "1000000000001"},
		"Fraction":     {"address": addr(5), "amount": "1.5"},
		"Negative":     {"address": addr(5), "amount": "-1"},
		"NoAddress":    {},
		"ZeroAddress":  {"address": addr(0)},
	} {
		t.Run(name, func(t *testing.T) {
			wantError(t, e.do("POST", "/api/v1/dev/faucet", alice, body), http.StatusBadRequest, 110101)
		})
	}
	wantError(t, e.do("POST", "/api/v1/dev/faucet", "", map[string]any{"address": addr(5)}), http.StatusUnauthorized, 110303)
}

// prove makes the binding of sub to a final, as a login with a proof of
// control does; the proof itself is checked on the real chain in the
// tests of cmd/predict.
func (e *env) prove(sub, a string) {
	e.t.Helper()
	if _, _, err := e.store.Login(context.Background(), predict.LoginParams{Subject: sub, Address: a, Verified: true}); err != nil {
		e.t.Fatal(err)
	}
}

// TestSetUserRoleNeedsProvenAccount: a role mirrored on chain goes to the
// user's account, so a user without a proven one is refused with 409
// NO_ACCOUNT before anything reaches the chain (the zero address made the
// chain's transaction fail: 502).
func TestSetUserRoleNeedsProvenAccount(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.DB) {
		chain := &chainDouble{}
		e := newEnv(t, s, func(c *api.Config) { c.Roles = chain })
		root := e.signIn(adminSubject, addr(1))
		provisional := e.login("did:dev:provisional", addr(2))
		// Bindings made before proofs existed may hold the zero address.
		zero, _, err := s.Login(context.Background(), predict.LoginParams{Subject: "did:dev:zero", Address: addr(0), Verified: true})
		if err != nil {
			t.Fatal(err)
		}
		// A user whose provisional binding was taken over has none.
		e.login("did:dev:squatter", addr(3))
		e.prove("did:dev:owner", addr(3))
		squatter, err := s.UserBySubject(context.Background(), "did:dev:squatter")
		if err != nil || squatter.Address != "" {
			t.Fatalf("squatter after the takeover: %+v, %v", squatter, err)
		}
		for name, uid := range map[string]string{"Provisional": provisional, "ZeroAddress": zero.UID, "NoAddress": squatter.UID} {
			t.Run(name, func(t *testing.T) {
				wantError(t, e.do("POST", "/api/v1/admin/set-user-role", root, map[string]any{"uid": uid, "role": "resolver", "granted": true}), http.StatusConflict, 110113)
				u, err := s.UserByUID(context.Background(), uid)
				if err != nil || u.HasRole(predict.RoleResolver) {
					t.Fatalf("role recorded: %+v, %v", u, err)
				}
			})
		}
		// Revoking from a user without an account is recorded; nothing
		// goes to the chain.
		if err := s.SetRole(context.Background(), squatter.UID, predict.RoleResolver, true); err != nil {
			t.Fatal(err)
		}
		wantOK(t, e.do("POST", "/api/v1/admin/set-user-role", root, map[string]any{"uid": squatter.UID, "role": "resolver", "granted": false}))
		if len(chain.roles) != 0 {
			t.Fatalf("chain calls %v", chain.roles)
		}
		e.prove("did:dev:provisional", addr(2))
		wantOK(t, e.do("POST", "/api/v1/admin/set-user-role", root, map[string]any{"uid": provisional, "role": "resolver", "granted": true}))
		if len(chain.roles) != 1 || chain.roles[0] != addr(2)+" resolver" {
			t.Fatalf("chain calls %v", chain.roles)
		}
	})
}

func TestSetUserRoleMirroredOnChain(t *testing.T) {
	chain := &chainDouble{}
	e := newEnv(t, storetest.OpenSQLite(t), func(c *api.Config) { c.Roles = chain })
	root := e.signIn(adminSubject, addr(1))
	aliceUID := e.login("did:dev:alice", addr(2))
	e.prove("did:dev:alice", addr(2))

	r := e.do("POST", "/api/v1/admin/set-user-role", root, map[string]any{"uid": aliceUID, "role": "resolver", "granted": true})
	wantOK(t, r)
	var out struct{ ChainTxHash string }
	r.into(t, &out)
	if out.ChainTxHash != "0xtx" || len(chain.roles) != 1 || chain.roles[0] != addr(2)+" resolver" {
		t.Fatalf("tx %q, chain calls %v", out.ChainTxHash, chain.roles)
	}

	// A failed on-chain change is reported and nothing is recorded.
	chain.fail = predict.Errorf(predict.ERPC, "operator transaction reverted")
	wantError(t, e.do("POST", "/api/v1/admin/set-user-role", root, map[string]any{"uid": aliceUID, "role": "admin", "granted": true}), http.StatusBadGateway, 110205)
	u, err := e.store.UserByUID(context.Background(), aliceUID)
	if err != nil {
		t.Fatal(err)
	}
	if u.HasRole(predict.RoleAdmin) {
		t.Fatal("admin role recorded although the chain refused it")
	}
	chain.fail = errors.New("connection refused")
	wantError(t, e.do("POST", "/api/v1/admin/set-user-role", root, map[string]any{"uid": aliceUID, "role": "admin", "granted": true}), http.StatusInternalServerError, 110201)
}

// TestConfigOrderTypedData: with an Exchange the config publishes how an order is signed, and
// typed data built from what it publishes (as viem's signTypedData builds it) hashes an order
// as the exchange does; without one neither is there.
func TestConfigOrderTypedData(t *testing.T) {
	d := *testDeployment
	d.Exchange = addr(0xec)
	e := newEnv(t, storetest.OpenSQLite(t), func(c *api.Config) { c.Deployment = &d })
	var cfg wire.Config
	e.read(t, "/api/v1/config", "", &cfg)
	td := cfg.OrderTypedData
	if cfg.Exchange != addr(0xec) || td == nil || td.PrimaryType != "Order" || td.Domain.ChainID != 1337 ||
		td.Domain.VerifyingContract != addr(0xec) || len(td.Types["Order"]) != 11 {
		t.Fatalf("config = %+v, typed data %+v", cfg, td)
	}
	types := apitypes.Types{"EIP712Domain": {{Name: "name", Type: "string"}, {Name: "version", Type: "string"},
		{Name: "chainId", Type: "uint256"}, {Name: "verifyingContract", Type: "address"}}}
	for _, f := range td.Types["Order"] {
		types["Order"] = append(types["Order"], apitypes.Type{Name: f.Name, Type: f.Type})
	}
	order := &exchange.Order{Maker: common.HexToAddress(addr(1)), Signer: common.HexToAddress(addr(2)), Market: common.HexToAddress(addr(3)),
		Option: big.NewInt(1), Side: exchange.Sell, MakerAmount: big.NewInt(100), TakerAmount: big.NewInt(45), Expiration: big.NewInt(0),
		Salt: big.NewInt(7), Nonce: big.NewInt(0), FeeRateBps: big.NewInt(10)}
	domain := exchange.Domain{ChainID: big.NewInt(td.Domain.ChainID), Exchange: common.HexToAddress(td.Domain.VerifyingContract)}
	want, err := exchange.Hash(domain, order)
	if err != nil {
		t.Fatal(err)
	}
	published := exchange.TypedData(domain, order)
	published.Types, published.PrimaryType = types, td.PrimaryType
	published.Domain.Name, published.Domain.Version = td.Domain.Name, td.Domain.Version
	got, _, err := apitypes.TypedDataAndHash(published)
	if err != nil || common.BytesToHash(got) != want {
		t.Fatalf("an order signed from the published types hashes to %x, the exchange's %x (%v)", got, want, err)
	}

	e = newEnv(t, storetest.OpenSQLite(t), func(c *api.Config) { c.Deployment = testDeployment })
	var without map[string]any
	e.read(t, "/api/v1/config", "", &without)
	if _, ok := without["orderTypedData"]; ok {
		t.Fatalf("config without an Exchange: %v", without)
	}
}
