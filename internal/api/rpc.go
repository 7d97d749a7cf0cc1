package api

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math/big"
	"net/http"
	"strconv"
	"strings"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/core/types"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/internal/aa"
	"github.com/predict-dev/predict/internal/ops"
	"github.com/predict-dev/predict/wire"
)

// POST /api/v1/rpc serves the standard interfaces of smart-account SDKs
// (docs/transactions.md): the ERC-7677 paymaster methods and the ERC-4337
// bundler methods, as JSON-RPC 2.0, authenticated with the same bearer
// token as the rest of the API. Operations sent here go through the same
// checks and the same record as the transaction endpoints: the request is
// read from the operation's callData.

// JSON-RPC 2.0 and ERC-4337 (ERC-7769) error codes.
const (
	rpcParseError       = -32700
	rpcInvalidRequest   = -32600
	rpcMethodNotFound   = -32601
	rpcInvalidParams    = -32602
	rpcInternal         = -32603
	rpcRejectedByEP     = -32500 // refused by validation (the service's rules or simulateValidation)
	rpcRejectedByPM     = -32501 // refused by the paymaster's policy or its signature check
	rpcThrottled        = -32504 // the paymaster's budget for the caller is used up
	rpcInvalidSignature = -32507 // the owner's signature does not verify
	rpcLimitExceeded    = -32005 // EIP-1474: the request rate is over the caller's limit
)

// maxRPCBatch bounds the calls of one batch request.
const maxRPCBatch = 20

// ChainReader is the chain access of the RPC receipts and of the config's
// chain time. *ethclient.Client satisfies it.
type ChainReader interface {
	HeaderByNumber(ctx context.Context, number *big.Int) (*types.Header, error)
	TransactionReceipt(ctx context.Context, hash common.Hash) (*types.Receipt, error)
	TransactionByHash(ctx context.Context, hash common.Hash) (*types.Transaction, bool, error)
}

// BundlerForwarder is a hosted ERC-4337 bundler's JSON-RPC: when one is
// configured, gas estimates come from it (it is the one that will bundle
// the operation). *rpc.Client satisfies it.
type BundlerForwarder interface {
	CallContext(ctx context.Context, result any, method string, args ...any) error
}

