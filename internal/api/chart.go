package api

import (
	"context"
	"maps"
	"math"
	"math/big"
	"net/http"
	"slices"
	"sort"
	"sync"
	"time"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/internal/accounting"
	"github.com/predict-dev/predict/wire"
)

// Price history and hot markets: what charts and the trending list show.

// priceInterval is a chart window and the bucket size that fits it.
type priceInterval struct {
	window time.Duration // 0: since the market opened
	bucket time.Duration
}

var priceIntervals = map[string]priceInterval{
	"1h":  {time.Hour, time.Minute},
	"4h":  {4 * time.Hour, 5 * time.Minute},
	"1d":  {24 * time.Hour, 15 * time.Minute},
	"1w":  {7 * 24 * time.Hour, time.Hour},
	"1m":  {30 * 24 * time.Hour, 6 * time.Hour},
	"all": {},
}

// allBuckets are the bucket sizes "all" chooses from: the smallest that
// keeps the chart within maxChartPoints.
var allBuckets = []time.Duration{time.Minute, 5 * time.Minute, 15 * time.Minute, time.Hour, 6 * time.Hour,
	24 * time.Hour, 7 * 24 * time.Hour, 30 * 24 * time.Hour}

const maxChartPoints = 200

// span returns where a chart of the interval starts, at a bucket
// boundary and never before start (a market's creation, a user's
// registration), and its bucket. "all" runs from start with the smallest
// bucket of at least minBucket that keeps the chart under
// maxChartPoints.
func (p priceInterval) span(now, start time.Time, minBucket time.Duration) (from time.Time, bucket time.Duration) {
	from, bucket = now.Add(-p.window), p.bucket
	if p.window == 0 {
		from, bucket = start, allBuckets[len(allBuckets)-1]
		for _, b := range allBuckets {
			if b >= minBucket && now.Sub(start)/b < maxChartPoints {
				bucket = b
				break
			}
		}
	}
	if from.Before(start) {
		from = start
	}
	return from.Truncate(bucket), bucket
}

// handleGetPriceHistory answers a point per bucket for every option of a
// market (or the one asked for): the price at the close of the bucket,
// carried forward through buckets without a change. The window starts no
// earlier than the market's creation; a market without trades shows its
// opening prices.
func (s *Server) handleGetPriceHistory(w http.ResponseWriter, r *http.Request) {
	q := newQuery(r)
	market := q.address("marketAddress", true)
	option := q.address("optionAddress", false)
	names := make([]string, 0, len(priceIntervals))
	for n := range priceIntervals {
		names = append(names, n)
	}
	slices.Sort(names)
	// timeInterval is the platform's name (1h, 4h, 1d, 1w, all), interval
	// this service's first one; both take every interval.
	interval := q.enum("timeInterval", names...)
	if other := q.enum("interval", names...); interval == "" {
		interval = other
	} else if other != "" && other != interval {
		q.fail("timeInterval %s and interval %s disagree: give one", interval, other)
	}
	q.address("baseTokenAddress", false) // accepted as the platform's clients send it; a market has one
	if q.err == nil && interval == "" {
		interval = "1d"
	}
	if !s.queryValid(w, r, q) {
		return
	}
	s.cached(w, r, market, func(ctx context.Context) (any, error) {
		m, err := s.store.MarketByAddress(ctx, market, "")
		if err != nil {
			return nil, err
		}
		options := m.Options
		if option != "" {
			i := slices.IndexFunc(options, func(o predict.Option) bool { return o.Address == option })
			if i < 0 {
				return nil, predict.Errorf(predict.EINVALID, "optionAddress %s is not an option of market %s", option, market)
			}
			options = options[i : i+1]
		}

		now := s.laterNow(ctx)
		opened := m.CreatedAt
		if opened.IsZero() || opened.After(now) {
			opened = now
		}
		from, bucket := priceIntervals[interval].span(now, opened, 0)
		to := now.Truncate(bucket).Add(bucket)

		h, err := s.store.PriceHistory(ctx, predict.PriceHistoryQuery{Market: market, Option: option, From: from, To: to, Bucket: bucket})
		if err != nil {
			return nil, err
		}
		byOption := map[string][]predict.PricePoint{}
		for _, p := range h.Points {
			byOption[p.Option] = append(byOption[p.Option], p)
		}
		series := make([]wire.PriceSeries, len(options))
		for i, o := range options {
			points := byOption[o.Address]
			// Before its first point in the window an option is at its
			// price before the window; with no point at all (data loaded
			// without the indexer) at its current price.
			cur := h.Opening[o.Address]
			switch {
			case cur == nil && len(points) > 0:
				cur = points[0].Price
			case cur == nil:
				cur = o.Price
			}
			out := make([]wire.PricePoint, 0, int(to.Sub(from)/bucket))
			for b := from; b.Before(to); b = b.Add(bucket) {
				for len(points) > 0 && points[0].Time.Before(b.Add(bucket)) {
					cur, points = points[0].Price, points[1:]
				}
				out = append(out, wire.PricePoint{Time: wireTime(b), Price: predict.FormatPrice(cur)})
			}
			series[i] = wire.PriceSeries{OptionAddress: o.Address, Title: o.Title, Points: out}
		}
		snapshots := chartSnapshots(series)
		return wire.PriceHistory{
			MarketAddress: market, Interval: interval, TimeInterval: interval, BucketSeconds: int64(bucket / time.Second),
			From: wireTime(from), To: wireTime(to), Options: series,
			Total: len(snapshots), Snapshots: snapshots,
		}, nil
	})
}

