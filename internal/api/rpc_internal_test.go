package api

import (
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"math/big"
	"net/http/httptest"
	"reflect"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"

	"github.com/predict-dev/predict"
)

func TestParseRPC(t *testing.T) {
	tests := []struct {
		name      string
		body      string
		wantErr   int   // the whole body's error code, 0 if none
		wantCalls int   // calls read
		wantBad   []int // per-call error codes (0: fine)
		batch     bool
	}{
		{name: "OK", body: `{"jsonrpc":"2.0","id":1,"method":"eth_chainId","params":[]}`, wantCalls: 1, wantBad: []int{0}},
		{name: "OKNoParams", body: `{"jsonrpc":"2.0","id":"a","method":"eth_chainId"}`, wantCalls: 1, wantBad: []int{0}},
		{name: "OKBatch", body: `[{"jsonrpc":"2.0","id":1,"method":"eth_chainId"},{"jsonrpc":"2.0","id":2,"method":"eth_supportedEntryPoints","params":[]}]`,
			wantCalls: 2, wantBad: []int{0, 0}, batch: true},
		{name: "ErrBatchMember", body: `[{"jsonrpc":"2.0","id":1,"method":"eth_chainId"},{"jsonrpc":"1.0","id":2,"method":"x"},7]`,
			wantCalls: 3, wantBad: []int{0, rpcInvalidRequest, rpcInvalidRequest}, batch: true},
		{name: "ErrEmpty", body: ``, wantErr: rpcInvalidRequest},
		{name: "ErrNotJSON", body: `{"jsonrpc":`, wantErr: rpcParseError},
		{name: "ErrBatchNotJSON", body: `[{"jsonrpc":`, wantErr: rpcParseError, batch: true},
		{name: "ErrEmptyBatch", body: `[]`, wantErr: rpcInvalidRequest, batch: true},
		{name: "ErrBatchTooLarge", body: "[" + repeatCalls(maxRPCBatch+1) + "]", wantErr: rpcInvalidRequest, batch: true},
		{name: "ErrVersion", body: `{"jsonrpc":"1.0","id":1,"method":"eth_chainId"}`, wantErr: rpcInvalidRequest},
		{name: "ErrNoMethod", body: `{"jsonrpc":"2.0","id":1}`, wantErr: rpcInvalidRequest},
		{name: "ErrNotification", body: `{"jsonrpc":"2.0","method":"eth_chainId"}`, wantErr: rpcInvalidRequest},
		{name: "ErrParamsObject", body: `{"jsonrpc":"2.0","id":1,"method":"eth_chainId","params":{"a":1}}`, wantErr: rpcInvalidParams},
		{name: "ErrNotObject", body: `"eth_chainId"`, wantErr: rpcInvalidRequest},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			calls, bad, batch, err := parseRPC([]byte(tt.body))
			if batch != tt.batch {
				t.Errorf("batch = %v, want %v", batch, tt.batch)
			}
			if tt.wantErr != 0 {
				if err == nil || err.Code != tt.wantErr {
					t.Fatalf("error %+v, want code %d", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatalf("error %+v", err)
			}
			if len(calls) != tt.wantCalls || len(bad) != len(tt.wantBad) {
				t.Fatalf("%d calls, %d errors; want %d and %d", len(calls), len(bad), tt.wantCalls, len(tt.wantBad))
			}
			for i, want := range tt.wantBad {
				got := 0
				if bad[i] != nil {
					got = bad[i].Code
				}
				if got != want {
					t.Errorf("call %d: error code %d (%v), want %d", i, got, bad[i], want)
				}
			}
		})
	}
}

