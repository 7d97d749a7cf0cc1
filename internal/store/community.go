package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/predict-dev/predict"
)

var _ predict.CommunityStore = (*DB)(nil)

// Posts and comments are never removed: deleting or hiding one sets a flag
// (posts.deleted, posts.hidden and the same on comments), so moderation can
// be undone and the notifications that point at a comment keep a target.
// The flags are INTEGER 0/1 on SQLite and BOOLEAN on PostgreSQL; the
// statements write them as TRUE/FALSE or as Go bools, which both read.

const postColumns = `p.id, p.market, p.uid, COALESCE(u.name, ''), u.avatar_url, p.content, p.hidden, p.deleted, p.created_at,
	(SELECT COUNT(*) FROM comments c WHERE c.post_id = p.id AND c.hidden = FALSE AND c.deleted = FALSE)`

func scanPost(row interface{ Scan(...any) error }) (*predict.Post, error) {
	var (
		p       predict.Post
		created int64
	)
	if err := row.Scan(&p.ID, &p.Market, &p.Author.UID, &p.Author.Name, &p.Author.AvatarURL, &p.Content, &p.Hidden,
		&p.Deleted, &created, &p.CommentCount); err != nil {
		return nil, err
	}
	p.CreatedAt = fromMillis(created)
	return &p, nil
}

const commentColumns = `c.id, COALESCE(c.post_id, 0), COALESCE(c.parent_id, 0), c.market, c.uid, COALESCE(u.name, ''), u.avatar_url,
	c.content, c.hidden, c.deleted, c.created_at`

func scanComment(row interface{ Scan(...any) error }) (*predict.Comment, error) {
	var (
		c       predict.Comment
		created int64
	)
	if err := row.Scan(&c.ID, &c.PostID, &c.ParentID, &c.Market, &c.Author.UID, &c.Author.Name, &c.Author.AvatarURL,
		&c.Content, &c.Hidden, &c.Deleted, &created); err != nil {
		return nil, err
	}
	c.CreatedAt = fromMillis(created)
	return &c, nil
}

