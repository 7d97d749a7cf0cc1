package api_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/predict-dev/predict/internal/api"
	"github.com/predict-dev/predict/internal/store"
	"github.com/predict-dev/predict/internal/store/storetest"
	"github.com/predict-dev/predict/wire"
)

// TestWebhookEndpoints: registering, listing, changing, rotating and
// deleting webhook endpoints, who may do which, and the refusals, with the
// default guard (https only, no private destinations).
func TestWebhookEndpoints(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env, s *store.DB) {
		alice, bob := e.signIn("did:dev:alice", addr(1)), e.signIn("did:dev:bob", addr(2))
		root := e.signIn(adminSubject, addr(3))

		create := func(token string, body map[string]any) wire.WebhookSecret {
			t.Helper()
			r := e.do("POST", "/api/v1/webhook/create-webhook", token, body)
			wantOK(t, r)
			var out wire.WebhookSecret
			r.into(t, &out)
			return out
		}
		mine := create(alice, map[string]any{"url": "https://hooks.example.com/alice", "events": []string{"user:asset_changed", "user:position_changed", "user:asset_changed"}})
		if !strings.HasPrefix(mine.Secret, "whsec_") || mine.Scope != "user" || !mine.Enabled ||
			fmt.Sprint(mine.Events) != "[user:asset_changed user:position_changed]" {
			t.Fatalf("created %+v", mine)
		}
		all := create(root, map[string]any{"url": "https://hooks.example.com/all", "scope": "platform", "marketAddress": addr(9)})
		if all.Scope != "platform" || all.MarketAddress != addr(9) {
			t.Fatalf("platform webhook %+v", all)
		}

		e.wantPostRefusals(t, "/api/v1/webhook/", []postRefusal{
			{"no token", "create-webhook", "", map[string]any{"url": "https://hooks.example.com/"}, http.StatusUnauthorized, 110303},
			{"no url", "create-webhook", alice, map[string]any{}, http.StatusBadRequest, 110101},
			{"http", "create-webhook", alice, map[string]any{"url": "http://hooks.example.com/"}, http.StatusBadRequest, 110101},
			{"loopback", "create-webhook", alice, map[string]any{"url": "https://127.0.0.1:8080/"}, http.StatusBadRequest, 110101},
			{"metadata service", "create-webhook", alice, map[string]any{"url": "https://169.254.169.254/"}, http.StatusBadRequest, 110101},
			{"this service", "create-webhook", alice, map[string]any{"url": strings.Replace(e.srv.URL, "http:", "https:", 1) + "/x"}, http.StatusBadRequest, 110101},
			{"unknown event", "create-webhook", alice, map[string]any{"url": "https://hooks.example.com/", "events": []string{"user:nope"}}, http.StatusBadRequest, 110101},
			{"market event on a user webhook", "create-webhook", alice, map[string]any{"url": "https://hooks.example.com/", "events": []string{"market:new_trades"}}, http.StatusBadRequest, 110101},
			{"market on a user webhook", "create-webhook", alice, map[string]any{"url": "https://hooks.example.com/", "marketAddress": addr(9)}, http.StatusBadRequest, 110101},
			{"bad scope", "create-webhook", alice, map[string]any{"url": "https://hooks.example.com/", "scope": "all"}, http.StatusBadRequest, 110101},
			{"platform, not admin", "create-webhook", alice, map[string]any{"url": "https://hooks.example.com/", "scope": "platform"}, http.StatusForbidden, 110104},
			{"bob updates alice's", "update-webhook", bob, map[string]any{"id": mine.ID, "enabled": false}, http.StatusNotFound, 110102},
			{"bob deletes alice's", "delete-webhook", bob, map[string]any{"id": mine.ID}, http.StatusNotFound, 110102},
			{"bob rotates alice's", "rotate-webhook-secret", bob, map[string]any{"id": mine.ID}, http.StatusNotFound, 110102},
			{"unknown id", "delete-webhook", alice, map[string]any{"id": "nope"}, http.StatusNotFound, 110102},
			{"update to private", "update-webhook", alice, map[string]any{"id": mine.ID, "url": "https://10.0.0.1/"}, http.StatusBadRequest, 110101},
		})
		if r := e.do("GET", "/api/v1/webhook/get-webhook-attempts?id="+mine.ID, bob, nil); r.status != http.StatusNotFound {
			t.Fatalf("bob reads alice's attempts: HTTP %d", r.status)
		}

		var page wire.WebhooksPage
		e.read(t, "/api/v1/webhook/get-webhooks", alice, &page)
		if page.Total != 1 || len(page.Webhooks) != 1 || page.Webhooks[0].ID != mine.ID {
			t.Fatalf("alice's webhooks %+v", page)
		}
		e.read(t, "/api/v1/webhook/get-webhooks", bob, &page)
		if page.Total != 0 || page.Webhooks == nil {
			t.Fatalf("bob's webhooks %+v", page)
		}

		r := e.do("POST", "/api/v1/webhook/update-webhook", alice, map[string]any{"id": mine.ID, "enabled": false, "description": "ledger sync"})
		wantOK(t, r)
		var updated wire.Webhook
		r.into(t, &updated)
		if updated.Enabled || updated.Description != "ledger sync" || updated.URL != mine.URL || len(updated.Events) != 2 {
			t.Fatalf("updated %+v", updated)
		}

		r = e.do("POST", "/api/v1/webhook/rotate-webhook-secret", alice, map[string]any{"id": mine.ID})
		wantOK(t, r)
		var rotated wire.WebhookSecret
		r.into(t, &rotated)
		if rotated.Secret == mine.Secret || !strings.HasPrefix(rotated.Secret, "whsec_") || rotated.PreviousSecretValidUntil == nil {
			t.Fatalf("rotated %+v", rotated)
		}
		stored, err := s.Webhook(t.Context(), mine.ID)
		storetest.Must(t, err)
		if stored.Secret != rotated.Secret || stored.PreviousSecret != mine.Secret {
			t.Fatalf("stored secrets: %q, previous %q", stored.Secret, stored.PreviousSecret)
		}

		var attempts wire.WebhookAttemptsPage
		e.read(t, "/api/v1/webhook/get-webhook-attempts?id="+mine.ID, alice, &attempts)
		if attempts.Total != 0 || attempts.Attempts == nil {
			t.Fatalf("attempts %+v", attempts)
		}

		// A user registers at most MaxWebhooksPerUser.
		for i := 1; i < api.MaxWebhooksPerUser; i++ {
			create(alice, map[string]any{"url": fmt.Sprintf("https://hooks.example.com/%d", i)})
		}
		wantError(t, e.do("POST", "/api/v1/webhook/create-webhook", alice, map[string]any{"url": "https://hooks.example.com/more"}),
			http.StatusConflict, 110105)

		wantOK(t, e.do("POST", "/api/v1/webhook/delete-webhook", alice, map[string]any{"id": mine.ID}))
		wantError(t, e.do("POST", "/api/v1/webhook/delete-webhook", alice, map[string]any{"id": mine.ID}), http.StatusNotFound, 110102)
		// An admin may remove anyone's.
		e.read(t, "/api/v1/webhook/get-webhooks", alice, &page)
		wantOK(t, e.do("POST", "/api/v1/webhook/delete-webhook", root, map[string]any{"id": page.Webhooks[0].ID}))
	})
}

