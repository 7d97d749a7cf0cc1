package bundler_test

import (
	"context"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/accounts/abi/bind"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/rpc"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/internal/aa"
	"github.com/predict-dev/predict/internal/bundler"
	"github.com/predict-dev/predict/internal/chain/bindings"
)

// hostedBundler is the STAND-IN FOR A HOSTED ERC-4337 BUNDLER, which
// cannot run here: a small real bundler serving the three JSON-RPC
// methods External uses. It checks each operation with simulateValidation
// (answering -32500 with the EntryPoint's reason when it fails, as ERC-7769
// specifies) and sends it at once in its own handleOps from the bundler
// key.
type hostedBundler struct {
	e     *env
	sends atomic.Int32

	mu  sync.Mutex
	txs map[common.Hash]common.Hash // userOpHash → handleOps transaction
}

// bundlerError is a JSON-RPC error answer with a code.
type bundlerError struct {
	code int
	msg  string
}

func (e *bundlerError) Error() string  { return e.msg }
func (e *bundlerError) ErrorCode() int { return e.code }

// hostedAPI is the "eth" namespace of the stand-in.
type hostedAPI struct{ h *hostedBundler }

// SendUserOperation is eth_sendUserOperation.
func (api *hostedAPI) SendUserOperation(ctx context.Context, op *aa.UserOperation, entryPoint common.Address) (common.Hash, error) {
	h, e := api.h, api.h.e
	h.sends.Add(1)
	if entryPoint != e.suite.EntryPoint {
		return common.Hash{}, &bundlerError{-32602, "unsupported entryPoint"}
	}
	if err := aa.Simulate(ctx, e.client, entryPoint, op); err != nil {
		return common.Hash{}, &bundlerError{-32500, predict.ErrorMessage(err)}
	}
	hash := op.Hash(entryPoint, e.chainID)
	h.mu.Lock()
	defer h.mu.Unlock()
	if _, ok := h.txs[hash]; ok {
		return hash, nil
	}
	ep, err := bindings.NewEntryPoint(entryPoint, e.client)
	if err != nil {
		return common.Hash{}, err
	}
	opts, err := bind.NewKeyedTransactorWithChainID(e.keys.Bundler, e.chainID)
	if err != nil {
		return common.Hash{}, err
	}
	opts.Context = ctx
	opts.GasLimit = bundler.BatchGas([]*aa.UserOperation{op}, nil) + 50_000
	tx, err := ep.HandleOps(opts, []bindings.UserOperation{aa.Binding(op)}, e.keys.BundlerAddress())
	if err != nil {
		return common.Hash{}, &bundlerError{-32603, err.Error()}
	}
	h.txs[hash] = tx.Hash()
	return hash, nil
}

// GetUserOperationReceipt is eth_getUserOperationReceipt: null until mined.
func (api *hostedAPI) GetUserOperationReceipt(ctx context.Context, hash common.Hash) (map[string]any, error) {
	api.h.mu.Lock()
	txHash, ok := api.h.txs[hash]
	api.h.mu.Unlock()
	if !ok {
		return nil, nil
	}
	r, err := api.h.e.client.TransactionReceipt(ctx, txHash)
	if err != nil {
		return nil, nil
	}
	return map[string]any{
		"userOpHash": hash, "success": hasEvent(r, hash),
		"receipt": map[string]any{"transactionHash": r.TxHash, "blockNumber": (*hexutil.Big)(r.BlockNumber)},
	}, nil
}

// GetUserOperationByHash is eth_getUserOperationByHash: null when unknown.
func (api *hostedAPI) GetUserOperationByHash(hash common.Hash) (map[string]any, error) {
	api.h.mu.Lock()
	defer api.h.mu.Unlock()
	if _, ok := api.h.txs[hash]; !ok {
		return nil, nil
	}
	return map[string]any{"userOpHash": hash}, nil
}

func newHostedBundler(t *testing.T, e *env) (*hostedBundler, string) {
	t.Helper()
	h := &hostedBundler{e: e, txs: map[common.Hash]common.Hash{}}
	srv := rpc.NewServer()
	if err := srv.RegisterName("eth", &hostedAPI{h}); err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewServer(srv)
	t.Cleanup(func() { hs.Close(); srv.Stop() })
	return h, hs.URL
}