// CreatePost records a post by uid on market.
func (db *DB) CreatePost(ctx context.Context, uid, market, content string) (*predict.Post, error) {
	market = strings.ToLower(market)
	now := time.Now().UnixMilli()
	var p *predict.Post
	err := db.write(ctx, func(t *tx) error {
		if err := marketExists(ctx, t, market); err != nil {
			return err
		}
		var id int64
		if err := t.queryRow(ctx, `INSERT INTO posts (market, uid, content, hidden, deleted, created_at, updated_at)
			VALUES (?, ?, ?, FALSE, FALSE, ?, ?) RETURNING id`, market, uid, content, now, now).Scan(&id); err != nil {
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
	p, err := scanPost(t.queryRow(ctx, `SELECT `+postColumns+` FROM posts p JOIN users u ON u.uid = p.uid WHERE p.id = ?`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, predict.Errorf(predict.ENOTFOUND, "post %d not found", id)
	}
	return p, err
}

// Posts returns a page of a market's visible posts, newest first.
func (db *DB) Posts(ctx context.Context, f predict.PostFilter) ([]*predict.Post, int, error) {
	limit, offset, err := page(f.Page, f.PageSize)
	if err != nil {
		return nil, 0, err
	}
	market := strings.ToLower(f.Market)
	posts := []*predict.Post{}
	var total int
	err = db.read(ctx, func(t *tx) error {
		if err := marketExists(ctx, t, market); err != nil {
			return err
		}
		if err := t.queryRow(ctx, `SELECT COUNT(*) FROM posts WHERE market = ? AND hidden = FALSE AND deleted = FALSE`,
			market).Scan(&total); err != nil {
			return err
		}
		rows, err := t.query(ctx, `SELECT `+postColumns+` FROM posts p JOIN users u ON u.uid = p.uid
			WHERE p.market = ? AND p.hidden = FALSE AND p.deleted = FALSE
			ORDER BY p.created_at DESC, p.id DESC LIMIT ? OFFSET ?`, market, limit, offset)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			p, err := scanPost(rows)
			if err != nil {
				return err
			}
			posts = append(posts, p)
		}
		return rows.Err()
	})
	if err != nil {
		return nil, 0, fmt.Errorf("posts: %w", err)
	}
	return posts, total, nil
}

// PostByID returns a post whatever its state.
func (db *DB) PostByID(ctx context.Context, id int64) (*predict.Post, error) {
	var p *predict.Post
	err := db.read(ctx, func(t *tx) (err error) {
		p, err = postWhere(ctx, t, id)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("post by id: %w", err)
	}
	return p, nil
}

// DeletePost marks a post deleted.
func (db *DB) DeletePost(ctx context.Context, id int64) error {
	return db.updateOne(ctx, "delete post", "post %d not found", id,
		`UPDATE posts SET deleted = TRUE, updated_at = ? WHERE id = ? AND deleted = FALSE`, time.Now().UnixMilli(), id)
}

// SetPostHidden hides or shows a post that is not deleted.
func (db *DB) SetPostHidden(ctx context.Context, id int64, hidden bool) error {
	return db.updateOne(ctx, "hide post", "post %d not found", id,
		`UPDATE posts SET hidden = ?, updated_at = ? WHERE id = ? AND deleted = FALSE`, hidden, time.Now().UnixMilli(), id)
}

// updateOne runs an update of the row id; matching no row (missing, or
// deleted where the query excludes that) is ENOTFOUND with notFound.
func (db *DB) updateOne(ctx context.Context, what, notFound string, id int64, query string, args ...any) error {
	err := db.write(ctx, func(t *tx) error {
		res, err := t.exec(ctx, query, args...)
		return mustAffect(res, err, notFound, id)
	})
	if err != nil {
		return fmt.Errorf("%s: %w", what, err)
	}
	return nil
}

// visiblePost returns the market and author of post id, ENOTFOUND when it
// is missing, hidden or deleted: nobody may see or answer it then.
func visiblePost(ctx context.Context, t *tx, id int64) (market, author string, err error) {
	var hidden, deleted bool
	err = t.queryRow(ctx, `SELECT market, uid, hidden, deleted FROM posts WHERE id = ?`, id).Scan(&market, &author, &hidden, &deleted)
	if errors.Is(err, sql.ErrNoRows) || (err == nil && (hidden || deleted)) {
		return "", "", predict.Errorf(predict.ENOTFOUND, "post %d not found", id)
	}
	return market, author, err
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
		market, postAuthor, err := visiblePost(ctx, t, nc.PostID)
		if err != nil {
			return err
		}
		var parent sql.NullInt64
		parentAuthor := ""
		if nc.ParentID != 0 {
			var (
				postID          sql.NullInt64
				hidden, deleted bool
			)
			err := t.queryRow(ctx, `SELECT post_id, uid, hidden, deleted FROM comments WHERE id = ?`, nc.ParentID).
				Scan(&postID, &parentAuthor, &hidden, &deleted)
			switch {
			case errors.Is(err, sql.ErrNoRows) || (err == nil && (hidden || deleted)):
				return predict.Errorf(predict.ENOTFOUND, "comment %d not found", nc.ParentID)
			case err != nil:
				return err
			case postID.Int64 != nc.PostID:
				return predict.Errorf(predict.EINVALID, "parentId %d is not a comment of post %d", nc.ParentID, nc.PostID)
			}
			parent = sql.NullInt64{Int64: nc.ParentID, Valid: true}
		}
		var id int64
		if err := t.queryRow(ctx, `INSERT INTO comments (market, post_id, parent_id, uid, content, hidden, deleted, created_at, updated_at)
			VALUES (?, ?, ?, ?, ?, FALSE, FALSE, ?, ?) RETURNING id`,
			market, nc.PostID, parent, nc.UID, nc.Content, now, now).Scan(&id); err != nil {
			return err
		}
		if c, err = commentWhere(ctx, t, id); err != nil {
			return err
		}
		// The answered comment's author first: "comment" says more than
		// "post" when one user wrote both. Nobody is told of their own
		// words.
		for _, to := range []struct{ uid, replyTo string }{{parentAuthor, "comment"}, {postAuthor, "post"}} {
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
	c, err := scanComment(t.queryRow(ctx, `SELECT `+commentColumns+` FROM comments c JOIN users u ON u.uid = c.uid WHERE c.id = ?`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, predict.Errorf(predict.ENOTFOUND, "comment %d not found", id)
	}
	return c, err
}

// Comments returns a page of a visible post's visible comments, newest
// first.
func (db *DB) Comments(ctx context.Context, f predict.CommentFilter) ([]*predict.Comment, int, error) {
	limit, offset, err := page(f.Page, f.PageSize)
	if err != nil {
		return nil, 0, err
	}
	comments := []*predict.Comment{}
	var total int
	err = db.read(ctx, func(t *tx) error {
		if _, _, err := visiblePost(ctx, t, f.PostID); err != nil {
			return err
		}
		if err := t.queryRow(ctx, `SELECT COUNT(*) FROM comments WHERE post_id = ? AND hidden = FALSE AND deleted = FALSE`,
			f.PostID).Scan(&total); err != nil {
			return err
		}
		rows, err := t.query(ctx, `SELECT `+commentColumns+` FROM comments c JOIN users u ON u.uid = c.uid
			WHERE c.post_id = ? AND c.hidden = FALSE AND c.deleted = FALSE
			ORDER BY c.created_at DESC, c.id DESC LIMIT ? OFFSET ?`, f.PostID, limit, offset)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			c, err := scanComment(rows)
			if err != nil {
				return err
			}
			comments = append(comments, c)
		}
		return rows.Err()
	})
	if err != nil {
		return nil, 0, fmt.Errorf("comments: %w", err)
	}
	return comments, total, nil
}

// CommentByID returns a comment whatever its state.
func (db *DB) CommentByID(ctx context.Context, id int64) (*predict.Comment, error) {
	var c *predict.Comment
	err := db.read(ctx, func(t *tx) (err error) {
		c, err = commentWhere(ctx, t, id)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("comment by id: %w", err)
	}
	return c, nil
}

// DeleteComment marks a comment deleted.
func (db *DB) DeleteComment(ctx context.Context, id int64) error {
	return db.updateOne(ctx, "delete comment", "comment %d not found", id,
		`UPDATE comments SET deleted = TRUE, updated_at = ? WHERE id = ? AND deleted = FALSE`, time.Now().UnixMilli(), id)
}

// SetCommentHidden hides or shows a comment that is not deleted.
func (db *DB) SetCommentHidden(ctx context.Context, id int64, hidden bool) error {
	return db.updateOne(ctx, "hide comment", "comment %d not found", id,
		`UPDATE comments SET hidden = ?, updated_at = ? WHERE id = ? AND deleted = FALSE`, hidden, time.Now().UnixMilli(), id)
}
