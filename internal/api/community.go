package api

import (
	"context"
	"encoding/json"
	"math"
	"net/http"
	"strings"
	"unicode/utf8"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/internal/events"
)

// Community posts and comments of markets, and their moderation
// (docs/community.md).

// checkContent normalises the text of a post or a comment, which the
// decoder let through with its line breaks and tabs (multilineFields):
// line breaks as "\n", trimmed, 1 to max characters.
func checkContent(field, v string, max int) (string, error) {
	v = strings.TrimSpace(strings.ReplaceAll(v, "\r\n", "\n"))
	if v == "" {
		return "", predict.Errorf(predict.EINVALID, "%s is required", field)
	}
	if n := utf8.RuneCountInString(v); n > max {
		return "", predict.Errorf(predict.EINVALID, "%s must be at most %d characters (has %d)", field, max, n)
	}
	return v, nil
}

// checkID validates a required id of a JSON body (a post or a comment).
func checkID(field string, id *int64) (int64, error) {
	switch {
	case id == nil:
		return 0, predict.Errorf(predict.EINVALID, "%s is required", field)
	case *id <= 0:
		return 0, predict.Errorf(predict.EINVALID, "%s must be a positive integer", field)
	}
	return *id, nil
}

// authorJSON is the public face of a writer.
type authorJSON struct {
	UID       string `json:"uid"`
	Name      string `json:"name"`
	AvatarURL string `json:"avatarUrl"`
}

type postJSON struct {
	PostID        int64      `json:"postId"`
	MarketAddress string     `json:"marketAddress"`
	Content       string     `json:"content"`
	Author        authorJSON `json:"author"`
	CommentCount  int        `json:"commentCount"`
	CreatedAt     string     `json:"createdAt"`
}

func newPostJSON(p *predict.Post) postJSON {
	return postJSON{
		PostID: p.ID, MarketAddress: p.Market, Content: p.Content,
		Author:       authorJSON{UID: p.Author.UID, Name: p.Author.Name, AvatarURL: p.Author.AvatarURL},
		CommentCount: p.CommentCount, CreatedAt: formatTime(p.CreatedAt),
	}
}

type commentJSON struct {
	CommentID     int64      `json:"commentId"`
	PostID        int64      `json:"postId"`
	ParentID      int64      `json:"parentId"`
	MarketAddress string     `json:"marketAddress"`
	Content       string     `json:"content"`
	Author        authorJSON `json:"author"`
	CreatedAt     string     `json:"createdAt"`
}

func newCommentJSON(c *predict.Comment) commentJSON {
	return commentJSON{
		CommentID: c.ID, PostID: c.PostID, ParentID: c.ParentID, MarketAddress: c.Market, Content: c.Content,
		Author:    authorJSON{UID: c.Author.UID, Name: c.Author.Name, AvatarURL: c.Author.AvatarURL},
		CreatedAt: formatTime(c.CreatedAt),
	}
}

// handleCreatePost writes a post on a market.
func (s *Server) handleCreatePost(w http.ResponseWriter, r *http.Request) {
	u, err := s.authenticate(r)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	var req struct {
		MarketAddress string `json:"marketAddress"`
		Content       string `json:"content"`
	}
	if err := decodeBody(w, r, s.cfg.BodyLimit, &req); err != nil {
		s.Error(w, r, err)
		return
	}
	market, err := parseAddress("marketAddress", req.MarketAddress)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	content, err := checkContent("content", req.Content, predict.MaxPostLength)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	p, err := s.store.CreatePost(r.Context(), u.UID, market, content)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	ok(w, newPostJSON(p))
}

// handleGetPosts lists a market's visible posts, newest first.
func (s *Server) handleGetPosts(w http.ResponseWriter, r *http.Request) {
	q := newQuery(r)
	market := q.address("marketAddress", true)
	page, size := q.page()
	if q.err != nil {
		s.Error(w, r, q.err)
		return
	}
	posts, total, err := s.store.Posts(r.Context(), predict.PostFilter{Market: market, Page: page, PageSize: size})
	if err != nil {
		s.Error(w, r, err)
		return
	}
	out := make([]postJSON, len(posts))
	for i, p := range posts {
		out[i] = newPostJSON(p)
	}
	ok(w, map[string]any{"total": total, "posts": out})
}

// handleDeletePost deletes a post: its author's, or any for an admin.
func (s *Server) handleDeletePost(w http.ResponseWriter, r *http.Request) {
	s.deleteOwn(w, r, "post", func(ctx context.Context, id int64) (string, bool, error) {
		p, err := s.store.PostByID(ctx, id)
		if err != nil {
			return "", false, err
		}
		return p.Author.UID, p.Deleted, nil
	}, s.store.DeletePost)
}

// handleCreateComment answers a post, or a comment of it, and tells the
// users it answers.
func (s *Server) handleCreateComment(w http.ResponseWriter, r *http.Request) {
	u, err := s.authenticate(r)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	var req struct {
		PostID   *int64 `json:"postId"`
		ParentID *int64 `json:"parentId"`
		Content  string `json:"content"`
	}
	if err := decodeBody(w, r, s.cfg.BodyLimit, &req); err != nil {
		s.Error(w, r, err)
		return
	}
	nc := predict.NewComment{UID: u.UID}
	nc.PostID, err = checkID("postId", req.PostID)
	if err == nil && req.ParentID != nil {
		nc.ParentID, err = checkID("parentId", req.ParentID)
	}
	if err == nil {
		nc.Content, err = checkContent("content", req.Content, predict.MaxCommentLength)
	}
	if err != nil {
		s.Error(w, r, err)
		return
	}
	c, notified, err := s.store.CreateComment(r.Context(), nc)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	s.announceNotifications(r.Context(), notified)
	ok(w, newCommentJSON(c))
}

