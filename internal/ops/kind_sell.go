package ops

import (
	"github.com/predict-dev/predict/internal/aa"
	"github.com/predict-dev/predict/kind"
)

// sell returns an option's tokens to the pool for base tokens
// (place-order, side 2).
var sell = trade(kind.Sell,
	func(c *call, act *aa.Action) error {
		return c.covers(c.req.Option, c.req.Amount, c.s.optionUnit(c.m, act.Option), "sell")
	})
