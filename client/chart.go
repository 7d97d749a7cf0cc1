package client

import (
	"context"
	"net/url"

	"github.com/predict-dev/predict/wire"
)

// Windows of get-price-history.
const (
	Interval1h  = "1h"  // 1-minute buckets
	Interval4h  = "4h"  // 5-minute buckets
	Interval1d  = "1d"  // 15-minute buckets (the default)
	Interval1w  = "1w"  // 1-hour buckets
	Interval1m  = "1m"  // 30 days, 6-hour buckets
	IntervalAll = "all" // since the market opened, at most 200 points
)

// PriceHistoryQuery holds the parameters of get-price-history.
type PriceHistoryQuery struct {
	MarketAddress string // required
	// OptionAddress keeps one option's series; empty returns every option.
	OptionAddress string
	// Interval is Interval1h … IntervalAll; empty means Interval1d.
	Interval string
}

// PricePoint is an option's price at the close of a bucket.
type PricePoint = wire.PricePoint

// PriceSeries is one option's chart: a point per bucket, oldest first.
type PriceSeries = wire.PriceSeries

// PriceHistory is the answer of get-price-history; Bucket is the width
// of its buckets.
type PriceHistory = wire.PriceHistory

// GetPriceHistory returns the close price of a market's options per time
// bucket, for charts (docs/markets.md).
func (c *Client) GetPriceHistory(ctx context.Context, q PriceHistoryQuery) (*PriceHistory, error) {
	v := url.Values{}
	query(v).str("marketAddress", q.MarketAddress).str("optionAddress", q.OptionAddress).str("interval", q.Interval)
	return fetch[PriceHistory](ctx, c, "/api/v1/market/get-price-history", v, "price history of %s", q.MarketAddress)
}

// PriceChange is an option's price now and its change over 24 hours.
type PriceChange = wire.PriceChange

// HotMarket is a running market in the hot ranking: the list form plus
// its rank and its figures of the last 24 hours.
type HotMarket = wire.HotMarket

// HotMarketsPage is a page of the hot ranking.
type HotMarketsPage = wire.HotMarketsPage

// HotMarketsQuery holds the parameters of get-hot-markets. Page 0 means 1
// and PageSize 0 means DefaultPageSize.
type HotMarketsQuery struct {
	Page, PageSize int
}

// GetHotMarkets lists running markets ranked by the last 24 hours of
// trading (recomputed by the service at most every 30 seconds).
func (c *Client) GetHotMarkets(ctx context.Context, q HotMarketsQuery) (*HotMarketsPage, error) {
	v := url.Values{}
	query(v).paging(q.Page, q.PageSize)
	return fetch[HotMarketsPage](ctx, c, "/api/v1/market/get-hot-markets", v, "get hot markets")
}
