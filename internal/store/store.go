// Package store implements predict.Store on SQLite (the embedded default)
// and PostgreSQL (production) with one set of SQL statements and a small
// dialect shim: placeholders are written as ? and rebound to $n for
// PostgreSQL, upserts use the INSERT ... ON CONFLICT form both databases
// understand, and unique-constraint violations of either driver become
// predict.ECONFLICT errors. Migrations are embedded per dialect.
//
// Conventions of the schema: token amounts, prices and PnL are TEXT holding
// canonical decimal integer strings (no sign unless negative, no leading
// zeros), because uint256 fits no SQL integer type of SQLite and the two
// dialects are kept the same; amounts sort numerically with
// "length(col) DESC, col DESC". Timestamps are unix milliseconds.
package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"runtime"
	"strings"
	"sync/atomic"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib" // database/sql driver "pgx"
	_ "modernc.org/sqlite"             // database/sql driver "sqlite"

	"github.com/predict-dev/predict"
)

// Dialect names returned by DB.Dialect.
const (
	DialectSQLite   = "sqlite"
	DialectPostgres = "postgres"
)

// SQLite connection settings: WAL so readers never block the writer,
// foreign keys enforced, a busy timeout for other processes holding the
// write lock (the CLI running "predict migrate" beside "predict serve"),
// synchronous NORMAL (durable at checkpoints, safe with WAL) and write
// transactions that take the write lock at BEGIN (BEGIN IMMEDIATE), so a
// transaction never fails half-way when upgrading a read lock.
const (
	sqliteBusyTimeout = 5 * time.Second
	sqliteMaxReaders  = 8
)

// readQueuePerSlot bounds the queue of reads waiting for the database
// (see gate): this many waiters per read slot, past which reads are
// refused with EUNAVAILABLE. 64 per slot keeps 256 concurrent clients of
// a 4-reader SQLite pool in line rather than refused.
const readQueuePerSlot = 64

// PostgreSQL pool settings.
const (
	pgMaxOpenConns = 20
	// Every open connection stays idle-able: with fewer idle slots than
	// open ones, each burst past the idle count closed the connections it
	// opened as soon as they were freed and opened new ones for the next
	// burst (a TCP and authentication round trip each, under load).
	pgMaxIdleConns = pgMaxOpenConns
	// pgReadSlots is how many read transactions run at once; the rest of
	// the pool is kept for the indexer's and the API's writes.
	pgReadSlots       = 16
	pgConnMaxLifetime = 30 * time.Minute
	pgConnMaxIdleTime = 5 * time.Minute
)

// DB is the store. It implements predict.Store.
//
// On SQLite it holds two pools on the same file: a writer with exactly one
// connection, through which every write transaction goes (so writers of
// this process queue in Go instead of failing with "database is locked"),
// and a pool of query-only readers, which WAL lets run beside the writer.
// On PostgreSQL both are the same pool.
type DB struct {
	dialect dialect
	writer  *sql.DB
	reader  *sql.DB
	logger  *slog.Logger
	// readGate admits read transactions to the reader pool in order.
	readGate *gate
	// Prepared statements of the SQLite pools; nil on PostgreSQL.
	writerStmts, readerStmts *stmtCache
	// rateSwept is when TakeRate last swept expired counters (unix ms).
	rateSwept atomic.Int64
}

var _ predict.Store = (*DB)(nil)

// Open opens the store at dsn and applies the migrations. A dsn starting
// with postgres:// or postgresql:// is a PostgreSQL connection URL (any
// query parameter pgx does not know, such as search_path, is sent as a
// run-time parameter); anything else is a SQLite file path, or a "file:"
// URI, created when missing. A nil logger discards.
func Open(ctx context.Context, dsn string, logger *slog.Logger) (*DB, error) {
	if logger == nil {
		logger = slog.New(slog.DiscardHandler)
	}
	var (
		db  *DB
		err error
	)
	if isPostgresDSN(dsn) {
		db, err = openPostgres(ctx, dsn, logger)
	} else {
		db, err = openSQLite(ctx, dsn, logger)
	}
	if err != nil {
		return nil, err
	}
	if err := db.Migrate(ctx); err != nil {
		db.Close()
		return nil, err
	}
	return db, nil
}

