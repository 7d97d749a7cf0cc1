package client

import (
	"context"
	"fmt"
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
	var out OrderBook
	if err := c.get(ctx, "/api/v1/market/get-order-book", url.Values{"marketAddress": {market}}, &out); err != nil {
		return nil, fmt.Errorf("order book of %s: %w", market, err)
	}
	return &out, nil
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
	p, size := page(q.Page, q.PageSize)
	v := url.Values{}
	query(v).int("page", p).int("pageSize", size).str("marketAddress", q.MarketAddress).str("status", q.Status)
	var out LimitOrdersPage
	if err := c.get(ctx, "/api/v1/market/get-user-orders", v, &out); err != nil {
		return nil, fmt.Errorf("get user orders: %w", err)
	}
	return &out, nil
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
	var out LimitOrder
	if err := c.get(ctx, "/api/v1/market/get-order", v, &out); err != nil {
		return nil, fmt.Errorf("get order: %w", err)
	}
	return &out, nil
}
