package api_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/predict-dev/predict/event"
	"github.com/predict-dev/predict/internal/events"
	"github.com/predict-dev/predict/internal/store"
	"github.com/predict-dev/predict/internal/store/storetest"
)

type postOut struct {
	PostID        int64  `json:"postId"`
	MarketAddress string `json:"marketAddress"`
	Content       string `json:"content"`
	Author        struct {
		UID, Name, AvatarURL string
	} `json:"author"`
	CommentCount int    `json:"commentCount"`
	CreatedAt    string `json:"createdAt"`
}

type commentOut struct {
	CommentID     int64  `json:"commentId"`
	PostID        int64  `json:"postId"`
	ParentID      int64  `json:"parentId"`
	MarketAddress string `json:"marketAddress"`
	Content       string `json:"content"`
	Author        struct{ UID, Name string }
}

// community is a market with users to write about it.
type community struct {
	e                         *env
	market                    string
	alice, bob, admin, nobody string // tokens; nobody never logged in
	aliceUID, bobUID          string
}

func newCommunity(t *testing.T, s *store.DB, opts ...envOption) *community {
	e := newEnv(t, s, opts...)
	c := &community{e: e, market: storetest.NewMarket(t, s, nil).Address}
	c.aliceUID, c.bobUID = e.login("did:dev:alice", addr(1)), e.login("did:dev:bob", addr(2))
	e.login(adminSubject, addr(3))
	c.alice, c.bob, c.admin, c.nobody = e.token("did:dev:alice"), e.token("did:dev:bob"), e.token(adminSubject), e.token("did:dev:nobody")
	wantOK(t, e.do("POST", "/api/v1/user/set-username", c.alice, map[string]any{"userName": "alice"}))
	return c
}

func (c *community) post(t *testing.T, token, content string) postOut {
	t.Helper()
	r := c.e.do("POST", "/api/v1/community/create-post", token, map[string]any{"marketAddress": c.market, "content": content})
	wantOK(t, r)
	var p postOut
	r.into(t, &p)
	return p
}

func (c *community) comment(t *testing.T, token string, post, parent int64, content string) commentOut {
	t.Helper()
	body := map[string]any{"postId": post, "content": content}
	if parent != 0 {
		body["parentId"] = parent
	}
	r := c.e.do("POST", "/api/v1/community/create-comment", token, body)
	wantOK(t, r)
	var out commentOut
	r.into(t, &out)
	return out
}

func (c *community) posts(t *testing.T) (ids []int64, counts []int, total int) {
	t.Helper()
	var out struct {
		Total int       `json:"total"`
		Posts []postOut `json:"posts"`
	}
	c.e.read(t, "/api/v1/community/get-posts?page=1&pageSize=50&marketAddress="+c.market, "", &out)
	for _, p := range out.Posts {
		ids, counts = append(ids, p.PostID), append(counts, p.CommentCount)
	}
	return ids, counts, out.Total
}

func (c *community) comments(t *testing.T, post int64) (ids []int64, total int) {
	t.Helper()
	var out struct {
		Total    int          `json:"total"`
		Comments []commentOut `json:"comments"`
	}
	c.e.read(t, fmt.Sprintf("/api/v1/community/get-comments?page=1&pageSize=50&postId=%d", post), "", &out)
	for _, c := range out.Comments {
		ids = append(ids, c.CommentID)
	}
	return ids, out.Total
}

