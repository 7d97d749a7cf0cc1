package api_test

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/predict-dev/predict/internal/api"
	"github.com/predict-dev/predict/internal/store/storetest"
)

// envelopeOf reads an error envelope off a response of a real connection.
func envelopeOf(t *testing.T, res *http.Response) response {
	t.Helper()
	defer res.Body.Close()
	raw, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatalf("reading the %d answer: %v", res.StatusCode, err)
	}
	if ct := res.Header.Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
		t.Fatalf("HTTP %d answer of type %q: %q", res.StatusCode, ct, raw)
	}
	out := response{status: res.StatusCode, header: res.Header}
	if err := json.Unmarshal(raw, &out); err != nil {
		t.Fatalf("HTTP %d answer is not JSON: %q", res.StatusCode, raw)
	}
	return out
}

// TestBodyTooLarge posts bodies over the limit (4096 bytes here) with
// net/http's client, which reads the answer while it still sends: each
// gets the 413 envelope, with a declared length and chunked.
func TestBodyTooLarge(t *testing.T) {
	e := newEnv(t, storetest.OpenSQLite(t))
	alice := e.signIn("did:dev:alice", addr(1))
	for _, size := range []int{4097, 300 << 10, 8 << 20, 40 << 20} {
		for _, chunked := range []bool{false, true} {
			t.Run(fmt.Sprintf("%d/chunked=%t", size, chunked), func(t *testing.T) {
				body := io.MultiReader(strings.NewReader(`{"address":"`), strings.NewReader(strings.Repeat("a", size)), strings.NewReader(`"}`))
				req, err := http.NewRequest("POST", e.srv.URL+"/api/v1/user/login", body)
				if err != nil {
					t.Fatal(err)
				}
				if !chunked {
					req.ContentLength = int64(len(`{"address":""}`) + size)
				}
				req.Header.Set("Authorization", "Bearer "+alice)
				res, err := e.srv.Client().Do(req)
				if err != nil {
					t.Fatalf("no answer: %v", err)
				}
				r := envelopeOf(t, res)
				wantError(t, &r, http.StatusRequestEntityTooLarge, 110107)
			})
		}
	}
}

// TestBodyTooLargeSentWhole is the client that sends its whole request
// before it reads the answer, as most do: for a body up to 16 MiB it must
// finish sending (the server does not reset the connection under it) and
// then read the 413 envelope.
func TestBodyTooLargeSentWhole(t *testing.T) {
	e := newEnv(t, storetest.OpenSQLite(t))
	alice := e.signIn("did:dev:alice", addr(1))
	for _, size := range []int{4097, 300 << 10, 8 << 20, 15 << 20} {
		t.Run(fmt.Sprint(size), func(t *testing.T) {
			conn, err := net.Dial("tcp", e.srv.Listener.Addr().String())
			if err != nil {
				t.Fatal(err)
			}
			defer conn.Close()
			conn.SetDeadline(time.Now().Add(30 * time.Second))
			body := `{"address":"` + strings.Repeat("a", size) + `"}`
			w := bufio.NewWriter(conn)
			fmt.Fprintf(w, "POST /api/v1/user/login HTTP/1.1\r\nHost: predict\r\nAuthorization: Bearer %s\r\n"+
				"Content-Type: application/json\r\nContent-Length: %d\r\n\r\n%s", alice, len(body), body)
			if err := w.Flush(); err != nil {
				t.Fatalf("sending the body: %v", err)
			}
			res, err := http.ReadResponse(bufio.NewReader(conn), nil)
			if err != nil {
				t.Fatalf("reading the answer: %v", err)
			}
			r := envelopeOf(t, res)
			wantError(t, &r, http.StatusRequestEntityTooLarge, 110107)
		})
	}
}

