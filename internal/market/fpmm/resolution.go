package fpmm

import (
	"errors"
	"math/big"
)

// Phase is a market's resolution state (Market.state on chain).
type Phase uint8

// The phases of a market, in the contract's numbering (RUNNING, SETTLING, DISPUTED, ENDED).
const (
	PhaseRunning  Phase = iota // trading open, no outcome asserted
	PhaseSettling              // an outcome is asserted and may be disputed until ChallengeEnd
	PhaseDisputed              // the assertion is disputed; the arbitrator decides
	PhaseEnded                 // the market has ended (Settled is true)
)

// Void is the outcome index of a VOID resolution (Market.VOID, type(uint256).max, on chain).
const Void = -1

// Limits of the resolution parameters (MarketFactory.MAX_CHALLENGE_WINDOW, MAX_DISPUTE_FEE_BPS).
const (
	MaxChallengeWindow = 30 * 24 * 3600 // seconds
	MaxDisputeFeeBps   = 5000
	// ArbitrationPeriod is how long a dispute waits for its arbitrator before finalize ends
	// the market VOID (Market.ARBITRATION_PERIOD).
	ArbitrationPeriod = 30 * 24 * 3600 // seconds
)

// Errors of the resolution state machine; each corresponds to a revert of the Market contract.
var (
	ErrChallengeWindowRequired = errors.New("fpmm: market has a challenge window: assert the outcome") // ChallengeWindowRequired
	ErrAlreadyAsserted         = errors.New("fpmm: an outcome is already asserted")                    // AlreadyAsserted
	ErrResolutionPending       = errors.New("fpmm: an outcome is asserted: trading has stopped")       // ResolutionPending
	ErrNotAsserted             = errors.New("fpmm: no outcome is asserted")                            // NotAsserted
	ErrAlreadyDisputed         = errors.New("fpmm: the assertion is already disputed")                 // AlreadyDisputed
	ErrChallengeWindowClosed   = errors.New("fpmm: the challenge window has closed")                   // ChallengeWindowClosed
	ErrChallengeWindowOpen     = errors.New("fpmm: the challenge window is still open")                // ChallengeWindowOpen
	ErrNotDisputed             = errors.New("fpmm: the assertion is not disputed")                     // NotDisputed
	ErrArbitrationExpired      = errors.New("fpmm: the arbitration period is over: finalize voids")    // ArbitrationExpired
	ErrVoided                  = errors.New("fpmm: market was voided")                                 // MarketVoided
	ErrNotVoided               = errors.New("fpmm: market was not voided")                             // NotVoided
	ErrChallengeWindowTooLong  = errors.New("fpmm: challenge window above 30 days")                    // ChallengeWindowTooLong
	ErrDisputeFeeTooHigh       = errors.New("fpmm: dispute fee above 5000 bps")                        // DisputeFeeTooHigh
)

// Resolution is how a market resolves and where its resolution stands: the parameters copied
// into the market at creation and the state of its assertion. The zero value is a running
// market with a challenge window of 0 (settle ends it at once).
type Resolution struct {
	ChallengeWindow uint64   // seconds an assertion can be disputed; 0: immediate settlement
	Bond            *big.Int // bond of the asserter and of a disputer (nil: 0)
	DisputeFeeBps   uint64   // fee on the losing bond, basis points (0 when the window is 0)

	Phase        Phase
	Asserter     string // who asserted (when Phase >= PhaseSettling after an assertion)
	Disputer     string // who disputed (when disputed)
	Outcome      int    // asserted outcome: an option index or Void
	ChallengeEnd uint64 // disputes are accepted while the block time is below it
	// ArbitrationEnd is when a dispute stops waiting for its arbitrator: from then on
	// arbitrate is refused and finalize voids the market.
	ArbitrationEnd uint64
}

