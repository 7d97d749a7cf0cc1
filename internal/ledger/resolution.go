package ledger

import (
	"fmt"
	"math/big"
	"strconv"
	"time"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/internal/accounting"
	"github.com/predict-dev/predict/internal/events"
)

// This file folds the steps of a market's resolution with a challenge
// window (docs/contracts.md): an assertion (running → settling), a
// dispute (settling → disputed), the arbitration or finalization that
// precede the market's Settled or Voided (→ ended), a void ending and
// the void claims that pay 1/N per option token.

// record hands a fact to the Recorder with the uid of its account (a
// replay records nothing).
func (l *Ledger) record(f *accounting.ResolutionFact) error {
	if l.replay {
		return nil
	}
	uid, err := l.uid(f.Account)
	if err != nil {
		return err
	}
	f.UID = uid
	f.Amount, f.Fee = predict.OrZero(f.Amount), predict.OrZero(f.Fee)
	l.rec.Resolutions = append(l.rec.Resolutions, f)
	return nil
}

// outcome checks a log's outcome against m and returns the option token it
// names ("" for void).
func outcome(m *accounting.Market, o int) (string, error) {
	if o == predict.VoidOutcome {
		return "", nil
	}
	if o < 0 || o >= len(m.Options) {
		return "", fmt.Errorf("market %s: outcome %d of %d options", m.Address, o, len(m.Options))
	}
	return m.Options[o], nil
}

// notify adds a notification of kind about m (Settlement) for a new
// effect; a replay notifies nobody again.
func (l *Ledger) notify(m *accounting.Market, block uint64, kind, option string, void, parties bool, data map[string]string) {
	if l.replay {
		return
	}
	if data == nil {
		data = map[string]string{}
	}
	data[predict.NoteVoid] = strconv.FormatBool(void)
	l.settled = append(l.settled, accounting.Settlement{Market: m.Address, Winner: option, Block: block, Kind: kind, Data: data,
		Parties: parties})
}

// notifyPayout tells the user of account that a payout on its behalf
// (Market.claimFor, redeemFor, payOut: a transaction that is no
// UserOperation of its own) paid it amount. The user's own claims are
// operations, which are notified as such when they become final.
func (l *Ledger) notifyPayout(m *accounting.Market, ref predict.LogRef, account, payout string, amount *big.Int) {
	if l.replay || ref.OpHash != "" || amount == nil || amount.Sign() <= 0 {
		return
	}
	l.settled = append(l.settled, accounting.Settlement{Market: m.Address, Block: ref.Block, Kind: predict.NotifyPayout,
		Account: account, Data: map[string]string{predict.NotePayout: payout, predict.NoteAmount: amount.String()}})
}

// Asserted stops trading: the market is settling until the window closes
// or a dispute comes. The assertion's source and note are the market's
// until the ending log brings its own.
func (f *fold) Asserted(e *predict.AssertedLog) (bool, error) {
	l, m, err := f.market(e.Market)
	if m == nil {
		return false, err
	}
	option, err := outcome(m, e.Outcome)
	if err != nil {
		return false, err
	}
	source, note := predict.CleanText(e.Source, predict.MaxChainNote), predict.CleanText(e.Note, predict.MaxChainNote)
	if err := l.record(&accounting.ResolutionFact{LogRef: e.LogRef, Market: m.Address, Kind: accounting.ResolutionAsserted, Outcome: e.Outcome,
		Account: e.Asserter, Amount: e.Bond, ChallengeEnd: e.ChallengeEnd, Source: source, Note: note}); err != nil {
		return false, err
	}
	m.Status, m.Source, m.Note = predict.StatusSettling, source, note
	l.dirty[m] = true
	l.notify(m, e.Block, predict.NotifyMarketAsserted, option, e.Outcome == predict.VoidOutcome, false,
		map[string]string{predict.NoteChallengeEnd: e.ChallengeEnd.UTC().Format(time.RFC3339)})
	l.event(events.MarketInfoUpdate(m.Address, option))
	return true, nil
}