// The JSON-RPC bodies are package wire's; a call is its own type here to
// carry the parsing methods below.
type (
	rpcCall      wire.RPCRequest
	rpcReply     = wire.RPCResponse
	rpcError     = wire.RPCError
	rpcErrorData = wire.RPCErrorData
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

// rpcMethod answers one call for an authenticated user.
type rpcMethod func(s *Server, ctx context.Context, u *predict.User, c *rpcCall) (any, error)

// rpcMethods is the method table of POST /api/v1/rpc.
var rpcMethods = map[string]rpcMethod{
	"eth_chainId":                  (*Server).rpcChainID,
	"eth_supportedEntryPoints":     (*Server).rpcSupportedEntryPoints,
	"pm_getPaymasterStubData":      (*Server).rpcPaymasterStubData,
	"pm_getPaymasterData":          (*Server).rpcPaymasterData,
	"eth_estimateUserOperationGas": (*Server).rpcEstimate,
	"eth_sendUserOperation":        (*Server).rpcSend,
	"eth_getUserOperationByHash":   (*Server).rpcOperationByHash,
	"eth_getUserOperationReceipt":  (*Server).rpcReceipt,
}

// rpcPublic are the methods that read a fact of the deployment: they
// answer without a token or a registered user, since an SDK asks them
// first, before its user has logged in (and some keep the first answer).
var rpcPublic = map[string]bool{"eth_chainId": true, "eth_supportedEntryPoints": true}

// handleRPC serves POST /api/v1/rpc. The body is read first, so that
// every refusal, a missing token and a rate limit included, is a JSON-RPC
// error that echoes the ids of the calls; the HTTP status stays what the
// rest of the API answers (401, 403, 413, 429) for a refusal of the whole
// request.
func (s *Server) handleRPC(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, s.cfg.BodyLimit))
	if err != nil {
		var tooLarge *http.MaxBytesError
		if errors.As(err, &tooLarge) {
			err = predict.Errorf(predict.ETOOLARGE, "request body is larger than %d bytes", s.cfg.BodyLimit)
		} else {
			err = predict.Errorf(predict.EINVALID, "request body could not be read")
		}
		s.rpcRefuse(w, r, nil, false, err)
		return
	}
	// Every request counts against the limit, one that is not JSON-RPC
	// included; the calls are read to echo their ids in the refusal.
	id, wait, limited, tokenErr := s.admit(r, classRPC)
	calls, bad, batch, perr := parseRPC(body)
	if limited {
		s.rpcRefuse(w, r, calls, batch, rateLimited(w, wait))
		return
	}
	if perr != nil {
		writeJSON(w, http.StatusOK, rpcReply{JSONRPC: "2.0", ID: json.RawMessage("null"), Error: perr})
		return
	}
	r = r.WithContext(context.WithValue(r.Context(), identityKey, id))
	var (
		u       *predict.User
		authErr error
		authed  bool
	)
	// user authenticates the caller once, for the first call that needs it.
	user := func() (*predict.User, error) {
		if !authed {
			authed = true
			if authErr = tokenErr; authErr == nil {
				authErr = keyScope(id, r, classRPC)
			}
			if authErr == nil {
				u, authErr = s.authenticate(r)
			}
		}
		return u, authErr
	}
	replies := make([]rpcReply, len(calls))
	for i, c := range calls {
		replies[i] = rpcReply{JSONRPC: "2.0", ID: c.id()}
		if bad[i] != nil {
			replies[i].Error = bad[i]
			continue
		}
		// A public method answers whatever the token: it tells nothing
		// of a user, and an SDK may keep its first answer for good.
		var cu *predict.User
		if !rpcPublic[c.Method] {
			if cu, err = user(); err != nil {
				replies[i].Error = s.rpcErrorOf(r, err, false)
				continue
			}
		}
		replies[i].Result, replies[i].Error = s.rpcDispatch(r, cu, c)
	}
	if batch {
		writeJSON(w, http.StatusOK, replies)
		return
	}
	status := http.StatusOK
	if authErr != nil && replies[0].Error != nil {
		// A single call refused for its caller: the status of that
		// refusal, as the REST endpoints answer it.
		status = errorKinds[predict.ErrorCode(authErr)].status
	}
	writeJSON(w, status, replies[0])
}

// id is the id to echo in the reply to c: null when c could not be read.
func (c *rpcCall) id() json.RawMessage {
	if c == nil || len(c.ID) == 0 {
		return json.RawMessage("null")
	}
	return c.ID
}

// rpcRefuse answers a request refused as a whole with err: one error per
// call, or one with a null id when the body holds no call it could read,
// at err's HTTP status.
func (s *Server) rpcRefuse(w http.ResponseWriter, r *http.Request, calls []*rpcCall, batch bool, err error) {
	e := s.rpcErrorOf(r, err, false)
	if wait := w.Header().Get("Retry-After"); wait != "" && e.Data != nil {
		e.Data.RetryAfter, _ = strconv.Atoi(wait)
	}
	status := http.StatusInternalServerError
	if kind, ok := errorKinds[predict.ErrorCode(err)]; ok {
		status = kind.status
	}
	if !batch || len(calls) == 0 {
		var c *rpcCall
		if len(calls) > 0 {
			c = calls[0]
		}
		writeJSON(w, status, rpcReply{JSONRPC: "2.0", ID: c.id(), Error: e})
		return
	}
	replies := make([]rpcReply, len(calls))
	for i, c := range calls {
		replies[i] = rpcReply{JSONRPC: "2.0", ID: c.id(), Error: e}
	}
	writeJSON(w, status, replies)
}

// rpcDispatch runs one call and encodes its result.
func (s *Server) rpcDispatch(r *http.Request, u *predict.User, c *rpcCall) (json.RawMessage, *rpcError) {
	m, ok := rpcMethods[c.Method]
	if !ok {
		return nil, &rpcError{Code: rpcMethodNotFound, Message: "method " + c.Method + " is not served here (docs/transactions.md lists the methods)"}
	}
	res, err := m(s, r.Context(), u, c)
	if err != nil {
		return nil, s.rpcErrorOf(r, err, strings.HasPrefix(c.Method, "pm_"))
	}
	raw, err := json.Marshal(res)
	if err != nil {
		return nil, s.rpcErrorOf(r, err, false)
	}
	return raw, nil
}

