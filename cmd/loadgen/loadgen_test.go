package main

import (
	"context"
	"log/slog"
	"os"
	"os/exec"
	"path/filepath"
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
	if testing.Short() {
		t.Skip("builds and runs predict serve")
	}
	bin := filepath.Join(t.TempDir(), "predict")
	build := exec.Command("go", "build", "-o", bin, "../predict")
	build.Stderr = os.Stderr
	if err := build.Run(); err != nil {
		t.Fatal(err)
	}
	if err := ops(context.Background(), slog.New(slog.DiscardHandler),
		[]string{"-users", "3", "-rounds", "1", "-block-interval", "0s", "-predict", bin}); err != nil {
		t.Fatal(err)
	}
}

func TestExportSmoke(t *testing.T) {
	for _, format := range []string{"ndjson", "csv"} {
		if err := export(context.Background(), slog.New(slog.DiscardHandler), []string{"-scale", "tiny", "-format", format}); err != nil {
			t.Fatal(err)
		}
	}
}
