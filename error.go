// Package predict holds the domain of the prediction-market service: its
// records, its error type and the interfaces the adapters implement. It
// depends on nothing but the standard library; the store, the API, the chain
// and the identity provider are adapters around it.
package predict

import (
	"errors"
	"fmt"
)

// Error codes of the domain. The API maps each one to an HTTP status and a
// numeric envelope code in exactly one place (internal/api/errors.go).
const (
	EINVALID      = "invalid"             // bad or missing parameter
	ENOTFOUND     = "not_found"           // the thing asked for does not exist
	ERATELIMIT    = "rate_limited"        // too many requests
	EUNAUTHORIZED = "unauthorized"        // identity token missing or not valid
	EFORBIDDEN    = "forbidden"           // authenticated, but the role does not allow it
	ECONFLICT     = "conflict"            // the request contradicts the current state
	ENOACCOUNT    = "no_account"          // the user has no proven smart account for what is asked
	EREJECTED     = "rejected"            // a UserOperation failed validation or simulation
	EBALANCE      = "balance"             // the account holds less than the operation spends
	EPAYMASTERSIG = "paymaster_signature" // the paymaster's signature no longer matches the operation (AA34)
	EMINIMUM      = "below_minimum"       // the operation would pay out less than the minimum asked
	// The refusals of a resolution with a challenge window (the
	// contract's ChallengeWindowClosed, AlreadyDisputed,
	// ChallengeWindowOpen and NotArbitrator).
	EWINDOWCLOSED  = "window_closed"    // a dispute after the challenge window
	EDISPUTED      = "already_disputed" // a second dispute, or a finalization of a disputed assertion
	EWINDOWOPEN    = "window_open"      // a finalization before the window ends
	ENOTARBITRATOR = "not_arbitrator"   // an arbitration by an account that is not the arbitrator
	ETOOLARGE      = "too_large"        // request body over the limit
	// The refusals of a batch as such (its actions are refused with their
	// own codes, the message naming the action).
	ETOOMANYACTIONS = "too_many_actions" // a batch of more actions (or gas) than one operation carries
	ENOTBATCHABLE   = "not_batchable"    // a kind that is sent alone, in a batch
	// The refusals of a signed order.
	ESIGNATURE   = "bad_signature"   // not signed by the maker or its owner key
	EORDERCLOSED = "order_closed"    // cancelled, expired, filled or unfunded
	EDUPLICATE   = "duplicate_order" // the same order, or the maker's salt, again
	ELIMIT       = "limit_reached"   // more open orders, or order actions, than a user may have
	ETOOSMALL    = "too_small"       // an order under the minimum size
	ENOTAPPROVED = "not_approved"    // the Exchange may not spend what an order gives: trading is not enabled
	EINTERNAL    = "internal"        // a bug or an unexpected failure
	EDATABASE    = "database"        // the store failed
	ERPC         = "rpc"             // the chain or the bundler failed
	ENETWORK     = "network"         // a third party could not be reached
	EUNAVAILABLE = "unavailable"     // the service is starting or stopping: retry shortly
	ENOTIMPL     = "not_implemented"
)

// Error is the one error type of the service that carries a code a client
// can act on. Any other error reaching the API edge is reported as
// EINTERNAL and its text is logged, never shown.
type Error struct {
	Code    string
	Message string
}

// Error implements the error interface.
func (e *Error) Error() string {
	return fmt.Sprintf("predict error: code=%s message=%s", e.Code, e.Message)
}

// Errorf returns an *Error with the given code and a formatted message.
func Errorf(code, format string, args ...any) *Error {
	return &Error{Code: code, Message: fmt.Sprintf(format, args...)}
}

// ErrorCode returns the code of the first *Error in err's chain, EINTERNAL
// for any other non-nil error and "" for nil.
func ErrorCode(err error) string {
	var e *Error
	if err == nil {
		return ""
	} else if errors.As(err, &e) {
		return e.Code
	}
	return EINTERNAL
}

// ErrorMessage returns the message of the first *Error in err's chain and a
// generic text for any other error, so internal details never leak.
func ErrorMessage(err error) string {
	var e *Error
	if err == nil {
		return ""
	} else if errors.As(err, &e) {
		return e.Message
	}
	return "internal error"
}