// rpcErrorOf maps an error to its JSON-RPC code (docs/transactions.md):
// the API's error code picks the ERC-4337 code, and goes along in data.
// A refusal by a paymaster method is the paymaster's (-32501); the same
// refusal while estimating or sending is the validation's (-32500).
func (s *Server) rpcErrorOf(r *http.Request, err error, paymaster bool) *rpcError {
	var re *rpcError
	if errors.As(err, &re) {
		return re
	}
	code := predict.ErrorCode(err)
	kind, known := errorKinds[code]
	if !known {
		kind = errorKinds[predict.EINTERNAL]
	}
	if kind.status >= 500 {
		s.logger.ErrorContext(r.Context(), "rpc call failed", slog.String("path", r.URL.Path), slog.Any("err", err))
	}
	out := &rpcError{Message: predict.ErrorMessage(err), Data: &rpcErrorData{Code: kind.code, Reason: kind.reason}}
	switch code {
	case predict.EINVALID, predict.ENOTFOUND, predict.ETOOLARGE, predict.ETOOMANYACTIONS, predict.ENOTBATCHABLE:
		out.Code = rpcInvalidParams
	case predict.EUNAUTHORIZED, codeNotRegistered:
		out.Code = rpcInvalidRequest
	case predict.ERATELIMIT:
		// The paymaster's hourly budget (ERC-7769's throttled), or the
		// request rate (EIP-1474's limit exceeded, with Retry-After).
		out.Code = rpcThrottled
		if strings.HasPrefix(out.Message, "too many requests") {
			out.Code = rpcLimitExceeded
		}
	case predict.EPAYMASTERSIG:
		out.Code = rpcRejectedByPM
	case predict.EFORBIDDEN, predict.ECONFLICT, predict.ENOACCOUNT, predict.EREJECTED, predict.EBALANCE, predict.EMINIMUM, predict.ENOTIMPL:
		out.Code = rpcRejectedByEP
		if paymaster {
			out.Code = rpcRejectedByPM
		}
		if code == predict.EREJECTED && strings.Contains(out.Message, "AA24") || strings.Contains(out.Message, "does not match the account owner") {
			out.Code = rpcInvalidSignature
		}
	default:
		// Whatever else the caller can change is a client error; only a
		// fault of the service is -32603, which SDKs take as one.
		out.Code = rpcInvalidRequest
		if kind.status >= 500 {
			out.Code = rpcInternal
		}
	}
	return out
}

// rpcDataOf is the data of an error the API would answer with code.
func rpcDataOf(err error) *rpcErrorData {
	kind, ok := errorKinds[predict.ErrorCode(err)]
	if !ok {
		return nil
	}
	return &rpcErrorData{Code: kind.code, Reason: kind.reason}
}

func (s *Server) rpcChainID(_ context.Context, _ *predict.User, c *rpcCall) (any, error) {
	if _, err := c.params(0, 0); err != nil {
		return nil, err
	}
	return hexutil.EncodeBig(big.NewInt(s.cfg.Deployment.ChainID)), nil
}

func (s *Server) rpcSupportedEntryPoints(_ context.Context, _ *predict.User, c *rpcCall) (any, error) {
	if _, err := c.params(0, 0); err != nil {
		return nil, err
	}
	return []string{common.HexToAddress(s.cfg.Deployment.EntryPoint).Hex()}, nil
}

// opCall reads the [userOp, entryPoint, ...] params every operation
// method starts with, and applies the role rules of the action the
// callData performs (HTTP 403 on the transaction endpoints).
func (s *Server) opCall(u *predict.User, c *rpcCall, min, max int) (*aa.UserOperation, []json.RawMessage, error) {
	ps, perr := c.params(min, max)
	if perr != nil {
		return nil, nil, perr
	}
	op, perr := parseRPCOp(ps[0])
	if perr != nil {
		return nil, nil, perr
	}
	if perr := s.entryPointParam(ps[1]); perr != nil {
		return nil, nil, perr
	}
	if len(ps) > 2 {
		if perr := s.chainIDParam(ps[2]); perr != nil {
			return nil, nil, perr
		}
	}
	// One action, or a batch's (executeBatch of several): each is
	// refused as its kind alone would be.
	acts, err := ops.DecodeOperation(op.CallData)
	if err != nil {
		return nil, nil, err
	}
	for i, act := range acts {
		kind, known := ops.Lookup(string(act.Kind))
		if !known {
			err = predict.Errorf(predict.EREJECTED, "userOperation.callData performs %s, which is not sponsored", act.Kind)
		} else {
			err = kind.Allow(u)
		}
		if err != nil && len(acts) > 1 {
			err = ops.ActionError(i, act.Kind, err)
		}
		if err != nil {
			return nil, nil, err
		}
	}
	return op, ps, nil
}

