package client

import (
	"context"
	"fmt"
	"net/url"

	"github.com/predict-dev/predict/wire"
)

// Limits of community texts, in Unicode code points after trimming
// (docs/community.md).
const (
	MaxPostLength      = 2000
	MaxCommentLength   = 1000
	MaxPostTitleLength = 200
)

// Author is the public face of who wrote a post or a comment.
type Author = wire.Author

// Post is a post on a market. The service also sends publisher and
// commentsCount, the platform's names of Author and CommentCount.
type Post = wire.Post

// Comment answers a post (a root comment), or sits in the thread of a
// root comment of the same post (a reply; docs/community.md). The service
// also sends user, the platform's name of Author.
type Comment = wire.Comment

// CreatePost writes a post on a market (registered users).
func (c *Client) CreatePost(ctx context.Context, marketAddress, content string) (*Post, error) {
	body := wire.CreatePostRequest{MarketAddress: marketAddress, Content: content}
	return submit[Post](ctx, c, "/api/v1/community/create-post", body, "post on %s", marketAddress)
}

// PublishPost writes a post with a title (1 to MaxPostTitleLength
// characters, one line) on a market (registered users).
func (c *Client) PublishPost(ctx context.Context, marketAddress, title, content string) (*Post, error) {
	body := wire.CreatePostRequest{MarketAddress: marketAddress, Title: title, Content: content}
	return submit[Post](ctx, c, "/api/v1/community/publish-post", body, "publish on %s", marketAddress)
}

// PostsQuery holds the parameters of get-posts.
type PostsQuery struct {
	MarketAddress  string // required
	Page, PageSize int
}

// PostsPage is a page of posts, newest first.
type PostsPage = wire.PostsPage

// GetPosts lists a market's visible posts, newest first (no token
// needed).
func (c *Client) GetPosts(ctx context.Context, q PostsQuery) (*PostsPage, error) {
	v := url.Values{}
	query(v).paging(q.Page, q.PageSize).str("marketAddress", q.MarketAddress)
	return fetch[PostsPage](ctx, c, "/api/v1/community/get-posts", v, "posts of %s", q.MarketAddress)
}

// DeletePost deletes a post: the caller's own, or any for an admin.
func (c *Client) DeletePost(ctx context.Context, postID int64) error {
	if err := c.post(ctx, "/api/v1/community/delete-post", wire.DeletedPost{PostID: postID}, nil); err != nil {
		return fmt.Errorf("delete post %d: %w", postID, err)
	}
	return nil
}

// CreateCommentRequest is the body of create-comment. The post is named
// by PostID or PostUUID, the answered comment by ParentID or ParentUUID;
// RootUUID puts a reply in that root comment's thread (docs/community.md).
type CreateCommentRequest = wire.CreateCommentRequest

// CreateComment answers a post or a comment of it. The authors answered
// get a comment_reply notification.
func (c *Client) CreateComment(ctx context.Context, req CreateCommentRequest) (*Comment, error) {
	return submit[Comment](ctx, c, "/api/v1/community/create-comment", req, "comment on post %d", req.PostID)
}

// CommentsQuery holds the parameters of get-comments. Naming the post by
// PostID lists every comment flat; by PostUUID, the root comments only.
// With RootUUID: the replies of that thread, oldest first.
type CommentsQuery struct {
	PostID         int64 // PostID or PostUUID is required
	PostUUID       string
	RootUUID       string
	Page, PageSize int
}

// CommentsPage is a page of comments, newest first.
type CommentsPage = wire.CommentsPage

// GetComments lists a visible post's visible comments, newest first (no
// token needed).
func (c *Client) GetComments(ctx context.Context, q CommentsQuery) (*CommentsPage, error) {
	v := url.Values{}
	query(v).paging(q.Page, q.PageSize).int("postId", int(q.PostID)).str("postUuid", q.PostUUID).str("rootUuid", q.RootUUID)
	var out CommentsPage
	if err := c.get(ctx, "/api/v1/community/get-comments", v, &out); err != nil {
		if q.PostUUID != "" {
			return nil, fmt.Errorf("comments of post %s: %w", q.PostUUID, err)
		}
		return nil, fmt.Errorf("comments of post %d: %w", q.PostID, err)
	}
	return &out, nil
}

// DeleteComment deletes a comment: the caller's own, or any for an admin.
// Answers to it stay.
func (c *Client) DeleteComment(ctx context.Context, commentID int64) error {
	if err := c.post(ctx, "/api/v1/community/delete-comment", wire.DeletedComment{CommentID: commentID}, nil); err != nil {
		return fmt.Errorf("delete comment %d: %w", commentID, err)
	}
	return nil
}

// Moderation is the state of a post or comment after hide-post or
// hide-comment.
type Moderation = wire.Moderation

// HidePost hides a post from the lists (hidden true) or shows it again
// (admins only).
func (c *Client) HidePost(ctx context.Context, postID int64, hidden bool) (*Moderation, error) {
	return submit[Moderation](ctx, c, "/api/v1/admin/hide-post", Moderation{ID: postID, Hidden: hidden}, "hide post %d (%t)", postID, hidden)
}

// HideComment hides a comment from the lists (hidden true) or shows it
// again (admins only).
func (c *Client) HideComment(ctx context.Context, commentID int64, hidden bool) (*Moderation, error) {
	return submit[Moderation](ctx, c, "/api/v1/admin/hide-comment", Moderation{ID: commentID, Hidden: hidden}, "hide comment %d (%t)", commentID, hidden)
}

// Content types of like-content and unlike-content.
const (
	ContentPost    = 1
	ContentComment = 2
)

// Like is where a like stands after LikeContent or UnlikeContent.
type Like = wire.Like

// LikeContent likes a post (ContentPost) or a comment (ContentComment)
// by uuid; liking again changes nothing.
func (c *Client) LikeContent(ctx context.Context, contentType int, uuid string) (*Like, error) {
	return c.setLiked(ctx, "like-content", contentType, uuid)
}

// UnlikeContent withdraws the caller's like of a post or a comment;
// withdrawing again changes nothing.
func (c *Client) UnlikeContent(ctx context.Context, contentType int, uuid string) (*Like, error) {
	return c.setLiked(ctx, "unlike-content", contentType, uuid)
}

func (c *Client) setLiked(ctx context.Context, path string, contentType int, uuid string) (*Like, error) {
	body := wire.LikeRequest{ContentUUID: uuid, ContentType: &contentType}
	return submit[Like](ctx, c, "/api/v1/community/"+path, body, "%s %s", path, uuid)
}
