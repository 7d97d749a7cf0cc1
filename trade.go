package predict

import (
	"encoding/json"
	"math/big"
	"time"

	"github.com/predict-dev/predict/kind"
)

// The confirmed state the chain indexer derives from the contracts' logs
// is one file a resource: trades here, positions and LP shares in
// position.go, pools in pool.go, price points in chart.go, settlement in
// market.go, and the store interface that keeps it all in chain.go. The
// indexer is its only writer; the API reads it.

// Trade sides, as place-order's side.
const (
	SideBuy  = 1
	SideSell = 2
)

// Operation kinds the store and the indexer look at (Operation.Kind).
const (
	KindCreateMarket    = kind.CreateMarket
	KindSettleMarket    = kind.SettleMarket
	KindDisputeMarket   = kind.DisputeMarket
	KindFinalizeMarket  = kind.FinalizeMarket
	KindArbitrateMarket = kind.ArbitrateMarket
)

// Trade is a confirmed buy or sell, from the market's Bought or Sold log.
type Trade struct {
	Market      string // market contract, lowercase 0x-hex
	MarketTitle string
	Option      string // option token
	OptionTitle string
	OptionIndex int
	Account     string // the trading account (a smart account or an EOA)
	UID         string // the user the account is bound to; "" if none
	UserName    string // the user's display name; "" if none
	AvatarURL   string // the user's avatar; "" if none
	Side        int    // SideBuy or SideSell
	// BaseAmount is the base paid (buy, fee included) or received (sell,
	// after the fee); TokenAmount the option tokens received or sold.
	BaseAmount  *big.Int
	TokenAmount *big.Int
	Fee         *big.Int
	// Price is the average price of the trade, BaseAmount/TokenAmount as
	// 18-decimal fixed point (base and option tokens share decimals).
	Price  *big.Int
	TxHash string
	OpHash string // the UserOperation that made it; "" if not through the EntryPoint
	// OrderUUID is the place-order that made it; "" for a trade made
	// another way (straight on chain).
	OrderUUID string
	Block     uint64
	LogIndex  uint
	Time      time.Time // block time
}

// TradeFilter selects trades; empty fields do not filter. Page is
// 1-indexed; a zero PageSize is the store's default.
type TradeFilter struct {
	Market   string
	Option   string
	UID      string
	Account  string
	Page     int
	PageSize int
}

// CreateMarketRequest is the part of a create-market request the API
// keeps in Operation.Request (JSON) and the indexer turns into the market
// record once MarketCreated confirms it.
type CreateMarketRequest struct {
	Title       string `json:"title"`
	Description string `json:"description"`
	Rules       string `json:"rules"`
	Options     []struct {
		Title string `json:"title"`
	} `json:"options"`
	CategoryID string   `json:"categoryId"`
	Tags       []string `json:"tags"`
	ImageURL   string   `json:"imageUrl"`
	EndTime    string   `json:"endTime"`
}

// SettleMarketRequest is the part of a settle-market request kept in
// Operation.Request.
type SettleMarketRequest struct {
	WinningOptionAddress string `json:"winningOptionAddress"`
	ResolutionSource     string `json:"resolutionSource"`
	ResolutionNote       string `json:"resolutionNote"`
}

// ParseCreateMarketRequest decodes a create-market Operation.Request; ok
// is false when it does not decode.
func ParseCreateMarketRequest(raw []byte) (r CreateMarketRequest, ok bool) {
	return r, json.Unmarshal(raw, &r) == nil
}

// ParseSettleMarketRequest decodes a settle-market Operation.Request; ok
// is false when it does not decode.
func ParseSettleMarketRequest(raw []byte) (r SettleMarketRequest, ok bool) {
	return r, json.Unmarshal(raw, &r) == nil
}
