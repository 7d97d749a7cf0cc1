package api_test

import (
	"bufio"
	"context"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/predict-dev/predict"
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
