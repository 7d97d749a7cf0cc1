//go:build unix

package main

// loadgen sse: fan-out of one market's events to many SSE connections.
//
// This process runs the service side: a real api.Server with the real
// events.Hub on the in-process bus, over a SQLite store in a temporary
// directory holding one market and a few users, listening on a loopback
// TCP port. The clients run in a child process (this binary again, verb
// sse-clients), so that this process's memory is the server's alone.
//
// The child opens -conns streams (POST /api/v1/sse/connect over a raw
// TCP connection each, then POST /api/v1/sse/subscribe to the market's
// topic) and says "ready" on its stdout. The server measures its memory
// and goroutines against the baseline taken before the first connection,
// then publishes -events market:info_update events on the topic, one
// every -interval, each carrying its publish time. Each client records
// receipt time minus publish time (one machine, one clock); the child
// reports the distribution over all (connection, event) pairs and what
// was missed, as one JSON line on its stdout.

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"math/big"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"runtime/pprof"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/internal/api"
	"github.com/predict-dev/predict/internal/auth"
	"github.com/predict-dev/predict/internal/bench"
	"github.com/predict-dev/predict/internal/events"
	"github.com/predict-dev/predict/internal/store"
	"github.com/predict-dev/predict/wire"
)

func init() {
	verbs["sse"] = runSSE
	// sse-clients is the child process of sse; it is not for people.
	verbs["sse-clients"] = runSSEClients
}

// Targets the figures are compared with (printed, never asserted).
const (
	targetFanOutP99    = 100 * time.Millisecond
	targetBytesPerConn = 20 << 10
)

// Keys the benchmark adds to the data of its events.
const (
	keySeq    = "bench_seq"
	keySentNS = "bench_sent_ns"
)

// fdHeadroom is the descriptors a process needs beyond one per stream:
// listener, database files, standard streams, subscribe connections.
const fdHeadroom = 64

// sseConfig describes one run of the experiment.
type sseConfig struct {
	Conns      int           // streams to open
	Users      int           // distinct users owning them (round robin)
	Events     int           // events to publish
	Interval   time.Duration // between two events
	Lifetime   time.Duration // stream lifetime given to the hub
	Workers    int           // streams the child opens concurrently
	Settle     time.Duration // idle time before memory is measured
	Drain      time.Duration // how long the child waits for late events
	CPUProfile string        // file for the server's CPU profile during fan-out
	MemProfile string        // file for the server's heap profile, streams open and idle
	ClientsCPU string        // file for the clients' CPU profile during fan-out
	RaiseHard  bool          // raise the hard RLIMIT_NOFILE if it is too low

	// child returns the command that runs the clients with args (the
	// flags of sse-clients). Nil runs this executable's sse-clients.
	child func(ctx context.Context, args []string) (*exec.Cmd, error)
}

// sseReport is what one run measured.
type sseReport struct {
	Conns, Users, Events int
	Interval             time.Duration
	Topic                string
	NoFile               uint64 // RLIMIT_NOFILE of the server process

	Connected, Failed int
	SetupErrors       []string
	Setup             time.Duration

	Expected, Delivered, Missed int
	Ended                       int           // streams that ended before the end of the run
	FanOut                      bench.Summary // publish to read by the client process
	Written                     bench.Summary // publish to written to the socket by the server
	Publish                     bench.Summary // hub.Publish: enqueue to every stream
	// ServerCPU is the server process's user+system CPU from the first
	// publish to the clients' result (the fan-out and nothing else: the
	// streams are idle otherwise).
	ServerCPU time.Duration
	// Sent and Direct are the hub's counts over the fan-out: frames
	// written, and those the delivery wrote without waking the stream.
	Sent, Direct int64

	// The server's memory before the first stream and with every stream
	// open and idle.
	MemBefore, MemAfter memory
	LoadAvg             string // /proc/loadavg when the fan-out started
}

