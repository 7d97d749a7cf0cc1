package client

import (
	"context"
	"fmt"
	"math/big"
	"net/url"

	"github.com/predict-dev/predict/wire"
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
type OptionPrice = wire.OptionPrice

// Quote is what a buy or sell would give against the indexed pool, with
// the contract's integer arithmetic.
type Quote = wire.Quote

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
type ResolutionStatus = wire.ResolutionStatus

// WinningOption is the option a market settled on.
type WinningOption = wire.WinningOption

// SettledBy names the user who settled a market.
type SettledBy = wire.SettledBy

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
type Position = wire.Position

// PositionsQuery holds the parameters of get-user-positions.
type PositionsQuery struct {
	Page, PageSize int
	// UID reads another user's positions (no token needed); empty reads
	// the caller's.
	UID           string
	MarketAddress string
}

// PositionsPage is a page of positions.
type PositionsPage = wire.PositionsPage

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
type LiquidityPosition = wire.LiquidityPosition

// LiquidityQuery holds the parameters of get-user-liquidity.
type LiquidityQuery struct {
	Page, PageSize int
	MarketAddress  string
}

// LiquidityPage is a page of LP positions.
type LiquidityPage = wire.LiquidityPage

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
type Trade = wire.Trade

// TradesPage is a page of trades, newest first.
type TradesPage = wire.TradesPage

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
