-- Each market's fact log, PostgreSQL dialect. Keep it in step with
-- migrations/sqlite/0013_chain_facts.sql.
--
-- A reorg rebuilds the markets it touched by replaying their remaining
-- facts through the ledger. Each row is one applied effect of a market
-- (a trade, a liquidity change, a fee withdrawal, a transfer of one of its
-- tokens, a step of its resolution, a claim), encoded by
-- predict.EncodeEffect under its kind, so a new kind of effect needs no
-- table of its own. The facts already in the per-kind tables are copied
-- in by the migration's Go step (migrate_facts.go).
CREATE TABLE chain_facts (
    market       TEXT COLLATE "C" NOT NULL,
    block_number BIGINT NOT NULL,
    log_index    INTEGER NOT NULL,
    kind         TEXT COLLATE "C" NOT NULL,
    body         TEXT NOT NULL,
    PRIMARY KEY (block_number, log_index)
);
CREATE INDEX chain_facts_market ON chain_facts (market, block_number, log_index);
