-- Rate counters shared by the replicas, PostgreSQL dialect. Keep it in
-- step with migrations/sqlite/0007_rate_counters.sql.
--
-- One row per limited client (scope: what is limited, name: who): the
-- count of the current fixed window and of the one before, from which
-- TakeRate estimates a sliding window. Rows idle for two windows
-- (expires_at, unix ms) are swept. UNLOGGED: a counter is worth nothing
-- after a crash, and a transaction that writes only unlogged tables
-- commits without waiting for a WAL flush, which keeps a counted request
-- cheap. (After a crash or on a promoted standby the table is empty: the
-- limits start afresh.)
CREATE UNLOGGED TABLE rate_counters (
	scope        TEXT COLLATE "C" NOT NULL,
	name         TEXT COLLATE "C" NOT NULL,
	window_start BIGINT NOT NULL,
	n            BIGINT NOT NULL,
	prev_n       BIGINT NOT NULL,
	expires_at   BIGINT NOT NULL,
	PRIMARY KEY (scope, name)
);
