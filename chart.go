package predict

import (
	"math/big"
	"time"
)

// PricePoint is an option's price after a confirmed change, for charts.
type PricePoint struct {
	Market string
	Option string
	Price  *big.Int // 18-decimal fixed point
	Block  uint64
	Time   time.Time
}

// PriceFilter selects the price points of a market (and of one option when
// Option is set) in [From, To) (zero bounds are open), oldest first, at
// most Limit (zero is the store's default).
type PriceFilter struct {
	Market string
	Option string
	From   time.Time
	To     time.Time
	Limit  int
}
