package predict

import (
	"math/big"
	"time"
)

// Position is what an account holds of one option, with its cost basis
// under the average-cost method: a buy adds its base amount (fee included)
// to the cost; a sell or a claim removes cost in proportion to the tokens
// that leave and realizes proceeds minus removed cost; tokens transferred
// to another account take their share of the cost with them; option tokens
// an LP receives back from the pool enter at the pool price of that moment.
// Amount always equals the account's on-chain balance of the option token.
type Position struct {
	Account      string
	UID          string // "" if the account is bound to no user
	Market       string
	MarketTitle  string
	MarketStatus MarketStatus
	BaseToken    string
	Option       string
	OptionTitle  string
	OptionIndex  int
	Amount       *big.Int // option tokens held
	CostBasis    *big.Int // base units
	RealizedPnL  *big.Int // base units, signed
	AvgPrice     *big.Int // CostBasis/Amount, 18-decimal fixed point; 0 when Amount is 0
	CurrentPrice *big.Int // the option's price now, 18-decimal fixed point
	UpdatedAt    time.Time
}

// Value is the position at the current price, in base units (rounded down).
func (p *Position) Value() *big.Int {
	return MulWad(p.Amount, p.CurrentPrice)
}

// UnrealizedPnL is Value minus CostBasis.
func (p *Position) UnrealizedPnL() *big.Int {
	return new(big.Int).Sub(p.Value(), OrZero(p.CostBasis))
}

// PositionFilter selects the positions of one account (by UID, which means
// the user's bound account, or by Account). Positions of amount zero
// (sold or claimed out) are left out unless Closed is set.
type PositionFilter struct {
	UID      string
	Account  string
	Market   string
	Closed   bool
	Page     int
	PageSize int
}

// LiquidityPosition is an account's share of one market's pool.
type LiquidityPosition struct {
	Account      string
	UID          string
	Market       string
	MarketTitle  string
	MarketStatus MarketStatus
	BaseToken    string
	LPAmount     *big.Int // LP tokens held (equals the on-chain balance)
	LPSupply     *big.Int // all LP tokens of the market
	PoolValue    *big.Int // the market's liquidity (see MarketPool.Liquidity)
	Deposited    *big.Int // base added with addLiquidity (and the creator's seed)
	Withdrawn    *big.Int // base received from removeLiquidity and redeemLiquidity
	Fees         *big.Int // trading fees paid out to the account
	// ReturnedValue is the value, at the pool price of each moment, of the
	// option tokens the pool sent back on adds and removals; those tokens
	// are positions of the account with that cost basis.
	ReturnedValue *big.Int
	UpdatedAt     time.Time
}

// ShareValue is the account's part of the pool value, LPAmount/LPSupply
// of PoolValue (rounded down).
func (p *LiquidityPosition) ShareValue() *big.Int {
	if p.LPSupply == nil || p.LPSupply.Sign() == 0 || p.LPAmount == nil || p.PoolValue == nil {
		return new(big.Int)
	}
	v := new(big.Int).Mul(p.LPAmount, p.PoolValue)
	return v.Quo(v, p.LPSupply)
}

// LiquidityFilter selects liquidity positions of one account (UID or
// Account); positions with no LP tokens left are left out unless Closed.
type LiquidityFilter struct {
	UID      string
	Account  string
	Market   string
	Closed   bool
	Page     int
	PageSize int
}
