-- API keys: credentials of programs (bots, wallets) that have no identity
-- provider's token. SQLite dialect; keep it in step with
-- migrations/postgres/0017_api_keys.sql.
--
-- id is the public part of the key; hash the hex SHA-256 of the whole key
-- (the key is never stored); scopes comma separated (read, trade, admin);
-- times unix ms, expires_at and revoked_at NULL when none.
CREATE TABLE api_keys (
	id           TEXT PRIMARY KEY,
	uid          TEXT NOT NULL REFERENCES users (uid) ON DELETE CASCADE,
	name         TEXT NOT NULL,
	hash         TEXT NOT NULL,
	scopes       TEXT NOT NULL,
	expires_at   INTEGER,
	last_used_at INTEGER,
	revoked_at   INTEGER,
	created_at   INTEGER NOT NULL
) STRICT;
CREATE INDEX api_keys_uid ON api_keys (uid, created_at DESC);
