package client

import (
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"time"
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
type Notification struct {
	ID        int64     `json:"id"`
	Kind      string    `json:"kind"`
	Read      bool      `json:"read"`
	CreatedAt time.Time `json:"createdAt"`
	// Data holds the kind's fields; every value is a string.
	Data map[string]string `json:"data"`
}

func (n *Notification) wire() any {
	type plain Notification
	return &struct {
		*plain
		CreatedAt timeField `json:"createdAt"`
	}{(*plain)(n), tm(&n.CreatedAt)}
}

// UnmarshalJSON reads the wire form.
func (n *Notification) UnmarshalJSON(b []byte) error { return json.Unmarshal(b, n.wire()) }

// MarshalJSON writes the wire form.
func (n Notification) MarshalJSON() ([]byte, error) { return json.Marshal(n.wire()) }

// NotificationsQuery holds the parameters of get-notifications.
type NotificationsQuery struct {
	Page, PageSize int
	// UnreadOnly keeps the unread notifications.
	UnreadOnly bool
}

// NotificationsPage is a page of the caller's notifications, newest
// first.
type NotificationsPage struct {
	// Total counts the notifications the query selects.
	Total int `json:"total"`
	// UnreadCount counts every unread notification, whatever the query.
	UnreadCount   int            `json:"unreadCount"`
	Notifications []Notification `json:"notifications"`
}

// GetNotifications lists the caller's notifications.
func (c *Client) GetNotifications(ctx context.Context, q NotificationsQuery) (*NotificationsPage, error) {
	p, size := page(q.Page, q.PageSize)
	v := url.Values{}
	query(v).int("page", p).int("pageSize", size).flag("unreadOnly", q.UnreadOnly)
	var out NotificationsPage
	if err := c.get(ctx, "/api/v1/user/get-notifications", v, &out); err != nil {
		return nil, fmt.Errorf("get notifications: %w", err)
	}
	return &out, nil
}

// ReadResult is the answer of read-notifications.
type ReadResult struct {
	// Changed counts the notifications this call marked read.
	Changed int `json:"changed"`
	// UnreadCount counts those still unread.
	UnreadCount int `json:"unreadCount"`
}

// MaxReadIDs is how many ids one read-notifications call may list.
const MaxReadIDs = 100

// ReadNotifications marks the caller's notifications with the given ids
// read, or every one of them when no id is given. Other users' ids,
// unknown ids and notifications already read are ignored.
func (c *Client) ReadNotifications(ctx context.Context, ids ...int64) (*ReadResult, error) {
	body := map[string]any{}
	if len(ids) > 0 {
		body["ids"] = ids
	}
	var out ReadResult
	if err := c.post(ctx, "/api/v1/user/read-notifications", body, &out); err != nil {
		return nil, fmt.Errorf("read notifications %v: %w", ids, err)
	}
	return &out, nil
}
