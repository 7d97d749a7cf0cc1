-- The hot ranking re-reads one market's last 24 hours of trades when an
-- event says the market changed: by market and time, not all its trades.
CREATE INDEX trades_market_created ON trades (market, created_at);
