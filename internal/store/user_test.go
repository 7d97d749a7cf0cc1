package store_test

import (
	"context"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/internal/store"
	"github.com/predict-dev/predict/internal/store/storetest"
)

// wantCode fails the test unless err carries code.
func wantCode(t *testing.T, err error, code string) {
	t.Helper()
	if got := predict.ErrorCode(err); got != code {
		t.Fatalf("error code = %q (err: %v), want %q", got, err, code)
	}
}

func TestLogin(t *testing.T) {
	ctx := context.Background()
	storetest.Each(t, func(t *testing.T, s *store.DB) {
		t.Run("OKNewUser", func(t *testing.T) {
			addr := storetest.Address()
			before := time.Now().Add(-time.Second)
			u, created, err := s.Login(ctx, predict.LoginParams{
				Subject: "did:test:new", Address: addr, UserName: "Newcomer", AvatarURL: "https://example.com/a.png",
			})
			storetest.Must(t, err)
			if !created {
				t.Error("created = false for a new subject")
			}
			if u.UID == "" || u.Subject != "did:test:new" || u.Address != addr || u.Name != "Newcomer" ||
				u.AvatarURL != "https://example.com/a.png" || u.InvitedBy != "" || len(u.Roles) != 0 {
				t.Errorf("user = %+v", u)
			}
			if len(u.InviteCode) != 8 || strings.ContainsAny(u.InviteCode, "0O1I") || strings.ToUpper(u.InviteCode) != u.InviteCode {
				t.Errorf("invite code = %q", u.InviteCode)
			}
			if u.CreatedAt.Before(before) || u.CreatedAt.After(time.Now().Add(time.Second)) {
				t.Errorf("created at = %v", u.CreatedAt)
			}
			// Every read returns the same record.
			for name, read := range map[string]func() (*predict.User, error){
				"subject": func() (*predict.User, error) { return s.UserBySubject(ctx, u.Subject) },
				"uid":     func() (*predict.User, error) { return s.UserByUID(ctx, u.UID) },
				"address": func() (*predict.User, error) { return s.UserByAddress(ctx, "0x"+strings.ToUpper(u.Address[2:])) },
			} {
				got, err := read()
				storetest.Must(t, err)
				if !sameUser(got, u) {
					t.Errorf("user by %s = %+v, want %+v", name, got, u)
				}
			}
		})

		t.Run("OKReturning", func(t *testing.T) {
			first := storetest.NewUser(t, s, func(p *predict.LoginParams) { p.UserName = "first" })
			u, created, err := s.Login(ctx, predict.LoginParams{
				Subject: first.Subject, Address: strings.ToUpper(first.Address), UserName: "other", AvatarURL: "https://x",
			})
			storetest.Must(t, err)
			if created {
				t.Error("created = true for a returning subject")
			}
			if !sameUser(u, first) {
				t.Errorf("returning user = %+v, want %+v (profile unchanged)", u, first)
			}
		})

		t.Run("ErrAddressBoundToAnother", func(t *testing.T) {
			a := storetest.NewUser(t, s, nil)
			_, _, err := s.Login(ctx, predict.LoginParams{Subject: "did:test:thief", Address: a.Address})
			wantCode(t, err, predict.ECONFLICT)
			if !strings.Contains(predict.ErrorMessage(err), "address is bound to another account") {
				t.Errorf("message = %q", predict.ErrorMessage(err))
			}
			_, err = s.UserBySubject(ctx, "did:test:thief")
			wantCode(t, err, predict.ENOTFOUND)
		})

		t.Run("ErrReturningWithOtherAddress", func(t *testing.T) {
			a := storetest.NewUser(t, s, nil)
			other := storetest.Address()
			_, _, err := s.Login(ctx, predict.LoginParams{Subject: a.Subject, Address: other})
			wantCode(t, err, predict.ECONFLICT)
			// The refusal names the bound account and how to log in
			// with its owner key.
			msg := predict.ErrorMessage(err)
			for _, want := range []string{a.Subject, "bound to account " + a.Address, other, "predict login --key-file", "Use an existing owner key"} {
				if !strings.Contains(msg, want) {
					t.Errorf("message = %q, want %q in it", msg, want)
				}
			}
		})

		t.Run("ErrSubjectRequired", func(t *testing.T) {
			_, _, err := s.Login(ctx, predict.LoginParams{Address: storetest.Address()})
			wantCode(t, err, predict.EINVALID)
		})

		t.Run("ErrNameTaken", func(t *testing.T) {
			storetest.NewUser(t, s, func(p *predict.LoginParams) { p.UserName = "Taken" })
			_, _, err := s.Login(ctx, predict.LoginParams{Subject: "did:test:copycat", Address: storetest.Address(), UserName: "tAKEN"})
			wantCode(t, err, predict.ECONFLICT)
			_, err = s.UserBySubject(ctx, "did:test:copycat")
			wantCode(t, err, predict.ENOTFOUND)
		})

		t.Run("InviteCode", func(t *testing.T) {
			inviter := storetest.NewUser(t, s, nil)
			invited := storetest.NewUser(t, s, func(p *predict.LoginParams) { p.InviteByCode = inviter.InviteCode })
			if invited.InvitedBy != inviter.UID {
				t.Errorf("invited by = %q, want %q", invited.InvitedBy, inviter.UID)
			}
			lower := storetest.NewUser(t, s, func(p *predict.LoginParams) { p.InviteByCode = " " + strings.ToLower(inviter.InviteCode) })
			if lower.InvitedBy != inviter.UID {
				t.Errorf("lowercase code: invited by = %q, want %q", lower.InvitedBy, inviter.UID)
			}
			// An unknown code is ignored, not an error.
			unknown := storetest.NewUser(t, s, func(p *predict.LoginParams) { p.InviteByCode = "ZZZZZZZZ" })
			if unknown.InvitedBy != "" {
				t.Errorf("unknown code: invited by = %q", unknown.InvitedBy)
			}
			got, err := s.UserByUID(ctx, invited.UID)
			storetest.Must(t, err)
			if got.InvitedBy != inviter.UID {
				t.Errorf("stored invited by = %q", got.InvitedBy)
			}
			if invited.InviteCode == inviter.InviteCode {
				t.Error("two users share an invite code")
			}
		})

		t.Run("ConcurrentFirstLogins", func(t *testing.T) {
			p := predict.LoginParams{Subject: "did:test:race", Address: storetest.Address()}
			const n = 8
			var (
				wg      sync.WaitGroup
				mu      sync.Mutex
				uids    = map[string]bool{}
				created int
				errs    []error
			)
			for range n {
				wg.Go(func() {
					u, c, err := s.Login(ctx, p)
					mu.Lock()
					defer mu.Unlock()
					if err != nil {
						errs = append(errs, err)
						return
					}
					uids[u.UID] = true
					if c {
						created++
					}
				})
			}
			wg.Wait()
			if len(errs) > 0 {
				t.Fatalf("logins failed: %v", errs)
			}
			if len(uids) != 1 || created != 1 {
				t.Errorf("%d uids, %d created; want 1 and 1", len(uids), created)
			}
		})

		t.Run("ConcurrentNewUsers", func(t *testing.T) {
			const n = 16
			var wg sync.WaitGroup
			errs := make(chan error, n)
			for i := range n {
				wg.Go(func() {
					_, _, err := s.Login(ctx, predict.LoginParams{
						Subject: "did:test:crowd" + string(rune('a'+i)), Address: storetest.Address(),
					})
					errs <- err
				})
			}
			wg.Wait()
			close(errs)
			for err := range errs {
				if err != nil {
					t.Error(err)
				}
			}
		})
	})
}

