-- Community posts and comments, and notifications, PostgreSQL dialect.
-- Keep it in step with migrations/sqlite/0004_community.sql.
--
-- The tables come from 0001_init.sql. A notification made by the chain
-- indexer (an operation confirmed or reverted, a market settled) records
-- the block of its cause, so a reorg that orphans the block removes it
-- with the facts; other notifications have none.

ALTER TABLE notifications ADD COLUMN block_number BIGINT;
CREATE INDEX notifications_block ON notifications (block_number) WHERE block_number IS NOT NULL;

-- Notifications newest first: ids grow with insertion.
CREATE INDEX notifications_uid_id ON notifications (uid, id DESC);

-- The visible posts of a market and comments of a post, newest first (id
-- breaks ties within a millisecond); queries say "hidden = FALSE AND
-- deleted = FALSE", which both dialects read the same.
CREATE INDEX posts_market_visible ON posts (market, hidden, deleted, created_at DESC, id DESC);
CREATE INDEX comments_post_visible ON comments (post_id, hidden, deleted, created_at DESC, id DESC);
CREATE INDEX comments_parent ON comments (parent_id);
