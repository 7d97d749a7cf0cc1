-- Bulk exports read trades in chain order a page at a time, resuming
-- after a (block, log index) cursor: an index in that order makes each
-- page a range read instead of a sort of every later trade. It serves
-- the reorg's deletes by block as trades_block did. PostgreSQL dialect; keep
-- it in step with migrations/sqlite/0015_export_order.sql.
CREATE INDEX trades_chain_order ON trades (block_number, log_index);
DROP INDEX trades_block;
