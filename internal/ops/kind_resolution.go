package ops

import (
	"math/big"
	"strings"
	"time"

	"github.com/ethereum/go-ethereum/common"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/internal/aa"
	"github.com/predict-dev/predict/kind"
	"github.com/predict-dev/predict/wire"
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
	r, err := c.s.reads.resolution(c.ctx, c.market())
	if err != nil {
		return nil, err
	}
	switch r.State {
	case stateRunning:
		return nil, conflict("market %s has no asserted outcome", c.m.Address)
	case stateDisputed:
		if c.req.Head().Kind == aa.KindFinalizeMarket && !r.ArbitrationEnd.IsZero() && !c.now.Before(r.ArbitrationEnd) {
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

// marketKind is a kind whose request names its market and nothing else
// (dispute-market, finalize-market): request makes its request.
type marketKind struct{ request func(Header) Request }

func (k marketKind) input() Input { return &marketBody{request: k.request} }

func (k marketKind) fromAction(_ *aa.Action, _ *predict.Market, h Header) (Request, error) {
	return k.request(h), nil
}

// marketBody is the body of such a kind: its market.
type marketBody struct {
	MarketAddress string `json:"marketAddress"`

	request func(Header) Request
}

func (b *marketBody) parse(h Header) (Request, error) {
	var f fields
	h.Market = f.address("marketAddress", b.MarketAddress)
	if f.err != nil {
		return nil, f.err
	}
	return b.request(h), nil
}

// disputeMarket disputes the asserted outcome before the window closes:
// the operation approves the market for the bond and calls dispute().
var disputeMarket = register(kind.DisputeMarket, marketKind{func(h Header) Request { return &disputeRequest{h} }})

type disputeRequest struct{ Header }

func (r *disputeRequest) build(c *call) (*aa.Action, error) {
	res, err := c.assertion()
	if err != nil {
		return nil, err
	}
	if !c.now.Before(res.ChallengeEnd) {
		return nil, predict.Errorf(predict.EWINDOWCLOSED, "the challenge window of market %s closed at %s: the assertion can no longer be disputed",
			c.m.Address, res.ChallengeEnd.UTC().Format(time.RFC3339))
	}
	act := &aa.Action{Kind: aa.KindDisputeMarket, Target: r.Market}
	if err := c.postBond(act, res.Bond, "dispute bond"); err != nil {
		return nil, err
	}
	return act, nil
}

func (r *disputeRequest) record(rec *recording) error { return recordNothing(rec) }

// finalizeMarket ends a market on its undisputed assertion once the
// window is over; anyone may send it.
var finalizeMarket = register(kind.FinalizeMarket, marketKind{func(h Header) Request { return &finalizeRequest{h} }})

type finalizeRequest struct{ Header }

func (r *finalizeRequest) build(c *call) (*aa.Action, error) {
	res, err := c.assertion()
	if err != nil {
		return nil, err
	}
	if res.State == stateSettling && c.now.Before(res.ChallengeEnd) {
		return nil, predict.Errorf(predict.EWINDOWOPEN, "the challenge window of market %s is open until %s: finalize after it",
			c.m.Address, res.ChallengeEnd.UTC().Format(time.RFC3339))
	}
	return &aa.Action{Kind: aa.KindFinalizeMarket, Target: r.Market}, nil
}

func (r *finalizeRequest) record(rec *recording) error { return recordNothing(rec) }

// arbitrateMarket decides a disputed assertion: only the factory's
// arbitrator, with an option or void.
var arbitrateMarket = register(kind.ArbitrateMarket, arbitrateKind{})

type arbitrateKind struct{}

func (arbitrateKind) input() Input { return new(arbitrateBody) }

// arbitrateBody is arbitrate-market's body: the wire request, whose
// signed operation the endpoint reads (Envelope).
type arbitrateBody struct {
	wire.ArbitrateMarketRequest
	UserOperation skipped `json:"userOperation"`
}

func (b *arbitrateBody) parse(h Header) (Request, error) {
	req := &arbitrateRequest{Header: h}
	if err := req.outcome.parseInto(&req.Header, b.MarketAddress, b.WinningOptionAddress, b.Void); err != nil {
		return nil, err
	}
	return req, nil
}

func (arbitrateKind) fromAction(act *aa.Action, m *predict.Market, h Header) (Request, error) {
	req := &arbitrateRequest{Header: h}
	return req, req.outcome.of(act, m)
}

// arbitrateRequest decides a disputed assertion on its outcome.
type arbitrateRequest struct {
	Header
	outcome
}

func (r *arbitrateRequest) build(c *call) (*aa.Action, error) {
	arbitrator, err := c.s.reads.arbitrator(c.ctx)
	if err != nil {
		return nil, err
	}
	res, err := c.s.reads.resolution(c.ctx, r.Market)
	if err != nil {
		return nil, err
	}
	if res.State == stateDisputed && res.Arbitrator != (common.Address{}) {
		// The dispute's own arbitrator, fixed when it opened.
		arbitrator = res.Arbitrator
	}
	if arbitrator != c.sender {
		return nil, predict.Errorf(predict.ENOTARBITRATOR, "account %s is not the arbitrator: only it decides disputed assertions", c.user.Address)
	}
	if res.State != stateDisputed {
		return nil, conflict("market %s has no disputed assertion to decide", c.m.Address)
	}
	if !res.ArbitrationEnd.IsZero() && !c.now.Before(res.ArbitrationEnd) {
		return nil, predict.Errorf(predict.EWINDOWCLOSED, "the arbitration of market %s ended at %s unanswered: finalize ends it void",
			c.m.Address, res.ArbitrationEnd.UTC().Format(time.RFC3339))
	}
	act := &aa.Action{Kind: aa.KindArbitrateMarket, Target: r.Market}
	if act.Option, err = r.index(c); err != nil {
		return nil, err
	}
	return act, nil
}

func (r *arbitrateRequest) record(rec *recording) (err error) {
	rec.op.Request, err = jsonOf(r.outcome.record())
	return err
}

// postBond makes act approve the market for bond of its base token, which
// the sender must hold.
func (c *call) postBond(act *aa.Action, bond *big.Int, what string) error {
	if bond == nil || bond.Sign() == 0 {
		return nil
	}
	base := common.HexToAddress(c.m.BaseToken)
	act.Approvals = []aa.Approval{{Token: base, Spender: c.market(), Amount: bond}}
	return c.covers(base, bond, c.s.baseUnit(c.m.BaseToken), what)
}

// recordNothing keeps an empty request: the market is the operation's.
func recordNothing(r *recording) (err error) {
	r.op.Request, err = jsonOf(struct{}{})
	return err
}

// outcome is the outcome settle-market or arbitrate-market asks for: an
// option (Option), or Void.
type outcome struct {
	Option common.Address
	Void   bool
}

// parseInto reads the market into h and the outcome:
// winningOptionAddress, or "void": true.
func (o *outcome) parseInto(h *Header, market, winning string, void bool) error {
	var f fields
	h.Market = f.address("marketAddress", market)
	o.Void = void
	switch {
	case f.err != nil:
	case o.Void && winning != "":
		return invalid("give winningOptionAddress or void: true, not both")
	case !o.Void:
		o.Option = f.address("winningOptionAddress", winning)
	}
	return f.err
}

// index is the pool index of the outcome: its option, or
// predict.VoidOutcome.
func (o *outcome) index(c *call) (int, error) {
	if o.Void {
		return predict.VoidOutcome, nil
	}
	return c.option(o.Option)
}

// of reads the outcome of an action decoded from callData.
func (o *outcome) of(act *aa.Action, m *predict.Market) (err error) {
	if act.Option == predict.VoidOutcome {
		o.Void = true
		return nil
	}
	o.Option, err = optionAt(m, act.Option)
	return err
}

// outcomeRecord is what an operation's record keeps of an outcome: void,
// or the winning option.
type outcomeRecord struct {
	Void                 bool   `json:"void,omitempty"`
	WinningOptionAddress string `json:"winningOptionAddress,omitempty"`
}

func (o *outcome) record() outcomeRecord {
	if o.Void {
		return outcomeRecord{Void: true}
	}
	return outcomeRecord{WinningOptionAddress: strings.ToLower(o.Option.Hex())}
}