// TestWebhookRefusesOtherSpellings: the loopback, private and local
// destinations in the other spellings browsers and curl accept (the
// WHATWG URL standard's IPv4 forms, IPv6 forms, local names; issue 36)
// are refused on registration and on a change of URL, with the same
// error as https://127.0.0.1.
func TestWebhookRefusesOtherSpellings(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env, s *store.DB) {
		alice := e.signIn("did:dev:alice", addr(1))
		r := e.do("POST", "/api/v1/webhook/create-webhook", alice, map[string]any{"url": "https://hooks.example.com/alice"})
		wantOK(t, r)
		var mine wire.WebhookSecret
		r.into(t, &mine)

		var cases []postRefusal
		for _, host := range []string{
			"127.0.0.1", "127.1", "127.0.1", "2130706433", "0x7f000001", "0X7F000001", "0x7f.0x0.0x0.0x1", "0x7f.1:8443",
			"0177.0.0.1", "0177.0000.0000.0001", "017700000001", "127.000.000.001", "127.0.0.1.", "0", "00", "0x0",
			"10.1", "192.168.1", "0xc0a80001", "2852039166", "0xa9.0xfe.0xa9.0xfe", "169.254.43518",
			"[::127.0.0.1]", "[::ffff:127.0.0.1]", "[::ffff:7f00:1]", "[0:0:0:0:0:ffff:127.0.0.1]", "[0000::0001]", "[::]",
			"[2002:7f00:1::]", "[fe80::1%25eth0]",
			"localhost", "LOCALHOST.", "localhost.localdomain", "api.localhost", "intranet",
			"1.2.3.4.5", "256.0.0.1", "4294967296", "09", "hooks.example.123", "１２７.０.０.１",
		} {
			url := "https://" + host + "/x"
			cases = append(cases,
				postRefusal{"create " + host, "create-webhook", alice, map[string]any{"url": url}, http.StatusBadRequest, 110101},
				postRefusal{"update " + host, "update-webhook", alice, map[string]any{"id": mine.ID, "url": url}, http.StatusBadRequest, 110101})
		}
		e.wantPostRefusals(t, "/api/v1/webhook/", cases)

		var page wire.WebhooksPage
		e.read(t, "/api/v1/webhook/get-webhooks", alice, &page)
		if page.Total != 1 || page.Webhooks[0].URL != mine.URL {
			t.Fatalf("alice's webhooks after the refusals: %+v", page)
		}
	})
}