func runSSE(ctx context.Context, log *slog.Logger, args []string) error {
	fs := flag.NewFlagSet("sse", flag.ContinueOnError)
	cfg := sseConfig{}
	fs.IntVar(&cfg.Conns, "conns", 20000, "SSE connections to open")
	fs.IntVar(&cfg.Users, "users", 100, "users owning the connections (round robin)")
	fs.IntVar(&cfg.Events, "events", 20, "events to publish on the market topic")
	fs.DurationVar(&cfg.Interval, "interval", 500*time.Millisecond, "time between two events")
	fs.DurationVar(&cfg.Lifetime, "lifetime", time.Hour, "stream lifetime (SPEC.md: 10m; longer keeps every stream open through a long setup)")
	fs.IntVar(&cfg.Workers, "workers", 64, "connections the clients open concurrently")
	fs.DurationVar(&cfg.Settle, "settle", 2*time.Second, "idle time before measuring memory")
	fs.DurationVar(&cfg.Drain, "drain", 10*time.Second, "how long clients wait for late events after the last publish")
	fs.StringVar(&cfg.CPUProfile, "cpuprofile", "", "write the server's CPU profile during the fan-out to this file")
	fs.StringVar(&cfg.MemProfile, "memprofile", "", "write the server's heap profile, every stream open and idle, to this file")
	fs.StringVar(&cfg.ClientsCPU, "clients-cpuprofile", "", "write the clients' CPU profile during the fan-out to this file")
	fs.BoolVar(&cfg.RaiseHard, "raise-hard", false, "raise the hard open-files limit when -conns needs more (a privileged process only: CAP_SYS_RESOURCE outside a user namespace)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	rep, err := sseExperiment(ctx, log, cfg)
	if err != nil {
		return err
	}
	rep.print(os.Stdout)
	return nil
}

// sseExperiment runs the experiment and returns its figures.
func sseExperiment(ctx context.Context, log *slog.Logger, cfg sseConfig) (*sseReport, error) {
	if cfg.Conns < 1 || cfg.Users < 1 || cfg.Events < 1 || cfg.Workers < 1 {
		return nil, errors.New("sse: -conns, -users, -events and -workers must be positive")
	}
	rep := &sseReport{Conns: cfg.Conns, Users: cfg.Users, Events: cfg.Events, Interval: cfg.Interval}
	nofile, err := raiseNoFile(cfg.Conns, cfg.Workers, cfg.RaiseHard)
	if err != nil {
		return nil, err
	}
	rep.NoFile = nofile

	dir, err := os.MkdirTemp("", "loadgen-sse-")
	if err != nil {
		return nil, fmt.Errorf("sse: temp dir: %w", err)
	}
	defer os.RemoveAll(dir)

	srv, err := startSSEServer(ctx, log, dir, cfg)
	if err != nil {
		return nil, err
	}
	defer srv.close()
	rep.Topic = srv.topic

	// Baseline: the server is up, no stream is open.
	rep.MemBefore = settledMemory(cfg.Settle)

	tokens := filepath.Join(dir, "tokens")
	if err := os.WriteFile(tokens, []byte(strings.Join(srv.tokens, "\n")+"\n"), 0o600); err != nil {
		return nil, fmt.Errorf("sse: write tokens: %w", err)
	}
	child, err := startClients(ctx, cfg, []string{
		"-addr", srv.addr, "-tokens", tokens, "-topic", srv.topic,
		"-conns", strconv.Itoa(cfg.Conns), "-events", strconv.Itoa(cfg.Events),
		"-workers", strconv.Itoa(cfg.Workers), "-drain", cfg.Drain.String(),
		"-cpuprofile", cfg.ClientsCPU,
	})
	if err != nil {
		return nil, err
	}
	defer child.stop()

	log.Info("sse: opening streams", "conns", cfg.Conns, "users", cfg.Users, "addr", srv.addr)
	ready, err := child.next("ready")
	if err != nil {
		return nil, err
	}
	rep.Connected, rep.Failed, rep.SetupErrors = ready.Connected, ready.Failed, ready.Errors
	rep.Setup = time.Duration(ready.SetupNS)
	if ready.Connected == 0 {
		return nil, fmt.Errorf("sse: no stream opened; first errors: %s", strings.Join(ready.Errors, "; "))
	}
	// The child has closed its subscribe connections: wait until the
	// server holds the streams and nothing else.
	if err := srv.waitIdle(ctx, int64(ready.Connected), 30*time.Second); err != nil {
		return nil, err
	}
	rep.MemAfter = settledMemory(cfg.Settle)
	if cfg.MemProfile != "" {
		if err := writeHeapProfile(cfg.MemProfile); err != nil {
			return nil, err
		}
	}
	log.Info("sse: streams open and idle", "connected", ready.Connected, "failed", ready.Failed,
		"setup", rep.Setup.Round(time.Millisecond))

	if cfg.CPUProfile != "" {
		f, err := os.Create(cfg.CPUProfile)
		if err != nil {
			return nil, fmt.Errorf("sse: cpu profile: %w", err)
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			return nil, fmt.Errorf("sse: cpu profile: %w", err)
		}
		defer pprof.StopCPUProfile()
	}
	rep.LoadAvg = loadAvg()
	statsStart := srv.hub.Stats()
	cpuStart := processCPU()
	var publish bench.Latencies
	tick := time.NewTicker(cfg.Interval)
	defer tick.Stop()
	for k := range cfg.Events {
		if k > 0 {
			select {
			case <-tick.C:
			case <-ctx.Done():
				return nil, ctx.Err()
			}
		}
		ev := events.MarketInfoUpdate(srv.market, "")
		ev.Data[keySeq] = strconv.Itoa(k)
		start := time.Now()
		ev.Data[keySentNS] = strconv.FormatInt(start.UnixNano(), 10)
		if err := srv.hub.Publish(ctx, ev); err != nil {
			return nil, fmt.Errorf("sse: publish event %d: %w", k, err)
		}
		publish.Add(time.Since(start))
	}
	if err := child.send("published"); err != nil {
		return nil, err
	}
	res, err := child.next("result")
	if err != nil {
		return nil, err
	}
	rep.ServerCPU = processCPU() - cpuStart
	stats := srv.hub.Stats()
	rep.Sent, rep.Direct = stats.Sent-statsStart.Sent, stats.Direct-statsStart.Direct
	if cfg.CPUProfile != "" {
		pprof.StopCPUProfile() // the fan-out is over
	}
	rep.Expected, rep.Delivered, rep.Missed, rep.Ended = res.Expected, res.Delivered, res.Missed, res.Ended
	rep.FanOut = res.Latency
	rep.Written = srv.ln.summary()
	rep.Publish = publish.Summary()
	if err := child.wait(); err != nil {
		return nil, err
	}
	return rep, nil
}

// print writes the report for a person.
func (r *sseReport) print(w io.Writer) {
	kib := func(b float64) string { return fmt.Sprintf("%.1f KiB", b/1024) }
	mib := func(b int64) string { return fmt.Sprintf("%+.1f MiB", float64(b)/(1<<20)) }
	n := float64(max(r.Connected, 1))
	diff := func(f func(memory) uint64) int64 { return int64(f(r.MemAfter)) - int64(f(r.MemBefore)) }
	heap := diff(func(m memory) uint64 { return m.HeapInuse })
	stack := diff(func(m memory) uint64 { return m.StackInuse })
	sys := diff(func(m memory) uint64 { return m.Sys })
	goroutines := r.MemAfter.Goroutines - r.MemBefore.Goroutines
	verdict := func(ok bool) string {
		if ok {
			return "met"
		}
		return "MISSED"
	}
	fmt.Fprintf(w, "SSE fan-out on one market (%s)\n", r.Topic)
	fmt.Fprintf(w, "  machine         %d CPUs, GOMAXPROCS %d, open-files limit %d, load average at fan-out %s\n",
		runtime.NumCPU(), runtime.GOMAXPROCS(0), r.NoFile, r.LoadAvg)
	fmt.Fprintf(w, "  connections     %d of %d open (%d failed), %d users, opened in %s (%.0f/s)\n",
		r.Connected, r.Conns, r.Failed, r.Users, r.Setup.Round(time.Millisecond), float64(r.Connected)/max(r.Setup.Seconds(), 1e-9))
	for _, e := range r.SetupErrors {
		fmt.Fprintf(w, "    setup error   %s\n", e)
	}
	fmt.Fprintf(w, "  events          %d published, one every %s\n", r.Events, r.Interval)
	fmt.Fprintf(w, "  delivered       %d of %d (connection, event) pairs, %d missed, %d streams ended early\n",
		r.Delivered, r.Expected, r.Missed, r.Ended)
	fmt.Fprintf(w, "  fan-out latency %s   target p99 < %s: %s\n", r.FanOut, targetFanOutP99, verdict(r.FanOut.P99 < targetFanOutP99))
	fmt.Fprintf(w, "                  (publish to read by a client; the clients' process shares the machine)\n")
	fmt.Fprintf(w, "  server written  %s   (publish to the event's bytes written to the socket)\n", r.Written)
	fmt.Fprintf(w, "  publish call    %s   (hub: queue the event on every stream)\n", r.Publish)
	if r.Delivered > 0 && r.ServerCPU > 0 {
		fmt.Fprintf(w, "  server CPU      %s for the fan-out = %.2f µs per delivery (%.0f deliveries per CPU-second)\n",
			r.ServerCPU.Round(time.Millisecond), float64(r.ServerCPU.Microseconds())/float64(r.Delivered),
			float64(r.Delivered)/r.ServerCPU.Seconds())
	}
	if r.Sent > 0 {
		fmt.Fprintf(w, "  written direct  %d of %d frames (%.1f%%) by the delivery itself, the rest by the stream's goroutine\n",
			r.Direct, r.Sent, 100*float64(r.Direct)/float64(r.Sent))
	}
	if r.Written.P99 > 0 {
		fmt.Fprintf(w, "  fan-out rate    %.0f deliveries/s (one event to %d streams, written by p99 %s)\n",
			float64(r.Connected)/r.Written.P99.Seconds(), r.Connected, r.Written.P99.Round(time.Millisecond))
	}
	per := float64(heap+stack) / n
	fmt.Fprintf(w, "  idle memory     HeapInuse+StackInuse %s = %s per connection   target <= %s: %s\n",
		mib(heap+stack), kib(per), kib(targetBytesPerConn), verdict(per <= targetBytesPerConn))
	fmt.Fprintf(w, "                  of which heap %s, stacks %s per connection; Sys %s = %s per connection\n",
		kib(float64(heap)/n), kib(float64(stack)/n), mib(sys), kib(float64(sys)/n))
	fmt.Fprintf(w, "  goroutines      %+d = %.2f per connection\n", goroutines, float64(goroutines)/n)
}

// ---- the server side ----

// sseServer is the service under test.
type sseServer struct {
	st     *store.DB
	hub    *events.Hub
	bus    *events.MemoryBus
	http   *http.Server
	addr   string
	market string   // market address
	topic  string   // its topic
	tokens []string // one per user
	open   atomic.Int64
	ln     *stampListener
}

func startSSEServer(ctx context.Context, log *slog.Logger, dir string, cfg sseConfig) (*sseServer, error) {
	s := &sseServer{}
	ok := false
	defer func() {
		if !ok {
			s.close()
		}
	}()
	var err error
	if s.st, err = store.Open(ctx, filepath.Join(dir, "predict.db"), nil); err != nil {
		return nil, fmt.Errorf("sse: open store: %w", err)
	}
	if s.market, err = createBenchMarket(ctx, s.st); err != nil {
		return nil, err
	}
	s.topic = events.MarketTopic(s.market)

	const issuer, audience = "predict-dev", "predict"
	dev, err := auth.OpenDevProvider(dir, issuer, audience)
	if err != nil {
		return nil, fmt.Errorf("sse: identity provider: %w", err)
	}
	verifier, err := auth.NewVerifier(auth.Config{KeySource: dev, Issuer: issuer, Audience: audience})
	if err != nil {
		return nil, fmt.Errorf("sse: token verifier: %w", err)
	}
	for i := range cfg.Users {
		sub := fmt.Sprintf("did:loadgen:user%d", i)
		if _, _, err := s.st.Login(ctx, predict.LoginParams{Subject: sub, Address: fmt.Sprintf("0x%040x", i+1)}); err != nil {
			return nil, fmt.Errorf("sse: log in %s: %w", sub, err)
		}
		tok, err := dev.Mint(sub, 24*time.Hour)
		if err != nil {
			return nil, fmt.Errorf("sse: mint a token: %w", err)
		}
		s.tokens = append(s.tokens, tok)
	}

	s.bus = events.NewMemoryBus()
	// The hub's limits are SPEC.md's (buffer, ping, write deadline) but
	// for the lifetime: streams must all stay open until the end of the
	// run, however long opening them takes, and the per-user cap, off:
	// thousands of streams belong to -users users.
	if s.hub, err = events.NewHub(ctx, s.bus, events.HubConfig{Lifetime: cfg.Lifetime, MaxStreamsPerUser: -1, Logger: log}); err != nil {
		return nil, fmt.Errorf("sse: start hub: %w", err)
	}
	quiet := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))
	reg := prometheus.NewRegistry()
	// Rate limits off: thousands of streams of few users from one IP.
	apiSrv := api.NewServer(api.Config{BodyLimit: 1 << 20, Events: s.hub}, s.st, verifier, quiet, reg)
	// The settings of predict serve (cmd/predict/serve.go).
	s.http = &http.Server{
		Handler:           apiSrv.Handler(reg),
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       30 * time.Second,
		IdleTimeout:       120 * time.Second,
		ErrorLog:          slog.NewLogLogger(quiet.Handler(), slog.LevelWarn),
		ConnState: func(_ net.Conn, st http.ConnState) {
			switch st {
			case http.StateNew:
				s.open.Add(1)
			case http.StateClosed, http.StateHijacked:
				s.open.Add(-1)
			}
		},
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, fmt.Errorf("sse: listen: %w", err)
	}
	s.addr = ln.Addr().String()
	s.ln = &stampListener{Listener: ln}
	go func() {
		if err := s.http.Serve(s.ln); !errors.Is(err, http.ErrServerClosed) {
			log.Error("sse: server stopped", "err", err)
		}
	}()
	ok = true
	return s, nil
}

