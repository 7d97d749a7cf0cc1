package ops

import (
	"github.com/predict-dev/predict/internal/aa"
)

// sell returns an option's tokens to the pool for base tokens
// (place-order, side 2).
var sell = &Descriptor{
	name: aa.KindSell, endpoint: true,
	parse: parseTrade,
	build: func(c *call) (*aa.Action, error) {
		act, err := tradeAction(c)
		if err != nil {
			return nil, err
		}
		if err := c.covers(c.req.Option, c.req.Amount, c.s.optionUnit(c.m, act.Option), "sell"); err != nil {
			return nil, err
		}
		return act, nil
	},
	gas:     func(n int64) int64 { return 200_000 + 45_000*n },
	match:   matchTrade,
	request: requestTrade,
	record:  recordTrade,
	answer:  answerTrade,
}
