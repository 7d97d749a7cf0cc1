package store_test

import (
	"context"
	"math/big"
	"slices"
	"strings"
	"testing"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/internal/ledger"
	"github.com/predict-dev/predict/internal/store"
	"github.com/predict-dev/predict/internal/store/storetest"
)

// notes returns every notification of uid, newest first.
func notes(t *testing.T, s *store.DB, uid string) []*predict.Notification {
	t.Helper()
	ns, _, _, err := s.Notifications(context.Background(), predict.NotificationFilter{UID: uid, Page: 1, PageSize: 50})
	storetest.Must(t, err)
	return ns
}

func TestNotificationsReadAndList(t *testing.T) {
	ctx := context.Background()
	storetest.Each(t, func(t *testing.T, s *store.DB) {
		m := storetest.NewMarket(t, s, nil)
		alice, bob := storetest.NewUser(t, s, nil), storetest.NewUser(t, s, nil)
		post, err := s.CreatePost(ctx, alice.UID, m.Address, "hello")
		storetest.Must(t, err)
		var first *predict.Comment
		for i := range 3 {
			c, _, err := s.CreateComment(ctx, predict.NewComment{UID: bob.UID, PostID: post.ID, Content: "hi"})
			storetest.Must(t, err)
			if i == 0 {
				first = c
			}
		}
		// One for bob, so there is another user's id to try.
		_, _, err = s.CreateComment(ctx, predict.NewComment{UID: alice.UID, PostID: post.ID, ParentID: first.ID, Content: "yo"})
		storetest.Must(t, err)
		bobs := notes(t, s, bob.UID)
		all := notes(t, s, alice.UID)
		if len(all) != 3 || len(bobs) != 1 || !(all[0].ID > all[1].ID && all[1].ID > all[2].ID) || all[0].Read || all[0].UID != alice.UID {
			t.Fatalf("alice's notifications = %+v, bob's %+v", all, bobs)
		}

		page := func(f predict.NotificationFilter) ([]int64, int, int) {
			t.Helper()
			f.UID = alice.UID
			ns, total, unread, err := s.Notifications(ctx, f)
			storetest.Must(t, err)
			ids := []int64{}
			for _, n := range ns {
				ids = append(ids, n.ID)
			}
			return ids, total, unread
		}
		if ids, total, unread := page(predict.NotificationFilter{Page: 2, PageSize: 2}); !slices.Equal(ids, []int64{all[2].ID}) || total != 3 || unread != 3 {
			t.Fatalf("second page = %v, total %d, unread %d", ids, total, unread)
		}

		// Marking: only the caller's own, unread ones count.
		for _, tc := range []struct {
			name    string
			ids     []int64
			changed int
			unread  int
		}{
			{"Listed", []int64{all[1].ID, bobs[0].ID, 1 << 40}, 1, 2},
			{"AlreadyRead", []int64{all[1].ID}, 0, 2},
			{"All", nil, 2, 0},
			{"AllAgain", nil, 0, 0},
		} {
			t.Run(tc.name, func(t *testing.T) {
				changed, err := s.MarkNotificationsRead(ctx, alice.UID, tc.ids)
				storetest.Must(t, err)
				if _, _, unread := page(predict.NotificationFilter{Page: 1, PageSize: 10}); changed != tc.changed || unread != tc.unread {
					t.Fatalf("changed %d, unread %d; want %d, %d", changed, unread, tc.changed, tc.unread)
				}
			})
		}
		if got := notes(t, s, bob.UID); got[0].Read {
			t.Fatal("alice marked bob's notification read")
		}
		if ids, total, unread := page(predict.NotificationFilter{Page: 1, PageSize: 10, UnreadOnly: true}); len(ids) != 0 || total != 0 || unread != 0 {
			t.Fatalf("unread only after reading all: %v %d %d", ids, total, unread)
		}
		_, err = s.MarkNotificationsRead(ctx, alice.UID, make([]int64, predict.MaxReadIDs+1))
		wantCode(t, err, predict.EINVALID)
	})
}

// createOperation records a kind operation of u on market, without an
// order, its hash the hex byte hb repeated, and returns it.
func createOperation(t *testing.T, s *store.DB, u *predict.User, kind, market, hb string, nonce int64) *predict.Operation {
	t.Helper()
	op := &predict.Operation{OpHash: "0x" + strings.Repeat(hb, 32), UID: u.UID, Sender: u.Address, Kind: kind,
		Market: market, Nonce: big.NewInt(nonce)}
	_, _, err := s.CreateOperation(context.Background(), op, nil)
	storetest.Must(t, err)
	return op
}

// TestOperationNotifications: an operation becoming final, by the bundler
// (dropped) or by the indexer (confirmed, reverted), notifies its user
// once, in the same transaction.
func TestOperationNotifications(t *testing.T) {
	ctx := context.Background()
	eachWithUserAndMarket(t, func(t *testing.T, s *store.DB, u *predict.User, m *predict.Market) {
		op := createOperation(t, s, u, "claim", m.Address, "cd", 1)

		for _, tc := range []struct {
			name   string
			status predict.OpStatus
			want   string
		}{
			{"Submitted", predict.OpSubmitted, ""},
			{"Dropped", predict.OpDropped, u.UID},
			{"FinalAlready", predict.OpConfirmed, ""},
		} {
			t.Run(tc.name, func(t *testing.T) {
				got, err := s.ChangeOperationStatus(ctx, op.OpHash, tc.status, "expired", "", 0)
				storetest.Must(t, err)
				if got != tc.want {
					t.Fatalf("notified %q, want %q", got, tc.want)
				}
			})
		}
		ns := notes(t, s, u.UID)
		want := map[string]string{predict.NoteOpHash: op.OpHash, predict.NoteAction: "claim", predict.NoteMarket: m.Address,
			predict.NoteStatus: "dropped", predict.NoteReason: "expired"}
		if len(ns) != 1 || ns[0].Kind != predict.NotifyOperation || !mapsEqual(ns[0].Data, want) {
			t.Fatalf("notifications = %+v", ns)
		}
	})
}

