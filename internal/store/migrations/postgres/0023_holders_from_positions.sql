-- An option's holders are the accounts with a position in it
-- (chain_state.go), not its token's balances: the LimitOrders escrow held
-- the tokens of open sell orders and was counted as a holder. Count every
-- option's holders again the new way, once. PostgreSQL dialect; keep it in
-- step with migrations/sqlite/0023_holders_from_positions.sql.
UPDATE market_options SET holders_count = (SELECT COUNT(*) FROM positions
	WHERE positions.option_address = market_options.address AND positions.amount <> '0' AND positions.amount NOT LIKE '-%');
