-- Schema of the whole service, SQLite dialect. Keep it in step with
-- migrations/postgres/0001_init.sql: same tables, columns and indexes.
--
-- Conventions: token amounts, prices (18-decimal fixed point) and PnL are
-- TEXT holding canonical decimal integers (no leading zeros, '-' only for
-- negative PnL); sort amounts with "length(col) DESC, col DESC".
-- Timestamps are INTEGER unix milliseconds (0 = unset where NOT NULL).
-- Addresses and hashes are lowercase 0x-hex. Tables are STRICT.

CREATE TABLE users (
	uid         TEXT PRIMARY KEY,
	subject     TEXT NOT NULL UNIQUE,
	address     TEXT UNIQUE,
	name        TEXT,
	name_lower  TEXT UNIQUE,
	avatar_url  TEXT NOT NULL DEFAULT '',
	invite_code TEXT NOT NULL UNIQUE,
	invited_by  TEXT REFERENCES users (uid),
	created_at  INTEGER NOT NULL,
	updated_at  INTEGER NOT NULL,
	CHECK ((name IS NULL) = (name_lower IS NULL))
) STRICT;
CREATE INDEX users_invited_by ON users (invited_by);

CREATE TABLE user_roles (
	uid        TEXT NOT NULL REFERENCES users (uid) ON DELETE CASCADE,
	role       TEXT NOT NULL,
	granted_at INTEGER NOT NULL,
	PRIMARY KEY (uid, role)
) STRICT;

CREATE TABLE markets (
	address           TEXT PRIMARY KEY,
	title             TEXT NOT NULL,
	description       TEXT NOT NULL DEFAULT '',
	rules             TEXT NOT NULL DEFAULT '',
	status            TEXT NOT NULL CHECK (status IN ('running', 'settling', 'ended')),
	base_token        TEXT NOT NULL,
	category_id       TEXT NOT NULL DEFAULT '',
	image_url         TEXT NOT NULL DEFAULT '',
	fee_bps           INTEGER NOT NULL DEFAULT 0,
	volume            TEXT NOT NULL DEFAULT '0' CHECK (volume <> '' AND volume NOT GLOB '*[^0-9]*' AND (volume = '0' OR volume NOT GLOB '0*')),
	liquidity         TEXT NOT NULL DEFAULT '0' CHECK (liquidity <> '' AND liquidity NOT GLOB '*[^0-9]*' AND (liquidity = '0' OR liquidity NOT GLOB '0*')),
	lp_supply         TEXT NOT NULL DEFAULT '0',
	participant_count INTEGER NOT NULL DEFAULT 0,
	trade_count       INTEGER NOT NULL DEFAULT 0,
	hot_score         REAL NOT NULL DEFAULT 0,
	start_time        INTEGER NOT NULL DEFAULT 0,
	end_time          INTEGER NOT NULL,
	creator_uid       TEXT REFERENCES users (uid),
	creator_address   TEXT,
	winning_option    TEXT REFERENCES market_options (address),
	resolution_source TEXT NOT NULL DEFAULT '',
	resolution_note   TEXT NOT NULL DEFAULT '',
	resolver_uid      TEXT REFERENCES users (uid),
	resolve_op_hash   TEXT,
	settle_tx_hash    TEXT,
	settled_at        INTEGER,
	create_op_hash    TEXT,
	created_block     INTEGER,
	created_at        INTEGER NOT NULL,
	updated_at        INTEGER NOT NULL
) STRICT;
-- One index per sort order of the market list (address is the tiebreaker)
-- and per equality filter.
CREATE INDEX markets_newest ON markets (created_at DESC, address);
CREATE INDEX markets_ending ON markets (end_time, address);
CREATE INDEX markets_volume ON markets (length(volume) DESC, volume DESC, address);
CREATE INDEX markets_hot ON markets (hot_score DESC, length(volume) DESC, volume DESC, created_at DESC, address);
CREATE INDEX markets_status ON markets (status, end_time);
CREATE INDEX markets_category ON markets (category_id, created_at DESC);
CREATE INDEX markets_base_token ON markets (base_token, created_at DESC);
CREATE INDEX markets_creator ON markets (creator_uid);

