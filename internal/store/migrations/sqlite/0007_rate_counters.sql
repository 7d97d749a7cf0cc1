-- Rate counters shared by the replicas, SQLite dialect. Keep it in step
-- with migrations/postgres/0007_rate_counters.sql.
--
-- The embedded default is one process and counts its limits in memory;
-- the table exists so the store is the same on both databases.
CREATE TABLE rate_counters (
	scope        TEXT NOT NULL,
	name         TEXT NOT NULL,
	window_start INTEGER NOT NULL,
	n            INTEGER NOT NULL,
	prev_n       INTEGER NOT NULL,
	expires_at   INTEGER NOT NULL,
	PRIMARY KEY (scope, name)
);
