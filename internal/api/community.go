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
	"github.com/predict-dev/predict/wire"
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

// checkTitle validates and trims a post's title: one line (no control
// characters at all: a title is a heading), at most
// predict.MaxPostTitleLength characters, and not blank when required.
func checkTitle(v string, required bool) (string, error) {
	if !utf8.ValidString(v) {
		return "", predict.Errorf(predict.EINVALID, "title must be valid UTF-8")
	}
	v = strings.TrimSpace(v)
	if v == "" && required {
		return "", predict.Errorf(predict.EINVALID, "title is required")
	}
	if n := utf8.RuneCountInString(v); n > predict.MaxPostTitleLength {
		return "", predict.Errorf(predict.EINVALID, "title must be at most %d characters (has %d)", predict.MaxPostTitleLength, n)
	}
	// Control characters and line breaks never get here: a title is
	// one-line text to the decoders (checkInput).
	return v, nil
}

// checkContentUUID validates the uuid of a post or a comment (8-4-4-4-12
// hex) and returns it lowercased, as stored; "" stays "" (callers decide
// whether it is required).
func checkContentUUID(field, v string) (string, error) {
	if v == "" {
		return "", nil
	}
	if !uuidRe.MatchString(v) {
		return "", predict.Errorf(predict.EINVALID, "%s must be a uuid (8-4-4-4-12 hex digits)", field)
	}
	return strings.ToLower(v), nil
}

// contentUUIDParam reads an optional uuid query parameter.
func contentUUIDParam(q *query, name string) string {
	v := q.get(name)
	if q.err != nil {
		return ""
	}
	v, err := checkContentUUID(name, v)
	if err != nil {
		q.err = err
	}
	return v
}

// queryViewer checks a public read's query (queryValid) and returns the
// uid its answer is personal to (isLiked, isFollowed): the caller's when
// a token is sent, "" for an anonymous caller. When valid is false it has
// answered the error.
func (s *Server) queryViewer(w http.ResponseWriter, r *http.Request, q *query) (viewer string, valid bool) {
	if !s.queryValid(w, r, q) {
		return "", false
	}
	u, err := s.optionalUser(r)
	if err != nil {
		s.Error(w, r, err)
		return "", false
	}
	if u == nil {
		return "", true
	}
	return u.UID, true
}

func newAuthorJSON(a predict.Author) wire.Author {
	return wire.Author{UID: a.UID, Name: a.Name, AvatarURL: a.AvatarURL}
}

func newPostJSON(p *predict.Post) wire.Post {
	a := newAuthorJSON(p.Author)
	return wire.Post{
		PostID: p.ID, PostUUID: p.UUID, MarketAddress: p.Market, Title: p.Title, Content: p.Content,
		Author: a, Publisher: a, CommentCount: p.CommentCount, CommentsCount: p.CommentCount,
		LikesCount: p.LikeCount, IsLiked: p.Liked, CreatedAt: wireTime(p.CreatedAt),
	}
}

func newCommentJSON(c *predict.Comment) wire.Comment {
	a := newAuthorJSON(c.Author)
	return wire.Comment{
		CommentID: c.ID, CommentUUID: c.UUID, PostID: c.PostID, PostUUID: c.PostUUID, ParentID: c.ParentID, ParentUUID: c.ParentUUID,
		RootID: c.RootID, RootUUID: c.RootUUID, MarketAddress: c.Market, Content: c.Content, Author: a, User: a,
		LikesCount: c.LikeCount, IsLiked: c.Liked, RepliesCount: c.ReplyCount, CreatedAt: wireTime(c.CreatedAt),
	}
}

// handleCreatePost writes a post on a market: predict's create-post,
// where the title may be left out.
func (s *Server) handleCreatePost(w http.ResponseWriter, r *http.Request) {
	s.writePost(w, r, false)
}

// handlePublishPost writes a post on a market: the platform's
// publish-post, where the title is required.
func (s *Server) handlePublishPost(w http.ResponseWriter, r *http.Request) {
	s.writePost(w, r, true)
}

