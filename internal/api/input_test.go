package api_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/getkin/kin-openapi/openapi3"

	"github.com/predict-dev/predict/internal/api"
	"github.com/predict-dev/predict/internal/events"
	"github.com/predict-dev/predict/internal/ops"
	"github.com/predict-dev/predict/internal/store"
	"github.com/predict-dev/predict/internal/store/storetest"
)

// newFullEnv is an env that serves every route of openapi.yaml: the
// transaction endpoints (their fields are checked before the chain is
// involved, so the operation service runs without one), the deployment
// with its faucet, the development sign-in, and the event stream.
func newFullEnv(t *testing.T, s *store.DB) *env {
	t.Helper()
	hub := newHub(t, events.NewMemoryBus(), testHubConfig())
	var e *env
	e = newEnv(t, s, func(c *api.Config) {
		c.Deployment, c.Faucet, c.Events = testDeployment, &chainDouble{}, hub
		c.Ops = ops.New(ops.Config{Store: s, Deployment: testDeployment})
		c.DevTokens = lateMinter{&e}
		c.SIWE = &api.SIWE{Domain: "predict.example", ChainID: 1337, Issuer: lateMinter{&e}, TokenTTL: time.Hour, RefreshTTL: 24 * time.Hour}
	})
	t.Cleanup(hub.Close)
	return e
}

// apiDoc is openapi.yaml, parsed.
func apiDoc(t *testing.T) *openapi3.T {
	t.Helper()
	doc, err := api.LoadOpenAPI(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return doc
}

// operation is one method and path of openapi.yaml.
type operation struct {
	method, path string
	op           *openapi3.Operation
	target       string // path with its parameters filled in (pathExample)
}

func (o operation) String() string { return o.method + " " + o.path }

// operations lists the operations of the document in a stable order.
// pathExample gives each path parameter of the document a valid value,
// so that a request reaches the handler's checks of the rest.
var pathExample = strings.NewReplacer("{dataset}", "trades")

func operations(doc *openapi3.T) []operation {
	var out []operation
	for _, path := range doc.Paths.InMatchingOrder() {
		for method, op := range doc.Paths.Value(path).Operations() {
			out = append(out, operation{method, path, op, pathExample.Replace(path)})
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].String() < out[j].String() })
	return out
}

func (o operation) queryParams() []*openapi3.Parameter {
	var out []*openapi3.Parameter
	for _, p := range o.op.Parameters {
		if p.Value.In == openapi3.ParameterInQuery {
			out = append(out, p.Value)
		}
	}
	return out
}

// bodyField is a string of a request body: its path as error messages
// name it, and the body that holds v there and nothing else.
type bodyField struct {
	path string
	body func(v string) string
	// formatted: the schema gives the value a form (pattern, format or
	// enum), so an empty string does not fit it.
	formatted bool
}

// bodyFields lists every string field of o's request body, at any depth.
func (o operation) bodyFields() []bodyField {
	if o.op.RequestBody == nil {
		return nil
	}
	mt := o.op.RequestBody.Value.Content.Get("application/json")
	if mt == nil {
		return nil
	}
	seen := map[string]bool{}
	var out []bodyField
	var walk func(s *openapi3.Schema, path string, wrap func(any) any)
	walk = func(s *openapi3.Schema, path string, wrap func(any) any) {
		for _, sub := range s.AllOf {
			walk(sub.Value, path, wrap)
		}
		switch {
		case s.Type.Is("string") && path != "" && !seen[path]:
			seen[path] = true
			out = append(out, bodyField{path: path, formatted: s.Pattern != "" || s.Format != "" || len(s.Enum) > 0, body: func(v string) string {
				raw, _ := json.Marshal(wrap(placeholder))
				enc, _ := json.Marshal(v)
				if !utf8.ValidString(v) {
					enc = []byte(`"` + v + `"`) // Marshal would replace the invalid bytes
				}
				return string(bytes.Replace(raw, []byte(`"`+placeholder+`"`), enc, 1))
			}})
		case s.Type.Is("array") && s.Items != nil:
			walk(s.Items.Value, path+"[0]", func(v any) any { return wrap([]any{v}) })
		}
		for name, p := range s.Properties {
			child := name
			if path != "" {
				child = path + "." + name
			}
			walk(p.Value, child, func(v any) any { return wrap(map[string]any{name: v}) })
		}
	}
	walk(mt.Schema.Value, "", func(v any) any { return v })
	sort.Slice(out, func(i, j int) bool { return out[i].path < out[j].path })
	return out
}

