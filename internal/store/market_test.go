package store_test

import (
	"context"
	"fmt"
	"math/big"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/internal/store"
	"github.com/predict-dev/predict/internal/store/storetest"
)

func addresses(ms []*predict.Market) []string {
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = m.Address
	}
	return out
}

func bigInt(s string) *big.Int {
	x, ok := new(big.Int).SetString(s, 10)
	if !ok {
		panic(s)
	}
	return x
}

func TestCreateMarketAndMarketByAddress(t *testing.T) {
	ctx := context.Background()
	storetest.Each(t, func(t *testing.T, s *store.DB) {
		creator := storetest.NewUser(t, s, func(p *predict.LoginParams) {
			p.UserName = "Creator"
			p.AvatarURL = "https://example.com/c.png"
		})
		viewer := storetest.NewUser(t, s, nil)
		now := time.Now().UTC().Truncate(time.Millisecond)
		maxAmount := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 256), big.NewInt(1))
		in := &predict.Market{
			Address:          strings.ToUpper("0xabcdef0000000000000000000000000000000001"),
			Title:            "Will it rain?",
			Description:      "Rain in Paris tomorrow.",
			Rules:            "Météo-France decides.",
			Status:           predict.StatusSettling,
			BaseToken:        "0xBA5E000000000000000000000000000000000001",
			CategoryID:       "weather",
			Tags:             []string{"paris", "rain", "paris"},
			ImageURL:         "https://example.com/rain.png",
			FeeBps:           150,
			Volume:           maxAmount,
			Liquidity:        big.NewInt(5_000_000),
			ParticipantCount: 7,
			StartTime:        now.Add(-time.Hour),
			EndTime:          now.Add(time.Hour),
			CreatedAt:        now.Add(-2 * time.Hour),
			Options: []predict.Option{
				{Address: "0x00000000000000000000000000000000000000b1", Title: "Yes", Price: bigInt("300000000000000000"),
					PoolBalance: big.NewInt(10), Volume: big.NewInt(3), HoldersCount: 4},
				{Address: "0x00000000000000000000000000000000000000b2", Title: "No", Price: bigInt("700000000000000000"),
					PoolBalance: big.NewInt(20), Volume: big.NewInt(0), HoldersCount: 2},
			},
			WinningOption: "0x00000000000000000000000000000000000000B2",
			Creator:       predict.Creator{UID: creator.UID},
			HotScore:      12.5,
		}
		storetest.Must(t, s.CreateMarket(ctx, in))
		storetest.Must(t, s.FollowMarket(ctx, viewer.UID, in.Address, true))

		for _, tt := range []struct {
			name     string
			viewer   string
			followed bool
		}{{"Follower", viewer.UID, true}, {"Creator", creator.UID, false}, {"Anonymous", "", false}} {
			t.Run(tt.name, func(t *testing.T) {
				m, err := s.MarketByAddress(ctx, in.Address, tt.viewer)
				storetest.Must(t, err)
				if m.IsFollowed != tt.followed {
					t.Errorf("isFollowed = %v, want %v", m.IsFollowed, tt.followed)
				}
				checkMarket(t, m, in)
				want := predict.Creator{UID: creator.UID, Name: "Creator", AvatarURL: "https://example.com/c.png"}
				if m.Creator != want {
					t.Errorf("creator = %+v, want %+v", m.Creator, want)
				}
				if m.Options[0].HoldersCount != 4 || m.Options[1].HoldersCount != 2 {
					t.Errorf("holders = %d, %d", m.Options[0].HoldersCount, m.Options[1].HoldersCount)
				}
			})
		}

		t.Run("OKDefaults", func(t *testing.T) {
			before := time.Now().Add(-time.Second)
			addr := storetest.Address()
			storetest.Must(t, s.CreateMarket(ctx, &predict.Market{
				Address: addr, Title: "Bare", BaseToken: storetest.Address(), EndTime: now,
				Options: []predict.Option{{Address: storetest.Address(), Title: "A"}, {Address: storetest.Address(), Title: "B"}},
			}))
			m, err := s.MarketByAddress(ctx, addr, "")
			storetest.Must(t, err)
			if m.Status != predict.StatusRunning || m.Volume.Sign() != 0 || m.Liquidity.Sign() != 0 ||
				m.Creator != (predict.Creator{}) || m.WinningOption != "" || len(m.Tags) != 0 || m.Tags == nil ||
				m.CreatedAt.Before(before) || !m.StartTime.IsZero() || m.Options[1].Index != 1 || m.Options[1].Price.Sign() != 0 {
				t.Errorf("defaults: %+v", m)
			}
		})

		t.Run("ErrDuplicateAddress", func(t *testing.T) {
			dup := *in
			dup.Address = strings.ToLower(in.Address)
			dup.Options = []predict.Option{{Address: storetest.Address(), Title: "X"}}
			wantCode(t, s.CreateMarket(ctx, &dup), predict.ECONFLICT)
		})

		t.Run("ErrDuplicateOptionRollsBack", func(t *testing.T) {
			m := *in
			m.Address = storetest.Address()
			m.WinningOption = ""
			wantCode(t, s.CreateMarket(ctx, &m), predict.ECONFLICT)
			_, err := s.MarketByAddress(ctx, m.Address, "")
			wantCode(t, err, predict.ENOTFOUND)
		})

		t.Run("ErrInvalid", func(t *testing.T) {
			for name, edit := range map[string]func(*predict.Market){
				"NoAddress":      func(m *predict.Market) { m.Address = "" },
				"BadStatus":      func(m *predict.Market) { m.Status = "open" },
				"NegativeVolume": func(m *predict.Market) { m.Volume = big.NewInt(-1) },
				"UnknownCreator": func(m *predict.Market) { m.Creator.UID = "no-such-uid" },
				"ForeignWinner":  func(m *predict.Market) { m.WinningOption = storetest.Address() },
			} {
				t.Run(name, func(t *testing.T) {
					m := &predict.Market{Address: storetest.Address(), Title: "T", BaseToken: storetest.Address(),
						Options: []predict.Option{{Address: storetest.Address(), Title: "A"}}}
					edit(m)
					wantCode(t, s.CreateMarket(ctx, m), predict.EINVALID)
					if m.Address != "" {
						_, err := s.MarketByAddress(ctx, m.Address, "")
						wantCode(t, err, predict.ENOTFOUND)
					}
				})
			}
		})

		t.Run("ErrNotFound", func(t *testing.T) {
			addr := storetest.Address()
			_, err := s.MarketByAddress(ctx, addr, viewer.UID)
			wantCode(t, err, predict.ENOTFOUND)
			if want := fmt.Sprintf("market %s not found", addr); predict.ErrorMessage(err) != want {
				t.Errorf("message = %q, want %q", predict.ErrorMessage(err), want)
			}
		})
	})
}

