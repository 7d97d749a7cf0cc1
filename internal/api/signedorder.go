package api

import (
	"context"
	"encoding/hex"
	"math/big"
	"net/http"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/ethereum/go-ethereum/common"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/internal/exchange"
	"github.com/predict-dev/predict/wire"
)

// Orders signed off chain for the Exchange (docs/orders.md): placed and
// cancelled here, on any replica, in one store write each; the leader's
// settler takes them from the store. Reads are not cached: a maker reads
// its orders right after changing them.

// OrderDesk places and cancels signed orders. *orders.Desk satisfies it.
type OrderDesk interface {
	Place(ctx context.Context, u *predict.User, o *exchange.Order) (*predict.SignedOrder, error)
	Cancel(ctx context.Context, u *predict.User, f predict.SignedOrderCancel) ([]*predict.SignedOrder, error)
}

// maxSignatureBytes bounds a signature: 65 bytes of ECDSA, or a contract
// wallet's ERC-1271 signature (a Safe's of a few owners is a few hundred
// bytes).
const maxSignatureBytes = 2048

// orderHashRe is an order's hash: 32 bytes of 0x-hex.
var orderHashRe = regexp.MustCompile(`^0x[0-9a-fA-F]{64}$`)

// handlePlaceSignedOrder checks a signed order and keeps it open.
func (s *Server) handlePlaceSignedOrder(w http.ResponseWriter, r *http.Request) {
	var req wire.PlaceSignedOrderRequest
	u, valid := s.caller(w, r, &req)
	if !valid {
		return
	}
	o, err := exchangeOrder(&req.Order)
	if err == nil && s.cfg.Orders == nil {
		err = errNoExchange
	}
	if err != nil {
		s.Error(w, r, err)
		return
	}
	so, err := s.cfg.Orders.Place(r.Context(), u, o)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	m, err := s.store.MarketByAddress(r.Context(), so.Market, "")
	if err != nil {
		s.Error(w, r, err)
		return
	}
	ok(w, wireSignedOrder(so, m, s.now()))
}

// exchangeOrder reads the order of a request: every field is required.
func exchangeOrder(m *wire.SignedOrderMessage) (*exchange.Order, error) {
	var addrs [3]common.Address
	for i, f := range []struct{ name, v string }{{"order.maker", m.Maker}, {"order.signer", m.Signer}, {"order.market", m.Market}} {
		a, err := parseAddress(f.name, f.v)
		if err != nil {
			return nil, err
		}
		addrs[i] = common.HexToAddress(a)
	}
	nums := []struct {
		name string
		v    wire.Amount
	}{
		{"option", m.Option}, {"side", m.Side}, {"makerAmount", m.MakerAmount}, {"takerAmount", m.TakerAmount},
		{"expiration", m.Expiration}, {"salt", m.Salt}, {"nonce", m.Nonce}, {"feeRateBps", m.FeeRateBps},
	}
	for _, n := range nums {
		switch {
		case n.v.Int == nil:
			return nil, predict.Errorf(predict.EINVALID, "order.%s is required", n.name)
		case n.v.Sign() < 0 || n.v.BitLen() > 256:
			return nil, predict.Errorf(predict.EINVALID, "order.%s must be a uint256", n.name)
		}
	}
	if m.Side.Cmp(big.NewInt(1)) > 0 {
		return nil, predict.Errorf(predict.EINVALID, "order.side must be 0 (buy) or 1 (sell)")
	}
	sig, err := signatureBytes(m.Signature)
	if err != nil {
		return nil, err
	}
	return &exchange.Order{Maker: addrs[0], Signer: addrs[1], Market: addrs[2], Option: m.Option.Int, Side: uint8(m.Side.Int64()),
		MakerAmount: m.MakerAmount.Int, TakerAmount: m.TakerAmount.Int, Expiration: m.Expiration.Int, Salt: m.Salt.Int,
		Nonce: m.Nonce.Int, FeeRateBps: m.FeeRateBps.Int, Signature: sig}, nil
}

