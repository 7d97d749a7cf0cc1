-- Logs the indexer could not apply, SQLite dialect. Keep it in step with
-- migrations/postgres/0006_quarantine.sql.
--
-- A log the store refuses again and again (a text it cannot hold, a bug)
-- is recorded here instead of stopping the indexer for everyone; the rest
-- of its batch is applied. An operator sets replay to have the indexer
-- read its block and every later block again, or deletes the row to
-- accept the loss (docs/operations.md, "Quarantined logs"). A reorg or a
-- replay below a row deletes it: its block is read again.
CREATE TABLE quarantined_logs (
	block_hash     TEXT NOT NULL,
	log_index      INTEGER NOT NULL,
	block_number   INTEGER NOT NULL,
	tx_hash        TEXT NOT NULL,
	address        TEXT NOT NULL,
	topic          TEXT NOT NULL,
	kind           TEXT NOT NULL,
	error          TEXT NOT NULL,
	quarantined_at INTEGER NOT NULL,
	replay         INTEGER NOT NULL DEFAULT 0 CHECK (replay IN (0, 1)),
	PRIMARY KEY (block_hash, log_index)
) STRICT;
CREATE INDEX quarantined_logs_block ON quarantined_logs (block_number);
