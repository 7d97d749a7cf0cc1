package api

import (
	"log/slog"
	"net/http"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/wire"
)

// errorKind is how one domain error code reaches a client: the HTTP status,
// the numeric envelope code and the reason name. docs/errors.md and
// openapi.yaml list the same table.
type errorKind struct {
	status int
	code   int
	reason string
}

// errorKinds is the single mapping from domain error codes to the wire.
// Clients retry every 1102xx code with backoff, so those are kept for
// transient server faults; a permanent refusal is 1101xx. 110303's reason
// is PRIVY, the platform's identity provider, whatever provider is used.
var errorKinds = map[string]errorKind{
	predict.EINVALID:        {http.StatusBadRequest, 110101, "PARAM"},
	predict.ENOTFOUND:       {http.StatusNotFound, 110102, "NOT_FOUND"},
	predict.ERATELIMIT:      {http.StatusTooManyRequests, 110103, "PLEASE_WAIT"},
	predict.EFORBIDDEN:      {http.StatusForbidden, 110104, "FORBIDDEN"},
	predict.ECONFLICT:       {http.StatusConflict, 110105, "CONFLICT"},
	predict.ENOACCOUNT:      {http.StatusConflict, 110113, "NO_ACCOUNT"},
	predict.EREJECTED:       {http.StatusUnprocessableEntity, 110106, "OP_REJECTED"},
	predict.ETOOLARGE:       {http.StatusRequestEntityTooLarge, 110107, "PAYLOAD_TOO_LARGE"},
	predict.EBALANCE:        {http.StatusConflict, 110110, "INSUFFICIENT_BALANCE"},
	predict.EPAYMASTERSIG:   {http.StatusUnprocessableEntity, 110114, "PAYMASTER_SIGNATURE"},
	predict.EMINIMUM:        {http.StatusConflict, 110115, "BELOW_MINIMUM"},
	predict.EWINDOWCLOSED:   {http.StatusConflict, 110116, "WINDOW_CLOSED"},
	predict.EDISPUTED:       {http.StatusConflict, 110117, "ALREADY_DISPUTED"},
	predict.EWINDOWOPEN:     {http.StatusConflict, 110118, "WINDOW_OPEN"},
	predict.ENOTARBITRATOR:  {http.StatusForbidden, 110119, "NOT_ARBITRATOR"},
	predict.ETOOMANYACTIONS: {http.StatusBadRequest, 110120, "TOO_MANY_ACTIONS"},
	predict.ENOTBATCHABLE:   {http.StatusBadRequest, 110121, "NOT_BATCHABLE"},
	predict.ESIGNATURE:      {http.StatusBadRequest, 110122, "BAD_SIGNATURE"},
	predict.EORDERCLOSED:    {http.StatusConflict, 110123, "ORDER_CLOSED"},
	predict.EDUPLICATE:      {http.StatusConflict, 110124, "DUPLICATE_ORDER"},
	predict.ELIMIT:          {http.StatusConflict, 110125, "LIMIT_REACHED"},
	predict.ETOOSMALL:       {http.StatusBadRequest, 110126, "ORDER_TOO_SMALL"},
	predict.ENOTAPPROVED:    {http.StatusConflict, 110127, "NOT_APPROVED"},
	predict.EINTERNAL:       {http.StatusInternalServerError, 110201, "INTERNAL"},
	predict.ENETWORK:        {http.StatusBadGateway, 110202, "NETWORK"},
	predict.EDATABASE:       {http.StatusServiceUnavailable, 110203, "DATABASE"},
	predict.ENOTIMPL:        {http.StatusNotImplemented, 110111, "NOT_IMPLEMENTED"},
	predict.ERPC:            {http.StatusBadGateway, 110205, "RPC"},
	predict.EUNAVAILABLE:    {http.StatusServiceUnavailable, 110206, "UNAVAILABLE"},
	predict.EUNAUTHORIZED:   {http.StatusUnauthorized, 110303, "PRIVY"},
	codeMethod:              {http.StatusMethodNotAllowed, 110108, "METHOD_NOT_ALLOWED"},
	codeNotRegistered:       {http.StatusForbidden, 110109, "NOT_REGISTERED"},
	codeHeadersTooLarge:     {http.StatusRequestHeaderFieldsTooLarge, 110112, "HEADERS_TOO_LARGE"},
}

// Codes that only exist at the HTTP edge.
const (
	codeMethod          = "method_not_allowed"
	codeNotRegistered   = "not_registered"
	codeHeadersTooLarge = "headers_too_large" // written by Listener
)

func errMethod(method, path string) error {
	return predict.Errorf(codeMethod, "%s is not allowed on %s", method, path)
}

// errorBody is the error envelope of DESIGN.md: data is always null.
type errorBody = wire.Envelope

// Error writes err as an error envelope. Errors without a domain code are
// logged with their cause and reported as INTERNAL with a generic message,
// so nothing internal leaks to the client.
func (s *Server) Error(w http.ResponseWriter, r *http.Request, err error) {
	code := predict.ErrorCode(err)
	kind, ok := errorKinds[code]
	if !ok {
		kind = errorKinds[predict.EINTERNAL]
	}
	switch {
	case kind.status >= 500:
		s.logger.ErrorContext(r.Context(), "request failed",
			slog.String("method", r.Method), slog.String("path", r.URL.Path), slog.Any("err", err))
	case code == predict.EUNAUTHORIZED:
		// The cause (e.g. the JWKS fetch error) is for the operator only.
		s.logger.DebugContext(r.Context(), "authentication failed",
			slog.String("path", r.URL.Path), slog.Any("err", err))
	case code == predict.ETOOLARGE:
		discardBody(w, r)
	}
	if code == predict.EUNAVAILABLE {
		// Starting, stopping, too many reads waiting for the database,
		// or every export running: worth retrying in a second.
		w.Header().Set("Retry-After", "1")
	}
	writeJSON(w, kind.status, errorBody{Code: kind.code, Reason: kind.reason, Msg: predict.ErrorMessage(err)})
}
