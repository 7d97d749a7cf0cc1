package chain_test

import (
	"fmt"
	"math/big"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/accounts/abi/bind"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"

	"github.com/predict-dev/predict/internal/chain/bindings"
	"github.com/predict-dev/predict/internal/market/fpmm"
	"github.com/predict-dev/predict/internal/market/orders"
	"github.com/predict-dev/predict/internal/matcher"
)

// TestLimitOrdersPropertyMirror runs random sequences on the LimitOrders escrow and on its Go
// mirror (internal/market/orders, over the fpmm pool mirror): several users place buy and sell
// orders (some post-only, some short-lived, some refused) on two or three markets at once, trade
// directly with the pools so that prices move, and cancel (alone, in batches, or someone else's
// once expired); the operator and others fill orders from the pools and match crossing orders;
// the chain clock moves so that orders expire and markets end, and markets settle; now and
// then the service's matcher plans a market on the mirror and its fills are sent as planned. Several
// transactions go into each block (strictly decreasing tips keep the planned order). After every
// block it checks, to the unit, every order's remainder, every pool, every account's USDC and
// option tokens, and that the escrow holds of every token exactly the sum of the open orders'
// remainders; every OrderFilled event is checked against the mirror and against its order's
// limit. A sequence ends with every owner cancelling what is left, which must empty the escrow.
//
// PREDICT_LONG_TESTS=1 runs many more sequences; PREDICT_PROPERTY_SEED=<n> replays a seed.
func TestLimitOrdersPropertyMirror(t *testing.T) {
	sequences, budget, rng := propertyRun(t, 40, 30*time.Second, 2000, 4, 0x5851f42d4c957f2d)

	e := loNewEnv(t, 4)
	book := orders.NewBook()
	start := time.Now()
	st := loStats{ok: map[string]int{}, refused: map[string]int{}, reasons: map[string]int{}}
	seqs := 0
	for seqs < sequences && time.Since(start) < budget && !t.Failed() {
		loRunSequence(t, e, book, rng, &st)
		seqs++
	}
	t.Logf("property: %d sequences, %d transactions in %d blocks, %v; succeeded %v; refused %v; refusals %v",
		seqs, st.txs, st.blocks, time.Since(start).Round(time.Millisecond), st.ok, st.refused, st.reasons)
}

type loStats struct {
	txs, blocks int
	ok, refused map[string]int // by kind of step
	reasons     map[string]int // refusals by the mirror's error
}

// loModel is the expected state of a sequence: the mirror book (shared across sequences, as the
// contract is) with this sequence's markets, and every balance the steps move.
type loModel struct {
	book    *orders.Book
	markets []*loMarket
	byKey   map[string]*loMarket
	bal     map[common.Address]map[common.Address]*big.Int // token -> account -> balance
	first   uint64                                         // first order id of the sequence
	users   []*ctAccount
}

type loMarket struct {
	mk  *ctMarket
	key string
	m   *orders.Market
}

func (m *loModel) balance(token, a common.Address) *big.Int {
	if m.bal[token] == nil {
		m.bal[token] = map[common.Address]*big.Int{}
	}
	if m.bal[token][a] == nil {
		m.bal[token][a] = new(big.Int)
	}
	return m.bal[token][a]
}

func (m *loModel) add(token, a common.Address, v *big.Int) {
	b := m.balance(token, a)
	b.Add(b, v)
}

func (m *loModel) sub(token, a common.Address, v *big.Int) {
	b := m.balance(token, a)
	b.Sub(b, v)
}

// loStep is a planned transaction with its kind, for the statistics.
type loStep struct {
	*ctStep
	kind   string
	reason error // the mirror's refusal, for the statistics
}

// refuse marks the step as one the chain must refuse, for the mirror's reason err.
func (s *loStep) refuse(err error) *loStep {
	s.reverting()
	s.reason = err
	return s
}

// loPlanner plans the steps of one block at block time lo, the earliest the block can have;
// hi is the latest. A step whose outcome depends on a time x with lo < x <= hi is not planned.
type loPlanner struct {
	t      *testing.T
	e      *loEnv
	m      *loModel
	rng    *rand.Rand
	lo, hi uint64
}

