package web

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"net/http/httptest"
	"testing"
	"testing/fstest"
)

func TestHandler(t *testing.T) {
	js := bytes.Repeat([]byte("console.log('predict');\n"), 50)
	h := Handler(fstest.MapFS{
		"index.html":         {Data: []byte("<!doctype html><title>predict</title>")},
		"assets/app-abc1.js": {Data: js},
		"favicon.svg":        {Data: []byte("<svg xmlns='http://www.w3.org/2000/svg'/>")},
	})
	get := func(path, enc string) *http.Response {
		req := httptest.NewRequest("GET", path, nil)
		if enc != "" {
			req.Header.Set("Accept-Encoding", enc)
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		return rec.Result()
	}
	body := func(res *http.Response) string {
		raw, _ := io.ReadAll(res.Body)
		return string(raw)
	}
	for _, p := range []string{"/", "/index.html", "/markets/0x1", "/portfolio"} {
		res := get(p, "")
		if res.StatusCode != 200 || body(res) != "<!doctype html><title>predict</title>" {
			t.Errorf("%s: %d, want index.html", p, res.StatusCode)
		}
		if cc := res.Header.Get("Cache-Control"); cc != "no-cache" {
			t.Errorf("%s: Cache-Control %q", p, cc)
		}
		if res.Header.Get("Content-Security-Policy") == "" {
			t.Errorf("%s: no CSP", p)
		}
	}
	res := get("/assets/app-abc1.js", "")
	if res.StatusCode != 200 || body(res) != string(js) || res.Header.Get("Cache-Control") != "public, max-age=31536000, immutable" {
		t.Errorf("asset: %d %q", res.StatusCode, res.Header.Get("Cache-Control"))
	}
	if ct := res.Header.Get("Content-Type"); ct != "text/javascript; charset=utf-8" {
		t.Errorf("asset type %q", ct)
	}
	res = get("/assets/app-abc1.js", "br, gzip;q=0.8")
	if res.Header.Get("Content-Encoding") != "gzip" {
		t.Fatalf("no gzip for Accept-Encoding gzip")
	}
	zr, err := gzip.NewReader(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	if raw, _ := io.ReadAll(zr); !bytes.Equal(raw, js) {
		t.Errorf("gzip body differs")
	}
	if res := get("/assets/app-abc1.js", "gzip;q=0"); res.Header.Get("Content-Encoding") != "" {
		t.Errorf("gzip despite q=0")
	}
	if res := get("/assets/gone-123.js", ""); res.StatusCode != 404 {
		t.Errorf("missing asset: %d, want 404", res.StatusCode)
	}
	if res := get("/favicon.svg", ""); res.StatusCode != 200 || res.Header.Get("Cache-Control") != "no-cache" {
		t.Errorf("favicon: %d %q", res.StatusCode, res.Header.Get("Cache-Control"))
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("POST", "/", nil))
	if rec.Code != 405 {
		t.Errorf("POST: %d", rec.Code)
	}
}

// TestEmbedded: the binary carries a built app.
func TestEmbedded(t *testing.T) {
	rec := httptest.NewRecorder()
	Handler(FS()).ServeHTTP(rec, httptest.NewRequest("GET", "/", nil))
	if rec.Code != 200 || !bytes.Contains(rec.Body.Bytes(), []byte("<!doctype html>")) {
		t.Fatalf("embedded index.html: %d %.80q", rec.Code, rec.Body.String())
	}
}