func (s *Server) writePost(w http.ResponseWriter, r *http.Request, titleRequired bool) {
	var req wire.CreatePostRequest
	u, valid := s.caller(w, r, &req)
	if !valid {
		return
	}
	var err error
	np := predict.NewPost{UID: u.UID}
	np.Market, err = parseAddress("marketAddress", req.MarketAddress)
	if err == nil {
		np.Title, err = checkTitle(req.Title, titleRequired)
	}
	if err == nil {
		np.Content, err = checkContent("content", req.Content, predict.MaxPostLength)
	}
	if err != nil {
		s.Error(w, r, err)
		return
	}
	p, err := s.store.PublishPost(r.Context(), np)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	ok(w, newPostJSON(p))
}

// handleGetPosts lists a market's visible posts, newest first: predict's
// get-posts, where page and pageSize are required.
func (s *Server) handleGetPosts(w http.ResponseWriter, r *http.Request) {
	q := newQuery(r)
	market := q.address("marketAddress", true)
	page, size := q.page()
	s.listPosts(w, r, q, market, page, size)
}

// handleGetMarketPosts is the platform's get-market-posts: get-posts with
// page 1 and 20 posts by default.
func (s *Server) handleGetMarketPosts(w http.ResponseWriter, r *http.Request) {
	q := newQuery(r)
	market := q.address("marketAddress", true)
	page, size := q.pageOr(20)
	s.listPosts(w, r, q, market, page, size)
}

func (s *Server) listPosts(w http.ResponseWriter, r *http.Request, q *query, market string, page, size int) {
	viewer, valid := s.queryViewer(w, r, q)
	if !valid {
		return
	}
	posts, total, err := s.store.Posts(r.Context(), predict.PostFilter{Market: market, Viewer: viewer, Page: page, PageSize: size})
	s.answer(w, r, wire.PostsPage{Total: total, Posts: wireList(posts, newPostJSON)}, err)
}

// handleDeletePost deletes a post: its author's, or any for an admin.
func (s *Server) handleDeletePost(w http.ResponseWriter, r *http.Request) {
	s.deleteOwn(w, r, "post", func(id int64) any { return wire.DeletedPost{PostID: id} }, func(ctx context.Context, id int64) (string, bool, error) {
		p, err := s.store.PostByID(ctx, id)
		if err != nil {
			return "", false, err
		}
		return p.Author.UID, p.Deleted, nil
	}, s.store.DeletePost)
}

