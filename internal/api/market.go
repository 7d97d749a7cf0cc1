package api

import (
	"context"
	"math/big"
	"net/http"
	"strings"

	"github.com/predict-dev/predict"
)

// Limits of the hotWords filter.
const (
	maxHotWords   = 5
	maxHotWordLen = 50
)

// marketListItem is the list form of a market (SPEC.md get-markets).
type marketListItem struct {
	MarketAddress    string       `json:"marketAddress"`
	Title            string       `json:"title"`
	Description      string       `json:"description"`
	Status           string       `json:"status"`
	Volume           string       `json:"volume"`
	ParticipantCount int          `json:"participantCount"`
	EndTime          string       `json:"endTime"`
	Options          []optionJSON `json:"options"`
	Tags             []string     `json:"tags"`
	CategoryID       string       `json:"categoryId"`
	CreatedAt        string       `json:"createdAt"`
	BaseTokenAddress string       `json:"baseTokenAddress"`
	ImageURL         string       `json:"imageUrl"`
}

// marketDetail is the detail form of a market (SPEC.md get-market-detail).
type marketDetail struct {
	MarketAddress        string       `json:"marketAddress"`
	Title                string       `json:"title"`
	Description          string       `json:"description"`
	Rules                string       `json:"rules"`
	Status               string       `json:"status"`
	Volume               string       `json:"volume"`
	ParticipantCount     int          `json:"participantCount"`
	Liquidity            string       `json:"liquidity"`
	StartTime            string       `json:"startTime"`
	EndTime              string       `json:"endTime"`
	Options              []optionJSON `json:"options"`
	Tags                 []string     `json:"tags"`
	CategoryID           string       `json:"categoryId"`
	IsFollowed           bool         `json:"isFollowed"`
	Creator              creatorJSON  `json:"creator"`
	BaseTokenAddress     string       `json:"baseTokenAddress"`
	ImageURL             string       `json:"imageUrl"`
	FeeBps               int          `json:"feeBps"`
	WinningOptionAddress string       `json:"winningOptionAddress"`
	CreatedAt            string       `json:"createdAt"`
}

type optionJSON struct {
	OptionAddress string `json:"optionAddress"`
	Title         string `json:"title"`
	Price         string `json:"price"`
	Volume        string `json:"volume"`
	HoldersCount  *int   `json:"holdersCount,omitempty"`
}

type creatorJSON struct {
	UID       string `json:"uid"`
	Name      string `json:"name"`
	AvatarURL string `json:"avatarUrl"`
}

func amount(x *big.Int) string {
	if x == nil {
		return "0"
	}
	return x.String()
}

func strs(v []string) []string {
	if v == nil {
		return []string{}
	}
	return v
}

func newOptions(opts []predict.Option, withHolders bool) []optionJSON {
	out := make([]optionJSON, len(opts))
	for i, o := range opts {
		out[i] = optionJSON{OptionAddress: o.Address, Title: o.Title, Price: predict.FormatPrice(o.Price), Volume: amount(o.Volume)}
		if withHolders {
			n := o.HoldersCount
			out[i].HoldersCount = &n
		}
	}
	return out
}

func newMarketListItem(m *predict.Market) marketListItem {
	return marketListItem{
		MarketAddress: m.Address, Title: m.Title, Description: m.Description, Status: string(m.Status),
		Volume: amount(m.Volume), ParticipantCount: m.ParticipantCount, EndTime: formatTime(m.EndTime),
		Options: newOptions(m.Options, false), Tags: strs(m.Tags), CategoryID: m.CategoryID,
		CreatedAt: formatTime(m.CreatedAt), BaseTokenAddress: m.BaseToken, ImageURL: m.ImageURL,
	}
}

func newMarketDetail(m *predict.Market) marketDetail {
	return marketDetail{
		MarketAddress: m.Address, Title: m.Title, Description: m.Description, Rules: m.Rules,
		Status: string(m.Status), Volume: amount(m.Volume), ParticipantCount: m.ParticipantCount,
		Liquidity: amount(m.Liquidity), StartTime: formatTime(m.StartTime), EndTime: formatTime(m.EndTime),
		Options: newOptions(m.Options, true), Tags: strs(m.Tags), CategoryID: m.CategoryID,
		IsFollowed:       m.IsFollowed,
		Creator:          creatorJSON{UID: m.Creator.UID, Name: m.Creator.Name, AvatarURL: m.Creator.AvatarURL},
		BaseTokenAddress: m.BaseToken, ImageURL: m.ImageURL, FeeBps: m.FeeBps,
		WinningOptionAddress: m.WinningOption, CreatedAt: formatTime(m.CreatedAt),
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
		Tag:         q.text("tag", false, 64),
		Status:      predict.MarketStatus(q.enum("status", string(predict.StatusRunning), string(predict.StatusSettling), string(predict.StatusEnded))),
		SortType:    q.enum("sortType", predict.SortHot, predict.SortNewest, predict.SortEndingSoon, predict.SortVolume),
		CategoryID:  q.text("categoryId", false, 64),
		NewMarket:   q.bool("newMarket"),
		SoonExpired: q.bool("soonExpired"),
		BaseToken:   q.address("baseTokenAddress", false),
		Now:         s.now(),
	}
	hotWords := q.text("hotWords", false, maxHotWords*(maxHotWordLen+1))
	followed := q.bool("followed")
	if q.err != nil {
		s.Error(w, r, q.err)
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
	markets, total, err := s.store.ListMarkets(r.Context(), f)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	items := make([]marketListItem, len(markets))
	for i, m := range markets {
		items[i] = newMarketListItem(m)
	}
	ok(w, map[string]any{"totalCount": total, "markets": items})
}

// handleGetMarketDetail returns one market; isFollowed is per caller.
func (s *Server) handleGetMarketDetail(w http.ResponseWriter, r *http.Request) {
	q := newQuery(r)
	addr := q.address("marketAddress", true)
	base := q.address("baseTokenAddress", false)
	if q.err != nil {
		s.Error(w, r, q.err)
		return
	}
	u, err := s.optionalUser(r)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	viewer := ""
	if u != nil {
		viewer = u.UID
	}
	m, err := s.store.MarketByAddress(r.Context(), addr, viewer)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	if base != "" && base != m.BaseToken {
		s.Error(w, r, predict.Errorf(predict.ENOTFOUND, "market %s not found for base token %s", addr, base))
		return
	}
	ok(w, newMarketDetail(m))
}

// handleGetCategories lists category ids with their market counts.
func (s *Server) handleGetCategories(w http.ResponseWriter, r *http.Request) {
	s.writeCounts(w, r, s.store.Categories, "categories", "categoryId")
}

// handleGetTags lists tags with their market counts.
func (s *Server) handleGetTags(w http.ResponseWriter, r *http.Request) {
	s.writeCounts(w, r, s.store.Tags, "tags", "tag")
}

// writeCounts answers {list: [{key: name, marketCount: n}, ...]}.
func (s *Server) writeCounts(w http.ResponseWriter, r *http.Request, read func(context.Context) ([]predict.Count, error), list, key string) {
	counts, err := read(r.Context())
	if err != nil {
		s.Error(w, r, err)
		return
	}
	out := make([]map[string]any, len(counts))
	for i, c := range counts {
		out[i] = map[string]any{key: c.Name, "marketCount": c.Count}
	}
	ok(w, map[string]any{list: out})
}
