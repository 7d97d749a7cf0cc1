package api_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/predict-dev/predict/internal/api"
	"github.com/predict-dev/predict/internal/api/apitest"
	"github.com/predict-dev/predict/internal/auth"
	"github.com/predict-dev/predict/internal/store"
	"github.com/predict-dev/predict/internal/store/storetest"
)

// Identity settings of the test provider.
const (
	testIssuer   = "predict-dev"
	testAudience = "predict"
	adminSubject = "did:dev:root"
)

// env is the real router over a real store and the real token verifier
// (keys from the development identity provider through its JWKS).
type env struct {
	t      testing.TB
	srv    *httptest.Server
	store  *store.DB
	dev    *auth.DevProvider
	devDir string
	now    time.Time
}

type envOption func(*api.Config)

func newEnv(t testing.TB, s *store.DB, opts ...envOption) *env {
	t.Helper()
	devDir := t.TempDir()
	dev, err := auth.OpenDevProvider(devDir, testIssuer, testAudience)
	if err != nil {
		t.Fatal(err)
	}
	verifier, err := auth.NewVerifier(auth.Config{KeySource: dev, Issuer: testIssuer, Audience: testAudience})
	if err != nil {
		t.Fatal(err)
	}
	doc, err := api.OpenAPIJSON(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	e := &env{t: t, store: s, dev: dev, devDir: devDir, now: time.Now()}
	cfg := api.Config{
		BodyLimit:     4096,
		AdminSubjects: []string{adminSubject},
		OpenAPI:       doc,
		DevJWKS:       dev.JWKS(),
		Now:           func() time.Time { return e.now },
	}
	for _, o := range opts {
		o(&cfg)
	}
	logger := slog.New(slog.NewTextHandler(io.Discard, nil))
	reg := prometheus.NewRegistry()
	// Served as cmd/predict serves it: with its header limit, on its listener.
	e.srv = httptest.NewUnstartedServer(api.NewServer(cfg, s, verifier, logger, reg).Handler(reg))
	e.srv.Config.MaxHeaderBytes = api.MaxHeaderBytes
	e.srv.Listener = api.Listener(e.srv.Listener)
	e.srv.Start()
	t.Cleanup(e.srv.Close)
	return e
}

// eachEnv runs test on each store (storetest.Each) against a new env over
// that store: the opening that most of these tests share.
func eachEnv(t *testing.T, test func(t *testing.T, e *env, s *store.DB)) {
	t.Helper()
	storetest.Each(t, func(t *testing.T, s *store.DB) {
		test(t, newEnv(t, s), s)
	})
}

// token mints a valid token for sub.
func (e *env) token(sub string) string {
	e.t.Helper()
	tok, err := e.dev.Mint(sub, time.Hour)
	if err != nil {
		e.t.Fatal(err)
	}
	return tok
}

// getRaw GETs path, whose answer is not the API's envelope (the OpenAPI
// document, the JWKS, metrics, the web app), and returns its status and
// body.
func (e *env) getRaw(t testing.TB, path string) (int, []byte) {
	t.Helper()
	res, err := http.Get(e.srv.URL + path)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	raw, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	return res.StatusCode, raw
}

// response is a decoded envelope.
type response struct {
	status int
	header http.Header
	Code   int             `json:"code"`
	Reason string          `json:"reason"`
	Msg    string          `json:"msg"`
	Data   json.RawMessage `json:"data"`
}

// into decodes data into v.
func (r *response) into(t testing.TB, v any) {
	t.Helper()
	if err := json.Unmarshal(r.Data, v); err != nil {
		t.Fatalf("decode data %s: %v", r.Data, err)
	}
}

// do sends a request and validates the response against openapi.yaml.
// body may be nil, a string (sent as is) or a value encoded as JSON.
func (e *env) do(method, path, token string, body any) *response {
	e.t.Helper()
	var rd io.Reader
	switch b := body.(type) {
	case nil:
	case string:
		rd = strings.NewReader(b)
	default:
		raw, err := json.Marshal(b)
		if err != nil {
			e.t.Fatal(err)
		}
		rd = bytes.NewReader(raw)
	}
	req, err := http.NewRequest(method, e.srv.URL+path, rd)
	if err != nil {
		e.t.Fatal(err)
	}
	if rd != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	return e.send(req)
}

func (e *env) send(req *http.Request) *response {
	e.t.Helper()
	res, err := e.srv.Client().Do(req)
	if err != nil {
		e.t.Fatal(err)
	}
	defer res.Body.Close()
	raw, err := io.ReadAll(res.Body)
	if err != nil {
		e.t.Fatal(err)
	}
	validateResponse(e.t, req, res, raw)
	out := &response{status: res.StatusCode, header: res.Header}
	if strings.HasPrefix(res.Header.Get("Content-Type"), "application/json") {
		if err := json.Unmarshal(raw, out); err != nil {
			e.t.Fatalf("%s %s: response is not JSON: %s", req.Method, req.URL.Path, raw)
		}
	}
	return out
}

// validateResponse checks a response against openapi.yaml.
func validateResponse(t testing.TB, req *http.Request, res *http.Response, body []byte) {
	t.Helper()
	apitest.Validate(t, req, res, body)
}

// wantError asserts an error envelope.
func wantError(t testing.TB, r *response, status, code int) {
	t.Helper()
	if r.status != status || r.Code != code {
		t.Fatalf("got HTTP %d code %d (%s: %s), want HTTP %d code %d", r.status, r.Code, r.Reason, r.Msg, status, code)
	}
	if string(r.Data) != "null" {
		t.Fatalf("error data = %s, want null", r.Data)
	}
	if r.Msg == "" {
		t.Fatalf("error without a message")
	}
}

// wantOK asserts a success envelope.
func wantOK(t testing.TB, r *response) {
	t.Helper()
	if r.status != http.StatusOK || r.Code != 0 {
		t.Fatalf("got HTTP %d code %d (%s: %s), want 200 code 0", r.status, r.Code, r.Reason, r.Msg)
	}
}

// read GETs path as token ("" for none), wants the success envelope and
// decodes its data into v.
func (e *env) read(t testing.TB, path, token string, v any) {
	t.Helper()
	r := e.do("GET", path, token, nil)
	wantOK(t, r)
	r.into(t, v)
}

// refusal is a request an endpoint must refuse: its method, its path
// under the table's prefix, token and body, and the status and error
// code of the answer.
type refusal struct {
	name, method, path, token string
	body                      any
	status, code              int
}

// wantRefusals sends each refusal, a subtest by its name, to prefix+path.
func (e *env) wantRefusals(t *testing.T, prefix string, cases []refusal) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			wantError(t, e.do(tc.method, prefix+tc.path, tc.token, tc.body), tc.status, tc.code)
		})
	}
}

// postRefusal is a refusal of a POST.
type postRefusal struct {
	name, path, token string
	body              any
	status, code      int
}

// wantPostRefusals is wantRefusals for a table of POSTs.
func (e *env) wantPostRefusals(t *testing.T, prefix string, cases []postRefusal) {
	t.Helper()
	all := make([]refusal, len(cases))
	for i, c := range cases {
		all[i] = refusal{name: c.name, method: http.MethodPost, path: c.path, token: c.token, body: c.body, status: c.status, code: c.code}
	}
	e.wantRefusals(t, prefix, all)
}
