package ledger_test

import (
	"fmt"
	"maps"
	"math/big"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/internal/accounting"
	"github.com/predict-dev/predict/internal/ledger"
	"github.com/predict-dev/predict/internal/market/fpmm"
)

// The tests run the ledger over book, an in-memory stand-in for the store
// (the real one is SQL; see internal/store): it is the Source, writes
// what Changes lists (the facts among them), and reverts
// blocks the way RevertTo does: facts above the block go, balances are
// corrected by the orphaned transfers, and each market touched is
// replayed from its remaining facts onto its state at creation.

const (
	market  = "0x00000000000000000000000000000000000000aa"
	yes     = "0x00000000000000000000000000000000000000a1"
	no      = "0x00000000000000000000000000000000000000a2"
	base    = "0x00000000000000000000000000000000000000ba"
	creator = "0x00000000000000000000000000000000000000c0"
	alice   = "0x00000000000000000000000000000000000000a0"
	bob     = "0x00000000000000000000000000000000000000b0"
	feeBps  = 200
)

type posKey struct{ account, token string }

type book struct {
	t         *testing.T
	markets   map[string]*ledger.Market
	titles    map[string]string
	positions map[posKey]*ledger.Position
	lps       map[posKey]*ledger.LP
	balances  map[posKey]*ledger.Balance
	uids      map[string]string
	ops       map[string]*ledger.Operation
	// facts is the markets' fact log, encoded as the store keeps it;
	// transfers every transfer recorded, for the balances a reorg corrects.
	facts     []fact
	transfers []*predict.TransferLog
	notes     []string // "uid kind" of every notification written
	// finalElsewhere holds operations another writer makes final between
	// the ledger's read and its write (the bundler, on PostgreSQL).
	finalElsewhere map[string]bool
}

// fact is one entry of a market's fact log.
type fact struct {
	market, kind string
	block        uint64
	body         []byte
}

