package ops

import (
	"context"
	"encoding/json"
	"math/big"
	"strings"
	"testing"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/internal/aa"
	"github.com/predict-dev/predict/kind"
)

// TestBatchRules is the policy of a batch over the kinds' own rules: each
// action is judged after what the earlier ones leave (their spending,
// their refunds, the orders they cancel), and one refused action refuses
// the whole batch with its own code, the message naming it by index.
func TestBatchRules(t *testing.T) {
	s := newKindService(t)
	user := &predict.User{UID: "uid-alice", Address: lower(alice)}
	n := big.NewInt
	replace := func() []Request {
		return []Request{
			request(aa.KindCancelOrder),
			with(aa.KindPlaceLimitOrder, func(r *limitOrderRequest) { r.Amount = n(200) }),
			with(aa.KindPlaceLimitOrder, func(r *limitOrderRequest) { r.Side, r.Option, r.Amount = predict.SideSell, yes, n(50) }),
		}
	}
	many := make([]Request, MaxBatchActions+1)
	for i := range many {
		many[i] = request(aa.KindClaim)
	}
	tests := []struct {
		name string
		reqs []Request
		code string // "" accepts
		msg  string
	}{
		{"ReplaceQuotes", replace(), "", ""},
		{"SeveralClaims", []Request{request(aa.KindClaim), with(aa.KindClaim, func(r *claimRequest) { r.Market = voided })}, "", ""},
		{"MostActions", many[:MaxBatchActions], "", ""},
		{"NoActions", nil, predict.EINVALID, "actions is required"},
		{"TooManyActions", many, predict.ETOOMANYACTIONS, "at most 16 actions, not 17"},
		{"NotBatchable", []Request{request(aa.KindClaim), request(aa.KindSettleMarket)}, predict.ENOTBATCHABLE, "actions[1] (settle-market): settle-market is sent alone"},
		{"BuyAlone", []Request{request(aa.KindBuy)}, predict.ENOTBATCHABLE, "actions[0] (buy)"},
		{"OthersOrder", append(replace(), with(aa.KindCancelOrder, func(r *cancelRequest) { r.OrderID = n(4) })),
			predict.EFORBIDDEN, "actions[3] (cancel-order): order 4 is not yours"},
		{"MarketNotTradable", []Request{request(aa.KindClaim), with(aa.KindPlaceLimitOrder, func(r *limitOrderRequest) { r.Market = settling })},
			predict.ECONFLICT, "actions[1] (place-limit-order): "},
		{"UnknownMarket", []Request{with(aa.KindClaim, func(r *claimRequest) { r.Market = unknown })}, predict.ENOTFOUND, "actions[0] (claim): market"},
		{"BadInput", []Request{request(aa.KindCancelOrder), with(aa.KindPlaceLimitOrder, func(r *limitOrderRequest) { r.Expiry = n(now.Unix()) })},
			predict.EINVALID, "actions[1] (place-limit-order): expiry has passed"},
		{"OverBalance", []Request{with(aa.KindPlaceLimitOrder, func(r *limitOrderRequest) { r.Amount = n(1_001) })}, predict.EBALANCE, "actions[0] (place-limit-order): not enough USDC"},
		// Judged together: each action after what the earlier ones leave.
		{"TwoCancelsOfOneOrder", []Request{request(aa.KindCancelOrder), request(aa.KindCancelOrder)},
			predict.ECONFLICT, "actions[1] (cancel-order): order 3 is cancelled by actions[0] of this batch already"},
		{"CancelAllThenCancel", []Request{with(aa.KindCancelOrder, func(r *cancelRequest) { r.OrderID, r.CancelAll = nil, true }), request(aa.KindCancelOrder)},
			predict.ECONFLICT, "actions[1] (cancel-order): order 3 is cancelled by actions[0]"},
		{"PlacementsOverBalanceTogether", []Request{with(aa.KindPlaceLimitOrder, func(r *limitOrderRequest) { r.Amount = n(600) }),
			with(aa.KindPlaceLimitOrder, func(r *limitOrderRequest) { r.Amount = n(600) })},
			predict.EBALANCE, "actions[1] (place-limit-order): not enough USDC: balance 0.001 USDC, of which 0.0004 USDC is left after the batch's earlier actions"},
		{"SellsOverBalanceTogether", []Request{with(aa.KindPlaceLimitOrder, func(r *limitOrderRequest) { r.Side, r.Option, r.Amount = predict.SideSell, yes, n(60) }),
			with(aa.KindPlaceLimitOrder, func(r *limitOrderRequest) { r.Side, r.Option, r.Amount = predict.SideSell, yes, n(60) })},
			predict.EBALANCE, `actions[1] (place-limit-order): not enough "Yes" tokens`},
		{"DepositThenPlacementOverBalance", []Request{with(aa.KindAddLiquidity, func(r *addLiquidityRequest) { r.Amount = n(900) }),
			with(aa.KindPlaceLimitOrder, func(r *limitOrderRequest) { r.Amount = n(200) })},
			predict.EBALANCE, "actions[1] (place-limit-order): not enough USDC"},
		// A cancellation's refund pays for a placement after it.
		{"RefundPaysForPlacement", []Request{request(aa.KindCancelOrder), with(aa.KindPlaceLimitOrder, func(r *limitOrderRequest) { r.Amount = n(1_040) })}, "", ""},
		{"SellRefundPaysForSell", []Request{with(aa.KindCancelOrder, func(r *cancelRequest) { r.OrderID = n(7) }),
			with(aa.KindPlaceLimitOrder, func(r *limitOrderRequest) { r.Side, r.Option, r.Amount = predict.SideSell, yes, n(130) })}, "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := s.checkBatch(tt.reqs)
			var acts []*aa.Action
			var ress []*Result
			if err == nil {
				acts, ress, err = s.buildBatch(context.Background(), user, alice, tt.reqs, now)
			}
			var callData []byte
			if err == nil {
				callData, err = aa.ActionsCallData(acts)
			}
			if err == nil {
				_, err = batchGas(acts, ress, false, len(callData))
			}
			if tt.code != "" {
				if predict.ErrorCode(err) != tt.code || !strings.Contains(predict.ErrorMessage(err), tt.msg) {
					t.Fatalf("batch = %v, want %s containing %q", err, tt.code, tt.msg)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			// What PrepareBatch encodes decodes to its actions, which pass
			// SubmitBatch's check.
			if _, _, err := s.judgeSigned(context.Background(), user, tt.reqs, callData, now); err != nil {
				t.Fatalf("the built batch fails its own check: %v", err)
			}
		})
	}
}

// TestBatchCallData: the signed callData must perform exactly the
// batch's actions, in order; anything else is refused before submission.
func TestBatchCallData(t *testing.T) {
	s := newKindService(t)
	user := &predict.User{UID: "uid-alice", Address: lower(alice)}
	ctx := context.Background()
	reqs := []Request{request(aa.KindCancelOrder), request(aa.KindPlaceLimitOrder)}
	acts, _, err := s.buildBatch(ctx, user, alice, reqs, now)
	if err != nil {
		t.Fatal(err)
	}
	encode := func(acts ...*aa.Action) []byte {
		raw, err := aa.ActionsCallData(acts)
		if err != nil {
			t.Fatal(err)
		}
		return raw
	}
	more := *acts[1]
	more.Amount = big.NewInt(999)
	noApproval := *acts[1]
	noApproval.Approvals = nil
	other := *acts[0]
	other.OrderIDs = []*big.Int{big.NewInt(4)}
	for _, tt := range []struct {
		name     string
		callData []byte
		msg      string
	}{
		{"FewerActions", encode(acts[0]), "performs 1 actions; the batch has 2"},
		{"MoreActions", encode(acts[0], acts[1], acts[1]), "performs 3 actions; the batch has 2"},
		{"Swapped", encode(acts[1], acts[0]), "actions[0] (cancel-order): userOperation.callData performs place-limit-order"},
		{"OtherAmount", encode(acts[0], &more), "actions[1] (place-limit-order): userOperation.callData amount is 999"},
		{"NoApproval", encode(acts[0], &noApproval), "actions[1] (place-limit-order): userOperation.callData makes 0 approvals"},
		{"OthersOrder", encode(&other, acts[1]), "actions[0] (cancel-order): userOperation.callData order id is 4"},
		{"TrailingApproval", func() []byte {
			calls, _ := aa.DecodeCalls(encode(acts[0], acts[1]))
			raw, _ := aa.EncodeCalls(append(calls, calls[1]))
			return raw
		}(), "an approval with no action after it"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, _, err := s.judgeSigned(ctx, user, reqs, tt.callData, now)
			if predict.ErrorCode(err) != predict.EREJECTED || !strings.Contains(predict.ErrorMessage(err), tt.msg) {
				t.Fatalf("judgeSigned = %v, want %s containing %q", err, predict.EREJECTED, tt.msg)
			}
		})
	}
}

