package chain_test

import (
	"fmt"
	"math/big"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/accounts/abi/bind"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"

	"github.com/predict-dev/predict/internal/market/fpmm"
)

// TestMarketPropertyMirror runs random sequences of buy, sell, addLiquidity, removeLiquidity,
// LP transfers, fee withdrawals, settle, claim and redeemLiquidity by several accounts on markets
// of 2..8 options, on the contracts and on the Go mirror (internal/market/fpmm). A third of the
// markets settle at once (settle, or assertOutcome with a window of 0); the others have a
// challenge window and a bond, and go through assertions (of an option or VOID), disputes,
// arbitrations, finalizations after the chain clock is advanced, and the attempts each of those
// forbids. After every block it asserts that every amount agrees to the unit, that the prices
// sum to 1, and that the market is solvent under any outcome (bonds included). Several transactions go into each block (ordered by
// strictly decreasing tips, so the miner keeps the planned order).
//
// PREDICT_LONG_TESTS=1 runs thousands of sequences; PREDICT_PROPERTY_SEED=<n> replays a seed.
// propertyRun sizes a property test: by default n sequences within
// budget; PREDICT_LONG_TESTS=1 runs long of them within two hours and
// -short runs short within ten seconds. Its random source starts from
// PREDICT_PROPERTY_SEED when set (a replay), else from the clock, and the
// seed is logged; stream tells the tests' sources apart.
func propertyRun(t *testing.T, n int, budget time.Duration, long, short int, stream uint64) (int, time.Duration, *rand.Rand) {
	t.Helper()
	if os.Getenv("PREDICT_LONG_TESTS") == "1" {
		n, budget = long, 2*time.Hour
	}
	if testing.Short() {
		n, budget = short, 10*time.Second
	}
	seed := uint64(time.Now().UnixNano())
	if s := os.Getenv("PREDICT_PROPERTY_SEED"); s != "" {
		v, err := strconv.ParseUint(s, 10, 64)
		if err != nil {
			t.Fatal(err)
		}
		seed = v
	}
	t.Logf("seed %d (replay with PREDICT_PROPERTY_SEED=%d)", seed, seed)
	return n, budget, rand.New(rand.NewPCG(seed, stream))
}

func TestMarketPropertyMirror(t *testing.T) {
	sequences, budget, rng := propertyRun(t, 150, 40*time.Second, 3000, 5, 0x9e3779b97f4a7c15)

	env := ctNewEnv(t, 4)
	// The last user arbitrates; the dispute fee is one of the interesting values for the run.
	disputeFees := []uint64{0, 1, 1000, 5000, uint64(rng.IntN(5001))}
	env.disputeFeeBps = disputeFees[rng.IntN(len(disputeFees))]
	env.arbitrator = env.users[len(env.users)-1]
	env.mustMine(
		env.mustSend(env.operator, func(o *bind.TransactOpts) (*types.Transaction, error) {
			return env.factory.SetArbitrator(o, env.arbitrator.addr)
		}),
		env.mustSend(env.operator, func(o *bind.TransactOpts) (*types.Transaction, error) {
			return env.factory.SetDisputeFeeBps(o, new(big.Int).SetUint64(env.disputeFeeBps))
		}),
	)
	t.Logf("dispute fee %d bps", env.disputeFeeBps)
	start := time.Now()
	var seqs, steps, blocks, reverts int
	actions := map[string]int{}
	for seqs < sequences && time.Since(start) < budget {
		s := ctRunSequence(t, env, rng)
		seqs++
		steps += s.steps
		blocks += s.blocks
		reverts += s.reverts
		for f, c := range s.actions {
			actions[f] += c
		}
		if t.Failed() {
			break
		}
	}
	t.Logf("property: %d sequences, %d transactions (%d expected reverts) in %d blocks, %v; resolution steps %v",
		seqs, steps, reverts, blocks, time.Since(start).Round(time.Millisecond), actions)
}

type ctSeqStats struct {
	steps, blocks, reverts int
	actions                map[string]int // successful resolution steps by function
}

// count tallies the successful resolution steps of a block, so the log shows that every path
// of the state machine ran.
func (st *ctSeqStats) count(steps []*ctStep) {
	for _, s := range steps {
		if s.revert {
			continue
		}
		for _, f := range []string{"settle", "assertOutcome", "dispute", "finalize", "arbitrate", "claimVoid"} {
			if strings.HasPrefix(s.desc, f+"(") || strings.HasPrefix(s.desc, f+" ") {
				st.actions[f]++
			}
		}
	}
}

// ctModel is the expected state of one market: the mirror pool plus what the pool does not
// know (option token holdings, the market's base balance).
type ctModel struct {
	pool     *fpmm.Pool
	n        int
	holdings map[common.Address][]*big.Int // option tokens per account
	base     *big.Int                      // base tokens the market holds
}

func (m *ctModel) hold(a common.Address) []*big.Int {
	h, ok := m.holdings[a]
	if !ok {
		h = make([]*big.Int, m.n)
		for i := range h {
			h[i] = new(big.Int)
		}
		m.holdings[a] = h
	}
	return h
}