const placeholder = "\uE000field\uE000"

// multiline are the fields whose text may run over lines (docs/errors.md).
var multiline = []string{"content", "description", "rules", "resolutionNote", "challenge"}

// badText are values refused in every text input, query or body.
var badText = map[string]string{
	"NUL":             "a\x00b",
	"BEL":             "a\ab",
	"ESC":             "a\x1b[31mb",
	"DEL":             "a\x7fb",
	"C1":              "a\u0085b",
	"LoneCR":          "a\rb",
	"RightToLeftOver": "a\u202eb",
	"LeftToRightEmb":  "a\u202ab",
	"FirstStrongIso":  "a\u2068b",
	"InvalidUTF8":     "a\xffb",
	"Surrogate":       "a\xed\xa0\x80b",
}

// badLineText are refused only where text is one line.
var badLineText = map[string]string{"Newline": "a\nb", "Tab": "a\tb"}

// sampleQuery gives the parameters an operation requires a valid value, so
// that the one under test is what the answer is about.
func sampleQuery(o operation, skip string, market string) url.Values {
	byName := map[string]string{
		"page": "1", "pageSize": "10", "marketAddress": market, "baseTokenAddress": testDeployment.BaseTokens[0].Address,
		"opHash": "0x" + strings.Repeat("0", 64), "orderHash": "0x" + strings.Repeat("0", 64), "amount": "1000", "side": "1", "uid": "someone", "postId": "1",
	}
	q := url.Values{}
	for _, p := range o.queryParams() {
		if !p.Required || p.Name == skip {
			continue
		}
		v, ok := byName[p.Name]
		switch s := p.Schema.Value; {
		case ok:
		case len(s.Enum) > 0:
			v = fmt.Sprint(s.Enum[0])
		case s.Type.Is("boolean"):
			v = "false"
		case s.Type.Is("integer"):
			v = "1"
		default:
			v = addr(1)
		}
		q.Set(p.Name, v)
	}
	return q
}

// TestTextInputRule sends every text input of every endpoint of
// openapi.yaml, query parameters and body strings at any depth, with
// control, bidirectional-override and invalid UTF-8 characters: each must
// be refused as 400/110101 naming the input, on both stores (PostgreSQL
// refuses NUL in text: it used to answer 500 there, and SQLite stored it).
func TestTextInputRule(t *testing.T) {
	doc := apiDoc(t)
	storetest.Each(t, func(t *testing.T, s *store.DB) {
		e := newFullEnv(t, s)
		admin := e.signIn(adminSubject, addr(3))
		market := storetest.NewMarket(t, s, nil).Address
		var names []string
		check := func(t *testing.T, r *response, field string) {
			t.Helper()
			wantError(t, r, http.StatusBadRequest, 110101)
			if !strings.HasPrefix(r.Msg, field+" ") {
				t.Fatalf("message %q does not name %s", r.Msg, field)
			}
		}
		for _, o := range operations(doc) {
			for _, p := range o.queryParams() {
				names = append(names, o.path+"?"+p.Name)
				for _, bad := range sortedKeys(badText, badLineText) {
					t.Run(o.path+"?"+p.Name+"/"+bad, func(t *testing.T) {
						q := sampleQuery(o, p.Name, market)
						q.Set(p.Name, value(bad))
						check(t, e.do(o.method, o.target+"?"+q.Encode(), admin, nil), p.Name)
					})
				}
			}
			for _, f := range o.bodyFields() {
				names = append(names, o.path+" "+f.path)
				last := f.path[strings.LastIndex(f.path, ".")+1:]
				for _, bad := range sortedKeys(badText, badLineText) {
					if _, line := badLineText[bad]; line && slices.Contains(multiline, last) {
						continue
					}
					t.Run(o.path+" "+f.path+"/"+bad, func(t *testing.T) {
						check(t, e.do(o.method, o.target, admin, f.body(value(bad))), f.path)
					})
				}
			}
		}
		// The table comes from the document: make sure it reached the
		// inputs that used to fail.
		for _, want := range []string{
			"/api/v1/market/get-markets?tag", "/api/v1/market/get-markets?categoryId", "/api/v1/market/get-markets?hotWords",
			"/api/v1/market/get-user-positions?uid", "/api/v1/market/get-user-asset-info?uid",
			"/api/v1/user/login inviteByCode", "/api/v1/market/create-market title", "/api/v1/market/create-market options[0].title",
			"/api/v1/market/create-market tags[0]", "/api/v1/market/settle-market userOperation.sender",
			"/api/v1/community/create-post content", "/api/v1/sse/subscribe topics[0]",
		} {
			if !slices.Contains(names, want) {
				t.Errorf("no case for %s; cases: %v", want, names)
			}
		}
	})
}

