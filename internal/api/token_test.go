package api_test

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	ethereum "github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/accounts/abi/bind"

	"github.com/predict-dev/predict/internal/api"
	"github.com/predict-dev/predict/internal/auth"
	"github.com/predict-dev/predict/internal/ops"
	"github.com/predict-dev/predict/internal/store"
	"github.com/predict-dev/predict/internal/store/storetest"
)

// unreachableChain is a chain whose node does not answer: the one
// public read that asks the chain (get-account-address) answers 502
// through it. The real chain side runs in cmd/predict's end-to-end tests.
type unreachableChain struct{ bind.ContractBackend }

func (unreachableChain) CallContract(context.Context, ethereum.CallMsg, *big.Int) ([]byte, error) {
	return nil, errors.New("node unreachable")
}

// systemPaths are never authenticated: probes, metrics and documents
// ignore the Authorization header.
var systemPaths = []string{"/healthz", "/readyz", "/metrics", "/api/v1/openapi.json", "/.well-known/jwks.json"}

// TestTokenOnPublicRoutes: on every public route of openapi.yaml a token
// that is sent but does not verify is refused (401, 110303), so the
// client refreshes it instead of silently reading as nobody; without a
// token, or with a valid one, the route answers as before.
func TestTokenOnPublicRoutes(t *testing.T) {
	doc := apiDoc(t)
	storetest.Each(t, func(t *testing.T, s *store.DB) {
		var e *env
		e = newEnv(t, s, func(c *api.Config) {
			c.Deployment = testDeployment
			c.Ops = ops.New(ops.Config{Store: s, Chain: unreachableChain{}, Deployment: testDeployment})
			c.DevTokens = lateMinter{&e}
			c.SIWE = &api.SIWE{Domain: "predict.example", ChainID: 1337, Issuer: lateMinter{&e}, TokenTTL: time.Hour, RefreshTTL: time.Hour}
		})
		alice := e.login("did:dev:alice", addr(1))
		m := storetest.NewMarket(t, s, nil)
		valid, unregistered := e.token("did:dev:alice"), e.token("did:dev:stranger")
		r := e.do("POST", "/api/v1/community/create-post", valid, map[string]any{"marketAddress": m.Address, "content": "hello"})
		wantOK(t, r)
		var post postOut
		r.into(t, &post)
		expired, err := e.dev.Mint("did:dev:alice", -time.Hour)
		if err != nil {
			t.Fatal(err)
		}
		parts := strings.Split(valid, ".")
		refused := map[string]string{
			"Expired":       "Bearer " + expired,
			"Garbage":       "Bearer not-a-token",
			"BadSignature":  "Bearer " + parts[0] + "." + parts[1] + "." + strings.Repeat("A", len(parts[2])),
			"NotBearer":     "Basic YWxpY2U6cGFzc3dvcmQ=",
			"EmptyBearer":   "Bearer ",
			"OtherProvider": "Bearer " + otherProviderToken(t),
		}
		// What each route answers without a token: 200 unless listed.
		anonymous := map[string]int{
			"/api/v1/aa/get-operation-status": http.StatusNotFound, // no such operation
			"/api/v1/aa/get-account-address":  http.StatusBadGateway,
			"/api/v1/dev/token":               http.StatusBadRequest, // sent without its body: the token check comes first
			"/api/v1/auth/siwe-login":         http.StatusBadRequest,
			"/api/v1/auth/siwe-refresh":       http.StatusBadRequest,
			"/api/v1/market/get-order":        http.StatusBadRequest, // one of orderUuid and orderId is required
			"/api/v1/market/get-signed-order": http.StatusNotFound,   // no such order
		}
		var public []string
		for _, o := range operations(doc) {
			if o.op.Security != nil && len(*o.op.Security) > 0 {
				continue
			}
			q := sampleQuery(o, "", m.Address)
			if q.Has("optionAddress") {
				q.Set("optionAddress", m.Options[0].Address)
			}
			if q.Has("postId") || o.path == "/api/v1/community/get-comments" {
				// get-comments needs one of postId and postUuid.
				q.Set("postId", fmt.Sprint(post.PostID))
			}
			if o.path == "/api/v1/market/get-user-positions" {
				q.Set("uid", alice) // another user's positions are public
			}
			if o.path == "/api/v1/user/get-user-base-info" {
				q.Set("uid", alice) // one of four optional keys is required
			}
			target := o.target
			if len(q) > 0 {
				target += "?" + q.Encode()
			}
			if slices.Contains(systemPaths, o.path) {
				t.Run(o.path+"/System", func(t *testing.T) {
					r := e.send(authorized(t, e, o.method, target, refused["Garbage"]))
					if r.status != http.StatusOK {
						t.Fatalf("HTTP %d with a garbage token, want 200", r.status)
					}
				})
				continue
			}
			public = append(public, o.path)
			want, ok := anonymous[o.path]
			if !ok {
				want = http.StatusOK
			}
			for name, header := range map[string]string{"NoToken": "", "Valid": "Bearer " + valid, "ValidUnregistered": "Bearer " + unregistered} {
				t.Run(o.path+"/"+name, func(t *testing.T) {
					r := e.send(authorized(t, e, o.method, target, header))
					if r.status != want {
						t.Fatalf("HTTP %d (%d %s), want %d", r.status, r.Code, r.Msg, want)
					}
				})
			}
			for name, header := range refused {
				t.Run(o.path+"/"+name, func(t *testing.T) {
					wantError(t, e.send(authorized(t, e, o.method, target, header)), http.StatusUnauthorized, 110303)
				})
			}
		}
		if len(public) < 16 {
			t.Fatalf("only %d public routes in openapi.yaml: %v", len(public), public)
		}
	})
}

func authorized(t *testing.T, e *env, method, target, header string) *http.Request {
	t.Helper()
	req, err := http.NewRequest(method, e.srv.URL+target, nil)
	if err != nil {
		t.Fatal(err)
	}
	if header != "" {
		req.Header.Set("Authorization", header)
	}
	return req
}

// otherProviderToken is a well-formed token signed by another key.
func otherProviderToken(t *testing.T) string {
	t.Helper()
	other, err := auth.OpenDevProvider(t.TempDir(), testIssuer, testAudience)
	if err != nil {
		t.Fatal(err)
	}
	tok, err := other.Mint("did:dev:alice", time.Hour)
	if err != nil {
		t.Fatal(err)
	}
	return tok
}