// createBenchMarket records a running two-option market, as the indexer
// would after its creation (subscribe requires the market to exist).
func createBenchMarket(ctx context.Context, st *store.DB) (string, error) {
	addr := func(n int) string { return fmt.Sprintf("0x%040x", 0xbe0000+n) }
	now := time.Now().UTC().Truncate(time.Millisecond)
	half := new(big.Int).Exp(big.NewInt(10), big.NewInt(17), nil)
	half.Mul(half, big.NewInt(5))
	m := &predict.Market{
		Address: addr(1), Title: "Loadgen market", Description: "Fan-out benchmark.", Rules: "None.",
		Status: predict.StatusRunning, BaseToken: addr(2), CategoryID: "crypto", Tags: []string{},
		FeeBps: 200, Volume: big.NewInt(0), Liquidity: big.NewInt(1000_000000),
		StartTime: now.Add(-time.Hour), EndTime: now.Add(30 * 24 * time.Hour), CreatedAt: now,
		Options: []predict.Option{
			{Address: addr(3), Index: 0, Title: "Yes", Price: half, PoolBalance: big.NewInt(1000_000000), Volume: big.NewInt(0)},
			{Address: addr(4), Index: 1, Title: "No", Price: half, PoolBalance: big.NewInt(1000_000000), Volume: big.NewInt(0)},
		},
	}
	if err := st.CreateMarket(ctx, m); err != nil {
		return "", fmt.Errorf("sse: create market: %w", err)
	}
	return m.Address, nil
}