func (f fact) effect(t *testing.T) predict.Effect {
	t.Helper()
	e, err := predict.DecodeEffect(f.kind, f.body)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

func newBook(t *testing.T) *book {
	return &book{t: t, markets: map[string]*ledger.Market{}, titles: map[string]string{}, positions: map[posKey]*ledger.Position{},
		lps: map[posKey]*ledger.LP{}, balances: map[posKey]*ledger.Balance{}, ops: map[string]*ledger.Operation{},
		uids: map[string]string{alice: "u-alice", bob: "u-bob"}}
}

func cp(x *big.Int) *big.Int { return new(big.Int).Set(x) }

func cps(xs []*big.Int) []*big.Int {
	out := make([]*big.Int, len(xs))
	for i, x := range xs {
		out[i] = cp(x)
	}
	return out
}

func copyMarket(m *ledger.Market) *ledger.Market {
	c := *m
	c.Volume, c.Liquidity, c.LPSupply, c.Fees, c.Claimed = cp(m.Volume), cp(m.Liquidity), cp(m.LPSupply), cp(m.Fees), cp(m.Claimed)
	c.Options = slices.Clone(m.Options)
	c.Balances, c.Prices, c.OptVolume, c.Supply = cps(m.Balances), cps(m.Prices), cps(m.OptVolume), cps(m.Supply)
	return &c
}

func (b *book) Market(address string) (*ledger.Market, error) {
	m, ok := b.markets[address]
	if !ok {
		return nil, nil
	}
	return copyMarket(m), nil
}

func (b *book) Token(address string) (string, int, error) {
	for _, m := range b.markets {
		if m.Address == address {
			return m.Address, -1, nil
		}
		if i := slices.Index(m.Options, address); i >= 0 {
			return m.Address, i, nil
		}
	}
	return "", 0, nil
}

func (b *book) UID(account string) (string, error) { return b.uids[account], nil }

func (b *book) Operation(opHash string) (*ledger.Operation, error) {
	if op, ok := b.ops[opHash]; ok {
		c := *op
		return &c, nil
	}
	return nil, nil
}

func (b *book) Position(account, option string) (*ledger.Position, error) {
	if p, ok := b.positions[posKey{account, option}]; ok {
		return &ledger.Position{Market: p.Market, Amount: cp(p.Amount), Cost: cp(p.Cost), Realized: cp(p.Realized)}, nil
	}
	return &ledger.Position{Amount: new(big.Int), Cost: new(big.Int), Realized: new(big.Int)}, nil
}

func (b *book) LP(account, market string) (*ledger.LP, error) {
	if p, ok := b.lps[posKey{account, market}]; ok {
		return &ledger.LP{Amount: cp(p.Amount), Deposited: cp(p.Deposited), Withdrawn: cp(p.Withdrawn), Fees: cp(p.Fees),
			Returned: cp(p.Returned)}, nil
	}
	return &ledger.LP{Amount: new(big.Int), Deposited: new(big.Int), Withdrawn: new(big.Int), Fees: new(big.Int),
		Returned: new(big.Int)}, nil
}

func (b *book) Balance(account, token string) (*ledger.Balance, error) {
	if x, ok := b.balances[posKey{account, token}]; ok {
		return &ledger.Balance{Amount: cp(x.Amount), Block: x.Block}, nil
	}
	return &ledger.Balance{Amount: new(big.Int)}, nil
}

func (b *book) Traded(market, account string) (bool, error) {
	for _, f := range b.facts {
		if tr, ok := f.effect(b.t).(*predict.TradeLog); ok && tr.Market == market && tr.Account == account {
			return true, nil
		}
	}
	return false, nil
}

// operationFinal makes an operation final unless it already is, as the
// store's guarded update: changed is false when it was.
func (b *book) operationFinal(o *ledger.OperationOutcome) (changed bool) {
	op := b.ops[o.OpHash]
	if op.Status.Final() || b.finalElsewhere[o.OpHash] {
		return false
	}
	op.Status = o.Status
	b.notes = append(b.notes, o.UID+" "+predict.NotifyOperation)
	return true
}

// fact keeps the effect encoded, as the store does: a replay decodes it,
// so every case's reorg checks the encoding too.
func (b *book) fact(market string, e predict.Effect) {
	body, err := predict.EncodeEffect(e)
	if err != nil {
		b.t.Fatal(err)
	}
	b.facts = append(b.facts, fact{market: market, kind: e.LogKind(), block: e.Ref().Block, body: body})
}

// parties are the users of a market's asserter and disputer (the store's
// notifyMarket finds them in resolution_events).
func (b *book) parties(market string) []string {
	var uids []string
	for _, f := range b.facts {
		switch e := f.effect(b.t).(type) {
		case *predict.AssertedLog:
			if e.Market == market && b.uids[e.Asserter] != "" {
				uids = append(uids, b.uids[e.Asserter])
			}
		case *predict.DisputedLog:
			if e.Market == market && b.uids[e.Disputer] != "" {
				uids = append(uids, b.uids[e.Disputer])
			}
		}
	}
	return uids
}

// commit writes what l decided, as the store's Write does, and returns
// what the writing found.
func (b *book) commit(l *ledger.Ledger) *accounting.Written {
	b.t.Helper()
	c, err := l.Changes()
	if err != nil {
		b.t.Fatal(err)
	}
	w := &accounting.Written{Unchanged: map[string]bool{}}
	for _, cr := range c.Creations {
		b.markets[cr.Address], b.titles[cr.Address] = ledger.NewMarket(cr.Creation, cr.Log.Market.FeeBps, cr.Log.Block), cr.Title
	}
	for _, f := range c.Facts {
		b.fact(f.Market, f.Effect)
	}
	b.transfers = append(b.transfers, c.Transfers...)
	for _, m := range c.Markets {
		b.markets[m.Address] = copyMarket(m)
	}
	for _, p := range c.Positions {
		b.positions[posKey{p.Account, p.Option}] = &ledger.Position{Market: p.Market, Amount: cp(p.Amount), Cost: cp(p.Cost),
			Realized: cp(p.Realized)}
	}
	for _, p := range c.LPs {
		b.lps[posKey{p.Account, p.Market}] = &ledger.LP{Amount: cp(p.Amount), Deposited: cp(p.Deposited),
			Withdrawn: cp(p.Withdrawn), Fees: cp(p.Fees), Returned: cp(p.Returned)}
	}
	for _, x := range c.Balances {
		b.balances[posKey{x.Account, x.Token}] = &ledger.Balance{Amount: cp(x.Amount), Block: x.Block}
	}
	for _, o := range c.Outcomes {
		if !b.operationFinal(o) {
			w.Unchanged[o.OpHash] = true
		}
	}
	// The holders of a settled market's tokens or LP shares are notified
	// (notifySettled in the store).
	for _, s := range c.Settlements {
		kind := s.Kind
		if kind == "" {
			kind = predict.NotifyMarketSettled
		}
		var uids []string
		if s.Parties {
			uids = b.parties(s.Market)
		}
		for k, p := range b.positions {
			if s.Parties {
				break
			}
			if p.Market == s.Market && p.Amount.Sign() != 0 && b.uids[k.account] != "" {
				uids = append(uids, b.uids[k.account])
			}
		}
		for k, p := range b.lps {
			if !s.Parties && k.token == s.Market && p.Amount.Sign() != 0 && b.uids[k.account] != "" {
				uids = append(uids, b.uids[k.account])
			}
		}
		slices.Sort(uids)
		uids = slices.Compact(uids)
		for _, u := range uids {
			b.notes = append(b.notes, u+" "+kind)
		}
		w.Notified = append(w.Notified, uids...)
	}
	return w
}

// apply applies effects as one batch and returns the result.
func (b *book) apply(effects ...predict.Effect) *ledger.Result {
	b.t.Helper()
	l := ledger.New(b)
	for _, e := range effects {
		if _, err := l.Apply(e); err != nil {
			b.t.Fatalf("apply %s: %v", e.LogKind(), err)
		}
	}
	res, err := l.Result(b.commit(l))
	if err != nil {
		b.t.Fatal(err)
	}
	return res
}

// revert undoes the blocks above block, as the store's RevertTo.
func (b *book) revert(block uint64) {
	b.t.Helper()
	var kept []fact
	touched := map[string]bool{}
	for _, f := range b.facts {
		if f.block <= block {
			kept = append(kept, f)
			continue
		}
		touched[f.market] = true
	}
	b.facts = kept
	var transfers []*predict.TransferLog
	for _, tr := range b.transfers {
		if tr.Block <= block {
			transfers = append(transfers, tr)
			continue
		}
		for _, side := range []struct {
			account string
			sign    int64
		}{{tr.From, 1}, {tr.To, -1}} {
			if side.account != predict.ZeroAddress {
				x := b.balances[posKey{side.account, tr.Token}].Amount
				x.Add(x, new(big.Int).Mul(tr.Amount, big.NewInt(side.sign)))
			}
		}
	}
	b.transfers = transfers
	for m := range touched {
		for k, p := range b.positions {
			if p.Market == m {
				delete(b.positions, k)
			}
		}
		for k := range b.lps {
			if k.token == m {
				delete(b.lps, k)
			}
		}
		var facts []predict.Effect
		for _, f := range kept {
			if f.market == m {
				facts = append(facts, f.effect(b.t))
			}
		}
		l := ledger.Replay(b)
		if lm, err := l.Rebuild(m, false, facts); err != nil || lm == nil {
			b.t.Fatalf("replay %s: %v", m, err)
		}
		b.commit(l)
	}
}

// state renders every aggregate, for comparing states.
func (b *book) state() string {
	var s strings.Builder
	for _, a := range slices.Sorted(maps.Keys(b.markets)) {
		m := b.markets[a]
		fmt.Fprintf(&s, "market %s %s vol %s liq %s lp %s fees %s trades %d participants %d hot %.9f winner %d void %v claimed %s pool %v prices %v optvol %v supply %v source %q\n",
			a, m.Status, m.Volume, m.Liquidity, m.LPSupply, m.Fees, m.TradeCount, m.Participants, m.Hot, m.Winner, m.Void, m.Claimed,
			m.Balances, m.Prices, m.OptVolume, m.Supply, m.Source)
	}
	for _, k := range slices.SortedFunc(maps.Keys(b.positions), cmpKey) {
		p := b.positions[k]
		fmt.Fprintf(&s, "position %s %s %s cost %s realized %s\n", k.account, k.token, p.Amount, p.Cost, p.Realized)
	}
	for _, k := range slices.SortedFunc(maps.Keys(b.lps), cmpKey) {
		p := b.lps[k]
		fmt.Fprintf(&s, "lp %s %s %s in %s out %s fees %s returned %s\n", k.account, k.token, p.Amount, p.Deposited, p.Withdrawn,
			p.Fees, p.Returned)
	}
	for _, k := range slices.SortedFunc(maps.Keys(b.balances), cmpKey) {
		if b.balances[k].Amount.Sign() == 0 {
			continue // reads as no balance
		}
		fmt.Fprintf(&s, "balance %s %s %s\n", k.account, k.token, b.balances[k].Amount)
	}
	return s.String()
}

func cmpKey(a, b posKey) int { return strings.Compare(a.account+a.token, b.account+b.token) }

// sim emits effects the way the contracts do, with the pool math of fpmm
// (the same sequence as storetest.ChainSim).
type sim struct {
	t        *testing.T
	block    uint64
	index    uint
	balances []*big.Int
	supply   *big.Int // LP supply
	effects  []predict.Effect
}

func (c *sim) next() {
	c.block++
	c.index = 0
}

func (c *sim) ref(op string) predict.LogRef {
	r := predict.LogRef{Block: c.block, BlockHash: fmt.Sprintf("0x%064x", c.block), LogIndex: c.index,
		TxHash: fmt.Sprintf("0x%x%02x", c.block, c.index), Time: time.Unix(1_800_000_000+int64(c.block)*2, 0).UTC(), OpHash: op}
	c.index++
	return r
}

func (c *sim) add(e predict.Effect) { c.effects = append(c.effects, e) }

// batch takes the effects emitted since the last batch.
func (c *sim) batch() []predict.Effect {
	out := c.effects
	c.effects = nil
	return out
}

func (c *sim) transfer(token, from, to string, amount *big.Int) {
	c.add(&predict.TransferLog{LogRef: c.ref(""), Token: token, From: from, To: to, Amount: cp(amount)})
}

func (c *sim) create(liquidity *big.Int) {
	c.next()
	m := predict.Market{Address: market, Title: "Sim market", BaseToken: base, FeeBps: feeBps,
		Options: []predict.Option{{Address: yes, Title: "Yes"}, {Address: no, Index: 1, Title: "No"}}}
	c.add(&predict.MarketCreatedLog{LogRef: c.ref(""), Market: m, CreatorAddress: creator, InitialLiquidity: liquidity})
	c.transfer(base, creator, market, liquidity)
	c.transfer(market, predict.ZeroAddress, creator, liquidity)
	c.balances, c.supply = []*big.Int{cp(liquidity), cp(liquidity)}, cp(liquidity)
	c.add(&predict.LiquidityLog{LogRef: c.ref(""), Market: market, Account: creator, Kind: predict.LiquidityAdd,
		BaseAmount: liquidity, LPAmount: liquidity, SentBack: []*big.Int{big.NewInt(0), big.NewInt(0)}, Balances: cps(c.balances)})
}

func (c *sim) buy(account string, i int, baseIn *big.Int, op string) fpmm.BuyQuote {
	q, err := fpmm.QuoteBuy(c.balances, feeBps, i, baseIn)
	if err != nil {
		c.t.Fatal(err)
	}
	invested := new(big.Int).Sub(baseIn, q.Fee)
	for k := range c.balances {
		c.balances[k].Add(c.balances[k], invested)
	}
	c.balances[i].Sub(c.balances[i], q.TokensOut)
	c.transfer(base, account, market, baseIn)
	c.transfer([]string{yes, no}[i], predict.ZeroAddress, account, q.TokensOut)
	c.add(&predict.TradeLog{LogRef: c.ref(op), Market: market, Account: account, Option: i, Side: predict.SideBuy,
		BaseAmount: baseIn, TokenAmount: q.TokensOut, Fee: q.Fee, Balances: cps(c.balances)})
	return q
}

func (c *sim) sell(account string, i int, tokens *big.Int) fpmm.SellQuote {
	q, err := fpmm.QuoteSell(c.balances, feeBps, i, tokens)
	if err != nil {
		c.t.Fatal(err)
	}
	gross := new(big.Int).Add(q.BaseOut, q.Fee)
	c.balances[i].Add(c.balances[i], tokens)
	for k := range c.balances {
		c.balances[k].Sub(c.balances[k], gross)
	}
	c.transfer([]string{yes, no}[i], account, predict.ZeroAddress, tokens)
	c.transfer(base, market, account, q.BaseOut)
	c.add(&predict.TradeLog{LogRef: c.ref(""), Market: market, Account: account, Option: i, Side: predict.SideSell,
		BaseAmount: q.BaseOut, TokenAmount: tokens, Fee: q.Fee, Balances: cps(c.balances)})
	return q
}

func (c *sim) addLiquidity(account string, baseIn *big.Int) fpmm.LiquidityQuote {
	q, err := fpmm.QuoteAddLiquidity(c.balances, c.supply, baseIn)
	if err != nil {
		c.t.Fatal(err)
	}
	c.balances = cps(q.Balances)
	c.supply.Add(c.supply, q.LPMinted)
	c.transfer(base, account, market, baseIn)
	c.transfer(market, predict.ZeroAddress, account, q.LPMinted)
	c.mintEach(account, q.SentBack)
	c.add(&predict.LiquidityLog{LogRef: c.ref(""), Market: market, Account: account, Kind: predict.LiquidityAdd,
		BaseAmount: baseIn, LPAmount: q.LPMinted, SentBack: cps(q.SentBack), Balances: cps(c.balances)})
	return q
}

func (c *sim) removeLiquidity(account string, lp *big.Int) fpmm.RemovalQuote {
	q, err := fpmm.QuoteRemoveLiquidity(c.balances, c.supply, lp)
	if err != nil {
		c.t.Fatal(err)
	}
	c.balances = cps(q.Balances)
	c.supply.Sub(c.supply, lp)
	c.transfer(market, account, predict.ZeroAddress, lp)
	c.mintEach(account, q.SentBack)
	c.transfer(base, market, account, q.BaseOut)
	c.add(&predict.LiquidityLog{LogRef: c.ref(""), Market: market, Account: account, Kind: predict.LiquidityRemove,
		BaseAmount: q.BaseOut, LPAmount: cp(lp), SentBack: cps(q.SentBack), Balances: cps(c.balances)})
	return q
}

// redeem burns lp after settlement for its share of the winning balance.
func (c *sim) redeem(account string, winner int, lp *big.Int) *big.Int {
	out := new(big.Int).Mul(c.balances[winner], lp)
	out.Quo(out, c.supply)
	for k := range c.balances {
		share := new(big.Int).Mul(c.balances[k], lp)
		c.balances[k].Sub(c.balances[k], share.Quo(share, c.supply))
	}
	c.supply.Sub(c.supply, lp)
	c.transfer(market, account, predict.ZeroAddress, lp)
	c.transfer(base, market, account, out)
	c.add(&predict.LiquidityLog{LogRef: c.ref(""), Market: market, Account: account, Kind: predict.LiquidityRedeem,
		BaseAmount: out, LPAmount: cp(lp), Balances: cps(c.balances)})
	return out
}

func (c *sim) fees(account string, amount *big.Int) {
	c.transfer(base, market, account, amount)
	c.add(&predict.FeesLog{LogRef: c.ref(""), Market: market, Account: account, Amount: cp(amount)})
}

func (c *sim) settle(winner int, resolver, op string) {
	c.add(&predict.SettledLog{LogRef: c.ref(op), Market: market, WinningOption: winner, Resolver: resolver, Source: "src"})
}

func (c *sim) claim(account string, i int, amount *big.Int) {
	c.transfer([]string{yes, no}[i], account, predict.ZeroAddress, amount)
	c.transfer(base, market, account, amount)
	c.add(&predict.ClaimLog{LogRef: c.ref(""), Market: market, Account: account, Option: i, Amount: cp(amount)})
}

// The resolution of the cases: bob (a resolver) asserts with a bond of
// 10 USDC, alice disputes, arbiter decides; the dispute fee is 5% of the
// losing bond, paid to treasury.
const (
	arbiter  = "0x00000000000000000000000000000000000000ab"
	treasury = "0x00000000000000000000000000000000000000fe"
)

var bond = n(10_000000)

func (c *sim) assert(outcome int, asserter, op string) {
	c.transfer(base, asserter, market, bond)
	c.add(&predict.AssertedLog{LogRef: c.ref(op), Market: market, Outcome: outcome, Asserter: asserter, Bond: cp(bond),
		ChallengeEnd: time.Unix(1_800_007_200, 0).UTC(), Source: "src"})
}

func (c *sim) dispute(disputer string) {
	c.transfer(base, disputer, market, bond)
	c.add(&predict.DisputedLog{LogRef: c.ref(""), Market: market, Disputer: disputer, Bond: cp(bond)})
}

// end emits the market's Settled, or Voided for predict.VoidOutcome.
func (c *sim) end(outcome int, resolver, op string) {
	if outcome == predict.VoidOutcome {
		c.add(&predict.VoidedLog{LogRef: c.ref(op), Market: market, Resolver: resolver})
		return
	}
	c.add(&predict.SettledLog{LogRef: c.ref(op), Market: market, WinningOption: outcome, Resolver: resolver})
}

// arbitrate decides outcome: the right side (winner) gets both bonds
// minus the fee, floor(bond·500/10000).
func (c *sim) arbitrate(outcome int, winner string) {
	fee := new(big.Int).Quo(new(big.Int).Mul(bond, n(500)), n(10_000))
	payout := new(big.Int).Sub(new(big.Int).Mul(bond, n(2)), fee)
	c.add(&predict.ArbitratedLog{LogRef: c.ref(""), Market: market, Outcome: outcome, Arbitrator: arbiter, BondWinner: winner,
		Payout: payout, Fee: fee, Treasury: treasury})
	c.end(outcome, arbiter, "")
	c.transfer(base, market, winner, payout)
	c.transfer(base, market, treasury, fee)
}

func (c *sim) finalize(outcome int, asserter, op string) {
	c.add(&predict.FinalizedLog{LogRef: c.ref(op), Market: market, Outcome: outcome, Asserter: asserter, BondReturned: cp(bond)})
	c.end(outcome, asserter, op)
	c.transfer(base, market, asserter, bond)
}

// voidClaim burns amounts of each option for floor(sum / 2).
func (c *sim) voidClaim(account string, amounts ...*big.Int) *big.Int {
	total := new(big.Int)
	for k, a := range amounts {
		if a.Sign() > 0 {
			c.transfer([]string{yes, no}[k], account, predict.ZeroAddress, a)
			total.Add(total, a)
		}
	}
	out := total.Quo(total, n(int64(len(amounts))))
	c.transfer(base, market, account, out)
	c.add(&predict.VoidClaimLog{LogRef: c.ref(""), Market: market, Account: account, Amounts: cps(amounts), BaseOut: cp(out)})
	return out
}

// redeemVoid burns lp of a void market for its share of every pool
// balance, paid at 1/2 each (floor of the sum / 2).
func (c *sim) redeemVoid(account string, lp *big.Int) *big.Int {
	total := new(big.Int)
	for k := range c.balances {
		share := new(big.Int).Mul(c.balances[k], lp)
		share.Quo(share, c.supply)
		c.balances[k].Sub(c.balances[k], share)
		total.Add(total, share)
	}
	out := total.Quo(total, n(2))
	c.supply.Sub(c.supply, lp)
	c.transfer(market, account, predict.ZeroAddress, lp)
	c.transfer(base, market, account, out)
	c.add(&predict.LiquidityLog{LogRef: c.ref(""), Market: market, Account: account, Kind: predict.LiquidityRedeem,
		BaseAmount: out, LPAmount: cp(lp), Balances: cps(c.balances)})
	return out
}

// mintEach mints amounts[k] of option k to account, where not zero (the
// option tokens a pool change sends back).
func (c *sim) mintEach(account string, amounts []*big.Int) {
	for k, x := range amounts {
		if x.Sign() > 0 {
			c.transfer([]string{yes, no}[k], predict.ZeroAddress, account, x)
		}
	}
}

func (c *sim) mint(account string, amount *big.Int) {
	c.transfer(base, predict.ZeroAddress, account, amount)
}
