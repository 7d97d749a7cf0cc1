package client

import (
	"encoding/json"
	"errors"
	"math/big"
	"os"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"

	"github.com/predict-dev/predict/internal/aa"
	"github.com/predict-dev/predict/wire"
)

// TestCheckCall compares callData built as the service builds it
// (internal/ops: approvals to the target, then the action) with each kind
// of request: the honest encoding passes, a changed field is refused.
func TestCheckCall(t *testing.T) {
	market, base, factory := common.HexToAddress("0x11"), common.HexToAddress("0xb1"), common.HexToAddress("0xf1")
	m := "0x0000000000000000000000000000000000000011"
	o := "0x0000000000000000000000000000000000000012"
	deadline := time.Unix(1_900_000_000, 0)
	d := big.NewInt(deadline.Unix())
	end := time.Date(2030, 1, 1, 0, 0, 0, 0, time.UTC)
	n := big.NewInt
	for _, tc := range []struct {
		name string
		req  TxRequest
		act  aa.Action
		ok   bool
	}{
		{"Sell", &PlaceOrderRequest{MarketAddress: m, OptionAddress: o, Side: SideSell, Amount: wire.NewAmount(n(7)), MinReceiveAmount: wire.NewAmount(n(2)), Deadline: wire.NewUnix(deadline)},
			aa.Action{Kind: aa.KindSell, Target: market, Option: 1, Amount: n(7), MinOut: n(2), Deadline: d,
				Approvals: []aa.Approval{{Token: common.HexToAddress(o), Spender: market, Amount: n(7)}}}, true},
		{"SellMinOutChanged", &PlaceOrderRequest{MarketAddress: m, OptionAddress: o, Side: SideSell, Amount: wire.NewAmount(n(7)), MinReceiveAmount: wire.NewAmount(n(2)), Deadline: wire.NewUnix(deadline)},
			aa.Action{Kind: aa.KindSell, Target: market, Amount: n(7), MinOut: n(1), Deadline: d}, false},
		{"AddLiquidity", &AddLiquidityRequest{MarketAddress: m, Amount: wire.NewAmount(n(9)), MinLPAmount: wire.NewAmount(n(1)), Deadline: wire.NewUnix(deadline)},
			aa.Action{Kind: aa.KindAddLiquidity, Target: market, Amount: n(9), MinOut: n(1), Deadline: d,
				Approvals: []aa.Approval{{Token: base, Spender: market, Amount: n(9)}}}, true},
		{"AddLiquidityAsRemove", &AddLiquidityRequest{MarketAddress: m, Amount: wire.NewAmount(n(9)), MinLPAmount: wire.NewAmount(n(1)), Deadline: wire.NewUnix(deadline)},
			aa.Action{Kind: aa.KindRemoveLiquidity, Target: market, Amount: n(9), MinOut: n(1), Deadline: d}, false},
		{"RemoveLiquidity", &RemoveLiquidityRequest{MarketAddress: m, LPAmount: wire.NewAmount(n(4)), MinReceiveAmount: wire.NewAmount(n(0)), Deadline: wire.NewUnix(deadline)},
			aa.Action{Kind: aa.KindRemoveLiquidity, Target: market, Amount: n(4), MinOut: n(0), Deadline: d}, true},
		{"RedeemAfterSettlement", &RemoveLiquidityRequest{MarketAddress: m, LPAmount: wire.NewAmount(n(4)), MinReceiveAmount: wire.NewAmount(n(0)), Deadline: wire.NewUnix(deadline)},
			aa.Action{Kind: aa.KindRedeemLiquidity, Target: market, Amount: n(4)}, true},
		{"RedeemMore", &RemoveLiquidityRequest{MarketAddress: m, LPAmount: wire.NewAmount(n(4)), MinReceiveAmount: wire.NewAmount(n(0)), Deadline: wire.NewUnix(deadline)},
			aa.Action{Kind: aa.KindRedeemLiquidity, Target: market, Amount: n(5)}, false},
		{"Claim", &ClaimRequest{MarketAddress: m, OptionAddress: o},
			aa.Action{Kind: aa.KindClaim, Target: market, Amount: n(123)}, true},
		{"ClaimOfAnotherMarket", &ClaimRequest{MarketAddress: m, OptionAddress: o},
			aa.Action{Kind: aa.KindClaim, Target: common.HexToAddress("0x99"), Amount: n(123)}, false},
		{"Settle", &SettleMarketRequest{MarketAddress: m, WinningOptionAddress: o},
			aa.Action{Kind: aa.KindSettleMarket, Target: market, Option: 1}, true},
		{"SettleAsClaim", &SettleMarketRequest{MarketAddress: m, WinningOptionAddress: o},
			aa.Action{Kind: aa.KindClaim, Target: market, Amount: n(1)}, false},
		{"Create", &CreateMarketRequest{Title: "t", Options: []OptionTitle{{Title: " Yes"}, {Title: "No"}}, EndTime: wire.NewTime(end),
			BaseTokenAddress: "0x00000000000000000000000000000000000000b1", InitialLiquidity: wire.NewAmount(n(100))},
			aa.Action{Kind: aa.KindCreateMarket, Target: factory, Amount: n(100),
				Create:    &aa.CreateParams{BaseToken: base, OptionNames: []string{"Yes", "No"}, EndTime: n(end.Unix()), FeeBps: n(200), InitialLiquidity: n(100)},
				Approvals: []aa.Approval{{Token: base, Spender: factory, Amount: n(100)}}}, true},
		{"CreateOtherOptions", &CreateMarketRequest{Title: "t", Options: []OptionTitle{{Title: "Yes"}, {Title: "No"}}, EndTime: wire.NewTime(end),
			BaseTokenAddress: "0x00000000000000000000000000000000000000b1", InitialLiquidity: wire.NewAmount(n(100))},
			aa.Action{Kind: aa.KindCreateMarket, Target: factory, Amount: n(100),
				Create: &aa.CreateParams{BaseToken: base, OptionNames: []string{"No", "Yes"}, EndTime: n(end.Unix()), FeeBps: n(200), InitialLiquidity: n(100)}}, false},
		{"CreateApprovalElsewhere", &CreateMarketRequest{Title: "t", Options: []OptionTitle{{Title: "Yes"}, {Title: "No"}}, EndTime: wire.NewTime(end),
			BaseTokenAddress: "0x00000000000000000000000000000000000000b1", InitialLiquidity: wire.NewAmount(n(100))},
			aa.Action{Kind: aa.KindCreateMarket, Target: factory, Amount: n(100),
				Create:    &aa.CreateParams{BaseToken: base, OptionNames: []string{"Yes", "No"}, EndTime: n(end.Unix()), FeeBps: n(200), InitialLiquidity: n(100)},
				Approvals: []aa.Approval{{Token: base, Spender: market, Amount: n(100)}}}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			callData, err := aa.CallData(&tc.act)
			if err != nil {
				t.Fatal(err)
			}
			err = checkCall(callData, tc.req)
			if tc.ok != (err == nil) || (err != nil && !errors.Is(err, ErrUnexpectedCall)) {
				t.Fatalf("checkCall = %v, want ok %t", err, tc.ok)
			}
		})
	}
}

