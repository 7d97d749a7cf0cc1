package wire

// LoginResult is the answer of login.
type LoginResult struct {
	// AddressVerified is true when the address was proven by a signature
	// of its owner.
	AddressVerified bool   `json:"addressVerified"`
	IsNewUser       bool   `json:"isNewUser"`
	UID             string `json:"uid"`
}

// LoginChallenge is the answer of get-login-challenge: the text the
// account's owner signs to prove the address at login.
type LoginChallenge struct {
	Address   string `json:"address"`
	ChainID   int64  `json:"chainId"`
	ExpiresAt Time   `json:"expiresAt"`
	Message   string `json:"message"`
	Nonce     string `json:"nonce"`
}

// UserInfo is the caller's account (get-user-info and the setters).
type UserInfo struct {
	UID        string   `json:"uid"`
	Address    string   `json:"address"`
	UserName   string   `json:"userName"`
	AvatarURL  string   `json:"avatarUrl"`
	InviteCode string   `json:"inviteCode"`
	InvitedBy  string   `json:"invitedBy"`
	Roles      []string `json:"roles"`
	CreatedAt  Time     `json:"createdAt"`
	// AddressVerified is true when the address was proven by a signature
	// of its owner.
	AddressVerified bool `json:"addressVerified"`
}

// HasRole reports whether the user holds role.
func (u *UserInfo) HasRole(role string) bool {
	for _, r := range u.Roles {
		if r == role {
			return true
		}
	}
	return false
}

// SetUserRoleResult is the answer of set-user-role: the user after the
// change and the transaction that mirrored it on chain ("" when the user
// has no account yet).
type SetUserRoleResult struct {
	ChainTxHash string   `json:"chainTxHash"`
	User        UserInfo `json:"user"`
}

// UserBaseInfo is a user's public profile (get-user-base-info,
// set-description).
type UserBaseInfo struct {
	UID            string `json:"uid"`
	Name           string `json:"name"`
	AvatarURL      string `json:"avatarUrl"`
	Description    string `json:"description"`
	Address        string `json:"address"`
	InviteCode     string `json:"inviteCode"`
	FollowersCount int    `json:"followersCount"`
	FollowingCount int    `json:"followingCount"`
	// IsFollowed is whether the caller follows the user.
	IsFollowed bool `json:"isFollowed"`
	CreatedAt  Time `json:"createdAt"`
}

// UserFollow is the answer of follow-user and unfollow-user.
type UserFollow struct {
	UID            string `json:"uid"`
	IsFollowed     bool   `json:"isFollowed"`
	FollowersCount int    `json:"followersCount"`
}

// DevToken is the development sign-in's answer (POST /api/v1/dev/token,
// only while the development identity provider is on).
type DevToken struct {
	ExpiresAt Time   `json:"expiresAt"`
	Subject   string `json:"subject"`
	Token     string `json:"token"`
}

// LoginRequest is the body of POST /api/v1/user/login.
type LoginRequest struct {
	// Address is the user's smart account (ERC-4337); the first login
	// binds it to the user.
	Address      string `json:"address"`
	InviteByCode string `json:"inviteByCode,omitempty"`
	UserName     string `json:"userName,omitempty"`
	AvatarURL    string `json:"avatarUrl,omitempty"`

	// The proof of control of Address: the message of
	// get-login-challenge, its signature by the account's owner and,
	// optionally, the owner. Without them the binding is provisional
	// (docs/users.md).
	Owner     string `json:"owner,omitempty"`
	Signature string `json:"signature,omitempty"`
	Challenge string `json:"challenge,omitempty"`
}

// SetUserRoleRequest is the body of POST /api/v1/admin/set-user-role.
type SetUserRoleRequest struct {
	UID     string `json:"uid"`
	Role    string `json:"role"` // admin or resolver
	Granted bool   `json:"granted"`
}

// SetUserNameRequest is the body of set-username.
type SetUserNameRequest struct {
	UserName string `json:"userName"`
}

// SetAvatarRequest is the body of set-avatar.
type SetAvatarRequest struct {
	AvatarURL string `json:"avatarUrl"`
}
