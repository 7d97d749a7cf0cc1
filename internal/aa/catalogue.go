package aa

import (
	"fmt"
	"strings"
	"sync"

	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/accounts/abi/bind"

	"github.com/predict-dev/predict/internal/chain/bindings"
	"github.com/predict-dev/predict/kind"
)

// The codec knows the calls of the catalogue (kind.All) from the
// catalogue alone: each call's method is parsed from its Solidity
// signature, and its arguments are the action's fields the entry names
// (fields). No kind is named here.

// contract is a contract the catalogue's calls go to: how a refusal names
// its methods, and its whole interface, whose other methods are named as
// not sponsored.
type contract struct {
	label string
	abi   func() *abi.ABI
}

// contracts are the catalogue's contracts by name (kind.Market, ...).
var contracts = map[string]contract{
	kind.Market:      {"Market.", abiOf(bindings.MarketMetaData)},
	kind.Factory:     {"", abiOf(bindings.MarketFactoryMetaData)},
	kind.LimitOrders: {"LimitOrders.", abiOf(bindings.LimitOrdersMetaData)},
	kind.Token:       {"ERC20.", abiOf(bindings.BaseTokenMetaData)},
}

func abiOf(md *bind.MetaData) func() *abi.ABI {
	return sync.OnceValue(func() *abi.ABI { return mustABI(md) })
}

// kindCall is a call of the catalogue (one of its kind's) with the calls
// that follow it in the same action (kind.Call.Then), each with its
// method.
type kindCall struct {
	kind  Kind
	steps []step
}

// step is one call of an action with its method.
type step struct {
	call   *kind.Call
	method *abi.Method
}

// when is what chooses the call among its kind's (kind.Call.When).
func (kc *kindCall) when() string { return kc.steps[0].call.When }

// catalogue is the catalogue's calls by the selectors of their steps
// (decoding) and by kind (encoding, in the catalogue's order).
var catalogue = sync.OnceValue(func() (c struct {
	bySteps  map[string]*kindCall
	byKind   map[Kind][]*kindCall
	maxSteps int
}) {
	c.bySteps, c.byKind = map[string]*kindCall{}, map[Kind][]*kindCall{}
	for _, k := range kind.All {
		for i := range k.Calls {
			kc := &kindCall{kind: Kind(k.Name)}
			var key []byte
			for _, call := range k.Calls[i].Steps() {
				m, err := methodOf(call.Signature)
				if err != nil {
					panic(fmt.Sprintf("aa: kind %s: %v", k.Name, err)) // the catalogue is code
				}
				if len(m.Inputs) != len(call.Args) {
					panic(fmt.Sprintf("aa: kind %s: %s has %d arguments, the catalogue names %d", k.Name, call.Method, len(m.Inputs), len(call.Args)))
				}
				for _, a := range call.Args {
					if _, ok := fields[a.Field]; !ok {
						panic(fmt.Sprintf("aa: kind %s: %s: unknown field %q", k.Name, call.Method, a.Field))
					}
				}
				kc.steps = append(kc.steps, step{call: call, method: m})
				key = append(key, m.ID...)
			}
			if prev, ok := c.bySteps[string(key)]; ok {
				panic(fmt.Sprintf("aa: kinds %s and %s make the same calls", prev.kind, k.Name))
			}
			c.bySteps[string(key)] = kc
			c.byKind[kc.kind] = append(c.byKind[kc.kind], kc)
			c.maxSteps = max(c.maxSteps, len(kc.steps))
		}
	}
	return c
})

// methodOf parses a Solidity signature, "function name(type a, type b)",
// into its ABI method.
func methodOf(sig string) (*abi.Method, error) {
	rest, ok := strings.CutPrefix(sig, "function ")
	name, params, ok2 := strings.Cut(rest, "(")
	params, ok3 := strings.CutSuffix(params, ")")
	if !ok || !ok2 || !ok3 {
		return nil, fmt.Errorf("signature %q is not function name(type arg, ...)", sig)
	}
	var inputs abi.Arguments
	if params != "" {
		for _, p := range strings.Split(params, ",") {
			typ, arg, _ := strings.Cut(strings.TrimSpace(p), " ")
			t, err := abi.NewType(typ, "", nil)
			if err != nil {
				return nil, fmt.Errorf("signature %q: %w", sig, err)
			}
			inputs = append(inputs, abi.Argument{Name: arg, Type: t})
		}
	}
	m := abi.NewMethod(name, name, abi.Function, "nonpayable", false, false, inputs, nil)
	return &m, nil
}
