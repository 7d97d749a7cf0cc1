package cli

import (
	"fmt"
	"strings"

	"github.com/predict-dev/predict/client"
)

// runWebhooks lists the profile user's webhook endpoints, creates,
// enables or disables, deletes one, rotates its secret, or shows its
// delivery log.
func runWebhooks(x *cli, args []string) error {
	f := x.flags("webhooks", "[create URL | log|rotate|enable|disable|rm ID]")
	events := f.String("events", "", "create: the event names wanted, comma separated (default: all of the scope)")
	platform := f.Bool("platform", false, "create: every market's events (admins), not your own")
	market := f.String("market", "", "create --platform: only this market's events")
	pos, c, err := x.parseClient(f, args, 0, 2, true)
	if err != nil {
		return err
	}
	if len(pos) == 0 {
		return listWebhooks(x, c)
	}
	if len(pos) != 2 {
		return Usagef("webhooks: %s needs an argument", pos[0])
	}
	arg := pos[1]
	switch pos[0] {
	case "create":
		req := client.CreateWebhookRequest{URL: arg, MarketAddress: *market}
		if *events != "" {
			req.Events = strings.Split(*events, ",")
		}
		if *platform {
			req.Scope = "platform"
		}
		w, err := c.CreateWebhook(x.ctx, req)
		if err != nil {
			return err
		}
		if x.jsonOut {
			return x.printJSON(w)
		}
		fmt.Fprintf(x.stdout, "webhook %s → %s\nsigning secret (shown once): %s\n", w.ID, w.URL, w.Secret)
	case "rotate":
		w, err := c.RotateWebhookSecret(x.ctx, arg)
		if err != nil {
			return err
		}
		if x.jsonOut {
			return x.printJSON(w)
		}
		fmt.Fprintf(x.stdout, "new signing secret (shown once): %s\n", w.Secret)
		if w.PreviousSecretValidUntil != nil {
			fmt.Fprintf(x.stdout, "the old one signs too until %s\n", when(w.PreviousSecretValidUntil.Time))
		}
	case "enable", "disable":
		on := pos[0] == "enable"
		if _, err := c.UpdateWebhook(x.ctx, client.UpdateWebhookRequest{ID: arg, Enabled: &on}); err != nil {
			return err
		}
		fmt.Fprintf(x.stdout, "webhook %s %sd\n", arg, pos[0])
	case "rm":
		if err := c.DeleteWebhook(x.ctx, arg); err != nil {
			return err
		}
		fmt.Fprintf(x.stdout, "deleted webhook %s\n", arg)
	case "log":
		return webhookLog(x, c, arg)
	default:
		return Usagef("webhooks: want create, log, rotate, enable, disable or rm, not %q", pos[0])
	}
	return nil
}

// listWebhooks prints the caller's webhooks, each with its state.
func listWebhooks(x *cli, c *client.Client) error {
	page, err := c.Webhooks(x.ctx, 1, 50)
	if err != nil {
		return err
	}
	if x.jsonOut {
		return x.printJSON(page)
	}
	if page.Total == 0 {
		fmt.Fprintln(x.stdout, "no webhooks; predict webhooks create URL registers one")
	}
	for _, w := range page.Webhooks {
		state := "enabled"
		switch {
		case !w.Enabled && w.DisabledReason != "":
			state = "disabled by the service: " + w.DisabledReason
		case !w.Enabled:
			state = "disabled"
		case w.Attempt > 0:
			state = fmt.Sprintf("failing (%d attempts)", w.Attempt)
		}
		fmt.Fprintf(x.stdout, "%s  %s  %s  %s  %s\n", w.ID, w.Scope, w.URL, eventsOf(w.Events), state)
	}
	return nil
}

// webhookLog prints the last deliveries to webhook id.
func webhookLog(x *cli, c *client.Client, id string) error {
	page, err := c.WebhookAttempts(x.ctx, id, 1, 50)
	if err != nil {
		return err
	}
	if x.jsonOut {
		return x.printJSON(page)
	}
	if len(page.Attempts) == 0 {
		fmt.Fprintf(x.stdout, "no deliveries yet to webhook %s: the first comes with its next event\n", id)
	}
	for _, a := range page.Attempts {
		result := "ok"
		if !a.Succeeded {
			result = "failed: " + a.Error
		}
		fmt.Fprintf(x.stdout, "%s  %s %s #%d  %d  %dms  %s\n", when(a.CreatedAt.Time), a.MessageID, a.EventName,
			a.Attempt, a.Status, a.DurationMs, result)
	}
	return nil
}

// eventsOf says which events an endpoint receives: the names it lists,
// or all of its scope when it lists none.
func eventsOf(names []string) string {
	if len(names) == 0 {
		return "all events"
	}
	return strings.Join(names, ",")
}
