package predict

import (
	"context"
	"time"
)

// Limits of community texts, in characters (Unicode code points) after
// trimming surrounding white space (docs/community.md).
const (
	MaxPostLength    = 2000
	MaxCommentLength = 1000
)

// Author is the public face of the user who wrote a post or a comment.
type Author = Creator

// Post is a message a user wrote about a market.
type Post struct {
	ID     int64
	Market string // market contract, lowercase 0x-hex
	Author Author
	// Content is the text as stored: trimmed, line breaks as "\n".
	Content string
	// CommentCount counts the post's comments that are neither hidden
	// nor deleted.
	CommentCount int
	// Hidden is set by an admin (moderation); Deleted by the author or an
	// admin. Lists leave out posts that are either.
	Hidden    bool
	Deleted   bool
	CreatedAt time.Time
}

// Comment is an answer to a post, or to another comment of the same post.
type Comment struct {
	ID       int64
	PostID   int64
	ParentID int64  // the comment this one answers; 0 answers the post
	Market   string // the post's market
	Author   Author
	Content  string
	Hidden   bool
	Deleted  bool
	// CreatedAt is when the comment was written.
	CreatedAt time.Time
}

// PostFilter selects a page of a market's visible posts, newest first.
type PostFilter struct {
	Market   string
	Page     int // 1-indexed
	PageSize int
}

// CommentFilter selects a page of a post's visible comments, newest first.
type CommentFilter struct {
	PostID   int64
	Page     int // 1-indexed
	PageSize int
}

// NewComment is what a comment is made of.
type NewComment struct {
	UID      string // the author
	PostID   int64
	ParentID int64 // 0 answers the post itself
	Content  string
}

// CommunityStore keeps the posts and comments of markets. Validation of
// the texts (length, characters) belongs to the caller; the store checks
// what needs the database: that the market, post or parent exists and is
// visible.
type CommunityStore interface {
	// CreatePost records a post by uid on market. An unknown market is
	// ENOTFOUND.
	CreatePost(ctx context.Context, uid, market, content string) (*Post, error)
	// Posts returns a page of the market's posts that are neither hidden
	// nor deleted, newest first, and how many there are. An unknown market
	// is ENOTFOUND.
	Posts(ctx context.Context, f PostFilter) ([]*Post, int, error)
	// PostByID returns a post whatever its state (see Hidden, Deleted);
	// ENOTFOUND when there is none.
	PostByID(ctx context.Context, id int64) (*Post, error)
	// DeletePost marks a post deleted; its comments leave the lists with
	// it. A missing or already deleted post is ENOTFOUND.
	DeletePost(ctx context.Context, id int64) error
	// SetPostHidden hides or shows a post again; idempotent. A missing or
	// deleted post is ENOTFOUND.
	SetPostHidden(ctx context.Context, id int64, hidden bool) error

	// CreateComment records a comment and, in the same transaction, the
	// notifications of the users it answers (the post's author and, for an
	// answer to a comment, that comment's author; never the writer), whose
	// uids it returns so the caller can announce them. A post or parent
	// that is missing, hidden or deleted is ENOTFOUND; a parent of another
	// post is EINVALID.
	CreateComment(ctx context.Context, c NewComment) (comment *Comment, notified []string, err error)
	// Comments returns a page of the post's comments that are neither
	// hidden nor deleted, newest first, and how many there are. A post
	// that is missing, hidden or deleted is ENOTFOUND.
	Comments(ctx context.Context, f CommentFilter) ([]*Comment, int, error)
	// CommentByID returns a comment whatever its state; ENOTFOUND when
	// there is none.
	CommentByID(ctx context.Context, id int64) (*Comment, error)
	// DeleteComment marks a comment deleted. A missing or already deleted
	// comment is ENOTFOUND.
	DeleteComment(ctx context.Context, id int64) error
	// SetCommentHidden hides or shows a comment again; idempotent. A
	// missing or deleted comment is ENOTFOUND.
	SetCommentHidden(ctx context.Context, id int64, hidden bool) error
}