func signatureBytes(v string) ([]byte, error) {
	h, found := strings.CutPrefix(v, "0x")
	if !found || len(h) == 0 || len(h)%2 != 0 || len(h) > 2*maxSignatureBytes {
		return nil, predict.Errorf(predict.EINVALID, "order.signature must be 0x-hex of at most %d bytes", maxSignatureBytes)
	}
	b, err := hex.DecodeString(h)
	if err != nil {
		return nil, predict.Errorf(predict.EINVALID, "order.signature must be 0x-hex of at most %d bytes", maxSignatureBytes)
	}
	return b, nil
}

// handleCancelSignedOrders cancels one of the caller's open orders, its
// open orders of a market, or all of them.
func (s *Server) handleCancelSignedOrders(w http.ResponseWriter, r *http.Request) {
	var req wire.CancelSignedOrdersRequest
	u, valid := s.caller(w, r, &req)
	if !valid {
		return
	}
	f, err := cancelSelector(&req)
	if err == nil && s.cfg.Orders == nil {
		err = errNoExchange
	}
	if err != nil {
		s.Error(w, r, err)
		return
	}
	gone, err := s.cfg.Orders.Cancel(r.Context(), u, f)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	out := wire.CancelledSignedOrders{Cancelled: make([]string, 0, len(gone))}
	for _, o := range gone {
		out.Cancelled = append(out.Cancelled, o.Hash)
	}
	ok(w, out)
}

// cancelSelector reads what a cancel selects: exactly one of an order,
// a market or all.
func cancelSelector(req *wire.CancelSignedOrdersRequest) (f predict.SignedOrderCancel, err error) {
	given := 0
	if req.OrderHash != nil {
		switch h := *req.OrderHash; {
		case h == "":
			return f, predict.Errorf(predict.EINVALID, "orderHash must not be empty")
		case !orderHashRe.MatchString(h):
			return f, predict.Errorf(predict.EINVALID, "orderHash must be 0x and 64 hex digits")
		}
		f.Hash, given = strings.ToLower(*req.OrderHash), given+1
	}
	if req.MarketAddress != nil {
		if f.Market, err = parseAddress("marketAddress", *req.MarketAddress); err != nil {
			return f, err
		}
		given++
	}
	if req.All {
		given++
	}
	if given != 1 {
		return f, predict.Errorf(predict.EINVALID, "give one of orderHash, marketAddress or all: true")
	}
	return f, nil
}

// errNoExchange answers the order actions of a deployment without an
// Exchange.
var errNoExchange = predict.Errorf(predict.ENOTIMPL, "this deployment has no Exchange: signed orders are not taken")

// signedStatuses are the statuses get-signed-orders filters by.
var signedStatuses = []string{predict.SignedOpen, predict.SignedFilled, predict.SignedCancelled, predict.SignedUnfunded, predict.SignedExpired}

// handleGetSignedOrders lists the caller's signed orders, newest first,
// of one market when asked, the open ones only with status=open.
func (s *Server) handleGetSignedOrders(w http.ResponseWriter, r *http.Request) {
	u, q, valid := s.callerQuery(w, r)
	if !valid {
		return
	}
	page, size := q.pageOr(20)
	market := q.address("marketAddress", false)
	open := q.enum("status", predict.SignedOpen) == predict.SignedOpen
	if !s.queryValid(w, r, q) {
		return
	}
	orders, total, err := s.store.SignedOrders(r.Context(), predict.SignedOrderFilter{UID: u.UID, Market: market, Open: open,
		Page: page, PageSize: size})
	if err != nil {
		s.Error(w, r, err)
		return
	}
	out := wire.SignedOrdersPage{Total: total, Orders: make([]wire.SignedOrder, 0, len(orders))}
	markets := map[string]*predict.Market{}
	now := s.now()
	for _, o := range orders {
		m, found := markets[o.Market]
		if !found {
			if m, err = s.store.MarketByAddress(r.Context(), o.Market, ""); err != nil {
				s.Error(w, r, err)
				return
			}
			markets[o.Market] = m
		}
		out.Orders = append(out.Orders, wireSignedOrder(o, m, now))
	}
	ok(w, out)
}

