package api

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"net/http"
	"reflect"
	"strings"
	"time"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/wire"
)

// Bulk exports stream whole datasets, a page of the store at a time, so
// memory stays at one page however long the export (docs/integrations.md).
const (
	// exportsPerIP caps the exports one client address runs at once.
	exportsPerIP = 2
	// exportPageWrite bounds the write of one page to the client: a
	// client that stops reading gives its slot back.
	exportPageWrite = time.Minute
)

// exportSet is one dataset: its row type (for the CSV header) and a page
// of its rows as wire values with their cursors.
type exportSet struct {
	row  any
	page func(ctx context.Context, st predict.ExportStore, q predict.ExportQuery) ([]any, []string, error)
}

var exportSets = map[string]exportSet{
	"markets": {wire.MarketSummary{}, func(ctx context.Context, st predict.ExportStore, q predict.ExportQuery) ([]any, []string, error) {
		rows, cursors, err := st.ExportMarkets(ctx, q)
		return mapRows(rows, newMarketListItem), cursors, err
	}},
	"trades": {wire.Trade{}, func(ctx context.Context, st predict.ExportStore, q predict.ExportQuery) ([]any, []string, error) {
		rows, cursors, err := st.ExportTrades(ctx, q)
		return mapRows(rows, newTrade), cursors, err
	}},
	"prices": {wire.ExportPrice{}, func(ctx context.Context, st predict.ExportStore, q predict.ExportQuery) ([]any, []string, error) {
		rows, cursors, err := st.ExportPrices(ctx, q)
		return mapRows(rows, func(p predict.PricePoint) wire.ExportPrice {
			return wire.ExportPrice{MarketAddress: p.Market, OptionAddress: p.Option, Price: predict.FormatPrice(p.Price),
				BlockNumber: p.Block, Time: wireTime(p.Time)}
		}), cursors, err
	}},
	"resolutions": {wire.ExportResolutionStep{}, func(ctx context.Context, st predict.ExportStore, q predict.ExportQuery) ([]any, []string, error) {
		rows, cursors, err := st.ExportResolutions(ctx, q)
		return mapRows(rows, func(s predict.ResolutionStep) wire.ExportResolutionStep {
			out := wire.ExportResolutionStep{MarketAddress: s.Market, Kind: s.Kind, Account: s.Account, UID: s.UID,
				Amount: amount(s.Amount), TxHash: s.TxHash, BlockNumber: s.Block, Time: wireTime(s.Time)}
			if s.Outcome != nil && *s.Outcome == predict.VoidOutcome {
				out.Void = true
			} else {
				out.OptionIndex = s.Outcome
			}
			return out
		}), cursors, err
	}},
}

func mapRows[T, W any](rows []T, f func(T) W) []any {
	out := make([]any, len(rows))
	for i, r := range rows {
		out[i] = f(r)
	}
	return out
}

// handleExport streams a dataset as NDJSON or CSV: the rows created in
// [from, to), of one market when marketAddress is set, after cursor, at
// most limit rows (all when 0).
func (s *Server) handleExport(w http.ResponseWriter, r *http.Request) {
	set, ok := exportSets[r.PathValue("dataset")]
	q := newQuery(r)
	if !ok {
		q.fail("dataset %q is not one of %s", r.PathValue("dataset"), strings.Join(wire.ExportDatasets, ", "))
	}
	format := q.enum("format", "ndjson", "csv")
	eq := predict.ExportQuery{From: q.time("from"), To: q.time("to"), Market: q.address("marketAddress", false), After: q.get("cursor")}
	limit := q.int("limit", false, 0, 1<<30, 0)
	if q.err == nil && !eq.From.IsZero() && !eq.To.IsZero() && !eq.From.Before(eq.To) {
		q.fail("from must be before to")
	}
	if !s.queryValid(w, r, q) {
		return
	}
	ip := s.clientIP(r)
	if !s.exports.take(ip, exportsPerIP) {
		w.Header().Set("Retry-After", "10")
		s.Error(w, r, predict.Errorf(predict.ERATELIMIT, "at most %d exports at once from one address; wait for one to end", exportsPerIP))
		return
	}
	defer s.exports.release(ip)

	ctx := r.Context()
	enc := newExportEncoder(w, format, set.row)
	rc := http.NewResponseController(w)
	started, sent := false, 0
	for {
		eq.Limit = 0
		if limit > 0 {
			eq.Limit = min(limit-sent, exportPage)
		}
		rows, cursors, err := set.page(ctx, s.store, eq)
		if err != nil {
			if ctx.Err() != nil {
				return // the client went away
			}
			if !started {
				s.Error(w, r, err)
				return
			}
			// The rows sent stand; the cut stream (no final chunk) tells
			// the client to resume from its last row's cursor.
			s.logger.WarnContext(ctx, "export cut", "dataset", r.PathValue("dataset"), "rows", sent, "err", err)
			panic(http.ErrAbortHandler)
		}
		if !started {
			enc.start()
			started = true
		}
		_ = rc.SetWriteDeadline(time.Now().Add(exportPageWrite))
		for i, row := range rows {
			if err := enc.row(row, cursors[i]); err != nil {
				return // the client went away
			}
		}
		sent += len(rows)
		if err := enc.flush(rc); err != nil {
			return
		}
		if len(rows) < exportPage || len(rows) == 0 || (limit > 0 && sent >= limit) {
			return
		}
		eq.After = cursors[len(cursors)-1]
	}
}

