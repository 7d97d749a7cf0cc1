package api

import (
	"context"
	"fmt"
	"net/http"
	"time"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/wire"
)

// ServiceName is the "service" field of /healthz and /readyz: it tells a
// client that the server on a port is predict and not another program.
const ServiceName = "predict"

// handleHealthz answers liveness: the process serves HTTP.
func (s *Server) handleHealthz(w http.ResponseWriter, r *http.Request) {
	ok(w, wire.Health{Status: "ok", Service: ServiceName})
}

// Starting is the handler of a service whose listener is bound while the
// slow part of its start-up (opening the store, the chain, deploying the
// contracts) runs: /healthz answers that the process is alive and
// starting, everything else 503 UNAVAILABLE with a Retry-After, so a
// client that waits for readiness keeps waiting and one that does not gets
// a clear answer instead of a refused connection.
func Starting(what string) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodGet && r.URL.Path == "/healthz" {
			ok(w, wire.Health{Status: "starting", Service: ServiceName})
			return
		}
		w.Header().Set("Retry-After", "1")
		kind := errorKinds[predict.EUNAVAILABLE]
		writeJSON(w, kind.status, errorBody{Code: kind.code, Reason: kind.reason, Msg: "the service is starting: " + what})
	})
}

// handleReadyz answers readiness: the store answers within a second.
func (s *Server) handleReadyz(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := context.WithTimeout(r.Context(), time.Second)
	defer cancel()
	if err := s.store.Ping(ctx); err != nil {
		s.Error(w, r, fmt.Errorf("readiness: %w: %w", predict.Errorf(predict.EDATABASE, "store unavailable"), err))
		return
	}
	ok(w, wire.Health{Status: "ready", Service: ServiceName})
}

// handleOpenAPI serves the API document.
func (s *Server) handleOpenAPI(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "application/json")
	_, _ = w.Write(s.cfg.OpenAPI)
}

// handleDevJWKS serves the development identity provider's key set.
func (s *Server) handleDevJWKS(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "application/json")
	_, _ = w.Write(s.cfg.DevJWKS)
}

// OverCapacityHandler answers the connections the listener takes past its
// connection cap, one request each (internal/netlimit): liveness and
// readiness answer as usual, so a replica that is merely full is not
// taken for a dead one; anything else is PLEASE_WAIT with Retry-After, as
// a rate limit is.
func (s *Server) OverCapacityHandler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /healthz", s.handleHealthz)
	mux.HandleFunc("GET /readyz", s.handleReadyz)
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Retry-After", "1")
		s.Error(w, r, predict.Errorf(predict.ERATELIMIT, "the server is at its connection limit; retry in 1s"))
	})
	return s.recoverer(s.cors(mux))
}
