package wire

// Notification is one notification of the caller (get-notifications).
type Notification struct {
	ID       int64  `json:"id"`
	UUID     string `json:"uuid"`
	Kind     string `json:"kind"`
	Type     string `json:"type"`
	Category string `json:"category"`
	Read     bool   `json:"read"`
	// CreatedAt is when the notification was made.
	CreatedAt Time `json:"createdAt"`
	// Data holds the kind's fields (docs/notifications.md).
	Data map[string]string `json:"data"`
}

// NotificationsPage is a page of notifications, newest first.
type NotificationsPage struct {
	Notifications []Notification `json:"notifications"`
	// Total counts the notifications matching the query.
	Total int `json:"total"`
	// UnreadCount counts every unread notification of the caller.
	UnreadCount int `json:"unreadCount"`
}

// ReadResult is the answer of read-notifications and
// mark-notifications-as-read.
type ReadResult struct {
	// Changed counts the notifications that were unread.
	Changed int `json:"changed"`
	// UnreadCount counts what is still unread.
	UnreadCount int `json:"unreadCount"`
}

// UserNotification is a notification in the platform's form
// (get-user-notifications): a title and a text to show, status read or
// unread, and this service's fields besides.
type UserNotification struct {
	UUID      string            `json:"uuid"`
	Type      string            `json:"type"`
	Title     string            `json:"title"`
	Content   string            `json:"content"`
	Status    string            `json:"status"` // read or unread
	CreatedAt Time              `json:"createdAt"`
	ID        int64             `json:"id"`
	Category  string            `json:"category"`
	Kind      string            `json:"kind"`
	Data      map[string]string `json:"data"`
}

// UserNotificationsPage is a page of get-user-notifications.
type UserNotificationsPage struct {
	Total         int                `json:"total"`
	UnreadCount   int                `json:"unreadCount"`
	Notifications []UserNotification `json:"notifications"`
}

// ReadNotificationsRequest is the body of read-notifications: the ids to
// mark read, or none (the field left out) for every notification.
type ReadNotificationsRequest struct {
	IDs []int64 `json:"ids,omitempty"`
}