// TestExternal hands operations to the stand-in hosted bundler: one
// through Submit, one only recorded in the store (Run finds it); both are
// included and recorded as submitted with their transaction hash. An
// operation the bundler rejects returns the bundler's message and is
// recorded as dropped with it.
func TestExternal(t *testing.T) {
	ctx := context.Background()
	e := newEnv(t, 0)
	hosted, url := newHostedBundler(t, e)
	metrics := bundler.NewMetrics()
	x, err := bundler.NewExternal(bundler.Config{
		RPCURL: url, EntryPoint: e.suite.EntryPoint, ChainID: e.chainID, Store: e.store,
		PollInterval: 50 * time.Millisecond, Logger: testLogger(), Metrics: metrics,
	})
	if err != nil {
		t.Fatal(err)
	}

	a, b := e.newAccount(t), e.newAccount(t)
	opA, hashA := e.op(t, a, 0)
	e.record(t, a, opA, hashA)
	opB, hashB := e.op(t, b, 0)
	e.record(t, b, opB, hashB)
	if err := x.Submit(ctx, opA, hashA); err != nil {
		t.Fatal(err)
	}
	if err := x.Submit(ctx, opA, hashA); err != nil {
		t.Fatal(err)
	}
	if n := hosted.sends.Load(); n != 1 {
		t.Errorf("the hosted bundler got %d sends, want 1 (Submit is idempotent)", n)
	}
	run(t, x)
	for _, h := range []common.Hash{hashA, hashB} {
		waitFor(t, 20*time.Second, "the operation recorded as submitted", func() bool {
			return e.status(t, h).Status == predict.OpSubmitted
		})
		rec := e.status(t, h)
		hosted.mu.Lock()
		want := hosted.txs[h]
		hosted.mu.Unlock()
		if rec.TxHash != strings.ToLower(want.Hex()) {
			t.Errorf("op %s recorded with tx %s, the bundler sent it in %s", h, rec.TxHash, want)
		}
		if ev := e.events(t)[h]; len(ev) != 1 || !ev[0] {
			t.Errorf("op %s events %v, want one success", h, ev)
		}
	}

	t.Run("Rejected", func(t *testing.T) {
		c := e.newAccount(t)
		op, h := e.opWith(t, c, 5, true, c.owner)
		e.record(t, c, op, h)
		err := x.Submit(ctx, op, h)
		if predict.ErrorCode(err) != predict.EREJECTED || !strings.Contains(predict.ErrorMessage(err), "AA25 invalid account nonce") {
			t.Fatalf("Submit: %v, want EREJECTED with the bundler's AA25 message", err)
		}
		waitFor(t, 10*time.Second, "the operation recorded as dropped", func() bool {
			return e.status(t, h).Status == predict.OpDropped
		})
		if rec := e.status(t, h); !strings.Contains(rec.Reason, "AA25 invalid account nonce") || !strings.Contains(rec.Reason, "-32500") {
			t.Errorf("drop reason %q, want the bundler's message and code", rec.Reason)
		}
		if got := value(metrics.OpsDropped.WithLabelValues("AA25")); got != 1 {
			t.Errorf("ops_dropped_total{reason=AA25} = %v, want 1", got)
		}
	})

	t.Run("Unreachable", func(t *testing.T) {
		down := httptest.NewServer(nil)
		down.Close()
		y, err := bundler.NewExternal(bundler.Config{RPCURL: down.URL, EntryPoint: e.suite.EntryPoint, Store: e.store, Logger: testLogger()})
		if err != nil {
			t.Fatal(err)
		}
		c := e.newAccount(t)
		op, h := e.op(t, c, 0)
		e.record(t, c, op, h)
		if err := y.Submit(ctx, op, h); err != nil {
			t.Fatalf("Submit to an unreachable bundler: %v, want nil (Run retries)", err)
		}
		if rec := e.status(t, h); rec.Status != predict.OpPending {
			t.Errorf("status %s, want pending", rec.Status)
		}
	})
}
