-- Webhooks: endpoints that receive events, the outbox of events written
-- in the indexer's transaction, and the log of delivery attempts. SQLite
-- dialect; keep it in step with migrations/postgres/0016_webhooks.sql.
--
-- An endpoint belongs to a user (scope 'user': that user's own events)
-- or was registered by an admin (scope 'platform': every market's and the
-- platform's events). events lists the event names it wants (comma
-- separated, empty for all of its scope); market narrows market events to
-- one market. secret signs deliveries (Standard Webhooks, whsec_…);
-- previous_secret signs too until previous_until (unix ms), so that a
-- receiver can roll over. cursor is the last event delivered (or skipped
-- as not wanted): delivery is in order, one event at a time. failing_since
-- is when the current run of failures began (unix ms, NULL when the last
-- attempt succeeded); attempt counts the attempts at the event after the
-- cursor; next_attempt_at is when to try it again.
CREATE TABLE webhook_endpoints (
	id              TEXT PRIMARY KEY,
	uid             TEXT NOT NULL REFERENCES users (uid),
	scope           TEXT NOT NULL CHECK (scope IN ('user', 'platform')),
	url             TEXT NOT NULL,
	description     TEXT NOT NULL DEFAULT '',
	events          TEXT NOT NULL DEFAULT '',
	market          TEXT NOT NULL DEFAULT '',
	secret          TEXT NOT NULL,
	previous_secret TEXT NOT NULL DEFAULT '',
	previous_until  INTEGER NOT NULL DEFAULT 0,
	enabled         INTEGER NOT NULL DEFAULT 1,
	disabled_reason TEXT NOT NULL DEFAULT '',
	cursor          INTEGER NOT NULL,
	attempt         INTEGER NOT NULL DEFAULT 0,
	failing_since   INTEGER,
	next_attempt_at INTEGER NOT NULL DEFAULT 0,
	created_at      INTEGER NOT NULL,
	updated_at      INTEGER NOT NULL
) STRICT;
CREATE INDEX webhook_endpoints_uid ON webhook_endpoints (uid, created_at DESC);

-- The outbox: one row per event some endpoint wants, in commit order.
-- topic is the market topic of a market event, uid the user of a user
-- event; data its payload (JSON).
CREATE TABLE webhook_events (
	id         INTEGER PRIMARY KEY AUTOINCREMENT,
	name       TEXT NOT NULL,
	topic      TEXT NOT NULL DEFAULT '',
	uid        TEXT NOT NULL DEFAULT '',
	data       TEXT NOT NULL DEFAULT '{}',
	created_at INTEGER NOT NULL
) STRICT;
CREATE INDEX webhook_events_created ON webhook_events (created_at);

-- Every attempt at a delivery: the HTTP status (0 when none came back),
-- the error, how long it took (ms).
CREATE TABLE webhook_attempts (
	id          INTEGER PRIMARY KEY,
	endpoint_id TEXT NOT NULL REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
	event_id    INTEGER NOT NULL,
	event_name  TEXT NOT NULL,
	attempt     INTEGER NOT NULL,
	status      INTEGER NOT NULL,
	error       TEXT NOT NULL DEFAULT '',
	duration_ms INTEGER NOT NULL,
	created_at  INTEGER NOT NULL
) STRICT;
CREATE INDEX webhook_attempts_endpoint ON webhook_attempts (endpoint_id, id DESC);
CREATE INDEX webhook_attempts_created ON webhook_attempts (created_at);
