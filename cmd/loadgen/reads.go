package main

import (
	"context"
	"database/sql"
	"flag"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"net"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"runtime"
	"runtime/pprof"
	"strconv"
	"strings"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/client"
	"github.com/predict-dev/predict/internal/api"
	"github.com/predict-dev/predict/internal/auth"
	"github.com/predict-dev/predict/internal/bench"
	"github.com/predict-dev/predict/internal/portfolio"
	"github.com/predict-dev/predict/internal/seed"
	"github.com/predict-dev/predict/internal/store"
)

func init() { verbs["reads"] = reads }

// scales are the seeded history sizes of the reads experiment.
var scales = map[string]store.SeedSize{
	// tiny is for the smoke tests: the same code paths in seconds, even
	// under the race detector.
	"tiny":  {Users: 50, Markets: 10, Trades: 500, Seed: 1},
	"small": {Users: 2_000, Markets: 200, Trades: 20_000, Seed: 1},
	"full":  {Users: 100_000, Markets: 10_000, Trades: 1_000_000, Seed: 1},
}

// reads measures read endpoints through the Go client at fixed
// concurrency levels, each against the real API over a seeded store and,
// in the same run, against a static handler serving the byte-identical
// answers: the ceiling of an HTTP server on this machine.
// selectEndpoints keeps the endpoints -endpoints names (all when only is
// empty).
func selectEndpoints(endpoints []readEndpoint, only string) []readEndpoint {
	if only == "" {
		return endpoints
	}
	keep := map[string]bool{}
	for _, n := range strings.Split(only, ",") {
		keep[strings.TrimSpace(n)] = true
	}
	var sel []readEndpoint
	for _, e := range endpoints {
		if keep[e.name] {
			sel = append(sel, e)
		}
	}
	return sel
}

// startCPUProfile profiles the process into path until stop is called;
// an empty path profiles nothing.
func startCPUProfile(path string) (stop func(), err error) {
	if path == "" {
		return func() {}, nil
	}
	f, err := os.Create(path)
	if err != nil {
		return nil, err
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		f.Close()
		return nil, err
	}
	return func() {
		pprof.StopCPUProfile()
		f.Close()
	}, nil
}

