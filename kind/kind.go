// Package kind is the catalogue of operation kinds: one entry a kind,
// listed once in All, which the server (internal/ops, internal/api), the
// Go client, the CLI, the notifications and the web app (its table
// web/src/kinds.gen.ts is generated from here) all read. An entry holds
// what every side of the service agrees on: the kind's name, its
// endpoint, its request's fields, the contract calls its callData may
// make, its gas and its notification texts. The rules a kind applies at
// chain time are the server's (internal/ops/kind_<name>.go); the match
// between a request and its callData is internal/aa's Match, which the
// client runs too. docs/development.md tells how to add a kind.
//
// The package imports nothing of the module, so that every package of it
// may name a kind through it: kind names are written here and nowhere
// else (wire's Action constants are these).
package kind

import "strings"

// The kinds' names: prepare-user-operation's action, an operation
// record's kind, a notification's action.
const (
	Buy             = "buy"
	Sell            = "sell"
	Claim           = "claim"
	AddLiquidity    = "add-liquidity"
	RemoveLiquidity = "remove-liquidity"
	CreateMarket    = "create-market"
	SettleMarket    = "settle-market"
	DisputeMarket   = "dispute-market"
	FinalizeMarket  = "finalize-market"
	ArbitrateMarket = "arbitrate-market"
	// RedeemLiquidity is remove-liquidity on an ended market, as its
	// callData performs it.
	RedeemLiquidity = "redeem-liquidity"
	// ClaimVoid is claim on a void market: claimVoid(amounts), every
	// option at 1/N.
	ClaimVoid = "claim-void"
	// PlaceLimitOrder escrows a resting limit order in the LimitOrders
	// contract; CancelOrder takes one (cancel) or all of a market's
	// (cancelMany) back.
	PlaceLimitOrder = "place-limit-order"
	CancelOrder     = "cancel-order"
	// EnableTrading approves the Exchange, which settles signed orders,
	// for a market's base token and option tokens, at the most.
	EnableTrading = "enable-trading"
	// Batch is not a kind of the catalogue but the record of an operation
	// that performs several of its kinds (each an action of its own
	// request) in one executeBatch (docs/transactions.md).
	Batch = "batch"
)

// Groups of operation notifications (their type is the group and
// _confirmed or _failed; docs/notifications.md).
const (
	GroupOrder           = "order"
	GroupLiquidity       = "liquidity"
	GroupClaim           = "claim"
	GroupMarketOperation = "market_operation"
)

// What a kind's approvals are, for the web app's checker (Kind.Approves).
const (
	ApprovesNothing = "nothing"
	ApprovesBond    = "bond"
	ApprovesAmount  = "amount"
	// ApprovesSpender: the approvals are to the spender the kind's own
	// call names (enable-trading's approve), not to its target, for the
	// call's amount.
	ApprovesSpender = "spender"
)

// Kind is one operation kind.
type Kind struct {
	Name string
	// Path is the endpoint its signed request is posted to; "" for a
	// kind that is only another kind's form on chain (Of).
	Path string
	// Of is, for such a form, the kind whose request it performs
	// (redeem-liquidity performs remove-liquidity on an ended market).
	Of string
	// Fields are the JSON fields of its request body, userOperation
	// aside.
	Fields []string
	// Calls are the contract calls its callData may end with, after ERC-20
	// approvals of the target.
	Calls []Call
	// When is, for a form (Of), the flag of the web app's intent that
	// says the request asks for this form ("void": claim-void is claim on
	// a void market); "" when the callData alone tells.
	When string
	// Approves is what the web app's checker holds the approvals before
	// the kind's call to, besides their spender (the call's target): ""
	// any (the service and the Go client compare them with the action the
	// service builds), ApprovesNothing, ApprovesBond (the bond, when the
	// intent gives it), ApprovesAmount (at least the action's amount) or
	// ApprovesSpender (to the call's spender, for its amount).
	Approves string
	// Batchable is true for a kind a batch may hold: one whose record and
	// answer are its action's own. A buy or a sell records an order of
	// its operation, and the market kinds (create-market and the
	// resolution's steps) are read back by the indexer from their
	// operation's kind: those are sent alone.
	Batchable bool
	// GasBase and GasPerOption give its callGasLimit on a market of n
	// options, GasBase + GasPerOption*n (docs/transactions.md).
	GasBase, GasPerOption int64
	// Group is its notifications' group; Noun names it in a sentence ("your
	// liquidity deposit was confirmed"); Confirmed and Failed title its
	// notifications.
	Group, Noun, Confirmed, Failed string
}

// Contracts a call is made to.
const (
	Market  = "market"
	Factory = "factory"
	// LimitOrders is the escrow of resting limit orders.
	LimitOrders = "limitOrders"
	// Token is an ERC-20 token of a market, its base token or an option
	// token, whose approve a kind makes as its own call (enable-trading):
	// the spender is then an argument the kind's rules fix, not the
	// call's target.
	Token = "token"
)

