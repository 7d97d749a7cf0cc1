-- Schema of the whole service, PostgreSQL dialect. Keep it in step with
-- migrations/sqlite/0001_init.sql: same tables, columns and indexes.
--
-- Conventions: token amounts, prices (18-decimal fixed point) and PnL are
-- TEXT holding canonical decimal integers (no leading zeros, '-' only for
-- negative PnL); sort amounts with "length(col) DESC, col DESC".
-- Timestamps are BIGINT unix milliseconds (0 = unset where NOT NULL).
-- Addresses and hashes are lowercase 0x-hex. Identifier and amount columns
-- are COLLATE "C" so they sort bytewise, as in SQLite, whatever the
-- database's locale.

CREATE TABLE users (
	uid         TEXT COLLATE "C" PRIMARY KEY,
	subject     TEXT NOT NULL UNIQUE,
	address     TEXT COLLATE "C" UNIQUE,
	name        TEXT,
	name_lower  TEXT UNIQUE,
	avatar_url  TEXT NOT NULL DEFAULT '',
	invite_code TEXT COLLATE "C" NOT NULL UNIQUE,
	invited_by  TEXT COLLATE "C" REFERENCES users (uid),
	created_at  BIGINT NOT NULL,
	updated_at  BIGINT NOT NULL,
	CHECK ((name IS NULL) = (name_lower IS NULL))
);
CREATE INDEX users_invited_by ON users (invited_by);

CREATE TABLE user_roles (
	uid        TEXT COLLATE "C" NOT NULL REFERENCES users (uid) ON DELETE CASCADE,
	role       TEXT COLLATE "C" NOT NULL,
	granted_at BIGINT NOT NULL,
	PRIMARY KEY (uid, role)
);

CREATE TABLE markets (
	address           TEXT COLLATE "C" PRIMARY KEY,
	title             TEXT NOT NULL,
	description       TEXT NOT NULL DEFAULT '',
	rules             TEXT NOT NULL DEFAULT '',
	status            TEXT COLLATE "C" NOT NULL CHECK (status IN ('running', 'settling', 'ended')),
	base_token        TEXT COLLATE "C" NOT NULL,
	category_id       TEXT COLLATE "C" NOT NULL DEFAULT '',
	image_url         TEXT NOT NULL DEFAULT '',
	fee_bps           INTEGER NOT NULL DEFAULT 0,
	volume            TEXT COLLATE "C" NOT NULL DEFAULT '0' CHECK (volume ~ '^(0|[1-9][0-9]*)$'),
	liquidity         TEXT COLLATE "C" NOT NULL DEFAULT '0' CHECK (liquidity ~ '^(0|[1-9][0-9]*)$'),
	lp_supply         TEXT COLLATE "C" NOT NULL DEFAULT '0',
	participant_count INTEGER NOT NULL DEFAULT 0,
	trade_count       INTEGER NOT NULL DEFAULT 0,
	hot_score         DOUBLE PRECISION NOT NULL DEFAULT 0,
	start_time        BIGINT NOT NULL DEFAULT 0,
	end_time          BIGINT NOT NULL,
	creator_uid       TEXT COLLATE "C" REFERENCES users (uid),
	creator_address   TEXT COLLATE "C",
	winning_option    TEXT COLLATE "C",
	resolution_source TEXT NOT NULL DEFAULT '',
	resolution_note   TEXT NOT NULL DEFAULT '',
	resolver_uid      TEXT COLLATE "C" REFERENCES users (uid),
	resolve_op_hash   TEXT COLLATE "C",
	settle_tx_hash    TEXT COLLATE "C",
	settled_at        BIGINT,
	create_op_hash    TEXT COLLATE "C",
	created_block     BIGINT,
	created_at        BIGINT NOT NULL,
	updated_at        BIGINT NOT NULL
);
-- One index per sort order of the market list (address is the tiebreaker)
-- and per equality filter.
CREATE INDEX markets_newest ON markets (created_at DESC, address);
CREATE INDEX markets_ending ON markets (end_time, address);
CREATE INDEX markets_volume ON markets ((length(volume)) DESC, volume DESC, address);
CREATE INDEX markets_hot ON markets (hot_score DESC, (length(volume)) DESC, volume DESC, created_at DESC, address);
CREATE INDEX markets_status ON markets (status, end_time);
CREATE INDEX markets_category ON markets (category_id, created_at DESC);
CREATE INDEX markets_base_token ON markets (base_token, created_at DESC);
CREATE INDEX markets_creator ON markets (creator_uid);