// checkMarket compares what the store returns with what was created.
func checkMarket(t *testing.T, got, in *predict.Market) {
	t.Helper()
	lower := strings.ToLower
	if got.Address != lower(in.Address) || got.Title != in.Title || got.Description != in.Description ||
		got.Rules != in.Rules || got.Status != in.Status || got.BaseToken != lower(in.BaseToken) ||
		got.CategoryID != in.CategoryID || got.ImageURL != in.ImageURL || got.FeeBps != in.FeeBps ||
		got.Volume.Cmp(in.Volume) != 0 || got.Liquidity.Cmp(in.Liquidity) != 0 ||
		got.ParticipantCount != in.ParticipantCount || !got.StartTime.Equal(in.StartTime) ||
		!got.EndTime.Equal(in.EndTime) || !got.CreatedAt.Equal(in.CreatedAt) ||
		got.WinningOption != lower(in.WinningOption) || got.HotScore != in.HotScore {
		t.Errorf("market = %+v\nwant %+v", got, in)
	}
	var wantTags []string
	for _, tag := range in.Tags {
		if !slices.Contains(wantTags, tag) {
			wantTags = append(wantTags, tag)
		}
	}
	if !slices.Equal(got.Tags, wantTags) {
		t.Errorf("tags = %v, want %v", got.Tags, wantTags)
	}
	if len(got.Options) != len(in.Options) {
		t.Fatalf("%d options, want %d", len(got.Options), len(in.Options))
	}
	for i, o := range got.Options {
		w := in.Options[i]
		if o.Index != i || o.Address != lower(w.Address) || o.Title != w.Title || o.Price.Cmp(w.Price) != 0 ||
			o.PoolBalance.Cmp(w.PoolBalance) != 0 || o.Volume.Cmp(w.Volume) != 0 {
			t.Errorf("option %d = %+v, want %+v", i, o, w)
		}
	}
}