// rpcPaymasterStubData: [userOp, entryPoint, chainId, context]. The
// policy's checks run now, so a refusal comes before the client estimates
// or signs anything; nothing is counted against the budget.
func (s *Server) rpcPaymasterStubData(ctx context.Context, u *predict.User, c *rpcCall) (any, error) {
	sp, err := s.rpcSponsor(ctx, u, c, false)
	if err != nil {
		return nil, err
	}
	return wire.PaymasterStub{PaymasterAndData: hexutil.Encode(sp.PaymasterAndData), Sponsor: wire.PaymasterSponsor{Name: "predict"}}, nil
}

// rpcPaymasterData: [userOp, entryPoint, chainId, context]. The signed
// paymasterAndData for the operation as sent, gas included; it counts one
// operation against the caller's hourly budget.
func (s *Server) rpcPaymasterData(ctx context.Context, u *predict.User, c *rpcCall) (any, error) {
	sp, err := s.rpcSponsor(ctx, u, c, true)
	if err != nil {
		return nil, err
	}
	return map[string]string{"paymasterAndData": hexutil.Encode(sp.PaymasterAndData)}, nil
}

// rpcSponsor applies the sponsorship policy to the operation of an
// ERC-7677 call ([userOp, entryPoint, chainId, context]).
func (s *Server) rpcSponsor(ctx context.Context, u *predict.User, c *rpcCall, final bool) (*ops.Sponsorship, error) {
	op, _, err := s.opCall(u, c, 3, 4)
	if err != nil {
		return nil, err
	}
	return s.cfg.Ops.Sponsor(ctx, u, op, final)
}

// gasEstimate is eth_estimateUserOperationGas's answer for v0.6.
type gasEstimate = wire.UserOperationGas

// rpcEstimate: [userOp, entryPoint]. The limits the service gives the
// action (and sponsors at most); a hosted bundler's own estimate when one
// is configured.
func (s *Server) rpcEstimate(ctx context.Context, u *predict.User, c *rpcCall) (any, error) {
	op, ps, err := s.opCall(u, c, 2, 3)
	if err != nil {
		return nil, err
	}
	g, err := s.cfg.Ops.Estimate(ctx, u, op)
	if err != nil {
		return nil, err
	}
	if s.cfg.HostedBundler != nil {
		var hosted gasEstimate
		var raw map[string]any
		json.Unmarshal(ps[0], &raw)
		if err := s.cfg.HostedBundler.CallContext(ctx, &hosted, "eth_estimateUserOperationGas", raw, s.cfg.Deployment.EntryPoint); err != nil {
			return nil, predict.Errorf(predict.ERPC, "the hosted bundler failed to estimate: %v", err)
		}
		return hosted, nil
	}
	return gasEstimate{
		PreVerificationGas:   hexutil.EncodeBig(big.NewInt(g.PreVerification)),
		VerificationGasLimit: hexutil.EncodeBig(big.NewInt(g.Verification)),
		CallGasLimit:         hexutil.EncodeBig(big.NewInt(g.Call)),
	}, nil
}

// rpcSend: [userOp, entryPoint]. Accepted like a place-order (ops.Submit:
// the same checks, the pending record, the built-in or hosted bundler);
// answers the userOpHash.
func (s *Server) rpcSend(ctx context.Context, u *predict.User, c *rpcCall) (any, error) {
	op, _, err := s.opCall(u, c, 2, 2)
	if err != nil {
		return nil, err
	}
	res, err := s.cfg.Ops.SubmitOp(ctx, u, op)
	if err != nil {
		return nil, err
	}
	return res.OpHash, nil
}

