package ops

import (
	"math/big"
	"testing"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/internal/aa"
)

func TestPlaceOrderRoute(t *testing.T) {
	buyer, seller := predict.SideBuy, predict.SideSell
	tests := []struct {
		orderType, tif string
		side           *int
		want           *Descriptor
		fails          bool
	}{
		{"", "", &buyer, buy, false},
		{"market", "", &seller, sell, false},
		{"", "GTC", &buyer, nil, true},
		{"limit", "", &buyer, placeLimitOrder, false},
		{"limit", "GTC", &seller, placeLimitOrder, false},
		{"limit", "GTD", &buyer, placeLimitOrder, false},
		{"limit", "IOC", &buyer, placeLimitOrder, false},
		{"limit", "FOK", &buyer, buy, false},
		{"limit", "FOK", &seller, sell, false},
		{"limit", "FOK", nil, nil, true},
		{"limit", "gtc", &buyer, nil, true},
		{"stop", "", &buyer, nil, true},
	}
	for _, tc := range tests {
		got, err := PlaceOrder(&Envelope{OrderType: tc.orderType, TimeInForce: tc.tif, Side: tc.side})
		if (err != nil) != tc.fails || got != tc.want {
			t.Errorf("orderType %q timeInForce %q: %v %v", tc.orderType, tc.tif, got, err)
		}
	}
}

// TestFillOrKillLeast: the least output of a FOK order is what its limit
// gives for the whole amount, rounded up, and a larger minReceiveAmount
// is kept.
func TestFillOrKillLeast(t *testing.T) {
	tests := []struct {
		kind                  aa.Kind
		amount, price, minOut string
		want                  string
	}{
		{aa.KindBuy, "10000000", "0.6", "", "16666667"}, // 10 / 0.6 tokens, up
		{aa.KindBuy, "10000000", "0.5", "", "20000000"},
		{aa.KindBuy, "10000000", "0.5", "25000000", "25000000"},
		{aa.KindSell, "10000000", "0.35", "", "3500000"},
		{aa.KindSell, "3", "0.35", "", "2"}, // 1.05 base, up
		{aa.KindSell, "10000000", "0.35", "1", "3500000"},
	}
	for _, tc := range tests {
		b := &tradeBody{OrderType: OrderLimit, MarketAddress: "0x00000000000000000000000000000000000000aa",
			OptionAddress: "0x00000000000000000000000000000000000000bb", Amount: tc.amount, Price: tc.price, MinReceiveAmount: tc.minOut,
			Deadline: "2000000000"}
		parsed, err := b.parse(Header{Kind: tc.kind})
		if err != nil {
			t.Fatalf("%+v: %v", tc, err)
		}
		req := parsed.(*tradeRequest)
		if want, _ := new(big.Int).SetString(tc.want, 10); req.MinOut.Cmp(want) != 0 {
			t.Errorf("%s %s at %s (min %q): least %s, want %s", tc.kind, tc.amount, tc.price, tc.minOut, req.MinOut, tc.want)
		}
	}
}
