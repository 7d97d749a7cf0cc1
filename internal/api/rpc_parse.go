package api

import (
	"bytes"
	"encoding/json"
	"math/big"
	"strings"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/internal/aa"
)

// rpcFail is a request the service cannot read: its data is the API's
// PARAM (110101).
func rpcFail(code int, format string, args ...any) *rpcError {
	err := predict.Errorf(predict.EINVALID, format, args...)
	return &rpcError{Code: code, Message: predict.ErrorMessage(err), Data: rpcDataOf(err)}
}

// parseRPC reads a request body: one call or a batch of at most
// maxRPCBatch. A body that is not JSON-RPC at all is an error; a batch
// member that is malformed gets its own error reply (nil call).
func parseRPC(body []byte) (calls []*rpcCall, bad []*rpcError, batch bool, err *rpcError) {
	body = bytes.TrimSpace(body)
	if len(body) == 0 {
		return nil, nil, false, rpcFail(rpcInvalidRequest, "empty body: send a JSON-RPC 2.0 request")
	}
	if err := checkJSONDepth(body); err != nil {
		return nil, nil, body[0] == '[', &rpcError{Code: rpcInvalidRequest, Message: predict.ErrorMessage(err), Data: rpcDataOf(err)}
	}
	var raws []json.RawMessage
	if body[0] == '[' {
		batch = true
		if json.Unmarshal(body, &raws) != nil {
			return nil, nil, true, rpcFail(rpcParseError, "the body is not valid JSON")
		}
		if len(raws) == 0 || len(raws) > maxRPCBatch {
			return nil, nil, true, rpcFail(rpcInvalidRequest, "a batch holds 1 to %d calls", maxRPCBatch)
		}
	} else {
		if !json.Valid(body) {
			return nil, nil, false, rpcFail(rpcParseError, "the body is not valid JSON")
		}
		raws = []json.RawMessage{body}
	}
	for _, raw := range raws {
		c, e := parseCall(raw)
		calls, bad = append(calls, c), append(bad, e)
	}
	if !batch && bad[0] != nil {
		return nil, nil, false, bad[0]
	}
	return calls, bad, batch, nil
}

func parseCall(raw json.RawMessage) (*rpcCall, *rpcError) {
	var c rpcCall
	if err := json.Unmarshal(raw, &c); err != nil {
		return nil, rpcFail(rpcInvalidRequest, "a call must be an object with jsonrpc, id, method and params")
	}
	switch {
	case c.JSONRPC != "2.0":
		return &c, rpcFail(rpcInvalidRequest, `jsonrpc must be "2.0"`)
	case c.Method == "":
		return &c, rpcFail(rpcInvalidRequest, "method is required")
	case len(c.ID) == 0:
		// A notification (no id) gets no answer in JSON-RPC; every method
		// here answers, so it is refused rather than silently run.
		return &c, rpcFail(rpcInvalidRequest, "id is required")
	}
	if p := bytes.TrimSpace(c.Params); len(p) > 0 && p[0] != '[' && !bytes.Equal(p, []byte("null")) {
		return &c, rpcFail(rpcInvalidParams, "params must be an array")
	}
	return &c, nil
}

// params splits a call's params into at least min and at most max.
func (c *rpcCall) params(min, max int) ([]json.RawMessage, *rpcError) {
	var ps []json.RawMessage
	if p := bytes.TrimSpace(c.Params); len(p) > 0 && !bytes.Equal(p, []byte("null")) {
		if err := json.Unmarshal(p, &ps); err != nil {
			return nil, rpcFail(rpcInvalidParams, "params must be an array")
		}
	}
	if len(ps) < min || len(ps) > max {
		if min == max {
			return nil, rpcFail(rpcInvalidParams, "%s takes %d params, got %d", c.Method, min, len(ps))
		}
		return nil, rpcFail(rpcInvalidParams, "%s takes %d to %d params, got %d", c.Method, min, max, len(ps))
	}
	return ps, nil
}

