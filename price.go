package predict

import "math/big"

// WadDecimals is the fixed-point precision of prices: 1e18 is a price of 1.
const WadDecimals = 18

// FormatPrice renders an 18-decimal fixed-point price as the decimal
// string of the API ("0.5", "0.333333333333333333", "1"). Trailing zeros
// are dropped; nil is "0".
func FormatPrice(wad *big.Int) string {
	return FormatUnits(wad, WadDecimals)
}
