package api

import (
	"errors"
	"math/big"
	"net/http"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/internal/market/fpmm"
)

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
	if q.err != nil {
		s.Error(w, r, q.err)
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
	if pool.Status != predict.StatusRunning || !s.now().Before(pool.EndTime) {
		s.Error(w, r, predict.Errorf(predict.ECONFLICT, "market %s is not trading", market))
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
	var out, fee *big.Int
	var after []*big.Int
	if side == 1 {
		bq, qerr := fpmm.QuoteBuy(pool.Balances, uint64(pool.FeeBps), index, amount)
		out, fee, after, err = bq.TokensOut, bq.Fee, bq.Balances, qerr
	} else {
		sq, qerr := fpmm.QuoteSell(pool.Balances, uint64(pool.FeeBps), index, amount)
		out, fee, after, err = sq.BaseOut, sq.Fee, sq.Balances, qerr
	}
	if err != nil {
		s.Error(w, r, quoteError(err))
		return
	}
	prices, err := fpmm.Prices(after)
	if err != nil {
		s.Error(w, r, quoteError(err))
		return
	}
	// Average price in base per token, 18-decimal fixed point.
	avg := predict.DivWad(amount, out)
	if side == 2 {
		avg = predict.DivWad(out, amount)
	}
	before := pool.Prices[index]
	impact := new(big.Int)
	if before.Sign() > 0 {
		impact = predict.DivWad(new(big.Int).Sub(prices[index], before), before)
	}
	after18 := make([]map[string]string, len(prices))
	for i, p := range prices {
		after18[i] = map[string]string{"optionAddress": pool.Options[i], "price": predict.FormatPrice(p)}
	}
	out2 := map[string]any{
		"marketAddress": market, "optionAddress": option, "side": side,
		"amountIn": amount.String(), "amountOut": out.String(), "fee": fee.String(),
		"averagePrice": predict.FormatPrice(avg), "priceBefore": predict.FormatPrice(before),
		"priceAfter": predict.FormatPrice(prices[index]), "priceImpact": predict.FormatPrice(impact),
		"pricesAfter": after18,
	}
	if slippage >= 0 {
		out2["slippageBps"] = slippage
		out2["minReceiveAmount"] = minReceive(out, slippage).String()
	}
	ok(w, out2)
}

// maxSlippageBps is the highest tolerance get-quote takes: 50 %. More
// is no protection at all.
const maxSlippageBps = 5000

// minReceive is out less slippageBps basis points, rounded down.
func minReceive(out *big.Int, slippageBps int) *big.Int {
	m := new(big.Int).Mul(out, big.NewInt(int64(10_000-slippageBps)))
	return m.Quo(m, big.NewInt(10_000))
}

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

// resolutionJSON is a market's settlement in this service's form
// (winningOptionAddress, resolverUid, resolverAddress, opHash, txHash,
// blockNumber, submittedAt) and the platform's (winningOption, settledBy,
// claimable and the claim totals).
type resolutionJSON struct {
	MarketAddress        string             `json:"marketAddress"`
	Status               string             `json:"status"`
	WinningOptionAddress string             `json:"winningOptionAddress"`
	WinningOption        *winningOptionJSON `json:"winningOption"`
	ResolutionSource     string             `json:"resolutionSource"`
	ResolutionNote       string             `json:"resolutionNote"`
	ResolverUID          string             `json:"resolverUid"`
	ResolverAddress      string             `json:"resolverAddress"`
	SettledBy            settledByJSON      `json:"settledBy"`
	OpHash               string             `json:"opHash"`
	TxHash               string             `json:"txHash"`
	BlockNumber          uint64             `json:"blockNumber"`
	SubmittedAt          string             `json:"submittedAt"`
	SettledAt            string             `json:"settledAt"`
	Claimable            bool               `json:"claimable"`
	TotalClaimableAmount string             `json:"totalClaimableAmount"`
	TotalClaimedAmount   string             `json:"totalClaimedAmount"`
}

// winningOptionJSON names the option a market settled on.
type winningOptionJSON struct {
	OptionAddress string `json:"optionAddress"`
	Title         string `json:"title"`
}

// settledByJSON names the user who settled a market.
type settledByJSON struct {
	UID  string `json:"uid"`
	Name string `json:"name"`
}

func newResolution(res *predict.Resolution) resolutionJSON {
	out := resolutionJSON{
		MarketAddress: res.Market, Status: string(res.Status), WinningOptionAddress: res.WinningOption,
		ResolutionSource: res.Source, ResolutionNote: res.Note, ResolverUID: res.ResolverUID, ResolverAddress: res.Resolver,
		OpHash: res.OpHash, TxHash: res.TxHash, BlockNumber: res.Block, SubmittedAt: formatTime(res.SubmittedAt),
		SettledAt: formatTime(res.SettledAt), TotalClaimableAmount: "0", TotalClaimedAmount: amount(res.Claimed),
	}
	// Until the settlement is confirmed nothing is won, settled or owed:
	// the resolver under way stays in resolverUid.
	if res.Status == predict.StatusEnded && res.WinningOption != "" {
		out.WinningOption = &winningOptionJSON{OptionAddress: res.WinningOption, Title: res.WinningTitle}
		out.SettledBy = settledByJSON{UID: res.ResolverUID, Name: res.ResolverName}
		out.TotalClaimableAmount = amount(res.Unclaimed)
		out.Claimable = res.Unclaimed != nil && res.Unclaimed.Sign() > 0
	}
	return out
}

// handleGetResolutionStatus tells where a market's settlement is and
// what its winners have claimed and have yet to claim.
func (s *Server) handleGetResolutionStatus(w http.ResponseWriter, r *http.Request) {
	q := newQuery(r)
	market := q.address("marketAddress", true)
	if q.err != nil {
		s.Error(w, r, q.err)
		return
	}
	res, err := s.store.Resolution(r.Context(), market)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	ok(w, newResolution(res))
}

// tradeJSON is a confirmed trade as the trade lists show it.
type tradeJSON struct {
	TxHash        string `json:"txHash"`
	OpHash        string `json:"opHash"`
	OrderUUID     string `json:"orderUuid"`
	BlockNumber   uint64 `json:"blockNumber"`
	MarketAddress string `json:"marketAddress"`
	MarketTitle   string `json:"marketTitle"`
	OptionAddress string `json:"optionAddress"`
	OptionTitle   string `json:"optionTitle"`
	UID           string `json:"uid"`
	UserName      string `json:"userName"`
	AvatarURL     string `json:"avatarUrl"`
	Account       string `json:"account"`
	Side          int    `json:"side"`
	BaseAmount    string `json:"baseAmount"`
	TokenAmount   string `json:"tokenAmount"`
	AvgPrice      string `json:"avgPrice"`
	Fee           string `json:"fee"`
	Time          string `json:"time"`
}

func newTrade(t *predict.Trade) tradeJSON {
	return tradeJSON{
		TxHash: t.TxHash, OpHash: t.OpHash, OrderUUID: t.OrderUUID, BlockNumber: t.Block, MarketAddress: t.Market, MarketTitle: t.MarketTitle,
		OptionAddress: t.Option, OptionTitle: t.OptionTitle, UID: t.UID, UserName: t.UserName, AvatarURL: t.AvatarURL,
		Account: t.Account, Side: t.Side, BaseAmount: amount(t.BaseAmount), TokenAmount: amount(t.TokenAmount),
		AvgPrice: predict.FormatPrice(t.Price), Fee: amount(t.Fee), Time: formatTime(t.Time),
	}
}

// orderJSON is a confirmed trade in the platform's trade-list form: side
// as "buy" or "sell", amount the option tokens traded at price (the
// average), and the trader as a nested user.
type orderJSON struct {
	OrderUUID     string     `json:"orderUuid"`
	MarketAddress string     `json:"marketAddress"`
	OptionAddress string     `json:"optionAddress"`
	OptionTitle   string     `json:"optionTitle"`
	Side          string     `json:"side"`
	Price         string     `json:"price"`
	Amount        string     `json:"amount"`
	BaseAmount    string     `json:"baseAmount"`
	Timestamp     string     `json:"timestamp"`
	TxHash        string     `json:"txHash"`
	User          authorJSON `json:"user"`
}

func newOrder(t *predict.Trade) orderJSON {
	side := "buy"
	if t.Side == predict.SideSell {
		side = "sell"
	}
	return orderJSON{
		OrderUUID: t.OrderUUID, MarketAddress: t.Market, OptionAddress: t.Option, OptionTitle: t.OptionTitle, Side: side,
		Price: predict.FormatPrice(t.Price), Amount: amount(t.TokenAmount), BaseAmount: amount(t.BaseAmount),
		Timestamp: formatTime(t.Time), TxHash: t.TxHash, User: authorJSON{UID: t.UID, Name: t.UserName, AvatarURL: t.AvatarURL},
	}
}

// writeTrades answers a page of trades, newest first, in this service's
// form (trades) and the platform's (orders).
func (s *Server) writeTrades(w http.ResponseWriter, r *http.Request, f predict.TradeFilter) {
	list, total, err := s.store.Trades(r.Context(), f)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	out := make([]tradeJSON, len(list))
	orders := make([]orderJSON, len(list))
	for i, t := range list {
		out[i], orders[i] = newTrade(t), newOrder(t)
	}
	ok(w, map[string]any{"total": total, "trades": out, "orders": orders})
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
	if q.err != nil {
		s.Error(w, r, q.err)
		return
	}
	if len(uid) > 64 {
		s.Error(w, r, predict.Errorf(predict.EINVALID, "uid must be at most 64 characters"))
		return
	}
	if _, err := s.store.MarketByAddress(r.Context(), market, ""); err != nil {
		s.Error(w, r, err)
		return
	}
	s.writeTrades(w, r, predict.TradeFilter{Market: market, Option: option, UID: uid, Page: page, PageSize: size})
}

// handleGetUserTrades lists the caller's trades.
func (s *Server) handleGetUserTrades(w http.ResponseWriter, r *http.Request) {
	u, err := s.authenticate(r)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	q := newQuery(r)
	page, size := q.page()
	market := q.address("marketAddress", false)
	if q.err != nil {
		s.Error(w, r, q.err)
		return
	}
	s.writeTrades(w, r, predict.TradeFilter{UID: u.UID, Market: market, Page: page, PageSize: size})
}