// receive adds amounts of every option to what a holds.
func (m *ctModel) receive(a common.Address, amounts []*big.Int) {
	h := m.hold(a)
	for i, v := range amounts {
		h[i].Add(h[i], v)
	}
}

func ctKey(a common.Address) string { return strings.ToLower(a.Hex()) }

// ctStep is one planned transaction with its expected outcome.
type ctStep struct {
	desc   string
	from   *ctAccount
	send   func(*bind.TransactOpts) (*types.Transaction, error)
	revert bool                 // expected to revert
	check  func(*types.Receipt) // checks the receipt's events
	tx     *types.Transaction
}

// reverting marks the step as one the chain must refuse.
func (s *ctStep) reverting() *ctStep {
	s.revert = true
	return s
}

func ctLogUniform(rng *rand.Rand, maxExp int) *big.Int {
	// 1..10^maxExp, log-uniform, with a random mantissa
	e := rng.IntN(maxExp + 1)
	v := new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(e)), nil)
	v.Mul(v, big.NewInt(int64(1+rng.IntN(9))))
	v.Add(v, big.NewInt(rng.Int64N(1000)))
	return v
}

// ctFraction returns a random part of x (sometimes all of it, sometimes one unit).
func ctFraction(rng *rand.Rand, x *big.Int) *big.Int {
	switch rng.IntN(6) {
	case 0:
		return new(big.Int).Set(x)
	case 1:
		return big.NewInt(1)
	default:
		v := new(big.Int).Mul(x, big.NewInt(int64(1+rng.IntN(1000))))
		v.Quo(v, big.NewInt(1000))
		if v.Sign() == 0 {
			v.SetInt64(1)
		}
		return v
	}
}

func ctRunSequence(t *testing.T, env *ctEnv, rng *rand.Rand) ctSeqStats {
	t.Helper()
	st := ctSeqStats{actions: map[string]int{}}
	n := 2 + rng.IntN(7)
	fees := []uint64{0, 1, 30, 200, 1000, uint64(rng.IntN(1001))}
	feeBps := fees[rng.IntN(len(fees))]
	liquidity := ctLogUniform(rng, 12)
	var window uint64
	bond := new(big.Int)
	var mk *ctMarket
	if rng.IntN(3) == 0 {
		mk = env.createMarket(n, feeBps, liquidity, 24*time.Hour)
	} else {
		window = []uint64{3600, 7200}[rng.IntN(2)]
		if rng.IntN(4) != 0 {
			bond = ctLogUniform(rng, 9)
		}
		mk = env.createMarketWithResolution(n, feeBps, liquidity, 24*time.Hour, window, bond)
	}
	env.approveAll(mk)
	env.topUp()
	creator := env.operator.addr
	pool, err := fpmm.NewPool(n, feeBps, ctKey(creator), liquidity)
	if err != nil {
		t.Fatal(err)
	}
	if err := pool.SetResolution(window, bond, env.disputeFeeBps); err != nil {
		t.Fatal(err)
	}
	model := &ctModel{pool: pool, n: n, holdings: map[common.Address][]*big.Int{}, base: new(big.Int).Set(liquidity)}
	actors := append([]*ctAccount{env.operator}, env.users...)
	ctCheckState(t, env, mk, model, actors, "after create")

	totalSteps := 20 + rng.IntN(40)
	settleAt := totalSteps * (1 + rng.IntN(3)) / 4 // settle a quarter, half or three quarters in
	planned := 0
	for planned < totalSteps && !t.Failed() {
		batch := 1 + rng.IntN(6)
		var steps []*ctStep
		for i := 0; i < batch && planned < totalSteps; i++ {
			var s *ctStep
			if planned == settleAt && model.pool.Resolution.Phase == fpmm.PhaseRunning {
				s = ctPlanSettle(env, mk, model, rng)
			} else {
				s = ctPlanStep(env, mk, model, actors, rng)
			}
			planned++
			if s != nil {
				steps = append(steps, s)
			}
		}
		if len(steps) == 0 {
			continue
		}
		ctExecute(t, env, mk, steps)
		st.count(steps)
		st.steps += len(steps)
		st.blocks++
		for _, s := range steps {
			if s.revert {
				st.reverts++
			}
		}
		ctCheckState(t, env, mk, model, actors, fmt.Sprintf("after block %d", st.blocks))
		// Sometimes let the challenge window of a pending assertion pass.
		if model.pool.Resolution.Phase == fpmm.PhaseSettling && rng.IntN(5) == 0 {
			env.advance(window)
		}
	}
	if t.Failed() {
		return st
	}
	// End the market: settle or assert, then dispute or let the window pass, then arbitrate or
	// finalize.
	for i := 0; !model.pool.Settled && !t.Failed(); i++ {
		if i > 12 {
			t.Fatalf("market did not end: phase %d", model.pool.Resolution.Phase)
		}
		var s *ctStep
		switch model.pool.Resolution.Phase {
		case fpmm.PhaseRunning:
			s = ctPlanSettle(env, mk, model, rng)
		case fpmm.PhaseSettling:
			if rng.IntN(2) == 0 {
				s = ctPlanDispute(env, mk, model, actors[rng.IntN(len(actors))])
			}
			if s == nil {
				env.advance(window)
				s = ctPlanFinalize(env, mk, model, actors[rng.IntN(len(actors))])
			}
		case fpmm.PhaseDisputed:
			s = ctPlanArbitrate(env, mk, model, env.arbitrator, rng)
		}
		ctExecute(t, env, mk, []*ctStep{s})
		st.count([]*ctStep{s})
		st.steps++
		st.blocks++
		ctCheckState(t, env, mk, model, actors, fmt.Sprintf("ending, block %d", st.blocks))
	}
	// Drain: every account claims all its winning tokens and redeems all its LP.
	var steps []*ctStep
	for _, a := range actors {
		if s := ctPlanClaim(env, mk, model, a, true, rng); s != nil {
			steps = append(steps, s)
		}
		if s := ctPlanRedeem(env, mk, model, a, true, rng); s != nil {
			steps = append(steps, s)
		}
		if s := ctPlanWithdraw(env, mk, model, a); s != nil {
			steps = append(steps, s)
		}
	}
	if len(steps) > 0 {
		ctExecute(t, env, mk, steps)
		st.count(steps)
		st.steps += len(steps)
		st.blocks++
	}
	ctCheckState(t, env, mk, model, actors, "after drain")
	if model.pool.LPSupply.Sign() != 0 {
		t.Errorf("LP supply %v left after every account redeemed", model.pool.LPSupply)
	}
	return st
}

