package api

import (
	"context"
	"math/big"
	"net/http"
	"strings"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/wire"
)

// Limits of the hotWords filter.
const (
	maxHotWords   = 5
	maxHotWordLen = 50
)

// amount is x on the wire: every amount field of an answer holds a
// number, so an unknown one is 0.
func amount(x *big.Int) wire.Amount {
	if x == nil {
		return wire.AmountOf(0)
	}
	return wire.NewAmount(x)
}

func strs(v []string) []string {
	if v == nil {
		return []string{}
	}
	return v
}

func newOptions(opts []predict.Option, withHolders bool) []wire.MarketOption {
	out := make([]wire.MarketOption, len(opts))
	for i, o := range opts {
		out[i] = wire.MarketOption{OptionAddress: o.Address, Title: o.Title, Price: predict.FormatPrice(o.Price), Volume: amount(o.Volume)}
		if withHolders {
			n := o.HoldersCount
			out[i].HoldersCount = &n
		}
	}
	return out
}

func newMarketListItem(m *predict.Market) wire.MarketSummary {
	return wire.MarketSummary{
		MarketAddress: m.Address, Title: m.Title, Description: m.Description, Status: string(m.Status),
		Volume: amount(m.Volume), ParticipantCount: m.ParticipantCount, EndTime: wireTime(m.EndTime),
		Options: newOptions(m.Options, false), Tags: strs(m.Tags), CategoryID: m.CategoryID,
		CreatedAt: wireTime(m.CreatedAt), BaseTokenAddress: m.BaseToken, ImageURL: m.ImageURL,
	}
}

func newMarketDetail(m *predict.Market) wire.Market {
	return wire.Market{
		MarketAddress: m.Address, Title: m.Title, Description: m.Description, Rules: m.Rules,
		Status: string(m.Status), Volume: amount(m.Volume), ParticipantCount: m.ParticipantCount,
		Liquidity: amount(m.Liquidity), StartTime: wireTime(m.StartTime), EndTime: wireTime(m.EndTime),
		Options: newOptions(m.Options, true), Tags: strs(m.Tags), CategoryID: m.CategoryID,
		IsFollowed:       m.IsFollowed,
		Creator:          wire.Creator{UID: m.Creator.UID, Name: m.Creator.Name, AvatarURL: m.Creator.AvatarURL},
		BaseTokenAddress: m.BaseToken, ImageURL: m.ImageURL, FeeBps: m.FeeBps,
		WinningOptionAddress: m.WinningOption, CreatedAt: wireTime(m.CreatedAt),
		Resolution: wire.MarketResolution{OperatorResolved: m.Resolution.OperatorResolved(),
			EarlyResolvable: m.Resolution.EarlyResolvable, ChallengeWindowSeconds: int64(m.Resolution.ChallengeWindow.Seconds()),
			Bond: amount(m.Resolution.Bond), DisputeFeeBps: m.Resolution.DisputeFeeBps},
	}
}

// parseHotWords splits the hotWords filter on spaces and commas.
func parseHotWords(v string) ([]string, error) {
	words := strings.FieldsFunc(v, func(r rune) bool { return r == ' ' || r == ',' })
	if len(words) > maxHotWords {
		return nil, predict.Errorf(predict.EINVALID, "hotWords must hold at most %d words", maxHotWords)
	}
	for _, w := range words {
		if err := checkText("hotWords", w, false, maxHotWordLen); err != nil {
			return nil, err
		}
	}
	return words, nil
}