// TestBatchRecord: a batch is recorded once, as kind batch, with each
// action's own record; the k-th limit order it places gets the uuid the
// indexer gives the k-th OrderPlaced of the operation.
func TestBatchRecord(t *testing.T) {
	s := newKindService(t)
	user := &predict.User{UID: "uid-alice", Address: lower(alice)}
	reqs := []Request{request(aa.KindCancelOrder), request(aa.KindPlaceLimitOrder), request(aa.KindPlaceLimitOrder)}
	acts, ress, err := s.buildBatch(context.Background(), user, alice, reqs, now)
	if err != nil {
		t.Fatal(err)
	}
	const opHash = "0x00000000000000000000000000000000000000000000000000000000000000aa"
	op := &aa.UserOperation{Nonce: big.NewInt(1)}
	rec, out, err := s.recordBatch(user, reqs, op, opHash, acts, ress)
	if err != nil {
		t.Fatal(err)
	}
	if rec.Kind != kind.Batch || rec.Market != lower(running) || rec.OpHash != opHash {
		t.Fatalf("record %+v, want kind batch on %s", rec, lower(running))
	}
	want := []string{"", predict.LimitOrderUUID(opHash), predict.LimitOrderUUID(opHash + ":1")}
	for i, a := range out.Actions {
		if a.OrderUUID != want[i] || a.Kind != reqs[i].Head().Kind {
			t.Fatalf("actions[%d] = %+v, want %s with orderUuid %q", i, a, reqs[i].Head().Kind, want[i])
		}
	}
	// A batch submitted again answers the same from its record.
	again, err := batchResultOf(rec)
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := json.Marshal(again.Actions); string(got) != string(must(json.Marshal(out.Actions))) {
		t.Fatalf("resubmitted %s, want %s", got, must(json.Marshal(out.Actions)))
	}
	// Actions on several markets record none.
	reqs = []Request{request(aa.KindClaim), request(aa.KindCancelOrder)}
	acts, ress, err = s.buildBatch(context.Background(), user, alice, reqs, now)
	if err != nil {
		t.Fatal(err)
	}
	if rec, _, err = s.recordBatch(user, reqs, op, opHash, acts, ress); err != nil || rec.Market != "" {
		t.Fatalf("record of two markets %+v, %v: want no market", rec, err)
	}
}

