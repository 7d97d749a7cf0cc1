package client

import (
	"context"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"time"

	"github.com/predict-dev/predict/wire"
)

// Datasets of a bulk export.
const (
	DatasetMarkets     = "markets"
	DatasetTrades      = "trades"
	DatasetPrices      = "prices"
	DatasetResolutions = "resolutions"
)

// Formats of a bulk export.
const (
	FormatNDJSON = "ndjson"
	FormatCSV    = "csv"
)

// ExportPrice is a row of the prices export; ExportResolutionStep one of
// the resolutions export (markets export MarketSummary, trades Trade).
type (
	ExportPrice          = wire.ExportPrice
	ExportResolutionStep = wire.ExportResolutionStep
)

// ExportQuery selects a bulk export (docs/integrations.md): the rows of
// Dataset created in [From, To) (zero: open), of one market, after the
// row whose cursor is Cursor, at most Limit (0: all).
type ExportQuery struct {
	Dataset       string
	Format        string // FormatNDJSON (default) or FormatCSV
	From, To      time.Time
	MarketAddress string
	Cursor        string
	Limit         int
}

// Export opens a bulk export and returns its body, which the caller reads
// and closes: NDJSON lines or CSV records, each row with its cursor. A
// body whose read fails before io.EOF was cut: open the export again with
// the cursor of the last whole row to resume right after it.
func (c *Client) Export(ctx context.Context, q ExportQuery) (io.ReadCloser, error) {
	v := url.Values{}
	set := func(k, val string) {
		if val != "" {
			v.Set(k, val)
		}
	}
	set("format", q.Format)
	set("marketAddress", q.MarketAddress)
	set("cursor", q.Cursor)
	if !q.From.IsZero() {
		v.Set("from", q.From.UTC().Format(time.RFC3339))
	}
	if !q.To.IsZero() {
		v.Set("to", q.To.UTC().Format(time.RFC3339))
	}
	if q.Limit > 0 {
		v.Set("limit", strconv.Itoa(q.Limit))
	}
	res, err := c.send(ctx, request{method: http.MethodGet, path: "/api/v1/export/" + url.PathEscape(q.Dataset), query: v,
		header: http.Header{"Accept": {"application/x-ndjson, text/csv"}}})
	if err != nil {
		return nil, err
	}
	return res.Body, nil
}
