-- Sign-In with Ethereum, PostgreSQL dialect; keep it in step with
-- migrations/sqlite/0018_siwe.sql, which says what each table holds.
CREATE TABLE siwe_nonces (
	nonce      TEXT COLLATE "C" PRIMARY KEY,
	expires_at BIGINT NOT NULL,
	used_at    BIGINT
);
CREATE INDEX siwe_nonces_expires ON siwe_nonces (expires_at);

CREATE TABLE refresh_tokens (
	hash       TEXT COLLATE "C" PRIMARY KEY,
	subject    TEXT COLLATE "C" NOT NULL,
	expires_at BIGINT NOT NULL,
	used_at    BIGINT,
	created_at BIGINT NOT NULL
);
CREATE INDEX refresh_tokens_expires ON refresh_tokens (expires_at);
