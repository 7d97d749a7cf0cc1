-- Whether a market may be settled or asserted before its end time,
-- PostgreSQL dialect; keep it in step with
-- migrations/sqlite/0027_market_flags.sql, which says what it is.
ALTER TABLE markets ADD COLUMN early_resolvable BOOLEAN NOT NULL DEFAULT FALSE;