// waitIdle waits until the hub holds want streams and the server no
// other connection.
func (s *sseServer) waitIdle(ctx context.Context, want int64, timeout time.Duration) error {
	deadline := time.Now().Add(timeout)
	for {
		// Streams run on hijacked connections, which the HTTP server
		// stops counting (HTTP/2 would keep them in it).
		conns, open := s.hub.Stats().Connections, s.open.Load()
		if conns == want && (open == 0 || open == want) {
			return nil
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("sse: the hub holds %d streams and the server %d connections, want %d", conns, open, want)
		}
		select {
		case <-time.After(50 * time.Millisecond):
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}

func (s *sseServer) close() {
	if s.hub != nil {
		s.hub.Close() // ends the streams, so Shutdown need not wait for them
	}
	if s.http != nil {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		_ = s.http.Shutdown(ctx)
		cancel()
	}
	if s.bus != nil {
		_ = s.bus.Close()
	}
	if s.st != nil {
		_ = s.st.Close()
	}
}

// stampListener hands out connections that note, for each benchmark
// event written on them, the time from its publication to the end of the
// write (the kernel has the bytes): the server's part of the fan-out
// latency, without the clients' part. The notes cost a search of each
// write for keySentNS; they hold no memory until the first event.
type stampListener struct {
	net.Listener
	mu    sync.Mutex
	conns []*stampConn
}

func (l *stampListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	sc := &stampConn{Conn: c}
	l.mu.Lock()
	l.conns = append(l.conns, sc)
	l.mu.Unlock()
	return sc, nil
}

// summary is the distribution of what every connection noted.
func (l *stampListener) summary() bench.Summary {
	var all bench.Latencies
	l.mu.Lock()
	defer l.mu.Unlock()
	for _, c := range l.conns {
		c.mu.Lock()
		for _, d := range c.written {
			all.Add(d)
		}
		c.mu.Unlock()
	}
	return all.Summary()
}

var sentMarker = []byte(`"` + keySentNS + `":"`)

type stampConn struct {
	net.Conn
	mu      sync.Mutex
	written []time.Duration
	tryOnce sync.Once
	try     func([]byte) (int, error)
}

func (c *stampConn) Write(b []byte) (int, error) {
	n, err := c.Conn.Write(b)
	if err == nil {
		c.stamp(b)
	}
	return n, err
}

// TryWrite lets the hub write to the socket without waiting, as it does
// on a connection that is not wrapped, and notes what it wrote whole.
func (c *stampConn) TryWrite(b []byte) (int, error) {
	c.tryOnce.Do(func() { c.try = events.NonBlocking(c.Conn) })
	if c.try == nil {
		return 0, nil
	}
	n, err := c.try(b)
	if err == nil && n == len(b) {
		c.stamp(b)
	}
	return n, err
}

// stamp notes, for each benchmark event in b, the time since it was
// published.
func (c *stampConn) stamp(b []byte) {
	if !bytes.Contains(b, sentMarker) {
		return
	}
	at := time.Now()
	c.mu.Lock()
	defer c.mu.Unlock()
	for rest := b; ; {
		i := bytes.Index(rest, sentMarker)
		if i < 0 {
			break
		}
		rest = rest[i+len(sentMarker):]
		end := bytes.IndexByte(rest, '"')
		if end < 0 {
			break
		}
		if sent, err := strconv.ParseInt(string(rest[:end]), 10, 64); err == nil {
			c.written = append(c.written, at.Sub(time.Unix(0, sent)))
		}
	}
}

// memory is a settled reading of the process's memory.
type memory struct {
	HeapInuse, StackInuse, Sys uint64 // of runtime.MemStats
	Goroutines                 int
}

// processCPU is the user and system CPU time this process has used.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// settledMemory collects garbage, lets the process idle for settle, and
// reads its memory statistics.
func settledMemory(settle time.Duration) memory {
	runtime.GC()
	runtime.GC()
	time.Sleep(settle)
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return memory{HeapInuse: ms.HeapInuse, StackInuse: ms.StackInuse, Sys: ms.Sys, Goroutines: runtime.NumGoroutine()}
}

// raiseNoFile raises the soft open-files limit to what streams need
// (one descriptor each, plus fdHeadroom and extra), within the hard limit;
// with hard it first raises the hard limit (only a privileged process
// may). It returns the resulting soft limit, and an error when it is too
// low for streams.
func raiseNoFile(streams, extra int, hard bool) (uint64, error) {
	need := uint64(streams + extra + fdHeadroom)
	var lim syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &lim); err != nil {
		return 0, fmt.Errorf("read the open-files limit: %w", err)
	}
	if hard && lim.Max < need {
		raised := syscall.Rlimit{Cur: need, Max: need}
		if err := syscall.Setrlimit(syscall.RLIMIT_NOFILE, &raised); err != nil {
			return lim.Cur, fmt.Errorf("raise the hard open-files limit from %d to %d: %w", lim.Max, need, err)
		}
		lim = raised
	}
	if lim.Cur < need {
		lim.Cur = min(need, lim.Max)
		if err := syscall.Setrlimit(syscall.RLIMIT_NOFILE, &lim); err != nil {
			return 0, fmt.Errorf("raise the open-files limit to %d: %w", lim.Cur, err)
		}
	}
	if lim.Cur < need {
		fit := int64(lim.Cur) - int64(extra+fdHeadroom)
		return lim.Cur, fmt.Errorf("the hard open-files limit is %d, and %d streams need %d descriptors: "+
			"at most %d fit (raise the hard limit with ulimit -Hn, or pass -raise-hard if privileged)",
			lim.Max, streams, need, max(fit, 0))
	}
	return lim.Cur, nil
}

func writeHeapProfile(path string) error {
	f, err := os.Create(path)
	if err != nil {
		return fmt.Errorf("sse: heap profile: %w", err)
	}
	if err := pprof.Lookup("heap").WriteTo(f, 0); err != nil {
		f.Close()
		return fmt.Errorf("sse: heap profile: %w", err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("sse: heap profile: %w", err)
	}
	return nil
}

func loadAvg() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "unknown"
	}
	f := strings.Fields(string(b))
	if len(f) < 3 {
		return "unknown"
	}
	return strings.Join(f[:3], " ")
}

