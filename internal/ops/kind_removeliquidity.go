package ops

import (
	"encoding/json"
	"math/big"

	"github.com/ethereum/go-ethereum/common"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/internal/aa"
	"github.com/predict-dev/predict/kind"
)

// removeLiquidity burns LP shares for the pool's tokens. Once the market
// has ended the same request redeems them (redeemLiquidity), paid in base
// tokens.
var removeLiquidity = register(kind.RemoveLiquidity, removeLiquidityKind{})

type removeLiquidityKind struct{}

func (removeLiquidityKind) input() Input { return new(removeLiquidityBody) }

// removeLiquidityBody is remove-liquidity's body.
type removeLiquidityBody struct {
	MarketAddress    string      `json:"marketAddress"`
	LPAmount         string      `json:"lpAmount"`
	MinReceiveAmount string      `json:"minReceiveAmount"`
	Deadline         json.Number `json:"deadline"`
}

func (b *removeLiquidityBody) parse(h Header) (Request, error) {
	req := &removeLiquidityRequest{Header: h}
	return req, req.liquidity.parseInto(&req.Header, b.MarketAddress, "lpAmount", b.LPAmount, "minReceiveAmount", b.MinReceiveAmount, b.Deadline)
}

// removeLiquidityRequest burns Amount LP shares for at least MinOut.
type removeLiquidityRequest struct {
	Header
	liquidity
}

func (removeLiquidityKind) fromAction(act *aa.Action, _ *predict.Market, h Header) (Request, error) {
	return &removeLiquidityRequest{Header: h, liquidity: liquidityOf(act)}, nil
}

func (r *removeLiquidityRequest) build(c *call) (*aa.Action, error) {
	if err := positive("lpAmount", r.Amount); err != nil {
		return nil, err
	}
	lp := unit{symbol: "LP", decimals: c.s.baseUnit(c.m.BaseToken).decimals}
	if err := c.covers(c.market(), r.Amount, lp, "removal"); err != nil {
		return nil, err
	}
	act := c.action(r.Amount, r.MinOut, r.Deadline)
	switch c.m.Status {
	case predict.StatusSettling:
		return nil, conflict("market %s is settling: liquidity can be redeemed once it has ended", c.m.Address)
	case predict.StatusEnded:
		// After settlement LP shares are redeemed for the pool's
		// winning tokens, paid in base tokens. redeemLiquidity takes
		// no minimum: the one asked is checked here, against what the
		// chain would pay now (the pool no longer moves).
		act.Kind, act.MinOut, act.Deadline = aa.KindRedeemLiquidity, nil, nil
		if r.MinOut != nil && r.MinOut.Sign() > 0 {
			if err := c.redeemCovers(r.Amount, r.MinOut); err != nil {
				return nil, err
			}
		}
	default:
		if err := c.deadline(r.Deadline); err != nil {
			return nil, err
		}
	}
	return act, nil
}

// record keeps no option: a withdrawal names none.
func (r *removeLiquidityRequest) record(rec *recording) error {
	return recordOption(rec, common.Address{})
}

// redeemLiquidity is remove-liquidity on an ended market, as its callData
// performs it: no request of its own.
var redeemLiquidity = register(kind.RedeemLiquidity, redeemLiquidityKind{})

type redeemLiquidityKind struct{}

func (redeemLiquidityKind) input() Input { return nil }

// fromAction: a redeemLiquidity call is the remove-liquidity request of
// an ended market, without minimum or deadline.
func (redeemLiquidityKind) fromAction(act *aa.Action, _ *predict.Market, h Header) (Request, error) {
	h.Kind = aa.KindRemoveLiquidity
	return &removeLiquidityRequest{Header: h, liquidity: liquidity{Amount: act.Amount}}, nil
}

// liquidity is what a change of liquidity asks: the amount put in, the
// minimum got out and the deadline.
type liquidity struct {
	// Amount is base in (add-liquidity) or LP burned (remove-liquidity).
	Amount *big.Int
	// MinOut is minLpAmount or minReceiveAmount.
	MinOut   *big.Int
	Deadline *big.Int
}

// liquidityOf is the change of liquidity act performs.
func liquidityOf(act *aa.Action) liquidity {
	return liquidity{Amount: act.Amount, MinOut: act.MinOut, Deadline: act.Deadline}
}

// parseInto reads the fields of a change of liquidity into h's market and l.
func (l *liquidity) parseInto(h *Header, market, amountField, amount, minField, min string, deadline json.Number) error {
	var f fields
	h.Market = f.address("marketAddress", market)
	l.Amount = f.amount(amountField, amount)
	l.MinOut = f.amount(minField, min)
	l.Deadline = f.deadline(deadline)
	return f.err
}