// Disputed puts the assertion before the arbitrator.
func (f *fold) Disputed(e *predict.DisputedLog) (bool, error) {
	l, m, err := f.market(e.Market)
	if m == nil {
		return false, err
	}
	if err := l.record(&accounting.ResolutionFact{LogRef: e.LogRef, Market: m.Address, Kind: accounting.ResolutionDisputed, Outcome: accounting.NoOutcome,
		Account: e.Disputer, Amount: e.Bond}); err != nil {
		return false, err
	}
	m.Status = predict.StatusDisputed
	l.dirty[m] = true
	l.notify(m, e.Block, predict.NotifyMarketDisputed, "", false, false, nil)
	l.event(events.MarketInfoUpdate(m.Address, ""))
	return true, nil
}

// Arbitrated records the arbitrator's decision and where the bonds went;
// the market's Settled or Voided that follows ends it.
func (f *fold) Arbitrated(e *predict.ArbitratedLog) (bool, error) {
	return f.l().bondsMoved(&accounting.ResolutionFact{LogRef: e.LogRef, Market: e.Market, Kind: accounting.ResolutionArbitrated, Outcome: e.Outcome,
		Account: e.Arbitrator, Counterparty: e.BondWinner, Amount: e.Payout, Fee: e.Fee, Treasury: e.Treasury}, e.BondWinner)
}

// Finalized records that the undisputed assertion became final and its
// bond went back; the market's Settled or Voided that follows ends it.
func (f *fold) Finalized(e *predict.FinalizedLog) (bool, error) {
	return f.l().bondsMoved(&accounting.ResolutionFact{LogRef: e.LogRef, Market: e.Market, Kind: accounting.ResolutionFinalized, Outcome: e.Outcome,
		Account: e.Asserter, Amount: e.BondReturned}, e.Asserter)
}

// DisputeExpired records that a dispute went unanswered: the disputer
// got its bond back (the asserter's comes back in the Finalized that
// follows, and the market ends VOID).
func (f *fold) DisputeExpired(e *predict.DisputeExpiredLog) (bool, error) {
	return f.l().bondsMoved(&accounting.ResolutionFact{LogRef: e.LogRef, Market: e.Market, Kind: accounting.ResolutionDisputeExpired,
		Outcome: predict.VoidOutcome, Account: e.Disputer, Amount: e.BondReturned}, e.Disputer)
}

// bondsMoved records fact, a step that paid fact.Amount of bonds to
// winner, and notifies the asserter and the disputer.
func (l *Ledger) bondsMoved(fact *accounting.ResolutionFact, winner string) (bool, error) {
	m, err := l.Market(fact.Market)
	if err != nil || m == nil {
		return false, err
	}
	option, err := outcome(m, fact.Outcome)
	if err != nil {
		return false, err
	}
	if err := l.record(fact); err != nil {
		return false, err
	}
	l.notify(m, fact.Block, predict.NotifyBondMoved, option, fact.Outcome == predict.VoidOutcome, true, map[string]string{
		predict.NoteBondWinner: winner, predict.NoteAmount: predict.OrZero(fact.Amount).String()})
	return true, nil
}

// Voided ends a market without a winner: every option token is worth
// 1/N of a base token from then on (VoidPrices), and the holders and
// followers are notified as for a settlement, with no winning option.
func (f *fold) Voided(e *predict.VoidedLog) (bool, error) {
	l, m, err := f.market(e.Market)
	if m == nil {
		return false, err
	}
	source, note := predict.CleanText(e.Source, predict.MaxChainNote), predict.CleanText(e.Note, predict.MaxChainNote)
	if err := l.record(&accounting.ResolutionFact{LogRef: e.LogRef, Market: m.Address, Kind: accounting.ResolutionVoided,
		Outcome: predict.VoidOutcome, Account: e.Resolver, Source: source, Note: note}); err != nil {
		return false, err
	}
	if err := l.end(m, e, e.Resolver, source, note); err != nil {
		return false, err
	}
	m.Winner, m.Void = -1, true
	m.Prices = accounting.VoidPrices(len(m.Options))
	m.Liquidity = accounting.PoolValue(m.Balances, m.Prices)
	l.dirty[m] = true
	l.notify(m, e.Block, predict.NotifyMarketSettled, "", true, false, nil)
	l.pricePoints(m, e.Block, e.Time)
	l.event(events.MarketInfoUpdate(m.Address, ""))
	return true, nil
}