func (p *loPlanner) ambiguous(x uint64) bool { return p.lo < x && x <= p.hi }

func (p *loPlanner) user() *ctAccount { return p.m.users[p.rng.IntN(len(p.m.users))] }

func (p *loPlanner) market() *loMarket { return p.m.markets[p.rng.IntN(len(p.m.markets))] }

func loRunSequence(t *testing.T, e *loEnv, book *orders.Book, rng *rand.Rand, st *loStats) {
	t.Helper()
	m := &loModel{book: book, byKey: map[string]*loMarket{}, bal: map[common.Address]map[common.Address]*big.Int{},
		first: book.Count + 1, users: e.users}
	for k := 2 + rng.IntN(2); k > 0; k-- {
		n := 2 + rng.IntN(4)
		fee := []uint64{0, 30, 200, 1000}[rng.IntN(4)]
		liquidity := new(big.Int).Add(ctLogUniform(rng, 11), big.NewInt(1_000_000))
		d := 24 * time.Hour
		if rng.IntN(3) == 0 {
			d = time.Duration(600+rng.IntN(900)) * time.Second // ends during the sequence
		}
		mk := e.market(n, fee, liquidity, d)
		pool, err := fpmm.NewPool(n, fee, ctKey(e.operator.addr), liquidity)
		if err != nil {
			t.Fatal(err)
		}
		lm := &loMarket{mk: mk, key: ctKey(mk.addr), m: &orders.Market{Pool: pool, EndTime: mk.endTime, BaseToken: ctKey(e.usdcAddr)}}
		for _, o := range mk.options {
			lm.m.OptionTokens = append(lm.m.OptionTokens, ctKey(o))
		}
		if err := book.AddMarket(lm.key, lm.m); err != nil {
			t.Fatal(err)
		}
		m.markets = append(m.markets, lm)
		m.byKey[lm.key] = lm
	}
	e.topUp()
	for _, tok := range loTokens(e, m) {
		for _, a := range e.accounts() {
			m.balance(tok, a.addr).Set(loBalance(t, e, tok, a.addr))
		}
	}

	exec := func(steps []*loStep) {
		if len(steps) == 0 {
			return
		}
		cs := make([]*ctStep, len(steps))
		for i, s := range steps {
			cs[i] = s.ctStep
			if s.revert {
				st.refused[s.kind]++
				if s.reason != nil {
					st.reasons[s.kind+": "+s.reason.Error()]++
				}
			} else {
				st.ok[s.kind]++
			}
		}
		ctExecute(t, e.ctEnv, nil, cs)
		st.txs += len(steps)
		st.blocks++
		loCheckModel(t, e, m, fmt.Sprintf("block %d", st.blocks))
	}

	// Everyone starts with tokens of every option to sell.
	p := &loPlanner{t: t, e: e, m: m, rng: rng}
	p.lo, p.hi = e.nextBlockTime()
	var steps []*loStep
	for _, u := range e.users {
		for _, lm := range m.markets {
			for opt := range lm.m.Pool.Balances {
				if s := p.trade(u, lm, opt); s != nil {
					steps = append(steps, s)
				}
			}
		}
	}
	exec(steps)

	for planned, total := 0, 30+rng.IntN(40); planned < total && !t.Failed(); {
		p.lo, p.hi = e.nextBlockTime()
		steps = steps[:0]
		for i := 1 + rng.IntN(6); i > 0 && planned < total; i-- {
			planned++
			if s := p.step(); s != nil {
				steps = append(steps, s)
			}
		}
		if rng.IntN(3) == 0 {
			steps = append(steps, p.matcherRound()...)
		}
		exec(steps)
		if rng.IntN(12) == 0 {
			e.advance(uint64(60 + rng.IntN(400)))
		}
	}
	if t.Failed() {
		return
	}
	// Every owner cancels what it has left: the escrow must be empty after.
	p.lo, p.hi = e.nextBlockTime()
	steps = steps[:0]
	for _, u := range e.users {
		var ids []uint64
		for id := uint64(1); id <= book.Count; id++ {
			if o := book.Order(id); o.Open() && o.Owner == ctKey(u.addr) {
				ids = append(ids, id)
			}
		}
		if len(ids) > 0 {
			steps = append(steps, p.cancelMany(u, ids))
		}
	}
	exec(steps)
	if len(book.Escrow()) != 0 {
		t.Errorf("mirror escrow left after every owner cancelled: %v", book.Escrow())
	}
	ctEqual(t, "escrow USDC after the drain", loBalance(t, e, e.usdcAddr, e.addr), new(big.Int))
}