func must(b []byte, err error) []byte {
	if err != nil {
		panic(err)
	}
	return b
}

// TestBatchFromCallData is the ERC-4337 JSON-RPC path, which has no
// body: executeBatch callData is read into its actions, each refused as
// alone would be, and the batch as a whole.
func TestBatchFromCallData(t *testing.T) {
	s := newKindService(t)
	ctx := context.Background()
	ok := []*aa.Action{
		{Kind: aa.KindClaim, Target: ended, Amount: big.NewInt(5)},
		{Kind: aa.KindClaim, Target: endedNo, Amount: big.NewInt(5)},
	}
	raw, err := aa.ActionsCallData(ok)
	if err != nil {
		t.Fatal(err)
	}
	acts, reqs, err := s.readCallData(ctx, raw)
	if c, _ := reqs[1].(*claimRequest); err != nil || len(acts) != 2 || c == nil || c.Market != endedNo || c.Option != no {
		t.Fatalf("readCallData = %v, %+v, %v; want two claims", acts, reqs, err)
	}
	tooMany := make([]*aa.Action, MaxBatchActions+1)
	for i := range tooMany {
		tooMany[i] = ok[0]
	}
	for _, tt := range []struct {
		name string
		acts []*aa.Action
		code string
		msg  string
	}{
		{"NotSponsoredAlone", []*aa.Action{ok[0], {Kind: aa.KindPlaceLimitOrder, Target: escrow, Amount: big.NewInt(1), Order: &aa.OrderParams{Market: running, LimitPrice: big.NewInt(1)}}},
			predict.EREJECTED, "actions[1] (place-limit-order): place-limit-order is sponsored only through its endpoint"},
		{"NotBatchable", []*aa.Action{ok[0], {Kind: aa.KindSettleMarket, Target: running}}, predict.ENOTBATCHABLE, "actions[1] (settle-market)"},
		{"UnknownMarket", []*aa.Action{ok[0], {Kind: aa.KindClaim, Target: unknown, Amount: big.NewInt(1)}}, predict.EREJECTED, "actions[1] (claim): userOperation.callData calls"},
		{"TooMany", tooMany, predict.ETOOMANYACTIONS, "at most 16"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			raw, err := aa.ActionsCallData(tt.acts)
			if err != nil {
				t.Fatal(err)
			}
			_, _, err = s.readCallData(ctx, raw)
			if predict.ErrorCode(err) != tt.code || !strings.Contains(predict.ErrorMessage(err), tt.msg) {
				t.Fatalf("readCallData = %v, want %s containing %q", err, tt.code, tt.msg)
			}
		})
	}
}

