package api

import (
	"net/http"
	"strings"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/wire"
)

// Public profiles and follows between users, as the platform's clients
// call them (docs/users.md).

func newBaseInfo(p *predict.Profile) wire.UserBaseInfo {
	return wire.UserBaseInfo{
		UID: p.User.UID, Name: p.User.Name, AvatarURL: p.User.AvatarURL, Description: p.Description,
		Address: p.User.Address, InviteCode: p.User.InviteCode, FollowersCount: p.FollowersCount,
		FollowingCount: p.FollowingCount, IsFollowed: p.IsFollowed, CreatedAt: wireTime(p.User.CreatedAt),
	}
}

// profileKeys are the parameters get-user-base-info takes, exactly one at
// a time.
var profileKeys = []predict.ProfileKey{predict.ProfileByUID, predict.ProfileByAddress, predict.ProfileByName, predict.ProfileByInviteCode}

// handleGetUserBaseInfo answers the public profile of the user named by
// exactly one of uid, address, name and inviteCode. It is public; a
// caller who sends a valid token learns whether they follow the user.
func (s *Server) handleGetUserBaseInfo(w http.ResponseWriter, r *http.Request) {
	q := newQuery(r)
	var (
		key   predict.ProfileKey
		value string
		given []string
	)
	for _, k := range profileKeys {
		if _, found := q.values[string(k)]; found {
			key, value, given = k, q.get(string(k)), append(given, string(k))
		}
	}
	switch {
	case q.err != nil:
	case len(given) != 1:
		q.fail("exactly one of uid, address, name and inviteCode is required (got %d)", len(given))
	case value == "":
		q.fail("%s must not be empty", key)
	case key == predict.ProfileByUID:
		q.err = checkText("uid", value, true, 64)
	case key == predict.ProfileByAddress:
		value, q.err = parseAddress("address", value)
	case key == predict.ProfileByName:
		q.err = checkUserName("name", value)
	case key == predict.ProfileByInviteCode && len(value) > maxInviteCode:
		q.fail("inviteCode must be at most %d characters", maxInviteCode)
	}
	viewer, valid := s.queryViewer(w, r, q)
	if !valid {
		return
	}
	p, err := s.store.ProfileBy(r.Context(), key, value, viewer)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	ok(w, newBaseInfo(p))
}

// handleSetName is the platform's name for set-username, with the
// referral code a client may send with the first name: it is recorded
// when the caller has no referrer yet, and ignored otherwise, as at
// login. It answers the caller's profile, as set-username does.
func (s *Server) handleSetName(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Name         string `json:"name"`
		InviteByCode string `json:"inviteByCode"`
	}
	u, valid := s.caller(w, r, &req)
	if !valid {
		return
	}
	var err error
	switch {
	case req.Name == "":
		err = predict.Errorf(predict.EINVALID, "name is required")
	case len(req.InviteByCode) > maxInviteCode:
		err = predict.Errorf(predict.EINVALID, "inviteByCode must be at most %d characters", maxInviteCode)
	default:
		err = checkUserName("name", req.Name)
	}
	if err != nil {
		s.Error(w, r, err)
		return
	}
	if err := s.store.SetUserName(r.Context(), u.UID, req.Name); err != nil {
		s.Error(w, r, err)
		return
	}
	s.forgetAll(r) // names show in cached market details and trades
	if code := strings.TrimSpace(req.InviteByCode); code != "" {
		if _, err := s.store.SetInvitedBy(r.Context(), u.UID, code); err != nil {
			s.Error(w, r, err)
			return
		}
	}
	if u, err = s.store.UserByUID(r.Context(), u.UID); err != nil {
		s.Error(w, r, err)
		return
	}
	ok(w, newUserInfo(s.withBootstrapRoles(u)))
}

// handleSetDescription sets the caller's self-description; an empty one
// clears it. It answers the caller's public profile.
func (s *Server) handleSetDescription(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Description *string `json:"description"`
	}
	u, valid := s.caller(w, r, &req)
	if !valid {
		return
	}
	var err error
	if req.Description == nil {
		s.Error(w, r, predict.Errorf(predict.EINVALID, "description is required; send \"\" to clear it"))
		return
	}
	desc := ""
	if strings.TrimSpace(*req.Description) != "" {
		if desc, err = checkContent("description", *req.Description, predict.MaxDescriptionLength); err != nil {
			s.Error(w, r, err)
			return
		}
	}
	if err := s.store.SetDescription(r.Context(), u.UID, desc); err != nil {
		s.Error(w, r, err)
		return
	}
	p, err := s.store.ProfileBy(r.Context(), predict.ProfileByUID, u.UID, u.UID)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	ok(w, newBaseInfo(p))
}

// handleFollowUser and handleUnfollowUser follow and unfollow a user;
// both are idempotent.
func (s *Server) handleFollowUser(w http.ResponseWriter, r *http.Request) {
	s.followUser(w, r, "followUid", true)
}

func (s *Server) handleUnfollowUser(w http.ResponseWriter, r *http.Request) {
	s.followUser(w, r, "unfollowUid", false)
}

func (s *Server) followUser(w http.ResponseWriter, r *http.Request, field string, follow bool) {
	var req struct {
		FollowUID   string `json:"followUid"`
		UnfollowUID string `json:"unfollowUid"`
	}
	u, valid := s.caller(w, r, &req)
	if !valid {
		return
	}
	var err error
	target := req.FollowUID
	if !follow {
		target = req.UnfollowUID
	}
	switch {
	case target == "":
		err = predict.Errorf(predict.EINVALID, "%s is required", field)
	case target == u.UID:
		err = predict.Errorf(predict.EINVALID, "%s is the caller: a user cannot follow themselves", field)
	default:
		err = checkText(field, target, true, 64)
	}
	if err != nil {
		s.Error(w, r, err)
		return
	}
	if err := s.store.FollowUser(r.Context(), u.UID, target, follow); err != nil {
		s.Error(w, r, err)
		return
	}
	p, err := s.store.ProfileBy(r.Context(), predict.ProfileByUID, target, u.UID)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	ok(w, wire.UserFollow{UID: p.User.UID, IsFollowed: p.IsFollowed, FollowersCount: p.FollowersCount})
}
