package api

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"net/http"
	"reflect"
	"runtime"
	"strings"
	"sync/atomic"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/wire"
)

// Bulk exports stream whole datasets, a page of the store at a time, so
// memory stays at one page however long the export (docs/integrations.md).
const (
	// exportsPerIP caps the exports one client address runs at once.
	exportsPerIP = 2
	// exportChunk is what an export hands its connection at once, under
	// one write deadline: the rows encoded since the last chunk.
	exportChunk = 32 << 10
)

// ExportLimits bound the bulk exports of one replica. An export keeps a
// core busy while its client reads as fast as it writes, and holds a page
// of rows while its client does not read: on a 2-core machine, unbounded,
// 24 exports at once took a cached read's p99 from 4 ms to 78-236 ms, and
// 80 clients that asked for an export and never read held 140 MiB until
// each page's write timed out a minute later (BENCHMARKS.md, "Exports
// under load").
type ExportLimits struct {
	// Running is how many exports run at once, whoever asks; one more is
	// refused at once (503, 110206, Retry-After) until one ends. 0 is one
	// per core (GOMAXPROCS), at least 2; negative, no bound.
	Running int
	// WriteTimeout is how long a chunk of an export may wait for its
	// client to take it: a client that stops reading ends its export, and
	// frees its slot, that long after. 0 is DefaultExportWriteTimeout.
	WriteTimeout time.Duration
}

// DefaultExportWriteTimeout is the write timeout of a replica whose
// configuration sets none: a client on a slow link still takes a chunk
// (32 KiB) in it at 2 kB/s.
const DefaultExportWriteTimeout = 20 * time.Second

// exportGate counts the exports running on a replica against its bound.
type exportGate struct {
	limit   int64 // 0: none
	write   time.Duration
	running atomic.Int64
}

// newExportGate returns the gate of l, its gauge on reg (when not nil).
func newExportGate(l ExportLimits, reg *prometheus.Registry) *exportGate {
	g := &exportGate{limit: int64(l.Running), write: l.WriteTimeout}
	switch {
	case l.Running == 0:
		// One export per core, each giving way between chunks (send),
		// kept that p99 at 27-88 ms, under 50 ms in 4 runs of 5; at
		// least two, so that one stalled client does not stop them all.
		g.limit = int64(max(2, runtime.GOMAXPROCS(0)))
	case l.Running < 0:
		g.limit = 0
	}
	if g.write <= 0 {
		g.write = DefaultExportWriteTimeout
	}
	if reg != nil {
		registerOnce(reg, g)
	}
	return g
}

// take counts one more running export, or reports false at the bound.
func (g *exportGate) take() bool {
	for {
		n := g.running.Load()
		if g.limit > 0 && n >= g.limit {
			return false
		}
		if g.running.CompareAndSwap(n, n+1) {
			return true
		}
	}
}

func (g *exportGate) release() { g.running.Add(-1) }

// Describe and Collect make the gate a collector of its gauge.
func (g *exportGate) Describe(ch chan<- *prometheus.Desc) { ch <- exportsRunningDesc }

func (g *exportGate) Collect(ch chan<- prometheus.Metric) {
	ch <- prometheus.MustNewConstMetric(exportsRunningDesc, prometheus.GaugeValue, float64(g.running.Load()))
}

var exportsRunningDesc = prometheus.NewDesc("predict_exports_running", "Bulk exports running on this replica.", nil, nil)

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
	if !s.running.take() {
		// Refused before any work: the client retries after a second
		// (Retry-After), when an export may have ended.
		s.Error(w, r, predict.Errorf(predict.EUNAVAILABLE, "this server runs %d exports at once and all are running; retry shortly", s.running.limit))
		return
	}
	defer s.running.release()

	ctx := r.Context()
	enc := newExportEncoder(w, format, set.row, s.running.write)
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
		for i, row := range rows {
			// A write error is a client that went away or stopped
			// reading for the write timeout: the stream ends cut.
			if err := enc.row(row, cursors[i]); err != nil {
				return
			}
		}
		sent += len(rows)
		if err := enc.flush(); err != nil {
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

// exportEncoder writes rows in one format, each with its cursor. Rows
// gather in chunk; each chunk goes to the connection under a deadline of
// its own, so a client that stops reading ends the export after the
// write timeout wherever it stops, and the export then holds nothing.
type exportEncoder struct {
	w       http.ResponseWriter
	rc      *http.ResponseController
	timeout time.Duration
	format  string
	columns []string
	csv     *csv.Writer // writes to chunk
	buf     bytes.Buffer
	chunk   bytes.Buffer
}

func newExportEncoder(w http.ResponseWriter, format string, row any, timeout time.Duration) *exportEncoder {
	e := &exportEncoder{w: w, rc: http.NewResponseController(w), timeout: timeout, format: format}
	if format == "csv" {
		e.columns = jsonNames(reflect.TypeOf(row))
		e.csv = csv.NewWriter(&e.chunk)
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

// row adds one row: a JSON object with "cursor" added, or a CSV record
// whose cells are the object's values (strings as they are, numbers and
// booleans as JSON writes them, arrays and objects as JSON, null empty).
// A full chunk goes to the client.
func (e *exportEncoder) row(v any, cursor string) error {
	e.buf.Reset()
	if err := json.NewEncoder(&e.buf).Encode(v); err != nil {
		return err
	}
	raw := bytes.TrimRight(e.buf.Bytes(), "\n")
	if e.format != "csv" {
		cur, _ := json.Marshal(cursor)
		e.chunk.Write(raw[:len(raw)-1])
		e.chunk.WriteString(`,"cursor":`)
		e.chunk.Write(cur)
		e.chunk.WriteString("}\n")
	} else {
		var fields map[string]json.RawMessage
		if err := json.Unmarshal(raw, &fields); err != nil {
			return err
		}
		record := make([]string, 0, len(e.columns)+1)
		for _, c := range e.columns {
			record = append(record, csvCell(fields[c]))
		}
		if err := e.csv.Write(append(record, cursor)); err != nil {
			return err
		}
	}
	if e.chunk.Len() < exportChunk {
		return nil
	}
	return e.send()
}

// send hands the chunk to the connection, within the write timeout.
func (e *exportEncoder) send() error {
	if e.csv != nil {
		e.csv.Flush()
		if err := e.csv.Error(); err != nil {
			return err
		}
	}
	_ = e.rc.SetWriteDeadline(time.Now().Add(e.timeout))
	_, err := e.w.Write(e.chunk.Bytes())
	e.chunk.Reset()
	if err != nil {
		return err
	}
	// Between chunks the export gives way: an export whose client reads
	// as fast as it writes never waits on its socket, and without this
	// it would keep its core for the scheduler's whole time slice (10 ms)
	// while the requests it shares the core with wait.
	runtime.Gosched()
	return nil
}

// flush sends what is gathered and pushes it out to the client: the end
// of a page, before the store is asked for the next.
func (e *exportEncoder) flush() error {
	if err := e.send(); err != nil {
		return err
	}
	return e.rc.Flush()
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
