package api

import (
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/predict-dev/predict"
)

// query reads and validates URL query parameters. The first problem is
// kept in err and later reads become no-ops, so a handler reads all its
// parameters and checks err once.
type query struct {
	values url.Values
	err    error
}

func newQuery(r *http.Request) *query {
	return &query{values: r.URL.Query()}
}

// queryValid reports whether q's parameters are valid; when they are
// not, it has answered the first fault.
func (s *Server) queryValid(w http.ResponseWriter, r *http.Request, q *query) bool {
	if q.err != nil {
		s.Error(w, r, q.err)
		return false
	}
	return true
}

// callerQuery authenticates the caller of a read and opens its query. The
// token is checked first, so a read without one is refused as such
// whatever its parameters. When valid is false it has answered the error.
func (s *Server) callerQuery(w http.ResponseWriter, r *http.Request) (u *predict.User, q *query, valid bool) {
	u, err := s.authenticate(r)
	if err != nil {
		s.Error(w, r, err)
		return nil, nil, false
	}
	return u, newQuery(r), true
}

// marketPage is a page of the caller's records, of one market when
// market is not empty.
type marketPage struct {
	uid, market string
	page, size  int
}

// callerMarketPage reads a paged list of the caller's own records: the
// token, then page and pageSize (required) and marketAddress (optional).
// When valid is false it has answered the error.
func (s *Server) callerMarketPage(w http.ResponseWriter, r *http.Request) (p marketPage, valid bool) {
	u, q, valid := s.callerQuery(w, r)
	if !valid {
		return p, false
	}
	p.page, p.size = q.page()
	p.market = q.address("marketAddress", false)
	if !s.queryValid(w, r, q) {
		return p, false
	}
	p.uid = u.UID
	return p, true
}

func (q *query) fail(format string, args ...any) {
	if q.err == nil {
		q.err = predict.Errorf(predict.EINVALID, format, args...)
	}
}

// get returns a parameter that passes checkInput; repeating one is an
// error, not a silent pick. Every read of a parameter goes through here.
func (q *query) get(name string) string {
	vs := q.values[name]
	if len(vs) > 1 {
		q.fail("%s must be given once", name)
		return ""
	}
	if len(vs) == 0 || q.err != nil {
		return ""
	}
	if err := checkInput(name, vs[0], false); err != nil {
		q.err = err
		return ""
	}
	return vs[0]
}

// int reads an integer in [min, max]; a missing optional one is def.
func (q *query) int(name string, required bool, min, max, def int) int {
	v := q.get(name)
	if q.err != nil {
		return def
	}
	if v == "" {
		if required {
			q.fail("%s is required", name)
		}
		return def
	}
	// Atoi also takes "+5" and "007": one spelling per number.
	n, err := strconv.Atoi(v)
	if err != nil || !intRe.MatchString(v) {
		q.fail("%s must be a decimal integer without a plus sign or leading zeros", name)
		return def
	}
	if n < min || n > max {
		q.fail("%s must be between %d and %d", name, min, max)
		return def
	}
	return n
}

// page reads the 1-indexed page and pageSize every list endpoint takes.
func (q *query) page() (page, size int) {
	return q.int("page", true, 1, maxPage, 1), q.int("pageSize", true, 1, maxPageSize, 1)
}

// pageOr reads page and pageSize where the platform's clients may leave
// them out: page 1 and pageSize size by default.
func (q *query) pageOr(size int) (int, int) {
	return q.int("page", false, 1, maxPage, 1), q.int("pageSize", false, 1, maxPageSize, size)
}

// bool reads true or false, as openapi.yaml's booleans are written (not
// 1, 0 or other spellings); missing is false.
func (q *query) bool(name string) bool {
	switch v := q.get(name); {
	case q.err != nil, v == "", v == "false":
		return false
	case v == "true":
		return true
	}
	q.fail("%s must be true or false", name)
	return false
}

// enum reads one of the allowed values; missing is "".
func (q *query) enum(name string, allowed ...string) string {
	v := q.get(name)
	if q.err != nil || v == "" {
		return ""
	}
	for _, a := range allowed {
		if v == a {
			return v
		}
	}
	q.fail("%s must be one of %s", name, strings.Join(allowed, ", "))
	return ""
}

// text reads free text of at most max runes.
func (q *query) text(name string, required bool, max int) string {
	v := q.get(name)
	if q.err != nil {
		return ""
	}
	if err := checkText(name, v, required, max); err != nil && q.err == nil {
		q.err = err
	}
	return strings.TrimSpace(v)
}

// address reads an optional (or required) address, lowercased.
func (q *query) address(name string, required bool) string {
	v := q.get(name)
	if q.err != nil || (v == "" && !required) {
		return ""
	}
	a, err := parseAddress(name, v)
	if err != nil {
		q.err = err
	}
	return a
}
