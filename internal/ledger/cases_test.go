package ledger_test

import (
	"fmt"
	"maps"
	"math/big"
	"slices"
	"testing"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/event"
	"github.com/predict-dev/predict/internal/accounting"
	"github.com/predict-dev/predict/internal/events"
	"github.com/predict-dev/predict/internal/ledger"
)

func n(x int64) *big.Int { return big.NewInt(x) }

// The limit orders of the cases expire far ahead; their placement's
// operation gives them their uuid.
const (
	limitExpiry = 1_900_000_000
	limitOp     = "0x00000000000000000000000000000000000000000000000000000000000000a1"
)

// figures are the numbers a case checks, by name.
func figures(b *book) map[string]string {
	f := map[string]string{}
	if m := b.markets[market]; m != nil {
		f["market.status"], f["market.volume"], f["market.liquidity"] = string(m.Status), m.Volume.String(), m.Liquidity.String()
		f["market.lpSupply"], f["market.fees"], f["market.claimed"] = m.LPSupply.String(), m.Fees.String(), m.Claimed.String()
		f["market.trades"], f["market.participants"] = fmt.Sprint(m.TradeCount), fmt.Sprint(m.Participants)
		f["market.prices"], f["market.pool"], f["market.supply"] = fmt.Sprint(m.Prices), fmt.Sprint(m.Balances), fmt.Sprint(m.Supply)
		f["market.winner"], f["market.void"], f["market.source"] = fmt.Sprint(m.Winner), fmt.Sprint(m.Void), m.Source
	}
	for _, a := range []struct{ name, addr string }{{"alice", alice}, {"bob", bob}, {"creator", creator}, {"treasury", treasury}} {
		for _, o := range []struct{ name, addr string }{{"yes", yes}, {"no", no}} {
			if p := b.positions[posKey{a.addr, o.addr}]; p != nil {
				f[a.name+"."+o.name] = fmt.Sprintf("%s cost %s realized %s", p.Amount, p.Cost, p.Realized)
			}
		}
		if p := b.lps[posKey{a.addr, market}]; p != nil {
			f[a.name+".lp"] = fmt.Sprintf("%s in %s out %s fees %s returned %s", p.Amount, p.Deposited, p.Withdrawn, p.Fees, p.Returned)
		}
		if x := b.balances[posKey{a.addr, base}]; x != nil {
			f[a.name+".base"] = x.Amount.String()
		}
	}
	if x := b.balances[posKey{escrow, base}]; x != nil {
		f["escrow.base"] = x.Amount.String()
	}
	if x := b.balances[posKey{escrow, yes}]; x != nil {
		f["escrow.yes"] = x.Amount.String()
	}
	if p := b.positions[posKey{escrow, yes}]; p != nil {
		f["escrow.position"] = p.Amount.String()
	}
	for id, o := range b.orders {
		f[fmt.Sprint("order.", id)] = fmt.Sprintf("%s remaining %s filled %s received %s", o.Status, o.Remaining, o.Filled, o.Received)
	}
	f["fills"] = fmt.Sprint(len(b.fills))
	return f
}

// with returns a copy of figures with changed set over it.
func with(figures, changed map[string]string) map[string]string {
	out := maps.Clone(figures)
	maps.Copy(out, changed)
	return out
}

// eventNames renders events compactly: name, then uid or option.
func eventNames(evs []events.Event) []string {
	var out []string
	for _, e := range evs {
		s := e.Name
		if e.UID != "" {
			s += " " + e.UID
		}
		if o := e.Data[event.KeyOption]; o != "" {
			s += " " + o[len(o)-2:]
		}
		if bt := e.Data[event.KeyBaseToken]; bt != "" {
			s += " base"
		}
		if id := e.Data[event.KeyOrderID]; id != "" {
			s += " #" + id + " " + e.Data[event.KeyStatus]
		}
		out = append(out, s)
	}
	return out
}

// The figures follow from the rules of docs/portfolio.md, e.g. the
// partial sell: the buy of 100 USDC gave 187253187 tokens at a cost of
// 100000000; selling 90000000 of them takes floor(100000000·90000000 /
// 187253187) = 48063267 of the cost out, leaving 51936733, and realizes
// the proceeds 47227994 minus it, -835273. The claim realizes the last
// tokens at one base unit each, the rest of the cost with them.

