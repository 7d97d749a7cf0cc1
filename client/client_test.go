package client_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/predict-dev/predict/client"
	"github.com/predict-dev/predict/internal/store/storetest"
	"github.com/predict-dev/predict/wire"
)

func TestNew(t *testing.T) {
	for _, tc := range []struct {
		name, url string
		ok        bool
	}{
		{"HTTP", "http://127.0.0.1:8080", true},
		{"HTTPSWithPrefix", "https://api.example/predict/", true},
		{"NoScheme", "127.0.0.1:8080", false},
		{"OtherScheme", "ftp://example", false},
		{"NoHost", "http://", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := client.New(tc.url)
			if (err == nil) != tc.ok {
				t.Fatalf("New(%q) = %v, want ok %t", tc.url, err, tc.ok)
			}
		})
	}
}

// TestErrors maps the real router's error envelopes to *client.Error.
func TestErrors(t *testing.T) {
	e := newEnv(t, envConfig{noEvents: true})
	ctx := context.Background()
	root, _ := e.user(rootSubject)
	alice, _ := e.user("did:dev:alice")
	bob, _ := e.user("did:dev:bob")
	bobInfo, err := bob.GetUserInfo(ctx)
	if err != nil {
		t.Fatal(err)
	}
	anonymous := e.client()
	stranger := e.client(client.WithToken(e.token("did:dev:stranger", time.Hour)))
	expired := e.client(client.WithToken(e.token("did:dev:alice", -time.Hour)))
	_ = root

	for _, tc := range []struct {
		name     string
		call     func() error
		status   int
		code     int
		reason   string
		sentinel error
		context  string // the method's own context in the message
	}{
		{"Param", func() error {
			_, err := anonymous.GetMarkets(ctx, client.MarketsQuery{PageSize: 51})
			return err
		}, 400, client.CodeParam, "PARAM", client.ErrParam, "get markets"},
		{"NotFound", func() error {
			_, err := anonymous.GetMarketDetail(ctx, addr(0x77), "")
			return err
		}, 404, client.CodeNotFound, "NOT_FOUND", client.ErrNotFound, "get market " + addr(0x77)},
		{"Auth", func() error {
			_, err := anonymous.GetUserInfo(ctx)
			return err
		}, 401, client.CodeAuth, "PRIVY", client.ErrAuth, "get user info"},
		{"NotRegistered", func() error {
			_, err := stranger.GetUserInfo(ctx)
			return err
		}, 403, client.CodeNotRegistered, "NOT_REGISTERED", client.ErrNotRegistered, "get user info"},
		{"Forbidden", func() error {
			_, err := alice.SetUserRole(ctx, client.SetUserRoleRequest{UID: "x", Role: client.RoleAdmin, Granted: true})
			return err
		}, 403, client.CodeForbidden, "FORBIDDEN", client.ErrForbidden, "set role admin of x"},
		{"Conflict", func() error {
			_, err := alice.Login(ctx, client.LoginRequest{Address: bobInfo.Address})
			return err
		}, 409, client.CodeConflict, "CONFLICT", client.ErrConflict, "login " + bobInfo.Address},
		{"PayloadTooLarge", func() error {
			_, err := alice.SetAvatar(ctx, "https://example.com/"+strings.Repeat("a", 2<<20))
			return err
		}, 413, client.CodePayloadTooLarge, "PAYLOAD_TOO_LARGE", client.ErrPayloadTooLarge, "set avatar"},
		{"HeadersTooLarge", func() error {
			_, err := anonymous.GetMarkets(ctx, client.MarketsQuery{Page: 1, PageSize: 10, Tag: strings.Repeat("a", 80<<10)})
			return err
		}, 431, client.CodeHeadersTooLarge, "HEADERS_TOO_LARGE", client.ErrHeadersTooLarge, "get markets"},
		{"ExpiredTokenOnPublicRead", func() error {
			_, err := expired.GetMarkets(ctx, client.MarketsQuery{Page: 1, PageSize: 10})
			return err
		}, 401, client.CodeAuth, "PRIVY", client.ErrAuth, "get markets"},
		{"NotImplemented", func() error {
			_, err := alice.SSESubscribe(ctx, "c", []string{client.MarketTopic(addr(1))})
			return err
		}, 501, client.CodeNotImplemented, "NOT_IMPLEMENTED", client.ErrNotImplemented, "subscribe c"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.call()
			ae, ok := client.AsError(err)
			if !ok {
				t.Fatalf("error %v (%T) is not a *client.Error", err, err)
			}
			if ae.HTTPStatus != tc.status || ae.Code != tc.code || ae.Reason != tc.reason || ae.Message == "" {
				t.Fatalf("error = %+v, want HTTP %d code %d %s with a message", ae, tc.status, tc.code, tc.reason)
			}
			if !errors.Is(err, tc.sentinel) || !client.IsCode(err, tc.code) || client.HTTPStatus(err) != tc.status {
				t.Fatalf("errors.Is / IsCode / HTTPStatus do not recognise %v", err)
			}
			if errors.Is(err, client.ErrInternal) || client.IsCode(err, client.CodeInternal) {
				t.Fatalf("%v matched another code", err)
			}
			if !strings.HasPrefix(err.Error(), tc.context) {
				t.Fatalf("error %q does not start with %q", err, tc.context)
			}
		})
	}
}

