package ledger

import (
	"fmt"
	"math/big"
	"strconv"
	"time"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/internal/accounting"
	"github.com/predict-dev/predict/internal/events"
)

// The limit orders of the LimitOrders escrow: placed, filled and
// cancelled. Each order is an aggregate of its market (its effects are
// facts of the market's log), so a reorg rebuilds it with the market.
// The tokens the escrow holds stay their owner's position (the indexer
// names the holder of each transfer in and out of the escrow), and a
// fill from the pool is a trade of the owner's (the indexer attributes
// the market's Bought or Sold to the owner): the folds here change only
// the orders.

// OrderPlaced records a new open order.
func (f *fold) OrderPlaced(e *predict.OrderPlacedLog) (bool, error) {
	l, m, err := f.market(lower(e.Market))
	if m == nil {
		return false, err
	}
	if e.Option < 0 || e.Option >= len(m.Options) {
		return false, fmt.Errorf("order %d on option %d of market %s with %d options", e.OrderID, e.Option, m.Address, len(m.Options))
	}
	owner := lower(e.Owner)
	uid, err := l.uid(owner)
	if err != nil {
		return false, err
	}
	side := predict.SideBuy
	if !e.IsBuy {
		side = predict.SideSell
	}
	o := &accounting.LimitOrder{ID: e.OrderID, UUID: predict.LimitOrderUUID(orderSeed(e)), Market: m.Address, Option: e.Option,
		OptionAddress: m.Options[e.Option], Owner: owner, UID: uid, Side: side, LimitPrice: new(big.Int).Set(e.LimitPrice),
		Amount: new(big.Int).Set(e.Amount), Remaining: new(big.Int).Set(e.Amount), Filled: new(big.Int), Received: new(big.Int),
		Expiry: time.Unix(e.Expiry, 0).UTC(), PostOnly: e.PostOnly, Status: predict.OrderOpen, OpHash: lower(e.OpHash),
		TxHash: lower(e.TxHash), Block: e.Block, CreatedAt: time.UnixMilli(millis(e)).UTC(), UpdatedBlock: e.Block}
	l.orders[e.OrderID] = o
	l.dirty[o] = true
	l.event(events.MarketBookChange(m.Address, o.OptionAddress))
	l.orderChanged(o)
	return true, nil
}

// orderSeed is what an order's uuid derives from: the operation that
// placed it and the order's rank in it, as place-limit-order or a batch
// answered (predict.LimitOrderUUID, predict.LimitOrderSeed), or its log
// for an order placed without the service.
func orderSeed(e *predict.OrderPlacedLog) string {
	r := &e.LogRef
	if r.OpHash != "" {
		return predict.LimitOrderSeed(lower(r.OpHash), e.Seq)
	}
	return lower(r.TxHash) + ":" + strconv.FormatUint(uint64(r.LogIndex), 10)
}

// OrderFilled takes a fill off the order's escrow and records it. The
// owner's position changed with it (by the trade, or by the tokens a
// match gave): the owner is told. A match's buy side is kept until its
// tokens move (takeMatch): that transfer is a sale by the seller and a
// purchase by the buyer at the match's price, like any trade.
func (f *fold) OrderFilled(e *predict.OrderFilledLog) (bool, error) {
	l, o, err := f.order(e.OrderID)
	if o == nil {
		return false, err
	}
	o.Remaining = new(big.Int).Set(e.Remaining)
	o.Filled.Add(o.Filled, e.In)
	o.Received.Add(o.Received, e.Out)
	o.Status = predict.OrderPartiallyFilled
	if o.Remaining.Sign() == 0 {
		o.Status = predict.OrderFilled
	}
	o.UpdatedBlock = e.Block
	l.dirty[o] = true
	l.rec.OrderFills = append(l.rec.OrderFills, accounting.OrderFillRecord{Market: o.Market, OrderFill: predict.OrderFill{
		OrderID: e.OrderID, Counterparty: lower(e.Counterparty), CounterOrder: e.CounterOrder, In: new(big.Int).Set(e.In),
		Out: new(big.Int).Set(e.Out), TxHash: lower(e.TxHash), Block: e.Block, LogIndex: e.LogIndex, Time: e.Time}})
	if e.CounterOrder != 0 && o.Side == predict.SideBuy {
		l.matches = append(l.matches, pendingMatch{option: o.OptionAddress, seller: lower(e.Counterparty), buyer: o.Owner,
			quantity: new(big.Int).Set(e.Out), cost: new(big.Int).Set(e.In)})
	}
	l.event(events.MarketBookChange(o.Market, o.OptionAddress))
	if o.UID != "" {
		l.event(events.UserPositionChanged(o.UID, o.Market, o.OptionAddress))
	}
	l.orderChanged(o)
	return true, nil
}

// OrderCancelled closes the order: its remaining escrow went back to its
// owner.
func (f *fold) OrderCancelled(e *predict.OrderCancelledLog) (bool, error) {
	l, o, err := f.order(e.OrderID)
	if o == nil {
		return false, err
	}
	o.Remaining = new(big.Int)
	o.Status = predict.OrderCancelled
	o.UpdatedBlock = e.Block
	l.dirty[o] = true
	l.event(events.MarketBookChange(o.Market, o.OptionAddress))
	l.orderChanged(o)
	return true, nil
}

// orderChanged tells the order's owner, when a user, of its new state.
func (l *Ledger) orderChanged(o *accounting.LimitOrder) {
	if o.UID != "" {
		l.event(events.UserOrderChanged(o.UID, o.Market, o.OptionAddress, o.ID, o.Status))
	}
}

// order returns the ledger and the order id for a log of that order,
// whose market the log's effects then belong to. A nil order, unknown to
// the store or not read (err), means the log changes nothing.
func (f *fold) order(id int64) (*Ledger, *accounting.LimitOrder, error) {
	l := f.l()
	o, err := l.limitOrder(id)
	if err != nil || o == nil {
		return l, nil, err
	}
	l.tokenMarket = o.Market
	return l, o, nil
}

func (l *Ledger) limitOrder(id int64) (*accounting.LimitOrder, error) {
	return cached(l.orders, id, func() (*accounting.LimitOrder, error) { return l.src.LimitOrder(id) })
}
