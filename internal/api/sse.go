package api

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"io"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/internal/events"
	"github.com/predict-dev/predict/wire"
)

// The event stream of SPEC.md (docs/events.md): connect opens a stream
// of Server-Sent Events on a POST, so that fetch-based clients can send
// the Authorization header; subscribe and unsubscribe change the market
// topics of a stream by its connection_id.

// registerEventMetrics puts the hub's metrics on the server's registry.
func (s *Server) registerEventMetrics(reg *prometheus.Registry) {
	if s.cfg.Events == nil || reg == nil {
		return
	}
	registerOnce(reg, s.cfg.Events)
}

// hub returns the event hub, or ENOTIMPL when the deployment has none.
func (s *Server) hub() (*events.Hub, error) {
	if s.cfg.Events == nil {
		return nil, predict.Errorf(predict.ENOTIMPL, "the event stream is not enabled on this server")
	}
	return s.cfg.Events, nil
}

// streamCaller is the hub and the caller of a stream endpoint. A server
// without a hub answers ENOTIMPL to everyone, before any token is read.
func (s *Server) streamCaller(r *http.Request) (*events.Hub, *predict.User, error) {
	hub, err := s.hub()
	if err != nil {
		return nil, nil, err
	}
	u, err := s.authenticate(r)
	if err != nil {
		return nil, nil, err
	}
	return hub, u, nil
}

// anonymousPrefix starts the stream owner of an anonymous visitor: no
// user's UID has it, so no user event matches such a stream and no user
// can change its topics (nor it theirs).
const anonymousPrefix = "anon:"

// ipSlots counts what each client IP holds open on this replica: its
// anonymous event streams (an anonymous stream has no user whose oldest
// stream a new one could replace, so its IP's count bounds it) or its
// running exports.
type ipSlots struct {
	mu   sync.Mutex
	open map[string]int
}

// take counts one more for ip, or reports false when ip holds limit
// already (limit <= 0: no limit). release undoes a take.
func (a *ipSlots) take(ip string, limit int) bool {
	a.mu.Lock()
	defer a.mu.Unlock()
	if limit > 0 && a.open[ip] >= limit {
		return false
	}
	if a.open == nil {
		a.open = map[string]int{}
	}
	a.open[ip]++
	return true
}

func (a *ipSlots) release(ip string) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.open[ip]--; a.open[ip] <= 0 {
		delete(a.open, ip)
	}
}

// anonymousStreamsPerIP is how many anonymous streams one IP may hold on a
// replica: its per-IP budget of public requests per second (30 by
// default), none when that limit is off.
func (s *Server) anonymousStreamsPerIP() int {
	n := int(s.cfg.RateLimits.PublicPerIP)
	if n < 1 && s.cfg.RateLimits.PublicPerIP > 0 {
		n = 1
	}
	return n
}

// streamWriter is a response with its controller, which reaches through
// the middleware's wrappers to the connection for flushes and deadlines.
type streamWriter struct {
	http.ResponseWriter
	rc *http.ResponseController
}

func (w streamWriter) Flush() error                       { return w.rc.Flush() }
func (w streamWriter) SetWriteDeadline(t time.Time) error { return w.rc.SetWriteDeadline(t) }