// Call is a contract method a kind's callData may end with, and the
// field of the action (wire.Action) each of its arguments carries: the
// codec of internal/aa, its check of callData against a request (Match)
// and the web app's checker read nothing else about a call.
type Call struct {
	Contract, Method string
	// Signature is the method's Solidity signature: the ABI the codec
	// and the web app encode and decode it with.
	Signature string
	// Args are its arguments, in order.
	Args []Arg
	// When names the flag of the action that selects this call among
	// its kind's (Assert, Many), or an optional field whose presence does
	// (create.challengeWindow); "" is the kind's call when none is set.
	// Decoding the call sets the flag.
	When string
	// Then are the calls that follow this one in the same action, to the
	// same target, in order: a kind that makes several calls (its action's
	// fields are carried by all of them together).
	Then []Call
}

// Steps are c and the calls that follow it (Then): the calls of one
// action, in order.
func (c *Call) Steps() []*Call {
	out := []*Call{c}
	for i := range c.Then {
		out = append(out, &c.Then[i])
	}
	return out
}

// Arg is one argument of a call: the field of the action it carries.
type Arg struct {
	// Field is the action's field (the Field constants).
	Field string
	// Name names it in a refusal; "" is the field's own name.
	Name string
	// Any: any value above zero (amounts: any of them) is accepted, not
	// the request's: the chain refuses more than the balance.
	Any bool
	// Chosen: the sender's to choose (a salt): not compared.
	Chosen bool
}

// The fields of an action (wire.Action) a call's argument may carry.
const (
	FieldOption   = "option"  // an option index
	FieldOutcome  = "outcome" // an option index, or VOID
	FieldAmount   = "amount"
	FieldMinOut   = "minOut"
	FieldDeadline = "deadline"
	// FieldSpender is the spender an approve names as a kind's own call.
	FieldSpender = "spender"
	// FieldAmounts are an amount of every option of the market.
	FieldAmounts = "amounts"
	// FieldOrderID is the one order of OrderIDs, FieldOrderIDs all of
	// them.
	FieldOrderID  = "orderId"
	FieldOrderIDs = "orderIds"

	FieldCreateBaseToken        = "create.baseToken"
	FieldCreateOptionNames      = "create.optionNames"
	FieldCreateEndTime          = "create.endTime"
	FieldCreateFeeBps           = "create.feeBps"
	FieldCreateInitialLiquidity = "create.initialLiquidity"
	FieldCreateSalt             = "create.salt"
	FieldCreateMetadataHash     = "create.metadataHash"
	FieldCreateChallengeWindow  = "create.challengeWindow"
	FieldCreateBond             = "create.bond"

	FieldOrderMarket     = "order.market"
	FieldOrderIsBuy      = "order.isBuy"
	FieldOrderLimitPrice = "order.limitPrice"
	FieldOrderExpiry     = "order.expiry"
	FieldOrderPostOnly   = "order.postOnly"

	// The flags that choose a kind's call (Call.When).
	FlagAssert = "assert"
	FlagMany   = "many"
)

// call is a call of contract: its method is the signature's.
func call(contract, sig string, args ...string) Call {
	method, _, _ := strings.Cut(sig, "(")
	c := Call{Contract: contract, Method: method, Signature: "function " + sig}
	for _, f := range args {
		c.Args = append(c.Args, Arg{Field: f})
	}
	return c
}

// market is a call of a Market method.
func market(sig string, args ...string) Call { return call(Market, sig, args...) }

// when makes c the call chosen by flag.
func when(flag string, c Call) Call {
	c.When = flag
	return c
}

// arg sets how c's argument of field is read: by name in a refusal, any
// value, or the sender's choice.
func arg(c Call, field string, set func(a *Arg)) Call {
	for i := range c.Args {
		if c.Args[i].Field == field {
			set(&c.Args[i])
		}
	}
	return c
}

// create is a call of the factory that creates a market, more the
// arguments that follow the seven of createMarket.
func create(sig string, more ...string) Call {
	c := call(Factory, sig, append([]string{FieldCreateBaseToken, FieldCreateOptionNames, FieldCreateEndTime, FieldCreateFeeBps,
		FieldCreateInitialLiquidity, FieldCreateSalt, FieldCreateMetadataHash}, more...)...)
	chosen := func(a *Arg) { a.Chosen = true }
	return arg(arg(c, FieldCreateSalt, chosen), FieldCreateMetadataHash, chosen)
}

// Paths of the transaction endpoints.
const pathPrefix = "/api/v1/market/"