func TestCreatePost(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.DB) {
		c := newCommunity(t, s)
		t.Run("OK", func(t *testing.T) {
			p := c.post(t, c.alice, "  Red wins.\r\nSurely.\t \n")
			if p.PostID <= 0 || p.MarketAddress != c.market || p.Content != "Red wins.\nSurely." || p.Author.UID != c.aliceUID ||
				p.Author.Name != "alice" || p.CommentCount != 0 || p.CreatedAt == "" {
				t.Fatalf("post = %+v", p)
			}
			upper := "0x" + strings.ToUpper(c.market[2:])
			wantOK(t, c.e.do("POST", "/api/v1/community/create-post", c.bob, map[string]any{"marketAddress": upper, "content": "é" + strings.Repeat("a", 1999)}))
		})
		c.e.wantPostRefusals(t, "/api/v1/community/", []postRefusal{
			{"ErrNoToken", "create-post", "", map[string]any{"marketAddress": c.market, "content": "x"}, http.StatusUnauthorized, 110303},
			{"ErrNotRegistered", "create-post", c.nobody, map[string]any{"marketAddress": c.market, "content": "x"}, http.StatusForbidden, 110109},
			{"ErrUnknownMarket", "create-post", c.alice, map[string]any{"marketAddress": addr(99), "content": "x"}, http.StatusNotFound, 110102},
			{"ErrNoMarket", "create-post", c.alice, map[string]any{"content": "x"}, http.StatusBadRequest, 110101},
			{"ErrBadMarket", "create-post", c.alice, map[string]any{"marketAddress": "0x12", "content": "x"}, http.StatusBadRequest, 110101},
			{"ErrNoContent", "create-post", c.alice, map[string]any{"marketAddress": c.market}, http.StatusBadRequest, 110101},
			{"ErrBlankContent", "create-post", c.alice, map[string]any{"marketAddress": c.market, "content": " \n\t "}, http.StatusBadRequest, 110101},
			{"ErrTooLong", "create-post", c.alice, map[string]any{"marketAddress": c.market, "content": strings.Repeat("a", 2001)}, http.StatusBadRequest, 110101},
			{"ErrControl", "create-post", c.alice, map[string]any{"marketAddress": c.market, "content": "bell\u0007"}, http.StatusBadRequest, 110101},
			{"ErrLoneCR", "create-post", c.alice, map[string]any{"marketAddress": c.market, "content": "a\rb"}, http.StatusBadRequest, 110101},
			{"ErrContentType", "create-post", c.alice, map[string]any{"marketAddress": c.market, "content": 5}, http.StatusBadRequest, 110101},
			{"ErrMalformed", "create-post", c.alice, `{"marketAddress":`, http.StatusBadRequest, 110101},
		})
		t.Run("ErrMessageNamesTheLimit", func(t *testing.T) {
			r := c.e.do("POST", "/api/v1/community/create-post", c.alice, map[string]any{"marketAddress": c.market, "content": strings.Repeat("a", 2001)})
			if !strings.Contains(r.Msg, "at most 2000 characters") {
				t.Fatalf("message %q", r.Msg)
			}
		})
	})
}

func TestGetPosts(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.DB) {
		c := newCommunity(t, s)
		p1, p2, p3 := c.post(t, c.alice, "one"), c.post(t, c.bob, "two"), c.post(t, c.alice, "three")
		c.comment(t, c.bob, p1.PostID, 0, "on one")
		if ids, counts, total := c.posts(t); fmt.Sprint(ids) != fmt.Sprint([]int64{p3.PostID, p2.PostID, p1.PostID}) ||
			fmt.Sprint(counts) != "[0 0 1]" || total != 3 {
			t.Fatalf("posts %v counts %v total %d", ids, counts, total)
		}
		var page struct {
			Total int
			Posts []postOut
		}
		c.e.read(t, "/api/v1/community/get-posts?page=2&pageSize=2&marketAddress="+c.market, "", &page)
		if page.Total != 3 || len(page.Posts) != 1 || page.Posts[0].PostID != p1.PostID {
			t.Fatalf("second page = %+v", page)
		}
		for name, query := range map[string]string{
			"ErrNoPage":       "pageSize=10&marketAddress=" + c.market,
			"ErrPageZero":     "page=0&pageSize=10&marketAddress=" + c.market,
			"ErrPageSize51":   "page=1&pageSize=51&marketAddress=" + c.market,
			"ErrPageSizeText": "page=1&pageSize=ten&marketAddress=" + c.market,
			"ErrNoMarket":     "page=1&pageSize=10",
			"ErrBadMarket":    "page=1&pageSize=10&marketAddress=0xzz",
		} {
			t.Run(name, func(t *testing.T) {
				wantError(t, c.e.do("GET", "/api/v1/community/get-posts?"+query, "", nil), http.StatusBadRequest, 110101)
			})
		}
		t.Run("ErrUnknownMarket", func(t *testing.T) {
			r := c.e.do("GET", "/api/v1/community/get-posts?page=1&pageSize=10&marketAddress="+addr(99), "", nil)
			wantError(t, r, http.StatusNotFound, 110102)
		})
	})
}

