package aa

import (
	"math/big"
	"strings"

	"github.com/predict-dev/predict/kind"
)

// Match compares the action decoded from an operation's callData (got)
// with the action its request asks for (want): the kind, the target, the
// fields the kind's calls carry (the catalogue's kind.Call), and the
// approvals: the same token and spender, and at least the amount. Salts
// and metadata hashes are the sender's to choose; everything that moves
// value or changes state must agree.
//
// It is the one check of callData against a request: the service runs it
// on what its rules build (internal/ops), the Go client on what the
// request it signs says (wire's Expect), where what the client cannot
// know (an option's index, the factory) is taken from got.
func Match(got, want *Action) error {
	if got.Kind != want.Kind {
		return rejected("userOperation.callData performs %s, but this endpoint's request is %s", got.Kind, want.Kind)
	}
	if got.Target != want.Target {
		return rejected("userOperation.callData calls %s, not %s", strings.ToLower(got.Target.Hex()), strings.ToLower(want.Target.Hex()))
	}
	if err := matchFields(got, want); err != nil {
		return err
	}
	return matchApprovals(got.Approvals, want.Approvals)
}

// matchFields compares the kind's own fields.
func matchFields(got, want *Action) error {
	switch got.Kind {
	case KindCreateMarket:
		return matchCreate(got.Create, want.Create)
	case KindClaimVoid:
		// Any amounts up to the balances: the chain refuses more.
		if len(got.Amounts) != len(want.Amounts) {
			return rejected("userOperation.callData claims %d options of a market of %d", len(got.Amounts), len(want.Amounts))
		}
		for _, a := range got.Amounts {
			if a.Sign() > 0 {
				return nil
			}
		}
		return rejected("userOperation.callData claims nothing")
	case KindPlaceLimitOrder:
		return matchOrder(got, want)
	case KindCancelOrder:
		return matchCancel(got, want)
	}
	k, ok := kind.Of(string(want.Kind))
	if !ok {
		return rejected("unknown action %q", want.Kind)
	}
	var c kind.Call // the fields any of the kind's calls carries
	c.Option, c.Amount, c.MinOut, c.Deadline = -1, -1, -1, -1
	asserts := false
	for _, kc := range k.Calls {
		c.Option, c.Amount, c.MinOut, c.Deadline = max(c.Option, kc.Option), max(c.Amount, kc.Amount), max(c.MinOut, kc.MinOut), max(c.Deadline, kc.Deadline)
		c.AnyAmount, c.AmountName = c.AnyAmount || kc.AnyAmount, c.AmountName+kc.AmountName
		asserts = asserts || kc.Assert
	}
	if asserts && got.Assert != want.Assert {
		return rejected("userOperation.callData settles with the other method (settle or assertOutcome) than this market needs")
	}
	if c.Option >= 0 && got.Option != want.Option {
		return rejected("userOperation.callData trades option index %d, the request's option is index %d", got.Option, want.Option)
	}
	if c.AnyAmount {
		// Any amount up to the balance: the chain refuses more.
		if got.Amount == nil || got.Amount.Sign() == 0 {
			return rejected("userOperation.callData claims nothing")
		}
		c.Amount = -1
	}
	amountName := "amount"
	if c.AmountName != "" {
		amountName = c.AmountName
	}
	for _, f := range []struct {
		at        int
		name      string
		got, want *big.Int
	}{
		{c.Amount, amountName, got.Amount, want.Amount},
		{c.MinOut, "minimum output", got.MinOut, want.MinOut},
		{c.Deadline, "deadline", got.Deadline, want.Deadline},
	} {
		if err := sameInt(f.name, f.got, f.want); f.at >= 0 && err != nil {
			return err
		}
	}
	return nil
}

// matchOrder compares every term of a limit order: all of them bind the
// escrow.
func matchOrder(got, want *Action) error {
	g, w := got.Order, want.Order
	if g == nil || w == nil {
		return rejected("userOperation.callData places no order")
	}
	if g.Market != w.Market {
		return rejected("userOperation.callData places an order on market %s, not %s", strings.ToLower(g.Market.Hex()), strings.ToLower(w.Market.Hex()))
	}
	if got.Option != want.Option {
		return rejected("userOperation.callData trades option index %d, the request's option is index %d", got.Option, want.Option)
	}
	if g.IsBuy != w.IsBuy {
		return rejected("userOperation.callData places an order of the other side than the request")
	}
	if g.PostOnly != w.PostOnly {
		return rejected("userOperation.callData postOnly is %v, the request says %v", g.PostOnly, w.PostOnly)
	}
	if g.Expiry != w.Expiry {
		return rejected("userOperation.callData expiry is %d, the request says %d", g.Expiry, w.Expiry)
	}
	return firstMismatch(sameInt("limit price", g.LimitPrice, w.LimitPrice), sameInt("amount", got.Amount, want.Amount))
}

// matchCancel compares the orders cancelled, in order, and the method.
func matchCancel(got, want *Action) error {
	if got.Many != want.Many {
		return rejected("userOperation.callData cancels with the other method (cancel or cancelMany) than the request needs")
	}
	if len(got.OrderIDs) != len(want.OrderIDs) {
		return rejected("userOperation.callData cancels %d orders, the request %d", len(got.OrderIDs), len(want.OrderIDs))
	}
	for i := range want.OrderIDs {
		if err := sameInt("order id", got.OrderIDs[i], want.OrderIDs[i]); err != nil {
			return err
		}
	}
	return nil
}

func firstMismatch(errs ...error) error {
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

func matchCreate(g, w *CreateParams) error {
	if g == nil || w == nil {
		return rejected("userOperation.callData creates no market")
	}
	if g.BaseToken != w.BaseToken || strings.Join(g.OptionNames, "\x00") != strings.Join(w.OptionNames, "\x00") {
		return rejected("userOperation.callData creates a market with other options or base token than the request")
	}
	for _, f := range []struct {
		name      string
		got, want *big.Int
	}{
		{"endTime", g.EndTime, w.EndTime}, {"initial liquidity", g.InitialLiquidity, w.InitialLiquidity}, {"fee", g.FeeBps, w.FeeBps},
		{"challenge window", g.ChallengeWindow, w.ChallengeWindow}, {"bond", g.Bond, w.Bond},
	} {
		if err := sameInt(f.name, f.got, f.want); err != nil {
			return err
		}
	}
	return nil
}

// sameInt compares one number of the callData with the request's.
func sameInt(name string, a, b *big.Int) error {
	if (a == nil) != (b == nil) || (a != nil && a.Cmp(b) != 0) {
		return rejected("userOperation.callData %s is %v, the request says %v", name, a, b)
	}
	return nil
}

// matchApprovals allows exactly the approvals the action needs: the same
// token and spender, and at least the amount.
func matchApprovals(got, want []Approval) error {
	if len(got) != len(want) {
		return rejected("userOperation.callData makes %d approvals; this action needs %d", len(got), len(want))
	}
	for i := range want {
		if got[i].Token != want[i].Token || got[i].Spender != want[i].Spender {
			return rejected("userOperation.callData approves %s for %s; the action needs %s for %s",
				strings.ToLower(got[i].Token.Hex()), strings.ToLower(got[i].Spender.Hex()), strings.ToLower(want[i].Token.Hex()), strings.ToLower(want[i].Spender.Hex()))
		}
		if got[i].Amount.Cmp(want[i].Amount) < 0 {
			return rejected("userOperation.callData approves %s, less than the %s the action spends", got[i].Amount, want[i].Amount)
		}
	}
	return nil
}
