package store_test

import (
	"context"
	"math/big"
	"slices"
	"testing"
	"time"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/internal/store"
	"github.com/predict-dev/predict/internal/store/storetest"
)

// TestDueWebhooksTakesOwnersInTurn: the due endpoints are listed owners
// in turn, so one owner's many endpoints cannot crowd another's out of
// the limit: each owner's longest waiting first, every owner's first
// before any owner's second, at most perOwner of each.
func TestDueWebhooksTakesOwnersInTurn(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.DB) {
		ctx := context.Background()
		now := time.Now()
		hook := func(uid string) *predict.Webhook {
			t.Helper()
			w := &predict.Webhook{UID: uid, Scope: predict.WebhookScopePlatform, URL: "https://hooks.example.com/", Secret: "whsec_x"}
			storetest.Must(t, s.CreateWebhook(ctx, w))
			return w
		}
		// schedule records a failed attempt of w, due again at next.
		schedule := func(w *predict.Webhook, next time.Time) {
			t.Helper()
			ok, err := s.RecordWebhook(ctx, w.ID, w.Cursor, &predict.WebhookAttempt{EventID: w.Cursor + 1, Attempt: 1, Error: "HTTP 500"},
				predict.WebhookOutcome{Cursor: w.Cursor, Attempt: 1, NextAttempt: next})
			storetest.Must(t, err)
			if !ok {
				t.Fatalf("attempt of %s not recorded", w.ID)
			}
		}
		busy, one, late := storetest.NewUser(t, s, nil), storetest.NewUser(t, s, nil), storetest.NewUser(t, s, nil)
		var busyHooks []string
		for range 10 {
			busyHooks = append(busyHooks, hook(busy.UID).ID)
		}
		oneHook := hook(one.UID)
		lateNotDue, lateLater, lateFirst := hook(late.UID), hook(late.UID), hook(late.UID)
		disabled := hook(late.UID)
		off := false
		_, err := s.UpdateWebhook(ctx, disabled.ID, predict.WebhookUpdate{Enabled: &off})
		storetest.Must(t, err)

		c := storetest.NewChainSim(t)
		c.Create(big.NewInt(1000_000000), "")
		c.Apply(s)
		// Created after the events, it has nothing to deliver.
		hook(storetest.NewUser(t, s, nil).UID)
		schedule(lateNotDue, now.Add(time.Hour))
		schedule(lateLater, now.Add(-time.Minute))
		schedule(lateFirst, now.Add(-2*time.Minute))

		// The busy owner's endpoints, never attempted, wait alike, since 0:
		// the ids' order takes them in turn.
		slices.Sort(busyHooks)
		for _, tc := range []struct {
			name            string
			perOwner, limit int
			want            [][]string // the ids listed, turn by turn, in any order within a turn
		}{
			{"OK", 2, 100, [][]string{{busyHooks[0], oneHook.ID, lateFirst.ID}, {busyHooks[1], lateLater.ID}}},
			{"OnePerOwner", 1, 100, [][]string{{busyHooks[0], oneHook.ID, lateFirst.ID}}},
			{"FirstsBeforeSeconds", 2, 3, [][]string{{busyHooks[0], oneHook.ID, lateFirst.ID}}},
			{"Limit", 2, 4, [][]string{{busyHooks[0], oneHook.ID, lateFirst.ID}, {busyHooks[1]}}},
		} {
			t.Run(tc.name, func(t *testing.T) {
				due, err := s.DueWebhooks(ctx, now, tc.perOwner, tc.limit)
				storetest.Must(t, err)
				var got []string
				for _, w := range due {
					got = append(got, w.ID)
				}
				i := 0
				for turn, ids := range tc.want {
					if len(got) < i+len(ids) {
						t.Fatalf("listed %v, want %v", got, tc.want)
					}
					if turnGot := got[i : i+len(ids)]; !slices.Equal(slices.Sorted(slices.Values(turnGot)), slices.Sorted(slices.Values(ids))) {
						t.Fatalf("turn %d: listed %v, want %v", turn+1, turnGot, ids)
					}
					i += len(ids)
				}
				if len(got) != i {
					t.Fatalf("listed %v, want %d", got, i)
				}
			})
		}
	})
}
