-- Logs the indexer could not apply, PostgreSQL dialect. Keep it in step
-- with migrations/sqlite/0006_quarantine.sql.
--
-- A log the store refuses again and again (a text it cannot hold, a bug)
-- is recorded here instead of stopping the indexer for everyone; the rest
-- of its batch is applied. An operator sets replay to have the indexer
-- read its block and every later block again, or deletes the row to
-- accept the loss (docs/operations.md, "Quarantined logs"). A reorg or a
-- replay below a row deletes it: its block is read again.
CREATE TABLE quarantined_logs (
	block_hash     TEXT COLLATE "C" NOT NULL,
	log_index      BIGINT NOT NULL,
	block_number   BIGINT NOT NULL,
	tx_hash        TEXT COLLATE "C" NOT NULL,
	address        TEXT COLLATE "C" NOT NULL,
	topic          TEXT COLLATE "C" NOT NULL,
	kind           TEXT COLLATE "C" NOT NULL,
	error          TEXT NOT NULL,
	quarantined_at BIGINT NOT NULL,
	replay         BOOLEAN NOT NULL DEFAULT FALSE,
	PRIMARY KEY (block_hash, log_index)
);
CREATE INDEX quarantined_logs_block ON quarantined_logs (block_number);