// chartSnapshots turns per-option series (this service's form) into
// per-bucket snapshots (the platform's form); every series has a point
// in every bucket.
func chartSnapshots(series []wire.PriceSeries) []wire.PriceSnapshot {
	if len(series) == 0 {
		return []wire.PriceSnapshot{}
	}
	out := make([]wire.PriceSnapshot, len(series[0].Points))
	for b := range out {
		out[b] = wire.PriceSnapshot{Timestamp: series[0].Points[b].Time, Options: make([]wire.OptionPrice, len(series))}
		for i, sr := range series {
			out[b].Options[i] = wire.OptionPrice{OptionAddress: sr.OptionAddress, Price: sr.Points[b].Price}
		}
	}
	return out
}

// hotRefresh is how long a computed hot ranking serves before it is
// computed again. Until hotStale has passed too, the old ranking keeps
// serving while one background refresh computes the new one: the refresh
// reads every trade of the last 24 h, seconds on a large history, and no
// reader should wait for it. Past hotStale (a service nobody asked for a
// while) the next request computes it.
const (
	hotRefresh = 30 * time.Second
	hotStale   = 5 * time.Minute
)

// hotWindow is the window of recent activity the ranking reads.
const hotWindow = 24 * time.Hour

// hotEntry is one running market in the hot ranking.
type hotEntry struct {
	market    string
	baseToken string
	act       predict.MarketActivity
	score     float64
}

// hotRanking caches the ranking of running markets, recomputed at most
// every hotRefresh, one computation at a time.
type hotRanking struct {
	mu         sync.Mutex
	at         time.Time
	entries    []hotEntry
	refreshing bool // a background refresh is under way
}

// hotTrades is the last 24 hours of trades of every market, kept between
// rankings: the first ranking (and any after the read cache was flushed,
// or every one without a read cache) reads them all; later ones read again
// only the markets whose events moved the cache's generation of them
// since, and let the rest age out in memory. Reverts publish their
// markets' events too, so a re-read market also loses trades a reorg
// undid.
type hotTrades struct {
	mu           sync.Mutex
	loaded       bool
	epoch, lists uint64
	gens         map[string]uint64                 // market → its generation when read
	trades       map[string][]predict.TradeTick    // market → its trades in the window, oldest first
	acts         map[string]predict.MarketActivity // market → its figures over trades
}

