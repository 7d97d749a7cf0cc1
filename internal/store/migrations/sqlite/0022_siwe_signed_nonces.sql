-- Sign-in nonces are signed, not stored (internal/auth/siwe_nonce.go), so
-- a flood of siwe-nonce requests writes nothing. siwe_nonce_key holds the
-- one key that signs them (hex of 32 random bytes), written by the first
-- replica that needs it, so a nonce handed out by one replica signs in on
-- another. siwe_nonces (0018_siwe.sql) now holds only the nonces used,
-- each until its expiry and a grace, to refuse a replay; the nonces
-- handed out and never used, which a flood piled up, go. SQLite dialect;
-- keep it in step with migrations/postgres/0022_siwe_signed_nonces.sql.
CREATE TABLE siwe_nonce_key (
	id     INTEGER PRIMARY KEY CHECK (id = 1),
	secret TEXT NOT NULL
) STRICT;
DELETE FROM siwe_nonces WHERE used_at IS NULL;
