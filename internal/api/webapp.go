package api

import (
	"net/http"
	"regexp"
	"strings"
	"time"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/wire"
)

// DevTokenMinter mints tokens of the development identity provider
// (auth.DevProvider).
type DevTokenMinter interface {
	Mint(sub string, ttl time.Duration) (string, error)
}

// devTokenTTL is the lifetime of a web sign-in's token; the app mints a
// new one when the service answers 401.
const devTokenTTL = time.Hour

// devNameRe is what a development sign-in name may be: the id of the
// subject did:dev:<name>, as `predict login --as` writes it.
var devNameRe = regexp.MustCompile(`^[a-z0-9][a-z0-9._-]{0,39}$`)

// handleDevToken is the web app's sign-in on the embedded default: it
// mints a token of the development identity provider for did:dev:<name>,
// what `predict token --sub` prints. It exists only while that provider
// is on: anyone who can reach it can be anyone, which is what the
// development provider is.
func (s *Server) handleDevToken(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Name string `json:"name"`
	}
	if err := decodeBody(w, r, s.cfg.BodyLimit, &req); err != nil {
		s.Error(w, r, err)
		return
	}
	name := strings.ToLower(strings.TrimSpace(req.Name))
	if !devNameRe.MatchString(name) {
		s.Error(w, r, predict.Errorf(predict.EINVALID, "name must be 1 to 40 letters, digits, '.', '_' or '-', starting with a letter or digit"))
		return
	}
	sub := "did:dev:" + name
	tok, err := s.cfg.DevTokens.Mint(sub, devTokenTTL)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	ok(w, wire.DevToken{Token: tok, Subject: sub, ExpiresAt: wire.NewTime(s.now().Add(devTokenTTL))})
}

// servesApp reports whether r goes to the web app: a GET or HEAD of a
// path outside the API (/api/) and the service's own documents, when the
// app is built in.
func (s *Server) servesApp(r *http.Request) bool {
	if s.cfg.App == nil || (r.Method != http.MethodGet && r.Method != http.MethodHead) {
		return false
	}
	p := r.URL.Path
	return !strings.HasPrefix(p, "/api/") && p != "/api" && !strings.HasPrefix(p, "/.well-known/") &&
		p != "/healthz" && p != "/readyz" && p != "/metrics"
}