// loTokens lists the tokens whose balances the sequence follows: USDC and its markets' options.
func loTokens(e *loEnv, m *loModel) []common.Address {
	toks := []common.Address{e.usdcAddr}
	for _, lm := range m.markets {
		toks = append(toks, lm.mk.options...)
	}
	return toks
}

func (p *loPlanner) step() *loStep {
	switch r := p.rng.IntN(100); {
	case r < 16:
		return p.trade(p.user(), p.market(), -1)
	case r < 40:
		return p.place()
	case r < 62:
		return p.fill()
	case r < 80:
		return p.match()
	case r < 90:
		return p.cancel()
	case r < 99:
		u := p.user()
		var ids []uint64
		for id := p.m.first; id <= p.m.book.Count; id++ {
			if p.m.book.Order(id).Owner == ctKey(u.addr) && p.rng.IntN(3) == 0 {
				ids = append(ids, id)
			}
		}
		if p.rng.IntN(8) == 0 { // someone else's order: refused unless expired
			if o := p.pick(true); o != nil && !p.ambiguous(o.Expiry) {
				ids = append(ids, o.ID)
			}
		}
		if len(ids) == 0 {
			return nil
		}
		return p.cancelMany(u, ids)
	default:
		return p.settle()
	}
}

// trade plans a direct buy or sell of a random option on a market's pool by a, or a buy of
// option buyOpt if it is not negative.
func (p *loPlanner) trade(a *ctAccount, lm *loMarket, buyOpt int) *loStep {
	if p.ambiguous(lm.m.EndTime) {
		return nil
	}
	rng := p.rng
	pool := lm.m.Pool
	opt, forceBuy := buyOpt, buyOpt >= 0
	if !forceBuy {
		opt = rng.IntN(len(pool.Balances))
	}
	tok := lm.mk.options[opt]
	held := p.m.balance(tok, a.addr)
	ended := p.lo >= lm.m.EndTime
	dl := new(big.Int).SetUint64(p.hi + 3600)
	if !forceBuy && held.Sign() > 0 && rng.IntN(2) == 0 {
		amount := ctFraction(rng, held)
		s := &loStep{kind: "trade", ctStep: &ctStep{desc: fmt.Sprintf("sell(%d, %v) on %s by %s", opt, amount, lm.key[:8], a.addr.Hex()[:8]), from: a}}
		s.send = func(o *bind.TransactOpts) (*types.Transaction, error) {
			return lm.mk.m.Sell(o, big.NewInt(int64(opt)), amount, big.NewInt(0), dl)
		}
		if ended {
			s.reverting()
			return s
		}
		q, err := pool.Sell(opt, amount)
		if err != nil {
			return s.refuse(err)
		}
		p.m.sub(tok, a.addr, amount)
		p.m.add(p.e.usdcAddr, a.addr, q.BaseOut)
		return s
	}
	baseIn := ctFraction(rng, slices.MaxFunc(pool.Balances, (*big.Int).Cmp))
	switch {
	case forceBuy: // a start that leaves something to sell
		baseIn = new(big.Int).Mul(slices.MaxFunc(pool.Balances, (*big.Int).Cmp), big.NewInt(int64(1+rng.IntN(100))))
		baseIn.Quo(baseIn, big.NewInt(1000)).Add(baseIn, big.NewInt(1000))
	case rng.IntN(3) == 0:
		baseIn = ctLogUniform(rng, 6)
	}
	if limit := big.NewInt(1e13); baseIn.Cmp(limit) > 0 {
		baseIn = limit
	}
	s := &loStep{kind: "trade", ctStep: &ctStep{desc: fmt.Sprintf("buy(%d, %v) on %s by %s", opt, baseIn, lm.key[:8], a.addr.Hex()[:8]), from: a}}
	s.send = func(o *bind.TransactOpts) (*types.Transaction, error) {
		return lm.mk.m.Buy(o, big.NewInt(int64(opt)), baseIn, big.NewInt(0), dl)
	}
	if ended {
		s.reverting()
		return s
	}
	q, err := pool.Buy(opt, baseIn)
	if err != nil {
		return s.refuse(err)
	}
	p.m.sub(p.e.usdcAddr, a.addr, baseIn)
	p.m.add(tok, a.addr, q.TokensOut)
	return s
}

