package ops

import (
	"context"
	"math/big"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/ethereum/go-ethereum/accounts/abi/bind"
	"github.com/ethereum/go-ethereum/common"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/internal/aa"
	"github.com/predict-dev/predict/internal/chain/bindings"
	"github.com/predict-dev/predict/kind"
	"github.com/predict-dev/predict/wire"
)

// Descriptor is one operation kind: everything the service does that
// depends on what an operation does. Each kind is one file (kind_*.go)
// that declares its descriptor for its entry of the catalogue (package
// kind, which lists the kinds, names their endpoints and gives their gas)
// and registers it (register); Prepare, Submit,
// the sponsorship policy and the API's transaction endpoints are generic
// and ask the descriptor. docs/development.md tells how to add one.
type Descriptor struct {
	// spec is the kind's entry of the catalogue. A kind without an
	// endpoint is only another kind's form on chain (redeem-liquidity is
	// remove-liquidity on an ended market): it has no request body and no
	// prepare action of its own.
	spec *kind.Kind
	// roles are the store roles the caller needs one of (openapi.yaml, HTTP
	// 403); none means any signed-in user.
	roles []string
	// onChain reads whether sender holds the kind's role on chain and
	// names the store role to mirror there when not (ensureRole); nil
	// when the kind needs no role.
	onChain func(f *bindings.MarketFactoryCaller, opts *bind.CallOpts, user *predict.User, sender common.Address) (bool, string, error)
	// factory is true for a kind that calls the market factory: no
	// existing market is loaded for it.
	factory bool
	// parse reads the kind's fields of a request body into req.
	parse func(b *Body, req *Request) error
	// build applies the kind's rules to the request at chain time and
	// returns the action the operation must perform (approvals and main
	// call), reading balances where the chain would revert otherwise. With
	// an error the action is not used.
	build func(c *call) (*aa.Action, error)
	// request reads the request an action decoded from callData performs
	// on m (the ERC-4337 JSON-RPC path, which has no body); nil refuses
	// the kind there.
	request func(act *aa.Action, m *predict.Market, req *Request) error
	// accepted completes the result once the client's action passed the
	// checks (create-market: the addresses follow from the client's salt).
	accepted func(c *call, act *aa.Action) error
	// record fills what the operation's record keeps of the request, and
	// the order of a trade.
	record func(r *recording) error
	// resubmitted completes the answer to the same signed operation
	// submitted again.
	resubmitted func(ctx context.Context, s *Service, op *predict.Operation, res *Result) error
	// announce is true for a kind whose acceptance changes the market
	// (settle-market moves it to settling): its info is published.
	announce bool
	// prepared adds the kind's fields to prepare-user-operation's answer.
	prepared func(out *wire.PreparedOperation, req *Request, res *Result)
	// answer is the endpoint's answer once the operation is accepted; nil
	// answers the operation's hash.
	answer func(req *Request, res *Result) any
}

// descriptors are the registered descriptors by kind name.
var descriptors = map[string]*Descriptor{}

// register declares d the descriptor of the catalogue's kind named name.
func register(name string, d *Descriptor) *Descriptor {
	spec, ok := kind.Of(name)
	if !ok {
		panic("ops: kind " + name + " is not in the catalogue (package kind)")
	}
	d.spec = spec
	descriptors[name] = d
	return d
}

// registry is the descriptors in the catalogue's order, the order the API
// names the kinds; a kind of the catalogue without a descriptor is left
// out (TestRegistry fails on it).
var registry = sync.OnceValue(func() []*Descriptor {
	var out []*Descriptor
	for _, k := range kind.All {
		if d, ok := descriptors[k.Name]; ok {
			out = append(out, d)
		}
	}
	return out
})

// Lookup returns the descriptor of the kind named name (a prepare action
// or an operation record's kind).
func Lookup(name string) (*Descriptor, bool) {
	d, ok := descriptors[name]
	return d, ok
}

// Actions are the names of the kinds a client requests by name
// (prepare-user-operation's action), in registry order.
func Actions() []string {
	var out []string
	for _, d := range registry() {
		if d.spec.Endpoint() {
			out = append(out, d.spec.Name)
		}
	}
	return out
}

// Paths are the kinds' endpoints, in registry order, each once.
func Paths() []string {
	var out []string
	for _, d := range registry() {
		if p := d.spec.Path; p != "" && !slices.Contains(out, p) {
			out = append(out, p)
		}
	}
	return out
}

// AtPath returns the descriptors of the kinds whose endpoint is path.
func AtPath(path string) []*Descriptor {
	var out []*Descriptor
	for _, d := range registry() {
		if d.spec.Path == path {
			out = append(out, d)
		}
	}
	return out
}

// Named returns the descriptor of a kind a client requests by name.
func Named(name string) (*Descriptor, error) {
	if d, ok := Lookup(name); ok && d.spec.Endpoint() {
		return d, nil
	}
	return nil, invalid("action must be one of %s", strings.Join(Actions(), ", "))
}

// place-order's order types and times in force.
const (
	OrderMarket = "market"
	OrderLimit  = "limit"
	// GoodTillCancel rests until cancelled, at the latest until the
	// market's end; GoodTillDate until the body's expiry; FillOrKill
	// trades the whole amount with the pool at once at an average within
	// the limit, or reverts; ImmediateOrCancel is filled by the matcher
	// as far as it crosses now, and what is left expires at the body's
	// deadline (at most MaxImmediate ahead) and is refunded.
	GoodTillCancel    = "GTC"
	GoodTillDate      = "GTD"
	FillOrKill        = "FOK"
	ImmediateOrCancel = "IOC"
)

// MaxImmediate bounds how long an immediate-or-cancel order may wait
// for the matcher before what is left of it expires.
const MaxImmediate = time.Hour

