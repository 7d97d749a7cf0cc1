//go:build unix

package main

// loadgen wrk: the read endpoints measured by wrk, a load generator that
// is not ours, against the real API and a static server replaying the
// byte-identical answers, in one run.
//
// The steps: seed a store (as loadgen reads does); start the API over it
// in a child process (this binary, verb wrk-serve) pinned to one core;
// request every variant of every measured read once and record the
// answer (status, the headers of bench.AnswerHeaders, body); start the
// ceiling, nginx or the Go static handler (verb wrk-static), pinned to
// the same core and serving exactly those answers, and check that it
// does; then, for each read and connection count, run wrk pinned to the
// other core against predict and the ceiling in turn (A/B/A/B …), -reps
// times. wrk picks the variants round robin through a generated Lua
// script, whose done() prints one parseable line (wrkStatsPrefix).

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"slices"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/predict-dev/predict/internal/api"
	"github.com/predict-dev/predict/internal/auth"
	"github.com/predict-dev/predict/internal/bench"
	"github.com/predict-dev/predict/internal/store"
)

func init() {
	verbs["wrk"] = runWrk
	// The servers of wrk, run pinned in child processes; not for people.
	verbs["wrk-serve"] = runWrkServe
	verbs["wrk-static"] = runWrkStatic
}

// wrkStatsPrefix starts the line the Lua script's done() prints.
const wrkStatsPrefix = "WRKSTATS"

// wrkConfig is one run of the experiment.
type wrkConfig struct {
	Scale               string
	DSN, Schema, SQLite string
	Levels              []int
	Duration            time.Duration
	Reps                int
	Endpoints           []string // names to run; empty = all
	Ceiling             string   // "nginx" or "go"
	Nginx, Wrk          string   // executables
	ServerCPU, WrkCPU   string   // taskset CPU lists; "" = no pinning
	Variants            int      // requests per read, spread round robin
	Out                 string   // markdown tables to this file too
	WorkDir             string   // keep scripts, answers and configs here
	// CacheMaxAge is predict's read cache (PREDICT_READ_CACHE_MAX_AGE);
	// 0 measures the store path alone.
	CacheMaxAge time.Duration
	// Warmup is an unmeasured wrk run before each measured one, same
	// server and connections: the measured run then sees the server in
	// its steady state (caches filled, connections open) rather than
	// just after the other server's turn. 0: none, so every measured run
	// at a new connection count starts with answers older than twice
	// the cache's max age.
	Warmup time.Duration
}

func runWrk(ctx context.Context, log *slog.Logger, args []string) error {
	fs := flag.NewFlagSet("wrk", flag.ContinueOnError)
	cfg := wrkConfig{}
	var levels, only string
	smoke := fs.Bool("smoke", false, "a run of about a minute that proves the harness works: -scale small -duration 1s -reps 2 -concurrency 1,64")
	fs.StringVar(&cfg.Scale, "scale", "full", "seeded history: small (2k users, 200 markets, 20k trades) or full (100k, 10k, 1M)")
	fs.StringVar(&cfg.DSN, "postgres", "", "PostgreSQL DSN; empty uses SQLite")
	fs.StringVar(&cfg.Schema, "schema", "", "PostgreSQL schema to seed once and reuse (default: a fresh one, dropped at the end)")
	fs.StringVar(&cfg.SQLite, "sqlite", "", "SQLite file to seed once and reuse (default: a fresh one in a temporary directory)")
	fs.StringVar(&levels, "concurrency", "1,16,64,256", "comma-separated wrk connection counts")
	fs.DurationVar(&cfg.Duration, "duration", 5*time.Second, "each wrk run (whole seconds)")
	fs.DurationVar(&cfg.CacheMaxAge, "cache-max-age", api.DefaultCacheMaxAge, "predict's read cache, as PREDICT_READ_CACHE_MAX_AGE (0s: off, every read goes to the store)")
	fs.DurationVar(&cfg.Warmup, "warmup", 0, "an unmeasured wrk run of this long (whole seconds) before each measured one, against the same server; 0s: none")
	fs.IntVar(&cfg.Reps, "reps", 3, "A/B repetitions per read and connection count")
	fs.StringVar(&only, "endpoints", "", "comma-separated reads to run (default: all): "+strings.Join(wrkEndpointNames(), ","))
	fs.StringVar(&cfg.Ceiling, "ceiling", "nginx", "static server of the ceiling: nginx or go (the Go static handler)")
	fs.StringVar(&cfg.Nginx, "nginx", "/usr/sbin/nginx", "nginx executable")
	fs.StringVar(&cfg.Wrk, "wrk", "wrk", "wrk executable")
	fs.StringVar(&cfg.ServerCPU, "server-cpu", "0", "CPU the servers are pinned to (taskset -c); empty: no pinning")
	fs.StringVar(&cfg.WrkCPU, "wrk-cpu", "1", "CPU wrk is pinned to (taskset -c); empty: no pinning")
	fs.IntVar(&cfg.Variants, "variants", 32, "distinct requests per read")
	fs.StringVar(&cfg.Out, "out", "", "also write the tables (markdown) to this file")
	fs.StringVar(&cfg.WorkDir, "workdir", "", "keep the scripts, answers and nginx configuration in this directory")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *smoke { // flags given explicitly still win
		set := map[string]bool{}
		fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
		for name, v := range map[string]string{"scale": "small", "duration": "1s", "reps": "2", "concurrency": "1,64"} {
			if !set[name] {
				_ = fs.Set(name, v)
			}
		}
	}
	var err error
	if cfg.Levels, err = parseLevels(levels); err != nil {
		return err
	}
	if only != "" {
		cfg.Endpoints = strings.Split(only, ",")
	}
	return wrkExperiment(ctx, log, cfg, os.Stdout)
}

