-- Proof of control of a bound address, PostgreSQL dialect. Keep it in
-- step with migrations/sqlite/0008_address_verified.sql.
--
-- address_verified is true when the owner of the smart account signed the
-- login challenge of this user (docs/users.md): such a binding is final.
-- A binding without proof (false) is provisional: a login proving control
-- of the same address by another user takes it over. Bindings made before
-- this migration had no proof and are provisional.
ALTER TABLE users ADD COLUMN address_verified BOOLEAN NOT NULL DEFAULT FALSE;