func isPostgresDSN(dsn string) bool {
	return strings.HasPrefix(dsn, "postgres://") || strings.HasPrefix(dsn, "postgresql://")
}

func openPostgres(ctx context.Context, dsn string, logger *slog.Logger) (*DB, error) {
	pool, err := sql.Open("pgx", dsn)
	if err != nil {
		return nil, fmt.Errorf("open postgres: %w", err)
	}
	pool.SetMaxOpenConns(pgMaxOpenConns)
	pool.SetMaxIdleConns(pgMaxIdleConns)
	pool.SetConnMaxLifetime(pgConnMaxLifetime)
	pool.SetConnMaxIdleTime(pgConnMaxIdleTime)
	if err := pool.PingContext(ctx); err != nil {
		pool.Close()
		return nil, fmt.Errorf("open postgres: %w", err)
	}
	return &DB{dialect: postgresDialect, writer: pool, reader: pool, logger: logger,
		readGate: newGate(pgReadSlots, pgReadSlots*readQueuePerSlot)}, nil
}

func openSQLite(ctx context.Context, path string, logger *slog.Logger) (*DB, error) {
	if path == "" {
		return nil, predict.Errorf(predict.EINVALID, "open sqlite: empty database path")
	}
	params := fmt.Sprintf("_pragma=busy_timeout(%d)&_pragma=foreign_keys(1)&_pragma=synchronous(NORMAL)",
		sqliteBusyTimeout.Milliseconds())
	sep := "?"
	if strings.Contains(path, "?") {
		sep = "&"
	}
	memory := path == ":memory:" || strings.Contains(path, "mode=memory")

	writer, err := sql.Open("sqlite", path+sep+params+"&_pragma=journal_mode(WAL)&_txlock=immediate")
	if err != nil {
		return nil, fmt.Errorf("open sqlite: %w", err)
	}
	writer.SetMaxOpenConns(1)
	writer.SetMaxIdleConns(1)
	writer.SetConnMaxLifetime(0)
	writer.SetConnMaxIdleTime(0)
	// The first connection creates the file and switches it to WAL before
	// any reader opens it.
	if err := writer.PingContext(ctx); err != nil {
		writer.Close()
		return nil, fmt.Errorf("open sqlite: %w", err)
	}
	// Stores seeded before stat4 samples were dropped after ANALYZE
	// still hold them.
	if err := dropStat4(ctx, writer); err != nil {
		writer.Close()
		return nil, fmt.Errorf("open sqlite: %w", err)
	}
	db := &DB{dialect: sqliteDialect, writer: writer, reader: writer, logger: logger}
	if memory {
		// Every connection to ":memory:" is its own database: one
		// connection serves reads and writes.
		return db, nil
	}

	reader, err := sql.Open("sqlite", path+sep+params+"&_pragma=query_only(1)")
	if err != nil {
		writer.Close()
		return nil, fmt.Errorf("open sqlite: %w", err)
	}
	n := min(max(4, runtime.NumCPU()), sqliteMaxReaders)
	reader.SetMaxOpenConns(n)
	reader.SetMaxIdleConns(n)
	reader.SetConnMaxLifetime(0)
	reader.SetConnMaxIdleTime(5 * time.Minute)
	if err := reader.PingContext(ctx); err != nil {
		writer.Close()
		reader.Close()
		return nil, fmt.Errorf("open sqlite: %w", err)
	}
	db.reader = reader
	db.readGate = newGate(n, n*readQueuePerSlot)
	db.readerStmts, db.writerStmts = newStmtCache(reader), newStmtCache(writer)
	return db, nil
}

// Dialect returns DialectSQLite or DialectPostgres.
func (db *DB) Dialect() string { return db.dialect.name }

