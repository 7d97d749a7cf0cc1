package api_test

import (
	"net/http"
	"slices"
	"testing"
	"time"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/internal/store"
	"github.com/predict-dev/predict/internal/store/storetest"
)

// followedMarkets is get-follow-markets' answer.
type followedMarkets struct {
	Total      int
	MarketList []struct {
		MarketAddress, Title, BaseTokenAddress string
		Options                                []struct{ OptionAddress, Title, Price string }
	}
}

func (f followedMarkets) addresses() []string {
	var out []string
	for _, m := range f.MarketList {
		out = append(out, m.MarketAddress)
	}
	return out
}

// TestFollowMarkets: follow-market, the platform's unfollow-market and the
// list of followed markets with its optional paging.
func TestFollowMarkets(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env, s *store.DB) {
		alice, bob := e.signIn("did:dev:alice", addr(1)), e.signIn("did:dev:bob", addr(2))
		// Three markets, the newest first; the oldest on another base token.
		now := time.Now().UTC()
		var ms []*predict.Market
		for i := range 3 {
			ms = append(ms, storetest.NewMarket(t, s, func(m *predict.Market) { m.CreatedAt = now.Add(-time.Duration(i) * time.Hour) }))
		}
		newest, middle, oldest := ms[0], ms[1], ms[2]
		list := func(token, query string) followedMarkets {
			t.Helper()
			var f followedMarkets
			e.read(t, "/api/v1/market/get-follow-markets"+query, token, &f)
			return f
		}
		follow := func(path, token string, body map[string]any, want bool) {
			t.Helper()
			r := e.do("POST", "/api/v1/market/"+path, token, body)
			wantOK(t, r)
			var out struct {
				MarketAddress string
				IsFollowed    bool
			}
			r.into(t, &out)
			if out.MarketAddress != body["marketAddress"] || out.IsFollowed != want {
				t.Fatalf("%s %v answered %+v", path, body, out)
			}
		}

		if f := list(alice, ""); f.Total != 0 || f.MarketList == nil || len(f.MarketList) != 0 {
			t.Fatalf("before following: %+v", f)
		}
		for _, m := range []*predict.Market{oldest, newest, middle} {
			follow("follow-market", alice, map[string]any{"marketAddress": m.Address}, true)
		}
		follow("follow-market", alice, map[string]any{"marketAddress": newest.Address}, true) // again: harmless
		follow("follow-market", bob, map[string]any{"marketAddress": middle.Address}, true)

		// No paging: page 1 of 20, newest first, each in the list form.
		f := list(alice, "")
		if f.Total != 3 || !slices.Equal(f.addresses(), []string{newest.Address, middle.Address, oldest.Address}) {
			t.Fatalf("alice follows %v (total %d)", f.addresses(), f.Total)
		}
		for i, m := range f.MarketList {
			if m.Title != ms[i].Title || len(m.Options) != 2 || m.Options[0].Title != "Yes" || m.Options[0].Price != "0.5" ||
				m.Options[1].Title != "No" || m.Options[1].OptionAddress != ms[i].Options[1].Address {
				t.Fatalf("market %d: %+v", i, m)
			}
		}
		if f := list(alice, "?page=2&pageSize=2"); f.Total != 3 || !slices.Equal(f.addresses(), []string{oldest.Address}) {
			t.Fatalf("page 2 of 2: %v (total %d)", f.addresses(), f.Total)
		}
		if f := list(alice, "?pageSize=1"); f.Total != 3 || !slices.Equal(f.addresses(), []string{newest.Address}) {
			t.Fatalf("page size 1: %v (total %d)", f.addresses(), f.Total)
		}
		if f := list(alice, "?baseTokenAddress="+oldest.BaseToken); f.Total != 1 || !slices.Equal(f.addresses(), []string{oldest.Address}) {
			t.Fatalf("by base token: %v (total %d)", f.addresses(), f.Total)
		}
		if f := list(bob, ""); f.Total != 1 || !slices.Equal(f.addresses(), []string{middle.Address}) {
			t.Fatalf("bob follows %v", f.addresses())
		}

		// unfollow-market takes only the market (a follow field does not
		// turn it into a follow); repeating it is harmless.
		follow("unfollow-market", alice, map[string]any{"marketAddress": newest.Address}, false)
		follow("unfollow-market", alice, map[string]any{"marketAddress": newest.Address}, false)
		follow("unfollow-market", alice, map[string]any{"marketAddress": oldest.Address, "follow": true}, false)
		if f := list(alice, ""); f.Total != 1 || !slices.Equal(f.addresses(), []string{middle.Address}) {
			t.Fatalf("after unfollowing: %v", f.addresses())
		}
		var d struct{ IsFollowed bool }
		e.do("GET", "/api/v1/market/get-market-detail?marketAddress="+newest.Address, alice, nil).into(t, &d)
		if d.IsFollowed {
			t.Fatal("isFollowed after unfollow-market")
		}
		// follow-market's own follow: false still unfollows.
		follow("follow-market", alice, map[string]any{"marketAddress": middle.Address, "follow": false}, false)
		if f := list(alice, ""); f.Total != 0 {
			t.Fatalf("after follow false: %v", f.addresses())
		}

		e.wantRefusals(t, "", []refusal{
			{"ListNoToken", "GET", "/api/v1/market/get-follow-markets", "", nil, http.StatusUnauthorized, 110303},
			{"ListPageSize", "GET", "/api/v1/market/get-follow-markets?pageSize=51", alice, nil, http.StatusBadRequest, 110101},
			{"ListPage", "GET", "/api/v1/market/get-follow-markets?page=0", alice, nil, http.StatusBadRequest, 110101},
			{"ListBaseToken", "GET", "/api/v1/market/get-follow-markets?baseTokenAddress=0x1", alice, nil, http.StatusBadRequest, 110101},
			{"UnfollowNoToken", "POST", "/api/v1/market/unfollow-market", "", map[string]any{"marketAddress": newest.Address}, http.StatusUnauthorized, 110303},
			{"UnfollowNoMarket", "POST", "/api/v1/market/unfollow-market", alice, map[string]any{}, http.StatusBadRequest, 110101},
			{"UnfollowBadAddress", "POST", "/api/v1/market/unfollow-market", alice, map[string]any{"marketAddress": "0x12"}, http.StatusBadRequest, 110101},
			{"UnfollowUnknown", "POST", "/api/v1/market/unfollow-market", alice, map[string]any{"marketAddress": addr(0xdead)}, http.StatusNotFound, 110102},
			{"UnfollowGet", "GET", "/api/v1/market/unfollow-market", alice, nil, http.StatusMethodNotAllowed, 110108},
		})
	})
}