func parseLevels(s string) ([]int, error) {
	var out []int
	for f := range strings.SplitSeq(s, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || n < 1 {
			return nil, fmt.Errorf("-concurrency: %q is not a positive number", f)
		}
		out = append(out, n)
	}
	return out, nil
}

// wrkRequest is one variant of a read: its URI and, for a personalized
// read, the bearer token it is sent with.
type wrkRequest struct {
	URI, Authorization string
}

// wrkEndpoint is a measured read and its variants.
type wrkEndpoint struct {
	Name     string
	Requests []wrkRequest
}

func wrkEndpointNames() []string {
	return []string{"market-detail", "markets-volume", "markets-newest", "hot-markets", "price-history",
		"user-positions", "user-asset-info", "user-trades", "user-notifications", "user-liquidity", "user-orders",
		"user-follow-markets", "user-asset-history", "user-market-detail"}
}

// wrkEndpoints makes n variants of each read over the seeded names: busy
// and quiet markets alike, and for the personal reads (user-*) the
// signed-in user's own answer (tokens: one per user, any number).
func wrkEndpoints(names *store.Seeded, tokens []string, n int) []wrkEndpoint {
	rng := rand.New(rand.NewPCG(3, 3))
	market := func() string {
		if rng.IntN(2) == 0 {
			return names.Markets[rng.IntN(min(20, len(names.Markets)))]
		}
		return names.Markets[rng.IntN(len(names.Markets))]
	}
	make1 := func(name string, f func(i int) wrkRequest) wrkEndpoint {
		e := wrkEndpoint{Name: name}
		seen := map[wrkRequest]bool{}
		for i := 0; len(e.Requests) < n && i < 4*n; i++ {
			if r := f(i); !seen[r] {
				seen[r] = true
				e.Requests = append(e.Requests, r)
			}
		}
		return e
	}
	// personal is a read of the caller's own: a variant per token (the
	// i-th of the seeded users), its URI made for that user.
	personal := func(name string, uri func(i int) string) wrkEndpoint {
		return make1(name, func(i int) wrkRequest {
			i %= len(tokens)
			return wrkRequest{URI: uri(i), Authorization: "Bearer " + tokens[i]}
		})
	}
	same := func(uri string) func(int) string { return func(int) string { return uri } }
	pageSizes := []int{10, 20, 50}
	list := func(sort string) func(int) wrkRequest {
		return func(int) wrkRequest {
			return wrkRequest{URI: fmt.Sprintf("/api/v1/market/get-markets?page=%d&pageSize=%d&sortType=%s",
				1+rng.IntN(4), pageSizes[rng.IntN(len(pageSizes))], sort)}
		}
	}
	return []wrkEndpoint{
		make1("market-detail", func(int) wrkRequest {
			return wrkRequest{URI: "/api/v1/market/get-market-detail?marketAddress=" + market()}
		}),
		make1("markets-volume", list("volume")),
		make1("markets-newest", list("newest")),
		make1("hot-markets", func(int) wrkRequest {
			return wrkRequest{URI: fmt.Sprintf("/api/v1/market/get-hot-markets?page=%d&pageSize=%d", 1+rng.IntN(4), pageSizes[rng.IntN(2)])}
		}),
		make1("price-history", func(int) wrkRequest {
			iv := []string{"1d", "1w", "1m", "all"}[rng.IntN(4)]
			return wrkRequest{URI: "/api/v1/market/get-price-history?marketAddress=" + market() + "&interval=" + iv}
		}),
		personal("user-positions", same("/api/v1/market/get-user-positions?page=1&pageSize=20")),
		personal("user-asset-info", func(i int) string {
			return "/api/v1/market/get-user-asset-info?uid=" + names.UIDs[i] + "&baseTokenAddress=" + names.BaseToken
		}),
		personal("user-trades", same("/api/v1/market/get-user-trades?page=1&pageSize=20")),
		personal("user-notifications", same("/api/v1/user/get-user-notifications?page=1&pageSize=20")),
		personal("user-liquidity", same("/api/v1/market/get-user-liquidity?page=1&pageSize=20")),
		personal("user-orders", same("/api/v1/market/get-user-orders?page=1&pageSize=20")),
		personal("user-follow-markets", same("/api/v1/market/get-follow-markets")),
		personal("user-asset-history", func(i int) string {
			return "/api/v1/user/get-user-asset-history?uid=" + names.UIDs[i] + "&timeInterval=1w&baseTokenAddress=" + names.BaseToken
		}),
		// The market detail with a token: the caller's own (isFollowed).
		personal("user-market-detail", func(i int) string {
			return "/api/v1/market/get-market-detail?marketAddress=" + names.Markets[i%len(names.Markets)]
		}),
	}
}

