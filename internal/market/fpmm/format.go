package fpmm

import (
	"math/big"
	"strings"
)

// FormatFixed renders the fixed-point integer x with the given number of decimals as a plain
// decimal string without trailing zeros: FormatFixed(1500000, 6) = "1.5",
// FormatFixed(2000000, 6) = "2", FormatFixed(0, 6) = "0". A nil x renders as "0".
func FormatFixed(x *big.Int, decimals int) string {
	if x == nil || x.Sign() == 0 {
		return "0"
	}
	digits := new(big.Int).Abs(x).String()
	sign := ""
	if x.Sign() < 0 {
		sign = "-"
	}
	if decimals <= 0 {
		return sign + digits
	}
	if len(digits) <= decimals {
		digits = strings.Repeat("0", decimals-len(digits)+1) + digits
	}
	whole, frac := digits[:len(digits)-decimals], strings.TrimRight(digits[len(digits)-decimals:], "0")
	if frac == "" {
		return sign + whole
	}
	return sign + whole + "." + frac
}

// FormatPrice renders an 18-decimal fixed-point price as a decimal string, e.g. "0.5" or
// "0.333333333333333333".
func FormatPrice(p *big.Int) string {
	return FormatFixed(p, PriceDecimals)
}
