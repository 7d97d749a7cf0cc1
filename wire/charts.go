package wire

import "time"

// PricePoint is an option's price at the start of a bucket.
type PricePoint struct {
	// Time is the start of the bucket.
	Time Time `json:"time"`
	// Price is the last price at or before the end of the bucket.
	Price string `json:"price"`
}

// PriceSeries is the price history of one option.
type PriceSeries struct {
	OptionAddress string       `json:"optionAddress"`
	Title         string       `json:"title"`
	Points        []PricePoint `json:"points"`
}

// PriceSnapshot is every option's price at one bucket (the platform's
// form of the same history).
type PriceSnapshot struct {
	Timestamp Time          `json:"timestamp"`
	Options   []OptionPrice `json:"options"`
}

// PriceHistory is the answer of get-price-history (and its first name,
// get-market-option-price-history): one series per option and the same
// points as snapshots per bucket.
type PriceHistory struct {
	// BucketSeconds is the width of a point.
	BucketSeconds int64           `json:"bucketSeconds"`
	From          Time            `json:"from"`
	Interval      string          `json:"interval"`
	MarketAddress string          `json:"marketAddress"`
	Options       []PriceSeries   `json:"options"`
	Snapshots     []PriceSnapshot `json:"snapshots"`
	TimeInterval  string          `json:"timeInterval"`
	To            Time            `json:"to"`
	Total         int             `json:"total"`
}

// Bucket is the width of a bucket.
func (h *PriceHistory) Bucket() time.Duration { return time.Duration(h.BucketSeconds) * time.Second }

// PriceChange is an option's price now and its change over 24 hours.
type PriceChange struct {
	OptionAddress string `json:"optionAddress"`
	Price         string `json:"price"`
	// Change is the price now minus the price 24 hours ago (or the
	// opening price of a younger market), a signed decimal string.
	Change string `json:"change"`
}

// HotMarket is a running market in the hot ranking: the list form plus
// its rank and its figures of the last 24 hours, in one flat object.
type HotMarket struct {
	MarketSummary
	Rank int `json:"rank"`
	// HotScore is ln(1+volume) + ln(1+trades) + 2·ln(1+traders) over 24
	// hours, volume in whole base tokens.
	HotScore       float64       `json:"hotScore"`
	Volume24h      Amount        `json:"volume24h"`
	Trades24h      int           `json:"trades24h"`
	Traders24h     int           `json:"traders24h"`
	PriceChange24h []PriceChange `json:"priceChange24h"`
}

// HotMarketsPage is a page of the hot ranking, under the service's name
// (markets) and the platform's (marketList).
type HotMarketsPage struct {
	MarketList []HotMarket `json:"marketList"`
	Markets    []HotMarket `json:"markets"`
	// TotalCount counts every running market in the ranking.
	TotalCount int `json:"totalCount"`
}