// wrkRun is what one wrk run measured (the line of wrkStatsPrefix).
type wrkRun struct {
	Requests                                int
	Duration                                time.Duration
	StatusErrors, ConnectErrors, ReadErrors int
	WriteErrors, Timeouts                   int
	P50, P99, Max                           time.Duration
	// CPU is the server's CPU time (user and system) during the run.
	CPU time.Duration
}

// CPUPerRequest is the server's CPU time per request answered.
func (r wrkRun) CPUPerRequest() time.Duration {
	if r.Requests == 0 {
		return 0
	}
	return r.CPU / time.Duration(r.Requests)
}

// childCPU is the CPU time process pid has used (utime and stime of
// /proc/PID/stat, in clock ticks of 1/100 s, the USER_HZ of Linux), 0
// when unknown. taskset execs the server, so the pid is the server's.
func childCPU(pid int) time.Duration {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0
	}
	return statCPU(string(b))
}

// statCPU is utime plus stime of a /proc/PID/stat line. The command name,
// in parentheses, may hold spaces and parentheses: fields count from
// after its last ')'. utime and stime are the 14th and 15th fields.
func statCPU(stat string) time.Duration {
	i := strings.LastIndexByte(stat, ')')
	if i < 0 {
		return 0
	}
	f := strings.Fields(stat[i+1:])
	if len(f) < 13 {
		return 0
	}
	ut, _ := strconv.ParseInt(f[11], 10, 64)
	st, _ := strconv.ParseInt(f[12], 10, 64)
	return time.Duration(ut+st) * 10 * time.Millisecond
}

// RPS is requests per second.
func (r wrkRun) RPS() float64 {
	if r.Duration <= 0 {
		return 0
	}
	return float64(r.Requests) / r.Duration.Seconds()
}

// Errors counts non-2xx/3xx answers and socket errors.
func (r wrkRun) Errors() int {
	return r.StatusErrors + r.ConnectErrors + r.ReadErrors + r.WriteErrors + r.Timeouts
}

