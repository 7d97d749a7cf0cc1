-- The time of the indexer's last block (Unix milliseconds; 0 when not
-- known, as after a reorg), so the service's sense of chain time comes
-- from what it has indexed rather than a call to the chain node.
ALTER TABLE indexer_cursor ADD COLUMN block_time BIGINT NOT NULL DEFAULT 0;
