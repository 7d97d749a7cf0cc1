package main

import (
	"bytes"
	"context"
	"errors"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/predict-dev/predict/internal/api"
	"github.com/predict-dev/predict/internal/cli"
)

// TestServeTakenPort: a taken address fails before anything slow starts
// (no data directory, no chain), with one line that says what to do.
func TestServeTakenPort(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	dataDir := filepath.Join(t.TempDir(), "data")
	getenv := testEnv(t, map[string]string{"PREDICT_HTTP_ADDR": ln.Addr().String(), "PREDICT_DATA_DIR": dataDir})
	var stderr bytes.Buffer
	start := time.Now()
	err = run(context.Background(), []string{"serve"}, getenv, io.Discard, &stderr)
	t.Logf("serve on a taken port returned in %s: %v", time.Since(start).Round(time.Millisecond), err)
	if err == nil || !strings.Contains(err.Error(), ln.Addr().String()+" is already in use") || !strings.Contains(err.Error(), "PREDICT_HTTP_ADDR") {
		t.Fatalf("serve on a taken port: %v", err)
	}
	if strings.Contains(err.Error(), "\n") {
		t.Fatalf("want one line, got %q", err)
	}
	if _, err := os.Stat(dataDir); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("the data directory was created before the port was bound: %v", err)
	}
}

// TestServeDataDirInUse: a second serve on the data directory of a
// running one names the directory and the way out, in one line.
func TestServeDataDirInUse(t *testing.T) {
	e := startE2E(t, nil)
	getenv := testEnv(t, map[string]string{"PREDICT_DATA_DIR": e.m.Config.DataDir})
	err := run(context.Background(), []string{"serve"}, getenv, io.Discard, io.Discard)
	dir, _ := filepath.Abs(e.m.Config.DataDir)
	if err == nil || !strings.Contains(err.Error(), "the data directory "+dir+" is in use: another predict serve holds it") ||
		!strings.Contains(err.Error(), "PREDICT_DATA_DIR=") || strings.Contains(err.Error(), "\n") {
		t.Fatalf("serve on a data directory in use: %v", err)
	}
	if _, err := http.Get("http://" + e.m.Addr() + "/readyz"); err != nil {
		t.Fatalf("the first service after the second's refusal: %v", err)
	}
}

// TestLogComponentOnce: a worker's log lines name their component once
// (the wiring names it; the worker does not name itself again).
func TestLogComponentOnce(t *testing.T) {
	getenv := testEnv(t, nil)
	cfg, err := LoadConfig(getenv)
	if err != nil {
		t.Fatal(err)
	}
	var logs lockedBuffer
	m := &Main{Config: cfg, Logger: slog.New(slog.NewTextHandler(&logs, &slog.HandlerOptions{Level: slog.LevelDebug}))}
	if err := m.Open(context.Background()); err != nil {
		t.Fatal(err)
	}
	defer m.Close(context.Background())
	for start := time.Now(); !strings.Contains(logs.String(), "component=indexer"); time.Sleep(50 * time.Millisecond) {
		if time.Since(start) > 30*time.Second {
			t.Fatalf("no line of the indexer in 30s:\n%s", logs.String())
		}
	}
	for _, line := range strings.Split(logs.String(), "\n") {
		if strings.Count(line, "component=") > 1 {
			t.Errorf("a line names its component twice: %s", line)
		}
	}
}

// lockedBuffer is a bytes.Buffer for writers on several goroutines.
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// TestStatusNotPredict: `status --wait` gives up at once on a server that
// is not predict, keeps waiting on a predict that is starting.
func TestStatusNotPredict(t *testing.T) {
	for _, tc := range []struct {
		name    string
		handler http.Handler
		want    string
	}{
		{"NotFoundPage", http.NotFoundHandler(), "it is not predict"},
		{"OtherJSON", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "application/json")
			w.Write([]byte(`{"code":0,"data":{"status":"ready"}}`))
		}), "it is not predict"},
		{"Starting", api.Starting("deploying"), "110206 UNAVAILABLE"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := httptest.NewServer(tc.handler)
			defer srv.Close()
			env := map[string]string{"PREDICT_URL": srv.URL, "XDG_CONFIG_HOME": t.TempDir(), "HOME": t.TempDir()}
			wait := "2m"
			if tc.name == "Starting" {
				wait = "1500ms" // it waits, then reports the state
			}
			ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
			defer cancel()
			var stderr bytes.Buffer
			err := run(ctx, []string{"status", "--wait", wait}, func(k string) string { return env[k] }, io.Discard, &stderr)
			if err == nil || !strings.Contains(cli.ErrorLine(err), tc.want) || ctx.Err() != nil {
				t.Fatalf("status against %s: %v (context: %v)", tc.name, err, ctx.Err())
			}
		})
	}
}
