package client

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math/big"
	"net/url"
	"time"
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
type PricePoint struct {
	// Time is the start of the bucket.
	Time time.Time `json:"time"`
	// Price is a decimal string between 0 and 1.
	Price string `json:"price"`
}

func (p *PricePoint) wire() any {
	type plain PricePoint
	return &struct {
		*plain
		Time timeField `json:"time"`
	}{(*plain)(p), tm(&p.Time)}
}

// UnmarshalJSON reads the wire form.
func (p *PricePoint) UnmarshalJSON(b []byte) error { return json.Unmarshal(b, p.wire()) }

// MarshalJSON writes the wire form.
func (p PricePoint) MarshalJSON() ([]byte, error) { return json.Marshal(p.wire()) }

// PriceSeries is one option's chart: a point per bucket, oldest first.
type PriceSeries struct {
	OptionAddress string       `json:"optionAddress"`
	Title         string       `json:"title"`
	Points        []PricePoint `json:"points"`
}

// PriceHistory is the answer of get-price-history.
type PriceHistory struct {
	MarketAddress string `json:"marketAddress"`
	Interval      string `json:"interval"`
	// BucketSeconds is the width of a bucket (see Bucket).
	BucketSeconds int64 `json:"bucketSeconds"`
	// From is the start of the first bucket, To the end of the last.
	From    time.Time     `json:"from"`
	To      time.Time     `json:"to"`
	Options []PriceSeries `json:"options"`
}

func (h *PriceHistory) wire() any {
	type plain PriceHistory
	return &struct {
		*plain
		From timeField `json:"from"`
		To   timeField `json:"to"`
	}{(*plain)(h), tm(&h.From), tm(&h.To)}
}

// UnmarshalJSON reads the wire form.
func (h *PriceHistory) UnmarshalJSON(b []byte) error { return json.Unmarshal(b, h.wire()) }

// MarshalJSON writes the wire form.
func (h PriceHistory) MarshalJSON() ([]byte, error) { return json.Marshal(h.wire()) }

// Bucket is the width of a bucket.
func (h *PriceHistory) Bucket() time.Duration { return time.Duration(h.BucketSeconds) * time.Second }

// GetPriceHistory returns the close price of a market's options per time
// bucket, for charts (docs/markets.md).
func (c *Client) GetPriceHistory(ctx context.Context, q PriceHistoryQuery) (*PriceHistory, error) {
	v := url.Values{}
	query(v).str("marketAddress", q.MarketAddress).str("optionAddress", q.OptionAddress).str("interval", q.Interval)
	var out PriceHistory
	if err := c.get(ctx, "/api/v1/market/get-price-history", v, &out); err != nil {
		return nil, fmt.Errorf("price history of %s: %w", q.MarketAddress, err)
	}
	return &out, nil
}

// PriceChange is an option's price now and its change over 24 hours.
type PriceChange struct {
	OptionAddress string `json:"optionAddress"`
	Price         string `json:"price"`
	// Change is the price now minus the price 24 hours ago (or the
	// opening price of a younger market), a signed decimal string.
	Change string `json:"change"`
}

// HotMarket is a running market in the hot ranking: the list form plus
// its rank and its figures of the last 24 hours.
type HotMarket struct {
	MarketSummary
	Rank int `json:"rank"`
	// HotScore is ln(1+volume) + ln(1+trades) + 2·ln(1+traders) over 24
	// hours, volume in whole base tokens.
	HotScore       float64       `json:"hotScore"`
	Volume24h      *big.Int      `json:"volume24h"`
	Trades24h      int           `json:"trades24h"`
	Traders24h     int           `json:"traders24h"`
	PriceChange24h []PriceChange `json:"priceChange24h"`
}

// hotFigures are HotMarket's own fields on the wire. MarketSummary has
// JSON methods of its own, which an embedding struct would inherit, so
// HotMarket reads and writes the two parts of its flat object apart.
func (m *HotMarket) hotFigures() any {
	return &struct {
		Rank           *int           `json:"rank"`
		HotScore       *float64       `json:"hotScore"`
		Volume24h      amountField    `json:"volume24h"`
		Trades24h      *int           `json:"trades24h"`
		Traders24h     *int           `json:"traders24h"`
		PriceChange24h *[]PriceChange `json:"priceChange24h"`
	}{&m.Rank, &m.HotScore, amt(&m.Volume24h), &m.Trades24h, &m.Traders24h, &m.PriceChange24h}
}

// UnmarshalJSON reads the wire form.
func (m *HotMarket) UnmarshalJSON(b []byte) error {
	if err := json.Unmarshal(b, &m.MarketSummary); err != nil {
		return err
	}
	return json.Unmarshal(b, m.hotFigures())
}

// MarshalJSON writes the wire form: one flat object.
func (m HotMarket) MarshalJSON() ([]byte, error) {
	summary, err := json.Marshal(m.MarketSummary)
	if err != nil {
		return nil, err
	}
	figures, err := json.Marshal(m.hotFigures())
	if err != nil {
		return nil, err
	}
	summary = bytes.TrimSuffix(summary, []byte("}"))
	return append(append(summary, ','), figures[1:]...), nil
}

// HotMarketsPage is a page of the hot ranking.
type HotMarketsPage struct {
	// TotalCount counts every running market in the ranking.
	TotalCount int         `json:"totalCount"`
	Markets    []HotMarket `json:"markets"`
}

// HotMarketsQuery holds the parameters of get-hot-markets. Page 0 means 1
// and PageSize 0 means DefaultPageSize.
type HotMarketsQuery struct {
	Page, PageSize int
}

// GetHotMarkets lists running markets ranked by the last 24 hours of
// trading (recomputed by the service at most every 30 seconds).
func (c *Client) GetHotMarkets(ctx context.Context, q HotMarketsQuery) (*HotMarketsPage, error) {
	p, size := page(q.Page, q.PageSize)
	v := url.Values{}
	query(v).int("page", p).int("pageSize", size)
	var out HotMarketsPage
	if err := c.get(ctx, "/api/v1/market/get-hot-markets", v, &out); err != nil {
		return nil, fmt.Errorf("get hot markets: %w", err)
	}
	return &out, nil
}
