// Package storetest opens stores for tests: a SQLite file in a temporary
// directory, and a fresh schema of the PostgreSQL database named by the
// PREDICT_TEST_POSTGRES_DSN environment variable. Each runs a test against
// both, so every suite that uses it is a conformance suite of the two
// dialects. It also inserts fixtures.
package storetest

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"math/big"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib" // database/sql driver "pgx"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/internal/store"
)

// PostgresEnv is the environment variable holding the DSN of the test
// PostgreSQL database, e.g.
// postgres://postgres@127.0.0.1:5432/test?sslmode=disable.
const PostgresEnv = "PREDICT_TEST_POSTGRES_DSN"

// Each runs fn as the subtest "sqlite" against a fresh SQLite store and as
// the subtest "postgres" against a fresh PostgreSQL schema. The postgres
// subtest is skipped when PostgresEnv is unset; when it is set, failing to
// reach the database fails the test.
func Each(t *testing.T, fn func(t *testing.T, s *store.DB)) {
	t.Helper()
	t.Run("sqlite", func(t *testing.T) { fn(t, OpenSQLite(t)) })
	t.Run("postgres", func(t *testing.T) { fn(t, OpenPostgres(t)) })
}

// SQLiteDSN returns the path of a new SQLite database file in a temporary
// directory removed when the test ends.
func SQLiteDSN(t testing.TB) string {
	t.Helper()
	return filepath.Join(t.TempDir(), "predict.db")
}

// OpenSQLite opens a store on a new SQLite file; it is closed when the
// test ends.
func OpenSQLite(t testing.TB) *store.DB {
	t.Helper()
	return Open(t, SQLiteDSN(t))
}

// PostgresDSN creates a uniquely named, empty schema in the database of
// PostgresEnv and returns a DSN whose search_path is that schema; the
// schema is dropped when the test ends. It skips the test when PostgresEnv
// is unset.
func PostgresDSN(t testing.TB) string {
	t.Helper()
	base := strings.TrimSpace(os.Getenv(PostgresEnv))
	if base == "" {
		t.Skipf("%s is not set", PostgresEnv)
	}
	admin, err := sql.Open("pgx", base)
	if err != nil {
		t.Fatalf("storetest: open %s: %v", PostgresEnv, err)
	}
	t.Cleanup(func() { admin.Close() })
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()

	schema := "test_" + strings.ToLower(randomHex(8))
	if _, err := admin.ExecContext(ctx, `CREATE SCHEMA `+schema); err != nil {
		t.Fatalf("storetest: create schema: %v", err)
	}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		if _, err := admin.ExecContext(ctx, `DROP SCHEMA `+schema+` CASCADE`); err != nil {
			t.Errorf("storetest: drop schema %s: %v", schema, err)
		}
	})

	u, err := url.Parse(base)
	if err != nil {
		t.Fatalf("storetest: parse %s: %v", PostgresEnv, err)
	}
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	return u.String()
}

// OpenPostgres opens a store on a fresh PostgreSQL schema (see
// PostgresDSN); it is closed, and the schema dropped, when the test ends.
func OpenPostgres(t testing.TB) *store.DB {
	t.Helper()
	return Open(t, PostgresDSN(t))
}

// Open opens a store on dsn and closes it when the test ends. Cleanups
// run last-in first-out, so the store closes before a schema is dropped.
func Open(t testing.TB, dsn string) *store.DB {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	s, err := store.Open(ctx, dsn, nil)
	if err != nil {
		t.Fatalf("storetest: open store: %v", err)
	}
	t.Cleanup(func() {
		if err := s.Close(); err != nil {
			t.Errorf("storetest: close store: %v", err)
		}
	})
	return s
}

// Address returns a random lowercase 0x-hex address.
func Address() string {
	return "0x" + randomHex(20)
}

func randomHex(n int) string {
	b := make([]byte, n)
	rand.Read(b)
	return hex.EncodeToString(b)
}

// E18 is 1e18, the fixed-point one of prices.
var E18 = new(big.Int).Exp(big.NewInt(10), big.NewInt(18), nil)

// NewMarket creates a running market with two options ("Yes", "No", each
// priced 0.5) and returns it as recorded, re-read from the store. The
// defaults: a random address and base token, title "Market <address>",
// category "crypto", no tags, fee 200 bps, zero volume, liquidity 1000e6,
// start one hour ago, end in 30 days, created now. edit, if not nil, may
// change any field before the market is created.
func NewMarket(t testing.TB, s *store.DB, edit func(*predict.Market)) *predict.Market {
	t.Helper()
	now := time.Now().UTC().Truncate(time.Millisecond)
	half := new(big.Int).Div(E18, big.NewInt(2))
	m := &predict.Market{
		Address:     Address(),
		Description: "Will it happen?",
		Rules:       "Resolved by the oracle.",
		Status:      predict.StatusRunning,
		BaseToken:   Address(),
		CategoryID:  "crypto",
		Tags:        []string{},
		FeeBps:      200,
		Volume:      big.NewInt(0),
		Liquidity:   big.NewInt(1000_000000),
		StartTime:   now.Add(-time.Hour),
		EndTime:     now.Add(30 * 24 * time.Hour),
		CreatedAt:   now,
		Options: []predict.Option{
			{Address: Address(), Index: 0, Title: "Yes", Price: half, PoolBalance: big.NewInt(1000_000000), Volume: big.NewInt(0)},
			{Address: Address(), Index: 1, Title: "No", Price: half, PoolBalance: big.NewInt(1000_000000), Volume: big.NewInt(0)},
		},
	}
	m.Title = "Market " + m.Address
	if edit != nil {
		edit(m)
	}
	ctx := context.Background()
	if err := s.CreateMarket(ctx, m); err != nil {
		t.Fatalf("storetest: create market: %v", err)
	}
	got, err := s.MarketByAddress(ctx, m.Address, "")
	if err != nil {
		t.Fatalf("storetest: read market back: %v", err)
	}
	return got
}

// NewUser logs a new user in with a random subject and address and returns
// it. edit, if not nil, may change the login parameters first.
func NewUser(t testing.TB, s *store.DB, edit func(*predict.LoginParams)) *predict.User {
	t.Helper()
	p := predict.LoginParams{Subject: "did:test:" + randomHex(8), Address: Address()}
	if edit != nil {
		edit(&p)
	}
	u, created, err := s.Login(context.Background(), p)
	if err != nil {
		t.Fatalf("storetest: login: %v", err)
	}
	if !created {
		t.Fatalf("storetest: login of %s returned an existing user", p.Subject)
	}
	return u
}

// Must fails the test when err is not nil.
func Must(t testing.TB, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}
