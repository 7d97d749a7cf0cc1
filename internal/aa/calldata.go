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

// abis are the account's and the token's interfaces, which every
// operation's callData uses; the catalogue's calls have their own
// (catalogue).
var abis = sync.OnceValue(func() (a struct{ account, token *abi.ABI }) {
	a.account, a.token = mustABI(bindings.SimpleAccountMetaData), mustABI(bindings.BaseTokenMetaData)
	return a
})

func mustABI(md *bind.MetaData) *abi.ABI {
	parsed, err := md.GetAbi()
	if err != nil {
		panic(fmt.Sprintf("aa: parse ABI: %v", err)) // generated, committed ABIs
	}
	return parsed
}

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

// decodeMain reads the action's own call, the last of its calls: a
// sponsored call of the catalogue (kind.All), by its selector.
func decodeMain(c Call, act *Action) error {
	if len(c.Data) < 4 {
		return rejected("the action call has no method")
	}
	act.Target = c.To
	kc, ok := catalogue().bySelector[[4]byte(c.Data[:4])]
	if !ok {
		return notSponsored(c.Data[:4])
	}
	args, err := unpackCanonical(kc.method, c.Data)
	if err != nil {
		return rejected("%s%s arguments do not decode: %v", contracts[kc.call.Contract].label, kc.call.Method, err)
	}
	act.Kind = kc.kind
	if f, ok := fields[kc.call.When]; ok && f.flag {
		if err := f.set(act, true); err != nil {
			return err
		}
	}
	for i, a := range kc.call.Args {
		if err := fields[a.Field].set(act, args[i]); err != nil {
			return err
		}
	}
	return nil
}

// notSponsored is the refusal of a call the catalogue does not list,
// naming the method when it is one of a contract the service calls.
func notSponsored(selector []byte) error {
	for _, name := range []string{kind.LimitOrders, kind.Market} {
		if m, err := contracts[name].abi().MethodById(selector); err == nil {
			return rejected("%s%s is not a sponsored action", contracts[name].label, m.Name)
		}
	}
	return rejected("the action call is not a method of a market, of the factory or of the limit-order escrow")
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

// encodeMain writes the action's own call: the call of its kind that
// its flags choose (kind.Call.When), its arguments the action's fields.
func encodeMain(a *Action) ([]byte, error) {
	kc, err := callOf(a)
	if err != nil {
		return nil, err
	}
	args := make([]any, len(kc.call.Args))
	for i, arg := range kc.call.Args {
		if args[i], err = fields[arg.Field].get(a); err != nil {
			return nil, fmt.Errorf("%s: %w", a.Kind, err)
		}
	}
	packed, err := kc.method.Inputs.Pack(args...)
	if err != nil {
		return nil, fmt.Errorf("encode %s: %w", kc.call.Method, err)
	}
	return append(kc.method.ID[:len(kc.method.ID):len(kc.method.ID)], packed...), nil
}

// callOf is the call of a's kind that a's flags choose: the one whose
// When is set in a, or else the one without When.
func callOf(a *Action) (*kindCall, error) {
	var plain *kindCall
	for _, kc := range catalogue().byKind[a.Kind] {
		if kc.call.When == "" {
			plain = kc
			continue
		}
		if fields[kc.call.When].isSet(a) {
			return kc, nil
		}
	}
	if plain == nil {
		return nil, fmt.Errorf("unknown action %q", a.Kind)
	}
	return plain, nil
}
