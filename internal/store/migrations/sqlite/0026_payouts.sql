-- The payout worker (internal/payout) pays every holder and LP of an
-- ended market on their behalf, in batches, and keeps here how far it
-- got: after a restart it goes on from the accounts after the cursors
-- instead of sending paid batches again (the market refuses to pay twice
-- anyway; this spares the gas). Holders and LPs are taken in address
-- order, so a cursor is the last account of the last batch mined. done
-- is set once a pass found no one left. SQLite dialect; keep it in step
-- with migrations/postgres/0026_payouts.sql.
CREATE TABLE payouts (
	market        TEXT PRIMARY KEY,
	holder_cursor TEXT NOT NULL DEFAULT '',
	lp_cursor     TEXT NOT NULL DEFAULT '',
	batches       INTEGER NOT NULL DEFAULT 0,
	paid          INTEGER NOT NULL DEFAULT 0,
	done          INTEGER NOT NULL DEFAULT 0,
	updated_at    INTEGER NOT NULL
) STRICT;
