package predict

import (
	"math/big"
	"time"
)

// SettledLog is a market's Settled. Source and Note come from the
// settle-market operation when the service knows it.
type SettledLog struct {
	LogRef
	Market        string
	WinningOption int
	Resolver      string
	Source        string
	Note          string
}

// LogKind implements Effect.
func (*SettledLog) LogKind() string { return "settled" }

// Scope implements Effect.
func (e *SettledLog) Scope() (market, account string) { return e.Market, "" }

// ApplyTo implements Effect.
func (e *SettledLog) ApplyTo(h EffectHandler) (bool, error) { return h.Settled(e) }

// ClaimLog is a market's Claimed: winning tokens burned for base 1:1.
type ClaimLog struct {
	LogRef
	Market  string
	Account string
	Option  int
	Amount  *big.Int
}

// LogKind implements Effect.
func (*ClaimLog) LogKind() string { return "claim" }

// Scope implements Effect.
func (e *ClaimLog) Scope() (market, account string) { return e.Market, e.Account }

// ApplyTo implements Effect.
func (e *ClaimLog) ApplyTo(h EffectHandler) (bool, error) { return h.Claim(e) }

// VoidOutcome is the outcome of a market that ends void (the contract's
// VOID, 2^256-1): no option wins and every option token redeems at 1/N.
const VoidOutcome = -1

// AssertedLog is a market's Asserted: Asserter (an admin or resolver)
// asserted Outcome (an option index or VoidOutcome) and posted Bond; the
// assertion can be disputed until ChallengeEnd. Source and Note come from
// the settle-market operation when the service knows it.
type AssertedLog struct {
	LogRef
	Market       string
	Outcome      int
	Asserter     string
	Bond         *big.Int
	ChallengeEnd time.Time
	Source, Note string
}

// LogKind implements Effect.
func (*AssertedLog) LogKind() string { return "asserted" }

// Scope implements Effect.
func (e *AssertedLog) Scope() (market, account string) { return e.Market, e.Asserter }

// ApplyTo implements Effect.
func (e *AssertedLog) ApplyTo(h EffectHandler) (bool, error) { return h.Asserted(e) }

// DisputedLog is a market's Disputed: Disputer matched the bond.
type DisputedLog struct {
	LogRef
	Market   string
	Disputer string
	Bond     *big.Int
}

// LogKind implements Effect.
func (*DisputedLog) LogKind() string { return "disputed" }

// Scope implements Effect.
func (e *DisputedLog) Scope() (market, account string) { return e.Market, e.Disputer }

// ApplyTo implements Effect.
func (e *DisputedLog) ApplyTo(h EffectHandler) (bool, error) { return h.Disputed(e) }

// ArbitratedLog is a market's Arbitrated: the arbitrator decided Outcome;
// BondWinner (the asserter when Outcome is the asserted one, else the
// disputer) received Payout (both bonds minus Fee) and Fee went to
// Treasury. The market's Settled or Voided follows in the same call.
type ArbitratedLog struct {
	LogRef
	Market     string
	Outcome    int
	Arbitrator string
	BondWinner string
	Payout     *big.Int
	Fee        *big.Int
	Treasury   string
}

// LogKind implements Effect.
func (*ArbitratedLog) LogKind() string { return "arbitrated" }

// Scope implements Effect.
func (e *ArbitratedLog) Scope() (market, account string) { return e.Market, e.Arbitrator }

// ApplyTo implements Effect.
func (e *ArbitratedLog) ApplyTo(h EffectHandler) (bool, error) { return h.Arbitrated(e) }

// FinalizedLog is a market's Finalized: the undisputed assertion of
// Outcome became final after the window and the asserter's bond
// (BondReturned) went back. Settled or Voided follows in the same call.
// DisputeExpiredLog is a market's DisputeExpired: no arbitrator decided
// the dispute within its 30 days, the market ends VOID (Finalized and
// Voided follow) and Disputer's bond went back.
type DisputeExpiredLog struct {
	LogRef
	Market       string
	Disputer     string
	BondReturned *big.Int
}

// LogKind implements Effect.
func (*DisputeExpiredLog) LogKind() string { return "dispute-expired" }

// Scope implements Effect.
func (e *DisputeExpiredLog) Scope() (market, account string) { return e.Market, e.Disputer }

// ApplyTo implements Effect.
func (e *DisputeExpiredLog) ApplyTo(h EffectHandler) (bool, error) { return h.DisputeExpired(e) }

// FinalizedLog is a market's Finalized: Asserter's assertion became final
// (or, after an unanswered dispute, the market ended VOID) and its bond
// went back.
type FinalizedLog struct {
	LogRef
	Market       string
	Outcome      int
	Asserter     string
	BondReturned *big.Int
}

// LogKind implements Effect.
func (*FinalizedLog) LogKind() string { return "finalized" }

// Scope implements Effect.
func (e *FinalizedLog) Scope() (market, account string) { return e.Market, e.Asserter }

// ApplyTo implements Effect.
func (e *FinalizedLog) ApplyTo(h EffectHandler) (bool, error) { return h.Finalized(e) }

// VoidedLog is a market's Voided: the market ended void, decided by
// Resolver (the asserter, or the arbitrator). Source and Note come from
// the settle-market operation when the service knows it.
type VoidedLog struct {
	LogRef
	Market       string
	Resolver     string
	Source, Note string
}

// LogKind implements Effect.
func (*VoidedLog) LogKind() string { return "voided" }

// Scope implements Effect.
func (e *VoidedLog) Scope() (market, account string) { return e.Market, "" }

// ApplyTo implements Effect.
func (e *VoidedLog) ApplyTo(h EffectHandler) (bool, error) { return h.Voided(e) }

// VoidClaimLog is a void market's VoidClaimed: Account burned Amounts[k]
// tokens of every option k and received BaseOut = floor(sum / N).
type VoidClaimLog struct {
	LogRef
	Market  string
	Account string
	Amounts []*big.Int
	BaseOut *big.Int
}

// LogKind implements Effect.
func (*VoidClaimLog) LogKind() string { return "void-claim" }

// Scope implements Effect.
func (e *VoidClaimLog) Scope() (market, account string) { return e.Market, e.Account }

// ApplyTo implements Effect.
func (e *VoidClaimLog) ApplyTo(h EffectHandler) (bool, error) { return h.VoidClaim(e) }