CREATE TABLE market_options (
	market        TEXT COLLATE "C" NOT NULL REFERENCES markets (address) ON DELETE CASCADE,
	idx           INTEGER NOT NULL,
	address       TEXT COLLATE "C" NOT NULL UNIQUE,
	title         TEXT NOT NULL,
	pool_balance  TEXT COLLATE "C" NOT NULL DEFAULT '0',
	price         TEXT COLLATE "C" NOT NULL DEFAULT '0',
	volume        TEXT COLLATE "C" NOT NULL DEFAULT '0',
	holders_count INTEGER NOT NULL DEFAULT 0,
	PRIMARY KEY (market, idx)
);
ALTER TABLE markets ADD FOREIGN KEY (winning_option) REFERENCES market_options (address);

-- pos keeps the order the creator gave the tags in.
CREATE TABLE market_tags (
	market TEXT COLLATE "C" NOT NULL REFERENCES markets (address) ON DELETE CASCADE,
	tag    TEXT COLLATE "C" NOT NULL,
	pos    INTEGER NOT NULL DEFAULT 0,
	PRIMARY KEY (market, tag)
);
CREATE INDEX market_tags_tag ON market_tags (tag, market);

CREATE TABLE follows (
	uid        TEXT COLLATE "C" NOT NULL REFERENCES users (uid) ON DELETE CASCADE,
	market     TEXT COLLATE "C" NOT NULL REFERENCES markets (address) ON DELETE CASCADE,
	created_at BIGINT NOT NULL,
	PRIMARY KEY (uid, market)
);
CREATE INDEX follows_market ON follows (market);

-- ERC-4337 user operations the API accepted. market is the target market,
-- or the predicted address of a market being created (no foreign key).
CREATE TABLE operations (
	op_hash        TEXT COLLATE "C" PRIMARY KEY,
	uid            TEXT COLLATE "C" NOT NULL REFERENCES users (uid),
	sender         TEXT COLLATE "C" NOT NULL,
	action         TEXT COLLATE "C" NOT NULL,
	market         TEXT COLLATE "C",
	nonce          TEXT COLLATE "C" NOT NULL,
	request        JSONB NOT NULL DEFAULT '{}',
	user_operation JSONB NOT NULL DEFAULT '{}',
	status         TEXT COLLATE "C" NOT NULL DEFAULT 'pending'
		CHECK (status IN ('pending', 'submitted', 'confirmed', 'reverted', 'dropped')),
	revert_reason  TEXT NOT NULL DEFAULT '',
	tx_hash        TEXT COLLATE "C",
	block_number   BIGINT,
	created_at     BIGINT NOT NULL,
	updated_at     BIGINT NOT NULL
);
CREATE INDEX operations_uid ON operations (uid, created_at DESC);
CREATE INDEX operations_status ON operations (status, created_at);
CREATE INDEX operations_sender_nonce ON operations (sender, nonce);
CREATE INDEX operations_tx_hash ON operations (tx_hash);
CREATE INDEX operations_market ON operations (market, created_at DESC);

-- side: 1 = buy, 2 = sell.
CREATE TABLE orders (
	order_uuid     TEXT COLLATE "C" PRIMARY KEY,
	op_hash        TEXT COLLATE "C" NOT NULL REFERENCES operations (op_hash),
	uid            TEXT COLLATE "C" NOT NULL REFERENCES users (uid),
	market         TEXT COLLATE "C" NOT NULL REFERENCES markets (address),
	option_address TEXT COLLATE "C" NOT NULL,
	side           INTEGER NOT NULL CHECK (side IN (1, 2)),
	amount         TEXT COLLATE "C" NOT NULL,
	min_receive    TEXT COLLATE "C" NOT NULL DEFAULT '0',
	price          TEXT COLLATE "C" NOT NULL DEFAULT '0',
	deadline       BIGINT NOT NULL DEFAULT 0,
	status         TEXT COLLATE "C" NOT NULL DEFAULT 'pending'
		CHECK (status IN ('pending', 'submitted', 'confirmed', 'reverted', 'dropped')),
	created_at     BIGINT NOT NULL,
	updated_at     BIGINT NOT NULL
);
CREATE INDEX orders_op_hash ON orders (op_hash);
CREATE INDEX orders_uid ON orders (uid, created_at DESC);
CREATE INDEX orders_market ON orders (market, created_at DESC);

