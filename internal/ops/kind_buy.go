package ops

import (
	"encoding/json"
	"math/big"
	"strings"

	"github.com/ethereum/go-ethereum/common"
	"github.com/google/uuid"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/internal/aa"
	"github.com/predict-dev/predict/kind"
	"github.com/predict-dev/predict/wire"
)

// buy spends base tokens on an option's tokens (place-order, side 1).
var buy = register(kind.Buy, tradeKind{spends: func(c *call, r *tradeRequest, act *aa.Action) error {
	return c.spendBase(act, r.Amount, "buy")
}})

// tradeKind is buy or sell: what they share, with what the trade spends
// (checked against the sender's balance).
type tradeKind struct {
	spends func(c *call, r *tradeRequest, act *aa.Action) error
}

func (k tradeKind) input() Input { return &tradeBody{spends: k.spends} }

// tradeBody is place-order's body as a buy or a sell takes it.
type tradeBody struct {
	MarketAddress    string      `json:"marketAddress"`
	OptionAddress    string      `json:"optionAddress"`
	Price            string      `json:"price"`
	Amount           string      `json:"amount"`
	MinReceiveAmount string      `json:"minReceiveAmount"`
	Deadline         json.Number `json:"deadline"`
	OrderType        string      `json:"orderType"`

	spends func(c *call, r *tradeRequest, act *aa.Action) error
}

// tradeRequest is a buy or a sell.
type tradeRequest struct {
	Header
	// Option is the option bought or sold.
	Option common.Address
	Side   int
	// Amount is base in (buy) or tokens in (sell).
	Amount   *big.Int
	MinOut   *big.Int
	Deadline *big.Int
	// Price is the price per token the client saw.
	Price *big.Int

	spends func(c *call, r *tradeRequest, act *aa.Action) error
}

func (b *tradeBody) parse(h Header) (Request, error) {
	var f fields
	req := &tradeRequest{Header: h, spends: b.spends}
	req.Market = f.address("marketAddress", b.MarketAddress)
	req.Option = f.address("optionAddress", b.OptionAddress)
	req.Amount = f.amount("amount", b.Amount)
	req.Deadline = f.deadline(b.Deadline)
	req.Side = sideOf(req.Kind)
	if b.OrderType == OrderLimit {
		return req, parseFillOrKill(&f, b, req)
	}
	req.MinOut = f.amount("minReceiveAmount", b.MinReceiveAmount)
	if b.Price != "" {
		req.Price = f.amount("price", b.Price)
	}
	if req.Price == nil {
		req.Price = new(big.Int)
	}
	return req, f.err
}

// parseFillOrKill reads a limit order filled at once or not at all
// (place-order with orderType limit and timeInForce FOK): a trade whose
// least output is what the limit gives for the whole amount, so the
// pool's average price is within the limit or the trade reverts. A
// minReceiveAmount asking more is kept. The rule depends on the body
// alone, so prepare and submit agree on it.
func parseFillOrKill(f *fields, b *tradeBody, req *tradeRequest) error {
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

// build is the rules of a trade: the market trades at chain time, the
// option is one of its, the amount is positive and the deadline ahead;
// then what the trade spends.
func (r *tradeRequest) build(c *call) (*aa.Action, error) {
	if err := c.m.Tradable("trading", c.now); err != nil {
		return nil, err
	}
	act := c.action(r.Amount, r.MinOut, r.Deadline)
	var err error
	if act.Option, err = c.option(r.Option); err != nil {
		return nil, err
	}
	if err := firstErr(positive("amount", r.Amount), c.deadline(r.Deadline)); err != nil {
		return nil, err
	}
	return act, r.spends(c, r, act)
}

func (k tradeKind) fromAction(act *aa.Action, m *predict.Market, h Header) (Request, error) {
	req := &tradeRequest{Header: h, Side: sideOf(act.Kind), Price: new(big.Int), Amount: act.Amount, MinOut: act.MinOut, Deadline: act.Deadline, spends: k.spends}
	var err error
	req.Option, err = optionAt(m, act.Option)
	return req, err
}

// record records the order with the operation.
func (r *tradeRequest) record(rec *recording) (err error) {
	rec.order = &predict.Order{
		UUID: uuid.NewString(), OpHash: rec.op.OpHash, UID: rec.user.UID, Market: rec.op.Market, Option: strings.ToLower(r.Option.Hex()),
		Side: r.Side, Amount: r.Amount, MinReceive: r.MinOut, Price: r.Price, Deadline: r.Deadline.Int64(),
	}
	rec.op.OrderUUID = rec.order.UUID
	rec.op.Request, err = jsonOf(tradeRecord{
		OptionAddress: rec.order.Option, Side: r.Side, Amount: r.Amount.String(), MinReceiveAmount: r.MinOut.String(),
		Price: rec.order.Price.String(), Deadline: r.Deadline.String(),
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

func (r *tradeRequest) answer(res *Result) any {
	return wire.PlaceOrderResult{OpHash: res.OpHash, OrderUUID: res.OrderUUID}
}

// priceOne is a price of 1 in 18-decimal fixed point.
var priceOne = big.NewInt(1e18)
