package api_test

import (
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/predict-dev/predict/internal/api"
	"github.com/predict-dev/predict/internal/store/storetest"
)

// lateMinter mints with the dev provider newEnv opens.
type lateMinter struct{ e **env }

func (m lateMinter) Mint(sub string, ttl time.Duration) (string, error) {
	return (*m.e).dev.Mint(sub, ttl)
}

// TestWebApp: paths outside the API go to the web app, the API's own
// unknown paths still answer the JSON 404, and the development sign-in
// mints tokens the service accepts.
func TestWebApp(t *testing.T) {
	app := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		io.WriteString(w, "app "+r.URL.Path)
	})
	var e *env
	e = newEnv(t, storetest.OpenSQLite(t), func(c *api.Config) {
		c.App = app
		c.DevTokens = lateMinter{&e} // e.dev exists once newEnv returns
	})
	get := func(path string) (int, string) {
		t.Helper()
		code, raw := e.getRaw(t, path)
		return code, string(raw)
	}
	for _, p := range []string{"/", "/markets/0xabc", "/portfolio"} {
		if code, body := get(p); code != 200 || body != "app "+p {
			t.Errorf("GET %s = %d %q, want the app", p, code, body)
		}
	}
	for _, p := range []string{"/api/v1/no-such", "/api/nothing", "/.well-known/other"} {
		res := e.do("GET", p, "", nil)
		if res.status != 404 || res.Code != 110102 {
			t.Errorf("GET %s = %d code %d, want the JSON 404", p, res.status, res.Code)
		}
	}
	if code, body := get("/healthz"); code != 200 || !strings.Contains(body, `"code":0`) {
		t.Errorf("healthz = %d %s", code, body)
	}
	if res := e.do("POST", "/", "", "{}"); res.status == 200 {
		t.Errorf("POST / went to the app")
	}

	t.Run("DevToken", func(t *testing.T) {
		res := e.do("POST", "/api/v1/dev/token", "", map[string]string{"name": " Alice "})
		wantOK(t, res)
		var data struct{ Token, Subject, ExpiresAt string }
		res.into(t, &data)
		if data.Subject != "did:dev:alice" || data.Token == "" {
			t.Fatalf("token answer %+v", data)
		}
		who := e.do("GET", "/api/v1/user/get-user-info", data.Token, nil)
		if who.status == 401 {
			t.Fatalf("the minted token is refused: %s", who.Msg)
		}
		for _, bad := range []string{"", "-x", "a b", "did:dev:x", strings.Repeat("a", 41)} {
			res := e.do("POST", "/api/v1/dev/token", "", map[string]string{"name": bad})
			if res.status != 400 || res.Code != 110101 {
				t.Errorf("name %q: %d code %d", bad, res.status, res.Code)
			}
		}
	})
	t.Run("NoDevTokenInProduction", func(t *testing.T) {
		prod := newEnv(t, storetest.OpenSQLite(t))
		res := prod.do("POST", "/api/v1/dev/token", "", map[string]string{"name": "alice"})
		if res.status != 404 || res.Code != 110102 {
			t.Fatalf("dev/token without the dev provider = %d code %d", res.status, res.Code)
		}
	})
}
