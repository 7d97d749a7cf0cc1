package client

import (
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"time"
)

// Limits of community texts, in Unicode code points after trimming
// (docs/community.md).
const (
	MaxPostLength    = 2000
	MaxCommentLength = 1000
)

// Author is the public face of who wrote a post or a comment.
type Author struct {
	UID       string `json:"uid"`
	Name      string `json:"name"`
	AvatarURL string `json:"avatarUrl"`
}

// Post is a post on a market.
type Post struct {
	PostID        int64  `json:"postId"`
	MarketAddress string `json:"marketAddress"`
	Content       string `json:"content"`
	Author        Author `json:"author"`
	// CommentCount counts the comments neither hidden nor deleted.
	CommentCount int       `json:"commentCount"`
	CreatedAt    time.Time `json:"createdAt"`
}

func (p *Post) wire() any {
	type plain Post
	return &struct {
		*plain
		CreatedAt timeField `json:"createdAt"`
	}{(*plain)(p), tm(&p.CreatedAt)}
}

// UnmarshalJSON reads the wire form.
func (p *Post) UnmarshalJSON(b []byte) error { return json.Unmarshal(b, p.wire()) }

// MarshalJSON writes the wire form.
func (p Post) MarshalJSON() ([]byte, error) { return json.Marshal(p.wire()) }

// Comment answers a post, or a comment of the same post.
type Comment struct {
	CommentID int64 `json:"commentId"`
	PostID    int64 `json:"postId"`
	// ParentID is the comment answered; 0 when the comment answers the
	// post.
	ParentID      int64     `json:"parentId"`
	MarketAddress string    `json:"marketAddress"`
	Content       string    `json:"content"`
	Author        Author    `json:"author"`
	CreatedAt     time.Time `json:"createdAt"`
}

func (c *Comment) wire() any {
	type plain Comment
	return &struct {
		*plain
		CreatedAt timeField `json:"createdAt"`
	}{(*plain)(c), tm(&c.CreatedAt)}
}

// UnmarshalJSON reads the wire form.
func (c *Comment) UnmarshalJSON(b []byte) error { return json.Unmarshal(b, c.wire()) }

// MarshalJSON writes the wire form.
func (c Comment) MarshalJSON() ([]byte, error) { return json.Marshal(c.wire()) }

// CreatePost writes a post on a market (registered users).
func (c *Client) CreatePost(ctx context.Context, marketAddress, content string) (*Post, error) {
	var out Post
	body := map[string]string{"marketAddress": marketAddress, "content": content}
	if err := c.post(ctx, "/api/v1/community/create-post", body, &out); err != nil {
		return nil, fmt.Errorf("post on %s: %w", marketAddress, err)
	}
	return &out, nil
}

// PostsQuery holds the parameters of get-posts.
type PostsQuery struct {
	MarketAddress  string // required
	Page, PageSize int
}

// PostsPage is a page of posts, newest first.
type PostsPage struct {
	Total int    `json:"total"`
	Posts []Post `json:"posts"`
}

// GetPosts lists a market's visible posts, newest first (no token
// needed).
func (c *Client) GetPosts(ctx context.Context, q PostsQuery) (*PostsPage, error) {
	p, size := page(q.Page, q.PageSize)
	v := url.Values{}
	query(v).str("marketAddress", q.MarketAddress).int("page", p).int("pageSize", size)
	var out PostsPage
	if err := c.get(ctx, "/api/v1/community/get-posts", v, &out); err != nil {
		return nil, fmt.Errorf("posts of %s: %w", q.MarketAddress, err)
	}
	return &out, nil
}

// DeletePost deletes a post: the caller's own, or any for an admin.
func (c *Client) DeletePost(ctx context.Context, postID int64) error {
	if err := c.post(ctx, "/api/v1/community/delete-post", map[string]int64{"postId": postID}, nil); err != nil {
		return fmt.Errorf("delete post %d: %w", postID, err)
	}
	return nil
}

// CreateCommentRequest is the body of create-comment.
type CreateCommentRequest struct {
	PostID int64 `json:"postId"`
	// ParentID is the comment answered (of the same post); 0 answers the
	// post.
	ParentID int64  `json:"parentId,omitempty"`
	Content  string `json:"content"`
}

// CreateComment answers a post or a comment of it. The authors answered
// get a comment_reply notification.
func (c *Client) CreateComment(ctx context.Context, req CreateCommentRequest) (*Comment, error) {
	var out Comment
	if err := c.post(ctx, "/api/v1/community/create-comment", req, &out); err != nil {
		return nil, fmt.Errorf("comment on post %d: %w", req.PostID, err)
	}
	return &out, nil
}

// CommentsQuery holds the parameters of get-comments.
type CommentsQuery struct {
	PostID         int64 // required
	Page, PageSize int
}

// CommentsPage is a page of comments, newest first.
type CommentsPage struct {
	Total    int       `json:"total"`
	Comments []Comment `json:"comments"`
}

// GetComments lists a visible post's visible comments, newest first (no
// token needed).
func (c *Client) GetComments(ctx context.Context, q CommentsQuery) (*CommentsPage, error) {
	p, size := page(q.Page, q.PageSize)
	v := url.Values{}
	query(v).int("postId", int(q.PostID)).int("page", p).int("pageSize", size)
	var out CommentsPage
	if err := c.get(ctx, "/api/v1/community/get-comments", v, &out); err != nil {
		return nil, fmt.Errorf("comments of post %d: %w", q.PostID, err)
	}
	return &out, nil
}

// DeleteComment deletes a comment: the caller's own, or any for an admin.
// Answers to it stay.
func (c *Client) DeleteComment(ctx context.Context, commentID int64) error {
	if err := c.post(ctx, "/api/v1/community/delete-comment", map[string]int64{"commentId": commentID}, nil); err != nil {
		return fmt.Errorf("delete comment %d: %w", commentID, err)
	}
	return nil
}

// Moderation is the state of a post or comment after hide-post or
// hide-comment.
type Moderation struct {
	ID     int64 `json:"id"`
	Hidden bool  `json:"hidden"`
}

// HidePost hides a post from the lists (hidden true) or shows it again
// (admins only).
func (c *Client) HidePost(ctx context.Context, postID int64, hidden bool) (*Moderation, error) {
	var out Moderation
	if err := c.post(ctx, "/api/v1/admin/hide-post", Moderation{ID: postID, Hidden: hidden}, &out); err != nil {
		return nil, fmt.Errorf("hide post %d (%t): %w", postID, hidden, err)
	}
	return &out, nil
}

// HideComment hides a comment from the lists (hidden true) or shows it
// again (admins only).
func (c *Client) HideComment(ctx context.Context, commentID int64, hidden bool) (*Moderation, error) {
	var out Moderation
	if err := c.post(ctx, "/api/v1/admin/hide-comment", Moderation{ID: commentID, Hidden: hidden}, &out); err != nil {
		return nil, fmt.Errorf("hide comment %d (%t): %w", commentID, hidden, err)
	}
	return &out, nil
}