// TestErrorsNotEnvelope: answers that are not the service's envelope
// (a proxy's page, a rate limit with Retry-After) still become *Error.
// The router never answers these, so a small server stands in for the
// proxy in front of it.
func TestErrorsNotEnvelope(t *testing.T) {
	for _, tc := range []struct {
		name       string
		handler    http.HandlerFunc
		status     int
		code       int
		retryAfter time.Duration
		temporary  bool
	}{
		{"ProxyPage", func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/html")
			w.WriteHeader(http.StatusBadGateway)
			w.Write([]byte("<html>bad gateway</html>"))
		}, 502, 0, 0, true},
		{"RateLimited", func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Retry-After", "3")
			w.WriteHeader(http.StatusTooManyRequests)
			w.Write([]byte(`{"code":110103,"reason":"PLEASE_WAIT","msg":"too many requests","data":null}`))
		}, 429, client.CodePleaseWait, 3 * time.Second, true},
		{"OKWithoutEnvelope", func(w http.ResponseWriter, r *http.Request) {
			w.Write([]byte(`[1,2]`))
		}, 200, 0, 0, false},
		{"OKWithErrorCode", func(w http.ResponseWriter, r *http.Request) {
			w.Write([]byte(`{"code":110102,"reason":"NOT_FOUND","msg":"gone","data":null}`))
		}, 200, client.CodeNotFound, 0, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := httptest.NewServer(tc.handler)
			defer srv.Close()
			c, _ := client.New(srv.URL)
			_, err := c.GetConfig(context.Background())
			ae, ok := client.AsError(err)
			if !ok || ae.HTTPStatus != tc.status || ae.Code != tc.code || ae.RetryAfter != tc.retryAfter || ae.Message == "" {
				t.Fatalf("error = %#v (%v)", ae, err)
			}
			if client.Temporary(err) != tc.temporary {
				t.Fatalf("Temporary(%v) = %t", err, !tc.temporary)
			}
		})
	}
}

