package api

import (
	"context"
	"math/big"
	"net/http"
	"time"

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

// baseToken reads baseTokenAddress: required, and one of the deployment's
// base tokens when the service knows its deployment.
func (s *Server) baseToken(q *query, required bool) string {
	token := q.address("baseTokenAddress", required)
	if q.err != nil || token == "" || s.cfg.Deployment == nil {
		return token
	}
	if _, found := s.cfg.Deployment.BaseToken(token); !found {
		q.fail("baseTokenAddress %s is not a base token of this service", token)
	}
	return token
}

// defaultBaseToken is the token a leaderboard ranks when the request names
// none: the deployment's first, else the first any market uses.
func (s *Server) defaultBaseToken(ctx context.Context) (string, error) {
	if s.cfg.Deployment != nil && len(s.cfg.Deployment.BaseTokens) > 0 {
		return s.cfg.Deployment.BaseTokens[0].Address, nil
	}
	tokens, err := s.store.BaseTokens(ctx)
	if err != nil || len(tokens) == 0 {
		return "", err
	}
	return tokens[0], nil
}

// holdings returns a user's holdings in markets of a token, computed now.
func (s *Server) holdings(ctx context.Context, uid, token string) (*predict.Holdings, error) {
	list, err := s.store.Holdings(ctx, predict.HoldingsFilter{BaseToken: token, UID: uid, VolumeSince: []time.Time{{}}})
	if err != nil {
		return nil, err
	}
	if len(list) == 0 { // a user without a smart account holds nothing
		return &predict.Holdings{UID: uid, Volumes: []*big.Int{new(big.Int)}}, nil
	}
	return list[0], nil
}

// handleGetUserAssetInfo answers SPEC.md's portfolio summary of a user in
// one base token, from the indexed state (docs/portfolio.md).
func (s *Server) handleGetUserAssetInfo(w http.ResponseWriter, r *http.Request) {
	if _, err := s.authenticate(r); err != nil {
		s.Error(w, r, err)
		return
	}
	q := newQuery(r)
	uid := q.text("uid", true, 64)
	token := s.baseToken(q, true)
	if q.err != nil {
		s.Error(w, r, q.err)
		return
	}
	h, err := s.holdings(r.Context(), uid, token)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	rank := 0
	if e, err := s.store.LeaderboardEntry(r.Context(), token, predict.PeriodAll, uid); err == nil {
		rank = e.PnLRank
	} else if predict.ErrorCode(err) != predict.ENOTFOUND {
		s.Error(w, r, err)
		return
	}
	ok(w, map[string]any{
		"uid": uid, "baseTokenAddress": token, "decimal": s.decimals(token),
		"value": h.Value().String(), "balance": amount(h.Balance), "portfolio": h.Portfolio().String(),
		"pnl": h.PnL().String(), "volume": amount(h.Volumes[0]), "pnlRank": rank,
		"positionsValue": amount(h.PositionValue), "liquidityValue": amount(h.LPValue),
		"realizedPnl": amount(h.RealizedPnL), "unrealizedPnl": h.UnrealizedPnL().String(), "liquidityPnl": amount(h.LPPnL),
	})
}

// assetIntervals are the windows of get-user-asset-history and their
// bucket sizes; snapshots are taken hourly at most (docs/portfolio.md).
var assetIntervals = map[string]priceInterval{
	"1d":  {24 * time.Hour, time.Hour},
	"1w":  {7 * 24 * time.Hour, 6 * time.Hour},
	"1m":  {30 * 24 * time.Hour, 24 * time.Hour},
	"3m":  {90 * 24 * time.Hour, 24 * time.Hour},
	"all": {},
}

type assetPointJSON struct {
	Time  string `json:"time"`
	Value string `json:"value"`
	PnL   string `json:"pnl"`
}

// assetSnapshotJSON is a point as the platform's clients read it. Balance
// and Portfolio are null for snapshots recorded before the store kept the
// balance (docs/portfolio.md).
type assetSnapshotJSON struct {
	Timestamp string  `json:"timestamp"`
	Value     string  `json:"value"`
	Balance   *string `json:"balance"`
	Portfolio *string `json:"portfolio"`
	PnL       string  `json:"pnl"`
}

func newAssetSnapshot(t time.Time, value, balance, pnl *big.Int) assetSnapshotJSON {
	out := assetSnapshotJSON{Timestamp: formatTime(t), Value: value.String(), PnL: pnl.String()}
	if balance != nil {
		b, p := balance.String(), new(big.Int).Sub(value, balance).String()
		out.Balance, out.Portfolio = &b, &p
	}
	return out
}

// assetHistoryJSON carries the series twice: as points (ours) and as
// snapshots with the balance split out (the platform's).
type assetHistoryJSON struct {
	UID              string              `json:"uid"`
	BaseTokenAddress string              `json:"baseTokenAddress"`
	TimeInterval     string              `json:"timeInterval"`
	BucketSeconds    int64               `json:"bucketSeconds"`
	Points           []assetPointJSON    `json:"points"`
	Total            int                 `json:"total"`
	Snapshots        []assetSnapshotJSON `json:"snapshots"`
	Decimal          int                 `json:"decimal"`
}

// handleGetUserAssetHistory answers a user's portfolio value and PnL over
// time: the last snapshot of each bucket (carried forward through buckets
// without one) and, last, the current point computed now.
func (s *Server) handleGetUserAssetHistory(w http.ResponseWriter, r *http.Request) {
	if _, err := s.authenticate(r); err != nil {
		s.Error(w, r, err)
		return
	}
	q := newQuery(r)
	uid := q.text("uid", true, 64)
	interval := q.enum("timeInterval", "1d", "1w", "1m", "3m", "all")
	if q.err == nil && interval == "" {
		q.fail("timeInterval is required")
	}
	token := s.baseToken(q, true)
	if q.err != nil {
		s.Error(w, r, q.err)
		return
	}
	u, err := s.store.UserByUID(r.Context(), uid)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	now := s.now().UTC()
	// Snapshots are hourly at most: "all" buckets are a day or more.
	from, bucket := assetIntervals[interval].span(now, u.CreatedAt, 24*time.Hour)
	snaps := []predict.AssetSnapshot{}
	if from.Before(now) {
		if snaps, err = s.store.AssetSnapshots(r.Context(), predict.SnapshotQuery{UID: uid, BaseToken: token, From: from, To: now, Bucket: bucket}); err != nil {
			s.Error(w, r, err)
			return
		}
	}
	h, err := s.holdings(r.Context(), uid, token)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	points, platform := []assetPointJSON{}, []assetSnapshotJSON{}
	var cur *predict.AssetSnapshot
	if len(snaps) > 0 && snaps[0].Time.Before(from) {
		cur, snaps = &snaps[0], snaps[1:]
	}
	for b := from; b.Add(bucket).Before(now); b = b.Add(bucket) {
		for len(snaps) > 0 && snaps[0].Time.Before(b.Add(bucket)) {
			cur, snaps = &snaps[0], snaps[1:]
		}
		if cur != nil { // nothing is shown before the first snapshot
			points = append(points, assetPointJSON{Time: formatTime(b), Value: cur.Value.String(), PnL: cur.PnL.String()})
			platform = append(platform, newAssetSnapshot(b, cur.Value, cur.Balance, cur.PnL))
		}
	}
	points = append(points, assetPointJSON{Time: formatTime(now), Value: h.Value().String(), PnL: h.PnL().String()})
	balance := new(big.Int)
	if h.Balance != nil {
		balance.Set(h.Balance)
	}
	platform = append(platform, newAssetSnapshot(now, h.Value(), balance, h.PnL()))
	ok(w, assetHistoryJSON{
		UID: uid, BaseTokenAddress: token, TimeInterval: interval, BucketSeconds: int64(bucket / time.Second),
		Points: points, Total: len(platform), Snapshots: platform, Decimal: s.decimals(token),
	})
}

// handleGetLeaderboard answers a page of a leaderboard as last computed
// (docs/portfolio.md says how often).
func (s *Server) handleGetLeaderboard(w http.ResponseWriter, r *http.Request) {
	q := newQuery(r)
	page, size := q.page()
	period := predict.LeaderboardPeriod(q.enum("period", "day", "week", "month", "all"))
	by := q.enum("sortBy", predict.RankByPnL, predict.RankByVolume)
	token := s.baseToken(q, false)
	if q.err != nil {
		s.Error(w, r, q.err)
		return
	}
	if period == "" {
		period = predict.PeriodAll
	}
	if by == "" {
		by = predict.RankByPnL
	}
	if token == "" {
		var err error
		if token, err = s.defaultBaseToken(r.Context()); err != nil {
			s.Error(w, r, err)
			return
		}
	}
	entries, total, at, err := s.store.Leaderboard(r.Context(), predict.LeaderboardFilter{
		BaseToken: token, Period: period, By: by, Page: page, PageSize: size})
	if err != nil {
		s.Error(w, r, err)
		return
	}
	out := make([]map[string]any, len(entries))
	for i, e := range entries {
		rank := e.PnLRank
		if by == predict.RankByVolume {
			rank = e.VolumeRank
		}
		out[i] = map[string]any{
			"rank": rank, "uid": e.UID, "name": e.Name, "avatarUrl": e.AvatarURL, "pnl": e.PnL.String(),
			"volume": amount(e.Volume), "pnlRank": e.PnLRank, "volumeRank": e.VolumeRank,
		}
	}
	ok(w, map[string]any{
		"total": total, "period": string(period), "sortBy": by, "baseTokenAddress": token,
		"updatedAt": formatTime(at), "entries": out,
	})
}
