package payout_test

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"math/big"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/accounts/abi/bind"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/crypto"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/internal/chain"
	"github.com/predict-dev/predict/internal/chain/bindings"
	"github.com/predict-dev/predict/internal/chain/devchain"
	"github.com/predict-dev/predict/internal/chain/devchain/devchaintest"
	"github.com/predict-dev/predict/internal/indexer"
	"github.com/predict-dev/predict/internal/payout"
	"github.com/predict-dev/predict/internal/store"
	"github.com/predict-dev/predict/internal/store/storetest"
)

var quiet = slog.New(slog.NewTextHandler(io.Discard, nil))

// env is the embedded dev chain (a block per transaction) with the suite,
// a store and an indexer of it, and the operator that sends the payouts.
type env struct {
	t        *testing.T
	ctx      context.Context
	node     *devchain.Chain
	suite    *chain.Suite
	db       *store.DB
	ix       *indexer.Indexer
	keys     *chain.Keys
	operator *chain.Operator
	opAddr   common.Address
	usdc     *bindings.BaseToken
	factory  *bindings.MarketFactory
	nonce    uint64
}

func newEnv(t *testing.T, db *store.DB) *env {
	t.Helper()
	ctx := context.Background()
	node, keys := devchaintest.Open(t, 0)
	op := crypto.PubkeyToAddress(keys.Operator.PublicKey)
	opts, err := bind.NewKeyedTransactorWithChainID(keys.Operator, node.ChainID())
	if err != nil {
		t.Fatal(err)
	}
	suite, err := chain.DeploySuite(ctx, node.Client(), opts, chain.SuiteConfig{
		PaymasterSigner: keys.PaymasterAddress(), PaymasterDeposit: big.NewInt(1e18), BaseTokens: chain.DefaultBaseTokens(),
		FeeBps: chain.DefaultFeeBps, Admins: []common.Address{op}, Resolvers: []common.Address{op},
	})
	if err != nil {
		t.Fatal(err)
	}
	e := &env{t: t, ctx: ctx, node: node, suite: suite, db: db, keys: keys, opAddr: op,
		operator: chain.NewOperator(node.Client(), keys.Operator, suite)}
	e.usdc, _ = bindings.NewBaseToken(suite.BaseTokens[0].Address, node.Client())
	e.factory, _ = bindings.NewMarketFactory(suite.MarketFactory, node.Client())
	d, err := suite.Deployment(ctx, node.Client(), 0, true)
	if err != nil {
		t.Fatal(err)
	}
	if e.ix, err = indexer.New(indexer.Config{Client: node.Client(), Deployment: d, Store: db, Logger: quiet}); err != nil {
		t.Fatal(err)
	}
	if e.nonce, err = node.Client().PendingNonceAt(ctx, op); err != nil {
		t.Fatal(err)
	}
	e.wait(e.send(func(o *bind.TransactOpts) (*types.Transaction, error) {
		return e.usdc.Mint(o, op, new(big.Int).Mul(big.NewInt(1e6), big.NewInt(1e9)))
	}))
	e.wait(e.send(func(o *bind.TransactOpts) (*types.Transaction, error) {
		return e.usdc.Approve(o, suite.MarketFactory, abi.MaxUint256)
	}))
	return e
}

// send sends an operator transaction with the next nonce, without
// waiting (gas fixed, so that many go out at once).
func (e *env) send(f func(*bind.TransactOpts) (*types.Transaction, error)) *types.Transaction {
	e.t.Helper()
	o, err := bind.NewKeyedTransactorWithChainID(e.keys.Operator, e.node.ChainID())
	if err != nil {
		e.t.Fatal(err)
	}
	o.Context, o.Nonce, o.GasLimit = e.ctx, new(big.Int).SetUint64(e.nonce), 8_000_000
	tx, err := f(o)
	if err != nil {
		e.t.Fatal(err)
	}
	e.nonce++
	return tx
}

