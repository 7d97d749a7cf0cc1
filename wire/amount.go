package wire

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
)

// Amount is a token quantity in the smallest unit of its token: a
// *big.Int that travels as a decimal string. The embedded *big.Int gives
// it big.Int's methods (Sign, Cmp, String, fmt formatting); pass a.Int
// where a *big.Int is wanted.
//
// A nil Int is an absent amount: it encodes as null and reads back from
// null, and IsZero reports it so that `omitzero` leaves it out.
type Amount struct{ *big.Int }

// NewAmount wraps x; a nil x is an absent amount.
func NewAmount(x *big.Int) Amount { return Amount{x} }

// AmountOf returns n as an Amount.
func AmountOf(n int64) Amount { return Amount{big.NewInt(n)} }

// IsZero reports whether a is absent (nil), not whether it is 0: an
// amount of 0 is a value the service sends.
func (a Amount) IsZero() bool { return a.Int == nil }

// MarshalJSON writes a as a decimal string, or null when absent.
func (a Amount) MarshalJSON() ([]byte, error) {
	if a.Int == nil {
		return []byte("null"), nil
	}
	b := make([]byte, 0, 80)
	b = append(b, '"')
	b = a.Int.Append(b, 10)
	return append(b, '"'), nil
}

// UnmarshalJSON reads a decimal string, a bare JSON integer or null.
func (a *Amount) UnmarshalJSON(b []byte) error {
	if bytes.Equal(b, []byte("null")) {
		a.Int = nil
		return nil
	}
	digits := b
	if len(b) >= 2 && b[0] == '"' && b[len(b)-1] == '"' {
		digits = b[1 : len(b)-1]
	}
	n, err := ParseAmount(string(digits))
	if err != nil {
		return fmt.Errorf("amount %s: %w", b, err)
	}
	a.Int = n
	return nil
}

// maxAmountDigits bounds the digits of an amount: a uint256 has 78, and
// the bound keeps a hostile answer from costing quadratic time to parse.
const maxAmountDigits = 80

var (
	errNotInteger = errors.New("not a decimal integer")
	errTooLong    = fmt.Errorf("more than %d digits", maxAmountDigits)
)

// ParseAmount reads an optionally negative decimal integer, without a
// "+" sign, spaces, base prefix, fraction or exponent: the only form the
// service writes.
func ParseAmount(s string) (*big.Int, error) {
	digits := s
	if len(digits) > 0 && digits[0] == '-' {
		digits = digits[1:]
	}
	if digits == "" {
		return nil, errNotInteger
	}
	if len(digits) > maxAmountDigits {
		return nil, errTooLong
	}
	for i := 0; i < len(digits); i++ {
		if digits[i] < '0' || digits[i] > '9' {
			return nil, errNotInteger
		}
	}
	n, ok := new(big.Int).SetString(s, 10)
	if !ok {
		return nil, errNotInteger
	}
	return n, nil
}

var _ json.Marshaler = Amount{}
