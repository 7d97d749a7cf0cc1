package bench

import (
	"bytes"
	"io"
	"net/http"
	"sync"
)

// Recorder is an http.RoundTripper that remembers the answer to every
// request it forwards, so a Static server can serve the same bytes.
type Recorder struct {
	Next http.RoundTripper

	mu      sync.Mutex
	answers map[string]answer
}

type answer struct {
	contentType string
	body        []byte
}

// RoundTrip forwards req and records the answer under its request URI.
func (r *Recorder) RoundTrip(req *http.Request) (*http.Response, error) {
	res, err := r.Next.RoundTrip(req)
	if err != nil {
		return nil, err
	}
	body, err := io.ReadAll(res.Body)
	res.Body.Close()
	if err != nil {
		return nil, err
	}
	r.mu.Lock()
	if r.answers == nil {
		r.answers = map[string]answer{}
	}
	r.answers[req.URL.RequestURI()] = answer{contentType: res.Header.Get("Content-Type"), body: body}
	r.mu.Unlock()
	res.Body = io.NopCloser(bytes.NewReader(body))
	return res, nil
}

// Static returns a handler that answers every recorded request URI with
// the recorded bytes, and 404 otherwise: the ceiling of what an HTTP
// server in Go can do on this machine for the same responses.
func (r *Recorder) Static() http.Handler {
	r.mu.Lock()
	answers := make(map[string]answer, len(r.answers))
	for k, v := range r.answers {
		answers[k] = v
	}
	r.mu.Unlock()
	return http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		a, ok := answers[req.URL.RequestURI()]
		if !ok {
			http.NotFound(w, req)
			return
		}
		w.Header().Set("Content-Type", a.contentType)
		w.Write(a.body)
	})
}