// listFixture is the market set of the ListMarkets tests: names A-F are
// also the order of their addresses.
type listFixture struct {
	now   time.Time
	addr  map[string]string // name -> address
	name  map[string]string // address -> name
	t1    string            // base token of A, B, E, F
	t2    string            // base token of C, D
	fan   *predict.User     // follows B and D
	s     *store.DB
	total int
}

func newListFixture(t *testing.T, s *store.DB) *listFixture {
	ctx := context.Background()
	f := &listFixture{
		now:  time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC),
		addr: map[string]string{}, name: map[string]string{},
		t1: storetest.Address(), t2: storetest.Address(), s: s,
	}
	h, d := time.Hour, 24*time.Hour
	specs := []struct {
		name, title, desc, category string
		status                      predict.MarketStatus
		tags                        []string
		base                        string
		volume                      string
		hot                         float64
		created, end                time.Duration // relative to now
	}{
		{"A", "Will BTC hit 100k?", "Bitcoin price", "crypto", predict.StatusRunning, []string{"btc", "price"}, f.t1, "500", 3, -h, 2 * h},
		{"B", "Who wins the cup?", "Football final", "sports", predict.StatusRunning, []string{"football"}, f.t1, "1500", 3, -10 * d, 10 * d},
		{"C", "ETH merge 100%", "Ethereum upgrade", "crypto", predict.StatusSettling, []string{"eth"}, f.t2, "99999999999999999999999", 1, -2 * d, -h},
		{"D", "Election_winner", "who wins", "politics", predict.StatusEnded, []string{"election", "price"}, f.t2, "0", 5, -30 * d, -20 * d},
		{"E", "Solana flips", "SOL", "crypto", predict.StatusRunning, nil, f.t1, "500", 3, -h, 23 * h},
		{"F", "Dogecoin", "dog", "", predict.StatusRunning, []string{"btc"}, f.t1, "10", 0, -8 * d, 25 * h},
	}
	for i, sp := range specs {
		m := storetest.NewMarket(t, s, func(m *predict.Market) {
			m.Address = fmt.Sprintf("0x%040x", 0xa0+i)
			m.Title, m.Description, m.CategoryID, m.Status, m.Tags = sp.title, sp.desc, sp.category, sp.status, sp.tags
			m.BaseToken, m.Volume, m.HotScore = sp.base, bigInt(sp.volume), sp.hot
			m.CreatedAt, m.EndTime = f.now.Add(sp.created), f.now.Add(sp.end)
			m.StartTime = m.CreatedAt
		})
		f.addr[sp.name], f.name[m.Address] = m.Address, sp.name
	}
	f.total = len(specs)
	f.fan = storetest.NewUser(t, s, nil)
	storetest.Must(t, s.FollowMarket(ctx, f.fan.UID, f.addr["B"], true))
	storetest.Must(t, s.FollowMarket(ctx, f.fan.UID, f.addr["D"], true))
	return f
}

