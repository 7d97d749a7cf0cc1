package client

import (
	"context"
	"fmt"
	"net/url"

	"github.com/predict-dev/predict/wire"
)

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
