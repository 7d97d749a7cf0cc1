package aa

import (
	"bytes"
	"fmt"
	"math/big"
	"slices"
	"strings"
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

	KindEnableTrading = wire.KindEnableTrading
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
// shape is strict: approvals first, then exactly the action's own calls
// (one, or the steps of a kind that makes several, kind.Call.Then) of a
// contract of the catalogue, and no value sent. Anything else is rejected, so the
// paymaster never sponsors calls the service does not understand.
func DecodeAction(callData []byte) (*Action, error) {
	calls, err := DecodeCalls(callData)
	if err != nil {
		return nil, err
	}
	act := &Action{}
	for i, c := range calls {
		// The action's own calls are the last one, or the calls of a kind
		// that makes several (kind.Call.Then) when they are all the rest.
		if i == len(calls)-1 || stepsAt(calls[i:]) == len(calls)-i {
			if err := noValue(calls[i:], i); err != nil {
				return nil, err
			}
			if err := decodeMain(calls[i:], act); err != nil {
				return nil, err
			}
			return act, nil
		}
		if err := noValue(calls[i:i+1], i); err != nil {
			return nil, err
		}
		ap, err := decodeApprove(c)
		if err != nil {
			return nil, rejected("call %d: %v; only ERC-20 approvals may precede the action", i, err)
		}
		act.Approvals = append(act.Approvals, ap)
	}
	return act, nil
}

// noValue refuses a call that sends ether; calls[0] is call first.
func noValue(calls []Call, first int) error {
	for i, c := range calls {
		if c.Value != nil && c.Value.Sign() != 0 {
			return rejected("call %d sends ether; sponsored operations send none", first+i)
		}
	}
	return nil
}

// DecodeActions reads callData that performs one or more actions, each
// its approvals then its own calls, in order: an executeBatch of several
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
	for i := 0; i < len(calls); i++ {
		if err := noValue(calls[i:i+1], i); err != nil {
			return nil, err
		}
		if ap, err := decodeApprove(calls[i]); err == nil {
			if i == len(calls)-1 {
				return nil, rejected("call %d is an approval with no action after it", i)
			}
			act.Approvals = append(act.Approvals, ap)
			continue
		}
		n := max(stepsAt(calls[i:]), 1)
		if err := noValue(calls[i:i+n], i); err != nil {
			return nil, err
		}
		if err := decodeMain(calls[i:i+n], act); err != nil {
			return nil, fmt.Errorf("call %d: %w", i, err)
		}
		out = append(out, act)
		act = &Action{}
		i += n - 1
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

// decodeMain reads the action's own calls, after its approvals: one
// sponsored call of the catalogue (kind.All), by its selector, or the
// steps of a kind that makes several.
func decodeMain(calls []Call, act *Action) error {
	for _, c := range calls {
		if len(c.Data) < 4 {
			return rejected("the action call has no method")
		}
	}
	act.Target = calls[0].To
	kc, ok := catalogue().bySteps[stepKey(calls)]
	if !ok {
		if len(calls) > 1 {
			return rejected("the action's %d calls are no sponsored action", len(calls))
		}
		return notSponsored(calls[0].Data[:4])
	}
	act.Kind = kc.kind
	for i, st := range kc.steps {
		c := calls[i]
		if c.To != act.Target {
			return rejected("the action's calls go to %s and %s; one action calls one contract", strings.ToLower(act.Target.Hex()), strings.ToLower(c.To.Hex()))
		}
		args, err := unpackCanonical(st.method, c.Data)
		if err != nil {
			return rejected("%s%s arguments do not decode: %v", contracts[st.call.Contract].label, st.call.Method, err)
		}
		if f, ok := fields[st.call.When]; ok && f.flag {
			if err := f.set(act, true); err != nil {
				return err
			}
		}
		for j, a := range st.call.Args {
			if err := fields[a.Field].set(act, args[j]); err != nil {
				return err
			}
		}
	}
	return nil
}

// stepsAt is how many calls from the first of calls are the steps of a
// kind that makes several (kind.Call.Then), the most that match; 0 when
// none do.
func stepsAt(calls []Call) int {
	for n := min(len(calls), catalogue().maxSteps); n >= 2; n-- {
		if _, ok := catalogue().bySteps[stepKey(calls[:n])]; ok {
			return n
		}
	}
	return 0
}

// stepKey is the selectors of calls, in order.
func stepKey(calls []Call) string {
	var b strings.Builder
	for _, c := range calls {
		if len(c.Data) < 4 {
			return ""
		}
		b.Write(c.Data[:4])
	}
	return b.String()
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

// calls are the action's approvals, then its own calls.
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
	for _, data := range main {
		calls = append(calls, Call{To: a.Target, Data: data})
	}
	return calls, nil
}

// encodeMain writes the action's own calls: the call of its kind that its
// flags choose (kind.Call.When) and the calls that follow it, their
// arguments the action's fields.
func encodeMain(a *Action) ([][]byte, error) {
	kc, err := callOf(a)
	if err != nil {
		return nil, err
	}
	var out [][]byte
	for _, st := range kc.steps {
		args := make([]any, len(st.call.Args))
		for i, arg := range st.call.Args {
			if args[i], err = fields[arg.Field].get(a); err != nil {
				return nil, fmt.Errorf("%s: %w", a.Kind, err)
			}
		}
		packed, err := st.method.Inputs.Pack(args...)
		if err != nil {
			return nil, fmt.Errorf("encode %s: %w", st.call.Method, err)
		}
		out = append(out, append(slices.Clone(st.method.ID), packed...))
	}
	return out, nil
}

// callOf is the call of a's kind that a's flags choose: the one whose
// When is set in a, or else the one without When.
func callOf(a *Action) (*kindCall, error) {
	var plain *kindCall
	for _, kc := range catalogue().byKind[a.Kind] {
		if kc.when() == "" {
			plain = kc
			continue
		}
		if fields[kc.when()].isSet(a) {
			return kc, nil
		}
	}
	if plain == nil {
		return nil, fmt.Errorf("unknown action %q", a.Kind)
	}
	return plain, nil
}
