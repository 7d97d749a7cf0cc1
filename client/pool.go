package client

import (
	"context"
	"math/big"
	"net/url"

	"github.com/predict-dev/predict/wire"
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
	return fetch[Quote](ctx, c, "/api/v1/market/get-quote", v, "quote side %d of %s in %s", q.Side, q.OptionAddress, q.MarketAddress)
}
