-- The token each signed order gives (a buy its market's base token, a
-- sell its option's token), PostgreSQL dialect; keep it in step
-- with migrations/sqlite/0028_signed_orders_gives.sql. A placement
-- checks the maker's funds against what its open orders giving the same
-- token still give: this column and its index make that one narrow read
-- of those orders, not of all the maker's orders. Orders placed before it
-- read '' and count for no token.
ALTER TABLE signed_orders ADD COLUMN gives TEXT COLLATE "C" NOT NULL DEFAULT '';
CREATE INDEX signed_orders_gives ON signed_orders (maker, gives, status);
