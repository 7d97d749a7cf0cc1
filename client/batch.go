package client

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/ethereum/go-ethereum/common"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/internal/aa"
	"github.com/predict-dev/predict/kind"
	"github.com/predict-dev/predict/wire"
)

// MaxBatchActions is the most actions one batch holds.
const MaxBatchActions = 16

// PreparedBatch is the answer of prepare-batch: the operation performing
// the actions, and the hash to sign.
type PreparedBatch = wire.PreparedBatch

// BatchResult is the answer of submit-batch: the operation's hash and,
// for each action in order, its kind, market and (place-limit-order) the
// order's uuid.
type BatchResult = wire.BatchResult

// BatchActionResult is one action of a batch's answer.
type BatchActionResult = wire.BatchActionResult

// batchBody is the body of the batch endpoints: each action as
// prepare-user-operation takes it (its fields and action, no
// userOperation).
func batchBody(actions []TxRequest, owner string, op *UserOperation) (*wire.BatchRequest, error) {
	b := &wire.BatchRequest{Owner: owner, UserOperation: op}
	for i, req := range actions {
		fields, err := prepareBody(req, "")
		if err != nil {
			return nil, fmt.Errorf("actions[%d] (%s): %w", i, req.Action(), err)
		}
		raw, err := json.Marshal(fields)
		if err != nil {
			return nil, err
		}
		b.Actions = append(b.Actions, raw)
	}
	return b, nil
}

// PrepareBatch asks the service to build one operation that performs
// actions, in order (at most MaxBatchActions: claims, liquidity and limit
// orders). owner is the account owner key's address, needed while the
// account is not deployed ("" leaves it out). One refused action refuses
// the batch; the error's message names it (actions[i]).
func (c *Client) PrepareBatch(ctx context.Context, actions []TxRequest, owner string) (*PreparedBatch, error) {
	body, err := batchBody(actions, owner, nil)
	if err != nil {
		return nil, fmt.Errorf("prepare batch: %w", err)
	}
	var out PreparedBatch
	if err := c.post(ctx, "/api/v1/aa/prepare-batch", body, &out); err != nil {
		return nil, fmt.Errorf("prepare batch: %w", err)
	}
	if out.UserOperation == nil {
		return nil, fmt.Errorf("prepare batch: the answer holds no operation")
	}
	return &out, nil
}

// SubmitBatch posts the signed operation of a batch with its actions.
func (c *Client) SubmitBatch(ctx context.Context, actions []TxRequest, op *UserOperation) (*BatchResult, error) {
	body, err := batchBody(actions, "", op)
	if err != nil {
		return nil, fmt.Errorf("submit batch: %w", err)
	}
	return submit[BatchResult](ctx, c, "/api/v1/market/submit-batch", body, "submit batch")
}

// SignBatch prepares the operation of actions, checks it (the sender is
// the owner's account, its callData performs exactly the actions, in
// order, each as its request asks: the check Sign runs on one action) and
// signs it. It returns the prepared answer with the signed operation.
func (s *Signer) SignBatch(ctx context.Context, actions []TxRequest) (*PreparedBatch, error) {
	for i, req := range actions {
		if err := checkAddresses(req); err != nil {
			return nil, fmt.Errorf("sign batch: actions[%d] (%s): %w", i, req.Action(), err)
		}
	}
	ep, chainID, err := s.chain(ctx)
	if err != nil {
		return nil, fmt.Errorf("sign batch: %w", err)
	}
	account, err := s.Account(ctx)
	if err != nil {
		return nil, fmt.Errorf("sign batch: %w", err)
	}
	p, err := s.client.PrepareBatch(ctx, actions, strings.ToLower(s.owner.Hex()))
	if err != nil {
		return nil, err
	}
	op := p.UserOperation
	if op.Sender != account {
		return nil, fmt.Errorf("sign batch: %w: sender %s, account %s", ErrWrongSender, op.Sender.Hex(), account.Hex())
	}
	if len(op.InitCode) > 0 {
		if len(op.InitCode) < common.AddressLength {
			return nil, fmt.Errorf("sign batch: %w: initCode too short", ErrWrongSender)
		}
		want, err := aa.InitCode(common.BytesToAddress(op.InitCode[:common.AddressLength]), s.owner)
		if err != nil {
			return nil, fmt.Errorf("sign batch: %w", err)
		}
		if !bytes.Equal(op.InitCode, want) {
			return nil, fmt.Errorf("sign batch: %w: initCode does not deploy an account of owner %s", ErrWrongSender, s.owner.Hex())
		}
	}
	if err := checkBatchCall(op.CallData, actions); err != nil {
		return nil, fmt.Errorf("sign batch: %w", err)
	}
	hash := op.Hash(ep, chainID)
	if !strings.EqualFold(p.UserOpHash, hash.Hex()) {
		return nil, fmt.Errorf("sign batch: %w: the service says %s, the operation hashes to %s (EntryPoint %s, chain %s); refusing to sign",
			ErrHashMismatch, p.UserOpHash, hash.Hex(), ep.Hex(), chainID)
	}
	if op.Signature, err = aa.SignHash(hash, s.key); err != nil {
		return nil, fmt.Errorf("sign batch: %w", err)
	}
	return p, nil
}

