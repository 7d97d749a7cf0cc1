package ops

import (
	"context"
	"encoding/json"
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

// Kind is the service's side of one operation kind: each kind_<name>.go
// implements it over a request type of its own (tradeRequest,
// claimRequest, ...) and registers it for its entry of the catalogue
// (register; package kind lists the kinds, names their endpoints and
// gives their gas). Prepare, Submit, the sponsorship policy and the API's
// transaction endpoints are generic: they ask the kind for its body and
// its request, and the request for its action and its record.
// docs/development.md tells how to add one.
//
// What only some kinds do is an optional interface: of the kind, guarded
// (a role), readable (a request read back from callData) or unreadable,
// and resubmittable; of its request, answerer, preparer, accepter,
// announcer and onFactory.
type Kind interface {
	// input is an empty body of the kind, which a request's JSON is
	// decoded into; nil for a kind that is only another kind's form on
	// chain (redeem-liquidity is remove-liquidity on an ended market),
	// which has no body and no prepare action of its own.
	input() Input
}

// Input is a body of one kind as decoded from JSON, before the kind's
// field rules.
type Input interface {
	// parse applies the kind's field rules (package internal/input) and
	// returns its request, whose header is h.
	parse(h Header) (Request, error)
}

// Request is a transaction request of the API without its operation: a
// value of its kind's own type, parsed from its body (Input) or read back
// from callData (readable).
type Request interface {
	// Head is what every kind's request has: its kind and market.
	Head() *Header
	// build applies the kind's rules to the request at chain time and
	// returns the action the operation must perform (approvals and main
	// call), reading balances where the chain would revert otherwise.
	// With an error the action is not used.
	build(c *call) (*aa.Action, error)
	// record fills what the operation's record keeps of the request, and
	// the order of a trade.
	record(r *recording) error
}

// Header is what the requests of every kind have.
type Header struct {
	Kind aa.Kind
	// Market is the market the request names (zero for create-market).
	Market common.Address
	// Owner is the account owner key's address: prepare needs it to build
	// initCode for an account not deployed yet.
	Owner common.Address
}

// Head returns h.
func (h *Header) Head() *Header { return h }

// guarded is a kind only some callers may ask for.
type guarded interface {
	// roles are the store roles the caller needs one of (openapi.yaml,
	// HTTP 403).
	roles() []string
	// onChain reads whether sender holds the kind's role on chain and
	// names the store role to mirror there when not (ensureRole).
	onChain(f *bindings.MarketFactoryCaller, opts *bind.CallOpts, user *predict.User, sender common.Address) (bool, string, error)
}

// readable is a kind whose request can be read back from an action
// decoded from callData (the ERC-4337 JSON-RPC path, which has no body);
// the other kinds are refused there.
type readable interface {
	// fromAction is the request act performs on m; h has the action's
	// kind and target.
	fromAction(act *aa.Action, m *predict.Market, h Header) (Request, error)
}

// unreadable is a kind that tells why it is not read back from callData.
type unreadable interface{ unreadable() error }

// resubmittable is a kind whose answer to the same signed operation
// submitted again needs more than its record's hash and order.
type resubmittable interface {
	resubmitted(ctx context.Context, s *Service, op *predict.Operation, res *Result) error
}

// answerer is a request whose endpoint answers more than the operation's
// hash once it is accepted.
type answerer interface{ answer(res *Result) any }

// preparer is a request that adds its kind's fields to
// prepare-user-operation's answer.
type preparer interface {
	prepared(out *wire.PreparedOperation, res *Result)
}

// accepter is a request that completes the result once the client's
// action passed the checks (create-market: the addresses follow from the
// client's salt).
type accepter interface {
	accepted(c *call, act *aa.Action) error
}

// announcer is a request whose acceptance changes the market
// (settle-market moves it to settling): its info is published.
type announcer interface{ announce() }

// onFactory is a request that calls the market factory: no existing
// market is loaded for it.
type onFactory interface{ factory() }

// Descriptor is one operation kind as the service knows it: its entry of
// the catalogue and its Kind.
type Descriptor struct {
	spec *kind.Kind
	kind Kind
}

// descriptors are the registered descriptors by kind name.
var descriptors = map[string]*Descriptor{}

// register declares k the service's side of the catalogue's kind named
// name.
func register(name string, k Kind) *Descriptor {
	spec, ok := kind.Of(name)
	if !ok {
		panic("ops: kind " + name + " is not in the catalogue (package kind)")
	}
	d := &Descriptor{spec: spec, kind: k}
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

// Envelope is what every transaction body has besides its kind's fields:
// what routes it to its kind (prepare-user-operation's action; place-order's
// side, order type and time in force), the owner prepare needs and the
// signed operation the endpoints take.
type Envelope struct {
	Action string `json:"action"` // prepare-user-operation only
	Owner  string `json:"owner"`  // prepare-user-operation only
	Side   *int   `json:"side"`
	// OrderType and TimeInForce are place-order's: a market order (the
	// default) or a limit order, which rests (GTC, GTD) or fills at once
	// in whole or not at all (FOK); see PlaceOrder.
	OrderType     string          `json:"orderType"`
	TimeInForce   string          `json:"timeInForce"`
	UserOperation json.RawMessage `json:"userOperation"`
}

// PlaceOrder returns the descriptor of a place-order body: a market
// order (orderType absent or "market", the API's place-order) buys or
// sells by side; a limit order (orderType "limit", price its limit as a
// decimal) rests in the escrow as place-limit-order does (timeInForce GTC
// GTD, or IOC until its deadline), or is a buy or sell whose least
// output is set by the limit (FOK).
func PlaceOrder(b *Envelope) (*Descriptor, error) {
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
	g, ok := d.kind.(guarded)
	if !ok {
		return nil
	}
	for _, r := range g.roles() {
		if u.HasRole(r) {
			return nil
		}
	}
	return predict.NeedsRole(u, d.spec.Name, g.roles()...)
}

// Input returns an empty body of the kind for a request's JSON to be
// decoded into (nil for a kind without an endpoint).
func (d *Descriptor) Input() Input { return d.kind.input() }

// Parse applies the kind's field rules to in, a body of the kind (Input).
func (d *Descriptor) Parse(in Input) (Request, error) {
	return in.parse(Header{Kind: d.Name()})
}

// Answer is the kind's endpoint answer to an accepted operation.
func (d *Descriptor) Answer(req Request, res *Result) any {
	if a, ok := req.(answerer); ok {
		return a.answer(res)
	}
	return wire.OpResult{OpHash: res.OpHash}
}

// Prepared adds the kind's fields to prepare-user-operation's answer.
func (d *Descriptor) Prepared(out *wire.PreparedOperation, req Request, res *Result) {
	if p, ok := req.(preparer); ok {
		p.prepared(out, res)
	}
}

// call is one request being judged: what a kind's build reads.
type call struct {
	ctx    context.Context
	s      *Service
	user   *predict.User
	sender common.Address
	req    Request
	// now is the chain's head time: the one clock of every rule.
	now time.Time
	// m is the market the request names (nil for a factory kind).
	m   *predict.Market
	res *Result
	// batch is what the earlier actions of the request's batch leave
	// (nil for an operation of one action).
	batch *batchState
}

// market is the market the request names.
func (c *call) market() common.Address { return c.req.Head().Market }

// option is the pool index of option o in the request's market.
func (c *call) option(o common.Address) (int, error) {
	a := strings.ToLower(o.Hex())
	i, ok := c.m.OptionIndex(a)
	if !ok {
		return 0, invalid("optionAddress %s is not an option of market %s", a, c.m.Address)
	}
	return i, nil
}

// deadline refuses a deadline at or before chain time.
func (c *call) deadline(d *big.Int) error {
	if d == nil || d.Cmp(big.NewInt(c.now.Unix())) <= 0 {
		return invalid("deadline has passed (chain time is %d)", c.now.Unix())
	}
	return nil
}

// spendBase makes act approve the market for amount of its base token,
// which the sender must hold (what names the spending).
func (c *call) spendBase(act *aa.Action, amount *big.Int, what string) error {
	base := common.HexToAddress(c.m.BaseToken)
	act.Approvals = []aa.Approval{{Token: base, Spender: c.market(), Amount: amount}}
	return c.covers(base, amount, c.s.baseUnit(c.m.BaseToken), what)
}

// action is the market call the request asks for, with its amount,
// minimum output and deadline, before the kind's refinements.
func (c *call) action(amount, minOut, deadline *big.Int) *aa.Action {
	return &aa.Action{Kind: c.req.Head().Kind, Target: c.market(), Amount: amount, MinOut: minOut, Deadline: deadline}
}

func positive(name string, x *big.Int) error {
	if x == nil || x.Sign() <= 0 {
		return invalid("%s must be greater than 0", name)
	}
	return nil
}

// recording is an accepted operation's record being built.
type recording struct {
	user  *predict.User
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

// recordOption keeps option o (the zero address for a kind that names
// none).
func recordOption(r *recording, o common.Address) (err error) {
	r.op.Request, err = jsonOf(optionRecord{strings.ToLower(o.Hex())})
	return err
}