// rpcOperationByHash: [hash]. The operation with where it was included;
// null for an unknown or dropped operation.
func (s *Server) rpcOperationByHash(ctx context.Context, _ *predict.User, c *rpcCall) (any, error) {
	rec, found, err := s.rpcRecord(ctx, c)
	if err != nil || !found || rec.Status == predict.OpDropped {
		return nil, err
	}
	out := wire.UserOperationByHash{UserOperation: json.RawMessage(rec.UserOp), EntryPoint: common.HexToAddress(s.cfg.Deployment.EntryPoint).Hex()}
	if rec.Status == predict.OpConfirmed || rec.Status == predict.OpReverted {
		if rcpt, err := s.receiptOf(ctx, rec); err == nil && rcpt != nil {
			number, block, txHash := hexutil.EncodeBig(rcpt.BlockNumber), rcpt.BlockHash.Hex(), rcpt.TxHash.Hex()
			out.BlockNumber, out.BlockHash, out.TransactionHash = &number, &block, &txHash
		} else if err != nil {
			return nil, err
		}
	}
	return out, nil
}

func (s *Server) rpcRecord(ctx context.Context, c *rpcCall) (*predict.Operation, bool, error) {
	ps, perr := c.params(1, 1)
	if perr != nil {
		return nil, false, perr
	}
	h, perr := hashParam(ps[0])
	if perr != nil {
		return nil, false, perr
	}
	rec, err := s.store.OperationByHash(ctx, h)
	if predict.ErrorCode(err) == predict.ENOTFOUND {
		return nil, false, nil
	}
	return rec, err == nil, err
}

func (s *Server) receiptOf(ctx context.Context, rec *predict.Operation) (*types.Receipt, error) {
	if s.cfg.Chain == nil || rec.TxHash == "" {
		return nil, nil
	}
	r, err := s.cfg.Chain.TransactionReceipt(ctx, common.HexToHash(rec.TxHash))
	if err != nil {
		return nil, predict.Errorf(predict.ERPC, "the chain node failed to read the receipt of %s", rec.TxHash)
	}
	return r, nil
}

// rpcReceipt: [hash]. ERC-4337's receipt once the operation ran on chain
// (confirmed or reverted, as the indexer recorded it); null before.
func (s *Server) rpcReceipt(ctx context.Context, _ *predict.User, c *rpcCall) (any, error) {
	rec, found, err := s.rpcRecord(ctx, c)
	if err != nil || !found || (rec.Status != predict.OpConfirmed && rec.Status != predict.OpReverted) {
		return nil, err
	}
	rcpt, err := s.receiptOf(ctx, rec)
	if err != nil || rcpt == nil {
		return nil, err
	}
	tx, _, err := s.cfg.Chain.TransactionByHash(ctx, rcpt.TxHash)
	if err != nil {
		return nil, predict.Errorf(predict.ERPC, "the chain node failed to read transaction %s", rcpt.TxHash.Hex())
	}
	return userOpReceipt(rec, rcpt, tx, common.HexToAddress(s.cfg.Deployment.EntryPoint), big.NewInt(s.cfg.Deployment.ChainID))
}

