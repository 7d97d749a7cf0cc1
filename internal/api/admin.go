package api

import (
	"fmt"
	"net/http"

	"github.com/ethereum/go-ethereum/common"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/wire"
)

// errNeedsRole is the 403 of a caller without the role an action needs.
var errNeedsRole = predict.NeedsRole

// handleSetUserRole grants or revokes the admin or resolver role of a
// user. Admins only.
func (s *Server) handleSetUserRole(w http.ResponseWriter, r *http.Request) {
	caller, err := s.authenticate(r)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	if !caller.HasRole(predict.RoleAdmin) {
		s.Error(w, r, errNeedsRole(caller, "changing roles", predict.RoleAdmin))
		return
	}
	var req struct {
		UID     string `json:"uid"`
		Role    string `json:"role"`
		Granted *bool  `json:"granted"`
	}
	if err := decodeBody(w, r, s.cfg.BodyLimit, &req); err != nil {
		s.Error(w, r, err)
		return
	}
	switch {
	case req.UID == "":
		err = predict.Errorf(predict.EINVALID, "uid is required")
	case len(req.UID) > 64:
		err = predict.Errorf(predict.EINVALID, "uid must be at most 64 characters")
	case req.Role != predict.RoleAdmin && req.Role != predict.RoleResolver && req.Role != predict.RoleArbitrator:
		err = predict.Errorf(predict.EINVALID, "role must be one of admin, resolver, arbitrator")
	case req.Granted == nil:
		err = predict.Errorf(predict.EINVALID, "granted is required")
	}
	if err != nil {
		s.Error(w, r, err)
		return
	}
	target, err := s.store.UserByUID(r.Context(), req.UID)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	if !*req.Granted && req.Role == predict.RoleAdmin && s.isBootstrapAdmin(target.Subject) {
		s.Error(w, r, predict.Errorf(predict.ECONFLICT, "user %s is an admin by configuration (PREDICT_ADMIN_SUBJECTS); remove it there", target.UID))
		return
	}
	// The role goes on chain to the user's account: only to an account
	// the user proved to control, or a provisional binding would hand
	// the role to whoever really owns that address.
	hasAccount := target.Address != "" && common.HexToAddress(target.Address) != (common.Address{})
	if s.cfg.Roles != nil && *req.Granted && (!hasAccount || !target.AddressVerified) {
		s.Error(w, r, predict.Errorf(predict.ENOACCOUNT, "user %s has no proven smart account to hold the role on chain: they must log in with a signature by their account's owner first", target.UID))
		return
	}
	var txHash string
	if hasAccount {
		txHash, err = s.mirrorRole(r, target.Address, req.Role, *req.Granted)
	}
	if err != nil {
		s.Error(w, r, fmt.Errorf("on-chain role change for %s failed, nothing was changed: %w", target.UID, err))
		return
	}
	if err := s.store.SetRole(r.Context(), target.UID, req.Role, *req.Granted); err != nil {
		s.Error(w, r, err)
		return
	}
	s.logger.InfoContext(r.Context(), "role changed", "by", caller.UID, "uid", target.UID, "role", req.Role, "granted", *req.Granted, "tx", txHash)
	if !*req.Granted {
		// Streams opened under the role end; their clients reconnect as
		// what the user now is.
		s.endStreams(r, target.UID, "")
	}
	target, err = s.store.UserByUID(r.Context(), target.UID)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	ok(w, wire.SetUserRoleResult{User: newUserInfo(s.withBootstrapRoles(target)), ChainTxHash: txHash})
}