// ctExecute sends the steps in one block with strictly decreasing tips and checks each outcome.
func ctExecute(t *testing.T, env *ctEnv, mk *ctMarket, steps []*ctStep) {
	t.Helper()
	for i, s := range steps {
		o := env.opts(s.from, 2_500_000)
		o.GasTipCap = new(big.Int).Add(env.tip, big.NewInt(int64(len(steps)-i)))
		tx, err := s.send(o)
		if err != nil {
			t.Fatalf("send %s: %v", s.desc, err)
		}
		s.from.nonce++
		s.tx = tx
	}
	env.commit()
	lastIndex := -1
	for _, s := range steps {
		if _, err := env.client.TransactionReceipt(env.ctx, s.tx.Hash()); err != nil {
			head, _ := env.client.BlockByNumber(env.ctx, nil)
			nonce, _ := env.client.NonceAt(env.ctx, s.from.addr, nil)
			pn, _ := env.client.PendingNonceAt(env.ctx, s.from.addr)
			for i, x := range steps {
				t.Logf("step %d: %s nonce %d tip %v", i, x.desc, x.tx.Nonce(), x.tx.GasTipCap())
			}
			t.Fatalf("%s not mined: tx nonce %d, head nonce %d, pending nonce %d, head block %d has %d txs, gas used %d of %d",
				s.desc, s.tx.Nonce(), nonce, pn, head.NumberU64(), len(head.Transactions()), head.GasUsed(), head.GasLimit())
		}
		r := env.receipt(s.tx)
		if int(r.TransactionIndex) <= lastIndex {
			t.Fatalf("%s: mined out of order (index %d after %d)", s.desc, r.TransactionIndex, lastIndex)
		}
		lastIndex = int(r.TransactionIndex)
		ok := r.Status == types.ReceiptStatusSuccessful
		if ok == s.revert {
			t.Errorf("%s: status %d, expected revert %v (gas used %d)", s.desc, r.Status, s.revert, r.GasUsed)
			continue
		}
		if ok && s.check != nil {
			s.check(r)
		}
	}
}

func ctFindLog[T any](t testing.TB, r *types.Receipt, addr common.Address, parse func(types.Log) (*T, error)) *T {
	t.Helper()
	for _, l := range r.Logs {
		if l.Address != addr {
			continue
		}
		if ev, err := parse(*l); err == nil {
			return ev
		}
	}
	t.Fatalf("event not found in transaction %s", r.TxHash)
	return nil
}

func ctEqual(t testing.TB, what string, got, want *big.Int) {
	t.Helper()
	if got.Cmp(want) != 0 {
		t.Errorf("%s: chain %v, mirror %v", what, got, want)
	}
}

func ctEqualSlices(t testing.TB, what string, got, want []*big.Int) {
	t.Helper()
	if len(got) != len(want) {
		t.Errorf("%s: chain %v, mirror %v", what, got, want)
		return
	}
	for i := range got {
		if got[i].Cmp(want[i]) != 0 {
			t.Errorf("%s: chain %v, mirror %v", what, got, want)
			return
		}
	}
}

