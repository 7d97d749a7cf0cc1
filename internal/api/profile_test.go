package api_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/predict-dev/predict/internal/store"
	"github.com/predict-dev/predict/internal/store/storetest"
)

type baseInfoOut struct {
	UID            string `json:"uid"`
	Name           string `json:"name"`
	AvatarURL      string `json:"avatarUrl"`
	Description    string `json:"description"`
	Address        string `json:"address"`
	InviteCode     string `json:"inviteCode"`
	FollowersCount int    `json:"followersCount"`
	FollowingCount int    `json:"followingCount"`
	IsFollowed     bool   `json:"isFollowed"`
	CreatedAt      string `json:"createdAt"`
}

// carolAddress has hex letters, to look it up in another case.
var carolAddress = "0x" + strings.Repeat("ab", 20)

// people are three registered users and one who never logged in.
type people struct {
	e                         *env
	alice, bob, carol, nobody string // tokens
	aliceUID, bobUID, carolID string
}

func newPeople(t *testing.T, s *store.DB) *people {
	e := newEnv(t, s)
	p := &people{e: e}
	p.aliceUID, p.bobUID, p.carolID = e.login("did:dev:alice", addr(1)), e.login("did:dev:bob", addr(2)), e.login("did:dev:carol", carolAddress)
	p.alice, p.bob, p.carol, p.nobody = e.token("did:dev:alice"), e.token("did:dev:bob"), e.token("did:dev:carol"), e.token("did:dev:nobody")
	return p
}

// baseInfo reads a profile by query (e.g. "uid=...") as token ("" for
// none).
func (p *people) baseInfo(t *testing.T, query, token string) baseInfoOut {
	t.Helper()
	var out baseInfoOut
	p.e.read(t, "/api/v1/user/get-user-base-info?"+query, token, &out)
	return out
}

