package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/hex"
	"io"
	"log/slog"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"

	"github.com/ethereum/go-ethereum/accounts/abi/bind"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"

	"github.com/predict-dev/predict/internal/chain"
	"github.com/predict-dev/predict/internal/chain/bindings"
	"github.com/predict-dev/predict/internal/chain/devchain"
)

// deployAndServe deploys the suite over JSON-RPC at rpcURL with the
// operator key, then starts `predict serve` against it with the printed
// settings, and checks the service reports those contracts.
func deployAndServe(t *testing.T, rpcURL string, keys *chain.Keys) {
	t.Setenv("PREDICT_OPERATOR_KEY", hex.EncodeToString(crypto.FromECDSA(keys.Operator)))
	t.Setenv("PREDICT_PAYMASTER_KEY", hex.EncodeToString(crypto.FromECDSA(keys.Paymaster)))
	t.Setenv("PREDICT_BUNDLER_KEY", hex.EncodeToString(crypto.FromECDSA(keys.Bundler)))
	ctx := context.Background()
	getenv := testEnv(t, map[string]string{"PREDICT_CHAIN_RPC_URL": rpcURL})
	var out, errOut bytes.Buffer
	if err := run(ctx, []string{"deploy", "--dev-tokens", "--paymaster-deposit", "1000000000000000000"}, getenv, &out, &errOut); err != nil {
		t.Fatalf("deploy: %v\n%s", err, errOut.String())
	}
	t.Logf("predict deploy printed:\n%s", out.String())
	settings := map[string]string{}
	for _, line := range strings.Split(strings.TrimSpace(out.String()), "\n") {
		k, v, ok := strings.Cut(line, "=")
		if !ok || !strings.HasPrefix(k, "PREDICT_") {
			t.Fatalf("deploy printed %q, want PREDICT_* lines only", line)
		}
		settings[k] = v
	}
	for _, k := range []string{"PREDICT_ENTRYPOINT", "PREDICT_ACCOUNT_FACTORY", "PREDICT_PAYMASTER", "PREDICT_MARKET_FACTORY", "PREDICT_LIMIT_ORDERS", "PREDICT_BASE_TOKENS", "PREDICT_DEPLOY_BLOCK", "PREDICT_CHAIN_ID"} {
		if settings[k] == "" {
			t.Fatalf("deploy did not print %s", k)
		}
	}

	serveEnv := testEnv(t, settings)
	cfg, err := LoadConfig(serveEnv)
	if err != nil {
		t.Fatal(err)
	}
	var logs bytes.Buffer
	m := &Main{Config: cfg, Logger: slog.New(slog.NewTextHandler(&logs, nil))}
	if err := m.Open(ctx); err != nil {
		t.Fatalf("serve on the deployed suite: %v\n%s", err, logs.String())
	}
	defer m.Close(ctx)
	var c configData
	call(t, m, "GET", "/api/v1/config", "", nil, &c)
	if !strings.EqualFold(c.MarketFactory, settings["PREDICT_MARKET_FACTORY"]) || !strings.EqualFold(c.EntryPoint, settings["PREDICT_ENTRYPOINT"]) ||
		!strings.EqualFold(c.LimitOrders, settings["PREDICT_LIMIT_ORDERS"]) ||
		c.Dev || len(c.BaseTokens) != 2 || c.BaseTokens[1].Symbol != "PTS" {
		t.Fatalf("config = %+v, deployed %v", c, settings)
	}
	if !strings.Contains(logs.String(), "mode=\"production") {
		t.Fatalf("serve did not start in production mode:\n%s", logs.String())
	}
}

// TestDeployOverJSONRPC deploys through the embedded dev chain's HTTP
// JSON-RPC endpoint (a real HTTP JSON-RPC server of go-ethereum's node).
func TestDeployOverJSONRPC(t *testing.T) {
	node, keys := rpcDevChain(t)
	deployAndServe(t, node.RPCURL(), keys)
}

