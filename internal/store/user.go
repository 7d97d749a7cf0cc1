package store

import (
	"context"
	"crypto/rand"
	"database/sql"
	"errors"
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/predict-dev/predict"
)

// inviteAlphabet has no 0/O and no 1/I, which read alike. Its 32 letters
// make a random byte modulo 32 uniform.
const inviteAlphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"

const inviteCodeLen = 8

// loginAttempts bounds the retries of a login that lost a race on a unique
// constraint (the same subject logging in twice at once on PostgreSQL, or
// an invite code drawn twice).
const loginAttempts = 5

func newInviteCode() string {
	b := make([]byte, inviteCodeLen)
	rand.Read(b)
	for i := range b {
		b[i] = inviteAlphabet[b[i]%byte(len(inviteAlphabet))]
	}
	return string(b)
}

const userColumns = `u.uid, u.subject, u.address, u.address_verified, u.name, u.avatar_url, u.invite_code, u.invited_by, u.created_at`

func scanUser(row interface{ Scan(...any) error }) (*predict.User, error) {
	var (
		u                        predict.User
		address, name, invitedBy sql.NullString
		createdAt                int64
	)
	if err := row.Scan(&u.UID, &u.Subject, &address, &u.AddressVerified, &name, &u.AvatarURL, &u.InviteCode, &invitedBy, &createdAt); err != nil {
		return nil, err
	}
	u.Address, u.Name, u.InvitedBy = address.String, name.String, invitedBy.String
	u.CreatedAt = fromMillis(createdAt)
	return &u, nil
}

// userWhere loads the user matching cond (a condition on u with one ?
// argument) with its roles; nil, nil when there is none.
func userWhere(ctx context.Context, t *tx, cond string, arg any) (*predict.User, error) {
	u, err := scanUser(t.queryRow(ctx, `SELECT `+userColumns+` FROM users u WHERE `+cond, arg))
	if ok, err := rowFound(err); !ok {
		return nil, err
	}
	if u.Roles, err = userRoles(ctx, t, u.UID); err != nil {
		return nil, err
	}
	return u, nil
}

func userRoles(ctx context.Context, t *tx, uid string) ([]string, error) {
	roles, err := scanRows(ctx, t, `SELECT role FROM user_roles WHERE uid = ? ORDER BY role`, []any{uid},
		scanString)
	if err != nil {
		return nil, err
	}
	if roles == nil {
		roles = []string{}
	}
	sort.Strings(roles) // the collation of the database must not matter
	return roles, nil
}

// Login returns the user of params.Subject, creating it when it does not
// exist yet. A new user gets a fresh uid and invite code, is bound to
// params.Address and takes the optional name and avatar; an unknown
// InviteByCode is ignored (InvitedBy stays empty), as a mistyped referral
// code must not block a registration. A returning user's profile is not
// changed. A returning user presenting another address than the bound one
// and a name taken by another user are ECONFLICT. An address bound to
// another user is ECONFLICT unless that binding is provisional and this
// login proves control (params.Verified): proof wins, the address moves
// and the other user is left without one, with a notification.
// Concurrent first logins of one subject create one user.
func (db *DB) Login(ctx context.Context, p predict.LoginParams) (*predict.User, bool, error) {
	if p.Subject == "" {
		return nil, false, predict.Errorf(predict.EINVALID, "subject is required")
	}
	p.Address = strings.ToLower(p.Address)
	p.Verified = p.Verified && p.Address != ""
	p.InviteByCode = strings.ToUpper(strings.TrimSpace(p.InviteByCode))
	for attempt := 1; ; attempt++ {
		var (
			u       *predict.User
			created bool
		)
		err := db.write(ctx, func(t *tx) (err error) {
			u, created, err = db.login(ctx, t, p)
			return err
		})
		if db.dialect.uniqueViolation(err) {
			if attempt < loginAttempts {
				// Lost a race: the next attempt sees the winner's row.
				continue
			}
			return nil, false, fmt.Errorf("login: %w", predict.Errorf(predict.ECONFLICT, "concurrent login, try again"))
		} else if err != nil {
			return nil, false, fmt.Errorf("login: %w", err)
		}
		return u, created, nil
	}
}