func ctPlanStep(env *ctEnv, mk *ctMarket, model *ctModel, actors []*ctAccount, rng *rand.Rand) *ctStep {
	a := actors[rng.IntN(len(actors))]
	if phase := model.pool.Resolution.Phase; phase == fpmm.PhaseSettling || phase == fpmm.PhaseDisputed {
		switch r := rng.IntN(100); {
		case r < 10: // trading has stopped: these revert
			return []func() *ctStep{
				func() *ctStep { return ctPlanBuy(env, mk, model, a, rng) },
				func() *ctStep { return ctPlanSell(env, mk, model, a, rng) },
				func() *ctStep { return ctPlanAdd(env, mk, model, a, rng) },
			}[rng.IntN(3)]()
		case r < 25:
			return ctPlanRemove(env, mk, model, a, rng)
		case r < 35:
			return ctPlanTransferLP(env, mk, model, a, actors[rng.IntN(len(actors))], rng)
		case r < 42:
			return ctPlanWithdraw(env, mk, model, a)
		case r < 60:
			return ctPlanDispute(env, mk, model, a)
		case r < 72:
			return ctPlanFinalize(env, mk, model, a)
		case r < 80: // a second assertion, or an arbitration by someone else: these revert
			if rng.IntN(2) == 0 {
				return ctPlanSettle(env, mk, model, rng)
			}
			return ctPlanArbitrate(env, mk, model, env.operator, rng)
		default:
			return ctPlanArbitrate(env, mk, model, env.arbitrator, rng)
		}
	}
	if model.pool.Settled {
		switch rng.IntN(4) {
		case 0:
			return ctPlanClaim(env, mk, model, a, false, rng)
		case 1:
			return ctPlanRedeem(env, mk, model, a, false, rng)
		case 2:
			return ctPlanTransferLP(env, mk, model, a, actors[rng.IntN(len(actors))], rng)
		default:
			return ctPlanWithdraw(env, mk, model, a)
		}
	}
	switch r := rng.IntN(100); {
	case r < 35:
		return ctPlanBuy(env, mk, model, a, rng)
	case r < 60:
		return ctPlanSell(env, mk, model, a, rng)
	case r < 72:
		return ctPlanAdd(env, mk, model, a, rng)
	case r < 84:
		return ctPlanRemove(env, mk, model, a, rng)
	case r < 92:
		return ctPlanTransferLP(env, mk, model, a, actors[rng.IntN(len(actors))], rng)
	default:
		return ctPlanWithdraw(env, mk, model, a)
	}
}

func ctDeadline(env *ctEnv) *big.Int { return new(big.Int).SetUint64(env.headTime() + 3600) }

func ctPlanBuy(env *ctEnv, mk *ctMarket, model *ctModel, a *ctAccount, rng *rand.Rand) *ctStep {
	opt := rng.IntN(model.n)
	maxB := slices.MaxFunc(model.pool.Balances, (*big.Int).Cmp)
	var baseIn *big.Int
	switch rng.IntN(12) {
	case 0, 1, 2, 3:
		baseIn = ctLogUniform(rng, 4)
	case 4: // a huge buy (10x to 10,000x the largest balance): selling it back is the hard case
		baseIn = new(big.Int).Mul(maxB, new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(1+rng.IntN(4))), nil))
	default:
		baseIn = ctFraction(rng, new(big.Int).Mul(maxB, big.NewInt(int64(1+rng.IntN(3)))))
	}
	if limit := big.NewInt(1e16); baseIn.Cmp(limit) > 0 {
		baseIn = limit // accounts are topped up with 1e18 per sequence
	}
	dl := ctDeadline(env)
	s := &ctStep{desc: fmt.Sprintf("buy(%d, %v) by %s", opt, baseIn, a.addr.Hex()[:8]), from: a}
	q, err := model.pool.Buy(opt, baseIn)
	s.send = func(o *bind.TransactOpts) (*types.Transaction, error) {
		return mk.m.Buy(o, big.NewInt(int64(opt)), baseIn, big.NewInt(0), dl)
	}
	if err != nil {
		return s.reverting()
	}
	model.base.Add(model.base, baseIn)
	h := model.hold(a.addr)
	h[opt].Add(h[opt], q.TokensOut)
	t := env.t
	s.check = func(r *types.Receipt) {
		ev := ctFindLog(t, r, mk.addr, mk.m.ParseBought)
		ctEqual(t, s.desc+" tokensOut", ev.TokensOut, q.TokensOut)
		ctEqual(t, s.desc+" fee", ev.Fee, q.Fee)
		ctEqualSlices(t, s.desc+" balances", ev.Balances, q.Balances)
	}
	return s
}

func ctPlanSell(env *ctEnv, mk *ctMarket, model *ctModel, a *ctAccount, rng *rand.Rand) *ctStep {
	h := model.hold(a.addr)
	var held []int
	for i, v := range h {
		if v.Sign() > 0 {
			held = append(held, i)
		}
	}
	if len(held) == 0 {
		return ctPlanBuy(env, mk, model, a, rng)
	}
	opt := held[rng.IntN(len(held))]
	amount := ctFraction(rng, h[opt])
	dl := ctDeadline(env)
	s := &ctStep{desc: fmt.Sprintf("sell(%d, %v of %v) by %s", opt, amount, h[opt], a.addr.Hex()[:8]), from: a}
	s.send = func(o *bind.TransactOpts) (*types.Transaction, error) {
		return mk.m.Sell(o, big.NewInt(int64(opt)), amount, big.NewInt(0), dl)
	}
	q, err := model.pool.Sell(opt, amount)
	if err != nil {
		return s.reverting()
	}
	model.base.Sub(model.base, q.BaseOut)
	h[opt].Sub(h[opt], amount)
	t := env.t
	s.check = func(r *types.Receipt) {
		ev := ctFindLog(t, r, mk.addr, mk.m.ParseSold)
		ctEqual(t, s.desc+" baseOut", ev.BaseOut, q.BaseOut)
		ctEqual(t, s.desc+" fee", ev.Fee, q.Fee)
		ctEqualSlices(t, s.desc+" balances", ev.Balances, q.Balances)
	}
	return s
}

