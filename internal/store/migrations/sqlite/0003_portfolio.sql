-- Leaderboards and the indexes of the market-data reads, SQLite
-- dialect. Keep it in step with migrations/postgres/0003_portfolio.sql.
--
-- A leaderboard is recomputed as a whole (see docs/portfolio.md): ranks
-- are ordered exactly on the integer amounts when it is written, so a
-- page is an index range scan on the rank.

CREATE TABLE leaderboard (
	base_token  TEXT NOT NULL,
	period      TEXT NOT NULL CHECK (period IN ('day', 'week', 'month', 'all')),
	uid         TEXT NOT NULL REFERENCES users (uid),
	pnl         TEXT NOT NULL,
	volume      TEXT NOT NULL,
	pnl_rank    INTEGER NOT NULL,
	volume_rank INTEGER NOT NULL,
	PRIMARY KEY (base_token, period, uid)
) STRICT;
CREATE INDEX leaderboard_pnl ON leaderboard (base_token, period, pnl_rank);
CREATE INDEX leaderboard_volume ON leaderboard (base_token, period, volume_rank);

-- When each leaderboard was computed.
CREATE TABLE leaderboard_runs (
	base_token  TEXT NOT NULL,
	period      TEXT NOT NULL,
	computed_at INTEGER NOT NULL,
	entries     INTEGER NOT NULL,
	PRIMARY KEY (base_token, period)
) STRICT;

-- Hot markets sum the trades of the last 24 hours.
CREATE INDEX trades_created ON trades (created_at);
-- An option's price at a moment is the last point by (created_at, id):
-- with id in the index the lookup is one backward index step.
DROP INDEX price_points_market;
CREATE INDEX price_points_option_time ON price_points (market, option_address, created_at, id);
-- get-market-trades of one option, newest first.
CREATE INDEX trades_option ON trades (market, option_address, block_number DESC, log_index DESC);