-- Confirmed trades, from the market's Buy/Sell logs.
CREATE TABLE trades (
	id             BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
	market         TEXT COLLATE "C" NOT NULL REFERENCES markets (address),
	option_address TEXT COLLATE "C" NOT NULL,
	uid            TEXT COLLATE "C" REFERENCES users (uid),
	account        TEXT COLLATE "C" NOT NULL,
	side           INTEGER NOT NULL CHECK (side IN (1, 2)),
	base_amount    TEXT COLLATE "C" NOT NULL,
	token_amount   TEXT COLLATE "C" NOT NULL,
	fee            TEXT COLLATE "C" NOT NULL DEFAULT '0',
	avg_price      TEXT COLLATE "C" NOT NULL DEFAULT '0',
	tx_hash        TEXT COLLATE "C" NOT NULL,
	op_hash        TEXT COLLATE "C",
	block_number   BIGINT NOT NULL,
	block_hash     TEXT COLLATE "C" NOT NULL,
	log_index      INTEGER NOT NULL,
	created_at     BIGINT NOT NULL,
	UNIQUE (block_hash, log_index)
);
CREATE INDEX trades_market ON trades (market, block_number DESC, log_index DESC);
CREATE INDEX trades_account ON trades (account, block_number DESC, log_index DESC);
CREATE INDEX trades_uid ON trades (uid, block_number DESC, log_index DESC);
CREATE INDEX trades_block ON trades (block_number);

CREATE TABLE positions (
	account        TEXT COLLATE "C" NOT NULL,
	market         TEXT COLLATE "C" NOT NULL REFERENCES markets (address),
	option_address TEXT COLLATE "C" NOT NULL REFERENCES market_options (address),
	amount         TEXT COLLATE "C" NOT NULL DEFAULT '0',
	cost_basis     TEXT COLLATE "C" NOT NULL DEFAULT '0',
	realized_pnl   TEXT COLLATE "C" NOT NULL DEFAULT '0',
	updated_at     BIGINT NOT NULL,
	PRIMARY KEY (account, market, option_address)
);
CREATE INDEX positions_option ON positions (option_address, account);

CREATE TABLE liquidity_positions (
	account        TEXT COLLATE "C" NOT NULL,
	market         TEXT COLLATE "C" NOT NULL REFERENCES markets (address),
	lp_amount      TEXT COLLATE "C" NOT NULL DEFAULT '0',
	deposited      TEXT COLLATE "C" NOT NULL DEFAULT '0',
	withdrawn      TEXT COLLATE "C" NOT NULL DEFAULT '0',
	fees_withdrawn TEXT COLLATE "C" NOT NULL DEFAULT '0',
	updated_at     BIGINT NOT NULL,
	PRIMARY KEY (account, market)
);
CREATE INDEX liquidity_positions_market ON liquidity_positions (market);

-- kind: add, remove, redeem (after settlement).
CREATE TABLE liquidity_events (
	id           BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
	market       TEXT COLLATE "C" NOT NULL REFERENCES markets (address),
	account      TEXT COLLATE "C" NOT NULL,
	uid          TEXT COLLATE "C" REFERENCES users (uid),
	kind         TEXT COLLATE "C" NOT NULL CHECK (kind IN ('add', 'remove', 'redeem')),
	base_amount  TEXT COLLATE "C" NOT NULL DEFAULT '0',
	lp_amount    TEXT COLLATE "C" NOT NULL DEFAULT '0',
	tx_hash      TEXT COLLATE "C" NOT NULL,
	op_hash      TEXT COLLATE "C",
	block_number BIGINT NOT NULL,
	block_hash   TEXT COLLATE "C" NOT NULL,
	log_index    INTEGER NOT NULL,
	created_at   BIGINT NOT NULL,
	UNIQUE (block_hash, log_index)
);
CREATE INDEX liquidity_events_market ON liquidity_events (market, block_number DESC, log_index DESC);
CREATE INDEX liquidity_events_account ON liquidity_events (account, block_number DESC, log_index DESC);
CREATE INDEX liquidity_events_block ON liquidity_events (block_number);

