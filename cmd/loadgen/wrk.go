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
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/predict-dev/predict/internal/api"
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
	// CPUProfile, when set, is where predict's server writes its CPU
	// profile of the whole run (pprof), to see where a request's time
	// goes.
	CPUProfile string
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
	fs.StringVar(&cfg.CPUProfile, "cpuprofile", "", "write predict's CPU profile of the whole run to this file")
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

// parseLevels reads -concurrency: positive numbers, comma-separated.
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

// wrkExperiment runs the experiment and writes its tables to w.
func wrkExperiment(ctx context.Context, log *slog.Logger, cfg wrkConfig, w io.Writer) error {
	size, wrkPath, err := checkWrkConfig(cfg)
	if err != nil {
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
	endpoints, err := wrkReads(cfg, db.names, identity)
	if err != nil {
		return err
	}

	// predict, pinned.
	self, err := os.Executable()
	if err != nil {
		return err
	}
	serveArgs := []string{"wrk-serve", "-store", db.target, "-identity", identity, "-cache-max-age", cfg.CacheMaxAge.String()}
	if cfg.CPUProfile != "" {
		prof, err := filepath.Abs(cfg.CPUProfile)
		if err != nil {
			return err
		}
		serveArgs = append(serveArgs, "-cpuprofile", prof)
	}
	predictCmd := pinned(ctx, cfg.ServerCPU, self, serveArgs...)
	predictURL, stopPredict, err := startChild(ctx, predictCmd)
	if err != nil {
		return fmt.Errorf("wrk: start predict: %w", err)
	}
	defer stopPredict()

	// The answers, recorded once from predict.
	answers, err := recordAnswers(ctx, predictURL, endpoints)
	if err != nil {
		return err
	}

	// The ceiling, pinned to the same core, checked byte for byte.
	ceilingName, ceilingURL, stopCeiling, ceilingCmd, err := startCeiling(ctx, cfg, dir, self, answers)
	if err != nil {
		return fmt.Errorf("wrk: start the ceiling: %w", err)
	}
	defer stopCeiling()
	if err := verifyCeiling(ctx, ceilingURL, answers); err != nil {
		return err
	}

	rep := &wrkReport{Config: cfg, Ceiling: ceilingName, Store: db.Dialect(), Size: size,
		Started: time.Now().UTC(), LoadAvg: loadAvg()}
	rep.header(w)
	for _, e := range endpoints {
		script := filepath.Join(dir, e.Name+".lua")
		if err := os.WriteFile(script, []byte(wrkScript(e)), 0o644); err != nil {
			return err
		}
		res, err := measureRead(ctx, log, cfg, wrkPath, script, e,
			[2]string{predictURL, ceilingURL}, [2]*exec.Cmd{predictCmd, ceilingCmd})
		if err != nil {
			return err
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

// checkWrkConfig checks cfg and the machine before anything starts: the
// scale's size, the numbers, the ceiling's name, the wrk executable (its
// path is returned), taskset when pinning, and the open-files limit for
// the largest connection count.
func checkWrkConfig(cfg wrkConfig) (store.SeedSize, string, error) {
	size, ok := scales[cfg.Scale]
	if !ok {
		return size, "", fmt.Errorf("-scale must be small or full")
	}
	if cfg.Reps < 1 || cfg.Variants < 1 || cfg.Duration < time.Second || (cfg.Warmup != 0 && cfg.Warmup < time.Second) {
		return size, "", errors.New("wrk: -reps and -variants must be positive, -duration at least 1s, -warmup 0s or at least 1s")
	}
	if cfg.Ceiling != "nginx" && cfg.Ceiling != "go" {
		return size, "", fmt.Errorf("wrk: -ceiling must be nginx or go, not %q", cfg.Ceiling)
	}
	wrkPath, err := exec.LookPath(cfg.Wrk)
	if err != nil {
		return size, "", fmt.Errorf("wrk: %w (Debian: apt-get install wrk)", err)
	}
	if cfg.ServerCPU != "" || cfg.WrkCPU != "" {
		if _, err := exec.LookPath("taskset"); err != nil {
			return size, "", fmt.Errorf("wrk: pinning needs taskset (util-linux), or empty -server-cpu and -wrk-cpu: %w", err)
		}
	}
	if _, err := raiseNoFile(2*slices.Max(cfg.Levels), 0, false); err != nil {
		return size, "", err
	}
	return size, wrkPath, nil
}

// recordAnswers asks predict at predictURL every variant of every read
// once and returns its answers, which the ceiling then serves; any answer
// but 200 OK stops the run, since the ceiling would replay an error.
func recordAnswers(ctx context.Context, predictURL string, endpoints []wrkEndpoint) ([]bench.Answer, error) {
	var answers []bench.Answer
	for _, e := range endpoints {
		for _, r := range e.Requests {
			a, err := fetchAnswer(ctx, predictURL, r)
			if err != nil {
				return nil, fmt.Errorf("wrk: record %s: %w", e.Name, err)
			}
			if a.Status != http.StatusOK {
				return nil, fmt.Errorf("wrk: record %s %s: status %d: %s", e.Name, r.URI, a.Status, a.Body)
			}
			answers = append(answers, a)
		}
	}
	return answers, nil
}

// startCeiling starts the ceiling cfg.Ceiling names, pinned to the
// servers' core and serving answers: nginx, or this executable (self) as
// wrk-static. It returns the ceiling's name for the tables, its URL, what
// stops it and its command (whose process's CPU time is measured).
func startCeiling(ctx context.Context, cfg wrkConfig, dir, self string, answers []bench.Answer) (name, url string, stop func(), cmd *exec.Cmd, err error) {
	switch cfg.Ceiling {
	case "nginx":
		name = "nginx"
		url, stop, cmd, err = startNginx(ctx, cfg, filepath.Join(dir, "nginx"), answers)
	default:
		name = "Go static"
		file := filepath.Join(dir, "answers.json")
		raw, _ := json.Marshal(answers)
		if err = os.WriteFile(file, raw, 0o600); err == nil {
			cmd = pinned(ctx, cfg.ServerCPU, self, "wrk-static", "-answers", file)
			url, stop, err = startChild(ctx, cmd)
		}
	}
	return name, url, stop, cmd, err
}

// verifyCeiling asks the ceiling at ceilingURL every recorded request and
// checks that it answers as predict did, byte for byte: the comparison is
// only fair if both serve the same answers.
func verifyCeiling(ctx context.Context, ceilingURL string, answers []bench.Answer) error {
	for _, a := range answers {
		b, err := fetchAnswer(ctx, ceilingURL, wrkRequest{URI: a.URI, Authorization: a.Authorization})
		if err != nil {
			return fmt.Errorf("wrk: check the ceiling: %w", err)
		}
		if err := sameAnswer(a, b); err != nil {
			return fmt.Errorf("wrk: the ceiling's answer to %s differs: %w", a.URI, err)
		}
	}
	return nil
}

// measureRead runs wrk with the read e's script against predict and the
// ceiling in turn (targets and their commands, predict first), at each
// connection count, cfg.Reps times: the A/B rows of the read's table.
func measureRead(ctx context.Context, log *slog.Logger, cfg wrkConfig, wrkPath, script string, e wrkEndpoint,
	targets [2]string, cmds [2]*exec.Cmd) (wrkResult, error) {
	res := wrkResult{Endpoint: e.Name, Variants: len(e.Requests)}
	for _, c := range cfg.Levels {
		for k := range cfg.Reps {
			var pair [2]wrkRun
			for i, target := range targets {
				// The server's CPU time over the run: unlike its
				// rate, it hardly depends on what else the machine runs.
				pid := cmds[i].Process.Pid
				if cfg.Warmup > 0 {
					warm := cfg
					warm.Duration = cfg.Warmup
					if _, err := runWrkOnce(ctx, warm, wrkPath, script, target, c); err != nil {
						return res, fmt.Errorf("wrk: warm-up of %s at %d connections: %w", e.Name, c, err)
					}
				}
				before := childCPU(pid)
				run, err := runWrkOnce(ctx, cfg, wrkPath, script, target, c)
				if err != nil {
					return res, fmt.Errorf("wrk: %s at %d connections: %w", e.Name, c, err)
				}
				run.CPU = childCPU(pid) - before
				pair[i] = run
			}
			res.Rows = append(res.Rows, wrkRow{Conns: c, Rep: k + 1, Predict: pair[0], Ceiling: pair[1]})
			log.Info("wrk", "read", e.Name, "connections", c, "rep", k+1,
				"predict_rps", int(pair[0].RPS()), "ceiling_rps", int(pair[1].RPS()))
		}
	}
	return res, nil
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
