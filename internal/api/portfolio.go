package api

import (
	"context"
	"math/big"
	"net/http"
	"time"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/wire"
)

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
	_, q, valid := s.callerQuery(w, r)
	if !valid {
		return
	}
	uid := q.text("uid", true, 64)
	token := s.baseToken(q, true)
	if !s.queryValid(w, r, q) {
		return
	}
	s.cachedFor(w, r, uid, true, func(ctx context.Context) (any, error) {
		h, err := s.holdings(ctx, uid, token)
		if err != nil {
			return nil, err
		}
		rank := 0
		if e, err := s.store.LeaderboardEntry(ctx, token, predict.PeriodAll, uid); err == nil {
			rank = e.PnLRank
		} else if predict.ErrorCode(err) != predict.ENOTFOUND {
			return nil, err
		}
		return wire.AssetInfo{
			UID: uid, BaseTokenAddress: token, Decimal: s.decimals(token),
			Value: amount(h.Value()), Balance: amount(h.Balance), Portfolio: amount(h.Portfolio()),
			PnL: amount(h.PnL()), Volume: amount(h.Volumes[0]), PnLRank: rank,
			PositionsValue: amount(h.PositionValue), LiquidityValue: amount(h.LPValue), OrdersValue: amount(h.OrdersValue),
			RealizedPnL: amount(h.RealizedPnL), UnrealizedPnL: amount(h.UnrealizedPnL()), LiquidityPnL: amount(h.LPPnL),
		}, nil
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

func newAssetSnapshot(t time.Time, value, balance, pnl *big.Int) wire.AssetSnapshot {
	out := wire.AssetSnapshot{Timestamp: wireTime(t), Value: amount(value), PnL: amount(pnl)}
	if balance != nil {
		out.Balance, out.Portfolio = wire.NewAmount(balance), wire.NewAmount(new(big.Int).Sub(value, balance))
	}
	return out
}

// handleGetUserAssetHistory answers a user's portfolio value and PnL over
// time: the last snapshot of each bucket (carried forward through buckets
// without one) and, last, the current point computed now. The current
// point shows prices, so every market event outdates the answer, as the
// user's own do; the hourly snapshots and the buckets' moving with time
// are announced by nothing and wait for the cache's max age, as the
// price history's buckets do.
func (s *Server) handleGetUserAssetHistory(w http.ResponseWriter, r *http.Request) {
	_, q, valid := s.callerQuery(w, r)
	if !valid {
		return
	}
	uid := q.text("uid", true, 64)
	interval := q.enum("timeInterval", "1d", "1w", "1m", "3m", "all")
	if q.err == nil && interval == "" {
		q.fail("timeInterval is required")
	}
	token := s.baseToken(q, true)
	if !s.queryValid(w, r, q) {
		return
	}
	s.cachedFor(w, r, uid, true, func(ctx context.Context) (any, error) { return s.assetHistory(ctx, uid, token, interval) })
}

// assetHistory computes the answer of get-user-asset-history; an unknown
// user is ENOTFOUND (not cached, as no error is).
func (s *Server) assetHistory(ctx context.Context, uid, token, interval string) (any, error) {
	u, err := s.store.UserByUID(ctx, uid)
	if err != nil {
		return nil, err
	}
	now := s.now().UTC()
	// Snapshots are hourly at most: "all" buckets are a day or more.
	from, bucket := assetIntervals[interval].span(now, u.CreatedAt, 24*time.Hour)
	snaps := []predict.AssetSnapshot{}
	if from.Before(now) {
		if snaps, err = s.store.AssetSnapshots(ctx, predict.SnapshotQuery{UID: uid, BaseToken: token, From: from, To: now, Bucket: bucket}); err != nil {
			return nil, err
		}
	}
	h, err := s.holdings(ctx, uid, token)
	if err != nil {
		return nil, err
	}
	points, platform := []wire.AssetPoint{}, []wire.AssetSnapshot{}
	var cur *predict.AssetSnapshot
	if len(snaps) > 0 && snaps[0].Time.Before(from) {
		cur, snaps = &snaps[0], snaps[1:]
	}
	for b := from; b.Add(bucket).Before(now); b = b.Add(bucket) {
		for len(snaps) > 0 && snaps[0].Time.Before(b.Add(bucket)) {
			cur, snaps = &snaps[0], snaps[1:]
		}
		if cur != nil { // nothing is shown before the first snapshot
			points = append(points, wire.AssetPoint{Time: wireTime(b), Value: amount(cur.Value), PnL: amount(cur.PnL)})
			platform = append(platform, newAssetSnapshot(b, cur.Value, cur.Balance, cur.PnL))
		}
	}
	points = append(points, wire.AssetPoint{Time: wireTime(now), Value: amount(h.Value()), PnL: amount(h.PnL())})
	balance := new(big.Int)
	if h.Balance != nil {
		balance.Set(h.Balance)
	}
	platform = append(platform, newAssetSnapshot(now, h.Value(), balance, h.PnL()))
	return wire.AssetHistory{
		UID: uid, BaseTokenAddress: token, TimeInterval: interval, BucketSeconds: int64(bucket / time.Second),
		Points: points, Total: len(platform), Snapshots: platform, Decimal: s.decimals(token),
	}, nil
}

// handleGetLeaderboard answers a page of a leaderboard as last computed
// (docs/portfolio.md says how often).
func (s *Server) handleGetLeaderboard(w http.ResponseWriter, r *http.Request) {
	q := newQuery(r)
	page, size := q.page()
	period := predict.LeaderboardPeriod(q.enum("period", "day", "week", "month", "all"))
	by := q.enum("sortBy", predict.RankByPnL, predict.RankByVolume)
	token := s.baseToken(q, false)
	if !s.queryValid(w, r, q) {
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
	out := wire.Leaderboard{
		Total: total, Period: string(period), SortBy: by, BaseTokenAddress: token,
		UpdatedAt: wireTime(at), Entries: make([]wire.LeaderboardEntry, len(entries)),
	}
	for i, e := range entries {
		rank := e.PnLRank
		if by == predict.RankByVolume {
			rank = e.VolumeRank
		}
		out.Entries[i] = wire.LeaderboardEntry{
			Rank: rank, UID: e.UID, Name: e.Name, AvatarURL: e.AvatarURL, PnL: amount(e.PnL),
			Volume: amount(e.Volume), PnLRank: e.PnLRank, VolumeRank: e.VolumeRank,
		}
	}
	ok(w, out)
}
