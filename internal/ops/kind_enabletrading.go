package ops

import (
	"github.com/ethereum/go-ethereum/common"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/internal/aa"
	"github.com/predict-dev/predict/kind"
	"github.com/predict-dev/predict/wire"
)

// enableTrading approves the Exchange, which settles signed orders, to
// spend the market's base token and each of its option tokens: the
// Exchange moves a signed order's tokens from its maker's account, so a
// maker needs these allowances before any of its orders can be filled
// (the desk refuses an order without them, ENOTAPPROVED). The service
// sponsors approvals to its deployment's Exchange of that market's tokens
// only, each at the most, so that one operation serves every later order.
var enableTrading = register(kind.EnableTrading, marketKind{func(h Header) Request { return &enableTradingRequest{h} }})

type enableTradingRequest struct{ Header }

// exchange is the deployment's Exchange; a deployment without one refuses
// signed orders, and so their approvals.
func (s *Service) exchange() (common.Address, error) {
	a := s.cfg.Deployment.Exchange
	if !common.IsHexAddress(a) {
		return common.Address{}, predict.Errorf(predict.ENOTIMPL, "this deployment has no Exchange: signed orders are not available")
	}
	return common.HexToAddress(a), nil
}

// build approves the Exchange for the option tokens (the approvals) and
// then the base token (the action's own call), in the market's order of
// options, while the market trades: an ended market takes no orders.
func (r *enableTradingRequest) build(c *call) (*aa.Action, error) {
	ex, err := c.s.exchange()
	if err != nil {
		return nil, err
	}
	if err := c.m.Tradable("trading", c.now); err != nil {
		return nil, err
	}
	act := &aa.Action{Kind: aa.KindEnableTrading, Target: common.HexToAddress(c.m.BaseToken), Spender: ex, Amount: wire.MaxAllowance()}
	for _, o := range c.m.Options {
		act.Approvals = append(act.Approvals, aa.Approval{Token: common.HexToAddress(o.Address), Spender: ex, Amount: wire.MaxAllowance()})
	}
	return act, nil
}

func (r *enableTradingRequest) record(rec *recording) error { return recordNothing(rec) }
