package api

import (
	"bytes"
	"encoding/json"
	"net/http"
	"regexp"
	"strings"

	"github.com/ethereum/go-ethereum/common"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/internal/aa"
	"github.com/predict-dev/predict/internal/ops"
	"github.com/predict-dev/predict/wire"
)

// handlePrepare builds a ready-to-sign operation for an action: the
// service fills sender, nonce, initCode, callData, gas, fees and the
// paymaster's signature; the client signs userOpHash and posts the
// operation to the action's endpoint.
func (s *Server) handlePrepare(w http.ResponseWriter, r *http.Request) {
	u, env, kind, req, err := s.txRequest(w, r, byAction)
	if err == nil && env.Owner != "" {
		var owner string
		if owner, err = parseAddress("owner", env.Owner); err == nil {
			req.Head().Owner = common.HexToAddress(owner)
		}
	}
	if err != nil {
		s.Error(w, r, err)
		return
	}
	op, hash, res, err := s.cfg.Ops.Prepare(r.Context(), u, req)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	out := wire.PreparedOperation{Action: env.Action, UserOperation: op, UserOpHash: strings.ToLower(hash.Hex())}
	kind.Prepared(&out, req, res)
	ok(w, out)
}

// handleSubmit is every transaction endpoint: caller, body, the kind the
// endpoint routes the body to, role, fields, then the operation's checks
// and submission.
func (s *Server) handleSubmit(route func(*ops.Envelope) (*ops.Descriptor, error)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		u, env, kind, req, err := s.txRequest(w, r, route)
		if err != nil {
			s.Error(w, r, err)
			return
		}
		if len(env.UserOperation) == 0 || string(env.UserOperation) == "null" {
			s.Error(w, r, predict.Errorf(predict.EINVALID, "userOperation is required"))
			return
		}
		var op aa.UserOperation
		if err := json.Unmarshal(env.UserOperation, &op); err != nil {
			s.Error(w, r, err)
			return
		}
		res, err := s.cfg.Ops.Submit(r.Context(), u, req, &op)
		if err != nil {
			s.Error(w, r, err)
			return
		}
		ok(w, kind.Answer(req, res))
	}
}

// txRequest reads a transaction endpoint's caller and body, routes the
// body to its kind by its envelope, decodes the kind's body, applies the
// kind's role rule (before the fields' rules, so that a caller without
// the role learns nothing about them) and parses the request.
func (s *Server) txRequest(w http.ResponseWriter, r *http.Request, route func(*ops.Envelope) (*ops.Descriptor, error)) (*predict.User, *ops.Envelope, *ops.Descriptor, ops.Request, error) {
	u, err := s.authenticate(r)
	if err != nil {
		return nil, nil, nil, nil, err
	}
	var raw json.RawMessage
	if err := decodeBody(w, r, s.cfg.BodyLimit, &raw); err != nil {
		return nil, nil, nil, nil, err
	}
	var env ops.Envelope
	if err := decodeRaw(raw, &env); err != nil {
		return nil, nil, nil, nil, err
	}
	kind, err := route(&env)
	if err != nil {
		return nil, nil, nil, nil, err
	}
	in := kind.Input()
	if err := decodeRaw(raw, in); err != nil {
		return nil, nil, nil, nil, err
	}
	if err := kind.Allow(u); err != nil {
		return nil, nil, nil, nil, err
	}
	req, err := kind.Parse(in)
	if err != nil {
		return nil, nil, nil, nil, err
	}
	return u, &env, kind, req, nil
}

// decodeRaw reads a body decodeBody has checked into v, a transaction
// body's envelope or its kind's fields.
func decodeRaw(raw json.RawMessage, v any) error {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	if err := dec.Decode(v); err != nil {
		return jsonError(err)
	}
	return nil
}

// byAction routes prepare-user-operation's body to the kind its action
// names; a side, when given to buy or sell, must agree (a limit order's
// side is one of its fields).
func byAction(b *ops.Envelope) (*ops.Descriptor, error) {
	kind, err := ops.Named(b.Action)
	if err != nil {
		return nil, err
	}
	if b.Side != nil && (kind.Name() == aa.KindBuy || kind.Name() == aa.KindSell) {
		if k, err := ops.BySide(b.Side); err != nil || k != kind {
			return nil, predict.Errorf(predict.EINVALID, "side contradicts action %s", b.Action)
		}
	}
	// place-order's orderType and timeInForce choose the kind too: they
	// must choose this one.
	if b.OrderType != "" || b.TimeInForce != "" {
		k, err := ops.PlaceOrder(b)
		if err != nil {
			return nil, err
		}
		if k != kind {
			return nil, predict.Errorf(predict.EINVALID, "orderType %q and timeInForce %q make a %s, not a %s", b.OrderType, b.TimeInForce, k.Name(), b.Action)
		}
	}
	return kind, nil
}

// routeOf routes an endpoint's body to its kind: the one kind it takes,
// or, for place-order, by order type and side (ops.PlaceOrder).
func routeOf(path string) func(*ops.Envelope) (*ops.Descriptor, error) {
	kinds := ops.AtPath(path)
	if len(kinds) > 1 {
		return ops.PlaceOrder
	}
	return func(*ops.Envelope) (*ops.Descriptor, error) { return kinds[0], nil }
}

var opHashRe = regexp.MustCompile(`^0x[0-9a-fA-F]{64}$`)

// handleOperationStatus reports where an operation is.
func (s *Server) handleOperationStatus(w http.ResponseWriter, r *http.Request) {
	q := newQuery(r)
	h := q.get("opHash")
	if q.err == nil && !opHashRe.MatchString(h) {
		q.fail("opHash must be a 0x-prefixed 32-byte hex hash")
	}
	if !s.queryValid(w, r, q) {
		return
	}
	op, err := s.store.OperationByHash(r.Context(), strings.ToLower(h))
	if err != nil {
		s.Error(w, r, err)
		return
	}
	ok(w, wire.OperationStatus{
		OpHash: op.OpHash, Status: string(op.Status), Action: op.Kind, MarketAddress: op.Market,
		OrderUUID: op.OrderUUID, TxHash: op.TxHash, BlockNumber: op.Block, Reason: op.Reason,
		Sender: op.Sender, CreatedAt: wireTime(op.CreatedAt), UpdatedAt: wireTime(op.UpdatedAt),
	})
}

// handleGetAccountAddress tells which SimpleAccount an owner key controls,
// so a client can log in with its address before the account exists.
func (s *Server) handleGetAccountAddress(w http.ResponseWriter, r *http.Request) {
	q := newQuery(r)
	owner := q.address("owner", true)
	if !s.queryValid(w, r, q) {
		return
	}
	acct, deployed, err := s.cfg.Ops.Account(r.Context(), common.HexToAddress(owner))
	if err != nil {
		s.Error(w, r, err)
		return
	}
	ok(w, wire.AccountAddress{Owner: owner, AccountAddress: strings.ToLower(acct.Hex()), Deployed: deployed})
}
