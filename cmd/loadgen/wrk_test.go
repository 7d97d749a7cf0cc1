//go:build unix

package main

import (
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/predict-dev/predict/internal/bench"
)

// The plumbing of loadgen wrk: its parsing, its Lua script run by the real
// wrk, and its ceilings serving the recorded bytes. No figure is checked.

func TestParseWrkStats(t *testing.T) {
	const line = "WRKSTATS requests=1234 duration_us=2000000 status_errors=1 connect_errors=2 read_errors=3 write_errors=4 timeouts=5 p50_us=1500 p99_us=25000.4 max_us=90000\n"
	for _, tc := range []struct {
		name, out string
		want      wrkRun
		err       string
	}{
		{name: "AmongWrkOutput", out: "Running 2s test @ http://127.0.0.1:1\n  1 threads and 16 connections\n" + line + "Requests/sec: 617.00\n",
			want: wrkRun{Requests: 1234, Duration: 2 * time.Second, StatusErrors: 1, ConnectErrors: 2, ReadErrors: 3, WriteErrors: 4, Timeouts: 5,
				P50: 1500 * time.Microsecond, P99: 25 * time.Millisecond, Max: 90 * time.Millisecond}},
		{name: "NoLine", out: "Running 2s test\n", err: "no WRKSTATS line"},
		{name: "BadValue", out: "WRKSTATS requests=many\n", err: "bad field"},
		{name: "UnknownField", out: "WRKSTATS speed=3\n", err: "unknown field"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := parseWrkStats(tc.out)
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("err = %v, want %q", err, tc.err)
				}
				return
			}
			if err != nil || got != tc.want {
				t.Fatalf("got %+v, %v; want %+v", got, err, tc.want)
			}
		})
	}
	r := wrkRun{Requests: 500, Duration: 2 * time.Second, StatusErrors: 1, Timeouts: 2, CPU: time.Second}
	if r.RPS() != 250 || r.Errors() != 3 || r.CPUPerRequest() != 2*time.Millisecond {
		t.Fatalf("RPS %v, errors %d, CPU per request %s", r.RPS(), r.Errors(), r.CPUPerRequest())
	}
	for stat, want := range map[string]time.Duration{
		"4242 (predict) S 1 2 3 0 -1 4194560 100 0 0 0 250 37 0 0 20 0 9 0 1000 0 0": 2870 * time.Millisecond,
		"4242 (a (b) c) R 1 2 3 0 -1 4194560 100 0 0 0 1 2 0 0 20 0 9 0 1000 0 0":    30 * time.Millisecond,
		"4242 (short) R 1 2": 0,
		"no parenthesis":     0,
	} {
		if got := statCPU(stat); got != want {
			t.Fatalf("statCPU(%q) = %s, want %s", stat, got, want)
		}
	}
}

// testAnswers are two reads, one public with an ETag, one personalized:
// the same URI answered per bearer token.
func testAnswers() ([]wrkEndpoint, []bench.Answer) {
	eps := []wrkEndpoint{
		{Name: "detail", Requests: []wrkRequest{{URI: "/api/v1/market/get-market-detail?marketAddress=0xab"}}},
		{Name: "positions", Requests: []wrkRequest{
			{URI: "/api/v1/market/get-user-positions?page=1&pageSize=20", Authorization: "Bearer a.b.c"},
			{URI: "/api/v1/market/get-user-positions?page=1&pageSize=20", Authorization: "Bearer d.e.f"},
		}},
	}
	answers := []bench.Answer{
		{URI: eps[0].Requests[0].URI, Status: 200, Body: []byte(`{"code":0,"data":{"market":"0xab"}}`),
			Header: map[string]string{"Content-Type": "application/json", "ETag": `"v1"`, "Cache-Control": "public, max-age=1"}},
		{URI: eps[1].Requests[0].URI, Authorization: "Bearer a.b.c", Status: 200, Body: []byte(`{"code":0,"data":{"user":"a"}}`),
			Header: map[string]string{"Content-Type": "application/json"}},
		{URI: eps[1].Requests[1].URI, Authorization: "Bearer d.e.f", Status: 200, Body: []byte(`{"code":0,"data":{"user":"d"}}`),
			Header: map[string]string{"Content-Type": "application/json"}},
	}
	return eps, answers
}

