package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"
)

// testEnv is a PREDICT_* environment over a temporary data directory.
func testEnv(t *testing.T, extra map[string]string) func(string) string {
	env := map[string]string{
		"PREDICT_DATA_DIR":  t.TempDir(),
		"PREDICT_HTTP_ADDR": "127.0.0.1:0",
		// Seal a block as soon as a transaction arrives: fast and
		// deterministic, the same chain code as the 1 s default.
		"PREDICT_DEV_BLOCK_INTERVAL": "0s",
	}
	for k, v := range extra {
		env[k] = v
	}
	return func(k string) string { return env[k] }
}

// TestServeEmbedded runs the real program on the embedded default: the
// token command's output logs in against the running service, twice.
func TestServeEmbedded(t *testing.T) {
	ctx := context.Background()
	getenv := testEnv(t, nil)
	cfg, err := LoadConfig(getenv)
	if err != nil {
		t.Fatal(err)
	}
	var logs bytes.Buffer
	m := &Main{Config: cfg, Logger: slog.New(slog.NewTextHandler(&logs, nil))}
	if err := m.Open(ctx); err != nil {
		t.Fatal(err)
	}
	defer m.Close(ctx)
	for _, want := range []string{"DEVELOPMENT IDENTITY PROVIDER", "listening", "embedded"} {
		if !strings.Contains(logs.String(), want) {
			t.Fatalf("start-up log lacks %q:\n%s", want, logs.String())
		}
	}

	var out, errOut bytes.Buffer
	if err := run(ctx, []string{"token", "--sub", "did:dev:alice"}, getenv, &out, &errOut); err != nil {
		t.Fatalf("token: %v: %s", err, errOut.String())
	}
	tok := strings.TrimSpace(out.String())
	for i, wantNew := range []bool{true, false} {
		req, _ := http.NewRequest("POST", "http://"+m.Addr()+"/api/v1/user/login",
			strings.NewReader(`{"address":"0x00000000000000000000000000000000000000a1"}`))
		req.Header.Set("Authorization", "Bearer "+tok)
		req.Header.Set("Content-Type", "application/json")
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		raw, _ := io.ReadAll(res.Body)
		res.Body.Close()
		var body struct {
			Code int
			Data struct{ IsNewUser bool }
		}
		if err := json.Unmarshal(raw, &body); err != nil || body.Code != 0 || body.Data.IsNewUser != wantNew {
			t.Fatalf("login %d: %s", i+1, raw)
		}
	}

	// An expired token from the same command is refused.
	out.Reset()
	if err := run(ctx, []string{"token", "--sub", "did:dev:alice", "--ttl", "-1m"}, getenv, &out, &errOut); err != nil {
		t.Fatal(err)
	}
	req, _ := http.NewRequest("GET", "http://"+m.Addr()+"/api/v1/user/get-user-info", nil)
	req.Header.Set("Authorization", "Bearer "+strings.TrimSpace(out.String()))
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusUnauthorized {
		t.Fatalf("expired token: HTTP %d", res.StatusCode)
	}

	sctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	if err := m.Close(sctx); err != nil {
		t.Fatal(err)
	}
}

func TestConfigErrors(t *testing.T) {
	for name, env := range map[string]map[string]string{
		"JWKSWithoutIssuer": {"PREDICT_JWKS_URL": "https://idp.example/jwks"},
		"BadRate":           {"PREDICT_RATE_PUBLIC": "-1"},
		"BadMaxConns":       {"PREDICT_MAX_CONNS": "many"},
		"BadSponsorBudget":  {"PREDICT_SPONSOR_PER_HOUR": "0"},
		"BadLogFormat":      {"PREDICT_LOG_FORMAT": "xml"},
		"BadTimeout":        {"PREDICT_SHUTDOWN_TIMEOUT": "soon"},
	} {
		t.Run(name, func(t *testing.T) {
			if _, err := LoadConfig(testEnv(t, env)); err == nil {
				t.Fatal("LoadConfig accepted a bad configuration")
			}
		})
	}
	t.Run("TokenNeedsDevMode", func(t *testing.T) {
		getenv := testEnv(t, map[string]string{"PREDICT_JWKS_URL": "https://idp.example/jwks", "PREDICT_JWT_ISSUER": "i", "PREDICT_JWT_AUDIENCE": "a"})
		if err := run(context.Background(), []string{"token", "--sub", "did:dev:a"}, getenv, io.Discard, io.Discard); err == nil {
			t.Fatal("token minted outside dev mode")
		}
	})
	t.Run("UnknownCommand", func(t *testing.T) {
		if err := run(context.Background(), []string{"fly"}, testEnv(t, nil), io.Discard, io.Discard); err == nil {
			t.Fatal("unknown command accepted")
		}
	})
}

