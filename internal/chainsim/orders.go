package chainsim

import (
	"fmt"
	"math/big"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/internal/market/fpmm"
)

// simOrder is an order of the simulated escrow. Its remainder is kept
// by block, so that Rewind takes back what orphaned blocks did to it.
type simOrder struct {
	owner  string
	option int
	isBuy  bool
	placed uint64
	steps  []orderStep
}

type orderStep struct {
	block     uint64
	remaining *big.Int
}

func (o *simOrder) remaining() *big.Int { return new(big.Int).Set(o.steps[len(o.steps)-1].remaining) }

func (o *simOrder) set(block uint64, remaining *big.Int) {
	o.steps = append(o.steps, orderStep{block, new(big.Int).Set(remaining)})
}

// escrowToken is what order o escrows: base for a buy, its option for a
// sell.
func (c *Sim) escrowToken(o *simOrder) string {
	if o.isBuy {
		return c.Base
	}
	return c.Options[o.option]
}

// PlaceOrder emits owner's placement of a limit order on option i (in
// the current block) as LimitOrders.place and the indexer give it: the
// event, then the escrow pulling amount (an option token's transfer
// names owner as the holder of the escrowed tokens). It returns the
// order's id.
func (c *Sim) PlaceOrder(owner string, i int, isBuy bool, limitPrice, amount *big.Int, expiry int64, op string) int64 {
	if c.orders == nil {
		c.orders = map[int64]*simOrder{}
	}
	c.nextID++
	id := c.nextID
	o := &simOrder{owner: owner, option: i, isBuy: isBuy, placed: c.block}
	o.set(c.block, amount)
	c.orders[id] = o
	tx := c.Hash(c.block, fmt.Sprint("place", id))
	c.Add(&predict.OrderPlacedLog{LogRef: c.Ref(tx, op), OrderID: id, Owner: owner, Market: c.Market, Option: i, IsBuy: isBuy,
		LimitPrice: new(big.Int).Set(limitPrice), Amount: new(big.Int).Set(amount), Expiry: expiry})
	c.escrowTransfer(tx, c.escrowToken(o), owner, c.Escrow, amount, "", owner)
	return id
}

// escrowTransfer emits a transfer with the holders the indexer names for
// the escrow's option tokens.
func (c *Sim) escrowTransfer(tx, token, from, to string, amount *big.Int, fromHolder, toHolder string) {
	e := &predict.TransferLog{LogRef: c.Ref(tx, ""), Token: token, From: from, To: to, Amount: new(big.Int).Set(amount)}
	if token != c.Base {
		e.FromHolder, e.ToHolder = fromHolder, toHolder
	}
	c.Add(e)
}