// limitNear is a limit price around the pool's price of opt (half to one and a half times it),
// now and then an extreme or an invalid one.
func (p *loPlanner) limitNear(lm *loMarket, opt int) *big.Int {
	rng := p.rng
	switch rng.IntN(40) {
	case 0:
		return big.NewInt(0)
	case 1:
		return new(big.Int).Set(orders.One)
	case 2:
		return big.NewInt(1)
	case 3:
		return new(big.Int).Sub(orders.One, big.NewInt(1))
	}
	base := new(big.Int).Rsh(orders.One, 1)
	if prices, err := lm.m.Pool.Prices(); err == nil && opt < len(prices) {
		base = prices[opt]
	}
	v := new(big.Int).Mul(base, big.NewInt(int64(500+rng.IntN(1001))))
	v.Quo(v, big.NewInt(1000))
	if v.Sign() <= 0 {
		v.SetInt64(1)
	}
	if v.Cmp(orders.One) >= 0 {
		v.Sub(orders.One, big.NewInt(1))
	}
	return v
}

func (p *loPlanner) place() *loStep {
	rng := p.rng
	a, lm := p.user(), p.market()
	n := len(lm.m.Pool.Balances)
	opt := rng.IntN(n)
	if rng.IntN(30) == 0 {
		opt = n // not an option
	}
	isBuy := rng.IntN(2) == 0
	// Half the orders answer an open order of someone else, so that matches happen.
	var cross *orders.Order
	if rng.IntN(2) == 0 {
		if o := p.pick(true); o != nil && o.Owner != ctKey(a.addr) {
			cross, lm, opt, isBuy = o, p.m.byKey[o.Market], o.Option, !o.IsBuy
			n = len(lm.m.Pool.Balances)
		}
	}
	if p.ambiguous(lm.m.EndTime) {
		return nil
	}
	var held *big.Int
	if opt < n {
		held = p.m.balance(lm.mk.options[opt], a.addr)
	}
	if held == nil || held.Sign() == 0 {
		isBuy = true
	}
	limit := p.limitNear(lm, opt)
	if cross != nil && isBuy != cross.IsBuy {
		// A buy at up to 30% above the sell, or a sell at up to 30% below the buy.
		f := 1000 + rng.IntN(301)
		if !isBuy {
			f = 700 + rng.IntN(301)
		}
		limit = new(big.Int).Mul(cross.LimitPrice, big.NewInt(int64(f)))
		limit.Quo(limit, big.NewInt(1000))
		if limit.Cmp(orders.One) >= 0 {
			limit.Sub(orders.One, big.NewInt(1))
		}
		if limit.Sign() == 0 {
			limit.SetInt64(1)
		}
	}
	var amount *big.Int
	switch {
	case isBuy:
		amount = ctFraction(rng, new(big.Int).Quo(slices.MaxFunc(lm.m.Pool.Balances, (*big.Int).Cmp), big.NewInt(4)))
		if rng.IntN(3) == 0 {
			amount = ctLogUniform(rng, 6)
		}
	case rng.IntN(25) == 0:
		amount = new(big.Int).Add(held, big.NewInt(1)) // more than a holds
	default:
		amount = ctFraction(rng, held)
	}
	if rng.IntN(40) == 0 {
		amount = new(big.Int)
	}
	var expiry uint64
	switch r := rng.IntN(20); {
	case r == 0:
		expiry = p.lo // already expired
	case r < 8:
		expiry = p.hi + 30 + uint64(rng.IntN(600))
	default:
		expiry = p.lo + 86400
	}
	postOnly := rng.IntN(10) == 0
	market := lm.mk.addr
	if rng.IntN(40) == 0 {
		market = p.e.usdcAddr // not a market
	}
	side := map[bool]string{true: "buy", false: "sell"}[isBuy]
	s := &loStep{kind: "place", ctStep: &ctStep{from: a,
		desc: fmt.Sprintf("place(%s opt %d %s limit %v amount %v expiry %d post %v) by %s", market.Hex()[:8], opt, side, limit, amount, expiry, postOnly, a.addr.Hex()[:8])}}
	s.send = func(o *bind.TransactOpts) (*types.Transaction, error) {
		return p.e.lo.Place(o, market, big.NewInt(int64(opt)), isBuy, limit, amount, expiry, postOnly)
	}
	if !isBuy && amount.Cmp(held) > 0 {
		s.reverting() // the escrow cannot pull the tokens
		return s
	}
	o, err := p.m.book.Place(orders.Placement{Owner: ctKey(a.addr), Market: ctKey(market), Option: opt, IsBuy: isBuy,
		LimitPrice: limit, Amount: amount, Expiry: expiry, PostOnly: postOnly}, p.lo)
	if err != nil {
		return s.refuse(err)
	}
	p.m.sub(common.HexToAddress(p.m.book.EscrowToken(o)), a.addr, amount)
	s.check = func(r *types.Receipt) {
		ev := ctFindLog(p.t, r, p.e.addr, p.e.lo.ParseOrderPlaced)
		if ev.OrderId.Uint64() != o.ID {
			p.t.Errorf("%s: order id %v, mirror %d", s.desc, ev.OrderId, o.ID)
		}
	}
	return s
}

