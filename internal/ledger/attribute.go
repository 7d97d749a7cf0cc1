package ledger

import (
	"github.com/predict-dev/predict"
)

// Before it decides, the ledger reads each transaction's effects whole,
// for what one log cannot say alone: whose the escrow's moves are, and
// the rank of each order an operation placed. The indexer only decodes;
// these rules live here, beside the orders they number and the
// positions they move, and a replay of the fact log (a reorg) reads the
// same effects the same way.

// prepare attributes and ranks the effects of each transaction of a
// batch, in log order.
func prepare(effects []predict.Effect) {
	for start := 0; start < len(effects); {
		end := start + 1
		tx := effects[start].Ref().TxHash
		for end < len(effects) && effects[end].Ref().TxHash == tx {
			end++
		}
		attributeEscrow(effects[start:end])
		rankOrders(effects[start:end])
		start = end
	}
}

// rankOrders numbers the orders each operation of the transaction placed,
// in log order (OrderPlacedLog.Seq): a batch places several in one
// operation, and each order's uuid derives from its operation and rank.
func rankOrders(effects []predict.Effect) {
	placed := map[string]int{}
	for _, e := range effects {
		if p, ok := e.(*predict.OrderPlacedLog); ok && p.OpHash != "" {
			p.Seq = placed[p.OpHash]
			placed[p.OpHash]++
		}
	}
}

// escrowOf is the LimitOrders escrow a transaction's effects act
// through: the contract of its first order event; "" when it has none.
func escrowOf(effects []predict.Effect) string {
	for _, e := range effects {
		switch e.(type) {
		case *predict.OrderPlacedLog, *predict.OrderFilledLog, *predict.OrderCancelledLog:
			return lower(e.Ref().Address)
		}
	}
	return ""
}

// orderOwner is the owner an order event acts for, and whether it is a
// fill.
func orderOwner(e predict.Effect) (owner string, fill bool) {
	switch e := e.(type) {
	case *predict.OrderPlacedLog:
		return e.Owner, false
	case *predict.OrderCancelledLog:
		return e.Owner, false
	case *predict.OrderFilledLog:
		return e.Owner, true
	}
	return "", false
}

// attributeEscrow gives the LimitOrders escrow's part of a transaction's
// effects to the order owners it acts for. The escrow emits each event
// before the transfers it makes for it (placement, refund, a match's
// deliveries), and a fill from the pool after the market's trade and
// before the payout, so:
//   - the market's Bought or Sold by the escrow, and the escrow's mint or
//     burn of option tokens, belong to the owner of the next OrderFilled
//     (the trade is the owner's);
//   - tokens moving between the escrow and an account belong, on the
//     escrow's side, to the owner of the escrow's previous event (the
//     order escrowing or releasing them).
//
// Escrowed option tokens thus stay their owner's position; the balances
// (From, To) stay the chain's. Holders of base-token transfers are set
// alike and read by nothing: positions are of option tokens.
func attributeEscrow(effects []predict.Effect) {
	escrow := escrowOf(effects)
	if escrow == "" {
		return
	}
	next := func(i int) string {
		for _, e := range effects[i+1:] {
			if o, fill := orderOwner(e); fill {
				return o
			} else if o != "" {
				return ""
			}
		}
		return ""
	}
	prev := func(i int) string {
		for k := i - 1; k >= 0; k-- {
			if o, _ := orderOwner(effects[k]); o != "" {
				return o
			}
		}
		return ""
	}
	for i, e := range effects {
		switch e := e.(type) {
		case *predict.TradeLog:
			if e.Account == escrow {
				if o := next(i); o != "" {
					e.Account = o
				}
			}
		case *predict.TransferLog:
			switch {
			case e.From == predict.ZeroAddress && e.To == escrow:
				e.ToHolder = next(i)
			case e.From == escrow && e.To == predict.ZeroAddress:
				e.FromHolder = next(i)
			case e.To == escrow:
				e.ToHolder = prev(i)
			case e.From == escrow:
				e.FromHolder = prev(i)
			}
		}
	}
}