// TestTokenRefresh follows the API's rule with the real verifier: a
// refused token is refreshed through the callback and the request retried
// once; a second refusal is returned, never looped on.
func TestTokenRefresh(t *testing.T) {
	e := newEnv(t, envConfig{noEvents: true})
	ctx := context.Background()
	e.user("did:dev:alice")
	expired := e.token("did:dev:alice", -time.Hour)
	valid := e.token("did:dev:alice", time.Hour)
	errIdP := errors.New("identity provider unreachable")

	for _, tc := range []struct {
		name      string
		refresh   func(context.Context, string) (string, error) // nil: no callback
		wantErr   error
		refreshes int64
		requests  int64
	}{
		{"Refreshed", func(context.Context, string) (string, error) { return valid, nil }, nil, 1, 2},
		{"StillRefused", func(context.Context, string) (string, error) { return e.token("did:dev:alice", -time.Hour), nil }, client.ErrAuth, 1, 2},
		{"RefreshFails", func(context.Context, string) (string, error) { return "", errIdP }, errIdP, 1, 1},
		{"NoCallback", nil, client.ErrAuth, 0, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var refreshes atomic.Int64
			opts := []client.Option{client.WithToken(expired)}
			if tc.refresh != nil {
				opts = append(opts, client.WithRefresh(func(ctx context.Context, rejected string) (string, error) {
					refreshes.Add(1)
					if rejected != expired {
						t.Errorf("refresh got rejected token %q, want the expired one", rejected)
					}
					return tc.refresh(ctx, rejected)
				}))
			}
			c := e.client(opts...)
			before := e.requests.Load()
			info, err := c.GetUserInfo(ctx)
			if !errors.Is(err, tc.wantErr) || (tc.wantErr == nil && err != nil) {
				t.Fatalf("GetUserInfo = %v, want %v", err, tc.wantErr)
			}
			if tc.wantErr == errIdP && !errors.Is(err, client.ErrAuth) {
				t.Fatalf("error %v lost the service's refusal", err)
			}
			if got := refreshes.Load(); got != tc.refreshes {
				t.Fatalf("%d refreshes, want %d", got, tc.refreshes)
			}
			if got := e.requests.Load() - before; got != tc.requests {
				t.Fatalf("%d requests, want %d", got, tc.requests)
			}
			if tc.wantErr != nil {
				return
			}
			if info.UID == "" {
				t.Fatal("no profile after the refresh")
			}
			// The refreshed token is kept: the next call needs no refresh.
			if _, err := c.GetUserInfo(ctx); err != nil || refreshes.Load() != 1 {
				t.Fatalf("second call: %v, %d refreshes", err, refreshes.Load())
			}
			if tok, _ := c.Token(ctx); tok != valid {
				t.Fatal("the client does not send the refreshed token")
			}
		})
	}

	// A public read refuses an expired token as well: the client
	// refreshes it there too instead of reading as nobody.
	t.Run("PublicRead", func(t *testing.T) {
		var refreshes atomic.Int64
		c := e.client(client.WithToken(expired), client.WithRefresh(func(context.Context, string) (string, error) {
			refreshes.Add(1)
			return valid, nil
		}))
		if _, err := c.GetMarkets(ctx, client.MarketsQuery{Page: 1, PageSize: 10}); err != nil {
			t.Fatal(err)
		}
		if n := refreshes.Load(); n != 1 {
			t.Fatalf("%d refreshes, want 1", n)
		}
	})

	t.Run("ConcurrentRefusalsRefreshOnce", func(t *testing.T) {
		var refreshes atomic.Int64
		c := e.client(client.WithToken(expired), client.WithRefresh(func(context.Context, string) (string, error) {
			refreshes.Add(1)
			time.Sleep(20 * time.Millisecond) // let the other refusals queue up
			return valid, nil
		}))
		var wg sync.WaitGroup
		for range 5 {
			wg.Go(func() {
				if _, err := c.GetUserInfo(ctx); err != nil {
					t.Error(err)
				}
			})
		}
		wg.Wait()
		if n := refreshes.Load(); n != 1 {
			t.Fatalf("%d refreshes for one expired token", n)
		}
	})

	t.Run("TokenSource", func(t *testing.T) {
		var current atomic.Value
		current.Store(expired)
		c := e.client(
			client.WithTokenSource(func(context.Context) (string, error) { return current.Load().(string), nil }),
			client.WithRefresh(func(context.Context, string) (string, error) {
				current.Store(valid) // as an SDK would renew its session
				return valid, nil
			}))
		if _, err := c.GetUserInfo(ctx); err != nil {
			t.Fatal(err)
		}
		if tok, _ := c.Token(ctx); tok != valid {
			t.Fatal("token source not consulted after the refresh")
		}
	})
}

// TestUsers drives login and the profile endpoints through the router.
func TestUsers(t *testing.T) {
	e := newEnv(t, envConfig{noEvents: true})
	ctx := context.Background()
	alice := e.client(client.WithToken(e.token("did:dev:alice", time.Hour)))
	address := storetest.Address()
	for i, wantNew := range []bool{true, false} {
		res, err := alice.Login(ctx, client.LoginRequest{Address: address, UserName: "alice"})
		if err != nil || res.IsNewUser != wantNew || res.UID == "" {
			t.Fatalf("login %d: %+v, %v", i+1, res, err)
		}
	}
	info, err := alice.GetUserInfo(ctx)
	if err != nil || info.Address != address || info.UserName != "alice" || info.CreatedAt.IsZero() || info.InviteCode == "" {
		t.Fatalf("user info %+v, %v", info, err)
	}
	if info, err = alice.SetUsername(ctx, "alice_2"); err != nil || info.UserName != "alice_2" {
		t.Fatalf("set username: %+v, %v", info, err)
	}
	if info, err = alice.SetAvatar(ctx, "https://example.com/a.png"); err != nil || info.AvatarURL != "https://example.com/a.png" {
		t.Fatalf("set avatar: %+v, %v", info, err)
	}
	if _, err := alice.SetUsername(ctx, "a"); !errors.Is(err, client.ErrParam) {
		t.Fatalf("short name: %v", err)
	}

	root, _ := e.user(rootSubject)
	role, err := root.SetUserRole(ctx, client.SetUserRoleRequest{UID: info.UID, Role: client.RoleResolver, Granted: true})
	if err != nil || !role.User.HasRole(client.RoleResolver) || role.User.UID != info.UID {
		t.Fatalf("set role: %+v, %v", role, err)
	}
	if info, _ = alice.GetUserInfo(ctx); !info.HasRole(client.RoleResolver) || info.HasRole(client.RoleAdmin) {
		t.Fatalf("roles after the grant: %v", info.Roles)
	}
}

