package ops

import (
	"strings"

	"github.com/ethereum/go-ethereum/common"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/internal/aa"
)

// claim burns the winning option's tokens of an ended market for base
// tokens, 1:1.
var claim = &Descriptor{
	name: aa.KindClaim, endpoint: true,
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
	gas: func(int64) int64 { return 150_000 },
	// Any amount up to the balance: the chain refuses more.
	match: func(got, _ *aa.Action) error {
		if got.Amount.Sign() == 0 {
			return rejected("userOperation.callData claims nothing")
		}
		return nil
	},
	// claim names no option: it pays the winning one.
	request: func(_ *aa.Action, m *predict.Market, req *Request) error {
		req.Option = common.HexToAddress(m.WinningOption)
		return nil
	},
	record: recordOption,
}
