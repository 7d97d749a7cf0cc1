package api

import (
	"context"
	"encoding/json"
	"errors"
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
// carry the parsing methods (rpc_parse.go).
type (
	rpcCall      wire.RPCRequest
	rpcReply     = wire.RPCResponse
	rpcError     = wire.RPCError
	rpcErrorData = wire.RPCErrorData
)

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
