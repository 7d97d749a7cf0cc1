package ops

import (
	"math/big"
	"strings"

	"github.com/ethereum/go-ethereum/common"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/internal/aa"
	"github.com/predict-dev/predict/kind"
	"github.com/predict-dev/predict/wire"
)

// claim burns the winning option's tokens of an ended market for base
// tokens, 1:1.
var claim = register(kind.Claim, claimKind{})

type claimKind struct{}

func (claimKind) input() Input { return new(claimBody) }

// claimBody is claim-market-result's body: the wire request, whose signed
// operation the endpoint reads (Envelope).
type claimBody struct {
	wire.ClaimRequest
	UserOperation skipped `json:"userOperation"`
}

func (b *claimBody) parse(h Header) (Request, error) {
	var f fields
	req := &claimRequest{Header: h}
	req.Market = f.address("marketAddress", b.MarketAddress)
	req.Option = f.address("optionAddress", b.OptionAddress)
	return req, f.err
}

// claimRequest claims the winning option's tokens (Option) of an ended
// market, or every option of a void one.
type claimRequest struct {
	Header
	Option common.Address
	// Amount is the claim amount: nil (prepare) claims the whole balance;
	// read back from callData it is the callData's.
	Amount *big.Int
}

func (r *claimRequest) build(c *call) (*aa.Action, error) {
	if err := c.m.Claimable(); err != nil {
		return nil, err
	}
	if c.m.Void {
		return r.buildVoid(c)
	}
	if o := strings.ToLower(r.Option.Hex()); o != c.m.WinningOption {
		return nil, invalid("optionAddress %s is not the winning option %s: losing tokens cannot be claimed", o, c.m.WinningOption)
	}
	act := c.action(r.Amount, nil, nil)
	if act.Amount == nil || act.Amount.Sign() == 0 {
		// Prepare claims the whole balance.
		bal, err := c.s.reads.balanceOf(c.ctx, r.Option, c.sender)
		if err != nil {
			return nil, err
		}
		if bal.Sign() == 0 {
			return nil, conflict("account %s holds no winning tokens of market %s", c.user.Address, c.m.Address)
		}
		act.Amount = bal
	}
	return act, nil
}

// fromAction: claim names no option, it pays the winning one.
func (claimKind) fromAction(act *aa.Action, m *predict.Market, h Header) (Request, error) {
	return &claimRequest{Header: h, Option: common.HexToAddress(m.WinningOption), Amount: act.Amount}, nil
}

func (r *claimRequest) record(rec *recording) error { return recordOption(rec, r.Option) }

// claimVoid is claim on a void market, as its callData performs it
// (claimVoid): every option the account holds, at 1/N each. No request
// of its own.
var claimVoid = register(kind.ClaimVoid, claimVoidKind{})

type claimVoidKind struct{}

func (claimVoidKind) input() Input { return nil }

// fromAction: a claimVoid call is the claim request of a void market,
// named by its first option.
func (claimVoidKind) fromAction(act *aa.Action, m *predict.Market, h Header) (Request, error) {
	h.Kind = aa.KindClaim
	req := &claimRequest{Header: h, Amount: act.Amount}
	if len(m.Options) > 0 {
		req.Option = common.HexToAddress(m.Options[0].Address)
	}
	return req, nil
}

// buildVoid claims every option the sender holds of a void market; the
// request's option must be one of the market's.
func (r *claimRequest) buildVoid(c *call) (*aa.Action, error) {
	if _, err := c.option(r.Option); err != nil {
		return nil, err
	}
	act := &aa.Action{Kind: aa.KindClaimVoid, Target: r.Market}
	held := false
	for _, o := range c.m.Options {
		bal, err := c.s.reads.balanceOf(c.ctx, common.HexToAddress(o.Address), c.sender)
		if err != nil {
			return nil, err
		}
		act.Amounts = append(act.Amounts, bal)
		held = held || bal.Sign() > 0
	}
	if !held {
		return nil, conflict("account %s holds no option tokens of void market %s", c.user.Address, c.m.Address)
	}
	return act, nil
}