var (
	trade = []string{"marketAddress", "optionAddress", "side", "price", "amount", "minReceiveAmount", "deadline"}
	// outcome is settle-market's and arbitrate-market's outcome: an
	// option or void.
	outcome = []string{"marketAddress", "winningOptionAddress", "void"}
)

// All lists the kinds, in the order the API names them.
var All = []*Kind{
	{Name: Buy, Path: pathPrefix + "place-order", Fields: trade,
		Calls:   []Call{market("buy(uint256 optionIndex, uint256 baseIn, uint256 minTokensOut, uint256 deadline)", FieldOption, FieldAmount, FieldMinOut, FieldDeadline)},
		GasBase: 200_000, GasPerOption: 20_000,
		Group: GroupOrder, Noun: "buy", Confirmed: "Order confirmed", Failed: "Order failed"},
	{Name: Sell, Path: pathPrefix + "place-order", Fields: trade,
		Calls:   []Call{market("sell(uint256 optionIndex, uint256 tokensIn, uint256 minBaseOut, uint256 deadline)", FieldOption, FieldAmount, FieldMinOut, FieldDeadline)},
		GasBase: 200_000, GasPerOption: 45_000,
		Group: GroupOrder, Noun: "sell", Confirmed: "Order confirmed", Failed: "Order failed"},
	{Name: Claim, Batchable: true, Path: pathPrefix + "claim-market-result", Fields: []string{"marketAddress", "optionAddress"},
		Calls:   []Call{arg(market("claim(uint256 amount)", FieldAmount), FieldAmount, anyValue)},
		GasBase: 150_000,
		Group:   GroupClaim, Noun: "claim", Confirmed: "Winnings claimed", Failed: "Claim failed"},
	{Name: AddLiquidity, Batchable: true, Path: pathPrefix + "add-liquidity", Fields: []string{"marketAddress", "amount", "minLpAmount", "deadline"},
		Calls:   []Call{market("addLiquidity(uint256 baseIn, uint256 minLp, uint256 deadline)", FieldAmount, FieldMinOut, FieldDeadline)},
		GasBase: 250_000, GasPerOption: 20_000,
		Group: GroupLiquidity, Noun: "liquidity deposit", Confirmed: "Liquidity added", Failed: "Liquidity deposit failed"},
	{Name: RemoveLiquidity, Batchable: true, Path: pathPrefix + "remove-liquidity", Fields: []string{"marketAddress", "lpAmount", "minReceiveAmount", "deadline"},
		Calls:   []Call{market("removeLiquidity(uint256 lp, uint256 minBaseOut, uint256 deadline)", FieldAmount, FieldMinOut, FieldDeadline)},
		GasBase: 200_000, GasPerOption: 70_000,
		Group: GroupLiquidity, Noun: "liquidity withdrawal", Confirmed: "Liquidity removed", Failed: "Liquidity withdrawal failed"},
	{Name: CreateMarket, Path: pathPrefix + "create-market",
		Fields: []string{"title", "description", "rules", "options", "categoryId", "tags", "endTime", "baseTokenAddress", "initialLiquidity", "imageUrl", "challengeWindowSeconds"},
		Calls: []Call{
			create("createMarket(address baseToken, string[] optionNames, uint256 endTime, uint256 feeBps, uint256 initialLiquidity, bytes32 salt, bytes32 metadataHash)"),
			when(FieldCreateChallengeWindow, create("createMarketWithResolution(address baseToken, string[] optionNames, uint256 endTime, uint256 feeBps, uint256 initialLiquidity, bytes32 salt, bytes32 metadataHash, uint256 challengeWindow, uint256 bond)",
				FieldCreateChallengeWindow, FieldCreateBond)),
		},
		GasBase: 700_000, GasPerOption: 200_000,
		Group: GroupMarketOperation, Noun: "market creation", Confirmed: "Market created", Failed: "Market creation failed"},
	{Name: SettleMarket, Approves: ApprovesBond, Path: pathPrefix + "settle-market", Fields: append(outcome[:3:3], "resolutionSource", "resolutionNote"),
		Calls: []Call{
			market("settle(uint256 winningOption)", FieldOption),
			when(FlagAssert, market("assertOutcome(uint256 outcome)", FieldOutcome)),
		},
		GasBase: 150_000,
		Group:   GroupMarketOperation, Noun: "settlement", Confirmed: "Settlement confirmed", Failed: "Settlement failed"},
	{Name: DisputeMarket, Approves: ApprovesBond, Path: pathPrefix + "dispute-market", Fields: []string{"marketAddress"},
		Calls:   []Call{market("dispute()")},
		GasBase: 170_000,
		Group:   GroupMarketOperation, Noun: "dispute", Confirmed: "Dispute confirmed", Failed: "Dispute failed"},
	{Name: FinalizeMarket, Approves: ApprovesNothing, Path: pathPrefix + "finalize-market", Fields: []string{"marketAddress"},
		Calls:   []Call{market("finalize()")},
		GasBase: 150_000,
		Group:   GroupMarketOperation, Noun: "finalization", Confirmed: "Market finalized", Failed: "Finalization failed"},
	{Name: ArbitrateMarket, Approves: ApprovesNothing, Path: pathPrefix + "arbitrate-market", Fields: outcome,
		Calls:   []Call{market("arbitrate(uint256 outcome)", FieldOutcome)},
		GasBase: 150_000,
		Group:   GroupMarketOperation, Noun: "arbitration", Confirmed: "Arbitration confirmed", Failed: "Arbitration failed"},
	{Name: RedeemLiquidity, Batchable: true, Of: RemoveLiquidity,
		Calls:   []Call{arg(market("redeemLiquidity(uint256 lp)", FieldAmount), FieldAmount, func(a *Arg) { a.Name = "LP amount" })},
		GasBase: 150_000, GasPerOption: 10_000,
		Group: GroupLiquidity, Noun: "liquidity redemption", Confirmed: "Liquidity redeemed", Failed: "Liquidity redemption failed"},
	// place measures 138,712 (buy) to 140,787 (sell) gas as a
	// transaction (docs/contracts.md), the approve before it up to
	// about 46,000 more.
	{Name: PlaceLimitOrder, Batchable: true, Approves: ApprovesAmount, Path: pathPrefix + "place-limit-order",
		Fields: []string{"marketAddress", "optionAddress", "side", "price", "amount", "expiry", "postOnly"},
		Calls: []Call{call(LimitOrders, "place(address market, uint256 optionIndex, bool isBuy, uint256 limitPrice, uint256 amount, uint64 expiry, bool postOnly)",
			FieldOrderMarket, FieldOption, FieldOrderIsBuy, FieldOrderLimitPrice, FieldAmount, FieldOrderExpiry, FieldOrderPostOnly)},
		GasBase: 220_000,
		Group:   GroupOrder, Noun: "limit order", Confirmed: "Limit order placed", Failed: "Limit order failed"},
	{Name: CancelOrder, Batchable: true, Approves: ApprovesNothing, Path: pathPrefix + "cancel-order", Fields: []string{"marketAddress", "orderId", "cancelAll"},
		Calls: []Call{
			call(LimitOrders, "cancel(uint256 orderId)", FieldOrderID),
			when(FlagMany, call(LimitOrders, "cancelMany(uint256[] orderIds)", FieldOrderIDs)),
		},
		// GasPerOption is per order cancelled here (cancelMany): a refund
		// transfer and a cleared slot each. cancel measures 55,773 gas
		// as a transaction, cancelMany of 3 orders 82,648.
		GasBase: 80_000, GasPerOption: 45_000,
		Group: GroupOrder, Noun: "order cancellation", Confirmed: "Order cancelled", Failed: "Cancellation failed"},
	// The token's approve is the action's own call and the option tokens'
	// approves precede it as its approvals, every one of them to the
	// Exchange (the call's spender, not its target) for the most. Not
	// batchable: in a batch an approve is read as an approval of the
	// action after it. An approve measures up to about 46,000 gas.
	{Name: EnableTrading, Approves: ApprovesSpender, Path: pathPrefix + "enable-trading", Fields: []string{"marketAddress"},
		Calls:   []Call{call(Token, "approve(address spender, uint256 amount)", FieldSpender, FieldAmount)},
		GasBase: 70_000, GasPerOption: 50_000,
		Group: GroupOrder, Noun: "trading approval", Confirmed: "Trading enabled", Failed: "Enabling trading failed"},
	{Name: ClaimVoid, Batchable: true, Of: Claim, When: "void",
		Calls:   []Call{arg(market("claimVoid(uint256[] amounts)", FieldAmounts), FieldAmounts, anyValue)},
		GasBase: 100_000, GasPerOption: 40_000,
		Group: GroupClaim, Noun: "claim", Confirmed: "Winnings claimed", Failed: "Claim failed"},
}

// anyValue makes an argument any value above zero.
func anyValue(a *Arg) { a.Any = true }

// Of returns the kind named name.
func Of(name string) (*Kind, bool) {
	for _, k := range All {
		if k.Name == name {
			return k, true
		}
	}
	return nil, false
}

// Endpoint reports whether the kind is requested by name (it has an
// endpoint of its own).
func (k *Kind) Endpoint() bool { return k.Path != "" }

// Gas is the kind's callGasLimit on a market of n options.
func (k *Kind) Gas(n int64) int64 { return k.GasBase + k.GasPerOption*n }

// GroupOf is the notification group of an operation of the kind named
// name; an unknown kind is a market operation.
func GroupOf(name string) string {
	if k, ok := Of(name); ok {
		return k.Group
	}
	return GroupMarketOperation
}
