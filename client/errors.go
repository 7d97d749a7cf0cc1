package client

import (
	"errors"
	"fmt"
	"net/http"
	"time"
)

// Error codes of the envelope (docs/errors.md). Codes are stable across
// releases; Reason names them in text.
const (
	CodeParam            = 110101 // bad or missing parameter (HTTP 400)
	CodeNotFound         = 110102 // market, user, operation or endpoint unknown (404)
	CodePleaseWait       = 110103 // rate limited; see Error.RetryAfter (429)
	CodeForbidden        = 110104 // authenticated but not allowed (403)
	CodeConflict         = 110105 // contradicts the current state (409)
	CodeOpRejected       = 110106 // a UserOperation failed validation or simulation (422)
	CodePayloadTooLarge  = 110107 // request body over the limit (413)
	CodeMethodNotAllowed = 110108 // the path exists with other methods (405)
	CodeNotRegistered    = 110109 // valid token, but the subject never logged in (403)
	CodeBalance          = 110110 // the account holds less than the operation spends (409)
	CodeNotImplemented   = 110111 // not offered by this deployment (501)
	CodeHeadersTooLarge  = 110112 // URL and headers over the limit (431)
	CodeNoAccount        = 110113 // the user has no proven smart account for an on-chain action on their behalf (409)
	CodeWindowClosed     = 110116 // dispute after the challenge window (409)
	CodeAlreadyDisputed  = 110117 // a second dispute, or finalize of a disputed market (409)
	CodeWindowOpen       = 110118 // finalize before the challenge window ends (409)
	CodeNotArbitrator    = 110119 // arbitrate from an account that is not the arbitrator (403)
	CodeTooManyActions   = 110120 // a batch of more actions (or gas) than one operation carries (400)
	CodeNotBatchable     = 110121 // a kind that is sent alone, in a batch (400)
	CodeBadSignature     = 110122 // a signed order not signed by its maker or the maker's owner key (400)
	CodeOrderClosed      = 110123 // a signed order cancelled, expired, filled or unfunded (409)
	CodeDuplicateOrder   = 110124 // the same signed order, or its maker's salt, again (409)
	CodeLimitReached     = 110125 // more open orders, or order actions, than a user may have (409)
	CodeOrderTooSmall    = 110126 // a signed order under the minimum size (400)
	CodeNotApproved      = 110127 // the Exchange may not spend what a signed order gives: enable trading first (409)
	CodeInternal         = 110201 // a bug in the service (500)
	CodeNetwork          = 110202 // a third party could not be reached (502)
	CodeDatabase         = 110203 // the store is unavailable (503)
	CodeRPC              = 110205 // the chain node or the bundler failed (502)
	CodeUnavailable      = 110206 // the service is starting; see Error.RetryAfter (503)
	CodeAuth             = 110303 // identity token missing, malformed or expired, on any endpoint it is sent to (401; reason PRIVY)
)

// Error is an error answer of the service: the envelope
// {code, reason, msg, data: null} with the HTTP status it came with. A
// response that is not an envelope (a proxy's HTML page, say) is an Error
// with Code 0 and the start of the body as Message.
type Error struct {
	HTTPStatus int
	Code       int
	Reason     string
	Message    string
	// RetryAfter is the server's Retry-After on 429 and 503 answers, else 0.
	RetryAfter time.Duration
}

func (e *Error) Error() string {
	if e.Code == 0 {
		return fmt.Sprintf("HTTP %d: %s", e.HTTPStatus, e.Message)
	}
	return fmt.Sprintf("HTTP %d %s (%d): %s", e.HTTPStatus, e.Reason, e.Code, e.Message)
}

// Is makes errors.Is(err, client.ErrNotFound) true for any Error with the
// sentinel's code, whatever its message or status.
func (e *Error) Is(target error) bool {
	t, ok := target.(*Error)
	if !ok || t.Code == 0 {
		return false
	}
	return e.Code == t.Code
}

// Sentinels for errors.Is, one per code. Only Code is compared.
var (
	ErrParam            = &Error{Code: CodeParam, Reason: "PARAM"}
	ErrNotFound         = &Error{Code: CodeNotFound, Reason: "NOT_FOUND"}
	ErrPleaseWait       = &Error{Code: CodePleaseWait, Reason: "PLEASE_WAIT"}
	ErrForbidden        = &Error{Code: CodeForbidden, Reason: "FORBIDDEN"}
	ErrConflict         = &Error{Code: CodeConflict, Reason: "CONFLICT"}
	ErrOpRejected       = &Error{Code: CodeOpRejected, Reason: "OP_REJECTED"}
	ErrPayloadTooLarge  = &Error{Code: CodePayloadTooLarge, Reason: "PAYLOAD_TOO_LARGE"}
	ErrMethodNotAllowed = &Error{Code: CodeMethodNotAllowed, Reason: "METHOD_NOT_ALLOWED"}
	ErrNotRegistered    = &Error{Code: CodeNotRegistered, Reason: "NOT_REGISTERED"}
	ErrBalance          = &Error{Code: CodeBalance, Reason: "INSUFFICIENT_BALANCE"}
	ErrHeadersTooLarge  = &Error{Code: CodeHeadersTooLarge, Reason: "HEADERS_TOO_LARGE"}
	ErrNoAccount        = &Error{Code: CodeNoAccount, Reason: "NO_ACCOUNT"}
	ErrInternal         = &Error{Code: CodeInternal, Reason: "INTERNAL"}
	ErrNetwork          = &Error{Code: CodeNetwork, Reason: "NETWORK"}
	ErrDatabase         = &Error{Code: CodeDatabase, Reason: "DATABASE"}
	ErrNotImplemented   = &Error{Code: CodeNotImplemented, Reason: "NOT_IMPLEMENTED"}
	ErrRPC              = &Error{Code: CodeRPC, Reason: "RPC"}
	ErrUnavailable      = &Error{Code: CodeUnavailable, Reason: "UNAVAILABLE"}
	ErrAuth             = &Error{Code: CodeAuth, Reason: "PRIVY"}
)

// AsError returns the service's error inside err, if there is one.
func AsError(err error) (*Error, bool) {
	var e *Error
	ok := errors.As(err, &e)
	return e, ok
}

// ErrorCode returns the envelope code of err, or 0 when err is not (or
// does not wrap) an answer of the service.
func ErrorCode(err error) int {
	if e, ok := AsError(err); ok {
		return e.Code
	}
	return 0
}

// IsCode reports whether err is (or wraps) an answer of the service with
// the given envelope code, e.g. IsCode(err, CodeAuth).
func IsCode(err error, code int) bool {
	return err != nil && ErrorCode(err) == code
}

// HTTPStatus returns the HTTP status of the service's answer inside err,
// or 0.
func HTTPStatus(err error) int {
	if e, ok := AsError(err); ok {
		return e.HTTPStatus
	}
	return 0
}

// isAuthFailure is the API's refresh condition: HTTP 401 or code 110303
// (the service always sends both together).
func isAuthFailure(e *Error) bool {
	return e.HTTPStatus == http.StatusUnauthorized || e.Code == CodeAuth
}

// Temporary reports whether retrying the same request later may succeed:
// rate limits and the service's or its dependencies' failures.
func Temporary(err error) bool {
	e, ok := AsError(err)
	if !ok {
		return false
	}
	switch e.Code {
	case CodePleaseWait, CodeInternal, CodeNetwork, CodeDatabase, CodeRPC, CodeUnavailable:
		return true
	case 0:
		return e.HTTPStatus == http.StatusTooManyRequests || e.HTTPStatus >= 500
	}
	return false
}
