//go:build unix

package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"
)

// clientsEnv tells a run of this test binary to be the clients of TestSSE.
const clientsEnv = "LOADGEN_SSE_CLIENTS"

// TestSSE runs the fan-out experiment at a small scale, with the clients
// in a child process as loadgen sse runs them, and checks that every
// event reached every stream. Timings are reported, never checked.
func TestSSE(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cfg := sseConfig{
		Conns: 50, Users: 3, Events: 3, Interval: 50 * time.Millisecond, Lifetime: time.Hour,
		Workers: 8, Settle: 10 * time.Millisecond, Drain: 10 * time.Second,
		child: func(ctx context.Context, args []string) (*exec.Cmd, error) {
			cmd := exec.CommandContext(ctx, exe, append([]string{"-test.run=^TestSSEClientsProcess$", "--"}, args...)...)
			cmd.Env = append(os.Environ(), clientsEnv+"=1")
			return cmd, nil
		},
	}
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	rep, err := sseExperiment(ctx, log, cfg)
	if err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	rep.print(&out)
	t.Log("\n" + out.String())
	if rep.Connected != cfg.Conns || rep.Failed != 0 {
		t.Fatalf("%d streams opened, %d failed (%v), want %d and 0", rep.Connected, rep.Failed, rep.SetupErrors, cfg.Conns)
	}
	want := cfg.Conns * cfg.Events
	if rep.Expected != want || rep.Delivered != want || rep.Missed != 0 || rep.FanOut.N != want {
		t.Errorf("delivered %d of %d (latencies %d, missed %d), want all %d", rep.Delivered, rep.Expected, rep.FanOut.N, rep.Missed, want)
	}
	if rep.Written.N != want {
		t.Errorf("the server noted %d events written, want %d", rep.Written.N, want)
	}
	// Loopback sockets with idle readers take every event at once, so
	// the delivery writes (nearly) all of them itself.
	if rep.Direct == 0 || rep.Direct > rep.Sent {
		t.Errorf("%d of %d frames written by the delivery, want most", rep.Direct, rep.Sent)
	}
	if rep.Ended != 0 {
		t.Errorf("%d streams ended before the end of the run", rep.Ended)
	}
	if got := rep.MemAfter.Goroutines - rep.MemBefore.Goroutines; got < cfg.Conns {
		t.Errorf("the server gained %d goroutines for %d open streams", got, cfg.Conns)
	}
}

// TestSSEClientsProcess is the child process of TestSSE: this test binary
// run again with clientsEnv set and the flags of sse-clients after "--".
func TestSSEClientsProcess(t *testing.T) {
	if os.Getenv(clientsEnv) != "1" {
		t.Skip("the clients of TestSSE; runs only in their child process")
	}
	log := slog.New(slog.NewTextHandler(os.Stderr, nil))
	if err := runSSEClients(context.Background(), log, flag.Args()); err != nil {
		fmt.Fprintln(os.Stderr, "sse-clients:", err)
		os.Exit(1)
	}
	os.Exit(0) // before the test framework writes to stdout
}
