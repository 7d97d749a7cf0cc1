package api

import (
	"context"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"
	"time"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/internal/auth"
	"github.com/predict-dev/predict/internal/store"
	"github.com/predict-dev/predict/internal/store/storetest"
)

// countingStore counts the user lookups that reach the store, and can
// run a hook in the middle of one (a change made while it reads).
type countingStore struct {
	*store.DB
	lookups atomic.Int64
	during  func()
}

func (c *countingStore) UserBySubject(ctx context.Context, subject string) (*predict.User, error) {
	c.lookups.Add(1)
	u, err := c.DB.UserBySubject(ctx, subject)
	if c.during != nil {
		during := c.during
		c.during = nil
		during()
	}
	return u, err
}

// TestUserMemo: the user behind a subject is looked up once per moment;
// a change through this replica is seen at once, one through another
// replica once the entry has aged and the user has been read again, a
// lookup that ran across a change is not kept, and callers are answered
// from memory while an aged entry is read again in the background.
func TestUserMemo(t *testing.T) {
	ctx := context.Background()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		cs := &countingStore{DB: db}
		const ttl = 300 * time.Millisecond
		m := newUserMemo(cs, ttl, nil)
		u := storetest.NewUser(t, db, nil)
		lookup := func() *predict.User {
			t.Helper()
			got, err := m.UserBySubject(ctx, u.Subject)
			if err != nil {
				t.Fatal(err)
			}
			return got
		}
		expect := func(what string, want int64, fn func()) {
			t.Helper()
			before := cs.lookups.Load()
			fn()
			if got := cs.lookups.Load() - before; got != want {
				t.Fatalf("%s: %d lookups reached the store, want %d", what, got, want)
			}
		}

		expect("three lookups", 1, func() { lookup(); lookup(); lookup() })
		// An answer is a copy: adding a role to it adds none to the next.
		got := lookup()
		got.Roles = append(got.Roles, predict.RoleAdmin)
		if lookup().HasRole(predict.RoleAdmin) {
			t.Fatal("a role added to an answer reached the remembered user")
		}

		// Through this replica: seen at once.
		storetest.Must(t, m.SetRole(ctx, u.UID, predict.RoleResolver, true))
		expect("after a role change", 1, func() {
			if !lookup().HasRole(predict.RoleResolver) {
				t.Fatal("the role granted through this replica is not seen")
			}
		})
		storetest.Must(t, m.SetUserName(ctx, u.UID, "memo_name"))
		if got := lookup(); got.Name != "memo_name" {
			t.Fatalf("name %q after SetUserName", got.Name)
		}

		// settled waits for a lookup in the background to end.
		settled := func() {
			t.Helper()
			for deadline := time.Now().Add(5 * time.Second); m.users.Stats().Loading > 0; time.Sleep(time.Millisecond) {
				if time.Now().After(deadline) {
					t.Fatal("a lookup in the background never ended")
				}
			}
		}

		// Through another replica (the store itself): seen once the entry
		// has aged and the user has been read again, in the background for
		// a caller within twice the ttl, or by the caller past that.
		storetest.Must(t, db.SetRole(ctx, u.UID, predict.RoleResolver, false))
		if !lookup().HasRole(predict.RoleResolver) {
			t.Fatal("the memo was expected to answer from memory within its ttl")
		}
		time.Sleep(ttl)
		lookup()
		settled()
		if lookup().HasRole(predict.RoleResolver) {
			t.Fatal("a role revoked on another replica is still seen after the user was read again")
		}
		storetest.Must(t, db.SetRole(ctx, u.UID, predict.RoleResolver, true))
		time.Sleep(2 * ttl)
		if !lookup().HasRole(predict.RoleResolver) {
			t.Fatal("a role granted on another replica is not seen past twice the ttl")
		}

		// A lookup during which the user changed is answered, not kept.
		time.Sleep(2 * ttl)
		cs.during = func() { storetest.Must(t, m.SetAvatarURL(ctx, u.UID, "https://example.com/a.png")) }
		expect("a lookup across a change, then another", 2, func() { lookup(); lookup() })
		if got := lookup(); got.AvatarURL != "https://example.com/a.png" {
			t.Fatalf("avatar %q after the change", got.AvatarURL)
		}

		// Past the ttl, every caller is answered from memory, the first
		// one included, while the user is read again in the background,
		// once, even though the first caller's request has ended.
		time.Sleep(ttl)
		started, release := make(chan struct{}), make(chan struct{})
		cs.during = func() { close(started); <-release }
		expect("nine lookups while the user is read again", 1, func() {
			reqCtx, cancel := context.WithCancel(ctx)
			if _, err := m.UserBySubject(reqCtx, u.Subject); err != nil {
				t.Fatal(err)
			}
			cancel()
			<-started
			for range 8 {
				if got := lookup(); got.AvatarURL != "https://example.com/a.png" {
					t.Fatalf("the remembered user while it is read again: %+v", got)
				}
			}
			close(release)
			settled()
		})
		expect("the user read again in the background is remembered", 0, func() { lookup() })

		// With every background slot taken, a caller that finds the
		// entry aged reads the user itself.
		time.Sleep(ttl)
		hold := make(chan struct{})
		for m.refresher.Go(ctx, "hold a slot", func(context.Context) error { <-hold; return nil }) {
		}
		expect("a lookup past the ttl with no background slot free", 1, func() { lookup() })
		expect("the user read by the caller is remembered afresh", 0, func() { lookup() })
		if st := m.users.Stats(); st.Loading != 0 {
			t.Fatalf("%d lookups under way after the caller read the user itself", st.Loading)
		}
		close(hold)

		// A subject that never logged in is not remembered: its login
		// must be seen by the next request.
		expect("two lookups of an unknown subject", 2, func() {
			for range 2 {
				if _, err := m.UserBySubject(ctx, "did:test:nobody"); predict.ErrorCode(err) != predict.ENOTFOUND {
					t.Fatalf("unknown subject: %v", err)
				}
			}
		})
	})
}

// TestCallerOncePerRequest: however many times a request asks who calls
// (its handler, the helpers it uses), its credential's user is looked up
// once; another request looks it up again.
func TestCallerOncePerRequest(t *testing.T) {
	ctx := context.Background()
	db := storetest.OpenSQLite(t)
	cs := &countingStore{DB: db}
	u := storetest.NewUser(t, db, nil)
	s := &Server{store: cs}
	request := func() *http.Request {
		id := identity{claims: &auth.Claims{Subject: u.Subject}, user: &requestUser{}}
		return httptest.NewRequest("GET", "/", nil).WithContext(context.WithValue(ctx, identityKey, id))
	}
	for i, r := range []*http.Request{request(), request()} {
		for range 3 {
			got, err := s.authenticate(r)
			if err != nil || got.UID != u.UID {
				t.Fatalf("request %d: %v, %v", i, got, err)
			}
		}
		if n := cs.lookups.Load(); n != int64(i+1) {
			t.Fatalf("after request %d: %d lookups reached the store, want %d", i, n, i+1)
		}
	}
}
