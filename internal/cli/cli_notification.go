package cli

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/predict-dev/predict/client"
	"github.com/predict-dev/predict/kind"
)

// runNotifications lists the caller's notifications, or marks some (or
// all) read.
func runNotifications(x *cli, args []string) error {
	f := x.flags("notifications", "[--read ID... | --read-all]")
	read := f.Bool("read", false, "mark the notifications whose IDs follow read")
	readAll := f.Bool("read-all", false, "mark every notification read")
	unread := f.Bool("unread", false, "list only the unread ones")
	pg := pageFlags(f, "notifications")
	pos, err := x.parse(f, args, 0, client.MaxReadIDs)
	if err != nil {
		return err
	}
	switch {
	case *read && *readAll:
		return Usagef("notifications: --read and --read-all exclude each other")
	case *read && len(pos) == 0:
		return Usagef("notifications: --read needs the IDs to mark (predict notifications lists them), or use --read-all")
	case !*read && len(pos) > 0:
		return Usagef("notifications: %s: give --read to mark notifications read", strings.Join(pos, " "))
	}
	c, err := x.client(true)
	if err != nil {
		return err
	}
	if *read || *readAll {
		ids := make([]int64, len(pos))
		for i, p := range pos {
			if ids[i], err = strconv.ParseInt(p, 10, 64); err != nil || ids[i] <= 0 {
				return Usagef("notifications: %q is not a notification ID", p)
			}
		}
		res, err := c.ReadNotifications(x.ctx, ids...)
		if err != nil {
			return err
		}
		if x.jsonOut {
			return x.printJSON(res)
		}
		fmt.Fprintf(x.stdout, "marked %s read; %d unread\n", plural(res.Changed, "notification"), res.UnreadCount)
		return nil
	}
	res, err := c.GetNotifications(x.ctx, client.NotificationsQuery{Page: pg.page, PageSize: pg.size, UnreadOnly: *unread})
	if err != nil {
		return err
	}
	unreadCount := fmt.Sprintf("%d unread", res.UnreadCount)
	none := fmt.Sprintf("no notifications on page %d (%s, %s)", pg.page, plural(res.Total, "notification"), unreadCount)
	return printList(x, res, res.Notifications, none, "ID\tNEW\tWHEN\tNOTIFICATION", func(n client.Notification) string {
		mark := ""
		if !n.Read {
			mark = "•"
		}
		return fmt.Sprintf("%d\t%s\t%s\t%s", n.ID, mark, when(n.CreatedAt.Time), x.notificationText(n))
	}, pg.footer(res.Total, "notification", unreadCount))
}

// notificationText says a notification in a sentence
// (docs/notifications.md lists the kinds and their data).
func (x *cli) notificationText(n client.Notification) string {
	d := n.Data
	market := func() string {
		if m := x.knownMarket(d["marketAddress"]); m != nil {
			return fmt.Sprintf("%q", m.Title)
		}
		return d["marketAddress"]
	}
	switch n.Kind {
	case client.NotificationOperation:
		var action string
		if k, ok := kind.Of(d["action"]); ok {
			action = k.Noun
		}
		if action == "" {
			action = d["action"] + " operation"
		}
		s := fmt.Sprintf("your %s was %s", action, d["status"])
		if d["status"] == client.OpReverted {
			s = fmt.Sprintf("your %s reverted", action)
		}
		if d["marketAddress"] != "" {
			s += " on " + market()
		}
		if d["reason"] != "" {
			s += ": " + d["reason"]
		}
		return s + " (operation " + short(d["opHash"]) + ")"
	case client.NotificationMarketSettled:
		winner := d["winningOptionAddress"]
		if m := x.knownMarket(d["marketAddress"]); m != nil {
			if o := m.OptionByAddress(winner); o != nil {
				winner = o.Title
			}
		}
		return fmt.Sprintf("%q ended: %s won", d["marketTitle"], winner)
	case client.NotificationCommentReply:
		who := d["authorName"]
		if who == "" {
			who = d["authorUid"]
		}
		return fmt.Sprintf("%s answered your %s on %s (predict comments %s)", who, d["replyTo"], market(), d["postId"])
	}
	parts := []string{n.Kind}
	for _, k := range slices.Sorted(maps.Keys(d)) {
		parts = append(parts, k+"="+d[k])
	}
	return strings.Join(parts, " ")
}