// handleCreateComment answers a post, or a comment of it, and tells the
// users it answers. It serves predict's create-comment and the
// platform's publish-comment: the post is named by postId or postUuid,
// the parent by parentId or parentUuid, the thread by rootUuid.
func (s *Server) handleCreateComment(w http.ResponseWriter, r *http.Request) {
	var req struct {
		PostID     *int64 `json:"postId"`
		PostUUID   string `json:"postUuid"`
		ParentID   *int64 `json:"parentId"`
		ParentUUID string `json:"parentUuid"`
		RootUUID   string `json:"rootUuid"`
		Content    string `json:"content"`
	}
	u, valid := s.caller(w, r, &req)
	if !valid {
		return
	}
	var err error
	nc := predict.NewComment{UID: u.UID}
	switch {
	case req.PostID != nil && req.PostUUID != "":
		err = predict.Errorf(predict.EINVALID, "give postId or postUuid, not both")
	case req.PostID == nil && req.PostUUID == "":
		err = predict.Errorf(predict.EINVALID, "postUuid (or postId) is required")
	case req.PostUUID != "":
		nc.PostUUID, err = checkContentUUID("postUuid", req.PostUUID)
	default:
		nc.PostID, err = checkID("postId", req.PostID)
	}
	if err == nil && req.ParentID != nil && req.ParentUUID != "" {
		err = predict.Errorf(predict.EINVALID, "give parentId or parentUuid, not both")
	}
	if err == nil && req.ParentID != nil {
		nc.ParentID, err = checkID("parentId", req.ParentID)
	}
	if err == nil {
		nc.ParentUUID, err = checkContentUUID("parentUuid", req.ParentUUID)
	}
	if err == nil {
		nc.RootUUID, err = checkContentUUID("rootUuid", req.RootUUID)
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
	pub := s.cfg.Publisher
	if pub == nil && s.cfg.Events != nil {
		pub = s.cfg.Events
	}
	if pub == nil {
		return
	}
	for _, uid := range uids {
		if err := pub.Publish(ctx, events.UserNewNotification(uid)); err != nil {
			s.logger.WarnContext(ctx, "publishing a notification event", "uid", uid, "err", err)
		}
	}
}

// handleGetComments lists a visible post's visible comments. With
// rootUuid: the replies under that root comment, oldest first. Otherwise
// newest first: the platform's clients name the post by postUuid and get
// its root comments; predict's name it by postId and get every comment
// flat, as they always did (they build threads from parentId).
func (s *Server) handleGetComments(w http.ResponseWriter, r *http.Request) {
	q := newQuery(r)
	f := predict.CommentFilter{PostID: int64(q.int("postId", false, 1, math.MaxInt, 0))}
	f.PostUUID = contentUUIDParam(q, "postUuid")
	f.RootUUID = contentUUIDParam(q, "rootUuid")
	f.Page, f.PageSize = q.pageOr(20)
	switch {
	case q.err != nil:
	case f.PostID != 0 && f.PostUUID != "":
		q.fail("give postId or postUuid, not both")
	case f.PostID == 0 && f.PostUUID == "":
		q.fail("postUuid (or postId) is required")
	}
	var valid bool
	if f.Viewer, valid = s.queryViewer(w, r, q); !valid {
		return
	}
	f.RootsOnly = f.PostUUID != ""
	comments, total, err := s.store.Comments(r.Context(), f)
	s.answer(w, r, wire.CommentsPage{Total: total, Comments: wireList(comments, newCommentJSON)}, err)
}

// handleDeleteComment deletes a comment: its author's, or any for an admin.
func (s *Server) handleDeleteComment(w http.ResponseWriter, r *http.Request) {
	s.deleteOwn(w, r, "comment", func(id int64) any { return wire.DeletedComment{CommentID: id} }, func(ctx context.Context, id int64) (string, bool, error) {
		c, err := s.store.CommentByID(ctx, id)
		if err != nil {
			return "", false, err
		}
		return c.Author.UID, c.Deleted, nil
	}, s.store.DeleteComment)
}

// deleteOwn deletes a post or a comment ({what}Id in the body) and
// answers answer(id): its author may, and so may an admin; a deleted one
// is not found.
func (s *Server) deleteOwn(w http.ResponseWriter, r *http.Request, what string, answer func(id int64) any,
	owner func(ctx context.Context, id int64) (author string, deleted bool, err error),
	del func(ctx context.Context, id int64) error) {
	field := what + "Id"
	var req map[string]json.RawMessage
	u, valid := s.caller(w, r, &req)
	if !valid {
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
	ok(w, answer(id))
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
	ok(w, wire.Moderation{ID: id, Hidden: *req.Hidden})
}

// handleLikeContent records that the caller likes a post or a comment.
func (s *Server) handleLikeContent(w http.ResponseWriter, r *http.Request) {
	s.setLiked(w, r, true)
}

// handleUnlikeContent withdraws the caller's like of a post or a comment.
func (s *Server) handleUnlikeContent(w http.ResponseWriter, r *http.Request) {
	s.setLiked(w, r, false)
}

// setLiked is the body of like-content and unlike-content: {contentUuid,
// contentType} with contentType 1 for a post and 2 for a comment.
func (s *Server) setLiked(w http.ResponseWriter, r *http.Request, liked bool) {
	var req wire.LikeRequest
	u, valid := s.caller(w, r, &req)
	if !valid {
		return
	}
	id, err := checkContentUUID("contentUuid", req.ContentUUID)
	switch {
	case err != nil:
	case id == "":
		err = predict.Errorf(predict.EINVALID, "contentUuid is required")
	case req.ContentType == nil:
		err = predict.Errorf(predict.EINVALID, "contentType is required")
	case *req.ContentType != int(predict.ContentPost) && *req.ContentType != int(predict.ContentComment):
		err = predict.Errorf(predict.EINVALID, "contentType must be 1 (post) or 2 (comment)")
	}
	if err != nil {
		s.Error(w, r, err)
		return
	}
	likes, err := s.store.SetLiked(r.Context(), u.UID, predict.ContentType(*req.ContentType), id, liked)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	ok(w, wire.Like{ContentUUID: id, ContentType: *req.ContentType, IsLiked: liked, LikesCount: likes})
}
