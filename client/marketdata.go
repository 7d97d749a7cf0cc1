package client

import (
	"context"
	"encoding/json"
	"fmt"
	"math/big"
	"net/url"
	"time"
)

// Order sides of place-order and get-quote.
const (
	SideBuy  = 1 // amount: base tokens in; minReceiveAmount: option tokens out
	SideSell = 2 // amount: option tokens in; minReceiveAmount: base tokens out
)

// QuoteQuery holds the parameters of get-quote.
type QuoteQuery struct {
	MarketAddress string
	OptionAddress string
	Side          int // SideBuy or SideSell
	// Amount is base tokens in for a buy, option tokens in for a sell.
	Amount *big.Int
}

// OptionPrice is an option's price after a quoted trade.
type OptionPrice struct {
	OptionAddress string `json:"optionAddress"`
	Price         string `json:"price"`
}

// Quote is what a buy or sell would give against the indexed pool, with
// the contract's integer arithmetic.
type Quote struct {
	MarketAddress string        `json:"marketAddress"`
	OptionAddress string        `json:"optionAddress"`
	Side          int           `json:"side"`
	AmountIn      *big.Int      `json:"amountIn"`
	AmountOut     *big.Int      `json:"amountOut"`
	Fee           *big.Int      `json:"fee"`
	AveragePrice  string        `json:"averagePrice"`
	PriceBefore   string        `json:"priceBefore"`
	PriceAfter    string        `json:"priceAfter"`
	PriceImpact   string        `json:"priceImpact"`
	PricesAfter   []OptionPrice `json:"pricesAfter"`
}

func (q *Quote) wire() any {
	type plain Quote
	return &struct {
		*plain
		AmountIn  amountField `json:"amountIn"`
		AmountOut amountField `json:"amountOut"`
		Fee       amountField `json:"fee"`
	}{(*plain)(q), amt(&q.AmountIn), amt(&q.AmountOut), amt(&q.Fee)}
}

// UnmarshalJSON reads the wire form.
func (q *Quote) UnmarshalJSON(b []byte) error { return json.Unmarshal(b, q.wire()) }

// MarshalJSON writes the wire form.
func (q Quote) MarshalJSON() ([]byte, error) { return json.Marshal(q.wire()) }

// GetQuote prices a buy or a sell. The quote is what the chain would pay
// if nothing trades in between; use it to set minReceiveAmount.
func (c *Client) GetQuote(ctx context.Context, q QuoteQuery) (*Quote, error) {
	v := url.Values{}
	query(v).str("marketAddress", q.MarketAddress).str("optionAddress", q.OptionAddress).int("side", q.Side)
	if q.Amount != nil {
		v.Set("amount", q.Amount.String())
	}
	var out Quote
	if err := c.get(ctx, "/api/v1/market/get-quote", v, &out); err != nil {
		return nil, fmt.Errorf("quote side %d of %s in %s: %w", q.Side, q.OptionAddress, q.MarketAddress, err)
	}
	return &out, nil
}

// ResolutionStatus tells where a market's settlement is and what its
// winners have claimed.
type ResolutionStatus struct {
	MarketAddress        string `json:"marketAddress"`
	Status               string `json:"status"`
	WinningOptionAddress string `json:"winningOptionAddress"`
	// WinningOption is nil until the market has ended.
	WinningOption    *WinningOption `json:"winningOption"`
	ResolutionSource string         `json:"resolutionSource"`
	ResolutionNote   string         `json:"resolutionNote"`
	ResolverUID      string         `json:"resolverUid"`
	ResolverAddress  string         `json:"resolverAddress"`
	// SettledBy is the user who settled the market; empty until ended
	// and when the account that settled it is nobody's.
	SettledBy   SettledBy `json:"settledBy"`
	OpHash      string    `json:"opHash"`
	TxHash      string    `json:"txHash"`
	BlockNumber uint64    `json:"blockNumber"`
	SubmittedAt time.Time `json:"submittedAt"`
	SettledAt   time.Time `json:"settledAt"`
	// Claimable: the market has ended and winning tokens are unclaimed.
	Claimable bool `json:"claimable"`
	// TotalClaimableAmount is the winning tokens still unclaimed (each
	// claims one base unit), TotalClaimedAmount the sum of the claims.
	TotalClaimableAmount *big.Int `json:"totalClaimableAmount"`
	TotalClaimedAmount   *big.Int `json:"totalClaimedAmount"`
}

// WinningOption is the option a market settled on.
type WinningOption struct {
	OptionAddress string `json:"optionAddress"`
	Title         string `json:"title"`
}

// SettledBy names the user who settled a market.
type SettledBy struct {
	UID  string `json:"uid"`
	Name string `json:"name"`
}

func (r *ResolutionStatus) wire() any {
	type plain ResolutionStatus
	return &struct {
		*plain
		SubmittedAt          timeField   `json:"submittedAt"`
		SettledAt            timeField   `json:"settledAt"`
		TotalClaimableAmount amountField `json:"totalClaimableAmount"`
		TotalClaimedAmount   amountField `json:"totalClaimedAmount"`
	}{(*plain)(r), tm(&r.SubmittedAt), tm(&r.SettledAt), amt(&r.TotalClaimableAmount), amt(&r.TotalClaimedAmount)}
}

