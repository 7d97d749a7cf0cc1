package predict

import (
	"context"
	"math/big"
	"time"

	"github.com/predict-dev/predict/kind"
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
	// NotifyMarketAsserted: an outcome of a market the user holds or
	// follows was asserted. Data: marketAddress, marketTitle,
	// winningOptionAddress (the asserted option, "" for void), void,
	// challengeEndsAt (RFC 3339).
	NotifyMarketAsserted = "market_asserted"
	// NotifyMarketDisputed: the assertion of such a market was disputed
	// and waits for the arbitrator. Data: marketAddress, marketTitle,
	// winningOptionAddress (the asserted option), void.
	NotifyMarketDisputed = "market_disputed"
	// NotifyBondMoved: the user asserted or disputed the outcome of a
	// market and the bonds moved (finalized or arbitrated). Data:
	// marketAddress, marketTitle, winningOptionAddress (the outcome),
	// void, bondWinner (the account paid), amount (base units paid).
	NotifyBondMoved = "bond_moved"
	// NotifyPayout: a market the user held ended and the service paid the
	// user what its tokens or LP shares were worth, without the user
	// asking (internal/payout). Data: marketAddress, marketTitle, payout
	// ("claim", "void_claim" or "liquidity"), amount (base units paid).
	NotifyPayout = "payout"
	// NotifyCommentReply: someone answered the user's post or comment.
	// Data: marketAddress, postId, commentId, replyTo ("post" or
	// "comment"), authorUid, authorName.
	NotifyCommentReply = "comment_reply"
	// NotifyAddressLost: the user's provisional address binding was taken
	// over by a user who proved control of the account (docs/users.md).
	// Data: address.
	NotifyAddressLost = "address_lost"
	// NotifyWebhookDisabled: one of the user's webhook endpoints kept
	// failing for a day and was disabled (docs/integrations.md). Data:
	// webhookId, reason.
	NotifyWebhookDisabled = "webhook_disabled"
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
	NoteVoid          = "void"
	NoteChallengeEnd  = "challengeEndsAt"
	NoteBondWinner    = "bondWinner"
	NoteAmount        = "amount"
	NotePayout        = "payout"
)

