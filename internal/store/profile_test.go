package store_test

import (
	"context"
	"strings"
	"testing"

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
