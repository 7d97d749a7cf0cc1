-- Proof of control of a bound address, SQLite dialect. Keep it in step
-- with migrations/postgres/0008_address_verified.sql.
--
-- address_verified is 1 when the owner of the smart account signed the
-- login challenge of this user (docs/users.md): such a binding is final.
-- A binding without proof (0) is provisional: a login proving control of
-- the same address by another user takes it over. Bindings made before
-- this migration had no proof and are provisional.
ALTER TABLE users ADD COLUMN address_verified INTEGER NOT NULL DEFAULT 0 CHECK (address_verified IN (0, 1));
