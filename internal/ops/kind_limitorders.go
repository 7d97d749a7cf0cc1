package ops

import (
	"context"
	"encoding/json"
	"math/big"
	"slices"
	"strings"
	"time"

	"github.com/ethereum/go-ethereum/common"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/internal/aa"
	"github.com/predict-dev/predict/kind"
	"github.com/predict-dev/predict/wire"
)

// placeLimitOrder escrows a resting limit order in the LimitOrders
// contract: the account approves the escrow for the amount (base for a
// buy, the option token for a sell) and places the order in one batch.
var placeLimitOrder = register(kind.PlaceLimitOrder, limitOrderKind{})

type limitOrderKind struct{}

func (limitOrderKind) input() Input { return new(limitOrderBody) }

func (limitOrderKind) resubmitted(_ context.Context, _ *Service, op *predict.Operation, res *Result) error {
	res.OrderUUID = predict.LimitOrderUUID(op.OpHash)
	return nil
}

// cancelOrder takes an order's remaining escrow back (cancel), or every
// open order's of the caller in a market (cancelMany).
var cancelOrder = register(kind.CancelOrder, cancelKind{})

type cancelKind struct{}

func (cancelKind) input() Input { return new(cancelBody) }

// maxOrderAmount is LimitOrders' MAX_AMOUNT (2^128-1): the escrow keeps
// amounts in 128 bits of its accounting.
var maxOrderAmount = new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 128), big.NewInt(1))

// limitOrderBody is place-limit-order's body, and place-order's for a
// limit order that rests (orderType limit).
type limitOrderBody struct {
	MarketAddress string      `json:"marketAddress"`
	OptionAddress string      `json:"optionAddress"`
	Side          *int        `json:"side"`
	Price         string      `json:"price"`
	Amount        string      `json:"amount"`
	Expiry        json.Number `json:"expiry"`
	PostOnly      *bool       `json:"postOnly"`
	OrderType     string      `json:"orderType"`
	TimeInForce   string      `json:"timeInForce"`
	// Deadline is an immediate-or-cancel order's expiry.
	Deadline json.Number `json:"deadline"`
}

// limitOrderRequest places a limit order.
type limitOrderRequest struct {
	Header
	Option common.Address
	Side   int
	Amount *big.Int
	// LimitPrice (18-decimal fixed point), Expiry (unix seconds) and
	// PostOnly are the order's terms.
	LimitPrice *big.Int
	Expiry     *big.Int
	PostOnly   bool
	// Immediate marks an immediate-or-cancel order (place-order's
	// timeInForce IOC): its expiry is its deadline, soon.
	Immediate bool
}

func (b *limitOrderBody) parse(h Header) (Request, error) {
	var f fields
	req := &limitOrderRequest{Header: h}
	req.Market = f.address("marketAddress", b.MarketAddress)
	req.Option = f.address("optionAddress", b.OptionAddress)
	req.Amount = f.amount("amount", b.Amount)
	// Through place-order (orderType limit), a good-till-cancel order
	// may leave expiry out: it rests until the market's end (build); an
	// immediate-or-cancel one expires at its deadline.
	switch {
	case b.OrderType == OrderLimit && b.TimeInForce == ImmediateOrCancel:
		if b.Expiry != "" || (b.PostOnly != nil && *b.PostOnly) {
			return nil, invalid("an IOC order takes deadline, not expiry, and cannot be post-only")
		}
		req.Expiry, req.Immediate = f.deadline(b.Deadline), true
	case b.OrderType != OrderLimit || b.Expiry != "" || b.TimeInForce == GoodTillDate:
		req.Expiry = f.unix("expiry", b.Expiry)
	}
	if f.err != nil {
		return nil, f.err
	}
	if b.Side == nil || (*b.Side != predict.SideBuy && *b.Side != predict.SideSell) {
		return nil, invalid("side must be 1 (buy) or 2 (sell)")
	}
	req.Side = *b.Side
	if b.Price == "" {
		return nil, invalid("price is required: the limit, a decimal between 0 and 1 such as 0.45")
	}
	p, err := predict.ParseLimitPrice(b.Price)
	if err != nil {
		return nil, invalid("%v", err)
	}
	req.LimitPrice, req.PostOnly = p, b.PostOnly != nil && *b.PostOnly
	return req, nil
}

// escrow is the deployment's LimitOrders contract; a deployment without
// one refuses limit orders.
func (s *Service) escrow() (common.Address, error) {
	a := s.cfg.Deployment.LimitOrders
	if !common.IsHexAddress(a) {
		return common.Address{}, predict.Errorf(predict.ENOTIMPL, "this deployment has no LimitOrders contract: limit orders are not available")
	}
	return common.HexToAddress(a), nil
}

