package indexer_test

import (
	"context"
	"errors"
	"math/big"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/accounts/abi/bind"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/crypto"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/internal/events"
	"github.com/predict-dev/predict/internal/indexer"
	"github.com/predict-dev/predict/internal/store"
	"github.com/predict-dev/predict/internal/store/storetest"
)

// TestReorg indexes a trade, then makes the chain fork from the trade's
// parent block and grow a longer branch with a different trade (the dev
// chain cannot fork; go-ethereum's simulated backend can). After the next
// Sync the orphaned trade is gone, the new branch's trade is there, and
// every aggregate equals the chain again.
func TestReorg(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.DB) {
		keyA, _ := crypto.GenerateKey()
		keyB, _ := crypto.GenerateKey()
		A, B := addr(keyA), addr(keyB)
		e := newSimEnv(t, A, B)
		ctx := e.ctx
		for _, k := range []common.Address{A, B} {
			e.mint(k, usd(1000))
		}
		mk := e.createMarket(usd(1000))
		e.approve(keyA, mk.addr)
		e.approve(keyB, mk.addr)
		userB := storetest.NewUser(t, s, func(p *predict.LoginParams) { p.Address = lower(B) })

		pub := &recorder{}
		ix := syncedIndexer(t, e, s, pub)
		check := newChecker(t, e, s, mk, []common.Address{A, B, addr(e.operator)})
		check.all()

		rAtx := e.sendNoWait(keyA, 0, func(o *bind.TransactOpts) (*types.Transaction, error) {
			return mk.m.Buy(o, big.NewInt(0), usd(100), big.NewInt(1), e.deadline())
		})
		rA := e.mined(rAtx)
		syncHead(t, e, ix)
		check.all()
		if _, total, _ := s.Trades(ctx, predict.TradeFilter{Market: lower(mk.addr)}); total != 1 {
			t.Fatalf("%d trades before the reorg", total)
		}
		pub.take(t)

		parent, err := e.client.HeaderByNumber(ctx, new(big.Int).Sub(rA.BlockNumber, big.NewInt(1)))
		if err != nil {
			t.Fatal(err)
		}
		if err := e.sim.Fork(parent.Hash()); err != nil {
			t.Fatal(err)
		}
		e.sendNoWait(keyB, 0, func(o *bind.TransactOpts) (*types.Transaction, error) {
			return mk.m.Buy(o, big.NewInt(1), usd(50), big.NewInt(1), e.deadline())
		})
		// The orphaned transaction returns to the pool; A replaces it
		// (same nonce, higher fee) with a buy of the other option, so
		// the new branch has a different trade of A.
		replaced := e.sendNoWait(keyA, 10, func(o *bind.TransactOpts) (*types.Transaction, error) {
			o.Nonce = new(big.Int).SetUint64(rAtx.Nonce())
			return mk.m.Buy(o, big.NewInt(1), usd(30), big.NewInt(1), e.deadline())
		})
		e.sim.Commit()
		e.sim.Commit()
		head, _ := e.client.HeaderByNumber(ctx, nil)
		if head.Number.Cmp(rA.BlockNumber) <= 0 {
			t.Fatalf("the fork did not grow longer: head %d", head.Number)
		}
		if h, _ := e.client.HeaderByNumber(ctx, rA.BlockNumber); h.Hash() == rA.BlockHash {
			t.Fatal("the trade's block is still canonical")
		}

		syncHead(t, e, ix)
		check.all()
		if got := metricValue(ix.Metrics().Reorgs); got != 1 {
			t.Fatalf("reorgs = %v", got)
		}
		trades, _, err := s.Trades(ctx, predict.TradeFilter{Market: lower(mk.addr)})
		if err != nil {
			t.Fatal(err)
		}
		var sawB, sawReplacement bool
		for _, tr := range trades {
			if tr.TxHash == rA.TxHash.Hex() {
				t.Fatalf("orphaned trade still recorded: %+v", tr)
			}
			sawB = sawB || (tr.Account == lower(B) && tr.UID == userB.UID)
			sawReplacement = sawReplacement || (tr.TxHash == replaced.Hash().Hex() && tr.OptionIndex == 1)
		}
		if !sawB || !sawReplacement || len(trades) != 2 {
			t.Fatalf("trades of the new branch: %+v", trades)
		}
		if p, ok := check.positionClosed(A, 0); ok {
			t.Fatalf("A still has the orphaned position: %+v", p)
		}
		evs := pub.take(t)
		wantSome(t, evs, events.MarketInfoUpdate(lower(mk.addr), ""), events.MarketNewTrades(lower(mk.addr), lower(mk.options[1])),
			events.UserPositionChanged(userB.UID, lower(mk.addr), lower(mk.options[1])))

	})
}

