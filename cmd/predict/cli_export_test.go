package main

import (
	"encoding/csv"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/predict-dev/predict/client"
)

// testExport runs predict export on a market whose trades are known: the
// NDJSON and CSV files hold every trade once, in chain order; a file cut
// in the middle of a row is continued by a second run into the same file
// the first run made whole.
func testExport(t *testing.T, must func(...string) string, decode func(string, any), market string) {
	t.Helper()
	var page client.TradesPage
	decode(must("trades", market, "--page-size", "50", "--json"), &page)
	var want []string
	for _, tr := range page.Trades {
		want = append(want, tr.TxHash)
	}
	slices.Reverse(want) // newest first in the list, chain order in the export
	if len(want) < 2 {
		t.Fatalf("export: the market has %d trades, the test needs 2", len(want))
	}
	dir := t.TempDir()
	out := filepath.Join(dir, "trades.ndjson")
	must("export", "trades", "--market", market, "--out", out)
	whole, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(strings.TrimSuffix(string(whole), "\n"), "\n")
	var got []string
	for _, l := range lines {
		var row struct{ TxHash, Cursor string }
		if err := json.Unmarshal([]byte(l), &row); err != nil || row.Cursor == "" {
			t.Fatalf("export line %q: %v", l, err)
		}
		got = append(got, row.TxHash)
	}
	if !slices.Equal(got, want) {
		t.Fatalf("exported trades %v, want %v", got, want)
	}

	// Cut inside the second row, as a killed run leaves it.
	cut := len(lines[0]) + len(lines[1])/2
	if err := os.WriteFile(out, whole[:cut], 0o644); err != nil {
		t.Fatal(err)
	}
	must("export", "trades", "--market", market, "--out", out)
	if again, _ := os.ReadFile(out); string(again) != string(whole) {
		t.Fatalf("continued export differs:\n%s\nwant\n%s", again, whole)
	}

	csvOut := filepath.Join(dir, "trades.csv")
	must("export", "trades", "--market", market, "--format", "csv", "--out", csvOut)
	f, err := os.Open(csvOut)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	recs, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	col := slices.Index(recs[0], "txHash")
	if col < 0 || recs[0][len(recs[0])-1] != "cursor" || len(recs)-1 != len(want) {
		t.Fatalf("CSV export: header %v, %d records, want %d", recs[0], len(recs)-1, len(want))
	}
	for i, r := range recs[1:] {
		if r[col] != want[i] {
			t.Fatalf("CSV record %d: tx %s, want %s", i, r[col], want[i])
		}
	}
}
