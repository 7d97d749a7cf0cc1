package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/predict-dev/predict"
)

var _ predict.CommunityStore = (*DB)(nil)

// Posts and comments are never removed: deleting or hiding one sets a flag
// (posts.deleted, posts.hidden and the same on comments), so moderation can
// be undone and the notifications that point at a comment keep a target.
// The flags are INTEGER 0/1 on SQLite and BOOLEAN on PostgreSQL; the
// statements write them as TRUE/FALSE or as Go bools, which both read.

// postColumns reads a post; its one placeholder is the viewer's uid, for
// Liked ("" matches no like).
const postColumns = `p.id, p.uuid, p.market, p.uid, COALESCE(u.name, ''), u.avatar_url, p.title, p.content, p.hidden, p.deleted, p.created_at,
	(SELECT COUNT(*) FROM comments c WHERE c.post_id = p.id AND c.hidden = FALSE AND c.deleted = FALSE),
	(SELECT COUNT(*) FROM post_likes l WHERE l.post_id = p.id),
	EXISTS (SELECT 1 FROM post_likes l WHERE l.post_id = p.id AND l.uid = ?)`

func scanPost(row interface{ Scan(...any) error }) (*predict.Post, error) {
	var (
		p       predict.Post
		created int64
	)
	if err := row.Scan(&p.ID, &p.UUID, &p.Market, &p.Author.UID, &p.Author.Name, &p.Author.AvatarURL, &p.Title, &p.Content, &p.Hidden,
		&p.Deleted, &created, &p.CommentCount, &p.LikeCount, &p.Liked); err != nil {
		return nil, err
	}
	p.CreatedAt = fromMillis(created)
	return &p, nil
}

// commentColumns (with commentFrom) reads a comment; its one placeholder
// is the viewer's uid, for Liked. A root comment's replies are those under
// it; a reply's are those answering it.
const commentColumns = `c.id, c.uuid, COALESCE(c.post_id, 0), COALESCE(p.uuid, ''), COALESCE(c.parent_id, 0), COALESCE(pc.uuid, ''),
	COALESCE(c.root_id, 0), COALESCE(rc.uuid, ''), c.market, c.uid, COALESCE(u.name, ''), u.avatar_url,
	c.content, c.hidden, c.deleted, c.created_at,
	(SELECT COUNT(*) FROM comment_likes l WHERE l.comment_id = c.id),
	EXISTS (SELECT 1 FROM comment_likes l WHERE l.comment_id = c.id AND l.uid = ?),
	CASE WHEN c.root_id IS NULL
		THEN (SELECT COUNT(*) FROM comments r WHERE r.root_id = c.id AND r.hidden = FALSE AND r.deleted = FALSE)
		ELSE (SELECT COUNT(*) FROM comments r WHERE r.parent_id = c.id AND r.hidden = FALSE AND r.deleted = FALSE)
	END`

const commentFrom = ` FROM comments c JOIN users u ON u.uid = c.uid LEFT JOIN posts p ON p.id = c.post_id
	LEFT JOIN comments pc ON pc.id = c.parent_id LEFT JOIN comments rc ON rc.id = c.root_id`

func scanComment(row interface{ Scan(...any) error }) (*predict.Comment, error) {
	var (
		c       predict.Comment
		created int64
	)
	if err := row.Scan(&c.ID, &c.UUID, &c.PostID, &c.PostUUID, &c.ParentID, &c.ParentUUID, &c.RootID, &c.RootUUID, &c.Market,
		&c.Author.UID, &c.Author.Name, &c.Author.AvatarURL, &c.Content, &c.Hidden, &c.Deleted, &created,
		&c.LikeCount, &c.Liked, &c.ReplyCount); err != nil {
		return nil, err
	}
	c.CreatedAt = fromMillis(created)
	return &c, nil
}

// CreatePost records a post by uid on market, without a title.
func (db *DB) CreatePost(ctx context.Context, uid, market, content string) (*predict.Post, error) {
	return db.PublishPost(ctx, predict.NewPost{UID: uid, Market: market, Content: content})
}

