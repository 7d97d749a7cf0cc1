package indexer_test

import (
	"testing"

	"github.com/ethereum/go-ethereum/accounts/abi/bind"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/internal/events"
	"github.com/predict-dev/predict/internal/store"
	"github.com/predict-dev/predict/internal/store/storetest"
)

// TestCompleteSets: a holder's mintSets and mergeSets on chain reach the
// store as the chain has them (positions equal token balances, the pool
// untouched, base balances), with each option's share of the sets' cost,
// and the holder is told. On both stores.
func TestCompleteSets(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.DB) {
		e, key, mk := newSimTrader(t, usd(1_000), usd(1_000))
		trader := addr(key)
		user := storetest.NewUser(t, s, func(p *predict.LoginParams) { p.Address = lower(trader) })
		pub := &recorder{}
		ix := newIndexer(t, e, s, pub, nil)
		syncHead(t, e, ix)
		pub.take(t)

		e.buy(key, mk, 0, usd(100))
		e.send(key, func(o *bind.TransactOpts) (*types.Transaction, error) { return mk.m.MintSets(o, usd(30)) })
		syncHead(t, e, ix)
		wantSome(t, pub.take(t),
			events.UserPositionChanged(user.UID, lower(mk.addr), lower(mk.options[1])),
			events.UserAssetChanged(user.UID, lower(e.usdc)))
		e.send(key, func(o *bind.TransactOpts) (*types.Transaction, error) { return mk.m.MergeSets(o, usd(10)) })
		syncHead(t, e, ix)
		newChecker(t, e, s, mk, []common.Address{trader}).all()

		// The No tokens came from the sets alone: 30 at 0.5, 10 merged
		// at 0.5, so 20 left at a cost of 10 and nothing realized.
		page, _, err := s.Positions(e.ctx, predict.PositionFilter{UID: user.UID, Market: lower(mk.addr)})
		if err != nil {
			t.Fatal(err)
		}
		var no *predict.Position
		for _, p := range page {
			if p.Option == lower(mk.options[1]) {
				no = p
			}
		}
		if no == nil || no.Amount.Cmp(usd(20)) != 0 || no.CostBasis.Cmp(usd(10)) != 0 || no.RealizedPnL.Sign() != 0 {
			t.Fatalf("the No position from the sets: %+v", no)
		}
	})
}