// VoidClaim pays a void market's option tokens out at 1/N each: the burns
// came first, so each position's amount before the claim is its amount
// plus what it burned. The base paid is shared among the options burned
// in proportion to their amounts (the last takes the rounding), so the
// realized PnL of the claim sums to what it paid.
func (f *fold) VoidClaim(e *predict.VoidClaimLog) (bool, error) {
	l, m, err := f.market(e.Market)
	if m == nil {
		return false, err
	}
	if len(e.Amounts) != len(m.Options) {
		return false, fmt.Errorf("void claim of %d options on market %s of %d", len(e.Amounts), m.Address, len(m.Options))
	}
	if err := l.record(&accounting.ResolutionFact{LogRef: e.LogRef, Market: m.Address, Kind: accounting.ResolutionVoidClaim, Outcome: accounting.NoOutcome,
		Account: e.Account, Amount: e.BaseOut, Amounts: e.Amounts}); err != nil {
		return false, err
	}
	total, last := new(big.Int), -1
	for k, a := range e.Amounts {
		if a != nil && a.Sign() > 0 {
			total.Add(total, a)
			last = k
		}
	}
	paid := predict.OrZero(e.BaseOut)
	left := new(big.Int).Set(paid)
	for k, a := range e.Amounts {
		if a == nil || a.Sign() <= 0 {
			continue
		}
		share := new(big.Int).Set(left)
		if k != last {
			share = accounting.MulDiv(paid, a, total)
			left.Sub(left, share)
		}
		p, err := l.position(e.Account, m.Options[k], m.Address)
		if err != nil {
			return false, err
		}
		accounting.RemoveCost(p.Cost, p.Realized, new(big.Int).Add(p.Amount, a), a, share)
		l.dirty[p] = true
	}
	m.Claimed.Add(m.Claimed, paid)
	l.dirty[m] = true
	l.notifyPayout(m, e.LogRef, e.Account, "void_claim", paid)
	uid, err := l.uid(e.Account)
	if err != nil {
		return false, err
	}
	l.assetChanged(uid, m.BaseToken)
	return true, nil
}

// Sets moves the positions of a complete-set mint or merge, whose
// Transfers came first (the amounts are counted): a mint's Amount is the
// cost of the new tokens, shared equally among the options (the first
// Amount mod N take one unit more); a merge pays Amount for the tokens it
// burns, shared the same way, each option's share realized against its
// cost.
func (f *fold) Sets(e *predict.SetsLog) (bool, error) {
	l, m, err := f.market(e.Market)
	if m == nil {
		return false, err
	}
	if e.Kind != predict.SetsMint && e.Kind != predict.SetsMerge {
		return false, fmt.Errorf("sets of kind %q on market %s", e.Kind, m.Address)
	}
	uid, err := l.uid(e.Account)
	if err != nil {
		return false, err
	}
	n := big.NewInt(int64(len(m.Options)))
	each, extra := new(big.Int).QuoRem(e.Amount, n, new(big.Int))
	for k, option := range m.Options {
		share := new(big.Int).Set(each)
		if big.NewInt(int64(k)).Cmp(extra) < 0 {
			share.Add(share, big.NewInt(1))
		}
		p, err := l.position(e.Account, option, m.Address)
		if err != nil {
			return false, err
		}
		if e.Kind == predict.SetsMint {
			p.Cost.Add(p.Cost, share)
		} else {
			accounting.RemoveCost(p.Cost, p.Realized, new(big.Int).Add(p.Amount, e.Amount), e.Amount, share)
		}
		l.dirty[p] = true
		if uid != "" {
			l.event(events.UserPositionChanged(uid, m.Address, option))
		}
	}
	l.assetChanged(uid, m.BaseToken)
	return true, nil
}
