package api

import (
	"context"
	"net"
	"net/http"
	"slices"
	"time"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/internal/webhook"
	"github.com/predict-dev/predict/wire"
)

// Bounds of webhook endpoints.
const (
	// MaxWebhooksPerUser bounds the endpoints one user registers.
	MaxWebhooksPerUser = 10
	maxWebhookEvents   = 16
	maxWebhookDesc     = 200
	// secretOverlap is how long a rotated secret keeps signing beside the
	// new one, for the receiver to roll over.
	secretOverlap = 24 * time.Hour
)

// webhookStore is the store of webhook.go.
type webhookStore interface {
	CreateWebhook(ctx context.Context, w *predict.Webhook) error
	Webhook(ctx context.Context, id string) (*predict.Webhook, error)
	Webhooks(ctx context.Context, uid string, page, size int) ([]*predict.Webhook, int, error)
	UpdateWebhook(ctx context.Context, id string, u predict.WebhookUpdate) (*predict.Webhook, error)
	DeleteWebhook(ctx context.Context, id string) error
	RotateWebhookSecret(ctx context.Context, id, secret string, previousUntil time.Time) (*predict.Webhook, error)
	WebhookAttempts(ctx context.Context, id string, page, size int) ([]*predict.WebhookAttempt, int, error)
}

// handleCreateWebhook registers an endpoint of the caller: of their own
// events, or, for an admin, of every market's. The answer is the only one
// that shows the signing secret (with rotate-webhook-secret).
func (s *Server) handleCreateWebhook(w http.ResponseWriter, r *http.Request) {
	var req wire.CreateWebhookRequest
	u, valid := s.caller(w, r, &req)
	if !valid {
		return
	}
	hook := &predict.Webhook{UID: u.UID, Scope: req.Scope, Description: req.Description, Events: req.Events}
	if hook.Scope == "" {
		hook.Scope = predict.WebhookScopeUser
	}
	err := s.checkWebhook(r, hook, req.URL)
	switch {
	case err != nil:
	case hook.Scope == predict.WebhookScopePlatform && !u.HasRole(predict.RoleAdmin):
		err = errNeedsRole(u, "a platform webhook", predict.RoleAdmin)
	case req.MarketAddress != "" && hook.Scope != predict.WebhookScopePlatform:
		err = predict.Errorf(predict.EINVALID, "marketAddress narrows a platform webhook; a user webhook carries the caller's own events")
	case req.MarketAddress != "":
		hook.Market, err = parseAddress("marketAddress", req.MarketAddress)
	}
	if err != nil {
		s.Error(w, r, err)
		return
	}
	if _, total, err := s.store.Webhooks(r.Context(), u.UID, 1, 1); err != nil {
		s.Error(w, r, err)
		return
	} else if total >= MaxWebhooksPerUser {
		s.Error(w, r, predict.Errorf(predict.ECONFLICT, "at most %d webhooks per user: delete one first", MaxWebhooksPerUser))
		return
	}
	if hook.Secret, err = webhook.NewSecret(); err != nil {
		s.Error(w, r, err)
		return
	}
	if err := s.store.CreateWebhook(r.Context(), hook); err != nil {
		s.Error(w, r, err)
		return
	}
	s.logger.InfoContext(r.Context(), "webhook created", "uid", u.UID, "webhook", hook.ID, "scope", hook.Scope)
	ok(w, wire.WebhookSecret{Webhook: newWebhook(hook), Secret: hook.Secret})
}

// checkWebhook checks the fields an owner sets: the URL (the guard's
// rules, the host the request came to counting as the service's own),
// the scope, the events (each one of the scope's) and the
// description. It sets hook.URL.
func (s *Server) checkWebhook(r *http.Request, hook *predict.Webhook, url string) error {
	names := wire.WebhookUserEvents
	switch hook.Scope {
	case predict.WebhookScopeUser:
	case predict.WebhookScopePlatform:
		names = wire.WebhookPlatformEvents
	default:
		return predict.Errorf(predict.EINVALID, "scope must be user or platform")
	}
	if err := checkText("url", url, true, webhook.MaxURL); err != nil {
		return err
	}
	guard := s.cfg.Webhooks
	if host, _, err := net.SplitHostPort(r.Host); err == nil {
		guard.OwnHosts = append(slices.Clip(guard.OwnHosts), host)
	} else {
		guard.OwnHosts = append(slices.Clip(guard.OwnHosts), r.Host)
	}
	u, err := guard.CheckURL(url)
	if err != nil {
		return err
	}
	hook.URL = u.String()
	if len(hook.Events) > maxWebhookEvents {
		return predict.Errorf(predict.EINVALID, "events: at most %d", maxWebhookEvents)
	}
	for _, e := range hook.Events {
		if !slices.Contains(names, e) {
			return predict.Errorf(predict.EINVALID, "events: %q is not an event of a %s webhook (one of %v)", e, hook.Scope, names)
		}
	}
	slices.Sort(hook.Events)
	hook.Events = slices.Compact(hook.Events)
	return checkText("description", hook.Description, false, maxWebhookDesc)
}

// ownWebhook reads the endpoint id for its owner (or an admin); another
// caller learns only that there is none.
func (s *Server) ownWebhook(r *http.Request, u *predict.User, id string) (*predict.Webhook, error) {
	if err := checkText("id", id, true, 64); err != nil {
		return nil, err
	}
	hook, err := s.store.Webhook(r.Context(), id)
	if err != nil {
		return nil, err
	}
	if hook.UID != u.UID && !u.HasRole(predict.RoleAdmin) {
		return nil, predict.Errorf(predict.ENOTFOUND, "webhook %s not found", id)
	}
	return hook, nil
}

