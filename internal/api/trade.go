package api

import (
	"context"
	"errors"
	"net/http"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/internal/accounting"
	"github.com/predict-dev/predict/internal/market/fpmm"
	"github.com/predict-dev/predict/wire"
)

// newTrade is a confirmed trade in this service's trade-list form.
func newTrade(t *predict.Trade) wire.Trade {
	return wire.Trade{
		TxHash: t.TxHash, OpHash: t.OpHash, OrderUUID: t.OrderUUID, BlockNumber: t.Block, MarketAddress: t.Market, MarketTitle: t.MarketTitle,
		OptionAddress: t.Option, OptionTitle: t.OptionTitle, UID: t.UID, UserName: t.UserName, AvatarURL: t.AvatarURL,
		Account: t.Account, Side: t.Side, BaseAmount: amount(t.BaseAmount), TokenAmount: amount(t.TokenAmount),
		AvgPrice: predict.FormatPrice(t.Price), Fee: amount(t.Fee), Time: wireTime(t.Time),
	}
}

// newOrder is a confirmed trade in the platform's trade-list form.
func newOrder(t *predict.Trade) wire.Order {
	side := "buy"
	if t.Side == predict.SideSell {
		side = "sell"
	}
	return wire.Order{
		OrderUUID: t.OrderUUID, MarketAddress: t.Market, OptionAddress: t.Option, OptionTitle: t.OptionTitle, Side: side,
		Price: predict.FormatPrice(t.Price), Amount: amount(t.TokenAmount), BaseAmount: amount(t.BaseAmount),
		Timestamp: wireTime(t.Time), TxHash: t.TxHash, User: wire.Author{UID: t.UID, Name: t.UserName, AvatarURL: t.AvatarURL},
	}
}

// writeTrades answers a page of trades, newest first, in this service's
// form (trades) and the platform's (orders).
func (s *Server) writeTrades(w http.ResponseWriter, r *http.Request, f predict.TradeFilter) {
	out, err := s.tradesPage(r.Context(), f)
	s.answer(w, r, out, err)
}

// tradesPage is a page of trades in both forms.
func (s *Server) tradesPage(ctx context.Context, f predict.TradeFilter) (wire.TradesPage, error) {
	list, total, err := s.store.Trades(ctx, f)
	if err != nil {
		return wire.TradesPage{}, err
	}
	return wire.TradesPage{Total: total, Trades: wireList(list, newTrade), Orders: wireList(list, newOrder)}, nil
}

// handleGetMarketTrades lists a market's trades (of one option with
// optionAddress).
func (s *Server) handleGetMarketTrades(w http.ResponseWriter, r *http.Request) {
	q := newQuery(r)
	page, size := q.pageOr(20) // optional for the platform's clients
	market := q.address("marketAddress", true)
	option := q.address("optionAddress", false)
	q.address("baseTokenAddress", false) // accepted as the platform's clients send it; a market has one
	uid := q.get("uid")
	if !s.queryValid(w, r, q) {
		return
	}
	if len(uid) > 64 {
		s.Error(w, r, predict.Errorf(predict.EINVALID, "uid must be at most 64 characters"))
		return
	}
	s.cached(w, r, market, func(ctx context.Context) (any, error) {
		if _, err := s.store.MarketByAddress(ctx, market, ""); err != nil {
			return nil, err
		}
		return s.tradesPage(ctx, predict.TradeFilter{Market: market, Option: option, UID: uid, Page: page, PageSize: size})
	})
}

// handleGetUserTrades lists the caller's trades.
func (s *Server) handleGetUserTrades(w http.ResponseWriter, r *http.Request) {
	p, valid := s.callerMarketPage(w, r)
	if !valid {
		return
	}
	s.cachedFor(w, r, p.uid, false, func(ctx context.Context) (any, error) {
		return s.tradesPage(ctx, predict.TradeFilter{UID: p.uid, Market: p.market, Page: p.page, PageSize: p.size})
	})
}

