-- API keys, PostgreSQL dialect; keep it in step with
-- migrations/sqlite/0017_api_keys.sql, which says what each column means.
CREATE TABLE api_keys (
	id           TEXT COLLATE "C" PRIMARY KEY,
	uid          TEXT COLLATE "C" NOT NULL REFERENCES users (uid) ON DELETE CASCADE,
	name         TEXT NOT NULL,
	hash         TEXT COLLATE "C" NOT NULL,
	scopes       TEXT COLLATE "C" NOT NULL,
	expires_at   BIGINT,
	last_used_at BIGINT,
	revoked_at   BIGINT,
	created_at   BIGINT NOT NULL
);
CREATE INDEX api_keys_uid ON api_keys (uid, created_at DESC);
