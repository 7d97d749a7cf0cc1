package indexer_test

import (
	"math/big"
	"testing"

	"github.com/ethereum/go-ethereum/accounts/abi/bind"
	"github.com/ethereum/go-ethereum/common"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/internal/market/fpmm"
	"github.com/predict-dev/predict/internal/store"
)

// checker compares what the store reports about one market with what the
// chain says, for a set of accounts.
type checker struct {
	t        *testing.T
	e        *env
	s        *store.DB
	mk       *market
	accounts []common.Address
}

func newChecker(t *testing.T, e *env, s *store.DB, mk *market, accounts []common.Address) *checker {
	return &checker{t: t, e: e, s: s, mk: mk, accounts: accounts}
}

func (c *checker) call() *bind.CallOpts { return &bind.CallOpts{Context: c.e.ctx} }

// all checks every invariant: positions equal option token balances; LP
// amounts equal LP balances; pool balances, LP supply and collected fees
// equal the contract's; prices follow from the balances (1 and 0 once
// settled); liquidity is Σ balance·price; volume, trade count and
// participants match the chain's Bought and Sold logs; holders count the
// accounts with tokens; base token balances match.
func (c *checker) all() {
	c.t.Helper()
	t, ctx, mk := c.t, c.e.ctx, c.mk
	market := lower(mk.addr)
	pool, err := c.s.MarketPool(ctx, market)
	if err != nil {
		t.Fatal(err)
	}
	chainBalances, err := mk.m.PoolBalances(c.call())
	if err != nil {
		t.Fatal(err)
	}
	for i, b := range chainBalances {
		wantAmount(t, "pool balance", pool.Balances[i], b)
	}
	supply, _ := mk.m.TotalSupply(c.call())
	wantAmount(t, "LP supply", pool.LPSupply, supply)
	fees, _ := mk.m.CollectedFees(c.call())
	wantAmount(t, "collected fees", pool.CollectedFees, fees)
	settled, _ := mk.m.Settled(c.call())
	prices := make([]*big.Int, len(chainBalances))
	if settled {
		w, _ := mk.m.WinningIndex(c.call())
		if pool.WinningIndex != int(w.Int64()) || pool.Status != predict.StatusEnded {
			t.Fatalf("pool after settlement: %+v", pool)
		}
		for i := range prices {
			prices[i] = new(big.Int)
		}
		prices[w.Int64()] = new(big.Int).Set(predict.Wad)
	} else if prices, err = fpmm.Prices(chainBalances); err != nil {
		t.Fatal(err)
	}
	liquidity := new(big.Int)
	for i := range prices {
		wantAmount(t, "price", pool.Prices[i], prices[i])
		liquidity.Add(liquidity, new(big.Int).Mul(chainBalances[i], prices[i]))
	}
	wantAmount(t, "liquidity", pool.Liquidity, liquidity.Quo(liquidity, predict.Wad))

	// Volume and participants from the chain's logs.
	volume, optVolume, traders, count := new(big.Int), []*big.Int{new(big.Int), new(big.Int)}, map[common.Address]bool{}, 0
	trade := func(account common.Address, option, base *big.Int) {
		volume.Add(volume, base)
		optVolume[option.Int64()].Add(optVolume[option.Int64()], base)
		traders[account] = true
		count++
	}
	filter := &bind.FilterOpts{Context: ctx, Start: c.e.suite.DeployBlock}
	bought, err := mk.m.FilterBought(filter, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	for bought.Next() {
		trade(bought.Event.Account, bought.Event.OptionIndex, bought.Event.BaseIn)
	}
	sold, err := mk.m.FilterSold(filter, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	for sold.Next() {
		trade(sold.Event.Account, sold.Event.OptionIndex, sold.Event.BaseOut)
	}
	m, err := c.s.MarketByAddress(ctx, market, "")
	if err != nil {
		t.Fatal(err)
	}
	wantAmount(t, "volume", m.Volume, volume)
	wantAmount(t, "liquidity (market)", m.Liquidity, pool.Liquidity)
	if m.ParticipantCount != len(traders) {
		t.Fatalf("participants %d, chain has %d traders", m.ParticipantCount, len(traders))
	}
	if _, total, err := c.s.Trades(ctx, predict.TradeFilter{Market: market}); err != nil || total != count {
		t.Fatalf("%d trades (%v), chain has %d", total, err, count)
	}

	holders := make([]int, len(mk.options))
	for _, a := range c.accounts {
		positions, _, err := c.s.Positions(ctx, predict.PositionFilter{Account: lower(a), Market: market, Closed: true})
		if err != nil {
			t.Fatal(err)
		}
		byOption := map[string]*predict.Position{}
		for _, p := range positions {
			byOption[p.Option] = p
		}
		for i, tok := range mk.tokens {
			bal, err := tok.BalanceOf(c.call(), a)
			if err != nil {
				t.Fatal(err)
			}
			got := new(big.Int)
			if p := byOption[lower(mk.options[i])]; p != nil {
				got = p.Amount
				wantAmount(t, "current price", p.CurrentPrice, prices[i])
			}
			if got.Cmp(bal) != 0 {
				t.Fatalf("position of %s in option %d: %s, chain balance %s", a.Hex(), i, got, bal)
			}
			if bal.Sign() > 0 {
				holders[i]++
			}
			wantBalance(t, c.s, a, mk.options[i], bal)
		}
		lpBal, _ := mk.m.BalanceOf(c.call(), a)
		lps, _, err := c.s.LiquidityPositions(ctx, predict.LiquidityFilter{Account: lower(a), Market: market, Closed: true})
		if err != nil {
			t.Fatal(err)
		}
		got := new(big.Int)
		if len(lps) == 1 {
			got = lps[0].LPAmount
		}
		wantAmount(t, "LP balance of "+a.Hex(), got, lpBal)
		usdc, _ := c.e.token.BalanceOf(c.call(), a)
		wantBalance(t, c.s, a, c.e.usdc, usdc)
	}
	usdc, _ := c.e.token.BalanceOf(c.call(), mk.addr)
	wantBalance(t, c.s, mk.addr, c.e.usdc, usdc)
	for i, o := range m.Options {
		if o.HoldersCount != holders[i] {
			t.Fatalf("option %d: %d holders, chain has %d", i, o.HoldersCount, holders[i])
		}
		wantAmount(t, "option volume", o.Volume, optVolume[i])
	}
}

func wantBalance(t *testing.T, s *store.DB, account, token common.Address, want *big.Int) {
	t.Helper()
	got, err := s.TokenBalance(t.Context(), lower(account), lower(token))
	if err != nil {
		t.Fatal(err)
	}
	wantAmount(t, "balance of "+account.Hex()+" in "+token.Hex(), got, want)
}

// position returns an open position of a in option i.
func (c *checker) position(a common.Address, i int) *predict.Position {
	c.t.Helper()
	p, ok := c.positionClosed(a, i)
	if !ok || p.Amount.Sign() == 0 {
		c.t.Fatalf("no open position of %s in option %d", a.Hex(), i)
	}
	return p
}

// positionClosed returns the position of a in option i, closed or not.
func (c *checker) positionClosed(a common.Address, i int) (*predict.Position, bool) {
	c.t.Helper()
	ps, _, err := c.s.Positions(c.e.ctx, predict.PositionFilter{Account: lower(a), Market: lower(c.mk.addr), Closed: true})
	if err != nil {
		c.t.Fatal(err)
	}
	for _, p := range ps {
		if p.OptionIndex == i {
			return p, true
		}
	}
	return nil, false
}

func (c *checker) lp(a common.Address) *predict.LiquidityPosition {
	c.t.Helper()
	p, ok := c.lpClosed(a)
	if !ok {
		c.t.Fatalf("no LP position of %s", a.Hex())
	}
	return p
}

func (c *checker) lpClosed(a common.Address) (*predict.LiquidityPosition, bool) {
	c.t.Helper()
	ps, _, err := c.s.LiquidityPositions(c.e.ctx, predict.LiquidityFilter{Account: lower(a), Market: lower(c.mk.addr), Closed: true})
	if err != nil {
		c.t.Fatal(err)
	}
	if len(ps) == 0 {
		return nil, false
	}
	return ps[0], true
}
