package client

import (
	"context"
	"encoding/json"
	"fmt"
	"math/big"
	"net/url"
	"strings"
	"time"
)

// Market statuses.
const (
	StatusRunning  = "running"
	StatusSettling = "settling"
	StatusEnded    = "ended"
)

// Sort orders of get-markets.
const (
	SortHot        = "hot"
	SortNewest     = "newest"
	SortEndingSoon = "ending_soon"
	SortVolume     = "volume"
)

// DefaultPageSize is the page size used when a query leaves it at 0.
const DefaultPageSize = 20

func page(p, size int) (int, int) {
	if p == 0 {
		p = 1
	}
	if size == 0 {
		size = DefaultPageSize
	}
	return p, size
}

// MarketOption is one option of a market: an ERC-20 token priced by the
// pool.
type MarketOption struct {
	OptionAddress string `json:"optionAddress"`
	Title         string `json:"title"`
	// Price is a decimal string between 0 and 1; the prices of a market
	// sum to 1.
	Price  string   `json:"price"`
	Volume *big.Int `json:"volume"`
	// HoldersCount is set in market detail only.
	HoldersCount *int `json:"holdersCount,omitempty"`
}

func (o *MarketOption) wire() any {
	type plain MarketOption
	return &struct {
		*plain
		Volume amountField `json:"volume"`
	}{(*plain)(o), amt(&o.Volume)}
}

// UnmarshalJSON reads the wire form.
func (o *MarketOption) UnmarshalJSON(b []byte) error { return json.Unmarshal(b, o.wire()) }

// MarshalJSON writes the wire form.
func (o MarketOption) MarshalJSON() ([]byte, error) { return json.Marshal(o.wire()) }

// MarketSummary is the list form of a market (get-markets).
type MarketSummary struct {
	MarketAddress    string         `json:"marketAddress"`
	Title            string         `json:"title"`
	Description      string         `json:"description"`
	Status           string         `json:"status"`
	Volume           *big.Int       `json:"volume"`
	ParticipantCount int            `json:"participantCount"`
	EndTime          time.Time      `json:"endTime"`
	Options          []MarketOption `json:"options"`
	Tags             []string       `json:"tags"`
	CategoryID       string         `json:"categoryId"`
	CreatedAt        time.Time      `json:"createdAt"`
	BaseTokenAddress string         `json:"baseTokenAddress"`
	ImageURL         string         `json:"imageUrl"`
}

func (m *MarketSummary) wire() any {
	type plain MarketSummary
	return &struct {
		*plain
		Volume    amountField `json:"volume"`
		EndTime   timeField   `json:"endTime"`
		CreatedAt timeField   `json:"createdAt"`
	}{(*plain)(m), amt(&m.Volume), tm(&m.EndTime), tm(&m.CreatedAt)}
}

// UnmarshalJSON reads the wire form.
func (m *MarketSummary) UnmarshalJSON(b []byte) error { return json.Unmarshal(b, m.wire()) }

// MarshalJSON writes the wire form.
func (m MarketSummary) MarshalJSON() ([]byte, error) { return json.Marshal(m.wire()) }

// Creator is who created a market.
type Creator struct {
	UID       string `json:"uid"`
	Name      string `json:"name"`
	AvatarURL string `json:"avatarUrl"`
}

// Market is the detail form of a market (get-market-detail).
type Market struct {
	MarketAddress    string         `json:"marketAddress"`
	Title            string         `json:"title"`
	Description      string         `json:"description"`
	Rules            string         `json:"rules"`
	Status           string         `json:"status"`
	Volume           *big.Int       `json:"volume"`
	ParticipantCount int            `json:"participantCount"`
	Liquidity        *big.Int       `json:"liquidity"`
	StartTime        time.Time      `json:"startTime"`
	EndTime          time.Time      `json:"endTime"`
	Options          []MarketOption `json:"options"`
	Tags             []string       `json:"tags"`
	CategoryID       string         `json:"categoryId"`
	IsFollowed       bool           `json:"isFollowed"`
	Creator          Creator        `json:"creator"`
	BaseTokenAddress string         `json:"baseTokenAddress"`
	ImageURL         string         `json:"imageUrl"`
	// FeeBps is the pool's trading fee in basis points.
	FeeBps int `json:"feeBps"`
	// WinningOptionAddress is set once the market has ended.
	WinningOptionAddress string    `json:"winningOptionAddress"`
	CreatedAt            time.Time `json:"createdAt"`
}

func (m *Market) wire() any {
	type plain Market
	return &struct {
		*plain
		Volume    amountField `json:"volume"`
		Liquidity amountField `json:"liquidity"`
		StartTime timeField   `json:"startTime"`
		EndTime   timeField   `json:"endTime"`
		CreatedAt timeField   `json:"createdAt"`
	}{(*plain)(m), amt(&m.Volume), amt(&m.Liquidity), tm(&m.StartTime), tm(&m.EndTime), tm(&m.CreatedAt)}
}

// UnmarshalJSON reads the wire form.
func (m *Market) UnmarshalJSON(b []byte) error { return json.Unmarshal(b, m.wire()) }

// MarshalJSON writes the wire form.
func (m Market) MarshalJSON() ([]byte, error) { return json.Marshal(m.wire()) }

// OptionByAddress returns the option with the given address (any case),
// or nil.
func (m *Market) OptionByAddress(address string) *MarketOption {
	for i := range m.Options {
		if strings.EqualFold(m.Options[i].OptionAddress, address) {
			return &m.Options[i]
		}
	}
	return nil
}

