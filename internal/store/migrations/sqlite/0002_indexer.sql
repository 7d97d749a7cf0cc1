-- The chain indexer's facts and aggregates, SQLite dialect. Keep it in step
-- with migrations/postgres/0002_indexer.sql.
--
-- Facts are one row per applied log, unique by (block_hash, log_index);
-- a reorg deletes the facts of orphaned blocks and the store recomputes
-- the aggregates (markets, market_options, positions, liquidity_positions,
-- token_balances) of what they touched. Pool balances and sent-back
-- amounts are comma-separated canonical decimal integers, by option index.

ALTER TABLE trades ADD COLUMN option_index INTEGER NOT NULL DEFAULT 0;
ALTER TABLE trades ADD COLUMN balances TEXT NOT NULL DEFAULT '';
ALTER TABLE liquidity_events ADD COLUMN sent_back TEXT NOT NULL DEFAULT '';
ALTER TABLE liquidity_events ADD COLUMN balances TEXT NOT NULL DEFAULT '';
ALTER TABLE liquidity_positions ADD COLUMN returned_value TEXT NOT NULL DEFAULT '0';
-- collected_fees: fees held for LP holders (Market.collectedFees);
-- pool_block: the block of the last indexed change of the pool.
ALTER TABLE markets ADD COLUMN collected_fees TEXT NOT NULL DEFAULT '0';
ALTER TABLE markets ADD COLUMN resolver_address TEXT;
ALTER TABLE markets ADD COLUMN settled_block INTEGER;
ALTER TABLE markets ADD COLUMN pool_block INTEGER NOT NULL DEFAULT 0;
CREATE INDEX markets_created_block ON markets (created_block);
CREATE INDEX trades_market_account ON trades (market, account);
CREATE INDEX price_points_market_time ON price_points (market, created_at);

CREATE TABLE claims (
	id             INTEGER PRIMARY KEY,
	market         TEXT NOT NULL REFERENCES markets (address),
	option_address TEXT NOT NULL,
	option_index   INTEGER NOT NULL,
	account        TEXT NOT NULL,
	uid            TEXT REFERENCES users (uid),
	amount         TEXT NOT NULL,
	tx_hash        TEXT NOT NULL,
	op_hash        TEXT,
	block_number   INTEGER NOT NULL,
	block_hash     TEXT NOT NULL,
	log_index      INTEGER NOT NULL,
	created_at     INTEGER NOT NULL,
	UNIQUE (block_hash, log_index)
) STRICT;
CREATE INDEX claims_market ON claims (market, block_number, log_index);
CREATE INDEX claims_account ON claims (account, block_number DESC);
CREATE INDEX claims_block ON claims (block_number);

-- Trading fees paid to LP holders (FeesWithdrawn).
CREATE TABLE fee_withdrawals (
	id           INTEGER PRIMARY KEY,
	market       TEXT NOT NULL REFERENCES markets (address),
	account      TEXT NOT NULL,
	amount       TEXT NOT NULL,
	tx_hash      TEXT NOT NULL,
	op_hash      TEXT,
	block_number INTEGER NOT NULL,
	block_hash   TEXT NOT NULL,
	log_index    INTEGER NOT NULL,
	created_at   INTEGER NOT NULL,
	UNIQUE (block_hash, log_index)
) STRICT;
CREATE INDEX fee_withdrawals_market ON fee_withdrawals (market, block_number, log_index);
CREATE INDEX fee_withdrawals_block ON fee_withdrawals (block_number);

CREATE TABLE settlements (
	id            INTEGER PRIMARY KEY,
	market        TEXT NOT NULL REFERENCES markets (address),
	winning_index INTEGER NOT NULL,
	resolver      TEXT NOT NULL,
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
CREATE INDEX settlements_market ON settlements (market, block_number, log_index);
CREATE INDEX settlements_block ON settlements (block_number);

-- ERC-20 Transfer logs of base tokens, option tokens and LP tokens.
CREATE TABLE token_transfers (
	id           INTEGER PRIMARY KEY,
	token        TEXT NOT NULL,
	from_address TEXT NOT NULL,
	to_address   TEXT NOT NULL,
	amount       TEXT NOT NULL,
	tx_hash      TEXT NOT NULL,
	block_number INTEGER NOT NULL,
	block_hash   TEXT NOT NULL,
	log_index    INTEGER NOT NULL,
	created_at   INTEGER NOT NULL,
	UNIQUE (block_hash, log_index)
) STRICT;
CREATE INDEX token_transfers_token ON token_transfers (token, block_number, log_index);
CREATE INDEX token_transfers_block ON token_transfers (block_number);

-- The window of recent applied blocks (number, hash) in which the indexer
-- looks for the common ancestor after a reorg.
CREATE TABLE indexed_blocks (
	number     INTEGER PRIMARY KEY,
	hash       TEXT NOT NULL,
	indexed_at INTEGER NOT NULL
) STRICT;
