package aa

import (
	"bytes"
	"fmt"
	"math/big"
	"sync"

	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/accounts/abi/bind"
	"github.com/ethereum/go-ethereum/common"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/internal/chain/bindings"
	"github.com/predict-dev/predict/kind"
	"github.com/predict-dev/predict/wire"
)

// The action types are package wire's, where the client checks a signed
// operation against its request (Expect): the codec below encodes and
// decodes them.
type (
	// Kind names what an operation does (wire.Kind).
	Kind = wire.Kind
	// Approval is an ERC-20 approve the account makes before its action.
	Approval = wire.Approval
	// CreateParams are the arguments of MarketFactory.createMarket.
	CreateParams = wire.CreateParams
	// OrderParams are the arguments of LimitOrders.place.
	OrderParams = wire.OrderParams
	// Action is what an operation's callData performs.
	Action = wire.Action
)

// The actions the service sponsors (wire's kinds).
const (
	KindBuy, KindSell, KindClaim, KindClaimVoid = wire.KindBuy, wire.KindSell, wire.KindClaim, wire.KindClaimVoid

	KindAddLiquidity, KindRemoveLiquidity, KindRedeemLiquidity = wire.KindAddLiquidity, wire.KindRemoveLiquidity, wire.KindRedeemLiquidity

	KindCreateMarket, KindSettleMarket, KindDisputeMarket = wire.KindCreateMarket, wire.KindSettleMarket, wire.KindDisputeMarket
	KindFinalizeMarket, KindArbitrateMarket               = wire.KindFinalizeMarket, wire.KindArbitrateMarket

	KindPlaceLimitOrder, KindCancelOrder = wire.KindPlaceLimitOrder, wire.KindCancelOrder
)

// Call is one call a SimpleAccount makes.
type Call struct {
	To    common.Address
	Value *big.Int
	Data  []byte
}

// abis are the contract interfaces the codec reads and writes.
var abis = sync.OnceValue(func() (a struct{ account, market, factory, token, orders *abi.ABI }) {
	for _, x := range []struct {
		dst **abi.ABI
		md  *bind.MetaData
	}{
		{&a.account, bindings.SimpleAccountMetaData}, {&a.market, bindings.MarketMetaData},
		{&a.factory, bindings.MarketFactoryMetaData}, {&a.token, bindings.BaseTokenMetaData},
		{&a.orders, bindings.LimitOrdersMetaData},
	} {
		parsed, err := x.md.GetAbi()
		if err != nil {
			panic(fmt.Sprintf("aa: parse ABI: %v", err)) // generated, committed ABIs
		}
		*x.dst = parsed
	}
	return a
})

func rejected(format string, args ...any) error {
	return predict.Errorf(predict.EREJECTED, format, args...)
}

// DecodeCalls reads SimpleAccount v0.6 execute(dest, value, func) or
// executeBatch(dest[], func[]) callData into its calls.
func DecodeCalls(callData []byte) ([]Call, error) {
	if len(callData) < 4 {
		return nil, rejected("callData is not a SimpleAccount call")
	}
	m, err := abis().account.MethodById(callData[:4])
	if err != nil {
		return nil, rejected("callData is neither execute nor executeBatch of SimpleAccount")
	}
	args, err := unpackCanonical(m, callData)
	if err != nil {
		return nil, rejected("callData does not decode as %s: %v", m.Name, err)
	}
	switch m.Name {
	case "execute":
		return []Call{{To: args[0].(common.Address), Value: args[1].(*big.Int), Data: args[2].([]byte)}}, nil
	case "executeBatch":
		dests, datas := args[0].([]common.Address), args[1].([][]byte)
		if len(dests) != len(datas) {
			return nil, rejected("executeBatch has %d targets and %d calls", len(dests), len(datas))
		}
		calls := make([]Call, len(dests))
		for i := range dests {
			calls[i] = Call{To: dests[i], Value: new(big.Int), Data: datas[i]}
		}
		return calls, nil
	}
	return nil, rejected("callData calls SimpleAccount.%s; only execute and executeBatch are sponsored", m.Name)
}