func (e *env) wait(tx *types.Transaction) *types.Receipt {
	e.t.Helper()
	ctx, cancel := context.WithTimeout(e.ctx, time.Minute)
	defer cancel()
	r, err := chain.WaitMined(ctx, e.node.Client(), tx.Hash())
	if err != nil {
		e.t.Fatal(err)
	}
	return r
}

func (e *env) sync() {
	e.t.Helper()
	if _, err := e.ix.Sync(e.ctx); err != nil {
		e.t.Fatal(err)
	}
}

func (e *env) base(a common.Address) *big.Int {
	e.t.Helper()
	v, err := e.usdc.BalanceOf(&bind.CallOpts{Context: e.ctx}, a)
	if err != nil {
		e.t.Fatal(err)
	}
	return v
}

// market is an ended two-option market whose option 0 won, with holders
// of it and LPs that did nothing: the operator created the market, bought
// complete sets and handed each holder its winning tokens and each LP its
// pool shares.
type market struct {
	addr    common.Address
	m       *bindings.Market
	holders []common.Address
	lps     []common.Address
	settled uint64 // block
}

func (e *env) endedMarket(holders, lps int) *market {
	e.t.Helper()
	salt := common.BigToHash(big.NewInt(time.Now().UnixNano()))
	head, err := e.node.Client().HeaderByNumber(e.ctx, nil)
	if err != nil {
		e.t.Fatal(err)
	}
	r := e.wait(e.send(func(o *bind.TransactOpts) (*types.Transaction, error) {
		return e.factory.CreateMarket(o, e.suite.BaseTokens[0].Address, []string{"Yes", "No"},
			new(big.Int).SetUint64(head.Time+86400), big.NewInt(200), usd(10_000), salt, common.Hash{})
	}))
	var created *bindings.MarketFactoryMarketCreated
	for _, l := range r.Logs {
		if ev, err := e.factory.ParseMarketCreated(*l); err == nil {
			created = ev
		}
	}
	mk := &market{addr: created.Market}
	mk.m, _ = bindings.NewMarket(created.Market, e.node.Client())
	yes, _ := bindings.NewOptionToken(created.Options[0], e.node.Client())
	e.send(func(o *bind.TransactOpts) (*types.Transaction, error) {
		return e.usdc.Approve(o, mk.addr, abi.MaxUint256)
	})
	e.wait(e.send(func(o *bind.TransactOpts) (*types.Transaction, error) {
		return mk.m.MintSets(o, usd(int64(holders)*10))
	}))
	var last *types.Transaction
	for i := range holders {
		a := newAddress()
		mk.holders = append(mk.holders, a)
		last = e.send(func(o *bind.TransactOpts) (*types.Transaction, error) { return yes.Transfer(o, a, usd(int64(1+i%10))) })
	}
	for i := range lps {
		a := newAddress()
		mk.lps = append(mk.lps, a)
		last = e.send(func(o *bind.TransactOpts) (*types.Transaction, error) { return mk.m.Transfer(o, a, usd(int64(100+i))) })
	}
	e.wait(last)
	r = e.wait(e.send(func(o *bind.TransactOpts) (*types.Transaction, error) { return mk.m.Settle(o, big.NewInt(0)) }))
	mk.settled = r.BlockNumber.Uint64()
	return mk
}

func newAddress() common.Address {
	k, _ := crypto.GenerateKey()
	return crypto.PubkeyToAddress(k.PublicKey)
}

func usd(n int64) *big.Int { return big.NewInt(n * 1_000_000) }

func lower(a common.Address) string { return strings.ToLower(a.Hex()) }

// position is the indexed position of a in option 0 of mk.
func (e *env) position(mk *market, a common.Address) *predict.Position {
	e.t.Helper()
	ps, _, err := e.db.Positions(e.ctx, predict.PositionFilter{Account: lower(a), Market: lower(mk.addr), Closed: true, PageSize: 10})
	if err != nil || len(ps) != 1 {
		e.t.Fatalf("positions of %s: %v, %v", a, ps, err)
	}
	return ps[0]
}