// SetResolution gives the pool the resolution parameters of createMarketWithResolution (or
// of createMarket with the factory's defaults): the dispute fee only applies with a window.
func (p *Pool) SetResolution(challengeWindow uint64, bond *big.Int, disputeFeeBps uint64) error {
	if challengeWindow > MaxChallengeWindow {
		return ErrChallengeWindowTooLong
	}
	if disputeFeeBps > MaxDisputeFeeBps {
		return ErrDisputeFeeTooHigh
	}
	if bond == nil {
		bond = new(big.Int)
	}
	if bond.Sign() < 0 || bond.Cmp(maxAmount) > 0 {
		return ErrOverflow
	}
	if challengeWindow == 0 {
		disputeFeeBps = 0
	}
	p.Resolution = Resolution{ChallengeWindow: challengeWindow, Bond: new(big.Int).Set(bond), DisputeFeeBps: disputeFeeBps}
	return nil
}

func (r *Resolution) bond() *big.Int {
	if r.Bond == nil || r.ChallengeWindow == 0 {
		// The factory stores no bond for a window of 0: assertOutcome ends the market at once.
		return new(big.Int)
	}
	return new(big.Int).Set(r.Bond)
}

func (r Resolution) clone() Resolution {
	if r.Bond != nil {
		r.Bond = new(big.Int).Set(r.Bond)
	}
	return r
}

// BondsHeld is the base the market holds for bonds: one bond while an assertion is pending,
// two while it is disputed, none otherwise.
func (p *Pool) BondsHeld() *big.Int {
	b := p.Resolution.bond()
	switch p.Resolution.Phase {
	case PhaseSettling:
		return b
	case PhaseDisputed:
		return b.Lsh(b, 1)
	default:
		return new(big.Int)
	}
}

// checkOpen is Market._checkOpen without the time rules: trading and adding liquidity need a
// running market.
func (p *Pool) checkOpen() error {
	if p.Settled {
		return ErrSettled
	}
	if p.Resolution.Phase != PhaseRunning {
		return ErrResolutionPending
	}
	return nil
}

func (p *Pool) validOutcome(outcome int) error {
	if outcome != Void && (outcome < 0 || outcome >= len(p.Balances)) {
		return ErrInvalidOption
	}
	return nil
}

// end is Market._end: the market ends on outcome (an option, or Void).
func (p *Pool) end(outcome int) {
	p.Resolution.Phase = PhaseEnded
	p.Settled = true
	if outcome == Void {
		p.Voided = true
	} else {
		p.Winner = outcome
	}
}

// Assert applies assertOutcome(outcome) by asserter at block time now and returns the bond
// pulled from the asserter. With a challenge window of 0 the market ends at once (no bond).
// The role check (admin or resolver) is the caller's.
func (p *Pool) Assert(asserter string, outcome int, now uint64) (*big.Int, error) {
	switch p.Resolution.Phase {
	case PhaseEnded:
		return nil, ErrSettled
	case PhaseSettling, PhaseDisputed:
		return nil, ErrAlreadyAsserted
	}
	if err := p.validOutcome(outcome); err != nil {
		return nil, err
	}
	if p.Resolution.ChallengeWindow == 0 {
		p.end(outcome)
		return new(big.Int), nil
	}
	r := &p.Resolution
	r.Phase, r.Asserter, r.Outcome, r.ChallengeEnd = PhaseSettling, asserter, outcome, now+r.ChallengeWindow
	return r.bond(), nil
}

// Dispute applies dispute() by disputer at block time now and returns the bond pulled from
// the disputer.
func (p *Pool) Dispute(disputer string, now uint64) (*big.Int, error) {
	r := &p.Resolution
	switch r.Phase {
	case PhaseRunning:
		return nil, ErrNotAsserted
	case PhaseDisputed:
		return nil, ErrAlreadyDisputed
	case PhaseEnded:
		return nil, ErrSettled
	}
	if now >= r.ChallengeEnd {
		return nil, ErrChallengeWindowClosed
	}
	r.Phase, r.Disputer, r.ArbitrationEnd = PhaseDisputed, disputer, now+ArbitrationPeriod
	return r.bond(), nil
}