// PublishPost records a post.
func (db *DB) PublishPost(ctx context.Context, np predict.NewPost) (*predict.Post, error) {
	market := strings.ToLower(np.Market)
	now := time.Now().UnixMilli()
	var p *predict.Post
	err := db.write(ctx, func(t *tx) error {
		if err := marketExists(ctx, t, market); err != nil {
			return err
		}
		var id int64
		if err := t.queryRow(ctx, `INSERT INTO posts (uuid, market, uid, title, content, hidden, deleted, created_at, updated_at)
			VALUES (?, ?, ?, ?, ?, FALSE, FALSE, ?, ?) RETURNING id`, uuid.NewString(), market, np.UID, np.Title, np.Content, now, now).Scan(&id); err != nil {
			return err
		}
		var err error
		p, err = postWhere(ctx, t, id)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("create post: %w", err)
	}
	return p, nil
}

// postWhere loads post id; ENOTFOUND when there is none.
func postWhere(ctx context.Context, t *tx, id int64) (*predict.Post, error) {
	p, err := scanPost(t.queryRow(ctx, `SELECT `+postColumns+` FROM posts p JOIN users u ON u.uid = p.uid WHERE p.id = ?`, "", id))
	return p, notFound(err, "post %d not found", id)
}

// Posts returns a page of a market's visible posts, newest first.
func (db *DB) Posts(ctx context.Context, f predict.PostFilter) ([]*predict.Post, int, error) {
	market := strings.ToLower(f.Market)
	return readPage(ctx, db, "posts", f.Page, f.PageSize, func(t *tx, limit, offset int) ([]*predict.Post, int, error) {
		if err := marketExists(ctx, t, market); err != nil {
			return nil, 0, err
		}
		return countedRows(ctx, t, `SELECT COUNT(*) FROM posts WHERE market = ? AND hidden = FALSE AND deleted = FALSE`, []any{market},
			`SELECT `+postColumns+` FROM posts p JOIN users u ON u.uid = p.uid
			WHERE p.market = ? AND p.hidden = FALSE AND p.deleted = FALSE
			ORDER BY p.created_at DESC, p.id DESC`, []any{f.Viewer, market}, limit, offset, scanPost)
	})
}

// PostByID returns a post whatever its state.
func (db *DB) PostByID(ctx context.Context, id int64) (*predict.Post, error) {
	return readByID(ctx, db, "post", id, postWhere)
}

// DeletePost marks a post deleted.
func (db *DB) DeletePost(ctx context.Context, id int64) error {
	return db.deleteContent(ctx, "post", id)
}

// SetPostHidden hides or shows a post that is not deleted.
func (db *DB) SetPostHidden(ctx context.Context, id int64, hidden bool) error {
	return db.hideContent(ctx, "post", id, hidden)
}

// readByID reads the post or comment (kind) id with where, whatever its
// state.
func readByID[T any](ctx context.Context, db *DB, kind string, id int64, where func(context.Context, *tx, int64) (T, error)) (T, error) {
	v, err := readValue(ctx, db, func(t *tx) (T, error) { return where(ctx, t, id) })
	if err != nil {
		return v, fmt.Errorf("%s by id: %w", kind, err)
	}
	return v, nil
}

// deleteContent marks the post or comment (kind) id deleted. kind names
// the table (kind+"s"): a constant of the callers, never input.
func (db *DB) deleteContent(ctx context.Context, kind string, id int64) error {
	return db.updateOne(ctx, "delete "+kind, kind+" %d not found", id,
		`UPDATE `+kind+`s SET deleted = TRUE, updated_at = ? WHERE id = ? AND deleted = FALSE`, time.Now().UnixMilli(), id)
}

// hideContent hides or shows the post or comment (kind) id when it is not
// deleted.
func (db *DB) hideContent(ctx context.Context, kind string, id int64, hidden bool) error {
	return db.updateOne(ctx, "hide "+kind, kind+" %d not found", id,
		`UPDATE `+kind+`s SET hidden = ?, updated_at = ? WHERE id = ? AND deleted = FALSE`, hidden, time.Now().UnixMilli(), id)
}

// updateOne runs an update of the row id; matching no row (missing, or
// deleted where the query excludes that) is ENOTFOUND with notFound.
func (db *DB) updateOne(ctx context.Context, what, notFound string, id int64, query string, args ...any) error {
	return db.writeAs(ctx, what, func(t *tx) error {
		res, err := t.exec(ctx, query, args...)
		return mustAffect(res, err, notFound, id)
	})
}

// postRef is what answering or listing a post needs to know of it.
type postRef struct {
	id             int64
	market, author string
}

// visiblePost finds post id, or the post named uuid when id is 0;
// ENOTFOUND when it is missing, hidden or deleted: nobody may see or
// answer it then.
func visiblePost(ctx context.Context, t *tx, id int64, uuid string) (postRef, error) {
	var (
		p               postRef
		hidden, deleted bool
	)
	q, arg, name := `SELECT id, market, uid, hidden, deleted FROM posts WHERE id = ?`, any(id), strconv.FormatInt(id, 10)
	if id == 0 {
		q, arg, name = `SELECT id, market, uid, hidden, deleted FROM posts WHERE uuid = ?`, uuid, uuid
	}
	err := t.queryRow(ctx, q, arg).Scan(&p.id, &p.market, &p.author, &hidden, &deleted)
	if errors.Is(err, sql.ErrNoRows) || (err == nil && (hidden || deleted)) {
		return postRef{}, predict.Errorf(predict.ENOTFOUND, "post %s not found", name)
	}
	return p, err
}

// commentRef is what answering a comment, or listing its replies, needs
// to know of it.
type commentRef struct {
	id, postID, rootID int64 // rootID 0: a root comment
	author             string
}

// visibleComment finds comment id, or the comment named uuid when id is
// 0; ENOTFOUND, naming it as field, when it is missing, hidden or deleted.
func visibleComment(ctx context.Context, t *tx, field string, id int64, uuid string) (commentRef, error) {
	var (
		c               commentRef
		hidden, deleted bool
	)
	const cols = `SELECT id, COALESCE(post_id, 0), COALESCE(root_id, 0), uid, hidden, deleted FROM comments`
	q, arg, name := cols+` WHERE id = ?`, any(id), strconv.FormatInt(id, 10)
	if id == 0 {
		q, arg, name = cols+` WHERE uuid = ?`, uuid, uuid
	}
	err := t.queryRow(ctx, q, arg).Scan(&c.id, &c.postID, &c.rootID, &c.author, &hidden, &deleted)
	if errors.Is(err, sql.ErrNoRows) || (err == nil && (hidden || deleted)) {
		return commentRef{}, predict.Errorf(predict.ENOTFOUND, "%s %s: comment not found", field, name)
	}
	return c, err
}

// visibleRoot finds the root comment named uuid of post: ENOTFOUND when it
// is missing, hidden or deleted, EINVALID when it is a reply or belongs to
// another post.
func visibleRoot(ctx context.Context, t *tx, post int64, uuid string) (commentRef, error) {
	root, err := visibleComment(ctx, t, "rootUuid", 0, uuid)
	switch {
	case err != nil:
		return commentRef{}, err
	case root.postID != post:
		return commentRef{}, predict.Errorf(predict.EINVALID, "rootUuid %s is not a comment of this post", uuid)
	case root.rootID != 0:
		return commentRef{}, predict.Errorf(predict.EINVALID, "rootUuid %s is a reply, not a root comment", uuid)
	}
	return root, nil
}

// CreateComment records a comment and notifies the users it answers.
func (db *DB) CreateComment(ctx context.Context, nc predict.NewComment) (*predict.Comment, []string, error) {
	now := time.Now().UnixMilli()
	var (
		c        *predict.Comment
		notified []string
	)
	err := db.write(ctx, func(t *tx) error {
		notified = nil
		post, err := visiblePost(ctx, t, nc.PostID, nc.PostUUID)
		if err != nil {
			return err
		}
		var (
			root, parent sql.NullInt64
			parentAuthor string
		)
		if nc.RootUUID != "" {
			r, err := visibleRoot(ctx, t, post.id, nc.RootUUID)
			if err != nil {
				return err
			}
			// Given only a root, the reply answers the root.
			root, parent, parentAuthor = sql.NullInt64{Int64: r.id, Valid: true}, sql.NullInt64{Int64: r.id, Valid: true}, r.author
		}
		if nc.ParentID != 0 || nc.ParentUUID != "" {
			field := "parentId"
			if nc.ParentID == 0 {
				field = "parentUuid"
			}
			pc, err := visibleComment(ctx, t, field, nc.ParentID, nc.ParentUUID)
			if err != nil {
				return err
			}
			if pc.postID != post.id {
				return predict.Errorf(predict.EINVALID, "%s names a comment of another post", field)
			}
			// A parent's thread is its root, or itself when it is one.
			thread := pc.rootID
			if thread == 0 {
				thread = pc.id
			}
			if root.Valid && thread != root.Int64 {
				return predict.Errorf(predict.EINVALID, "%s names a comment that is not under rootUuid %s", field, nc.RootUUID)
			}
			root, parent, parentAuthor = sql.NullInt64{Int64: thread, Valid: true}, sql.NullInt64{Int64: pc.id, Valid: true}, pc.author
		}
		var id int64
		if err := t.queryRow(ctx, `INSERT INTO comments (uuid, market, post_id, parent_id, root_id, uid, content, hidden, deleted, created_at, updated_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, FALSE, FALSE, ?, ?) RETURNING id`,
			uuid.NewString(), post.market, post.id, parent, root, nc.UID, nc.Content, now, now).Scan(&id); err != nil {
			return err
		}
		if c, err = commentWhere(ctx, t, id); err != nil {
			return err
		}
		// The answered comment's author first: "comment" says more than
		// "post" when one user wrote both. Nobody is told of their own
		// words.
		for _, to := range []struct{ uid, replyTo string }{{parentAuthor, "comment"}, {post.author, "post"}} {
			if to.uid == "" || to.uid == nc.UID || (len(notified) > 0 && notified[0] == to.uid) {
				continue
			}
			if err := notifyReply(ctx, t, to.uid, to.replyTo, c, now); err != nil {
				return err
			}
			notified = append(notified, to.uid)
		}
		return nil
	})
	if err != nil {
		return nil, nil, fmt.Errorf("create comment: %w", err)
	}
	return c, notified, nil
}

// commentWhere loads comment id; ENOTFOUND when there is none.
func commentWhere(ctx context.Context, t *tx, id int64) (*predict.Comment, error) {
	c, err := scanComment(t.queryRow(ctx, `SELECT `+commentColumns+commentFrom+` WHERE c.id = ?`, "", id))
	return c, notFound(err, "comment %d not found", id)
}

// Comments returns a page of a visible post's visible comments: every
// one or the root ones newest first, or the replies under a root oldest
// first.
func (db *DB) Comments(ctx context.Context, f predict.CommentFilter) ([]*predict.Comment, int, error) {
	return readPage(ctx, db, "comments", f.Page, f.PageSize, func(t *tx, limit, offset int) ([]*predict.Comment, int, error) {
		post, err := visiblePost(ctx, t, f.PostID, f.PostUUID)
		if err != nil {
			return nil, 0, err
		}
		where, arg, order := `c.post_id = ?`, post.id, `c.created_at DESC, c.id DESC`
		switch {
		case f.RootUUID != "":
			root, err := visibleRoot(ctx, t, post.id, f.RootUUID)
			if err != nil {
				return nil, 0, err
			}
			where, arg, order = `c.root_id = ?`, root.id, `c.created_at, c.id`
		case f.RootsOnly:
			where += ` AND c.root_id IS NULL`
		}
		where += ` AND c.hidden = FALSE AND c.deleted = FALSE`
		return countedRows(ctx, t, `SELECT COUNT(*) FROM comments c WHERE `+where, []any{arg},
			`SELECT `+commentColumns+commentFrom+` WHERE `+where+` ORDER BY `+order, []any{f.Viewer, arg}, limit, offset, scanComment)
	})
}

// CommentByID returns a comment whatever its state.
func (db *DB) CommentByID(ctx context.Context, id int64) (*predict.Comment, error) {
	return readByID(ctx, db, "comment", id, commentWhere)
}

// DeleteComment marks a comment deleted.
func (db *DB) DeleteComment(ctx context.Context, id int64) error {
	return db.deleteContent(ctx, "comment", id)
}

// SetCommentHidden hides or shows a comment that is not deleted.
func (db *DB) SetCommentHidden(ctx context.Context, id int64, hidden bool) error {
	return db.hideContent(ctx, "comment", id, hidden)
}

// SetLiked records or withdraws uid's like of a visible post or comment.
func (db *DB) SetLiked(ctx context.Context, uid string, kind predict.ContentType, uuid string, liked bool) (int, error) {
	var likes int
	err := db.write(ctx, func(t *tx) error {
		var (
			id    int64
			table string
		)
		switch kind {
		case predict.ContentPost:
			p, err := visiblePost(ctx, t, 0, uuid)
			if err != nil {
				return err
			}
			id, table = p.id, "post"
		case predict.ContentComment:
			c, err := visibleComment(ctx, t, "contentUuid", 0, uuid)
			if err != nil {
				return err
			}
			// A comment is seen only with its post.
			if _, err := visiblePost(ctx, t, c.postID, ""); err != nil {
				return predict.Errorf(predict.ENOTFOUND, "contentUuid %s: comment not found", uuid)
			}
			id, table = c.id, "comment"
		default:
			return predict.Errorf(predict.EINVALID, "contentType must be 1 (post) or 2 (comment)")
		}
		// table is one of two constants above, never input.
		if err := setPair(ctx, t, liked, table+"_likes", table+"_id", "uid", "created_at", id, uid); err != nil {
			return err
		}
		return t.queryRow(ctx, `SELECT COUNT(*) FROM `+table+`_likes WHERE `+table+`_id = ?`, id).Scan(&likes)
	})
	if err != nil {
		return 0, fmt.Errorf("set liked: %w", err)
	}
	return likes, nil
}
