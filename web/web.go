// Package web holds the built web app (web/dist, built from web/src by
// web/build.sh and committed) and serves it: hashed assets for a year,
// index.html never from a cache, and index.html for every other path so
// that the app's own routes survive a reload.
package web

import (
	"bytes"
	"compress/gzip"
	"embed"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"strings"
	"sync"
)

//go:embed all:dist
var dist embed.FS

// FS is the built app: index.html at its root, hashed files under assets/.
func FS() fs.FS {
	sub, err := fs.Sub(dist, "dist")
	if err != nil {
		panic(err) // "dist" is a valid path: cannot fail
	}
	return sub
}

// file is one file of the app, kept in memory with its gzip form: the
// whole app is a few hundred kilobytes.
type file struct {
	body, gz    []byte
	contentType string
	cache       string
}

// Handler serves the app of fsys (FS in the binary). Paths under
// /assets/ are the build's content-hashed files, cached for a year;
// /assets/ paths that do not exist are 404 (a stale page must not get
// HTML for a script). Any other path that is not a file answers
// index.html, which is never cached, so a new build is picked up on the
// next load.
func Handler(fsys fs.FS) http.Handler {
	return &handler{fsys: fsys}
}

type handler struct {
	fsys  fs.FS
	mu    sync.Mutex
	files map[string]*file
}

// load reads and compresses name once.
func (h *handler) load(name string) (*file, bool) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if f, ok := h.files[name]; ok {
		return f, f != nil
	}
	if h.files == nil {
		h.files = map[string]*file{}
	}
	body, err := fs.ReadFile(h.fsys, name)
	if err != nil {
		h.files[name] = nil
		return nil, false
	}
	f := &file{body: body, contentType: mime.TypeByExtension(path.Ext(name)), cache: "no-cache"}
	if f.contentType == "" {
		f.contentType = http.DetectContentType(body)
	}
	if strings.HasPrefix(name, "assets/") {
		f.cache = "public, max-age=31536000, immutable"
	}
	var buf bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	zw.Write(body)
	zw.Close()
	if buf.Len() < len(body) {
		f.gz = buf.Bytes()
	}
	h.files[name] = f
	return f, true
}

func (h *handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	name := strings.TrimPrefix(path.Clean("/"+r.URL.Path), "/")
	f, ok := h.load(name)
	if !ok || name == "" || strings.HasSuffix(name, "/") {
		if strings.HasPrefix(name, "assets/") {
			http.Error(w, "no such asset (the page is older than the service: reload it)", http.StatusNotFound)
			return
		}
		if f, ok = h.load("index.html"); !ok {
			http.Error(w, "the web app is not built (web/build.sh)", http.StatusNotFound)
			return
		}
	}
	hd := w.Header()
	hd.Set("Content-Type", f.contentType)
	hd.Set("Cache-Control", f.cache)
	hd.Set("X-Content-Type-Options", "nosniff")
	hd.Set("Vary", "Accept-Encoding")
	if f.contentType == "text/html; charset=utf-8" {
		// The app runs only its own scripts and talks only to this origin;
		// avatars may come from anywhere.
		hd.Set("Content-Security-Policy", "default-src 'self'; img-src 'self' https: data:; style-src 'self' 'unsafe-inline'; frame-ancestors 'none'")
	}
	body := f.body
	if f.gz != nil && acceptsGzip(r) {
		hd.Set("Content-Encoding", "gzip")
		body = f.gz
	}
	w.WriteHeader(http.StatusOK)
	if r.Method == http.MethodGet {
		w.Write(body)
	}
}

// acceptsGzip reports whether the request's Accept-Encoding allows gzip.
func acceptsGzip(r *http.Request) bool {
	for _, part := range strings.Split(r.Header.Get("Accept-Encoding"), ",") {
		enc, q, _ := strings.Cut(strings.TrimSpace(part), ";")
		if strings.EqualFold(strings.TrimSpace(enc), "gzip") && strings.ReplaceAll(strings.TrimSpace(q), " ", "") != "q=0" {
			return true
		}
	}
	return false
}
