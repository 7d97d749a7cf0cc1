package predict

import (
	"context"
	"time"
)

// Notification kinds (docs/notifications.md).
const (
	// NotifyOperation: an operation of the user became final (confirmed,
	// reverted or dropped). Data: opHash, action, marketAddress, status,
	// reason.
	NotifyOperation = "operation"
	// NotifyMarketSettled: a market the user holds (option tokens or LP
	// shares) or follows has ended. Data: marketAddress, marketTitle,
	// winningOptionAddress.
	NotifyMarketSettled = "market_settled"
	// NotifyCommentReply: someone answered the user's post or comment.
	// Data: marketAddress, postId, commentId, replyTo ("post" or
	// "comment"), authorUid, authorName.
	NotifyCommentReply = "comment_reply"
	// NotifyAddressLost: the user's provisional address binding was taken
	// over by a user who proved control of the account (docs/users.md).
	// Data: address.
	NotifyAddressLost = "address_lost"
)

// Keys of Notification.Data.
const (
	NoteOpHash        = "opHash"
	NoteAction        = "action"
	NoteMarket        = "marketAddress"
	NoteStatus        = "status"
	NoteReason        = "reason"
	NoteMarketTitle   = "marketTitle"
	NoteWinningOption = "winningOptionAddress"
	NotePostID        = "postId"
	NoteCommentID     = "commentId"
	NoteReplyTo       = "replyTo"
	NoteAuthorUID     = "authorUid"
	NoteAuthorName    = "authorName"
	NoteAddress       = "address"
)

// Notification is a message for one user about something that concerns
// them. It is written in the same transaction as its cause, so a cause is
// never recorded without its notification.
type Notification struct {
	ID   int64
	UID  string
	Kind string // one of the Notify* kinds
	// Data holds the kind's fields; every value is a string, as in SSE
	// payloads.
	Data      map[string]string
	Read      bool
	CreatedAt time.Time
}

// NotificationFilter selects a page of a user's notifications, newest
// first.
type NotificationFilter struct {
	UID        string
	UnreadOnly bool
	Page       int // 1-indexed
	PageSize   int
}

// MaxReadIDs bounds the ids of one MarkNotificationsRead call.
const MaxReadIDs = 100

// NotificationStore keeps users' notifications. They are written by the
// store itself next to their causes (operation status changes, settlements
// applied by the indexer, comments); this interface reads them and marks
// them read.
type NotificationStore interface {
	// Notifications returns a page of the user's notifications, the
	// number matching the filter, and the number of unread ones.
	Notifications(ctx context.Context, f NotificationFilter) (ns []*Notification, total, unread int, err error)
	// MarkNotificationsRead marks the user's notifications with the given
	// ids read (all of the user's notifications when ids is empty) and
	// returns how many were unread before. Ids of other users'
	// notifications are ignored.
	MarkNotificationsRead(ctx context.Context, uid string, ids []int64) (changed int, err error)
}
