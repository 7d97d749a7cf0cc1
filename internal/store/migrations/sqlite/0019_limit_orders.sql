-- The orders of the LimitOrders escrow and their fills, SQLite dialect.
-- Keep it in step with migrations/postgres/0019_limit_orders.sql.
--
-- limit_orders is an aggregate of its market, as positions are: the
-- indexer writes each order as the ledger leaves it, and a reorg deletes
-- the market's rows and rebuilds them from its fact log (chain_facts
-- holds the order-placed, order-filled and order-cancelled effects);
-- order_fills is rebuilt with it. Amounts are base-unit integer strings;
-- limit_price is 18-decimal fixed point. status is open,
-- partially_filled, filled or cancelled; an order still holding escrow
-- past its expiry reads as expired (the store compares expiry with the
-- time of the read).
CREATE TABLE limit_orders (
	id             INTEGER PRIMARY KEY,
	uuid           TEXT NOT NULL UNIQUE,
	market         TEXT NOT NULL,
	option_index   INTEGER NOT NULL,
	option_address TEXT NOT NULL,
	owner          TEXT NOT NULL,
	uid            TEXT,
	side           INTEGER NOT NULL CHECK (side IN (1, 2)),
	limit_price    TEXT NOT NULL,
	amount         TEXT NOT NULL,
	remaining      TEXT NOT NULL,
	filled         TEXT NOT NULL,
	received       TEXT NOT NULL,
	expiry         INTEGER NOT NULL,
	post_only      INTEGER NOT NULL DEFAULT 0,
	status         TEXT NOT NULL,
	op_hash        TEXT,
	tx_hash        TEXT NOT NULL,
	block_number   INTEGER NOT NULL,
	created_at     INTEGER NOT NULL,
	updated_block  INTEGER NOT NULL,
	updated_at     INTEGER NOT NULL
);
CREATE INDEX limit_orders_owner ON limit_orders (owner, id DESC);
CREATE INDEX limit_orders_market ON limit_orders (market, status);

CREATE TABLE order_fills (
	order_id       INTEGER NOT NULL,
	market         TEXT NOT NULL,
	counterparty   TEXT NOT NULL,
	counter_order  INTEGER NOT NULL,
	amount_in      TEXT NOT NULL,
	amount_out     TEXT NOT NULL,
	tx_hash        TEXT NOT NULL,
	block_number   INTEGER NOT NULL,
	log_index      INTEGER NOT NULL,
	created_at     INTEGER NOT NULL,
	PRIMARY KEY (order_id, block_number, log_index)
);
CREATE INDEX order_fills_market ON order_fills (market);
