package ledger

import (
	"fmt"
	"math/big"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/internal/accounting"
	"github.com/predict-dev/predict/internal/events"
	"github.com/predict-dev/predict/internal/market/fpmm"
)

// fold is the Ledger as the predict.EffectHandler of its effects: one
// method per kind of effect, each changing the aggregates and adding the
// events of its kind (Apply appends the effect to its market's fact log;
// a kind the reads show records its own row too).
type fold Ledger

var _ predict.EffectHandler = (*fold)(nil)

func (f *fold) l() *Ledger { return (*Ledger)(f) }

// market returns the ledger and the market at address for a log of that
// market. A nil market, unknown to the store or not read (err), means the
// log changes nothing: Ledger.Market returns nil whenever err is not nil.
func (f *fold) market(address string) (*Ledger, *accounting.Market, error) {
	l := f.l()
	m, err := l.Market(address)
	return l, m, err
}

// Op makes an operation final. A replay leaves operations alone: their
// outcomes in the orphaned blocks were undone, the others stand.
func (f *fold) Op(e *predict.OpLog) (bool, error) {
	l := f.l()
	if l.replay {
		return false, nil
	}
	op, err := l.src.Operation(e.OpHash)
	if err != nil || op == nil {
		return false, err
	}
	if op.Status.Final() {
		return true, nil
	}
	o := &accounting.OperationOutcome{OpHash: e.OpHash, TxHash: lower(e.TxHash), Block: e.Block, Status: predict.OpConfirmed,
		Kind: op.Kind, Market: op.Market, UID: op.UID}
	if !e.Success {
		o.Status, o.Reason = predict.OpReverted, predict.CleanText(e.Reason, predict.MaxRevertReason)
		o.SettleAbandoned = op.Kind == predict.KindSettleMarket
	}
	// Another writer (the bundler, on PostgreSQL) may make the operation
	// final before the store writes it: its write stands, and Result
	// then tells nobody (accounting.Written).
	l.rec.Outcomes = append(l.rec.Outcomes, o)
	if op.UID != "" && !l.quiet {
		status := events.OpConfirmed
		if !e.Success {
			status = events.OpReverted
		}
		l.opEvents[len(l.events)] = o
		l.event(events.UserOperationStatus(op.UID, e.OpHash, status, o.Reason, e.TxHash, op.Market, op.Kind))
	}
	return true, nil
}

// MarketCreated records a new market at its initial liquidity and equal
// prices. Texts from the chain (option token names) or from a request are
// kept clean whatever their origin (predict.CleanText).
func (f *fold) MarketCreated(e *predict.MarketCreatedLog) (bool, error) {
	l := f.l()
	if l.replay {
		return false, nil
	}
	m := &e.Market
	address := lower(m.Address)
	creatorUID, err := l.uid(e.CreatorAddress)
	if err != nil {
		return false, err
	}
	n := len(m.Options)
	if n < fpmm.MinOptions || n > fpmm.MaxOptions {
		return false, fmt.Errorf("market %s: %d options", address, n)
	}
	c := &accounting.Creation{Address: address, BaseToken: lower(m.BaseToken),
		Title:       predict.CleanText(m.Title, predict.MaxChainTitle),
		Description: predict.CleanText(m.Description, predict.MaxChainLongText),
		Rules:       predict.CleanText(m.Rules, predict.MaxChainLongText),
		Category:    predict.CleanText(m.CategoryID, predict.MaxChainShortText),
		Image:       predict.CleanText(m.ImageURL, predict.MaxChainLongText),
		Liquidity:   predict.OrZero(e.InitialLiquidity), Prices: accounting.EqualPrices(n), CreatorUID: creatorUID,
		ChallengeWindow: int64(m.Resolution.ChallengeWindow.Seconds()), Bond: predict.OrZero(m.Resolution.Bond),
		DisputeFeeBps: m.Resolution.DisputeFeeBps, EarlyResolvable: m.Resolution.EarlyResolvable}
	for _, o := range m.Options {
		c.OptionAddresses = append(c.OptionAddresses, lower(o.Address))
		c.OptionTitles = append(c.OptionTitles, predict.CleanText(o.Title, predict.MaxChainOptionTitle))
	}
	for _, tag := range m.Tags {
		c.Tags = append(c.Tags, predict.CleanText(tag, predict.MaxChainShortText))
	}
	l.rec.Creations = append(l.rec.Creations, accounting.MarketCreation{Log: e, Creation: c})
	// The new market replaces any "unknown" answer for its addresses.
	l.forget(append([]string{address}, c.OptionAddresses...)...)
	nm := accounting.NewMarket(c, m.FeeBps, e.Block)
	l.markets[address] = nm
	l.register(nm)
	// The factory that emitted the log names the one topic a client can
	// follow before the market exists.
	l.event(events.MarketCreated(e.Address, address))
	return true, nil
}

