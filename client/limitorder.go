package client

import (
	"context"
	"net/url"
	"strconv"

	"github.com/predict-dev/predict/wire"
)

// LimitOrder is an order of the LimitOrders escrow.
type LimitOrder = wire.LimitOrder

// LimitOrdersPage is a page of the caller's orders, newest first.
type LimitOrdersPage = wire.LimitOrdersPage

// OrderBook is a market's resting orders by option and price.
type OrderBook = wire.OrderBook

// GetOrderBook reads a market's book of limit orders.
func (c *Client) GetOrderBook(ctx context.Context, market string) (*OrderBook, error) {
	return fetch[OrderBook](ctx, c, "/api/v1/market/get-order-book", url.Values{"marketAddress": {market}}, "order book of %s", market)
}

// UserOrdersQuery holds the parameters of get-user-orders.
type UserOrdersQuery struct {
	Page, PageSize int
	MarketAddress  string
	// Status is open, partially_filled, filled, cancelled or expired;
	// "" for any.
	Status string
}

// GetUserOrders lists the caller's limit orders.
func (c *Client) GetUserOrders(ctx context.Context, q UserOrdersQuery) (*LimitOrdersPage, error) {
	v := url.Values{}
	query(v).paging(q.Page, q.PageSize).str("marketAddress", q.MarketAddress).str("status", q.Status)
	return fetch[LimitOrdersPage](ctx, c, "/api/v1/market/get-user-orders", v, "get user orders")
}

// GetOrder reads one order, with its fills, by its orderUuid (uuid) or,
// when uuid is "", by its escrow id.
func (c *Client) GetOrder(ctx context.Context, uuid string, id int64) (*LimitOrder, error) {
	v := url.Values{}
	if uuid != "" {
		v.Set("orderUuid", uuid)
	} else {
		v.Set("orderId", strconv.FormatInt(id, 10))
	}
	return fetch[LimitOrder](ctx, c, "/api/v1/market/get-order", v, "get order")
}