// UnmarshalJSON reads the wire form.
func (r *ResolutionStatus) UnmarshalJSON(b []byte) error { return json.Unmarshal(b, r.wire()) }

// MarshalJSON writes the wire form.
func (r ResolutionStatus) MarshalJSON() ([]byte, error) { return json.Marshal(r.wire()) }

// GetResolutionStatus reports a market's settlement.
func (c *Client) GetResolutionStatus(ctx context.Context, marketAddress string) (*ResolutionStatus, error) {
	v := url.Values{}
	query(v).str("marketAddress", marketAddress)
	var out ResolutionStatus
	if err := c.get(ctx, "/api/v1/market/get-resolution-status", v, &out); err != nil {
		return nil, fmt.Errorf("resolution status of %s: %w", marketAddress, err)
	}
	return &out, nil
}

// Position is a user's holding of one option (get-user-positions).
type Position struct {
	MarketAddress string   `json:"marketAddress"`
	MarketTitle   string   `json:"marketTitle"`
	MarketStatus  string   `json:"marketStatus"`
	OptionAddress string   `json:"optionAddress"`
	OptionTitle   string   `json:"optionTitle"`
	Amount        *big.Int `json:"amount"`
	AvgPrice      string   `json:"avgPrice"`
	CurrentPrice  string   `json:"currentPrice"`
	CostBasis     *big.Int `json:"costBasis"`
	Value         *big.Int `json:"value"`
	PnL           *big.Int `json:"pnl"`
	// PnLPercent is a decimal string with two decimals ("12.5", "-3.25").
	PnLPercent  string   `json:"pnlPercent"`
	RealizedPnL *big.Int `json:"realizedPnl"`
}

func (p *Position) wire() any {
	type plain Position
	return &struct {
		*plain
		Amount      amountField `json:"amount"`
		CostBasis   amountField `json:"costBasis"`
		Value       amountField `json:"value"`
		PnL         amountField `json:"pnl"`
		RealizedPnL amountField `json:"realizedPnl"`
	}{(*plain)(p), amt(&p.Amount), amt(&p.CostBasis), amt(&p.Value), amt(&p.PnL), amt(&p.RealizedPnL)}
}

// UnmarshalJSON reads the wire form.
func (p *Position) UnmarshalJSON(b []byte) error { return json.Unmarshal(b, p.wire()) }

// MarshalJSON writes the wire form.
func (p Position) MarshalJSON() ([]byte, error) { return json.Marshal(p.wire()) }

// PositionsQuery holds the parameters of get-user-positions.
type PositionsQuery struct {
	Page, PageSize int
	// UID reads another user's positions (no token needed); empty reads
	// the caller's.
	UID           string
	MarketAddress string
}

// PositionsPage is a page of positions.
type PositionsPage struct {
	Total     int        `json:"total"`
	Positions []Position `json:"positions"`
}

// GetUserPositions lists a user's open positions.
func (c *Client) GetUserPositions(ctx context.Context, q PositionsQuery) (*PositionsPage, error) {
	p, size := page(q.Page, q.PageSize)
	v := url.Values{}
	query(v).int("page", p).int("pageSize", size).str("uid", q.UID).str("marketAddress", q.MarketAddress)
	var out PositionsPage
	if err := c.get(ctx, "/api/v1/market/get-user-positions", v, &out); err != nil {
		return nil, fmt.Errorf("get positions: %w", err)
	}
	return &out, nil
}

// LiquidityPosition is the caller's LP share of one market.
type LiquidityPosition struct {
	MarketAddress    string   `json:"marketAddress"`
	MarketTitle      string   `json:"marketTitle"`
	MarketStatus     string   `json:"marketStatus"`
	BaseTokenAddress string   `json:"baseTokenAddress"`
	LPAmount         *big.Int `json:"lpAmount"`
	LPSupply         *big.Int `json:"lpSupply"`
	// PoolShare is the fraction of the pool held, a decimal string.
	PoolShare     string   `json:"poolShare"`
	Value         *big.Int `json:"value"`
	Deposited     *big.Int `json:"deposited"`
	Withdrawn     *big.Int `json:"withdrawn"`
	FeesEarned    *big.Int `json:"feesEarned"`
	ReturnedValue *big.Int `json:"returnedValue"`
}

func (p *LiquidityPosition) wire() any {
	type plain LiquidityPosition
	return &struct {
		*plain
		LPAmount      amountField `json:"lpAmount"`
		LPSupply      amountField `json:"lpSupply"`
		Value         amountField `json:"value"`
		Deposited     amountField `json:"deposited"`
		Withdrawn     amountField `json:"withdrawn"`
		FeesEarned    amountField `json:"feesEarned"`
		ReturnedValue amountField `json:"returnedValue"`
	}{(*plain)(p), amt(&p.LPAmount), amt(&p.LPSupply), amt(&p.Value), amt(&p.Deposited),
		amt(&p.Withdrawn), amt(&p.FeesEarned), amt(&p.ReturnedValue)}
}

