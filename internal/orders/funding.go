package orders

import (
	"context"
	"fmt"
	"log/slog"
	"math/big"
	"strings"
	"time"

	"github.com/ethereum/go-ethereum/accounts/abi/bind"
	"github.com/ethereum/go-ethereum/common"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/internal/chain/bindings"
	"github.com/predict-dev/predict/internal/exchange"
)

// expiryMargin is how close to its expiration an order is not settled:
// the block that would carry the settlement may be stamped a little
// after the clock reads now.
const expiryMargin = 2 * time.Second

// tokens are a market's base token and option tokens, as the Exchange
// moves them.
type tokens struct {
	base    common.Address
	options []common.Address
}

// unsettleable checks a plan before it is sent, so that no settlement
// item fails for a reason the service can see: an order past its
// expiration is dropped from its book, and the orders of a maker whose
// balance or allowance to the Exchange no longer covers what the plan
// has them give are closed as unfunded (with an event to the maker).
// stale is true when any order left: the plan is to be made again.
func (s *Settler) unsettleable(ctx context.Context, matches []exchange.Match, pool []exchange.PoolFill, now time.Time) (stale bool, err error) {
	type owed struct {
		maker, token common.Address
	}
	gives := map[owed]*big.Int{}
	orders := map[owed][]*exchange.Resting{}
	add := func(r *exchange.Resting, given *big.Int) error {
		if r.Expiration.Sign() != 0 && r.Expiration.Cmp(big.NewInt(now.Add(expiryMargin).Unix())) <= 0 {
			if b, ok := s.books[r.Market]; ok {
				b.Remove(r.Hash)
			}
			stale = true
			return nil
		}
		t, err := s.tokens(ctx, r.Market)
		if err != nil {
			return err
		}
		k := owed{r.Maker, t.base}
		if r.Side == exchange.Sell {
			k.token = t.options[r.Option.Int64()]
		}
		if gives[k] == nil {
			gives[k] = new(big.Int)
		}
		gives[k].Add(gives[k], given)
		orders[k] = append(orders[k], r)
		return nil
	}
	for _, m := range matches {
		for _, f := range m.Fills {
			if err := add(f.Order, f.Given); err != nil {
				return false, err
			}
		}
	}
	for _, p := range pool {
		if err := add(p.Order, p.Given); err != nil {
			return false, err
		}
	}
	opts := &bind.CallOpts{Context: ctx}
	var unfunded []*predict.SignedOrder
	markets := map[string]*predict.Market{}
	for k, need := range gives {
		short, err := s.short(opts, k.token, k.maker, need)
		if err != nil {
			return false, err
		}
		if short == "" {
			continue
		}
		stale = true
		for _, r := range orders[k] {
			so, err := s.cfg.Store.CloseSignedOrder(ctx, strings.ToLower(r.Hash.Hex()), predict.SignedUnfunded)
			if err != nil {
				return false, err
			}
			s.cfg.Logger.InfoContext(ctx, "signed order closed: its funds fell", slog.String("order", so.Hash),
				slog.String("maker", so.Maker), slog.String("short", short))
			unfunded = append(unfunded, so)
			if _, ok := markets[so.Market]; !ok {
				if m, err := s.cfg.Store.MarketByAddress(ctx, so.Market, ""); err == nil {
					markets[so.Market] = m
				}
			}
		}
	}
	announce(ctx, s.cfg.Publisher, s.cfg.Logger, markets, unfunded...)
	return stale, nil
}

// short says what of maker's token falls short of need ("" when
// nothing): its balance, or its allowance to the Exchange.
func (s *Settler) short(opts *bind.CallOpts, token, maker common.Address, need *big.Int) (string, error) {
	t, err := bindings.NewBaseTokenCaller(token, s.cfg.Chain)
	if err != nil {
		return "", err
	}
	balance, err := t.BalanceOf(opts, maker)
	if err != nil {
		return "", fmt.Errorf("balance of %s: %w", maker.Hex(), err)
	}
	if balance.Cmp(need) < 0 {
		return fmt.Sprintf("balance %s of %s, the plan gives %s", balance, token.Hex(), need), nil
	}
	allowance, err := t.Allowance(opts, maker, s.exchange)
	if err != nil {
		return "", fmt.Errorf("allowance of %s: %w", maker.Hex(), err)
	}
	if allowance.Cmp(need) < 0 {
		return fmt.Sprintf("allowance %s of %s, the plan gives %s", allowance, token.Hex(), need), nil
	}
	return "", nil
}

// tokens are market's tokens, read once.
func (s *Settler) tokens(ctx context.Context, market common.Address) (tokens, error) {
	if t, ok := s.marketTokens[market]; ok {
		return t, nil
	}
	m, err := bindings.NewMarketCaller(market, s.cfg.Chain)
	if err != nil {
		return tokens{}, err
	}
	opts := &bind.CallOpts{Context: ctx}
	var t tokens
	if t.base, err = m.BaseToken(opts); err != nil {
		return tokens{}, fmt.Errorf("base token of %s: %w", market.Hex(), err)
	}
	if t.options, err = m.Options(opts); err != nil {
		return tokens{}, fmt.Errorf("options of %s: %w", market.Hex(), err)
	}
	s.marketTokens[market] = t
	return t, nil
}
