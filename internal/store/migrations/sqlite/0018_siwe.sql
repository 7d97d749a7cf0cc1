-- Sign-In with Ethereum: the nonces handed out (each signs in once) and
-- the refresh tokens (each refreshes once; kept as the hex SHA-256 of the
-- token). Times unix ms. SQLite dialect; keep it in step with
-- migrations/postgres/0018_siwe.sql.
CREATE TABLE siwe_nonces (
	nonce      TEXT PRIMARY KEY,
	expires_at INTEGER NOT NULL,
	used_at    INTEGER
) STRICT;
CREATE INDEX siwe_nonces_expires ON siwe_nonces (expires_at);

CREATE TABLE refresh_tokens (
	hash       TEXT PRIMARY KEY,
	subject    TEXT NOT NULL,
	expires_at INTEGER NOT NULL,
	used_at    INTEGER,
	created_at INTEGER NOT NULL
) STRICT;
CREATE INDEX refresh_tokens_expires ON refresh_tokens (expires_at);
