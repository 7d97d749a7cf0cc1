package bundler_test

import (
	"context"
	"slices"
	"sync"

	"github.com/predict-dev/predict/internal/events"
)

// publisher records the events a bundler publishes: the
// user:new_notification of the operations it drops.
type publisher struct {
	mu     sync.Mutex
	events []events.Event
}

func (p *publisher) Publish(_ context.Context, e events.Event) error {
	if err := e.Validate(); err != nil {
		return err
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.events = append(p.events, e)
	return nil
}

// notified lists the uids told of a new notification, in order.
func (p *publisher) notified() []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	var out []string
	for _, e := range p.events {
		if e.Name == events.NameNewNotification {
			out = append(out, e.UID)
		}
	}
	return out
}

// has reports whether uid was told.
func (p *publisher) has(uid string) bool { return slices.Contains(p.notified(), uid) }