// Finalized is the outcome of finalize(): the market ended on Outcome and the asserter got its
// bond back; after an unanswered dispute the outcome is Void and the disputer got its bond back
// too (DisputerRefund, nil otherwise).
type Finalized struct {
	Outcome        int
	Asserter       string
	BondReturned   *big.Int
	Disputer       string
	DisputerRefund *big.Int
}

// Finalize applies finalize() at block time now.
func (p *Pool) Finalize(now uint64) (Finalized, error) {
	r := &p.Resolution
	switch r.Phase {
	case PhaseRunning:
		return Finalized{}, ErrNotAsserted
	case PhaseDisputed:
		if now < r.ArbitrationEnd {
			return Finalized{}, ErrAlreadyDisputed
		}
		f := Finalized{Outcome: Void, Asserter: r.Asserter, BondReturned: r.bond(), Disputer: r.Disputer, DisputerRefund: r.bond()}
		p.end(Void)
		return f, nil
	case PhaseEnded:
		return Finalized{}, ErrSettled
	}
	if now < r.ChallengeEnd {
		return Finalized{}, ErrChallengeWindowOpen
	}
	f := Finalized{Outcome: r.Outcome, Asserter: r.Asserter, BondReturned: r.bond()}
	p.end(r.Outcome)
	return f, nil
}

// Arbitration is the outcome of arbitrate(outcome): BondWinner (the asserter if the outcome is
// the asserted one, else the disputer) receives Payout = 2*bond - Fee, and Fee =
// floor(bond * DisputeFeeBps / 10000) goes to the treasury.
type Arbitration struct {
	Outcome    int
	BondWinner string
	Payout     *big.Int
	Fee        *big.Int
}

// Arbitrate applies arbitrate(outcome) at block time now. The arbitrator check (the one the
// factory had when the dispute opened) is the caller's.
func (p *Pool) Arbitrate(outcome int, now uint64) (Arbitration, error) {
	r := &p.Resolution
	if r.Phase != PhaseDisputed {
		return Arbitration{}, ErrNotDisputed
	}
	if now >= r.ArbitrationEnd {
		return Arbitration{}, ErrArbitrationExpired
	}
	if err := p.validOutcome(outcome); err != nil {
		return Arbitration{}, err
	}
	a := Arbitration{Outcome: outcome, BondWinner: r.Disputer}
	if outcome == r.Outcome {
		a.BondWinner = r.Asserter
	}
	b := r.bond()
	a.Fee = new(big.Int).Mul(b, new(big.Int).SetUint64(r.DisputeFeeBps))
	a.Fee.Quo(a.Fee, bps)
	a.Payout = new(big.Int).Sub(b.Lsh(b, 1), a.Fee)
	p.end(outcome)
	return a, nil
}

// ClaimVoid applies claimVoid(amounts) on a VOID market: amounts[k] tokens of option k are
// burned (the holdings are the caller's to check) for floor(sum(amounts) / N) base tokens.
func (p *Pool) ClaimVoid(amounts []*big.Int) (*big.Int, error) {
	if !p.Settled {
		return nil, ErrNotSettled
	}
	if !p.Voided {
		return nil, ErrNotVoided
	}
	n := len(p.Balances)
	if len(amounts) != n {
		return nil, ErrInvalidOption
	}
	total := new(big.Int)
	for _, a := range amounts {
		if a == nil || a.Sign() < 0 {
			return nil, ErrZeroAmount
		}
		if a.Cmp(maxAmount) > 0 {
			return nil, ErrOverflow
		}
		total.Add(total, a)
	}
	if total.Sign() == 0 {
		return nil, ErrZeroAmount
	}
	return total.Quo(total, big.NewInt(int64(n))), nil
}
