package indexer_test

import (
	"math/big"
	"testing"

	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/accounts/abi/bind"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"

	"github.com/predict-dev/predict/internal/chain"
	"github.com/predict-dev/predict/internal/store/storetest"
)

// TestMarketFlags: the indexer reads how a market may be resolved from the
// factory's MarketFlags and MarketResolution: a market with a window
// created early-resolvable, one created without the flag, and one of
// createMarket, which takes the deployment's defaults (operator-resolved
// and early-resolvable).
func TestMarketFlags(t *testing.T) {
	e := newDevEnv(t)
	s := storetest.OpenSQLite(t)
	e.send(e.operator, func(o *bind.TransactOpts) (*types.Transaction, error) {
		return e.token.Mint(o, addr(e.operator), usd(1_000_000))
	})
	e.send(e.operator, func(o *bind.TransactOpts) (*types.Transaction, error) {
		return e.token.Approve(o, e.suite.MarketFactory, abi.MaxUint256)
	})
	head, err := e.client.HeaderByNumber(e.ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	end := new(big.Int).SetUint64(head.Time + 86400)
	create := func(salt int64, window uint64, flags *uint8) common.Address {
		r := e.send(e.operator, func(o *bind.TransactOpts) (*types.Transaction, error) {
			if flags == nil {
				return e.factory.CreateMarket(o, e.usdc, []string{"Yes", "No"}, end, big.NewInt(200), usd(100),
					common.BigToHash(big.NewInt(salt)), common.Hash{})
			}
			return e.factory.CreateMarketWithFlags(o, e.usdc, []string{"Yes", "No"}, end, big.NewInt(200), usd(100),
				common.BigToHash(big.NewInt(salt)), common.Hash{}, new(big.Int).SetUint64(window), usd(1), big.NewInt(int64(*flags)))
		})
		ev, err := e.factory.ParseMarketCreated(*r.Logs[0])
		if err != nil {
			t.Fatal(err)
		}
		return ev.Market
	}
	early, none := chain.MarketEarlyResolvable, uint8(0)
	for _, c := range []struct {
		name              string
		market            common.Address
		operator, earlyOK bool
	}{
		{"WindowEarly", create(1, 600, &early), false, true},
		{"WindowNotEarly", create(2, 600, &none), false, false},
		{"Defaults", create(3, 0, nil), true, true},
	} {
		syncedIndexer(t, e, s, nil)
		m, err := s.MarketByAddress(e.ctx, lower(c.market), "")
		if err != nil {
			t.Fatal(err)
		}
		if m.Resolution.OperatorResolved() != c.operator || m.Resolution.EarlyResolvable != c.earlyOK {
			t.Errorf("%s: operator-resolved %t, early-resolvable %t; want %t, %t", c.name,
				m.Resolution.OperatorResolved(), m.Resolution.EarlyResolvable, c.operator, c.earlyOK)
		}
		res, err := s.Resolution(e.ctx, lower(c.market))
		if err != nil || res.EarlyResolvable != c.earlyOK {
			t.Errorf("%s: resolution early-resolvable %v (%v), want %t", c.name, res, err, c.earlyOK)
		}
	}
}
