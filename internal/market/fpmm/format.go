package fpmm

import (
	"math/big"

	"github.com/predict-dev/predict"
)

// FormatFixed renders the fixed-point integer x with the given number of decimals as a plain
// decimal string without trailing zeros: FormatFixed(1500000, 6) = "1.5",
// FormatFixed(2000000, 6) = "2", FormatFixed(0, 6) = "0". A nil x renders as "0".
func FormatFixed(x *big.Int, decimals int) string {
	return predict.FormatUnits(x, decimals)
}

// FormatPrice renders an 18-decimal fixed-point price as a decimal string, e.g. "0.5" or
// "0.333333333333333333".
func FormatPrice(p *big.Int) string {
	return FormatFixed(p, PriceDecimals)
}
