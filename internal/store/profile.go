package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/predict-dev/predict"
)

var _ predict.ProfileStore = (*DB)(nil)

// profileConds are the conditions ProfileBy looks a user up by, each on
// a unique column (name_lower and invite_code are unique too).
var profileConds = map[predict.ProfileKey]string{
	predict.ProfileByUID:        `u.uid = ?`,
	predict.ProfileByAddress:    `u.address = ?`,
	predict.ProfileByName:       `u.name_lower = ?`,
	predict.ProfileByInviteCode: `u.invite_code = ?`,
}

// ProfileBy returns the public profile of the user whose key field is
// value: addresses and names are compared lowercase, invite codes
// uppercase, as they are stored. viewer ("" for none) decides IsFollowed.
func (db *DB) ProfileBy(ctx context.Context, key predict.ProfileKey, value, viewer string) (*predict.Profile, error) {
	cond, found := profileConds[key]
	if !found {
		return nil, predict.Errorf(predict.EINVALID, "unknown profile key %q", key)
	}
	switch key {
	case predict.ProfileByAddress, predict.ProfileByName:
		value = strings.ToLower(value)
	case predict.ProfileByInviteCode:
		value = strings.ToUpper(strings.TrimSpace(value))
	}
	return readUser(ctx, db, "profile", string(key), cond, value, func(t *tx, u *predict.User) (*predict.Profile, error) {
		p := &predict.Profile{User: u}
		var followed int
		err := t.queryRow(ctx, `SELECT u.description,
			(SELECT COUNT(*) FROM user_follows f WHERE f.followee = u.uid),
			(SELECT COUNT(*) FROM user_follows f WHERE f.follower = u.uid),
			(SELECT COUNT(*) FROM user_follows f WHERE f.follower = ? AND f.followee = u.uid)
			FROM users u WHERE u.uid = ?`, viewer, u.UID).
			Scan(&p.Description, &p.FollowersCount, &p.FollowingCount, &followed)
		p.IsFollowed = followed > 0
		return p, err
	})
}

// SetDescription sets the self-description of uid; an unknown uid is
// ENOTFOUND. The API has trimmed and checked it.
func (db *DB) SetDescription(ctx context.Context, uid, description string) error {
	return db.setUserColumn(ctx, "set description", "description", uid, description)
}

// SetInvitedBy records the owner of code (compared uppercase, as invite
// codes are stored) as the referrer of uid when uid has none yet. An
// unknown code, uid's own code and a referrer already recorded change
// nothing and report false; a referral is never replaced, so it cannot be
// traded after the fact. An unknown uid is ENOTFOUND.
func (db *DB) SetInvitedBy(ctx context.Context, uid, code string) (bool, error) {
	code = strings.ToUpper(strings.TrimSpace(code))
	var set bool
	err := db.write(ctx, func(t *tx) error {
		if err := userExists(ctx, t, uid); err != nil {
			return err
		}
		var inviter string
		err := t.queryRow(ctx, `SELECT uid FROM users WHERE invite_code = ?`, code).Scan(&inviter)
		if errors.Is(err, sql.ErrNoRows) || inviter == uid {
			return nil
		} else if err != nil {
			return err
		}
		res, err := t.exec(ctx, `UPDATE users SET invited_by = ?, updated_at = ? WHERE uid = ? AND invited_by IS NULL`,
			inviter, time.Now().UnixMilli(), uid)
		if err != nil {
			return err
		}
		n, err := res.RowsAffected()
		set = n > 0
		return err
	})
	if err != nil {
		return false, fmt.Errorf("set invited by: %w", err)
	}
	return set, nil
}

// FollowUser follows (follow=true) or unfollows followee for follower;
// idempotent. Following oneself is EINVALID; an unknown followee (or
// follower) is ENOTFOUND, unfollowing included, so a mistyped uid is not
// taken for success.
func (db *DB) FollowUser(ctx context.Context, follower, followee string, follow bool) error {
	if follower == followee {
		return predict.Errorf(predict.EINVALID, "a user cannot follow themselves")
	}
	return db.writeAs(ctx, "follow user", func(t *tx) error {
		if err := userExists(ctx, t, followee); err != nil {
			return err
		}
		if err := userExists(ctx, t, follower); err != nil {
			return err
		}
		return setPair(ctx, t, follow, "user_follows", "follower", "followee", "created_at", follower, followee)
	})
}