// TestPayout: once a market has ended, 200 holders and 20 LPs who do
// nothing are paid by the worker within as many blocks as it has batches;
// the indexed positions are closed with their realized PnL, the LP
// positions emptied, and the holders who are users told "you won". A
// worker started again sends nothing.
func TestPayout(t *testing.T) {
	db := storetest.OpenSQLite(t)
	e := newEnv(t, db)
	mk := e.endedMarket(200, 20)
	users := map[common.Address]string{}
	for i, a := range mk.holders[:3] {
		u, _, err := db.Login(e.ctx, predict.LoginParams{Subject: "holder-" + string(rune('a'+i)), Address: lower(a), Verified: true})
		if err != nil {
			t.Fatal(err)
		}
		users[a] = u.UID
	}
	e.sync()
	before := map[common.Address]*predict.Position{}
	for _, a := range mk.holders {
		before[a] = e.position(mk, a)
	}

	// Within its delay after the end, the market waits: a holder claiming
	// in the first minutes races no batch.
	nonce := e.pending()
	waiting := payout.New(payout.Config{Store: db, Payer: e.operator, Delay: time.Hour, Logger: quiet})
	if err := waiting.Round(e.ctx); err != nil || e.pending() != nonce {
		t.Fatalf("a worker within its delay sent %d transactions (%v)", e.pending()-nonce, err)
	}

	begin := time.Now()
	w := payout.New(payout.Config{Store: db, Payer: e.operator, Batch: payout.DefaultBatch, Logger: quiet,
		Skip: []common.Address{e.suite.LimitOrders}})
	if err := w.Round(e.ctx); err != nil {
		t.Fatal(err)
	}
	head, err := e.node.Client().BlockNumber(e.ctx)
	if err != nil {
		t.Fatal(err)
	}
	e.sync()
	elapsed := time.Since(begin)
	batches := (len(mk.holders) + len(mk.lps) + payout.DefaultBatch - 1) / payout.DefaultBatch
	if blocks := head - mk.settled; blocks > uint64(batches) {
		t.Fatalf("paid in %d blocks after the settlement, want at most %d (one a batch)", blocks, batches)
	}
	t.Logf("%d holders and %d LPs paid in %d blocks after the settlement, %s (batches of %d, indexed)",
		len(mk.holders), len(mk.lps), head-mk.settled, elapsed.Round(time.Millisecond), payout.DefaultBatch)
	for b := mk.settled + 1; b <= head; b++ {
		blk, err := e.node.Client().BlockByNumber(e.ctx, new(big.Int).SetUint64(b))
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("block %d: %d transaction(s), %d gas", b, len(blk.Transactions()), blk.GasUsed())
	}

	for _, a := range mk.holders {
		was, p := before[a], e.position(mk, a)
		if got := e.base(a); got.Cmp(was.Amount) != 0 {
			t.Fatalf("holder %s got %s, holds %s winning tokens", a, got, was.Amount)
		}
		want := new(big.Int).Sub(was.Amount, was.CostBasis)
		want.Add(want, was.RealizedPnL)
		if p.Amount.Sign() != 0 || p.RealizedPnL.Cmp(want) != 0 {
			t.Fatalf("position of %s after the payout: %s tokens, realized %s, want 0 and %s", a, p.Amount, p.RealizedPnL, want)
		}
	}
	for _, a := range mk.lps {
		lp, err := mk.m.BalanceOf(&bind.CallOpts{Context: e.ctx}, a)
		if err != nil || lp.Sign() != 0 || e.base(a).Sign() <= 0 {
			t.Fatalf("LP %s keeps %s shares, got %s USDC (%v)", a, lp, e.base(a), err)
		}
		ls, _, err := db.LiquidityPositions(e.ctx, predict.LiquidityFilter{Account: lower(a), Market: lower(mk.addr), Closed: true, PageSize: 10})
		if err != nil || len(ls) != 1 || ls[0].LPAmount.Sign() != 0 {
			t.Fatalf("liquidity position of %s: %+v, %v", a, ls, err)
		}
	}
	for a, uid := range users {
		ns, _, _, err := db.Notifications(e.ctx, predict.NotificationFilter{UID: uid, PageSize: 50})
		if err != nil {
			t.Fatal(err)
		}
		found := false
		for _, n := range ns {
			if n.Kind == predict.NotifyPayout && n.Data[predict.NoteAmount] == before[a].Amount.String() &&
				n.Data[predict.NotePayout] == "claim" {
				found = true
			}
		}
		if !found {
			t.Fatalf("holder %s has no payout notification of %s: %+v", a, before[a].Amount, ns)
		}
	}
	p, err := db.PayoutProgress(e.ctx, lower(mk.addr))
	if err != nil || !p.Done || p.Batches != batches {
		t.Fatalf("progress %+v, %v; want done in %d batches", p, err, batches)
	}

	// Started again, the worker finds the market done and sends nothing.
	nonce = e.pending()
	again := payout.New(payout.Config{Store: db, Payer: e.operator, Logger: quiet})
	if err := again.Round(e.ctx); err != nil {
		t.Fatal(err)
	}
	if n := e.pending(); n != nonce {
		t.Fatalf("the restarted worker sent %d transactions", n-nonce)
	}
}

