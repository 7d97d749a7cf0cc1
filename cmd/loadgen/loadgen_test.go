package main

import (
	"context"
	"log/slog"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"
)

// The experiments at the smallest size, so they keep working; their
// figures are printed, never checked.

func TestReadsSmoke(t *testing.T) {
	err := reads(context.Background(), slog.New(slog.DiscardHandler),
		[]string{"-scale", "tiny", "-concurrency", "1,4", "-duration", "100ms", "-endpoints", "markets-hot,market-detail,user-positions,price-history"})
	if err != nil {
		t.Fatal(err)
	}
}

func TestOpsSmoke(t *testing.T) {
	bin := predictBinary(t)
	if err := ops(context.Background(), slog.New(slog.DiscardHandler),
		[]string{"-users", "3", "-rounds", "1", "-block-interval", "0s", "-predict", bin}); err != nil {
		t.Fatal(err)
	}
}

func TestOrdersSmoke(t *testing.T) {
	bin := predictBinary(t)
	if err := limitOrders(context.Background(), slog.New(slog.DiscardHandler),
		[]string{"-users", "3", "-rounds", "1", "-crosses", "2", "-block-interval", "0s", "-predict", bin}); err != nil {
		t.Fatal(err)
	}
}

var (
	buildOnce sync.Once
	built     string
	buildErr  error
)

// TestMain removes the binary predictBinary built.
func TestMain(m *testing.M) {
	code := m.Run()
	if built != "" {
		os.RemoveAll(filepath.Dir(built))
	}
	os.Exit(code)
}

// predictBinary builds predict once for the smoke tests that run it.
func predictBinary(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds and runs predict serve")
	}
	buildOnce.Do(func() {
		dir, err := os.MkdirTemp("", "loadgen-test-")
		if err != nil {
			buildErr = err
			return
		}
		built = filepath.Join(dir, "predict")
		build := exec.Command("go", "build", "-o", built, "../predict")
		build.Stderr = os.Stderr
		buildErr = build.Run()
	})
	if buildErr != nil {
		t.Fatal(buildErr)
	}
	return built
}

func TestExportSmoke(t *testing.T) {
	for _, format := range []string{"ndjson", "csv"} {
		if err := export(context.Background(), slog.New(slog.DiscardHandler), []string{"-scale", "tiny", "-format", format}); err != nil {
			t.Fatal(err)
		}
	}
}

// TestExportLoadSmoke runs the exports-under-load experiment briefly
// against the real API over a tiny seeded store: honest reads answered,
// exports completed, none failed.
func TestExportLoadSmoke(t *testing.T) {
	ctx := context.Background()
	log := slog.New(slog.DiscardHandler)
	tmp := t.TempDir()
	db, err := seededStore(ctx, log, scales["tiny"], "", "", "", tmp)
	if err != nil {
		t.Fatal(err)
	}
	defer db.close()
	h, err := readHandler(db.DB, filepath.Join(tmp, "identity"), nil)
	if err != nil {
		t.Fatal(err)
	}
	url, stop, err := listen(h)
	if err != nil {
		t.Fatal(err)
	}
	defer stop()
	if err := exportLoad(ctx, log, []string{"-url", url, "-exporters", "4", "-rate", "20", "-duration", "2s"}); err != nil {
		t.Fatal(err)
	}
}
