package api_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"regexp"
	"strings"
	"testing"

	"github.com/predict-dev/predict/internal/store"
	"github.com/predict-dev/predict/internal/store/storetest"
)

// The platform's community calls: posts and comments named by uuid,
// titles, threads of one level and likes (docs/community.md).

var uuidRe = regexp.MustCompile(`^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$`)

type personOut struct {
	UID       string `json:"uid"`
	Name      string `json:"name"`
	AvatarURL string `json:"avatarUrl"`
}

type platformPost struct {
	PostUUID      string    `json:"postUuid"`
	PostID        int64     `json:"postId"`
	MarketAddress string    `json:"marketAddress"`
	Title         string    `json:"title"`
	Content       string    `json:"content"`
	LikesCount    int       `json:"likesCount"`
	CommentsCount int       `json:"commentsCount"`
	CommentCount  int       `json:"commentCount"`
	IsLiked       bool      `json:"isLiked"`
	Publisher     personOut `json:"publisher"`
	Author        personOut `json:"author"`
	CreatedAt     string    `json:"createdAt"`
}

type platformComment struct {
	CommentUUID  string    `json:"commentUuid"`
	CommentID    int64     `json:"commentId"`
	PostUUID     string    `json:"postUuid"`
	ParentUUID   string    `json:"parentUuid"`
	ParentID     int64     `json:"parentId"`
	RootUUID     string    `json:"rootUuid"`
	Content      string    `json:"content"`
	LikesCount   int       `json:"likesCount"`
	IsLiked      bool      `json:"isLiked"`
	RepliesCount int       `json:"repliesCount"`
	User         personOut `json:"user"`
	CreatedAt    string    `json:"createdAt"`
}

// JSON kinds of the documented fields, checked on the raw answer: a
// typed decode alone would take a missing field for its zero value.
var (
	personKinds = map[string]string{"uid": "string", "name": "string", "avatarUrl": "string"}
	postKinds   = map[string]string{
		"postUuid": "string", "marketAddress": "string", "title": "string", "content": "string", "likesCount": "number",
		"commentsCount": "number", "isLiked": "bool", "publisher": "object", "createdAt": "string",
	}
	commentKinds = map[string]string{
		"commentUuid": "string", "content": "string", "likesCount": "number", "isLiked": "bool", "repliesCount": "number",
		"user": "object", "createdAt": "string",
	}
)

func kindOf(v any) string {
	switch v.(type) {
	case string:
		return "string"
	case float64:
		return "number"
	case bool:
		return "bool"
	case map[string]any:
		return "object"
	case []any:
		return "array"
	case nil:
		return "null"
	}
	return fmt.Sprintf("%T", v)
}

// wantKinds asserts that obj has every key of kinds with its JSON kind.
func wantKinds(t *testing.T, what string, obj map[string]any, kinds map[string]string) {
	t.Helper()
	for k, want := range kinds {
		v, found := obj[k]
		if !found {
			t.Fatalf("%s: no %q in %v", what, k, obj)
		}
		if got := kindOf(v); got != want {
			t.Fatalf("%s: %q is %s (%v), want %s", what, k, got, v, want)
		}
	}
}

// wantListKinds checks the documented fields of every item of a
// {total, <key>: [...]} answer, and of the person object inside each.
func wantListKinds(t *testing.T, r *response, key string, kinds map[string]string, person string) {
	t.Helper()
	var page map[string]any
	r.into(t, &page)
	if kindOf(page["total"]) != "number" || kindOf(page[key]) != "array" {
		t.Fatalf("page = %v", page)
	}
	for i, it := range page[key].([]any) {
		obj, isObj := it.(map[string]any)
		if !isObj {
			t.Fatalf("%s[%d] = %v", key, i, it)
		}
		wantKinds(t, fmt.Sprintf("%s[%d]", key, i), obj, kinds)
		wantKinds(t, fmt.Sprintf("%s[%d].%s", key, i, person), obj[person].(map[string]any), personKinds)
	}
}

