package api

import (
	"math/big"
	"net/http"

	"github.com/predict-dev/predict"
)

// positionJSON is SPEC.md's Position with the fields a client needs to act
// on it (which option, the cost basis behind avgPrice, realized PnL).
type positionJSON struct {
	MarketAddress string `json:"marketAddress"`
	MarketTitle   string `json:"marketTitle"`
	MarketStatus  string `json:"marketStatus"`
	OptionAddress string `json:"optionAddress"`
	OptionTitle   string `json:"optionTitle"`
	Amount        string `json:"amount"`
	AvgPrice      string `json:"avgPrice"`
	CurrentPrice  string `json:"currentPrice"`
	CostBasis     string `json:"costBasis"`
	Value         string `json:"value"`
	PnL           string `json:"pnl"`
	PnLPercent    string `json:"pnlPercent"`
	RealizedPnL   string `json:"realizedPnl"`
}

// percent renders 100·part/whole with two decimals ("12.5", "-3.25").
func percent(part, whole *big.Int) string {
	if whole == nil || whole.Sign() == 0 {
		return "0"
	}
	bp := new(big.Int).Mul(part, big.NewInt(10_000))
	bp.Quo(bp, whole) // basis points of a percent, truncated toward zero
	return predict.FormatUnits(bp, 2)
}

func newPosition(p *predict.Position) positionJSON {
	pnl := p.UnrealizedPnL()
	return positionJSON{
		MarketAddress: p.Market, MarketTitle: p.MarketTitle, MarketStatus: string(p.MarketStatus),
		OptionAddress: p.Option, OptionTitle: p.OptionTitle, Amount: amount(p.Amount),
		AvgPrice: predict.FormatPrice(p.AvgPrice), CurrentPrice: predict.FormatPrice(p.CurrentPrice),
		CostBasis: amount(p.CostBasis), Value: amount(p.Value()), PnL: pnl.String(),
		PnLPercent: percent(pnl, p.CostBasis), RealizedPnL: p.RealizedPnL.String(),
	}
}

// handleGetUserPositions lists a user's open positions: the caller's, or
// another user's with uid (readable without a token).
func (s *Server) handleGetUserPositions(w http.ResponseWriter, r *http.Request) {
	q := newQuery(r)
	page, size := q.page()
	uid := q.text("uid", false, 64)
	market := q.address("marketAddress", false)
	if q.err != nil {
		s.Error(w, r, q.err)
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
	list, total, err := s.store.Positions(r.Context(), predict.PositionFilter{UID: uid, Market: market, Page: page, PageSize: size})
	if err != nil {
		s.Error(w, r, err)
		return
	}
	out := make([]positionJSON, len(list))
	for i, p := range list {
		out[i] = newPosition(p)
	}
	ok(w, map[string]any{"total": total, "positions": out})
}

// handleGetUserLiquidity lists the caller's LP positions.
func (s *Server) handleGetUserLiquidity(w http.ResponseWriter, r *http.Request) {
	u, err := s.authenticate(r)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	q := newQuery(r)
	page, size := q.page()
	market := q.address("marketAddress", false)
	if q.err != nil {
		s.Error(w, r, q.err)
		return
	}
	list, total, err := s.store.LiquidityPositions(r.Context(), predict.LiquidityFilter{UID: u.UID, Market: market, Page: page, PageSize: size})
	if err != nil {
		s.Error(w, r, err)
		return
	}
	out := make([]map[string]any, len(list))
	for i, p := range list {
		share := new(big.Int)
		if p.LPSupply != nil && p.LPSupply.Sign() > 0 {
			share = predict.DivWad(p.LPAmount, p.LPSupply)
		}
		out[i] = map[string]any{
			"marketAddress": p.Market, "marketTitle": p.MarketTitle, "marketStatus": string(p.MarketStatus),
			"baseTokenAddress": p.BaseToken, "lpAmount": amount(p.LPAmount), "lpSupply": amount(p.LPSupply),
			"poolShare": predict.FormatPrice(share), "value": amount(p.ShareValue()), "deposited": amount(p.Deposited),
			"withdrawn": amount(p.Withdrawn), "feesEarned": amount(p.Fees), "returnedValue": amount(p.ReturnedValue),
		}
	}
	ok(w, map[string]any{"total": total, "positions": out})
}
