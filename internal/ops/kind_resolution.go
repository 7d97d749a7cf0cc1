package ops

import (
	"math/big"
	"strings"
	"time"

	"github.com/ethereum/go-ethereum/common"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/internal/aa"
	"github.com/predict-dev/predict/kind"
)

// The operation kinds of a resolution with a challenge window
// (docs/contracts.md): settle-market asserts the outcome with a bond
// (kind_settlemarket.go); anyone disputes it within the window by
// matching the bond, or finalizes it after the window; the arbitrator
// decides a disputed one. Each refusal has its code (110116-110119),
// decided from the market's state read on chain at the chain's time, as
// the contract would decide it.

// Market.state values (Market.sol).
const (
	stateRunning uint8 = iota
	stateSettling
	stateDisputed
	stateEnded
)

// resolution is a market's resolution state on chain.
type resolution struct {
	State        uint8
	Window       uint64 // seconds; 0 settles at once
	Bond         *big.Int
	ChallengeEnd time.Time
	Voided       bool
	// Arbitrator and ArbitrationEnd are a dispute's: who decides it
	// (fixed when it opened) and until when; after it, finalize voids.
	Arbitrator     common.Address
	ArbitrationEnd time.Time
}

// assertion reads the market's resolution for a dispute or a
// finalization: it refuses a market whose outcome is not asserted
// (ECONFLICT), or that is disputed (EDISPUTED).
func (c *call) assertion() (*resolution, error) {
	r, err := c.s.reads.resolution(c.ctx, c.req.Market)
	if err != nil {
		return nil, err
	}
	switch r.State {
	case stateRunning:
		return nil, conflict("market %s has no asserted outcome", c.m.Address)
	case stateDisputed:
		if c.req.Kind == aa.KindFinalizeMarket && !r.ArbitrationEnd.IsZero() && !c.now.Before(r.ArbitrationEnd) {
			// Unanswered past its deadline: finalize ends the market VOID.
			return r, nil
		}
		return nil, predict.Errorf(predict.EDISPUTED, "the outcome asserted on market %s is disputed: the arbitrator decides until %s",
			c.m.Address, r.ArbitrationEnd.UTC().Format(time.RFC3339))
	case stateEnded:
		return nil, conflict("market %s has ended", c.m.Address)
	}
	return r, nil
}

// onAssertion is the build of a kind that needs an asserted outcome (a
// dispute, a finalization): build with the market's resolution.
func onAssertion(build func(c *call, r *resolution) (*aa.Action, error)) func(c *call) (*aa.Action, error) {
	return func(c *call) (*aa.Action, error) {
		r, err := c.assertion()
		if err != nil {
			return nil, err
		}
		return build(c, r)
	}
}

// marketOnly reads the market address of a request that has no other field.
func marketOnly(b *Body, req *Request) error {
	var f fields
	req.Market = f.address("marketAddress", b.MarketAddress)
	return f.err
}

// disputeMarket disputes the asserted outcome before the window closes:
// the operation approves the market for the bond and calls dispute().
var disputeMarket = register(kind.DisputeMarket, &Descriptor{
	parse: marketOnly,
	build: onAssertion(func(c *call, r *resolution) (*aa.Action, error) {
		if !c.now.Before(r.ChallengeEnd) {
			return nil, predict.Errorf(predict.EWINDOWCLOSED, "the challenge window of market %s closed at %s: the assertion can no longer be disputed",
				c.m.Address, r.ChallengeEnd.UTC().Format(time.RFC3339))
		}
		act := &aa.Action{Kind: aa.KindDisputeMarket, Target: c.req.Market}
		if err := c.postBond(act, r.Bond, "dispute bond"); err != nil {
			return nil, err
		}
		return act, nil
	}),
	request: ownFields,
	record:  recordNothing,
})

// finalizeMarket ends a market on its undisputed assertion once the
// window is over; anyone may send it.
var finalizeMarket = register(kind.FinalizeMarket, &Descriptor{
	parse: marketOnly,
	build: onAssertion(func(c *call, r *resolution) (*aa.Action, error) {
		if r.State == stateSettling && c.now.Before(r.ChallengeEnd) {
			return nil, predict.Errorf(predict.EWINDOWOPEN, "the challenge window of market %s is open until %s: finalize after it",
				c.m.Address, r.ChallengeEnd.UTC().Format(time.RFC3339))
		}
		return &aa.Action{Kind: aa.KindFinalizeMarket, Target: c.req.Market}, nil
	}),
	request: ownFields,
	record:  recordNothing,
})