// activity returns the figures of every market with trades since since.
func (h *hotTrades) activity(ctx context.Context, st Store, cache *ReadCache, since time.Time) (map[string]predict.MarketActivity, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	// The generations are read before the trades: an event during the
	// reads leaves its market's generation ahead, so it is read again.
	epoch, lists, gens, cached := cache.marketGenerations()
	switch {
	case !cached || !h.loaded || epoch != h.epoch:
		ticks, err := st.RecentTrades(ctx, "", since)
		if err != nil {
			return nil, err
		}
		h.trades, h.acts = map[string][]predict.TradeTick{}, map[string]predict.MarketActivity{}
		for _, t := range ticks {
			h.trades[t.Market] = append(h.trades[t.Market], t)
		}
		for m := range h.trades {
			h.setTrades(m, h.trades[m])
		}
		h.gens, h.loaded, h.epoch, h.lists = gens, cached, epoch, lists
	case lists != h.lists:
		for m, g := range gens {
			if h.gens[m] == g {
				continue
			}
			ticks, err := st.RecentTrades(ctx, m, since)
			if err != nil {
				return nil, err
			}
			h.setTrades(m, ticks)
			h.gens[m] = g
		}
		h.lists = lists
	}
	for m, ts := range h.trades {
		if i := sort.Search(len(ts), func(i int) bool { return !ts[i].Time.Before(since) }); i > 0 {
			h.setTrades(m, slices.Clone(ts[i:]))
		}
	}
	return maps.Clone(h.acts), nil
}

// setTrades keeps market's window of trades and its figures.
func (h *hotTrades) setTrades(market string, ts []predict.TradeTick) {
	if len(ts) == 0 {
		delete(h.trades, market)
		delete(h.acts, market)
		return
	}
	slices.SortStableFunc(ts, func(a, b predict.TradeTick) int { return a.Time.Compare(b.Time) })
	a := predict.MarketActivity{Market: market, Trades: len(ts), Volume: new(big.Int)}
	traders := map[string]struct{}{}
	for _, t := range ts {
		a.Volume.Add(a.Volume, t.Base)
		traders[t.Account] = struct{}{}
	}
	a.Traders = len(traders)
	h.trades[market], h.acts[market] = ts, a
}

// hotScore is a market's score in the hot ranking (docs/markets.md): the
// ledger's hot score (the market's, hot) as the decayed volume it stands
// for at now (accounting.HotVolume), in whole base tokens; 0 for a market
// without a trade in the window (a).
func hotScore(hot float64, a predict.MarketActivity, decimals int, now time.Time) float64 {
	if a.Trades == 0 {
		return 0
	}
	return accounting.HotVolume(hot, now) / math.Pow10(decimals)
}

// decimals returns the decimals of a base token: the deployment's, or the
// 6 of SPEC.md's documented base token when the token is not listed.
func (s *Server) decimals(token string) int {
	if s.cfg.Deployment != nil {
		if t, found := s.cfg.Deployment.BaseToken(token); found {
			return t.Decimals
		}
	}
	return 6
}

// ranking returns the current hot ranking of running markets.
func (s *Server) ranking(ctx context.Context) ([]hotEntry, error) {
	h := &s.hot
	h.mu.Lock()
	defer h.mu.Unlock()
	now := s.now()
	age := now.Sub(h.at)
	if h.entries != nil && age >= 0 && age < hotRefresh {
		return h.entries, nil
	}
	if h.entries != nil && age >= 0 && age < hotRefresh+hotStale {
		if !h.refreshing {
			h.refreshing = true
			go s.refreshRanking()
		}
		return h.entries, nil
	}
	entries, err := s.computeRanking(ctx, now)
	if err != nil {
		return nil, err
	}
	h.entries, h.at = entries, now
	return entries, nil
}

// refreshRanking computes the ranking off the request that found it old;
// on an error the old one serves until the next attempt.
func (s *Server) refreshRanking() {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	now := s.now()
	entries, err := s.computeRanking(ctx, now)
	h := &s.hot
	h.mu.Lock()
	defer h.mu.Unlock()
	h.refreshing = false
	if err != nil {
		s.logger.Warn("hot markets: refreshing the ranking", "err", err)
		return
	}
	if now.After(h.at) {
		h.entries, h.at = entries, now
	}
}

