package api

import (
	"context"
	"math/big"
	"net/http"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/wire"
)

// percent renders 100·part/whole with two decimals ("12.5", "-3.25").
func percent(part, whole *big.Int) string {
	if whole == nil || whole.Sign() == 0 {
		return "0"
	}
	bp := new(big.Int).Mul(part, big.NewInt(10_000))
	bp.Quo(bp, whole) // basis points of a percent, truncated toward zero
	return predict.FormatUnits(bp, 2)
}

func newPosition(p *predict.Position) wire.Position {
	pnl := p.UnrealizedPnL()
	return wire.Position{
		MarketAddress: p.Market, MarketTitle: p.MarketTitle, MarketStatus: string(p.MarketStatus),
		OptionAddress: p.Option, OptionTitle: p.OptionTitle, Amount: amount(p.Amount),
		AvgPrice: predict.FormatPrice(p.AvgPrice), CurrentPrice: predict.FormatPrice(p.CurrentPrice),
		CostBasis: amount(p.CostBasis), Value: amount(p.Value()), PnL: amount(pnl),
		PnLPercent: percent(pnl, p.CostBasis), RealizedPnL: amount(p.RealizedPnL),
	}
}

// handleGetUserPositions lists a user's open positions: the caller's, or
// another user's with uid (readable without a token).
func (s *Server) handleGetUserPositions(w http.ResponseWriter, r *http.Request) {
	q := newQuery(r)
	page, size := q.page()
	uid := q.text("uid", false, 64)
	market := q.address("marketAddress", false)
	if !s.queryValid(w, r, q) {
		return
	}
	if uid == "" {
		u, err := s.authenticate(r)
		if err != nil {
			s.Error(w, r, err)
			return
		}
		uid = u.UID
	} else if _, err := s.store.UserByUID(r.Context(), uid); err != nil {
		s.Error(w, r, err)
		return
	}
	s.cachedFor(w, r, uid, true, func(ctx context.Context) (any, error) {
		list, total, err := s.store.Positions(ctx, predict.PositionFilter{UID: uid, Market: market, Page: page, PageSize: size})
		return wire.PositionsPage{Total: total, Positions: wireList(list, newPosition)}, err
	})
}

// handleGetUserLiquidity lists the caller's LP positions. Their values
// follow the pools, so every market event outdates them too.
func (s *Server) handleGetUserLiquidity(w http.ResponseWriter, r *http.Request) {
	p, valid := s.callerMarketPage(w, r)
	if !valid {
		return
	}
	s.cachedFor(w, r, p.uid, true, func(ctx context.Context) (any, error) {
		list, total, err := s.store.LiquidityPositions(ctx, predict.LiquidityFilter{UID: p.uid, Market: p.market, Page: p.page, PageSize: p.size})
		return wire.LiquidityPage{Total: total, Positions: wireList(list, newLiquidityPosition)}, err
	})
}

// newLiquidityPosition is an LP position with its share of the pool.
func newLiquidityPosition(p *predict.LiquidityPosition) wire.LiquidityPosition {
	share := new(big.Int)
	if p.LPSupply != nil && p.LPSupply.Sign() > 0 {
		share = predict.DivWad(p.LPAmount, p.LPSupply)
	}
	return wire.LiquidityPosition{
		MarketAddress: p.Market, MarketTitle: p.MarketTitle, MarketStatus: string(p.MarketStatus),
		BaseTokenAddress: p.BaseToken, LPAmount: amount(p.LPAmount), LPSupply: amount(p.LPSupply),
		PoolShare: predict.FormatPrice(share), Value: amount(p.ShareValue()), Deposited: amount(p.Deposited),
		Withdrawn: amount(p.Withdrawn), FeesEarned: amount(p.Fees), ReturnedValue: amount(p.ReturnedValue),
	}
}