// Trade moves the pool, the market's volume, fees, participants and hot
// score, and the trader's position: a buy adds its cost, a sale takes
// its share of the cost out and realizes the rest.
func (f *fold) Trade(e *predict.TradeLog) (bool, error) {
	l, m, err := f.market(e.Market)
	if m == nil {
		return false, err
	}
	if e.Option < 0 || e.Option >= len(m.Options) {
		return false, fmt.Errorf("trade on option %d of market %s with %d options", e.Option, m.Address, len(m.Options))
	}
	option := m.Options[e.Option]
	traded, err := l.isTrader(m, e.Account)
	if err != nil {
		return false, err
	}
	uid, err := l.uid(e.Account)
	if err != nil {
		return false, err
	}
	if !l.replay {
		l.rec.Trades = append(l.rec.Trades, accounting.TradeRecord{TradeLog: e, Option: option, UID: uid})
	}
	if !traded {
		m.Participants++
	}
	m.TradeCount++
	m.Volume.Add(m.Volume, e.BaseAmount)
	m.OptVolume[e.Option].Add(m.OptVolume[e.Option], e.BaseAmount)
	m.Fees.Add(m.Fees, e.Fee)
	m.Hot = accounting.HotScore(m.Hot, m.TradeCount == 1, e.BaseAmount, e.Time)
	if err := l.setBalances(m, e.Balances, e.Block); err != nil {
		return false, err
	}
	p, err := l.position(e.Account, option, m.Address)
	if err != nil {
		return false, err
	}
	if e.Side == predict.SideBuy {
		// The mint of the bought tokens came first (Transfer precedes
		// Bought): the amount is already counted, the cost is added here.
		p.Cost.Add(p.Cost, e.BaseAmount)
	} else {
		// The burn came first (Transfer precedes Sold): the amount
		// before the sale is the amount now plus the tokens sold.
		accounting.RemoveCost(p.Cost, p.Realized, new(big.Int).Add(p.Amount, e.TokenAmount), e.TokenAmount, e.BaseAmount)
	}
	l.dirty[p] = true
	l.pricePoints(m, e.Block, e.Time)
	l.event(events.MarketNewTrades(m.Address, option))
	l.priceChanges(m)
	if uid != "" {
		l.event(events.UserPositionChanged(uid, m.Address, option))
	}
	return true, nil
}

// Liquidity moves the pool and the LP's deposits or withdrawals; option
// tokens the pool sends back enter the LP's positions at the pool price
// after the event (their mints came first).
func (f *fold) Liquidity(e *predict.LiquidityLog) (bool, error) {
	l, m, err := f.market(e.Market)
	if m == nil {
		return false, err
	}
	if err := l.setBalances(m, e.Balances, e.Block); err != nil {
		return false, err
	}
	lp, err := l.lp(e.Account, m.Address)
	if err != nil {
		return false, err
	}
	if e.Kind == predict.LiquidityAdd {
		lp.Deposited.Add(lp.Deposited, e.BaseAmount)
	} else {
		lp.Withdrawn.Add(lp.Withdrawn, e.BaseAmount)
	}
	l.dirty[lp] = true
	for k, amt := range e.SentBack {
		if amt == nil || amt.Sign() == 0 || k >= len(m.Options) {
			continue
		}
		value := predict.MulWad(amt, m.Prices[k])
		p, err := l.position(e.Account, m.Options[k], m.Address)
		if err != nil {
			return false, err
		}
		p.Cost.Add(p.Cost, value)
		l.dirty[p] = true
		lp.Returned.Add(lp.Returned, value)
	}
	l.event(events.MarketInfoUpdate(m.Address, ""))
	if e.Kind == predict.LiquidityRedeem {
		// A redemption after settlement moves no price.
		l.notifyPayout(m, e.LogRef, e.Account, "liquidity", e.BaseAmount)
		return true, nil
	}
	l.pricePoints(m, e.Block, e.Time)
	l.priceChanges(m)
	return true, nil
}

// Fees pays collected trading fees to an LP.
func (f *fold) Fees(e *predict.FeesLog) (bool, error) {
	l, m, err := f.market(e.Market)
	if m == nil {
		return false, err
	}
	m.Fees.Sub(m.Fees, e.Amount)
	if m.Fees.Sign() < 0 {
		m.Fees.SetInt64(0)
	}
	l.dirty[m] = true
	lp, err := l.lp(e.Account, m.Address)
	if err != nil {
		return false, err
	}
	lp.Fees.Add(lp.Fees, e.Amount)
	l.dirty[lp] = true
	return true, nil
}

// Settled ends a market (settled → ended): the winning token is worth
// exactly one base unit from then on and the others nothing. Its holders
// and followers are notified once the batch is written (Settlement).
func (f *fold) Settled(e *predict.SettledLog) (bool, error) {
	l, m, err := f.market(e.Market)
	if m == nil {
		return false, err
	}
	if e.WinningOption < 0 || e.WinningOption >= len(m.Options) {
		return false, fmt.Errorf("market %s settled on option %d of %d", m.Address, e.WinningOption, len(m.Options))
	}
	source, note := predict.CleanText(e.Source, predict.MaxChainNote), predict.CleanText(e.Note, predict.MaxChainNote)
	if err := l.end(m, e, e.Resolver, source, note); err != nil {
		return false, err
	}
	m.Winner = e.WinningOption
	m.Prices = accounting.SettledPrices(len(m.Options), e.WinningOption)
	m.Liquidity = accounting.PoolValue(m.Balances, m.Prices)
	l.dirty[m] = true
	if !l.replay {
		l.settled = append(l.settled, accounting.Settlement{Market: m.Address, Winner: m.Options[e.WinningOption], Block: e.Block})
	}
	l.pricePoints(m, e.Block, e.Time)
	l.event(events.MarketInfoUpdate(m.Address, m.Options[e.WinningOption]))
	return true, nil
}