func repeatCalls(n int) string {
	s := ""
	for i := 0; i < n; i++ {
		if i > 0 {
			s += ","
		}
		s += fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"eth_chainId"}`, i)
	}
	return s
}

func TestRPCParams(t *testing.T) {
	call := func(params string) *rpcCall {
		return &rpcCall{JSONRPC: "2.0", ID: json.RawMessage("1"), Method: "m", Params: json.RawMessage(params)}
	}
	tests := []struct {
		name     string
		params   string
		min, max int
		want     int // count, or -1 for an error
	}{
		{"OK", `[1,2]`, 2, 3, 2},
		{"OKNull", `null`, 0, 0, 0},
		{"OKAbsent", ``, 0, 1, 0},
		{"ErrTooFew", `[1]`, 2, 3, -1},
		{"ErrTooMany", `[1,2,3,4]`, 2, 3, -1},
		{"ErrExact", `[1,2]`, 1, 1, -1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ps, err := call(tt.params).params(tt.min, tt.max)
			if tt.want < 0 {
				if err == nil || err.Code != rpcInvalidParams {
					t.Fatalf("error %v, want invalid params", err)
				}
				return
			}
			if err != nil || len(ps) != tt.want {
				t.Fatalf("%d params, error %v; want %d", len(ps), err, tt.want)
			}
		})
	}
}

func TestParseRPCOp(t *testing.T) {
	const sender = `"sender":"0x36fb27303ed0e688f72c05064ec86885f3293ed7"`
	tests := []struct {
		name    string
		op      string
		wantErr bool
		check   func(t *testing.T, gas *big.Int, initCode, pmd []byte)
	}{
		// What viem sends to pm_getPaymasterStubData: no gas yet.
		{name: "OKPartial", op: `{` + sender + `,"nonce":"0x1","callData":"0xb61d27f6","initCode":"0x","signature":"0x01"}`,
			check: func(t *testing.T, gas *big.Int, initCode, pmd []byte) {
				if gas.Sign() != 0 || len(pmd) != 0 {
					t.Errorf("absent fields not zero: gas %v paymasterAndData %x", gas, pmd)
				}
			}},
		{name: "OKNullFields", op: `{` + sender + `,"callData":"0xb61d27f6","callGasLimit":null,"paymasterAndData":null}`},
		{name: "OKFull", op: `{` + sender + `,"nonce":"0x0","initCode":"0x","callData":"0xb61d27f6","callGasLimit":"0x30d40","verificationGasLimit":"0x1","preVerificationGas":"0x1","maxFeePerGas":"0x1","maxPriorityFeePerGas":"0x1","paymasterAndData":"0x","signature":"0x"}`,
			check: func(t *testing.T, gas *big.Int, _, _ []byte) {
				if gas.Int64() != 200_000 {
					t.Errorf("callGasLimit %v", gas)
				}
			}},
		{name: "ErrV7Fields", op: `{` + sender + `,"callData":"0xb61d27f6","factory":"0x36fb27303ed0e688f72c05064ec86885f3293ed7"}`, wantErr: true},
		{name: "ErrV7Paymaster", op: `{` + sender + `,"callData":"0xb61d27f6","paymaster":"0x36fb27303ed0e688f72c05064ec86885f3293ed7"}`, wantErr: true},
		{name: "ErrNoSender", op: `{"callData":"0xb61d27f6"}`, wantErr: true},
		{name: "ErrNoCallData", op: `{` + sender + `}`, wantErr: true},
		{name: "ErrBadQuantity", op: `{` + sender + `,"callData":"0xb61d27f6","nonce":"12"}`, wantErr: true},
		{name: "ErrNotObject", op: `[1]`, wantErr: true},
		{name: "ErrNull", op: `null`, wantErr: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			op, err := parseRPCOp(json.RawMessage(tt.op))
			if tt.wantErr {
				if err == nil || err.Code != rpcInvalidParams {
					t.Fatalf("error %v, want invalid params", err)
				}
				return
			}
			if err != nil {
				t.Fatalf("error %v", err)
			}
			if tt.check != nil {
				tt.check(t, op.CallGasLimit, op.InitCode, op.PaymasterAndData)
			}
		})
	}
}

func TestRPCParamChecks(t *testing.T) {
	s := &Server{cfg: Config{Deployment: &predict.Deployment{ChainID: 1337, EntryPoint: "0x8114911747d3c767352e636a162bf8091b55a3d0"}}}
	for _, tt := range []struct {
		name string
		err  *rpcError
		ok   bool
	}{
		{"EntryPointOK", s.entryPointParam(json.RawMessage(`"0x8114911747D3C767352e636a162bf8091b55a3d0"`)), true},
		{"ErrEntryPointOther", s.entryPointParam(json.RawMessage(`"0x5ff137d4b0fdcd49dca30c7cf57e578a026d2789"`)), false},
		{"ErrEntryPointNotAddress", s.entryPointParam(json.RawMessage(`"0x12"`)), false},
		{"ChainIDOK", s.chainIDParam(json.RawMessage(`"0x539"`)), true},
		{"ErrChainIDOther", s.chainIDParam(json.RawMessage(`"0x1"`)), false},
		{"ErrChainIDNumber", s.chainIDParam(json.RawMessage(`1337`)), false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if tt.ok != (tt.err == nil) || (tt.err != nil && tt.err.Code != rpcInvalidParams) {
				t.Fatalf("error %+v, want ok=%v", tt.err, tt.ok)
			}
		})
	}
	if _, err := hashParam(json.RawMessage(`"0x` + common.Hash{1}.Hex()[2:] + `"`)); err != nil {
		t.Fatalf("hash: %v", err)
	}
	if _, err := hashParam(json.RawMessage(`"0x12"`)); err == nil {
		t.Fatal("short hash accepted")
	}
}

// TestRPCErrorOf checks the mapping of the service's refusals to the
// codes of ERC-4337 (ERC-7769), with the API's code in data.
func TestRPCErrorOf(t *testing.T) {
	s := &Server{logger: slog.New(slog.DiscardHandler)}
	r := httptest.NewRequest("POST", "/api/v1/rpc", nil)
	tests := []struct {
		name      string
		err       error
		paymaster bool
		code      int
		apiCode   int
	}{
		{"Invalid", predict.Errorf(predict.EINVALID, "x"), false, rpcInvalidParams, 110101},
		{"ForbiddenPaymaster", predict.Errorf(predict.EFORBIDDEN, "not your account"), true, rpcRejectedByPM, 110104},
		{"ForbiddenSend", predict.Errorf(predict.EFORBIDDEN, "not your account"), false, rpcRejectedByEP, 110104},
		{"MarketNotRunning", predict.Errorf(predict.ECONFLICT, "settling"), true, rpcRejectedByPM, 110105},
		{"Budget", predict.Errorf(predict.ERATELIMIT, "used up"), true, rpcThrottled, 110103},
		{"Balance", predict.Errorf(predict.EBALANCE, "not enough"), true, rpcRejectedByPM, 110110},
		{"AA34", predict.Errorf(predict.EPAYMASTERSIG, "AA34"), false, rpcRejectedByPM, 110114},
		{"AA24", predict.Errorf(predict.EREJECTED, "operation rejected by the EntryPoint: AA24 signature error"), false, rpcInvalidSignature, 110106},
		{"OwnerSignature", predict.Errorf(predict.EREJECTED, "operation rejected: the signature does not match the account owner"), false, rpcInvalidSignature, 110106},
		{"Rejected", predict.Errorf(predict.EREJECTED, "callData is not a SimpleAccount call"), false, rpcRejectedByEP, 110106},
		{"Chain", predict.Errorf(predict.ERPC, "node down"), false, rpcInternal, 110205},
		{"Internal", errors.New("boom"), false, rpcInternal, 110201},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := s.rpcErrorOf(r, tt.err, tt.paymaster)
			if got.Code != tt.code || got.Data == nil || got.Data.Code != tt.apiCode {
				t.Fatalf("%+v (data %+v), want code %d data.code %d", got, got.Data, tt.code, tt.apiCode)
			}
		})
	}
	if got := s.rpcErrorOf(r, errors.New("secret detail"), false); got.Message == "secret detail" {
		t.Fatal("an internal error's text reached the client")
	}
}

// The receipt of eth_getUserOperationReceipt is the node's receipt, every
// field as go-ethereum encodes it, with from, to and effectiveGasPrice.
func TestBundleReceipt(t *testing.T) {
	from, entryPoint := common.HexToAddress("0x01"), common.HexToAddress("0x02")
	for _, tc := range []struct {
		name     string
		receipt  *types.Receipt
		gasPrice string
	}{
		{"no gas price", &types.Receipt{Status: 1, GasUsed: 21000, BlockNumber: big.NewInt(7), Logs: []*types.Log{}}, "0x0"},
		{"gas price", &types.Receipt{Type: 2, Status: 0, GasUsed: 90000, EffectiveGasPrice: big.NewInt(1e9), BlockNumber: big.NewInt(9),
			Logs: []*types.Log{{Address: entryPoint, Topics: []common.Hash{{1}}, Data: []byte{2}}}}, "0x3b9aca00"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var node, got map[string]any
			raw, err := json.Marshal(tc.receipt)
			if err != nil {
				t.Fatal(err)
			}
			if err := json.Unmarshal(raw, &node); err != nil {
				t.Fatal(err)
			}
			node["from"], node["to"], node["effectiveGasPrice"] = from.Hex(), entryPoint.Hex(), tc.gasPrice
			if raw, err = json.Marshal(newBundleReceipt(tc.receipt, from, entryPoint)); err != nil {
				t.Fatal(err)
			}
			if err := json.Unmarshal(raw, &got); err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, node) {
				t.Errorf("receipt\n got %v\nwant %v", got, node)
			}
		})
	}
}
