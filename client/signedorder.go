package client

import (
	"context"
	"crypto/rand"
	"fmt"
	"math/big"
	"net/url"
	"strings"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/math"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/signer/core/apitypes"

	"github.com/predict-dev/predict/wire"
)

// Signed orders (docs/orders.md): limit orders their maker signs off
// chain (EIP-712) for the Exchange contract, which the service matches and
// settles. The account must have enabled trading on the market first
// (Signer.EnableTrading).

// SignedOrderMessage is an order as its maker signs it, with its
// signature: place-signed-order's order.
type SignedOrderMessage = wire.SignedOrderMessage

// SignedOrder is a signed order as the service keeps it.
type SignedOrder = wire.SignedOrder

// SignedOrdersPage is a page of the caller's signed orders, newest first.
type SignedOrdersPage = wire.SignedOrdersPage

// CancelSignedOrdersRequest is cancel-signed-orders' body: one order by
// its hash, every open order of a market, or, with All, every open order
// of the caller.
type CancelSignedOrdersRequest = wire.CancelSignedOrdersRequest

// CancelledSignedOrders are the hashes of the orders a cancel closed.
type CancelledSignedOrders = wire.CancelledSignedOrders

// Sides of a signed order, as the Exchange numbers them (not place-order's
// SideBuy and SideSell).
const (
	SignedBuy  = 0 // gives base tokens for option tokens
	SignedSell = 1 // gives option tokens for base tokens
)

// PlaceSignedOrder places an order signed by its maker's key (or its
// account's owner key); the answer is the order as the service keeps it.
func (c *Client) PlaceSignedOrder(ctx context.Context, order SignedOrderMessage) (*SignedOrder, error) {
	return submit[SignedOrder](ctx, c, "/api/v1/market/place-signed-order", wire.PlaceSignedOrderRequest{Order: order}, "place signed order")
}

// CancelSignedOrders closes the caller's open orders that req names; the
// answer lists their hashes.
func (c *Client) CancelSignedOrders(ctx context.Context, req CancelSignedOrdersRequest) (*CancelledSignedOrders, error) {
	return submit[CancelledSignedOrders](ctx, c, "/api/v1/market/cancel-signed-orders", req, "cancel signed orders")
}

// SignedOrdersQuery holds the parameters of get-signed-orders.
type SignedOrdersQuery struct {
	Page, PageSize int
	MarketAddress  string
	// Open lists only the open orders.
	Open bool
}

// GetSignedOrders lists the caller's signed orders, newest first.
func (c *Client) GetSignedOrders(ctx context.Context, q SignedOrdersQuery) (*SignedOrdersPage, error) {
	v := url.Values{}
	status := ""
	if q.Open {
		status = "open"
	}
	query(v).paging(q.Page, q.PageSize).str("marketAddress", q.MarketAddress).str("status", status)
	return fetch[SignedOrdersPage](ctx, c, "/api/v1/market/get-signed-orders", v, "get signed orders")
}

// GetSignedOrder reads one signed order by its hash.
func (c *Client) GetSignedOrder(ctx context.Context, orderHash string) (*SignedOrder, error) {
	return fetchBy[SignedOrder](ctx, c, "/api/v1/market/get-signed-order", "orderHash", orderHash, "signed order %s", orderHash)
}

// GetSignedBook reads a market's open signed orders by option, side and
// price, beside the pool's price of each option.
func (c *Client) GetSignedBook(ctx context.Context, market string) (*OrderBook, error) {
	return fetchBy[OrderBook](ctx, c, "/api/v1/market/get-signed-book", "marketAddress", market, "signed book of %s", market)
}

// OrderTerms are what a signed order says beside its maker and signer,
// which Signer.Order fills in.
type OrderTerms struct {
	MarketAddress string
	// Option is the option's index in the market.
	Option int
	// Side is SignedBuy or SignedSell.
	Side int
	// MakerAmount is what the order gives in all (base units of the base
	// token for a buy, of the option token for a sell), TakerAmount what
	// it wants for that: its limit is TakerAmount/MakerAmount.
	MakerAmount, TakerAmount *big.Int
	// Expiration is the unix time from which it cannot fill; 0 never.
	Expiration int64
	// Salt is random when nil; Nonce is 0 when nil (the account's nonce
	// on the Exchange, which cancels every older order when raised).
	Salt, Nonce *big.Int
	// FeeRateBps is the highest fee the maker accepts, on what it
	// receives.
	FeeRateBps int64
}

// Order signs an order of the signer's smart account (its maker) with the
// owner key (its signer), in the EIP-712 domain of GET /api/v1/config's
// orderTypedData, and places it.
func (s *Signer) Order(ctx context.Context, t OrderTerms) (*SignedOrder, error) {
	msg, err := s.SignOrder(ctx, t)
	if err != nil {
		return nil, err
	}
	return s.client.PlaceSignedOrder(ctx, *msg)
}

