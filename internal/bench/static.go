package bench

import (
	"bytes"
	"io"
	"net/http"
	"sync"
)

// Answer is one recorded response, what a static server replays for the
// same request: the request URI and Authorization header it answers,
// and the status, the headers that matter and the body.
type Answer struct {
	URI           string            `json:"uri"`
	Authorization string            `json:"authorization,omitempty"`
	Status        int               `json:"status"`
	Header        map[string]string `json:"header"`
	Body          []byte            `json:"body"`
}

// AnswerHeaders are the response headers an answer keeps: those a client
// or a cache in front acts on. The rest (Date, Content-Length, Server)
// each server writes its own way.
var AnswerHeaders = []string{"Content-Type", "Cache-Control", "ETag", "Vary", "Content-Encoding"}

// NewAnswer records res, whose body is body, as the answer to req.
func NewAnswer(req *http.Request, res *http.Response, body []byte) Answer {
	a := Answer{URI: req.URL.RequestURI(), Authorization: req.Header.Get("Authorization"),
		Status: res.StatusCode, Header: map[string]string{}, Body: body}
	for _, h := range AnswerHeaders {
		if v := res.Header.Get(h); v != "" {
			a.Header[h] = v
		}
	}
	return a
}

// key identifies the request an answer is for.
func (a Answer) key() string { return a.URI + "\x00" + a.Authorization }

// ServeAnswers returns a handler that replays answers to the requests
// they were recorded for (same URI and Authorization header), and 404
// otherwise: the ceiling of what an HTTP server in Go can do on this
// machine for the same responses.
func ServeAnswers(answers []Answer) http.Handler {
	byKey := make(map[string]Answer, len(answers))
	for _, a := range answers {
		byKey[a.key()] = a
	}
	return http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		a, ok := byKey[req.URL.RequestURI()+"\x00"+req.Header.Get("Authorization")]
		if !ok {
			http.NotFound(w, req)
			return
		}
		for k, v := range a.Header {
			w.Header().Set(k, v)
		}
		w.WriteHeader(a.Status)
		w.Write(a.Body)
	})
}

// Recorder is an http.RoundTripper that remembers the answer to every
// request it forwards, so a static server can serve the same bytes.
type Recorder struct {
	Next http.RoundTripper

	mu      sync.Mutex
	answers map[string]Answer
}

// RoundTrip forwards req and records the answer under its request URI
// and Authorization header.
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
	a := NewAnswer(req, res, body)
	r.mu.Lock()
	if r.answers == nil {
		r.answers = map[string]Answer{}
	}
	r.answers[a.key()] = a
	r.mu.Unlock()
	res.Body = io.NopCloser(bytes.NewReader(body))
	return res, nil
}

// Answers returns what was recorded.
func (r *Recorder) Answers() []Answer {
	r.mu.Lock()
	defer r.mu.Unlock()
	out := make([]Answer, 0, len(r.answers))
	for _, a := range r.answers {
		out = append(out, a)
	}
	return out
}

// Static returns a handler serving the recorded answers (ServeAnswers).
func (r *Recorder) Static() http.Handler { return ServeAnswers(r.Answers()) }
