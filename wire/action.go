package wire

import (
	"math/big"

	"github.com/ethereum/go-ethereum/common"

	"github.com/predict-dev/predict/kind"
)

// The actions of operations: what a signed operation's callData performs,
// as the service builds it and the client checks it against its request
// (Expect). internal/aa encodes and decodes them.

// Kind names what an operation does.
type Kind string

// The actions the service sponsors: the kinds of the catalogue (package
// kind). KindRedeemLiquidity is remove-liquidity on an ended market;
// KindClaimVoid is claim on a void market: claimVoid(amounts), every
// option at 1/N.
const (
	KindBuy, KindSell, KindClaim, KindClaimVoid Kind = kind.Buy, kind.Sell, kind.Claim, kind.ClaimVoid

	KindAddLiquidity, KindRemoveLiquidity, KindRedeemLiquidity Kind = kind.AddLiquidity, kind.RemoveLiquidity, kind.RedeemLiquidity

	KindCreateMarket, KindSettleMarket, KindDisputeMarket Kind = kind.CreateMarket, kind.SettleMarket, kind.DisputeMarket
	KindFinalizeMarket, KindArbitrateMarket               Kind = kind.FinalizeMarket, kind.ArbitrateMarket

	KindPlaceLimitOrder, KindCancelOrder Kind = kind.PlaceLimitOrder, kind.CancelOrder

	KindEnableTrading Kind = kind.EnableTrading
)

// MaxAllowance is type(uint256).max, the allowance enable-trading gives
// the Exchange: the service's tokens (ERC20Base) never spend it down, so one
// approval serves every later order.
func MaxAllowance() *big.Int {
	return new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 256), big.NewInt(1))
}

// Approval is an ERC-20 approve the account makes before its action.
type Approval struct {
	Token   common.Address
	Spender common.Address
	Amount  *big.Int
}

// CreateParams are the arguments of MarketFactory.createMarket, or of
// createMarketWithResolution when ChallengeWindow is not nil.
type CreateParams struct {
	BaseToken        common.Address
	OptionNames      []string
	EndTime          *big.Int
	FeeBps           *big.Int
	InitialLiquidity *big.Int
	Salt             [32]byte
	MetadataHash     [32]byte
	// ChallengeWindow (seconds) and Bond (base units) are the market's
	// resolution; nil for createMarket (the factory's defaults).
	ChallengeWindow *big.Int
	Bond            *big.Int
}

// OrderParams are the arguments of LimitOrders.place besides the option
// index and the amount (Action.Option, Action.Amount).
type OrderParams struct {
	Market common.Address
	IsBuy  bool
	// LimitPrice is 18-decimal fixed point, in (0, 1e18).
	LimitPrice *big.Int
	// Expiry is the unix time from which the order cannot be filled.
	Expiry   uint64
	PostOnly bool
}

// Action is what an operation's callData performs: zero or more
// approvals, then exactly one call of the service's contracts.
type Action struct {
	Kind   Kind
	Target common.Address // the market, or the factory for create-market
	// Option is the option index of buy, sell; the winning index of
	// settle, assertOutcome or arbitrate (predict.VoidOutcome for VOID).
	Option int
	// Assert is true for settle-market performed as assertOutcome (a
	// market with a challenge window, or void) rather than settle.
	Assert bool
	// Amounts are claimVoid's amounts of every option.
	Amounts  []*big.Int
	Amount   *big.Int // baseIn, tokensIn, lp, claim amount or initial liquidity
	MinOut   *big.Int // minTokensOut, minBaseOut or minLp
	Deadline *big.Int
	Create   *CreateParams
	// Order is place-limit-order's terms besides Option and Amount
	// (Target is then the LimitOrders escrow).
	Order *OrderParams
	// OrderIDs are the orders cancel-order cancels: one (cancel) or
	// several (cancelMany, when Many).
	OrderIDs []*big.Int
	Many     bool
	// Spender is what enable-trading's own approve allows to spend its
	// target (a token): the Exchange.
	Spender common.Address
	// Approvals precede the action, in order.
	Approvals []Approval
}