// publish writes a post or a comment with the community call named and
// reads the answer, whose idField must be a string.
func publish[T any](t *testing.T, c *community, call, token string, body map[string]any, idField string) T {
	t.Helper()
	r := c.e.do("POST", "/api/v1/community/"+call, token, body)
	wantOK(t, r)
	var obj map[string]any
	r.into(t, &obj)
	wantKinds(t, call, obj, map[string]string{idField: "string"})
	var out T
	r.into(t, &out)
	return out
}

func (c *community) publishPost(t *testing.T, token, title, content string) platformPost {
	t.Helper()
	body := map[string]any{"marketAddress": c.market, "title": title, "content": content}
	return publish[platformPost](t, c, "publish-post", token, body, "postUuid")
}

func (c *community) publishComment(t *testing.T, token string, body map[string]any) platformComment {
	t.Helper()
	return publish[platformComment](t, c, "publish-comment", token, body, "commentUuid")
}

// readList reads a page of a community list: its total and the items
// under key, whose fields wantListKinds checks against kinds and person.
func readList[T any](t *testing.T, c *community, path, token, key string, kinds map[string]string, person string) (int, []T) {
	t.Helper()
	r := c.e.do("GET", path, token, nil)
	wantOK(t, r)
	wantListKinds(t, r, key, kinds, person)
	var out map[string]json.RawMessage
	r.into(t, &out)
	var total int
	var items []T
	if err := errors.Join(json.Unmarshal(out["total"], &total), json.Unmarshal(out[key], &items)); err != nil {
		t.Fatalf("decode %s: %v", key, err)
	}
	return total, items
}

func (c *community) marketPosts(t *testing.T, token string) (int, []platformPost) {
	t.Helper()
	return readList[platformPost](t, c, "/api/v1/community/get-market-posts?marketAddress="+c.market, token, "posts", postKinds, "publisher")
}

func (c *community) platformComments(t *testing.T, token, query string) (int, []platformComment) {
	t.Helper()
	return readList[platformComment](t, c, "/api/v1/community/get-comments?"+query, token, "comments", commentKinds, "user")
}

func (c *community) like(t *testing.T, path, token, uuid string, contentType int) (isLiked bool, likes int) {
	t.Helper()
	r := c.e.do("POST", "/api/v1/community/"+path, token, map[string]any{"contentUuid": uuid, "contentType": contentType})
	wantOK(t, r)
	var out struct {
		ContentUUID string `json:"contentUuid"`
		ContentType int    `json:"contentType"`
		IsLiked     bool   `json:"isLiked"`
		LikesCount  int    `json:"likesCount"`
	}
	r.into(t, &out)
	if out.ContentUUID != uuid || out.ContentType != contentType {
		t.Fatalf("%s answered %+v", path, out)
	}
	return out.IsLiked, out.LikesCount
}

func findPost(ps []platformPost, uuid string) *platformPost {
	for i := range ps {
		if ps[i].PostUUID == uuid {
			return &ps[i]
		}
	}
	return nil
}

func commentUUIDs(cs []platformComment) []string {
	out := []string{}
	for _, c := range cs {
		out = append(out, c.CommentUUID)
	}
	return out
}