// ---- the parent's end of the child ----

// clientsMsg is one line the child writes on its stdout.
type clientsMsg struct {
	Type string `json:"type"` // "ready" or "result"

	// ready
	Connected int      `json:"connected,omitempty"`
	Failed    int      `json:"failed,omitempty"`
	Errors    []string `json:"errors,omitempty"` // the first few setup errors
	SetupNS   int64    `json:"setup_ns,omitempty"`

	// result
	Expected  int           `json:"expected,omitempty"`
	Delivered int           `json:"delivered,omitempty"`
	Missed    int           `json:"missed,omitempty"`
	Ended     int           `json:"ended,omitempty"`
	Latency   bench.Summary `json:"latency"`
}

type clients struct {
	cmd   *exec.Cmd
	in    io.WriteCloser
	out   *bufio.Scanner
	waits sync.Once
	err   error
}

func startClients(ctx context.Context, cfg sseConfig, args []string) (*clients, error) {
	mk := cfg.child
	if mk == nil {
		mk = func(ctx context.Context, args []string) (*exec.Cmd, error) {
			exe, err := os.Executable()
			if err != nil {
				return nil, err
			}
			return exec.CommandContext(ctx, exe, append([]string{"sse-clients"}, args...)...), nil
		}
	}
	cmd, err := mk(ctx, args)
	if err != nil {
		return nil, fmt.Errorf("sse: clients command: %w", err)
	}
	cmd.Stderr = os.Stderr
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, fmt.Errorf("sse: clients stdin: %w", err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, fmt.Errorf("sse: clients stdout: %w", err)
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("sse: start clients: %w", err)
	}
	sc := bufio.NewScanner(out)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	return &clients{cmd: cmd, in: in, out: sc}, nil
}