// pick returns a random order of the sequence, an open one if open is true (nil if none).
func (p *loPlanner) pick(open bool) *orders.Order {
	var ids []uint64
	for id := p.m.first; id <= p.m.book.Count; id++ {
		if !open || p.m.book.Order(id).Open() {
			ids = append(ids, id)
		}
	}
	if len(ids) == 0 {
		return nil
	}
	return p.m.book.Order(ids[p.rng.IntN(len(ids))])
}

// timeSafe reports whether o's expiry and its market's end fall clearly on one side of the
// block time.
func (p *loPlanner) timeSafe(o *orders.Order) bool {
	return !p.ambiguous(o.Expiry) && !p.ambiguous(p.m.byKey[o.Market].m.EndTime)
}

func (p *loPlanner) fill() *loStep {
	rng := p.rng
	o := p.pick(rng.IntN(8) != 0)
	if o == nil || !p.timeSafe(o) {
		return nil
	}
	spend := big.NewInt(1)
	if o.Open() {
		spend = ctFraction(rng, o.Remaining)
	}
	if rng.IntN(25) == 0 {
		spend = new(big.Int).Add(o.Remaining, big.NewInt(1))
	}
	minOut := new(big.Int)
	if rng.IntN(20) == 0 {
		minOut = new(big.Int).Lsh(big.NewInt(1), 100)
	}
	from := p.e.operator
	if rng.IntN(3) == 0 {
		from = p.user()
	}
	return p.poolFill("fillFromPool", o, spend, minOut, from)
}

