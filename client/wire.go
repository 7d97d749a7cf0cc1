package client

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/big"
	"strconv"
	"time"
)

// The service sends amounts as decimal strings, times as ISO 8601 strings
// ("" for none) and deadlines as unix-second strings. The structs of this
// package hold *big.Int and time.Time; their JSON methods swap those
// fields for the wire forms below, which point at the struct's fields.
// (An outer field shadows the embedded struct's field of the same JSON
// name, so each type lists only its converted fields.)

// amountField is a *big.Int as a decimal string.
type amountField struct{ p **big.Int }

func amt(p **big.Int) amountField { return amountField{p} }

// IsZero makes `omitzero` leave out a nil amount.
func (f amountField) IsZero() bool { return *f.p == nil }

func (f amountField) MarshalJSON() ([]byte, error) {
	if *f.p == nil {
		return []byte("null"), nil
	}
	return json.Marshal((*f.p).String())
}

func (f amountField) UnmarshalJSON(b []byte) error {
	if bytes.Equal(b, []byte("null")) {
		*f.p = nil
		return nil
	}
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		// Tolerate a bare JSON number.
		s = string(b)
	}
	n, ok := new(big.Int).SetString(s, 10)
	if !ok {
		return fmt.Errorf("amount %s is not a decimal integer", b)
	}
	*f.p = n
	return nil
}

// timeField is a time.Time as an ISO 8601 string; "" is the zero time.
type timeField struct{ p *time.Time }

func tm(p *time.Time) timeField { return timeField{p} }

func (f timeField) IsZero() bool { return f.p.IsZero() }

func (f timeField) MarshalJSON() ([]byte, error) {
	if f.p.IsZero() {
		return []byte(`""`), nil
	}
	return json.Marshal(f.p.UTC().Format(time.RFC3339))
}

func (f timeField) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		return fmt.Errorf("time %s is not a string", b)
	}
	if s == "" {
		*f.p = time.Time{}
		return nil
	}
	t, err := time.Parse(time.RFC3339Nano, s)
	if err != nil {
		return fmt.Errorf("time %q: %w", s, err)
	}
	*f.p = t
	return nil
}

// unixField is a time.Time as a unix-seconds string (deadlines).
type unixField struct{ p *time.Time }

func unix(p *time.Time) unixField { return unixField{p} }

func (f unixField) IsZero() bool { return f.p.IsZero() }

func (f unixField) MarshalJSON() ([]byte, error) {
	if f.p.IsZero() {
		return []byte("null"), nil
	}
	return json.Marshal(strconv.FormatInt(f.p.Unix(), 10))
}

func (f unixField) UnmarshalJSON(b []byte) error {
	if bytes.Equal(b, []byte("null")) {
		*f.p = time.Time{}
		return nil
	}
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		s = string(b)
	}
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil {
		return fmt.Errorf("deadline %s is not unix seconds", b)
	}
	*f.p = time.Unix(n, 0)
	return nil
}