// callerWebhook authenticates the caller, decodes the body into req and
// reads the endpoint whose id the body's field id holds, for its owner.
// When valid is false it has answered the error.
func (s *Server) callerWebhook(w http.ResponseWriter, r *http.Request, req any, id *string) (hook *predict.Webhook, valid bool) {
	u, valid := s.caller(w, r, req)
	if !valid {
		return nil, false
	}
	hook, err := s.ownWebhook(r, u, *id)
	if err != nil {
		s.Error(w, r, err)
		return nil, false
	}
	return hook, true
}

// handleGetWebhooks lists the caller's endpoints, newest first.
func (s *Server) handleGetWebhooks(w http.ResponseWriter, r *http.Request) {
	u, q, valid := s.callerQuery(w, r)
	if !valid {
		return
	}
	page, size := q.pageOr(20)
	if !s.queryValid(w, r, q) {
		return
	}
	hooks, total, err := s.store.Webhooks(r.Context(), u.UID, page, size)
	s.answer(w, r, wire.WebhooksPage{Webhooks: wireList(hooks, newWebhook), Total: total}, err)
}

// handleUpdateWebhook changes an endpoint's URL, events, description or
// whether it is enabled.
func (s *Server) handleUpdateWebhook(w http.ResponseWriter, r *http.Request) {
	var req wire.UpdateWebhookRequest
	hook, valid := s.callerWebhook(w, r, &req, &req.ID)
	if !valid {
		return
	}
	next := *hook
	url := hook.URL
	if req.URL != nil {
		url = *req.URL
	}
	if req.Events != nil {
		next.Events = *req.Events
	}
	if req.Description != nil {
		next.Description = *req.Description
	}
	if err := s.checkWebhook(r, &next, url); err != nil {
		s.Error(w, r, err)
		return
	}
	update := predict.WebhookUpdate{URL: &next.URL, Events: &next.Events, Description: &next.Description, Enabled: req.Enabled}
	hook, err := s.store.UpdateWebhook(r.Context(), hook.ID, update)
	s.answer(w, r, newWebhook(hook), err)
}

// handleDeleteWebhook deletes an endpoint and its delivery log.
func (s *Server) handleDeleteWebhook(w http.ResponseWriter, r *http.Request) {
	var req wire.WebhookIDRequest
	hook, valid := s.callerWebhook(w, r, &req, &req.ID)
	if !valid {
		return
	}
	s.answer(w, r, wire.WebhookIDRequest{ID: hook.ID}, s.store.DeleteWebhook(r.Context(), hook.ID))
}

// handleRotateWebhookSecret gives an endpoint a new signing secret; the
// old one signs too for a day, so a receiver can switch without losing a
// delivery.
func (s *Server) handleRotateWebhookSecret(w http.ResponseWriter, r *http.Request) {
	var req wire.WebhookIDRequest
	hook, valid := s.callerWebhook(w, r, &req, &req.ID)
	if !valid {
		return
	}
	secret, err := webhook.NewSecret()
	if err == nil {
		hook, err = s.store.RotateWebhookSecret(r.Context(), hook.ID, secret, s.now().Add(secretOverlap))
	}
	if err != nil {
		s.Error(w, r, err)
		return
	}
	ok(w, wire.WebhookSecret{Webhook: newWebhook(hook), Secret: hook.Secret, PreviousSecretValidUntil: optionalTime(hook.PreviousUntil)})
}

// handleGetWebhookAttempts lists an endpoint's delivery attempts, newest
// first: what was sent, what the receiver answered, how long it took.
func (s *Server) handleGetWebhookAttempts(w http.ResponseWriter, r *http.Request) {
	u, q, valid := s.callerQuery(w, r)
	if !valid {
		return
	}
	id := q.text("id", true, 64)
	page, size := q.pageOr(20)
	if !s.queryValid(w, r, q) {
		return
	}
	hook, err := s.ownWebhook(r, u, id)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	attempts, total, err := s.store.WebhookAttempts(r.Context(), hook.ID, page, size)
	s.answer(w, r, wire.WebhookAttemptsPage{Attempts: wireList(attempts, newWebhookAttempt), Total: total}, err)
}

func newWebhook(h *predict.Webhook) wire.Webhook {
	out := wire.Webhook{ID: h.ID, URL: h.URL, Scope: h.Scope, Events: h.Events, MarketAddress: h.Market,
		Description: h.Description, Enabled: h.Enabled, DisabledReason: h.DisabledReason, LastEventID: h.Cursor,
		Attempt: h.Attempt, FailingSince: optionalTime(h.FailingSince), NextAttemptAt: optionalTime(h.NextAttempt),
		CreatedAt: wireTime(h.CreatedAt), UpdatedAt: wireTime(h.UpdatedAt)}
	if out.Events == nil {
		out.Events = []string{}
	}
	return out
}

func newWebhookAttempt(a *predict.WebhookAttempt) wire.WebhookAttempt {
	return wire.WebhookAttempt{ID: a.ID, EventID: a.EventID, MessageID: webhook.MessageID(a.EventID), EventName: a.EventName,
		Attempt: a.Attempt, Status: a.Status, Succeeded: a.Succeeded(), Error: a.Error, DurationMs: a.Duration.Milliseconds(),
		CreatedAt: wireTime(a.Time)}
}
