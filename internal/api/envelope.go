package api

import (
	"encoding/json"
	"net/http"
)

// envelope is the success shape of every JSON response: code 0, an empty
// reason, msg "success" and data, as the platform's clients expect.
type envelope struct {
	Code   int    `json:"code"`
	Reason string `json:"reason"`
	Msg    string `json:"msg"`
	Data   any    `json:"data"`
}

// writeJSON writes v as JSON with status. Encoding errors can only come
// from a broken connection at this point, so they are not reported.
func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

// ok writes data in the success envelope.
func ok(w http.ResponseWriter, data any) {
	writeJSON(w, http.StatusOK, envelope{Code: 0, Msg: "success", Data: data})
}
