package api_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/internal/api"
	"github.com/predict-dev/predict/internal/seed"
	"github.com/predict-dev/predict/internal/store"
	"github.com/predict-dev/predict/internal/store/storetest"
)

// exported GETs an export and returns its rows (NDJSON objects, cursor
// included) and the response.
func (e *env) exported(t *testing.T, dataset string, params url.Values) ([]map[string]any, *http.Response) {
	t.Helper()
	res, err := e.srv.Client().Get(e.srv.URL + "/api/v1/export/" + dataset + "?" + params.Encode())
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusOK {
		raw, _ := io.ReadAll(res.Body)
		t.Fatalf("export %s %v: HTTP %d %s", dataset, params, res.StatusCode, raw)
	}
	var rows []map[string]any
	sc := bufio.NewScanner(res.Body)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for sc.Scan() {
		var row map[string]any
		dec := json.NewDecoder(strings.NewReader(sc.Text()))
		dec.UseNumber()
		if err := dec.Decode(&row); err != nil {
			t.Fatalf("line %d is not a JSON object: %v", len(rows)+1, err)
		}
		rows = append(rows, row)
	}
	if err := sc.Err(); err != nil {
		t.Fatalf("export %s: %v", dataset, err)
	}
	return rows, res
}

// TestExport streams each dataset of a seeded history on both stores:
// the trades of a market equal the pages of get-market-trades, a resumed
// export continues exactly after its cursor, CSV carries the same rows,
// the prices of an ended market come at full resolution, and bad
// parameters are refused with 400.
func TestExport(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env, s *store.DB) {
		seeded, err := seed.Run(context.Background(), s, store.SeedSize{Users: 50, Markets: 20, Trades: 2_500, Now: e.now, Seed: 3}, nil)
		storetest.Must(t, err)
		busy := seeded.Markets[0]

		t.Run("TradesEqualPages", func(t *testing.T) {
			rows, res := e.exported(t, "trades", url.Values{"marketAddress": {busy}})
			if ct := res.Header.Get("Content-Type"); ct != "application/x-ndjson" {
				t.Fatalf("Content-Type %q", ct)
			}
			var pages []map[string]any
			for page := 1; ; page++ {
				var data struct {
					Total  int              `json:"total"`
					Trades []map[string]any `json:"trades"`
				}
				e.read(t, fmt.Sprintf("/api/v1/market/get-market-trades?marketAddress=%s&page=%d&pageSize=50", busy, page), "", &data)
				pages = append(pages, data.Trades...)
				if len(data.Trades) < 50 {
					break
				}
			}
			slices.Reverse(pages) // the API is newest first, the export in chain order
			if len(rows) != len(pages) || len(rows) < 100 {
				t.Fatalf("export has %d trades of %s, the pages %d", len(rows), busy, len(pages))
			}
			for i := range rows {
				if rows[i]["cursor"] == "" {
					t.Fatalf("row %d has no cursor", i)
				}
				delete(rows[i], "cursor")
				a, _ := json.Marshal(rows[i])
				b, _ := json.Marshal(pages[i])
				if string(a) != string(b) {
					t.Fatalf("row %d:\nexport %s\npage   %s", i, a, b)
				}
			}
		})

		all, _ := e.exported(t, "trades", nil)
		if len(all) != 2_500 {
			t.Fatalf("the trades export has %d rows, seeded 2500", len(all))
		}
		t.Run("Resume", func(t *testing.T) {
			// Pages of the store are 1000 rows: cut inside the second.
			first, _ := e.exported(t, "trades", url.Values{"limit": {"1234"}})
			if len(first) != 1234 {
				t.Fatalf("limit 1234 gave %d rows", len(first))
			}
			rest, _ := e.exported(t, "trades", url.Values{"cursor": {first[len(first)-1]["cursor"].(string)}})
			got := append(first, rest...)
			if len(got) != len(all) {
				t.Fatalf("resumed export: %d + %d rows, want %d", len(first), len(rest), len(all))
			}
			for i := range got {
				if got[i]["cursor"] != all[i]["cursor"] || got[i]["txHash"] != all[i]["txHash"] {
					t.Fatalf("row %d: resumed %v, whole %v", i, got[i]["cursor"], all[i]["cursor"])
				}
			}
		})
		t.Run("TimeRange", func(t *testing.T) {
			mid := all[len(all)/2]["time"].(string)
			before, _ := e.exported(t, "trades", url.Values{"to": {mid}})
			after, _ := e.exported(t, "trades", url.Values{"from": {mid}})
			if len(before)+len(after) != len(all) || len(before) == 0 || len(after) == 0 {
				t.Fatalf("split at %s: %d + %d rows, want %d", mid, len(before), len(after), len(all))
			}
			for _, r := range after {
				if r["time"].(string) < mid {
					t.Fatalf("a trade at %s in the export from %s", r["time"], mid)
				}
			}
		})
		t.Run("CSV", func(t *testing.T) {
			res, err := e.srv.Client().Get(e.srv.URL + "/api/v1/export/trades?format=csv&marketAddress=" + busy)
			if err != nil {
				t.Fatal(err)
			}
			defer res.Body.Close()
			if ct := res.Header.Get("Content-Type"); !strings.HasPrefix(ct, "text/csv") {
				t.Fatalf("Content-Type %q", ct)
			}
			records, err := csv.NewReader(res.Body).ReadAll()
			if err != nil {
				t.Fatal(err)
			}
			rows, _ := e.exported(t, "trades", url.Values{"marketAddress": {busy}})
			header := records[0]
			if len(records)-1 != len(rows) || header[len(header)-1] != "cursor" {
				t.Fatalf("CSV: %d records with header %v; NDJSON %d rows", len(records)-1, header, len(rows))
			}
			for i, rec := range records[1:] {
				for j, col := range header {
					want := fmt.Sprint(rows[i][col])
					if rec[j] != want {
						t.Fatalf("record %d column %s = %q, NDJSON %q", i, col, rec[j], want)
					}
				}
			}
		})
		t.Run("EndedMarketPrices", func(t *testing.T) {
			markets, _ := e.exported(t, "markets", nil)
			if len(markets) != len(seeded.Markets) {
				t.Fatalf("markets export: %d rows, seeded %d", len(markets), len(seeded.Markets))
			}
			steps, _ := e.exported(t, "resolutions", nil)
			settled := map[string]bool{}
			for _, st := range steps {
				if st["kind"] == "settled" {
					settled[st["marketAddress"].(string)] = true
				}
			}
			var ended string
			for _, m := range markets {
				if m["status"] == string(predict.StatusEnded) {
					ended = m["marketAddress"].(string)
					if !settled[ended] {
						t.Errorf("ended market %s has no settled step in the resolutions export", ended)
					}
				}
			}
			if ended == "" {
				t.Fatal("the seed ended no market")
			}
			points, err := s.PricePoints(context.Background(), predict.PriceFilter{Market: ended, Limit: 100_000})
			storetest.Must(t, err)
			rows, _ := e.exported(t, "prices", url.Values{"marketAddress": {ended}})
			if len(rows) != len(points) || len(rows) == 0 {
				t.Fatalf("ended market %s: %d prices exported, %d recorded", ended, len(rows), len(points))
			}
			// The export is in the order the points were recorded (chain
			// order, as the indexer records them); the seed records a
			// market's settlement before its trades, so compare as sets.
			var got, want []string
			for i, p := range points {
				want = append(want, fmt.Sprintf("%s %s %d %s", p.Option, predict.FormatPrice(p.Price), p.Block, p.Time.UTC().Format(time.RFC3339)))
				got = append(got, fmt.Sprintf("%s %s %s %s", rows[i]["optionAddress"], rows[i]["price"], rows[i]["blockNumber"], rows[i]["time"]))
			}
			slices.Sort(got)
			slices.Sort(want)
			if !slices.Equal(got, want) {
				t.Fatalf("ended market %s: exported prices differ from those recorded:\n%v\n%v", ended, got, want)
			}
		})
		t.Run("Refusals", func(t *testing.T) {
			for _, q := range []string{
				"trades?format=xml", "trades?cursor=abc", "prices?cursor=-1", "markets?cursor=1.nope",
				"trades?from=yesterday", "trades?from=2026-01-02T00:00:00Z&to=2026-01-01T00:00:00Z",
				"trades?limit=-1", "trades?marketAddress=0x12", "orders", "trades?cursor=1.2&cursor=3.4",
			} {
				r := e.do("GET", "/api/v1/export/"+q, "", nil)
				if r.status != http.StatusBadRequest || r.Code != 110101 {
					t.Errorf("%s: HTTP %d code %d (%s), want 400 110101", q, r.status, r.Code, r.Msg)
				}
			}
		})
	})
}