func ctPlanAdd(env *ctEnv, mk *ctMarket, model *ctModel, a *ctAccount, rng *rand.Rand) *ctStep {
	var baseIn *big.Int
	if rng.IntN(3) == 0 {
		baseIn = ctLogUniform(rng, 3)
	} else {
		baseIn = ctLogUniform(rng, 12)
	}
	dl := ctDeadline(env)
	s := &ctStep{desc: fmt.Sprintf("addLiquidity(%v) by %s", baseIn, a.addr.Hex()[:8]), from: a}
	s.send = func(o *bind.TransactOpts) (*types.Transaction, error) {
		return mk.m.AddLiquidity(o, baseIn, big.NewInt(0), dl)
	}
	q, err := model.pool.AddLiquidity(ctKey(a.addr), baseIn)
	if err != nil {
		return s.reverting()
	}
	model.base.Add(model.base, baseIn)
	model.receive(a.addr, q.SentBack)
	t := env.t
	s.check = func(r *types.Receipt) {
		ev := ctFindLog(t, r, mk.addr, mk.m.ParseLiquidityAdded)
		ctEqual(t, s.desc+" lpMinted", ev.LpMinted, q.LPMinted)
		ctEqualSlices(t, s.desc+" sentBack", ev.SentBack, q.SentBack)
		ctEqualSlices(t, s.desc+" balances", ev.Balances, q.Balances)
	}
	return s
}

func ctPlanRemove(env *ctEnv, mk *ctMarket, model *ctModel, a *ctAccount, rng *rand.Rand) *ctStep {
	lp := model.pool.LPBalance(ctKey(a.addr))
	if lp.Sign() == 0 {
		return ctPlanAdd(env, mk, model, a, rng)
	}
	amount := ctFraction(rng, lp)
	dl := ctDeadline(env)
	s := &ctStep{desc: fmt.Sprintf("removeLiquidity(%v of %v) by %s", amount, lp, a.addr.Hex()[:8]), from: a}
	s.send = func(o *bind.TransactOpts) (*types.Transaction, error) {
		return mk.m.RemoveLiquidity(o, amount, big.NewInt(0), dl)
	}
	q, err := model.pool.RemoveLiquidity(ctKey(a.addr), amount)
	if err != nil {
		return s.reverting()
	}
	model.base.Sub(model.base, q.BaseOut)
	model.base.Sub(model.base, q.FeesPaid)
	model.receive(a.addr, q.SentBack)
	t := env.t
	s.check = func(r *types.Receipt) {
		ev := ctFindLog(t, r, mk.addr, mk.m.ParseLiquidityRemoved)
		ctEqual(t, s.desc+" baseOut", ev.BaseOut, q.BaseOut)
		ctEqualSlices(t, s.desc+" sentBack", ev.SentBack, q.SentBack)
		ctEqualSlices(t, s.desc+" balances", ev.Balances, q.Balances)
		ctCheckFeesEvent(t, r, mk, s.desc, q.FeesPaid)
	}
	return s
}

func ctCheckFeesEvent(t testing.TB, r *types.Receipt, mk *ctMarket, desc string, want *big.Int) {
	t.Helper()
	got := new(big.Int)
	for _, l := range r.Logs {
		if l.Address != mk.addr {
			continue
		}
		if ev, err := mk.m.ParseFeesWithdrawn(*l); err == nil {
			got.Add(got, ev.Amount)
		}
	}
	ctEqual(t, desc+" fees paid", got, want)
}

func ctPlanTransferLP(env *ctEnv, mk *ctMarket, model *ctModel, from, to *ctAccount, rng *rand.Rand) *ctStep {
	lp := model.pool.LPBalance(ctKey(from.addr))
	if lp.Sign() == 0 {
		return nil
	}
	amount := ctFraction(rng, lp)
	s := &ctStep{desc: fmt.Sprintf("transferLP(%v) %s -> %s", amount, from.addr.Hex()[:8], to.addr.Hex()[:8]), from: from}
	s.send = func(o *bind.TransactOpts) (*types.Transaction, error) {
		return mk.m.Transfer(o, to.addr, amount)
	}
	paid, err := model.pool.TransferLP(ctKey(from.addr), ctKey(to.addr), amount)
	if err != nil {
		return s.reverting()
	}
	model.base.Sub(model.base, paid)
	s.check = func(r *types.Receipt) {
		ctCheckFeesEvent(env.t, r, mk, s.desc, paid)
	}
	return s
}

func ctPlanWithdraw(env *ctEnv, mk *ctMarket, model *ctModel, a *ctAccount) *ctStep {
	s := &ctStep{desc: "withdrawFees by " + a.addr.Hex()[:8], from: a}
	s.send = func(o *bind.TransactOpts) (*types.Transaction, error) {
		return mk.m.WithdrawFees(o)
	}
	paid := model.pool.WithdrawFees(ctKey(a.addr))
	model.base.Sub(model.base, paid)
	s.check = func(r *types.Receipt) {
		ctCheckFeesEvent(env.t, r, mk, s.desc, paid)
	}
	return s
}

