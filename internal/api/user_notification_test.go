package api_test

import (
	"context"
	"math/big"
	"net/http"
	"regexp"
	"strings"
	"testing"

	"github.com/google/uuid"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/internal/api"
	"github.com/predict-dev/predict/internal/store"
	"github.com/predict-dev/predict/internal/store/storetest"
)

type userNotificationsOut struct {
	Total         int `json:"total"`
	UnreadCount   int `json:"unreadCount"`
	Notifications []struct {
		UUID      string            `json:"uuid"`
		Type      string            `json:"type"`
		Title     string            `json:"title"`
		Content   string            `json:"content"`
		Status    string            `json:"status"`
		CreatedAt string            `json:"createdAt"`
		ID        int64             `json:"id"`
		Category  string            `json:"category"`
		Kind      string            `json:"kind"`
		Data      map[string]string `json:"data"`
	} `json:"notifications"`
}

var uuidV4 = regexp.MustCompile(`^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$`)

// TestUserNotifications makes one notification of each origin the way the
// service makes them (an order the indexer confirms, an order the bundler
// drops, a settlement the indexer applies, comments written through the
// API), then reads and marks them through the platform's endpoints.
func TestUserNotifications(t *testing.T) {
	ctx := context.Background()
	storetest.Each(t, func(t *testing.T, s *store.DB) {
		sim := storetest.NewChainSim(t)
		c := newCommunity(t, s, func(cfg *api.Config) {
			cfg.Deployment = &predict.Deployment{ChainID: 1337, BaseTokens: []predict.BaseToken{{Address: sim.Base, Symbol: "USDC", Decimals: 6}}}
		})
		wantOK(t, c.e.do("POST", "/api/v1/user/set-name", c.bob, map[string]any{"name": "bob"}))
		alice := addr(1)
		sim.Create(big.NewInt(1000_000000), "")
		sim.Apply(s)

		// An order of 10 USDC of Yes, confirmed on chain.
		order := func(hash string, nonce int64, option, side int, amount int64) {
			t.Helper()
			_, _, err := s.CreateOperation(ctx, &predict.Operation{OpHash: hash, UID: c.aliceUID, Sender: alice, Kind: map[int]string{1: "buy", 2: "sell"}[side],
				Market: sim.Market, Nonce: big.NewInt(nonce)}, &predict.Order{UUID: uuid.NewString(), OpHash: hash, UID: c.aliceUID, Market: sim.Market,
				Option: sim.Options[option], Side: side, Amount: big.NewInt(amount), MinReceive: big.NewInt(0), Price: big.NewInt(0)})
			storetest.Must(t, err)
		}
		bought := "0x" + strings.Repeat("a1", 32)
		order(bought, 0, 0, 1, 10_000000)
		sim.Next("")
		sim.Buy(alice, 0, big.NewInt(10_000000), bought)
		sim.Add(&predict.OpLog{LogRef: sim.Ref(sim.Hash(sim.BlockNumber(), "op"), bought), Sender: alice, Success: true})
		sim.Apply(s)
		// A sale of 2.5 No the bundler drops.
		sold := "0x" + strings.Repeat("a2", 32)
		order(sold, 1, 1, 2, 2_500000)
		storetest.Must(t, s.SetOperationStatus(ctx, sold, predict.OpDropped, "AA25 invalid account nonce", "", 0))
		// The market settles on Yes: alice holds Yes.
		sim.Next("")
		sim.Settle(0, sim.Creator, "")
		sim.Apply(s)
		// Bob comments on alice's post; alice answers him.
		post := c.post(t, c.alice, "thread")
		bobs := c.comment(t, c.bob, post.PostID, 0, "first")
		c.comment(t, c.alice, post.PostID, bobs.CommentID, "answer")
		community, err := s.MarketByAddress(ctx, c.market, "")
		storetest.Must(t, err)

		list := func(t *testing.T, token, query string) userNotificationsOut {
			t.Helper()
			var out userNotificationsOut
			c.e.read(t, "/api/v1/user/get-user-notifications?page=1&pageSize=50"+query, token, &out)
			return out
		}
		all := list(t, c.alice, "")
		type note struct{ typ, category, kind, title, content string }
		want := []note{
			{"post_reply", "community", "comment_reply", "New comment", "bob commented on your post on “" + community.Title + "”."},
			{"market_settled", "market", "market_settled", "Market settled", "“Sim market” has settled: Yes won."},
			{"order_failed", "transaction", "operation", "Order failed", "Your sell of 2.5 No on “Sim market” was dropped: AA25 invalid account nonce."},
			{"order_confirmed", "transaction", "operation", "Order confirmed", "Your buy of 10 USDC of Yes on “Sim market” was confirmed."},
		}
		if all.Total != len(want) || all.UnreadCount != len(want) || len(all.Notifications) != len(want) {
			t.Fatalf("alice's notifications: %+v", all)
		}
		ours := c.notifications(t, c.alice, "")
		for i, w := range want {
			n := all.Notifications[i]
			got := note{n.Type, n.Category, n.Kind, n.Title, n.Content}
			if got != w || !uuidV4.MatchString(n.UUID) || n.Status != "unread" || n.CreatedAt == "" || n.Data == nil {
				t.Errorf("notification %d: %+v, want %+v", i, n, w)
			}
			// The same notification, under the same uuid, in our list.
			if o := ours.Notifications[i]; o.ID != n.ID || o.UUID != n.UUID || o.Type != n.Type || o.Category != n.Category || o.Kind != n.Kind {
				t.Errorf("get-notifications %d: %+v, want id %d uuid %s", i, o, n.ID, n.UUID)
			}
		}
		if all.Notifications[3].Data["opHash"] != bought || all.Notifications[2].Data["reason"] != "AA25 invalid account nonce" {
			t.Fatalf("data: %+v", all.Notifications)
		}
		bobsList := list(t, c.bob, "")
		if bobsList.Total != 1 || bobsList.Notifications[0].Type != "comment_reply" ||
			bobsList.Notifications[0].Content != "alice replied to your comment on “"+community.Title+"”." {
			t.Fatalf("bob's notifications: %+v", bobsList)
		}

		for _, tc := range []struct {
			name, query string
			types       []string
		}{
			{"Type", "&type=order_confirmed", []string{"order_confirmed"}},
			{"Category", "&category=transaction", []string{"order_failed", "order_confirmed"}},
			{"CategoryAndType", "&category=transaction&type=market_settled", nil},
			{"Unread", "&status=unread", []string{"post_reply", "market_settled", "order_failed", "order_confirmed"}},
			{"Read", "&status=read", nil},
		} {
			t.Run(tc.name, func(t *testing.T) {
				got := list(t, c.alice, tc.query)
				var types []string
				for _, n := range got.Notifications {
					types = append(types, n.Type)
				}
				if got.Total != len(tc.types) || strings.Join(types, ",") != strings.Join(tc.types, ",") || got.UnreadCount != 4 {
					t.Fatalf("got total %d, types %v, unread %d; want %v", got.Total, types, got.UnreadCount, tc.types)
				}
			})
		}

		mark := func(t *testing.T, token string, uuids []string) (changed, unread int) {
			t.Helper()
			r := c.e.do("POST", "/api/v1/user/mark-notifications-as-read", token, map[string]any{"notificationUuids": uuids})
			wantOK(t, r)
			var out struct{ Changed, UnreadCount int }
			r.into(t, &out)
			return out.Changed, out.UnreadCount
		}
		settled, failed := all.Notifications[1].UUID, all.Notifications[2].UUID
		for _, tc := range []struct {
			name            string
			uuids           []string
			changed, unread int
		}{
			{"TwoAndAnUnknownOne", []string{settled, strings.ToUpper(failed), uuid.NewString()}, 2, 2},
			{"AlreadyRead", []string{settled}, 0, 2},
			{"AnotherUsersIsIgnored", []string{bobsList.Notifications[0].UUID}, 0, 2},
			{"Empty", []string{}, 0, 2},
		} {
			t.Run("Mark"+tc.name, func(t *testing.T) {
				if changed, unread := mark(t, c.alice, tc.uuids); changed != tc.changed || unread != tc.unread {
					t.Fatalf("changed %d unread %d, want %d %d", changed, unread, tc.changed, tc.unread)
				}
			})
		}
		read := list(t, c.alice, "&status=read")
		if read.Total != 2 || read.Notifications[0].UUID != settled || read.Notifications[0].Status != "read" || read.Notifications[1].UUID != failed {
			t.Fatalf("read ones: %+v", read)
		}
		if unread := list(t, c.alice, "&status=unread"); unread.Total != 2 || unread.UnreadCount != 2 || unread.Notifications[0].Status != "unread" {
			t.Fatalf("unread ones: %+v", unread)
		}
		if got := list(t, c.bob, ""); got.UnreadCount != 1 {
			t.Fatalf("alice read bob's notification: %+v", got)
		}
		if got := c.notifications(t, c.alice, "&unreadOnly=true"); got.Total != 2 {
			t.Fatalf("get-notifications disagrees: %+v", got)
		}

		many := make([]string, 101)
		for i := range many {
			many[i] = uuid.NewString()
		}
		c.e.wantRefusals(t, "/api/v1/user/", []refusal{
			{"GetErrNoToken", "GET", "get-user-notifications?page=1&pageSize=10", "", nil, http.StatusUnauthorized, 110303},
			{"GetErrNotRegistered", "GET", "get-user-notifications?page=1&pageSize=10", c.nobody, nil, http.StatusForbidden, 110109},
			{"GetErrNoPage", "GET", "get-user-notifications?pageSize=10", c.alice, nil, http.StatusBadRequest, 110101},
			{"GetErrNoPageSize", "GET", "get-user-notifications?page=1", c.alice, nil, http.StatusBadRequest, 110101},
			{"GetErrStatus", "GET", "get-user-notifications?page=1&pageSize=10&status=seen", c.alice, nil, http.StatusBadRequest, 110101},
			{"GetErrType", "GET", "get-user-notifications?page=1&pageSize=10&type=operation", c.alice, nil, http.StatusBadRequest, 110101},
			{"GetErrCategory", "GET", "get-user-notifications?page=1&pageSize=10&category=trade", c.alice, nil, http.StatusBadRequest, 110101},
			{"MarkErrNoToken", "POST", "mark-notifications-as-read", "", map[string]any{"notificationUuids": []string{settled}}, http.StatusUnauthorized, 110303},
			{"MarkErrNotRegistered", "POST", "mark-notifications-as-read", c.nobody, map[string]any{"notificationUuids": []string{settled}}, http.StatusForbidden, 110109},
			{"MarkErrMissing", "POST", "mark-notifications-as-read", c.alice, map[string]any{}, http.StatusBadRequest, 110101},
			{"MarkErrIntegerIDs", "POST", "mark-notifications-as-read", c.alice, map[string]any{"notificationUuids": []int64{all.Notifications[0].ID}}, http.StatusBadRequest, 110101},
			{"MarkErrNotAUUID", "POST", "mark-notifications-as-read", c.alice, map[string]any{"notificationUuids": []string{"731"}}, http.StatusBadRequest, 110101},
			{"MarkErrTooMany", "POST", "mark-notifications-as-read", c.alice, map[string]any{"notificationUuids": many}, http.StatusBadRequest, 110101},
		})
	})
}
