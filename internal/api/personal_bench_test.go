package api_test

import (
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/predict-dev/predict/internal/api"
	"github.com/predict-dev/predict/internal/store/storetest"
)

// BenchmarkPersonalRead is the server's own cost of a signed-in read of
// the caller's positions answered from the read cache (the token and the
// user remembered): the handler chain alone, without a connection.
func BenchmarkPersonalRead(b *testing.B) {
	cache := api.NewReadCache(api.CacheConfig{MaxAge: time.Hour})
	e := newEnv(b, storetest.OpenSQLite(b), func(c *api.Config) { c.Cache = cache })
	e.login("did:dev:bench", addr(0xbe))
	h := e.srv.Config.Handler
	req := httptest.NewRequest("GET", "/api/v1/market/get-user-positions?page=1&pageSize=20", nil)
	req.Header.Set("Authorization", "Bearer "+e.token("did:dev:bench"))
	req.RemoteAddr = "127.0.0.1:4000"
	for b.Loop() {
		w := httptest.NewRecorder()
		h.ServeHTTP(w, req)
		if w.Code != http.StatusOK {
			b.Fatalf("HTTP %d: %s", w.Code, w.Body)
		}
	}
}