// EncodeCalls writes calls as SimpleAccount callData: execute for one,
// executeBatch (which carries no values) for several.
func EncodeCalls(calls []Call) ([]byte, error) {
	a := abis().account
	switch len(calls) {
	case 0:
		return nil, fmt.Errorf("no calls")
	case 1:
		v := calls[0].Value
		if v == nil {
			v = new(big.Int)
		}
		return a.Pack("execute", calls[0].To, v, calls[0].Data)
	}
	dests := make([]common.Address, len(calls))
	datas := make([][]byte, len(calls))
	for i, c := range calls {
		if c.Value != nil && c.Value.Sign() != 0 {
			return nil, fmt.Errorf("executeBatch cannot send value")
		}
		dests[i], datas[i] = c.To, c.Data
	}
	return a.Pack("executeBatch", dests, datas)
}

// DecodeAction reads the action an operation's callData performs. The
// shape is strict: approvals first, then exactly one call of a market or
// the factory, and no value sent. Anything else is rejected, so the
// paymaster never sponsors calls the service does not understand.
func DecodeAction(callData []byte) (*Action, error) {
	calls, err := DecodeCalls(callData)
	if err != nil {
		return nil, err
	}
	act := &Action{}
	for i, c := range calls {
		if c.Value != nil && c.Value.Sign() != 0 {
			return nil, rejected("call %d sends ether; sponsored operations send none", i)
		}
		last := i == len(calls)-1
		if !last {
			ap, err := decodeApprove(c)
			if err != nil {
				return nil, rejected("call %d: %v; only ERC-20 approvals may precede the action", i, err)
			}
			act.Approvals = append(act.Approvals, ap)
			continue
		}
		if err := decodeMain(c, act); err != nil {
			return nil, err
		}
	}
	return act, nil
}

// DecodeActions reads callData that performs one or more actions, each
// its approvals then its call, in order: an executeBatch of several
// actions (a batch, docs/transactions.md) or the callData of one
// (DecodeAction). The shape is as strict as DecodeAction's: every call
// but an action's own is an ERC-20 approval preceding it, the last call
// is an action's, and no value is sent.
func DecodeActions(callData []byte) ([]*Action, error) {
	calls, err := DecodeCalls(callData)
	if err != nil {
		return nil, err
	}
	var out []*Action
	act := &Action{}
	for i, c := range calls {
		if c.Value != nil && c.Value.Sign() != 0 {
			return nil, rejected("call %d sends ether; sponsored operations send none", i)
		}
		if ap, err := decodeApprove(c); err == nil {
			if i == len(calls)-1 {
				return nil, rejected("call %d is an approval with no action after it", i)
			}
			act.Approvals = append(act.Approvals, ap)
			continue
		}
		if err := decodeMain(c, act); err != nil {
			return nil, fmt.Errorf("call %d: %w", i, err)
		}
		out = append(out, act)
		act = &Action{}
	}
	return out, nil
}

// ActionsCallData encodes actions, each its approvals then its call, as
// the callData of one operation (executeBatch when there is more than one
// call). It is the inverse of DecodeActions.
func ActionsCallData(acts []*Action) ([]byte, error) {
	var calls []Call
	for _, a := range acts {
		cs, err := callsOf(a)
		if err != nil {
			return nil, err
		}
		calls = append(calls, cs...)
	}
	return EncodeCalls(calls)
}

func decodeApprove(c Call) (Approval, error) {
	if len(c.Data) < 4 || !bytes.Equal(c.Data[:4], abis().token.Methods["approve"].ID) {
		return Approval{}, fmt.Errorf("not an approve")
	}
	m := abis().token.Methods["approve"]
	args, err := unpackCanonical(&m, c.Data)
	if err != nil {
		return Approval{}, fmt.Errorf("malformed approve: %v", err)
	}
	return Approval{Token: c.To, Spender: args[0].(common.Address), Amount: args[1].(*big.Int)}, nil
}

// marketCall is a Market method an action calls, with the position of
// each of the action's fields among its arguments (-1: not an argument).
type marketCall struct {
	kind                             Kind
	method                           string
	option, amount, minOut, deadline int
	// assert tells settle-market's two methods apart (Action.Assert).
	assert bool
}

