// Package apitest checks real HTTP responses against openapi.yaml, so the
// document cannot drift from the code: every test that talks to the API,
// in this package's parent and in the end-to-end tests of the binary,
// validates what it receives.
package apitest

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"sync"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers"
	"github.com/getkin/kin-openapi/routers/legacy"

	"github.com/predict-dev/predict/internal/api"
)

var (
	once      sync.Once
	doc       *openapi3.T
	docRouter routers.Router
	docErr    error
)

// load parses the document once per test binary.
func load(t testing.TB) (*openapi3.T, routers.Router) {
	t.Helper()
	once.Do(func() {
		// The exports' streams are text the schema calls a string.
		openapi3filter.RegisterBodyDecoder("application/x-ndjson", openapi3filter.FileBodyDecoder)
		openapi3filter.RegisterBodyDecoder("text/csv", openapi3filter.FileBodyDecoder)
		doc, docErr = api.LoadOpenAPI(context.Background())
		if docErr != nil {
			return
		}
		doc.Servers = nil // match any host: test servers listen on random ports
		docRouter, docErr = legacy.NewRouter(doc)
	})
	if docErr != nil {
		t.Fatalf("openapi: %v", docErr)
	}
	return doc, docRouter
}

// Validate checks a response (its status, headers and body) against the
// operation of openapi.yaml that req matches. Paths the document does not
// describe must be 404 or 405 answers with the error envelope.
func Validate(t testing.TB, req *http.Request, res *http.Response, body []byte) {
	t.Helper()
	d, rt := load(t)
	vreq := req.Clone(context.Background())
	vreq.Body = http.NoBody
	route, params, err := rt.FindRoute(vreq)
	if err != nil {
		if res.StatusCode != http.StatusNotFound && res.StatusCode != http.StatusMethodNotAllowed {
			t.Fatalf("%s %s: no operation in openapi.yaml (%v)", req.Method, req.URL.Path, err)
		}
		var v any
		if err := json.Unmarshal(body, &v); err != nil {
			t.Fatalf("%s %s: error body is not JSON: %s", req.Method, req.URL.Path, body)
		}
		if err := d.Components.Schemas["Error"].Value.VisitJSON(v); err != nil {
			t.Fatalf("%s %s: error body does not match the Error schema: %v\nbody: %s", req.Method, req.URL.Path, err, body)
		}
		return
	}
	if res.StatusCode < 300 {
		documentedQuery(t, req, route)
	}
	in := &openapi3filter.ResponseValidationInput{
		RequestValidationInput: &openapi3filter.RequestValidationInput{
			Request: vreq, PathParams: params, Route: route,
			Options: &openapi3filter.Options{AuthenticationFunc: openapi3filter.NoopAuthenticationFunc},
		},
		Status:  res.StatusCode,
		Header:  res.Header,
		Body:    io.NopCloser(bytes.NewReader(body)),
		Options: &openapi3filter.Options{IncludeResponseStatus: true, MultiError: true},
	}
	if err := openapi3filter.ValidateResponse(context.Background(), in); err != nil {
		t.Fatalf("%s %s → %d: response does not match openapi.yaml: %v\nbody: %s", req.Method, req.URL.Path, res.StatusCode, err, body)
	}
}

// documentedQuery fails when a request that succeeded carried a query
// parameter its operation does not declare: the service read it (or
// ignored it), and either way a client reading openapi.yaml cannot know.
func documentedQuery(t testing.TB, req *http.Request, route *routers.Route) {
	t.Helper()
	declared := map[string]bool{}
	for _, ps := range []openapi3.Parameters{route.PathItem.Parameters, route.Operation.Parameters} {
		for _, p := range ps {
			if p.Value != nil && p.Value.In == openapi3.ParameterInQuery {
				declared[p.Value.Name] = true
			}
		}
	}
	for name := range req.URL.Query() {
		if !declared[name] {
			t.Fatalf("%s %s: query parameter %q is not in openapi.yaml", req.Method, req.URL.Path, name)
		}
	}
}