// wantSome checks that every event of want was published.
func wantSome(t *testing.T, got []events.Event, want ...events.Event) {
	t.Helper()
	have := map[string]bool{}
	for _, k := range keys(got) {
		have[k] = true
	}
	for _, k := range keys(want) {
		if !have[k] {
			t.Fatalf("event %q not published; got %q", k, keys(got))
		}
	}
}

// flakyClient fails eth_getLogs from the failAt-th call on, as a node
// that goes away in the middle of a catch-up.
type flakyClient struct {
	indexer.Client
	calls, failAt int
}

func (c *flakyClient) FilterLogs(ctx context.Context, q ethereum.FilterQuery) ([]types.Log, error) {
	c.calls++
	if c.calls >= c.failAt {
		return nil, errors.New("connection reset by peer")
	}
	return c.Client.FilterLogs(ctx, q)
}

// forgetfulStore reports no cursor, as if every cursor write had been
// lost: the indexer reads the chain again from the deployment block.
type forgetfulStore struct{ *store.DB }

func (forgetfulStore) IndexerCursor(context.Context) (predict.BlockRef, bool, error) {
	return predict.BlockRef{}, false, nil
}

// TestResume stops a catch-up half-way (the node fails), resumes with a
// new indexer from the persisted cursor, then re-reads everything as if
// the cursor had been lost: no trade is applied twice and the store
// equals the chain.
func TestResume(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.DB) {
		e, keyA, mk := newSimTrader(t, usd(1000), usd(1000))
		A := addr(keyA)
		for i := 0; i < 6; i++ {
			e.buy(keyA, mk, int64(i%2), usd(10))
		}
		e.send(keyA, func(o *bind.TransactOpts) (*types.Transaction, error) {
			return mk.m.Sell(o, big.NewInt(0), usd(1), big.NewInt(0), e.deadline())
		})
		head, _ := e.client.HeaderByNumber(e.ctx, nil)

		crashing := newIndexer(t, e, s, nil, func(c *indexer.Config) {
			c.Client = &flakyClient{Client: e.client, failAt: 4}
			c.BatchBlocks = 4
		})
		if _, err := crashing.Sync(e.ctx); err == nil {
			t.Fatal("Sync through a failing node succeeded")
		}
		cursor, ok, err := s.IndexerCursor(e.ctx)
		if err != nil || !ok || cursor.Number >= head.Number.Uint64() || cursor.Number < e.suite.DeployBlock {
			t.Fatalf("cursor after the crash: %+v %v %v (deployed at %d, head %d)", cursor, ok, err, e.suite.DeployBlock, head.Number)
		}

		check := newChecker(t, e, s, mk, []common.Address{A, addr(e.operator)})
		resumed := newIndexer(t, e, s, nil, func(c *indexer.Config) { c.BatchBlocks = 4 })
		syncHead(t, e, resumed)
		check.all()

		again := newIndexer(t, e, forgetfulStore{s}, nil, nil)
		syncHead(t, e, again)
		check.all()
		if got := metricValue(again.Metrics().LogsApplied); got != 0 {
			t.Fatalf("re-reading applied %v logs again", got)
		}
	})
}

// TestRun follows new blocks until its context ends.
func TestRun(t *testing.T) {
	s := storetest.OpenSQLite(t)
	e, keyA, mk := newSimTrader(t, usd(1000), usd(1000))
	pub := &recorder{}
	ix := newIndexer(t, e, s, pub, func(c *indexer.Config) { c.PollInterval = 10 * time.Millisecond })
	ctx, cancel := context.WithCancel(e.ctx)
	done := make(chan error, 1)
	go func() { done <- ix.Run(ctx) }()

	e.buy(keyA, mk, 0, usd(10))
	deadline := time.Now().Add(20 * time.Second)
	for {
		_, total, err := s.Trades(e.ctx, predict.TradeFilter{Market: lower(mk.addr)})
		if err != nil {
			t.Fatal(err)
		}
		if total == 1 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("Run did not index the trade")
		}
		time.Sleep(10 * time.Millisecond)
	}
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("Run returned %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("Run did not stop")
	}
	wantSome(t, pub.take(t), events.MarketNewTrades(lower(mk.addr), lower(mk.options[0])))
}