func (db *DB) login(ctx context.Context, t *tx, p predict.LoginParams) (*predict.User, bool, error) {
	u, err := userWhere(ctx, t, `u.subject = ?`, p.Subject)
	if err != nil {
		return nil, false, err
	}
	if u != nil {
		return returningUser(ctx, t, u, p)
	}
	invitedBy, err := checkNewUser(ctx, t, p)
	if err == nil && p.Address != "" {
		err = freeAddress(ctx, t, p)
	}
	if predict.ErrorCode(err) == predict.ECONFLICT {
		// On PostgreSQL (READ COMMITTED) a concurrent first login of the
		// same subject may have committed since the lookup above, and its
		// address or name is what conflicts: this is a returning user.
		if u, err2 := userWhere(ctx, t, `u.subject = ?`, p.Subject); err2 != nil {
			return nil, false, err2
		} else if u != nil {
			return returningUser(ctx, t, u, p)
		}
	}
	if err != nil {
		return nil, false, err
	}
	code, err := freeInviteCode(ctx, t)
	if err != nil {
		return nil, false, err
	}
	now := time.Now()
	u = &predict.User{
		UID:             uuid.NewString(),
		Subject:         p.Subject,
		Address:         p.Address,
		AddressVerified: p.Verified,
		Name:            p.UserName,
		AvatarURL:       p.AvatarURL,
		InviteCode:      code,
		InvitedBy:       invitedBy,
		Roles:           []string{},
		CreatedAt:       fromMillis(now.UnixMilli()),
	}
	_, err = t.exec(ctx, `INSERT INTO users
		(uid, subject, address, address_verified, name, name_lower, avatar_url, invite_code, invited_by, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		u.UID, u.Subject, nullString(u.Address), u.AddressVerified, nullString(u.Name), nullString(strings.ToLower(u.Name)),
		u.AvatarURL, u.InviteCode, nullString(u.InvitedBy), now.UnixMilli(), now.UnixMilli())
	if err != nil {
		return nil, false, err
	}
	return u, true, nil
}

// returningUser checks the address a returning user presents against the
// bound one: it binds it when the user has none yet, and makes a
// provisional binding final when the login proves control.
func returningUser(ctx context.Context, t *tx, u *predict.User, p predict.LoginParams) (*predict.User, bool, error) {
	switch {
	case p.Address == "" || (u.Address == p.Address && (u.AddressVerified || !p.Verified)):
		return u, false, nil
	case u.Address != "" && u.Address != p.Address:
		return nil, false, predict.AccountBound(u.Subject, u.Address, p.Address)
	}
	if u.Address == "" {
		if err := freeAddress(ctx, t, p); err != nil {
			return nil, false, err
		}
	}
	if _, err := t.exec(ctx, `UPDATE users SET address = ?, address_verified = ?, updated_at = ? WHERE uid = ?`,
		p.Address, p.Verified, time.Now().UnixMilli(), u.UID); err != nil {
		return nil, false, err
	}
	u.Address, u.AddressVerified = p.Address, p.Verified
	return u, false, nil
}

// checkNewUser checks that the name of a first login is free and resolves
// the invite code to the inviter's uid ("" when unknown).
func checkNewUser(ctx context.Context, t *tx, p predict.LoginParams) (invitedBy string, err error) {
	if p.UserName != "" {
		if err := checkNameFree(ctx, t, "", p.UserName); err != nil {
			return "", err
		}
	}
	if p.InviteByCode != "" {
		err := t.queryRow(ctx, `SELECT uid FROM users WHERE invite_code = ?`, p.InviteByCode).Scan(&invitedBy)
		if err != nil && !errors.Is(err, sql.ErrNoRows) {
			return "", err
		}
	}
	return invitedBy, nil
}

// freeAddress makes p.Address free for p.Subject's binding: an address
// nobody holds is free; one bound provisionally to another user is taken
// from them when p proves control, and they are notified; any other
// binding is ECONFLICT.
func freeAddress(ctx context.Context, t *tx, p predict.LoginParams) error {
	var (
		holder   string
		verified bool
	)
	err := t.queryRow(ctx, `SELECT uid, address_verified FROM users WHERE address = ?`, p.Address).Scan(&holder, &verified)
	if ok, err := rowFound(err); !ok {
		return err
	}
	if verified || !p.Verified {
		return predict.Errorf(predict.ECONFLICT, "address is bound to another account")
	}
	now := time.Now().UnixMilli()
	if _, err := t.exec(ctx, `UPDATE users SET address = NULL, address_verified = FALSE, updated_at = ? WHERE uid = ?`, now, holder); err != nil {
		return err
	}
	return notify(ctx, t, holder, predict.NotifyAddressLost, map[string]string{predict.NoteAddress: p.Address}, 0, now)
}

// checkNameFree reports ECONFLICT when a user other than uid has name,
// compared case-insensitively.
func checkNameFree(ctx context.Context, t *tx, uid, name string) error {
	var n int
	err := t.queryRow(ctx, `SELECT COUNT(*) FROM users WHERE name_lower = ? AND uid <> ?`,
		strings.ToLower(name), uid).Scan(&n)
	if err != nil {
		return err
	}
	if n > 0 {
		return nameTaken(name)
	}
	return nil
}

func nameTaken(name string) error {
	return predict.Errorf(predict.ECONFLICT, "name %q is taken", name)
}

func freeInviteCode(ctx context.Context, t *tx) (string, error) {
	for {
		code := newInviteCode()
		var n int
		if err := t.queryRow(ctx, `SELECT COUNT(*) FROM users WHERE invite_code = ?`, code).Scan(&n); err != nil {
			return "", err
		}
		if n == 0 {
			return code, nil
		}
	}
}

// UserBySubject returns the user of an identity-provider subject;
// ENOTFOUND when the subject never logged in.
func (db *DB) UserBySubject(ctx context.Context, subject string) (*predict.User, error) {
	return db.userBy(ctx, "subject", `u.subject = ?`, subject)
}

// UserByUID returns the user of uid; ENOTFOUND for an unknown uid.
func (db *DB) UserByUID(ctx context.Context, uid string) (*predict.User, error) {
	return db.userBy(ctx, "uid", `u.uid = ?`, uid)
}

// UserByAddress returns the user bound to a smart-account address (compared
// lowercase); ENOTFOUND for an address bound to nobody.
func (db *DB) UserByAddress(ctx context.Context, address string) (*predict.User, error) {
	return db.userBy(ctx, "address", `u.address = ?`, strings.ToLower(address))
}

func (db *DB) userBy(ctx context.Context, key, cond string, arg string) (*predict.User, error) {
	return readUser(ctx, db, "user", key, cond, arg, func(_ *tx, u *predict.User) (*predict.User, error) { return u, nil })
}

// readUser reads, in one read transaction, the user matching cond (see
// userWhere) and what fn makes of them: ENOTFOUND ("user with <key>
// <arg> not found") when there is none; other errors are wrapped with
// "<what> by <key>".
func readUser[T any](ctx context.Context, db *DB, what, key, cond, arg string, fn func(t *tx, u *predict.User) (T, error)) (T, error) {
	var (
		v     T
		found bool
	)
	err := db.read(ctx, func(t *tx) error {
		u, err := userWhere(ctx, t, cond, arg)
		if err != nil || u == nil {
			return err
		}
		found = true
		v, err = fn(t, u)
		return err
	})
	var zero T
	if err != nil {
		return zero, fmt.Errorf("%s by %s: %w", what, key, err)
	}
	if !found {
		return zero, predict.Errorf(predict.ENOTFOUND, "user with %s %q not found", key, arg)
	}
	return v, nil
}

// SetUserName sets the display name of uid; an empty name clears it. A
// name another user holds, compared case-insensitively, is ECONFLICT; an
// unknown uid is ENOTFOUND.
func (db *DB) SetUserName(ctx context.Context, uid, name string) error {
	return db.writeAs(ctx, "set user name", func(t *tx) error {
		if name != "" {
			if err := checkNameFree(ctx, t, uid, name); err != nil {
				return err
			}
		}
		res, err := t.exec(ctx, `UPDATE users SET name = ?, name_lower = ?, updated_at = ? WHERE uid = ?`,
			nullString(name), nullString(strings.ToLower(name)), time.Now().UnixMilli(), uid)
		if db.dialect.uniqueViolation(err) {
			return nameTaken(name)
		}
		return mustAffect(res, err, "user %s not found", uid)
	})
}

// SetAvatarURL sets the avatar URL of uid; an unknown uid is ENOTFOUND.
func (db *DB) SetAvatarURL(ctx context.Context, uid, url string) error {
	return db.setUserColumn(ctx, "set avatar url", "avatar_url", uid, url)
}

// setUserColumn sets one column of uid's row; an unknown uid is
// ENOTFOUND. column is a constant of the callers, never input.
func (db *DB) setUserColumn(ctx context.Context, what, column, uid string, value any) error {
	return db.writeAs(ctx, what, func(t *tx) error {
		res, err := t.exec(ctx, `UPDATE users SET `+column+` = ?, updated_at = ? WHERE uid = ?`,
			value, time.Now().UnixMilli(), uid)
		return mustAffect(res, err, "user %s not found", uid)
	})
}

// mustAffect turns an update that changed no row into ENOTFOUND.
func mustAffect(res sql.Result, err error, format string, args ...any) error {
	if err != nil {
		return err
	}
	n, err := res.RowsAffected()
	if err != nil {
		return err
	}
	if n == 0 {
		return predict.Errorf(predict.ENOTFOUND, format, args...)
	}
	return nil
}

// SetRole grants (granted=true) or revokes role for uid; idempotent. A role
// other than predict.RoleAdmin, predict.RoleResolver and
// predict.RoleArbitrator is EINVALID; an unknown uid is ENOTFOUND. The
// arbitrator role has one holder (the factory has one arbitrator):
// granting it revokes it from anyone else.
func (db *DB) SetRole(ctx context.Context, uid, role string, granted bool) error {
	if role != predict.RoleAdmin && role != predict.RoleResolver && role != predict.RoleArbitrator {
		return predict.Errorf(predict.EINVALID, "unknown role %q", role)
	}
	return db.writeAs(ctx, "set role", func(t *tx) error {
		if err := userExists(ctx, t, uid); err != nil {
			return err
		}
		if granted && role == predict.RoleArbitrator {
			if _, err := t.exec(ctx, `DELETE FROM user_roles WHERE role = ? AND uid <> ?`, role, uid); err != nil {
				return err
			}
		}
		return setPair(ctx, t, granted, "user_roles", "uid", "role", "granted_at", uid, role)
	})
}

// userExists is ENOTFOUND for an unknown uid.
func userExists(ctx context.Context, t *tx, uid string) error {
	return mustExist(ctx, t, `SELECT COUNT(*) FROM users WHERE uid = ?`, "user", uid)
}

// FollowMarket follows (follow=true) or unfollows a market for uid;
// idempotent. An unknown market or uid is ENOTFOUND.
func (db *DB) FollowMarket(ctx context.Context, uid, market string, follow bool) error {
	market = strings.ToLower(market)
	return db.writeAs(ctx, "follow market", func(t *tx) error {
		if err := marketExists(ctx, t, market); err != nil {
			return err
		}
		if err := userExists(ctx, t, uid); err != nil {
			return err
		}
		return setPair(ctx, t, follow, "follows", "uid", "market", "created_at", uid, market)
	})
}
