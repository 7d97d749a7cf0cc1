package api

import (
	"context"
	"math/big"
	"net/http"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/kind"
	"github.com/predict-dev/predict/wire"
)

// The caller's notifications (docs/notifications.md).

// handleGetNotifications lists the caller's notifications, newest first,
// with the number of unread ones (for a badge).
func (s *Server) handleGetNotifications(w http.ResponseWriter, r *http.Request) {
	u, q, valid := s.callerQuery(w, r)
	if !valid {
		return
	}
	page, size := q.page()
	unreadOnly := q.bool("unreadOnly")
	if !s.queryValid(w, r, q) {
		return
	}
	s.cachedFor(w, r, u.UID, false, func(ctx context.Context) (any, error) {
		ns, total, unread, err := s.store.Notifications(ctx, predict.NotificationFilter{
			UID: u.UID, UnreadOnly: unreadOnly, Page: page, PageSize: size,
		})
		return wire.NotificationsPage{Total: total, UnreadCount: unread, Notifications: wireList(ns, newNotification)}, err
	})
}

// newNotification is a notification in predict's own list form.
func newNotification(n *predict.Notification) wire.Notification {
	return wire.Notification{ID: n.ID, UUID: n.UUID, Kind: n.Kind, Type: n.Type, Category: n.Category, Read: n.Read,
		CreatedAt: wireTime(n.CreatedAt), Data: n.Data}
}

// handleReadNotifications marks the listed notifications of the caller
// read, or all of them when ids is left out. An empty list is refused
// rather than read as "all": a client bug should not clear every badge.
func (s *Server) handleReadNotifications(w http.ResponseWriter, r *http.Request) {
	var req struct {
		IDs *[]int64 `json:"ids"`
	}
	u, valid := s.caller(w, r, &req)
	if !valid {
		return
	}
	var err error
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
	s.answerRead(w, r, u.UID, changed, err)
}

// answerRead answers a marking of the caller's notifications read: how
// many changed, or err when the marking failed, and how many stay unread
// (for the badge).
func (s *Server) answerRead(w http.ResponseWriter, r *http.Request, uid string, changed int, err error) {
	// Forgotten whatever the outcome: a failed marking may have marked
	// some before it failed.
	s.forgetUser(r, uid)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	_, _, unread, err := s.store.Notifications(r.Context(), predict.NotificationFilter{UID: uid, UnreadOnly: true, Page: 1, PageSize: 1})
	s.answer(w, r, wire.ReadResult{Changed: changed, UnreadCount: unread}, err)
}

// The platform's notification endpoints: notifications addressed by uuid,
// each with a title and a content to show as they are
// (docs/notifications.md).

// handleGetUserNotifications lists the caller's notifications, newest
// first, filtered by status, type and category.
func (s *Server) handleGetUserNotifications(w http.ResponseWriter, r *http.Request) {
	u, q, valid := s.callerQuery(w, r)
	if !valid {
		return
	}
	page, size := q.page()
	f := predict.UserNotificationFilter{
		UID: u.UID, Page: page, PageSize: size,
		Status:   q.enum("status", "read", "unread"),
		Type:     q.enum("type", predict.NotificationTypes...),
		Category: q.enum("category", predict.NotificationCategories...),
	}
	if !s.queryValid(w, r, q) {
		return
	}
	s.cachedFor(w, r, u.UID, false, func(ctx context.Context) (any, error) {
		ns, total, unread, err := s.store.UserNotifications(ctx, f)
		return wire.UserNotificationsPage{Total: total, UnreadCount: unread, Notifications: wireList(ns, s.newUserNotification)}, err
	})
}

// newUserNotification is a notification in the platform's form, with the
// title and content to show.
func (s *Server) newUserNotification(n *predict.Notification) wire.UserNotification {
	status := "unread"
	if n.Read {
		status = "read"
	}
	title, content := s.notificationText(n)
	return wire.UserNotification{
		UUID: n.UUID, Type: n.Type, Title: title, Content: content, Status: status, CreatedAt: wireTime(n.CreatedAt),
		ID: n.ID, Category: n.Category, Kind: n.Kind, Data: n.Data,
	}
}

// handleMarkNotificationsAsRead marks the caller's notifications of the
// listed uuids read. Unknown uuids and other users' are ignored, as by
// read-notifications: the answer does not reveal whether a uuid exists.
// An empty list marks nothing (there is no "all" here to mistake it for).
func (s *Server) handleMarkNotificationsAsRead(w http.ResponseWriter, r *http.Request) {
	var req struct {
		UUIDs *[]string `json:"notificationUuids"`
	}
	u, valid := s.caller(w, r, &req)
	if !valid {
		return
	}
	var err error
	switch {
	case req.UUIDs == nil:
		err = predict.Errorf(predict.EINVALID, "notificationUuids is required")
	case len(*req.UUIDs) > predict.MaxReadIDs:
		err = predict.Errorf(predict.EINVALID, "notificationUuids must list at most %d uuids", predict.MaxReadIDs)
	default:
		for _, id := range *req.UUIDs {
			if !uuidRe.MatchString(id) {
				err = predict.Errorf(predict.EINVALID, "notificationUuids must be uuids (8-4-4-4-12 hex digits)")
				break
			}
		}
	}
	if err != nil {
		s.Error(w, r, err)
		return
	}
	changed, err := s.store.MarkNotificationsReadByUUID(r.Context(), u.UID, *req.UUIDs)
	s.answerRead(w, r, u.UID, changed, err)
}

