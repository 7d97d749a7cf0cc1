package aa

import (
	"fmt"
	"math/big"
	"strings"

	"github.com/ethereum/go-ethereum/common"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/kind"
)

// field is one field of an action (wire.Action) as a call's argument
// carries it (kind.Arg.Field): how it is read from the decoded argument,
// written for encoding, and compared by Match. It knows fields, never
// kinds.
type field struct {
	// key is the action's field: fields of one key (option and outcome,
	// orderId and orderIds) are compared once.
	key string
	// name names it in a refusal.
	name string
	// group is the struct of the action it is in ("create", "order"),
	// which Match refuses, named, when got or want has none.
	group string
	// flag is a flag that chooses a call (kind.Call.When), set by
	// decoding the call.
	flag bool
	get  func(a *Action) (any, error)
	set  func(a *Action, v any) error
	// isSet reports whether the field is set (true, or not nil): for a
	// field that chooses a call.
	isSet func(a *Action) bool
	// same compares got's with want's (nil: by value, sameValue).
	same func(got, want *Action, arg kind.Arg, name string) error
}

// void is Market.VOID, the outcome of a void market (type(uint256).max).
var void = new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 256), big.NewInt(1))

// groups name the refusal of an action without the struct a group of
// fields is in.
var groups = map[string]struct {
	present func(a *Action) bool
	missing string
}{
	"create": {func(a *Action) bool { return a.Create != nil }, "creates no market"},
	"order":  {func(a *Action) bool { return a.Order != nil }, "places no order"},
}