// FillFromPool emits LimitOrders.fillFromPool of spend of order id's
// escrow (in the current block), as the indexer gives it: the market's
// trade attributed to the order's owner, the escrow's mint or burn held
// for the owner, OrderFilled, then the payout. It returns what the owner
// received.
func (c *Sim) FillFromPool(id int64, spend *big.Int) *big.Int {
	o := c.orders[id]
	tx := c.Hash(c.block, fmt.Sprint("fill", id, c.logIndex))
	var out *big.Int
	if o.isBuy {
		q, err := fpmm.QuoteBuy(c.Balances, FeeBps, o.option, spend)
		if err != nil {
			c.T.Fatal(err)
		}
		invested := new(big.Int).Sub(spend, q.Fee)
		for k := range c.Balances {
			c.Balances[k].Add(c.Balances[k], invested)
		}
		c.Balances[o.option].Sub(c.Balances[o.option], q.TokensOut)
		out = q.TokensOut
		c.escrowTransfer(tx, c.Base, c.Escrow, c.Market, spend, "", "")
		c.escrowTransfer(tx, c.Options[o.option], predict.ZeroAddress, c.Escrow, out, "", o.owner)
		c.Add(&predict.TradeLog{LogRef: c.Ref(tx, ""), Market: c.Market, Account: o.owner, Option: o.option, Side: predict.SideBuy,
			BaseAmount: new(big.Int).Set(spend), TokenAmount: out, Fee: q.Fee, Balances: c.CopyBalances()})
	} else {
		q, err := fpmm.QuoteSell(c.Balances, FeeBps, o.option, spend)
		if err != nil {
			c.T.Fatal(err)
		}
		gross := new(big.Int).Add(q.BaseOut, q.Fee)
		c.Balances[o.option].Add(c.Balances[o.option], spend)
		for k := range c.Balances {
			c.Balances[k].Sub(c.Balances[k], gross)
		}
		out = q.BaseOut
		c.escrowTransfer(tx, c.Options[o.option], c.Escrow, predict.ZeroAddress, spend, o.owner, "")
		c.escrowTransfer(tx, c.Base, c.Market, c.Escrow, out, "", "")
		c.Add(&predict.TradeLog{LogRef: c.Ref(tx, ""), Market: c.Market, Account: o.owner, Option: o.option, Side: predict.SideSell,
			BaseAmount: out, TokenAmount: new(big.Int).Set(spend), Fee: q.Fee, Balances: c.CopyBalances()})
	}
	left := new(big.Int).Sub(o.remaining(), spend)
	o.set(c.block, left)
	c.Add(&predict.OrderFilledLog{LogRef: c.Ref(tx, ""), OrderID: id, Owner: o.owner, Counterparty: c.Market,
		In: new(big.Int).Set(spend), Out: new(big.Int).Set(out), Remaining: left})
	payout := c.Options[o.option]
	if !o.isBuy {
		payout = c.Base
	}
	c.escrowTransfer(tx, payout, c.Escrow, o.owner, out, o.owner, "")
	return out
}

// MatchOrders emits LimitOrders.matchOrders of buy order buyID and sell
// order sellID for quantity option tokens at cost base (in the current
// block), as the contract orders its logs: both OrderFilled, then the
// option tokens from the escrow (held for the seller) to the buyer and
// the base from the escrow to the seller.
func (c *Sim) MatchOrders(buyID, sellID int64, quantity, cost *big.Int) {
	b, s := c.orders[buyID], c.orders[sellID]
	tx := c.Hash(c.block, fmt.Sprint("match", buyID, sellID, c.logIndex))
	bl, sl := new(big.Int).Sub(b.remaining(), cost), new(big.Int).Sub(s.remaining(), quantity)
	b.set(c.block, bl)
	s.set(c.block, sl)
	c.Add(&predict.OrderFilledLog{LogRef: c.Ref(tx, ""), OrderID: buyID, Owner: b.owner, Counterparty: s.owner, CounterOrder: sellID,
		In: new(big.Int).Set(cost), Out: new(big.Int).Set(quantity), Remaining: bl})
	c.Add(&predict.OrderFilledLog{LogRef: c.Ref(tx, ""), OrderID: sellID, Owner: s.owner, Counterparty: b.owner, CounterOrder: buyID,
		In: new(big.Int).Set(quantity), Out: new(big.Int).Set(cost), Remaining: sl})
	c.escrowTransfer(tx, c.Options[s.option], c.Escrow, b.owner, quantity, s.owner, "")
	c.escrowTransfer(tx, c.Base, c.Escrow, s.owner, cost, "", "")
}

// CancelOrder emits the cancellation of order id by its owner (in the
// current block): the event, then the refund of its remaining escrow.
// It returns the refund.
func (c *Sim) CancelOrder(id int64, op string) *big.Int {
	o := c.orders[id]
	refund := o.remaining()
	o.set(c.block, new(big.Int))
	tx := c.Hash(c.block, fmt.Sprint("cancel", id))
	c.Add(&predict.OrderCancelledLog{LogRef: c.Ref(tx, op), OrderID: id, Owner: o.owner, By: o.owner, Refunded: new(big.Int).Set(refund)})
	c.escrowTransfer(tx, c.escrowToken(o), c.Escrow, o.owner, refund, o.owner, "")
	return refund
}