// notificationText writes the title and the content of a notification
// in English, from its data and its subject (docs/notifications.md).
func (s *Server) notificationText(n *predict.Notification) (title, content string) {
	d, sub := n.Data, n.Subject
	if sub == nil {
		sub = &predict.NotificationSubject{}
	}
	market := sub.MarketTitle
	if market == "" {
		market = d[predict.NoteMarket]
	}
	on := ""
	if market != "" {
		on = " on “" + market + "”"
	}
	switch n.Kind {
	case predict.NotifyOperation:
		status := predict.OpStatus(d[predict.NoteStatus])
		k, known := kind.Of(d[predict.NoteAction])
		if !known {
			k = &kind.Kind{}
		}
		noun := k.Noun
		if noun == "" {
			noun = "operation"
		}
		if status == predict.OpConfirmed {
			title = k.Confirmed
			if title == "" {
				title = "Operation confirmed"
			}
		} else {
			title = k.Failed
			if title == "" {
				title = "Operation failed"
			}
		}
		what := noun
		if sub.Amount != nil && sub.OptionTitle != "" {
			symbol, decimals := s.tokenUnits(sub.BaseToken)
			amount := predict.FormatUnits(sub.Amount, decimals)
			if sub.Side == 1 {
				what = noun + " of " + amount + " " + symbol + " of " + sub.OptionTitle
			} else {
				what = noun + " of " + amount + " " + sub.OptionTitle
			}
		}
		content = "Your " + what + on + " was " + string(status)
		if r := d[predict.NoteReason]; r != "" && status != predict.OpConfirmed {
			content += ": " + r
		}
		return title, content + "."
	case predict.NotifyMarketSettled:
		if sub.MarketTitle == "" && d[predict.NoteMarketTitle] != "" {
			market = d[predict.NoteMarketTitle]
		}
		content = "“" + market + "” has settled"
		if sub.OptionTitle != "" {
			content += ": " + sub.OptionTitle + " won"
		}
		if d[predict.NoteVoid] == "true" {
			content = "“" + market + "” ended void: every option token redeems at 1/N"
		}
		return "Market settled", content + "."
	case predict.NotifyMarketAsserted, predict.NotifyMarketDisputed, predict.NotifyBondMoved:
		if sub.MarketTitle == "" && d[predict.NoteMarketTitle] != "" {
			market = d[predict.NoteMarketTitle]
		}
		outcome := "void"
		if d[predict.NoteVoid] != "true" {
			outcome = sub.OptionTitle
			if outcome == "" {
				outcome = d[predict.NoteWinningOption]
			}
		}
		switch n.Kind {
		case predict.NotifyMarketAsserted:
			return "Outcome asserted", "“" + market + "”: " + outcome + " was asserted; it can be disputed until " +
				d[predict.NoteChallengeEnd] + "."
		case predict.NotifyMarketDisputed:
			return "Outcome disputed", "The outcome asserted on “" + market + "” was disputed; the arbitrator decides."
		}
		symbol, decimals := s.tokenUnits(sub.BaseToken)
		paid := d[predict.NoteAmount]
		if x, ok := new(big.Int).SetString(paid, 10); ok {
			paid = predict.FormatUnits(x, decimals)
		}
		return "Bond paid out", "“" + market + "” resolved " + outcome + ": " + paid + " " + symbol + " of bonds went to " +
			d[predict.NoteBondWinner] + "."
	case predict.NotifyPayout:
		if sub.MarketTitle == "" && d[predict.NoteMarketTitle] != "" {
			market = d[predict.NoteMarketTitle]
		}
		symbol, decimals := s.tokenUnits(sub.BaseToken)
		paid := d[predict.NoteAmount]
		if x, ok := new(big.Int).SetString(paid, 10); ok {
			paid = predict.FormatUnits(x, decimals)
		}
		if d[predict.NotePayout] == "liquidity" {
			return "Liquidity redeemed", "Your liquidity in “" + market + "” was redeemed: " + paid + " " + symbol + " paid to your account."
		}
		return "Winnings paid", "You won " + paid + " " + symbol + " on “" + market + "”: paid to your account."
	case predict.NotifyCommentReply:
		who := d[predict.NoteAuthorName]
		if who == "" {
			who = "Someone"
		}
		if d[predict.NoteReplyTo] == "post" {
			return "New comment", who + " commented on your post" + on + "."
		}
		return "New reply", who + " replied to your comment" + on + "."
	case predict.NotifyAddressLost:
		return "Address taken over", "Another user proved control of " + d[predict.NoteAddress] +
			" and took it over from your account; your next login binds an address again."
	case predict.NotifyWebhookDisabled:
		return "Webhook disabled", "Your webhook " + d["webhookId"] + " kept failing for a day and was disabled (" +
			d["reason"] + "); enable it again once its receiver answers."
	}
	return "Notification", ""
}

// tokenUnits returns the symbol and the decimals of a base token: the
// deployment's, or "base tokens" and the default decimals when the token
// is not listed.
func (s *Server) tokenUnits(token string) (symbol string, decimals int) {
	if s.cfg.Deployment != nil {
		if t, found := s.cfg.Deployment.BaseToken(token); found && t.Symbol != "" {
			return t.Symbol, t.Decimals
		}
	}
	return "base tokens", s.decimals(token)
}
