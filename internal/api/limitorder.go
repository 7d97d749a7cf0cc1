package api

import (
	"context"
	"math"
	"net/http"
	"slices"
	"strings"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/wire"
)

// The limit orders of the LimitOrders escrow, as the indexer wrote them.
// The caller's orders are cached until the next of them expires (an
// order's status depends on the time); the book and single orders are
// not cached.

// orderStatuses are the statuses get-user-orders filters by.
var orderStatuses = []string{predict.OrderOpen, predict.OrderPartiallyFilled, predict.OrderFilled, predict.OrderCancelled, predict.OrderExpired}

// handleGetOrderBook aggregates a market's open orders by option, side
// and price, beside the pool's price of each option.
func (s *Server) handleGetOrderBook(w http.ResponseWriter, r *http.Request) {
	m, valid := s.bookMarket(w, r)
	if !valid {
		return
	}
	levels, err := s.store.OrderBook(r.Context(), m.Address, s.laterNow(r.Context()))
	if err != nil {
		s.Error(w, r, err)
		return
	}
	book := wire.OrderBook{MarketAddress: m.Address, Options: make([]wire.BookOption, len(m.Options))}
	for i, o := range m.Options {
		book.Options[i] = wire.BookOption{OptionAddress: o.Address, OptionIndex: o.Index, PoolPrice: predict.FormatPrice(o.Price),
			Bids: []wire.BookLevel{}, Asks: []wire.BookLevel{}}
	}
	for _, l := range levels {
		for i := range book.Options {
			bo := &book.Options[i]
			if bo.OptionIndex != l.Option {
				continue
			}
			lv := wire.BookLevel{Price: predict.FormatPrice(l.LimitPrice), Remaining: wire.NewAmount(l.Remaining), Orders: l.Orders}
			if l.Side == predict.SideBuy {
				bo.Bids = append(bo.Bids, lv)
			} else {
				bo.Asks = append(bo.Asks, lv)
			}
		}
	}
	ok(w, book)
}

// bookMarket reads the market a book is asked of (marketAddress); when
// valid is false it has answered the error.
func (s *Server) bookMarket(w http.ResponseWriter, r *http.Request) (m *predict.Market, valid bool) {
	q := newQuery(r)
	market := q.address("marketAddress", true)
	if !s.queryValid(w, r, q) {
		return nil, false
	}
	m, err := s.store.MarketByAddress(r.Context(), market, "")
	if err != nil {
		s.Error(w, r, err)
		return nil, false
	}
	return m, true
}

// handleGetUserOrders lists the caller's orders, newest first, of one
// market and one status when asked.
func (s *Server) handleGetUserOrders(w http.ResponseWriter, r *http.Request) {
	u, q, valid := s.callerQuery(w, r)
	if !valid {
		return
	}
	page, size := q.page()
	market := q.address("marketAddress", false)
	status := q.get("status")
	if q.err == nil && status != "" && !slices.Contains(orderStatuses, status) {
		q.fail("status must be one of %s", strings.Join(orderStatuses, ", "))
	}
	if !s.queryValid(w, r, q) {
		return
	}
	// Placing, filling and cancelling an order publish market:book_change
	// (a fill also the owner's user:position_changed), so the answer
	// follows every market event; an expiry publishes nothing, so the
	// answer is outdated when the first of the caller's open orders
	// expires. Expiries are judged by laterNow, which the chain's time may
	// put ahead of the clock: the answer lasts as long on the clock as the
	// first expiry is ahead of laterNow.
	s.fromCache(w, r, cacheScope{uid: u.UID, prices: true}, func(ctx context.Context) (any, error) {
		out := wire.LimitOrdersPage{Orders: []wire.LimitOrder{}}
		if u.Address == "" {
			return out, nil
		}
		clock, now := s.now(), s.laterNow(ctx)
		orders, total, err := s.store.LimitOrders(ctx, predict.LimitOrderFilter{Owner: u.Address, Market: market, Status: status,
			Now: now, Page: page, PageSize: size})
		if err != nil {
			return nil, err
		}
		out.Total = total
		for _, o := range orders {
			out.Orders = append(out.Orders, wireOrder(o))
		}
		next, found, err := s.store.NextOrderExpiry(ctx, u.Address, now)
		if err != nil || !found {
			return out, err
		}
		return expiring{data: out, until: clock.Add(next.Sub(now))}, nil
	})
}

// handleGetOrder returns one order, by orderUuid or orderId, with its
// fills.
func (s *Server) handleGetOrder(w http.ResponseWriter, r *http.Request) {
	q := newQuery(r)
	uuid := q.get("orderUuid")
	id := int64(q.int("orderId", false, 1, math.MaxInt, 0))
	switch {
	case q.err != nil:
	case (uuid == "") == (id == 0):
		q.fail("give orderUuid or orderId")
	case uuid != "" && !uuidRe.MatchString(uuid):
		q.fail("orderUuid must be a UUID")
	}
	if !s.queryValid(w, r, q) {
		return
	}
	var (
		o   *predict.LimitOrder
		err error
	)
	if uuid != "" {
		o, err = s.store.LimitOrderByUUID(r.Context(), uuid)
	} else {
		o, err = s.store.LimitOrderByID(r.Context(), id)
	}
	if err != nil {
		s.Error(w, r, err)
		return
	}
	// The store judges expiry by the wall clock; the chain's may be ahead.
	o.Status = o.EffectiveStatus(s.laterNow(r.Context()))
	fills, err := s.store.OrderFills(r.Context(), o.ID)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	out := wireOrder(o)
	for _, f := range fills {
		out.Fills = append(out.Fills, wire.OrderFill{Counterparty: f.Counterparty, CounterOrderID: f.CounterOrder, AmountIn: wire.NewAmount(f.In),
			AmountOut: wire.NewAmount(f.Out), TxHash: f.TxHash, BlockNumber: f.Block, CreatedAt: wireTime(f.Time)})
	}
	ok(w, out)
}

func wireOrder(o *predict.LimitOrder) wire.LimitOrder {
	return wire.LimitOrder{OrderID: o.ID, OrderUUID: o.UUID, MarketAddress: o.Market, OptionAddress: o.OptionAddress, OptionIndex: o.Option,
		Owner: o.Owner, Side: o.Side, Price: predict.FormatPrice(o.LimitPrice), Amount: wire.NewAmount(o.Amount),
		Remaining: wire.NewAmount(o.Remaining), Filled: wire.NewAmount(o.Filled), Received: wire.NewAmount(o.Received),
		Expiry: wire.NewUnix(o.Expiry), PostOnly: o.PostOnly, Status: o.Status, OpHash: o.OpHash, TxHash: o.TxHash,
		BlockNumber: o.Block, CreatedAt: wireTime(o.CreatedAt)}
}