// parseWrkStats finds the line of wrkStatsPrefix in wrk's output.
func parseWrkStats(out string) (wrkRun, error) {
	for line := range strings.Lines(out) {
		f := strings.Fields(line)
		if len(f) == 0 || f[0] != wrkStatsPrefix {
			continue
		}
		var r wrkRun
		counts := map[string]*int{"requests": &r.Requests, "status_errors": &r.StatusErrors,
			"connect_errors": &r.ConnectErrors, "read_errors": &r.ReadErrors, "write_errors": &r.WriteErrors, "timeouts": &r.Timeouts}
		micros := map[string]*time.Duration{"duration_us": &r.Duration, "p50_us": &r.P50, "p99_us": &r.P99, "max_us": &r.Max}
		for _, kv := range f[1:] {
			k, v, ok := strings.Cut(kv, "=")
			n, err := strconv.ParseFloat(v, 64)
			if !ok || err != nil {
				return wrkRun{}, fmt.Errorf("wrk stats: bad field %q", kv)
			}
			if p := counts[k]; p != nil {
				*p = int(n)
			} else if p := micros[k]; p != nil {
				*p = time.Duration(n) * time.Microsecond
			} else {
				return wrkRun{}, fmt.Errorf("wrk stats: unknown field %q", k)
			}
		}
		return r, nil
	}
	return wrkRun{}, fmt.Errorf("wrk printed no %s line", wrkStatsPrefix)
}

// wrkScript is the Lua script of one read: the requests round robin, and
// done() printing the figures on one line.
func wrkScript(e wrkEndpoint) string {
	var b strings.Builder
	fmt.Fprintf(&b, "-- %s: %d requests, sent round robin (generated by loadgen wrk)\n", e.Name, len(e.Requests))
	b.WriteString("local variants = {\n")
	for _, r := range e.Requests {
		fmt.Fprintf(&b, "  {%s, %s},\n", strconv.Quote(r.URI), strconv.Quote(r.Authorization))
	}
	b.WriteString(`}
local reqs = {}
local n = 0

function init(args)
  for i, v in ipairs(variants) do
    local headers = {}
    if v[2] ~= "" then headers["Authorization"] = v[2] end
    reqs[i] = wrk.format("GET", v[1], headers)
  end
end

function request()
  n = n + 1
  return reqs[(n % #reqs) + 1]
end

function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format("` + wrkStatsPrefix + ` requests=%d duration_us=%d status_errors=%d connect_errors=%d read_errors=%d write_errors=%d timeouts=%d p50_us=%.0f p99_us=%.0f max_us=%.0f\n",
    summary.requests, summary.duration, e.status, e.connect, e.read, e.write, e.timeout,
    latency:percentile(50), latency:percentile(99), latency.max))
end
`)
	return b.String()
}

// pinned is the command that runs name with args on cpu (taskset), or
// unpinned when cpu is "".
func pinned(ctx context.Context, cpu, name string, args ...string) *exec.Cmd {
	if cpu == "" {
		return exec.CommandContext(ctx, name, args...)
	}
	return exec.CommandContext(ctx, "taskset", append([]string{"-c", cpu, name}, args...)...)
}

