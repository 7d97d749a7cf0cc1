// Package orders takes the orders makers sign off chain for the Exchange
// contract (internal/exchange holds their typed data and the book's
// matching): the desk checks a placement the way the contract will check
// its settlement (the signature, the maker's nonce, the order's state),
// and what the contract cannot know at placement (the market trades, the
// order is not dust, the maker's funds and allowance cover it beside the
// maker's other open orders, the maker is under the caps), then keeps it
// in the store, from which every replica's book is read.
package orders

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math/big"
	"strings"
	"time"

	"github.com/ethereum/go-ethereum/accounts/abi/bind"
	"github.com/ethereum/go-ethereum/common"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/internal/chain/bindings"
	"github.com/predict-dev/predict/internal/events"
	"github.com/predict-dev/predict/internal/exchange"
)

// Store is what the desk reads and writes. *store.DB satisfies it.
type Store interface {
	MarketByAddress(ctx context.Context, address, viewerUID string) (*predict.Market, error)
	PlaceSignedOrder(ctx context.Context, o *predict.SignedOrder, limits predict.SignedOrderLimits) error
	SignedOrderCommitted(ctx context.Context, maker, token string, now time.Time) (*big.Int, error)
	CancelSignedOrders(ctx context.Context, uid string, f predict.SignedOrderCancel) ([]*predict.SignedOrder, error)
}

// Defaults of a desk's bounds.
var (
	// DefaultMinOrder is the least an order gives, in whole tokens of
	// what it gives (1 USDC of a buy, one option token of a sell): less
	// is dust that every arrival would meet and no fill could use.
	DefaultMinOrder = big.NewRat(1, 1)
	// DefaultLimits cap the open orders of one user: enough for a maker
	// quoting both sides of every option of many markets at several
	// levels, few enough that one user cannot fill the book.
	DefaultLimits = predict.SignedOrderLimits{PerMarket: 200, Total: 2000}
)

// MaxFeeRateBps is the Exchange's MAX_FEE_BPS: the highest fee rate an
// order may allow.
const MaxFeeRateBps = 1_000

// Config configures a Desk.
type Config struct {
	Store Store
	// Chain reads the tokens, the accounts and the Exchange at the head.
	Chain      bind.ContractCaller
	Deployment *predict.Deployment
	// MinOrder (whole tokens) and Limits bound placements; zero values
	// take DefaultMinOrder and DefaultLimits.
	MinOrder *big.Rat
	Limits   predict.SignedOrderLimits
	// Now is the clock; nil is time.Now.
	Now func() time.Time
	// Publisher takes the events of placements and cancels (the Door of
	// events, to streams and webhooks); nil publishes none.
	Publisher events.Publisher
	// Logger reports events that could not be published; nil is
	// slog.Default.
	Logger *slog.Logger
}

// Desk places and cancels signed orders.
type Desk struct {
	cfg    Config
	domain exchange.Domain
	ex     *bindings.ExchangeCaller
	known  known // contract makers and their owners
}

