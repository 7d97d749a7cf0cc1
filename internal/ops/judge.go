package ops

import (
	"context"
	"strings"
	"time"

	"github.com/ethereum/go-ethereum/common"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/internal/aa"
)

// How an operation is judged: its kind's rules at the chain's head time,
// and the action the signed callData performs against the one the request
// asks for.

// judge applies the rules of req's kind at the chain's current time
// (role, market state, deadline, balance) and checks that act, decoded
// from the operation's callData, is exactly that action. accepted
// completes the result as the client's action decides it (Submit).
func (s *Service) judge(ctx context.Context, user *predict.User, sender common.Address, req Request, act *aa.Action, accepted bool) (*Result, error) {
	headTime, _, err := s.head(ctx)
	if err != nil {
		return nil, err
	}
	return s.judgeAt(ctx, user, sender, req, act, headTime, accepted, nil)
}

// judgeAt is judge at chain time headTime (a batch judges all its
// actions at one time), after what the batch's earlier actions leave
// (batch; nil for an operation of one action).
func (s *Service) judgeAt(ctx context.Context, user *predict.User, sender common.Address, req Request, act *aa.Action, headTime time.Time, accepted bool, batch *batchState) (*Result, error) {
	d, err := descriptorOf(act.Kind)
	if err != nil {
		return nil, err
	}
	if err := s.ensureRole(ctx, user, sender, d); err != nil {
		return nil, err
	}
	c, want, err := s.call(ctx, user, sender, req, headTime, batch)
	if err != nil {
		return nil, err
	}
	if err := matches(act, want); err != nil {
		return nil, err
	}
	if batch != nil {
		batch.spend(want)
	}
	if a, ok := req.(accepter); ok && accepted {
		if err := a.accepted(c, act); err != nil {
			return nil, err
		}
	}
	return c.res, nil
}

// build is the action req asks for at chain time now, after the rules of
// its kind: what Prepare encodes and what Submit compares the client's
// callData with.
func (s *Service) build(ctx context.Context, user *predict.User, sender common.Address, req Request, now time.Time) (*aa.Action, *Result, error) {
	c, act, err := s.call(ctx, user, sender, req, now, nil)
	if err != nil {
		return nil, nil, err
	}
	return act, c.res, nil
}

func (s *Service) call(ctx context.Context, user *predict.User, sender common.Address, req Request, now time.Time, batch *batchState) (*call, *aa.Action, error) {
	c := &call{ctx: ctx, s: s, user: user, sender: sender, req: req, now: now, batch: batch}
	if _, ok := req.(onFactory); !ok {
		var err error
		if c.m, err = s.cfg.Store.MarketByAddress(ctx, strings.ToLower(req.Head().Market.Hex()), ""); err != nil {
			return nil, nil, err
		}
		c.res = &Result{Market: c.m.Address, optionCount: len(c.m.Options)}
	}
	act, err := req.build(c)
	if err != nil {
		return nil, nil, err
	}
	return c, act, nil
}

// matches compares the action decoded from the client's callData with the
// one the request asks for: aa.Match, the check the Go client runs too.
func matches(got, want *aa.Action) error { return aa.Match(got, want) }