// wrkExperiment runs the experiment and writes its tables to w.
func wrkExperiment(ctx context.Context, log *slog.Logger, cfg wrkConfig, w io.Writer) error {
	size, ok := scales[cfg.Scale]
	if !ok {
		return fmt.Errorf("-scale must be small or full")
	}
	if cfg.Reps < 1 || cfg.Variants < 1 || cfg.Duration < time.Second || (cfg.Warmup != 0 && cfg.Warmup < time.Second) {
		return errors.New("wrk: -reps and -variants must be positive, -duration at least 1s, -warmup 0s or at least 1s")
	}
	if cfg.Ceiling != "nginx" && cfg.Ceiling != "go" {
		return fmt.Errorf("wrk: -ceiling must be nginx or go, not %q", cfg.Ceiling)
	}
	wrkPath, err := exec.LookPath(cfg.Wrk)
	if err != nil {
		return fmt.Errorf("wrk: %w (Debian: apt-get install wrk)", err)
	}
	if cfg.ServerCPU != "" || cfg.WrkCPU != "" {
		if _, err := exec.LookPath("taskset"); err != nil {
			return fmt.Errorf("wrk: pinning needs taskset (util-linux), or empty -server-cpu and -wrk-cpu: %w", err)
		}
	}
	if _, err := raiseNoFile(2*slices.Max(cfg.Levels), 0, false); err != nil {
		return err
	}
	dir := cfg.WorkDir
	if dir == "" {
		if dir, err = os.MkdirTemp("", "loadgen-wrk-"); err != nil {
			return err
		}
		defer os.RemoveAll(dir)
	} else if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	dir, err = filepath.Abs(dir)
	if err != nil {
		return err
	}

	db, err := seededStore(ctx, log, size, cfg.DSN, cfg.Schema, cfg.SQLite, dir)
	if err != nil {
		return err
	}
	defer db.close()
	identity := filepath.Join(dir, "identity")
	dev, err := auth.OpenDevProvider(identity, "predict-dev", "predict")
	if err != nil {
		return err
	}
	var tokens []string
	for _, sub := range db.names.Subjects[:min(cfg.Variants, len(db.names.Subjects))] {
		tok, err := dev.Mint(sub, 24*time.Hour)
		if err != nil {
			return err
		}
		tokens = append(tokens, tok)
	}
	endpoints := wrkEndpoints(db.names, tokens, cfg.Variants)
	if len(cfg.Endpoints) > 0 {
		endpoints = slices.DeleteFunc(endpoints, func(e wrkEndpoint) bool { return !slices.Contains(cfg.Endpoints, e.Name) })
		if len(endpoints) == 0 {
			return fmt.Errorf("wrk: no read named in -endpoints; reads: %s", strings.Join(wrkEndpointNames(), ","))
		}
	}

	// predict, pinned.
	self, err := os.Executable()
	if err != nil {
		return err
	}
	predictCmd := pinned(ctx, cfg.ServerCPU, self, "wrk-serve", "-store", db.target, "-identity", identity,
		"-cache-max-age", cfg.CacheMaxAge.String())
	predictURL, stopPredict, err := startChild(ctx, predictCmd)
	if err != nil {
		return fmt.Errorf("wrk: start predict: %w", err)
	}
	defer stopPredict()

	// The answers, recorded once from predict.
	var answers []bench.Answer
	for _, e := range endpoints {
		for _, r := range e.Requests {
			a, err := fetchAnswer(ctx, predictURL, r)
			if err != nil {
				return fmt.Errorf("wrk: record %s: %w", e.Name, err)
			}
			if a.Status != http.StatusOK {
				return fmt.Errorf("wrk: record %s %s: status %d: %s", e.Name, r.URI, a.Status, a.Body)
			}
			answers = append(answers, a)
		}
	}

	// The ceiling, pinned to the same core, checked byte for byte.
	var ceilingURL, ceilingName string
	var stopCeiling func()
	var ceilingCmd *exec.Cmd
	switch cfg.Ceiling {
	case "nginx":
		ceilingName = "nginx"
		ceilingURL, stopCeiling, ceilingCmd, err = startNginx(ctx, cfg, filepath.Join(dir, "nginx"), answers)
	default:
		ceilingName = "Go static"
		file := filepath.Join(dir, "answers.json")
		raw, _ := json.Marshal(answers)
		if err = os.WriteFile(file, raw, 0o600); err == nil {
			ceilingCmd = pinned(ctx, cfg.ServerCPU, self, "wrk-static", "-answers", file)
			ceilingURL, stopCeiling, err = startChild(ctx, ceilingCmd)
		}
	}
	if err != nil {
		return fmt.Errorf("wrk: start the ceiling: %w", err)
	}
	defer stopCeiling()
	for _, a := range answers {
		b, err := fetchAnswer(ctx, ceilingURL, wrkRequest{URI: a.URI, Authorization: a.Authorization})
		if err != nil {
			return fmt.Errorf("wrk: check the ceiling: %w", err)
		}
		if err := sameAnswer(a, b); err != nil {
			return fmt.Errorf("wrk: the ceiling's answer to %s differs: %w", a.URI, err)
		}
	}

	rep := &wrkReport{Config: cfg, Ceiling: ceilingName, Store: db.Dialect(), Size: size,
		Started: time.Now().UTC(), LoadAvg: loadAvg()}
	rep.header(w)
	for _, e := range endpoints {
		script := filepath.Join(dir, e.Name+".lua")
		if err := os.WriteFile(script, []byte(wrkScript(e)), 0o644); err != nil {
			return err
		}
		res := wrkResult{Endpoint: e.Name, Variants: len(e.Requests)}
		for _, c := range cfg.Levels {
			for k := range cfg.Reps {
				var pair [2]wrkRun
				for i, target := range []string{predictURL, ceilingURL} {
					// The server's CPU time over the run: unlike its
					// rate, it hardly depends on what else the machine runs.
					pid := []*exec.Cmd{predictCmd, ceilingCmd}[i].Process.Pid
					if cfg.Warmup > 0 {
						warm := cfg
						warm.Duration = cfg.Warmup
						if _, err := runWrkOnce(ctx, warm, wrkPath, script, target, c); err != nil {
							return fmt.Errorf("wrk: warm-up of %s at %d connections: %w", e.Name, c, err)
						}
					}
					before := childCPU(pid)
					run, err := runWrkOnce(ctx, cfg, wrkPath, script, target, c)
					if err != nil {
						return fmt.Errorf("wrk: %s at %d connections: %w", e.Name, c, err)
					}
					run.CPU = childCPU(pid) - before
					pair[i] = run
				}
				res.Rows = append(res.Rows, wrkRow{Conns: c, Rep: k + 1, Predict: pair[0], Ceiling: pair[1]})
				log.Info("wrk", "read", e.Name, "connections", c, "rep", k+1,
					"predict_rps", int(pair[0].RPS()), "ceiling_rps", int(pair[1].RPS()))
			}
		}
		rep.Results = append(rep.Results, res)
		res.table(w, ceilingName)
	}
	rep.Finished = time.Now().UTC()
	if cfg.Out != "" {
		f, err := os.Create(cfg.Out)
		if err != nil {
			return err
		}
		defer f.Close()
		rep.header(f)
		for _, r := range rep.Results {
			r.table(f, ceilingName)
		}
		return f.Close()
	}
	return nil
}