// UnmarshalJSON reads the wire form.
func (p *LiquidityPosition) UnmarshalJSON(b []byte) error { return json.Unmarshal(b, p.wire()) }

// MarshalJSON writes the wire form.
func (p LiquidityPosition) MarshalJSON() ([]byte, error) { return json.Marshal(p.wire()) }

// LiquidityQuery holds the parameters of get-user-liquidity.
type LiquidityQuery struct {
	Page, PageSize int
	MarketAddress  string
}

// LiquidityPage is a page of LP positions.
type LiquidityPage struct {
	Total     int                 `json:"total"`
	Positions []LiquidityPosition `json:"positions"`
}

// GetUserLiquidity lists the caller's LP positions.
func (c *Client) GetUserLiquidity(ctx context.Context, q LiquidityQuery) (*LiquidityPage, error) {
	p, size := page(q.Page, q.PageSize)
	v := url.Values{}
	query(v).int("page", p).int("pageSize", size).str("marketAddress", q.MarketAddress)
	var out LiquidityPage
	if err := c.get(ctx, "/api/v1/market/get-user-liquidity", v, &out); err != nil {
		return nil, fmt.Errorf("get liquidity positions: %w", err)
	}
	return &out, nil
}

// Trade is a confirmed trade.
type Trade struct {
	TxHash        string   `json:"txHash"`
	OpHash        string   `json:"opHash"`
	OrderUUID     string   `json:"orderUuid"` // the place-order that made it; "" for a trade made straight on chain
	BlockNumber   uint64   `json:"blockNumber"`
	MarketAddress string   `json:"marketAddress"`
	MarketTitle   string   `json:"marketTitle"`
	OptionAddress string   `json:"optionAddress"`
	OptionTitle   string   `json:"optionTitle"`
	UID           string   `json:"uid"`
	UserName      string   `json:"userName"`
	AvatarURL     string   `json:"avatarUrl"`
	Account       string   `json:"account"`
	Side          int      `json:"side"`
	BaseAmount    *big.Int `json:"baseAmount"`
	TokenAmount   *big.Int `json:"tokenAmount"`
	// AvgPrice is base per option token, a decimal string.
	AvgPrice string    `json:"avgPrice"`
	Fee      *big.Int  `json:"fee"`
	Time     time.Time `json:"time"`
}

func (t *Trade) wire() any {
	type plain Trade
	return &struct {
		*plain
		BaseAmount  amountField `json:"baseAmount"`
		TokenAmount amountField `json:"tokenAmount"`
		Fee         amountField `json:"fee"`
		Time        timeField   `json:"time"`
	}{(*plain)(t), amt(&t.BaseAmount), amt(&t.TokenAmount), amt(&t.Fee), tm(&t.Time)}
}

// UnmarshalJSON reads the wire form.
func (t *Trade) UnmarshalJSON(b []byte) error { return json.Unmarshal(b, t.wire()) }

// MarshalJSON writes the wire form.
func (t Trade) MarshalJSON() ([]byte, error) { return json.Marshal(t.wire()) }

// TradesPage is a page of trades, newest first.
type TradesPage struct {
	Total  int     `json:"total"`
	Trades []Trade `json:"trades"`
}

// MarketTradesQuery holds the parameters of get-market-trades.
type MarketTradesQuery struct {
	Page, PageSize int
	MarketAddress  string // required
	OptionAddress  string // only this option's trades
	UID            string // only this user's trades
}

// GetMarketTrades lists a market's confirmed trades.
func (c *Client) GetMarketTrades(ctx context.Context, q MarketTradesQuery) (*TradesPage, error) {
	p, size := page(q.Page, q.PageSize)
	v := url.Values{}
	query(v).int("page", p).int("pageSize", size).str("marketAddress", q.MarketAddress).str("optionAddress", q.OptionAddress).str("uid", q.UID)
	var out TradesPage
	if err := c.get(ctx, "/api/v1/market/get-market-trades", v, &out); err != nil {
		return nil, fmt.Errorf("trades of %s: %w", q.MarketAddress, err)
	}
	return &out, nil
}

// UserTradesQuery holds the parameters of get-user-trades.
type UserTradesQuery struct {
	Page, PageSize int
	MarketAddress  string
}

// GetUserTrades lists the caller's confirmed trades.
func (c *Client) GetUserTrades(ctx context.Context, q UserTradesQuery) (*TradesPage, error) {
	p, size := page(q.Page, q.PageSize)
	v := url.Values{}
	query(v).int("page", p).int("pageSize", size).str("marketAddress", q.MarketAddress)
	var out TradesPage
	if err := c.get(ctx, "/api/v1/market/get-user-trades", v, &out); err != nil {
		return nil, fmt.Errorf("get user trades: %w", err)
	}
	return &out, nil
}