// exportPage is the rows asked of the store at once.
const exportPage = 1000

// exportEncoder writes rows in one format, each with its cursor.
type exportEncoder struct {
	w       http.ResponseWriter
	format  string
	columns []string
	csv     *csv.Writer
	buf     bytes.Buffer
}

func newExportEncoder(w http.ResponseWriter, format string, row any) *exportEncoder {
	e := &exportEncoder{w: w, format: format}
	if format == "csv" {
		e.columns = jsonNames(reflect.TypeOf(row))
		e.csv = csv.NewWriter(w)
	}
	return e
}

// start writes the headers (and the CSV header row).
func (e *exportEncoder) start() {
	h := e.w.Header()
	h.Set("Cache-Control", "no-store")
	h.Set("X-Accel-Buffering", "no")
	if e.format == "csv" {
		h.Set("Content-Type", "text/csv; charset=utf-8")
		e.w.WriteHeader(http.StatusOK)
		_ = e.csv.Write(append(append([]string{}, e.columns...), "cursor"))
		return
	}
	h.Set("Content-Type", "application/x-ndjson")
	e.w.WriteHeader(http.StatusOK)
}

// row writes one row: a JSON object with "cursor" added, or a CSV record
// whose cells are the object's values (strings as they are, numbers and
// booleans as JSON writes them, arrays and objects as JSON, null empty).
func (e *exportEncoder) row(v any, cursor string) error {
	e.buf.Reset()
	if err := json.NewEncoder(&e.buf).Encode(v); err != nil {
		return err
	}
	raw := bytes.TrimRight(e.buf.Bytes(), "\n")
	if e.format != "csv" {
		cur, _ := json.Marshal(cursor)
		line := append(append(append(raw[:len(raw)-1:len(raw)-1], `,"cursor":`...), cur...), "}\n"...)
		_, err := e.w.Write(line)
		return err
	}
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(raw, &fields); err != nil {
		return err
	}
	record := make([]string, 0, len(e.columns)+1)
	for _, c := range e.columns {
		record = append(record, csvCell(fields[c]))
	}
	return e.csv.Write(append(record, cursor))
}

func (e *exportEncoder) flush(rc *http.ResponseController) error {
	if e.csv != nil {
		e.csv.Flush()
		if err := e.csv.Error(); err != nil {
			return err
		}
	}
	return rc.Flush()
}

func csvCell(raw json.RawMessage) string {
	switch {
	case len(raw) == 0 || string(raw) == "null":
		return ""
	case raw[0] == '"':
		var s string
		if json.Unmarshal(raw, &s) == nil {
			return s
		}
	}
	return string(raw)
}

// jsonNames lists the JSON names of a struct's fields, in order.
func jsonNames(t reflect.Type) []string {
	var out []string
	for f := range t.Fields() {
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name != "-" && f.IsExported() {
			if name == "" {
				name = f.Name
			}
			out = append(out, name)
		}
	}
	return out
}

// time reads an RFC 3339 time; a missing one is the zero time.
func (q *query) time(name string) time.Time {
	v := q.get(name)
	if v == "" {
		return time.Time{}
	}
	t, err := time.Parse(time.RFC3339, v)
	if err != nil {
		q.fail("%s must be an RFC 3339 time such as 2026-01-02T15:04:05Z", name)
		return time.Time{}
	}
	return t
}
