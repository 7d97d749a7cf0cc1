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
	// MaxPostTitleLength bounds a post's title, one line of text.
	MaxPostTitleLength = 200
)

// Author is the public face of the user who wrote a post or a comment.
type Author = Creator

// Post is a message a user wrote about a market.
type Post struct {
	ID int64
	// UUID is the post's public name for the platform's clients
	// (lowercase 8-4-4-4-12 hex); ID stays the name of predict's own
	// endpoints.
	UUID   string
	Market string // market contract, lowercase 0x-hex
	Author Author
	// Title is one line, empty for a post written without one.
	Title string
	// Content is the text as stored: trimmed, line breaks as "\n".
	Content string
	// CommentCount counts the post's comments that are neither hidden
	// nor deleted.
	CommentCount int
	// LikeCount counts the users who like the post; Liked says whether
	// the viewer of the read is one of them.
	LikeCount int
	Liked     bool
	// Hidden is set by an admin (moderation); Deleted by the author or an
	// admin. Lists leave out posts that are either.
	Hidden    bool
	Deleted   bool
	CreatedAt time.Time
}

// Comment is an answer to a post, or to another comment of the same post.
//
// Threads have one level: a root comment answers the post; a reply sits
// under one root comment (RootID) and answers that root or another reply
// under it (ParentID).
type Comment struct {
	ID       int64
	UUID     string // the platform's name of the comment (see Post.UUID)
	PostID   int64
	PostUUID string
	ParentID int64 // the comment this one answers; 0 answers the post
	// ParentUUID is the uuid of ParentID, "" when it answers the post.
	ParentUUID string
	RootID     int64 // the root comment a reply sits under; 0 for a root
	RootUUID   string
	Market     string // the post's market
	Author     Author
	Content    string
	// LikeCount and Liked are as for Post. ReplyCount counts the visible
	// replies under a root comment, or the visible replies answering a
	// reply directly.
	LikeCount  int
	Liked      bool
	ReplyCount int
	Hidden     bool
	Deleted    bool
	// CreatedAt is when the comment was written.
	CreatedAt time.Time
}

// PostFilter selects a page of a market's visible posts, newest first.
type PostFilter struct {
	Market   string
	Viewer   string // uid whose likes set Post.Liked; "" for none
	Page     int    // 1-indexed
	PageSize int
}

// CommentFilter selects a page of a post's visible comments.
type CommentFilter struct {
	// The post, by PostID or by PostUUID.
	PostID   int64
	PostUUID string
	// RootUUID, when set, selects the visible replies under that root
	// comment, oldest first (a conversation reads down). Otherwise the
	// post's comments come newest first: only the root comments with
	// RootsOnly, every comment flat without.
	RootUUID  string
	RootsOnly bool
	Viewer    string // uid whose likes set Comment.Liked; "" for none
	Page      int    // 1-indexed
	PageSize  int
}

// NewPost is what a post is made of.
type NewPost struct {
	UID     string // the author
	Market  string
	Title   string // may be empty
	Content string
}

// NewComment is what a comment is made of. The post is named by PostID
// or PostUUID. A comment with neither parent nor root answers the post
// (a root comment); otherwise it is a reply: to ParentID or ParentUUID,
// under RootUUID. Given only a root, it answers the root; given only a
// parent, it goes under the parent's root (or under the parent, when that
// is a root comment).
type NewComment struct {
	UID        string // the author
	PostID     int64
	PostUUID   string
	ParentID   int64 // 0 (and ParentUUID "") answers the post itself
	ParentUUID string
	RootUUID   string
	Content    string
}

// ContentType names what a like is given to, with the platform's numbers.
type ContentType int

// Things a user can like.
const (
	ContentPost    ContentType = 1
	ContentComment ContentType = 2
)

// CommunityStore keeps the posts and comments of markets. Validation of
// the texts (length, characters) belongs to the caller; the store checks
// what needs the database: that the market, post or parent exists and is
// visible.
type CommunityStore interface {
	// CreatePost records a post by uid on market, without a title. An
	// unknown market is ENOTFOUND.
	CreatePost(ctx context.Context, uid, market, content string) (*Post, error)
	// PublishPost records a post, with its title. An unknown market is
	// ENOTFOUND.
	PublishPost(ctx context.Context, p NewPost) (*Post, error)
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
	// uids it returns so the caller can announce them. A post, parent or
	// root that is missing, hidden or deleted is ENOTFOUND; a parent or
	// root of another post, a root that is a reply, or a parent under
	// another root is EINVALID.
	CreateComment(ctx context.Context, c NewComment) (comment *Comment, notified []string, err error)
	// Comments returns a page of the post's comments that are neither
	// hidden nor deleted (see CommentFilter for which and in what order),
	// and how many there are. A post, or a root, that is missing, hidden
	// or deleted is ENOTFOUND; a root of another post or that is a reply
	// is EINVALID.
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

	// SetLiked records (liked) or withdraws (!liked) uid's like of the
	// post or comment named by uuid, and returns how many users like it
	// then; idempotent. Content that is missing, hidden or deleted, or a
	// comment of such a post, is ENOTFOUND.
	SetLiked(ctx context.Context, uid string, kind ContentType, uuid string, liked bool) (likes int, err error)
}
