package ops

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"math/big"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/internal/aa"
	"github.com/predict-dev/predict/wire"
)

var update = flag.Bool("update", false, "rewrite kind/testdata/calldata.json")

// vectorsFile holds the callData test vectors the service (here), the Go
// client (client/check_internal_test.go) and the web app's checker
// (web/test/calldata.test.mjs) are all tested on.
const vectorsFile = "../../kind/testdata/calldata.json"

// vector is a request, the callData of an operation sent with it, and
// whether the callData performs the request.
type vector struct {
	Name   string `json:"name"`
	Action string `json:"action"`
	// Request is the wire request's JSON, Intent the web app's (numbers
	// in decimal strings).
	Request  json.RawMessage `json:"request"`
	Intent   intent          `json:"intent"`
	CallData string          `json:"callData"`
	OK       bool            `json:"ok"`
}

// intent is web/src/calldata.ts's Intent.
type intent struct {
	Kind             string   `json:"kind"`
	Market           string   `json:"market,omitempty"`
	Option           *int     `json:"option,omitempty"`
	Amount           string   `json:"amount,omitempty"`
	MinOut           string   `json:"minOut,omitempty"`
	Deadline         string   `json:"deadline,omitempty"`
	Outcome          string   `json:"outcome,omitempty"`
	Bond             string   `json:"bond,omitempty"`
	Void             bool     `json:"void,omitempty"`
	Factory          string   `json:"factory,omitempty"`
	BaseToken        string   `json:"baseToken,omitempty"`
	Options          []string `json:"options,omitempty"`
	EndTime          string   `json:"endTime,omitempty"`
	InitialLiquidity string   `json:"initialLiquidity,omitempty"`
	// A limit order's: the escrow called, its terms, and the orders a
	// cancellation names (decimal strings), with cancelMany for Many.
	Escrow     string   `json:"escrow,omitempty"`
	IsBuy      *bool    `json:"isBuy,omitempty"`
	LimitPrice string   `json:"limitPrice,omitempty"`
	Expiry     string   `json:"expiry,omitempty"`
	PostOnly   *bool    `json:"postOnly,omitempty"`
	OrderIDs   []string `json:"orderIds,omitempty"`
	Many       bool     `json:"many,omitempty"`
	// Enable-trading's: the token its own approve is of, and the spender
	// (the Exchange) of every approve.
	Token   string `json:"token,omitempty"`
	Spender string `json:"spender,omitempty"`
}