// TestConfigConnectionLimits: the defaults of the connection limits, and
// no per-peer cap behind a proxy unless one is set.
func TestConfigConnectionLimits(t *testing.T) {
	for _, tc := range []struct {
		name                    string
		env                     map[string]string
		conns, perIP, perStream int
	}{
		{name: "Defaults", conns: 10_000, perIP: 256, perStream: 3},
		{name: "BehindAProxy", env: map[string]string{"PREDICT_TRUST_PROXY_HEADERS": "true"}, conns: 10_000, perIP: 0, perStream: 3},
		{name: "ProxyCapped", env: map[string]string{"PREDICT_TRUST_PROXY_HEADERS": "true", "PREDICT_MAX_CONNS_PER_IP": "5000"}, conns: 10_000, perIP: 5000, perStream: 3},
		{name: "Set", env: map[string]string{"PREDICT_MAX_CONNS": "2000", "PREDICT_MAX_CONNS_PER_IP": "0", "PREDICT_SSE_STREAMS_PER_USER": "1"}, conns: 2000, perIP: 0, perStream: 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cfg, err := LoadConfig(testEnv(t, tc.env))
			if err != nil {
				t.Fatal(err)
			}
			if cfg.MaxConns != tc.conns || cfg.MaxConnsPerIP != tc.perIP || cfg.SSEStreamsPerUser != tc.perStream {
				t.Fatalf("limits = %d, %d per IP, %d streams per user", cfg.MaxConns, cfg.MaxConnsPerIP, cfg.SSEStreamsPerUser)
			}
		})
	}
}

func TestMigrate(t *testing.T) {
	getenv := testEnv(t, nil)
	for i := 0; i < 2; i++ { // idempotent
		if err := run(context.Background(), []string{"migrate"}, getenv, io.Discard, io.Discard); err != nil {
			t.Fatal(err)
		}
	}
}

// TestServeConnectionLimits: with its connection cap filled, the running
// service still answers /healthz; other requests are told to retry.
func TestServeConnectionLimits(t *testing.T) {
	ctx := context.Background()
	cfg, err := LoadConfig(testEnv(t, map[string]string{"PREDICT_MAX_CONNS": "3"}))
	if err != nil {
		t.Fatal(err)
	}
	var logs bytes.Buffer
	m := &Main{Config: cfg, Logger: slog.New(slog.NewTextHandler(&logs, nil))}
	if err := m.Open(ctx); err != nil {
		t.Fatal(err)
	}
	defer m.Close(ctx)
	if !strings.Contains(logs.String(), `msg="connection limits" max_conns=3 per_ip=256`) {
		t.Fatalf("start-up log lacks the connection limits:\n%s", logs.String())
	}

	// Three clients that have not finished their request headers fill
	// the cap: they are not idle, so none can be closed to make room.
	var fill []net.Conn
	for range 3 {
		c, err := net.Dial("tcp", m.Addr())
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		io.WriteString(c, "GET /healthz HTTP/1.1\r\n")
		fill = append(fill, c)
	}
	hc := &http.Client{Transport: &http.Transport{DisableKeepAlives: true}, Timeout: 5 * time.Second}
	get := func(path string) (int, string, http.Header) {
		t.Helper()
		res, err := hc.Get("http://" + m.Addr() + path)
		if err != nil {
			t.Fatalf("GET %s: %v", path, err)
		}
		defer res.Body.Close()
		raw, _ := io.ReadAll(res.Body)
		return res.StatusCode, string(raw), res.Header
	}
	if code, body, _ := get("/healthz"); code != http.StatusOK || !strings.Contains(body, `"status":"ok"`) {
		t.Fatalf("/healthz at the cap: %d %s", code, body)
	}
	code, body, h := get("/api/v1/market/get-markets?page=1&pageSize=10")
	if code != http.StatusTooManyRequests || !strings.Contains(body, `"code":110103`) || h.Get("Retry-After") != "1" {
		t.Fatalf("get-markets at the cap: %d %s %v", code, body, h)
	}

	for _, c := range fill {
		c.Close()
	}
	for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		code, body, _ := get("/metrics")
		if code == http.StatusOK {
			// Two requests at least were answered on the reserve (and
			// maybe earlier tries of this one).
			if !strings.Contains(body, "predict_http_connections_limit 3") ||
				!regexp.MustCompile(`predict_http_connections_refused_total\{reason="reserve"\} [2-9]`).MatchString(body) {
				t.Fatalf("/metrics lacks the connection metrics:\n%s", body)
			}
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("/metrics after the clients left: %d %s", code, body)
		}
	}
}
