-- Sign-in nonces are signed, not stored, PostgreSQL dialect; keep it in
-- step with migrations/sqlite/0022_siwe_signed_nonces.sql, which says
-- what changes.
CREATE TABLE siwe_nonce_key (
	id     INTEGER PRIMARY KEY CHECK (id = 1),
	secret TEXT COLLATE "C" NOT NULL
);
DELETE FROM siwe_nonces WHERE used_at IS NULL;
