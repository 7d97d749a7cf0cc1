-- What a settled market owes its winners, SQLite dialect. Keep it in step
-- with migrations/postgres/0011_claims.sql.
--
-- markets.claimed_amount is the sum of the market's confirmed claims and
-- market_options.supply the option's tokens in accounts' hands (minted
-- minus burned), both base-unit integer strings kept by the indexer. NULL
-- means "not counted yet": rows written before this migration (and new
-- rows until the indexer first writes them) are counted from the facts
-- (claims, positions) the first time the store reads them.
ALTER TABLE markets ADD COLUMN claimed_amount TEXT;
ALTER TABLE market_options ADD COLUMN supply TEXT;