// Claim pays winning tokens out one base unit each: the burn came first,
// so the position's amount before the claim is its amount plus the claim.
func (f *fold) Claim(e *predict.ClaimLog) (bool, error) {
	l, m, err := f.market(e.Market)
	if m == nil {
		return false, err
	}
	if e.Option < 0 || e.Option >= len(m.Options) {
		return false, fmt.Errorf("claim of option %d of market %s", e.Option, m.Address)
	}
	option := m.Options[e.Option]
	uid, err := l.uid(e.Account)
	if err != nil {
		return false, err
	}
	if !l.replay {
		l.rec.Claims = append(l.rec.Claims, accounting.ClaimRecord{ClaimLog: e, Option: option, UID: uid})
	}
	p, err := l.position(e.Account, option, m.Address)
	if err != nil {
		return false, err
	}
	accounting.RemoveCost(p.Cost, p.Realized, new(big.Int).Add(p.Amount, e.Amount), e.Amount, e.Amount)
	l.dirty[p] = true
	m.Claimed.Add(m.Claimed, e.Amount)
	l.dirty[m] = true
	l.notifyPayout(m, e.LogRef, e.Account, "claim", e.Amount)
	l.assetChanged(uid, m.BaseToken)
	return true, nil
}

// Transfer moves a token between accounts: balances of the accounts the
// service follows, and for a market's tokens the positions, LP shares,
// supply and LP supply.
func (f *fold) Transfer(e *predict.TransferLog) (bool, error) {
	l := f.l()
	kind, err := l.token(e.Token)
	if err != nil {
		return false, err
	}
	l.tokenMarket = kind.market
	if kind.market == "" && e.KnownOnly {
		known, err := l.knownAccount(e.From)
		if err != nil {
			return false, err
		}
		if !known {
			if known, err = l.knownAccount(e.To); err != nil {
				return false, err
			}
		}
		if !known {
			return false, nil
		}
	}
	if !l.replay {
		l.rec.Transfers = append(l.rec.Transfers, e)
		// Balances are sums, so a reorg corrects them by subtracting
		// the orphaned transfers: a replay leaves them alone.
		for _, side := range []struct {
			account string
			sign    int
		}{{e.From, -1}, {e.To, 1}} {
			if side.account == predict.ZeroAddress {
				continue
			}
			b, err := l.balance(side.account, e.Token)
			if err != nil {
				return false, err
			}
			if side.sign < 0 {
				b.Amount.Sub(b.Amount, e.Amount)
			} else {
				b.Amount.Add(b.Amount, e.Amount)
			}
			b.Block = e.Block
			l.dirty[b] = true
			if kind.market == "" && !l.quiet {
				// A base token: its holder's portfolio changed.
				uid, err := l.uid(side.account)
				if err != nil {
					return false, err
				}
				l.assetChanged(uid, e.Token)
			}
		}
	}
	if kind.market == "" {
		return true, nil
	}
	m, err := l.Market(kind.market)
	if err != nil || m == nil {
		return true, err
	}
	if kind.option < 0 {
		return true, l.transferLP(m, e)
	}
	return true, l.transferOption(m, kind.option, e)
}

// end marks m ended by resolver with the log e: the settle, assert or
// arbitrate operation's user when the service knows it, else the user
// bound to the resolving account (a finalization is anyone's operation:
// the market's resolver is the asserter). The source and note of an
// assertion stay when the ending log has none.
func (l *Ledger) end(m *accounting.Market, e predict.Effect, resolver, source, note string) error {
	ref := e.Ref()
	uid := ""
	if ref.OpHash != "" {
		op, err := l.src.Operation(ref.OpHash)
		if err != nil {
			return err
		}
		if op != nil && op.Kind != predict.KindFinalizeMarket {
			uid = op.UID
		}
	}
	if uid == "" {
		var err error
		if uid, err = l.uid(resolver); err != nil {
			return err
		}
	}
	m.Status = predict.StatusEnded
	m.Resolver, m.ResolverUID, m.ResolveOp, m.SettleTx = resolver, uid, ref.OpHash, ref.TxHash
	m.SettledAt, m.SettledBlock = millis(e), ref.Block
	if source != "" || note != "" {
		m.Source, m.Note = source, note
	}
	return nil
}

// millis is the block time of an effect in unix milliseconds, 0 for none.
func millis(e predict.Effect) int64 {
	if t := e.Ref().Time; !t.IsZero() {
		return t.UnixMilli()
	}
	return 0
}
