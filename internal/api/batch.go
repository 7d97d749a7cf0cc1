package api

import (
	"bytes"
	"encoding/json"
	"net/http"
	"strings"

	"github.com/ethereum/go-ethereum/common"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/internal/aa"
	"github.com/predict-dev/predict/internal/ops"
	"github.com/predict-dev/predict/wire"
)

// handlePrepareBatch builds one ready-to-sign operation that performs
// several actions (ops.PrepareBatch); one refused action refuses them
// all, the message naming it.
func (s *Server) handlePrepareBatch(w http.ResponseWriter, r *http.Request) {
	u, b, reqs, err := s.batchRequest(w, r)
	var owner common.Address
	if err == nil && b.Owner != "" {
		var o string
		if o, err = parseAddress("owner", b.Owner); err == nil {
			owner = common.HexToAddress(o)
		}
	}
	if err != nil {
		s.Error(w, r, err)
		return
	}
	op, hash, _, err := s.cfg.Ops.PrepareBatch(r.Context(), u, reqs, owner)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	out := wire.PreparedBatch{UserOperation: op, UserOpHash: strings.ToLower(hash.Hex())}
	for _, req := range reqs {
		h := req.Head()
		out.Actions = append(out.Actions, wire.BatchActionResult{Action: string(h.Kind), MarketAddress: strings.ToLower(h.Market.Hex())})
	}
	ok(w, out)
}

// handleSubmitBatch checks a signed batch against its actions and
// submits it (ops.SubmitBatch).
func (s *Server) handleSubmitBatch(w http.ResponseWriter, r *http.Request) {
	u, b, reqs, err := s.batchRequest(w, r)
	if err == nil && (len(b.UserOperation) == 0 || string(b.UserOperation) == "null") {
		err = predict.Errorf(predict.EINVALID, "userOperation is required")
	}
	var op aa.UserOperation
	if err == nil {
		err = json.Unmarshal(b.UserOperation, &op)
	}
	if err != nil {
		s.Error(w, r, err)
		return
	}
	res, err := s.cfg.Ops.SubmitBatch(r.Context(), u, reqs, &op)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	out := wire.BatchResult{OpHash: res.OpHash}
	for _, a := range res.Actions {
		out.Actions = append(out.Actions, wire.BatchActionResult{Action: string(a.Kind), MarketAddress: a.Market, OrderUUID: a.OrderUUID})
	}
	ok(w, out)
}

// batchBody is the body of the batch endpoints (wire.BatchRequest).
type batchBody struct {
	Owner         string            `json:"owner"`
	Actions       []json.RawMessage `json:"actions"`
	UserOperation json.RawMessage   `json:"userOperation"`
}

// batchRequest reads a batch endpoint's caller and body, and each
// action's request as its kind's endpoint would: its kind (which a batch
// must be able to hold), the kind's role, then its fields. A refusal
// names the action by its index.
func (s *Server) batchRequest(w http.ResponseWriter, r *http.Request) (*predict.User, *batchBody, []ops.Request, error) {
	u, err := s.authenticate(r)
	if err != nil {
		return nil, nil, nil, err
	}
	var b batchBody
	if err := decodeBody(w, r, min(s.cfg.BodyLimit, ops.MaxBatchBody), &b); err != nil {
		return nil, nil, nil, err
	}
	if err := ops.CheckBatchSize(len(b.Actions)); err != nil {
		return nil, nil, nil, err
	}
	reqs := make([]ops.Request, len(b.Actions))
	for i, raw := range b.Actions {
		notObject := func(err error) error {
			return predict.Errorf(predict.EINVALID, "actions[%d] must be an object of an action's fields: %v", i, predict.ErrorMessage(jsonError(err)))
		}
		var env ops.Envelope
		if err := decodeAction(raw, &env); err != nil {
			return nil, nil, nil, notObject(err)
		}
		kind, err := byAction(&env)
		var in ops.Input
		if err == nil {
			in = kind.Input()
			if err := decodeAction(raw, in); err != nil {
				return nil, nil, nil, notObject(err)
			}
		}
		if err == nil && !ops.Batchable(kind.Name()) {
			err = predict.Errorf(predict.ENOTBATCHABLE, "%s is sent alone, not in a batch; a batch holds %s", kind.Name(), strings.Join(ops.BatchKinds(), ", "))
		}
		if err == nil {
			err = kind.Allow(u)
		}
		if err == nil {
			reqs[i], err = kind.Parse(in)
		}
		if err != nil {
			return nil, nil, nil, ops.ActionError(i, aa.Kind(env.Action), err)
		}
	}
	return u, &b, reqs, nil
}

// decodeAction reads one action of a batch into v, its envelope or its
// kind's fields.
func decodeAction(raw json.RawMessage, v any) error {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	return dec.Decode(v)
}
