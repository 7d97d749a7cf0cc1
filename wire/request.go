package wire

import (
	"math/big"
	"strings"

	"github.com/predict-dev/predict/kind"
)

// Actions of prepare-user-operation: each transaction request's kind
// (the catalogue of kinds, package kind).
const (
	ActionBuy             = kind.Buy
	ActionSell            = kind.Sell
	ActionClaim           = kind.Claim
	ActionAddLiquidity    = kind.AddLiquidity
	ActionRemoveLiquidity = kind.RemoveLiquidity
	ActionCreateMarket    = kind.CreateMarket
	ActionSettleMarket    = kind.SettleMarket
	ActionDisputeMarket   = kind.DisputeMarket
	ActionFinalizeMarket  = kind.FinalizeMarket
	ActionArbitrateMarket = kind.ArbitrateMarket
	ActionPlaceLimitOrder = kind.PlaceLimitOrder
	ActionCancelOrder     = kind.CancelOrder
	ActionEnableTrading   = kind.EnableTrading
)

// pathOf is the endpoint of the kind named action, from the catalogue.
func pathOf(action string) string {
	k, _ := kind.Of(action)
	return k.Path
}

// Sides of an order.
const (
	SideBuy  = 1
	SideSell = 2
)

// The transaction requests below are the bodies of the endpoints that
// submit an ERC-4337 operation. Each names its prepare-user-operation
// action (Action), the endpoint it is posted to once signed (Path), and
// carries the signed operation (SetUserOperation): the same fields go to
// prepare-user-operation, with the action, before the operation exists.

// TxRequest is the body of a transaction endpoint: the action's fields
// and the signed operation.
type TxRequest interface {
	// Action is the prepare-user-operation action of the request.
	Action() string
	// Path is the endpoint the signed request is posted to.
	Path() string
	// SetUserOperation attaches the signed operation.
	SetUserOperation(op *UserOperation)
	// Expect is the action the operation's callData must perform, given
	// the one decoded from it (got): what the client compares by aa.Match.
	Expect(got *Action) (*Action, error)
	// Result is a new answer of the request's endpoint.
	Result() Result
}

// requests make an empty request of each kind with an endpoint, by the
// kind's name (buy and sell share place-order's).
var requests = map[string]func() TxRequest{
	ActionBuy:             func() TxRequest { return &PlaceOrderRequest{Side: SideBuy} },
	ActionSell:            func() TxRequest { return &PlaceOrderRequest{Side: SideSell} },
	ActionClaim:           func() TxRequest { return new(ClaimRequest) },
	ActionAddLiquidity:    func() TxRequest { return new(AddLiquidityRequest) },
	ActionRemoveLiquidity: func() TxRequest { return new(RemoveLiquidityRequest) },
	ActionCreateMarket:    func() TxRequest { return new(CreateMarketRequest) },
	ActionSettleMarket:    func() TxRequest { return new(SettleMarketRequest) },
	ActionDisputeMarket:   func() TxRequest { return new(DisputeMarketRequest) },
	ActionFinalizeMarket:  func() TxRequest { return new(FinalizeMarketRequest) },
	ActionArbitrateMarket: func() TxRequest { return new(ArbitrateMarketRequest) },
	ActionPlaceLimitOrder: func() TxRequest { return new(PlaceLimitOrderRequest) },
	ActionCancelOrder:     func() TxRequest { return new(CancelOrderRequest) },
	ActionEnableTrading:   func() TxRequest { return new(EnableTradingRequest) },
}

// NewRequest returns an empty request of the kind named action, false
// for a name that is no kind with an endpoint.
func NewRequest(action string) (TxRequest, bool) {
	mk, ok := requests[action]
	if !ok {
		return nil, false
	}
	return mk(), true
}

// PlaceOrderRequest is the body of place-order: a buy (Side 1) or a sell
// (Side 2).
type PlaceOrderRequest struct {
	MarketAddress string `json:"marketAddress"`
	OptionAddress string `json:"optionAddress"`
	Side          int    `json:"side"`
	// Price is informational, base units per token; absent leaves it out.
	Price Amount `json:"price,omitzero"`
	// Amount is base tokens in (buy) or option tokens in (sell).
	Amount Amount `json:"amount,omitzero"`
	// MinReceiveAmount: the operation reverts if it would get less.
	MinReceiveAmount Amount `json:"minReceiveAmount,omitzero"`
	// Deadline in chain time; the operation reverts after it.
	Deadline      Unix           `json:"deadline,omitzero"`
	UserOperation *UserOperation `json:"userOperation,omitempty"`
}