CREATE TABLE market_options (
	market        TEXT NOT NULL REFERENCES markets (address) ON DELETE CASCADE,
	idx           INTEGER NOT NULL,
	address       TEXT NOT NULL UNIQUE,
	title         TEXT NOT NULL,
	pool_balance  TEXT NOT NULL DEFAULT '0',
	price         TEXT NOT NULL DEFAULT '0',
	volume        TEXT NOT NULL DEFAULT '0',
	holders_count INTEGER NOT NULL DEFAULT 0,
	PRIMARY KEY (market, idx)
) STRICT;

-- pos keeps the order the creator gave the tags in.
CREATE TABLE market_tags (
	market TEXT NOT NULL REFERENCES markets (address) ON DELETE CASCADE,
	tag    TEXT NOT NULL,
	pos    INTEGER NOT NULL DEFAULT 0,
	PRIMARY KEY (market, tag)
) STRICT;
CREATE INDEX market_tags_tag ON market_tags (tag, market);

CREATE TABLE follows (
	uid        TEXT NOT NULL REFERENCES users (uid) ON DELETE CASCADE,
	market     TEXT NOT NULL REFERENCES markets (address) ON DELETE CASCADE,
	created_at INTEGER NOT NULL,
	PRIMARY KEY (uid, market)
) STRICT;
CREATE INDEX follows_market ON follows (market);

-- ERC-4337 user operations the API accepted. market is the target market,
-- or the predicted address of a market being created (no foreign key).
CREATE TABLE operations (
	op_hash        TEXT PRIMARY KEY,
	uid            TEXT NOT NULL REFERENCES users (uid),
	sender         TEXT NOT NULL,
	action         TEXT NOT NULL,
	market         TEXT,
	nonce          TEXT NOT NULL,
	request        TEXT NOT NULL DEFAULT '{}',
	user_operation TEXT NOT NULL DEFAULT '{}',
	status         TEXT NOT NULL DEFAULT 'pending'
		CHECK (status IN ('pending', 'submitted', 'confirmed', 'reverted', 'dropped')),
	revert_reason  TEXT NOT NULL DEFAULT '',
	tx_hash        TEXT,
	block_number   INTEGER,
	created_at     INTEGER NOT NULL,
	updated_at     INTEGER NOT NULL
) STRICT;
CREATE INDEX operations_uid ON operations (uid, created_at DESC);
CREATE INDEX operations_status ON operations (status, created_at);
CREATE INDEX operations_sender_nonce ON operations (sender, nonce);
CREATE INDEX operations_tx_hash ON operations (tx_hash);
CREATE INDEX operations_market ON operations (market, created_at DESC);

-- side: 1 = buy, 2 = sell.
CREATE TABLE orders (
	order_uuid     TEXT PRIMARY KEY,
	op_hash        TEXT NOT NULL REFERENCES operations (op_hash),
	uid            TEXT NOT NULL REFERENCES users (uid),
	market         TEXT NOT NULL REFERENCES markets (address),
	option_address TEXT NOT NULL,
	side           INTEGER NOT NULL CHECK (side IN (1, 2)),
	amount         TEXT NOT NULL,
	min_receive    TEXT NOT NULL DEFAULT '0',
	price          TEXT NOT NULL DEFAULT '0',
	deadline       INTEGER NOT NULL DEFAULT 0,
	status         TEXT NOT NULL DEFAULT 'pending'
		CHECK (status IN ('pending', 'submitted', 'confirmed', 'reverted', 'dropped')),
	created_at     INTEGER NOT NULL,
	updated_at     INTEGER NOT NULL
) STRICT;
CREATE INDEX orders_op_hash ON orders (op_hash);
CREATE INDEX orders_uid ON orders (uid, created_at DESC);
CREATE INDEX orders_market ON orders (market, created_at DESC);

