package client

import (
	"errors"
	"testing"

	"github.com/ethereum/go-ethereum/common"

	"github.com/predict-dev/predict/internal/aa"
	"github.com/predict-dev/predict/wire"
)

// TestEnableTradingCheck: Signer.EnableTrading holds the prepared
// approvals to what the client read itself, the config's Exchange and the
// market's tokens, so a service that prepared an approval of anything else
// is refused before the key signs: another spender, a token of another
// market, one token left out, less than the most.
func TestEnableTradingCheck(t *testing.T) {
	ex, stranger := common.HexToAddress("0xe8c4"), common.HexToAddress("0xbad")
	base, yes, no := common.HexToAddress("0xba5e"), common.HexToAddress("0xe51"), common.HexToAddress("0xe50")
	good := func() *aa.Action {
		return &aa.Action{Kind: aa.KindEnableTrading, Target: base, Spender: ex, Amount: wire.MaxAllowance(), Approvals: []aa.Approval{
			{Token: yes, Spender: ex, Amount: wire.MaxAllowance()}, {Token: no, Spender: ex, Amount: wire.MaxAllowance()}}}
	}
	req := &EnableTradingRequest{MarketAddress: "0x00000000000000000000000000000000000000aa", Exchange: ex.Hex(), Tokens: []string{base.Hex(), yes.Hex(), no.Hex()}}
	tests := []struct {
		name   string
		change func(a *aa.Action)
		ok     bool
	}{
		{"OK", func(*aa.Action) {}, true},
		{"AllToAnotherSpender", func(a *aa.Action) {
			a.Spender = stranger
			for i := range a.Approvals {
				a.Approvals[i].Spender = stranger
			}
		}, false},
		{"AnotherMarketsToken", func(a *aa.Action) { a.Approvals[1].Token = stranger }, false},
		{"AnotherBaseToken", func(a *aa.Action) { a.Target = stranger }, false},
		{"OneLeftOut", func(a *aa.Action) { a.Approvals = a.Approvals[:1] }, false},
		{"Less", func(a *aa.Action) { a.Amount = wire.MaxAllowance().Rsh(wire.MaxAllowance(), 1) }, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			act := good()
			tt.change(act)
			callData, err := aa.CallData(act)
			if err != nil {
				t.Fatal(err)
			}
			err = checkCall(callData, req)
			if tt.ok != (err == nil) || (err != nil && !errors.Is(err, ErrUnexpectedCall)) {
				t.Fatalf("checkCall = %v, want ok %t", err, tt.ok)
			}
		})
	}
}
