-- Hourly roll-up of price points, PostgreSQL dialect. Keep it in step with
-- migrations/sqlite/0005_price_hourly.sql.
--
-- One row per option and hour: the last price point of that hour
-- (point_id). Charts with buckets of an hour or more read it instead of
-- every point, so a long window of a busy market reads hours, not
-- trades. The indexer writes it with each price point; a reorg recomputes
-- the hours it touched.
CREATE TABLE price_hourly (
	market         TEXT COLLATE "C" NOT NULL,
	option_address TEXT COLLATE "C" NOT NULL,
	hour           BIGINT NOT NULL,
	point_id       BIGINT NOT NULL,
	PRIMARY KEY (market, option_address, hour)
);
CREATE INDEX price_hourly_point ON price_hourly (market, hour, option_address, point_id);

INSERT INTO price_hourly (market, option_address, hour, point_id)
SELECT market, option_address, (created_at / 3600000) * 3600000, MAX(id)
FROM price_points GROUP BY market, option_address, created_at / 3600000;
