package main

import (
	"context"
	"encoding/json"
	"math/big"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/accounts/abi/bind"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/rpc"

	"github.com/predict-dev/predict/client"
	"github.com/predict-dev/predict/internal/aa"
	"github.com/predict-dev/predict/internal/chain"
	"github.com/predict-dev/predict/internal/chain/bindings"
	"github.com/predict-dev/predict/wire"
)

// hostedDouble stands in for a hosted ERC-4337 bundler (none can run
// here): it answers estimates with its own figures and records what it is
// sent, without bundling.
type hostedDouble struct {
	mu        sync.Mutex
	estimates int
	sent      []map[string]any
	chainID   *big.Int
}

func (h *hostedDouble) EstimateUserOperationGas(_ context.Context, op map[string]any, entryPoint string) (map[string]string, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.estimates++
	return map[string]string{"preVerificationGas": "0xc350", "verificationGasLimit": "0x1d4c0", "callGasLimit": "0x2bf20"}, nil
}

func (h *hostedDouble) SendUserOperation(_ context.Context, op map[string]any, entryPoint string) (string, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.sent = append(h.sent, op)
	raw, _ := json.Marshal(op)
	var uo aa.UserOperation
	if err := json.Unmarshal(raw, &uo); err != nil {
		return "", err
	}
	return uo.Hash(common.HexToAddress(entryPoint), h.chainID).Hex(), nil
}

func (h *hostedDouble) GetUserOperationReceipt(_ context.Context, hash string) (map[string]any, error) {
	return nil, nil
}

// TestHostedBundlerForwarding: with PREDICT_BUNDLER_RPC_URL set, gas
// estimates of POST /api/v1/rpc come from the hosted bundler (after the
// policy's checks), and eth_sendUserOperation reaches it once the service
// has recorded the operation.
func TestHostedBundlerForwarding(t *testing.T) {
	double := &hostedDouble{}
	srv := rpc.NewServer()
	if err := srv.RegisterName("eth", double); err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewServer(srv)
	t.Cleanup(hs.Close)
	t.Cleanup(srv.Stop)
	e := startE2E(t, map[string]string{"PREDICT_BUNDLER_RPC_URL": hs.URL})
	double.mu.Lock()
	double.chainID = big.NewInt(e.m.Deployment.ChainID)
	double.mu.Unlock()
	root := e.newUser("root")
	e.faucet(root, 1_000_000_000)
	// The market is created through the built-in path's prepare and the
	// hosted bundler, which does not mine: create it on chain directly.
	market, _ := e.marketOnChain(root, "Hosted")
	alice := e.newUser("alice")
	e.faucet(alice, 10_000_000)

	head, _ := e.m.Client.HeaderByNumber(e.ctx, nil)
	base := e.m.Suite.BaseTokens[0].Address
	act := &aa.Action{Kind: aa.KindBuy, Target: common.HexToAddress(market), Option: 0, Amount: big.NewInt(1_000_000), MinOut: big.NewInt(1),
		Deadline: big.NewInt(int64(head.Time) + 3600), Approvals: []aa.Approval{{Token: base, Spender: common.HexToAddress(market), Amount: big.NewInt(1_000_000)}}}
	callData, err := aa.CallData(act)
	if err != nil {
		t.Fatal(err)
	}
	initCode, _ := aa.InitCode(e.m.Suite.AccountFactory, crypto.PubkeyToAddress(alice.owner.PublicKey))
	op := map[string]any{"sender": strings.ToLower(alice.account.Hex()), "nonce": "0x0", "initCode": hexutil.Encode(initCode),
		"callData": hexutil.Encode(callData), "maxFeePerGas": "0x77359400", "maxPriorityFeePerGas": "0x3b9aca00"}
	ep, chainID := e.m.Deployment.EntryPoint, hexutil.EncodeBig(big.NewInt(e.m.Deployment.ChainID))

	est := rpcPost(t, e.m, alice.token, "eth_estimateUserOperationGas", op, ep)
	var g map[string]string
	json.Unmarshal(est.Result, &g)
	if est.Error != nil || g["callGasLimit"] != "0x2bf20" || double.estimates != 1 {
		t.Fatalf("estimate %s %+v (hosted asked %d times), want the hosted bundler's", est.Result, est.Error, double.estimates)
	}
	// The policy runs before anything is forwarded.
	other := e.newUser("mallory")
	rpcPost(t, e.m, other.token, "eth_estimateUserOperationGas", op, ep).wantError(t, -32500, 110104)
	if double.estimates != 1 {
		t.Fatalf("a refused estimate reached the hosted bundler")
	}

	// Sponsored and signed as an SDK would, then sent (with the gas this
	// account's deployment needs: the double's figures are made up).
	for k, v := range map[string]string{"callGasLimit": "0x2bf20", "verificationGasLimit": "0x7a120", "preVerificationGas": "0xc350"} {
		op[k] = v
	}
	pm := rpcPost(t, e.m, alice.token, "pm_getPaymasterData", op, ep, chainID, nil)
	var sp struct{ PaymasterAndData string }
	if json.Unmarshal(pm.Result, &sp); pm.Error != nil {
		t.Fatalf("sponsorship: %+v", pm.Error)
	}
	op["paymasterAndData"], op["signature"] = sp.PaymasterAndData, "0x"
	raw, _ := json.Marshal(op)
	var uo aa.UserOperation
	if err := json.Unmarshal(raw, &uo); err != nil {
		t.Fatal(err)
	}
	hash := uo.Hash(e.m.Suite.EntryPoint, big.NewInt(e.m.Deployment.ChainID))
	sig, _ := aa.SignHash(hash, alice.owner)
	op["signature"] = hexutil.Encode(sig)
	sent := rpcPost(t, e.m, alice.token, "eth_sendUserOperation", op, ep)
	var opHash string
	if json.Unmarshal(sent.Result, &opHash); sent.Error != nil || opHash != strings.ToLower(hash.Hex()) {
		t.Fatalf("send: %s %+v, want %s", sent.Result, sent.Error, hash.Hex())
	}
	double.mu.Lock()
	n := len(double.sent)
	double.mu.Unlock()
	if n != 1 || !strings.EqualFold(double.sent[0]["sender"].(string), alice.account.Hex()) {
		t.Fatalf("hosted bundler received %d operations (%v), want alice's one", n, double.sent)
	}
	st := request(t, e.m, "GET", "/api/v1/aa/get-operation-status?opHash="+opHash, "", nil)
	var status struct{ Status, Action string }
	json.Unmarshal(st.Data, &status)
	if status.Status != "pending" || status.Action != "buy" {
		t.Fatalf("recorded operation: %+v, want pending buy", status)
	}
}

