package ledger

import (
	"math/big"
	"slices"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/internal/accounting"
)

func (l *Ledger) transferLP(m *accounting.Market, e *predict.TransferLog) error {
	if err := l.moveLP(m, e.From, new(big.Int).Neg(e.Amount)); err != nil {
		return err
	}
	return l.moveLP(m, e.To, e.Amount)
}

// moveLP adds delta to account's LP shares of m. The zero address is
// the mint's source and the burn's sink: its side of a transfer is the
// supply, which moves the other way.
func (l *Ledger) moveLP(m *accounting.Market, account string, delta *big.Int) error {
	if account == predict.ZeroAddress {
		m.LPSupply.Sub(m.LPSupply, delta)
		l.dirty[m] = true
		return nil
	}
	lp, err := l.lp(account, m.Address)
	if err != nil {
		return err
	}
	lp.Amount.Add(lp.Amount, delta)
	l.dirty[lp] = true
	return nil
}

// transferOption moves tokens of option i between positions. Mints and
// burns change only the amount (and the option's supply): the Bought,
// Sold, Claimed or liquidity log that follows them in the same call
// carries the cost. Between two accounts the tokens take their share of
// the sender's cost basis with them.
func (l *Ledger) transferOption(m *accounting.Market, i int, e *predict.TransferLog) error {
	option := m.Options[i]
	l.holders[option] = true
	if e.From == predict.ZeroAddress {
		m.Supply[i].Add(m.Supply[i], e.Amount)
		l.dirty[m] = true
	}
	if e.To == predict.ZeroAddress {
		m.Supply[i].Sub(m.Supply[i], e.Amount)
		l.dirty[m] = true
	}
	// Tokens in the limit-order escrow are their owner's position.
	from, to := e.From, e.To
	if e.FromHolder != "" {
		from = lower(e.FromHolder)
	}
	if e.ToHolder != "" {
		to = lower(e.ToHolder)
	}
	if from == to && from != predict.ZeroAddress {
		// Into or out of the owner's own order: the position stays.
		return nil
	}
	if match, ok := l.takeMatch(option, from, to, e.Amount); ok {
		return l.matchTrade(m, option, match)
	}
	moved := new(big.Int)
	if from != predict.ZeroAddress {
		p, err := l.position(from, option, m.Address)
		if err != nil {
			return err
		}
		if to != predict.ZeroAddress && p.Amount.Sign() > 0 {
			moved = accounting.MulDiv(p.Cost, e.Amount, p.Amount)
			if moved.Cmp(p.Cost) > 0 {
				moved.Set(p.Cost)
			}
			p.Cost.Sub(p.Cost, moved)
		}
		p.Amount.Sub(p.Amount, e.Amount)
		l.dirty[p] = true
	}
	if to != predict.ZeroAddress {
		p, err := l.position(to, option, m.Address)
		if err != nil {
			return err
		}
		p.Amount.Add(p.Amount, e.Amount)
		p.Cost.Add(p.Cost, moved)
		l.dirty[p] = true
	}
	return nil
}

// takeMatch returns and forgets the pending match this transfer of
// option tokens settles, if any.
func (l *Ledger) takeMatch(option, from, to string, amount *big.Int) (pendingMatch, bool) {
	for i, pm := range l.matches {
		if pm.option == option && pm.seller == from && pm.buyer == to && pm.quantity.Cmp(amount) == 0 {
			l.matches = slices.Delete(l.matches, i, i+1)
			return pm, true
		}
	}
	return pendingMatch{}, false
}

// matchTrade moves a match's tokens from the seller's position to the
// buyer's as a sale and a purchase at the match's cost: the seller
// realizes the cost minus the basis of the tokens sold, the buyer's basis
// is what it paid.
func (l *Ledger) matchTrade(m *accounting.Market, option string, pm pendingMatch) error {
	sp, err := l.position(pm.seller, option, m.Address)
	if err != nil {
		return err
	}
	accounting.RemoveCost(sp.Cost, sp.Realized, sp.Amount, pm.quantity, pm.cost)
	sp.Amount.Sub(sp.Amount, pm.quantity)
	l.dirty[sp] = true
	bp, err := l.position(pm.buyer, option, m.Address)
	if err != nil {
		return err
	}
	bp.Amount.Add(bp.Amount, pm.quantity)
	bp.Cost.Add(bp.Cost, pm.cost)
	l.dirty[bp] = true
	return nil
}
