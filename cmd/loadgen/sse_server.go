//go:build unix

package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math/big"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/internal/api"
	"github.com/predict-dev/predict/internal/auth"
	"github.com/predict-dev/predict/internal/bench"
	"github.com/predict-dev/predict/internal/events"
	"github.com/predict-dev/predict/internal/store"
)

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
	// The hub's limits are docs/events.md's (buffer, ping, write deadline) but
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