// runWrkOnce runs wrk, pinned, for one read at c connections.
func runWrkOnce(ctx context.Context, cfg wrkConfig, wrkPath, script, target string, c int) (wrkRun, error) {
	secs := max(int(cfg.Duration/time.Second), 1)
	cmd := pinned(ctx, cfg.WrkCPU, wrkPath, "-t1", "-c", strconv.Itoa(c), "-d", fmt.Sprintf("%ds", secs),
		"--timeout", "30s", "-s", script, target)
	out, err := cmd.CombinedOutput()
	if err != nil {
		return wrkRun{}, fmt.Errorf("%s: %w\n%s", strings.Join(cmd.Args, " "), err, out)
	}
	return parseWrkStats(string(out))
}

// fetchAnswer sends r to base and records the answer.
func fetchAnswer(ctx context.Context, base string, r wrkRequest) (bench.Answer, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, base+r.URI, nil)
	if err != nil {
		return bench.Answer{}, err
	}
	if r.Authorization != "" {
		req.Header.Set("Authorization", r.Authorization)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return bench.Answer{}, err
	}
	defer res.Body.Close()
	body, err := io.ReadAll(res.Body)
	if err != nil {
		return bench.Answer{}, err
	}
	return bench.NewAnswer(req, res, body), nil
}

// sameAnswer says how b differs from a: status, a header that matters, or
// the body's bytes.
func sameAnswer(a, b bench.Answer) error {
	if a.Status != b.Status {
		return fmt.Errorf("status %d, want %d", b.Status, a.Status)
	}
	for _, h := range bench.AnswerHeaders {
		if a.Header[h] != b.Header[h] {
			return fmt.Errorf("%s %q, want %q", h, b.Header[h], a.Header[h])
		}
	}
	if string(a.Body) != string(b.Body) {
		return fmt.Errorf("body of %d bytes differs from the recorded %d bytes", len(b.Body), len(a.Body))
	}
	return nil
}

// startServer starts cmd, a server that stops on SIGTERM (also when its
// context ends), and returns what stops it and waits for it.
func startServer(cmd *exec.Cmd) (func(), error) {
	cmd.Cancel = func() error { return cmd.Process.Signal(syscall.SIGTERM) }
	cmd.WaitDelay = 5 * time.Second
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	return func() {
		_ = cmd.Process.Signal(syscall.SIGTERM)
		_ = cmd.Wait()
	}, nil
}

