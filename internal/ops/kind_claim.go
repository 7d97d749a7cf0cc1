package ops

import (
	"strings"

	"github.com/ethereum/go-ethereum/common"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/internal/aa"
	"github.com/predict-dev/predict/kind"
)

// claim burns the winning option's tokens of an ended market for base
// tokens, 1:1.
var claim = register(kind.Claim, &Descriptor{
	parse: func(b *Body, req *Request) error {
		var f fields
		req.Market = f.address("marketAddress", b.MarketAddress)
		req.Option = f.address("optionAddress", b.OptionAddress)
		return f.err
	},
	build: func(c *call) (*aa.Action, error) {
		if err := c.m.Claimable(); err != nil {
			return nil, err
		}
		if c.m.Void {
			return buildClaimVoid(c)
		}
		if o := strings.ToLower(c.req.Option.Hex()); o != c.m.WinningOption {
			return nil, invalid("optionAddress %s is not the winning option %s: losing tokens cannot be claimed", o, c.m.WinningOption)
		}
		act := c.action()
		if act.Amount == nil || act.Amount.Sign() == 0 {
			// Prepare claims the whole balance.
			bal, err := c.s.reads.balanceOf(c.ctx, c.req.Option, c.sender)
			if err != nil {
				return nil, err
			}
			if bal.Sign() == 0 {
				return nil, conflict("account %s holds no winning tokens of market %s", c.user.Address, c.m.Address)
			}
			act.Amount = bal
		}
		return act, nil
	},
	// claim names no option: it pays the winning one.
	request: func(_ *aa.Action, m *predict.Market, req *Request) error {
		req.Option = common.HexToAddress(m.WinningOption)
		return nil
	},
	record: recordOption,
})

// claimVoid is claim on a void market, as its callData performs it
// (claimVoid): every option the account holds, at 1/N each. No request
// of its own.
var claimVoid = register(kind.ClaimVoid, &Descriptor{
	request: func(_ *aa.Action, m *predict.Market, req *Request) error {
		req.Kind = aa.KindClaim
		if len(m.Options) > 0 {
			req.Option = common.HexToAddress(m.Options[0].Address)
		}
		return nil
	},
	record: recordOption,
})

// buildClaimVoid claims every option the sender holds of a void market;
// the request's option must be one of the market's.
func buildClaimVoid(c *call) (*aa.Action, error) {
	if _, err := c.option(); err != nil {
		return nil, err
	}
	act := &aa.Action{Kind: aa.KindClaimVoid, Target: c.req.Market}
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