// handleGetMarkets lists markets with every filter and sort of SPEC.md.
func (s *Server) handleGetMarkets(w http.ResponseWriter, r *http.Request) {
	q := newQuery(r)
	page, size := q.page()
	f := predict.MarketFilter{
		Page: page, PageSize: size,
		Tag: q.text("tag", false, 64),
		Status: predict.MarketStatus(q.enum("status", string(predict.StatusRunning), string(predict.StatusSettling),
			string(predict.StatusDisputed), string(predict.StatusEnded))),
		SortType:    q.enum("sortType", predict.SortHot, predict.SortNewest, predict.SortEndingSoon, predict.SortVolume),
		CategoryID:  q.text("categoryId", false, 64),
		NewMarket:   q.bool("newMarket"),
		SoonExpired: q.bool("soonExpired"),
		BaseToken:   q.address("baseTokenAddress", false),
		Now:         s.now(),
	}
	hotWords := q.text("hotWords", false, maxHotWords*(maxHotWordLen+1))
	followed := q.bool("followed")
	if !s.queryValid(w, r, q) {
		return
	}
	var err error
	if f.HotWords, err = parseHotWords(hotWords); err != nil {
		s.Error(w, r, err)
		return
	}
	if followed {
		u, err := s.authenticate(r)
		if err != nil {
			s.Error(w, r, err)
			return
		}
		f.FollowedBy = u.UID
	}
	list := func(ctx context.Context) (any, error) {
		markets, total, err := s.store.ListMarkets(ctx, f)
		if err != nil {
			return nil, err
		}
		return wire.MarketsPage{TotalCount: total, Markets: wireList(markets, newMarketListItem)}, nil
	}
	if followed { // the caller's own list, outdated by a follow too
		s.cachedFor(w, r, f.FollowedBy, true, list)
		return
	}
	s.cached(w, r, "", list)
}

// handleGetMarketDetail returns one market; isFollowed is per caller.
func (s *Server) handleGetMarketDetail(w http.ResponseWriter, r *http.Request) {
	q := newQuery(r)
	addr := q.address("marketAddress", true)
	base := q.address("baseTokenAddress", false)
	viewer, valid := s.queryViewer(w, r, q)
	if !valid {
		return
	}
	// The answer depends on the token (isFollowed): shared caches keep
	// one answer per Authorization, and the signed-in one is cached here
	// per user, outdated by the market's events and the user's follows.
	w.Header().Add("Vary", "Authorization") // after the CORS middleware's Vary: Origin
	detail := func(ctx context.Context, uid string) (any, error) {
		m, err := s.store.MarketByAddress(ctx, addr, uid)
		if err != nil {
			return nil, err
		}
		if base != "" && base != m.BaseToken {
			return nil, predict.Errorf(predict.ENOTFOUND, "market %s not found for base token %s", addr, base)
		}
		return newMarketDetail(m), nil
	}
	if viewer == "" {
		s.cached(w, r, addr, func(ctx context.Context) (any, error) { return detail(ctx, "") })
		return
	}
	s.fromCache(w, r, cacheScope{market: strings.ToLower(addr), uid: viewer}, func(ctx context.Context) (any, error) { return detail(ctx, viewer) })
}

// handleGetCategories lists category ids with their market counts.
func (s *Server) handleGetCategories(w http.ResponseWriter, r *http.Request) {
	s.cachedCounts(w, r, s.store.Categories, func(counts []predict.Count) any {
		return wire.Categories{Categories: wireList(counts, func(c predict.Count) wire.CategoryCount {
			return wire.CategoryCount{CategoryID: c.Name, MarketCount: c.Count}
		})}
	})
}

// handleGetTags lists tags with their market counts.
func (s *Server) handleGetTags(w http.ResponseWriter, r *http.Request) {
	s.cachedCounts(w, r, s.store.Tags, func(counts []predict.Count) any {
		return wire.Tags{Tags: wireList(counts, func(c predict.Count) wire.TagCount {
			return wire.TagCount{Tag: c.Name, MarketCount: c.Count}
		})}
	})
}

// cachedCounts answers the market counts that read returns (categories,
// tags) in the form answer gives them, through the shared cache.
func (s *Server) cachedCounts(w http.ResponseWriter, r *http.Request, read func(context.Context) ([]predict.Count, error), answer func([]predict.Count) any) {
	s.cached(w, r, "", func(ctx context.Context) (any, error) {
		counts, err := read(ctx)
		if err != nil {
			return nil, err
		}
		return answer(counts), nil
	})
}