// Ping reports whether the database answers.
func (db *DB) Ping(ctx context.Context) error {
	if err := db.writer.PingContext(ctx); err != nil {
		return fmt.Errorf("ping: %w", err)
	}
	if db.reader != db.writer {
		if err := db.reader.PingContext(ctx); err != nil {
			return fmt.Errorf("ping: %w", err)
		}
	}
	return nil
}

// Close closes the database pools.
func (db *DB) Close() error {
	db.readerStmts.close()
	db.writerStmts.close()
	var errs []error
	if db.reader != db.writer {
		errs = append(errs, db.reader.Close())
	}
	errs = append(errs, db.writer.Close())
	return errors.Join(errs...)
}

// tx is a transaction that rebinds the ? placeholders of its queries for
// the dialect. Every statement of the package goes through a tx or a conn.
type tx struct {
	tx      *sql.Tx
	dialect dialect
	stmts   *stmtCache // nil: no statement cache
}

func (t *tx) exec(ctx context.Context, query string, args ...any) (sql.Result, error) {
	query = t.dialect.rebind(query)
	if st := t.stmts.get(query); st != nil {
		return t.tx.StmtContext(ctx, st).ExecContext(ctx, args...)
	}
	return t.tx.ExecContext(ctx, query, args...)
}

func (t *tx) query(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	query = t.dialect.rebind(query)
	if st := t.stmts.get(query); st != nil {
		return t.tx.StmtContext(ctx, st).QueryContext(ctx, args...)
	}
	return t.tx.QueryContext(ctx, query, args...)
}

func (t *tx) queryRow(ctx context.Context, query string, args ...any) *sql.Row {
	query = t.dialect.rebind(query)
	if st := t.stmts.get(query); st != nil {
		return t.tx.StmtContext(ctx, st).QueryRowContext(ctx, args...)
	}
	return t.tx.QueryRowContext(ctx, query, args...)
}

// write runs fn in a read-write transaction on the writer and commits it
// when fn returns nil. fn must use only t: on SQLite the writer has a
// single connection, so any other use of db.writer inside fn would wait
// forever.
func (db *DB) write(ctx context.Context, fn func(t *tx) error) error {
	return db.inTx(ctx, db.writer, db.writerStmts, nil, fn)
}

// read runs fn in a read-only transaction on the readers, so the queries of
// fn see one snapshot (SQLite transactions always do; PostgreSQL runs it
// REPEATABLE READ).
func (db *DB) read(ctx context.Context, fn func(t *tx) error) error {
	opts := &sql.TxOptions{ReadOnly: true}
	if db.dialect.name == DialectPostgres {
		opts.Isolation = sql.LevelRepeatableRead
	}
	if err := db.readGate.acquire(ctx); err != nil {
		return err
	}
	defer db.readGate.release()
	return db.inTx(ctx, db.reader, db.readerStmts, opts, fn)
}

// ReadStats reports how reads waited for the database (nil gate: the
// in-memory SQLite store, whose one connection serves everything).
func (db *DB) ReadStats() ReadStats {
	st := ReadStats{Pool: db.reader.Stats()}
	if g := db.readGate; g != nil {
		st.Slots, st.MaxQueue = g.slots, g.maxQueue
		st.Waits, st.Refused, st.WaitDuration = g.waits.Load(), g.refused.Load(), time.Duration(g.waited.Load())
	}
	return st
}

func (db *DB) inTx(ctx context.Context, pool *sql.DB, stmts *stmtCache, opts *sql.TxOptions, fn func(t *tx) error) error {
	sqlTx, err := pool.BeginTx(ctx, opts)
	if err != nil {
		return fmt.Errorf("begin: %w", err)
	}
	if err := fn(&tx{tx: sqlTx, dialect: db.dialect, stmts: stmts}); err != nil {
		sqlTx.Rollback()
		return err
	}
	if err := sqlTx.Commit(); err != nil {
		return fmt.Errorf("commit: %w", err)
	}
	return nil
}