func TestUserBaseInfo(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.DB) {
		p := newPeople(t, s)
		wantOK(t, p.e.do("POST", "/api/v1/user/set-name", p.alice, map[string]any{"name": "Alice"}))
		wantOK(t, p.e.do("POST", "/api/v1/user/set-avatar", p.alice, map[string]any{"avatarUrl": "https://img.example/a.png"}))
		wantOK(t, p.e.do("POST", "/api/v1/user/set-description", p.alice, map[string]any{"description": "  Forecasts\r\nweather.  "}))
		wantOK(t, p.e.do("POST", "/api/v1/user/follow-user", p.bob, map[string]any{"followUid": p.aliceUID}))
		wantOK(t, p.e.do("POST", "/api/v1/user/follow-user", p.alice, map[string]any{"followUid": p.carolID}))

		own := p.baseInfo(t, "uid="+p.aliceUID, "")
		want := baseInfoOut{UID: p.aliceUID, Name: "Alice", AvatarURL: "https://img.example/a.png", Description: "Forecasts\nweather.",
			Address: addr(1), InviteCode: own.InviteCode, FollowersCount: 1, FollowingCount: 1, CreatedAt: own.CreatedAt}
		if own != want || len(own.InviteCode) != 8 || own.CreatedAt == "" {
			t.Fatalf("alice's profile: %+v, want %+v", own, want)
		}
		for _, tc := range []struct {
			name, query, token string
			followed           bool
		}{
			{"ByUIDAnonymous", "uid=" + p.aliceUID, "", false},
			{"ByUIDFollower", "uid=" + p.aliceUID, p.bob, true},
			{"ByUIDNotFollower", "uid=" + p.aliceUID, p.carol, false},
			{"ByUIDSelf", "uid=" + p.aliceUID, p.alice, false},
			{"ByUIDUnregisteredCaller", "uid=" + p.aliceUID, p.nobody, false},
			{"ByAddress", "address=" + addr(1), p.bob, true},
			{"ByNameOtherCase", "name=aLiCe", p.bob, true},
			{"ByInviteCodeLowercase", "inviteCode=" + strings.ToLower(own.InviteCode), "", false},
		} {
			t.Run(tc.name, func(t *testing.T) {
				got := p.baseInfo(t, tc.query, tc.token)
				want := own
				want.IsFollowed = tc.followed
				if got != want {
					t.Fatalf("got %+v, want %+v", got, want)
				}
			})
		}
		carol := p.baseInfo(t, "address=0x"+strings.Repeat("AB", 20), p.alice)
		if carol.UID != p.carolID || carol.Address != carolAddress || !carol.IsFollowed || carol.FollowersCount != 1 ||
			carol.FollowingCount != 0 || carol.Name != "" || carol.Description != "" {
			t.Fatalf("carol's profile seen by alice: %+v", carol)
		}

		for _, tc := range []struct {
			name, query, token string
			status, code       int
		}{
			{"ErrNone", "", "", http.StatusBadRequest, 110101},
			{"ErrTwo", "uid=" + p.aliceUID + "&name=Alice", "", http.StatusBadRequest, 110101},
			{"ErrRepeated", "uid=" + p.aliceUID + "&uid=" + p.bobUID, "", http.StatusBadRequest, 110101},
			{"ErrEmpty", "uid=", "", http.StatusBadRequest, 110101},
			{"ErrBadAddress", "address=0x12", "", http.StatusBadRequest, 110101},
			{"ErrBadName", "name=" + url.QueryEscape("a b"), "", http.StatusBadRequest, 110101},
			{"ErrLongInviteCode", "inviteCode=" + strings.Repeat("A", 33), "", http.StatusBadRequest, 110101},
			{"ErrUnknownUID", "uid=nobody", "", http.StatusNotFound, 110102},
			{"ErrUnknownAddress", "address=" + addr(99), "", http.StatusNotFound, 110102},
			{"ErrUnknownName", "name=zelda", "", http.StatusNotFound, 110102},
			{"ErrUnknownInviteCode", "inviteCode=ZZZZZZZZ", "", http.StatusNotFound, 110102},
			{"ErrBadToken", "uid=" + p.aliceUID, "not-a-token", http.StatusUnauthorized, 110303},
		} {
			t.Run(tc.name, func(t *testing.T) {
				wantError(t, p.e.do("GET", "/api/v1/user/get-user-base-info?"+tc.query, tc.token, nil), tc.status, tc.code)
			})
		}
	})
}