// computeRanking reads the running markets and their activity since
// hotWindow before now, and ranks them.
func (s *Server) computeRanking(ctx context.Context, now time.Time) ([]hotEntry, error) {
	order, err := s.store.MarketsByHotScore(ctx, predict.StatusRunning)
	if err != nil {
		return nil, err
	}
	byMarket, err := s.hotTrades.activity(ctx, s.store, s.cfg.Cache, now.Add(-hotWindow))
	if err != nil {
		return nil, err
	}
	entries := make([]hotEntry, len(order))
	for i, m := range order {
		a, found := byMarket[m.Address]
		if !found {
			a = predict.MarketActivity{Market: m.Address, Volume: new(big.Int)}
		}
		a.BaseToken = m.BaseToken
		entries[i] = hotEntry{market: m.Address, baseToken: m.BaseToken, act: a, score: hotScore(m.Hot, a, s.decimals(m.BaseToken), now)}
	}
	// Stable: equal scores (no recent trades) keep the decayed hot order.
	slices.SortStableFunc(entries, func(a, b hotEntry) int {
		switch {
		case a.score > b.score:
			return -1
		case a.score < b.score:
			return 1
		}
		return 0
	})
	return entries, nil
}

// handleGetHotMarkets lists running markets by recent activity, in the
// list form plus their 24 h figures and each option's price change over
// 24 h.
func (s *Server) handleGetHotMarkets(w http.ResponseWriter, r *http.Request) {
	q := newQuery(r)
	// The platform's clients ask for the list without paging: the first
	// hotPageSize markets.
	page, size := q.pageOr(hotPageSize)
	baseToken := q.address("baseTokenAddress", false)
	if !s.queryValid(w, r, q) {
		return
	}
	s.cached(w, r, "", func(ctx context.Context) (any, error) {
		ranked, err := s.ranking(ctx)
		if err != nil {
			return nil, err
		}
		if baseToken != "" {
			ranked = slices.DeleteFunc(slices.Clone(ranked), func(e hotEntry) bool { return e.baseToken != baseToken })
		}
		start := min((page-1)*size, len(ranked))
		window := ranked[start:min(start+size, len(ranked))]
		addrs := make([]string, len(window))
		for i, e := range window {
			addrs[i] = e.market
		}
		markets, err := s.store.MarketsByAddress(ctx, addrs)
		if err != nil {
			return nil, err
		}
		then, err := s.store.PricesAt(ctx, addrs, s.now().Add(-hotWindow))
		if err != nil {
			return nil, err
		}
		byAddr := make(map[string]*predict.Market, len(markets))
		for _, m := range markets {
			byAddr[m.Address] = m
		}
		out := make([]wire.HotMarket, 0, len(window))
		for i, e := range window {
			m := byAddr[e.market]
			if m == nil { // removed since the ranking was computed
				continue
			}
			changes := make([]wire.PriceChange, len(m.Options))
			for k, o := range m.Options {
				before := then[o.Address]
				if before == nil {
					before = o.Price
				}
				changes[k] = wire.PriceChange{OptionAddress: o.Address, Price: predict.FormatPrice(o.Price),
					Change: predict.FormatPrice(new(big.Int).Sub(o.Price, before))}
			}
			out = append(out, wire.HotMarket{
				MarketSummary: newMarketListItem(m), Rank: start + i + 1, HotScore: math.Round(e.score*1e6) / 1e6,
				Volume24h: amount(e.act.Volume), Trades24h: e.act.Trades, Traders24h: e.act.Traders, PriceChange24h: changes,
			})
		}
		// marketList is the platform's name of the same list.
		return wire.HotMarketsPage{TotalCount: len(ranked), Markets: out, MarketList: out}, nil
	})
}

// hotPageSize is the length of the hot list when no pageSize is given.
const hotPageSize = 20