func (f *listFixture) names(ms []*predict.Market) string {
	var b strings.Builder
	for _, m := range ms {
		n := f.name[m.Address]
		if n == "" {
			n = "?"
		}
		b.WriteString(n)
	}
	return b.String()
}

func TestListMarkets(t *testing.T) {
	ctx := context.Background()
	storetest.Each(t, func(t *testing.T, s *store.DB) {
		fx := newListFixture(t, s)
		tests := []struct {
			name   string
			filter predict.MarketFilter
			want   string // market names in order
			total  int
			code   string
		}{
			{name: "DefaultNewest", want: "AECFBD", total: 6},
			{name: "SortNewest", filter: predict.MarketFilter{SortType: predict.SortNewest}, want: "AECFBD", total: 6},
			{name: "SortHot", filter: predict.MarketFilter{SortType: predict.SortHot}, want: "DBAECF", total: 6},
			{name: "SortVolume", filter: predict.MarketFilter{SortType: predict.SortVolume}, want: "CBAEFD", total: 6},
			{name: "SortEndingSoon", filter: predict.MarketFilter{SortType: predict.SortEndingSoon}, want: "AEFBDC", total: 6},
			{name: "Tag", filter: predict.MarketFilter{Tag: "btc"}, want: "AF", total: 2},
			{name: "TagShared", filter: predict.MarketFilter{Tag: "price"}, want: "AD", total: 2},
			{name: "TagUnknown", filter: predict.MarketFilter{Tag: "nope"}, want: "", total: 0},
			{name: "StatusRunning", filter: predict.MarketFilter{Status: predict.StatusRunning}, want: "AEFB", total: 4},
			{name: "StatusSettling", filter: predict.MarketFilter{Status: predict.StatusSettling}, want: "C", total: 1},
			{name: "StatusEnded", filter: predict.MarketFilter{Status: predict.StatusEnded}, want: "D", total: 1},
			{name: "Category", filter: predict.MarketFilter{CategoryID: "crypto"}, want: "AEC", total: 3},
			{name: "BaseToken", filter: predict.MarketFilter{BaseToken: strings.ToUpper(fx.t2)}, want: "CD", total: 2},
			{name: "FollowedBy", filter: predict.MarketFilter{FollowedBy: fx.fan.UID}, want: "BD", total: 2},
			{name: "FollowedByNobody", filter: predict.MarketFilter{FollowedBy: "no-such-uid"}, want: "", total: 0},
			{name: "NewMarket", filter: predict.MarketFilter{NewMarket: true}, want: "AEC", total: 3},
			{name: "SoonExpired", filter: predict.MarketFilter{SoonExpired: true, SortType: predict.SortEndingSoon}, want: "AE", total: 2},
			{name: "HotWordCaseInsensitive", filter: predict.MarketFilter{HotWords: []string{"BTC"}}, want: "AF", total: 2},
			{name: "HotWordDescription", filter: predict.MarketFilter{HotWords: []string{"bitcoin"}}, want: "A", total: 1},
			{name: "HotWordTag", filter: predict.MarketFilter{HotWords: []string{"price"}}, want: "AD", total: 2},
			{name: "HotWordsAll", filter: predict.MarketFilter{HotWords: []string{"btc", "hit"}}, want: "A", total: 1},
			{name: "HotWordsBlankIgnored", filter: predict.MarketFilter{HotWords: []string{" ", "btc"}}, want: "AF", total: 2},
			{name: "HotWordPercentLiteral", filter: predict.MarketFilter{HotWords: []string{"100%"}}, want: "C", total: 1},
			{name: "HotWordUnderscoreLiteral", filter: predict.MarketFilter{HotWords: []string{"h_t"}}, want: "", total: 0},
			{name: "HotWordUnderscoreMatches", filter: predict.MarketFilter{HotWords: []string{"n_w"}}, want: "D", total: 1},
			{name: "Combined", filter: predict.MarketFilter{Status: predict.StatusRunning, CategoryID: "crypto", SortType: predict.SortVolume}, want: "AE", total: 2},
			{name: "Page2", filter: predict.MarketFilter{Page: 2, PageSize: 4}, want: "BD", total: 6},
			{name: "PageBeyond", filter: predict.MarketFilter{Page: 3, PageSize: 4}, want: "", total: 6},
			{name: "PageZeroIsFirst", filter: predict.MarketFilter{Page: 0, PageSize: 2}, want: "AE", total: 6},
			{name: "ErrSortType", filter: predict.MarketFilter{SortType: "random"}, code: predict.EINVALID},
			{name: "ErrStatus", filter: predict.MarketFilter{Status: "open"}, code: predict.EINVALID},
			{name: "ErrNegativePage", filter: predict.MarketFilter{Page: -1}, code: predict.EINVALID},
		}
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				f := tt.filter
				f.Now = fx.now
				if f.Page == 0 && f.PageSize == 0 {
					f.Page, f.PageSize = 1, 50
				}
				ms, total, err := s.ListMarkets(ctx, f)
				wantCode(t, err, tt.code)
				if err != nil {
					return
				}
				if got := fx.names(ms); got != tt.want || total != tt.total {
					t.Errorf("markets %q total %d, want %q total %d", got, total, tt.want, tt.total)
				}
			})
		}

		t.Run("ListFormCarriesOptionsAndTags", func(t *testing.T) {
			ms, _, err := s.ListMarkets(ctx, predict.MarketFilter{Page: 1, PageSize: 50, Now: fx.now})
			storetest.Must(t, err)
			for _, m := range ms {
				want, err := s.MarketByAddress(ctx, m.Address, "")
				storetest.Must(t, err)
				checkMarket(t, m, want)
				if len(m.Options) != 2 || m.Options[0].Title != "Yes" || m.Options[1].Title != "No" {
					t.Errorf("%s options = %+v", fx.name[m.Address], m.Options)
				}
			}
			a := ms[0]
			if fx.name[a.Address] != "A" || !slices.Equal(a.Tags, []string{"btc", "price"}) {
				t.Errorf("first market %s tags %v", fx.name[a.Address], a.Tags)
			}
		})
	})
}