func TestSetNameAndDescription(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.DB) {
		p := newPeople(t, s)
		alice := p.baseInfo(t, "uid="+p.aliceUID, "")
		carol := p.baseInfo(t, "uid="+p.carolID, "")
		bob := p.baseInfo(t, "uid="+p.bobUID, "")
		type userInfoOut struct {
			UID, UserName, InvitedBy string
		}
		setName := func(t *testing.T, token string, body map[string]any) userInfoOut {
			t.Helper()
			r := p.e.do("POST", "/api/v1/user/set-name", token, body)
			wantOK(t, r)
			var out userInfoOut
			r.into(t, &out)
			return out
		}

		// The first referral code is recorded; a later one, the caller's
		// own and an unknown one change nothing.
		for _, tc := range []struct {
			name, token, userName, code, invitedBy string
		}{
			{"OwnCodeIgnored", p.bob, "bob", bob.InviteCode, ""},
			{"UnknownCodeIgnored", p.bob, "bob", "ZZZZZZZZ", ""},
			{"FirstCode", p.bob, "bobby", strings.ToLower(alice.InviteCode), p.aliceUID},
			{"SecondCodeIgnored", p.bob, "bob", carol.InviteCode, p.aliceUID},
			{"NoCode", p.carol, "carol", "", ""},
		} {
			t.Run(tc.name, func(t *testing.T) {
				body := map[string]any{"name": tc.userName}
				if tc.code != "" {
					body["inviteByCode"] = tc.code
				}
				got := setName(t, tc.token, body)
				if got.UserName != tc.userName || got.InvitedBy != tc.invitedBy {
					t.Fatalf("got %+v, want name %q invited by %q", got, tc.userName, tc.invitedBy)
				}
				if info := p.baseInfo(t, "name="+tc.userName, ""); info.Name != tc.userName {
					t.Fatalf("profile by the new name: %+v", info)
				}
			})
		}

		setDesc := func(t *testing.T, body any) baseInfoOut {
			t.Helper()
			r := p.e.do("POST", "/api/v1/user/set-description", p.alice, body)
			wantOK(t, r)
			var out baseInfoOut
			r.into(t, &out)
			return out
		}
		for _, tc := range []struct {
			name, in, want string
		}{
			{"Set", "Calls elections.", "Calls elections."},
			{"Trimmed", "\n  Two\r\nlines\tand a tab  \n", "Two\nlines\tand a tab"},
			{"Longest", strings.Repeat("é", 500), strings.Repeat("é", 500)},
			{"BlankClears", "   ", ""},
			{"EmptyClears", "", ""},
		} {
			t.Run("Description"+tc.name, func(t *testing.T) {
				got := setDesc(t, map[string]any{"description": tc.in})
				if got.Description != tc.want || got.UID != p.aliceUID {
					t.Fatalf("answer %+v, want description %q", got, tc.want)
				}
				if read := p.baseInfo(t, "uid="+p.aliceUID, ""); read.Description != tc.want {
					t.Fatalf("read back %q, want %q", read.Description, tc.want)
				}
			})
		}

		p.e.wantPostRefusals(t, "/api/v1/user/", []postRefusal{
			{"NameErrNoToken", "set-name", "", map[string]any{"name": "zed"}, http.StatusUnauthorized, 110303},
			{"NameErrNotRegistered", "set-name", p.nobody, map[string]any{"name": "zed"}, http.StatusForbidden, 110109},
			{"NameErrMissing", "set-name", p.alice, map[string]any{"userName": "zed"}, http.StatusBadRequest, 110101},
			{"NameErrShort", "set-name", p.alice, map[string]any{"name": "ab"}, http.StatusBadRequest, 110101},
			{"NameErrSpace", "set-name", p.alice, map[string]any{"name": "a b c"}, http.StatusBadRequest, 110101},
			{"NameErrTaken", "set-name", p.alice, map[string]any{"name": "BOB"}, http.StatusConflict, 110105},
			{"NameErrLongCode", "set-name", p.alice, map[string]any{"name": "zed", "inviteByCode": strings.Repeat("A", 33)}, http.StatusBadRequest, 110101},
			{"DescErrNoToken", "set-description", "", map[string]any{"description": "x"}, http.StatusUnauthorized, 110303},
			{"DescErrMissing", "set-description", p.alice, map[string]any{}, http.StatusBadRequest, 110101},
			{"DescErrNull", "set-description", p.alice, map[string]any{"description": nil}, http.StatusBadRequest, 110101},
			{"DescErrNumber", "set-description", p.alice, map[string]any{"description": 5}, http.StatusBadRequest, 110101},
			{"DescErrTooLong", "set-description", p.alice, map[string]any{"description": strings.Repeat("é", 501)}, http.StatusBadRequest, 110101},
			{"DescErrControl", "set-description", p.alice, map[string]any{"description": "bell\a"}, http.StatusBadRequest, 110101},
		})
		if got := p.baseInfo(t, "uid="+p.aliceUID, ""); got.Name != "" || got.Description != "" {
			t.Fatalf("failed calls changed alice's profile: %+v", got)
		}
	})
}

