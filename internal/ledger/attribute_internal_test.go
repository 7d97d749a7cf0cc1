package ledger

import (
	"fmt"
	"math/big"
	"testing"

	"github.com/predict-dev/predict"
)

// TestAttributeEscrow: the escrow's part of a transaction's effects goes
// to the owners it acts for, as the escrow orders its events and
// transfers (LimitOrders.sol): the pool's trade and the mint or burn
// before an OrderFilled are its owner's, a transfer out of or into the
// escrow after an event is that event's owner's. Base-token transfers
// get holders alike, which nothing reads (positions are of option
// tokens). A transaction without an order event is left alone.
func TestAttributeEscrow(t *testing.T) {
	const (
		escrow = "0x00000000000000000000000000000000000e5c40"
		market = "0x00000000000000000000000000000000000000aa"
		option = "0x00000000000000000000000000000000000000a1"
		base   = "0x00000000000000000000000000000000000000ba"
		alice  = "0x00000000000000000000000000000000000000a0"
		bob    = "0x00000000000000000000000000000000000000b0"
		zero   = predict.ZeroAddress
	)
	at := predict.LogRef{Address: escrow} // the escrow's events
	one := big.NewInt(1)
	tr := func(token, from, to string) *predict.TransferLog {
		return &predict.TransferLog{Token: token, From: from, To: to, Amount: one}
	}
	trade := func() *predict.TradeLog { return &predict.TradeLog{Market: market, Account: escrow} }
	placed := func(owner string) *predict.OrderPlacedLog {
		return &predict.OrderPlacedLog{LogRef: at, Owner: owner, Market: market}
	}
	filled := func(owner, counterparty string) *predict.OrderFilledLog {
		return &predict.OrderFilledLog{LogRef: at, Owner: owner, Counterparty: counterparty}
	}
	cancelled := func(owner string) *predict.OrderCancelledLog {
		return &predict.OrderCancelledLog{LogRef: at, Owner: owner}
	}
	cases := []struct {
		name    string
		effects []predict.Effect
		want    string // each transfer's holders and each trade's account, in order
	}{
		{"SellPlaced", []predict.Effect{placed(alice), tr(option, alice, escrow)}, "transfer - " + alice},
		{"BuyPlaced", []predict.Effect{placed(alice), tr(base, alice, escrow)}, "transfer - " + alice},
		{"PoolBuy", []predict.Effect{tr(base, escrow, market), tr(option, zero, escrow), trade(), filled(alice, market), tr(option, escrow, alice)},
			"transfer - - transfer - " + alice + " trade " + alice + " transfer " + alice + " -"},
		{"PoolSell", []predict.Effect{tr(option, escrow, zero), tr(base, market, escrow), trade(), filled(bob, market), tr(base, escrow, bob)},
			"transfer " + bob + " - transfer - - trade " + bob + " transfer " + bob + " -"},
		// Two fills in one transaction: each its own owner.
		{"TwoPoolBuys", []predict.Effect{tr(option, zero, escrow), trade(), filled(alice, market), tr(option, escrow, alice),
			tr(option, zero, escrow), trade(), filled(bob, market), tr(option, escrow, bob)},
			"transfer - " + alice + " trade " + alice + " transfer " + alice + " - transfer - " + bob + " trade " + bob + " transfer " + bob + " -"},
		{"CancelMany", []predict.Effect{cancelled(alice), tr(option, escrow, alice), cancelled(bob), tr(option, escrow, bob)},
			"transfer " + alice + " - transfer " + bob + " -"},
		// A match: the option tokens leave bob's (the seller's) escrow for
		// alice.
		{"Match", []predict.Effect{filled(alice, bob), filled(bob, alice), tr(option, escrow, alice), tr(base, escrow, bob)},
			"transfer " + bob + " - transfer " + bob + " -"},
		// No order event: the escrow's transfers are left as they are.
		{"NoOrderEvent", []predict.Effect{tr(option, escrow, alice), &predict.TradeLog{Market: market, Account: escrow}},
			"transfer - - trade " + escrow},
		// Another account's trade is left alone.
		{"OtherTrader", []predict.Effect{&predict.TradeLog{Market: market, Account: bob}}, "trade " + bob},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			attributeEscrow(tc.effects)
			got := ""
			or := func(s string) string {
				if s == "" {
					return "-"
				}
				return s
			}
			for _, e := range tc.effects {
				switch e := e.(type) {
				case *predict.TransferLog:
					got += fmt.Sprintf(" transfer %s %s", or(e.FromHolder), or(e.ToHolder))
				case *predict.TradeLog:
					got += " trade " + e.Account
				}
			}
			if got != " "+tc.want {
				t.Fatalf("got%s\nwant %s", got, tc.want)
			}
		})
	}
}

// TestRankOrders: the orders one operation places are numbered in log
// order, each operation from 0, so that a batch's orders get distinct
// uuids and an operation placing one keeps the uuid of its hash alone.
func TestRankOrders(t *testing.T) {
	placed := func(op string) *predict.OrderPlacedLog {
		return &predict.OrderPlacedLog{LogRef: predict.LogRef{OpHash: op}}
	}
	effects := []predict.Effect{placed("0xa"), &predict.TradeLog{}, placed("0xa"), placed("0xb"), placed(""), placed("0xa")}
	rankOrders(effects)
	for i, want := range []int{0, -1, 1, 0, 0, 2} {
		if p, ok := effects[i].(*predict.OrderPlacedLog); ok && p.Seq != want {
			t.Fatalf("effect %d: seq %d, want %d", i, p.Seq, want)
		}
	}
	if predict.LimitOrderSeed("0xa", 0) != "0xa" || predict.LimitOrderSeed("0xa", 2) != "0xa:2" {
		t.Fatalf("LimitOrderSeed: the first order's seed must be the hash alone")
	}
}
