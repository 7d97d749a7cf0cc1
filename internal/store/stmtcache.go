package store

import (
	"context"
	"database/sql"
	"sync"
	"time"
)

// stmtCache keeps prepared statements of one pool by query text. SQLite
// parses every statement it is given; a read that runs three queries spent
// a third of its time in the parser (BENCHMARKS.md). A statement prepared
// on the pool is reused by every transaction on a connection that already
// prepared it (Tx.StmtContext). PostgreSQL's driver caches statements
// itself, so only SQLite pools have one.
type stmtCache struct {
	pool   *sql.DB
	mu     sync.RWMutex
	m      map[string]*sql.Stmt // nil value: being prepared
	closed bool
}

// maxCachedStmts bounds the cache: queries with IN lists or multi-row
// VALUES of varying length are distinct texts and fall through once it
// is full.
const maxCachedStmts = 256

func newStmtCache(pool *sql.DB) *stmtCache {
	return &stmtCache{pool: pool, m: map[string]*sql.Stmt{}}
}

// get returns the statement for query, or nil when it is not prepared
// yet: then it is prepared in the background and the caller runs the
// query directly. Preparing in the request path could deadlock: it needs
// a connection of the pool, and the caller's transaction may hold the
// last one (the SQLite writer has only one).
func (c *stmtCache) get(query string) *sql.Stmt {
	if c == nil {
		return nil
	}
	c.mu.RLock()
	st, seen := c.m[query]
	c.mu.RUnlock()
	if seen {
		return st
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, seen := c.m[query]; seen || len(c.m) >= maxCachedStmts {
		return nil
	}
	c.m[query] = nil // being prepared
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		st, err := c.pool.PrepareContext(ctx, query)
		c.mu.Lock()
		defer c.mu.Unlock()
		if err != nil || c.closed {
			delete(c.m, query) // retried by a later query
			if st != nil {
				st.Close()
			}
			return
		}
		c.m[query] = st
	}()
	return nil
}

// close closes every cached statement.
func (c *stmtCache) close() {
	if c == nil {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.closed = true
	for _, st := range c.m {
		if st != nil {
			st.Close()
		}
	}
	c.m = map[string]*sql.Stmt{}
}