// arbitrateMarket decides a disputed assertion: only the factory's
// arbitrator, with an option or void.
var arbitrateMarket = register(kind.ArbitrateMarket, &Descriptor{
	parse: parseOutcome,
	build: func(c *call) (*aa.Action, error) {
		arbitrator, err := c.s.reads.arbitrator(c.ctx)
		if err != nil {
			return nil, err
		}
		r, err := c.s.reads.resolution(c.ctx, c.req.Market)
		if err != nil {
			return nil, err
		}
		if r.State == stateDisputed && r.Arbitrator != (common.Address{}) {
			// The dispute's own arbitrator, fixed when it opened.
			arbitrator = r.Arbitrator
		}
		if arbitrator != c.sender {
			return nil, predict.Errorf(predict.ENOTARBITRATOR, "account %s is not the arbitrator: only it decides disputed assertions", c.user.Address)
		}
		if r.State != stateDisputed {
			return nil, conflict("market %s has no disputed assertion to decide", c.m.Address)
		}
		if !r.ArbitrationEnd.IsZero() && !c.now.Before(r.ArbitrationEnd) {
			return nil, predict.Errorf(predict.EWINDOWCLOSED, "the arbitration of market %s ended at %s unanswered: finalize ends it void",
				c.m.Address, r.ArbitrationEnd.UTC().Format(time.RFC3339))
		}
		act := &aa.Action{Kind: aa.KindArbitrateMarket, Target: c.req.Market}
		if act.Option, err = c.outcome(); err != nil {
			return nil, err
		}
		return act, nil
	},
	request: outcomeOf,
	record:  recordOutcome,
})

// postBond makes act approve the market for bond of its base token, which
// the sender must hold.
func (c *call) postBond(act *aa.Action, bond *big.Int, what string) error {
	if bond == nil || bond.Sign() == 0 {
		return nil
	}
	base := common.HexToAddress(c.m.BaseToken)
	act.Approvals = []aa.Approval{{Token: base, Spender: c.req.Market, Amount: bond}}
	return c.covers(base, bond, c.s.baseUnit(c.m.BaseToken), what)
}

// recordNothing keeps an empty request: the market is the operation's.
func recordNothing(r *recording) (err error) {
	r.op.Request, err = jsonOf(struct{}{})
	return err
}

// parseOutcome reads the market and the outcome of settle-market or
// arbitrate-market: winningOptionAddress, or "void": true.
func parseOutcome(b *Body, req *Request) error {
	var f fields
	req.Market = f.address("marketAddress", b.MarketAddress)
	req.Void = b.Void != nil && *b.Void
	switch {
	case f.err != nil:
	case req.Void && b.WinningOptionAddress != "":
		return invalid("give winningOptionAddress or void: true, not both")
	case !req.Void:
		req.Option = f.address("winningOptionAddress", b.WinningOptionAddress)
	}
	return f.err
}

// outcome is the pool index of the request's outcome: its option, or
// predict.VoidOutcome.
func (c *call) outcome() (int, error) {
	if c.req.Void {
		return predict.VoidOutcome, nil
	}
	return c.option()
}

// outcomeOf reads the outcome of an action decoded from callData.
func outcomeOf(act *aa.Action, m *predict.Market, req *Request) (err error) {
	if act.Option == predict.VoidOutcome {
		req.Void = true
		return nil
	}
	req.Option, err = optionAt(m, act.Option)
	return err
}

// outcomeRecord is what an operation's record keeps of an outcome: void,
// or the winning option.
type outcomeRecord struct {
	Void                 bool   `json:"void,omitempty"`
	WinningOptionAddress string `json:"winningOptionAddress,omitempty"`
}

func outcomeOfRequest(req *Request) outcomeRecord {
	if req.Void {
		return outcomeRecord{Void: true}
	}
	return outcomeRecord{WinningOptionAddress: strings.ToLower(req.Option.Hex())}
}

// recordOutcome keeps the request's outcome.
func recordOutcome(r *recording) (err error) {
	r.op.Request, err = jsonOf(outcomeOfRequest(r.req))
	return err
}