// PlaceOrder returns the descriptor of a place-order body: a market
// order (orderType absent or "market", the API's place-order) buys or
// sells by side; a limit order (orderType "limit", price its limit as a
// decimal) rests in the escrow as place-limit-order does (timeInForce GTC
// GTD, or IOC until its deadline), or is a buy or sell whose least
// output is set by the limit (FOK).
func PlaceOrder(b *Body) (*Descriptor, error) {
	switch b.OrderType {
	case "", OrderMarket:
		if b.TimeInForce != "" {
			return nil, invalid("timeInForce is for limit orders (orderType limit)")
		}
		return BySide(b.Side)
	case OrderLimit:
		switch b.TimeInForce {
		case "", GoodTillCancel, GoodTillDate, ImmediateOrCancel:
			return placeLimitOrder, nil
		case FillOrKill:
			return BySide(b.Side)
		}
		return nil, invalid("timeInForce must be GTC, GTD, IOC or FOK")
	}
	return nil, invalid("orderType must be market or limit")
}

// BySide returns the descriptor of place-order's side: 1 buys, 2 sells.
func BySide(side *int) (*Descriptor, error) {
	if side == nil {
		return nil, invalid("side is required: 1 buys, 2 sells")
	}
	switch *side {
	case predict.SideBuy:
		return buy, nil
	case predict.SideSell:
		return sell, nil
	}
	return nil, invalid("side must be 1 (buy) or 2 (sell)")
}

func descriptorOf(k aa.Kind) (*Descriptor, error) {
	d, ok := Lookup(string(k))
	if !ok {
		return nil, invalid("unknown action %q", k)
	}
	return d, nil
}

// Name is the kind's name: its prepare action and its records' kind.
func (d *Descriptor) Name() aa.Kind { return aa.Kind(d.spec.Name) }

// Allow applies the kind's role rule to u (EFORBIDDEN).
func (d *Descriptor) Allow(u *predict.User) error {
	if len(d.roles) == 0 {
		return nil
	}
	for _, r := range d.roles {
		if u.HasRole(r) {
			return nil
		}
	}
	return predict.NeedsRole(u, d.spec.Name, d.roles...)
}

// Parse reads the kind's fields of a request body.
func (d *Descriptor) Parse(b *Body) (*Request, error) {
	req := &Request{Kind: d.Name()}
	if err := d.parse(b, req); err != nil {
		return nil, err
	}
	return req, nil
}

// Answer is the kind's endpoint answer to an accepted operation.
func (d *Descriptor) Answer(req *Request, res *Result) any {
	if d.answer == nil {
		return wire.OpResult{OpHash: res.OpHash}
	}
	return d.answer(req, res)
}

// Prepared adds the kind's fields to prepare-user-operation's answer.
func (d *Descriptor) Prepared(out *wire.PreparedOperation, req *Request, res *Result) {
	if d.prepared != nil {
		d.prepared(out, req, res)
	}
}

// call is one request being judged: what a kind's build reads.
type call struct {
	ctx    context.Context
	s      *Service
	user   *predict.User
	sender common.Address
	req    *Request
	// now is the chain's head time: the one clock of every rule.
	now time.Time
	// m is the market the request names (nil for a factory kind).
	m   *predict.Market
	res *Result
	// batch is what the earlier actions of the request's batch leave
	// (nil for an operation of one action).
	batch *batchState
}

// option is the pool index of the request's option in the market.
func (c *call) option() (int, error) {
	a := strings.ToLower(c.req.Option.Hex())
	i, ok := c.m.OptionIndex(a)
	if !ok {
		return 0, invalid("optionAddress %s is not an option of market %s", a, c.m.Address)
	}
	return i, nil
}

// deadline refuses a deadline at or before chain time.
func (c *call) deadline() error {
	if c.req.Deadline == nil || c.req.Deadline.Cmp(big.NewInt(c.now.Unix())) <= 0 {
		return invalid("deadline has passed (chain time is %d)", c.now.Unix())
	}
	return nil
}

// spendBase makes act approve the market for the request's amount of its
// base token, which the sender must hold (what names the spending).
func (c *call) spendBase(act *aa.Action, what string) error {
	base := common.HexToAddress(c.m.BaseToken)
	act.Approvals = []aa.Approval{{Token: base, Spender: c.req.Market, Amount: c.req.Amount}}
	return c.covers(base, c.req.Amount, c.s.baseUnit(c.m.BaseToken), what)
}

// action is the market call the request asks for, before the kind's
// refinements.
func (c *call) action() *aa.Action {
	return &aa.Action{Kind: c.req.Kind, Target: c.req.Market, Amount: c.req.Amount, MinOut: c.req.MinOut, Deadline: c.req.Deadline}
}

func positive(name string, x *big.Int) error {
	if x == nil || x.Sign() <= 0 {
		return invalid("%s must be greater than 0", name)
	}
	return nil
}

// ownFields is the request of an action whose fields are all in its
// callData: the amounts and deadline, which RequestOf copies.
func ownFields(*aa.Action, *predict.Market, *Request) error { return nil }

// recording is an accepted operation's record being built.
type recording struct {
	user  *predict.User
	req   *Request
	op    *predict.Operation
	act   *aa.Action
	res   *Result
	order *predict.Order
	// rank is the rank of a limit order among the ones its operation
	// places (a batch places several; predict.LimitOrderSeed).
	rank int
}

// optionRecord is the record of most kinds: the request's option.
type optionRecord struct {
	OptionAddress string `json:"optionAddress"`
}

// recordOption keeps the request's option.
func recordOption(r *recording) (err error) {
	r.op.Request, err = jsonOf(optionRecord{strings.ToLower(r.req.Option.Hex())})
	return err
}