CREATE TABLE price_points (
	id             BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
	market         TEXT COLLATE "C" NOT NULL REFERENCES markets (address),
	option_address TEXT COLLATE "C" NOT NULL,
	price          TEXT COLLATE "C" NOT NULL,
	block_number   BIGINT NOT NULL,
	created_at     BIGINT NOT NULL
);
CREATE INDEX price_points_market ON price_points (market, option_address, created_at);
CREATE INDEX price_points_block ON price_points (block_number);

-- ERC-20 balances, from Transfer logs.
CREATE TABLE token_balances (
	account      TEXT COLLATE "C" NOT NULL,
	token        TEXT COLLATE "C" NOT NULL,
	amount       TEXT COLLATE "C" NOT NULL DEFAULT '0',
	block_number BIGINT NOT NULL DEFAULT 0,
	updated_at   BIGINT NOT NULL,
	PRIMARY KEY (account, token)
);
CREATE INDEX token_balances_token ON token_balances (token, (length(amount)) DESC, amount DESC);

CREATE TABLE asset_snapshots (
	uid        TEXT COLLATE "C" NOT NULL REFERENCES users (uid),
	base_token TEXT COLLATE "C" NOT NULL,
	created_at BIGINT NOT NULL,
	value      TEXT COLLATE "C" NOT NULL,
	pnl        TEXT COLLATE "C" NOT NULL DEFAULT '0',
	PRIMARY KEY (uid, base_token, created_at)
);

CREATE TABLE notifications (
	id         BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
	uid        TEXT COLLATE "C" NOT NULL REFERENCES users (uid),
	kind       TEXT COLLATE "C" NOT NULL,
	payload    JSONB NOT NULL DEFAULT '{}',
	read_at    BIGINT,
	created_at BIGINT NOT NULL
);
CREATE INDEX notifications_uid ON notifications (uid, created_at DESC);
CREATE INDEX notifications_unread ON notifications (uid) WHERE read_at IS NULL;

CREATE TABLE posts (
	id         BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
	market     TEXT COLLATE "C" NOT NULL REFERENCES markets (address),
	uid        TEXT COLLATE "C" NOT NULL REFERENCES users (uid),
	content    TEXT NOT NULL,
	hidden     BOOLEAN NOT NULL DEFAULT FALSE,
	deleted    BOOLEAN NOT NULL DEFAULT FALSE,
	created_at BIGINT NOT NULL,
	updated_at BIGINT NOT NULL
);
CREATE INDEX posts_market ON posts (market, created_at DESC);
CREATE INDEX posts_uid ON posts (uid, created_at DESC);

-- A comment belongs to a market and, optionally, to a post; parent_id is
-- the comment it answers.
CREATE TABLE comments (
	id         BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
	market     TEXT COLLATE "C" NOT NULL REFERENCES markets (address),
	post_id    BIGINT REFERENCES posts (id),
	parent_id  BIGINT REFERENCES comments (id),
	uid        TEXT COLLATE "C" NOT NULL REFERENCES users (uid),
	content    TEXT NOT NULL,
	hidden     BOOLEAN NOT NULL DEFAULT FALSE,
	deleted    BOOLEAN NOT NULL DEFAULT FALSE,
	created_at BIGINT NOT NULL,
	updated_at BIGINT NOT NULL
);
CREATE INDEX comments_market ON comments (market, created_at DESC);
CREATE INDEX comments_post ON comments (post_id, created_at);
CREATE INDEX comments_uid ON comments (uid, created_at DESC);

-- The chain indexer's position, per stream; a reorg rolls it back.
CREATE TABLE indexer_cursor (
	name         TEXT COLLATE "C" PRIMARY KEY,
	block_number BIGINT NOT NULL,
	block_hash   TEXT COLLATE "C" NOT NULL,
	updated_at   BIGINT NOT NULL
);

-- Logs already applied: a (block hash, log index) is applied once.
CREATE TABLE applied_logs (
	block_hash   TEXT COLLATE "C" NOT NULL,
	log_index    INTEGER NOT NULL,
	block_number BIGINT NOT NULL,
	applied_at   BIGINT NOT NULL,
	PRIMARY KEY (block_hash, log_index)
);
CREATE INDEX applied_logs_block ON applied_logs (block_number);

-- Small key/value settings (e.g. the embedded chain's deployed addresses).
CREATE TABLE settings (
	key        TEXT COLLATE "C" PRIMARY KEY,
	value      TEXT NOT NULL,
	updated_at BIGINT NOT NULL
);
