package predict

import (
	"context"
	"strings"
	"time"
)

// Roles a user can hold. Bootstrap admins come from configuration; an admin
// grants or revokes the others.
const (
	RoleAdmin    = "admin"
	RoleResolver = "resolver"
	// RoleArbitrator decides disputed assertions: its holder's account is
	// the MarketFactory's one arbitrator, so at most one user holds it.
	RoleArbitrator = "arbitrator"
)

// User is a person known to the service. A user is created on the first
// login from the identity-provider subject, which is mapped to the UID.
type User struct {
	UID        string    // internal id, stable, shown to clients
	Subject    string    // identity-provider subject (did:<provider>:<id>)
	Address    string    // ERC-4337 smart account, lowercase 0x-hex, bound at login; "" when none
	Name       string    // optional display name, unique case-insensitively
	AvatarURL  string    // optional http(s) URL
	InviteCode string    // this user's own referral code, to share
	InvitedBy  string    // UID of the referrer, empty if none
	Roles      []string  // RoleAdmin, RoleResolver; sorted
	CreatedAt  time.Time // first login

	// AddressVerified: the account's owner signed this user's login
	// challenge, so the binding is final. Without it the binding is
	// provisional: a login proving control of the address takes it over.
	AddressVerified bool
}

// HasRole reports whether the user holds role.
func (u *User) HasRole(role string) bool {
	for _, r := range u.Roles {
		if r == role {
			return true
		}
	}
	return false
}

// NeedsRole is the refusal (EFORBIDDEN) of action to u, who holds none of
// roles. It says which role and how an operator grants it, since a new
// operator's first 403 is usually an admin that was never configured.
func NeedsRole(u *User, action string, roles ...string) error {
	need := roles[0]
	if len(roles) > 1 {
		need = strings.Join(roles[:len(roles)-1], ", ") + " or " + roles[len(roles)-1]
	}
	return Errorf(EFORBIDDEN,
		"%s needs the %s role, which user %s (subject %s) does not have: an admin grants it with POST /api/v1/admin/set-user-role, or the operator lists the subject in PREDICT_ADMIN_SUBJECTS and restarts the service",
		action, need, u.UID, u.Subject)
}

// AccountBound is the refusal (ECONFLICT) of a login of subject that
// presents address while the subject is bound to the smart account bound.
// Each owner key derives its own account, and the two ways in make their
// own key: the web app one in the browser at its first sign-in, predict
// login one beside its profile. Whichever signs in second presents another
// account, so the refusal names the bound one and how to use its key on
// the other side.
func AccountBound(subject, bound, address string) error {
	return Errorf(ECONFLICT,
		"%s is bound to account %s, not to %s: log in with the owner key of %s. "+
			"If the web app made it, export it on the web app's profile page (Export owner key) and run predict login --key-file FILE; "+
			"if predict login made it, import that key file on the web app's profile page (Use an existing owner key)",
		subject, bound, address, bound)
}

// LoginParams is what a login carries: the verified subject and the
// optional profile fields of the request.
type LoginParams struct {
	Subject      string
	Address      string // lowercase 0x-hex
	InviteByCode string // referral code of another user; ignored when unknown
	UserName     string
	AvatarURL    string

	// Verified: the caller proved control of Address (the owner of the
	// smart account signed the caller's login challenge).
	Verified bool
}

// UserStore keeps users, their profiles, roles and follows.
type UserStore interface {
	// Login returns the user of params.Subject, creating it (and binding
	// params.Address) when it does not exist yet; created reports which.
	// A returning user without an address gets params.Address bound. An
	// address bound to another user is ECONFLICT, unless that binding is
	// provisional and params.Verified: then the address moves to this user
	// and the other one is left without an address (and notified). A
	// returning user whose bound address differs from params.Address is
	// ECONFLICT (AccountBound); one presenting its provisional address
	// with proof has the binding made final.
	Login(ctx context.Context, params LoginParams) (u *User, created bool, err error)
	// UserBySubject returns ENOTFOUND when the subject never logged in.
	UserBySubject(ctx context.Context, subject string) (*User, error)
	// UserByUID returns ENOTFOUND for an unknown uid.
	UserByUID(ctx context.Context, uid string) (*User, error)
	// UserByAddress returns ENOTFOUND for an address bound to nobody.
	UserByAddress(ctx context.Context, address string) (*User, error)
	// SetUserName sets the display name; a name taken by another user
	// (case-insensitively) is ECONFLICT.
	SetUserName(ctx context.Context, uid, name string) error
	// SetAvatarURL sets the avatar URL.
	SetAvatarURL(ctx context.Context, uid, url string) error
	// SetRole grants (granted=true) or revokes a role; idempotent.
	SetRole(ctx context.Context, uid, role string, granted bool) error
	// FollowMarket follows or unfollows a market; idempotent. An unknown
	// market is ENOTFOUND.
	FollowMarket(ctx context.Context, uid, market string, follow bool) error
}
