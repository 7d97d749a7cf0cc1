package api

import (
	"context"
	"net/http"
	"regexp"
	"strings"
	"time"

	"github.com/ethereum/go-ethereum/common"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/internal/aa"
	"github.com/predict-dev/predict/internal/input"
	"github.com/predict-dev/predict/wire"
)

// Profile rules, documented in docs/users.md.
const (
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

var checkAvatarURL = input.URL

func newUserInfo(u *predict.User) wire.UserInfo {
	roles := u.Roles
	if roles == nil {
		roles = []string{}
	}
	return wire.UserInfo{
		UID: u.UID, Address: u.Address, AddressVerified: u.AddressVerified, UserName: u.Name, AvatarURL: u.AvatarURL,
		InviteCode: u.InviteCode, InvitedBy: u.InvitedBy, Roles: roles,
		CreatedAt: wireTime(u.CreatedAt),
	}
}

// wireTime is t in answers: the same form as formatTime.
func wireTime(t time.Time) wire.Time { return wire.NewTime(t) }

// optionalTime is t for a nullable time field: nil for the zero time.
func optionalTime(t time.Time) *wire.Time {
	if t.IsZero() {
		return nil
	}
	w := wireTime(t)
	return &w
}

func formatTime(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.UTC().Format(time.RFC3339)
}

// loginChallengeTTL is how long a login challenge may be signed and used.
const loginChallengeTTL = 10 * time.Minute

// sigRe is a 65-byte signature in 0x-hex.
var sigRe = regexp.MustCompile(`^0x[0-9a-fA-F]{130}$`)

// parseAccount reads a smart-account address: the zero address is
// nobody's account.
func parseAccount(field, v string) (string, error) {
	a, err := parseAddress(field, v)
	if err == nil && common.HexToAddress(a) == (common.Address{}) {
		err = predict.Errorf(predict.EINVALID, "%s must not be the zero address", field)
	}
	return a, err
}

// handleGetLoginChallenge returns the text the owner of a smart account
// signs to prove control of it at login (docs/users.md). The caller need
// not be registered yet.
func (s *Server) handleGetLoginChallenge(w http.ResponseWriter, r *http.Request) {
	claims, err := s.claims(r)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	addr, err := parseAccount("address", newQuery(r).get("address"))
	if err != nil {
		s.Error(w, r, err)
		return
	}
	if s.cfg.Deployment == nil || s.cfg.Accounts == nil {
		s.Error(w, r, predict.Errorf(predict.ENOTIMPL, "this deployment has no chain to verify accounts on"))
		return
	}
	if _, err := s.cfg.Accounts.Check(r.Context(), common.HexToAddress(addr)); err != nil {
		s.Error(w, r, err)
		return
	}
	c := aa.NewLoginChallenge(claims.Subject, common.HexToAddress(addr), s.cfg.Deployment.ChainID, s.now(), loginChallengeTTL)
	ok(w, wire.LoginChallenge{
		Message: c.Message(), Address: addr, ChainID: c.ChainID,
		Nonce: c.Nonce, ExpiresAt: wireTime(c.Expires),
	})
}

// verifyLoginProof checks the optional proof of control of a login (the
// challenge text, its signature by the account's owner and, optionally,
// the owner) for subject binding addr: the challenge must be this
// service's, for this subject, account and chain, unexpired, and signed
// by the account's owner.
func (s *Server) verifyLoginProof(r *http.Request, subject, addr string, p *wire.LoginRequest) error {
	if p.Signature == "" || p.Challenge == "" {
		return predict.Errorf(predict.EINVALID, "signature and challenge go together: get a challenge from /api/v1/user/get-login-challenge and sign it")
	}
	if !sigRe.MatchString(p.Signature) {
		return predict.Errorf(predict.EINVALID, "signature must be 65 bytes of 0x-hex")
	}
	var owner string
	if p.Owner != "" {
		var err error
		if owner, err = parseAccount("owner", p.Owner); err != nil {
			return err
		}
	}
	if s.cfg.Deployment == nil || s.cfg.Accounts == nil {
		return predict.Errorf(predict.ENOTIMPL, "this deployment has no chain to verify accounts on")
	}
	c, err := aa.ParseLoginChallenge(p.Challenge)
	if err != nil {
		return err
	}
	now := s.now()
	switch {
	case c.Subject != subject:
		return predict.Errorf(predict.EINVALID, "challenge is for another identity")
	case c.Account != common.HexToAddress(addr):
		return predict.Errorf(predict.EINVALID, "challenge is for another address")
	case c.ChainID != s.cfg.Deployment.ChainID:
		return predict.Errorf(predict.EINVALID, "challenge is for chain %d, not this service's chain %d", c.ChainID, s.cfg.Deployment.ChainID)
	case !c.Expires.After(now):
		return predict.Errorf(predict.EINVALID, "challenge expired at %s; get a new one", formatTime(c.Expires))
	case c.Expires.After(now.Add(loginChallengeTTL + time.Minute)):
		return predict.Errorf(predict.EINVALID, "challenge expires more than %s ahead", loginChallengeTTL)
	}
	signer, err := s.cfg.Accounts.VerifyOwner(r.Context(), c.Account, []byte(p.Challenge), common.FromHex(p.Signature))
	if err != nil {
		return err
	}
	if owner != "" && common.HexToAddress(owner) != signer {
		return predict.Errorf(predict.EFORBIDDEN, "the challenge is signed by %s, not by owner %s", strings.ToLower(signer.Hex()), owner)
	}
	return nil
}

// handleLogin registers the caller on first login and binds the smart
// account address; later logins return the same uid. With a proof of
// control the binding is final; without, it is provisional and a user
// who proves control takes the address over (docs/users.md).
func (s *Server) handleLogin(w http.ResponseWriter, r *http.Request) {
	claims, err := s.claims(r)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	var req wire.LoginRequest
	if err := decodeBody(w, r, s.cfg.BodyLimit, &req); err != nil {
		s.Error(w, r, err)
		return
	}
	addr, err := parseAccount("address", req.Address)
	if err == nil && req.UserName != "" {
		err = checkUserName("userName", req.UserName)
	}
	if err == nil && req.AvatarURL != "" {
		err = checkAvatarURL("avatarUrl", req.AvatarURL)
	}
	if err == nil && len(req.InviteByCode) > maxInviteCode {
		err = predict.Errorf(predict.EINVALID, "inviteByCode must be at most %d characters", maxInviteCode)
	}
	proven := req.Signature != "" || req.Challenge != "" || req.Owner != ""
	switch {
	case err != nil:
	case proven:
		err = s.verifyLoginProof(r, claims.Subject, addr, &req)
	case s.cfg.Accounts != nil:
		// Without proof, an address with code must at least be an
		// account of the factory: not a market, a token or another
		// contract whose balances would then show as the user's.
		_, err = s.cfg.Accounts.Check(r.Context(), common.HexToAddress(addr))
	}
	if err != nil {
		s.Error(w, r, err)
		return
	}
	// A provisional holder of the address loses it to a proof: note who,
	// to announce their notification once the login committed.
	var holder *predict.User
	if proven {
		if holder, err = s.store.UserByAddress(r.Context(), addr); predict.ErrorCode(err) == predict.ENOTFOUND {
			holder, err = nil, nil
		} else if err != nil {
			s.Error(w, r, err)
			return
		}
	}
	u, created, err := s.store.Login(r.Context(), predict.LoginParams{
		Subject:      claims.Subject,
		Address:      addr,
		Verified:     proven,
		InviteByCode: strings.TrimSpace(req.InviteByCode),
		UserName:     req.UserName,
		AvatarURL:    req.AvatarURL,
	})
	if err != nil {
		s.Error(w, r, err)
		return
	}
	// The login may have bound an address, which the user's positions,
	// trades and orders are read by: their cached answers are forgotten.
	s.forgetUser(r, u.UID)
	if created {
		s.logger.InfoContext(r.Context(), "user registered", "uid", u.UID, "address", u.Address, "proven", u.AddressVerified)
	}
	if holder != nil && holder.UID != u.UID && !holder.AddressVerified {
		s.logger.InfoContext(r.Context(), "provisional address binding taken over by proof", "address", addr, "from", holder.UID, "to", u.UID)
		s.forgetUser(r, holder.UID)
		s.announceNotifications(r.Context(), []string{holder.UID})
	}
	ok(w, wire.LoginResult{UID: u.UID, IsNewUser: created, AddressVerified: u.AddressVerified})
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
	var req wire.SetUserNameRequest
	s.setUserText(w, r, &req, "userName", func() string { return req.UserName }, checkUserName, s.store.SetUserName,
		func(u *predict.User, name string) { u.Name = name })
}

// handleSetAvatar changes the caller's avatar URL.
func (s *Server) handleSetAvatar(w http.ResponseWriter, r *http.Request) {
	var req wire.SetAvatarRequest
	s.setUserText(w, r, &req, "avatarUrl", func() string { return req.AvatarURL }, checkAvatarURL, s.store.SetAvatarURL,
		func(u *predict.User, url string) { u.AvatarURL = url })
}

// setUserText is the body of set-username and set-avatar: the caller
// sets one required text of their profile (field, read from req by
// value once decoded), checked by check, stored by set; the answer is
// the caller's profile with it applied.
func (s *Server) setUserText(w http.ResponseWriter, r *http.Request, req any, field string, value func() string,
	check func(field, v string) error, set func(ctx context.Context, uid, v string) error, apply func(u *predict.User, v string)) {
	u, valid := s.caller(w, r, req)
	if !valid {
		return
	}
	v := value()
	if v == "" {
		s.Error(w, r, predict.Errorf(predict.EINVALID, "%s is required", field))
		return
	}
	if err := check(field, v); err != nil {
		s.Error(w, r, err)
		return
	}
	if err := set(r.Context(), u.UID, v); err != nil {
		s.Error(w, r, err)
		return
	}
	s.forgetAll(r) // names and avatars show in cached market details and trades
	apply(u, v)
	ok(w, newUserInfo(u))
}