// build is the rules of a placement, the contract's and the service's:
// the market trades at chain time, the option is one of its, the amount
// is positive and fits the escrow, the expiry is ahead and at most
// MaxOrderLife away, and the sender holds what it escrows.
func (req *limitOrderRequest) build(c *call) (*aa.Action, error) {
	escrow, err := c.s.escrow()
	if err != nil {
		return nil, err
	}
	if err := c.m.Tradable("trading", c.now); err != nil {
		return nil, err
	}
	opt, err := c.option(req.Option)
	if err != nil {
		return nil, err
	}
	if err := positive("amount", req.Amount); err != nil {
		return nil, err
	}
	if req.Amount.Cmp(maxOrderAmount) > 0 {
		return nil, invalid("amount must be at most 2^128-1")
	}
	now := c.now.Unix()
	if req.Expiry == nil {
		req.Expiry = big.NewInt(c.m.EndTime.Unix())
		if c.m.EndTime.Sub(c.now) > predict.MaxOrderLife {
			return nil, invalid("a good-till-cancel order rests until the market's end, more than %d days away: give an expiry (timeInForce GTD)",
				int(predict.MaxOrderLife/(24*time.Hour)))
		}
	}
	if latest := now + int64(MaxImmediate/time.Second); req.Immediate && req.Expiry.Cmp(big.NewInt(latest)) > 0 {
		return nil, invalid("an IOC order's deadline is at most %s ahead (at most %d)", MaxImmediate, latest)
	}
	if req.Expiry.Cmp(big.NewInt(now)) <= 0 {
		return nil, invalid("expiry has passed (chain time is %d)", now)
	}
	if latest := now + int64(predict.MaxOrderLife/time.Second); req.Expiry.Cmp(big.NewInt(latest)) > 0 {
		return nil, invalid("expiry is more than %d days ahead (at most %d)", int(predict.MaxOrderLife/(24*time.Hour)), latest)
	}
	act := &aa.Action{Kind: req.Kind, Target: escrow, Option: opt, Amount: req.Amount, Order: &aa.OrderParams{
		Market: req.Market, IsBuy: req.Side == predict.SideBuy, LimitPrice: req.LimitPrice, Expiry: req.Expiry.Uint64(), PostOnly: req.PostOnly,
	}}
	token, u, what := common.HexToAddress(c.m.BaseToken), c.s.baseUnit(c.m.BaseToken), "escrow"
	if req.Side == predict.SideSell {
		token, u = req.Option, c.s.optionUnit(c.m, opt)
	}
	if err := minOrder(req.Amount, c.s.cfg.MinOrder, u); err != nil {
		return nil, err
	}
	act.Approvals = []aa.Approval{{Token: token, Spender: escrow, Amount: req.Amount}}
	return act, c.covers(token, req.Amount, u, what)
}

// DefaultMinOrder is the smallest order that rests: one whole token of
// what it escrows (1 USDC of a buy, one option token of a sell). Smaller
// orders are dust that every arrival would search and no fill could reach.
var DefaultMinOrder = big.NewRat(1, 1)

// minOrder refuses an order of fewer than tokens whole tokens (in base
// units of u's decimals, rounded up), naming the limit.
func minOrder(amount *big.Int, tokens *big.Rat, u unit) error {
	scaled := new(big.Rat).Mul(tokens, new(big.Rat).SetInt(new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(u.decimals)), nil)))
	least := new(big.Int).Quo(new(big.Int).Add(scaled.Num(), new(big.Int).Sub(scaled.Denom(), big.NewInt(1))), scaled.Denom())
	if amount.Cmp(least) < 0 {
		return invalid("amount %s %s is below the minimum order size, %s %s", predict.FormatUnits(amount, u.decimals), u.symbol,
			predict.FormatUnits(least, u.decimals), u.symbol)
	}
	return nil
}

// limitOrderRecord is what a placement's record keeps of its request.
type limitOrderRecord struct {
	OptionAddress string `json:"optionAddress"`
	Side          int    `json:"side"`
	Price         string `json:"price"`
	Amount        string `json:"amount"`
	Expiry        string `json:"expiry"`
	PostOnly      bool   `json:"postOnly"`
	OrderUUID     string `json:"orderUuid"`
}

func (req *limitOrderRequest) record(r *recording) (err error) {
	r.res.OrderUUID = predict.LimitOrderUUID(predict.LimitOrderSeed(r.op.OpHash, r.rank))
	r.op.Request, err = jsonOf(limitOrderRecord{
		OptionAddress: strings.ToLower(req.Option.Hex()), Side: req.Side, Price: predict.FormatPrice(req.LimitPrice),
		Amount: req.Amount.String(), Expiry: req.Expiry.String(), PostOnly: req.PostOnly, OrderUUID: r.res.OrderUUID,
	})
	return err
}