// userOpReceipt builds eth_getUserOperationReceipt's answer from the
// bundle transaction's receipt: the operation's UserOperationEvent and
// the logs its execution emitted (those since the EntryPoint's previous
// BeforeExecution or UserOperationEvent).
func userOpReceipt(rec *predict.Operation, rcpt *types.Receipt, tx *types.Transaction, entryPoint common.Address, chainID *big.Int) (any, error) {
	ev := aa.EntryPointEvents()
	start := 0
	hash := common.HexToHash(rec.OpHash)
	for i, l := range rcpt.Logs {
		if l.Address != entryPoint || len(l.Topics) == 0 {
			continue
		}
		switch l.Topics[0] {
		case ev.BeforeExecution:
			start = i + 1
		case ev.UserOperationEvent:
			if len(l.Topics) < 4 || l.Topics[1] != hash {
				start = i + 1
				continue
			}
			fields, err := ev.DecodeUserOperationEvent(l.Data)
			if err != nil {
				return nil, predict.Errorf(predict.ERPC, "undecodable UserOperationEvent in %s", rcpt.TxHash.Hex())
			}
			from, _ := types.Sender(types.LatestSignerForChainID(chainID), tx)
			receipt := newBundleReceipt(rcpt, from, entryPoint)
			logs := rcpt.Logs[start:i]
			if logs == nil {
				logs = []*types.Log{}
			}
			out := wire.UserOperationReceipt{
				UserOpHash: strings.ToLower(rec.OpHash), EntryPoint: entryPoint.Hex(),
				Sender: common.BytesToAddress(l.Topics[2].Bytes()).Hex(), Paymaster: common.BytesToAddress(l.Topics[3].Bytes()).Hex(),
				Nonce: hexutil.EncodeBig(fields.Nonce), Success: fields.Success,
				ActualGasCost: hexutil.EncodeBig(fields.ActualGasCost), ActualGasUsed: hexutil.EncodeBig(fields.ActualGasUsed),
			}
			if !fields.Success {
				out.Reason = rec.Reason
			}
			if out.Logs, err = json.Marshal(logs); err == nil {
				out.Receipt, err = json.Marshal(receipt)
			}
			if err != nil {
				return nil, fmt.Errorf("encode the receipt of %s: %w", rcpt.TxHash.Hex(), err)
			}
			return out, nil
		}
	}
	return nil, predict.Errorf(predict.ERPC, "transaction %s holds no UserOperationEvent of %s", rcpt.TxHash.Hex(), rec.OpHash)
}

// bundleReceipt is the node's receipt of a bundle transaction with the
// three fields ERC-4337 adds (from, to, effectiveGasPrice), encoded in one
// pass: nodeReceipt holds the node's fields as go-ethereum encodes them,
// and the outer effectiveGasPrice, shallower, takes the place of the
// embedded one (which is null when the receipt lacks it).
type bundleReceipt struct {
	nodeReceipt
	From              string `json:"from"`
	To                string `json:"to"`
	EffectiveGasPrice string `json:"effectiveGasPrice"`
}

// nodeReceipt is types.Receipt's JSON form (core/types/gen_receipt_json.go).
type nodeReceipt struct {
	Type              hexutil.Uint64 `json:"type,omitempty"`
	PostState         hexutil.Bytes  `json:"root"`
	Status            hexutil.Uint64 `json:"status"`
	CumulativeGasUsed hexutil.Uint64 `json:"cumulativeGasUsed"`
	Bloom             types.Bloom    `json:"logsBloom"`
	Logs              []*types.Log   `json:"logs"`
	TxHash            common.Hash    `json:"transactionHash"`
	ContractAddress   common.Address `json:"contractAddress"`
	GasUsed           hexutil.Uint64 `json:"gasUsed"`
	EffectiveGasPrice *hexutil.Big   `json:"effectiveGasPrice"`
	BlobGasUsed       hexutil.Uint64 `json:"blobGasUsed,omitempty"`
	BlobGasPrice      *hexutil.Big   `json:"blobGasPrice,omitempty"`
	BlockHash         common.Hash    `json:"blockHash,omitempty"`
	BlockNumber       *hexutil.Big   `json:"blockNumber,omitempty"`
	TransactionIndex  hexutil.Uint   `json:"transactionIndex"`
}

func newBundleReceipt(r *types.Receipt, from, entryPoint common.Address) bundleReceipt {
	return bundleReceipt{
		nodeReceipt: nodeReceipt{
			Type: hexutil.Uint64(r.Type), PostState: r.PostState, Status: hexutil.Uint64(r.Status),
			CumulativeGasUsed: hexutil.Uint64(r.CumulativeGasUsed), Bloom: r.Bloom, Logs: r.Logs, TxHash: r.TxHash,
			ContractAddress: r.ContractAddress, GasUsed: hexutil.Uint64(r.GasUsed),
			BlobGasUsed: hexutil.Uint64(r.BlobGasUsed), BlobGasPrice: (*hexutil.Big)(r.BlobGasPrice),
			BlockHash: r.BlockHash, BlockNumber: (*hexutil.Big)(r.BlockNumber), TransactionIndex: hexutil.Uint(r.TransactionIndex),
		},
		From: from.Hex(), To: entryPoint.Hex(), EffectiveGasPrice: hexutil.EncodeBig(predict.OrZero(r.EffectiveGasPrice)),
	}
}
