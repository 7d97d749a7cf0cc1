package api_test

import (
	"context"
	"math/big"
	"net/http"
	"strings"
	"testing"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/internal/store"
	"github.com/predict-dev/predict/internal/store/storetest"
)

type notificationsOut struct {
	Total         int `json:"total"`
	UnreadCount   int `json:"unreadCount"`
	Notifications []struct {
		ID        int64             `json:"id"`
		UUID      string            `json:"uuid"`
		Kind      string            `json:"kind"`
		Type      string            `json:"type"`
		Category  string            `json:"category"`
		Read      bool              `json:"read"`
		CreatedAt string            `json:"createdAt"`
		Data      map[string]string `json:"data"`
	} `json:"notifications"`
}

// notifications reads the first page of token's notifications; query is
// appended (e.g. "&unreadOnly=true").
func (c *community) notifications(t *testing.T, token, query string) notificationsOut {
	t.Helper()
	var out notificationsOut
	c.e.read(t, "/api/v1/user/get-notifications?page=1&pageSize=50"+query, token, &out)
	return out
}

func (c *community) read(t *testing.T, token string, body any) (changed, unread int) {
	t.Helper()
	r := c.e.do("POST", "/api/v1/user/read-notifications", token, body)
	wantOK(t, r)
	var out struct{ Changed, UnreadCount int }
	r.into(t, &out)
	return out.Changed, out.UnreadCount
}

func TestNotifications(t *testing.T) {
	ctx := context.Background()
	storetest.Each(t, func(t *testing.T, s *store.DB) {
		c := newCommunity(t, s)
		post := c.post(t, c.alice, "thread")
		var first commentOut
		for i := range 3 {
			cm := c.comment(t, c.bob, post.PostID, 0, "comment")
			if i == 0 {
				first = cm
			}
		}
		c.comment(t, c.alice, post.PostID, first.CommentID, "answer to bob")

		// An operation of alice dropped by the bundler.
		u, err := s.UserBySubject(ctx, "did:dev:alice")
		storetest.Must(t, err)
		opHash := "0x" + strings.Repeat("ab", 32)
		_, _, err = s.CreateOperation(ctx, &predict.Operation{OpHash: opHash, UID: u.UID, Sender: u.Address, Kind: "buy",
			Market: c.market, Nonce: big.NewInt(0)}, nil)
		storetest.Must(t, err)
		storetest.Must(t, s.SetOperationStatus(ctx, opHash, predict.OpDropped, "AA25 invalid account nonce", "", 0))

		n := c.notifications(t, c.alice, "")
		if n.Total != 4 || n.UnreadCount != 4 || len(n.Notifications) != 4 {
			t.Fatalf("alice's notifications: %+v", n)
		}
		op := n.Notifications[0]
		if op.Kind != "operation" || op.Read || op.CreatedAt == "" || op.Data["opHash"] != opHash || op.Data["action"] != "buy" ||
			op.Data["status"] != "dropped" || op.Data["reason"] != "AA25 invalid account nonce" || op.Data["marketAddress"] != c.market {
			t.Fatalf("operation notification: %+v", op)
		}
		bobs := c.notifications(t, c.bob, "")
		if bobs.Total != 1 || bobs.Notifications[0].Data["replyTo"] != "comment" || bobs.Notifications[0].Data["authorName"] != "alice" {
			t.Fatalf("bob's notifications: %+v", bobs)
		}

		for _, tc := range []struct {
			name            string
			body            any
			changed, unread int
		}{
			{"One", map[string]any{"ids": []int64{n.Notifications[1].ID}}, 1, 3},
			{"AnotherUsersIsIgnored", map[string]any{"ids": []int64{bobs.Notifications[0].ID}}, 0, 3},
			{"AlreadyRead", map[string]any{"ids": []int64{n.Notifications[1].ID, n.Notifications[1].ID}}, 0, 3},
			{"All", map[string]any{}, 3, 0},
			{"AllNull", map[string]any{"ids": nil}, 0, 0},
		} {
			t.Run(tc.name, func(t *testing.T) {
				if changed, unread := c.read(t, c.alice, tc.body); changed != tc.changed || unread != tc.unread {
					t.Fatalf("changed %d unread %d, want %d %d", changed, unread, tc.changed, tc.unread)
				}
			})
		}
		if got := c.notifications(t, c.bob, ""); got.UnreadCount != 1 {
			t.Fatalf("alice read bob's notification: %+v", got)
		}
		if got := c.notifications(t, c.alice, "&unreadOnly=true"); got.Total != 0 || len(got.Notifications) != 0 {
			t.Fatalf("unread only after reading all: %+v", got)
		}
		if got := c.notifications(t, c.alice, ""); !got.Notifications[3].Read {
			t.Fatalf("after reading all: %+v", got)
		}
		if got := c.notifications(t, c.bob, "&unreadOnly=true"); got.Total != 1 || got.UnreadCount != 1 {
			t.Fatalf("bob's unread: %+v", got)
		}

		many := make([]int64, 101)
		for i := range many {
			many[i] = int64(i + 1)
		}
		c.e.wantRefusals(t, "/api/v1/user/", []refusal{
			{"GetErrNoToken", "GET", "get-notifications?page=1&pageSize=10", "", nil, http.StatusUnauthorized, 110303},
			{"GetErrNotRegistered", "GET", "get-notifications?page=1&pageSize=10", c.nobody, nil, http.StatusForbidden, 110109},
			{"GetErrNoPage", "GET", "get-notifications?pageSize=10", c.alice, nil, http.StatusBadRequest, 110101},
			{"GetErrPageSize", "GET", "get-notifications?page=1&pageSize=51", c.alice, nil, http.StatusBadRequest, 110101},
			{"GetErrUnreadOnly", "GET", "get-notifications?page=1&pageSize=10&unreadOnly=maybe", c.alice, nil, http.StatusBadRequest, 110101},
			{"ReadErrNoToken", "POST", "read-notifications", "", map[string]any{}, http.StatusUnauthorized, 110303},
			{"ReadErrNotRegistered", "POST", "read-notifications", c.nobody, map[string]any{}, http.StatusForbidden, 110109},
			{"ReadErrEmptyIDs", "POST", "read-notifications", c.alice, map[string]any{"ids": []int64{}}, http.StatusBadRequest, 110101},
			{"ReadErrZeroID", "POST", "read-notifications", c.alice, map[string]any{"ids": []int64{0}}, http.StatusBadRequest, 110101},
			{"ReadErrTextID", "POST", "read-notifications", c.alice, map[string]any{"ids": []string{"1"}}, http.StatusBadRequest, 110101},
			{"ReadErrTooMany", "POST", "read-notifications", c.alice, map[string]any{"ids": many}, http.StatusBadRequest, 110101},
			{"ReadErrNotAnArray", "POST", "read-notifications", c.alice, map[string]any{"ids": 5}, http.StatusBadRequest, 110101},
			{"ReadErrNoBody", "POST", "read-notifications", c.alice, "", http.StatusBadRequest, 110101},
		})
	})
}