// TestLedger applies each kind of effect after a setup, checks the exact
// figures it leaves (the market of internal/chainsim: 1000 USDC of
// liquidity, 2% fee), the events and notifications, then reverts the
// step's block (a reorg) and checks the state is what it was before, and
// applies the step again on the new branch to the same figures.
func TestLedger(t *testing.T) {
	settleOp := "0x" + fmt.Sprintf("%064x", 7)
	// The trade cases start from alice's buy of yes; most others from
	// alice on yes and bob on no.
	aliceBuys := func(c *sim) { c.buy(alice, 0, n(100_000000), "") }
	bothSides := func(c *sim) { aliceBuys(c); c.buy(bob, 1, n(50_000000), "") }
	// afterBuy are the figures aliceBuys leaves.
	afterBuy := map[string]string{
		"alice.base":          "400000000",
		"alice.yes":           "187253187 cost 100000000 realized 0",
		"bob.base":            "500000000",
		"creator.base":        "-1000000000",
		"creator.lp":          "1000000000 in 1000000000 out 0 fees 0 returned 0",
		"market.claimed":      "0",
		"market.fees":         "2000000",
		"market.liquidity":    "995645637",
		"market.lpSupply":     "1000000000",
		"market.participants": "1",
		"market.pool":         "[910746813 1098000000]",
		"market.prices":       "[546609454658037085 453390545341962915]",
		"market.status":       "running",
		"market.supply":       "[187253187 0]",
		"market.trades":       "1",
		"market.volume":       "100000000",
		"market.winner":       "-1",
	}
	asserted := func(outcome int) func(c *sim) {
		return func(c *sim) { bothSides(c); c.assert(outcome, bob, "") }
	}
	voided := func(c *sim) { bothSides(c); c.end(predict.VoidOutcome, bob, "") }
	cases := []struct {
		name   string
		setup  func(c *sim)
		step   func(c *sim)
		want   map[string]string
		events []string
		notes  []string // notifications the step wrote
	}{
		{name: "buy", step: aliceBuys, want: afterBuy,
			events: []string{"user:asset_changed u-alice base", "market:new_trades a1", "market:price_change a1", "market:price_change a2",
				"user:position_changed u-alice a1"},
			notes: nil,
		},
		{name: "partial sell", setup: aliceBuys,
			step: func(c *sim) { c.sell(alice, 0, n(90_000000)) },
			want: map[string]string{
				"alice.base":          "447227994",
				"alice.yes":           "97253187 cost 51936733 realized -835273",
				"bob.base":            "500000000",
				"creator.base":        "-1000000000",
				"creator.lp":          "1000000000 in 1000000000 out 0 fees 0 returned 0",
				"market.claimed":      "0",
				"market.fees":         "2963837",
				"market.liquidity":    "998819820",
				"market.lpSupply":     "1000000000",
				"market.participants": "1",
				"market.pool":         "[952554982 1049808169]",
				"market.prices":       "[524284602658471515 475715397341528485]",
				"market.status":       "running",
				"market.supply":       "[97253187 0]",
				"market.trades":       "2",
				"market.volume":       "147227994",
				"market.winner":       "-1",
			},
			events: []string{"user:asset_changed u-alice base", "market:new_trades a1", "market:price_change a1", "market:price_change a2",
				"user:position_changed u-alice a1"},
			notes: nil,
		},
		{name: "sell all", setup: aliceBuys,
			step: func(c *sim) { c.sell(alice, 0, n(187_253187)) },
			want: map[string]string{
				"alice.base":          "496039999",
				"alice.yes":           "0 cost 0 realized -3960001",
				"bob.base":            "500000000",
				"creator.base":        "-1000000000",
				"creator.lp":          "1000000000 in 1000000000 out 0 fees 0 returned 0",
				"market.claimed":      "0",
				"market.fees":         "3960000",
				"market.liquidity":    "1000000001",
				"market.lpSupply":     "1000000000",
				"market.participants": "1",
				"market.pool":         "[1000000001 1000000001]",
				"market.prices":       "[500000000000000000 500000000000000000]",
				"market.status":       "running",
				"market.supply":       "[0 0]",
				"market.trades":       "2",
				"market.volume":       "196039999",
				"market.winner":       "-1",
			},
			events: []string{"user:asset_changed u-alice base", "market:new_trades a1", "market:price_change a1", "market:price_change a2",
				"user:position_changed u-alice a1"},
			notes: nil,
		},
		{name: "add liquidity", setup: aliceBuys,
			step: func(c *sim) { c.addLiquidity(bob, n(200_000000)) },
			want: map[string]string{
				"alice.base":          "400000000",
				"alice.yes":           "187253187 cost 100000000 realized 0",
				"bob.base":            "300000000",
				"bob.lp":              "182149362 in 200000000 out 0 fees 0 returned 18643781",
				"bob.yes":             "34108048 cost 18643781 realized 0",
				"creator.base":        "-1000000000",
				"creator.lp":          "1000000000 in 1000000000 out 0 fees 0 returned 0",
				"market.claimed":      "0",
				"market.fees":         "2000000",
				"market.liquidity":    "1177001856",
				"market.lpSupply":     "1182149362",
				"market.participants": "1",
				"market.pool":         "[1076638765 1298000000]",
				"market.prices":       "[546609454512126605 453390545487873395]",
				"market.status":       "running",
				"market.supply":       "[221361235 0]",
				"market.trades":       "1",
				"market.volume":       "100000000",
				"market.winner":       "-1",
			},
			events: []string{"user:asset_changed u-bob base", "market:info_update", "market:price_change a1", "market:price_change a2"},
			notes:  nil,
		},
		{name: "remove liquidity", setup: func(c *sim) { c.buy(alice, 0, n(100_000000), ""); c.addLiquidity(bob, n(200_000000)) },
			step: func(c *sim) { c.removeLiquidity(bob, n(100_000000)); c.fees(bob, n(1_000000)) },
			want: map[string]string{
				"alice.base":          "400000000",
				"alice.yes":           "187253187 cost 100000000 realized 0",
				"bob.base":            "392074681",
				"bob.lp":              "82149362 in 200000000 out 91074681 fees 1000000 returned 27133663",
				"bob.no":              "18725319 cost 8489882 realized 0",
				"bob.yes":             "34108048 cost 18643781 realized 0",
				"creator.base":        "-1000000000",
				"creator.lp":          "1000000000 in 1000000000 out 0 fees 0 returned 0",
				"market.claimed":      "0",
				"market.fees":         "1000000",
				"market.liquidity":    "1077437292",
				"market.lpSupply":     "1082149362",
				"market.participants": "1",
				"market.pool":         "[985564084 1188200000]",
				"market.prices":       "[546609454423205936 453390545576794064]",
				"market.status":       "running",
				"market.supply":       "[221361235 18725319]",
				"market.trades":       "1",
				"market.volume":       "100000000",
				"market.winner":       "-1",
			},
			events: []string{"user:asset_changed u-bob base", "market:info_update", "market:price_change a1", "market:price_change a2"},
			notes:  nil,
		},
		{name: "transfer", setup: aliceBuys,
			step: func(c *sim) { c.transfer(yes, alice, bob, n(60_000000)) },
			// Only the positions move; the pool and the market do not.
			want: with(afterBuy, map[string]string{
				"alice.yes": "127253187 cost 67957822 realized 0",
				"bob.yes":   "60000000 cost 32042178 realized 0",
			}),
			events: nil,
			notes:  nil,
		},
		{name: "settle", setup: bothSides,
			step: func(c *sim) {
				c.settle(0, bob, settleOp)
				c.add(&predict.OpLog{LogRef: c.ref(settleOp), Sender: bob, Success: true})
			},
			want: map[string]string{
				"alice.base":          "400000000",
				"alice.yes":           "187253187 cost 100000000 realized 0",
				"bob.base":            "450000000",
				"bob.no":              "105058534 cost 50000000 realized 0",
				"creator.base":        "-1000000000",
				"creator.lp":          "1000000000 in 1000000000 out 0 fees 0 returned 0",
				"market.claimed":      "0",
				"market.fees":         "3000000",
				"market.liquidity":    "959746813",
				"market.lpSupply":     "1000000000",
				"market.participants": "2",
				"market.pool":         "[959746813 1041941466]",
				"market.prices":       "[1000000000000000000 0]",
				"market.status":       "ended",
				"market.supply":       "[187253187 105058534]",
				"market.trades":       "2",
				"market.volume":       "150000000",
				"market.winner":       "0",
			},
			events: []string{"market:info_update a1", "user:operation_status u-bob", "user:new_notification u-bob", "user:new_notification u-alice"},
			notes:  []string{"u-bob operation", "u-alice market_settled", "u-bob market_settled"},
		},
		{name: "claim", setup: func(c *sim) { c.buy(alice, 0, n(100_000000), ""); c.settle(0, bob, "") },
			step: func(c *sim) { c.claim(alice, 0, n(187_253187)) },
			want: map[string]string{
				"alice.base":          "587253187",
				"alice.yes":           "0 cost 0 realized 87253187",
				"bob.base":            "500000000",
				"creator.base":        "-1000000000",
				"creator.lp":          "1000000000 in 1000000000 out 0 fees 0 returned 0",
				"market.claimed":      "187253187",
				"market.fees":         "2000000",
				"market.liquidity":    "910746813",
				"market.lpSupply":     "1000000000",
				"market.participants": "1",
				"market.pool":         "[910746813 1098000000]",
				"market.prices":       "[1000000000000000000 0]",
				"market.status":       "ended",
				"market.supply":       "[0 0]",
				"market.trades":       "1",
				"market.volume":       "100000000",
				"market.winner":       "0",
			},
			events: []string{"user:asset_changed u-alice base", "user:new_notification u-alice"},
			notes:  []string{"u-alice payout"},
		},
		{name: "LP redemption", setup: func(c *sim) { c.buy(alice, 0, n(100_000000), ""); c.settle(0, bob, "") },
			step: func(c *sim) { c.redeem(creator, 0, n(1000_000000)) },
			want: map[string]string{
				"alice.base":          "400000000",
				"alice.yes":           "187253187 cost 100000000 realized 0",
				"bob.base":            "500000000",
				"creator.base":        "-89253187",
				"creator.lp":          "0 in 1000000000 out 910746813 fees 0 returned 0",
				"market.claimed":      "0",
				"market.fees":         "2000000",
				"market.liquidity":    "0",
				"market.lpSupply":     "0",
				"market.participants": "1",
				"market.pool":         "[0 0]",
				"market.prices":       "[1000000000000000000 0]",
				"market.status":       "ended",
				"market.supply":       "[187253187 0]",
				"market.trades":       "1",
				"market.volume":       "100000000",
				"market.winner":       "0",
			},
			events: []string{"market:info_update"},
			notes:  []string{},
		},
		// The resolution with a challenge window (docs/contracts.md): the
		// pool after the two buys is [959746813 1041941466]; bonds are 10
		// USDC, the dispute fee 5% of the losing bond (500000).
		{name: "assert", setup: bothSides,
			step: func(c *sim) {
				c.assert(0, bob, settleOp)
				c.add(&predict.OpLog{LogRef: c.ref(settleOp), Sender: bob, Success: true})
			},
			want: map[string]string{
				"alice.base":     "400000000",
				"bob.base":       "440000000",
				"market.status":  "settling",
				"market.pool":    "[959746813 1041941466]",
				"market.prices":  "[520531331941720382 479468668058279618]",
				"market.winner":  "-1",
				"market.void":    "false",
				"market.source":  "src",
				"market.claimed": "0",
			},
			events: []string{"user:asset_changed u-bob base", "market:info_update a1", "user:operation_status u-bob", "user:new_notification u-bob", "user:new_notification u-alice"},
			notes:  []string{"u-bob operation", "u-alice market_asserted", "u-bob market_asserted"},
		},
		{name: "dispute", setup: asserted(0),
			step: func(c *sim) { c.dispute(alice) },
			want: map[string]string{
				"alice.base":    "390000000",
				"bob.base":      "440000000",
				"market.status": "disputed",
				"market.winner": "-1",
				"market.void":   "false",
			},
			events: []string{"user:asset_changed u-alice base", "market:info_update", "user:new_notification u-alice", "user:new_notification u-bob"},
			notes:  []string{"u-alice market_disputed", "u-bob market_disputed"},
		},
		{name: "arbitration overturns the assertion", setup: func(c *sim) { asserted(0)(c); c.dispute(alice) },
			step: func(c *sim) { c.arbitrate(1, alice) },
			want: map[string]string{
				"alice.base":       "409500000",
				"bob.base":         "440000000",
				"treasury.base":    "500000",
				"market.status":    "ended",
				"market.winner":    "1",
				"market.void":      "false",
				"market.prices":    "[0 1000000000000000000]",
				"market.liquidity": "1041941466",
				"market.source":    "src",
			},
			events: []string{"market:info_update a2", "user:asset_changed u-alice base", "user:new_notification u-alice", "user:new_notification u-bob"},
			notes:  []string{"u-alice bond_moved", "u-bob bond_moved", "u-alice market_settled", "u-bob market_settled"},
		},
		{name: "finalize", setup: asserted(0),
			step: func(c *sim) { c.finalize(0, bob, "") },
			want: map[string]string{
				"alice.base":       "400000000",
				"bob.base":         "450000000",
				"market.status":    "ended",
				"market.winner":    "0",
				"market.prices":    "[1000000000000000000 0]",
				"market.liquidity": "959746813",
				"market.source":    "src",
			},
			events: []string{"market:info_update a1", "user:asset_changed u-bob base", "user:new_notification u-bob", "user:new_notification u-alice"},
			notes:  []string{"u-bob bond_moved", "u-alice market_settled", "u-bob market_settled"},
		},
		{name: "void", setup: asserted(predict.VoidOutcome),
			step: func(c *sim) { c.finalize(predict.VoidOutcome, bob, "") },
			want: map[string]string{
				"bob.base":         "450000000",
				"market.status":    "ended",
				"market.winner":    "-1",
				"market.void":      "true",
				"market.prices":    "[500000000000000000 500000000000000000]",
				"market.liquidity": "1000844139",
				"market.claimed":   "0",
			},
			events: []string{"market:info_update", "user:asset_changed u-bob base", "user:new_notification u-bob", "user:new_notification u-alice"},
			notes:  []string{"u-bob bond_moved", "u-alice market_settled", "u-bob market_settled"},
		},
		// A dispute no arbitrator decided in 30 days: both bonds back, the
		// market void.
		{name: "dispute expired", setup: func(c *sim) { asserted(0)(c); c.dispute(alice) },
			step: func(c *sim) { c.ExpireDispute(bob, alice, "") },
			want: map[string]string{
				"alice.base":    "400000000",
				"bob.base":      "450000000",
				"market.status": "ended",
				"market.winner": "-1",
				"market.void":   "true",
				"market.prices": "[500000000000000000 500000000000000000]",
			},
			events: []string{"market:info_update", "user:asset_changed u-bob base", "user:asset_changed u-alice base",
				"user:new_notification u-alice", "user:new_notification u-bob"},
			// The disputer's bond back, the asserter's, then the void end.
			notes: []string{"u-alice bond_moved", "u-bob bond_moved", "u-alice bond_moved", "u-bob bond_moved",
				"u-alice market_settled", "u-bob market_settled"},
		},
		{name: "void claim", setup: voided,
			step: func(c *sim) { c.voidClaim(alice, n(187_253187), n(0)) },
			want: map[string]string{
				"alice.base":     "493626593",
				"alice.yes":      "0 cost 0 realized -6373407",
				"bob.no":         "105058534 cost 50000000 realized 0",
				"market.claimed": "93626593",
				"market.supply":  "[0 105058534]",
				"market.status":  "ended",
				"market.void":    "true",
			},
			events: []string{"user:asset_changed u-alice base", "user:new_notification u-alice"},
			notes:  []string{"u-alice payout"},
		},
		// alice's 40452728 no tokens cost 20000000: the claim's 113626594
		// is shared 93626593 (yes) and 20000001 (no, the rest).
		{name: "void claim of both options", setup: func(c *sim) { bothSides(c); c.buy(alice, 1, n(20_000000), ""); c.end(predict.VoidOutcome, bob, "") },
			step: func(c *sim) { c.voidClaim(alice, n(187_253187), n(40_000001)) },
			want: map[string]string{
				"alice.base":     "493626594",
				"alice.yes":      "0 cost 0 realized -6373407",
				"alice.no":       "452727 cost 223831 realized 223832",
				"market.claimed": "113626594",
			},
			events: []string{"user:asset_changed u-alice base", "user:new_notification u-alice"},
			notes:  []string{"u-alice payout"},
		},
		{name: "void LP redemption", setup: voided,
			step: func(c *sim) { c.redeemVoid(creator, n(1000_000000)) },
			want: map[string]string{
				"creator.base":     "844139",
				"creator.lp":       "0 in 1000000000 out 1000844139 fees 0 returned 0",
				"market.pool":      "[0 0]",
				"market.liquidity": "0",
				"market.lpSupply":  "0",
				"market.prices":    "[500000000000000000 500000000000000000]",
			},
			events: []string{"market:info_update"},
			notes:  []string{},
		},
		// Limit orders: the escrow holds the order's funds; a fill from
		// the pool is the owner's trade (the same figures as the plain
		// buy and the partial sell above), the escrow holding nothing of
		// it; a cancellation refunds the rest.
		{name: "limit buy placed", step: func(c *sim) { c.PlaceOrder(alice, 0, true, n(45e16), n(100_000000), limitExpiry, limitOp) },
			want: map[string]string{
				"alice.base":  "400000000",
				"escrow.base": "100000000",
				"order.1":     "open remaining 100000000 filled 0 received 0",
				"fills":       "0",
				"market.pool": "[1000000000 1000000000]",
			},
			events: []string{"market:book_change a1", "user:order_changed u-alice a1 #1 open", "user:asset_changed u-alice base"},
		},
		{name: "limit buy filled from the pool", setup: func(c *sim) { c.PlaceOrder(alice, 0, true, n(60e16), n(100_000000), limitExpiry, limitOp) },
			step: func(c *sim) { c.FillFromPool(1, n(100_000000)) },
			want: map[string]string{
				"alice.base":          "400000000",
				"alice.yes":           "187253187 cost 100000000 realized 0",
				"escrow.base":         "0",
				"escrow.yes":          "0",
				"market.participants": "1",
				"market.pool":         "[910746813 1098000000]",
				"market.supply":       "[187253187 0]",
				"market.trades":       "1",
				"order.1":             "filled remaining 0 filled 100000000 received 187253187",
				"fills":               "1",
			},
			events: []string{"market:new_trades a1", "market:price_change a1", "market:price_change a2", "user:position_changed u-alice a1",
				"market:book_change a1", "user:order_changed u-alice a1 #1 filled"},
		},
		{name: "limit sell partly filled from the pool", setup: func(c *sim) {
			c.buy(alice, 0, n(100_000000), "")
			c.PlaceOrder(alice, 0, false, n(40e16), n(120_000000), limitExpiry, limitOp)
		},
			step: func(c *sim) { c.FillFromPool(1, n(90_000000)) },
			want: map[string]string{
				"alice.base":    "447227994",
				"alice.yes":     "97253187 cost 51936733 realized -835273",
				"escrow.yes":    "30000000",
				"market.pool":   "[952554982 1049808169]",
				"market.supply": "[97253187 0]",
				"order.1":       "partially_filled remaining 30000000 filled 90000000 received 47227994",
				"fills":         "1",
			},
			events: []string{"market:new_trades a1", "market:price_change a1", "market:price_change a2",
				"user:position_changed u-alice a1", "market:book_change a1", "user:order_changed u-alice a1 #1 partially_filled",
				"user:asset_changed u-alice base"},
		},
		{name: "limit orders matched", setup: func(c *sim) {
			c.buy(alice, 0, n(100_000000), "")
			c.PlaceOrder(alice, 0, false, n(40e16), n(120_000000), limitExpiry, limitOp)
			c.PlaceOrder(bob, 0, true, n(50e16), n(30_000000), limitExpiry, "")
		},
			// 60 Yes at alice's resting 0.4: a sale for alice (the basis of
			// 60 of her 187 Yes leaves, 24 USDC comes in), a purchase for bob.
			step: func(c *sim) { c.MatchOrders(2, 1, n(60_000000), n(24_000000)) },
			want: map[string]string{
				"alice.yes":   "127253187 cost 67957822 realized -8042178",
				"bob.yes":     "60000000 cost 24000000 realized 0",
				"escrow.yes":  "60000000",
				"escrow.base": "6000000",
				"order.1":     "partially_filled remaining 60000000 filled 60000000 received 24000000",
				"order.2":     "partially_filled remaining 6000000 filled 24000000 received 60000000",
				"fills":       "2",
			},
			events: []string{"market:book_change a1", "user:position_changed u-bob a1", "user:order_changed u-bob a1 #2 partially_filled",
				"user:position_changed u-alice a1", "user:order_changed u-alice a1 #1 partially_filled", "user:asset_changed u-alice base"},
		},
		// Complete sets: outside the pool, at 1 a set shared equally
		// among the options (the first takes the odd unit).
		{name: "sets minted", step: func(c *sim) { c.MintSets(alice, n(10_000001)) },
			want: map[string]string{
				"alice.base":    "489999999",
				"alice.yes":     "10000001 cost 5000001 realized 0",
				"alice.no":      "10000001 cost 5000000 realized 0",
				"market.pool":   "[1000000000 1000000000]",
				"market.supply": "[10000001 10000001]",
			},
			events: []string{"user:asset_changed u-alice base", "user:position_changed u-alice a1", "user:position_changed u-alice a2"},
		},
		{name: "sets merged", setup: func(c *sim) { c.MintSets(alice, n(20_000000)) },
			step: func(c *sim) { c.MergeSets(alice, n(20_000000)) },
			want: map[string]string{
				"alice.base":    "500000000",
				"alice.yes":     "0 cost 0 realized 0",
				"alice.no":      "0 cost 0 realized 0",
				"market.supply": "[0 0]",
			},
			events: []string{"user:asset_changed u-alice base", "user:position_changed u-alice a1", "user:position_changed u-alice a2"},
		},
		// A merge sells one of each at 1/N: a Yes bought dearer than 0.5
		// realizes a loss, the cheap No from the sets none.
		{name: "sets merged after a buy", setup: func(c *sim) {
			c.buy(alice, 0, n(100_000000), "")
			c.MintSets(alice, n(50_000000))
		},
			step: func(c *sim) { c.MergeSets(alice, n(50_000000)) },
			want: map[string]string{
				"alice.yes":     "187253187 cost 98656835 realized -1343165",
				"alice.no":      "0 cost 0 realized 0",
				"market.supply": "[187253187 0]",
			},
			events: []string{"user:asset_changed u-alice base", "user:position_changed u-alice a1", "user:position_changed u-alice a2"},
		},
		{name: "limit sell cancelled", setup: func(c *sim) {
			c.buy(alice, 0, n(100_000000), "")
			c.PlaceOrder(alice, 0, false, n(40e16), n(120_000000), limitExpiry, limitOp)
		},
			step: func(c *sim) { c.CancelOrder(1, "") },
			want: map[string]string{
				"alice.yes":  "187253187 cost 100000000 realized 0",
				"escrow.yes": "0",
				"order.1":    "cancelled remaining 0 filled 0 received 0",
			},
			events: []string{"market:book_change a1", "user:order_changed u-alice a1 #1 cancelled"},
		},
		// Every order's change is its own event, however many move in a
		// batch: two cancelled and two placed.
		{name: "orders cancelled and placed in one batch", setup: func(c *sim) {
			c.PlaceOrder(alice, 0, true, n(30e16), n(10_000000), limitExpiry, "")
			c.PlaceOrder(alice, 0, true, n(31e16), n(10_000000), limitExpiry, "")
		},
			step: func(c *sim) {
				c.CancelOrder(1, "")
				c.CancelOrder(2, "")
				c.PlaceOrder(alice, 0, true, n(32e16), n(10_000000), limitExpiry, "")
				c.PlaceOrder(alice, 0, true, n(33e16), n(10_000000), limitExpiry, "")
			},
			want: map[string]string{
				"order.1": "cancelled remaining 0 filled 0 received 0",
				"order.2": "cancelled remaining 0 filled 0 received 0",
				"order.3": "open remaining 10000000 filled 0 received 0",
				"order.4": "open remaining 10000000 filled 0 received 0",
			},
			events: []string{"market:book_change a1", "user:order_changed u-alice a1 #1 cancelled", "user:asset_changed u-alice base",
				"user:order_changed u-alice a1 #2 cancelled", "user:order_changed u-alice a1 #3 open", "user:order_changed u-alice a1 #4 open"},
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			b := newBook(t)
			c := newSim(t)
			c.create(n(1000_000000))
			c.mint(alice, n(500_000000))
			c.mint(bob, n(500_000000))
			b.apply(c.batch()...)
			if tc.setup != nil {
				c.next()
				tc.setup(c)
				b.apply(c.batch()...)
			}
			before, beforeBlock := b.state(), c.BlockNumber()
			saved, savedSupply := cps(c.Balances), cp(c.LPSupply)
			b.ops[settleOp] = &accounting.Operation{Status: predict.OpSubmitted, Kind: predict.KindSettleMarket, Market: market, UID: "u-bob"}
			notes := len(b.notes)

			c.next()
			tc.step(c)
			res := b.apply(c.batch()...)
			got := figures(b)
			for k, v := range tc.want {
				if got[k] != v {
					t.Errorf("%s = %q, want %q", k, got[k], v)
				}
			}
			if g := eventNames(res.Events); !slices.Equal(g, tc.events) {
				t.Errorf("events %q, want %q", g, tc.events)
			}
			if g := b.notes[notes:]; !slices.Equal(g, tc.notes) {
				t.Errorf("notifications %q, want %q", g, tc.notes)
			}
			after := b.state()

			// A reorg orphans the step's block.
			b.revert(beforeBlock)
			if g := b.state(); g != before {
				t.Fatalf("after the reorg:\n%s--- want the state before the step:\n%s", g, before)
			}
			// The same step on the new branch.
			b.ops[settleOp].Status = predict.OpSubmitted
			c.Rewind(beforeBlock, saved)
			c.LPSupply = savedSupply
			c.next()
			tc.step(c)
			b.apply(c.batch()...)
			if g := b.state(); g != after {
				t.Fatalf("the step again on another branch:\n%s--- want:\n%s", g, after)
			}
		})
	}
}

