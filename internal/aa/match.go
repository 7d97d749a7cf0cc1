package aa

import (
	"math/big"
	"slices"
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

// matchFields compares the fields the kind's calls carry
// (kind.Call.Args), each once, after the flags that choose among them:
// any of the kind's calls, since got and want may have chosen two.
func matchFields(got, want *Action) error {
	k, ok := kind.Of(string(want.Kind))
	if !ok {
		return rejected("unknown action %q", want.Kind)
	}
	var flags []string
	var args []kind.Arg
	for i := range k.Calls {
		c := &k.Calls[i]
		if f, ok := fields[c.When]; ok && f.flag && !slices.Contains(flags, c.When) {
			flags = append(flags, c.When)
		}
		for _, st := range c.Steps() {
			args = append(args, st.Args...)
		}
	}
	for _, name := range flags {
		if err := fields[name].same(got, want, kind.Arg{}, ""); err != nil {
			return err
		}
	}
	seen := map[string]bool{}
	for _, a := range args {
		f := fields[a.Field]
		if a.Chosen || seen[f.key] {
			continue
		}
		seen[f.key] = true
		if g, ok := groups[f.group]; ok && (!g.present(got) || !g.present(want)) {
			return rejected("userOperation.callData %s", g.missing)
		}
		name := f.name
		if a.Name != "" {
			name = a.Name
		}
		if err := f.same(got, want, a, name); err != nil {
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