// next returns the child's next message, which must be of type typ.
// Lines that are not JSON objects (a test binary's chatter) are skipped.
func (c *clients) next(typ string) (*clientsMsg, error) {
	for c.out.Scan() {
		line := c.out.Bytes()
		if !bytes.HasPrefix(line, []byte("{")) {
			continue
		}
		var m clientsMsg
		if err := json.Unmarshal(line, &m); err != nil {
			return nil, fmt.Errorf("sse: clients said %q: %w", line, err)
		}
		if m.Type != typ {
			return nil, fmt.Errorf("sse: clients said %q, want a %s message", m.Type, typ)
		}
		return &m, nil
	}
	if err := c.wait(); err != nil {
		return nil, err
	}
	return nil, fmt.Errorf("sse: clients exited before their %s message", typ)
}

func (c *clients) send(line string) error {
	if _, err := io.WriteString(c.in, line+"\n"); err != nil {
		return fmt.Errorf("sse: tell the clients %q: %w", line, err)
	}
	return nil
}

// wait closes the child's stdin and waits for it to exit.
func (c *clients) wait() error {
	c.waits.Do(func() {
		c.in.Close()
		if err := c.cmd.Wait(); err != nil {
			c.err = fmt.Errorf("sse: clients: %w", err)
		}
	})
	return c.err
}

// stop ends the child if it is still running.
func (c *clients) stop() {
	if c.cmd.ProcessState == nil && c.cmd.Process != nil {
		_ = c.cmd.Process.Kill()
	}
	_ = c.wait()
}

// ---- the child: the clients ----

