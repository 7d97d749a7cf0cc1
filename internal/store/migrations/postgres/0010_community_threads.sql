-- The platform's community shape, PostgreSQL dialect: uuids for posts and
-- comments, post titles, threads of one level, and likes. Keep it in step
-- with migrations/sqlite/0010_community_threads.sql.
--
-- Existing rows get a random uuid from gen_random_uuid() (built in since
-- PostgreSQL 13); the default is dropped afterwards because new rows get
-- theirs from the store, as on SQLite.
ALTER TABLE posts ADD COLUMN uuid TEXT COLLATE "C" NOT NULL DEFAULT gen_random_uuid()::text;
ALTER TABLE posts ALTER COLUMN uuid DROP DEFAULT;
ALTER TABLE posts ADD COLUMN title TEXT NOT NULL DEFAULT '';
CREATE UNIQUE INDEX posts_uuid ON posts (uuid);

ALTER TABLE comments ADD COLUMN uuid TEXT COLLATE "C" NOT NULL DEFAULT gen_random_uuid()::text;
ALTER TABLE comments ALTER COLUMN uuid DROP DEFAULT;
CREATE UNIQUE INDEX comments_uuid ON comments (uuid);

-- root_id is the root comment a reply sits under; NULL for a root comment
-- (one that answers the post). Answers written before threads had one
-- level go under the root of their chain of parents.
ALTER TABLE comments ADD COLUMN root_id BIGINT REFERENCES comments (id);
WITH RECURSIVE tree (id, root) AS (
	SELECT id, id FROM comments WHERE parent_id IS NULL
	UNION ALL
	SELECT c.id, tree.root FROM comments c JOIN tree ON c.parent_id = tree.id
)
UPDATE comments SET root_id = tree.root FROM tree WHERE tree.id = comments.id AND comments.parent_id IS NOT NULL;

-- The root comments of a post newest first, the replies under a root
-- oldest first (the same index read backwards serves either order).
CREATE INDEX comments_post_roots ON comments (post_id, hidden, deleted, created_at DESC, id DESC) WHERE root_id IS NULL;
CREATE INDEX comments_root_visible ON comments (root_id, hidden, deleted, created_at, id);

-- One like per user and post or comment; the primary keys answer both
-- "how many" and "does the caller like it".
CREATE TABLE post_likes (
	post_id    BIGINT NOT NULL REFERENCES posts (id),
	uid        TEXT COLLATE "C" NOT NULL REFERENCES users (uid),
	created_at BIGINT NOT NULL,
	PRIMARY KEY (post_id, uid)
);
CREATE TABLE comment_likes (
	comment_id BIGINT NOT NULL REFERENCES comments (id),
	uid        TEXT COLLATE "C" NOT NULL REFERENCES users (uid),
	created_at BIGINT NOT NULL,
	PRIMARY KEY (comment_id, uid)
);
