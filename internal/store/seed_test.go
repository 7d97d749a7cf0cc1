package store_test

import (
	"context"
	"testing"
	"time"

	"github.com/predict-dev/predict/internal/seed"
	"github.com/predict-dev/predict/internal/store"
)

// TestSQLiteStat4Dropped: the statistics a seeded store keeps are
// sqlite_stat1's, never stat4 samples (which make SQLite recompile
// cached statements on every execution), and a store analyzed with
// stat4 elsewhere loses them when it is opened.
func TestSQLiteStat4Dropped(t *testing.T) {
	ctx := context.Background()
	path := t.TempDir() + "/stat4.db"
	db, err := store.Open(ctx, path, nil)
	if err != nil {
		t.Fatal(err)
	}
	count := func(table string) int {
		t.Helper()
		n, err := db.WriterRows(ctx, table)
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	if _, err := seed.Run(ctx, db, store.SeedSize{Users: 40, Markets: 6, Trades: 300, Now: time.Now(), Seed: 1}, nil); err != nil {
		t.Fatal(err)
	}
	if count("sqlite_stat1") == 0 || count("sqlite_stat4") != 0 {
		t.Fatalf("after seeding: %d stat1 rows, %d stat4 rows; want some, none", count("sqlite_stat1"), count("sqlite_stat4"))
	}
	if err := db.WriterExec(ctx, `ANALYZE`); err != nil {
		t.Fatal(err)
	}
	if count("sqlite_stat4") == 0 {
		t.Fatal("ANALYZE wrote no stat4 samples: the test proves nothing")
	}
	db.Close()
	if db, err = store.Open(ctx, path, nil); err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if count("sqlite_stat1") == 0 || count("sqlite_stat4") != 0 {
		t.Fatalf("after reopening: %d stat1 rows, %d stat4 rows; want some, none", count("sqlite_stat1"), count("sqlite_stat4"))
	}
}