// Notification is a message for one user about something that concerns
// them. It is written in the same transaction as its cause, so a cause is
// never recorded without its notification.
type Notification struct {
	ID   int64
	UUID string // how the platform's clients address it
	UID  string
	Kind string // one of the Notify* kinds
	// Type and Category classify it for the platform's clients; see
	// NotificationClass.
	Type     string
	Category string
	// Data holds the kind's fields; every value is a string, as in SSE
	// payloads.
	Data      map[string]string
	Read      bool
	CreatedAt time.Time
	// Subject is what its text names, looked up when it is read
	// (UserNotifications only; nil elsewhere).
	Subject *NotificationSubject
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

// Notification types and categories (docs/notifications.md): the
// platform's clients filter on them; every notification has one of each.
const (
	NoteTypeOrderConfirmed           = "order_confirmed"
	NoteTypeOrderFailed              = "order_failed"
	NoteTypeLiquidityConfirmed       = "liquidity_confirmed"
	NoteTypeLiquidityFailed          = "liquidity_failed"
	NoteTypeClaimConfirmed           = "claim_confirmed"
	NoteTypeClaimFailed              = "claim_failed"
	NoteTypeMarketOperationConfirmed = "market_operation_confirmed"
	NoteTypeMarketOperationFailed    = "market_operation_failed"
	NoteTypeMarketSettled            = "market_settled"
	NoteTypeMarketAsserted           = "market_asserted"
	NoteTypeMarketDisputed           = "market_disputed"
	NoteTypeBondMoved                = "bond_moved"
	NoteTypePayout                   = "payout"
	NoteTypeCommentReply             = "comment_reply"
	NoteTypePostReply                = "post_reply"
	NoteTypeAddressLost              = "address_lost"
	NoteTypeWebhookDisabled          = "webhook_disabled"

	NoteCategoryTransaction = "transaction"
	NoteCategoryMarket      = "market"
	NoteCategoryCommunity   = "community"
	NoteCategoryAccount     = "account"
)

// NotificationTypes and NotificationCategories list the values, in the
// order docs/notifications.md gives them.
var (
	NotificationTypes = []string{
		NoteTypeOrderConfirmed, NoteTypeOrderFailed, NoteTypeLiquidityConfirmed, NoteTypeLiquidityFailed,
		NoteTypeClaimConfirmed, NoteTypeClaimFailed, NoteTypeMarketOperationConfirmed, NoteTypeMarketOperationFailed,
		NoteTypeMarketSettled, NoteTypeMarketAsserted, NoteTypeMarketDisputed, NoteTypeBondMoved, NoteTypePayout, NoteTypeCommentReply,
		NoteTypePostReply, NoteTypeAddressLost, NoteTypeWebhookDisabled,
	}
	NotificationCategories = []string{NoteCategoryTransaction, NoteCategoryMarket, NoteCategoryCommunity, NoteCategoryAccount}
)

// NotificationClass gives the type and category of a notification of
// kind k with data; an operation's group is its kind's (package kind).
// Migration 0009 classified the notifications written before it with the
// same rules, in SQL; keep the two in step.
func NotificationClass(k string, data map[string]string) (typ, category string) {
	switch k {
	case NotifyOperation:
		group := kind.GroupOf(data[NoteAction])
		outcome := "_failed"
		if data[NoteStatus] == string(OpConfirmed) {
			outcome = "_confirmed"
		}
		return group + outcome, NoteCategoryTransaction
	case NotifyMarketSettled:
		return NoteTypeMarketSettled, NoteCategoryMarket
	case NotifyMarketAsserted:
		return NoteTypeMarketAsserted, NoteCategoryMarket
	case NotifyMarketDisputed:
		return NoteTypeMarketDisputed, NoteCategoryMarket
	case NotifyBondMoved:
		return NoteTypeBondMoved, NoteCategoryMarket
	case NotifyPayout:
		return NoteTypePayout, NoteCategoryTransaction
	case NotifyCommentReply:
		if data[NoteReplyTo] == "post" {
			return NoteTypePostReply, NoteCategoryCommunity
		}
		return NoteTypeCommentReply, NoteCategoryCommunity
	case NotifyAddressLost:
		return NoteTypeAddressLost, NoteCategoryAccount
	case NotifyWebhookDisabled:
		return NoteTypeWebhookDisabled, NoteCategoryAccount
	}
	return k, k
}

// NotificationSubject is what a notification's title and content name,
// looked up when it is read: the market's title and base token and, for a
// place-order, the order; for a settlement, the winning option's title.
// Fields the store could not find are empty (a market being created has
// no row yet).
type NotificationSubject struct {
	MarketTitle string
	BaseToken   string
	// OptionTitle is the order's option, or the winning option.
	OptionTitle string
	Side        int      // 1 buy, 2 sell; 0 when the operation is no order
	Amount      *big.Int // the order's amount (base tokens to buy, option tokens to sell)
}

// UserNotificationFilter selects a page of a user's notifications, newest
// first, as the platform's clients filter them. Empty fields select all.
type UserNotificationFilter struct {
	UID      string
	Status   string // "read", "unread" or ""
	Type     string
	Category string
	Page     int // 1-indexed
	PageSize int
}

// UserNotificationStore reads notifications the way the platform's clients
// address them: by uuid, with their subjects.
type UserNotificationStore interface {
	// UserNotifications returns a page of the user's notifications with
	// Subject filled, the number matching the filter, and the number of
	// unread ones.
	UserNotifications(ctx context.Context, f UserNotificationFilter) (ns []*Notification, total, unread int, err error)
	// MarkNotificationsReadByUUID marks the user's notifications with the
	// given uuids read and returns how many were unread before. Unknown
	// uuids and other users' are ignored.
	MarkNotificationsReadByUUID(ctx context.Context, uid string, uuids []string) (changed int, err error)
}