// handleSSEConnect opens a stream (POST, or GET for EventSource-style
// clients). The optional body {"topics": [...]} (GET: ?topics=a,b)
// subscribes market topics together with the connection, so a client
// resuming with Last-Event-ID also gets its topics' missed events.
//
// Without a token the stream is a signed-out visitor's: public market
// topics only, named here (it has no user, so it can be subscribed to
// nothing later), no user events, and at most anonymousStreamsPerIP of
// them open per client IP. A token that is sent must belong to a
// registered user, as everywhere.
func (s *Server) handleSSEConnect(w http.ResponseWriter, r *http.Request) {
	hub, err := s.hub()
	if err != nil {
		s.Error(w, r, err)
		return
	}
	var owner, credential string
	var expires time.Time
	if c, err := s.claims(r); err == nil {
		u, err := s.authenticate(r)
		if err != nil {
			s.Error(w, r, err)
			return
		}
		owner, expires = u.UID, c.ExpiresAt
		credential = streamCredential(r)
	}
	var req wire.ConnectRequest
	if r.Method == http.MethodGet {
		// A GET has no body: topics come as ?topics=a,b.
		q := newQuery(r)
		v := q.get("topics")
		if !s.queryValid(w, r, q) {
			return
		}
		for t := range strings.SplitSeq(v, ",") {
			if t = strings.TrimSpace(t); t != "" {
				req.Topics = append(req.Topics, t)
			}
		}
	} else if err := decodeOptionalBody(w, r, s.cfg.BodyLimit, &req); err != nil {
		s.Error(w, r, err)
		return
	}
	topics, err := s.marketTopics(r.Context(), req.Topics, true)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	release := func() {}
	if owner == "" {
		ip := s.clientIP(r)
		if !s.anon.take(ip, s.anonymousStreamsPerIP()) {
			w.Header().Set("Retry-After", "30")
			s.Error(w, r, predict.Errorf(predict.ERATELIMIT, "too many signed-out event streams from this address; sign in or close one"))
			return
		}
		var once sync.Once
		release = func() { once.Do(func() { s.anon.release(ip) }) }
		owner = anonymousPrefix + randomID()
	}
	conn, err := hub.Connect(r.Context(), events.ConnectParams{
		UID: owner, Topics: topics, LastEventID: r.Header.Get("Last-Event-ID"),
		Credential: credential, Expires: expires,
	})
	if err != nil {
		release()
		s.Error(w, r, err)
		return
	}
	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-cache")
	h.Set("X-Accel-Buffering", "no") // nginx would otherwise buffer the stream
	rc := http.NewResponseController(w)
	header := h.Clone()
	if raw, _, err := rc.Hijack(); err == nil {
		s.serveHijacked(r.Context(), raw, header, conn, owner, release)
		return
	}
	// No hijacking (HTTP/2, or a writer that cannot): the stream runs in
	// this handler.
	defer conn.Close()
	defer release() // first: see serveHijacked
	w.WriteHeader(http.StatusOK)
	// A server ReadTimeout would end the stream: once a read deadline
	// passes, net/http cancels the request. The stream reads nothing.
	_ = rc.SetReadDeadline(time.Time{})
	err = conn.Serve(r.Context(), streamWriter{ResponseWriter: w, rc: rc})
	s.logger.DebugContext(r.Context(), "sse stream ended", slog.String("uid", owner), slog.Any("reason", err))
}

// streamCredential names the credential of a signed-in stream for
// Hub.EndStreams: its API key, or "" for an identity token (a token is
// not revoked one by one; it ends with its expiry, or with every stream
// of its user).
func streamCredential(r *http.Request) string {
	if id, _ := r.Context().Value(identityKey).(identity); id.key != nil {
		return keyCredential(id.key.ID)
	}
	return ""
}

// keyCredential is the stream credential of the API key id.
func keyCredential(id string) string { return "key:" + id }

// endStreams ends the streams of uid opened with credential (all of
// them when credential is "") on every replica: what they were opened
// with no longer grants what it did. A failure to tell the other
// replicas is logged: their streams then end with their lifetime.
func (s *Server) endStreams(r *http.Request, uid, credential string) {
	if s.cfg.Events == nil {
		return
	}
	// Sent even if the client has gone: the change is committed.
	if err := s.cfg.Events.EndStreams(context.WithoutCancel(r.Context()), uid, credential); err != nil {
		s.logger.Warn("sse: ending revoked streams", "uid", uid, "err", err)
	}
}

// serveHijacked runs a stream on the raw connection, off the handler. An
// idle stream then costs what the stream needs (its queue, one writer
// goroutine and a one-byte reader that notices the client leave) instead
// of net/http's per-connection buffers and the handler's deep stack:
// 46.7 KiB per idle stream before, see BENCHMARKS.md for after. The
// response is HTTP/1.1 delimited by the connection's close, as SSE
// allows. The HTTP server no longer tracks the connection: the hub's
// Close, registered to run at shutdown, ends the stream.
// release runs once the stream has ended.
func (s *Server) serveHijacked(ctx context.Context, raw net.Conn, header http.Header, conn *events.Conn, uid string, release func()) {
	header.Set("Connection", "close")
	header.Set("Date", time.Now().UTC().Format(http.TimeFormat))
	var head bytes.Buffer
	head.WriteString("HTTP/1.1 200 OK\r\n")
	_ = header.Write(&head)
	head.WriteString("\r\n")
	_ = raw.SetDeadline(time.Time{}) // the server's read and write deadlines no longer apply
	// The request's context ends when the handler returns; the stream
	// ends with the client, the hub or its lifetime instead.
	ctx = context.WithoutCancel(ctx)
	// A visitor's place (release) is given back before the hub counts
	// the stream closed, so a client that sees the stream gone can open
	// another at once.
	go func() {
		defer conn.Close()
		defer raw.Close()
		defer release()
		if _, err := raw.Write(head.Bytes()); err != nil {
			return
		}
		// The client sends nothing more: a read returns when it leaves.
		go func() {
			var b [1]byte
			raw.Read(b[:])
			release()
			conn.Close()
		}()
		var err error
		if try := events.NonBlocking(raw); try != nil {
			err = conn.Serve(ctx, directStream{rawStream{raw}, try})
		} else {
			err = conn.Serve(ctx, rawStream{raw})
		}
		s.logger.DebugContext(ctx, "sse stream ended", slog.String("uid", uid), slog.Any("reason", err))
	}()
}