// marketOnChain creates a two-option market straight from the operator
// key (the factory's owner, made an admin), for a service whose bundler never mines, and
// waits until the indexer has it.
func (e *e2e) marketOnChain(funder *user, title string) (string, []string) {
	e.t.Helper()
	keys, err := chain.LoadOrCreateKeys(e.m.Config.DataDir)
	if err != nil {
		e.t.Fatal(err)
	}
	liquidity := big.NewInt(100_000_000)
	_, err = e.as(funder).Faucet(e.ctx, client.FaucetRequest{Address: strings.ToLower(keys.OperatorAddress().Hex()), Amount: wire.NewAmount(liquidity)})
	e.must(err, "faucet to the operator")
	opts, _ := bind.NewKeyedTransactorWithChainID(keys.Operator, big.NewInt(e.m.Deployment.ChainID))
	opts.Context = e.ctx
	base := e.m.Suite.BaseTokens[0].Address
	token, _ := bindings.NewBaseToken(base, e.m.Client)
	factory, _ := bindings.NewMarketFactory(e.m.Suite.MarketFactory, e.m.Client)
	head, _ := e.m.Client.HeaderByNumber(e.ctx, nil)
	for _, send := range []func() (*types.Transaction, error){
		func() (*types.Transaction, error) { return factory.SetAdmin(opts, keys.OperatorAddress(), true) },
		func() (*types.Transaction, error) { return token.Approve(opts, e.m.Suite.MarketFactory, liquidity) },
		func() (*types.Transaction, error) {
			return factory.CreateMarket(opts, base, []string{"Yes", "No"}, big.NewInt(int64(head.Time)+86400), big.NewInt(200), liquidity,
				crypto.Keccak256Hash([]byte(title)), [32]byte{})
		},
	} {
		tx, err := send()
		e.must(err, "operator transaction")
		r, err := chain.WaitMined(e.ctx, e.m.Client, tx.Hash())
		if err != nil || r.Status != types.ReceiptStatusSuccessful {
			e.t.Fatalf("operator transaction %s: %v", tx.Hash(), err)
		}
	}
	addr, err := factory.PredictMarket(&bind.CallOpts{Context: e.ctx}, keys.OperatorAddress(), crypto.Keccak256Hash([]byte(title)))
	e.must(err, "predict market")
	market := strings.ToLower(addr.Hex())
	for i := 0; ; i++ {
		if d, err := e.api("").GetMarketDetail(e.ctx, market, ""); err == nil {
			return market, []string{d.Options[0].OptionAddress, d.Options[1].OptionAddress}
		}
		if i == 100 {
			e.t.Fatalf("market %s not indexed", market)
		}
		time.Sleep(100 * time.Millisecond)
	}
}