func mapsEqual(a, b map[string]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if w, ok := b[k]; !ok || w != v {
			return false
		}
	}
	return true
}

// TestApplyBatchNotifications: the indexer's batch writes the notifications
// of the operations it confirms and of the settlements it applies (to the
// market's holders, LP holders and followers), returns their uids, does it
// once however often the batch is applied, and a reorg removes them with
// their blocks.
func TestApplyBatchNotifications(t *testing.T) {
	ctx := context.Background()
	storetest.Each(t, func(t *testing.T, s *store.DB) {
		c := storetest.NewChainSim(t)
		a, sold := storetest.Address(), storetest.Address()
		alice := storetest.NewUser(t, s, func(p *predict.LoginParams) { p.Address = a })           // trades through an operation
		creator := storetest.NewUser(t, s, func(p *predict.LoginParams) { p.Address = c.Creator }) // holds the seed's LP shares
		follower := storetest.NewUser(t, s, nil)                                                   // follows, holds nothing
		seller := storetest.NewUser(t, s, func(p *predict.LoginParams) { p.Address = sold })       // sold everything
		bystander := storetest.NewUser(t, s, nil)

		op := &predict.Operation{OpHash: "0x" + strings.Repeat("ef", 32), UID: alice.UID, Sender: a, Kind: "buy", Market: c.Market, Nonce: big.NewInt(1)}
		_, _, err := s.CreateOperation(ctx, op, nil)
		storetest.Must(t, err)
		c.Create(big.NewInt(1000_000000), "")
		c.Next("")
		c.Buy(a, 0, big.NewInt(100_000000), op.OpHash)
		c.Add(&predict.OpLog{LogRef: c.Ref(c.Hash(c.BlockNumber(), "op"), op.OpHash), Sender: a, Success: true})
		q := c.Buy(sold, 1, big.NewInt(10_000000), "")
		c.Sell(sold, 1, q.TokensOut)
		b1 := c.Batch()
		res, err := ledger.ApplyBatch(ctx, s, b1)
		storetest.Must(t, err)
		if !slices.Equal(res.Notified, []string{alice.UID}) {
			t.Fatalf("notified by the first batch: %v", res.Notified)
		}
		ns := notes(t, s, alice.UID)
		if len(ns) != 1 || ns[0].Kind != predict.NotifyOperation || ns[0].Data[predict.NoteStatus] != "confirmed" ||
			ns[0].Data[predict.NoteOpHash] != op.OpHash || ns[0].Data[predict.NoteAction] != "buy" || ns[0].Data[predict.NoteMarket] != c.Market {
			t.Fatalf("alice's notifications = %+v", ns)
		}
		storetest.Must(t, s.FollowMarket(ctx, follower.UID, c.Market, true))
		storetest.Must(t, s.FollowMarket(ctx, alice.UID, c.Market, true)) // holds and follows: told once

		c.Next("")
		c.Add(&predict.SettledLog{LogRef: c.Ref(c.Hash(c.BlockNumber(), "settle"), ""), Market: c.Market, WinningOption: 0, Resolver: c.Creator})
		b2 := c.Batch()
		res, err = ledger.ApplyBatch(ctx, s, b2)
		storetest.Must(t, err)
		got := slices.Clone(res.Notified)
		want := []string{alice.UID, creator.UID, follower.UID}
		slices.Sort(got)
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Fatalf("notified by the settlement: %v, want %v", got, want)
		}
		for _, u := range []*predict.User{alice, creator, follower} {
			ns := notes(t, s, u.UID)
			if len(ns) == 0 || ns[0].Kind != predict.NotifyMarketSettled || ns[0].Data[predict.NoteMarket] != c.Market ||
				ns[0].Data[predict.NoteMarketTitle] != "Sim market" || ns[0].Data[predict.NoteWinningOption] != c.Options[0] {
				t.Fatalf("notifications of %s = %+v", u.UID, ns)
			}
		}
		for _, u := range []*predict.User{seller, bystander} {
			if ns := notes(t, s, u.UID); len(ns) != 0 {
				t.Fatalf("%s was notified: %+v", u.UID, ns)
			}
		}

		// Applied again (a crash before the cursor was read back): nothing new.
		res, err = ledger.ApplyBatch(ctx, s, b2)
		storetest.Must(t, err)
		if len(res.Notified) != 0 || len(notes(t, s, follower.UID)) != 1 {
			t.Fatalf("replayed batch notified %v", res.Notified)
		}

		// A reorg orphans the settlement, then the operation's block.
		_, err = ledger.RevertTo(ctx, s, b1.To)
		storetest.Must(t, err)
		if n := len(notes(t, s, follower.UID)); n != 0 {
			t.Fatalf("follower keeps %d notifications of an orphaned settlement", n)
		}
		if ns := notes(t, s, alice.UID); len(ns) != 1 || ns[0].Kind != predict.NotifyOperation {
			t.Fatalf("alice after the settlement's revert: %+v", ns)
		}
		_, err = ledger.RevertTo(ctx, s, predict.BlockRef{Number: b1.From, Hash: c.Hash(b1.From, "")})
		storetest.Must(t, err)
		if ns := notes(t, s, alice.UID); len(ns) != 0 {
			t.Fatalf("alice after the operation's revert: %+v", ns)
		}
	})
}
