package client

import (
	"context"
	"fmt"
	"net/url"

	"github.com/predict-dev/predict/wire"
)

// Market statuses.
const (
	StatusRunning  = "running"
	StatusSettling = "settling"
	StatusDisputed = "disputed"
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
type MarketOption = wire.MarketOption

// MarketSummary is the list form of a market (get-markets).
type MarketSummary = wire.MarketSummary

// Creator is who created a market.
type Creator = wire.Creator

// Market is the detail form of a market (get-market-detail); its
// OptionByAddress finds an option.
type Market = wire.Market

// MarketsQuery holds the parameters of get-markets. Zero values are left
// out; Page 0 means 1 and PageSize 0 means DefaultPageSize.
type MarketsQuery struct {
	Page     int
	PageSize int // 1–50
	Tag      string
	Status   string // StatusRunning, StatusSettling, StatusDisputed or StatusEnded
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
	v := url.Values{}
	query(v).paging(q.Page, q.PageSize).str("tag", q.Tag).str("status", q.Status).
		str("sortType", q.SortType).str("categoryId", q.CategoryID).str("hotWords", q.HotWords).
		flag("followed", q.Followed).flag("newMarket", q.NewMarket).flag("soonExpired", q.SoonExpired).
		str("baseTokenAddress", q.BaseTokenAddress)
	return v
}

// MarketsPage is a page of get-markets.
type MarketsPage = wire.MarketsPage

// GetMarkets lists markets with the API's filters and sort orders.
func (c *Client) GetMarkets(ctx context.Context, q MarketsQuery) (*MarketsPage, error) {
	return fetch[MarketsPage](ctx, c, "/api/v1/market/get-markets", q.values(), "get markets")
}

// GetMarketDetail returns one market. baseTokenAddress is optional: when
// given, a market of another base token is ErrNotFound.
func (c *Client) GetMarketDetail(ctx context.Context, marketAddress, baseTokenAddress string) (*Market, error) {
	v := url.Values{}
	query(v).str("marketAddress", marketAddress).str("baseTokenAddress", baseTokenAddress)
	return fetch[Market](ctx, c, "/api/v1/market/get-market-detail", v, "get market %s", marketAddress)
}

// CategoryCount is a category in use and how many markets carry it.
type CategoryCount = wire.CategoryCount

// TagCount is a tag in use and how many markets carry it.
type TagCount = wire.TagCount

// GetCategories lists the categories in use, most used first.
func (c *Client) GetCategories(ctx context.Context) ([]CategoryCount, error) {
	var out wire.Categories
	if err := c.get(ctx, "/api/v1/market/get-categories", nil, &out); err != nil {
		return nil, fmt.Errorf("get categories: %w", err)
	}
	return out.Categories, nil
}

// GetTags lists the tags in use, most used first.
func (c *Client) GetTags(ctx context.Context) ([]TagCount, error) {
	var out wire.Tags
	if err := c.get(ctx, "/api/v1/market/get-tags", nil, &out); err != nil {
		return nil, fmt.Errorf("get tags: %w", err)
	}
	return out.Tags, nil
}

// FollowResult is the answer of follow-market.
type FollowResult = wire.FollowResult

// FollowMarket follows (follow true) or unfollows a market; both are
// idempotent.
func (c *Client) FollowMarket(ctx context.Context, marketAddress string, follow bool) (*FollowResult, error) {
	body := wire.FollowMarketRequest{MarketAddress: marketAddress, Follow: &follow}
	return submit[FollowResult](ctx, c, "/api/v1/market/follow-market", body, "follow market %s (%t)", marketAddress, follow)
}

// UnfollowMarket unfollows a market with the platform's unfollow-market;
// unfollowing a market not followed is harmless.
func (c *Client) UnfollowMarket(ctx context.Context, marketAddress string) (*FollowResult, error) {
	return submit[FollowResult](ctx, c, "/api/v1/market/unfollow-market", wire.FollowMarketRequest{MarketAddress: marketAddress}, "unfollow market %s", marketAddress)
}

// FollowedMarkets is a page of get-follow-markets.
type FollowedMarkets = wire.FollowedMarkets

// GetFollowMarkets lists the markets the caller follows, newest first;
// Page 0 means 1 and PageSize 0 means DefaultPageSize.
func (c *Client) GetFollowMarkets(ctx context.Context, pageNo, pageSize int) (*FollowedMarkets, error) {
	v := url.Values{}
	query(v).paging(pageNo, pageSize)
	return fetch[FollowedMarkets](ctx, c, "/api/v1/market/get-follow-markets", v, "get followed markets")
}

// ResolutionStatus tells where a market's settlement is and what its
// winners have claimed.
type ResolutionStatus = wire.ResolutionStatus

// WinningOption is the option a market settled on.
type WinningOption = wire.WinningOption

// SettledBy names the user who settled a market.
type SettledBy = wire.SettledBy

// GetResolutionStatus reports a market's settlement.
func (c *Client) GetResolutionStatus(ctx context.Context, marketAddress string) (*ResolutionStatus, error) {
	return fetchBy[ResolutionStatus](ctx, c, "/api/v1/market/get-resolution-status", "marketAddress", marketAddress, "resolution status of %s", marketAddress)
}
