package wire

import (
	"fmt"
	"math/big"

	"github.com/ethereum/go-ethereum/common"

	"github.com/predict-dev/predict"
)

// A transaction request's Expect is the action its callData must
// perform as far as the request tells: aa.Match compares it with got,
// the action decoded from the callData, as the service compares got with
// the action its rules build. What a request cannot know (an option's
// index, the factory's address, the fee, which of a kind's on-chain forms
// the market needs) is taken from got. Expect fails on a request whose
// addresses are not addresses.

// expectAt is got's action with the kind k and the target the request
// names, approvals to that target only.
func expectAt(got *Action, k Kind, target common.Address) *Action {
	want := *got
	want.Kind, want.Target = k, target
	want.Approvals = make([]Approval, len(got.Approvals))
	for i, ap := range got.Approvals {
		want.Approvals[i] = Approval{Token: ap.Token, Spender: target, Amount: ap.Amount}
	}
	return &want
}

// addresses reads the request's addresses, named by their field, in
// order; the first that is not an address fails.
func addresses(fields ...string) ([]common.Address, error) {
	out := make([]common.Address, 0, len(fields)/2)
	for i := 0; i+1 < len(fields); i += 2 {
		if !common.IsHexAddress(fields[i+1]) {
			return nil, fmt.Errorf("%s %q is not an address", fields[i], fields[i+1])
		}
		out = append(out, common.HexToAddress(fields[i+1]))
	}
	return out, nil
}

// bounds sets the amount, minimum output and deadline the request says.
func bounds(want *Action, amount, minOut Amount, deadline Unix) {
	want.Amount, want.MinOut, want.Deadline = amount.Int, minOut.Int, big.NewInt(deadline.Unix())
}

// outcome is the option index of an outcome: VOID for a void request,
// otherwise got's (the request names the option by address).
func outcome(got *Action, void bool) int {
	if void {
		return predict.VoidOutcome
	}
	return got.Option
}