// marketCalls are the Market methods the service sponsors: the market
// calls of the catalogue's kinds (kind.All).
var marketCalls = func() []marketCall {
	var out []marketCall
	for _, k := range kind.All {
		for _, c := range k.Calls {
			if c.Contract == kind.Market && c.Method != "claimVoid" {
				out = append(out, marketCall{Kind(k.Name), c.Method, c.Option, c.Amount, c.MinOut, c.Deadline, c.Assert})
			}
		}
	}
	return out
}()

// void is Market.VOID, the outcome of a void market (type(uint256).max).
var void = new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 256), big.NewInt(1))

func decodeMain(c Call, act *Action) error {
	if len(c.Data) < 4 {
		return rejected("the action call has no method")
	}
	act.Target = c.To
	if m, err := abis().factory.MethodById(c.Data[:4]); err == nil && (m.Name == "createMarket" || m.Name == "createMarketWithResolution") {
		args, err := unpackCanonical(m, c.Data)
		if err != nil {
			return rejected("%s arguments do not decode: %v", m.Name, err)
		}
		act.Kind = KindCreateMarket
		act.Create = &CreateParams{
			BaseToken: args[0].(common.Address), OptionNames: args[1].([]string), EndTime: args[2].(*big.Int),
			FeeBps: args[3].(*big.Int), InitialLiquidity: args[4].(*big.Int), Salt: args[5].([32]byte), MetadataHash: args[6].([32]byte),
		}
		if m.Name == "createMarketWithResolution" {
			act.Create.ChallengeWindow, act.Create.Bond = args[7].(*big.Int), args[8].(*big.Int)
		}
		act.Amount = act.Create.InitialLiquidity
		return nil
	}
	if m, err := abis().orders.MethodById(c.Data[:4]); err == nil {
		return decodeOrders(m, c.Data, act)
	}
	m, err := abis().market.MethodById(c.Data[:4])
	if err != nil {
		return rejected("the action call is not a method of a market, of the factory or of the limit-order escrow")
	}
	if m.Name == "claimVoid" {
		args, err := unpackCanonical(m, c.Data)
		if err != nil {
			return rejected("Market.claimVoid arguments do not decode: %v", err)
		}
		act.Kind, act.Amounts = KindClaimVoid, args[0].([]*big.Int)
		return nil
	}
	call, ok := marketCallOf(func(mc marketCall) bool { return mc.method == m.Name })
	if !ok {
		return rejected("Market.%s is not a sponsored action", m.Name)
	}
	args, err := unpackCanonical(m, c.Data)
	if err != nil {
		return rejected("Market.%s arguments do not decode: %v", m.Name, err)
	}
	act.Kind, act.Assert = call.kind, call.assert
	u := func(i int) *big.Int {
		if i < 0 {
			return nil
		}
		return args[i].(*big.Int)
	}
	if call.option >= 0 {
		o := u(call.option)
		switch {
		case o.Cmp(void) == 0 && (call.method == "assertOutcome" || call.method == "arbitrate"):
			act.Option = predict.VoidOutcome
		case !o.IsInt64() || o.Int64() > 255:
			return rejected("option index %s out of range", o)
		default:
			act.Option = int(o.Int64())
		}
	}
	act.Amount, act.MinOut, act.Deadline = u(call.amount), u(call.minOut), u(call.deadline)
	return nil
}

// decodeOrders reads a call of the LimitOrders escrow: place, cancel or
// cancelMany; its fills and matches are not users' actions.
func decodeOrders(m *abi.Method, data []byte, act *Action) error {
	args, err := unpackCanonical(m, data)
	if err != nil {
		return rejected("LimitOrders.%s arguments do not decode: %v", m.Name, err)
	}
	switch m.Name {
	case "place":
		o := args[1].(*big.Int)
		if !o.IsInt64() || o.Int64() > 255 {
			return rejected("option index %s out of range", o)
		}
		act.Kind, act.Option, act.Amount = KindPlaceLimitOrder, int(o.Int64()), args[4].(*big.Int)
		act.Order = &OrderParams{Market: args[0].(common.Address), IsBuy: args[2].(bool), LimitPrice: args[3].(*big.Int),
			Expiry: args[5].(uint64), PostOnly: args[6].(bool)}
	case "cancel":
		act.Kind, act.OrderIDs = KindCancelOrder, []*big.Int{args[0].(*big.Int)}
	case "cancelMany":
		act.Kind, act.OrderIDs, act.Many = KindCancelOrder, args[0].([]*big.Int), true
	default:
		return rejected("LimitOrders.%s is not a sponsored action", m.Name)
	}
	return nil
}

