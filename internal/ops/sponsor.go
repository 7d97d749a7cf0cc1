package ops

import (
	"context"
	"fmt"
	"math/big"
	"strings"
	"time"

	"github.com/ethereum/go-ethereum/common"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/internal/aa"
	"github.com/predict-dev/predict/wire"
)

// The service's sponsorship policy for operations a client built itself
// (ERC-7677, docs/transactions.md): an operation is sponsored when its
// callData decodes to an action the caller may take now, by the same
// rules as the transaction endpoints (buildAction), with gas limits no
// higher than the ones the service would prepare for that action, and
// within the caller's hourly budget.

// maxSponsoredPreVerification bounds preVerificationGas of a sponsored
// operation: the calldata of the largest action (a create-market of the
// most options) costs well under it.
const maxSponsoredPreVerification = 200_000

// RequestOf reads the request an operation's callData performs: the
// fields the transaction endpoints take from their body, so that an
// operation without a body (ERC-4337 JSON-RPC) goes through the same
// checks and is recorded the same way. A redeem-liquidity call is the
// remove-liquidity request of an ended market. create-market is not
// readable from callData (its title and texts are off chain) and is
// refused: it goes through POST /api/v1/market/create-market.
func (s *Service) RequestOf(ctx context.Context, act *aa.Action) (Request, error) {
	d, err := descriptorOf(act.Kind)
	if err != nil {
		return nil, err
	}
	if u, ok := d.kind.(unreadable); ok {
		return nil, u.unreadable()
	}
	k, ok := d.kind.(readable)
	if !ok {
		// Its market and request are not its callData's target.
		return nil, rejected("%s is sponsored only through its endpoint: send it to POST %s", act.Kind, d.spec.Path)
	}
	m, err := s.cfg.Store.MarketByAddress(ctx, strings.ToLower(act.Target.Hex()), "")
	if predict.ErrorCode(err) == predict.ENOTFOUND {
		return nil, rejected("userOperation.callData calls %s, which is not a market of this service", strings.ToLower(act.Target.Hex()))
	} else if err != nil {
		return nil, err
	}
	return k.fromAction(act, m, Header{Kind: act.Kind, Market: act.Target})
}

// Sponsorship is what the policy decided for an operation.
type Sponsorship struct {
	// Requests are the requests the operation's callData performs: one,
	// or a batch's.
	Requests []Request
	// PaymasterAndData is the signed field (final) or a stub of the same
	// length whose signature only recovers (for gas estimation).
	PaymasterAndData []byte
}

// stubSignature is a 65-byte ECDSA signature that recovers to some
// address, so VerifyingPaymaster's ECDSA.recover does not revert during
// estimation (an all-zero signature would); the recovered address is
// not the signer, which v0.6 reports as a signature failure, not a revert.
var stubSignature = common.FromHex("0x" + strings.Repeat("f", 31) + strings.Repeat("0", 33) + "7" + strings.Repeat("a", 63) + "1c")

// Check applies the sponsorship policy to op for user without signing:
// the sender is the caller's account, initCode uses the service's
// factory, the callData is an action the caller may take now (role,
// market state, deadline, balance) or a batch of such actions, each
// judged alone, no operation of the account is still pending, and the
// gas limits are the service's own at most. It returns the requests the
// callData performs and the gas the service gives them.
func (s *Service) Check(ctx context.Context, user *predict.User, op *aa.UserOperation) ([]Request, Gas, error) {
	sender := common.HexToAddress(user.Address)
	if op.Sender != sender {
		return nil, Gas{}, predict.Errorf(predict.EFORBIDDEN, "userOperation.sender %s is not your account %s", strings.ToLower(op.Sender.Hex()), user.Address)
	}
	if len(op.InitCode) > 0 && (len(op.InitCode) < 20 || common.BytesToAddress(op.InitCode[:20]) != common.HexToAddress(s.cfg.Deployment.AccountFactory)) {
		return nil, Gas{}, rejected("userOperation.initCode must use the service's account factory %s", s.cfg.Deployment.AccountFactory)
	}
	acts, reqs, err := s.readCallData(ctx, op.CallData)
	if err != nil {
		return nil, Gas{}, err
	}
	if prev, err := s.cfg.Store.PendingOperationOf(ctx, user.Address); err == nil {
		return nil, Gas{}, conflict("operation %s of your account is still %s; send the next one once it is final", prev.OpHash, prev.Status)
	} else if predict.ErrorCode(err) != predict.ENOTFOUND {
		return nil, Gas{}, err
	}
	deploy := len(op.InitCode) > 0
	var gas Gas
	if len(acts) == 1 {
		res, err := s.judge(ctx, user, sender, reqs[0], acts[0], false)
		if err != nil {
			return nil, Gas{}, err
		}
		gas = GasOf(acts[0].Kind, res.optionCount, deploy)
	} else {
		headTime, _, err := s.head(ctx)
		if err != nil {
			return nil, Gas{}, err
		}
		ress, err := s.judgeBatch(ctx, user, reqs, acts, headTime, false)
		if err != nil {
			return nil, Gas{}, err
		}
		if gas, err = batchGas(acts, ress, deploy, len(op.CallData)); err != nil {
			return nil, Gas{}, err
		}
	}
	if err := checkGas(op, gas); err != nil {
		return nil, Gas{}, err
	}
	return reqs, gas, nil
}

