//go:build unix

package main

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
	"net"
	"net/http"
	"os"
	"os/exec"
	"runtime/pprof"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/predict-dev/predict/event"
	"github.com/predict-dev/predict/internal/bench"
	"github.com/predict-dev/predict/wire"
)

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
	if name != event.Connected || json.Unmarshal(data, &first) != nil || first[event.KeyConnectionID] == "" {
		return nil, fmt.Errorf("first event is %s %s, want base:connected", name, data)
	}
	if err := cl.subscribe(ctx, token, first[event.KeyConnectionID]); err != nil {
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
		if name != event.InfoUpdate {
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