func marketCallOf(match func(marketCall) bool) (marketCall, bool) {
	for _, mc := range marketCalls {
		if match(mc) {
			return mc, true
		}
	}
	return marketCall{}, false
}

// unpackCanonical decodes a call's arguments and insists the bytes are
// exactly their standard encoding: trailing bytes or odd offsets would let
// two different byte strings mean "the same" call, and what the service
// checks must be what the chain runs.
func unpackCanonical(m *abi.Method, data []byte) ([]any, error) {
	args, err := m.Inputs.Unpack(data[4:])
	if err != nil {
		return nil, err
	}
	again, err := m.Inputs.Pack(args...)
	if err != nil {
		return nil, err
	}
	if !bytes.Equal(again, data[4:]) {
		return nil, fmt.Errorf("not in the standard ABI encoding")
	}
	return args, nil
}

// CallData encodes the action (approvals, then the call) as SimpleAccount
// callData. It is the inverse of DecodeAction.
func CallData(a *Action) ([]byte, error) {
	calls, err := callsOf(a)
	if err != nil {
		return nil, err
	}
	return EncodeCalls(calls)
}

// calls are the action's approvals, then its call.
func callsOf(a *Action) ([]Call, error) {
	var calls []Call
	for _, ap := range a.Approvals {
		data, err := abis().token.Pack("approve", ap.Spender, ap.Amount)
		if err != nil {
			return nil, err
		}
		calls = append(calls, Call{To: ap.Token, Data: data})
	}
	main, err := encodeMain(a)
	if err != nil {
		return nil, err
	}
	return append(calls, Call{To: a.Target, Data: main}), nil
}

func encodeMain(a *Action) ([]byte, error) {
	if a.Kind == KindCreateMarket {
		c := a.Create
		if c == nil {
			return nil, fmt.Errorf("create-market without parameters")
		}
		if c.ChallengeWindow != nil {
			return abis().factory.Pack("createMarketWithResolution", c.BaseToken, c.OptionNames, c.EndTime, c.FeeBps,
				c.InitialLiquidity, c.Salt, c.MetadataHash, c.ChallengeWindow, predict.OrZero(c.Bond))
		}
		return abis().factory.Pack("createMarket", c.BaseToken, c.OptionNames, c.EndTime, c.FeeBps, c.InitialLiquidity, c.Salt, c.MetadataHash)
	}
	if a.Kind == KindClaimVoid {
		return abis().market.Pack("claimVoid", a.Amounts)
	}
	switch a.Kind {
	case KindPlaceLimitOrder:
		o := a.Order
		if o == nil {
			return nil, fmt.Errorf("place-limit-order without its terms")
		}
		return abis().orders.Pack("place", o.Market, big.NewInt(int64(a.Option)), o.IsBuy, o.LimitPrice, a.Amount, o.Expiry, o.PostOnly)
	case KindCancelOrder:
		if a.Many {
			return abis().orders.Pack("cancelMany", a.OrderIDs)
		}
		if len(a.OrderIDs) != 1 {
			return nil, fmt.Errorf("cancel of %d orders", len(a.OrderIDs))
		}
		return abis().orders.Pack("cancel", a.OrderIDs[0])
	}
	call, ok := marketCallOf(func(mc marketCall) bool { return mc.kind == a.Kind && mc.assert == a.Assert })
	if !ok {
		return nil, fmt.Errorf("unknown action %q", a.Kind)
	}
	args := make([]any, len(abis().market.Methods[call.method].Inputs))
	set := func(i int, v *big.Int) {
		if i >= 0 {
			args[i] = v
		}
	}
	opt := big.NewInt(int64(a.Option))
	if a.Option == predict.VoidOutcome {
		opt = void
	}
	set(call.option, opt)
	set(call.amount, a.Amount)
	set(call.minOut, a.MinOut)
	set(call.deadline, a.Deadline)
	return abis().market.Pack(call.method, args...)
}