// ctOutcomeOf picks an outcome to assert or decide: an option, or VOID one time in five.
func ctOutcomeOf(model *ctModel, rng *rand.Rand) int {
	if rng.IntN(5) == 0 {
		return fpmm.Void
	}
	return rng.IntN(model.n)
}

// ctPlanSettle plans settle (window 0 only, as the service calls it) or assertOutcome by the
// operator (an admin and resolver). On a market that is already settling it is a second
// assertion and reverts.
func ctPlanSettle(env *ctEnv, mk *ctMarket, model *ctModel, rng *rand.Rand) *ctStep {
	pool := model.pool
	if pool.Resolution.ChallengeWindow == 0 && rng.IntN(2) == 0 {
		w := rng.IntN(model.n)
		if err := pool.Settle(w); err != nil {
			panic(err)
		}
		s := &ctStep{desc: fmt.Sprintf("settle(%d)", w), from: env.operator}
		s.send = func(o *bind.TransactOpts) (*types.Transaction, error) {
			return mk.m.Settle(o, big.NewInt(int64(w)))
		}
		s.check = func(r *types.Receipt) {
			ev := ctFindLog(env.t, r, mk.addr, mk.m.ParseSettled)
			ctEqual(env.t, s.desc+" winningIndex", ev.WinningIndex, big.NewInt(int64(w)))
		}
		return s
	}
	outcome := ctOutcomeOf(model, rng)
	s := &ctStep{desc: fmt.Sprintf("assertOutcome(%d)", outcome), from: env.operator}
	s.send = func(o *bind.TransactOpts) (*types.Transaction, error) {
		return mk.m.AssertOutcome(o, ctOutcome(outcome))
	}
	lo, _ := env.nextBlockTime()
	bond, err := pool.Assert(ctKey(env.operator.addr), outcome, lo)
	if err != nil {
		return s.reverting()
	}
	model.base.Add(model.base, bond)
	if pool.Settled {
		return s
	}
	s.check = func(r *types.Receipt) {
		ev := ctFindLog(env.t, r, mk.addr, mk.m.ParseAsserted)
		ctEqual(env.t, s.desc+" bond", ev.Bond, bond)
		ctEqual(env.t, s.desc+" outcome", ev.Outcome, ctOutcome(outcome))
		// The block time is only known once mined: keep the mirror's window end exact.
		model.pool.Resolution.ChallengeEnd = ev.ChallengeEnd.Uint64()
	}
	return s
}

// ctClearOfWindowEnd returns the lowest possible time of the next block, and false when that
// block may fall on either side of a pending assertion's window end (its outcome is unknown).
//
// A dispute's arbitration end is mirrored from the earliest time its block could have had, so
// the step must also fall a minute clear of it.
func ctClearOfWindowEnd(env *ctEnv, model *ctModel) (uint64, bool) {
	r := &model.pool.Resolution
	lo, hi := env.nextBlockTime()
	if r.Phase == fpmm.PhaseDisputed {
		return lo, hi+60 < r.ArbitrationEnd || lo >= r.ArbitrationEnd+60
	}
	return lo, r.Phase != fpmm.PhaseSettling || lo >= r.ChallengeEnd || hi < r.ChallengeEnd
}

// ctPlanDispute plans a dispute by a. It is planned only when the block time surely falls on
// one side of the window's end (the simulated chain's block time follows the wall clock).
func ctPlanDispute(env *ctEnv, mk *ctMarket, model *ctModel, a *ctAccount) *ctStep {
	lo, ok := ctClearOfWindowEnd(env, model)
	if !ok {
		return nil
	}
	s := &ctStep{desc: "dispute by " + a.addr.Hex()[:8], from: a}
	s.send = func(o *bind.TransactOpts) (*types.Transaction, error) {
		return mk.m.Dispute(o)
	}
	bond, err := model.pool.Dispute(ctKey(a.addr), lo)
	if err != nil {
		return s.reverting()
	}
	model.base.Add(model.base, bond)
	s.check = func(rc *types.Receipt) {
		ev := ctFindLog(env.t, rc, mk.addr, mk.m.ParseDisputed)
		ctEqual(env.t, s.desc+" bond", ev.Bond, bond)
	}
	return s
}

// ctPlanFinalize plans finalize by a, on the same timing terms as ctPlanDispute.
func ctPlanFinalize(env *ctEnv, mk *ctMarket, model *ctModel, a *ctAccount) *ctStep {
	lo, ok := ctClearOfWindowEnd(env, model)
	if !ok {
		return nil
	}
	s := &ctStep{desc: "finalize by " + a.addr.Hex()[:8], from: a}
	s.send = func(o *bind.TransactOpts) (*types.Transaction, error) {
		return mk.m.Finalize(o)
	}
	f, err := model.pool.Finalize(lo)
	if err != nil {
		return s.reverting()
	}
	model.base.Sub(model.base, f.BondReturned)
	if f.DisputerRefund != nil {
		model.base.Sub(model.base, f.DisputerRefund)
	}
	s.check = func(rc *types.Receipt) {
		ev := ctFindLog(env.t, rc, mk.addr, mk.m.ParseFinalized)
		ctEqual(env.t, s.desc+" bond returned", ev.BondReturned, f.BondReturned)
		ctEqual(env.t, s.desc+" outcome", ev.Outcome, ctOutcome(f.Outcome))
	}
	return s
}