// TestListMarketsStablePaging pages through markets that tie on every sort
// key: the pages must concatenate to the whole set, ordered by address,
// with no duplicates, whatever the sort.
func TestListMarketsStablePaging(t *testing.T) {
	ctx := context.Background()
	storetest.Each(t, func(t *testing.T, s *store.DB) {
		now := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
		const n = 23
		var want []string
		for range n {
			m := storetest.NewMarket(t, s, func(m *predict.Market) {
				m.Volume = big.NewInt(777)
				m.HotScore = 1
				m.CreatedAt = now.Add(-time.Hour)
				m.EndTime = now.Add(time.Hour)
			})
			want = append(want, m.Address)
		}
		slices.Sort(want)
		for _, sort := range []string{predict.SortHot, predict.SortNewest, predict.SortEndingSoon, predict.SortVolume} {
			t.Run(sort, func(t *testing.T) {
				var got []string
				for page := 1; ; page++ {
					ms, total, err := s.ListMarkets(ctx, predict.MarketFilter{Page: page, PageSize: 5, SortType: sort, Now: now})
					storetest.Must(t, err)
					if total != n {
						t.Fatalf("page %d: total %d, want %d", page, total, n)
					}
					if len(ms) == 0 {
						break
					}
					got = append(got, addresses(ms)...)
				}
				if !slices.Equal(got, want) {
					t.Errorf("pages concatenate to\n%v\nwant\n%v", got, want)
				}
			})
		}

		// ending_soon reads markets not yet ended, then the others: pages
		// of every size concatenate to that order across the boundary.
		var ended []*predict.Market
		for i := range 7 {
			ended = append(ended, storetest.NewMarket(t, s, func(m *predict.Market) {
				m.CreatedAt = now.Add(-48 * time.Hour)
				m.EndTime = now.Add(-time.Duration(7-i) * time.Hour)
			}))
		}
		wantEnding := append(append([]string{}, want...), addresses(ended)...)
		for size := 1; size <= 12; size++ {
			var got []string
			for page := 1; ; page++ {
				ms, total, err := s.ListMarkets(ctx, predict.MarketFilter{Page: page, PageSize: size, SortType: predict.SortEndingSoon, Now: now})
				storetest.Must(t, err)
				if total != n+len(ended) {
					t.Fatalf("ending_soon page %d of %d: total %d", page, size, total)
				}
				if len(ms) == 0 {
					break
				}
				got = append(got, addresses(ms)...)
			}
			if !slices.Equal(got, wantEnding) {
				t.Fatalf("ending_soon pages of %d concatenate to\n%v\nwant\n%v", size, got, wantEnding)
			}
		}
	})
}

