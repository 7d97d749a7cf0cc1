// Package leader elects one replica among several that share a PostgreSQL
// database, for work only one of them may do at a time (the chain indexer
// and the bundler). The leader is whoever holds a session advisory lock;
// the lock lives as long as its connection, so when the holder dies,
// PostgreSQL releases it and another replica takes over.
//
// With SQLite there is one process and no election: call fn directly.
package leader

import (
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5"
)

// KeyOf is the advisory lock of the leader of a deployment, named by its
// event channel: one per deployment, so two deployments sharing a
// database do not wait for each other.
func KeyOf(channel string) int64 {
	h := fnv.New64a()
	h.Write([]byte("predict-leader/" + channel))
	return int64(h.Sum64())
}

// Config of an election.
type Config struct {
	// DSN is the PostgreSQL connection URL. The lock takes a connection of
	// its own for as long as it is held.
	DSN string
	// Key identifies the lock; every replica must use the same one, and
	// nothing else in the database may use it.
	Key int64
	// Name labels the log lines ("indexer").
	Name string
	// RetryInterval is how often a replica that is not the leader tries
	// to take the lock, and how long it waits after a failure. Default 3 s.
	RetryInterval time.Duration
	// CheckInterval is how often the leader checks its connection; a
	// failed check ends fn's context. Default 2 s.
	CheckInterval time.Duration
	// Logger receives acquisitions and losses; nil discards.
	Logger *slog.Logger
}

// Run competes for the lock until ctx ends. While it holds the lock it
// runs fn with a context that is cancelled when ctx ends or the lock's
// connection fails (then Run waits for fn to return, and competes again).
// If fn returns nil, Run releases the lock and returns nil; if it returns
// an error, Run logs it, releases the lock and competes again after
// RetryInterval, so another replica may take over. Run returns nil when
// ctx ends.
//
// Losing the connection is noticed within CheckInterval; meanwhile
// PostgreSQL may already have given the lock to another replica, so for
// that short while two leaders can run: fn's work must be idempotent.
func Run(ctx context.Context, cfg Config, fn func(ctx context.Context) error) error {
	if cfg.RetryInterval <= 0 {
		cfg.RetryInterval = 3 * time.Second
	}
	if cfg.CheckInterval <= 0 {
		cfg.CheckInterval = 2 * time.Second
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.DiscardHandler)
	}
	log := cfg.Logger.With("lock", cfg.Name, "key", cfg.Key)
	e := &election{cfg: cfg, log: log}
	defer e.disconnect()

	waiting := false // log "waiting" once per stretch, not every retry
	for ctx.Err() == nil {
		got, err := e.try(ctx)
		switch {
		case err != nil:
			if ctx.Err() == nil {
				log.Warn("leader election: database unreachable", "err", err, "retry_in", cfg.RetryInterval)
			}
		case !got:
			if !waiting {
				log.Info("leader election: another replica leads; waiting")
				waiting = true
			}
		default:
			waiting = false
			log.Info("leadership acquired")
			done, err := e.lead(ctx, fn)
			if done {
				return nil
			}
			if err != nil && !errors.Is(err, errLost) {
				log.Error("leader work failed; leadership released", "err", err)
			}
		}
		if ctx.Err() != nil {
			break
		}
		select {
		case <-ctx.Done():
		case <-time.After(cfg.RetryInterval):
		}
	}
	return nil
}

type election struct {
	cfg  Config
	log  *slog.Logger
	conn *pgx.Conn
}

func (e *election) disconnect() {
	if e.conn != nil {
		e.conn.Close(context.Background())
		e.conn = nil
	}
}

// try takes the lock if it is free, connecting first when needed.
func (e *election) try(ctx context.Context) (bool, error) {
	qctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	if e.conn == nil || e.conn.IsClosed() {
		conn, err := pgx.Connect(qctx, e.cfg.DSN)
		if err != nil {
			return false, fmt.Errorf("connect: %w", err)
		}
		e.conn = conn
	}
	var got bool
	if err := e.conn.QueryRow(qctx, `SELECT pg_try_advisory_lock($1)`, e.cfg.Key).Scan(&got); err != nil {
		e.disconnect()
		return false, fmt.Errorf("try lock: %w", err)
	}
	return got, nil
}

var errLost = errors.New("leader: lock connection lost")

// lead runs fn while watching the connection. done reports that Run must
// return (ctx ended, or fn finished without error).
func (e *election) lead(ctx context.Context, fn func(context.Context) error) (done bool, err error) {
	lctx, cancel := context.WithCancel(ctx)
	defer cancel()
	result := make(chan error, 1)
	go func() { result <- fn(lctx) }()

	check := time.NewTicker(e.cfg.CheckInterval)
	defer check.Stop()
	for {
		select {
		case err := <-result:
			e.release()
			if ctx.Err() != nil || err == nil {
				e.log.Info("leadership released")
				return true, nil
			}
			return false, err
		case <-check.C:
			pctx, pcancel := context.WithTimeout(ctx, e.cfg.CheckInterval)
			err := e.conn.Ping(pctx)
			pcancel()
			if err == nil || ctx.Err() != nil {
				continue // on ctx end, fn is returning: wait for it
			}
			e.log.Error("leadership lost: lock connection failed", "err", err)
			cancel()
			<-result
			e.disconnect()
			return false, errLost
		}
	}
}

// release unlocks; failing that, closing the connection releases it.
func (e *election) release() {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	var ok bool
	if err := e.conn.QueryRow(ctx, `SELECT pg_advisory_unlock($1)`, e.cfg.Key).Scan(&ok); err != nil || !ok {
		e.disconnect()
	}
}