// Gas is the gas an operation of an action is given: what Prepare fills
// and the most the paymaster sponsors.
type Gas struct {
	Call, Verification, PreVerification int64
}

// GasOf returns the gas of kind on a market of options options; deploy
// adds the account's deployment through initCode.
func GasOf(kind aa.Kind, options int, deploy bool) Gas {
	g := Gas{Verification: verificationGas, PreVerification: preVerificationGas}
	if d, ok := Lookup(string(kind)); ok {
		g.Call = d.spec.Gas(int64(options))
	}
	if deploy {
		g.Verification = verificationNewGas
	}
	return g
}

// Estimate returns the gas of the actions op's callData performs, after
// the same checks as Check (an operation the paymaster would refuse is
// refused here too, before the client signs anything).
func (s *Service) Estimate(ctx context.Context, user *predict.User, op *aa.UserOperation) (Gas, error) {
	probe := op.Copy()
	// The estimate is asked before the gas is known: judge the action,
	// not the placeholder limits.
	probe.CallGasLimit, probe.VerificationGasLimit, probe.PreVerificationGas = nil, nil, nil
	_, gas, err := s.Check(ctx, user, probe)
	return gas, err
}

// checkGas refuses gas limits above the service's for the action: the
// paymaster pays for the limits, used or not, up front. Absent (nil)
// limits are not judged (an estimation probe).
func checkGas(op *aa.UserOperation, max Gas) error {
	for _, g := range []struct {
		name string
		v    *big.Int
		max  int64
	}{
		{"callGasLimit", op.CallGasLimit, max.Call},
		{"verificationGasLimit", op.VerificationGasLimit, max.Verification},
		{"preVerificationGas", op.PreVerificationGas, maxSponsoredPreVerification},
	} {
		if g.v != nil && g.v.Cmp(big.NewInt(g.max)) > 0 {
			return rejected("userOperation.%s %s is above the %d the paymaster sponsors for this action (eth_estimateUserOperationGas gives the limits)", g.name, g.v, g.max)
		}
	}
	if op.MaxFeePerGas != nil && op.MaxFeePerGas.Cmp(wire.MaxFeePerGas) > 0 {
		return rejected("userOperation.maxFeePerGas is above the %s wei the paymaster sponsors", wire.MaxFeePerGas)
	}
	return nil
}

// Sponsor applies the policy to op and returns its paymasterAndData:
// with final false a stub for estimation (nothing counted, nothing
// signed); with final true the paymaster's signature over op as it is,
// counted against the caller's hourly budget.
func (s *Service) Sponsor(ctx context.Context, user *predict.User, op *aa.UserOperation, final bool) (*Sponsorship, error) {
	if s.cfg.Paymaster == nil {
		return nil, predict.Errorf(predict.ENOTIMPL, "this deployment has no paymaster key: operations are not sponsored")
	}
	probe := op.Copy()
	if !final {
		probe.CallGasLimit, probe.VerificationGasLimit, probe.PreVerificationGas = nil, nil, nil
	}
	reqs, _, err := s.Check(ctx, user, probe)
	if err != nil {
		return nil, err
	}
	headTime, _, err := s.head(ctx)
	if err != nil {
		return nil, err
	}
	signed := op.Copy()
	if !final {
		if err := s.cfg.Paymaster.Stub(signed, headTime, stubSignature); err != nil {
			return nil, fmt.Errorf("encode paymaster stub: %w", err)
		}
		return &Sponsorship{Requests: reqs, PaymasterAndData: signed.PaymasterAndData}, nil
	}
	// The owner signs after the paymaster: judge the rest of the bounds.
	check := signed.Copy()
	if len(check.Signature) == 0 {
		check.Signature = stubSignature
	}
	if err := check.Validate(); err != nil {
		return nil, err
	}
	if err := s.takeSponsorships(ctx, user.UID, len(reqs)); err != nil {
		return nil, err
	}
	if err := s.cfg.Paymaster.Sponsor(ctx, signed, headTime); err != nil {
		return nil, rpcErr("sign paymaster data", err)
	}
	return &Sponsorship{Requests: reqs, PaymasterAndData: signed.PaymasterAndData}, nil
}

