package events

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/predict-dev/predict"
)

// Subscribe adds topics to the connection connID of uid and returns its
// subscriptions. A connection held by another replica is reached over
// the bus. A connection that does not exist, or is not uid's, is
// EFORBIDDEN either way.
func (h *Hub) Subscribe(ctx context.Context, uid, connID string, topics []string) ([]string, error) {
	return h.change(ctx, ControlSubscribe, uid, connID, topics)
}

// Unsubscribe removes topics from the connection; see Subscribe.
func (h *Hub) Unsubscribe(ctx context.Context, uid, connID string, topics []string) ([]string, error) {
	return h.change(ctx, ControlUnsubscribe, uid, connID, topics)
}

var errNotOwner = errors.New("events: connection of another user")

func errForbidden() error {
	return predict.Errorf(predict.EFORBIDDEN, "connection_id is unknown or belongs to another user")
}

func (h *Hub) change(ctx context.Context, kind, uid, connID string, topics []string) ([]string, error) {
	deadline := time.Now().Add(h.cfg.ForwardTimeout)
	topics, err := h.checkTopics(topics, false)
	if err != nil {
		return nil, err
	}
	cur, held, err := h.apply(kind, uid, connID, topics)
	// Ids are 32 hex digits; anything much longer is nobody's, and is not
	// worth a message on the bus (nor could it fit one).
	if errors.Is(err, errNotOwner) || (!held && len(connID) > 64) {
		return nil, h.deny(ctx, deadline)
	} else if held {
		return cur, err
	}

	req := randomHex(16)
	replies := make(chan Control, 1)
	h.pmu.Lock()
	h.pending[req] = replies
	h.pmu.Unlock()
	defer func() {
		h.pmu.Lock()
		delete(h.pending, req)
		h.pmu.Unlock()
	}()
	err = h.bus.Send(ctx, Control{Kind: kind, Request: req, From: h.replica, Conn: connID, UID: uid, Topics: topics})
	if err != nil {
		return nil, fmt.Errorf("events: forward %s: %w", kind, err)
	}
	timer := time.NewTimer(time.Until(deadline))
	defer timer.Stop()
	select {
	case rep := <-replies:
		if rep.Error != "" {
			return nil, predict.Errorf(predict.EINVALID, "%s", rep.Error)
		}
		return rep.Topics, nil
	case <-timer.C:
		return nil, errForbidden()
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// deny answers a refusal no sooner than a forwarded request would time out.
func (h *Hub) deny(ctx context.Context, deadline time.Time) error {
	timer := time.NewTimer(time.Until(deadline))
	defer timer.Stop()
	select {
	case <-timer.C:
		return errForbidden()
	case <-ctx.Done():
		return ctx.Err()
	}
}

// checkTopics validates and deduplicates topics.
func (h *Hub) checkTopics(topics []string, allowEmpty bool) ([]string, error) {
	if len(topics) == 0 && !allowEmpty {
		return nil, predict.Errorf(predict.EINVALID, "topics must list at least one topic")
	}
	if len(topics) > MaxTopicsPerRequest {
		return nil, predict.Errorf(predict.EINVALID, "topics must list at most %d topics", MaxTopicsPerRequest)
	}
	out := make([]string, 0, len(topics))
	for _, t := range topics {
		c, _, err := ParseTopic(t)
		if err != nil {
			return nil, predict.Errorf(predict.EINVALID, "%s", err.Error())
		}
		if !slices.Contains(out, c) {
			out = append(out, c)
		}
	}
	return out, nil
}

// apply changes the subscriptions of a connection held here. held is false
// when this hub does not hold connID.
func (h *Hub) apply(kind, uid, connID string, topics []string) (cur []string, held bool, err error) {
	// The history is read (late replay) under the hub's lock, the
	// subscriptions changed under the shard's.
	h.mu.RLock()
	defer h.mu.RUnlock()
	if h.closed {
		return nil, false, nil
	}
	s := h.shardOf(uid)
	if !s.holds(connID) {
		// Another user's connection is in that user's shard. One shard
		// lock at a time: two of these may run at once.
		for _, o := range h.shards {
			if o != s && o.holds(connID) {
				return nil, true, errNotOwner
			}
		}
		return nil, false, nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	c := s.conns[connID]
	if c == nil { // closed in between
		return nil, false, nil
	}
	if c.uid != uid {
		return nil, true, errNotOwner
	}
	switch kind {
	case ControlSubscribe:
		var added []string
		for _, t := range topics {
			if !c.subscribed(t) {
				added = append(added, t)
			}
		}
		if len(c.topics)+len(added) > h.cfg.MaxTopics {
			return nil, true, predict.Errorf(predict.EINVALID, "a connection can hold at most %d topics; it holds %d", h.cfg.MaxTopics, len(c.topics))
		}
		for _, t := range added {
			c.topics[t] = struct{}{}
			addIndex(s.byTopic, t, c)
		}
		h.replayLateLocked(c, added)
	case ControlUnsubscribe:
		for _, t := range topics {
			if c.subscribed(t) {
				delete(c.topics, t)
				removeIndex(s.byTopic, t, c)
			}
		}
	default:
		return nil, true, fmt.Errorf("events: unknown control %q", kind)
	}
	return c.topicList(), true, nil
}

// replayLateLocked sends the missed events of topics a resumed connection
// subscribes to within the grace period, once per topic. It runs under
// the hub's lock and the shard's, which delivery takes: events up to the
// shard's delivered position are replayed, later ones arrive live, so
// the topic's live events follow with no gap and no duplicate.
func (h *Hub) replayLateLocked(c *Conn, added []string) {
	if !c.resumed || time.Now().After(c.graceUntil) {
		return
	}
	want := map[string]bool{}
	if c.replayed == nil {
		c.replayed = map[string]struct{}{}
	}
	// What was replayed before stays replayed once: the firehose's
	// replay skips the topics already replayed, and a topic added after
	// the firehose was replayed has nothing left to replay.
	done := func(t string) bool {
		_, one := c.replayed[t]
		_, all := c.replayed[FirehoseTopic]
		return one || all && t != ""
	}
	for _, t := range added {
		if !done(t) {
			want[t] = true
		}
	}
	if len(want) == 0 {
		return
	}
	pick := func(topic string) bool {
		return want[topic] || want[FirehoseTopic] && topic != "" && !done(topic)
	}
	n := 0
	c.mu.Lock()
	h.history.after(c.resumeFrom, func(e *entry) {
		if pick(e.ev.Topic) && e.ev.ID > c.skip && e.ev.ID <= c.shard.delivered {
			c.enqueueEntryLocked(e, false)
			n++
		}
	})
	c.mu.Unlock()
	for t := range want {
		c.replayed[t] = struct{}{}
	}
	h.stats.replayed.Add(int64(n))
}
