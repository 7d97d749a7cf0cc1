package ops

import (
	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/internal/aa"
)

// addLiquidity deposits base tokens into a running market's pool for LP
// shares.
var addLiquidity = &Descriptor{
	name: aa.KindAddLiquidity, endpoint: true,
	parse: func(b *Body, req *Request) error {
		var f fields
		req.Market = f.address("marketAddress", b.MarketAddress)
		req.Amount = f.amount("amount", b.Amount)
		req.MinOut = f.amount("minLpAmount", b.MinLPAmount)
		req.Deadline = f.deadline(b.Deadline)
		return f.err
	},
	build: func(c *call) (*aa.Action, error) {
		if err := c.m.Tradable("adding liquidity", c.now); err != nil {
			return nil, err
		}
		if err := firstErr(positive("amount", c.req.Amount), c.deadline()); err != nil {
			return nil, err
		}
		act := c.action()
		act.Approvals = []aa.Approval{{Token: c.base(), Spender: c.req.Market, Amount: c.req.Amount}}
		if err := c.covers(c.base(), c.req.Amount, c.s.baseUnit(c.m.BaseToken), "deposit"); err != nil {
			return nil, err
		}
		return act, nil
	},
	gas:    func(n int64) int64 { return 250_000 + 20_000*n },
	match:  sameBounds,
	record: recordOption,
	// The request is the action's own fields.
	request: func(*aa.Action, *predict.Market, *Request) error { return nil },
}