// SubmitOp accepts an operation built by any client, without a request
// body: the requests are read from its callData (RequestOf), then it goes
// through Submit like a place-order, or through SubmitBatch when it
// performs several actions, so it is recorded and followed the same way.
func (s *Service) SubmitOp(ctx context.Context, user *predict.User, op *aa.UserOperation) (*Result, error) {
	_, reqs, err := s.readCallData(ctx, op.CallData)
	if err != nil {
		return nil, err
	}
	if len(reqs) == 1 {
		return s.Submit(ctx, user, reqs[0], op)
	}
	res, err := s.SubmitBatch(ctx, user, reqs, op)
	if err != nil {
		return nil, err
	}
	return &Result{OpHash: res.OpHash, Created: res.Created}, nil
}

// readCallData decodes an operation's callData and the requests it
// performs: one, or a batch's (each refusal naming its action).
func (s *Service) readCallData(ctx context.Context, callData []byte) ([]*aa.Action, []Request, error) {
	acts, err := DecodeOperation(callData)
	if err != nil {
		return nil, nil, err
	}
	reqs := make([]Request, len(acts))
	for i, act := range acts {
		if reqs[i], err = s.RequestOf(ctx, act); err != nil {
			if len(acts) > 1 {
				err = ActionError(i, act.Kind, err)
			}
			return nil, nil, err
		}
	}
	return acts, reqs, nil
}

// takeSponsorships counts n sponsored operations against the user's
// hourly budget (n is a batch's actions: batching does not stretch the
// budget). The shared counter counts one at a time, so a batch refused
// half way keeps the ones it counted; in memory it is all or nothing.
func (s *Service) takeSponsorships(ctx context.Context, uid string, n int) error {
	if s.cfg.Sponsored != nil {
		for range n {
			if err := s.takeSponsorship(ctx, uid); err != nil {
				return err
			}
		}
		return nil
	}
	now := s.cfg.Now()
	s.mu.Lock()
	defer s.mu.Unlock()
	recent := s.recentSponsorships(uid, now)
	if len(recent)+n > s.cfg.SponsorPerHour {
		s.sponsors[uid] = recent
		return sponsorshipUsedUp(s.cfg.SponsorPerHour)
	}
	for range n {
		recent = append(recent, now)
	}
	s.sponsors[uid] = recent
	return nil
}

// recentSponsorships are the user's sponsorships of the last hour, in
// memory; s.mu is held.
func (s *Service) recentSponsorships(uid string, now time.Time) []time.Time {
	recent := s.sponsors[uid][:0]
	for _, t := range s.sponsors[uid] {
		if now.Sub(t) < time.Hour {
			recent = append(recent, t)
		}
	}
	return recent
}

// takeSponsorship counts one sponsored operation against the user's
// hourly budget: in the shared counter when there is one (a failure to
// count refuses, since sponsorship spends the paymaster's deposit),
// otherwise over the exact last hour in memory.
func (s *Service) takeSponsorship(ctx context.Context, uid string) error {
	if s.cfg.Sponsored != nil {
		ok, err := s.cfg.Sponsored.TakeRate(ctx, "sponsor", uid, int64(s.cfg.SponsorPerHour), time.Hour, s.cfg.Now())
		if err != nil {
			return fmt.Errorf("count sponsorship: %w", err)
		}
		if !ok {
			return sponsorshipUsedUp(s.cfg.SponsorPerHour)
		}
		return nil
	}
	now := s.cfg.Now()
	s.mu.Lock()
	defer s.mu.Unlock()
	recent := s.recentSponsorships(uid, now)
	if len(recent) >= s.cfg.SponsorPerHour {
		s.sponsors[uid] = recent
		return sponsorshipUsedUp(s.cfg.SponsorPerHour)
	}
	s.sponsors[uid] = append(recent, now)
	return nil
}

func sponsorshipUsedUp(perHour int) error {
	return predict.Errorf(predict.ERATELIMIT, "sponsorship budget of %d operations per hour used up", perHour)
}
