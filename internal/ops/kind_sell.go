package ops

import (
	"github.com/predict-dev/predict/internal/aa"
)

// sell returns an option's tokens to the pool for base tokens
// (place-order, side 2).
var sell = trade(aa.KindSell,
	func(c *call, act *aa.Action) error {
		return c.covers(c.req.Option, c.req.Amount, c.s.optionUnit(c.m, act.Option), "sell")
	},
	func(n int64) int64 { return 200_000 + 45_000*n })
