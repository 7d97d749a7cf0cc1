package ops

import (
	"context"
	"encoding/json"
	"fmt"
	"math/big"
	"strings"
	"time"

	"github.com/ethereum/go-ethereum/common"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/internal/aa"
	"github.com/predict-dev/predict/kind"
	"github.com/predict-dev/predict/wire"
)

// A batch is several actions in one operation: their calls, each action's
// approvals then its call, in one SimpleAccount.executeBatch, which the
// chain runs all or nothing. Each action is a request of an existing kind
// and is judged by the rules of that kind (role, market, fields, balance,
// callData) against the state the actions before it leave (batchState):
// what they spend is gone, what their cancellations give back is there,
// and an order one of them cancels is closed. One refused action refuses
// the whole batch before anything is signed, the refusal naming the
// action, rather than let the chain revert it at the sponsor's cost. The
// operation is recorded once, as kind "batch" (kind.Batch), with its
// actions.

// MaxBatchActions bounds the actions of a batch: a bot's quotes of a
// market or a handful of claims fit, and the operation's gas and
// calldata stay within what one operation is given.
const MaxBatchActions = 16

// MaxBatchBody bounds the body of the batch endpoints, in bytes: 16
// actions and their signed operation take about a fifth of it.
const MaxBatchBody = 64 << 10

// batchGasPerAction is the executeBatch loop's own gas per action (the
// call's cold access and the copy of its data), on top of the kinds' gas.
const batchGasPerAction = 10_000

// Batchable reports whether a batch may hold an action of kind k: the
// catalogue's Batchable (package kind).
func Batchable(k aa.Kind) bool {
	spec, ok := kind.Of(string(k))
	return ok && spec.Batchable
}

// BatchKinds are the kinds a client may name in a batch, in registry
// order.
func BatchKinds() []string {
	var out []string
	for _, name := range Actions() {
		if Batchable(aa.Kind(name)) {
			out = append(out, name)
		}
	}
	return out
}

// ActionError is the refusal of a batch because of one of its actions:
// the action's own refusal, with its code, and the message naming the
// action by its index in the batch.
func ActionError(i int, k aa.Kind, err error) error {
	code := predict.ErrorCode(err)
	if code == predict.EINTERNAL {
		return fmt.Errorf("actions[%d] (%s): %w", i, k, err)
	}
	return fmt.Errorf("%w: %w", predict.Errorf(code, "actions[%d] (%s): %s", i, k, predict.ErrorMessage(err)), err)
}

// CheckBatchSize refuses a batch of no action or of more than
// MaxBatchActions.
func CheckBatchSize(n int) error {
	switch {
	case n == 0:
		return invalid("actions is required: a list of 1 to %d actions", MaxBatchActions)
	case n > MaxBatchActions:
		return predict.Errorf(predict.ETOOMANYACTIONS, "a batch holds at most %d actions, not %d", MaxBatchActions, n)
	}
	return nil
}

// checkBatchable refuses a kind a batch may not hold.
func checkBatchable(i int, k aa.Kind) error {
	if Batchable(k) {
		return nil
	}
	return predict.Errorf(predict.ENOTBATCHABLE, "actions[%d] (%s): %s is sent alone, not in a batch; a batch holds %s", i, k, k, strings.Join(BatchKinds(), ", "))
}

// ActionResult is what a batch's answer tells of one of its actions.
type ActionResult struct {
	Kind   aa.Kind
	Market string
	// OrderUUID names the limit order a place-limit-order places.
	OrderUUID string
}

// BatchResult is what the batch endpoint answers once the operation is
// accepted.
type BatchResult struct {
	OpHash string
	// Created is false when the same signed operation was submitted
	// before.
	Created bool
	Actions []ActionResult
}