// poolFill is fillFromPool(o, spend, minOut) sent by from, applied to the mirror.
func (p *loPlanner) poolFill(kind string, o *orders.Order, spend, minOut *big.Int, from *ctAccount) *loStep {
	id, isBuy, limit := o.ID, o.IsBuy, new(big.Int).Set(o.LimitPrice)
	s := &loStep{kind: kind, ctStep: &ctStep{from: from,
		desc: fmt.Sprintf("fillFromPool(%d, %v) by %s", id, spend, from.addr.Hex()[:8])}}
	s.send = func(opts *bind.TransactOpts) (*types.Transaction, error) {
		return p.e.lo.FillFromPool(opts, loID(id), spend, minOut)
	}
	f, err := p.m.book.FillFromPool(id, spend, minOut, p.lo)
	if err != nil {
		return s.refuse(err)
	}
	lm := p.m.byKey[o.Market]
	owner := common.HexToAddress(o.Owner)
	if isBuy {
		p.m.add(lm.mk.options[o.Option], owner, f.Out)
	} else {
		p.m.add(p.e.usdcAddr, owner, f.Out)
	}
	s.check = func(r *types.Receipt) {
		ev := p.e.fills(r)[id]
		p.checkFill(s.desc, ev, f, isBuy, limit)
	}
	return s
}

func (p *loPlanner) checkFill(desc string, ev *bindings.LimitOrdersOrderFilled, f orders.Fill, isBuy bool, limit *big.Int) {
	t := p.t
	if ev == nil {
		t.Errorf("%s: no OrderFilled for order %d", desc, f.OrderID)
		return
	}
	ctEqual(t, desc+" in", ev.AmountIn, f.In)
	ctEqual(t, desc+" out", ev.AmountOut, f.Out)
	ctEqual(t, desc+" remaining", ev.Remaining, f.Remaining)
	if ctKey(ev.Counterparty) != f.Counterparty || ev.CounterOrderId.Uint64() != f.CounterOrderID {
		t.Errorf("%s: counterparty %s/%v, mirror %s/%d", desc, ev.Counterparty.Hex(), ev.CounterOrderId, f.Counterparty, f.CounterOrderID)
	}
	if !loWithin(isBuy, limit, ev.AmountIn, ev.AmountOut) {
		t.Errorf("%s: order %d gave %v for %v, worse than its limit %v", desc, f.OrderID, ev.AmountIn, ev.AmountOut, limit)
	}
}

func (p *loPlanner) match() *loStep {
	rng := p.rng
	book := p.m.book
	var pairs [][2]*orders.Order
	for b := p.m.first; b <= book.Count; b++ {
		bo := book.Order(b)
		if !bo.IsBuy || !bo.Open() {
			continue
		}
		for s := p.m.first; s <= book.Count; s++ {
			so := book.Order(s)
			if so.IsBuy || !so.Open() || so.Market != bo.Market || so.Option != bo.Option ||
				so.Owner == bo.Owner || bo.LimitPrice.Cmp(so.LimitPrice) < 0 {
				continue
			}
			pairs = append(pairs, [2]*orders.Order{bo, so})
		}
	}
	var bo, so *orders.Order
	switch {
	case len(pairs) > 0 && rng.IntN(8) != 0:
		pair := pairs[rng.IntN(len(pairs))]
		bo, so = pair[0], pair[1]
	case rng.IntN(3) == 0: // any two orders: mostly refused
		bo, so = p.pick(false), p.pick(false)
	default:
		return nil
	}
	if bo == nil || so == nil || !p.timeSafe(bo) || !p.timeSafe(so) {
		return nil
	}
	q := book.MaxMatch(bo.ID, so.ID)
	switch r := rng.IntN(25); {
	case q.Sign() == 0 || r == 0:
		q = big.NewInt(1) // rounds to nothing at the resting buyer's price
	case r == 1:
		q.Add(q, big.NewInt(1)) // one more than the escrows allow
	case r < 8: // all of it: closes one side
	default:
		q.Mul(q, big.NewInt(int64(1+rng.IntN(1000)))).Quo(q, big.NewInt(1000))
		if q.Sign() == 0 {
			q.SetInt64(1)
		}
	}
	from := p.e.operator
	if rng.IntN(4) == 0 {
		from = p.user()
	}
	return p.matchPair("matchOrders", bo, so, q, from)
}