func TestFollowUsers(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.DB) {
		p := newPeople(t, s)
		type followOut struct {
			UID            string `json:"uid"`
			IsFollowed     bool   `json:"isFollowed"`
			FollowersCount int    `json:"followersCount"`
		}
		for _, tc := range []struct {
			name, token, path, field, target string
			want                             followOut
		}{
			{"BobFollowsAlice", p.bob, "follow-user", "followUid", p.aliceUID, followOut{p.aliceUID, true, 1}},
			{"AgainIsIdempotent", p.bob, "follow-user", "followUid", p.aliceUID, followOut{p.aliceUID, true, 1}},
			{"CarolFollowsAlice", p.carol, "follow-user", "followUid", p.aliceUID, followOut{p.aliceUID, true, 2}},
			{"AliceFollowsBob", p.alice, "follow-user", "followUid", p.bobUID, followOut{p.bobUID, true, 1}},
			{"BobUnfollowsAlice", p.bob, "unfollow-user", "unfollowUid", p.aliceUID, followOut{p.aliceUID, false, 1}},
			{"UnfollowAgainIsIdempotent", p.bob, "unfollow-user", "unfollowUid", p.aliceUID, followOut{p.aliceUID, false, 1}},
			{"UnfollowNeverFollowed", p.carol, "unfollow-user", "unfollowUid", p.bobUID, followOut{p.bobUID, false, 1}},
		} {
			t.Run(tc.name, func(t *testing.T) {
				r := p.e.do("POST", "/api/v1/user/"+tc.path, tc.token, map[string]any{tc.field: tc.target, "extra": 1})
				wantOK(t, r)
				var got followOut
				r.into(t, &got)
				if got != tc.want {
					t.Fatalf("got %+v, want %+v", got, tc.want)
				}
			})
		}
		for _, tc := range []struct {
			uid, token          string
			followers, follows  int
			followedByTheCaller bool
		}{
			{p.aliceUID, p.carol, 1, 1, true},
			{p.bobUID, p.alice, 1, 0, true},
			{p.carolID, p.bob, 0, 1, false},
		} {
			got := p.baseInfo(t, "uid="+tc.uid, tc.token)
			if got.FollowersCount != tc.followers || got.FollowingCount != tc.follows || got.IsFollowed != tc.followedByTheCaller {
				t.Fatalf("profile of %s: %+v, want %d followers, %d followed, isFollowed %v", tc.uid, got, tc.followers, tc.follows, tc.followedByTheCaller)
			}
		}

		p.e.wantPostRefusals(t, "/api/v1/user/", []postRefusal{
			{"ErrSelf", "follow-user", p.alice, map[string]any{"followUid": p.aliceUID}, http.StatusBadRequest, 110101},
			{"ErrUnfollowSelf", "unfollow-user", p.alice, map[string]any{"unfollowUid": p.aliceUID}, http.StatusBadRequest, 110101},
			{"ErrUnknown", "follow-user", p.alice, map[string]any{"followUid": "nobody"}, http.StatusNotFound, 110102},
			{"ErrUnfollowUnknown", "unfollow-user", p.alice, map[string]any{"unfollowUid": "nobody"}, http.StatusNotFound, 110102},
			{"ErrMissing", "follow-user", p.alice, map[string]any{}, http.StatusBadRequest, 110101},
			{"ErrOtherDirectionsField", "unfollow-user", p.alice, map[string]any{"followUid": p.bobUID}, http.StatusBadRequest, 110101},
			{"ErrNotAString", "follow-user", p.alice, map[string]any{"followUid": 7}, http.StatusBadRequest, 110101},
			{"ErrNoToken", "follow-user", "", map[string]any{"followUid": p.bobUID}, http.StatusUnauthorized, 110303},
			{"ErrNotRegistered", "follow-user", p.nobody, map[string]any{"followUid": p.bobUID}, http.StatusForbidden, 110109},
		})
		if got := p.baseInfo(t, "uid="+p.aliceUID, ""); got.FollowersCount != 1 || got.FollowingCount != 1 {
			t.Fatalf("failed calls changed alice's counts: %+v", got)
		}
	})
}
