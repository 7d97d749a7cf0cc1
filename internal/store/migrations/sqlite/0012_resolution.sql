-- Resolution with a challenge window, SQLite dialect. Keep it in step with
-- migrations/postgres/0012_resolution.sql.
--
-- A market may now be disputed (settling → disputed → ended). SQLite
-- cannot alter a CHECK constraint; widening the one of markets.status
-- changes no stored row, which is the case the SQLite documentation
-- allows editing the schema text for (ALTER TABLE, "Making Other Kinds Of
-- Table Schema Changes"). RESET makes the connection read the new text.
PRAGMA writable_schema = ON;
UPDATE sqlite_schema SET sql = replace(sql, '''settling'', ''ended''', '''settling'', ''disputed'', ''ended''')
	WHERE type = 'table' AND name = 'markets';
PRAGMA writable_schema = RESET;

-- The market's resolution parameters from the factory's MarketResolution
-- log (0: settle ends it at once) and whether it ended void.
ALTER TABLE markets ADD COLUMN challenge_window INTEGER NOT NULL DEFAULT 0;
ALTER TABLE markets ADD COLUMN bond TEXT NOT NULL DEFAULT '0';
ALTER TABLE markets ADD COLUMN dispute_fee_bps INTEGER NOT NULL DEFAULT 0;
ALTER TABLE markets ADD COLUMN void INTEGER NOT NULL DEFAULT 0;

-- The steps of a market's resolution (Asserted, Disputed, Arbitrated,
-- Finalized, Voided and VoidClaimed logs), one row per log; kind is the
-- step (ledger.Resolution*). outcome is the option index, -1 for void,
-- NULL for a step without one; amount the bond, payout, bond returned or
-- base paid; amounts the option tokens a void claim burned (comma
-- separated, by option); challenge_end (unix ms) the assertion's window.
CREATE TABLE resolution_events (
	id            INTEGER PRIMARY KEY,
	market        TEXT NOT NULL REFERENCES markets (address),
	kind          TEXT NOT NULL,
	outcome       INTEGER,
	account       TEXT NOT NULL,
	uid           TEXT REFERENCES users (uid),
	counterparty  TEXT NOT NULL DEFAULT '',
	amount        TEXT NOT NULL DEFAULT '0',
	fee           TEXT NOT NULL DEFAULT '0',
	treasury      TEXT NOT NULL DEFAULT '',
	amounts       TEXT NOT NULL DEFAULT '',
	challenge_end INTEGER,
	source        TEXT NOT NULL DEFAULT '',
	note          TEXT NOT NULL DEFAULT '',
	tx_hash       TEXT NOT NULL,
	op_hash       TEXT,
	block_number  INTEGER NOT NULL,
	block_hash    TEXT NOT NULL,
	log_index     INTEGER NOT NULL,
	created_at    INTEGER NOT NULL,
	UNIQUE (block_hash, log_index)
) STRICT;
CREATE INDEX resolution_events_market ON resolution_events (market, block_number, log_index);
CREATE INDEX resolution_events_block ON resolution_events (block_number);
