package api

import (
	"context"
	"errors"
	"log/slog"
	"net"
	"net/http"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/internal/auth"
)

// statusWriter records the status of a response. Unwrap lets
// http.ResponseController reach the connection (flushes and per-write
// deadlines of event streams).
type statusWriter struct {
	http.ResponseWriter
	status int
	bytes  int
}

func (w *statusWriter) WriteHeader(code int) {
	if w.status == 0 {
		w.status = code
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *statusWriter) Write(b []byte) (int, error) {
	if w.status == 0 {
		w.status = http.StatusOK
	}
	n, err := w.ResponseWriter.Write(b)
	w.bytes += n
	return n, err
}

func (w *statusWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// httpMetrics are the request counters and latencies by route.
type httpMetrics struct {
	requests *prometheus.CounterVec
	latency  *prometheus.HistogramVec
}

func newHTTPMetrics(reg *prometheus.Registry) *httpMetrics {
	m := &httpMetrics{
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "predict_http_requests_total",
			Help: "HTTP requests by route, method and status code.",
		}, []string{"route", "method", "code"}),
		latency: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "predict_http_request_duration_seconds",
			Help:    "HTTP request latency by route.",
			Buckets: []float64{.0005, .001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5},
		}, []string{"route"}),
	}
	if reg != nil {
		reg.MustRegister(m.requests, m.latency)
	}
	return m
}

// instrument counts and times a route under its pattern, so the label set
// stays bounded whatever paths clients send.
// registerOnce puts c's metrics on reg, once: handlers built twice over
// one registry must not clash. Another collector's name clash is a
// programming error, as MustRegister treats it.
func registerOnce(reg *prometheus.Registry, c prometheus.Collector) {
	if err := reg.Register(c); err != nil {
		var already prometheus.AlreadyRegisteredError
		if !errors.As(err, &already) {
			panic(err)
		}
	}
}

func (s *Server) instrument(pattern string, next http.Handler) http.Handler {
	_, route, _ := strings.Cut(pattern, " ")
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		sw, ok := w.(*statusWriter)
		if !ok {
			sw = &statusWriter{ResponseWriter: w}
		}
		next.ServeHTTP(sw, r)
		status := sw.status
		if status == 0 {
			status = http.StatusOK
		}
		s.metrics.requests.WithLabelValues(route, r.Method, strconv.Itoa(status)).Inc()
		s.metrics.latency.WithLabelValues(route).Observe(time.Since(start).Seconds())
	})
}

// logRequests logs every request once it is answered: at debug level,
// or warn for a 5xx.
func (s *Server) logRequests(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		sw := &statusWriter{ResponseWriter: w}
		next.ServeHTTP(sw, r)
		level := slog.LevelDebug
		if sw.status >= 500 {
			level = slog.LevelWarn
		}
		// The line's attributes cost about fifteen allocations: a cached
		// read costs few more, so they are built only for a logger that
		// writes the line (the default info level does not).
		if !s.logger.Enabled(r.Context(), level) {
			return
		}
		s.logger.Log(r.Context(), level, "http request",
			slog.Group("request", slog.String("method", r.Method), slog.String("path", r.URL.Path), slog.String("ip", s.clientIP(r))),
			slog.Group("response", slog.Int("status", sw.status), slog.Int("bytes", sw.bytes), slog.Duration("duration", time.Since(start))))
	})
}

// recoverer turns a panic in a handler into a logged INTERNAL error
// instead of a dropped connection.
func (s *Server) recoverer(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer func() {
			if v := recover(); v != nil {
				if v == http.ErrAbortHandler {
					panic(v)
				}
				s.logger.ErrorContext(r.Context(), "handler panic", slog.Any("panic", v), slog.String("stack", string(debug.Stack())))
				s.Error(w, r, predict.Errorf(predict.EINTERNAL, "internal error"))
			}
		}()
		next.ServeHTTP(w, r)
	})
}

