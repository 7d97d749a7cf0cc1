package wire

// Author is who wrote a post or a comment, or made a trade.
type Author struct {
	UID       string `json:"uid"`
	Name      string `json:"name"`
	AvatarURL string `json:"avatarUrl"`
}

// Post is a community post on a market. Author and Publisher are the
// same user, CommentCount and CommentsCount the same count: the second
// names are the platform's.
type Post struct {
	PostID        int64  `json:"postId"`
	PostUUID      string `json:"postUuid"`
	MarketAddress string `json:"marketAddress"`
	Title         string `json:"title"` // empty for a post without one
	Content       string `json:"content"`
	Author        Author `json:"author"`
	Publisher     Author `json:"publisher"`
	// CommentCount counts the post's visible comments.
	CommentCount  int `json:"commentCount"`
	CommentsCount int `json:"commentsCount"`
	LikesCount    int `json:"likesCount"`
	// IsLiked is whether the caller likes the post (false without a
	// token).
	IsLiked   bool `json:"isLiked"`
	CreatedAt Time `json:"createdAt"`
}

// PostsPage is a page of posts, newest first.
type PostsPage struct {
	Total int    `json:"total"`
	Posts []Post `json:"posts"`
}

// Comment is a comment on a post, or a reply to a comment (ParentID and
// ParentUUID set). Author and User are the same user.
type Comment struct {
	CommentID   int64  `json:"commentId"`
	CommentUUID string `json:"commentUuid"`
	PostID      int64  `json:"postId"`
	PostUUID    string `json:"postUuid"`
	// ParentID and ParentUUID are the comment replied to, 0 and "" for a
	// comment on the post.
	ParentID   int64  `json:"parentId"`
	ParentUUID string `json:"parentUuid"`
	// RootID and RootUUID are the top-level comment of the thread (the
	// comment itself for a top-level one).
	RootID        int64  `json:"rootId"`
	RootUUID      string `json:"rootUuid"`
	MarketAddress string `json:"marketAddress"`
	Content       string `json:"content"`
	Author        Author `json:"author"`
	User          Author `json:"user"`
	LikesCount    int    `json:"likesCount"`
	IsLiked       bool   `json:"isLiked"`
	// RepliesCount counts the visible replies of a top-level comment.
	RepliesCount int  `json:"repliesCount"`
	CreatedAt    Time `json:"createdAt"`
}

// CommentsPage is a page of comments, oldest first.
type CommentsPage struct {
	Total    int       `json:"total"`
	Comments []Comment `json:"comments"`
}

// CreatePostRequest is the body of create-post and publish-post (where a
// title is required).
type CreatePostRequest struct {
	MarketAddress string `json:"marketAddress"`
	Title         string `json:"title,omitempty"`
	Content       string `json:"content"`
}

// DeletedPost is the body and the answer of delete-post.
type DeletedPost struct {
	PostID int64 `json:"postId"`
}

// DeletedComment is the body and the answer of delete-comment.
type DeletedComment struct {
	CommentID int64 `json:"commentId"`
}

// Moderation is the body and the answer of hide-post and hide-comment.
type Moderation struct {
	Hidden bool  `json:"hidden"`
	ID     int64 `json:"id"`
}

// Like is the answer of like-content and unlike-content.
type Like struct {
	ContentUUID string `json:"contentUuid"`
	ContentType int    `json:"contentType"` // 1 post, 2 comment
	IsLiked     bool   `json:"isLiked"`
	LikesCount  int    `json:"likesCount"`
}

// CreateCommentRequest is the body of create-comment and publish-comment.
// The post is named by PostID or PostUUID, the answered comment by
// ParentID or ParentUUID; RootUUID puts a reply in that root comment's
// thread (docs/community.md).
type CreateCommentRequest struct {
	PostID   int64  `json:"postId,omitempty"`
	PostUUID string `json:"postUuid,omitempty"`
	// ParentID is the comment answered (of the same post); 0 answers the
	// post.
	ParentID   int64  `json:"parentId,omitempty"`
	ParentUUID string `json:"parentUuid,omitempty"`
	RootUUID   string `json:"rootUuid,omitempty"`
	Content    string `json:"content"`
}

// LikeRequest is the body of like-content and unlike-content.
type LikeRequest struct {
	ContentUUID string `json:"contentUuid"`
	ContentType *int   `json:"contentType"` // 1 post, 2 comment; required
}
