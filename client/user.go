package client

import (
	"context"

	"github.com/predict-dev/predict/wire"
)

// Roles a user may hold (POST /api/v1/admin/set-user-role).
const (
	RoleAdmin      = "admin"
	RoleResolver   = "resolver"
	RoleArbitrator = "arbitrator"
)

// LoginRequest is the body of POST /api/v1/user/login.
type LoginRequest = wire.LoginRequest

// LoginResult is the answer of login.
type LoginResult = wire.LoginResult

// LoginChallenge is the answer of GetLoginChallenge: Message is the text
// the account's owner signs (EIP-191 personal_sign).
type LoginChallenge = wire.LoginChallenge

// UserInfo is the caller's profile (get-user-info, set-username,
// set-avatar, set-user-role); HasRole tells its roles.
type UserInfo = wire.UserInfo

// Login registers the caller on first login (binding req.Address to it)
// and returns the same uid on later logins. Signer.Login proves control
// of the address, which makes the binding final.
func (c *Client) Login(ctx context.Context, req LoginRequest) (*LoginResult, error) {
	return submit[LoginResult](ctx, c, "/api/v1/user/login", req, "login %s", req.Address)
}

// GetLoginChallenge returns the challenge whose signature by the owner
// of address proves control of it at login.
func (c *Client) GetLoginChallenge(ctx context.Context, address string) (*LoginChallenge, error) {
	return fetchBy[LoginChallenge](ctx, c, "/api/v1/user/get-login-challenge", "address", address, "login challenge of %s", address)
}

// GetUserInfo returns the caller's profile.
func (c *Client) GetUserInfo(ctx context.Context) (*UserInfo, error) {
	return fetch[UserInfo](ctx, c, "/api/v1/user/get-user-info", nil, "get user info")
}

// SetUsername changes the caller's display name and returns the profile.
func (c *Client) SetUsername(ctx context.Context, userName string) (*UserInfo, error) {
	return submit[UserInfo](ctx, c, "/api/v1/user/set-username", wire.SetUserNameRequest{UserName: userName}, "set username %q", userName)
}

// SetAvatar changes the caller's avatar URL and returns the profile.
func (c *Client) SetAvatar(ctx context.Context, avatarURL string) (*UserInfo, error) {
	return submit[UserInfo](ctx, c, "/api/v1/user/set-avatar", wire.SetAvatarRequest{AvatarURL: avatarURL}, "set avatar")
}

// SetUserRoleRequest is the body of POST /api/v1/admin/set-user-role.
type SetUserRoleRequest = wire.SetUserRoleRequest

// SetUserRoleResult is the answer of set-user-role: the user after the
// change and the transaction that mirrored it on chain ("" when the
// deployment does not mirror roles).
type SetUserRoleResult = wire.SetUserRoleResult

// SetUserRole grants or revokes a role (admins only).
func (c *Client) SetUserRole(ctx context.Context, req SetUserRoleRequest) (*SetUserRoleResult, error) {
	return submit[SetUserRoleResult](ctx, c, "/api/v1/admin/set-user-role", req, "set role %s of %s to %t", req.Role, req.UID, req.Granted)
}
