package ops

import (
	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/internal/aa"
	"github.com/predict-dev/predict/kind"
)

// removeLiquidity burns LP shares for the pool's tokens. Once the market
// has ended the same request redeems them (redeemLiquidity), paid in base
// tokens.
var removeLiquidity = register(kind.RemoveLiquidity, &Descriptor{
	parse: func(b *Body, req *Request) error {
		return parseLiquidity(b, req, "lpAmount", b.LPAmount, "minReceiveAmount", b.MinReceiveAmount)
	},
	build: func(c *call) (*aa.Action, error) {
		if err := positive("lpAmount", c.req.Amount); err != nil {
			return nil, err
		}
		lp := unit{symbol: "LP", decimals: c.s.baseUnit(c.m.BaseToken).decimals}
		if err := c.covers(c.req.Market, c.req.Amount, lp, "removal"); err != nil {
			return nil, err
		}
		act := c.action()
		switch c.m.Status {
		case predict.StatusSettling:
			return nil, conflict("market %s is settling: liquidity can be redeemed once it has ended", c.m.Address)
		case predict.StatusEnded:
			// After settlement LP shares are redeemed for the pool's
			// winning tokens, paid in base tokens. redeemLiquidity takes
			// no minimum: the one asked is checked here, against what the
			// chain would pay now (the pool no longer moves).
			act.Kind, act.MinOut, act.Deadline = aa.KindRedeemLiquidity, nil, nil
			if c.req.MinOut != nil && c.req.MinOut.Sign() > 0 {
				if err := c.redeemCovers(c.req.Amount, c.req.MinOut); err != nil {
					return nil, err
				}
			}
		default:
			if err := c.deadline(); err != nil {
				return nil, err
			}
		}
		return act, nil
	},
	record:  recordOption,
	request: ownFields,
})

// redeemLiquidity is remove-liquidity on an ended market, as its callData
// performs it: no request of its own.
var redeemLiquidity = register(kind.RedeemLiquidity, &Descriptor{
	// A redeemLiquidity call is the remove-liquidity request of an ended
	// market.
	request: func(_ *aa.Action, _ *predict.Market, req *Request) error {
		req.Kind, req.MinOut, req.Deadline = aa.KindRemoveLiquidity, nil, nil
		return nil
	},
	record: recordOption,
})

// parseLiquidity reads the fields of a change of liquidity: the market,
// the amount put in, the minimum got out and the deadline.
func parseLiquidity(b *Body, req *Request, amountField, amount, minField, min string) error {
	var f fields
	req.Market = f.address("marketAddress", b.MarketAddress)
	req.Amount = f.amount(amountField, amount)
	req.MinOut = f.amount(minField, min)
	req.Deadline = f.deadline(b.Deadline)
	return f.err
}