// handleGetQuote prices a buy or a sell against the indexed pool with the
// same integer arithmetic as the contract, so the quote is what the chain
// would pay if nothing trades in between.
func (s *Server) handleGetQuote(w http.ResponseWriter, r *http.Request) {
	q := newQuery(r)
	market := q.address("marketAddress", true)
	option := q.address("optionAddress", true)
	side := q.int("side", true, 1, 2, 0)
	// slippageBps: the tolerance the client accepts, in basis points of
	// the quoted output; the answer then carries the minReceiveAmount to
	// send with the order.
	slippage := q.int("slippageBps", false, 0, maxSlippageBps, -1)
	raw := q.get("amount")
	if !s.queryValid(w, r, q) {
		return
	}
	amount, err := parseAmount("amount", raw)
	if err == nil && amount.Sign() == 0 {
		err = predict.Errorf(predict.EINVALID, "amount must be greater than 0")
	}
	if err != nil {
		s.Error(w, r, err)
		return
	}
	pool, err := s.store.MarketPool(r.Context(), market)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	// A quote is refused where the trade would be: by the rule and the
	// clock (the chain's) that operations judge a buy or a sell with.
	now, err := s.chainNow(r.Context())
	if err == nil {
		err = poolMarket(pool).Tradable("trading", now)
	}
	if err != nil {
		s.Error(w, r, err)
		return
	}
	index := -1
	for i, o := range pool.Options {
		if o == option {
			index = i
		}
	}
	if index < 0 {
		s.Error(w, r, predict.Errorf(predict.EINVALID, "optionAddress %s is not an option of market %s", option, market))
		return
	}
	quote, err := accounting.QuoteTrade(pool.Balances, pool.Prices, pool.FeeBps, index, side == 1, amount)
	if err != nil {
		s.Error(w, r, quoteError(err))
		return
	}
	after18 := make([]wire.OptionPrice, len(quote.Prices))
	for i, p := range quote.Prices {
		after18[i] = wire.OptionPrice{OptionAddress: pool.Options[i], Price: predict.FormatPrice(p)}
	}
	answer := wire.Quote{
		MarketAddress: market, OptionAddress: option, Side: side,
		AmountIn: wire.NewAmount(amount), AmountOut: wire.NewAmount(quote.Out), Fee: wire.NewAmount(quote.Fee),
		AveragePrice: predict.FormatPrice(quote.Average), PriceBefore: predict.FormatPrice(pool.Prices[index]),
		PriceAfter: predict.FormatPrice(quote.Prices[index]), PriceImpact: predict.FormatPrice(quote.Impact),
		PricesAfter: after18,
	}
	if slippage >= 0 {
		answer.SlippageBps = &slippage
		answer.MinReceiveAmount = wire.NewAmount(accounting.MinReceive(quote.Out, slippage))
	}
	ok(w, answer)
}

// poolMarket is the market of pool as far as predict.Market.Tradable
// reads it: its address, status and end time.
func poolMarket(pool *predict.MarketPool) *predict.Market {
	return &predict.Market{Address: pool.Market, Status: pool.Status, EndTime: pool.EndTime}
}

// maxSlippageBps is the highest tolerance get-quote takes: 50 %. More
// is no protection at all.
const maxSlippageBps = 5000

// quoteError maps the pool math's errors to client errors.
func quoteError(err error) error {
	switch {
	case errors.Is(err, fpmm.ErrZeroOutput), errors.Is(err, fpmm.ErrZeroAmount), errors.Is(err, fpmm.ErrOverflow):
		return predict.Errorf(predict.EINVALID, "amount is too small or too large to trade: %v", err)
	case errors.Is(err, fpmm.ErrPoolEmpty):
		return predict.Errorf(predict.ECONFLICT, "the pool has no liquidity")
	}
	return err
}
