package predict

import (
	"math/big"
	"strings"
)

// WadDecimals is the fixed-point precision of prices: 1e18 is a price of 1.
const WadDecimals = 18

// FormatPrice renders an 18-decimal fixed-point price as the decimal
// string of the API ("0.5", "0.333333333333333333", "1"). Trailing zeros
// are dropped; nil is "0".
func FormatPrice(wad *big.Int) string {
	return FormatUnits(wad, WadDecimals)
}

// FormatUnits renders a non-negative integer scaled by 10^decimals as a
// decimal string without trailing zeros.
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