// TestBackoff: 1 s doubling to a 30 s cap, reset to 1 s; jitter only
// shortens a delay, by at most its fraction.
func TestBackoff(t *testing.T) {
	s := time.Second
	for _, tc := range []struct {
		name   string
		jitter float64
		rand   float64
		resets map[int]bool // reset before the i-th delay
		want   []time.Duration
	}{
		{"Doubling", 0, 0, nil, []time.Duration{s, 2 * s, 4 * s, 8 * s, 16 * s, 30 * s, 30 * s}},
		{"Reset", 0, 0, map[int]bool{3: true}, []time.Duration{s, 2 * s, 4 * s, s, 2 * s}},
		{"JitterAtMost", 0.1, 1, nil, []time.Duration{900 * time.Millisecond, 1800 * time.Millisecond, 3600 * time.Millisecond}},
		{"JitterNone", 0.1, 0, nil, []time.Duration{s, 2 * s, 4 * s}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b := &backoff{initial: DefaultInitialBackoff, max: DefaultMaxBackoff, jitter: tc.jitter, rand: func() float64 { return tc.rand }}
			b.reset()
			for i, want := range tc.want {
				if tc.resets[i] {
					b.reset()
				}
				if got := b.next(); got != want {
					t.Fatalf("delay %d = %s, want %s", i, got, want)
				}
			}
		})
	}
}

// TestCallDataVectors runs checkCall on the callData test vectors the
// service's tests write (kind/testdata/calldata.json) and the web app's
// checker runs too: the client refuses what the service refuses.
func TestCallDataVectors(t *testing.T) {
	raw, err := os.ReadFile("../kind/testdata/calldata.json")
	if err != nil {
		t.Fatal(err)
	}
	var vectors []struct {
		Name     string          `json:"name"`
		Action   string          `json:"action"`
		Request  json.RawMessage `json:"request"`
		CallData string          `json:"callData"`
		OK       bool            `json:"ok"`
	}
	if err := json.Unmarshal(raw, &vectors); err != nil {
		t.Fatal(err)
	}
	if len(vectors) == 0 {
		t.Fatal("no vectors")
	}
	for _, v := range vectors {
		t.Run(v.Name, func(t *testing.T) {
			req, ok := wire.NewRequest(v.Action)
			if !ok {
				t.Fatalf("no request of %s", v.Action)
			}
			if err := json.Unmarshal(v.Request, req); err != nil {
				t.Fatal(err)
			}
			err := checkCall(common.FromHex(v.CallData), req)
			if v.OK != (err == nil) || (err != nil && !errors.Is(err, ErrUnexpectedCall)) {
				t.Fatalf("checkCall = %v, want ok %t", err, v.OK)
			}
		})
	}
}
