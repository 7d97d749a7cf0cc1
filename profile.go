package predict

import "context"

// MaxDescriptionLength bounds a user's self-description, in characters
// (Unicode code points) after trimming surrounding white space
// (docs/users.md).
const MaxDescriptionLength = 500

// Profile is the public face of a user: what anyone may read about them,
// with their follow counts and whether the viewer follows them.
type Profile struct {
	User           *User
	Description    string
	FollowersCount int
	FollowingCount int
	// IsFollowed reports whether the viewer of ProfileBy follows the
	// user; false without a viewer.
	IsFollowed bool
}

// ProfileKey names the field a profile is looked up by.
type ProfileKey string

// Profile keys: the uid, the bound smart-account address, the display name
// (compared case-insensitively) and the user's own invite code.
const (
	ProfileByUID        ProfileKey = "uid"
	ProfileByAddress    ProfileKey = "address"
	ProfileByName       ProfileKey = "name"
	ProfileByInviteCode ProfileKey = "inviteCode"
)

// ProfileStore keeps the public side of users: self-descriptions,
// referrals made after registration, and follows between users.
type ProfileStore interface {
	// ProfileBy returns the profile of the user whose key field equals
	// value, as seen by viewer (a uid, or "" for an anonymous viewer);
	// ENOTFOUND when there is none.
	ProfileBy(ctx context.Context, key ProfileKey, value, viewer string) (*Profile, error)
	// SetDescription sets the user's self-description ("" clears it).
	SetDescription(ctx context.Context, uid, description string) error
	// SetInvitedBy records the owner of code as the user's referrer when
	// the user has none yet, and reports whether it did. An unknown code,
	// the user's own code, and a user who already has a referrer change
	// nothing, as at login.
	SetInvitedBy(ctx context.Context, uid, code string) (bool, error)
	// FollowUser follows (follow=true) or unfollows followee; idempotent.
	// Following oneself is EINVALID; an unknown followee is ENOTFOUND.
	FollowUser(ctx context.Context, follower, followee string, follow bool) error
}