// wireOf is the wire request and the web intent of req, whose action is
// want.
func wireOf(req Request, want *aa.Action) (any, intent) {
	h := req.Head()
	m := lower(h.Market)
	in := intent{Kind: string(h.Kind), Market: m}
	str := func(x *big.Int) string { return x.String() }
	deadline := func(d *big.Int) wire.Unix { return wire.NewUnix(time.Unix(d.Int64(), 0)) }
	switch req := req.(type) {
	case *tradeRequest:
		opt := want.Option
		in.Option, in.Amount, in.MinOut, in.Deadline = &opt, str(req.Amount), str(req.MinOut), str(req.Deadline)
		return &wire.PlaceOrderRequest{MarketAddress: m, OptionAddress: lower(req.Option), Side: req.Side, Amount: wire.NewAmount(req.Amount),
			MinReceiveAmount: wire.NewAmount(req.MinOut), Deadline: deadline(req.Deadline)}, in
	case *addLiquidityRequest:
		in.Amount, in.MinOut, in.Deadline = str(req.Amount), str(req.MinOut), str(req.Deadline)
		return &wire.AddLiquidityRequest{MarketAddress: m, Amount: wire.NewAmount(req.Amount), MinLPAmount: wire.NewAmount(req.MinOut), Deadline: deadline(req.Deadline)}, in
	case *removeLiquidityRequest:
		in.Amount, in.MinOut, in.Deadline = str(req.Amount), str(req.MinOut), str(req.Deadline)
		return &wire.RemoveLiquidityRequest{MarketAddress: m, LPAmount: wire.NewAmount(req.Amount), MinReceiveAmount: wire.NewAmount(req.MinOut), Deadline: deadline(req.Deadline)}, in
	case *claimRequest:
		in.Void = want.Kind == aa.KindClaimVoid
		return &wire.ClaimRequest{MarketAddress: m, OptionAddress: lower(req.Option)}, in
	case *settleRequest:
		in.Outcome, in.Bond = outcomeString(req.outcome, want), bondOf(want)
		return &wire.SettleMarketRequest{MarketAddress: m, WinningOptionAddress: winning(req.outcome), Void: req.Void}, in
	case *arbitrateRequest:
		in.Outcome, in.Bond = outcomeString(req.outcome, want), bondOf(want)
		return &wire.ArbitrateMarketRequest{MarketAddress: m, WinningOptionAddress: winning(req.outcome), Void: req.Void}, in
	case *disputeRequest:
		in.Bond = "0"
		if len(want.Approvals) > 0 {
			in.Bond = str(want.Approvals[0].Amount)
		}
		return &wire.DisputeMarketRequest{MarketAddress: m}, in
	case *finalizeRequest:
		return &wire.FinalizeMarketRequest{MarketAddress: m}, in
	case *createRequest:
		c := req
		in = intent{Kind: string(h.Kind), Factory: lower(want.Target), BaseToken: c.BaseToken, Options: c.Draft.titles(),
			EndTime: str(big.NewInt(c.EndTime.Unix())), InitialLiquidity: str(c.InitialLiquidity)}
		var opts []wire.OptionTitle
		for _, t := range c.Draft.titles() {
			opts = append(opts, wire.OptionTitle{Title: t})
		}
		return &wire.CreateMarketRequest{Title: c.Draft.Title, Description: c.Draft.Description, Rules: c.Draft.Rules, Options: opts,
			CategoryID: c.Draft.CategoryID, EndTime: wire.NewTime(c.EndTime), BaseTokenAddress: c.BaseToken, InitialLiquidity: wire.NewAmount(c.InitialLiquidity)}, in
	case *limitOrderRequest:
		opt, buy, post := want.Option, req.Side == predict.SideBuy, req.PostOnly
		in.Escrow, in.Option, in.IsBuy, in.LimitPrice = lower(want.Target), &opt, &buy, str(req.LimitPrice)
		in.Amount, in.Expiry, in.PostOnly = str(req.Amount), str(req.Expiry), &post
		return &wire.PlaceLimitOrderRequest{MarketAddress: m, OptionAddress: lower(req.Option), Side: req.Side, Price: predict.FormatPrice(req.LimitPrice),
			Amount: wire.NewAmount(req.Amount), Expiry: wire.NewUnix(time.Unix(req.Expiry.Int64(), 0)), PostOnly: req.PostOnly}, in
	case *cancelRequest:
		in.Escrow, in.Many = lower(want.Target), want.Many
		if !req.CancelAll {
			in.OrderIDs = []string{str(req.OrderID)}
			return &wire.CancelOrderRequest{MarketAddress: m, OrderID: req.OrderID.Int64()}, in
		}
		return &wire.CancelOrderRequest{MarketAddress: m, CancelAll: true}, in
	case *enableTradingRequest:
		in.Token, in.Spender, in.Amount = lower(want.Target), lower(want.Spender), str(want.Amount)
		return &wire.EnableTradingRequest{MarketAddress: m}, in
	}
	panic("no wire request of " + h.Kind)
}

// bondOf is the bond an outcome's action approves ("" for none).
func bondOf(want *aa.Action) string {
	if len(want.Approvals) > 0 {
		return want.Approvals[0].Amount.String()
	}
	return ""
}

// winning is the winning option's address of an outcome ("" for void).
func winning(o outcome) string {
	if o.Void {
		return ""
	}
	return lower(o.Option)
}

func outcomeString(o outcome, want *aa.Action) string {
	if o.Void {
		return new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 256), big.NewInt(1)).String()
	}
	return big.NewInt(int64(want.Option)).String()
}

