package api_test

import (
	"context"
	"fmt"
	"math/big"
	"net/http"
	"strings"
	"testing"

	"github.com/ethereum/go-ethereum/common"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/internal/api"
	"github.com/predict-dev/predict/internal/exchange"
	"github.com/predict-dev/predict/internal/store"
	"github.com/predict-dev/predict/internal/store/storetest"
	"github.com/predict-dev/predict/wire"
)

// deskDouble keeps orders in the real store without the chain's checks
// (signature, nonce, funds): those are internal/orders' and are tested
// there against the Exchange on the dev chain. Here only the API's
// handling of requests and answers is.
type deskDouble struct {
	s      *store.DB
	refuse error
}

func (d *deskDouble) Place(ctx context.Context, u *predict.User, o *exchange.Order) (*predict.SignedOrder, error) {
	if d.refuse != nil {
		return nil, d.refuse
	}
	h, err := exchange.Hash(exchange.Domain{ChainID: big.NewInt(1337), Exchange: common.HexToAddress(addr(0xee))}, o)
	if err != nil {
		return nil, err
	}
	so := &predict.SignedOrder{Hash: strings.ToLower(h.Hex()), Maker: strings.ToLower(o.Maker.Hex()), Signer: strings.ToLower(o.Signer.Hex()),
		UID: u.UID, Market: strings.ToLower(o.Market.Hex()), Option: int(o.Option.Int64()), Side: int(o.Side),
		MakerAmount: o.MakerAmount, TakerAmount: o.TakerAmount, Salt: o.Salt, Nonce: o.Nonce, FeeRateBps: int(o.FeeRateBps.Int64()),
		Signature: o.Signature}
	return so, d.s.PlaceSignedOrder(ctx, so, predict.SignedOrderLimits{PerMarket: 10, Total: 10})
}

func (d *deskDouble) Cancel(ctx context.Context, u *predict.User, f predict.SignedOrderCancel) ([]*predict.SignedOrder, error) {
	return d.s.CancelSignedOrders(ctx, u.UID, f)
}

// orderBody is a place-signed-order body of a buy on option 0 of market.
func orderBody(market string, salt int, base, tokens int64) map[string]any {
	return map[string]any{"order": map[string]any{
		"maker": addr(0xa1), "signer": addr(0xa2), "market": market, "option": "0", "side": 0,
		"makerAmount": fmt.Sprint(base), "takerAmount": fmt.Sprint(tokens), "expiration": "0", "salt": fmt.Sprint(salt),
		"nonce": "0", "feeRateBps": "100", "signature": "0x" + strings.Repeat("ab", 65),
	}}
}