// TestSystem covers config, faucet and the operational endpoints.
func TestSystem(t *testing.T) {
	e := newEnv(t, envConfig{noEvents: true})
	ctx := context.Background()
	alice, _ := e.user("did:dev:alice")
	cfg, err := alice.GetConfig(ctx)
	if err != nil || cfg.ChainID != 1337 || cfg.EntryPoint != addr(0xe1) || len(cfg.BaseTokens) != 1 || cfg.BaseTokens[0].Decimals != 6 || !cfg.Dev {
		t.Fatalf("config %+v, %v", cfg, err)
	}
	res, err := alice.Faucet(ctx, client.FaucetRequest{Address: addr(5), Amount: wire.NewAmount(bigInt("2500000"))})
	if err != nil || res.Amount.String() != "2500000" || res.Address != addr(5) || res.BaseTokenAddress != addr(0xb1) {
		t.Fatalf("faucet %+v, %v", res, err)
	}
	if res, err = alice.Faucet(ctx, client.FaucetRequest{Address: addr(6)}); err != nil || res.Amount.String() != "1000000000" {
		t.Fatalf("faucet default amount: %+v, %v", res, err)
	}
	if len(e.faucet.mints) != 2 || e.faucet.mints[0] != addr(0xb1)+" "+addr(5)+" 2500000" {
		t.Fatalf("mints %v", e.faucet.mints)
	}
	if err := alice.Health(ctx); err != nil {
		t.Fatal(err)
	}
	if err := alice.Ready(ctx); err != nil {
		t.Fatal(err)
	}
	doc, err := alice.OpenAPI(ctx)
	if err != nil || !strings.Contains(string(doc), `"openapi"`) {
		t.Fatalf("openapi document: %.100s, %v", doc, err)
	}
}

// TestRateLimitWaits: with WithRateLimitWaits a request refused for the
// rate waits its Retry-After and goes again, up to the count, telling
// onWait; a wait over 10 s (an hourly budget) and a client without the
// option return the refusal at once.
func TestRateLimitWaits(t *testing.T) {
	var hits atomic.Int64
	refusals, retryAfter := int64(2), "1"
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if hits.Add(1) <= refusals {
			w.Header().Set("Retry-After", retryAfter)
			w.WriteHeader(http.StatusTooManyRequests)
			w.Write([]byte(`{"code":110103,"reason":"PLEASE_WAIT","msg":"too many requests","data":null}`))
			return
		}
		w.Write([]byte(`{"code":0,"reason":"","msg":"success","data":{"chainId":1337}}`))
	}))
	defer srv.Close()
	ctx := context.Background()

	var waits []time.Duration
	c, _ := client.New(srv.URL, client.WithRateLimitWaits(5, func(d time.Duration, err error) { waits = append(waits, d) }))
	start := time.Now()
	if _, err := c.GetConfig(ctx); err != nil {
		t.Fatalf("after two refusals: %v", err)
	}
	if hits.Load() != 3 || len(waits) != 2 || waits[0] != time.Second || time.Since(start) < 2*time.Second {
		t.Fatalf("%d requests, waits %v in %s: want 3 requests after two waits of 1s", hits.Load(), waits, time.Since(start))
	}

	hits.Store(0)
	plain, _ := client.New(srv.URL)
	if _, err := plain.GetConfig(ctx); !client.Temporary(err) || hits.Load() != 1 {
		t.Fatalf("without the option: %v after %d requests, want the 429 at once", err, hits.Load())
	}

	hits.Store(0)
	retryAfter = "3600"
	if _, err := c.GetConfig(ctx); err == nil || hits.Load() != 1 {
		t.Fatalf("Retry-After 3600: %v after %d requests, want the 429 at once", err, hits.Load())
	}
}

// TestUnavailableWaits: a 503 UNAVAILABLE (every export slot busy, a
// service starting) is waited out like a 429; another 503 is not.
func TestUnavailableWaits(t *testing.T) {
	var hits atomic.Int64
	code := client.CodeUnavailable
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if hits.Add(1) == 1 {
			w.Header().Set("Retry-After", "1")
			w.WriteHeader(http.StatusServiceUnavailable)
			fmt.Fprintf(w, `{"code":%d,"reason":"X","msg":"busy","data":null}`, code)
			return
		}
		w.Write([]byte(`{"code":0,"reason":"","msg":"success","data":{"chainId":1337}}`))
	}))
	defer srv.Close()
	c, _ := client.New(srv.URL, client.WithRateLimitWaits(5, nil))
	if _, err := c.GetConfig(context.Background()); err != nil || hits.Load() != 2 {
		t.Fatalf("after a 503 UNAVAILABLE: %v after %d requests, want success after 2", err, hits.Load())
	}
	hits.Store(0)
	code = client.CodeDatabase
	if _, err := c.GetConfig(context.Background()); err == nil || hits.Load() != 1 {
		t.Fatalf("another 503: %v after %d requests, want it at once", err, hits.Load())
	}
}