// TestHeadersTooLarge: a request line or headers over api.MaxHeaderBytes
// are refused before any handler runs, by net/http; the answer is the
// envelope all the same (431, 110112), over a real connection.
func TestHeadersTooLarge(t *testing.T) {
	e := newEnv(t, storetest.OpenSQLite(t))
	huge := strings.Repeat("a", api.MaxHeaderBytes+8<<10)
	for name, edit := range map[string]func(*http.Request){
		"URL":    func(r *http.Request) { r.URL.RawQuery = "page=1&pageSize=10&tag=" + huge },
		"Header": func(r *http.Request) { r.Header.Set("X-Padding", huge) },
		"Headers": func(r *http.Request) {
			for i := range 200 {
				r.Header.Set(fmt.Sprintf("X-Padding-%d", i), huge[:400])
			}
		},
		"Token": func(r *http.Request) { r.Header.Set("Authorization", "Bearer "+huge) },
	} {
		t.Run(name, func(t *testing.T) {
			req, err := http.NewRequest("GET", e.srv.URL+"/api/v1/market/get-markets?page=1&pageSize=10", nil)
			if err != nil {
				t.Fatal(err)
			}
			edit(req)
			res, err := e.srv.Client().Do(req)
			if err != nil {
				t.Fatalf("no answer: %v", err)
			}
			r := envelopeOf(t, res)
			wantError(t, &r, http.StatusRequestHeaderFieldsTooLarge, 110112)
			if !strings.Contains(r.Msg, fmt.Sprint(api.MaxHeaderBytes)) {
				t.Fatalf("message %q does not give the limit", r.Msg)
			}
		})
	}
	t.Run("UnderTheLimit", func(t *testing.T) {
		r := e.do("GET", "/api/v1/market/get-markets?page=1&pageSize=10&hotWords="+strings.Repeat("a", 40<<10), "", nil)
		wantError(t, r, http.StatusBadRequest, 110101) // the handler's answer: too long a filter
	})
}

// TestDeeplyNestedBody posts bodies of 100 KB made of 50,000 nested
// arrays, under the body limit: each is refused 400/110101 naming the
// nesting limit, and answering it allocates a small multiple of the body
// (the walk once kept a path string per level: 224 MB at 10,000 levels,
// and the process ran out of memory at 50,000). A body nested exactly to
// the limit is still read.
func TestDeeplyNestedBody(t *testing.T) {
	e := newEnv(t, storetest.OpenSQLite(t), func(c *api.Config) { c.BodyLimit = 1 << 20 })
	alice := e.signIn("did:dev:alice", addr(1))
	const depth = 50_000
	bodies := map[string]string{
		"arrays":       strings.Repeat("[", depth) + strings.Repeat("]", depth),
		"in a field":   `{"side":` + strings.Repeat("[", depth) + strings.Repeat("]", depth) + `}`,
		"unterminated": `{"a":` + strings.Repeat(`[{"b":`, depth/2),
	}
	for _, path := range []string{"/api/v1/user/login", "/api/v1/community/publish-post", "/api/v1/user/set-username"} {
		for name, body := range bodies {
			t.Run(path+"/"+name, func(t *testing.T) {
				var before, after runtime.MemStats
				runtime.GC()
				runtime.ReadMemStats(&before)
				r := e.do("POST", path, alice, body)
				runtime.ReadMemStats(&after)
				wantError(t, r, http.StatusBadRequest, 110101)
				if !strings.Contains(r.Msg, "deeper than 32 levels") {
					t.Errorf("message %q does not name the nesting limit", r.Msg)
				}
				// Everything the test process allocated meanwhile, the
				// client's side included.
				alloc := after.TotalAlloc - before.TotalAlloc
				t.Logf("%d-byte body: %d bytes allocated", len(body), alloc)
				if limit := uint64(16 * len(body)); alloc > limit {
					t.Errorf("answering a %d-byte body allocated %d bytes, over %d", len(body), alloc, limit)
				}
			})
		}
	}
	t.Run("AtTheLimit", func(t *testing.T) {
		// 32 levels: the body object and 31 arrays in its field.
		body := `{"userName":` + strings.Repeat("[", 31) + strings.Repeat("]", 31) + `}`
		r := e.do("POST", "/api/v1/user/set-username", alice, body)
		wantError(t, r, http.StatusBadRequest, 110101)
		if strings.Contains(r.Msg, "deeper") || !strings.Contains(r.Msg, "userName") {
			t.Errorf("a body at the nesting limit was refused for its depth, or not read: %q", r.Msg)
		}
	})
}