func reads(ctx context.Context, log *slog.Logger, args []string) error {
	fs := flag.NewFlagSet("reads", flag.ContinueOnError)
	var (
		scale    = fs.String("scale", "small", "seeded history: tiny (50 users, 10 markets, 500 trades), small (2k, 200, 20k) or full (100k, 10k, 1M)")
		dsn      = fs.String("postgres", "", "PostgreSQL DSN; empty uses SQLite")
		schema   = fs.String("schema", "", "PostgreSQL schema to seed once and reuse (default: a fresh one, dropped at the end)")
		sqlite   = fs.String("sqlite", "", "SQLite file to seed once and reuse (default: a fresh one in a temporary directory)")
		levels   = fs.String("concurrency", "1,16,64,256", "comma-separated concurrency levels")
		duration = fs.Duration("duration", 3*time.Second, "measuring time per endpoint, level and server")
		only     = fs.String("endpoints", "", "comma-separated endpoint names to run (default: all)")
		cpuprof  = fs.String("cpuprofile", "", "write a CPU profile of the real-server runs to this file")
	)
	if err := fs.Parse(args); err != nil {
		return err
	}
	size, ok := scales[*scale]
	if !ok {
		return fmt.Errorf("-scale must be tiny, small or full")
	}
	conc, err := parseLevels(*levels)
	if err != nil {
		return err
	}

	tmp, err := os.MkdirTemp("", "loadgen-reads-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	db, err := seededStore(ctx, log, size, *dsn, *schema, *sqlite, tmp)
	if err != nil {
		return err
	}
	defer db.close()
	s, names := db.DB, db.names

	// The real API and the static ceiling, each on its own listener.
	handler, err := readHandler(s, filepath.Join(tmp, "identity"), nil)
	if err != nil {
		return err
	}
	realURL, stopReal, err := listen(handler)
	if err != nil {
		return err
	}
	defer stopReal()

	transport := &http.Transport{MaxIdleConns: 1024, MaxIdleConnsPerHost: 1024, IdleConnTimeout: time.Minute}
	recorder := &bench.Recorder{Next: transport}
	record, err := client.New(realURL, client.WithHTTPClient(&http.Client{Transport: recorder}))
	if err != nil {
		return err
	}
	realClient, err := client.New(realURL, client.WithHTTPClient(&http.Client{Transport: transport}))
	if err != nil {
		return err
	}

	endpoints := selectEndpoints(readEndpoints(names), *only)
	if err := recordVariants(ctx, endpoints, record); err != nil {
		return err
	}
	staticURL, stopStatic, err := listen(recorder.Static())
	if err != nil {
		return err
	}
	defer stopStatic()
	staticClient, err := client.New(staticURL, client.WithHTTPClient(&http.Client{Transport: transport}))
	if err != nil {
		return err
	}

	stopProfile, err := startCPUProfile(*cpuprof)
	if err != nil {
		return err
	}
	defer stopProfile()
	fmt.Printf("reads: %d users, %d markets, %d trades on %s; %s per run; GOMAXPROCS machine of %d cores\n",
		size.Users, size.Markets, size.Trades, s.Dialect(), *duration, runtime.NumCPU())
	const row = "%-17s %5v %11v %9v %9v %13v %9v %9v %6v\n"
	fmt.Printf(row, "endpoint", "conc", "real req/s", "p50", "p99", "static req/s", "p50", "p99", "ratio")
	for _, e := range endpoints {
		for _, c := range conc {
			real, static, err := runReadPair(ctx, e, c, *duration, realClient, staticClient)
			if err != nil {
				return err
			}
			fmt.Printf(row, e.name, c, fmt.Sprintf("%.0f", real.Throughput()), ms(real.Latency.P50), ms(real.Latency.P99),
				fmt.Sprintf("%.0f", static.Throughput()), ms(static.Latency.P50), ms(static.Latency.P99),
				fmt.Sprintf("%.2f", real.Throughput()/static.Throughput()))
		}
	}
	return nil
}

// recordVariants sends every variant of every endpoint once through the
// recorder: the static server then answers exactly these bytes.
func recordVariants(ctx context.Context, endpoints []readEndpoint, record *client.Client) error {
	for _, e := range endpoints {
		for i, v := range e.variants {
			if err := v(ctx, record); err != nil {
				return fmt.Errorf("%s variant %d: %w", e.name, i, err)
			}
		}
	}
	return nil
}

// runReadPair measures e at concurrency c against the real API, then
// against the static ceiling; a run with errors fails.
func runReadPair(ctx context.Context, e readEndpoint, c int, d time.Duration, realClient, staticClient *client.Client) (real, static bench.Result, err error) {
	run := func(cl *client.Client) bench.Result {
		return bench.Run(ctx, c, d, func(ctx context.Context, w, i int) error {
			return e.variants[(w*7919+i)%len(e.variants)](ctx, cl)
		})
	}
	real, static = run(realClient), run(staticClient)
	for _, r := range []bench.Result{real, static} {
		if r.Errors > 0 {
			return real, static, fmt.Errorf("%s at %d: %d errors, first: %w", e.name, c, r.Errors, r.FirstError)
		}
	}
	return real, static, nil
}

// readEndpoint is a read and the variants of it the load spreads over.
type readEndpoint struct {
	name     string
	variants []func(ctx context.Context, c *client.Client) error
}

// readEndpoints are the measured reads, 32 variants each over the seeded
// users and markets (busy and quiet ones alike).
func readEndpoints(n *store.Seeded) []readEndpoint {
	rng := rand.New(rand.NewPCG(3, 3))
	market := func() string {
		if rng.IntN(2) == 0 {
			return n.Markets[rng.IntN(min(20, len(n.Markets)))]
		}
		return n.Markets[rng.IntN(len(n.Markets))]
	}
	variants := func(f func() func(ctx context.Context, c *client.Client) error) []func(ctx context.Context, c *client.Client) error {
		out := make([]func(ctx context.Context, c *client.Client) error, 32)
		for i := range out {
			out[i] = f()
		}
		return out
	}
	// list makes get-markets variants of one sort ("" for any sort).
	list := func(sortType string, filtered bool) func() func(ctx context.Context, c *client.Client) error {
		return func() func(ctx context.Context, c *client.Client) error {
			sort := sortType
			if sort == "" {
				sort = []string{"newest", "hot", "volume", "ending_soon"}[rng.IntN(4)]
			}
			q := client.MarketsQuery{Page: 1 + rng.IntN(3), PageSize: 20, SortType: sort}
			if filtered {
				q.Status, q.CategoryID = "running", fmt.Sprintf("cat%d", rng.IntN(8))
				if rng.IntN(2) == 0 {
					q.Tag = fmt.Sprintf("tag%d", rng.IntN(50))
				}
			}
			return func(ctx context.Context, c *client.Client) error { _, err := c.GetMarkets(ctx, q); return err }
		}
	}
	return []readEndpoint{
		{"markets-newest", variants(list("newest", false))},
		{"markets-hot", variants(list("hot", false))},
		{"markets-volume", variants(list("volume", false))},
		{"markets-ending", variants(list("ending_soon", false))},
		{"markets-filtered", variants(list("", true))},
		{"market-detail", variants(func() func(ctx context.Context, c *client.Client) error {
			m := market()
			return func(ctx context.Context, c *client.Client) error { _, err := c.GetMarketDetail(ctx, m, ""); return err }
		})},
		{"user-positions", variants(func() func(ctx context.Context, c *client.Client) error {
			q := client.PositionsQuery{Page: 1, PageSize: 20, UID: n.UIDs[rng.IntN(len(n.UIDs))]}
			return func(ctx context.Context, c *client.Client) error { _, err := c.GetUserPositions(ctx, q); return err }
		})},
		{"price-history", variants(func() func(ctx context.Context, c *client.Client) error {
			q := client.PriceHistoryQuery{MarketAddress: market(), Interval: []string{"1d", "1w", "1m", "all"}[rng.IntN(4)]}
			return func(ctx context.Context, c *client.Client) error { _, err := c.GetPriceHistory(ctx, q); return err }
		})},
	}
}

// readHandler is the real API over s, with tokens checked against the
// development identity provider whose key is in identityDir, and public
// answers kept in cache when it is not nil.
func readHandler(s *store.DB, identityDir string, cache *api.ReadCache) (http.Handler, error) {
	dev, err := auth.OpenDevProvider(identityDir, "predict-dev", "predict")
	if err != nil {
		return nil, err
	}
	verifier, err := auth.NewVerifier(auth.Config{KeySource: dev, Issuer: "predict-dev", Audience: "predict"})
	if err != nil {
		return nil, err
	}
	reg := prometheus.NewRegistry()
	srv := api.NewServer(api.Config{Cache: cache}, s, verifier, slog.New(slog.DiscardHandler), reg)
	return srv.Handler(reg), nil
}

// benchDB is the seeded store of a read experiment.
type benchDB struct {
	*store.DB
	names  *store.Seeded // what the seed wrote
	target string        // its DSN or SQLite path, for another process
	close  func()        // closes it and removes what benchStore made
}

// seededStore opens the store the read experiments measure (see
// benchStore) and seeds it with size unless it already holds markets.
func seededStore(ctx context.Context, log *slog.Logger, size store.SeedSize, dsn, schema, sqlitePath, tmp string) (*benchDB, error) {
	target, cleanup, err := benchStore(ctx, dsn, schema, sqlitePath, tmp)
	if err != nil {
		return nil, err
	}
	s, err := store.Open(ctx, target, nil)
	if err != nil {
		cleanup()
		return nil, err
	}
	db := &benchDB{DB: s, target: target, close: func() { s.Close(); cleanup() }}
	if err := db.seed(ctx, log, size); err != nil {
		db.close()
		return nil, err
	}
	return db, nil
}

// seed writes size's history unless the store already holds markets.
func (db *benchDB) seed(ctx context.Context, log *slog.Logger, size store.SeedSize) error {
	size.Now = time.Now()
	db.names = store.SeedNames(size)
	if _, total, err := db.ListMarkets(ctx, predict.MarketFilter{PageSize: 1}); err != nil {
		return err
	} else if total > 0 {
		log.Info("reusing the seeded store", "markets", total)
		return nil
	}
	log.Info("seeding", "users", size.Users, "markets", size.Markets, "trades", size.Trades, "dialect", db.Dialect())
	start := time.Now()
	if _, err := seed.Run(ctx, db.DB, size, func(table string, rows int, took time.Duration) {
		log.Info("seeded", "table", table, "rows", rows, "took", took.Round(time.Millisecond))
	}); err != nil {
		return err
	}
	log.Info("seed done", "took", time.Since(start).Round(time.Second))
	st, err := (&portfolio.Refresher{Store: db.DB}).Refresh(ctx)
	if err != nil {
		return err
	}
	log.Info("leaderboards computed", "users", st.Users, "took", st.Took.Round(time.Millisecond))
	return nil
}

// benchStore returns the DSN of the store to measure: a PostgreSQL schema
// (created if needed) or a SQLite file, and what removes it afterwards.
func benchStore(ctx context.Context, dsn, schema, sqlitePath, tmp string) (string, func(), error) {
	if dsn == "" {
		if sqlitePath != "" {
			return sqlitePath, func() {}, nil
		}
		return filepath.Join(tmp, "predict.db"), func() {}, nil
	}
	admin, err := sql.Open("pgx", dsn)
	if err != nil {
		return "", nil, err
	}
	keep := schema != ""
	if !keep {
		schema = fmt.Sprintf("loadgen_%d", time.Now().UnixNano())
	}
	if _, err := admin.ExecContext(ctx, `CREATE SCHEMA IF NOT EXISTS `+schema); err != nil {
		admin.Close()
		return "", nil, fmt.Errorf("create schema %s: %w", schema, err)
	}
	u, err := url.Parse(dsn)
	if err != nil {
		admin.Close()
		return "", nil, err
	}
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	return u.String(), func() {
		if !keep {
			admin.ExecContext(context.Background(), `DROP SCHEMA `+schema+` CASCADE`)
		}
		admin.Close()
	}, nil
}

// listen serves h on a loopback port.
func listen(h http.Handler) (string, func(), error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", nil, err
	}
	srv := &http.Server{Handler: h}
	go srv.Serve(ln) // returns when stopped
	return "http://" + ln.Addr().String(), func() { srv.Close() }, nil
}

func ms(d time.Duration) string {
	return strconv.FormatFloat(float64(d)/float64(time.Millisecond), 'f', 2, 64) + "ms"
}