func TestComments(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.DB) {
		c := newCommunity(t, s)
		post, other := c.post(t, c.alice, "thread"), c.post(t, c.bob, "other thread")
		c1 := c.comment(t, c.bob, post.PostID, 0, " yes ")
		if c1.CommentID <= 0 || c1.PostID != post.PostID || c1.ParentID != 0 || c1.MarketAddress != c.market || c1.Content != "yes" ||
			c1.Author.UID != c.bobUID {
			t.Fatalf("comment = %+v", c1)
		}
		c2 := c.comment(t, c.alice, post.PostID, c1.CommentID, "why?")
		if c2.ParentID != c1.CommentID {
			t.Fatalf("answer = %+v", c2)
		}
		foreign := c.comment(t, c.alice, other.PostID, 0, "elsewhere")
		if ids, total := c.comments(t, post.PostID); fmt.Sprint(ids) != fmt.Sprint([]int64{c2.CommentID, c1.CommentID}) || total != 2 {
			t.Fatalf("comments %v total %d", ids, total)
		}

		c.e.wantPostRefusals(t, "/api/v1/community/", []postRefusal{
			{"ErrNoToken", "create-comment", "", map[string]any{"postId": post.PostID, "content": "x"}, http.StatusUnauthorized, 110303},
			{"ErrNotRegistered", "create-comment", c.nobody, map[string]any{"postId": post.PostID, "content": "x"}, http.StatusForbidden, 110109},
			{"ErrNoPost", "create-comment", c.bob, map[string]any{"content": "x"}, http.StatusBadRequest, 110101},
			{"ErrPostZero", "create-comment", c.bob, map[string]any{"postId": 0, "content": "x"}, http.StatusBadRequest, 110101},
			{"ErrPostString", "create-comment", c.bob, map[string]any{"postId": "1", "content": "x"}, http.StatusBadRequest, 110101},
			{"ErrPostFraction", "create-comment", c.bob, `{"postId": 1.5, "content": "x"}`, http.StatusBadRequest, 110101},
			{"ErrParentNegative", "create-comment", c.bob, map[string]any{"postId": post.PostID, "parentId": -1, "content": "x"}, http.StatusBadRequest, 110101},
			{"ErrTooLong", "create-comment", c.bob, map[string]any{"postId": post.PostID, "content": strings.Repeat("b", 1001)}, http.StatusBadRequest, 110101},
			{"ErrParentOfOtherPost", "create-comment", c.bob, map[string]any{"postId": post.PostID, "parentId": foreign.CommentID, "content": "x"}, http.StatusBadRequest, 110101},
			{"ErrUnknownPost", "create-comment", c.bob, map[string]any{"postId": 1 << 40, "content": "x"}, http.StatusNotFound, 110102},
			{"ErrUnknownParent", "create-comment", c.bob, map[string]any{"postId": post.PostID, "parentId": 1 << 40, "content": "x"}, http.StatusNotFound, 110102},
		})
		t.Run("MaxLength", func(t *testing.T) {
			c.comment(t, c.bob, post.PostID, 0, strings.Repeat("b", 1000))
		})
		for name, tc := range map[string]struct {
			query  string
			status int
			code   int
		}{
			"ErrNoPostID":      {"page=1&pageSize=10", http.StatusBadRequest, 110101},
			"ErrPostIDText":    {"page=1&pageSize=10&postId=abc", http.StatusBadRequest, 110101},
			"ErrPostIDZero":    {"page=1&pageSize=10&postId=0", http.StatusBadRequest, 110101},
			"ErrPageSize0":     {fmt.Sprintf("page=1&pageSize=0&postId=%d", post.PostID), http.StatusBadRequest, 110101},
			"ErrUnknownPostID": {"page=1&pageSize=10&postId=99999999", http.StatusNotFound, 110102},
		} {
			t.Run("Get"+name, func(t *testing.T) {
				wantError(t, c.e.do("GET", "/api/v1/community/get-comments?"+tc.query, "", nil), tc.status, tc.code)
			})
		}
	})
}