func value(bad string) string {
	if v, ok := badText[bad]; ok {
		return v
	}
	return badLineText[bad]
}

func sortedKeys(maps ...map[string]string) []string {
	var out []string
	for _, m := range maps {
		for k := range m {
			out = append(out, k)
		}
	}
	sort.Strings(out)
	return out
}

// TestMultilineText: line breaks and tabs are text in the fields written
// in paragraphs, and only there.
func TestMultilineText(t *testing.T) {
	e := newEnv(t, storetest.OpenSQLite(t))
	alice := e.signIn("did:dev:alice", addr(1))
	market := storetest.NewMarket(t, e.store, nil).Address
	r := e.do("POST", "/api/v1/community/create-post", alice, map[string]any{"marketAddress": market, "content": "one\r\ntwo\n\tthree \u05d0\u200f"})
	wantOK(t, r)
	var p postOut
	r.into(t, &p)
	if p.Content != "one\ntwo\n\tthree \u05d0\u200f" {
		t.Fatalf("content = %q", p.Content)
	}
	r = e.do("POST", "/api/v1/user/login", alice, map[string]any{"address": addr(1), "inviteByCode": "a\nb"})
	wantError(t, r, http.StatusBadRequest, 110101)
	// A key is text too.
	r = e.do("POST", "/api/v1/community/create-post", alice, `{"marketAddress":"`+market+`","con\u0000tent":"x"}`)
	wantError(t, r, http.StatusBadRequest, 110101)
}

// TestEmptyFormattedField: a body field whose schema gives it a form (an
// address, an amount, a uuid, one of a set) refuses an empty string,
// naming the field, on every endpoint of openapi.yaml: "" is never read
// as the field's absence (null or leaving it out is). Free text may be
// empty. The fields of a userOperation follow ERC-4337 (empty hex is
// empty bytes), and items of arrays meet their own checks.
func TestEmptyFormattedField(t *testing.T) {
	doc := apiDoc(t)
	e := newFullEnv(t, storetest.OpenSQLite(t))
	admin := e.signIn(adminSubject, addr(3))
	var formatted []string
	for _, o := range operations(doc) {
		for _, f := range o.bodyFields() {
			if strings.HasPrefix(f.path, "userOperation.") || strings.Contains(f.path, "[") || o.path == "/api/v1/rpc" {
				continue
			}
			t.Run(o.path+" "+f.path, func(t *testing.T) {
				r := e.do(o.method, o.target, admin, f.body(""))
				empty := r.status == http.StatusBadRequest && strings.HasPrefix(r.Msg, f.path+" must not be empty")
				switch {
				case f.formatted && !empty:
					t.Fatalf("%s \"\" answered HTTP %d %d %q, want 400 %q", f.path, r.status, r.Code, r.Msg, f.path+" must not be empty")
				case !f.formatted && empty:
					t.Fatalf("free text %s \"\" refused as empty: %q", f.path, r.Msg)
				}
			})
			if f.formatted {
				formatted = append(formatted, o.path+" "+f.path)
			}
		}
	}
	for _, want := range []string{"/api/v1/aa/prepare-user-operation owner", "/api/v1/user/login signature",
		"/api/v1/dev/faucet amount", "/api/v1/market/place-order price"} {
		if !slices.Contains(formatted, want) {
			t.Errorf("no case for %s; cases: %v", want, formatted)
		}
	}
	t.Run("NullIsAbsent", func(t *testing.T) {
		r := e.do("POST", "/api/v1/market/follow-market", admin, `{"marketAddress":null}`)
		wantError(t, r, http.StatusBadRequest, 110101)
		if r.Msg != "marketAddress is required" {
			t.Fatalf("null marketAddress: %q, want it read as absent (marketAddress is required)", r.Msg)
		}
	})
}