func sameUser(a, b *predict.User) bool {
	return a.UID == b.UID && a.Subject == b.Subject && a.Address == b.Address && a.AddressVerified == b.AddressVerified && a.Name == b.Name &&
		a.AvatarURL == b.AvatarURL && a.InviteCode == b.InviteCode && a.InvitedBy == b.InvitedBy &&
		slices.Equal(a.Roles, b.Roles) && a.CreatedAt.Equal(b.CreatedAt)
}

// TestLoginProof covers the two kinds of binding: a provisional one
// (login without proof of control) gives way to a user who proves
// control of the address; a proven one is final.
func TestLoginProof(t *testing.T) {
	ctx := context.Background()
	type login struct {
		who      string // subject: "squatter", "owner", "other"
		verified bool
		wantErr  string // domain code, "" for success
	}
	for _, tc := range []struct {
		name   string
		logins []login
		holder string // subject bound to the address at the end
		proven bool   // the final binding is verified
		lost   string // subject left without an address, notified
	}{
		{"ProofTakesProvisional", []login{{"squatter", false, ""}, {"owner", true, ""}}, "owner", true, "squatter"},
		{"ProvisionalCannotTakeProvisional", []login{{"squatter", false, ""}, {"owner", false, predict.ECONFLICT}}, "squatter", false, ""},
		{"ProofIsFinal", []login{{"owner", true, ""}, {"squatter", true, predict.ECONFLICT}, {"other", false, predict.ECONFLICT}}, "owner", true, ""},
		{"ProofMakesOwnBindingFinal", []login{{"owner", false, ""}, {"owner", true, ""}, {"squatter", true, predict.ECONFLICT}}, "owner", true, ""},
		{"ReturningWithoutProofKeepsProof", []login{{"owner", true, ""}, {"owner", false, ""}}, "owner", true, ""},
		{"LoserBindsAgain", []login{{"squatter", false, ""}, {"owner", true, ""}, {"squatter", true, predict.ECONFLICT}}, "owner", true, "squatter"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			storetest.Each(t, func(t *testing.T, s *store.DB) {
				addr := storetest.Address()
				subject := func(who string) string { return "did:test:" + who }
				for i, l := range tc.logins {
					_, _, err := s.Login(ctx, predict.LoginParams{Subject: subject(l.who), Address: addr, Verified: l.verified})
					if predict.ErrorCode(err) != l.wantErr {
						t.Fatalf("login %d of %s (proof %t): %v, want %q", i+1, l.who, l.verified, err, l.wantErr)
					}
				}
				holder, err := s.UserByAddress(ctx, addr)
				storetest.Must(t, err)
				if holder.Subject != subject(tc.holder) || holder.AddressVerified != tc.proven {
					t.Fatalf("address held by %s (proven %t), want %s (proven %t)", holder.Subject, holder.AddressVerified, tc.holder, tc.proven)
				}
				if tc.lost == "" {
					return
				}
				lost, err := s.UserBySubject(ctx, subject(tc.lost))
				storetest.Must(t, err)
				if lost.Address != "" || lost.AddressVerified {
					t.Fatalf("the loser still holds %q (proven %t)", lost.Address, lost.AddressVerified)
				}
				ns, _, _, err := s.Notifications(ctx, predict.NotificationFilter{UID: lost.UID, Page: 1, PageSize: 10})
				storetest.Must(t, err)
				if len(ns) != 1 || ns[0].Kind != predict.NotifyAddressLost || ns[0].Data[predict.NoteAddress] != addr {
					t.Fatalf("notifications of the loser = %+v", ns)
				}
				// Without an address, the loser binds another one.
				other := storetest.Address()
				u, created, err := s.Login(ctx, predict.LoginParams{Subject: lost.Subject, Address: other})
				storetest.Must(t, err)
				if created || u.UID != lost.UID || u.Address != other || u.AddressVerified {
					t.Fatalf("the loser's next login: %+v (created %t)", u, created)
				}
			})
		})
	}
}