func TestCategoriesAndTags(t *testing.T) {
	ctx := context.Background()
	storetest.Each(t, func(t *testing.T, s *store.DB) {
		empty, err := s.Categories(ctx)
		storetest.Must(t, err)
		if empty == nil || len(empty) != 0 {
			t.Errorf("categories of an empty store = %#v", empty)
		}
		newListFixture(t, s)
		cats, err := s.Categories(ctx)
		storetest.Must(t, err)
		wantCats := []predict.Count{{Name: "crypto", Count: 3}, {Name: "politics", Count: 1}, {Name: "sports", Count: 1}}
		if !slices.Equal(cats, wantCats) {
			t.Errorf("categories = %v, want %v", cats, wantCats)
		}
		tags, err := s.Tags(ctx)
		storetest.Must(t, err)
		wantTags := []predict.Count{{Name: "btc", Count: 2}, {Name: "price", Count: 2},
			{Name: "election", Count: 1}, {Name: "eth", Count: 1}, {Name: "football", Count: 1}}
		if !slices.Equal(tags, wantTags) {
			t.Errorf("tags = %v, want %v", tags, wantTags)
		}
	})
}

// TestConcurrentReadsAndWrites runs writers and readers at once: on SQLite
// no call may fail with "database is locked".
func TestConcurrentReadsAndWrites(t *testing.T) {
	ctx := context.Background()
	storetest.Each(t, func(t *testing.T, s *store.DB) {
		u := storetest.NewUser(t, s, nil)
		var wg sync.WaitGroup
		errs := make(chan error, 64)
		for i := range 8 {
			wg.Go(func() {
				for range 5 {
					m := &predict.Market{Address: storetest.Address(), Title: "concurrent", BaseToken: storetest.Address(),
						Tags:    []string{fmt.Sprintf("t%d", i)},
						Options: []predict.Option{{Address: storetest.Address(), Title: "A"}, {Address: storetest.Address(), Title: "B"}}}
					if err := s.CreateMarket(ctx, m); err != nil {
						errs <- err
						return
					}
					if err := s.FollowMarket(ctx, u.UID, m.Address, true); err != nil {
						errs <- err
						return
					}
				}
			})
			wg.Go(func() {
				for range 5 {
					if _, _, err := s.ListMarkets(ctx, predict.MarketFilter{Page: 1, PageSize: 50, SortType: predict.SortHot}); err != nil {
						errs <- err
						return
					}
					if _, err := s.Tags(ctx); err != nil {
						errs <- err
						return
					}
				}
			})
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			t.Error(err)
		}
		_, total, err := s.ListMarkets(ctx, predict.MarketFilter{Page: 1, PageSize: 1, FollowedBy: u.UID})
		storetest.Must(t, err)
		if total != 40 {
			t.Errorf("followed %d markets, want 40", total)
		}
	})
}
