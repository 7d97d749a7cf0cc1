package api

import (
	"context"
	"net/http"
	"net/url"
	"slices"
	"strings"
)

// appendCacheKey appends the key of r's answer to dst: "u=<uid> " for a
// personal answer, the path, and the query's parameters in a canonical
// order (by name; a name's values keep their order, which the handler
// may read). Parameters are kept as sent, without decoding: two spellings
// of one query may be two keys of the same answer, but one key is always
// one query. The common query, already in order, costs no allocation.
// ok is false when the query does not parse; the handler then answers
// uncached.
func appendCacheKey(dst []byte, uid string, r *http.Request) (key []byte, ok bool) {
	if uid != "" {
		dst = append(append(append(dst, "u="...), uid...), ' ')
	}
	dst = append(append(dst, r.URL.Path...), '?')
	raw := r.URL.RawQuery
	if strings.ContainsAny(raw, ";%+") {
		// A name spelled with escapes could sort apart from its other
		// spelling: such a query is decoded and encoded again.
		q, err := url.ParseQuery(raw)
		if err != nil {
			return dst, false
		}
		return append(dst, q.Encode()...), true
	}
	if sortedQuery(raw) {
		return append(dst, raw...), true
	}
	parts := strings.Split(raw, "&")
	slices.SortStableFunc(parts, func(a, b string) int { return strings.Compare(paramName(a), paramName(b)) })
	first := true
	for _, p := range parts {
		if p == "" {
			continue
		}
		if !first {
			dst = append(dst, '&')
		}
		dst, first = append(dst, p...), false
	}
	return dst, true
}

// paramName is the name of a query parameter "name=value".
func paramName(p string) string {
	name, _, _ := strings.Cut(p, "=")
	return name
}

// sortedQuery reports whether raw's parameters are in order of their
// names, without empty ones.
func sortedQuery(raw string) bool {
	prev := ""
	for raw != "" {
		var p string
		p, raw, _ = strings.Cut(raw, "&")
		name := paramName(p)
		if p == "" || name < prev {
			return false
		}
		prev = name
	}
	return true
}

// forgetUser invalidates the cached answers about uid on every replica,
// after a change this request made that no event announces. A message
// the bus fails to send is logged: the other replicas then show the
// change within the cache's max age.
func (s *Server) forgetUser(r *http.Request, uid string) {
	// Sent even if the client has gone: the change is committed.
	if err := s.cfg.Cache.ForgetUser(context.WithoutCancel(r.Context()), uid); err != nil {
		s.logger.Warn("read cache: telling the other replicas", "uid", uid, "err", err)
	}
}

// forgetAll invalidates every cached answer on every replica, as
// forgetUser does one user's.
func (s *Server) forgetAll(r *http.Request) {
	if err := s.cfg.Cache.ForgetAll(context.WithoutCancel(r.Context())); err != nil {
		s.logger.Warn("read cache: telling the other replicas", "err", err)
	}
}

// cacheScope is what an answer is about, as the handlers say it: a
// market (its address, lowercase), many markets (the zero scope: a list),
// or a user (uid), whose answer shows market prices or states too when
// prices is set. It is the cache.Scope whose events outdate the answer.
type cacheScope struct {
	market string
	uid    string
	prices bool
}

// publicCacheControl lets browsers and CDNs keep a public answer but
// revalidate it on every use (If-None-Match, answered 304 from memory):
// any max-age would serve a price older than a confirmed trade, which the
// service promises never to do.
const publicCacheControl = "public, max-age=0, must-revalidate"

// cached answers a public read from the cache: the stored bytes, or 304
// when the client's If-None-Match holds the answer's ETag. market is the
// market the answer is about ("" for lists); compute produces the answer
// on a miss, as a value of package wire, or fails with an error written
// as usual (errors are never cached).
func (s *Server) cached(w http.ResponseWriter, r *http.Request, market string, compute computeFunc) {
	s.fromCache(w, r, cacheScope{market: strings.ToLower(market)}, compute)
}

// privateCacheControl keeps a personal answer out of shared caches; the
// browser revalidates it on every use, as a public one.
const privateCacheControl = "private, max-age=0, must-revalidate"

// cachedFor answers a read about user uid from the cache: prices says the
// answer shows market prices or states (positions, the portfolio summary,
// followed markets), so every market event invalidates it too. The answer
// is the same whoever asks.
func (s *Server) cachedFor(w http.ResponseWriter, r *http.Request, uid string, prices bool, compute computeFunc) {
	s.fromCache(w, r, cacheScope{uid: uid, prices: prices}, compute)
}

// Header values of cached answers, shared by every response: the map
// entries net/http writes from are only read (a later Add would append
// to a copy, as each holds one value at full capacity).
var (
	publicCacheHeader  = []string{publicCacheControl}
	privateCacheHeader = []string{privateCacheControl}
	jsonHeader         = []string{"application/json; charset=utf-8"}
)

// fromCache writes the answer of r from the cache, or 304 when the client
// holds it. An answer about a user (sc.uid) is private: its key holds the
// uid, so one user's answer never reaches another.
func (s *Server) fromCache(w http.ResponseWriter, r *http.Request, sc cacheScope, compute computeFunc) {
	var (
		e   *cacheEntry
		err error
		buf [256]byte // the key of most reads fits: no allocation
	)
	if key, ok := appendCacheKey(buf[:0], sc.uid, r); ok {
		e, err = s.cfg.Cache.get(r.Context(), key, sc, compute)
	} else {
		e, _, err = encodeEntry(r.Context(), compute)
	}
	if err != nil {
		s.Error(w, r, err)
		return
	}
	h := w.Header()
	// Set directly: the keys are canonical and the values shared.
	h["Cache-Control"] = publicCacheHeader
	if sc.uid != "" {
		h["Cache-Control"] = privateCacheHeader
	}
	h["Etag"] = e.etagHeader
	if etagMatch(r.Header.Get("If-None-Match"), e.etag) {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	h["Content-Type"] = jsonHeader
	h["Content-Length"] = e.lengthHeader
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(e.body)
}

// etagMatch reports whether an If-None-Match header matches etag (weak
// comparison, as RFC 9110 prescribes for If-None-Match).
func etagMatch(header, etag string) bool {
	for header != "" {
		var t string
		t, header, _ = strings.Cut(header, ",")
		t = strings.TrimPrefix(strings.TrimSpace(t), "W/")
		if t == "*" || t == etag {
			return true
		}
	}
	return false
}