func (e *env) pending() uint64 {
	e.t.Helper()
	n, err := e.node.Client().PendingNonceAt(e.ctx, e.opAddr)
	if err != nil {
		e.t.Fatal(err)
	}
	return n
}

// crashing is a Payer killed right after its first batch was mined,
// before the worker could record it (kill -9 between the two).
type crashing struct {
	payout.Payer
	cancel context.CancelFunc
}

func (c crashing) PayOut(ctx context.Context, m common.Address, holders, lps []common.Address) (string, error) {
	tx, err := c.Payer.PayOut(ctx, m, holders, lps)
	if err != nil {
		return tx, err
	}
	c.cancel()
	return "", errors.New("killed")
}

// TestPayoutCrash: a worker killed after a batch was mined and before it
// recorded it is started again before the indexer has read the batch: it
// sends the batch again, which pays nobody twice, then pays the rest and
// is done. Every holder holds exactly its winnings.
func TestPayoutCrash(t *testing.T) {
	db := storetest.OpenSQLite(t)
	e := newEnv(t, db)
	mk := e.endedMarket(30, 5)
	e.sync()
	ctx, cancel := context.WithCancel(e.ctx)
	killed := payout.New(payout.Config{Store: db, Payer: crashing{e.operator, cancel}, Batch: 10, Logger: quiet})
	if err := killed.Round(ctx); err == nil {
		t.Fatal("the killed worker finished its round")
	}
	if p, err := db.PayoutProgress(e.ctx, lower(mk.addr)); err != nil || p.Batches != 0 {
		t.Fatalf("the killed worker recorded %+v, %v", p, err)
	}
	want := map[common.Address]*big.Int{}
	for i, a := range mk.holders {
		want[a] = usd(int64(1 + i%10))
	}
	nonce := e.pending()
	w := payout.New(payout.Config{Store: db, Payer: e.operator, Batch: 10, Logger: quiet})
	if err := w.Round(e.ctx); err != nil {
		t.Fatal(err)
	}
	if sent := e.pending() - nonce; sent != 4 {
		t.Fatalf("the restarted worker sent %d batches, want 4 (the killed one again, and 3 more for 35 accounts)", sent)
	}
	for a, v := range want {
		if got := e.base(a); got.Cmp(v) != 0 {
			t.Fatalf("holder %s holds %s USDC, want its winnings %s once", a, got, v)
		}
	}
	p, err := db.PayoutProgress(e.ctx, lower(mk.addr))
	if err != nil || !p.Done {
		t.Fatalf("progress %+v, %v", p, err)
	}
	e.sync()
	if err := w.Round(e.ctx); err != nil || e.pending() != nonce+4 {
		t.Fatalf("a further round sent %d transactions (%v)", e.pending()-nonce-4, err)
	}
}
