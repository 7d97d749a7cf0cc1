-- The payout worker's progress, PostgreSQL dialect; keep it in step with
-- migrations/sqlite/0026_payouts.sql, which says what it is.
CREATE TABLE payouts (
	market        TEXT COLLATE "C" PRIMARY KEY,
	holder_cursor TEXT COLLATE "C" NOT NULL DEFAULT '',
	lp_cursor     TEXT COLLATE "C" NOT NULL DEFAULT '',
	batches       INTEGER NOT NULL DEFAULT 0,
	paid          INTEGER NOT NULL DEFAULT 0,
	done          BOOLEAN NOT NULL DEFAULT FALSE,
	updated_at    BIGINT NOT NULL
);
