package client

import (
	"context"
	"net/url"

	"github.com/predict-dev/predict/wire"
)

// Kinds of notifications (docs/notifications.md).
const (
	// NotificationOperation: an operation of the caller became final.
	// Data: opHash, action, marketAddress, status, reason.
	NotificationOperation = "operation"
	// NotificationMarketSettled: a market the caller holds or follows
	// ended. Data: marketAddress, marketTitle, winningOptionAddress.
	NotificationMarketSettled = "market_settled"
	// NotificationCommentReply: someone answered the caller's post or
	// comment. Data: marketAddress, postId, commentId, replyTo,
	// authorUid, authorName.
	NotificationCommentReply = "comment_reply"
)

// Notification is a message to the caller.
type Notification = wire.Notification

// NotificationsQuery holds the parameters of get-notifications.
type NotificationsQuery struct {
	Page, PageSize int
	// UnreadOnly keeps the unread notifications.
	UnreadOnly bool
}

// NotificationsPage is a page of the caller's notifications, newest
// first.
type NotificationsPage = wire.NotificationsPage

// GetNotifications lists the caller's notifications.
func (c *Client) GetNotifications(ctx context.Context, q NotificationsQuery) (*NotificationsPage, error) {
	v := url.Values{}
	query(v).paging(q.Page, q.PageSize).flag("unreadOnly", q.UnreadOnly)
	return fetch[NotificationsPage](ctx, c, "/api/v1/user/get-notifications", v, "get notifications")
}

// ReadResult is the answer of read-notifications.
type ReadResult = wire.ReadResult

// MaxReadIDs is how many ids one read-notifications call may list.
const MaxReadIDs = 100

// ReadNotifications marks the caller's notifications with the given ids
// read, or every one of them when no id is given. Other users' ids,
// unknown ids and notifications already read are ignored.
func (c *Client) ReadNotifications(ctx context.Context, ids ...int64) (*ReadResult, error) {
	body := wire.ReadNotificationsRequest{IDs: ids}
	return submit[ReadResult](ctx, c, "/api/v1/user/read-notifications", body, "read notifications %v", ids)
}