func TestDeleteAndModerate(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.DB) {
		c := newCommunity(t, s)
		mine, bobs := c.post(t, c.alice, "mine"), c.post(t, c.bob, "bob's")
		cm := c.comment(t, c.bob, mine.PostID, 0, "bob's comment")
		del := func(path, token, field string, id int64) *response {
			return c.e.do("POST", "/api/v1/community/"+path, token, map[string]any{field: id})
		}
		hide := func(path, token string, body any) *response {
			return c.e.do("POST", "/api/v1/admin/"+path, token, body)
		}

		t.Run("HidePost", func(t *testing.T) {
			wantError(t, hide("hide-post", c.alice, map[string]any{"id": bobs.PostID, "hidden": true}), http.StatusForbidden, 110104)
			wantError(t, hide("hide-post", "", map[string]any{"id": bobs.PostID, "hidden": true}), http.StatusUnauthorized, 110303)
			wantError(t, hide("hide-post", c.admin, map[string]any{"id": bobs.PostID}), http.StatusBadRequest, 110101)
			wantError(t, hide("hide-post", c.admin, map[string]any{"hidden": true}), http.StatusBadRequest, 110101)
			wantError(t, hide("hide-post", c.admin, map[string]any{"id": 1 << 40, "hidden": true}), http.StatusNotFound, 110102)
			r := hide("hide-post", c.admin, map[string]any{"id": bobs.PostID, "hidden": true})
			wantOK(t, r)
			var out struct {
				ID     int64
				Hidden bool
			}
			r.into(t, &out)
			if out.ID != bobs.PostID || !out.Hidden {
				t.Fatalf("hide-post answered %+v", out)
			}
			if ids, _, total := c.posts(t); total != 1 || ids[0] != mine.PostID {
				t.Fatalf("posts with bob's hidden: %v", ids)
			}
			wantError(t, c.e.do("GET", fmt.Sprintf("/api/v1/community/get-comments?page=1&pageSize=5&postId=%d", bobs.PostID), "", nil),
				http.StatusNotFound, 110102)
			wantOK(t, hide("hide-post", c.admin, map[string]any{"id": bobs.PostID, "hidden": false}))
			if _, _, total := c.posts(t); total != 2 {
				t.Fatalf("posts after showing bob's again: %d", total)
			}
		})
		t.Run("HideComment", func(t *testing.T) {
			wantError(t, hide("hide-comment", c.bob, map[string]any{"id": cm.CommentID, "hidden": true}), http.StatusForbidden, 110104)
			wantOK(t, hide("hide-comment", c.admin, map[string]any{"id": cm.CommentID, "hidden": true}))
			if _, total := c.comments(t, mine.PostID); total != 0 {
				t.Fatalf("comments with the only one hidden: %d", total)
			}
			if _, counts, _ := c.posts(t); counts[1] != 0 {
				t.Fatalf("comment counts with the only one hidden: %v", counts)
			}
			wantOK(t, hide("hide-comment", c.admin, map[string]any{"id": cm.CommentID, "hidden": false}))
		})
		t.Run("DeleteComment", func(t *testing.T) {
			wantError(t, del("delete-comment", c.alice, "commentId", cm.CommentID), http.StatusForbidden, 110104)
			wantError(t, del("delete-comment", c.bob, "commentId", 0), http.StatusBadRequest, 110101)
			wantError(t, del("delete-comment", c.bob, "commentId", 1<<40), http.StatusNotFound, 110102)
			wantOK(t, del("delete-comment", c.bob, "commentId", cm.CommentID))
			wantError(t, del("delete-comment", c.bob, "commentId", cm.CommentID), http.StatusNotFound, 110102)
			if _, total := c.comments(t, mine.PostID); total != 0 {
				t.Fatalf("comments after the delete: %d", total)
			}
			own := c.comment(t, c.alice, mine.PostID, 0, "admin removes this")
			wantOK(t, del("delete-comment", c.admin, "commentId", own.CommentID))
		})
		t.Run("DeletePost", func(t *testing.T) {
			wantError(t, del("delete-post", c.bob, "postId", mine.PostID), http.StatusForbidden, 110104)
			wantError(t, del("delete-post", "", "postId", mine.PostID), http.StatusUnauthorized, 110303)
			wantError(t, c.e.do("POST", "/api/v1/community/delete-post", c.alice, map[string]any{}), http.StatusBadRequest, 110101)
			r := del("delete-post", c.alice, "postId", mine.PostID)
			wantOK(t, r)
			var out struct{ PostID int64 }
			r.into(t, &out)
			if out.PostID != mine.PostID {
				t.Fatalf("delete-post answered %+v", out)
			}
			wantError(t, del("delete-post", c.alice, "postId", mine.PostID), http.StatusNotFound, 110102)
			wantError(t, hide("hide-post", c.admin, map[string]any{"id": mine.PostID, "hidden": true}), http.StatusNotFound, 110102)
			wantOK(t, del("delete-post", c.admin, "postId", bobs.PostID))
			if ids, _, total := c.posts(t); total != 0 || len(ids) != 0 {
				t.Fatalf("posts after both deletes: %v", ids)
			}
		})
	})
}

// TestReplyNotifiesOverSSE: an answer reaches the answered user's stream
// as user:new_notification, and the notification is there to read.
func TestReplyNotifiesOverSSE(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.DB) {
		hub := newHub(t, events.NewMemoryBus(), testHubConfig())
		c := newCommunity(t, s, withEvents(hub))
		t.Cleanup(hub.Close)
		post := c.post(t, c.alice, "thread")
		st, _, _ := c.e.connected(t, c.alice, "", nil)
		defer st.close()
		c.comment(t, c.bob, post.PostID, 0, "hello alice")
		ev, data := st.event(t)
		if ev.name != event.NewNotification || len(data) != 1 || data["uid"] != c.aliceUID {
			t.Fatalf("alice got %s %v", ev.name, data)
		}
		// Her own comment tells nobody.
		c.comment(t, c.alice, post.PostID, 0, "thanks")
		c.comment(t, c.bob, post.PostID, 0, "again")
		if ev, data := st.event(t); ev.name != event.NewNotification || data["uid"] != c.aliceUID {
			t.Fatalf("alice got %s %v", ev.name, data)
		}
		n := c.notifications(t, c.alice, "")
		if n.Total != 2 || n.UnreadCount != 2 || n.Notifications[0].Kind != "comment_reply" || n.Notifications[0].Data["replyTo"] != "post" ||
			n.Notifications[0].Data["authorUid"] != c.bobUID || n.Notifications[0].Data["postId"] != fmt.Sprint(post.PostID) {
			t.Fatalf("alice's notifications: %+v", n)
		}
	})
}
