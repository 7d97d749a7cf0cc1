package ops

import (
	"encoding/json"

	"github.com/ethereum/go-ethereum/common"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/internal/aa"
	"github.com/predict-dev/predict/kind"
)

// addLiquidity deposits base tokens into a running market's pool for LP
// shares.
var addLiquidity = register(kind.AddLiquidity, addLiquidityKind{})

type addLiquidityKind struct{}

func (addLiquidityKind) input() Input { return new(addLiquidityBody) }

// addLiquidityBody is add-liquidity's body.
type addLiquidityBody struct {
	MarketAddress string      `json:"marketAddress"`
	Amount        string      `json:"amount"`
	MinLPAmount   string      `json:"minLpAmount"`
	Deadline      json.Number `json:"deadline"`
}

func (b *addLiquidityBody) parse(h Header) (Request, error) {
	req := &addLiquidityRequest{Header: h}
	return req, req.liquidity.parseInto(&req.Header, b.MarketAddress, "amount", b.Amount, "minLpAmount", b.MinLPAmount, b.Deadline)
}

// addLiquidityRequest is a deposit of Amount base tokens for at least
// MinOut LP shares.
type addLiquidityRequest struct {
	Header
	liquidity
}

func (addLiquidityKind) fromAction(act *aa.Action, _ *predict.Market, h Header) (Request, error) {
	return &addLiquidityRequest{Header: h, liquidity: liquidityOf(act)}, nil
}

func (r *addLiquidityRequest) build(c *call) (*aa.Action, error) {
	if err := c.m.Tradable("adding liquidity", c.now); err != nil {
		return nil, err
	}
	if err := firstErr(positive("amount", r.Amount), c.deadline(r.Deadline)); err != nil {
		return nil, err
	}
	act := c.action(r.Amount, r.MinOut, r.Deadline)
	return act, c.spendBase(act, r.Amount, "deposit")
}

// record keeps no option: a deposit names none.
func (r *addLiquidityRequest) record(rec *recording) error {
	return recordOption(rec, common.Address{})
}
