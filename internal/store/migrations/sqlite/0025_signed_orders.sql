-- Orders signed off chain for the Exchange contract, SQLite dialect.
-- Keep it in step with migrations/postgres/0025_signed_orders.sql.
--
-- A signed order is the service's own record, not a fact of the chain:
-- the maker placed it through the API, and the chain only ever sees it
-- in a settlement. hash is its EIP-712 hash. Amounts, salt and nonce are
-- base-unit integer strings; filled is what its fills gave so far, as
-- the Exchange's OrderFilled events total it. status is open, filled,
-- cancelled or unfunded; an open order past its expiration (unix
-- seconds, 0: none) reads as expired. seq numbers the placements, so that at
-- one price the earlier order fills first, on every replica alike.
CREATE TABLE signed_orders (
	seq           INTEGER PRIMARY KEY,
	hash          TEXT NOT NULL UNIQUE,
	maker         TEXT NOT NULL,
	signer        TEXT NOT NULL,
	uid           TEXT NOT NULL,
	market        TEXT NOT NULL,
	option_index  INTEGER NOT NULL,
	side          INTEGER NOT NULL CHECK (side IN (0, 1)),
	maker_amount  TEXT NOT NULL,
	taker_amount  TEXT NOT NULL,
	expiration    INTEGER NOT NULL,
	salt          TEXT NOT NULL,
	nonce         TEXT NOT NULL,
	fee_rate_bps  INTEGER NOT NULL,
	signature     TEXT NOT NULL,
	filled        TEXT NOT NULL,
	status        TEXT NOT NULL,
	created_at    INTEGER NOT NULL,
	updated_at    INTEGER NOT NULL,
	UNIQUE (maker, salt)
);
CREATE INDEX signed_orders_user ON signed_orders (uid, status, market);
CREATE INDEX signed_orders_book ON signed_orders (market, status, seq);
CREATE INDEX signed_orders_changed ON signed_orders (updated_at);
