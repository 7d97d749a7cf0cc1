package ledger

import (
	"cmp"
	"fmt"
	"slices"

	"github.com/predict-dev/predict/internal/accounting"
	"github.com/predict-dev/predict/internal/events"
)

// Changes lists the changed aggregates. A position, LP balance or option
// supply below zero means a transfer was missed: an error, so the batch
// is not written.
func (l *Ledger) Changes() (*accounting.Changes, error) {
	c := &accounting.Changes{Facts: l.rec.Facts, Creations: l.rec.Creations, Trades: l.rec.Trades, Claims: l.rec.Claims,
		Transfers: l.rec.Transfers, Resolutions: l.rec.Resolutions, Outcomes: l.rec.Outcomes, OrderFills: l.rec.OrderFills,
		Points: l.points, Settlements: l.settled}
	for _, o := range l.orders {
		if o == nil || !l.dirty[o] {
			continue
		}
		if o.Remaining.Sign() < 0 {
			return nil, fmt.Errorf("order %d would have a negative remainder (%s)", o.ID, o.Remaining)
		}
		c.LimitOrders = append(c.LimitOrders, o)
	}
	// In id order: the store writes them in a stable order.
	slices.SortFunc(c.LimitOrders, func(a, b *accounting.LimitOrder) int { return cmp.Compare(a.ID, b.ID) })
	for _, p := range l.points {
		if c.PointsFrom == 0 || p.Block < c.PointsFrom {
			c.PointsFrom = p.Block
		}
	}
	for k, b := range l.balances {
		if l.dirty[b] {
			c.Balances = append(c.Balances, accounting.BalanceChange{Account: k.account, Token: k.token, Balance: b})
		}
	}
	for k, p := range l.positions {
		if !l.dirty[p] {
			continue
		}
		if p.Amount.Sign() < 0 {
			return nil, fmt.Errorf("position of %s in %s would be negative (%s): a transfer was missed", k.account, k.token, p.Amount)
		}
		c.Positions = append(c.Positions, accounting.PositionChange{Account: k.account, Option: k.token, Position: p})
	}
	for k, p := range l.lps {
		if !l.dirty[p] {
			continue
		}
		if p.Amount.Sign() < 0 {
			return nil, fmt.Errorf("LP balance of %s in %s would be negative (%s): a transfer was missed", k.account, k.market, p.Amount)
		}
		c.LPs = append(c.LPs, accounting.LPChange{Account: k.account, Market: k.market, LP: p})
	}
	for _, m := range l.markets {
		if m == nil || !l.dirty[m] {
			continue
		}
		for i, o := range m.Options {
			if m.Supply[i].Sign() < 0 {
				return nil, fmt.Errorf("supply of option %s would be negative (%s): a transfer was missed", o, m.Supply[i])
			}
		}
		c.Markets = append(c.Markets, m)
	}
	for o := range l.holders {
		c.Holders = append(c.Holders, o)
	}
	return c, nil
}

// Result describes the applied effects: the users, options and base
// tokens of their accounts and markets, the users notified, and the
// events to publish. w is what the store found writing the Changes (nil
// for nothing).
func (l *Ledger) Result(w *accounting.Written) (*Result, error) {
	if w == nil {
		w = &accounting.Written{}
	}
	res := &Result{Applied: l.applied, UIDs: map[string]string{}, Options: map[string][]string{},
		BaseTokens: map[string]string{}}
	seen := map[string]bool{}
	// An operation's user is told of it once it is final: unless another
	// writer made it final first, as the store found.
	for _, o := range l.rec.Outcomes {
		if o.UID != "" && !w.Unchanged[o.OpHash] {
			l.notified = append(l.notified, o.UID)
		}
	}
	l.notified = append(l.notified, w.Notified...)
	for _, uid := range l.notified {
		if !seen[uid] {
			seen[uid] = true
			res.Notified = append(res.Notified, uid)
		}
	}
	for _, e := range l.applied {
		market, account := e.Scope()
		if _, ok := res.Options[market]; market != "" && !ok {
			m, err := l.Market(market)
			if err != nil {
				return nil, err
			}
			if m != nil {
				res.Options[market], res.BaseTokens[market] = m.Options, m.BaseToken
			}
		}
		if account != "" {
			u, err := l.uid(account)
			if err != nil {
				return nil, err
			}
			if u != "" {
				res.UIDs[account] = u
			}
		}
	}
	for i, ev := range l.events {
		if o := l.opEvents[i]; o != nil && w.Unchanged[o.OpHash] {
			continue
		}
		res.Events = append(res.Events, ev)
	}
	for _, uid := range res.Notified {
		res.Events = append(res.Events, events.UserNewNotification(uid))
	}
	// The stream and the webhooks get the same events: one of each.
	res.Events = events.Compact(res.Events)
	return res, nil
}