// Action is ActionBuy or ActionSell by Side.
func (r *PlaceOrderRequest) Action() string {
	if r.Side == SideSell {
		return ActionSell
	}
	return ActionBuy
}

// Path is place-order's.
func (r *PlaceOrderRequest) Path() string { return pathOf(r.Action()) }

// SetUserOperation attaches the signed operation.
func (r *PlaceOrderRequest) SetUserOperation(op *UserOperation) { r.UserOperation = op }

// Expect is the buy or sell the callData must perform.
func (r *PlaceOrderRequest) Expect(got *Action) (*Action, error) {
	a, err := addresses("marketAddress", r.MarketAddress, "optionAddress", r.OptionAddress)
	if err != nil {
		return nil, err
	}
	want := expectAt(got, Kind(r.Action()), a[0])
	bounds(want, r.Amount, r.MinReceiveAmount, r.Deadline)
	return want, nil
}

// Result is place-order's answer.
func (r *PlaceOrderRequest) Result() Result { return new(PlaceOrderResult) }

// ClaimRequest is the body of claim-market-result.
type ClaimRequest struct {
	MarketAddress string `json:"marketAddress"`
	// OptionAddress must be the winning option.
	OptionAddress string         `json:"optionAddress"`
	UserOperation *UserOperation `json:"userOperation,omitempty"`
}

// Action is ActionClaim.
func (r *ClaimRequest) Action() string { return ActionClaim }

// Path is claim-market-result's.
func (r *ClaimRequest) Path() string { return pathOf(r.Action()) }

// SetUserOperation attaches the signed operation.
func (r *ClaimRequest) SetUserOperation(op *UserOperation) { r.UserOperation = op }

// Expect is the claim the callData must perform: any amount of the
// winning option, or claimVoid on a void market.
func (r *ClaimRequest) Expect(got *Action) (*Action, error) {
	a, err := addresses("marketAddress", r.MarketAddress, "optionAddress", r.OptionAddress)
	if err != nil {
		return nil, err
	}
	k := KindClaim
	if got.Kind == KindClaimVoid {
		k = KindClaimVoid
	}
	return expectAt(got, k, a[0]), nil
}

// Result is claim-market-result's answer.
func (r *ClaimRequest) Result() Result { return new(OpResult) }

// AddLiquidityRequest is the body of add-liquidity.
type AddLiquidityRequest struct {
	MarketAddress string         `json:"marketAddress"`
	Amount        Amount         `json:"amount,omitzero"`
	MinLPAmount   Amount         `json:"minLpAmount,omitzero"`
	Deadline      Unix           `json:"deadline,omitzero"`
	UserOperation *UserOperation `json:"userOperation,omitempty"`
}

// Action is ActionAddLiquidity.
func (r *AddLiquidityRequest) Action() string { return ActionAddLiquidity }

// Path is add-liquidity's.
func (r *AddLiquidityRequest) Path() string { return pathOf(r.Action()) }

// SetUserOperation attaches the signed operation.
func (r *AddLiquidityRequest) SetUserOperation(op *UserOperation) { r.UserOperation = op }

// Expect is the deposit the callData must perform.
func (r *AddLiquidityRequest) Expect(got *Action) (*Action, error) {
	a, err := addresses("marketAddress", r.MarketAddress)
	if err != nil {
		return nil, err
	}
	want := expectAt(got, KindAddLiquidity, a[0])
	bounds(want, r.Amount, r.MinLPAmount, r.Deadline)
	return want, nil
}

// Result is add-liquidity's answer.
func (r *AddLiquidityRequest) Result() Result { return new(OpResult) }

// RemoveLiquidityRequest is the body of remove-liquidity (a redemption
// once the market has ended).
type RemoveLiquidityRequest struct {
	MarketAddress    string         `json:"marketAddress"`
	LPAmount         Amount         `json:"lpAmount,omitzero"`
	MinReceiveAmount Amount         `json:"minReceiveAmount,omitzero"`
	Deadline         Unix           `json:"deadline,omitzero"`
	UserOperation    *UserOperation `json:"userOperation,omitempty"`
}

// Action is ActionRemoveLiquidity.
func (r *RemoveLiquidityRequest) Action() string { return ActionRemoveLiquidity }

// Path is remove-liquidity's.
func (r *RemoveLiquidityRequest) Path() string { return pathOf(r.Action()) }

