package api

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/internal/input"
)

// Bounds shared by every paginated endpoint.
const (
	maxPageSize = 50
	maxPage     = 100_000
)

// caller authenticates a request with a body and decodes the body into
// v, in that order (the body of a caller who is not signed in is not
// read). On failure it has answered the error, and ok is false.
func (s *Server) caller(w http.ResponseWriter, r *http.Request, v any) (u *predict.User, ok bool) {
	u, err := s.authenticate(r)
	if err == nil {
		err = decodeBody(w, r, s.cfg.BodyLimit, v)
	}
	if err != nil {
		s.Error(w, r, err)
		return nil, false
	}
	return u, true
}

// decodeBody reads a JSON request body into v. Unknown fields are ignored
// so that clients sending extra fields keep working; everything else that
// is not the documented JSON is a PARAM error naming the problem. Every
// string of the body, at any depth, must pass checkInput first.
func decodeBody(w http.ResponseWriter, r *http.Request, limit int64, v any) error {
	if ct := r.Header.Get("Content-Type"); ct != "" {
		mt, _, err := mime.ParseMediaType(ct)
		if err != nil || mt != "application/json" {
			return predict.Errorf(predict.EINVALID, "Content-Type must be application/json")
		}
	}
	raw, err := io.ReadAll(http.MaxBytesReader(w, r.Body, limit))
	if err != nil {
		return jsonError(err)
	}
	if err := checkJSONText(raw); err != nil {
		return err
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	if err := dec.Decode(v); err != nil {
		return jsonError(err)
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return predict.Errorf(predict.EINVALID, "request body must hold a single JSON object")
	}
	return nil
}

// uuidRe is a uuid in its canonical text form (8-4-4-4-12 hex digits),
// either case: how notifications, posts and comments are addressed.
var uuidRe = regexp.MustCompile(`^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$`)

// multilineFields are the body fields of text written in paragraphs (a
// post, a comment, a market's description and rules, a resolution note)
// and the login challenge the service itself wrote in lines (EIP-191
// text): the only strings that may hold line breaks and tabs.
var multilineFields = map[string]bool{"content": true, "description": true, "rules": true, "resolutionNote": true, "challenge": true,
	"message": true}

// maxJSONDepth bounds how deeply the objects and arrays of a request
// body nest. The deepest documented body (create-market's options, a
// userOperation inside a JSON-RPC batch) nests 4 levels; the bound leaves
// room for clients that wrap what they send, and keeps the walk below to
// a fixed amount of memory whatever the body.
const maxJSONDepth = 32

// checkJSONDepth refuses a body whose objects and arrays nest deeper than
// maxJSONDepth, by one pass over its bytes that keeps nothing but a
// counter: it runs before any decoder builds state for each level.
func checkJSONDepth(raw []byte) error {
	depth, inString, escaped := 0, false, false
	for i, c := range raw {
		switch {
		case inString:
			switch {
			case escaped:
				escaped = false
			case c == '\\':
				escaped = true
			case c == '"':
				inString = false
			}
		case c == '"':
			inString = true
		case c == '{' || c == '[':
			if depth++; depth > maxJSONDepth {
				return predict.Errorf(predict.EINVALID, "request body nests objects and arrays deeper than %d levels (at byte %d)", maxJSONDepth, i)
			}
		case c == '}' || c == ']':
			depth--
		}
	}
	return nil
}

// formattedFields are the body fields whose value has a form (an
// address, an amount, a number, a uuid, one of a set): an empty string
// there is refused, never read as the field's absence. Absence is the
// field left out, or null. The fields of a userOperation follow
// ERC-4337's own rules (an empty hex string is empty bytes). The test
// TestEmptyFormattedField holds this list to openapi.yaml's patterns.
var formattedFields = map[string]bool{
	"action": true, "address": true, "amount": true, "baseTokenAddress": true, "contentUuid": true,
	"deadline": true, "endTime": true, "expiresAt": true, "expiry": true, "initialLiquidity": true, "lpAmount": true, "marketAddress": true,
	"minLpAmount": true, "minReceiveAmount": true, "name": true, "optionAddress": true, "orderType": true, "owner": true,
	"parentUuid": true, "postUuid": true, "price": true, "role": true, "rootUuid": true, "scope": true, "signature": true,
	"timeInForce": true, "userName": true, "winningOptionAddress": true,
	// A signed order's fields and hash.
	"maker": true, "signer": true, "market": true, "option": true, "side": true, "makerAmount": true, "takerAmount": true,
	"expiration": true, "salt": true, "nonce": true, "feeRateBps": true, "orderHash": true,
}

// jsonFrame is an open object or array of a JSON document being walked.
// A frame keeps no path: the path of a value is built from the stack
// only when a message needs it, so the walk holds one small frame per
// level, not a string per level that grows with the depth.
type jsonFrame struct {
	array   bool
	index   int    // arrays: the index of the next element
	key     string // objects: the key of the next value
	wantKey bool   // objects: the next string is a key
}

// jsonPath names a place in a JSON document by its path (options[1].title).
type jsonPath []jsonFrame

// of is the path of the object or array stack[:n] is open in ("" for the
// document itself).
func (p jsonPath) of(n int) string {
	var b strings.Builder
	for _, f := range p[:n] {
		switch {
		case f.array:
			fmt.Fprintf(&b, "[%d]", f.index)
		case b.Len() == 0:
			b.WriteString(f.key)
		default:
			b.WriteString(".")
			b.WriteString(f.key)
		}
	}
	return b.String()
}

// child is the path of the next value of the innermost open container.
func (p jsonPath) child() string { return p.of(len(p)) }

// container is the path of the innermost open container.
func (p jsonPath) container() string { return p.of(len(p) - 1) }

// previous is the path of the value the innermost open container has
// just moved past.
func (p jsonPath) previous() string {
	q := slices.Clone(p)
	if f := &q[len(q)-1]; f.array {
		f.index--
	}
	return q.child()
}

// done moves the innermost open container past a value.
func (p jsonPath) done() {
	if len(p) == 0 {
		return
	}
	f := &p[len(p)-1]
	if f.array {
		f.index++
	} else {
		f.wantKey = true
	}
}

// where names the place in the document where the walk is at, for a
// syntax error: the value that comes next, or the object that expects a
// key.
func (p jsonPath) where() string {
	f := p[len(p)-1]
	switch {
	case f.array || !f.wantKey:
		return p.child()
	case len(p) == 1:
		return "the request body"
	}
	return p.container()
}

// checkJSONText applies checkInput to every string of a JSON document,
// keys included, naming a value by its path (options[1].title). A syntax
// error inside an object or an array is named by its path too ("side":
// +1, "ids": [01]); the decoding that follows reports the others. A
// document nested deeper than maxJSONDepth is refused before any walk.
func checkJSONText(raw []byte) error {
	if err := checkJSONDepth(raw); err != nil {
		return err
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var (
		stack      jsonPath
		lastScalar bool  // the last token was a scalar inside a container
		lastEnd    int64 // where that scalar ended
	)
	for {
		start := dec.InputOffset()
		tok, err := dec.Token()
		var top *jsonFrame
		if n := len(stack); n > 0 {
			top = &stack[n-1]
		}
		if err != nil {
			var syntax *json.SyntaxError
			if !errors.As(err, &syntax) || top == nil {
				return nil
			}
			// Right after a scalar, with no separator between, the error
			// continues that scalar ("01" reads as 0, then 1).
			where, at := stack.where(), min(syntax.Offset, int64(len(raw)))
			if lastScalar && lastEnd <= at && len(bytes.TrimSpace(raw[lastEnd:at])) == 0 {
				where = stack.previous()
			}
			return predict.Errorf(predict.EINVALID, "malformed JSON at byte %d, in %s", syntax.Offset, where)
		}
		lastScalar = false
		switch t := tok.(type) {
		case json.Delim:
			if t == '{' || t == '[' {
				stack = append(stack, jsonFrame{array: t == '[', wantKey: t == '{'})
				continue
			}
			stack = stack[:len(stack)-1]
			stack.done()
			continue
		case string:
			isKey := top != nil && top.wantKey
			// The name is built only for a message: most strings pass.
			name := func() string {
				switch {
				case isKey && len(stack) == 1:
					return "a field name of the request body"
				case isKey:
					return "a field name of " + stack.container()
				case top == nil:
					return "request body"
				}
				return stack.child()
			}
			// The decoder turns invalid bytes into U+FFFD: only the raw
			// token tells them from a U+FFFD sent as such.
			if !utf8.Valid(raw[start:dec.InputOffset()]) {
				return predict.Errorf(predict.EINVALID, "%s must be valid UTF-8", name())
			}
			member := !isKey && top != nil && !top.array
			multiline := member && multilineFields[top.key]
			if !validInput(t, multiline) {
				return checkInput(name(), t, multiline)
			}
			if t == "" && member && formattedFields[top.key] && (len(stack) == 1 || stack[0].key != "userOperation") {
				return predict.Errorf(predict.EINVALID, "%s must not be empty: leave it out (or send null) when it has no value", name())
			}
			if isKey {
				top.key, top.wantKey = t, false
				continue
			}
		}
		lastScalar, lastEnd = top != nil, dec.InputOffset()
		stack.done()
	}
}

// jsonError turns a decoding failure into a client error that says where.
func jsonError(err error) error {
	var (
		syntax    *json.SyntaxError
		typ       *json.UnmarshalTypeError
		tooLarge  *http.MaxBytesError
		invalidUT *json.InvalidUnmarshalError
	)
	switch {
	case errors.Is(err, io.EOF):
		return predict.Errorf(predict.EINVALID, "request body is empty; a JSON object is required")
	case errors.As(err, &tooLarge):
		return predict.Errorf(predict.ETOOLARGE, "request body exceeds %d bytes", tooLarge.Limit)
	case errors.As(err, &syntax):
		return predict.Errorf(predict.EINVALID, "malformed JSON at byte %d", syntax.Offset)
	case errors.Is(err, io.ErrUnexpectedEOF):
		return predict.Errorf(predict.EINVALID, "malformed JSON: unexpected end of body")
	case errors.As(err, &typ):
		if typ.Field == "" {
			return predict.Errorf(predict.EINVALID, "request body must be a JSON object, not %s", typ.Value)
		}
		return predict.Errorf(predict.EINVALID, "field %s: expected %s, got %s", typ.Field, jsonTypeName(typ.Type.Kind().String()), typ.Value)
	case errors.As(err, &invalidUT):
		return fmt.Errorf("decode body: %w", err)
	}
	return predict.Errorf(predict.EINVALID, "malformed JSON body")
}

func jsonTypeName(kind string) string {
	switch kind {
	case "string":
		return "a string"
	case "bool":
		return "a boolean"
	case "slice", "array":
		return "an array"
	case "struct", "map":
		return "an object"
	}
	return "a number"
}

var (
	intRe = regexp.MustCompile(`^(0|-?[1-9][0-9]*)$`)
)

// The field rules the operation kinds share (package input).
var (
	parseAddress = input.Address
	parseAmount  = input.Amount
	checkText    = input.Text
)

// checkInput is the one rule every text input passes, query parameters
// and JSON strings alike, before any other check: valid UTF-8; no control
// characters (C0, DEL, C1) but, in multiline text, line breaks ("\n",
// "\r\n") and tabs; no bidirectional embedding, override or isolate
// characters (U+202A-U+202E, U+2066-U+2069), which reorder the text other
// users see. PostgreSQL refuses NUL in text, so without this rule a NUL
// would fail as an internal error there and be stored by SQLite.
func checkInput(field, v string, multiline bool) error {
	if !utf8.ValidString(v) {
		return predict.Errorf(predict.EINVALID, "%s must be valid UTF-8", field)
	}
	for i, r := range v {
		switch {
		case r >= ' ' && r < 0x7f:
		case multiline && (r == '\n' || r == '\t' || r == '\r' && strings.HasPrefix(v[i+1:], "\n")):
		case unicode.IsControl(r) && multiline:
			return predict.Errorf(predict.EINVALID, "%s must not contain control characters (U+%04X); line breaks and tabs are allowed", field, r)
		case unicode.IsControl(r):
			return predict.Errorf(predict.EINVALID, "%s must not contain control characters (U+%04X)", field, r)
		case r >= 0x202a && r <= 0x202e, r >= 0x2066 && r <= 0x2069:
			return predict.Errorf(predict.EINVALID, "%s must not contain bidirectional formatting characters (U+%04X)", field, r)
		}
	}
	return nil
}

// validInput reports whether v passes checkInput, for a caller that
// names the field only when it must.
func validInput(v string, multiline bool) bool { return checkInput("", v, multiline) == nil }
