package api_test

import (
	"fmt"
	"math/big"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/internal/store"
	"github.com/predict-dev/predict/internal/store/storetest"
	"github.com/predict-dev/predict/wire"
)

// TestLimitOrderReads: the book of a market's open orders by price with
// the pool's price, the caller's orders by market and status, one order
// by uuid or id with its fills; every answer validated against
// openapi.yaml (e.do), on both stores.
func TestLimitOrderReads(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env, s *store.DB) {
		sim := storetest.NewChainSim(t)
		sim.Escrow = addr(0xe5c)
		alice, bob := addr(0xa1), addr(0xb0)
		sim.Create(big.NewInt(1000_000000), "")
		sim.Mint(alice, big.NewInt(500_000000))
		sim.Mint(bob, big.NewInt(500_000000))
		sim.Next("")
		op := "0x" + strings.Repeat("ef", 32)
		far := time.Now().Add(24 * time.Hour).Unix()
		n := big.NewInt
		sim.PlaceOrder(alice, 0, true, n(45e16), n(100_000000), far, op)
		sim.PlaceOrder(bob, 0, true, n(45e16), n(50_000000), far, "")
		sim.PlaceOrder(alice, 1, true, n(30e16), n(20_000000), far, "")
		sim.Apply(s)
		sim.Next("")
		sim.FillFromPool(3, n(20_000000))
		sim.Apply(s)
		token := e.signIn("did:dev:alice", alice)

		r := e.do("GET", "/api/v1/market/get-order-book?marketAddress="+sim.Market, "", nil)
		wantOK(t, r)
		var book wire.OrderBook
		r.into(t, &book)
		levels := func(ls []wire.BookLevel) string {
			var out []string
			for _, l := range ls {
				out = append(out, fmt.Sprintf("%s %s×%d", l.Price, l.Remaining, l.Orders))
			}
			return strings.Join(out, ",")
		}
		if len(book.Options) != 2 || levels(book.Options[0].Bids) != "0.45 150000000×2" || len(book.Options[0].Asks) != 0 ||
			levels(book.Options[1].Bids) != "" || book.Options[0].PoolPrice == "" || book.Options[1].OptionAddress != sim.Options[1] {
			t.Fatalf("book %+v", book)
		}

		var page wire.LimitOrdersPage
		r = e.do("GET", "/api/v1/market/get-user-orders?page=1&pageSize=10&marketAddress="+sim.Market, token, nil)
		wantOK(t, r)
		r.into(t, &page)
		if page.Total != 2 || page.Orders[0].OrderID != 3 || page.Orders[0].Status != predict.OrderFilled || page.Orders[1].Status != predict.OrderOpen {
			t.Fatalf("alice's orders %+v", page)
		}
		r = e.do("GET", "/api/v1/market/get-user-orders?page=1&pageSize=10&status=open", token, nil)
		wantOK(t, r)
		r.into(t, &page)
		if page.Total != 1 || page.Orders[0].OrderUUID != predict.LimitOrderUUID(op) || page.Orders[0].Price != "0.45" {
			t.Fatalf("alice's open orders %+v", page)
		}
		wantError(t, e.do("GET", "/api/v1/market/get-user-orders?page=1&pageSize=10&status=resting", token, nil), http.StatusBadRequest, 110101)
		wantError(t, e.do("GET", "/api/v1/market/get-user-orders?page=1&pageSize=10", "", nil), http.StatusUnauthorized, 110303)

		var o wire.LimitOrder
		r = e.do("GET", "/api/v1/market/get-order?orderUuid="+predict.LimitOrderUUID(op), "", nil)
		wantOK(t, r)
		r.into(t, &o)
		if o.OrderID != 1 || o.Owner != alice || o.Amount.String() != "100000000" || o.OpHash != op || len(o.Fills) != 0 {
			t.Fatalf("order by uuid %+v", o)
		}
		r = e.do("GET", "/api/v1/market/get-order?orderId=3", "", nil)
		wantOK(t, r)
		r.into(t, &o)
		if o.Status != predict.OrderFilled || len(o.Fills) != 1 || o.Fills[0].AmountIn.String() != "20000000" || o.Fills[0].Counterparty != sim.Market ||
			o.Received.String() != o.Fills[0].AmountOut.String() {
			t.Fatalf("filled order %+v", o)
		}
		wantError(t, e.do("GET", "/api/v1/market/get-order?orderId=9", "", nil), http.StatusNotFound, 110102)
		wantError(t, e.do("GET", "/api/v1/market/get-order?orderId=1&orderUuid="+predict.LimitOrderUUID(op), "", nil), http.StatusBadRequest, 110101)
		wantError(t, e.do("GET", "/api/v1/market/get-order-book?marketAddress="+addr(0x77), "", nil), http.StatusNotFound, 110102)
	})
}
