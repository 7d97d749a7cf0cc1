//go:build unix

package main

import (
	"fmt"
	"io"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/predict-dev/predict/internal/store"
)

// wrkRow is one A/B repetition.
type wrkRow struct {
	Conns, Rep       int
	Predict, Ceiling wrkRun
}

// wrkResult is every repetition of one read.
type wrkResult struct {
	Endpoint string
	Variants int
	Rows     []wrkRow
}

// wrkReport is a whole run.
type wrkReport struct {
	Config            wrkConfig
	Ceiling, Store    string
	Size              store.SeedSize
	Started, Finished time.Time
	LoadAvg           string
	Results           []wrkResult
}

func (r *wrkReport) header(w io.Writer) {
	c := r.Config
	pin := func(cpu string) string {
		if cpu == "" {
			return "unpinned"
		}
		return "CPU " + cpu
	}
	fmt.Fprintf(w, "### wrk: predict vs %s, %s store (%d users, %d markets, %d trades)\n\n",
		r.Ceiling, r.Store, r.Size.Users, r.Size.Markets, r.Size.Trades)
	warm := "no warm-up"
	if c.Warmup > 0 {
		warm = "each after an unmeasured warm-up run of " + c.Warmup.String()
	}
	fmt.Fprintf(w, "Started %s on %d CPUs, load average %s. Servers on %s, wrk (-t1) on %s; %s per run, %s; "+
		"%d repetitions of predict then %s at each connection count; %d variants per read, round robin. "+
		"Ratio = predict req/s ÷ %s req/s of the same repetition.\n\n",
		r.Started.Format(time.RFC3339), runtime.NumCPU(), r.LoadAvg, pin(c.ServerCPU), pin(c.WrkCPU), c.Duration, warm,
		c.Reps, r.Ceiling, c.Variants, r.Ceiling)
}

// table writes the read's rows, every repetition, then the median ratio
// per connection count.
func (r wrkResult) table(w io.Writer, ceiling string) {
	fmt.Fprintf(w, "#### %s (%d variants)\n\n", r.Endpoint, r.Variants)
	fmt.Fprintf(w, "| connections | rep | predict req/s | p50 | p99 | CPU/req | %s req/s | p50 | p99 | CPU/req | ratio | errors (predict/%s) |\n", ceiling, ceiling)
	fmt.Fprintln(w, "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|")
	ratios := map[int][]float64{}
	for _, row := range r.Rows {
		ratio := row.Predict.RPS() / max(row.Ceiling.RPS(), 1e-9)
		ratios[row.Conns] = append(ratios[row.Conns], ratio)
		fmt.Fprintf(w, "| %d | %d | %.0f | %s | %s | %s | %.0f | %s | %s | %s | %.3f | %d/%d |\n",
			row.Conns, row.Rep, row.Predict.RPS(), msec(row.Predict.P50), msec(row.Predict.P99), usec(row.Predict.CPUPerRequest()),
			row.Ceiling.RPS(), msec(row.Ceiling.P50), msec(row.Ceiling.P99), usec(row.Ceiling.CPUPerRequest()), ratio,
			row.Predict.Errors(), row.Ceiling.Errors())
	}
	levels := make([]int, 0, len(ratios))
	for c := range ratios {
		levels = append(levels, c)
	}
	sort.Ints(levels)
	var med []string
	for _, c := range levels {
		med = append(med, fmt.Sprintf("%d: %.3f", c, median(ratios[c])))
	}
	fmt.Fprintf(w, "\nMedian ratio by connections: %s.\n\n", strings.Join(med, ", "))
}

// median of xs (sorted in place).
func median(xs []float64) float64 {
	sort.Float64s(xs)
	n := len(xs)
	if n%2 == 1 {
		return xs[n/2]
	}
	return (xs[n/2-1] + xs[n/2]) / 2
}

// usec formats a CPU time per request in microseconds.
func usec(d time.Duration) string {
	return strconv.FormatFloat(float64(d)/float64(time.Microsecond), 'f', 1, 64) + " µs"
}

// msec formats a latency in milliseconds.
func msec(d time.Duration) string {
	return strconv.FormatFloat(float64(d)/float64(time.Millisecond), 'f', 2, 64) + " ms"
}