-- Confirmed trades, from the market's Buy/Sell logs.
CREATE TABLE trades (
	id             INTEGER PRIMARY KEY,
	market         TEXT NOT NULL REFERENCES markets (address),
	option_address TEXT NOT NULL,
	uid            TEXT REFERENCES users (uid),
	account        TEXT NOT NULL,
	side           INTEGER NOT NULL CHECK (side IN (1, 2)),
	base_amount    TEXT NOT NULL,
	token_amount   TEXT NOT NULL,
	fee            TEXT NOT NULL DEFAULT '0',
	avg_price      TEXT NOT NULL DEFAULT '0',
	tx_hash        TEXT NOT NULL,
	op_hash        TEXT,
	block_number   INTEGER NOT NULL,
	block_hash     TEXT NOT NULL,
	log_index      INTEGER NOT NULL,
	created_at     INTEGER NOT NULL,
	UNIQUE (block_hash, log_index)
) STRICT;
CREATE INDEX trades_market ON trades (market, block_number DESC, log_index DESC);
CREATE INDEX trades_account ON trades (account, block_number DESC, log_index DESC);
CREATE INDEX trades_uid ON trades (uid, block_number DESC, log_index DESC);
CREATE INDEX trades_block ON trades (block_number);

CREATE TABLE positions (
	account        TEXT NOT NULL,
	market         TEXT NOT NULL REFERENCES markets (address),
	option_address TEXT NOT NULL REFERENCES market_options (address),
	amount         TEXT NOT NULL DEFAULT '0',
	cost_basis     TEXT NOT NULL DEFAULT '0',
	realized_pnl   TEXT NOT NULL DEFAULT '0',
	updated_at     INTEGER NOT NULL,
	PRIMARY KEY (account, market, option_address)
) STRICT;
CREATE INDEX positions_option ON positions (option_address, account);

CREATE TABLE liquidity_positions (
	account        TEXT NOT NULL,
	market         TEXT NOT NULL REFERENCES markets (address),
	lp_amount      TEXT NOT NULL DEFAULT '0',
	deposited      TEXT NOT NULL DEFAULT '0',
	withdrawn      TEXT NOT NULL DEFAULT '0',
	fees_withdrawn TEXT NOT NULL DEFAULT '0',
	updated_at     INTEGER NOT NULL,
	PRIMARY KEY (account, market)
) STRICT;
CREATE INDEX liquidity_positions_market ON liquidity_positions (market);

-- kind: add, remove, redeem (after settlement).
CREATE TABLE liquidity_events (
	id           INTEGER PRIMARY KEY,
	market       TEXT NOT NULL REFERENCES markets (address),
	account      TEXT NOT NULL,
	uid          TEXT REFERENCES users (uid),
	kind         TEXT NOT NULL CHECK (kind IN ('add', 'remove', 'redeem')),
	base_amount  TEXT NOT NULL DEFAULT '0',
	lp_amount    TEXT NOT NULL DEFAULT '0',
	tx_hash      TEXT NOT NULL,
	op_hash      TEXT,
	block_number INTEGER NOT NULL,
	block_hash   TEXT NOT NULL,
	log_index    INTEGER NOT NULL,
	created_at   INTEGER NOT NULL,
	UNIQUE (block_hash, log_index)
) STRICT;
CREATE INDEX liquidity_events_market ON liquidity_events (market, block_number DESC, log_index DESC);
CREATE INDEX liquidity_events_account ON liquidity_events (account, block_number DESC, log_index DESC);
CREATE INDEX liquidity_events_block ON liquidity_events (block_number);

CREATE TABLE price_points (
	id             INTEGER PRIMARY KEY,
	market         TEXT NOT NULL REFERENCES markets (address),
	option_address TEXT NOT NULL,
	price          TEXT NOT NULL,
	block_number   INTEGER NOT NULL,
	created_at     INTEGER NOT NULL
) STRICT;
CREATE INDEX price_points_market ON price_points (market, option_address, created_at);
CREATE INDEX price_points_block ON price_points (block_number);

