package api

import (
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"time"

	"github.com/predict-dev/predict"
)

// Profile rules, documented in docs/users.md.
const (
	maxAvatarURL  = 512
	maxInviteCode = 32
)

// userNameRe: 3–24 characters, ASCII letters, digits, '_', '-' or '.',
// starting with a letter or digit. Names are unique case-insensitively.
var userNameRe = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9_.-]{2,23}$`)

func checkUserName(field, name string) error {
	if !userNameRe.MatchString(name) {
		return predict.Errorf(predict.EINVALID, "%s must be 3-24 characters of letters, digits, '_', '-' or '.', starting with a letter or digit", field)
	}
	return nil
}

func checkAvatarURL(field, v string) error {
	if len(v) > maxAvatarURL {
		return predict.Errorf(predict.EINVALID, "%s must be at most %d bytes", field, maxAvatarURL)
	}
	u, err := url.Parse(v)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.User != nil {
		return predict.Errorf(predict.EINVALID, "%s must be an http or https URL", field)
	}
	return nil
}

// userInfo is the caller's own profile.
type userInfo struct {
	UID        string   `json:"uid"`
	Address    string   `json:"address"`
	UserName   string   `json:"userName"`
	AvatarURL  string   `json:"avatarUrl"`
	InviteCode string   `json:"inviteCode"`
	InvitedBy  string   `json:"invitedBy"`
	Roles      []string `json:"roles"`
	CreatedAt  string   `json:"createdAt"`
}

func newUserInfo(u *predict.User) userInfo {
	roles := u.Roles
	if roles == nil {
		roles = []string{}
	}
	return userInfo{
		UID: u.UID, Address: u.Address, UserName: u.Name, AvatarURL: u.AvatarURL,
		InviteCode: u.InviteCode, InvitedBy: u.InvitedBy, Roles: roles,
		CreatedAt: formatTime(u.CreatedAt),
	}
}

func formatTime(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.UTC().Format(time.RFC3339)
}

// handleLogin registers the caller on first login and binds the smart
// account address; later logins return the same uid.
func (s *Server) handleLogin(w http.ResponseWriter, r *http.Request) {
	claims, err := s.claims(r)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	var req struct {
		Address      string `json:"address"`
		InviteByCode string `json:"inviteByCode"`
		UserName     string `json:"userName"`
		AvatarURL    string `json:"avatarUrl"`
	}
	if err := decodeBody(w, r, s.cfg.BodyLimit, &req); err != nil {
		s.Error(w, r, err)
		return
	}
	addr, err := parseAddress("address", req.Address)
	if err == nil && req.UserName != "" {
		err = checkUserName("userName", req.UserName)
	}
	if err == nil && req.AvatarURL != "" {
		err = checkAvatarURL("avatarUrl", req.AvatarURL)
	}
	if err == nil && len(req.InviteByCode) > maxInviteCode {
		err = predict.Errorf(predict.EINVALID, "inviteByCode must be at most %d characters", maxInviteCode)
	}
	if err != nil {
		s.Error(w, r, err)
		return
	}
	u, created, err := s.store.Login(r.Context(), predict.LoginParams{
		Subject:      claims.Subject,
		Address:      addr,
		InviteByCode: strings.TrimSpace(req.InviteByCode),
		UserName:     req.UserName,
		AvatarURL:    req.AvatarURL,
	})
	if err != nil {
		s.Error(w, r, err)
		return
	}
	if created {
		s.logger.InfoContext(r.Context(), "user registered", "uid", u.UID, "address", u.Address)
	}
	ok(w, map[string]any{"uid": u.UID, "isNewUser": created})
}

// handleGetUserInfo returns the caller's profile.
func (s *Server) handleGetUserInfo(w http.ResponseWriter, r *http.Request) {
	u, err := s.authenticate(r)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	ok(w, newUserInfo(u))
}

// handleSetUsername changes the caller's display name.
func (s *Server) handleSetUsername(w http.ResponseWriter, r *http.Request) {
	u, err := s.authenticate(r)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	var req struct {
		UserName string `json:"userName"`
	}
	if err := decodeBody(w, r, s.cfg.BodyLimit, &req); err != nil {
		s.Error(w, r, err)
		return
	}
	if req.UserName == "" {
		s.Error(w, r, predict.Errorf(predict.EINVALID, "userName is required"))
		return
	}
	if err := checkUserName("userName", req.UserName); err != nil {
		s.Error(w, r, err)
		return
	}
	if err := s.store.SetUserName(r.Context(), u.UID, req.UserName); err != nil {
		s.Error(w, r, err)
		return
	}
	u.Name = req.UserName
	ok(w, newUserInfo(u))
}

// handleSetAvatar changes the caller's avatar URL.
func (s *Server) handleSetAvatar(w http.ResponseWriter, r *http.Request) {
	u, err := s.authenticate(r)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	var req struct {
		AvatarURL string `json:"avatarUrl"`
	}
	if err := decodeBody(w, r, s.cfg.BodyLimit, &req); err != nil {
		s.Error(w, r, err)
		return
	}
	if req.AvatarURL == "" {
		s.Error(w, r, predict.Errorf(predict.EINVALID, "avatarUrl is required"))
		return
	}
	if err := checkAvatarURL("avatarUrl", req.AvatarURL); err != nil {
		s.Error(w, r, err)
		return
	}
	if err := s.store.SetAvatarURL(r.Context(), u.UID, req.AvatarURL); err != nil {
		s.Error(w, r, err)
		return
	}
	u.AvatarURL = req.AvatarURL
	ok(w, newUserInfo(u))
}
