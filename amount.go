package predict

import (
	"fmt"
	"math/big"
	"strings"
)

// Fixed-point amounts: token quantities are integers of base units (a
// token of 6 decimals counts millionths), prices are integers scaled by
// Wad. These are the conversions and products every layer shares.

// Wad is 1e18, the fixed-point one of prices.
var Wad = new(big.Int).Exp(big.NewInt(10), big.NewInt(WadDecimals), nil)

// MulWad returns x·wad/1e18 rounded down (nil counts as 0).
func MulWad(x, wad *big.Int) *big.Int {
	if x == nil || wad == nil {
		return new(big.Int)
	}
	v := new(big.Int).Mul(x, wad)
	return v.Quo(v, Wad)
}

// DivWad returns x·1e18/y rounded down, 0 when y is 0 (nil counts as 0).
func DivWad(x, y *big.Int) *big.Int {
	if x == nil || y == nil || y.Sign() == 0 {
		return new(big.Int)
	}
	v := new(big.Int).Mul(x, Wad)
	return v.Quo(v, y)
}

// OrZero returns x, or a new zero for nil.
func OrZero(x *big.Int) *big.Int {
	if x == nil {
		return new(big.Int)
	}
	return x
}

// FormatUnits renders an integer scaled by 10^decimals as a decimal
// string without trailing zeros ("20.5", "-3", "0.000001"); nil is "0".
func FormatUnits(x *big.Int, decimals int) string {
	if x == nil || x.Sign() == 0 {
		return "0"
	}
	neg := x.Sign() < 0
	s := new(big.Int).Abs(x).String()
	if len(s) <= decimals {
		s = strings.Repeat("0", decimals-len(s)+1) + s
	}
	whole, frac := s[:len(s)-decimals], strings.TrimRight(s[len(s)-decimals:], "0")
	if frac != "" {
		whole += "." + frac
	}
	if neg {
		whole = "-" + whole
	}
	return whole
}

// ParseUnits reads a positive decimal amount of a token ("10", "0.5")
// into base units. More decimals than the token has is an error, not a
// rounding.
func ParseUnits(s string, decimals int) (*big.Int, error) {
	s = strings.TrimSpace(s)
	whole, frac, _ := strings.Cut(s, ".")
	if whole == "" && frac == "" || strings.HasPrefix(s, "-") || strings.HasPrefix(s, "+") {
		return nil, fmt.Errorf("amount %q must be a positive decimal number such as 10 or 2.5", s)
	}
	if len(frac) > decimals {
		return nil, fmt.Errorf("amount %q has more than %d decimals", s, decimals)
	}
	n, ok := new(big.Int).SetString(whole+frac+strings.Repeat("0", decimals-len(frac)), 10)
	if !ok || (whole+frac) == "" {
		return nil, fmt.Errorf("amount %q must be a positive decimal number such as 10 or 2.5", s)
	}
	return n, nil
}