// ctPlanArbitrate plans arbitrate by a; only the factory's arbitrator succeeds.
func ctPlanArbitrate(env *ctEnv, mk *ctMarket, model *ctModel, a *ctAccount, rng *rand.Rand) *ctStep {
	outcome := ctOutcomeOf(model, rng)
	s := &ctStep{desc: fmt.Sprintf("arbitrate(%d) by %s", outcome, a.addr.Hex()[:8]), from: a}
	s.send = func(o *bind.TransactOpts) (*types.Transaction, error) {
		return mk.m.Arbitrate(o, ctOutcome(outcome))
	}
	lo, ok := ctClearOfWindowEnd(env, model)
	if !ok {
		return nil
	}
	if a != env.arbitrator {
		return s.reverting()
	}
	res, err := model.pool.Arbitrate(outcome, lo)
	if err != nil {
		return s.reverting()
	}
	model.base.Sub(model.base, res.Payout)
	model.base.Sub(model.base, res.Fee)
	s.check = func(rc *types.Receipt) {
		ev := ctFindLog(env.t, rc, mk.addr, mk.m.ParseArbitrated)
		ctEqual(env.t, s.desc+" payout", ev.Payout, res.Payout)
		ctEqual(env.t, s.desc+" fee", ev.Fee, res.Fee)
		if ctKey(ev.BondWinner) != res.BondWinner {
			env.t.Errorf("%s: bond to %s, mirror %s", s.desc, ev.BondWinner, res.BondWinner)
		}
	}
	return s
}

func ctPlanClaim(env *ctEnv, mk *ctMarket, model *ctModel, a *ctAccount, all bool, rng *rand.Rand) *ctStep {
	h := model.hold(a.addr)
	if model.pool.Voided {
		return ctPlanClaimVoid(env, mk, model, a, all, rng)
	}
	w := model.pool.Winner
	if h[w].Sign() == 0 {
		return nil
	}
	amount := new(big.Int).Set(h[w])
	if !all {
		amount = ctFraction(rng, h[w])
	}
	s := &ctStep{desc: fmt.Sprintf("claim(%v) by %s", amount, a.addr.Hex()[:8]), from: a}
	s.send = func(o *bind.TransactOpts) (*types.Transaction, error) {
		return mk.m.Claim(o, amount)
	}
	h[w].Sub(h[w], amount)
	model.base.Sub(model.base, amount)
	s.check = func(r *types.Receipt) {
		t := env.t
		ev := ctFindLog(t, r, mk.addr, mk.m.ParseClaimed)
		ctEqual(t, s.desc+" amount", ev.Amount, amount)
	}
	return s
}

// ctPlanClaimVoid plans claimVoid of all or of random parts of a's tokens of every option.
func ctPlanClaimVoid(env *ctEnv, mk *ctMarket, model *ctModel, a *ctAccount, all bool, rng *rand.Rand) *ctStep {
	h := model.hold(a.addr)
	amounts := make([]*big.Int, model.n)
	for k, v := range h {
		switch {
		case v.Sign() == 0 || (!all && rng.IntN(3) == 0):
			amounts[k] = new(big.Int)
		case all:
			amounts[k] = new(big.Int).Set(v)
		default:
			amounts[k] = ctFraction(rng, v)
		}
	}
	out, err := model.pool.ClaimVoid(amounts)
	if err != nil {
		return nil // nothing to claim
	}
	s := &ctStep{desc: fmt.Sprintf("claimVoid(%v) by %s", amounts, a.addr.Hex()[:8]), from: a}
	s.send = func(o *bind.TransactOpts) (*types.Transaction, error) {
		return mk.m.ClaimVoid(o, amounts)
	}
	for k, v := range amounts {
		h[k].Sub(h[k], v)
	}
	model.base.Sub(model.base, out)
	s.check = func(r *types.Receipt) {
		ev := ctFindLog(env.t, r, mk.addr, mk.m.ParseVoidClaimed)
		ctEqual(env.t, s.desc+" baseOut", ev.BaseOut, out)
	}
	return s
}

func ctPlanRedeem(env *ctEnv, mk *ctMarket, model *ctModel, a *ctAccount, all bool, rng *rand.Rand) *ctStep {
	lp := model.pool.LPBalance(ctKey(a.addr))
	if lp.Sign() == 0 {
		return nil
	}
	amount := lp
	if !all {
		amount = ctFraction(rng, lp)
	}
	s := &ctStep{desc: fmt.Sprintf("redeemLiquidity(%v of %v) by %s", amount, lp, a.addr.Hex()[:8]), from: a}
	s.send = func(o *bind.TransactOpts) (*types.Transaction, error) {
		return mk.m.RedeemLiquidity(o, amount)
	}
	q, err := model.pool.RedeemLiquidity(ctKey(a.addr), amount)
	if err != nil {
		return s.reverting()
	}
	model.base.Sub(model.base, q.BaseOut)
	model.base.Sub(model.base, q.FeesPaid)
	s.check = func(r *types.Receipt) {
		t := env.t
		ev := ctFindLog(t, r, mk.addr, mk.m.ParseLiquidityRedeemed)
		ctEqual(t, s.desc+" baseOut", ev.BaseOut, q.BaseOut)
		ctEqualSlices(t, s.desc+" balances", ev.Balances, q.Balances)
		ctCheckFeesEvent(t, r, mk, s.desc, q.FeesPaid)
	}
	return s
}