// announceNotifications tells each user's streams that a notification
// is waiting. The notifications are committed already; a failed publish
// is logged, and the user still finds them in get-notifications.
func (s *Server) announceNotifications(ctx context.Context, uids []string) {
	if s.cfg.Events == nil {
		return
	}
	for _, uid := range uids {
		if err := s.cfg.Events.Publish(ctx, events.UserNewNotification(uid)); err != nil {
			s.logger.WarnContext(ctx, "publishing a notification event", "uid", uid, "err", err)
		}
	}
}

// handleGetComments lists a visible post's visible comments, newest first.
func (s *Server) handleGetComments(w http.ResponseWriter, r *http.Request) {
	q := newQuery(r)
	postID := q.int("postId", true, 1, math.MaxInt, 0)
	page, size := q.page()
	if q.err != nil {
		s.Error(w, r, q.err)
		return
	}
	comments, total, err := s.store.Comments(r.Context(), predict.CommentFilter{PostID: int64(postID), Page: page, PageSize: size})
	if err != nil {
		s.Error(w, r, err)
		return
	}
	out := make([]commentJSON, len(comments))
	for i, c := range comments {
		out[i] = newCommentJSON(c)
	}
	ok(w, map[string]any{"total": total, "comments": out})
}

// handleDeleteComment deletes a comment: its author's, or any for an admin.
func (s *Server) handleDeleteComment(w http.ResponseWriter, r *http.Request) {
	s.deleteOwn(w, r, "comment", func(ctx context.Context, id int64) (string, bool, error) {
		c, err := s.store.CommentByID(ctx, id)
		if err != nil {
			return "", false, err
		}
		return c.Author.UID, c.Deleted, nil
	}, s.store.DeleteComment)
}

// deleteOwn deletes a post or a comment ({what}Id in the body): its
// author may, and so may an admin; a deleted one is not found.
func (s *Server) deleteOwn(w http.ResponseWriter, r *http.Request, what string,
	owner func(ctx context.Context, id int64) (author string, deleted bool, err error),
	del func(ctx context.Context, id int64) error) {
	u, err := s.authenticate(r)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	field := what + "Id"
	var req map[string]json.RawMessage
	if err := decodeBody(w, r, s.cfg.BodyLimit, &req); err != nil {
		s.Error(w, r, err)
		return
	}
	var raw *int64
	if v, found := req[field]; found && json.Unmarshal(v, &raw) != nil {
		s.Error(w, r, predict.Errorf(predict.EINVALID, "%s must be an integer", field))
		return
	}
	id, err := checkID(field, raw)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	author, deleted, err := owner(r.Context(), id)
	if err == nil && deleted {
		err = predict.Errorf(predict.ENOTFOUND, "%s %d not found", what, id)
	}
	if err == nil && author != u.UID && !u.HasRole(predict.RoleAdmin) {
		err = predict.Errorf(predict.EFORBIDDEN, "only its author or an admin can delete %s %d", what, id)
	}
	if err == nil {
		err = del(r.Context(), id)
	}
	if err != nil {
		s.Error(w, r, err)
		return
	}
	s.logger.InfoContext(r.Context(), what+" deleted", what, id, "by", u.UID)
	ok(w, map[string]any{field: id})
}

// handleHidePost hides a post from the lists, or shows it again. Admins only.
func (s *Server) handleHidePost(w http.ResponseWriter, r *http.Request) {
	s.moderate(w, r, "post", s.store.SetPostHidden)
}

// handleHideComment hides a comment from the lists, or shows it again.
// Admins only.
func (s *Server) handleHideComment(w http.ResponseWriter, r *http.Request) {
	s.moderate(w, r, "comment", s.store.SetCommentHidden)
}

// moderate is the body of the hide endpoints: {id, hidden} by an admin.
func (s *Server) moderate(w http.ResponseWriter, r *http.Request, what string, set func(context.Context, int64, bool) error) {
	u, err := s.authenticate(r)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	if !u.HasRole(predict.RoleAdmin) {
		s.Error(w, r, errNeedsRole(u, "hiding a "+what, predict.RoleAdmin))
		return
	}
	var req struct {
		ID     *int64 `json:"id"`
		Hidden *bool  `json:"hidden"`
	}
	if err := decodeBody(w, r, s.cfg.BodyLimit, &req); err != nil {
		s.Error(w, r, err)
		return
	}
	id, err := checkID("id", req.ID)
	if err == nil && req.Hidden == nil {
		err = predict.Errorf(predict.EINVALID, "hidden is required")
	}
	if err == nil {
		err = set(r.Context(), id, *req.Hidden)
	}
	if err != nil {
		s.Error(w, r, err)
		return
	}
	s.logger.InfoContext(r.Context(), what+" moderated", "id", id, "hidden", *req.Hidden, "by", u.UID)
	ok(w, map[string]any{"id": id, "hidden": *req.Hidden})
}
