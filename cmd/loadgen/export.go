package main

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"time"
)

func init() { verbs["export"] = export }

// export streams a whole dataset from the real API over a seeded store
// and reports its speed and the memory the process held meanwhile: the
// export reads a page at a time, so the peak stays flat however many rows
// (BENCHMARKS.md, bulk exports).
func export(ctx context.Context, log *slog.Logger, args []string) error {
	fs := flag.NewFlagSet("export", flag.ContinueOnError)
	var (
		scale   = fs.String("scale", "small", "seeded history: tiny (50 users, 10 markets, 500 trades), small (2k, 200, 20k) or full (100k, 10k, 1M)")
		dsn     = fs.String("postgres", "", "PostgreSQL DSN; empty uses SQLite")
		schema  = fs.String("schema", "", "PostgreSQL schema to seed once and reuse (default: a fresh one, dropped at the end)")
		sqlite  = fs.String("sqlite", "", "SQLite file to seed once and reuse (default: a fresh one in a temporary directory)")
		dataset = fs.String("dataset", "trades", "markets, trades, prices or resolutions")
		format  = fs.String("format", "ndjson", "ndjson or csv")
	)
	if err := fs.Parse(args); err != nil {
		return err
	}
	size, ok := scales[*scale]
	if !ok {
		return fmt.Errorf("-scale must be tiny, small or full")
	}
	tmp, err := os.MkdirTemp("", "loadgen-export-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	db, err := seededStore(ctx, log, size, *dsn, *schema, *sqlite, tmp)
	if err != nil {
		return err
	}
	defer db.close()
	handler, err := readHandler(db.DB, filepath.Join(tmp, "identity"), nil)
	if err != nil {
		return err
	}
	url, stop, err := listen(handler)
	if err != nil {
		return err
	}
	defer stop()

	runtime.GC()
	before := rssKiB()
	var (
		mu       sync.Mutex
		peakRSS  = before
		peakHeap uint64
	)
	done := make(chan struct{})
	go func() {
		tick := time.NewTicker(20 * time.Millisecond)
		defer tick.Stop()
		var ms runtime.MemStats
		for {
			select {
			case <-done:
				return
			case <-tick.C:
				runtime.ReadMemStats(&ms)
				rss := rssKiB()
				mu.Lock()
				peakRSS, peakHeap = max(peakRSS, rss), max(peakHeap, ms.HeapInuse)
				mu.Unlock()
			}
		}
	}()
	start := time.Now()
	req, _ := http.NewRequestWithContext(ctx, "GET", url+"/api/v1/export/"+*dataset+"?format="+*format, nil)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusOK {
		raw, _ := io.ReadAll(res.Body)
		return fmt.Errorf("export: HTTP %d %s", res.StatusCode, raw)
	}
	rows, bytes := 0, int64(0)
	rd := bufio.NewReaderSize(res.Body, 64<<10)
	for {
		line, err := rd.ReadSlice('\n')
		bytes += int64(len(line))
		if err == bufio.ErrBufferFull {
			continue
		}
		if err == io.EOF {
			break
		}
		if err != nil {
			return fmt.Errorf("export cut after %d rows: %w", rows, err)
		}
		rows++
	}
	took := time.Since(start)
	close(done)
	if *format == "csv" {
		rows-- // the header
	}
	mu.Lock()
	defer mu.Unlock()
	fmt.Printf("export %s (%s, %s store): %d rows, %.1f MB in %v: %.0f rows/s; process RSS %d MiB before, peak %d MiB (+%d MiB); peak Go heap in use %d MiB\n",
		*dataset, *format, db.Dialect(), rows, float64(bytes)/1e6, took.Round(time.Millisecond), float64(rows)/took.Seconds(),
		before>>10, peakRSS>>10, (peakRSS-before)>>10, peakHeap>>20)
	return nil
}

// rssKiB is the process's resident set size from /proc (0 elsewhere).
func rssKiB() uint64 {
	raw, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for line := range strings.Lines(string(raw)) {
		if v, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			n, _ := strconv.ParseUint(strings.TrimSuffix(strings.TrimSpace(v), " kB"), 10, 64)
			return n
		}
	}
	return 0
}
