package ops

import (
	"math/big"
	"strings"

	"github.com/google/uuid"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/internal/aa"
	"github.com/predict-dev/predict/kind"
	"github.com/predict-dev/predict/wire"
)

// buy spends base tokens on an option's tokens (place-order, side 1).
var buy = trade(kind.Buy, func(c *call, act *aa.Action) error { return c.spendBase(act, "buy") })

// trade is the descriptor of buy or sell: what they share, with what the
// trade spends (checked against the sender's balance).
func trade(name string, spends func(c *call, act *aa.Action) error) *Descriptor {
	return register(name, &Descriptor{
		parse: parseTrade,
		build: func(c *call) (*aa.Action, error) {
			act, err := tradeAction(c)
			if err != nil {
				return nil, err
			}
			return act, spends(c, act)
		},
		request: requestTrade,
		record:  recordTrade,
		answer:  answerTrade,
	})
}

// The parts of a trade that buy and sell share.

func parseTrade(b *Body, req *Request) error {
	var f fields
	req.Market = f.address("marketAddress", b.MarketAddress)
	req.Option = f.address("optionAddress", b.OptionAddress)
	req.Amount = f.amount("amount", b.Amount)
	req.MinOut = f.amount("minReceiveAmount", b.MinReceiveAmount)
	req.Deadline = f.deadline(b.Deadline)
	if b.Price != "" {
		req.Price = f.amount("price", b.Price)
	}
	if req.Price == nil {
		req.Price = new(big.Int)
	}
	req.Side = sideOf(req.Kind)
	return f.err
}

func sideOf(k aa.Kind) int {
	if k == aa.KindSell {
		return predict.SideSell
	}
	return predict.SideBuy
}

// tradeAction is the rules of a trade: the market trades at chain time,
// the option is one of its, the amount is positive and the deadline ahead.
func tradeAction(c *call) (*aa.Action, error) {
	if err := c.m.Tradable("trading", c.now); err != nil {
		return nil, err
	}
	act := c.action()
	var err error
	if act.Option, err = c.option(); err != nil {
		return nil, err
	}
	if err := firstErr(positive("amount", c.req.Amount), c.deadline()); err != nil {
		return nil, err
	}
	return act, nil
}

func requestTrade(act *aa.Action, m *predict.Market, req *Request) (err error) {
	req.Side, req.Price = sideOf(act.Kind), new(big.Int)
	req.Option, err = optionAt(m, act.Option)
	return err
}

// recordTrade records the order with the operation.
func recordTrade(r *recording) (err error) {
	req := r.req
	r.order = &predict.Order{
		UUID: uuid.NewString(), OpHash: r.op.OpHash, UID: r.user.UID, Market: r.op.Market, Option: strings.ToLower(req.Option.Hex()),
		Side: req.Side, Amount: req.Amount, MinReceive: req.MinOut, Price: req.Price, Deadline: req.Deadline.Int64(),
	}
	r.op.OrderUUID = r.order.UUID
	r.op.Request, err = jsonOf(tradeRecord{
		OptionAddress: r.order.Option, Side: req.Side, Amount: req.Amount.String(), MinReceiveAmount: req.MinOut.String(),
		Price: r.order.Price.String(), Deadline: req.Deadline.String(),
	})
	return err
}

// tradeRecord is what a trade's record keeps of its request (its fields
// in the order of their names, as the records written before it have
// them).
type tradeRecord struct {
	Amount           string `json:"amount"`
	Deadline         string `json:"deadline"`
	MinReceiveAmount string `json:"minReceiveAmount"`
	OptionAddress    string `json:"optionAddress"`
	Price            string `json:"price"`
	Side             int    `json:"side"`
}

func answerTrade(_ *Request, res *Result) any {
	return wire.PlaceOrderResult{OpHash: res.OpHash, OrderUUID: res.OrderUUID}
}