// NewDesk returns a desk of the deployment's Exchange; an error when the
// deployment has none.
func NewDesk(cfg Config) (*Desk, error) {
	d := cfg.Deployment
	if d == nil || d.Exchange == "" {
		return nil, errors.New("orders: the deployment has no Exchange")
	}
	if cfg.MinOrder == nil {
		cfg.MinOrder = DefaultMinOrder
	}
	if cfg.Limits == (predict.SignedOrderLimits{}) {
		cfg.Limits = DefaultLimits
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	addr := common.HexToAddress(d.Exchange)
	ex, err := bindings.NewExchangeCaller(addr, cfg.Chain)
	if err != nil {
		return nil, fmt.Errorf("orders: exchange binding: %w", err)
	}
	return &Desk{cfg: cfg, domain: exchange.Domain{ChainID: big.NewInt(d.ChainID), Exchange: addr}, ex: ex}, nil
}

// Domain is the EIP-712 domain orders are signed in.
func (d *Desk) Domain() exchange.Domain { return d.domain }

// Place checks o, signed by or for u's account, and keeps it open.
func (d *Desk) Place(ctx context.Context, u *predict.User, o *exchange.Order) (*predict.SignedOrder, error) {
	if u.Address == "" {
		return nil, predict.Errorf(predict.ENOACCOUNT, "you have no smart account to trade from: log in with one")
	}
	if !strings.EqualFold(o.Maker.Hex(), u.Address) {
		return nil, predict.Errorf(predict.ESIGNATURE, "the order's maker %s is not your account %s", strings.ToLower(o.Maker.Hex()), u.Address)
	}
	now := d.cfg.Now()
	if err := checkTerms(o, now); err != nil {
		return nil, err
	}
	m, err := d.cfg.Store.MarketByAddress(ctx, strings.ToLower(o.Market.Hex()), "")
	if err != nil {
		return nil, fmt.Errorf("order's market: %w", err)
	}
	if err := m.Tradable("trading", now); err != nil {
		return nil, err
	}
	option := int(o.Option.Int64())
	if option >= len(m.Options) {
		return nil, predict.Errorf(predict.EINVALID, "option %d is not an option of market %s, which has %d", option, m.Address, len(m.Options))
	}
	gives, u8 := d.gives(m, o)
	if err := d.minimum(o.MakerAmount, u8); err != nil {
		return nil, err
	}
	h, err := exchange.Hash(d.domain, o)
	if err != nil {
		return nil, predict.Errorf(predict.EINVALID, "the order does not hash: %v", err)
	}
	opts := &bind.CallOpts{Context: ctx}
	if err := d.checkSignature(opts, o, h); err != nil {
		return nil, err
	}
	// The order's state and the maker's funds are read at once: two
	// reads each, and a placement waits for the slower only.
	so := signedOrder(o, h, u.UID, option)
	so.Gives = strings.ToLower(gives.Hex())
	state := make(chan error, 1)
	go func() { state <- d.checkState(opts, o, h) }()
	funds := d.checkFunds(ctx, opts, so, gives, u8)
	if err := <-state; err != nil {
		return nil, err
	}
	if funds != nil {
		return nil, funds
	}
	if err := d.cfg.Store.PlaceSignedOrder(ctx, so, d.cfg.Limits); err != nil {
		return nil, err
	}
	announce(ctx, d.cfg.Publisher, d.cfg.Logger, map[string]*predict.Market{m.Address: m}, so)
	return so, nil
}

// signedOrder is the store's record of o.
func signedOrder(o *exchange.Order, h common.Hash, uid string, option int) *predict.SignedOrder {
	so := &predict.SignedOrder{
		Hash: strings.ToLower(h.Hex()), Maker: strings.ToLower(o.Maker.Hex()), Signer: strings.ToLower(o.Signer.Hex()), UID: uid,
		Market: strings.ToLower(o.Market.Hex()), Option: option, Side: int(o.Side),
		MakerAmount: new(big.Int).Set(o.MakerAmount), TakerAmount: new(big.Int).Set(o.TakerAmount),
		Salt: new(big.Int).Set(o.Salt), Nonce: new(big.Int).Set(o.Nonce), FeeRateBps: int(o.FeeRateBps.Int64()),
		Signature: append([]byte(nil), o.Signature...),
	}
	if o.Expiration.Sign() != 0 {
		so.Expiration = time.Unix(o.Expiration.Int64(), 0).UTC()
	}
	return so
}

// Order is the signed order a record keeps, as the Exchange takes it.
func Order(so *predict.SignedOrder) *exchange.Order {
	exp := new(big.Int)
	if !so.Expiration.IsZero() {
		exp.SetInt64(so.Expiration.Unix())
	}
	return &exchange.Order{
		Maker: common.HexToAddress(so.Maker), Signer: common.HexToAddress(so.Signer), Market: common.HexToAddress(so.Market),
		Option: big.NewInt(int64(so.Option)), Side: uint8(so.Side), MakerAmount: so.MakerAmount, TakerAmount: so.TakerAmount,
		Expiration: exp, Salt: so.Salt, Nonce: so.Nonce, FeeRateBps: big.NewInt(int64(so.FeeRateBps)), Signature: so.Signature,
	}
}

// Cancel cancels u's open orders that f selects, off chain: the book no
// longer fills them. (Only the maker's on-chain cancel or nonce also
// binds an operator that would not honour this; docs/orders.md.)
func (d *Desk) Cancel(ctx context.Context, u *predict.User, f predict.SignedOrderCancel) ([]*predict.SignedOrder, error) {
	gone, err := d.cfg.Store.CancelSignedOrders(ctx, u.UID, f)
	if err != nil {
		return nil, err
	}
	markets := map[string]*predict.Market{}
	for _, o := range gone {
		if _, ok := markets[o.Market]; !ok {
			m, err := d.cfg.Store.MarketByAddress(ctx, o.Market, "")
			if err != nil {
				d.cfg.Logger.WarnContext(ctx, "cancelled orders not announced", slog.String("market", o.Market), slog.Any("err", err))
				return gone, nil
			}
			markets[o.Market] = m
		}
	}
	announce(ctx, d.cfg.Publisher, d.cfg.Logger, markets, gone...)
	return gone, nil
}

// announce publishes, for orders that changed, user:order_changed to
// each order's user and market:book_change once for each option whose
// book changed. A failure to publish is logged: the change is made, and
// the store answers the next read.
func announce(ctx context.Context, pub events.Publisher, log *slog.Logger, markets map[string]*predict.Market, changed ...*predict.SignedOrder) {
	if pub == nil {
		return
	}
	type book struct{ market, option string }
	books := map[book]bool{}
	var evs []events.Event
	for _, o := range changed {
		m := markets[o.Market]
		if m == nil || o.Option >= len(m.Options) {
			continue
		}
		option := m.Options[o.Option].Address
		evs = append(evs, events.UserSignedOrderChanged(o.UID, o.Market, option, o.Hash, o.Status))
		if b := (book{o.Market, option}); !books[b] {
			books[b] = true
			evs = append(evs, events.MarketBookChange(o.Market, option))
		}
	}
	for _, e := range evs {
		if err := pub.Publish(ctx, e); err != nil {
			log.WarnContext(ctx, "signed-order event not published", slog.String("event", e.Name), slog.Any("err", err))
		}
	}
}
