-- Hourly roll-up of price points, SQLite dialect. Keep it in step with
-- migrations/postgres/0005_price_hourly.sql.
--
-- One row per option and hour: the last price point of that hour
-- (point_id). Charts with buckets of an hour or more read it instead of
-- every point, so a long window of a busy market reads hours, not
-- trades. The indexer writes it with each price point; a reorg recomputes
-- the hours it touched.
CREATE TABLE price_hourly (
	market         TEXT NOT NULL,
	option_address TEXT NOT NULL,
	hour           INTEGER NOT NULL,
	point_id       INTEGER NOT NULL,
	PRIMARY KEY (market, option_address, hour)
) STRICT;
CREATE INDEX price_hourly_point ON price_hourly (market, hour, option_address, point_id);

INSERT INTO price_hourly (market, option_address, hour, point_id)
SELECT market, option_address, (created_at / 3600000) * 3600000, MAX(id)
FROM price_points GROUP BY market, option_address, created_at / 3600000;
