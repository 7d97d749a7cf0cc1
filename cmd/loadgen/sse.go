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
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"runtime/pprof"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/predict-dev/predict/internal/bench"
	"github.com/predict-dev/predict/internal/events"
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
	fs.DurationVar(&cfg.Lifetime, "lifetime", time.Hour, "stream lifetime (docs/events.md: 10m; longer keeps every stream open through a long setup)")
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

	child, err := startClientsOf(ctx, cfg, dir, srv)
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
	if err := srv.publishEvents(ctx, cfg, &publish); err != nil {
		return nil, err
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

// startClientsOf writes the server's tokens to a file in dir and starts
// the child process of clients against srv: the step of the experiment
// that turns the server's setup into the child's flags.
func startClientsOf(ctx context.Context, cfg sseConfig, dir string, srv *sseServer) (*clients, error) {
	tokens := filepath.Join(dir, "tokens")
	if err := os.WriteFile(tokens, []byte(strings.Join(srv.tokens, "\n")+"\n"), 0o600); err != nil {
		return nil, fmt.Errorf("sse: write tokens: %w", err)
	}
	return startClients(ctx, cfg, []string{
		"-addr", srv.addr, "-tokens", tokens, "-topic", srv.topic,
		"-conns", strconv.Itoa(cfg.Conns), "-events", strconv.Itoa(cfg.Events),
		"-workers", strconv.Itoa(cfg.Workers), "-drain", cfg.Drain.String(),
		"-cpuprofile", cfg.ClientsCPU,
	})
}

// publishEvents publishes cfg.Events benchmark events on the market's
// topic, one every cfg.Interval, each stamped with its sequence number
// and publish time, and adds how long each Publish took to publish: the
// fan-out itself, which the experiment times and profiles as one step.
func (s *sseServer) publishEvents(ctx context.Context, cfg sseConfig, publish *bench.Latencies) error {
	tick := time.NewTicker(cfg.Interval)
	defer tick.Stop()
	for k := range cfg.Events {
		if k > 0 {
			select {
			case <-tick.C:
			case <-ctx.Done():
				return ctx.Err()
			}
		}
		ev := events.MarketInfoUpdate(s.market, "")
		ev.Data[keySeq] = strconv.Itoa(k)
		start := time.Now()
		ev.Data[keySentNS] = strconv.FormatInt(start.UnixNano(), 10)
		if err := s.hub.Publish(ctx, ev); err != nil {
			return fmt.Errorf("sse: publish event %d: %w", k, err)
		}
		publish.Add(time.Since(start))
	}
	return nil
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

// ---- this process's resources (the server's, or the clients') ----

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