// TestSignedOrderEndpoints: placing, reading and cancelling signed orders
// through the real router on both stores, with every answer checked
// against openapi.yaml and every refusal's code.
func TestSignedOrderEndpoints(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.DB) {
		desk := &deskDouble{s: s}
		e := newEnv(t, s, func(c *api.Config) { c.Orders = desk })
		m := storetest.NewMarket(t, s, nil)
		alice, bob := e.signIn("did:dev:alice", addr(0xa1)), e.signIn("did:dev:bob", addr(0xb0b))

		r := e.do("POST", "/api/v1/market/place-signed-order", alice, orderBody(m.Address, 1, 4_000_000, 10_000_000))
		wantOK(t, r)
		var placed wire.SignedOrder
		r.into(t, &placed)
		if placed.Status != "open" || placed.Price != "0.4" || placed.Left.Int64() != 4_000_000 || placed.OptionAddress != m.Options[0].Address {
			t.Fatalf("placed %+v", placed)
		}
		wantOK(t, e.do("POST", "/api/v1/market/place-signed-order", alice, orderBody(m.Address, 2, 4_500_000, 10_000_000)))
		wantOK(t, e.do("POST", "/api/v1/market/place-signed-order", alice, orderBody(m.Address, 3, 4_500_000, 10_000_000)))

		var book wire.OrderBook
		e.read(t, "/api/v1/market/get-signed-book?marketAddress="+m.Address, "", &book)
		bids := book.Options[0].Bids
		if len(bids) != 2 || bids[0].Price != "0.45" || bids[0].Orders != 2 || bids[0].Remaining.Int64() != 9_000_000 || bids[1].Price != "0.4" {
			t.Fatalf("book bids %+v", bids)
		}
		var one wire.SignedOrder
		e.read(t, "/api/v1/market/get-signed-order?orderHash="+placed.OrderHash, "", &one)
		if one.OrderHash != placed.OrderHash {
			t.Fatalf("order by hash %+v", one)
		}
		var mine wire.SignedOrdersPage
		e.read(t, "/api/v1/market/get-signed-orders?status=open&pageSize=2", alice, &mine)
		if mine.Total != 3 || len(mine.Orders) != 2 {
			t.Fatalf("alice's open orders: %d of %d", len(mine.Orders), mine.Total)
		}
		e.read(t, "/api/v1/market/get-signed-orders", bob, &mine)
		if mine.Total != 0 {
			t.Fatalf("bob sees %d orders of alice's", mine.Total)
		}

		// Refusals of the request itself, and the desk's, by code.
		bad := func(mutate func(o map[string]any)) map[string]any {
			b := orderBody(m.Address, 9, 4_000_000, 10_000_000)
			mutate(b["order"].(map[string]any))
			return b
		}
		for name, body := range map[string]any{
			"no salt":         bad(func(o map[string]any) { delete(o, "salt") }),
			"side 2":          bad(func(o map[string]any) { o["side"] = 2 }),
			"negative amount": bad(func(o map[string]any) { o["makerAmount"] = "-1" }),
			"bad maker":       bad(func(o map[string]any) { o["maker"] = "0x12" }),
			"odd signature":   bad(func(o map[string]any) { o["signature"] = "0xabc" }),
			"no 0x":           bad(func(o map[string]any) { o["signature"] = strings.Repeat("ab", 65) }),
			"long signature":  bad(func(o map[string]any) { o["signature"] = "0x" + strings.Repeat("ab", 2049) }),
		} {
			r := e.do("POST", "/api/v1/market/place-signed-order", alice, body)
			if r.status != http.StatusBadRequest && r.status != http.StatusRequestEntityTooLarge {
				t.Errorf("%s: HTTP %d %s", name, r.status, r.Msg)
			}
		}
		for code, want := range map[string][2]int{
			predict.ESIGNATURE:   {400, 110122},
			predict.EORDERCLOSED: {409, 110123},
			predict.EDUPLICATE:   {409, 110124},
			predict.ELIMIT:       {409, 110125},
			predict.ETOOSMALL:    {400, 110126},
			predict.ENOTAPPROVED: {409, 110127},
			predict.EBALANCE:     {409, 110110},
		} {
			desk.refuse = predict.Errorf(code, "refused: %s", code)
			wantError(t, e.do("POST", "/api/v1/market/place-signed-order", alice, orderBody(m.Address, 10, 4_000_000, 10_000_000)), want[0], want[1])
		}
		desk.refuse = nil
		wantError(t, e.do("POST", "/api/v1/market/place-signed-order", "", orderBody(m.Address, 11, 4_000_000, 10_000_000)), 401, 110303)

		// Cancels: exactly one selector; another user's order is not found.
		wantError(t, e.do("POST", "/api/v1/market/cancel-signed-orders", alice, map[string]any{}), 400, 110101)
		wantError(t, e.do("POST", "/api/v1/market/cancel-signed-orders", alice, map[string]any{"all": true, "marketAddress": m.Address}), 400, 110101)
		wantError(t, e.do("POST", "/api/v1/market/cancel-signed-orders", alice, map[string]any{"orderHash": "0x12"}), 400, 110101)
		wantError(t, e.do("POST", "/api/v1/market/cancel-signed-orders", bob, map[string]any{"orderHash": placed.OrderHash}), 404, 110102)
		var gone wire.CancelledSignedOrders
		r = e.do("POST", "/api/v1/market/cancel-signed-orders", alice, map[string]any{"orderHash": placed.OrderHash})
		wantOK(t, r)
		r.into(t, &gone)
		if len(gone.Cancelled) != 1 || gone.Cancelled[0] != placed.OrderHash {
			t.Fatalf("cancelled %v", gone.Cancelled)
		}
		wantError(t, e.do("POST", "/api/v1/market/cancel-signed-orders", alice, map[string]any{"orderHash": placed.OrderHash}), 409, 110123)
		r = e.do("POST", "/api/v1/market/cancel-signed-orders", alice, map[string]any{"marketAddress": m.Address})
		wantOK(t, r)
		r.into(t, &gone)
		if len(gone.Cancelled) != 2 {
			t.Fatalf("cancelled the market's: %v", gone.Cancelled)
		}
		e.read(t, "/api/v1/market/get-signed-book?marketAddress="+m.Address, "", &book)
		if len(book.Options[0].Bids) != 0 {
			t.Fatalf("book after cancelling all: %+v", book.Options[0].Bids)
		}
	})
}

// TestSignedOrdersWithoutExchange: a deployment without an Exchange
// answers the order actions NOT_IMPLEMENTED.
func TestSignedOrdersWithoutExchange(t *testing.T) {
	s := storetest.OpenSQLite(t)
	e := newEnv(t, s)
	m := storetest.NewMarket(t, s, nil)
	wantError(t, e.do("POST", "/api/v1/market/place-signed-order", e.signIn("did:dev:alice", addr(0xa1)), orderBody(m.Address, 1, 4_000_000, 10_000_000)), 501, 110111)
}