// TestLedgerSkips: effects that do not concern the service are not
// applied and record nothing; an operation already final is applied
// without a second outcome.
func TestLedgerSkips(t *testing.T) {
	final := "0x" + fmt.Sprintf("%064x", 8)
	stranger := "0x00000000000000000000000000000000000000ee"
	ref := predict.LogRef{Block: 9, BlockHash: "0x09", TxHash: "0xt9"}
	cases := []struct {
		name    string
		e       predict.Effect
		applied bool
	}{
		{"unknown operation", &predict.OpLog{LogRef: predict.LogRef{OpHash: "0x" + fmt.Sprintf("%064x", 9)}, Success: true}, false},
		{"final operation", &predict.OpLog{LogRef: predict.LogRef{OpHash: final}, Success: false, Reason: "late"}, true},
		{"trade on an unknown market", &predict.TradeLog{LogRef: ref, Market: stranger, Account: alice, Side: predict.SideBuy,
			BaseAmount: n(1), TokenAmount: n(1), Fee: n(0), Balances: []*big.Int{n(1), n(1)}}, false},
		{"claim on an unknown market", &predict.ClaimLog{LogRef: ref, Market: stranger, Account: alice, Amount: n(1)}, false},
		{"transfer between strangers of a public token", &predict.TransferLog{LogRef: ref, Token: base, From: stranger,
			To: "0x00000000000000000000000000000000000000ef", Amount: n(5), KnownOnly: true}, false},
		{"transfer of a public token to a user", &predict.TransferLog{LogRef: ref, Token: base, From: stranger, To: alice,
			Amount: n(5), KnownOnly: true}, true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			b := newBook(t)
			b.ops[final] = &accounting.Operation{Status: predict.OpConfirmed, Kind: "buy", UID: "u-alice"}
			l := ledger.New(b)
			applied, err := l.Apply(tc.e)
			if err != nil || applied != tc.applied {
				t.Fatalf("applied %v, %v; want %v", applied, err, tc.applied)
			}
			res, err := l.Result(b.commit(l))
			if err != nil {
				t.Fatal(err)
			}
			want := 0
			if applied {
				want = 1
			}
			// Only the transfer to a user is a fact, moves a balance, and
			// tells the user their assets changed.
			tr, isTransfer := tc.e.(*predict.TransferLog)
			var wantEvents []string
			if applied && isTransfer {
				wantEvents = []string{"user:asset_changed u-alice base"}
			}
			if len(res.Applied) != want || len(b.notes) != 0 || !slices.Equal(eventNames(res.Events), wantEvents) {
				t.Fatalf("applied %d, notes %v, events %v", len(res.Applied), b.notes, res.Events)
			}
			if wantFacts := map[bool]int{true: 1, false: 0}[applied && isTransfer]; len(b.facts)+len(b.transfers) != wantFacts {
				t.Fatalf("%d facts and %d transfers recorded, want %d", len(b.facts), len(b.transfers), wantFacts)
			}
			if applied && isTransfer {
				if got := b.balances[posKey{tr.To, tr.Token}].Amount; got.Cmp(tr.Amount) != 0 {
					t.Fatalf("balance of the user %s, want %s", got, tr.Amount)
				}
			}
			if b.ops[final].Status != predict.OpConfirmed {
				t.Fatalf("a final operation moved to %s", b.ops[final].Status)
			}
		})
	}
}