// SignOrder builds and signs an order as Order does, without placing it.
func (s *Signer) SignOrder(ctx context.Context, t OrderTerms) (*SignedOrderMessage, error) {
	if !common.IsHexAddress(t.MarketAddress) {
		return nil, fmt.Errorf("sign order: market %q is not an address", t.MarketAddress)
	}
	if t.MakerAmount == nil || t.TakerAmount == nil {
		return nil, fmt.Errorf("sign order: makerAmount and takerAmount are required")
	}
	cfg, err := s.client.GetConfig(ctx)
	if err != nil {
		return nil, err
	}
	td := cfg.OrderTypedData
	if td == nil || cfg.Exchange == "" {
		return nil, fmt.Errorf("sign order: the service has no Exchange: signed orders are not available")
	}
	// The domain is the chain's and the Exchange's the config names: an
	// order signed for another chain or contract would be another's.
	if td.Domain.ChainID != cfg.ChainID || !strings.EqualFold(td.Domain.VerifyingContract, cfg.Exchange) || td.PrimaryType != "Order" {
		return nil, fmt.Errorf("sign order: orderTypedData's domain (chain %d, contract %s) is not the config's (chain %d, Exchange %s)",
			td.Domain.ChainID, td.Domain.VerifyingContract, cfg.ChainID, cfg.Exchange)
	}
	maker, err := s.Account(ctx)
	if err != nil {
		return nil, err
	}
	salt := t.Salt
	if salt == nil {
		// 128 random bits: a maker uses each salt once.
		if salt, err = rand.Int(rand.Reader, new(big.Int).Lsh(big.NewInt(1), 128)); err != nil {
			return nil, err
		}
	}
	nonce := t.Nonce
	if nonce == nil {
		nonce = new(big.Int)
	}
	msg := &SignedOrderMessage{
		Maker: strings.ToLower(maker.Hex()), Signer: strings.ToLower(s.owner.Hex()), Market: strings.ToLower(t.MarketAddress),
		Option: wire.NewAmount(big.NewInt(int64(t.Option))), Side: wire.NewAmount(big.NewInt(int64(t.Side))),
		MakerAmount: wire.NewAmount(t.MakerAmount), TakerAmount: wire.NewAmount(t.TakerAmount),
		Expiration: wire.NewAmount(big.NewInt(t.Expiration)), Salt: wire.NewAmount(salt), Nonce: wire.NewAmount(nonce),
		FeeRateBps: wire.NewAmount(big.NewInt(t.FeeRateBps)),
	}
	sig, err := signTypedOrder(s, td, msg)
	if err != nil {
		return nil, err
	}
	msg.Signature = sig
	return msg, nil
}

// signTypedOrder signs msg as EIP-712 typed data of td with the owner key,
// as viem's signTypedData does (v 27 or 28).
func signTypedOrder(s *Signer, td *wire.TypedData, msg *SignedOrderMessage) (string, error) {
	types := apitypes.Types{}
	for name, fields := range td.Types {
		for _, f := range fields {
			types[name] = append(types[name], apitypes.Type{Name: f.Name, Type: f.Type})
		}
	}
	if _, ok := types["EIP712Domain"]; !ok {
		types["EIP712Domain"] = []apitypes.Type{{Name: "name", Type: "string"}, {Name: "version", Type: "string"},
			{Name: "chainId", Type: "uint256"}, {Name: "verifyingContract", Type: "address"}}
	}
	data := apitypes.TypedData{Types: types, PrimaryType: td.PrimaryType,
		Domain: apitypes.TypedDataDomain{Name: td.Domain.Name, Version: td.Domain.Version,
			ChainId: math.NewHexOrDecimal256(td.Domain.ChainID), VerifyingContract: td.Domain.VerifyingContract},
		Message: apitypes.TypedDataMessage{
			"maker": msg.Maker, "signer": msg.Signer, "market": msg.Market, "option": msg.Option.String(), "side": msg.Side.String(),
			"makerAmount": msg.MakerAmount.String(), "takerAmount": msg.TakerAmount.String(), "expiration": msg.Expiration.String(),
			"salt": msg.Salt.String(), "nonce": msg.Nonce.String(), "feeRateBps": msg.FeeRateBps.String(),
		}}
	hash, _, err := apitypes.TypedDataAndHash(data)
	if err != nil {
		return "", fmt.Errorf("sign order: %w", err)
	}
	sig, err := crypto.Sign(hash, s.key)
	if err != nil {
		return "", fmt.Errorf("sign order: %w", err)
	}
	sig[64] += 27
	return "0x" + common.Bytes2Hex(sig), nil
}
