package store_test

import (
	"context"
	"database/sql"
	"sync"
	"testing"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/internal/store"
	"github.com/predict-dev/predict/internal/store/storetest"
)

func TestDialect(t *testing.T) {
	if got := storetest.OpenSQLite(t).Dialect(); got != store.DialectSQLite {
		t.Errorf("sqlite dialect = %q", got)
	}
	t.Run("postgres", func(t *testing.T) {
		if got := storetest.OpenPostgres(t).Dialect(); got != store.DialectPostgres {
			t.Errorf("postgres dialect = %q", got)
		}
	})
}

// TestOpenMemory opens an in-memory SQLite database, whose readers and
// writer must share one connection.
func TestOpenMemory(t *testing.T) {
	s := storetest.Open(t, ":memory:")
	m := storetest.NewMarket(t, s, nil)
	ms, total, err := s.ListMarkets(context.Background(), predict.MarketFilter{Page: 1, PageSize: 10})
	storetest.Must(t, err)
	if total != 1 || len(ms) != 1 || ms[0].Address != m.Address {
		t.Errorf("list = %v, total %d", addresses(ms), total)
	}
}

// TestMigrateIdempotent opens the same database twice and migrates again:
// nothing fails and the data stays.
func TestMigrateIdempotent(t *testing.T) {
	ctx := context.Background()
	for _, tt := range []struct {
		name string
		dsn  func(testing.TB) string
	}{{"sqlite", storetest.SQLiteDSN}, {"postgres", storetest.PostgresDSN}} {
		t.Run(tt.name, func(t *testing.T) {
			dsn := tt.dsn(t)
			first := storetest.Open(t, dsn)
			m := storetest.NewMarket(t, first, nil)
			storetest.Must(t, first.Migrate(ctx))
			storetest.Must(t, first.Close())

			second := storetest.Open(t, dsn)
			storetest.Must(t, second.Migrate(ctx))
			if _, err := second.MarketByAddress(ctx, m.Address, ""); err != nil {
				t.Fatalf("market lost after reopening: %v", err)
			}
			storetest.Must(t, second.Ping(ctx))
		})
	}
}

// TestMigrateConcurrentPostgres starts two stores at once on a fresh
// schema: both succeed and each migration is applied once.
func TestMigrateConcurrentPostgres(t *testing.T) {
	dsn := storetest.PostgresDSN(t)
	ctx := context.Background()
	const n = 3
	var (
		wg   sync.WaitGroup
		errs = make([]error, n)
		dbs  = make([]*store.DB, n)
	)
	for i := range n {
		wg.Go(func() { dbs[i], errs[i] = store.Open(ctx, dsn, nil) })
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Errorf("open %d: %v", i, err)
		} else {
			defer dbs[i].Close()
		}
	}
	if t.Failed() {
		return
	}
	if _, _, err := dbs[1].Login(ctx, predict.LoginParams{Subject: "did:test:after", Address: storetest.Address()}); err != nil {
		t.Fatal(err)
	}

	raw, err := sql.Open("pgx", dsn)
	storetest.Must(t, err)
	defer raw.Close()
	var versions, distinct int
	storetest.Must(t, raw.QueryRowContext(ctx, `SELECT COUNT(*), COUNT(DISTINCT version) FROM schema_migrations`).Scan(&versions, &distinct))
	if versions != distinct || versions == 0 {
		t.Errorf("schema_migrations has %d rows, %d versions", versions, distinct)
	}
}