// ctCheckState compares the market's on-chain state with the model and checks the invariants:
// prices sum to 1, the market's base balance is exactly what the model expects, and it covers
// every claim plus every LP redemption plus the reserved fees under any outcome.
func ctCheckState(t *testing.T, env *ctEnv, mk *ctMarket, model *ctModel, actors []*ctAccount, when string) {
	t.Helper()
	call := &bind.CallOpts{Context: env.ctx}
	pool := model.pool
	ctEqualSlices(t, when+": pool balances", ctView(t, call, mk.m.PoolBalances), pool.Balances)
	ctEqual(t, when+": LP supply", ctView(t, call, mk.m.TotalSupply), pool.LPSupply)
	ctEqual(t, when+": feePoolWeight", ctView(t, call, mk.m.FeePoolWeight), pool.FeePoolWeight)
	ctEqual(t, when+": totalWithdrawnFees", ctView(t, call, mk.m.TotalWithdrawnFees), pool.TotalWithdrawnFees)
	if state := ctView(t, call, mk.m.State); fpmm.Phase(state) != pool.Resolution.Phase {
		t.Errorf("%s: state %d on chain, mirror %d", when, state, pool.Resolution.Phase)
	}
	if voided := ctView(t, call, mk.m.Voided); voided != pool.Voided {
		t.Errorf("%s: voided %v on chain, mirror %v", when, voided, pool.Voided)
	}

	// Prices: exact in the mirror (sum exactly 1e18), within a few units on chain.
	if pool.LPSupply.Sign() > 0 && !pool.Settled {
		prices, err := pool.Prices()
		if err != nil {
			t.Fatal(err)
		}
		sum := new(big.Int)
		for _, p := range prices {
			sum.Add(sum, p)
		}
		if sum.Cmp(big.NewInt(1e18)) != 0 {
			t.Errorf("%s: mirror prices sum to %v", when, sum)
		}
		onchain := ctView(t, call, mk.m.Prices)
		for i := range prices {
			d := new(big.Int).Sub(onchain[i], prices[i])
			if d.CmpAbs(big.NewInt(2)) > 0 {
				t.Errorf("%s: price %d on chain %v, mirror %v", when, i, onchain[i], prices[i])
			}
		}
	}

	// Accounts.
	for _, a := range actors {
		k := ctKey(a.addr)
		ctEqual(t, when+": LP of "+k[:8], ctViewOf(t, call, mk.m.BalanceOf, a.addr), pool.LPBalance(k))
		ctEqual(t, when+": fees withdrawable by "+k[:8], ctViewOf(t, call, mk.m.FeesWithdrawableBy, a.addr), pool.FeesWithdrawableBy(k))
		h := model.hold(a.addr)
		for i, tok := range mk.tokens {
			ctEqual(t, fmt.Sprintf("%s: option %d of %s", when, i, k[:8]), ctViewOf(t, call, tok.BalanceOf, a.addr), h[i])
		}
	}

	// Solvency.
	base := ctViewOf(t, call, env.usdc.BalanceOf, mk.addr)
	ctEqual(t, when+": market base balance", base, model.base)
	// Reserved: the fees owed to LP holders and the bonds of a pending assertion.
	reserve := new(big.Int).Add(pool.CollectedFees(), pool.BondsHeld())
	supplies := make([]*big.Int, model.n)
	for i := range supplies {
		supplies[i] = ctView(t, call, mk.tokens[i].TotalSupply)
	}
	need := new(big.Int)
	switch {
	case pool.Voided:
		// Every token outside and inside the pool is worth 1/N (claims round down).
		for i := range supplies {
			need.Add(need, supplies[i]).Add(need, pool.Balances[i])
		}
		need.Quo(need, big.NewInt(int64(model.n)))
	case pool.Settled:
		need.Add(supplies[pool.Winner], pool.Balances[pool.Winner])
	default:
		for i := range supplies {
			if v := new(big.Int).Add(supplies[i], pool.Balances[i]); v.Cmp(need) > 0 {
				need = v
			}
			// Before the end every option is backed by the same number of complete sets.
			sets := new(big.Int).Sub(new(big.Int).Sub(model.base, reserve), pool.Balances[i])
			if sets.Cmp(supplies[i]) != 0 {
				t.Errorf("%s: option %d supply %v, complete sets outside the pool %v", when, i, supplies[i], sets)
			}
		}
	}
	need.Add(need, reserve)
	if base.Cmp(need) < 0 {
		t.Errorf("%s: insolvent: holds %v, owes up to %v", when, base, need)
	}
}