-- ERC-20 balances, from Transfer logs.
CREATE TABLE token_balances (
	account      TEXT NOT NULL,
	token        TEXT NOT NULL,
	amount       TEXT NOT NULL DEFAULT '0',
	block_number INTEGER NOT NULL DEFAULT 0,
	updated_at   INTEGER NOT NULL,
	PRIMARY KEY (account, token)
) STRICT;
CREATE INDEX token_balances_token ON token_balances (token, length(amount) DESC, amount DESC);

CREATE TABLE asset_snapshots (
	uid        TEXT NOT NULL REFERENCES users (uid),
	base_token TEXT NOT NULL,
	created_at INTEGER NOT NULL,
	value      TEXT NOT NULL,
	pnl        TEXT NOT NULL DEFAULT '0',
	PRIMARY KEY (uid, base_token, created_at)
) STRICT;

CREATE TABLE notifications (
	id         INTEGER PRIMARY KEY,
	uid        TEXT NOT NULL REFERENCES users (uid),
	kind       TEXT NOT NULL,
	payload    TEXT NOT NULL DEFAULT '{}',
	read_at    INTEGER,
	created_at INTEGER NOT NULL
) STRICT;
CREATE INDEX notifications_uid ON notifications (uid, created_at DESC);
CREATE INDEX notifications_unread ON notifications (uid) WHERE read_at IS NULL;

CREATE TABLE posts (
	id         INTEGER PRIMARY KEY,
	market     TEXT NOT NULL REFERENCES markets (address),
	uid        TEXT NOT NULL REFERENCES users (uid),
	content    TEXT NOT NULL,
	hidden     INTEGER NOT NULL DEFAULT 0 CHECK (hidden IN (0, 1)),
	deleted    INTEGER NOT NULL DEFAULT 0 CHECK (deleted IN (0, 1)),
	created_at INTEGER NOT NULL,
	updated_at INTEGER NOT NULL
) STRICT;
CREATE INDEX posts_market ON posts (market, created_at DESC);
CREATE INDEX posts_uid ON posts (uid, created_at DESC);

-- A comment belongs to a market and, optionally, to a post; parent_id is
-- the comment it answers.
CREATE TABLE comments (
	id         INTEGER PRIMARY KEY,
	market     TEXT NOT NULL REFERENCES markets (address),
	post_id    INTEGER REFERENCES posts (id),
	parent_id  INTEGER REFERENCES comments (id),
	uid        TEXT NOT NULL REFERENCES users (uid),
	content    TEXT NOT NULL,
	hidden     INTEGER NOT NULL DEFAULT 0 CHECK (hidden IN (0, 1)),
	deleted    INTEGER NOT NULL DEFAULT 0 CHECK (deleted IN (0, 1)),
	created_at INTEGER NOT NULL,
	updated_at INTEGER NOT NULL
) STRICT;
CREATE INDEX comments_market ON comments (market, created_at DESC);
CREATE INDEX comments_post ON comments (post_id, created_at);
CREATE INDEX comments_uid ON comments (uid, created_at DESC);

-- The chain indexer's position, per stream; a reorg rolls it back.
CREATE TABLE indexer_cursor (
	name         TEXT PRIMARY KEY,
	block_number INTEGER NOT NULL,
	block_hash   TEXT NOT NULL,
	updated_at   INTEGER NOT NULL
) STRICT;

-- Logs already applied: a (block hash, log index) is applied once.
CREATE TABLE applied_logs (
	block_hash   TEXT NOT NULL,
	log_index    INTEGER NOT NULL,
	block_number INTEGER NOT NULL,
	applied_at   INTEGER NOT NULL,
	PRIMARY KEY (block_hash, log_index)
) STRICT;
CREATE INDEX applied_logs_block ON applied_logs (block_number);

-- Small key/value settings (e.g. the embedded chain's deployed addresses).
CREATE TABLE settings (
	key        TEXT PRIMARY KEY,
	value      TEXT NOT NULL,
	updated_at INTEGER NOT NULL
) STRICT;