// PrepareBatch builds one operation that performs reqs, in order, from
// user's account (owner is needed while it is not deployed), sponsored as
// len(reqs) operations of the caller's hourly budget. Each request is
// judged as alone; the first refused one refuses the batch (ActionError).
func (s *Service) PrepareBatch(ctx context.Context, user *predict.User, reqs []Request, owner common.Address) (*aa.UserOperation, common.Hash, []*Result, error) {
	if err := s.checkBatch(reqs); err != nil {
		return nil, common.Hash{}, nil, err
	}
	sender, initCode, err := s.account(ctx, user, owner)
	if err != nil {
		return nil, common.Hash{}, nil, err
	}
	headTime, baseFee, err := s.head(ctx)
	if err != nil {
		return nil, common.Hash{}, nil, err
	}
	acts, ress, err := s.buildBatch(ctx, user, sender, reqs, headTime)
	if err != nil {
		return nil, common.Hash{}, nil, err
	}
	callData, err := aa.ActionsCallData(acts)
	if err != nil {
		return nil, common.Hash{}, nil, fmt.Errorf("encode batch: %w", err)
	}
	gas, err := batchGas(acts, ress, len(initCode) > 0, len(callData))
	if err != nil {
		return nil, common.Hash{}, nil, err
	}
	op, hash, err := s.assemble(ctx, user, sender, initCode, callData, gas, headTime, baseFee, len(reqs))
	if err != nil {
		return nil, common.Hash{}, nil, err
	}
	return op, hash, ress, nil
}

// buildBatch is the actions reqs ask for at chain time now, each after
// the rules of its kind (role, market, fields, balance) against what the
// actions before it leave; the first refused one refuses them all.
func (s *Service) buildBatch(ctx context.Context, user *predict.User, sender common.Address, reqs []Request, now time.Time) ([]*aa.Action, []*Result, error) {
	acts := make([]*aa.Action, len(reqs))
	ress := make([]*Result, len(reqs))
	state := newBatchState()
	for i, req := range reqs {
		state.index = i
		d, err := descriptorOf(req.Head().Kind)
		if err == nil {
			err = d.Allow(user)
		}
		if err == nil {
			err = s.ensureRole(ctx, user, sender, d)
		}
		var c *call
		if err == nil {
			c, acts[i], err = s.call(ctx, user, sender, req, now, state)
		}
		if err != nil {
			return nil, nil, ActionError(i, req.Head().Kind, err)
		}
		ress[i] = c.res
		state.spend(acts[i])
	}
	return acts, ress, nil
}

// batchState is what the actions of a batch built so far leave for the
// next: the tokens they spend (their approvals: what a placement escrows
// or a deposit adds), the tokens their cancellations give back, and the
// orders they close. Other inflows (a claim's payout, a withdrawal) are
// not counted: an action that needs them is judged on the balance before.
type batchState struct {
	index    int                         // the action being built
	spent    map[common.Address]*big.Int // token → spent by earlier actions
	refunded map[common.Address]*big.Int // token → given back by earlier cancellations
	closed   map[string]int              // order id → the action that cancels it
}

func newBatchState() *batchState {
	return &batchState{spent: map[common.Address]*big.Int{}, refunded: map[common.Address]*big.Int{}, closed: map[string]int{}}
}

// left is what of held the earlier actions leave of token, and whether
// they moved any of it (false outside a batch, or when none did).
func (b *batchState) left(token common.Address, held *big.Int) (*big.Int, bool) {
	if b == nil {
		return held, false
	}
	spent, refunded := b.spent[token], b.refunded[token]
	if spent == nil && refunded == nil {
		return held, false
	}
	left := new(big.Int).Set(held)
	if refunded != nil {
		left.Add(left, refunded)
	}
	if spent != nil {
		left.Sub(left, spent)
	}
	return left, true
}

// spend counts what act takes from the account: its approvals.
func (b *batchState) spend(act *aa.Action) {
	for _, a := range act.Approvals {
		addAmount(b.spent, a.Token, a.Amount)
	}
}

// cancel records that the action being built cancels order id, giving
// back amount of token; it refuses an order an earlier action cancels.
func (b *batchState) cancel(id *big.Int, token common.Address, amount *big.Int) error {
	if b == nil {
		return nil
	}
	if j, ok := b.closed[id.String()]; ok {
		return conflict("order %s is cancelled by actions[%d] of this batch already", id, j)
	}
	b.closed[id.String()] = b.index
	addAmount(b.refunded, token, amount)
	return nil
}

// cancelled reports whether an earlier action of the batch cancels id.
func (b *batchState) cancelled(id int64) bool {
	if b == nil {
		return false
	}
	_, ok := b.closed[big.NewInt(id).String()]
	return ok
}

