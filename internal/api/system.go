package api

import (
	"context"
	"fmt"
	"net/http"
	"time"

	"github.com/predict-dev/predict"
)

// handleHealthz answers liveness: the process serves HTTP.
func (s *Server) handleHealthz(w http.ResponseWriter, r *http.Request) {
	ok(w, map[string]any{"status": "ok"})
}

// handleReadyz answers readiness: the store answers within a second.
func (s *Server) handleReadyz(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := context.WithTimeout(r.Context(), time.Second)
	defer cancel()
	if err := s.store.Ping(ctx); err != nil {
		s.Error(w, r, fmt.Errorf("readiness: %w: %w", predict.Errorf(predict.EDATABASE, "store unavailable"), err))
		return
	}
	ok(w, map[string]any{"status": "ready"})
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