// cors answers browsers: the service is mostly used from web pages on
// other origins, so all origins are allowed by default.
func (s *Server) cors(next http.Handler) http.Handler {
	allowAll := len(s.cfg.CORSOrigins) == 0
	allowed := map[string]bool{}
	for _, o := range s.cfg.CORSOrigins {
		if o == "*" {
			allowAll = true
		}
		allowed[o] = true
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		origin := r.Header.Get("Origin")
		if origin != "" && (allowAll || allowed[origin]) {
			h := w.Header()
			if allowAll {
				h.Set("Access-Control-Allow-Origin", "*")
			} else {
				h.Set("Access-Control-Allow-Origin", origin)
				h.Add("Vary", "Origin")
			}
			h.Set("Access-Control-Expose-Headers", "Retry-After")
			if r.Method == http.MethodOptions && r.Header.Get("Access-Control-Request-Method") != "" {
				h.Set("Access-Control-Allow-Methods", "GET, POST, OPTIONS")
				h.Set("Access-Control-Allow-Headers", "Authorization, Content-Type, Last-Event-ID")
				h.Set("Access-Control-Max-Age", "600")
				w.WriteHeader(http.StatusNoContent)
				return
			}
		}
		next.ServeHTTP(w, r)
	})
}

// clientIP is the address rate limits and logs use.
func (s *Server) clientIP(r *http.Request) string {
	if s.cfg.TrustProxyHeaders {
		if xff := r.Header.Get("X-Forwarded-For"); xff != "" {
			first, _, _ := strings.Cut(xff, ",")
			return strings.TrimSpace(first)
		}
	}
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}

type ctxKey int

const identityKey ctxKey = 0

// identity is what identify learned about the caller of one request.
type identity struct {
	claims *auth.Claims // nil without a token
	// key is the API key the request was signed with, nil for a token;
	// claims then name the key's owner.
	key *predict.APIKey
	// user is the registered user behind claims, looked up by the first
	// authenticate of the request and given to the others (nil without
	// claims): a request whose handler and helpers each ask who calls
	// resolves its credential's user once.
	user *requestUser
}

// requestUser is the caller of one request, looked up once.
type requestUser struct {
	once sync.Once
	user *predict.User
	err  error
}

// identify verifies the bearer token when one is sent, then applies the
// rate limit of the caller: per user when authenticated, per IP when not.
// A token that is sent but fails verification is refused on every route,
// public reads included (401, 110303): answering as if no token had been
// sent would hide from the client that it must refresh its token, and
// some public reads depend on the caller. Handlers decide whether they
// need an identity (see authenticate).
func (s *Server) identify(c class, next http.HandlerFunc) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if c == classSystem || c == classRPC {
			next(w, r)
			return
		}
		id, wait, limited, tokenErr := s.admit(r, c)
		if limited {
			s.Error(w, r, rateLimited(w, wait))
			return
		}
		if tokenErr == nil {
			tokenErr = keyScope(id, r, c)
		}
		if tokenErr != nil {
			s.Error(w, r, tokenErr)
			return
		}
		next(w, r.WithContext(context.WithValue(r.Context(), identityKey, id)))
	})
}

// admit counts r against the rate limit of its caller and verifies the
// bearer token or API key it sends: per user (or per key) when the
// credential is valid, per IP otherwise. A request that is limited reports
// how long to wait; a credential that fails verification is tokenErr
// (401, 110303).
//
// A credential this replica has not seen verify lately (provenMemo) is
// checked only once its address's budget admits the request: a guessed
// API key costs a read of the store and a forged token a signature check
// (BENCHMARKS.md, "Credentials from a limited address"), and from an
// address past its limit neither happens. One that turns out valid gives
// the request back to its address and is counted against its own budget,
// as every request of a proven credential is, whatever its address spent.
func (s *Server) admit(r *http.Request, c class) (id identity, wait time.Duration, limited bool, tokenErr error) {
	ctx, ip, ipRate := r.Context(), s.clientIP(r), s.cfg.RateLimits.PublicPerIP
	var raw string
	if r.Header.Get("Authorization") != "" {
		raw, tokenErr = auth.BearerToken(r)
	}
	if raw == "" || tokenErr != nil {
		wait, limited = s.allow(ctx, scopeIP, ip, ipRate)
		return id, wait, limited, tokenErr
	}
	now, sum := s.now(), s.proven.sum(raw)
	until, proven := s.proven.get(sum)
	if !proven {
		if wait, limited = s.allow(ctx, scopeIP, ip, ipRate); limited {
			return id, wait, true, nil
		}
	}
	if id, tokenErr = s.verify(ctx, raw); tokenErr != nil {
		if proven {
			// Revoked or expired since: from now on a guess like any
			// other, and this request is counted as one.
			if predict.ErrorCode(tokenErr) == predict.EUNAUTHORIZED {
				s.proven.forget(sum)
			}
			wait, limited = s.allow(ctx, scopeIP, ip, ipRate)
		}
		return id, wait, limited, tokenErr
	}
	if !proven {
		// Per-IP budgets are always counted in this replica's memory
		// (allow), so the request taken above is given back there.
		s.limiter.refund(scopeIP+":"+ip, ipRate)
	}
	if until.Sub(now) < provenFor/2 {
		s.proven.put(sum, id.claims.ExpiresAt, now)
	}
	id.user = &requestUser{}
	scope, name, rate := scopeUser, id.claims.Subject, s.cfg.RateLimits.ReadPerUser
	if id.key != nil {
		// A key has a budget of its own, beside its owner's.
		name = "key:" + id.key.ID
	}
	switch c {
	case classTrade, classRPC:
		scope, rate = scopeTrade, s.cfg.RateLimits.TradePerUser
	case classOrder:
		scope, rate = scopeOrder, s.cfg.RateLimits.OrderPerUser
	}
	wait, limited = s.allow(ctx, scope, name, rate)
	return id, wait, limited, nil
}

