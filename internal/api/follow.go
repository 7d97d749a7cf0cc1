package api

import (
	"context"
	"net/http"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/wire"
)

// handleFollowMarket follows (follow true or absent) or unfollows a
// market; repeating either is harmless.
func (s *Server) handleFollowMarket(w http.ResponseWriter, r *http.Request) {
	s.setFollow(w, r, true)
}

// handleUnfollowMarket unfollows a market, the platform's way: its body
// is only the market. Unfollowing a market not followed is harmless.
func (s *Server) handleUnfollowMarket(w http.ResponseWriter, r *http.Request) {
	s.setFollow(w, r, false)
}

// setFollow sets the caller's follow of the body's market: to the body's
// follow when given (follow-market's own field), else to def.
func (s *Server) setFollow(w http.ResponseWriter, r *http.Request, def bool) {
	var req wire.FollowMarketRequest
	u, valid := s.caller(w, r, &req)
	if !valid {
		return
	}
	addr, err := parseAddress("marketAddress", req.MarketAddress)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	follow := def
	if req.Follow != nil && def {
		follow = *req.Follow
	}
	err = s.store.FollowMarket(r.Context(), u.UID, addr, follow)
	// No event announces a follow: the caller's followed markets and
	// signed-in market details are forgotten here, on every replica
	// (even after a failure, which may have written it).
	s.forgetUser(r, u.UID)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	ok(w, wire.FollowResult{MarketAddress: addr, IsFollowed: follow})
}

// handleGetFollowMarkets lists the markets the caller follows, newest
// first; paging is optional (page 1, 20 markets).
func (s *Server) handleGetFollowMarkets(w http.ResponseWriter, r *http.Request) {
	u, q, valid := s.callerQuery(w, r)
	if !valid {
		return
	}
	page, size := q.pageOr(20)
	base := q.address("baseTokenAddress", false)
	if !s.queryValid(w, r, q) {
		return
	}
	// The markets' prices and states show: every market event outdates
	// the answer, as a follow does (setFollow).
	s.cachedFor(w, r, u.UID, true, func(ctx context.Context) (any, error) {
		markets, total, err := s.store.ListMarkets(ctx, predict.MarketFilter{
			Page: page, PageSize: size, FollowedBy: u.UID, BaseToken: base, SortType: predict.SortNewest, Now: s.now(),
		})
		return wire.FollowedMarkets{Total: total, MarketList: wireList(markets, newMarketListItem)}, err
	})
}