// addAmount adds amount (nil: nothing) to m's total of token.
func addAmount(m map[common.Address]*big.Int, token common.Address, amount *big.Int) {
	if amount == nil {
		return
	}
	if m[token] == nil {
		m[token] = new(big.Int)
	}
	m[token].Add(m[token], amount)
}

// checkBatch refuses a batch of the wrong size or with a kind a batch may
// not hold.
func (s *Service) checkBatch(reqs []Request) error {
	if err := CheckBatchSize(len(reqs)); err != nil {
		return err
	}
	for i, req := range reqs {
		if err := checkBatchable(i, req.Head().Kind); err != nil {
			return err
		}
	}
	return nil
}

// batchGas is the gas of a batch: the sum of its actions' (as each is
// given alone) and the loop's own, and a preVerificationGas that pays
// for its calldata. A batch over what the service sponsors for one
// operation is refused (ETOOMANYACTIONS).
func batchGas(acts []*aa.Action, ress []*Result, deploy bool, callDataLen int) (Gas, error) {
	g := GasOf("", 0, deploy)
	for i, act := range acts {
		n := 0
		if ress[i] != nil {
			n = ress[i].optionCount
		}
		g.Call += GasOf(act.Kind, n, false).Call + batchGasPerAction
	}
	// 16 gas a calldata byte, as if none were zero.
	g.PreVerification += 16 * int64(callDataLen)
	if g.Call > wire.MaxCallGas || g.PreVerification > maxSponsoredPreVerification {
		return Gas{}, predict.Errorf(predict.ETOOMANYACTIONS, "the batch needs %d call gas and %d preVerificationGas, over the %d and %d one operation is given: split it", g.Call, g.PreVerification, wire.MaxCallGas, maxSponsoredPreVerification)
	}
	return g, nil
}

// SubmitBatch checks a signed batch against the requests it comes with:
// its callData must perform exactly those actions, in order, each
// judged as alone; then it is recorded as one operation of kind batch and
// handed to the bundler. The same signed operation submitted again
// returns the first result.
func (s *Service) SubmitBatch(ctx context.Context, user *predict.User, reqs []Request, op *aa.UserOperation) (*BatchResult, error) {
	if err := s.checkBatch(reqs); err != nil {
		return nil, err
	}
	hash, prev, err := s.admit(ctx, user, op)
	if err != nil {
		return nil, err
	}
	if prev != nil {
		return batchResultOf(prev)
	}
	headTime, _, err := s.head(ctx)
	if err != nil {
		return nil, err
	}
	acts, ress, err := s.judgeSigned(ctx, user, reqs, op.CallData, headTime)
	if err != nil {
		return nil, err
	}
	opHash := strings.ToLower(hash.Hex())
	record, out, err := s.recordBatch(user, reqs, op, opHash, acts, ress)
	if err != nil {
		return nil, err
	}
	stored, created, err := s.accept(ctx, user, op, hash, record, nil)
	if err != nil {
		return nil, err
	}
	if !created {
		return batchResultOf(stored)
	}
	out.Created = true
	return out, nil
}

// judgeSigned checks a signed batch's callData against its requests at
// chain time now: it performs exactly as many actions, and each is what
// its request asks for, judged as alone.
func (s *Service) judgeSigned(ctx context.Context, user *predict.User, reqs []Request, callData []byte, now time.Time) ([]*aa.Action, []*Result, error) {
	acts, err := aa.DecodeActions(callData)
	if err != nil {
		return nil, nil, err
	}
	if len(acts) != len(reqs) {
		return nil, nil, rejected("userOperation.callData performs %d actions; the batch has %d", len(acts), len(reqs))
	}
	ress, err := s.judgeBatch(ctx, user, reqs, acts, now, true)
	if err != nil {
		return nil, nil, err
	}
	return acts, ress, nil
}

// batchRecord is what a batch's operation record keeps: its actions, in
// order, each with its kind's own record.
type batchRecord struct {
	Actions []batchAction `json:"actions"`
}

type batchAction struct {
	Action        string          `json:"action"`
	MarketAddress string          `json:"marketAddress"`
	OrderUUID     string          `json:"orderUuid,omitempty"`
	Request       json.RawMessage `json:"request"`
}

