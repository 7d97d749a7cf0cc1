package api_test

import (
	"math/big"
	"net/http"
	"net/url"
	"slices"
	"testing"
	"time"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/internal/store"
	"github.com/predict-dev/predict/internal/store/storetest"
	"github.com/predict-dev/predict/wire"
)

// marketFixture is four markets whose order under every filter and sort
// is known.
type marketFixture struct {
	btc, election, rain, flip *predict.Market
	usdc, pts                 string
}

func newMarketFixture(t *testing.T, s *store.DB, now time.Time) *marketFixture {
	f := &marketFixture{usdc: storetest.Address(), pts: storetest.Address()}
	mk := func(title, cat string, tags []string, status predict.MarketStatus, volume int64, created, end time.Duration, base string) *predict.Market {
		return storetest.NewMarket(t, s, func(m *predict.Market) {
			m.Title, m.CategoryID, m.Tags, m.Status, m.BaseToken = title, cat, tags, status, base
			m.Volume = big.NewInt(volume)
			m.CreatedAt = now.Add(created).Truncate(time.Millisecond)
			m.EndTime = now.Add(end).Truncate(time.Second)
		})
	}
	f.btc = mk("Will BTC hit 100k?", "crypto", []string{"crypto", "btc"}, predict.StatusRunning, 500, -time.Hour, 12*time.Hour, f.usdc)
	f.election = mk("Election winner 2028", "politics", []string{"politics"}, predict.StatusRunning, 1500, -10*24*time.Hour, 30*24*time.Hour, f.usdc)
	f.rain = mk("Rain in Paris tomorrow", "weather", []string{"weather"}, predict.StatusEnded, 100, -48*time.Hour, -time.Hour, f.pts)
	f.flip = mk("ETH flips BTC", "crypto", []string{"crypto", "eth"}, predict.StatusSettling, 1500, -3*time.Hour, 5*24*time.Hour, f.usdc)
	return f
}

type marketsPage struct {
	TotalCount int `json:"totalCount"`
	Markets    []struct {
		MarketAddress string `json:"marketAddress"`
		Volume        string `json:"volume"`
		Options       []struct {
			OptionAddress, Title, Price string
		} `json:"options"`
	} `json:"markets"`
}

func (p marketsPage) addresses() []string {
	out := []string{}
	for _, m := range p.Markets {
		out = append(out, m.MarketAddress)
	}
	return out
}