func TestUserNotFound(t *testing.T) {
	ctx := context.Background()
	storetest.Each(t, func(t *testing.T, s *store.DB) {
		_, err := s.UserBySubject(ctx, "did:test:nobody")
		wantCode(t, err, predict.ENOTFOUND)
		_, err = s.UserByUID(ctx, "no-such-uid")
		wantCode(t, err, predict.ENOTFOUND)
		_, err = s.UserByAddress(ctx, storetest.Address())
		wantCode(t, err, predict.ENOTFOUND)
	})
}

func TestSetUserName(t *testing.T) {
	ctx := context.Background()
	storetest.Each(t, func(t *testing.T, s *store.DB) {
		alice := storetest.NewUser(t, s, nil)
		bob := storetest.NewUser(t, s, nil)
		tests := []struct {
			name string
			uid  string
			set  string
			code string
		}{
			{"OK", alice.UID, "Alice", ""},
			{"ErrTakenOtherCase", bob.UID, "aLiCe", predict.ECONFLICT},
			{"OKOwnNameOtherCase", alice.UID, "ALICE", ""},
			{"OKOther", bob.UID, "Bob", ""},
			{"OKClear", alice.UID, "", ""},
			{"OKFreedName", bob.UID, "alice", ""},
			{"ErrUnknownUser", "no-such-uid", "Carol", predict.ENOTFOUND},
		}
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				err := s.SetUserName(ctx, tt.uid, tt.set)
				wantCode(t, err, tt.code)
				if err != nil {
					return
				}
				u, err := s.UserByUID(ctx, tt.uid)
				storetest.Must(t, err)
				if u.Name != tt.set {
					t.Errorf("name = %q, want %q", u.Name, tt.set)
				}
			})
		}
		// Two cleared names do not collide.
		storetest.Must(t, s.SetUserName(ctx, bob.UID, ""))
	})
}