// SetUserOperation attaches the signed operation.
func (r *RemoveLiquidityRequest) SetUserOperation(op *UserOperation) { r.UserOperation = op }

// Expect is the withdrawal the callData must perform, or the redemption
// of the same LP amount on an ended market.
func (r *RemoveLiquidityRequest) Expect(got *Action) (*Action, error) {
	a, err := addresses("marketAddress", r.MarketAddress)
	if err != nil {
		return nil, err
	}
	if got.Kind == KindRedeemLiquidity {
		want := expectAt(got, KindRedeemLiquidity, a[0])
		want.Amount = r.LPAmount.Int
		return want, nil
	}
	want := expectAt(got, KindRemoveLiquidity, a[0])
	bounds(want, r.LPAmount, r.MinReceiveAmount, r.Deadline)
	return want, nil
}

// Result is remove-liquidity's answer.
func (r *RemoveLiquidityRequest) Result() Result { return new(OpResult) }

// OptionTitle is an option of a market to create.
type OptionTitle struct {
	Title string `json:"title"`
}

// CreateMarketRequest is the body of create-market (admins only).
type CreateMarketRequest struct {
	Title            string        `json:"title"`
	Description      string        `json:"description"`
	Rules            string        `json:"rules"`
	Options          []OptionTitle `json:"options"`
	CategoryID       string        `json:"categoryId"`
	Tags             []string      `json:"tags,omitempty"`
	EndTime          Time          `json:"endTime,omitzero"`
	BaseTokenAddress string        `json:"baseTokenAddress"`
	// InitialLiquidity seeds the pool, in base units.
	InitialLiquidity Amount `json:"initialLiquidity,omitzero"`
	ImageURL         string `json:"imageUrl,omitempty"`
	// ChallengeWindowSeconds is the market's challenge window; absent
	// takes the service's default (PREDICT_CHALLENGE_WINDOW), 0 settles
	// at once.
	ChallengeWindowSeconds *int64         `json:"challengeWindowSeconds,omitempty"`
	UserOperation          *UserOperation `json:"userOperation,omitempty"`
}

// Action is ActionCreateMarket.
func (r *CreateMarketRequest) Action() string { return ActionCreateMarket }

// Path is create-market's.
func (r *CreateMarketRequest) Path() string { return pathOf(r.Action()) }

// SetUserOperation attaches the signed operation.
func (r *CreateMarketRequest) SetUserOperation(op *UserOperation) { r.UserOperation = op }

// Expect is the creation the callData must perform, through the factory
// it calls (which the request does not name), with the fee, challenge
// window and bond it gives.
func (r *CreateMarketRequest) Expect(got *Action) (*Action, error) {
	a, err := addresses("baseTokenAddress", r.BaseTokenAddress)
	if err != nil {
		return nil, err
	}
	want := expectAt(got, KindCreateMarket, got.Target)
	c := CreateParams{}
	if got.Create != nil {
		c = *got.Create
	}
	c.BaseToken, c.InitialLiquidity, c.EndTime = a[0], r.InitialLiquidity.Int, big.NewInt(r.EndTime.Unix())
	c.OptionNames = make([]string, len(r.Options))
	for i, o := range r.Options {
		c.OptionNames[i] = strings.TrimSpace(o.Title)
	}
	want.Create = &c
	return want, nil
}

// Result is create-market's answer.
func (r *CreateMarketRequest) Result() Result { return new(CreateMarketResult) }

// SettleMarketRequest is the body of settle-market (admins and
// resolvers).
type SettleMarketRequest struct {
	MarketAddress string `json:"marketAddress"`
	// WinningOptionAddress is the option settled on (asserted, on a
	// market with a challenge window); empty with Void.
	WinningOptionAddress string `json:"winningOptionAddress,omitempty"`
	// Void ends the market without a winner: every option token claims
	// 1/N of a base token.
	Void             bool           `json:"void,omitempty"`
	ResolutionSource string         `json:"resolutionSource,omitempty"`
	ResolutionNote   string         `json:"resolutionNote,omitempty"`
	UserOperation    *UserOperation `json:"userOperation,omitempty"`
}

// Action is ActionSettleMarket.
func (r *SettleMarketRequest) Action() string { return ActionSettleMarket }

// Path is settle-market's.
func (r *SettleMarketRequest) Path() string { return pathOf(r.Action()) }

// SetUserOperation attaches the signed operation.
func (r *SettleMarketRequest) SetUserOperation(op *UserOperation) { r.UserOperation = op }