// matchPair is matchOrders(bo, so, q) sent by from, applied to the mirror.
func (p *loPlanner) matchPair(kind string, bo, so *orders.Order, q *big.Int, from *ctAccount) *loStep {
	book := p.m.book
	buyID, sellID := bo.ID, so.ID
	buyLimit, sellLimit := new(big.Int).Set(bo.LimitPrice), new(big.Int).Set(so.LimitPrice)
	s := &loStep{kind: kind, ctStep: &ctStep{from: from,
		desc: fmt.Sprintf("matchOrders(%d, %d, %v) by %s", buyID, sellID, q, from.addr.Hex()[:8])}}
	s.send = func(opts *bind.TransactOpts) (*types.Transaction, error) {
		return p.e.lo.MatchOrders(opts, loID(buyID), loID(sellID), q)
	}
	bf, sf, err := book.Match(buyID, sellID, q, p.lo)
	if err != nil {
		return s.refuse(err)
	}
	lm := p.m.byKey[bo.Market]
	p.m.add(lm.mk.options[bo.Option], common.HexToAddress(bo.Owner), bf.Out)
	p.m.add(p.e.usdcAddr, common.HexToAddress(so.Owner), sf.Out)
	s.check = func(r *types.Receipt) {
		evs := p.e.fills(r)
		p.checkFill(s.desc, evs[buyID], bf, true, buyLimit)
		p.checkFill(s.desc, evs[sellID], sf, false, sellLimit)
	}
	return s
}

// matcherRound is what the service's matcher sends for one market at the block's time: its
// plan (matcher.Plan, on a copy of the mirror), each step sent by the operator in order. Every
// step must be one the mirror, and so the chain, accepts. A market with an order or an end
// whose time is ambiguous for this block is left alone, as timeSafe leaves single steps.
func (p *loPlanner) matcherRound() []*loStep {
	lm := p.market()
	for id := p.m.first; id <= p.m.book.Count; id++ {
		if o := p.m.book.Order(id); o.Market == lm.key && o.Open() && !p.timeSafe(o) {
			return nil
		}
	}
	if p.ambiguous(lm.m.EndTime) {
		return nil
	}
	plan := matcher.Plan(p.m.book.Clone(), lm.key, p.lo, 16)
	steps := make([]*loStep, 0, len(plan))
	for _, st := range plan {
		var s *loStep
		if st.Match() {
			s = p.matchPair("matcher: matchOrders", p.m.book.Order(st.Buy), p.m.book.Order(st.Sell), st.Amount, p.e.operator)
		} else {
			s = p.poolFill("matcher: fillFromPool", p.m.book.Order(st.Order), st.Amount, st.MinOut, p.e.operator)
		}
		if s.revert {
			p.t.Errorf("the matcher planned %s, which the mirror refuses: %v", s.desc, s.reason)
		}
		steps = append(steps, s)
	}
	return steps
}

func (p *loPlanner) cancel() *loStep {
	o := p.pick(p.rng.IntN(6) != 0)
	if o == nil {
		return nil
	}
	owner := common.HexToAddress(o.Owner)
	from := p.user()
	if p.rng.IntN(3) != 0 {
		from = p.accountOf(owner)
	}
	if from.addr != owner && p.ambiguous(o.Expiry) {
		return nil
	}
	id := o.ID
	s := &loStep{kind: "cancel", ctStep: &ctStep{from: from, desc: fmt.Sprintf("cancel(%d) by %s", id, from.addr.Hex()[:8])}}
	s.send = func(opts *bind.TransactOpts) (*types.Transaction, error) {
		return p.e.lo.Cancel(opts, loID(id))
	}
	c, err := p.m.book.Cancel(id, ctKey(from.addr), p.lo)
	if err != nil {
		return s.refuse(err)
	}
	p.m.add(common.HexToAddress(p.m.book.EscrowToken(o)), owner, c.Refunded)
	s.check = func(r *types.Receipt) {
		ev := ctFindLog(p.t, r, p.e.addr, p.e.lo.ParseOrderCancelled)
		ctEqual(p.t, s.desc+" refund", ev.Refunded, c.Refunded)
	}
	return s
}