func runSSEClients(ctx context.Context, log *slog.Logger, args []string) error {
	fs := flag.NewFlagSet("sse-clients", flag.ContinueOnError)
	var (
		addr, tokensFile, topic string
		cpuProfile              string
		conns, nEvents, workers int
		drain                   time.Duration
	)
	fs.StringVar(&addr, "addr", "", "server host:port")
	fs.StringVar(&tokensFile, "tokens", "", "file of bearer tokens, one a line")
	fs.StringVar(&topic, "topic", "", "market topic to subscribe")
	fs.IntVar(&conns, "conns", 100, "streams to open")
	fs.IntVar(&nEvents, "events", 1, "events the server will publish")
	fs.IntVar(&workers, "workers", 64, "streams opened concurrently")
	fs.DurationVar(&drain, "drain", 10*time.Second, "how long to wait for late events")
	fs.StringVar(&cpuProfile, "cpuprofile", "", "write the CPU profile from ready to the end to this file")
	if err := fs.Parse(args); err != nil {
		return err
	}
	raw, err := os.ReadFile(tokensFile)
	if err != nil {
		return fmt.Errorf("sse-clients: read tokens: %w", err)
	}
	tokens := strings.Fields(string(raw))
	if addr == "" || topic == "" || len(tokens) == 0 || nEvents < 1 {
		return errors.New("sse-clients: -addr, -topic, -tokens and -events are required")
	}
	// The hard limit is the parent's, which raised it if it could.
	if _, err := raiseNoFile(conns, workers, false); err != nil {
		return fmt.Errorf("sse-clients: %w", err)
	}
	cl := &sseClients{addr: addr, topic: topic, events: nEvents,
		http: &http.Client{Timeout: 30 * time.Second, Transport: &http.Transport{
			MaxIdleConnsPerHost: workers, MaxConnsPerHost: workers, DisableCompression: true,
		}}}
	out := json.NewEncoder(os.Stdout)

	start := time.Now()
	streams, failed, errs := cl.open(ctx, conns, workers, tokens)
	cl.http.CloseIdleConnections() // leave the server with the streams alone
	if err := out.Encode(clientsMsg{Type: "ready", Connected: len(streams), Failed: failed,
		Errors: errs, SetupNS: int64(time.Since(start))}); err != nil {
		return err
	}

	if cpuProfile != "" {
		f, err := os.Create(cpuProfile)
		if err != nil {
			return fmt.Errorf("sse-clients: cpu profile: %w", err)
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			return fmt.Errorf("sse-clients: cpu profile: %w", err)
		}
		defer pprof.StopCPUProfile()
	}
	// Wait for the parent to have published everything (or to be gone),
	// then for the last events to arrive.
	in := bufio.NewScanner(os.Stdin)
	for in.Scan() && in.Text() != "published" {
	}
	expected := int64(len(streams) * nEvents)
	deadline := time.Now().Add(drain)
	for cl.delivered.Load() < expected && cl.ended.Load() < int64(len(streams)) && time.Now().Before(deadline) {
		time.Sleep(5 * time.Millisecond)
	}
	var lat bench.Latencies
	delivered := 0
	cl.closing.Store(true)
	for _, s := range streams {
		s.conn.Close()
	}
	for _, s := range streams {
		<-s.done
		delivered += len(s.latencies)
		for _, d := range s.latencies {
			lat.Add(d)
		}
	}
	return out.Encode(clientsMsg{Type: "result", Expected: int(expected), Delivered: delivered,
		Missed: int(expected) - delivered, Ended: int(cl.endedEarly.Load()), Latency: lat.Summary()})
}

// sseClients opens and reads streams.
type sseClients struct {
	addr, topic string
	events      int
	http        *http.Client

	delivered  atomic.Int64 // benchmark events received, all streams
	ended      atomic.Int64 // streams whose reading ended
	endedEarly atomic.Int64 // streams that ended before the client closed them
	closing    atomic.Bool
}

// sseStream is one open stream.
type sseStream struct {
	conn      net.Conn
	latencies []time.Duration // receipt minus publish, one per event
	done      chan struct{}
}