// checkCeiling asks base for every answer and for one it does not hold.
func checkCeiling(t *testing.T, base string, answers []bench.Answer) {
	t.Helper()
	for _, a := range answers {
		got, err := fetchAnswer(context.Background(), base, wrkRequest{URI: a.URI, Authorization: a.Authorization})
		if err != nil {
			t.Fatal(err)
		}
		if err := sameAnswer(a, got); err != nil {
			t.Fatalf("%s %s: %v", a.URI, a.Authorization, err)
		}
	}
	got, err := fetchAnswer(context.Background(), base, wrkRequest{URI: answers[1].URI, Authorization: "Bearer nobody"})
	if err != nil {
		t.Fatal(err)
	}
	if got.Status != http.StatusNotFound {
		t.Fatalf("unknown token: status %d, want 404", got.Status)
	}
}

func TestCeilingsServeRecordedAnswers(t *testing.T) {
	_, answers := testAnswers()
	t.Run("Go", func(t *testing.T) {
		srv := httptest.NewServer(bench.ServeAnswers(answers))
		defer srv.Close()
		checkCeiling(t, srv.URL, answers)
	})
	t.Run("nginx", func(t *testing.T) {
		if _, err := os.Stat("/usr/sbin/nginx"); err != nil {
			skipOrFail(t, "nginx is not installed (Debian: nginx)")
		}
		url, stop, cmd, err := startNginx(context.Background(), wrkConfig{Nginx: "/usr/sbin/nginx"}, filepath.Join(t.TempDir(), "nginx"), answers)
		if err != nil {
			t.Fatal(err)
		}
		defer stop()
		before := childCPU(cmd.Process.Pid)
		checkCeiling(t, url, answers)
		if after := childCPU(cmd.Process.Pid); after < before {
			t.Fatalf("nginx's CPU time went from %s to %s", before, after)
		}
	})
	t.Run("Unquotable", func(t *testing.T) {
		bad := []bench.Answer{{URI: "/x?a=$host", Status: 200, Header: map[string]string{"Content-Type": "text/plain"}}}
		if _, err := nginxConfig(t.TempDir(), "127.0.0.1:1", bad); err == nil {
			t.Fatal("a $ in a request reached the nginx configuration")
		}
	})
}

// TestWrkScript runs the generated script in wrk for a second against the
// Go ceiling: every request must be one of the recorded ones, and done()
// must print the line the harness parses.
func TestWrkScript(t *testing.T) {
	eps, answers := testAnswers()
	script := wrkScript(eps[1])
	for _, want := range []string{eps[1].Requests[0].URI, "Bearer a.b.c", "Bearer d.e.f", "function done(", wrkStatsPrefix} {
		if !strings.Contains(script, want) {
			t.Fatalf("script lacks %q:\n%s", want, script)
		}
	}
	wrk, err := exec.LookPath("wrk")
	if err != nil {
		skipOrFail(t, "wrk is not installed (Debian: wrk)")
	}
	srv := httptest.NewServer(bench.ServeAnswers(answers))
	defer srv.Close()
	path := filepath.Join(t.TempDir(), "positions.lua")
	if err := os.WriteFile(path, []byte(script), 0o644); err != nil {
		t.Fatal(err)
	}
	run, err := runWrkOnce(context.Background(), wrkConfig{Duration: time.Second}, wrk, path, srv.URL, 2)
	if err != nil {
		t.Fatal(err)
	}
	if run.Requests == 0 || run.Errors() != 0 || run.P99 < run.P50 || run.Duration <= 0 {
		t.Fatalf("wrk run = %+v: want requests, no errors (a 404 is an error), p99 >= p50", run)
	}
}

func TestMedian(t *testing.T) {
	for _, tc := range []struct {
		in   []float64
		want float64
	}{{[]float64{0.3}, 0.3}, {[]float64{0.5, 0.1, 0.3}, 0.3}, {[]float64{0.5, 0.25}, 0.375}, {[]float64{4, 1, 3, 2}, 2.5}} {
		if got := median(tc.in); got != tc.want {
			t.Errorf("median(%v) = %v, want %v", tc.in, got, tc.want)
		}
	}
}

// skipOrFail skips a test whose outside program is missing, unless
// PREDICT_TEST_WRK is set (CI sets it, and installs wrk and nginx), where
// its absence is a failure.
func skipOrFail(t *testing.T, why string) {
	t.Helper()
	if os.Getenv("PREDICT_TEST_WRK") != "" {
		t.Fatal("PREDICT_TEST_WRK is set but " + why)
	}
	t.Skip(why)
}
