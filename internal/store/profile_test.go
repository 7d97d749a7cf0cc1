package store_test

import (
	"context"
	"math/big"
	"strings"
	"testing"
	"time"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/internal/store"
	"github.com/predict-dev/predict/internal/store/storetest"
)

func TestProfiles(t *testing.T) {
	ctx := context.Background()
	storetest.Each(t, func(t *testing.T, s *store.DB) {
		alice := storetest.NewUser(t, s, func(p *predict.LoginParams) { p.UserName = "Alice" })
		bob := storetest.NewUser(t, s, nil)
		carol := storetest.NewUser(t, s, nil)
		storetest.Must(t, s.SetDescription(ctx, alice.UID, "Forecaster"))
		for _, f := range [][2]string{{bob.UID, alice.UID}, {carol.UID, alice.UID}, {alice.UID, bob.UID}, {bob.UID, alice.UID}} {
			storetest.Must(t, s.FollowUser(ctx, f[0], f[1], true)) // the repeated follow is a no-op
		}

		for _, tc := range []struct {
			name     string
			key      predict.ProfileKey
			value    string
			viewer   string
			followed bool
		}{
			{"UID", predict.ProfileByUID, alice.UID, "", false},
			{"AddressUppercase", predict.ProfileByAddress, "0x" + strings.ToUpper(alice.Address[2:]), bob.UID, true},
			{"NameLowercase", predict.ProfileByName, "alice", carol.UID, true},
			{"InviteCodeLowercase", predict.ProfileByInviteCode, strings.ToLower(alice.InviteCode), alice.UID, false},
		} {
			t.Run(tc.name, func(t *testing.T) {
				p, err := s.ProfileBy(ctx, tc.key, tc.value, tc.viewer)
				storetest.Must(t, err)
				if p.User.UID != alice.UID || p.User.Name != "Alice" || p.Description != "Forecaster" || p.FollowersCount != 2 ||
					p.FollowingCount != 1 || p.IsFollowed != tc.followed {
					t.Fatalf("profile %+v (user %+v)", p, p.User)
				}
			})
		}
		if _, err := s.ProfileBy(ctx, predict.ProfileByName, "zelda", ""); predict.ErrorCode(err) != predict.ENOTFOUND {
			t.Fatalf("unknown name: %v", err)
		}

		storetest.Must(t, s.FollowUser(ctx, bob.UID, alice.UID, false))
		storetest.Must(t, s.FollowUser(ctx, bob.UID, alice.UID, false))
		if p, err := s.ProfileBy(ctx, predict.ProfileByUID, alice.UID, bob.UID); err != nil || p.FollowersCount != 1 || p.IsFollowed {
			t.Fatalf("after bob unfollowed: %+v, %v", p, err)
		}
		for _, tc := range []struct {
			name               string
			follower, followee string
			code               string
		}{
			{"Self", alice.UID, alice.UID, predict.EINVALID},
			{"UnknownFollowee", alice.UID, "nobody", predict.ENOTFOUND},
			{"UnknownFollower", "nobody", alice.UID, predict.ENOTFOUND},
		} {
			t.Run("Follow"+tc.name, func(t *testing.T) {
				if err := s.FollowUser(ctx, tc.follower, tc.followee, true); predict.ErrorCode(err) != tc.code {
					t.Fatalf("got %v, want %s", err, tc.code)
				}
			})
		}

		for _, tc := range []struct {
			name, uid, code string
			set             bool
			invitedBy       string
		}{
			{"OwnCode", bob.UID, bob.InviteCode, false, ""},
			{"UnknownCode", bob.UID, "ZZZZZZZZ", false, ""},
			{"First", bob.UID, " " + strings.ToLower(carol.InviteCode), true, carol.UID},
			{"NotReplaced", bob.UID, alice.InviteCode, false, carol.UID},
		} {
			t.Run("InvitedBy"+tc.name, func(t *testing.T) {
				set, err := s.SetInvitedBy(ctx, tc.uid, tc.code)
				storetest.Must(t, err)
				u, err := s.UserByUID(ctx, tc.uid)
				storetest.Must(t, err)
				if set != tc.set || u.InvitedBy != tc.invitedBy {
					t.Fatalf("set %v, invited by %q; want %v, %q", set, u.InvitedBy, tc.set, tc.invitedBy)
				}
			})
		}
		if _, err := s.SetInvitedBy(ctx, "nobody", alice.InviteCode); predict.ErrorCode(err) != predict.ENOTFOUND {
			t.Fatalf("unknown user: %v", err)
		}
		if err := s.SetDescription(ctx, "nobody", "x"); predict.ErrorCode(err) != predict.ENOTFOUND {
			t.Fatalf("description of an unknown user: %v", err)
		}
	})
}

// TestAssetSnapshotBalance: the balance of a snapshot is read back as
// written, and a snapshot without one (as recorded before the store kept
// it) reads back without one.
func TestAssetSnapshotBalance(t *testing.T) {
	ctx := context.Background()
	storetest.Each(t, func(t *testing.T, s *store.DB) {
		u := storetest.NewUser(t, s, nil)
		base := storetest.Address()
		at := time.Now().Truncate(time.Hour)
		storetest.Must(t, s.AddAssetSnapshots(ctx, []predict.AssetSnapshot{
			{UID: u.UID, BaseToken: base, Time: at.Add(-2 * time.Hour), Value: big.NewInt(100), PnL: big.NewInt(-5)},
			{UID: u.UID, BaseToken: base, Time: at.Add(-time.Hour), Value: big.NewInt(100), PnL: big.NewInt(-5), Balance: big.NewInt(40)},
		}))
		snaps, err := s.AssetSnapshots(ctx, predict.SnapshotQuery{UID: u.UID, BaseToken: base, From: at.Add(-3 * time.Hour), To: at, Bucket: time.Hour})
		storetest.Must(t, err)
		if len(snaps) != 2 || snaps[0].Balance != nil || snaps[1].Balance == nil || snaps[1].Balance.Int64() != 40 {
			t.Fatalf("snapshots %+v", snaps)
		}
		last, err := s.LatestAssetSnapshots(ctx, base, at)
		storetest.Must(t, err)
		if b := last[u.UID].Balance; b == nil || b.Int64() != 40 {
			t.Fatalf("latest snapshot %+v", last[u.UID])
		}
	})
}
