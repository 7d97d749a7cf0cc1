package ledger_test

import (
	"fmt"
	"maps"
	"math/big"
	"slices"
	"strings"
	"testing"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/internal/accounting"
	"github.com/predict-dev/predict/internal/chainsim"
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
	escrow  = "0x00000000000000000000000000000000000000e5"
	feeBps  = 200
)

type posKey struct{ account, token string }

type book struct {
	t         *testing.T
	markets   map[string]*accounting.Market
	titles    map[string]string
	positions map[posKey]*accounting.Position
	lps       map[posKey]*accounting.LP
	balances  map[posKey]*accounting.Balance
	uids      map[string]string
	ops       map[string]*accounting.Operation
	// facts is the markets' fact log, encoded as the store keeps it;
	// transfers every transfer recorded, for the balances a reorg corrects.
	facts     []fact
	transfers []*predict.TransferLog
	notes     []string // "uid kind" of every notification written
	// orders are the limit orders by id, fills their fills.
	orders map[int64]*accounting.LimitOrder
	fills  []accounting.OrderFillRecord
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
	return &book{t: t, markets: map[string]*accounting.Market{}, titles: map[string]string{}, positions: map[posKey]*accounting.Position{},
		lps: map[posKey]*accounting.LP{}, balances: map[posKey]*accounting.Balance{}, ops: map[string]*accounting.Operation{},
		uids: map[string]string{alice: "u-alice", bob: "u-bob"}, orders: map[int64]*accounting.LimitOrder{}}
}

func copyOrder(o *accounting.LimitOrder) *accounting.LimitOrder {
	c := *o
	c.LimitPrice, c.Amount, c.Remaining, c.Filled, c.Received = cp(o.LimitPrice), cp(o.Amount), cp(o.Remaining), cp(o.Filled), cp(o.Received)
	return &c
}

func (b *book) LimitOrder(id int64) (*accounting.LimitOrder, error) {
	if o, ok := b.orders[id]; ok {
		return copyOrder(o), nil
	}
	return nil, nil
}

func cp(x *big.Int) *big.Int { return new(big.Int).Set(x) }

func cps(xs []*big.Int) []*big.Int {
	out := make([]*big.Int, len(xs))
	for i, x := range xs {
		out[i] = cp(x)
	}
	return out
}

func copyMarket(m *accounting.Market) *accounting.Market {
	c := *m
	c.Volume, c.Liquidity, c.LPSupply, c.Fees, c.Claimed = cp(m.Volume), cp(m.Liquidity), cp(m.LPSupply), cp(m.Fees), cp(m.Claimed)
	c.Options = slices.Clone(m.Options)
	c.Balances, c.Prices, c.OptVolume, c.Supply = cps(m.Balances), cps(m.Prices), cps(m.OptVolume), cps(m.Supply)
	return &c
}

