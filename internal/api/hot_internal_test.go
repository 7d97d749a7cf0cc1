package api

import (
	"context"
	"log/slog"
	"testing"
	"time"

	"github.com/predict-dev/predict"
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

func (f *slowRanking) MarketActivity(context.Context, time.Time) ([]predict.MarketActivity, error) {
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