func (p *loPlanner) cancelMany(from *ctAccount, ids []uint64) *loStep {
	args := make([]*big.Int, len(ids))
	for i, id := range ids {
		args[i] = loID(id)
	}
	s := &loStep{kind: "cancelMany", ctStep: &ctStep{from: from, desc: fmt.Sprintf("cancelMany(%v) by %s", ids, from.addr.Hex()[:8])}}
	s.send = func(opts *bind.TransactOpts) (*types.Transaction, error) {
		return p.e.lo.CancelMany(opts, args)
	}
	cs, err := p.m.book.CancelMany(ids, ctKey(from.addr), p.lo)
	if err != nil {
		return s.refuse(err)
	}
	for _, c := range cs {
		p.m.add(common.HexToAddress(p.m.book.EscrowToken(p.m.book.Order(c.OrderID))), common.HexToAddress(c.Owner), c.Refunded)
	}
	s.check = func(r *types.Receipt) {
		n := 0
		for _, l := range r.Logs {
			if _, err := p.e.lo.ParseOrderCancelled(*l); err == nil && l.Address == p.e.addr {
				n++
			}
		}
		if n != len(cs) {
			p.t.Errorf("%s: %d cancellations, mirror %d", s.desc, n, len(cs))
		}
	}
	return s
}

// settle ends a running market at once (its window is 0): its orders can then only be
// cancelled.
func (p *loPlanner) settle() *loStep {
	lm := p.market()
	if lm.m.Pool.Settled {
		return nil
	}
	winner := p.rng.IntN(len(lm.m.Pool.Balances))
	s := &loStep{kind: "settle", ctStep: &ctStep{from: p.e.operator, desc: fmt.Sprintf("settle(%d) of %s", winner, lm.key[:8])}}
	s.send = func(opts *bind.TransactOpts) (*types.Transaction, error) {
		return lm.mk.m.Settle(opts, big.NewInt(int64(winner)))
	}
	if err := lm.m.Pool.Settle(winner); err != nil {
		s.reverting()
	}
	return s
}

func (p *loPlanner) accountOf(a common.Address) *ctAccount {
	for _, u := range p.e.accounts() {
		if u.addr == a {
			return u
		}
	}
	p.t.Fatalf("no account %s", a.Hex())
	return nil
}

// loCheckModel compares the chain with the model: order count and every remainder of the
// sequence, pools, every followed balance, and the escrow's holdings against the sum of the open
// orders' remainders.
func loCheckModel(t *testing.T, e *loEnv, m *loModel, when string) {
	t.Helper()
	call := &bind.CallOpts{Context: e.ctx}
	if c := ctView(t, call, e.lo.OrderCount); c != m.book.Count {
		t.Fatalf("%s: %d orders on chain, mirror %d", when, c, m.book.Count)
	}
	for id := m.first; id <= m.book.Count; id++ {
		o, err := e.lo.Orders(call, loID(id))
		if err != nil {
			t.Fatal(err)
		}
		ctEqual(t, fmt.Sprintf("%s: remaining of order %d", when, id), o.Remaining, m.book.Order(id).Remaining)
	}
	for _, lm := range m.markets {
		ctEqualSlices(t, when+": pool of "+lm.key[:8], ctView(t, call, lm.mk.m.PoolBalances), lm.m.Pool.Balances)
	}
	escrow := m.book.Escrow()
	for _, tok := range loTokens(e, m) {
		want := escrow[ctKey(tok)]
		if want == nil {
			want = new(big.Int)
		}
		ctEqual(t, when+": escrow of "+tok.Hex()[:8], loBalance(t, e, tok, e.addr), want)
		for _, a := range e.accounts() {
			ctEqual(t, fmt.Sprintf("%s: %s of %s", when, tok.Hex()[:8], a.addr.Hex()[:8]), loBalance(t, e, tok, a.addr), m.balance(tok, a.addr))
		}
	}
	if t.Failed() {
		t.FailNow()
	}
}
