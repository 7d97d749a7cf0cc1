package client

import (
	"context"
	"net/url"

	"github.com/predict-dev/predict/wire"
)

// Order sides of place-order and get-quote.
const (
	SideBuy  = 1 // amount: base tokens in; minReceiveAmount: option tokens out
	SideSell = 2 // amount: option tokens in; minReceiveAmount: base tokens out
)

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
	v := url.Values{}
	query(v).paging(q.Page, q.PageSize).str("marketAddress", q.MarketAddress).str("optionAddress", q.OptionAddress).str("uid", q.UID)
	return fetch[TradesPage](ctx, c, "/api/v1/market/get-market-trades", v, "trades of %s", q.MarketAddress)
}

// UserTradesQuery holds the parameters of get-user-trades.
type UserTradesQuery struct {
	Page, PageSize int
	MarketAddress  string
}

// GetUserTrades lists the caller's confirmed trades.
func (c *Client) GetUserTrades(ctx context.Context, q UserTradesQuery) (*TradesPage, error) {
	v := url.Values{}
	query(v).paging(q.Page, q.PageSize).str("marketAddress", q.MarketAddress)
	return fetch[TradesPage](ctx, c, "/api/v1/market/get-user-trades", v, "get user trades")
}
