package predict

import (
	"fmt"
	"math/big"
)

// WadDecimals is the fixed-point precision of prices: 1e18 is a price of 1.
const WadDecimals = 18

// FormatPrice renders an 18-decimal fixed-point price as the decimal
// string of the API ("0.5", "0.333333333333333333", "1"). Trailing zeros
// are dropped; nil is "0".
func FormatPrice(wad *big.Int) string {
	return FormatUnits(wad, WadDecimals)
}

// wad is 1e18, a price of 1.
var wad = new(big.Int).Exp(big.NewInt(10), big.NewInt(WadDecimals), nil)

// ParseLimitPrice reads a limit order's price, a decimal string strictly
// between 0 and 1 ("0.45") with at most 18 decimals, into 18-decimal
// fixed point: the bounds of LimitOrders.place.
func ParseLimitPrice(s string) (*big.Int, error) {
	p, err := ParseUnits(s, WadDecimals)
	if err != nil {
		return nil, fmt.Errorf("price: %w", err)
	}
	if p.Sign() <= 0 || p.Cmp(wad) >= 0 {
		return nil, fmt.Errorf("price %q must be between 0 and 1, both excluded", s)
	}
	return p, nil
}
