package wire

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"time"
)

// Time is an instant that travels as an ISO 8601 (RFC 3339) string in
// UTC with whole seconds, "" for none (the zero time). The embedded
// time.Time gives it time.Time's methods; pass t.Time where a time.Time
// is wanted.
type Time struct{ time.Time }

// NewTime wraps t.
func NewTime(t time.Time) Time { return Time{t} }

// MarshalJSON writes t as "2006-01-02T15:04:05Z", or "" for the zero
// time.
func (t Time) MarshalJSON() ([]byte, error) {
	if t.IsZero() {
		return []byte(`""`), nil
	}
	b := make([]byte, 0, len(time.RFC3339)+2)
	b = append(b, '"')
	b = t.UTC().AppendFormat(b, time.RFC3339)
	return append(b, '"'), nil
}

// UnmarshalJSON reads an RFC 3339 string (fractional seconds allowed);
// "" is the zero time.
func (t *Time) UnmarshalJSON(b []byte) error {
	if len(b) < 2 || b[0] != '"' || b[len(b)-1] != '"' {
		return fmt.Errorf("time %s is not a string", b)
	}
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		return fmt.Errorf("time %s: %w", b, err)
	}
	if s == "" {
		t.Time = time.Time{}
		return nil
	}
	v, err := time.Parse(time.RFC3339Nano, s)
	if err != nil {
		return fmt.Errorf("time %q: %w", s, err)
	}
	t.Time = v
	return nil
}

// Unix is a deadline that travels as unix seconds in a string ("1767225600");
// the zero time encodes as null and IsZero lets `omitzero` leave it out.
type Unix struct{ time.Time }

// NewUnix wraps t.
func NewUnix(t time.Time) Unix { return Unix{t} }

// MarshalJSON writes the unix seconds of u as a string, or null for the
// zero time.
func (u Unix) MarshalJSON() ([]byte, error) {
	if u.IsZero() {
		return []byte("null"), nil
	}
	b := make([]byte, 0, 16)
	b = append(b, '"')
	b = strconv.AppendInt(b, u.Unix(), 10)
	return append(b, '"'), nil
}

// UnmarshalJSON reads unix seconds as a string or a bare JSON integer;
// null is the zero time.
func (u *Unix) UnmarshalJSON(b []byte) error {
	if bytes.Equal(b, []byte("null")) {
		u.Time = time.Time{}
		return nil
	}
	s := b
	if len(b) >= 2 && b[0] == '"' && b[len(b)-1] == '"' {
		s = b[1 : len(b)-1]
	}
	n, err := strconv.ParseInt(string(s), 10, 64)
	if err != nil {
		return fmt.Errorf("deadline %s is not unix seconds", b)
	}
	u.Time = time.Unix(n, 0)
	return nil
}