func (b *book) Market(address string) (*accounting.Market, error) {
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

func (b *book) Operation(opHash string) (*accounting.Operation, error) {
	if op, ok := b.ops[opHash]; ok {
		c := *op
		return &c, nil
	}
	return nil, nil
}

func (b *book) Position(account, option string) (*accounting.Position, error) {
	if p, ok := b.positions[posKey{account, option}]; ok {
		return &accounting.Position{Market: p.Market, Amount: cp(p.Amount), Cost: cp(p.Cost), Realized: cp(p.Realized)}, nil
	}
	return &accounting.Position{Amount: new(big.Int), Cost: new(big.Int), Realized: new(big.Int)}, nil
}

func (b *book) LP(account, market string) (*accounting.LP, error) {
	if p, ok := b.lps[posKey{account, market}]; ok {
		return &accounting.LP{Amount: cp(p.Amount), Deposited: cp(p.Deposited), Withdrawn: cp(p.Withdrawn), Fees: cp(p.Fees),
			Returned: cp(p.Returned)}, nil
	}
	return &accounting.LP{Amount: new(big.Int), Deposited: new(big.Int), Withdrawn: new(big.Int), Fees: new(big.Int),
		Returned: new(big.Int)}, nil
}

func (b *book) Balance(account, token string) (*accounting.Balance, error) {
	if x, ok := b.balances[posKey{account, token}]; ok {
		return &accounting.Balance{Amount: cp(x.Amount), Block: x.Block}, nil
	}
	return &accounting.Balance{Amount: new(big.Int)}, nil
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
func (b *book) operationFinal(o *accounting.OperationOutcome) (changed bool) {
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
		b.markets[cr.Address], b.titles[cr.Address] = accounting.NewMarket(cr.Creation, cr.Log.Market.FeeBps, cr.Log.Block), cr.Title
	}
	for _, f := range c.Facts {
		b.fact(f.Market, f.Effect)
	}
	b.transfers = append(b.transfers, c.Transfers...)
	for _, m := range c.Markets {
		b.markets[m.Address] = copyMarket(m)
	}
	for _, p := range c.Positions {
		b.positions[posKey{p.Account, p.Option}] = &accounting.Position{Market: p.Market, Amount: cp(p.Amount), Cost: cp(p.Cost),
			Realized: cp(p.Realized)}
	}
	for _, p := range c.LPs {
		b.lps[posKey{p.Account, p.Market}] = &accounting.LP{Amount: cp(p.Amount), Deposited: cp(p.Deposited),
			Withdrawn: cp(p.Withdrawn), Fees: cp(p.Fees), Returned: cp(p.Returned)}
	}
	for _, x := range c.Balances {
		b.balances[posKey{x.Account, x.Token}] = &accounting.Balance{Amount: cp(x.Amount), Block: x.Block}
	}
	for _, o := range c.LimitOrders {
		b.orders[o.ID] = copyOrder(o)
	}
	b.fills = append(b.fills, c.OrderFills...)
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
		if s.Account != "" && b.uids[s.Account] != "" {
			uids = append(uids, b.uids[s.Account])
		}
		for k, p := range b.positions {
			if s.Parties || s.Account != "" {
				break
			}
			if p.Market == s.Market && p.Amount.Sign() != 0 && b.uids[k.account] != "" {
				uids = append(uids, b.uids[k.account])
			}
		}
		for k, p := range b.lps {
			if !s.Parties && s.Account == "" && k.token == s.Market && p.Amount.Sign() != 0 && b.uids[k.account] != "" {
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
		// Orders and fills are the market's aggregates too (the store's
		// replayMarket deletes them).
		for id, o := range b.orders {
			if o.Market == m {
				delete(b.orders, id)
			}
		}
		b.fills = slices.DeleteFunc(b.fills, func(f accounting.OrderFillRecord) bool { return f.Market == m })
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
	for _, id := range slices.Sorted(maps.Keys(b.orders)) {
		fmt.Fprintf(&s, "order %d %s\n", id, orderFigure(b.orders[id]))
	}
	for _, f := range b.fills {
		fmt.Fprintf(&s, "fill %d %s %d in %s out %s block %d log %d\n", f.OrderID, f.Counterparty, f.CounterOrder, f.In, f.Out, f.Block, f.LogIndex)
	}
	for _, k := range slices.SortedFunc(maps.Keys(b.balances), cmpKey) {
		if b.balances[k].Amount.Sign() == 0 {
			continue // reads as no balance
		}
		fmt.Fprintf(&s, "balance %s %s %s\n", k.account, k.token, b.balances[k].Amount)
	}
	return s.String()
}

// orderFigure renders an order's terms and state.
func orderFigure(o *accounting.LimitOrder) string {
	return fmt.Sprintf("%s %s option %d side %d price %s amount %s remaining %s filled %s received %s uid %s uuid %s",
		o.Status, o.Owner, o.Option, o.Side, o.LimitPrice, o.Amount, o.Remaining, o.Filled, o.Received, o.UID, o.UUID)
}

func cmpKey(a, b posKey) int { return strings.Compare(a.account+a.token, b.account+b.token) }

// sim is the market of the cases: chainsim's, at the cases' addresses,
// with the cases' names for its steps.
type sim struct{ *chainsim.Sim }

func newSim(t *testing.T) *sim {
	c := chainsim.New(t, market, yes, no, base, creator, "")
	c.Escrow = escrow
	c.Source, c.Resolution.Bond = "src", bond
	return &sim{c}
}

func (c *sim) next() { c.Next("") }

// ref is the position of the next log of the current block.
func (c *sim) ref(op string) predict.LogRef { return c.Ref(c.Hash(c.BlockNumber(), "tx"), op) }

func (c *sim) add(e predict.Effect) { c.Add(e) }

// batch takes the effects emitted since the last batch.
func (c *sim) batch() []predict.Effect { return c.Effects() }

func (c *sim) transfer(token, from, to string, amount *big.Int) {
	c.Transfer(c.Hash(c.BlockNumber(), "tx"), token, from, to, cp(amount))
}

func (c *sim) create(liquidity *big.Int) { c.Create(liquidity, "") }

func (c *sim) buy(account string, i int, baseIn *big.Int, op string) fpmm.BuyQuote {
	return c.Buy(account, i, baseIn, op)
}

func (c *sim) sell(account string, i int, tokens *big.Int) fpmm.SellQuote {
	return c.Sell(account, i, tokens)
}

func (c *sim) addLiquidity(account string, baseIn *big.Int) fpmm.LiquidityQuote {
	return c.AddLiquidity(account, baseIn)
}

func (c *sim) removeLiquidity(account string, lp *big.Int) fpmm.RemovalQuote {
	return c.RemoveLiquidity(account, lp)
}

func (c *sim) redeem(account string, winner int, lp *big.Int) *big.Int {
	return c.Redeem(account, winner, lp)
}

func (c *sim) fees(account string, amount *big.Int) { c.Fees(account, amount) }

func (c *sim) settle(winner int, resolver, op string) { c.Settle(winner, resolver, op) }

func (c *sim) claim(account string, i int, amount *big.Int) { c.Claim(account, i, cp(amount)) }

// The resolution of the cases: bob (a resolver) asserts with a bond of
// 10 USDC, alice disputes, arbiter decides; the dispute fee is 5% of the
// losing bond, paid to treasury.
const (
	arbiter  = "0x00000000000000000000000000000000000000ab"
	treasury = "0x00000000000000000000000000000000000000fe"
)

var bond = n(10_000000)

func (c *sim) assert(outcome int, asserter, op string) { c.Assert(outcome, asserter, op) }

func (c *sim) dispute(disputer string) { c.Dispute(disputer, "") }

// end emits the market's Settled, or Voided for predict.VoidOutcome.
func (c *sim) end(outcome int, resolver, op string) {
	c.End(c.Hash(c.BlockNumber(), "end"), outcome, resolver, op)
}

// arbitrate decides outcome: the right side (winner) gets both bonds
// minus the fee, floor(bond·500/10000).
func (c *sim) arbitrate(outcome int, winner string) {
	c.Arbitrate(outcome, arbiter, winner, treasury, new(big.Int).Quo(new(big.Int).Mul(bond, n(500)), n(10_000)), "")
}

func (c *sim) finalize(outcome int, asserter, op string) { c.Finalize(outcome, asserter, op) }

// voidClaim burns amounts of each option for floor(sum / 2).
func (c *sim) voidClaim(account string, amounts ...*big.Int) *big.Int {
	return c.VoidClaim(account, cps(amounts)...)
}

// redeemVoid burns lp of a void market for its share of every pool
// balance, paid at 1/2 each (floor of the sum / 2).
func (c *sim) redeemVoid(account string, lp *big.Int) *big.Int { return c.RedeemVoid(account, lp) }

func (c *sim) mint(account string, amount *big.Int) {
	c.transfer(base, predict.ZeroAddress, account, amount)
}