func TestGetMarkets(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env, s *store.DB) {
		f := newMarketFixture(t, s, e.now)
		// Volume ties (election and flip, 1500 each) are broken by address.
		tied := []string{f.election.Address, f.flip.Address}
		slices.Sort(tied)

		for _, tc := range []struct {
			name  string
			query string
			want  []string
			total int
		}{
			{"Newest", "", []string{f.btc.Address, f.flip.Address, f.rain.Address, f.election.Address}, 4},
			{"SortNewest", "&sortType=newest", []string{f.btc.Address, f.flip.Address, f.rain.Address, f.election.Address}, 4},
			{"Running", "&status=running", []string{f.btc.Address, f.election.Address}, 2},
			{"Ended", "&status=ended", []string{f.rain.Address}, 1},
			{"Tag", "&tag=crypto", []string{f.btc.Address, f.flip.Address}, 2},
			{"Category", "&categoryId=politics", []string{f.election.Address}, 1},
			{"Volume", "&sortType=volume", []string{tied[0], tied[1], f.btc.Address, f.rain.Address}, 4},
			{"EndingSoon", "&sortType=ending_soon", []string{f.btc.Address, f.flip.Address, f.election.Address, f.rain.Address}, 4},
			{"NewMarket", "&newMarket=true", []string{f.btc.Address, f.flip.Address, f.rain.Address}, 3},
			{"SoonExpired", "&soonExpired=true", []string{f.btc.Address}, 1},
			{"HotWordsTitleAndTag", "&hotWords=btc", []string{f.btc.Address, f.flip.Address}, 2},
			{"HotWordsAll", "&hotWords=" + url.QueryEscape("paris, RAIN"), []string{f.rain.Address}, 1},
			{"HotWordsNone", "&hotWords=nothing", []string{}, 0},
			{"BaseToken", "&baseTokenAddress=" + f.pts, []string{f.rain.Address}, 1},
			{"Combined", "&tag=crypto&status=running&soonExpired=true", []string{f.btc.Address}, 1},
			{"Page2", "&pageSize=1&page=2", []string{f.flip.Address}, 4},
			{"PastEnd", "&pageSize=10&page=3", []string{}, 4},
		} {
			t.Run(tc.name, func(t *testing.T) {
				q := "?page=1&pageSize=10" + tc.query
				if tc.name == "Page2" || tc.name == "PastEnd" {
					q = "?" + tc.query[1:]
				}
				var p marketsPage
				e.read(t, "/api/v1/market/get-markets"+q, "", &p)
				if !slices.Equal(p.addresses(), tc.want) || p.TotalCount != tc.total {
					t.Fatalf("got %v (total %d), want %v (total %d)", p.addresses(), p.TotalCount, tc.want, tc.total)
				}
			})
		}
		t.Run("ListForm", func(t *testing.T) {
			var p marketsPage
			e.do("GET", "/api/v1/market/get-markets?page=1&pageSize=1", "", nil).into(t, &p)
			o := p.Markets[0].Options
			if p.Markets[0].Volume != "500" || len(o) != 2 || o[0].Title != "Yes" || o[0].Price != "0.5" {
				t.Fatalf("list form = %+v", p.Markets[0])
			}
		})
		t.Run("Followed", func(t *testing.T) {
			wantError(t, e.do("GET", "/api/v1/market/get-markets?page=1&pageSize=10&followed=true", "", nil), http.StatusUnauthorized, 110303)
			alice := e.signIn("did:dev:alice", addr(1))
			wantOK(t, e.do("POST", "/api/v1/market/follow-market", alice, map[string]any{"marketAddress": f.election.Address}))
			var p marketsPage
			e.do("GET", "/api/v1/market/get-markets?page=1&pageSize=10&followed=true", alice, nil).into(t, &p)
			if !slices.Equal(p.addresses(), []string{f.election.Address}) || p.TotalCount != 1 {
				t.Fatalf("followed = %v (%d)", p.addresses(), p.TotalCount)
			}
		})
	})
}

func TestGetMarketsBadQuery(t *testing.T) {
	e := newEnv(t, storetest.OpenSQLite(t))
	for name, q := range map[string]string{
		"PageSize51":      "page=1&pageSize=51",
		"PageSize0":       "page=1&pageSize=0",
		"PageNegative":    "page=-1&pageSize=10",
		"PageHuge":        "page=10000000000&pageSize=10",
		"PageNotNumber":   "page=abc&pageSize=10",
		"PageFraction":    "page=1.5&pageSize=10",
		"PageMissing":     "pageSize=10",
		"PageSizeMissing": "page=1",
		"PageRepeated":    "page=1&page=2&pageSize=10",
		"Status":          "page=1&pageSize=10&status=open",
		"SortType":        "page=1&pageSize=10&sortType=random",
		"Followed":        "page=1&pageSize=10&followed=maybe",
		"NewMarket":       "page=1&pageSize=10&newMarket=yes",
		"BaseToken":       "page=1&pageSize=10&baseTokenAddress=0xzz",
		"TooManyHotWords": "page=1&pageSize=10&hotWords=a+b+c+d+e+f",
		"LongTag":         "page=1&pageSize=10&tag=" + string(make([]byte, 0)) + "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
	} {
		t.Run(name, func(t *testing.T) {
			wantError(t, e.do("GET", "/api/v1/market/get-markets?"+q, "", nil), http.StatusBadRequest, 110101)
		})
	}
}