// fields are the action's fields by the catalogue's names.
var fields = map[string]field{
	kind.FieldOption:   optionField(false),
	kind.FieldOutcome:  optionField(true),
	kind.FieldAmount:   intField("amount", "", func(a *Action) **big.Int { return &a.Amount }),
	kind.FieldMinOut:   intField("minimum output", "", func(a *Action) **big.Int { return &a.MinOut }),
	kind.FieldDeadline: intField("deadline", "", func(a *Action) **big.Int { return &a.Deadline }),
	kind.FieldSpender: {key: "spender", name: "spender",
		get: func(a *Action) (any, error) { return a.Spender, nil },
		set: func(a *Action, v any) error { a.Spender = v.(common.Address); return nil },
		same: func(got, want *Action, _ kind.Arg, _ string) error {
			if got.Spender != want.Spender {
				return rejected("userOperation.callData approves %s, not %s", strings.ToLower(got.Spender.Hex()), strings.ToLower(want.Spender.Hex()))
			}
			return nil
		}},
	kind.FieldAmounts: {key: "amounts", name: "amounts",
		get: func(a *Action) (any, error) { return a.Amounts, nil },
		set: func(a *Action, v any) error { a.Amounts = v.([]*big.Int); return nil },
		same: func(got, want *Action, _ kind.Arg, _ string) error {
			// Any amounts up to the balances: the chain refuses more.
			if len(got.Amounts) != len(want.Amounts) {
				return rejected("userOperation.callData claims %d options of a market of %d", len(got.Amounts), len(want.Amounts))
			}
			for _, a := range got.Amounts {
				if a.Sign() > 0 {
					return nil
				}
			}
			return rejected("userOperation.callData claims nothing")
		}},
	kind.FieldOrderID: {key: "orderIds", name: "order id",
		get: func(a *Action) (any, error) {
			if len(a.OrderIDs) != 1 {
				return nil, fmt.Errorf("cancel of %d orders", len(a.OrderIDs))
			}
			return a.OrderIDs[0], nil
		},
		set:  func(a *Action, v any) error { a.OrderIDs = []*big.Int{v.(*big.Int)}; return nil },
		same: sameOrders},
	kind.FieldOrderIDs: {key: "orderIds", name: "order id",
		get:  func(a *Action) (any, error) { return a.OrderIDs, nil },
		set:  func(a *Action, v any) error { a.OrderIDs = v.([]*big.Int); return nil },
		same: sameOrders},
	kind.FlagAssert: flagField("assert", func(a *Action) *bool { return &a.Assert },
		"userOperation.callData settles with the other method (settle or assertOutcome) than this market needs"),
	kind.FlagMany: flagField("many", func(a *Action) *bool { return &a.Many },
		"userOperation.callData cancels with the other method (cancel or cancelMany) than the request needs"),

	kind.FieldCreateBaseToken: createField("base token", func(c *CreateParams) any { return &c.BaseToken },
		func(got, want *Action, _ kind.Arg, _ string) error {
			if got.Create.BaseToken != want.Create.BaseToken {
				return otherMarket()
			}
			return nil
		}),
	kind.FieldCreateOptionNames: createField("options", func(c *CreateParams) any { return &c.OptionNames },
		func(got, want *Action, _ kind.Arg, _ string) error {
			if strings.Join(got.Create.OptionNames, "\x00") != strings.Join(want.Create.OptionNames, "\x00") {
				return otherMarket()
			}
			return nil
		}),
	kind.FieldCreateEndTime:          createField("endTime", func(c *CreateParams) any { return &c.EndTime }, nil),
	kind.FieldCreateFeeBps:           createField("fee", func(c *CreateParams) any { return &c.FeeBps }, nil),
	kind.FieldCreateInitialLiquidity: createField("initial liquidity", func(c *CreateParams) any { return &c.InitialLiquidity }, nil),
	kind.FieldCreateSalt:             createField("salt", func(c *CreateParams) any { return &c.Salt }, nil),
	kind.FieldCreateMetadataHash:     createField("metadata hash", func(c *CreateParams) any { return &c.MetadataHash }, nil),
	kind.FieldCreateChallengeWindow:  createField("challenge window", func(c *CreateParams) any { return &c.ChallengeWindow }, nil),
	kind.FieldCreateBond:             createField("bond", func(c *CreateParams) any { return &c.Bond }, nil),

	kind.FieldOrderMarket: orderField("market", func(o *OrderParams) any { return &o.Market },
		func(got, want *Action, _ kind.Arg, _ string) error {
			if g, w := got.Order.Market, want.Order.Market; g != w {
				return rejected("userOperation.callData places an order on market %s, not %s", strings.ToLower(g.Hex()), strings.ToLower(w.Hex()))
			}
			return nil
		}),
	kind.FieldOrderIsBuy: orderField("side", func(o *OrderParams) any { return &o.IsBuy },
		func(got, want *Action, _ kind.Arg, _ string) error {
			if got.Order.IsBuy != want.Order.IsBuy {
				return rejected("userOperation.callData places an order of the other side than the request")
			}
			return nil
		}),
	kind.FieldOrderLimitPrice: orderField("limit price", func(o *OrderParams) any { return &o.LimitPrice }, nil),
	kind.FieldOrderExpiry:     orderField("expiry", func(o *OrderParams) any { return &o.Expiry }, nil),
	kind.FieldOrderPostOnly:   orderField("postOnly", func(o *OrderParams) any { return &o.PostOnly }, nil),
}

// optionField is the option index; as an outcome it may be VOID
// (predict.VoidOutcome).
func optionField(outcome bool) field {
	return field{key: "option", name: "option index",
		get: func(a *Action) (any, error) {
			if outcome && a.Option == predict.VoidOutcome {
				return void, nil
			}
			return big.NewInt(int64(a.Option)), nil
		},
		set: func(a *Action, v any) error {
			o := v.(*big.Int)
			switch {
			case outcome && o.Cmp(void) == 0:
				a.Option = predict.VoidOutcome
			case !o.IsInt64() || o.Int64() > 255:
				return rejected("option index %s out of range", o)
			default:
				a.Option = int(o.Int64())
			}
			return nil
		},
		same: func(got, want *Action, _ kind.Arg, _ string) error {
			if got.Option != want.Option {
				return rejected("userOperation.callData trades option index %d, the request's option is index %d", got.Option, want.Option)
			}
			return nil
		}}
}

// intField is a number of the action itself.
func intField(name, group string, at func(a *Action) **big.Int) field {
	return field{key: name, name: name, group: group,
		get: func(a *Action) (any, error) { return *at(a), nil },
		set: func(a *Action, v any) error { *at(a) = v.(*big.Int); return nil },
		same: func(got, want *Action, arg kind.Arg, name string) error {
			g := *at(got)
			if arg.Any {
				// Any amount up to the balance: the chain refuses more.
				if g == nil || g.Sign() == 0 {
					return rejected("userOperation.callData claims nothing")
				}
				return nil
			}
			return sameInt(name, g, *at(want))
		}}
}

