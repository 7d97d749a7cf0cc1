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
	req.Deadline = f.deadline(b.Deadline)
	req.Side = sideOf(req.Kind)
	if b.OrderType == OrderLimit {
		return parseFillOrKill(&f, b, req)
	}
	req.MinOut = f.amount("minReceiveAmount", b.MinReceiveAmount)
	if b.Price != "" {
		req.Price = f.amount("price", b.Price)
	}
	if req.Price == nil {
		req.Price = new(big.Int)
	}
	return f.err
}

// parseFillOrKill reads a limit order filled at once or not at all
// (place-order with orderType limit and timeInForce FOK): a trade whose
// least output is what the limit gives for the whole amount, so the
// pool's average price is within the limit or the trade reverts. A
// minReceiveAmount asking more is kept. The rule depends on the body
// alone, so prepare and submit agree on it.
func parseFillOrKill(f *fields, b *Body, req *Request) error {
	if b.MinReceiveAmount != "" {
		req.MinOut = f.amount("minReceiveAmount", b.MinReceiveAmount)
	}
	if f.err != nil {
		return f.err
	}
	if b.Price == "" {
		return invalid("price is required: the limit, a decimal between 0 and 1 such as 0.45")
	}
	limit, err := predict.ParseLimitPrice(b.Price)
	if err != nil {
		return invalid("%v", err)
	}
	if req.Amount.Sign() <= 0 {
		return invalid("amount must be positive")
	}
	least := new(big.Int)
	if req.Side == predict.SideBuy { // tokens: amount / limit, rounded up
		least.Mul(req.Amount, priceOne).Add(least, limit).Sub(least, big.NewInt(1)).Quo(least, limit)
	} else { // base: amount * limit, rounded up
		least.Mul(req.Amount, limit).Add(least, priceOne).Sub(least, big.NewInt(1)).Quo(least, priceOne)
	}
	if req.MinOut == nil || req.MinOut.Cmp(least) < 0 {
		req.MinOut = least
	}
	req.Price = new(big.Int)
	return nil
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

// priceOne is a price of 1 in 18-decimal fixed point.
var priceOne = big.NewInt(1e18)