// verify checks a bearer credential: an API key (apikey.go) or a token of
// the identity provider.
func (s *Server) verify(ctx context.Context, raw string) (id identity, err error) {
	if strings.HasPrefix(raw, predict.APIKeyPrefix) {
		id.key, id.claims, err = s.verifyKey(ctx, raw)
	} else {
		id.claims, err = s.verifier.Verify(ctx, raw)
	}
	return id, err
}

// rateLimited sets Retry-After on w and returns the 429 refusal of a
// request that must wait.
func rateLimited(w http.ResponseWriter, wait time.Duration) error {
	w.Header().Set("Retry-After", strconv.Itoa(retryAfter(wait)))
	return predict.Errorf(predict.ERATELIMIT, "too many requests; retry in %s", wait.Round(time.Millisecond))
}

// retryAfter is wait in whole seconds, rounded up, as Retry-After gives it.
func retryAfter(wait time.Duration) int { return int(wait.Seconds()) + 1 }

// claims returns the verified claims of the caller, or EUNAUTHORIZED.
// (A token that failed verification never reaches a handler.)
func (s *Server) claims(r *http.Request) (*auth.Claims, error) {
	id, _ := r.Context().Value(identityKey).(identity)
	if id.claims == nil {
		return nil, predict.Errorf(predict.EUNAUTHORIZED, "missing bearer token")
	}
	return id.claims, nil
}

// authenticate returns the registered user calling, with the roles of
// configuration folded in. The user is looked up once a request (the
// first call; identity.user): every later call of the request gets the
// same *predict.User, which is the request's own to change.
func (s *Server) authenticate(r *http.Request) (*predict.User, error) {
	id, _ := r.Context().Value(identityKey).(identity)
	if id.claims == nil {
		return nil, predict.Errorf(predict.EUNAUTHORIZED, "missing bearer token")
	}
	if id.user == nil { // an identity made without admit
		return s.lookUpCaller(r.Context(), id)
	}
	ru := id.user
	ru.once.Do(func() { ru.user, ru.err = s.lookUpCaller(r.Context(), id) })
	return ru.user, ru.err
}

// lookUpCaller reads the user behind id's claims.
func (s *Server) lookUpCaller(ctx context.Context, id identity) (*predict.User, error) {
	u, err := s.store.UserBySubject(ctx, id.claims.Subject)
	if err != nil {
		if predict.ErrorCode(err) == predict.ENOTFOUND {
			return nil, predict.Errorf(codeNotRegistered, "user is not registered; call /api/v1/user/login first")
		}
		return nil, err
	}
	u = s.withBootstrapRoles(u)
	// An API key acts as an admin only with the admin scope.
	if id.key != nil && !id.key.Allows(predict.ScopeAdmin) {
		u.Roles = slices.DeleteFunc(slices.Clone(u.Roles), func(role string) bool { return role == predict.RoleAdmin })
	}
	return u, nil
}

// optionalUser is authenticate for public endpoints: no token means no
// user, and so does a valid token of a subject that never logged in.
func (s *Server) optionalUser(r *http.Request) (*predict.User, error) {
	id, _ := r.Context().Value(identityKey).(identity)
	if id.claims == nil {
		return nil, nil
	}
	u, err := s.authenticate(r)
	if predict.ErrorCode(err) == codeNotRegistered {
		return nil, nil
	}
	return u, err
}

// withBootstrapRoles adds the admin role to configured admin subjects.
func (s *Server) withBootstrapRoles(u *predict.User) *predict.User {
	if s.isBootstrapAdmin(u.Subject) && !u.HasRole(predict.RoleAdmin) {
		u.Roles = append([]string{predict.RoleAdmin}, u.Roles...)
	}
	return u
}
