-- The orders of the LimitOrders escrow and their fills, PostgreSQL dialect.
-- Keep it in step with migrations/sqlite/0019_limit_orders.sql.
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
	id             BIGINT PRIMARY KEY,
	uuid           TEXT COLLATE "C" NOT NULL UNIQUE,
	market         TEXT COLLATE "C" NOT NULL,
	option_index   INTEGER NOT NULL,
	option_address TEXT COLLATE "C" NOT NULL,
	owner          TEXT COLLATE "C" NOT NULL,
	uid            TEXT COLLATE "C",
	side           INTEGER NOT NULL CHECK (side IN (1, 2)),
	limit_price    TEXT COLLATE "C" NOT NULL,
	amount         TEXT COLLATE "C" NOT NULL,
	remaining      TEXT COLLATE "C" NOT NULL,
	filled         TEXT COLLATE "C" NOT NULL,
	received       TEXT COLLATE "C" NOT NULL,
	expiry         BIGINT NOT NULL,
	post_only      BOOLEAN NOT NULL DEFAULT FALSE,
	status         TEXT COLLATE "C" NOT NULL,
	op_hash        TEXT COLLATE "C",
	tx_hash        TEXT COLLATE "C" NOT NULL,
	block_number   BIGINT NOT NULL,
	created_at     BIGINT NOT NULL,
	updated_block  BIGINT NOT NULL,
	updated_at     BIGINT NOT NULL
);
CREATE INDEX limit_orders_owner ON limit_orders (owner, id DESC);
CREATE INDEX limit_orders_market ON limit_orders (market, status);

CREATE TABLE order_fills (
	order_id       BIGINT NOT NULL,
	market         TEXT COLLATE "C" NOT NULL,
	counterparty   TEXT COLLATE "C" NOT NULL,
	counter_order  BIGINT NOT NULL,
	amount_in      TEXT COLLATE "C" NOT NULL,
	amount_out     TEXT COLLATE "C" NOT NULL,
	tx_hash        TEXT COLLATE "C" NOT NULL,
	block_number   BIGINT NOT NULL,
	log_index      INTEGER NOT NULL,
	created_at     BIGINT NOT NULL,
	PRIMARY KEY (order_id, block_number, log_index)
);
CREATE INDEX order_fills_market ON order_fills (market);
