package api

import (
	"context"
	"log/slog"
	"math/big"
	"slices"
	"testing"
	"time"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/event"
	"github.com/predict-dev/predict/internal/events"
)

// slowRanking is a stand-in for the store's two ranking reads, so the test
// can hold a refresh for as long as it likes: the real reads take seconds
// only on a large history.
type slowRanking struct {
	Store // nil: only the two methods below are called
	order []predict.MarketKey
	gate  chan struct{} // nil: answer at once
}

func (f *slowRanking) MarketsByHotScore(context.Context, predict.MarketStatus) ([]predict.MarketKey, error) {
	if f.gate != nil {
		<-f.gate
	}
	return f.order, nil
}

func (f *slowRanking) RecentTrades(context.Context, string, time.Time) ([]predict.TradeTick, error) {
	return nil, nil
}

// TestRankingRefreshesBehindReaders: once the hot ranking is older than
// hotRefresh, readers get the old ranking at once while one background
// refresh computes the next; past hotStale the reader computes it.
func TestRankingRefreshesBehindReaders(t *testing.T) {
	now := time.Unix(1_900_000_000, 0)
	st := &slowRanking{order: []predict.MarketKey{{Address: "a"}}}
	s := &Server{store: st, logger: slog.New(slog.DiscardHandler), now: func() time.Time { return now }}
	first := func() string {
		t.Helper()
		got, err := s.ranking(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		return got[0].market
	}
	if got := first(); got != "a" {
		t.Fatalf("first ranking: %s", got)
	}

	now = now.Add(hotRefresh + time.Second)
	st.order, st.gate = []predict.MarketKey{{Address: "b"}}, make(chan struct{})
	for range 3 {
		if got := first(); got != "a" {
			t.Fatalf("while the refresh waits: %s, want the old ranking", got)
		}
	}
	s.hot.mu.Lock()
	refreshing := s.hot.refreshing
	s.hot.mu.Unlock()
	if !refreshing {
		t.Fatal("no refresh started")
	}
	close(st.gate)
	deadline := time.Now().Add(10 * time.Second)
	for first() != "b" {
		if time.Now().After(deadline) {
			t.Fatal("the refresh never replaced the ranking")
		}
		time.Sleep(time.Millisecond)
	}

	now = now.Add(hotRefresh + hotStale)
	st.order, st.gate = []predict.MarketKey{{Address: "c"}}, nil
	if got := first(); got != "c" {
		t.Fatalf("after a long idle: %s, want it computed by the request", got)
	}
}

// tradeLog is a stand-in for the store's recent trades, counting the
// reads by market ("" for all).
type tradeLog struct {
	Store
	ticks []predict.TradeTick
	reads []string
}

func (f *tradeLog) RecentTrades(_ context.Context, market string, since time.Time) ([]predict.TradeTick, error) {
	f.reads = append(f.reads, market)
	var out []predict.TradeTick
	for _, t := range f.ticks {
		if (market == "" || t.Market == market) && !t.Time.Before(since) {
			out = append(out, t)
		}
	}
	return out, nil
}

// TestHotTradesIncremental: the ranking's window of trades reads every
// market once, then only a market whose event moved the read cache's
// generation of it; trades leave the window as it moves, with no read; a
// flushed cache (or none) reads everything again. The figures are always
// those of the trades in the window.
func TestHotTradesIncremental(t *testing.T) {
	t0 := time.Unix(1_900_000_000, 0)
	tick := func(market, account string, at time.Time, base int64) predict.TradeTick {
		return predict.TradeTick{Market: market, Account: account, Time: at, Base: big.NewInt(base)}
	}
	st := &tradeLog{ticks: []predict.TradeTick{
		tick("0xa", "alice", t0.Add(-23*time.Hour), 5), tick("0xa", "bob", t0.Add(-time.Hour), 7), tick("0xb", "alice", t0.Add(-2*time.Hour), 11),
	}}
	cache := NewReadCache(CacheConfig{})
	var h hotTrades
	check := func(now time.Time, reads []string, want map[string][3]int64) {
		t.Helper()
		st.reads = nil
		got, err := h.activity(context.Background(), st, cache, now.Add(-hotWindow))
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(st.reads, reads) {
			t.Errorf("at %s: reads %q, want %q", now.Sub(t0), st.reads, reads)
		}
		if len(got) != len(want) {
			t.Fatalf("at %s: %d markets %v, want %v", now.Sub(t0), len(got), got, want)
		}
		for m, w := range want {
			a := got[m]
			if int64(a.Trades) != w[0] || int64(a.Traders) != w[1] || a.Volume.Int64() != w[2] {
				t.Errorf("at %s: market %s %d trades, %d traders, volume %s; want %v", now.Sub(t0), m, a.Trades, a.Traders, a.Volume, w)
			}
		}
	}
	check(t0, []string{""}, map[string][3]int64{"0xa": {2, 2, 12}, "0xb": {1, 1, 11}})
	check(t0, nil, map[string][3]int64{"0xa": {2, 2, 12}, "0xb": {1, 1, 11}})

	// A trade on 0xb and its event: only 0xb is read again.
	st.ticks = append(st.ticks, tick("0xb", "carol", t0.Add(time.Minute), 3))
	cache.ReceiveEvent(events.Event{Name: event.NewTrades, Topic: "market:0xb", Data: map[string]string{event.KeyMarket: "0xb"}})
	check(t0.Add(2*time.Minute), []string{"0xb"}, map[string][3]int64{"0xa": {2, 2, 12}, "0xb": {2, 2, 14}})

	// Two hours on, alice's old trade on 0xa has left the window, unread.
	check(t0.Add(2*time.Hour), nil, map[string][3]int64{"0xa": {1, 1, 7}, "0xb": {2, 2, 14}})

	// A reorg takes 0xa's trade back: its event re-reads it, and the
	// market leaves the ranking's figures.
	st.ticks = slices.DeleteFunc(st.ticks, func(x predict.TradeTick) bool { return x.Market == "0xa" })
	cache.ReceiveEvent(events.Event{Name: event.PriceChange, Topic: "market:0xa", Data: map[string]string{event.KeyMarket: "0xa"}})
	check(t0.Add(2*time.Hour), []string{"0xa"}, map[string][3]int64{"0xb": {2, 2, 14}})

	// A flushed cache (events may have been lost) reads everything again.
	cache.Flush()
	check(t0.Add(2*time.Hour), []string{""}, map[string][3]int64{"0xb": {2, 2, 14}})

	// Without a read cache, every ranking reads everything.
	var bare hotTrades
	for range 2 {
		st.reads = nil
		if _, err := bare.activity(context.Background(), st, nil, t0.Add(-hotWindow)); err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(st.reads, []string{""}) {
			t.Fatalf("without a cache: reads %q", st.reads)
		}
	}
}