func (req *limitOrderRequest) answer(res *Result) any {
	return wire.PlaceOrderResult{OpHash: res.OpHash, OrderUUID: res.OrderUUID}
}

// cancelBody is cancel-order's body.
type cancelBody struct {
	MarketAddress string      `json:"marketAddress"`
	OrderID       json.Number `json:"orderId"`
	CancelAll     *bool       `json:"cancelAll"`
}

// cancelRequest cancels order OrderID, or with CancelAll every open order
// of the caller in the market.
type cancelRequest struct {
	Header
	OrderID   *big.Int
	CancelAll bool
}

func (b *cancelBody) parse(h Header) (Request, error) {
	var f fields
	req := &cancelRequest{Header: h}
	req.Market = f.address("marketAddress", b.MarketAddress)
	if f.err != nil {
		return nil, f.err
	}
	req.CancelAll = b.CancelAll != nil && *b.CancelAll
	id := b.OrderID.String()
	switch {
	case req.CancelAll && id != "":
		return nil, invalid("give orderId or cancelAll, not both")
	case req.CancelAll:
		return req, nil
	case id == "":
		return nil, invalid("orderId is required (or cancelAll: true for every open order of yours in the market)")
	}
	n, ok := new(big.Int).SetString(id, 10)
	if !ok || n.Sign() <= 0 || !n.IsInt64() {
		return nil, invalid("orderId must be a positive integer")
	}
	req.OrderID = n
	return req, nil
}

// build cancels the sender's own orders of the market that still hold
// escrow: the one named, read from the escrow itself, or all of them as
// the indexer knows them.
func (req *cancelRequest) build(c *call) (*aa.Action, error) {
	escrow, err := c.s.escrow()
	if err != nil {
		return nil, err
	}
	act := &aa.Action{Kind: req.Kind, Target: escrow}
	if req.CancelAll {
		if c.s.cfg.Orders == nil {
			return nil, predict.Errorf(predict.ENOTIMPL, "cancelAll is not available here: cancel each order by its orderId")
		}
		ids, err := c.s.cfg.Orders.OpenLimitOrderIDs(c.ctx, c.m.Address, strings.ToLower(c.sender.Hex()))
		if err != nil {
			return nil, err
		}
		// An order an earlier action of the batch cancels is closed by then.
		ids = slices.DeleteFunc(slices.Clone(ids), c.batch.cancelled)
		if len(ids) == 0 {
			return nil, predict.Errorf(predict.ENOTFOUND, "you have no open orders in market %s", c.m.Address)
		}
		act.Many = true
		for _, id := range ids {
			n := big.NewInt(id)
			if c.batch != nil {
				// In a batch, what comes back counts for the actions after.
				o, err := c.s.reads.limitOrder(c.ctx, escrow, n)
				if err != nil {
					return nil, err
				}
				if err := c.batch.cancel(n, c.refundToken(o), o.Remaining); err != nil {
					return nil, err
				}
			}
			act.OrderIDs = append(act.OrderIDs, n)
		}
		c.res.optionCount = len(ids)
		return act, nil
	}
	o, err := c.s.reads.limitOrder(c.ctx, escrow, req.OrderID)
	if err != nil {
		return nil, err
	}
	switch {
	case o.Owner == (common.Address{}):
		return nil, predict.Errorf(predict.ENOTFOUND, "order %s does not exist", req.OrderID)
	case o.Owner != c.sender:
		return nil, predict.Errorf(predict.EFORBIDDEN, "order %s is not yours", req.OrderID)
	case o.Market != req.Market:
		return nil, invalid("order %s is of market %s, not %s", req.OrderID, strings.ToLower(o.Market.Hex()), c.m.Address)
	case o.Remaining.Sign() == 0:
		return nil, conflict("order %s is closed (filled or cancelled)", req.OrderID)
	}
	if err := c.batch.cancel(req.OrderID, c.refundToken(o), o.Remaining); err != nil {
		return nil, err
	}
	act.OrderIDs = []*big.Int{req.OrderID}
	c.res.optionCount = 1
	return act, nil
}

// refundToken is the token a cancellation of o gives back: the base token
// of a buy, the option's of a sell.
func (c *call) refundToken(o *limitOrderState) common.Address {
	if o.IsBuy || o.OptionIndex >= len(c.m.Options) {
		return common.HexToAddress(c.m.BaseToken)
	}
	return common.HexToAddress(c.m.Options[o.OptionIndex].Address)
}

// cancelRecord is what a cancellation's record keeps of its request.
type cancelRecord struct {
	OrderIDs []int64 `json:"orderIds"`
}

func (req *cancelRequest) record(r *recording) (err error) {
	var rec cancelRecord
	for _, id := range r.act.OrderIDs {
		rec.OrderIDs = append(rec.OrderIDs, id.Int64())
	}
	r.op.Request, err = jsonOf(rec)
	return err
}