// open opens n streams with workers at a time and returns those that
// opened, the number that failed and the first few errors.
func (cl *sseClients) open(ctx context.Context, n, workers int, tokens []string) ([]*sseStream, int, []string) {
	var (
		mu      sync.Mutex
		streams []*sseStream
		failed  int
		errs    []string
		next    atomic.Int64
		wg      sync.WaitGroup
	)
	for range min(workers, n) {
		wg.Go(func() {
			for {
				i := int(next.Add(1)) - 1
				if i >= n || ctx.Err() != nil {
					return
				}
				s, err := cl.openStream(ctx, tokens[i%len(tokens)])
				mu.Lock()
				if err != nil {
					failed++
					if len(errs) < 5 {
						errs = append(errs, err.Error())
					}
				} else {
					streams = append(streams, s)
				}
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	return streams, failed, errs
}

// openStream connects over its own TCP connection, reads base:connected,
// subscribes to the topic and starts reading the stream.
func (cl *sseClients) openStream(ctx context.Context, token string) (*sseStream, error) {
	d := net.Dialer{Timeout: 10 * time.Second}
	conn, err := d.DialContext(ctx, "tcp", cl.addr)
	if err != nil {
		return nil, fmt.Errorf("dial: %w", err)
	}
	ok := false
	defer func() {
		if !ok {
			conn.Close()
		}
	}()
	_ = conn.SetDeadline(time.Now().Add(30 * time.Second))
	req := "POST /api/v1/sse/connect HTTP/1.1\r\nHost: " + cl.addr + "\r\nAuthorization: Bearer " + token +
		"\r\nAccept: text/event-stream\r\nContent-Length: 0\r\n\r\n"
	if _, err := io.WriteString(conn, req); err != nil {
		return nil, fmt.Errorf("connect: %w", err)
	}
	br := bufio.NewReaderSize(conn, 1024)
	res, err := http.ReadResponse(br, nil)
	if err != nil {
		return nil, fmt.Errorf("connect: %w", err)
	}
	if res.StatusCode != http.StatusOK {
		body, _ := io.ReadAll(io.LimitReader(res.Body, 512))
		return nil, fmt.Errorf("connect: HTTP %d: %s", res.StatusCode, bytes.TrimSpace(body))
	}
	p := &sseParser{r: bufio.NewReaderSize(res.Body, 512)}
	name, data, err := p.next()
	if err != nil {
		return nil, fmt.Errorf("read base:connected: %w", err)
	}
	var first map[string]string
	if name != events.NameConnected || json.Unmarshal(data, &first) != nil || first[events.KeyConnectionID] == "" {
		return nil, fmt.Errorf("first event is %s %s, want base:connected", name, data)
	}
	if err := cl.subscribe(ctx, token, first[events.KeyConnectionID]); err != nil {
		return nil, err
	}
	_ = conn.SetDeadline(time.Time{})
	s := &sseStream{conn: conn, latencies: make([]time.Duration, 0, cl.events), done: make(chan struct{})}
	go cl.read(s, p)
	ok = true
	return s, nil
}

func (cl *sseClients) subscribe(ctx context.Context, token, connID string) error {
	body, _ := json.Marshal(wire.Subscriptions{ConnectionID: connID, Topics: []string{cl.topic}})
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "http://"+cl.addr+"/api/v1/sse/subscribe", bytes.NewReader(body))
	if err != nil {
		return fmt.Errorf("subscribe: %w", err)
	}
	req.Header.Set("Authorization", "Bearer "+token)
	req.Header.Set("Content-Type", "application/json")
	res, err := cl.http.Do(req)
	if err != nil {
		return fmt.Errorf("subscribe: %w", err)
	}
	defer res.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(res.Body, 64<<10))
	if err != nil {
		return fmt.Errorf("subscribe: %w", err)
	}
	var env struct {
		Code int `json:"code"`
	}
	if res.StatusCode != http.StatusOK || json.Unmarshal(raw, &env) != nil || env.Code != 0 {
		return fmt.Errorf("subscribe: HTTP %d: %s", res.StatusCode, bytes.TrimSpace(raw))
	}
	return nil
}

// read records the benchmark events of a stream until it ends.
func (cl *sseClients) read(s *sseStream, p *sseParser) {
	defer close(s.done)
	defer cl.ended.Add(1)
	seen := make([]bool, cl.events)
	for {
		name, data, err := p.next()
		if err != nil {
			if !cl.closing.Load() && !errors.Is(err, net.ErrClosed) {
				cl.endedEarly.Add(1)
			}
			return
		}
		at := time.Now()
		if name != events.NameInfoUpdate {
			continue // base:ping
		}
		var d map[string]string
		if json.Unmarshal(data, &d) != nil {
			continue
		}
		seq, err1 := strconv.Atoi(d[keySeq])
		sent, err2 := strconv.ParseInt(d[keySentNS], 10, 64)
		if err1 != nil || err2 != nil || seq < 0 || seq >= len(seen) || seen[seq] {
			continue
		}
		seen[seq] = true
		s.latencies = append(s.latencies, at.Sub(time.Unix(0, sent)))
		cl.delivered.Add(1)
	}
}

// sseParser reads the messages of a stream: "id:", "event:" and "data:"
// lines ended by a blank line (the format of docs/events.md; the
// service writes one data line per message).
type sseParser struct {
	r    *bufio.Reader
	data []byte
}

// next returns the next message's event name and data.
func (p *sseParser) next() (name string, data []byte, err error) {
	p.data = p.data[:0]
	for {
		line, err := p.r.ReadSlice('\n')
		if err != nil {
			if errors.Is(err, bufio.ErrBufferFull) {
				return "", nil, errors.New("stream line longer than the read buffer")
			}
			return "", nil, err
		}
		line = bytes.TrimRight(line, "\r\n")
		switch {
		case len(line) == 0:
			if name != "" || len(p.data) > 0 {
				return name, p.data, nil
			}
		case bytes.HasPrefix(line, []byte("event:")):
			name = string(bytes.TrimSpace(line[len("event:"):]))
		case bytes.HasPrefix(line, []byte("data:")):
			p.data = append(p.data, bytes.TrimPrefix(line[len("data:"):], []byte(" "))...)
		}
	}
}