// TestStrictBooleans: a boolean query parameter is true or false, as
// openapi.yaml writes booleans; 1, 0 and other spellings are refused.
func TestStrictBooleans(t *testing.T) {
	e := newEnv(t, storetest.OpenSQLite(t))
	for _, c := range []struct {
		value string
		ok    bool
	}{{"true", true}, {"false", true}, {"", true}, {"1", false}, {"0", false}, {"TRUE", false}, {"t", false}, {"yes", false}} {
		t.Run(c.value, func(t *testing.T) {
			r := e.do("GET", "/api/v1/market/get-markets?page=1&pageSize=10&newMarket="+c.value, "", nil)
			if c.ok && r.Code != 0 {
				t.Fatalf("newMarket=%s: %d %q", c.value, r.Code, r.Msg)
			}
			if !c.ok {
				wantError(t, r, http.StatusBadRequest, 110101)
				if r.Msg != "newMarket must be true or false" {
					t.Fatalf("newMarket=%s: %q", c.value, r.Msg)
				}
			}
		})
	}
}

// TestStrictIntegers: an integer query parameter has one spelling;
// "+1" and "01" are refused, naming the parameter.
func TestStrictIntegers(t *testing.T) {
	doc := apiDoc(t)
	e := newFullEnv(t, storetest.OpenSQLite(t))
	admin := e.signIn(adminSubject, addr(3))
	market := storetest.NewMarket(t, e.store, nil).Address
	var names []string
	for _, o := range operations(doc) {
		for _, p := range o.queryParams() {
			if !p.Schema.Value.Type.Is("integer") {
				continue
			}
			names = append(names, p.Name)
			for _, v := range []string{"+1", "01", "+01", "00", "-01", " 1", "1 ", "1e0", "0x1", "1_0"} {
				t.Run(o.path+"?"+p.Name+"="+v, func(t *testing.T) {
					q := sampleQuery(o, p.Name, market)
					q.Set(p.Name, v)
					r := e.do(o.method, o.target+"?"+q.Encode(), admin, nil)
					wantError(t, r, http.StatusBadRequest, 110101)
					if !strings.HasPrefix(r.Msg, p.Name+" ") {
						t.Fatalf("message %q does not name %s", r.Msg, p.Name)
					}
				})
			}
		}
	}
	for _, want := range []string{"page", "pageSize", "side", "postId"} {
		if !slices.Contains(names, want) {
			t.Errorf("no integer parameter %s in openapi.yaml", want)
		}
	}
	// JSON numbers have one spelling by the grammar; the refusal names
	// the field all the same.
	alice := e.signIn("did:dev:alice", addr(1))
	for _, tc := range []struct{ path, body, field string }{
		{"/api/v1/user/read-notifications", `{"ids":[01]}`, "ids[0]"},
		{"/api/v1/user/read-notifications", `{"ids":[1, +2]}`, "ids[1]"},
		{"/api/v1/user/read-notifications", `{"ids":[1,2,0x3]}`, "ids[2]"},
		{"/api/v1/community/create-comment", `{"postId":+1,"content":"x"}`, "postId"},
		{"/api/v1/community/create-comment", `{"content":"x","postId":1,"parentId":-01}`, "parentId"},
		{"/api/v1/community/delete-post", `{"postId": 007}`, "postId"},
		{"/api/v1/admin/hide-post", `{"id":1.0,"hidden":true}`, "id"},
		{"/api/v1/market/place-order", `{"side":01}`, "side"},
		{"/api/v1/market/place-order", `{"marketAddress":"` + market + `","side":+2}`, "side"},
	} {
		t.Run(tc.body, func(t *testing.T) {
			token := alice
			if strings.Contains(tc.path, "/admin/") {
				token = admin
			}
			r := e.do("POST", tc.path, token, tc.body)
			wantError(t, r, http.StatusBadRequest, 110101)
			if !strings.HasSuffix(r.Msg, " "+tc.field) && !strings.HasPrefix(r.Msg, "field "+tc.field+":") {
				t.Fatalf("message %q does not name %s", r.Msg, tc.field)
			}
		})
	}
	// The plain spelling still works.
	wantOK(t, e.do("GET", "/api/v1/market/get-markets?page=1&pageSize=10", "", nil))
	wantOK(t, e.do("GET", "/api/v1/market/get-markets?page=10&pageSize=50", "", nil))
}