// TestOperationFinalRace: when the operation was made final by another
// writer after the ledger read it, the guarded write leaves it, and the
// ledger neither tells the user nor notifies again.
func TestOperationFinalRace(t *testing.T) {
	op := "0x" + fmt.Sprintf("%064x", 11)
	for _, tc := range []struct {
		name      string
		elsewhere bool
		events    []string
		notes     []string
	}{
		{"written", false, []string{"user:operation_status u-alice", "user:new_notification u-alice"},
			[]string{"u-alice " + predict.NotifyOperation}},
		{"final elsewhere", true, nil, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b := newBook(t)
			b.ops[op] = &accounting.Operation{Status: predict.OpSubmitted, Kind: "buy", UID: "u-alice"}
			b.finalElsewhere = map[string]bool{op: tc.elsewhere}
			res := b.apply(&predict.OpLog{LogRef: predict.LogRef{OpHash: op, TxHash: "0x01", Block: 3}, Success: true})
			if len(res.Applied) != 1 {
				t.Fatalf("applied %d effects, want 1", len(res.Applied))
			}
			if got := eventNames(res.Events); !slices.Equal(got, tc.events) {
				t.Errorf("events %v, want %v", got, tc.events)
			}
			if !slices.Equal(b.notes, tc.notes) {
				t.Errorf("notes %v, want %v", b.notes, tc.notes)
			}
		})
	}
}
