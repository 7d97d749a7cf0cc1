package store

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"embed"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strings"
	"time"
)

//go:embed migrations/sqlite/*.sql migrations/postgres/*.sql
var migrationFS embed.FS

// migration is one embedded SQL file; its version is the file name
// without ".sql" (e.g. "0001_init"), and files apply in name order.
type migration struct {
	version string
	sql     string
}

func (d dialect) migrations() ([]migration, error) {
	dir := path.Join("migrations", d.name)
	entries, err := fs.ReadDir(migrationFS, dir)
	if err != nil {
		return nil, err
	}
	var ms []migration
	for _, e := range entries {
		if e.IsDir() || !strings.HasSuffix(e.Name(), ".sql") {
			continue
		}
		b, err := fs.ReadFile(migrationFS, path.Join(dir, e.Name()))
		if err != nil {
			return nil, err
		}
		ms = append(ms, migration{version: strings.TrimSuffix(e.Name(), ".sql"), sql: string(b)})
	}
	sort.Slice(ms, func(i, j int) bool { return ms[i].version < ms[j].version })
	return ms, nil
}

const createSchemaMigrations = `CREATE TABLE IF NOT EXISTS schema_migrations (
	version    TEXT PRIMARY KEY,
	applied_at BIGINT NOT NULL
)`

// Migrate applies the embedded migrations not applied yet, in order, each
// in its own transaction, and records each in schema_migrations. It is
// idempotent. Processes starting at once are safe: on PostgreSQL they
// serialize on an advisory lock scoped to the current schema; on SQLite
// each migration transaction holds the write lock (BEGIN IMMEDIATE) and
// checks again that its version is not recorded.
func (db *DB) Migrate(ctx context.Context) error {
	ms, err := db.dialect.migrations()
	if err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	conn, err := db.writer.Conn(ctx)
	if err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	defer conn.Close()

	if db.dialect.name == DialectPostgres {
		// Session lock on this connection; released below, or by the
		// server when the connection dies.
		const key = `hashtext('predict.migrate.' || current_schema())`
		if _, err := conn.ExecContext(ctx, `SELECT pg_advisory_lock(`+key+`)`); err != nil {
			return fmt.Errorf("migrate: lock: %w", err)
		}
		defer func() {
			// The unlock must run even when ctx is done.
			unlockCtx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
			defer cancel()
			if _, err := conn.ExecContext(unlockCtx, `SELECT pg_advisory_unlock(`+key+`)`); err != nil {
				// Leave the connection out of the pool so the
				// server releases the lock when it closes.
				conn.Raw(func(any) error { return driver.ErrBadConn })
			}
		}()
	}
	if _, err := conn.ExecContext(ctx, createSchemaMigrations); err != nil {
		return fmt.Errorf("migrate: create schema_migrations: %w", err)
	}
	for _, m := range ms {
		applied, err := db.applyMigration(ctx, conn, m)
		if err != nil {
			return fmt.Errorf("migrate: %s: %w", m.version, err)
		}
		if applied {
			db.logger.InfoContext(ctx, "migration applied", "version", m.version, "dialect", db.dialect.name)
		}
	}
	return nil
}

func (db *DB) applyMigration(ctx context.Context, conn *sql.Conn, m migration) (applied bool, err error) {
	sqlTx, err := conn.BeginTx(ctx, nil)
	if err != nil {
		return false, err
	}
	defer func() {
		if err != nil {
			sqlTx.Rollback()
		}
	}()
	t := &tx{tx: sqlTx, dialect: db.dialect}
	var n int
	if err := t.queryRow(ctx, `SELECT COUNT(*) FROM schema_migrations WHERE version = ?`, m.version).Scan(&n); err != nil {
		return false, err
	}
	if n > 0 {
		return false, sqlTx.Commit()
	}
	// Without arguments both drivers run every statement of the file.
	if _, err := sqlTx.ExecContext(ctx, m.sql); err != nil {
		return false, err
	}
	if step := migrationSteps[m.version]; step != nil {
		if err := step(ctx, t); err != nil {
			return false, err
		}
	}
	if _, err := t.exec(ctx, `INSERT INTO schema_migrations (version, applied_at) VALUES (?, ?)`,
		m.version, time.Now().UnixMilli()); err != nil {
		return false, err
	}
	return true, sqlTx.Commit()
}