func TestGetMarketDetail(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env, s *store.DB) {
		uid := e.login("did:dev:alice", addr(1))
		alice := e.token("did:dev:alice")
		m := storetest.NewMarket(t, s, func(m *predict.Market) {
			m.Title = "Detail"
			m.Tags = []string{"x"}
			m.Creator.UID = uid
			m.Options[0].HoldersCount = 3
		})
		path := "/api/v1/market/get-market-detail?marketAddress=" + m.Address
		type detail struct {
			MarketAddress, Title, Status, Liquidity, StartTime string
			IsFollowed                                         bool
			Creator                                            struct{ UID, Name string }
			Options                                            []struct {
				Title        string
				HoldersCount *int
			}
		}
		var d detail
		e.read(t, path, "", &d)
		if d.MarketAddress != m.Address || d.Title != "Detail" || d.Status != "running" || d.Liquidity != "1000000000" || d.IsFollowed ||
			d.Creator.UID != uid || len(d.Options) != 2 || d.Options[0].HoldersCount == nil || *d.Options[0].HoldersCount != 3 {
			t.Fatalf("detail = %+v", d)
		}
		wantOK(t, e.do("POST", "/api/v1/market/follow-market", alice, map[string]any{"marketAddress": m.Address}))
		wantOK(t, e.do("POST", "/api/v1/market/follow-market", alice, map[string]any{"marketAddress": m.Address, "follow": true}))
		e.do("GET", path, alice, nil).into(t, &d)
		if !d.IsFollowed {
			t.Fatal("isFollowed = false after follow")
		}
		e.do("GET", path, "", nil).into(t, &d)
		if d.IsFollowed {
			t.Fatal("isFollowed = true without a token")
		}
		wantOK(t, e.do("POST", "/api/v1/market/follow-market", alice, map[string]any{"marketAddress": m.Address, "follow": false}))
		wantOK(t, e.do("POST", "/api/v1/market/follow-market", alice, map[string]any{"marketAddress": m.Address, "follow": false}))
		e.do("GET", path, alice, nil).into(t, &d)
		if d.IsFollowed {
			t.Fatal("isFollowed = true after unfollow")
		}

		wantOK(t, e.do("GET", path+"&baseTokenAddress="+m.BaseToken, "", nil))
		wantError(t, e.do("GET", path+"&baseTokenAddress="+addr(77), "", nil), http.StatusNotFound, 110102)
		wantError(t, e.do("GET", "/api/v1/market/get-market-detail?marketAddress="+addr(99), "", nil), http.StatusNotFound, 110102)
		wantError(t, e.do("GET", "/api/v1/market/get-market-detail", "", nil), http.StatusBadRequest, 110101)
		wantError(t, e.do("GET", "/api/v1/market/get-market-detail?marketAddress=0x12", "", nil), http.StatusBadRequest, 110101)
		wantError(t, e.do("POST", "/api/v1/market/follow-market", alice, map[string]any{"marketAddress": addr(99)}), http.StatusNotFound, 110102)
		wantError(t, e.do("POST", "/api/v1/market/follow-market", alice, map[string]any{"marketAddress": m.Address, "follow": "yes"}), http.StatusBadRequest, 110101)
		wantError(t, e.do("POST", "/api/v1/market/follow-market", "", map[string]any{"marketAddress": m.Address}), http.StatusUnauthorized, 110303)
	})
}

func TestCategoriesAndTags(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env, s *store.DB) {
		newMarketFixture(t, s, e.now)
		var c wire.Categories
		e.read(t, "/api/v1/market/get-categories", "", &c)
		if len(c.Categories) != 3 || c.Categories[0].CategoryID != "crypto" || c.Categories[0].MarketCount != 2 {
			t.Fatalf("categories = %+v", c.Categories)
		}
		var tg wire.Tags
		e.read(t, "/api/v1/market/get-tags", "", &tg)
		if len(tg.Tags) != 5 || tg.Tags[0].Tag != "crypto" || tg.Tags[0].MarketCount != 2 {
			t.Fatalf("tags = %+v", tg.Tags)
		}
	})
}