// Expect is the settlement the callData must perform: the void outcome
// for a void request (settle or assertOutcome, as the market needs).
func (r *SettleMarketRequest) Expect(got *Action) (*Action, error) {
	fields := []string{"marketAddress", r.MarketAddress}
	if !r.Void {
		fields = append(fields, "winningOptionAddress", r.WinningOptionAddress)
	}
	a, err := addresses(fields...)
	if err != nil {
		return nil, err
	}
	want := expectAt(got, KindSettleMarket, a[0])
	want.Option = outcome(got, r.Void)
	return want, nil
}

// Result is settle-market's answer.
func (r *SettleMarketRequest) Result() Result { return new(SettleMarketResult) }

// DisputeMarketRequest is the body of dispute-market: the operation
// matches the assertion's bond and disputes it, within the challenge
// window.
type DisputeMarketRequest struct {
	MarketAddress string         `json:"marketAddress"`
	UserOperation *UserOperation `json:"userOperation,omitempty"`
}

// Action is ActionDisputeMarket.
func (r *DisputeMarketRequest) Action() string { return ActionDisputeMarket }

// Path is dispute-market's.
func (r *DisputeMarketRequest) Path() string { return pathOf(r.Action()) }

// SetUserOperation attaches the signed operation.
func (r *DisputeMarketRequest) SetUserOperation(op *UserOperation) { r.UserOperation = op }

// Expect is the dispute the callData must perform.
func (r *DisputeMarketRequest) Expect(got *Action) (*Action, error) {
	a, err := addresses("marketAddress", r.MarketAddress)
	if err != nil {
		return nil, err
	}
	return expectAt(got, KindDisputeMarket, a[0]), nil
}

// Result is dispute-market's answer.
func (r *DisputeMarketRequest) Result() Result { return new(OpResult) }

// FinalizeMarketRequest is the body of finalize-market: an undisputed
// assertion ends the market once the window is over.
type FinalizeMarketRequest struct {
	MarketAddress string         `json:"marketAddress"`
	UserOperation *UserOperation `json:"userOperation,omitempty"`
}

// Action is ActionFinalizeMarket.
func (r *FinalizeMarketRequest) Action() string { return ActionFinalizeMarket }

// Path is finalize-market's.
func (r *FinalizeMarketRequest) Path() string { return pathOf(r.Action()) }

// SetUserOperation attaches the signed operation.
func (r *FinalizeMarketRequest) SetUserOperation(op *UserOperation) { r.UserOperation = op }

// Expect is the finalization the callData must perform.
func (r *FinalizeMarketRequest) Expect(got *Action) (*Action, error) {
	a, err := addresses("marketAddress", r.MarketAddress)
	if err != nil {
		return nil, err
	}
	return expectAt(got, KindFinalizeMarket, a[0]), nil
}

// Result is finalize-market's answer.
func (r *FinalizeMarketRequest) Result() Result { return new(OpResult) }

// ArbitrateMarketRequest is the body of arbitrate-market (the
// arbitrator's account only): the option that wins a disputed assertion,
// or Void.
type ArbitrateMarketRequest struct {
	MarketAddress        string         `json:"marketAddress"`
	WinningOptionAddress string         `json:"winningOptionAddress,omitempty"`
	Void                 bool           `json:"void,omitempty"`
	UserOperation        *UserOperation `json:"userOperation,omitempty"`
}

// Action is ActionArbitrateMarket.
func (r *ArbitrateMarketRequest) Action() string { return ActionArbitrateMarket }

// Path is arbitrate-market's.
func (r *ArbitrateMarketRequest) Path() string { return pathOf(r.Action()) }

// SetUserOperation attaches the signed operation.
func (r *ArbitrateMarketRequest) SetUserOperation(op *UserOperation) { r.UserOperation = op }

// Expect is the decision the callData must perform: the void outcome for
// a void request.
func (r *ArbitrateMarketRequest) Expect(got *Action) (*Action, error) {
	fields := []string{"marketAddress", r.MarketAddress}
	if !r.Void {
		fields = append(fields, "winningOptionAddress", r.WinningOptionAddress)
	}
	a, err := addresses(fields...)
	if err != nil {
		return nil, err
	}
	want := expectAt(got, KindArbitrateMarket, a[0])
	want.Option = outcome(got, r.Void)
	return want, nil
}

// Result is arbitrate-market's answer.
func (r *ArbitrateMarketRequest) Result() Result { return new(OpResult) }