// TestCallDataVectors builds each kind's request as the service does,
// encodes its callData as sent and as tampered with, and checks the
// service's own judgment (matches) of each against the vectors file,
// which -update rewrites.
func TestCallDataVectors(t *testing.T) {
	s := newKindService(t)
	user := &predict.User{UID: "uid-alice", Address: lower(alice)}
	n := big.NewInt
	type vcase struct {
		name   string
		kind   aa.Kind
		req    any // a func of the kind's request type
		change func(a *aa.Action)
		ok     bool
	}
	// good is a request and the callData the service builds for it; bad
	// the same callData changed.
	good := func(name string, k aa.Kind, req any) vcase { return vcase{name, k, req, nil, true} }
	bad := func(name string, k aa.Kind, req any, change func(a *aa.Action)) vcase {
		return vcase{name, k, req, change, false}
	}
	onEnded := func(r *removeLiquidityRequest) { r.Market = ended }
	void := func(r *settleRequest) { r.Market, r.Option, r.Void = windowed, common.Address{}, true }
	cases := []vcase{
		good("Buy", aa.KindBuy, nil),
		bad("BuyOtherAmount", aa.KindBuy, nil, func(a *aa.Action) { a.Amount = n(99); a.Approvals[0].Amount = n(99) }),
		bad("BuyOtherMinimum", aa.KindBuy, nil, func(a *aa.Action) { a.MinOut = n(0) }),
		bad("BuyOtherDeadline", aa.KindBuy, nil, func(a *aa.Action) { a.Deadline = new(big.Int).Add(a.Deadline, n(1)) }),
		bad("BuyAsSell", aa.KindBuy, nil, func(a *aa.Action) { a.Kind, a.Approvals = aa.KindSell, nil }),
		bad("BuyOtherMarket", aa.KindBuy, nil, func(a *aa.Action) { a.Target = settling }),
		bad("BuyApprovesStranger", aa.KindBuy, nil, func(a *aa.Action) { a.Approvals[0].Spender = stranger }),
		good("Sell", aa.KindSell, nil),
		good("AddLiquidity", aa.KindAddLiquidity, nil),
		bad("AddLiquidityOtherMinimum", aa.KindAddLiquidity, nil, func(a *aa.Action) { a.MinOut = n(5) }),
		good("RemoveLiquidity", aa.KindRemoveLiquidity, nil),
		bad("RemoveLiquidityOtherAmount", aa.KindRemoveLiquidity, nil, func(a *aa.Action) { a.Amount = n(11) }),
		good("RedeemLiquidity", aa.KindRemoveLiquidity, onEnded),
		bad("RedeemOtherAmount", aa.KindRemoveLiquidity, onEnded, func(a *aa.Action) { a.Amount = n(9) }),
		good("Claim", aa.KindClaim, nil),
		bad("ClaimNothing", aa.KindClaim, nil, func(a *aa.Action) { a.Amount = n(0) }),
		good("Settle", aa.KindSettleMarket, nil),
		bad("SettleVoidAsOption", aa.KindSettleMarket, void, func(a *aa.Action) { a.Option = 1 }),
		good("SettleVoid", aa.KindSettleMarket, void),
		bad("SettleAsClaim", aa.KindSettleMarket, nil, func(a *aa.Action) { a.Kind, a.Amount = aa.KindClaim, n(1) }),
		good("Dispute", aa.KindDisputeMarket, nil),
		good("Finalize", aa.KindFinalizeMarket, nil),
		bad("FinalizeOtherMarket", aa.KindFinalizeMarket, nil, func(a *aa.Action) { a.Target = running }),
		good("Arbitrate", aa.KindArbitrateMarket, nil),
		good("CreateMarket", aa.KindCreateMarket, nil),
		bad("CreateMarketOtherOptions", aa.KindCreateMarket, nil, func(a *aa.Action) { a.Create.OptionNames = []string{"No", "Yes"} }),
		bad("CreateMarketOtherLiquidity", aa.KindCreateMarket, nil, func(a *aa.Action) {
			a.Create.InitialLiquidity, a.Amount, a.Approvals[0].Amount = n(1), n(1), n(1)
		}),
		good("PlaceLimitOrder", aa.KindPlaceLimitOrder, nil),
		good("PlaceLimitOrderSellPostOnly", aa.KindPlaceLimitOrder, func(r *limitOrderRequest) { r.Option, r.Side, r.PostOnly = yes, predict.SideSell, true }),
		bad("PlaceLimitOrderOtherPrice", aa.KindPlaceLimitOrder, nil, func(a *aa.Action) { a.Order.LimitPrice = n(46e16) }),
		bad("PlaceLimitOrderOtherSide", aa.KindPlaceLimitOrder, nil, func(a *aa.Action) { a.Order.IsBuy = false }),
		bad("PlaceLimitOrderOtherExpiry", aa.KindPlaceLimitOrder, nil, func(a *aa.Action) { a.Order.Expiry++ }),
		bad("PlaceLimitOrderOtherAmount", aa.KindPlaceLimitOrder, nil, func(a *aa.Action) { a.Amount = n(99) }),
		bad("PlaceLimitOrderOtherMarket", aa.KindPlaceLimitOrder, nil, func(a *aa.Action) { a.Order.Market = settling }),
		bad("PlaceLimitOrderNotPostOnly", aa.KindPlaceLimitOrder, func(r *limitOrderRequest) { r.PostOnly = true }, func(a *aa.Action) { a.Order.PostOnly = false }),
		bad("PlaceLimitOrderApprovesStranger", aa.KindPlaceLimitOrder, nil, func(a *aa.Action) { a.Approvals[0].Spender = stranger }),
		good("CancelOrder", aa.KindCancelOrder, nil),
		bad("CancelOrderOtherOrder", aa.KindCancelOrder, nil, func(a *aa.Action) { a.OrderIDs = []*big.Int{n(4)} }),
		good("CancelOrderAll", aa.KindCancelOrder, func(r *cancelRequest) { r.OrderID, r.CancelAll = nil, true }),
		good("EnableTrading", aa.KindEnableTrading, nil),
		bad("EnableTradingOtherSpender", aa.KindEnableTrading, nil, func(a *aa.Action) { a.Spender = stranger }),
		bad("EnableTradingApprovesStranger", aa.KindEnableTrading, nil, func(a *aa.Action) { a.Approvals[1].Spender = stranger }),
		bad("EnableTradingLess", aa.KindEnableTrading, nil, func(a *aa.Action) { a.Amount = n(1) }),
		bad("EnableTradingOptionLess", aa.KindEnableTrading, nil, func(a *aa.Action) { a.Approvals[0].Amount = n(1) }),
	}
	var vectors []vector
	for _, tc := range cases {
		req := with(tc.kind, tc.req)
		want, _, err := s.build(context.Background(), user, alice, req, now)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		got := roundTrip(t, want)
		if tc.change != nil {
			tc.change(got)
		}
		callData, err := aa.CallData(got)
		if err != nil {
			t.Fatal(err)
		}
		if err := matches(got, want); (err == nil) != tc.ok {
			t.Errorf("%s: the service's check says %v, want ok %t", tc.name, err, tc.ok)
		}
		wr, in := wireOf(req, want)
		raw, _ := json.Marshal(wr)
		vectors = append(vectors, vector{Name: tc.name, Action: string(req.Head().Kind), Request: raw, Intent: in, CallData: "0x" + common.Bytes2Hex(callData), OK: tc.ok})
	}
	raw, err := json.MarshalIndent(vectors, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	raw = append(raw, '\n')
	if *update {
		if err := os.WriteFile(vectorsFile, raw, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	old, err := os.ReadFile(vectorsFile)
	if err != nil || !bytes.Equal(old, raw) {
		t.Fatalf("%s is not the vectors the service builds (%v): go test ./internal/ops -run TestCallDataVectors -update", strings.TrimPrefix(vectorsFile, "../../"), err)
	}
}
