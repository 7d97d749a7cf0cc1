package api

import (
	"encoding/json"
	"net/http"

	"github.com/predict-dev/predict/wire"
)

// writeJSON writes v as JSON with status. Encoding errors can only come
// from a broken connection at this point, so they are not reported.
func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

// ok writes data, a type of package wire, in the success envelope: code
// 0, an empty reason, msg "success", as the platform's clients expect.
func ok(w http.ResponseWriter, data any) {
	writeJSON(w, http.StatusOK, wire.Success(data))
}

// answer writes data in the success envelope, or err when the read that
// produced data failed: the last step of most reads.
func (s *Server) answer(w http.ResponseWriter, r *http.Request, data any, err error) {
	if err != nil {
		s.Error(w, r, err)
		return
	}
	ok(w, data)
}

// wireList is list in its wire form, in order. It is never nil, so an
// empty page lists [] in JSON rather than null.
func wireList[T, W any](list []T, form func(T) W) []W {
	out := make([]W, len(list))
	for i, v := range list {
		out[i] = form(v)
	}
	return out
}
