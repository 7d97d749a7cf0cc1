package ops

import (
	"github.com/predict-dev/predict/internal/aa"
	"github.com/predict-dev/predict/kind"
)

// addLiquidity deposits base tokens into a running market's pool for LP
// shares.
var addLiquidity = register(kind.AddLiquidity, &Descriptor{
	parse: func(b *Body, req *Request) error {
		return parseLiquidity(b, req, "amount", b.Amount, "minLpAmount", b.MinLPAmount)
	},
	build: func(c *call) (*aa.Action, error) {
		if err := c.m.Tradable("adding liquidity", c.now); err != nil {
			return nil, err
		}
		if err := firstErr(positive("amount", c.req.Amount), c.deadline()); err != nil {
			return nil, err
		}
		act := c.action()
		return act, c.spendBase(act, "deposit")
	},
	record:  recordOption,
	request: ownFields,
})
