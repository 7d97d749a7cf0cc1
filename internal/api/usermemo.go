package api

import (
	"context"
	"log/slog"
	"slices"
	"time"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/internal/cache"
)

// maxUserMemo bounds the users a userMemo keeps (each a few hundred
// bytes): at the bound, expired entries go, then an eighth of the rest.
const maxUserMemo = 100_000

// userMemo is the Store with the user behind a subject remembered for a
// moment: every signed-in request looks its caller up, and a person
// sends several requests a second.
//
// A change made through this replica (login, name, avatar, role,
// referrer) forgets the users at once, and a lookup that ran across such a
// change is not kept. A change made through another replica is seen once
// the entry expires, after the read cache's max age (1 s by default; up to
// twice that while the entry is read again in the background), as the
// public reads see a profile name changed there. A subject that has not
// logged in is not remembered (errors never are), so its first login is
// seen at once everywhere.
type userMemo struct {
	Store
	users     *cache.Memo[string, *predict.User]
	refresher *cache.Refresher // reads aged users again in the background
}

func newUserMemo(s Store, ttl time.Duration, logger *slog.Logger) *userMemo {
	r := cache.NewRefresher(logger, cache.DefaultRefreshes)
	m := &userMemo{Store: s, refresher: r}
	m.users = cache.New[string](cache.Config[*predict.User]{
		Name: "predict_user_memo", What: "User lookups",
		MaxAge: ttl, ServeAged: true, MaxEntries: maxUserMemo, Refresher: r, Logger: logger,
	})
	return m
}

// UserBySubject answers from memory while the entry is fresh. Past that,
// up to twice the ttl, the entry is still the answer while the user is
// read again in the background: a user whose requests arrive many at a
// time would otherwise send them to the store, or wait for it, every ttl.
// The answer is a copy: callers add the configured roles to it.
func (m *userMemo) UserBySubject(ctx context.Context, subject string) (*predict.User, error) {
	u, err := m.users.Get(ctx, subject, cache.Scope{}, m)
	if err != nil {
		return nil, err
	}
	return copyUser(u), nil
}

// Load reads the user of subject from the store: the memo's Loader.
func (m *userMemo) Load(ctx context.Context, subject string) (*predict.User, time.Time, error) {
	u, err := m.Store.UserBySubject(ctx, subject)
	return u, time.Time{}, err
}

// changed forgets every remembered user. Changes of users are rare next
// to lookups, so one generation serves them all.
func (m *userMemo) changed() { m.users.ForgetAll() }

func copyUser(u *predict.User) *predict.User {
	c := *u
	c.Roles = slices.Clone(u.Roles)
	return &c
}

// The changes of users below each forget what is remembered, before the
// store has the change (for the lookups already under way) and after.

// Login logs in, forgetting the remembered users.
func (m *userMemo) Login(ctx context.Context, p predict.LoginParams) (*predict.User, bool, error) {
	defer m.changed()
	m.changed()
	return m.Store.Login(ctx, p)
}

// SetUserName sets a name, forgetting the remembered users.
func (m *userMemo) SetUserName(ctx context.Context, uid, name string) error {
	defer m.changed()
	m.changed()
	return m.Store.SetUserName(ctx, uid, name)
}

// SetAvatarURL sets an avatar, forgetting the remembered users.
func (m *userMemo) SetAvatarURL(ctx context.Context, uid, url string) error {
	defer m.changed()
	m.changed()
	return m.Store.SetAvatarURL(ctx, uid, url)
}

// SetRole grants or revokes a role, forgetting the remembered users.
func (m *userMemo) SetRole(ctx context.Context, uid, role string, granted bool) error {
	defer m.changed()
	m.changed()
	return m.Store.SetRole(ctx, uid, role, granted)
}

// SetInvitedBy records a referrer, forgetting the remembered users.
func (m *userMemo) SetInvitedBy(ctx context.Context, uid, code string) (bool, error) {
	defer m.changed()
	m.changed()
	return m.Store.SetInvitedBy(ctx, uid, code)
}