// exportFrom GETs an export as a client at the address ip (the server
// trusts X-Forwarded-For) and returns the whole answer.
func (e *env) exportFrom(ip, query string) *response {
	e.t.Helper()
	req, err := http.NewRequest("GET", e.srv.URL+"/api/v1/export/"+query, nil)
	if err != nil {
		e.t.Fatal(err)
	}
	req.Header.Set("X-Forwarded-For", ip)
	return e.send(req)
}

// slowNetwork serves e's handler again on connections whose kernel send
// buffer is small and fixed, as a slow network's would be: a client that
// stops reading stalls the server after a few kilobytes, not after the
// megabytes that the kernel's autotuning lends a loopback connection.
func (e *env) slowNetwork(t *testing.T) {
	t.Helper()
	srv := httptest.NewUnstartedServer(e.srv.Config.Handler)
	srv.Config.MaxHeaderBytes = api.MaxHeaderBytes
	srv.Listener = api.Listener(smallSendBuffers{srv.Listener})
	srv.Start()
	t.Cleanup(srv.Close)
	e.srv.Close()
	e.srv = srv
}

type smallSendBuffers struct{ net.Listener }

func (l smallSendBuffers) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if tc, ok := c.(*net.TCPConn); ok {
		_ = tc.SetWriteBuffer(8 << 10)
	}
	return c, err
}

