package api

import (
	"net/http"

	"github.com/predict-dev/predict"
)

// The caller's notifications (docs/notifications.md).

type notificationJSON struct {
	ID        int64             `json:"id"`
	Kind      string            `json:"kind"`
	Read      bool              `json:"read"`
	CreatedAt string            `json:"createdAt"`
	Data      map[string]string `json:"data"`
}

// handleGetNotifications lists the caller's notifications, newest first,
// with the number of unread ones (for a badge).
func (s *Server) handleGetNotifications(w http.ResponseWriter, r *http.Request) {
	u, err := s.authenticate(r)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	q := newQuery(r)
	page, size := q.page()
	unreadOnly := q.bool("unreadOnly")
	if q.err != nil {
		s.Error(w, r, q.err)
		return
	}
	ns, total, unread, err := s.store.Notifications(r.Context(), predict.NotificationFilter{
		UID: u.UID, UnreadOnly: unreadOnly, Page: page, PageSize: size,
	})
	if err != nil {
		s.Error(w, r, err)
		return
	}
	out := make([]notificationJSON, len(ns))
	for i, n := range ns {
		out[i] = notificationJSON{ID: n.ID, Kind: n.Kind, Read: n.Read, CreatedAt: formatTime(n.CreatedAt), Data: n.Data}
	}
	ok(w, map[string]any{"total": total, "unreadCount": unread, "notifications": out})
}

// handleReadNotifications marks the listed notifications of the caller
// read, or all of them when ids is left out. An empty list is refused
// rather than read as "all": a client bug should not clear every badge.
func (s *Server) handleReadNotifications(w http.ResponseWriter, r *http.Request) {
	u, err := s.authenticate(r)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	var req struct {
		IDs *[]int64 `json:"ids"`
	}
	if err := decodeBody(w, r, s.cfg.BodyLimit, &req); err != nil {
		s.Error(w, r, err)
		return
	}
	var ids []int64
	if req.IDs != nil {
		ids = *req.IDs
		switch {
		case len(ids) == 0:
			err = predict.Errorf(predict.EINVALID, "ids must not be empty; leave it out to mark every notification read")
		case len(ids) > predict.MaxReadIDs:
			err = predict.Errorf(predict.EINVALID, "ids must list at most %d ids", predict.MaxReadIDs)
		}
		for _, id := range ids {
			if err == nil && id <= 0 {
				err = predict.Errorf(predict.EINVALID, "ids must be positive integers")
			}
		}
	}
	if err != nil {
		s.Error(w, r, err)
		return
	}
	changed, err := s.store.MarkNotificationsRead(r.Context(), u.UID, ids)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	_, _, unread, err := s.store.Notifications(r.Context(), predict.NotificationFilter{UID: u.UID, UnreadOnly: true, Page: 1, PageSize: 1})
	if err != nil {
		s.Error(w, r, err)
		return
	}
	ok(w, map[string]any{"changed": changed, "unreadCount": unread})
}
