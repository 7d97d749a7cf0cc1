package api

import (
	"context"
	"log/slog"
	"slices"
	"sync"
	"time"

	"github.com/predict-dev/predict"
)

// maxUserMemo bounds the users a userMemo keeps (each a few hundred
// bytes): at the bound, expired entries go, then an eighth of the rest.
const maxUserMemo = 100_000

// userMemo is the Store with the user behind a subject remembered for a
// moment: every signed-in request looks its caller up, and a person
// sends several requests a second.
//
// A change made through this replica (login, name, avatar, role,
// referrer) forgets the user at once, and a lookup that ran across such a
// change is not kept (the generation it started under has moved). A
// change made through another replica is seen once the entry expires,
// after the read cache's max age (1 s by default; up to twice that while
// the entry is read again in the background), as the public reads see a
// profile name changed there.
type userMemo struct {
	Store
	ttl       time.Duration
	refresher *refresher // reads aged users again in the background

	mu        sync.Mutex
	gen       uint64 // bumped by every change of a user through this replica
	bySubject map[string]userMemoEntry
}

type userMemoEntry struct {
	user  *predict.User
	until time.Time
	// refreshing is set while the user is read again in the background
	// after until: callers are answered with this entry meanwhile.
	refreshing bool
}

func newUserMemo(s Store, ttl time.Duration, logger *slog.Logger) *userMemo {
	return &userMemo{Store: s, ttl: ttl, refresher: newRefresher(logger), bySubject: map[string]userMemoEntry{}}
}

// UserBySubject answers from memory while the entry is fresh. Past that,
// up to twice the ttl, the entry is still the answer while the user is
// read again in the background: a user whose requests arrive many at a
// time would otherwise send them to the store, or wait for it, every ttl.
// The answer is a copy: callers add the configured roles to it.
func (m *userMemo) UserBySubject(ctx context.Context, subject string) (*predict.User, error) {
	now := time.Now()
	m.mu.Lock()
	e, ok := m.bySubject[subject]
	gen := m.gen
	switch {
	case ok && now.Before(e.until):
		m.mu.Unlock()
		return copyUser(e.user), nil
	case ok && now.Before(e.until.Add(m.ttl)) && (e.refreshing || m.refresher.reserve()):
		// Past the refresher's bound, the caller reads the user itself.
		if !e.refreshing {
			e.refreshing = true
			m.bySubject[subject] = e
			m.refresher.start(ctx, "user memo: reading a user again", func(ctx context.Context) error {
				_, err := m.read(ctx, subject, gen, now) // a failure leaves the entry to age out
				return err
			})
		}
		m.mu.Unlock()
		return copyUser(e.user), nil
	}
	m.mu.Unlock()
	return m.read(ctx, subject, gen, now)
}

// read looks the user up in the store and remembers it, unless a change
// of users under generation gen happened meanwhile.
func (m *userMemo) read(ctx context.Context, subject string, gen uint64, now time.Time) (*predict.User, error) {
	u, err := m.Store.UserBySubject(ctx, subject)
	m.mu.Lock()
	defer m.mu.Unlock()
	if err != nil {
		if cur, ok := m.bySubject[subject]; ok && m.gen == gen {
			cur.refreshing = false
			m.bySubject[subject] = cur
		}
		return nil, err
	}
	if m.gen == gen {
		if len(m.bySubject) >= maxUserMemo {
			m.shrinkLocked(now)
		}
		m.bySubject[subject] = userMemoEntry{user: copyUser(u), until: now.Add(m.ttl)}
	}
	return u, nil
}

// shrinkLocked makes room: expired entries first, then whichever the map
// yields, down to seven eighths of the bound.
func (m *userMemo) shrinkLocked(now time.Time) {
	shrink(m.bySubject, maxUserMemo, func(e userMemoEntry) bool { return !now.Before(e.until) })
}

// shrink makes room in a memo's map bounded by limit: the entries gone
// says are past use first, then whichever the map yields, down to seven
// eighths of limit.
func shrink[K comparable, V any](m map[K]V, limit int, gone func(V) bool) {
	for k, v := range m {
		if gone(v) {
			delete(m, k)
		}
	}
	for k := range m {
		if len(m) < limit-limit/8 {
			return
		}
		delete(m, k)
	}
}

// changed forgets every remembered user. Changes of users are rare next
// to lookups, so one generation serves them all.
func (m *userMemo) changed() {
	m.mu.Lock()
	m.gen++
	clear(m.bySubject)
	m.mu.Unlock()
}

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
