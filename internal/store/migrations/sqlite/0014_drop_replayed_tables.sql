-- Tables no read uses any more, SQLite dialect. Keep it in step with
-- migrations/postgres/0014_drop_replayed_tables.sql.
--
-- Liquidity events, fee withdrawals and settlements were kept only for a
-- reorg's replay, which reads chain_facts since 0013 (whose Go step copied
-- them there). A settled market keeps its winner, resolver, source and
-- note on its own row.
DROP TABLE liquidity_events;
DROP TABLE fee_withdrawals;
DROP TABLE settlements;
