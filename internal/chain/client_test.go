package chain_test

import (
	"context"
	"encoding/json"
	"errors"
	"math/big"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"

	"github.com/predict-dev/predict/internal/chain"
)

// clRPCServer answers eth_chainId with chainID on any path, and 401 on paths
// containing "bad".
func clRPCServer(t *testing.T, chainID string) *httptest.Server {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.Contains(r.URL.Path, "bad") {
			http.Error(w, "unauthorized", http.StatusUnauthorized)
			return
		}
		var req struct {
			ID     json.RawMessage `json:"id"`
			Method string          `json:"method"`
		}
		json.NewDecoder(r.Body).Decode(&req)
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": req.ID, "result": chainID})
	}))
	t.Cleanup(srv.Close)
	return srv
}

func TestDial(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	srv := clRPCServer(t, "0x539")

	t.Run("OK", func(t *testing.T) {
		c, err := chain.Dial(ctx, srv.URL+"/v2/key")
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		if err := chain.CheckChainID(ctx, c, big.NewInt(1337)); err != nil {
			t.Fatal(err)
		}
		if err := chain.CheckChainID(ctx, c, big.NewInt(42161)); err == nil || !strings.Contains(err.Error(), "1337") {
			t.Fatalf("mismatch not reported: %v", err)
		}
	})
	t.Run("ErrRejectedRedacted", func(t *testing.T) {
		_, err := chain.Dial(ctx, srv.URL+"/bad/SECRETAPIKEY?token=SECRETTOKEN")
		if err == nil {
			t.Fatal("401 endpoint accepted")
		}
		if strings.Contains(err.Error(), "SECRET") {
			t.Fatalf("error leaks the URL's secret: %v", err)
		}
	})
	t.Run("ErrUnreachableRedacted", func(t *testing.T) {
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		addr := l.Addr().String()
		l.Close() // nothing listens there now
		_, err = chain.Dial(ctx, "http://user:SECRETPW@"+addr+"/SECRETAPIKEY")
		if err == nil {
			t.Fatal("unreachable endpoint accepted")
		}
		if strings.Contains(err.Error(), "SECRET") {
			t.Fatalf("error leaks the URL's secret: %v", err)
		}
	})
}

func TestRedactURL(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"http://127.0.0.1:8545", "http://127.0.0.1:8545"},
		{"http://127.0.0.1:8545/", "http://127.0.0.1:8545"},
		{"https://arb-mainnet.g.alchemy.com/v2/abc123", "https://arb-mainnet.g.alchemy.com/..."},
		{"wss://host/?apikey=abc", "wss://host/..."},
		{"https://user:pw@host", "https://host/..."},
		{"/var/run/geth.ipc", "/var/run/geth.ipc"},
	} {
		if got := chain.RedactURL(tc.in); got != tc.want || strings.Contains(got, "abc") {
			t.Errorf("RedactURL(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// clReceipts is a ReceiptReader that reports NotFound (or err) for the first
// misses calls and then returns receipt.
type clReceipts struct {
	misses  int32
	err     error
	receipt *types.Receipt
	calls   atomic.Int32
}

func (f *clReceipts) TransactionReceipt(ctx context.Context, h common.Hash) (*types.Receipt, error) {
	if f.calls.Add(1) <= f.misses {
		if f.err != nil {
			return nil, f.err
		}
		return nil, ethereum.NotFound
	}
	if f.receipt == nil {
		return nil, ethereum.NotFound
	}
	return f.receipt, nil
}

func TestWaitMined(t *testing.T) {
	hash := common.HexToHash("0xabcdef")
	ok := &types.Receipt{Status: types.ReceiptStatusSuccessful, TxHash: hash, BlockNumber: big.NewInt(7)}
	failed := &types.Receipt{Status: types.ReceiptStatusFailed, TxHash: hash, BlockNumber: big.NewInt(8), GasUsed: 30000}

	t.Run("OK", func(t *testing.T) {
		r, err := chain.WaitMined(context.Background(), &clReceipts{misses: 3, receipt: ok}, hash)
		if err != nil || r != ok {
			t.Fatalf("got %v, %v", r, err)
		}
	})
	t.Run("OKAfterTransientErrors", func(t *testing.T) {
		r, err := chain.WaitMined(context.Background(), &clReceipts{misses: 2, err: errors.New("transaction indexing is in progress"), receipt: ok}, hash)
		if err != nil || r != ok {
			t.Fatalf("got %v, %v", r, err)
		}
	})
	t.Run("ErrFailed", func(t *testing.T) {
		r, err := chain.WaitMined(context.Background(), &clReceipts{receipt: failed}, hash)
		if !errors.Is(err, chain.ErrTxFailed) {
			t.Fatalf("err = %v, want ErrTxFailed", err)
		}
		if r != failed {
			t.Fatal("failed receipt not returned")
		}
		if !strings.Contains(err.Error(), hash.Hex()) {
			t.Fatalf("error lacks the tx hash: %v", err)
		}
	})
	t.Run("ErrTimeout", func(t *testing.T) {
		ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
		defer cancel()
		_, err := chain.WaitMined(ctx, &clReceipts{misses: 1 << 30, err: errors.New("connection refused")}, hash)
		if !errors.Is(err, context.DeadlineExceeded) {
			t.Fatalf("err = %v, want DeadlineExceeded", err)
		}
		if !strings.Contains(err.Error(), hash.Hex()) || !strings.Contains(err.Error(), "connection refused") {
			t.Fatalf("error lacks the tx hash or the last RPC error: %v", err)
		}
	})
}
