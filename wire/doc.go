// Package wire holds the request and response bodies of predict's HTTP
// API: the one typed form of the contract published in openapi.yaml. The
// service (internal/api) writes these types and the Go client (client/)
// reads them, so the two cannot drift apart; the API's tests validate
// every answer against openapi.yaml, which keeps the three in agreement.
//
// Conventions of the wire and their Go types:
//   - token quantities are decimal strings ("1500000", "-25"): Amount, a
//     *big.Int that encodes itself as such a string (and reads a bare JSON
//     number too, for tolerance);
//   - prices and shares are exact 18-decimal strings ("0.5") and stay
//     strings: a float would round them;
//   - times are ISO 8601 strings in UTC, "" for none: Time;
//   - deadlines are unix seconds: Unix;
//   - every answer is an Envelope: {code, reason, msg, data}, code 0 and
//     msg "success" on success;
//   - the event stream's event names are the Event constants.
//
// Fields are declared in the order the service writes them. Answers the
// service once built as JSON objects of sorted keys keep that order
// (alphabetical), so their bytes have not changed.
//
// Field names are those of the wire (and of the platform's clients), so
// some answers carry the same value under two names (commentCount and
// commentsCount, author and publisher): both are part of the contract.
package wire