// rawStream writes a stream straight to its connection.
type rawStream struct{ net.Conn }

func (rawStream) Flush() error { return nil }

// directStream is a rawStream on a socket that can also be written
// without waiting, so the hub writes most events from its delivery.
type directStream struct {
	rawStream
	try func([]byte) (int, error)
}

func (s directStream) TryWrite(p []byte) (int, error) { return s.try(p) }

// handleSSESubscribe adds market topics to a stream of the caller.
func (s *Server) handleSSESubscribe(w http.ResponseWriter, r *http.Request) {
	s.changeSubscriptions(w, r, true)
}

// handleSSEUnsubscribe removes market topics from a stream of the caller.
func (s *Server) handleSSEUnsubscribe(w http.ResponseWriter, r *http.Request) {
	s.changeSubscriptions(w, r, false)
}

func (s *Server) changeSubscriptions(w http.ResponseWriter, r *http.Request, subscribe bool) {
	hub, u, err := s.streamCaller(r)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	var req wire.Subscriptions
	if err := decodeBody(w, r, s.cfg.BodyLimit, &req); err != nil {
		s.Error(w, r, err)
		return
	}
	if req.ConnectionID == "" {
		s.Error(w, r, predict.Errorf(predict.EINVALID, "connection_id is required"))
		return
	}
	if len(req.Topics) == 0 {
		s.Error(w, r, predict.Errorf(predict.EINVALID, "topics must list at least one topic"))
		return
	}
	// Unsubscribing from a market that does not exist is harmless, and
	// must stay possible for one that might be removed.
	topics, err := s.marketTopics(r.Context(), req.Topics, subscribe)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	var cur []string
	if subscribe {
		cur, err = hub.Subscribe(r.Context(), u.UID, req.ConnectionID, topics)
	} else {
		cur, err = hub.Unsubscribe(r.Context(), u.UID, req.ConnectionID, topics)
	}
	if err != nil {
		s.Error(w, r, err)
		return
	}
	if cur == nil {
		cur = []string{}
	}
	ok(w, wire.Subscriptions{ConnectionID: req.ConnectionID, Topics: cur})
}

// marketTopics validates topics (market:0x<40 hex> or the firehose, at most
// events.MaxTopicsPerRequest) and returns them lowercased without
// duplicates; with mustExist each market must be known to the store.
func (s *Server) marketTopics(ctx context.Context, raw []string, mustExist bool) ([]string, error) {
	if len(raw) > events.MaxTopicsPerRequest {
		return nil, predict.Errorf(predict.EINVALID, "topics must list at most %d topics", events.MaxTopicsPerRequest)
	}
	out := make([]string, 0, len(raw))
	seen := map[string]bool{}
	for _, t := range raw {
		topic, market, err := events.ParseTopic(t)
		if err != nil {
			return nil, predict.Errorf(predict.EINVALID, "%s", err.Error())
		}
		if seen[topic] {
			continue
		}
		seen[topic] = true
		// The market factory's topic carries market:created: the one
		// topic of a market that does not exist yet.
		factory := s.cfg.Deployment != nil && strings.EqualFold(market, s.cfg.Deployment.MarketFactory)
		if mustExist && !factory && topic != events.FirehoseTopic {
			_, err := s.store.MarketByAddress(ctx, market, "")
			if predict.ErrorCode(err) == predict.ENOTFOUND {
				return nil, predict.Errorf(predict.EINVALID, "unknown market %s in topic %s", market, topic)
			} else if err != nil {
				return nil, err
			}
		}
		out = append(out, topic)
	}
	return out, nil
}

// decodeOptionalBody is decodeBody for a body that may be absent: an
// empty body (what most SSE clients send) leaves v untouched.
func decodeOptionalBody(w http.ResponseWriter, r *http.Request, limit int64, v any) error {
	raw, err := io.ReadAll(http.MaxBytesReader(w, r.Body, limit))
	if err != nil {
		return jsonError(err)
	}
	if len(bytes.TrimSpace(raw)) == 0 {
		return nil
	}
	r.Body = io.NopCloser(bytes.NewReader(raw))
	return decodeBody(w, r, limit, v)
}

// randomID is 16 random bytes in hex: an anonymous stream's owner.
func randomID() string {
	var b [16]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}