// startChild starts a server process that prints "listening ADDR" on its
// stdout, and returns its URL and what stops it.
func startChild(ctx context.Context, cmd *exec.Cmd) (string, func(), error) {
	cmd.Stderr = os.Stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		return "", nil, err
	}
	stop, err := startServer(cmd)
	if err != nil {
		return "", nil, err
	}
	lines := bufio.NewScanner(out)
	for lines.Scan() {
		if addr, ok := strings.CutPrefix(lines.Text(), "listening "); ok {
			go io.Copy(io.Discard, out)
			return "http://" + addr, stop, nil
		}
	}
	stop()
	return "", nil, fmt.Errorf("%s exited without listening", strings.Join(cmd.Args, " "))
}

// serveUntilDone serves h on a loopback port, says where on stdout, and
// returns when ctx ends.
func serveUntilDone(ctx context.Context, h http.Handler) error {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return err
	}
	srv := &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second}
	go func() {
		<-ctx.Done()
		srv.Close()
	}()
	fmt.Printf("listening %s\n", ln.Addr())
	if err := srv.Serve(ln); !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

// predictGCPercent is cmd/predict's DefaultGCPercent (a main package
// cannot be imported).
const predictGCPercent = 400

// runWrkServe is predict's side of wrk: the real API over the seeded store.
func runWrkServe(ctx context.Context, log *slog.Logger, args []string) error {
	fs := flag.NewFlagSet("wrk-serve", flag.ContinueOnError)
	target := fs.String("store", "", "SQLite path or PostgreSQL DSN of the seeded store")
	identity := fs.String("identity", "", "directory of the development identity provider's key")
	maxAge := fs.Duration("cache-max-age", api.DefaultCacheMaxAge, "the read cache's max age (0s: off)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	s, err := store.Open(ctx, *target, nil)
	if err != nil {
		return err
	}
	defer s.Close()
	// As predict serve builds it; nothing writes during the run, so no
	// event invalidates it and answers live for the max age.
	var cache *api.ReadCache
	if *maxAge > 0 {
		cache = api.NewReadCache(api.CacheConfig{MaxAge: *maxAge})
	}
	h, err := readHandler(s, *identity, cache)
	if err != nil {
		return err
	}
	// predict serve's garbage collector target, unless GOGC says otherwise.
	if _, set := os.LookupEnv("GOGC"); !set {
		debug.SetGCPercent(predictGCPercent)
	}
	return serveUntilDone(ctx, h)
}

// runWrkStatic is the Go ceiling of wrk: the recorded answers.
func runWrkStatic(ctx context.Context, log *slog.Logger, args []string) error {
	fs := flag.NewFlagSet("wrk-static", flag.ContinueOnError)
	file := fs.String("answers", "", "JSON file of recorded answers")
	if err := fs.Parse(args); err != nil {
		return err
	}
	raw, err := os.ReadFile(*file)
	if err != nil {
		return err
	}
	var answers []bench.Answer
	if err := json.Unmarshal(raw, &answers); err != nil {
		return fmt.Errorf("wrk-static: %s: %w", *file, err)
	}
	return serveUntilDone(ctx, bench.ServeAnswers(answers))
}

// nginxConfig writes the configuration and the answer files of an nginx
// serving answers under prefix, listening on addr: one worker, every path
// under prefix, each answer chosen by request URI and Authorization.
func nginxConfig(prefix, addr string, answers []bench.Answer) (string, error) {
	for _, d := range []string{"answers", "logs", "tmp"} {
		if err := os.MkdirAll(filepath.Join(prefix, d), 0o755); err != nil {
			return "", err
		}
	}
	types := map[string]bool{}
	for _, a := range answers {
		types[a.Header["Content-Type"]] = true
	}
	if len(types) != 1 {
		return "", fmt.Errorf("nginx: the answers have %d content types; one default_type serves one", len(types))
	}
	var contentType string
	for t := range types {
		contentType = t
	}
	for _, a := range answers {
		// nginx reads a $ as a variable; none of the reads has one, nor
		// a quote that single quotes cannot hold (an ETag's double
		// quotes they can).
		all := a.URI + a.Authorization
		for _, v := range a.Header {
			all += v
		}
		if strings.ContainsAny(all, "$'\\") {
			return "", fmt.Errorf("nginx: the answer to %q has a character its configuration cannot quote", a.URI)
		}
	}
	quote := func(s string) string { return "'" + s + "'" }
	var file, cc, etag, vary strings.Builder
	longest := 0
	for i, a := range answers {
		name := strconv.Itoa(i)
		if err := os.WriteFile(filepath.Join(prefix, "answers", name), a.Body, 0o644); err != nil {
			return "", err
		}
		key := quote(a.URI + "|" + a.Authorization)
		longest = max(longest, len(key))
		fmt.Fprintf(&file, "    %s /%s;\n", key, name)
		for _, m := range []struct {
			b *strings.Builder
			h string
		}{{&cc, "Cache-Control"}, {&etag, "ETag"}, {&vary, "Vary"}} {
			if v := a.Header[m.h]; v != "" {
				fmt.Fprintf(m.b, "    %s %s;\n", key, quote(v))
			}
		}
	}
	bucket := 64
	for bucket < longest+32 {
		bucket *= 2
	}
	p := func(s string) string { return filepath.Join(prefix, s) }
	conf := fmt.Sprintf(`# Generated by loadgen wrk: the recorded answers of predict, served as files.
daemon off;
master_process off;
worker_processes 1;
pid %s;
error_log %s warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path %s;
  proxy_temp_path %s;
  fastcgi_temp_path %s;
  uwsgi_temp_path %s;
  scgi_temp_path %s;
  server_tokens off;
  etag off;
  keepalive_requests 10000000;
  keepalive_timeout 300s;
  types { }
  default_type %s;
  map_hash_bucket_size %d;
  map_hash_max_size %d;
  map "$request_uri|$http_authorization" $answer {
    default "";
%s  }
  map "$request_uri|$http_authorization" $answer_cache_control {
    default "";
%s  }
  map "$request_uri|$http_authorization" $answer_etag {
    default "";
%s  }
  map "$request_uri|$http_authorization" $answer_vary {
    default "";
%s  }
  server {
    listen %s;
    root %s;
    location / {
      add_header Cache-Control $answer_cache_control;
      add_header ETag $answer_etag;
      add_header Vary $answer_vary;
      if ($answer = "") { return 404; }
      try_files $answer =404;
    }
  }
}
`, p("nginx.pid"), p("logs/error.log"), p("tmp/body"), p("tmp/proxy"), p("tmp/fastcgi"), p("tmp/uwsgi"), p("tmp/scgi"),
		quote(contentType), bucket, max(1024, 4*len(answers)), file.String(), cc.String(), etag.String(), vary.String(),
		addr, p("answers"))
	path := p("nginx.conf")
	return path, os.WriteFile(path, []byte(conf), 0o644)
}

// startNginx runs nginx, pinned, serving answers; it returns its URL and
// what stops it.
func startNginx(ctx context.Context, cfg wrkConfig, prefix string, answers []bench.Answer) (string, func(), *exec.Cmd, error) {
	port, err := freePort()
	if err != nil {
		return "", nil, nil, err
	}
	addr := net.JoinHostPort("127.0.0.1", strconv.Itoa(port))
	conf, err := nginxConfig(prefix, addr, answers)
	if err != nil {
		return "", nil, nil, err
	}
	cmd := pinned(ctx, cfg.ServerCPU, cfg.Nginx, "-p", prefix, "-c", conf, "-e", filepath.Join(prefix, "logs/error.log"))
	cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
	stop, err := startServer(cmd)
	if err != nil {
		return "", nil, nil, err
	}
	// Up when it accepts a connection.
	for deadline := time.Now().Add(10 * time.Second); ; {
		if c, err := net.DialTimeout("tcp", addr, time.Second); err == nil {
			c.Close()
			return "http://" + addr, stop, cmd, nil
		}
		if time.Now().After(deadline) {
			stop()
			log, _ := os.ReadFile(filepath.Join(prefix, "logs/error.log"))
			return "", nil, nil, fmt.Errorf("nginx did not start listening on %s: %s", addr, log)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// freePort is a loopback port nothing listens on right now.
func freePort() (int, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port, nil
}

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