// TestBatchSubmittedJudgedWhole: a signed batch built elsewhere (each
// action valid alone) is judged as a whole at submission too: two
// cancellations of one order, or two placements each within the balance
// but not together, are refused before the sponsor pays for a revert.
func TestBatchSubmittedJudgedWhole(t *testing.T) {
	s := newKindService(t)
	user := &predict.User{UID: "uid-alice", Address: lower(alice)}
	bid := func() Request {
		return with(aa.KindPlaceLimitOrder, func(r *limitOrderRequest) { r.Amount = big.NewInt(600) })
	}
	for _, tc := range []struct {
		name string
		reqs []Request
		code string
		msg  string
	}{
		{"TwoCancelsOfOneOrder", []Request{request(aa.KindCancelOrder), request(aa.KindCancelOrder)}, predict.ECONFLICT,
			"actions[1] (cancel-order): order 3 is cancelled by actions[0]"},
		{"PlacementsOverBalanceTogether", []Request{bid(), bid()}, predict.EBALANCE, "actions[1] (place-limit-order): not enough USDC"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			acts := make([]*aa.Action, len(tc.reqs))
			for i, req := range tc.reqs {
				act, _, err := s.build(context.Background(), user, alice, req, now)
				if err != nil {
					t.Fatalf("actions[%d] alone: %v", i, err)
				}
				acts[i] = act
			}
			callData, err := aa.ActionsCallData(acts)
			if err != nil {
				t.Fatal(err)
			}
			_, _, err = s.judgeSigned(context.Background(), user, tc.reqs, callData, now)
			if predict.ErrorCode(err) != tc.code || !strings.Contains(predict.ErrorMessage(err), tc.msg) {
				t.Fatalf("submitted batch = %v, want %s containing %q", err, tc.code, tc.msg)
			}
		})
	}
}
