package api_test

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/internal/api"
	"github.com/predict-dev/predict/internal/auth"
	"github.com/predict-dev/predict/internal/store/storetest"
)

// BenchmarkPersonalRead is the server's own cost of a signed-in read of
// the caller's positions answered from the read cache (the token and the
// user remembered): the handler chain alone, without a connection.
func BenchmarkPersonalRead(b *testing.B) {
	s := storetest.OpenSQLite(b)
	dev, err := auth.OpenDevProvider(b.TempDir(), testIssuer, testAudience)
	if err != nil {
		b.Fatal(err)
	}
	verifier, err := auth.NewVerifier(auth.Config{KeySource: dev, Issuer: testIssuer, Audience: testAudience})
	if err != nil {
		b.Fatal(err)
	}
	doc, err := api.OpenAPIJSON(context.Background())
	if err != nil {
		b.Fatal(err)
	}
	cache := api.NewReadCache(api.CacheConfig{MaxAge: time.Hour})
	cfg := api.Config{BodyLimit: 4096, OpenAPI: doc, DevJWKS: dev.JWKS(), Cache: cache}
	reg := prometheus.NewRegistry()
	h := api.NewServer(cfg, s, verifier, slog.New(slog.NewTextHandler(io.Discard, nil)), reg).Handler(reg)
	if _, _, err := s.Login(context.Background(), predict.LoginParams{Subject: "did:dev:bench", Address: addr(0xbe)}); err != nil {
		b.Fatal(err)
	}
	tok, err := dev.Mint("did:dev:bench", time.Hour)
	if err != nil {
		b.Fatal(err)
	}
	req := httptest.NewRequest("GET", "/api/v1/market/get-user-positions?page=1&pageSize=20", nil)
	req.Header.Set("Authorization", "Bearer "+tok)
	req.RemoteAddr = "127.0.0.1:4000"
	for b.Loop() {
		w := httptest.NewRecorder()
		h.ServeHTTP(w, req)
		if w.Code != http.StatusOK {
			b.Fatalf("HTTP %d: %s", w.Code, w.Body)
		}
	}
}
