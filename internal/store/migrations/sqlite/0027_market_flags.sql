-- Whether a market may be settled or asserted before its end time: the
-- EARLY_RESOLVABLE flag of the factory's MarketFlags event (docs/contracts.md,
-- trust model). Markets created before the flag existed read 0. Whether one
-- key settles it alone (OPERATOR_RESOLVED) needs no column: it is a market
-- with no challenge window. SQLite dialect; keep it in step with
-- migrations/postgres/0027_market_flags.sql.
ALTER TABLE markets ADD COLUMN early_resolvable INTEGER NOT NULL DEFAULT 0;
