package ops

import (
	"github.com/predict-dev/predict/internal/aa"
	"github.com/predict-dev/predict/kind"
)

// sell returns an option's tokens to the pool for base tokens
// (place-order, side 2).
var sell = register(kind.Sell, tradeKind{spends: func(c *call, r *tradeRequest, act *aa.Action) error {
	return c.covers(r.Option, r.Amount, c.s.optionUnit(c.m, act.Option), "sell")
}})