// opFields are the UserOperation v0.6 fields SDKs may leave out before
// the gas and the paymaster are known.
var opFields = []struct{ name, zero string }{
	{"nonce", "0x0"}, {"initCode", "0x"}, {"callGasLimit", "0x0"}, {"verificationGasLimit", "0x0"},
	{"preVerificationGas", "0x0"}, {"maxFeePerGas", "0x0"}, {"maxPriorityFeePerGas", "0x0"},
	{"paymasterAndData", "0x"}, {"signature", "0x"},
}

// parseRPCOp reads a UserOperation param. SDKs send partial operations
// to the paymaster and to estimation: absent fields count as zero or
// empty; what is present is read as strictly as the transaction
// endpoints read it. v0.7 fields (factory, paymaster, ...) are refused:
// the EntryPoint is v0.6.
func parseRPCOp(raw json.RawMessage) (*aa.UserOperation, *rpcError) {
	var m map[string]json.RawMessage
	if err := json.Unmarshal(raw, &m); err != nil || m == nil {
		return nil, rpcFail(rpcInvalidParams, "the user operation must be an object of hex strings")
	}
	for _, v7 := range []string{"factory", "factoryData", "paymaster", "paymasterData", "paymasterVerificationGasLimit", "paymasterPostOpGasLimit"} {
		if _, ok := m[v7]; ok {
			return nil, rpcFail(rpcInvalidParams, "userOperation.%s is an EntryPoint v0.7 field; this service's EntryPoint is v0.6 (initCode, paymasterAndData)", v7)
		}
	}
	for _, f := range opFields {
		if v, ok := m[f.name]; !ok || bytes.Equal(v, []byte("null")) {
			m[f.name] = json.RawMessage(`"` + f.zero + `"`)
		}
	}
	full, _ := json.Marshal(m)
	var op aa.UserOperation
	if err := json.Unmarshal(full, &op); err != nil {
		return nil, &rpcError{Code: rpcInvalidParams, Message: predict.ErrorMessage(err), Data: rpcDataOf(err)}
	}
	return &op, nil
}

// entryPointParam checks the EntryPoint a call names.
func (s *Server) entryPointParam(raw json.RawMessage) *rpcError {
	var ep string
	if json.Unmarshal(raw, &ep) != nil || !common.IsHexAddress(ep) {
		return rpcFail(rpcInvalidParams, "the entry point must be an address")
	}
	if common.HexToAddress(ep) != common.HexToAddress(s.cfg.Deployment.EntryPoint) {
		return rpcFail(rpcInvalidParams, "entry point %s is not supported; this service's EntryPoint v0.6 is %s", strings.ToLower(ep), s.cfg.Deployment.EntryPoint)
	}
	return nil
}

// chainIDParam checks the chain id an ERC-7677 call names (hex).
func (s *Server) chainIDParam(raw json.RawMessage) *rpcError {
	var id string
	if json.Unmarshal(raw, &id) != nil {
		return rpcFail(rpcInvalidParams, "the chain id must be a hex string")
	}
	n, err := hexutil.DecodeBig(id)
	if err != nil {
		return rpcFail(rpcInvalidParams, "the chain id must be a hex quantity such as 0x539")
	}
	if n.Cmp(big.NewInt(s.cfg.Deployment.ChainID)) != 0 {
		return rpcFail(rpcInvalidParams, "chain id %s is not this service's chain %d", n, s.cfg.Deployment.ChainID)
	}
	return nil
}

// hashParam reads a userOpHash param.
func hashParam(raw json.RawMessage) (string, *rpcError) {
	var h string
	if json.Unmarshal(raw, &h) != nil || !opHashRe.MatchString(h) {
		return "", rpcFail(rpcInvalidParams, "the user operation hash must be a 0x-prefixed 32-byte hex hash")
	}
	return strings.ToLower(h), nil
}