func TestPlatformCommunity(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.DB) {
		c := newCommunity(t, s)
		const avatar = "https://img.example/alice.png"
		wantOK(t, c.e.do("POST", "/api/v1/user/set-avatar", c.alice, map[string]any{"avatarUrl": avatar}))
		alice := personOut{UID: c.aliceUID, Name: "alice", AvatarURL: avatar}
		bob := personOut{UID: c.bobUID} // no name, no avatar

		post := c.publishPost(t, c.alice, "  Red or blue?  ", " Red, surely.\r\nFour finals in a row. ")
		if !uuidRe.MatchString(post.PostUUID) || post.PostID <= 0 || post.MarketAddress != c.market || post.Title != "Red or blue?" ||
			post.Content != "Red, surely.\nFour finals in a row." || post.Publisher != alice || post.Author != alice ||
			post.LikesCount != 0 || post.CommentsCount != 0 || post.IsLiked || post.CreatedAt == "" {
			t.Fatalf("published post = %+v", post)
		}
		// predict's create-post still works without a title.
		untitled := c.post(t, c.bob, "no title here")

		root1 := c.publishComment(t, c.bob, map[string]any{"postUuid": post.PostUUID, "content": " first root "})
		if !uuidRe.MatchString(root1.CommentUUID) || root1.PostUUID != post.PostUUID || root1.RootUUID != "" || root1.ParentUUID != "" ||
			root1.Content != "first root" || root1.User != bob || root1.LikesCount != 0 || root1.RepliesCount != 0 || root1.IsLiked {
			t.Fatalf("root comment = %+v", root1)
		}
		// Given only the root, a reply answers the root.
		reply1 := c.publishComment(t, c.alice, map[string]any{"postUuid": post.PostUUID, "rootUuid": root1.CommentUUID, "content": "reply one"})
		if reply1.RootUUID != root1.CommentUUID || reply1.ParentUUID != root1.CommentUUID || reply1.ParentID != root1.CommentID ||
			reply1.User != alice {
			t.Fatalf("reply = %+v", reply1)
		}
		// A reply to a reply stays under the same root.
		reply2 := c.publishComment(t, c.bob, map[string]any{"postUuid": post.PostUUID, "rootUuid": root1.CommentUUID,
			"parentUuid": strings.ToUpper(reply1.CommentUUID), "content": "reply two"})
		if reply2.RootUUID != root1.CommentUUID || reply2.ParentUUID != reply1.CommentUUID {
			t.Fatalf("reply to a reply = %+v", reply2)
		}
		// Given only the parent, the reply goes under the parent's root.
		reply3 := c.publishComment(t, c.alice, map[string]any{"postUuid": post.PostUUID, "parentUuid": reply2.CommentUUID, "content": "reply three"})
		if reply3.RootUUID != root1.CommentUUID || reply3.ParentUUID != reply2.CommentUUID {
			t.Fatalf("reply by parent alone = %+v", reply3)
		}
		root2 := c.publishComment(t, c.alice, map[string]any{"postUuid": post.PostUUID, "content": "second root"})

		t.Run("RepliesNotify", func(t *testing.T) {
			// bob wrote root1; alice's reply1 under it, and reply3
			// to his reply2, each told him (alice wrote the post, so
			// bob's replies told her too: see TestReplyNotifiesOverSSE).
			n := c.notifications(t, c.bob, "")
			if n.Total != 2 || n.Notifications[0].Kind != "comment_reply" || n.Notifications[0].Data["replyTo"] != "comment" ||
				n.Notifications[0].Data["commentId"] != fmt.Sprint(reply3.CommentID) ||
				n.Notifications[1].Data["commentId"] != fmt.Sprint(reply1.CommentID) {
				t.Fatalf("bob's notifications: %+v", n)
			}
		})

		t.Run("Likes", func(t *testing.T) {
			for _, step := range []struct {
				path, token, uuid string
				kind              int
				liked             bool
				likes             int
			}{
				{"like-content", c.alice, post.PostUUID, 1, true, 1},
				{"like-content", c.bob, post.PostUUID, 1, true, 2},
				{"like-content", c.bob, post.PostUUID, 1, true, 2}, // idempotent
				{"unlike-content", c.alice, post.PostUUID, 1, false, 1},
				{"unlike-content", c.alice, post.PostUUID, 1, false, 1}, // idempotent
				{"like-content", c.bob, root1.CommentUUID, 2, true, 1},
				{"like-content", c.alice, reply1.CommentUUID, 2, true, 1},
				{"like-content", c.bob, reply1.CommentUUID, 2, true, 2},
				{"unlike-content", c.bob, root2.CommentUUID, 2, false, 0}, // never liked
			} {
				if liked, likes := c.like(t, step.path, step.token, step.uuid, step.kind); liked != step.liked || likes != step.likes {
					t.Fatalf("%s %s: isLiked %t likesCount %d, want %t %d", step.path, step.uuid, liked, likes, step.liked, step.likes)
				}
			}
		})

		t.Run("GetMarketPosts", func(t *testing.T) {
			for _, who := range []struct {
				name, token string
				liked       bool
			}{{"Alice", c.alice, false}, {"Bob", c.bob, true}, {"Anonymous", "", false}} {
				t.Run(who.name, func(t *testing.T) {
					total, posts := c.marketPosts(t, who.token)
					if total != 2 || len(posts) != 2 || posts[0].PostID != untitled.PostID || posts[1].PostUUID != post.PostUUID {
						t.Fatalf("posts %+v (total %d)", posts, total)
					}
					got := posts[1]
					if got.Title != "Red or blue?" || got.Content != post.Content || got.LikesCount != 1 || got.IsLiked != who.liked ||
						got.CommentsCount != 5 || got.CommentCount != 5 || got.Publisher != alice || got.MarketAddress != c.market ||
						got.CreatedAt != post.CreatedAt {
						t.Fatalf("post as seen by %s = %+v", who.name, got)
					}
					if u := posts[0]; u.Title != "" || u.Publisher != bob || u.LikesCount != 0 || u.CommentsCount != 0 || u.IsLiked {
						t.Fatalf("untitled post = %+v", u)
					}
				})
			}
			total, posts := readList[platformPost](t, c, "/api/v1/community/get-market-posts?page=2&pageSize=1&marketAddress="+c.market, "",
				"posts", postKinds, "publisher")
			if total != 2 || len(posts) != 1 || posts[0].PostUUID != post.PostUUID {
				t.Fatalf("second page: total %d, posts %+v", total, posts)
			}
		})

		t.Run("RootComments", func(t *testing.T) {
			for _, who := range []struct {
				name, token             string
				root1Liked, reply1Liked bool
			}{{"Alice", c.alice, false, true}, {"Bob", c.bob, true, true}, {"Anonymous", "", false, false}} {
				t.Run(who.name, func(t *testing.T) {
					total, cs := c.platformComments(t, who.token, "postUuid="+post.PostUUID)
					if total != 2 || strings.Join(commentUUIDs(cs), ",") != root2.CommentUUID+","+root1.CommentUUID {
						t.Fatalf("root comments %v (total %d)", commentUUIDs(cs), total)
					}
					if r := cs[1]; r.Content != "first root" || r.LikesCount != 1 || r.IsLiked != who.root1Liked || r.RepliesCount != 3 ||
						r.User != bob || r.CreatedAt != root1.CreatedAt {
						t.Fatalf("root1 as seen by %s = %+v", who.name, r)
					}
					if r := cs[0]; r.LikesCount != 0 || r.IsLiked || r.RepliesCount != 0 || r.User != alice {
						t.Fatalf("root2 = %+v", r)
					}
					total, cs = c.platformComments(t, who.token, "postUuid="+post.PostUUID+"&rootUuid="+root1.CommentUUID)
					want := reply1.CommentUUID + "," + reply2.CommentUUID + "," + reply3.CommentUUID // oldest first
					if total != 3 || strings.Join(commentUUIDs(cs), ",") != want {
						t.Fatalf("replies %v (total %d)", commentUUIDs(cs), total)
					}
					if r := cs[0]; r.LikesCount != 2 || r.IsLiked != who.reply1Liked || r.RepliesCount != 1 || r.User != alice {
						t.Fatalf("reply1 as seen by %s = %+v", who.name, r)
					}
					if r := cs[2]; r.RepliesCount != 0 || r.LikesCount != 0 || r.IsLiked {
						t.Fatalf("reply3 = %+v", r)
					}
				})
			}
			// predict's listing by postId stays flat, newest first.
			total, cs := c.platformComments(t, "", fmt.Sprintf("postId=%d", post.PostID))
			if total != 5 || cs[0].CommentUUID != root2.CommentUUID || cs[4].CommentUUID != root1.CommentUUID {
				t.Fatalf("flat comments %v (total %d)", commentUUIDs(cs), total)
			}
			total, cs = c.platformComments(t, "", "pageSize=2&page=2&postUuid="+post.PostUUID+"&rootUuid="+root1.CommentUUID)
			if total != 3 || len(cs) != 1 || cs[0].CommentUUID != reply3.CommentUUID {
				t.Fatalf("second page of replies %v (total %d)", commentUUIDs(cs), total)
			}
		})

		t.Run("Errors", func(t *testing.T) {
			other := c.publishPost(t, c.bob, "Other", "another thread")
			foreign := c.publishComment(t, c.bob, map[string]any{"postUuid": other.PostUUID, "content": "elsewhere"})
			unknown := "00000000-0000-4000-8000-000000000000"
			c.e.wantPostRefusals(t, "/api/v1/community/", []postRefusal{
				{"PostNoToken", "publish-post", "", map[string]any{"marketAddress": c.market, "title": "t", "content": "x"}, 401, 110303},
				{"PostNoTitle", "publish-post", c.alice, map[string]any{"marketAddress": c.market, "content": "x"}, 400, 110101},
				{"PostBlankTitle", "publish-post", c.alice, map[string]any{"marketAddress": c.market, "title": "  ", "content": "x"}, 400, 110101},
				{"PostTitleTooLong", "publish-post", c.alice, map[string]any{"marketAddress": c.market, "title": strings.Repeat("t", 201), "content": "x"}, 400, 110101},
				{"PostTitleTwoLines", "publish-post", c.alice, map[string]any{"marketAddress": c.market, "title": "a\nb", "content": "x"}, 400, 110101},
				{"PostNoContent", "publish-post", c.alice, map[string]any{"marketAddress": c.market, "title": "t"}, 400, 110101},
				{"PostUnknownMarket", "publish-post", c.alice, map[string]any{"marketAddress": addr(99), "title": "t", "content": "x"}, 404, 110102},
				{"CreatePostTitleTwoLines", "create-post", c.alice, map[string]any{"marketAddress": c.market, "title": "a\nb", "content": "x"}, 400, 110101},
				{"CommentNoPost", "publish-comment", c.bob, map[string]any{"content": "x"}, 400, 110101},
				{"CommentBadUUID", "publish-comment", c.bob, map[string]any{"postUuid": "12", "content": "x"}, 400, 110101},
				{"CommentBothPostNames", "publish-comment", c.bob, map[string]any{"postUuid": post.PostUUID, "postId": post.PostID, "content": "x"}, 400, 110101},
				{"CommentUnknownPost", "publish-comment", c.bob, map[string]any{"postUuid": unknown, "content": "x"}, 404, 110102},
				{"CommentUnknownRoot", "publish-comment", c.bob, map[string]any{"postUuid": post.PostUUID, "rootUuid": unknown, "content": "x"}, 404, 110102},
				{"CommentRootIsReply", "publish-comment", c.bob, map[string]any{"postUuid": post.PostUUID, "rootUuid": reply1.CommentUUID, "content": "x"}, 400, 110101},
				{"CommentRootOfOtherPost", "publish-comment", c.bob, map[string]any{"postUuid": post.PostUUID, "rootUuid": foreign.CommentUUID, "content": "x"}, 400, 110101},
				{"CommentParentOfOtherPost", "publish-comment", c.bob, map[string]any{"postUuid": post.PostUUID, "parentUuid": foreign.CommentUUID, "content": "x"}, 400, 110101},
				{"CommentParentUnderOtherRoot", "publish-comment", c.bob, map[string]any{"postUuid": post.PostUUID, "rootUuid": root2.CommentUUID, "parentUuid": reply1.CommentUUID, "content": "x"}, 400, 110101},
				{"CommentNoContent", "publish-comment", c.bob, map[string]any{"postUuid": post.PostUUID}, 400, 110101},
				{"LikeNoToken", "like-content", "", map[string]any{"contentUuid": post.PostUUID, "contentType": 1}, 401, 110303},
				{"LikeNotRegistered", "like-content", c.nobody, map[string]any{"contentUuid": post.PostUUID, "contentType": 1}, 403, 110109},
				{"LikeNoUUID", "like-content", c.bob, map[string]any{"contentType": 1}, 400, 110101},
				{"LikeBadUUID", "like-content", c.bob, map[string]any{"contentUuid": "x", "contentType": 1}, 400, 110101},
				{"LikeNoType", "like-content", c.bob, map[string]any{"contentUuid": post.PostUUID}, 400, 110101},
				{"LikeBadType", "like-content", c.bob, map[string]any{"contentUuid": post.PostUUID, "contentType": 3}, 400, 110101},
				{"LikeTypeString", "unlike-content", c.bob, map[string]any{"contentUuid": post.PostUUID, "contentType": "1"}, 400, 110101},
				{"LikeUnknownPost", "like-content", c.bob, map[string]any{"contentUuid": unknown, "contentType": 1}, 404, 110102},
				{"LikePostAsComment", "like-content", c.bob, map[string]any{"contentUuid": post.PostUUID, "contentType": 2}, 404, 110102},
				{"UnlikeUnknownComment", "unlike-content", c.bob, map[string]any{"contentUuid": unknown, "contentType": 2}, 404, 110102},
			})
			for name, tc := range map[string]struct {
				query        string
				status, code int
			}{
				"GetPostsNoMarket":      {"", 400, 110101},
				"GetCommentsNoPost":     {"rootUuid=" + root1.CommentUUID, 400, 110101},
				"GetCommentsBothNames":  {fmt.Sprintf("postId=%d&postUuid=%s", post.PostID, post.PostUUID), 400, 110101},
				"GetCommentsBadUUID":    {"postUuid=nope", 400, 110101},
				"GetCommentsPageSize51": {"pageSize=51&postUuid=" + post.PostUUID, 400, 110101},
				"GetCommentsUnknown":    {"postUuid=" + unknown, 404, 110102},
				"GetCommentsRootReply":  {"postUuid=" + post.PostUUID + "&rootUuid=" + reply1.CommentUUID, 400, 110101},
				"GetCommentsRootOther":  {"postUuid=" + post.PostUUID + "&rootUuid=" + foreign.CommentUUID, 400, 110101},
			} {
				t.Run(name, func(t *testing.T) {
					path := "/api/v1/community/get-comments?" + tc.query
					if strings.HasPrefix(name, "GetPosts") {
						path = "/api/v1/community/get-market-posts?" + tc.query
					}
					wantError(t, c.e.do("GET", path, "", nil), tc.status, tc.code)
				})
			}
			t.Run("InvalidTokenOnRead", func(t *testing.T) {
				wantError(t, c.e.do("GET", "/api/v1/community/get-market-posts?marketAddress="+c.market, "not.a.token", nil), 401, 110303)
			})
		})

		t.Run("HiddenAndDeleted", func(t *testing.T) {
			hide := func(path string, id int64, hidden bool) {
				t.Helper()
				wantOK(t, c.e.do("POST", "/api/v1/admin/"+path, c.admin, map[string]any{"id": id, "hidden": hidden}))
			}
			likeErr := func(uuid string, kind int) {
				t.Helper()
				for _, path := range []string{"like-content", "unlike-content"} {
					r := c.e.do("POST", "/api/v1/community/"+path, c.bob, map[string]any{"contentUuid": uuid, "contentType": kind})
					wantError(t, r, http.StatusNotFound, 110102)
				}
			}
			// A hidden reply leaves the thread, its root's count and the
			// post's count, and cannot be liked.
			hide("hide-comment", reply3.CommentID, true)
			likeErr(reply3.CommentUUID, 2)
			if total, cs := c.platformComments(t, "", "postUuid="+post.PostUUID); total != 2 || cs[1].RepliesCount != 2 {
				t.Fatalf("roots with a hidden reply: %+v", cs)
			}
			if total, _ := c.platformComments(t, "", "postUuid="+post.PostUUID+"&rootUuid="+root1.CommentUUID); total != 2 {
				t.Fatalf("replies with one hidden: %d", total)
			}
			if _, posts := c.marketPosts(t, ""); findPost(posts, post.PostUUID) == nil || findPost(posts, post.PostUUID).CommentsCount != 4 {
				t.Fatalf("post with a hidden reply: %+v", posts)
			}
			hide("hide-comment", reply3.CommentID, false)
			c.like(t, "like-content", c.bob, reply3.CommentUUID, 2)

			// A hidden root: its thread cannot be read, nor answered.
			hide("hide-comment", root1.CommentID, true)
			wantError(t, c.e.do("GET", "/api/v1/community/get-comments?postUuid="+post.PostUUID+"&rootUuid="+root1.CommentUUID, "", nil), 404, 110102)
			wantError(t, c.e.do("POST", "/api/v1/community/publish-comment", c.bob,
				map[string]any{"postUuid": post.PostUUID, "rootUuid": root1.CommentUUID, "content": "x"}), 404, 110102)
			if total, cs := c.platformComments(t, "", "postUuid="+post.PostUUID); total != 1 || cs[0].CommentUUID != root2.CommentUUID {
				t.Fatalf("roots with root1 hidden: %v", commentUUIDs(cs))
			}
			hide("hide-comment", root1.CommentID, false)

			// A deleted comment cannot be liked; nor the comments of a
			// hidden post, nor the post.
			wantOK(t, c.e.do("POST", "/api/v1/community/delete-comment", c.alice, map[string]any{"commentId": root2.CommentID}))
			likeErr(root2.CommentUUID, 2)
			hide("hide-post", post.PostID, true)
			likeErr(post.PostUUID, 1)
			likeErr(root1.CommentUUID, 2)
			wantError(t, c.e.do("GET", "/api/v1/community/get-comments?postUuid="+post.PostUUID, "", nil), 404, 110102)
			if total, posts := c.marketPosts(t, ""); total != 2 || findPost(posts, post.PostUUID) != nil {
				t.Fatalf("posts with the post hidden: %+v", posts)
			}
			hide("hide-post", post.PostID, false)
			if liked, likes := c.like(t, "like-content", c.alice, post.PostUUID, 1); !liked || likes != 2 {
				t.Fatalf("post shown again: liked %t, %d likes", liked, likes)
			}
			wantOK(t, c.e.do("POST", "/api/v1/community/delete-post", c.alice, map[string]any{"postId": post.PostID}))
			likeErr(post.PostUUID, 1)
		})
	})
}

// TestPlatformCommunityRawShape pins the exact JSON of a published post's
// platform fields, beyond kinds: clients match these names byte for byte.
func TestPlatformCommunityRawShape(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.DB) {
		c := newCommunity(t, s)
		p := c.publishPost(t, c.alice, "Title", "Body")
		var page struct {
			Posts []json.RawMessage `json:"posts"`
		}
		c.e.read(t, "/api/v1/community/get-market-posts?marketAddress="+c.market, c.alice, &page)
		for _, want := range []string{
			`"postUuid":"` + p.PostUUID + `"`, `"title":"Title"`, `"likesCount":0`, `"commentsCount":0`, `"isLiked":false`,
			`"publisher":{"uid":"` + c.aliceUID + `","name":"alice","avatarUrl":""}`,
		} {
			if len(page.Posts) != 1 || !strings.Contains(string(page.Posts[0]), want) {
				t.Fatalf("post %s lacks %s", page.Posts, want)
			}
		}
	})
}