// checkBatchCall decodes a batch's callData into its actions and compares
// each with its request (Expect) by aa.Match, as checkCall does for one.
func checkBatchCall(callData []byte, actions []TxRequest) error {
	acts, err := aa.DecodeActions(callData)
	if err != nil {
		return fmt.Errorf("%w: %v", ErrUnexpectedCall, predict.ErrorMessage(err))
	}
	if len(acts) != len(actions) {
		return fmt.Errorf("%w: it performs %d actions, not the batch's %d", ErrUnexpectedCall, len(acts), len(actions))
	}
	for i, req := range actions {
		want, err := req.Expect(acts[i])
		if err != nil {
			return fmt.Errorf("actions[%d] (%s): %w", i, req.Action(), err)
		}
		if err := aa.Match(acts[i], want); err != nil {
			return fmt.Errorf("%w: actions[%d] (%s): %s", ErrUnexpectedCall, i, req.Action(), predict.ErrorMessage(err))
		}
	}
	return nil
}

// Batch performs actions in one operation: it prepares, checks and signs
// it (SignBatch), submits it, and checks the opHash the service answers is
// the signed operation's. The chain runs the actions all or nothing; a
// bot replaces its quotes with the cancels of its old orders and the
// placements of the new ones in one batch (docs/bots.md).
func (s *Signer) Batch(ctx context.Context, actions ...TxRequest) (*BatchResult, error) {
	p, err := s.SignBatch(ctx, actions)
	if err != nil {
		return nil, err
	}
	res, err := s.client.SubmitBatch(ctx, actions, p.UserOperation)
	if err != nil {
		return nil, err
	}
	if !strings.EqualFold(res.OpHash, p.UserOpHash) {
		return res, fmt.Errorf("batch: %w: the service answered opHash %s for the operation signed as %s", ErrHashMismatch, res.OpHash, p.UserOpHash)
	}
	return res, nil
}

// ActionOf reads one action of a batch from JSON: the body of its kind's
// endpoint with "action" (as prepare-batch takes it), into the request
// of that kind. A batch holds the catalogue's batchable kinds (claim,
// add-liquidity, remove-liquidity, place-limit-order, cancel-order).
func ActionOf(raw json.RawMessage) (TxRequest, error) {
	var head struct {
		Action string `json:"action"`
	}
	if err := json.Unmarshal(raw, &head); err != nil {
		return nil, fmt.Errorf("an action is a JSON object with its action and fields: %w", err)
	}
	var req TxRequest
	if k, ok := kind.Of(head.Action); ok && k.Batchable && k.Endpoint() {
		req, ok = wire.NewRequest(head.Action)
		if !ok {
			return nil, fmt.Errorf("%q has no request type", head.Action)
		}
	} else if head.Action == "" {
		return nil, fmt.Errorf("the action has no \"action\" (%s)", batchKinds())
	} else {
		return nil, fmt.Errorf("%q is not an action a batch holds (%s)", head.Action, batchKinds())
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	if err := dec.Decode(req); err != nil {
		return nil, fmt.Errorf("%s: %w", head.Action, err)
	}
	return req, nil
}

// batchKinds names the kinds a batch holds, in the catalogue's order:
// "a, b or c".
func batchKinds() string {
	var names []string
	for _, k := range kind.All {
		if k.Batchable && k.Endpoint() {
			names = append(names, k.Name)
		}
	}
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}