// flagField is a flag that chooses a call.
func flagField(name string, at func(a *Action) *bool, other string) field {
	return field{key: name, name: name, flag: true,
		set:   func(a *Action, v any) error { *at(a) = v.(bool); return nil },
		isSet: func(a *Action) bool { return *at(a) },
		same: func(got, want *Action, _ kind.Arg, _ string) error {
			if *at(got) != *at(want) {
				return rejected("%s", other)
			}
			return nil
		}}
}

// createField is a field of the market a creation creates (CreateParams);
// ptr returns a pointer to it.
func createField(name string, ptr func(c *CreateParams) any, same func(got, want *Action, arg kind.Arg, name string) error) field {
	at := func(a *Action) any {
		if a.Create == nil {
			a.Create = &CreateParams{}
		}
		return ptr(a.Create)
	}
	return structField("create."+name, name, "create", func(a *Action) bool { return a.Create != nil }, at, same)
}

// orderField is a term of a limit order (OrderParams).
func orderField(name string, ptr func(o *OrderParams) any, same func(got, want *Action, arg kind.Arg, name string) error) field {
	at := func(a *Action) any {
		if a.Order == nil {
			a.Order = &OrderParams{}
		}
		return ptr(a.Order)
	}
	return structField("order."+name, name, "order", func(a *Action) bool { return a.Order != nil }, at, same)
}

// structField is a field of a struct of the action, at the pointer at
// returns (which makes the struct when the action has none).
func structField(key, name, group string, present func(a *Action) bool, at func(a *Action) any, same func(got, want *Action, arg kind.Arg, name string) error) field {
	f := field{key: key, name: name, group: group, same: same,
		get: func(a *Action) (any, error) {
			if !present(a) {
				return nil, fmt.Errorf("no %s parameters", group)
			}
			v := deref(at(a))
			if n, ok := v.(*big.Int); ok && n == nil {
				return new(big.Int), nil // a bond left out is none
			}
			return v, nil
		},
		set: func(a *Action, v any) error { return assign(at(a), v) },
		isSet: func(a *Action) bool {
			if !present(a) {
				return false
			}
			p, ok := at(a).(**big.Int)
			return ok && *p != nil
		},
	}
	if f.same == nil {
		f.same = func(got, want *Action, _ kind.Arg, name string) error {
			return sameValue(name, deref(at(got)), deref(at(want)))
		}
	}
	return f
}

// deref is the value p points to.
func deref(p any) any {
	switch p := p.(type) {
	case **big.Int:
		return *p
	case *common.Address:
		return *p
	case *[]string:
		return *p
	case *[32]byte:
		return *p
	case *bool:
		return *p
	case *uint64:
		return *p
	}
	panic(fmt.Sprintf("aa: field of type %T", p))
}

// assign sets what p points to to v, a decoded argument.
func assign(p, v any) error {
	switch p := p.(type) {
	case **big.Int:
		*p = v.(*big.Int)
	case *common.Address:
		*p = v.(common.Address)
	case *[]string:
		*p = v.([]string)
	case *[32]byte:
		*p = v.([32]byte)
	case *bool:
		*p = v.(bool)
	case *uint64:
		*p = v.(uint64)
	default:
		return fmt.Errorf("field of type %T", p)
	}
	return nil
}

// sameValue compares one value of the callData with the request's.
func sameValue(name string, got, want any) error {
	if g, ok := got.(*big.Int); ok {
		return sameInt(name, g, want.(*big.Int))
	}
	if got != want {
		return rejected("userOperation.callData %s is %v, the request says %v", name, got, want)
	}
	return nil
}

// sameOrders compares the orders cancelled, in order.
func sameOrders(got, want *Action, _ kind.Arg, name string) error {
	if len(got.OrderIDs) != len(want.OrderIDs) {
		return rejected("userOperation.callData cancels %d orders, the request %d", len(got.OrderIDs), len(want.OrderIDs))
	}
	for i := range want.OrderIDs {
		if err := sameInt(name, got.OrderIDs[i], want.OrderIDs[i]); err != nil {
			return err
		}
	}
	return nil
}

func otherMarket() error {
	return rejected("userOperation.callData creates a market with other options or base token than the request")
}
