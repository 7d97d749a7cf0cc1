-- Public profiles, follows between users, the platform's notification
-- addressing, and the balance in asset snapshots; PostgreSQL dialect. Keep
-- it in step with migrations/sqlite/0009_profiles.sql.

-- A user's self-description (docs/users.md): trimmed text, '' for none.
ALTER TABLE users ADD COLUMN description TEXT NOT NULL DEFAULT '';

-- follower follows followee. A user never follows themselves (the API
-- refuses it; the CHECK keeps it out whatever writes the row).
CREATE TABLE user_follows (
	follower   TEXT COLLATE "C" NOT NULL REFERENCES users (uid) ON DELETE CASCADE,
	followee   TEXT COLLATE "C" NOT NULL REFERENCES users (uid) ON DELETE CASCADE,
	created_at BIGINT NOT NULL,
	PRIMARY KEY (follower, followee),
	CHECK (follower <> followee)
);
-- The primary key counts whom a user follows; this counts their followers.
CREATE INDEX user_follows_followee ON user_follows (followee);

-- Notifications get the uuid the platform's clients address them by, and
-- the type and category they filter on (docs/notifications.md). The store
-- sets all three on every insert. Existing rows get a random uuid (the
-- volatile default is evaluated per row), and the type and category their
-- kind and payload give.
ALTER TABLE notifications ADD COLUMN uuid TEXT COLLATE "C" NOT NULL DEFAULT gen_random_uuid()::text;
ALTER TABLE notifications ADD COLUMN type TEXT COLLATE "C" NOT NULL DEFAULT '';
ALTER TABLE notifications ADD COLUMN category TEXT COLLATE "C" NOT NULL DEFAULT '';
UPDATE notifications SET
	type = CASE
		WHEN kind = 'operation' THEN
			CASE
				WHEN payload->>'action' IN ('buy', 'sell') THEN 'order'
				WHEN payload->>'action' IN ('add-liquidity', 'remove-liquidity', 'redeem-liquidity') THEN 'liquidity'
				WHEN payload->>'action' = 'claim' THEN 'claim'
				ELSE 'market_operation'
			END || CASE WHEN payload->>'status' = 'confirmed' THEN '_confirmed' ELSE '_failed' END
		WHEN kind = 'comment_reply' AND payload->>'replyTo' = 'post' THEN 'post_reply'
		ELSE kind
	END,
	category = CASE kind
		WHEN 'operation' THEN 'transaction'
		WHEN 'market_settled' THEN 'market'
		WHEN 'comment_reply' THEN 'community'
		WHEN 'address_lost' THEN 'account'
		ELSE kind
	END;
CREATE UNIQUE INDEX notifications_uuid ON notifications (uuid);

-- The base token balance at the snapshot, so the platform's asset history
-- can split value into balance and portfolio. NULL in snapshots recorded
-- before this migration: the split is unknown there.
ALTER TABLE asset_snapshots ADD COLUMN balance TEXT COLLATE "C";
