package client

import (
	"context"
	"fmt"
	"net/url"

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
	var out LoginResult
	if err := c.post(ctx, "/api/v1/user/login", req, &out); err != nil {
		return nil, fmt.Errorf("login %s: %w", req.Address, err)
	}
	return &out, nil
}

// GetLoginChallenge returns the challenge whose signature by the owner
// of address proves control of it at login.
func (c *Client) GetLoginChallenge(ctx context.Context, address string) (*LoginChallenge, error) {
	v := url.Values{}
	query(v).str("address", address)
	var out LoginChallenge
	if err := c.get(ctx, "/api/v1/user/get-login-challenge", v, &out); err != nil {
		return nil, fmt.Errorf("login challenge of %s: %w", address, err)
	}
	return &out, nil
}

// GetUserInfo returns the caller's profile.
func (c *Client) GetUserInfo(ctx context.Context) (*UserInfo, error) {
	var out UserInfo
	if err := c.get(ctx, "/api/v1/user/get-user-info", nil, &out); err != nil {
		return nil, fmt.Errorf("get user info: %w", err)
	}
	return &out, nil
}

// SetUsername changes the caller's display name and returns the profile.
func (c *Client) SetUsername(ctx context.Context, userName string) (*UserInfo, error) {
	var out UserInfo
	if err := c.post(ctx, "/api/v1/user/set-username", wire.SetUserNameRequest{UserName: userName}, &out); err != nil {
		return nil, fmt.Errorf("set username %q: %w", userName, err)
	}
	return &out, nil
}

// SetAvatar changes the caller's avatar URL and returns the profile.
func (c *Client) SetAvatar(ctx context.Context, avatarURL string) (*UserInfo, error) {
	var out UserInfo
	if err := c.post(ctx, "/api/v1/user/set-avatar", wire.SetAvatarRequest{AvatarURL: avatarURL}, &out); err != nil {
		return nil, fmt.Errorf("set avatar: %w", err)
	}
	return &out, nil
}

// SetUserRoleRequest is the body of POST /api/v1/admin/set-user-role.
type SetUserRoleRequest = wire.SetUserRoleRequest

// SetUserRoleResult is the answer of set-user-role: the user after the
// change and the transaction that mirrored it on chain ("" when the
// deployment does not mirror roles).
type SetUserRoleResult = wire.SetUserRoleResult

// SetUserRole grants or revokes a role (admins only).
func (c *Client) SetUserRole(ctx context.Context, req SetUserRoleRequest) (*SetUserRoleResult, error) {
	var out SetUserRoleResult
	if err := c.post(ctx, "/api/v1/admin/set-user-role", req, &out); err != nil {
		return nil, fmt.Errorf("set role %s of %s to %t: %w", req.Role, req.UID, req.Granted, err)
	}
	return &out, nil
}