// stalledExport opens an export as a client at the address ip that takes
// the status line and then stops reading, its receive buffer small.
func (e *env) stalledExport(t *testing.T, ip, query string) *net.TCPConn {
	t.Helper()
	// The receive buffer is set before the connection, so the window
	// the server sees is small from the start.
	d := net.Dialer{Control: func(_, _ string, rc syscall.RawConn) error {
		var serr error
		err := rc.Control(func(fd uintptr) { serr = syscall.SetsockoptInt(int(fd), syscall.SOL_SOCKET, syscall.SO_RCVBUF, 4096) })
		return errors.Join(err, serr)
	}}
	c, err := d.Dial("tcp", e.srv.Listener.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	tc := c.(*net.TCPConn)
	t.Cleanup(func() { tc.Close() })
	fmt.Fprintf(tc, "GET /api/v1/export/%s HTTP/1.1\r\nHost: test\r\nX-Forwarded-For: %s\r\n\r\n", query, ip)
	_ = tc.SetReadDeadline(time.Now().Add(10 * time.Second))
	status, err := bufio.NewReaderSize(tc, 16).ReadString('\n')
	if err != nil || status != "HTTP/1.1 200 OK\r\n" {
		t.Fatalf("stalled export from %s: status %q, %v", ip, status, err)
	}
	return tc
}

// TestExportLimits: a server runs at most Exports.Running exports at
// once, whoever asks: one more is refused at once (503, 110206) with a
// Retry-After; an export whose client stops reading ends, cut, once a
// chunk has waited Exports.WriteTimeout, and frees its slot.
func TestExportLimits(t *testing.T) {
	const running, timeout = 2, 2 * time.Second
	storetest.Each(t, func(t *testing.T, s *store.DB) {
		e := newEnv(t, s, func(c *api.Config) {
			c.TrustProxyHeaders = true // each client its own address: the per-address cap stays out of the way
			c.Exports = api.ExportLimits{Running: running, WriteTimeout: timeout}
		})
		e.slowNetwork(t)
		// About 340 kB of trades: far more than the kernel buffers
		// between the server and a client that does not read.
		_, err := seed.Run(context.Background(), s, store.SeedSize{Users: 20, Markets: 5, Trades: 500, Now: e.now, Seed: 5}, nil)
		storetest.Must(t, err)

		start := time.Now()
		stalled := make([]*net.TCPConn, running)
		for i := range stalled {
			stalled[i] = e.stalledExport(t, fmt.Sprintf("192.0.2.%d", i+1), "trades")
		}
		t.Run("ErrAllRunning", func(t *testing.T) {
			r := e.exportFrom("192.0.2.100", "trades?limit=1")
			wantError(t, r, http.StatusServiceUnavailable, 110206)
			if r.header.Get("Retry-After") == "" {
				t.Fatal("503 without Retry-After")
			}
		})
		t.Run("StalledReaderIsCut", func(t *testing.T) {
			// Past the write timeout, each stalled stream has ended cut
			// (no final chunk) and its connection is closed: what was
			// sent before the stall is all there is to read.
			time.Sleep(time.Until(start.Add(timeout + 2*time.Second)))
			for i, c := range stalled {
				_ = c.SetReadDeadline(time.Now().Add(10 * time.Second))
				rest, err := io.ReadAll(c)
				if errors.Is(err, os.ErrDeadlineExceeded) {
					t.Fatalf("stalled export %d: the connection is still open", i)
				}
				if bytes.HasSuffix(rest, []byte("\r\n0\r\n\r\n")) {
					t.Fatalf("stalled export %d went on once read again and ended whole: the server waited for its client past the write timeout", i)
				}
			}
		})
		t.Run("SlotsFreed", func(t *testing.T) {
			wantOK(t, e.exportFrom("192.0.2.101", "trades?limit=1"))
			if m := e.metrics(t); !strings.Contains(m, "\npredict_exports_running 0\n") {
				t.Fatalf("predict_exports_running is not 0 once the exports ended")
			}
		})
	})
}

// metrics returns the text of /metrics.
func (e *env) metrics(t *testing.T) string {
	t.Helper()
	status, raw := e.getRaw(t, "/metrics")
	if status != http.StatusOK {
		t.Fatalf("/metrics: HTTP %d", status)
	}
	return string(raw)
}
