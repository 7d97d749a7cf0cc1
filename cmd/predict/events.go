package main

import (
	"context"
	"fmt"

	"github.com/predict-dev/predict/internal/api"
	"github.com/predict-dev/predict/internal/events"
	"github.com/predict-dev/predict/internal/events/pgbus"
)

// openEvents starts the event bus (in-process with SQLite, PostgreSQL
// LISTEN/NOTIFY across replicas with PostgreSQL) and this replica's hub.
func (m *Main) openEvents(ctx context.Context) (err error) {
	if m.Config.DatabaseURL == "" {
		m.Bus = events.NewMemoryBus()
	} else if m.Bus, err = pgbus.Open(ctx, pgbus.Config{DSN: m.Config.DatabaseURL, Channel: m.Config.EventChannel, Logger: m.Logger}); err != nil {
		return fmt.Errorf("open event bus: %w", err)
	}
	// The read cache goes on the bus before the hub: the bus delivers to
	// its receivers in order, so an answer is invalidated before any
	// stream of this replica announces the change. It also tells the
	// other replicas' caches of the changes the API makes itself.
	if m.Config.ReadCacheMaxAge > 0 {
		m.Cache = api.NewReadCache(api.CacheConfig{MaxAge: m.Config.ReadCacheMaxAge, Logger: m.Logger})
		m.Cache.Attach(m.Bus)
	}
	if m.Hub, err = events.NewHub(ctx, m.Bus, events.HubConfig{MaxStreamsPerUser: streamsPerUser(m.Config.SSEStreamsPerUser), Logger: m.Logger}); err != nil {
		return fmt.Errorf("start event hub: %w", err)
	}
	m.Door = events.NewDoor(m.Bus, m.Store)
	return nil
}

// streamsPerUser is the hub's cap for PREDICT_SSE_STREAMS_PER_USER, whose
// 0 means no cap.
func streamsPerUser(n int) int {
	if n == 0 {
		return -1
	}
	return n
}