// MarketsQuery holds the parameters of get-markets. Zero values are left
// out; Page 0 means 1 and PageSize 0 means DefaultPageSize.
type MarketsQuery struct {
	Page     int
	PageSize int // 1–50
	Tag      string
	Status   string // StatusRunning, StatusSettling or StatusEnded
	SortType string // SortHot, SortNewest (default), SortEndingSoon or SortVolume
	// CategoryID filters by category.
	CategoryID string
	// HotWords: up to 5 words separated by spaces or commas, all of
	// which must appear in the title, description or tags.
	HotWords string
	// Followed keeps the markets the caller follows (needs a token).
	Followed bool
	// NewMarket keeps markets created within the last 7 days.
	NewMarket bool
	// SoonExpired keeps running markets ending within 24 hours.
	SoonExpired      bool
	BaseTokenAddress string
}

func (q MarketsQuery) values() url.Values {
	p, size := page(q.Page, q.PageSize)
	v := url.Values{}
	query(v).int("page", p).int("pageSize", size).str("tag", q.Tag).str("status", q.Status).
		str("sortType", q.SortType).str("categoryId", q.CategoryID).str("hotWords", q.HotWords).
		flag("followed", q.Followed).flag("newMarket", q.NewMarket).flag("soonExpired", q.SoonExpired).
		str("baseTokenAddress", q.BaseTokenAddress)
	return v
}

// MarketsPage is a page of get-markets.
type MarketsPage struct {
	// TotalCount counts every market matching the filters.
	TotalCount int             `json:"totalCount"`
	Markets    []MarketSummary `json:"markets"`
}

// GetMarkets lists markets with SPEC.md's filters and sort orders.
func (c *Client) GetMarkets(ctx context.Context, q MarketsQuery) (*MarketsPage, error) {
	var out MarketsPage
	if err := c.get(ctx, "/api/v1/market/get-markets", q.values(), &out); err != nil {
		return nil, fmt.Errorf("get markets: %w", err)
	}
	return &out, nil
}

// GetMarketDetail returns one market. baseTokenAddress is optional: when
// given, a market of another base token is ErrNotFound.
func (c *Client) GetMarketDetail(ctx context.Context, marketAddress, baseTokenAddress string) (*Market, error) {
	v := url.Values{}
	query(v).str("marketAddress", marketAddress).str("baseTokenAddress", baseTokenAddress)
	var out Market
	if err := c.get(ctx, "/api/v1/market/get-market-detail", v, &out); err != nil {
		return nil, fmt.Errorf("get market %s: %w", marketAddress, err)
	}
	return &out, nil
}

// CategoryCount is a category in use and how many markets carry it.
type CategoryCount struct {
	CategoryID  string `json:"categoryId"`
	MarketCount int    `json:"marketCount"`
}

// TagCount is a tag in use and how many markets carry it.
type TagCount struct {
	Tag         string `json:"tag"`
	MarketCount int    `json:"marketCount"`
}

// GetCategories lists the categories in use, most used first.
func (c *Client) GetCategories(ctx context.Context) ([]CategoryCount, error) {
	var out struct {
		Categories []CategoryCount `json:"categories"`
	}
	if err := c.get(ctx, "/api/v1/market/get-categories", nil, &out); err != nil {
		return nil, fmt.Errorf("get categories: %w", err)
	}
	return out.Categories, nil
}

// GetTags lists the tags in use, most used first.
func (c *Client) GetTags(ctx context.Context) ([]TagCount, error) {
	var out struct {
		Tags []TagCount `json:"tags"`
	}
	if err := c.get(ctx, "/api/v1/market/get-tags", nil, &out); err != nil {
		return nil, fmt.Errorf("get tags: %w", err)
	}
	return out.Tags, nil
}

// FollowResult is the answer of follow-market.
type FollowResult struct {
	MarketAddress string `json:"marketAddress"`
	IsFollowed    bool   `json:"isFollowed"`
}

// FollowMarket follows (follow true) or unfollows a market; both are
// idempotent.
func (c *Client) FollowMarket(ctx context.Context, marketAddress string, follow bool) (*FollowResult, error) {
	var out FollowResult
	body := map[string]any{"marketAddress": marketAddress, "follow": follow}
	if err := c.post(ctx, "/api/v1/market/follow-market", body, &out); err != nil {
		return nil, fmt.Errorf("follow market %s (%t): %w", marketAddress, follow, err)
	}
	return &out, nil
}

// UnfollowMarket unfollows a market with the platform's unfollow-market;
// unfollowing a market not followed is harmless.
func (c *Client) UnfollowMarket(ctx context.Context, marketAddress string) (*FollowResult, error) {
	var out FollowResult
	if err := c.post(ctx, "/api/v1/market/unfollow-market", map[string]any{"marketAddress": marketAddress}, &out); err != nil {
		return nil, fmt.Errorf("unfollow market %s: %w", marketAddress, err)
	}
	return &out, nil
}

// FollowedMarkets is a page of get-follow-markets.
type FollowedMarkets struct {
	Total      int             `json:"total"`
	MarketList []MarketSummary `json:"marketList"`
}

// GetFollowMarkets lists the markets the caller follows, newest first;
// Page 0 means 1 and PageSize 0 means DefaultPageSize.
func (c *Client) GetFollowMarkets(ctx context.Context, pageNo, pageSize int) (*FollowedMarkets, error) {
	p, size := page(pageNo, pageSize)
	v := url.Values{}
	query(v).int("page", p).int("pageSize", size)
	var out FollowedMarkets
	if err := c.get(ctx, "/api/v1/market/get-follow-markets", v, &out); err != nil {
		return nil, fmt.Errorf("get followed markets: %w", err)
	}
	return &out, nil
}
