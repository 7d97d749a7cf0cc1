package client

import (
	"context"
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
	v := url.Values{}
	query(v).paging(q.Page, q.PageSize).str("uid", q.UID).str("marketAddress", q.MarketAddress)
	return fetch[PositionsPage](ctx, c, "/api/v1/market/get-user-positions", v, "get positions")
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
	v := url.Values{}
	query(v).paging(q.Page, q.PageSize).str("marketAddress", q.MarketAddress)
	return fetch[LiquidityPage](ctx, c, "/api/v1/market/get-user-liquidity", v, "get liquidity positions")
}