// handleGetSignedOrder returns one signed order by its hash: anyone may
// read it (the Exchange's events show it to all once it fills).
func (s *Server) handleGetSignedOrder(w http.ResponseWriter, r *http.Request) {
	q := newQuery(r)
	h := q.get("orderHash")
	if q.err == nil && !orderHashRe.MatchString(h) {
		q.fail("orderHash must be 0x and 64 hex digits")
	}
	if !s.queryValid(w, r, q) {
		return
	}
	o, err := s.store.SignedOrder(r.Context(), h)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	m, err := s.store.MarketByAddress(r.Context(), o.Market, "")
	if err != nil {
		s.Error(w, r, err)
		return
	}
	ok(w, wireSignedOrder(o, m, s.now()))
}

// handleGetSignedBook aggregates a market's open signed orders by
// option, side and price, best first, beside the pool's price of each
// option: the shape of get-order-book.
func (s *Server) handleGetSignedBook(w http.ResponseWriter, r *http.Request) {
	m, valid := s.bookMarket(w, r)
	if !valid {
		return
	}
	open, err := s.store.OpenSignedOrders(r.Context(), m.Address)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	ok(w, signedBook(m, open, s.now()))
}

// signedBook is the book of m's open orders at now.
func signedBook(m *predict.Market, open []*predict.SignedOrder, now time.Time) wire.OrderBook {
	type key struct {
		option, side int
		price        string
	}
	type level struct {
		price  *big.Int
		left   *big.Int
		orders int
	}
	levels := map[key]*level{}
	for _, o := range open {
		if o.EffectiveStatus(now) != predict.SignedOpen || o.Option >= len(m.Options) {
			continue
		}
		p := o.LimitPrice()
		k := key{o.Option, o.Side, p.String()}
		l := levels[k]
		if l == nil {
			l = &level{price: p, left: new(big.Int)}
			levels[k] = l
		}
		l.left.Add(l.left, o.Left())
		l.orders++
	}
	book := wire.OrderBook{MarketAddress: m.Address, Options: make([]wire.BookOption, len(m.Options))}
	for i, opt := range m.Options {
		book.Options[i] = wire.BookOption{OptionAddress: opt.Address, OptionIndex: opt.Index, PoolPrice: predict.FormatPrice(opt.Price),
			Bids: []wire.BookLevel{}, Asks: []wire.BookLevel{}}
	}
	keys := make([]key, 0, len(levels))
	for k := range levels {
		keys = append(keys, k)
	}
	// Bids from the highest price, asks from the lowest.
	slices.SortFunc(keys, func(a, b key) int {
		c := levels[a].price.Cmp(levels[b].price)
		if a.side == predict.SignedBuy {
			c = -c
		}
		return c
	})
	for _, k := range keys {
		l := levels[k]
		lv := wire.BookLevel{Price: predict.FormatPrice(l.price), Remaining: wire.NewAmount(l.left), Orders: l.orders}
		bo := &book.Options[k.option]
		if k.side == predict.SignedBuy {
			bo.Bids = append(bo.Bids, lv)
		} else {
			bo.Asks = append(bo.Asks, lv)
		}
	}
	return book
}

// wireSignedOrder is o of market m as the API shows it at now.
func wireSignedOrder(o *predict.SignedOrder, m *predict.Market, now time.Time) wire.SignedOrder {
	out := wire.SignedOrder{OrderHash: o.Hash, MarketAddress: o.Market, OptionIndex: o.Option, Side: o.Side, Maker: o.Maker,
		Signer: o.Signer, Price: predict.FormatPrice(o.LimitPrice()), MakerAmount: wire.NewAmount(o.MakerAmount),
		TakerAmount: wire.NewAmount(o.TakerAmount), Filled: wire.NewAmount(o.Filled), Left: wire.NewAmount(o.Left()),
		Expiration: wire.NewUnix(o.Expiration), Salt: wire.NewAmount(o.Salt), Nonce: wire.NewAmount(o.Nonce),
		FeeRateBps: o.FeeRateBps, Status: o.EffectiveStatus(now), CreatedAt: wire.NewTime(o.CreatedAt), UpdatedAt: wire.NewTime(o.UpdatedAt)}
	if o.Option < len(m.Options) {
		out.OptionAddress = m.Options[o.Option].Address
	}
	return out
}
