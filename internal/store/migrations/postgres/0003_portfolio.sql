-- Leaderboards and the indexes of the market-data reads, PostgreSQL
-- dialect. Keep it in step with migrations/sqlite/0003_portfolio.sql.
--
-- A leaderboard is recomputed as a whole (see docs/portfolio.md): ranks
-- are ordered exactly on the integer amounts when it is written, so a
-- page is an index range scan on the rank.

CREATE TABLE leaderboard (
	base_token  TEXT COLLATE "C" NOT NULL,
	period      TEXT COLLATE "C" NOT NULL CHECK (period IN ('day', 'week', 'month', 'all')),
	uid         TEXT COLLATE "C" NOT NULL REFERENCES users (uid),
	pnl         TEXT COLLATE "C" NOT NULL,
	volume      TEXT COLLATE "C" NOT NULL,
	pnl_rank    BIGINT NOT NULL,
	volume_rank BIGINT NOT NULL,
	PRIMARY KEY (base_token, period, uid)
);
CREATE INDEX leaderboard_pnl ON leaderboard (base_token, period, pnl_rank);
CREATE INDEX leaderboard_volume ON leaderboard (base_token, period, volume_rank);

-- When each leaderboard was computed.
CREATE TABLE leaderboard_runs (
	base_token  TEXT COLLATE "C" NOT NULL,
	period      TEXT COLLATE "C" NOT NULL,
	computed_at BIGINT NOT NULL,
	entries     BIGINT NOT NULL,
	PRIMARY KEY (base_token, period)
);

-- Hot markets sum the trades of the last 24 hours.
CREATE INDEX trades_created ON trades (created_at);
-- An option's price at a moment is the last point by (created_at, id):
-- with id in the index the lookup is one backward index step.
DROP INDEX price_points_market;
CREATE INDEX price_points_option_time ON price_points (market, option_address, created_at, id);
-- get-market-trades of one option, newest first.
CREATE INDEX trades_option ON trades (market, option_address, block_number DESC, log_index DESC);
