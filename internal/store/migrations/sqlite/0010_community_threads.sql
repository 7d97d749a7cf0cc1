-- The platform's community shape, SQLite dialect: uuids for posts and
-- comments, post titles, threads of one level, and likes. Keep it in step
-- with migrations/postgres/0010_community_threads.sql.
--
-- Existing rows get a random version-4 uuid: SQLite has no uuid function,
-- so 16 random bytes are written as hex and then cut into the 8-4-4-4-12
-- form (version nibble 4, variant nibble 8 to b taken from a random
-- digit). New rows get theirs from the store.
ALTER TABLE posts ADD COLUMN uuid TEXT NOT NULL DEFAULT '';
ALTER TABLE posts ADD COLUMN title TEXT NOT NULL DEFAULT '';
UPDATE posts SET uuid = lower(hex(randomblob(16)));
UPDATE posts SET uuid = substr(uuid, 1, 8) || '-' || substr(uuid, 9, 4) || '-4' || substr(uuid, 14, 3) || '-' ||
	substr('89ab', (instr('0123456789abcdef', substr(uuid, 17, 1)) - 1) % 4 + 1, 1) || substr(uuid, 18, 3) || '-' ||
	substr(uuid, 21, 12);
CREATE UNIQUE INDEX posts_uuid ON posts (uuid);

ALTER TABLE comments ADD COLUMN uuid TEXT NOT NULL DEFAULT '';
UPDATE comments SET uuid = lower(hex(randomblob(16)));
UPDATE comments SET uuid = substr(uuid, 1, 8) || '-' || substr(uuid, 9, 4) || '-4' || substr(uuid, 14, 3) || '-' ||
	substr('89ab', (instr('0123456789abcdef', substr(uuid, 17, 1)) - 1) % 4 + 1, 1) || substr(uuid, 18, 3) || '-' ||
	substr(uuid, 21, 12);
CREATE UNIQUE INDEX comments_uuid ON comments (uuid);

-- root_id is the root comment a reply sits under; NULL for a root comment
-- (one that answers the post). Answers written before threads had one
-- level go under the root of their chain of parents.
ALTER TABLE comments ADD COLUMN root_id INTEGER REFERENCES comments (id);
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
	post_id    INTEGER NOT NULL REFERENCES posts (id),
	uid        TEXT NOT NULL REFERENCES users (uid),
	created_at INTEGER NOT NULL,
	PRIMARY KEY (post_id, uid)
) STRICT;
CREATE TABLE comment_likes (
	comment_id INTEGER NOT NULL REFERENCES comments (id),
	uid        TEXT NOT NULL REFERENCES users (uid),
	created_at INTEGER NOT NULL,
	PRIMARY KEY (comment_id, uid)
) STRICT;