func TestSetAvatarURL(t *testing.T) {
	ctx := context.Background()
	storetest.Each(t, func(t *testing.T, s *store.DB) {
		u := storetest.NewUser(t, s, nil)
		storetest.Must(t, s.SetAvatarURL(ctx, u.UID, "https://example.com/me.png"))
		got, err := s.UserByUID(ctx, u.UID)
		storetest.Must(t, err)
		if got.AvatarURL != "https://example.com/me.png" {
			t.Errorf("avatar = %q", got.AvatarURL)
		}
		wantCode(t, s.SetAvatarURL(ctx, "no-such-uid", "https://x"), predict.ENOTFOUND)
	})
}

func TestSetRole(t *testing.T) {
	ctx := context.Background()
	storetest.Each(t, func(t *testing.T, s *store.DB) {
		u := storetest.NewUser(t, s, nil)
		steps := []struct {
			name    string
			role    string
			granted bool
			code    string
			want    []string
		}{
			{"OKGrantResolver", predict.RoleResolver, true, "", []string{"resolver"}},
			{"OKGrantAdmin", predict.RoleAdmin, true, "", []string{"admin", "resolver"}},
			{"OKGrantAgain", predict.RoleAdmin, true, "", []string{"admin", "resolver"}},
			{"OKRevoke", predict.RoleResolver, false, "", []string{"admin"}},
			{"OKRevokeAgain", predict.RoleResolver, false, "", []string{"admin"}},
			{"ErrUnknownRole", "owner", true, predict.EINVALID, []string{"admin"}},
		}
		for _, st := range steps {
			t.Run(st.name, func(t *testing.T) {
				wantCode(t, s.SetRole(ctx, u.UID, st.role, st.granted), st.code)
				got, err := s.UserBySubject(ctx, u.Subject)
				storetest.Must(t, err)
				if !slices.Equal(got.Roles, st.want) {
					t.Errorf("roles = %v, want %v", got.Roles, st.want)
				}
				if got.HasRole(predict.RoleAdmin) != slices.Contains(st.want, "admin") {
					t.Error("HasRole disagrees with Roles")
				}
			})
		}
		t.Run("ErrUnknownUser", func(t *testing.T) {
			wantCode(t, s.SetRole(ctx, "no-such-uid", predict.RoleAdmin, true), predict.ENOTFOUND)
		})
	})
}

func TestFollowMarket(t *testing.T) {
	ctx := context.Background()
	storetest.Each(t, func(t *testing.T, s *store.DB) {
		u := storetest.NewUser(t, s, nil)
		other := storetest.NewUser(t, s, nil)
		m := storetest.NewMarket(t, s, nil)
		storetest.NewMarket(t, s, nil)

		followed := func(viewer string) bool {
			t.Helper()
			got, err := s.MarketByAddress(ctx, m.Address, viewer)
			storetest.Must(t, err)
			return got.IsFollowed
		}
		list := func() []string {
			t.Helper()
			ms, total, err := s.ListMarkets(ctx, predict.MarketFilter{Page: 1, PageSize: 10, FollowedBy: u.UID})
			storetest.Must(t, err)
			if total != len(ms) {
				t.Errorf("total = %d, %d markets", total, len(ms))
			}
			return addresses(ms)
		}

		for range 2 { // idempotent; the address is compared lowercase
			storetest.Must(t, s.FollowMarket(ctx, u.UID, "0x"+strings.ToUpper(m.Address[2:]), true))
		}
		if !followed(u.UID) || followed(other.UID) || followed("") {
			t.Error("isFollowed wrong after follow")
		}
		if got := list(); !slices.Equal(got, []string{m.Address}) {
			t.Errorf("followed list = %v, want [%s]", got, m.Address)
		}
		for range 2 {
			storetest.Must(t, s.FollowMarket(ctx, u.UID, m.Address, false))
		}
		if followed(u.UID) {
			t.Error("isFollowed after unfollow")
		}
		if got := list(); len(got) != 0 {
			t.Errorf("followed list after unfollow = %v", got)
		}
		wantCode(t, s.FollowMarket(ctx, u.UID, storetest.Address(), true), predict.ENOTFOUND)
		wantCode(t, s.FollowMarket(ctx, "no-such-uid", m.Address, true), predict.ENOTFOUND)
	})
}