// recordBatch builds the record of a batch: kind batch, the market its
// actions share ("" when they act on several), and each action's record
// as its kind writes it. The k-th limit order it places gets the uuid of
// rank k (predict.LimitOrderSeed), as the indexer gives it.
func (s *Service) recordBatch(user *predict.User, reqs []Request, op *aa.UserOperation, opHash string, acts []*aa.Action, ress []*Result) (*predict.Operation, *BatchResult, error) {
	userOp, err := json.Marshal(op)
	if err != nil {
		return nil, nil, err
	}
	rec := &predict.Operation{OpHash: opHash, UID: user.UID, Sender: user.Address, Kind: kind.Batch, Nonce: op.Nonce, UserOp: userOp}
	out := &BatchResult{OpHash: opHash}
	var br batchRecord
	placed := 0
	for i, req := range reqs {
		market := strings.ToLower(req.Head().Market.Hex())
		r := &recording{user: user, act: acts[i], res: ress[i], rank: placed,
			op: &predict.Operation{OpHash: opHash, UID: user.UID, Sender: user.Address, Kind: string(acts[i].Kind), Market: market}}
		if err := req.record(r); err != nil {
			return nil, nil, fmt.Errorf("record actions[%d]: %w", i, err)
		}
		if r.order != nil {
			// Not a batchable kind's (checkBatch): an order belongs to its
			// operation alone.
			return nil, nil, fmt.Errorf("record actions[%d]: %s records an order", i, acts[i].Kind)
		}
		if acts[i].Kind == aa.KindPlaceLimitOrder {
			placed++
		}
		br.Actions = append(br.Actions, batchAction{Action: string(acts[i].Kind), MarketAddress: market, OrderUUID: r.res.OrderUUID, Request: r.op.Request})
		out.Actions = append(out.Actions, ActionResult{Kind: acts[i].Kind, Market: market, OrderUUID: r.res.OrderUUID})
		if i == 0 {
			rec.Market = market
		} else if rec.Market != market {
			rec.Market = ""
		}
	}
	if rec.Request, err = json.Marshal(br); err != nil {
		return nil, nil, err
	}
	return rec, out, nil
}

// batchResultOf answers a batch submitted again with what its record
// keeps.
func batchResultOf(op *predict.Operation) (*BatchResult, error) {
	out := &BatchResult{OpHash: op.OpHash}
	if op.Kind != kind.Batch {
		return nil, conflict("operation %s was accepted as %s, not as a batch", op.OpHash, op.Kind)
	}
	var br batchRecord
	if err := json.Unmarshal(op.Request, &br); err != nil {
		return nil, fmt.Errorf("read batch record %s: %w", op.OpHash, err)
	}
	for _, a := range br.Actions {
		out.Actions = append(out.Actions, ActionResult{Kind: aa.Kind(a.Action), Market: a.MarketAddress, OrderUUID: a.OrderUUID})
	}
	return out, nil
}

// DecodeOperation reads the actions an operation's callData performs:
// one action (DecodeAction's shape and refusals), or a batch of them.
func DecodeOperation(callData []byte) ([]*aa.Action, error) {
	act, err := aa.DecodeAction(callData)
	if err == nil {
		return []*aa.Action{act}, nil
	}
	acts, berr := aa.DecodeActions(callData)
	if berr != nil || len(acts) < 2 {
		// Not a batch either: the refusal of one action says most.
		return nil, err
	}
	if err := CheckBatchSize(len(acts)); err != nil {
		return nil, err
	}
	for i, a := range acts {
		if err := checkBatchable(i, a.Kind); err != nil {
			return nil, err
		}
	}
	return acts, nil
}

// judgeBatch judges each action of a batch (acts, decoded from its
// callData) against its request at one chain time: the kind's role, its
// rules and its callData (judge).
func (s *Service) judgeBatch(ctx context.Context, user *predict.User, reqs []Request, acts []*aa.Action, now time.Time, accepted bool) ([]*Result, error) {
	ress := make([]*Result, len(acts))
	state := newBatchState()
	for i := range acts {
		state.index = i
		d, err := descriptorOf(acts[i].Kind)
		if err == nil {
			err = d.Allow(user)
		}
		if err == nil {
			ress[i], err = s.judgeAt(ctx, user, sender(user), reqs[i], acts[i], now, accepted, state)
		}
		if err != nil {
			// Named by its request: the callData may do something else.
			return nil, ActionError(i, reqs[i].Head().Kind, err)
		}
	}
	return ress, nil
}