// rpcDevChain opens an embedded dev chain that serves HTTP JSON-RPC, as
// a chain predict deploy is pointed at; it closes with the test.
func rpcDevChain(t *testing.T) (*devchain.Chain, *chain.Keys) {
	t.Helper()
	dir := t.TempDir()
	keys, err := chain.LoadOrCreateKeys(dir)
	if err != nil {
		t.Fatal(err)
	}
	node, err := devchain.Open(context.Background(), devchain.Config{Dir: dir, Keys: keys, HTTPAddr: "127.0.0.1:0", Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { node.Close() })
	return node, keys
}

// TestDeployStrictMarkets: predict deploy --strict-markets leaves the
// factory's default market flags at 0, so that createMarket makes no
// market that one key settles at once; without it the defaults are both
// flags (markets resolve as before the flags).
func TestDeployStrictMarkets(t *testing.T) {
	node, keys := rpcDevChain(t)
	t.Setenv("PREDICT_OPERATOR_KEY", hex.EncodeToString(crypto.FromECDSA(keys.Operator)))
	t.Setenv("PREDICT_PAYMASTER_KEY", hex.EncodeToString(crypto.FromECDSA(keys.Paymaster)))
	getenv := testEnv(t, map[string]string{"PREDICT_CHAIN_RPC_URL": node.RPCURL()})
	for _, tc := range []struct {
		args  []string
		flags int64
	}{
		{[]string{"deploy", "--dev-tokens", "--strict-markets"}, 0},
		{[]string{"deploy", "--dev-tokens"}, int64(chain.MarketOperatorResolved | chain.MarketEarlyResolvable)},
	} {
		var out, errOut bytes.Buffer
		if err := run(context.Background(), tc.args, getenv, &out, &errOut); err != nil {
			t.Fatalf("%v: %v\n%s", tc.args, err, errOut.String())
		}
		var factory string
		for _, line := range strings.Split(out.String(), "\n") {
			if v, ok := strings.CutPrefix(line, "PREDICT_MARKET_FACTORY="); ok {
				factory = v
			}
		}
		f, err := bindings.NewMarketFactoryCaller(common.HexToAddress(factory), node.Client())
		if err != nil {
			t.Fatal(err)
		}
		got, err := f.DefaultFlags(&bind.CallOpts{})
		if err != nil {
			t.Fatal(err)
		}
		if got.Int64() != tc.flags {
			t.Fatalf("%v: the factory's default flags are %s, want %d", tc.args, got, tc.flags)
		}
	}
}

// TestMain lets a test run this very program as a separate process:
// the test binary re-executes itself with PREDICT_TEST_MAIN set.
func TestMain(m *testing.M) {
	if os.Getenv("PREDICT_TEST_MAIN") == "1" {
		main()
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// TestDeployToSeparateNode deploys over JSON-RPC to a node running in
// another process. geth --dev cannot be built here (a module it needs is
// not served by the module proxy), so the node is `predict devnode`: the
// same go-ethereum node, eth and filter APIs, and HTTP JSON-RPC server as
// geth's dev mode.
func TestDeployToSeparateNode(t *testing.T) {
	dir := t.TempDir()
	cmd := exec.Command(os.Args[0], "devnode", "--addr", "127.0.0.1:0")
	cmd.Env = append(os.Environ(), "PREDICT_TEST_MAIN=1", "PREDICT_DATA_DIR="+dir, "PREDICT_DEV_BLOCK_INTERVAL=200ms", "PREDICT_LOG_LEVEL=warn")
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = testWriter{t}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cmd.Process.Signal(syscall.SIGTERM)
		cmd.Wait()
	})
	line, err := bufio.NewReader(stdout).ReadString('\n')
	if err != nil {
		t.Fatalf("devnode printed no endpoint: %v", err)
	}
	rpcURL := strings.TrimSpace(line)
	keys, err := chain.LoadOrCreateKeys(dir)
	if err != nil {
		t.Fatal(err)
	}
	deployAndServe(t, rpcURL, keys)
}

func TestDeployErrors(t *testing.T) {
	getenv := testEnv(t, nil)
	for name, args := range map[string][]string{
		"NoRPC":      {"deploy", "--dev-tokens"},
		"NoTokens":   {"deploy", "--rpc", "http://127.0.0.1:1"},
		"BadDeposit": {"deploy", "--rpc", "http://127.0.0.1:1", "--dev-tokens", "--paymaster-deposit", "-5"},
		"BadToken":   {"deploy", "--rpc", "http://127.0.0.1:1", "--base-token", "0x12"},
	} {
		t.Run(name, func(t *testing.T) {
			if err := run(context.Background(), args, getenv, io.Discard, io.Discard); err == nil {
				t.Fatal("deploy accepted bad arguments")
			}
		})
	}
	t.Run("NoKey", func(t *testing.T) {
		t.Setenv("PREDICT_OPERATOR_KEY", "")
		t.Setenv("PREDICT_OPERATOR_KEY_FILE", "")
		err := run(context.Background(), []string{"deploy", "--rpc", "http://127.0.0.1:1", "--dev-tokens"}, getenv, io.Discard, io.Discard)
		if err == nil || !strings.Contains(err.Error(), "PREDICT_OPERATOR_KEY") {
			t.Fatalf("err = %v, want a hint at PREDICT_OPERATOR_KEY", err)
		}
	})
}
