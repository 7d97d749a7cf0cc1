package ops

import (
	"context"
	"encoding/json"
	"math/big"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/internal/aa"
	"github.com/predict-dev/predict/kind"
	"github.com/predict-dev/predict/wire"
)

// The table tests of the operation kinds: each kind's rules against the
// market's state at chain time, the action it builds, the check of a
// client's callData against the request, its parse and its role rule,
// without a chain.
//
// Two doubles stand in, both for what these tests do not test:
//   - memStore answers MarketByAddress from memory. A market reaches the
//     settling and ended states in the real store only through chain
//     effects (a settlement confirmed on chain); what is tested here is
//     the rules over those states, not how the store gets there.
//   - memReads answers the contract reads (balances, what a redemption
//     pays, CREATE2 addresses) from memory: the contracts are tested on
//     the in-process chain in internal/chain, and end to end in
//     cmd/predict.
//
// The chain's head time is an argument (now): the one clock of the rules.

var (
	now       = time.Unix(1_900_000_000, 0)
	alice     = common.HexToAddress("0x00000000000000000000000000000000000a11ce")
	baseToken = common.HexToAddress("0x0000000000000000000000000000000000000ba5")
	factory   = common.HexToAddress("0x00000000000000000000000000000000000fac70")
	yes       = common.HexToAddress("0x0000000000000000000000000000000000000e51")
	no        = common.HexToAddress("0x0000000000000000000000000000000000000e50")
	stranger  = common.HexToAddress("0x0000000000000000000000000000000000000bad")
	predicted = common.HexToAddress("0x000000000000000000000000000000000000ae11")
	escrow    = common.HexToAddress("0x0000000000000000000000000000000000e5c404")
	exchange  = common.HexToAddress("0x0000000000000000000000000000000000e8c4a6")
)

// Markets in each state, by address.
var (
	running  = common.HexToAddress("0x0000000000000000000000000000000000000001")
	pastEnd  = common.HexToAddress("0x0000000000000000000000000000000000000002") // running, end time passed
	settling = common.HexToAddress("0x0000000000000000000000000000000000000003")
	ended    = common.HexToAddress("0x0000000000000000000000000000000000000004")
	unknown  = common.HexToAddress("0x0000000000000000000000000000000000000005")
	endedNo  = common.HexToAddress("0x0000000000000000000000000000000000000006") // ended, "No" won
	// Markets with a challenge window of 600 s and a bond of 10: running;
	// asserted with the window open; asserted with the window over;
	// disputed; ended void.
	windowed  = common.HexToAddress("0x0000000000000000000000000000000000000007")
	asserted  = common.HexToAddress("0x0000000000000000000000000000000000000008")
	lapsed    = common.HexToAddress("0x0000000000000000000000000000000000000009")
	disputedM = common.HexToAddress("0x000000000000000000000000000000000000000a")
	voided    = common.HexToAddress("0x000000000000000000000000000000000000000b")
	// Disputed markets: past the arbitration end unanswered; and one
	// whose dispute's arbitrator is not the factory's arbitrator now.
	unanswered = common.HexToAddress("0x000000000000000000000000000000000000000c")
	swapped    = common.HexToAddress("0x000000000000000000000000000000000000000d")
	// strict is running, ends in an hour and was not created
	// early-resolvable (the others were, as the dev chain's markets are).
	strict = common.HexToAddress("0x000000000000000000000000000000000000000e")
)

func lower(a common.Address) string { return strings.ToLower(a.Hex()) }

type memStore struct{ markets map[string]*predict.Market }

func (s memStore) MarketByAddress(_ context.Context, address, _ string) (*predict.Market, error) {
	if m, ok := s.markets[address]; ok {
		return m, nil
	}
	return nil, predict.Errorf(predict.ENOTFOUND, "market %s not found", address)
}

func (memStore) PendingOperationOf(context.Context, string) (*predict.Operation, error) {
	return nil, predict.Errorf(predict.ENOTFOUND, "no pending operation")
}

func (memStore) OperationByHash(context.Context, string) (*predict.Operation, error) {
	return nil, predict.Errorf(predict.ENOTFOUND, "no operation")
}

func (memStore) CreateOperation(_ context.Context, op *predict.Operation, _ *predict.Order) (*predict.Operation, bool, error) {
	return op, true, nil
}

// memOrders are the open limit orders of alice, for cancelAll.
type memOrders map[string][]int64

func (o memOrders) OpenLimitOrderIDs(_ context.Context, market, owner string) ([]int64, error) {
	if owner != lower(alice) {
		return nil, nil
	}
	return o[market], nil
}

type memReads struct {
	// orders are the escrow's orders by id.
	orders   map[int64]*limitOrderState
	balances map[[2]common.Address]*big.Int // token, account → balance
	redeem   *big.Int
	// resolutions are the markets' resolution states (none: window 0,
	// running); judge is the factory's arbitrator.
	resolutions map[common.Address]*resolution
	judge       common.Address
}

func (r memReads) resolution(_ context.Context, market common.Address) (*resolution, error) {
	if x, ok := r.resolutions[market]; ok {
		return x, nil
	}
	return &resolution{Bond: new(big.Int)}, nil
}

func (r memReads) arbitrator(context.Context) (common.Address, error) { return r.judge, nil }

func (r memReads) limitOrder(_ context.Context, _ common.Address, id *big.Int) (*limitOrderState, error) {
	if o, ok := r.orders[id.Int64()]; ok {
		return o, nil
	}
	return &limitOrderState{Remaining: new(big.Int)}, nil
}

func (r memReads) balanceOf(_ context.Context, token, account common.Address) (*big.Int, error) {
	if b, ok := r.balances[[2]common.Address{token, account}]; ok {
		return b, nil
	}
	return new(big.Int), nil
}

func (r memReads) redeemPays(context.Context, common.Address, common.Address, *big.Int) (*big.Int, error) {
	return r.redeem, nil
}

func (memReads) predictMarket(context.Context, common.Address, [32]byte) (common.Address, error) {
	return predicted, nil
}

func (memReads) predictOption(_ context.Context, _ common.Address, i int) (common.Address, error) {
	return common.BigToAddress(big.NewInt(int64(0xaaa0 + i))), nil
}

func newKindService(t *testing.T) *Service {
	t.Helper()
	market := func(a common.Address, status predict.MarketStatus, end time.Time) *predict.Market {
		m := &predict.Market{Address: lower(a), Status: status, BaseToken: lower(baseToken), EndTime: end, Options: []predict.Option{
			{Address: lower(yes), Index: 0, Title: "Yes"}, {Address: lower(no), Index: 1, Title: "No"},
		}, Resolution: predict.MarketResolution{EarlyResolvable: a != strict}}
		if status == predict.StatusEnded {
			m.WinningOption = lower(yes)
			if a == endedNo {
				m.WinningOption = lower(no)
			}
		}
		return m
	}
	st := memStore{markets: map[string]*predict.Market{}}
	for _, m := range []*predict.Market{
		market(running, predict.StatusRunning, now.Add(time.Hour)),
		market(pastEnd, predict.StatusRunning, now),
		market(settling, predict.StatusSettling, now.Add(time.Hour)),
		market(ended, predict.StatusEnded, now.Add(-time.Hour)),
		market(endedNo, predict.StatusEnded, now.Add(-time.Hour)),
		market(windowed, predict.StatusRunning, now.Add(time.Hour)),
		market(asserted, predict.StatusSettling, now.Add(time.Hour)),
		market(lapsed, predict.StatusSettling, now.Add(time.Hour)),
		market(disputedM, predict.StatusDisputed, now.Add(time.Hour)),
		market(voided, predict.StatusEnded, now.Add(-time.Hour)),
		market(unanswered, predict.StatusDisputed, now.Add(time.Hour)),
		market(swapped, predict.StatusDisputed, now.Add(time.Hour)),
		market(strict, predict.StatusRunning, now.Add(time.Hour)),
	} {
		st.markets[m.Address] = m
	}
	st.markets[lower(voided)].WinningOption, st.markets[lower(voided)].Void = "", true
	// The rules' amounts are a few base units: the smallest order is one
	// unit here (TestMinOrder checks the default).
	s := New(Config{Store: st, Deployment: &predict.Deployment{
		ChainID: 1337, MarketFactory: lower(factory), LimitOrders: lower(escrow), Exchange: lower(exchange), FeeBps: 200,
		BaseTokens: []predict.BaseToken{{Address: lower(baseToken), Symbol: "USDC", Decimals: 6}},
	}, Orders: memOrders{lower(running): {3, 5}}, MinOrder: big.NewRat(1, 1_000_000)})
	n := big.NewInt
	window := func(state uint8, end time.Time) *resolution {
		return &resolution{State: state, Window: 600, Bond: n(10), ChallengeEnd: end}
	}
	disputed := func(arbitrator common.Address, arbitrationEnd time.Time) *resolution {
		r := window(stateDisputed, now.Add(-time.Hour))
		r.Arbitrator, r.ArbitrationEnd = arbitrator, arbitrationEnd
		return r
	}
	s.reads = memReads{redeem: n(30), balances: map[[2]common.Address]*big.Int{
		{baseToken, alice}: n(1_000), {yes, alice}: n(100), {running, alice}: n(20), {pastEnd, alice}: n(20), {settling, alice}: n(20), {ended, alice}: n(20),
	}, resolutions: map[common.Address]*resolution{
		windowed: window(stateRunning, time.Time{}), asserted: window(stateSettling, now.Add(time.Minute)),
		lapsed: window(stateSettling, now), disputedM: window(stateDisputed, now.Add(time.Minute)), voided: window(stateEnded, now.Add(-time.Hour)),
		unanswered: disputed(alice, now), swapped: disputed(stranger, now.Add(time.Hour)),
	}, judge: alice, orders: map[int64]*limitOrderState{
		3: {Owner: alice, Market: running, Remaining: n(40), IsBuy: true},
		4: {Owner: stranger, Market: running, Remaining: n(40)},
		5: {Owner: alice, Market: running, Remaining: new(big.Int)},
		6: {Owner: alice, Market: windowed, Remaining: n(40)},
		7: {Owner: alice, Market: running, Remaining: n(40), OptionIndex: 0},
	}}
	return s
}

// request is a valid request of each kind that names a market, before
// the case's change.
func request(k aa.Kind) Request {
	deadline := big.NewInt(now.Unix() + 60)
	h := func(m common.Address) Header { return Header{Kind: k, Market: m} }
	switch k {
	case aa.KindBuy:
		return &tradeRequest{Header: h(running), Option: yes, Side: predict.SideBuy, Amount: big.NewInt(100), MinOut: big.NewInt(1), Deadline: deadline, Price: new(big.Int),
			spends: buy.kind.(tradeKind).spends}
	case aa.KindSell:
		return &tradeRequest{Header: h(running), Option: yes, Side: predict.SideSell, Amount: big.NewInt(50), MinOut: big.NewInt(1), Deadline: deadline, Price: new(big.Int),
			spends: sell.kind.(tradeKind).spends}
	case aa.KindAddLiquidity:
		return &addLiquidityRequest{Header: h(running), liquidity: liquidity{Amount: big.NewInt(100), MinOut: big.NewInt(0), Deadline: deadline}}
	case aa.KindRemoveLiquidity:
		return &removeLiquidityRequest{Header: h(running), liquidity: liquidity{Amount: big.NewInt(10), MinOut: big.NewInt(0), Deadline: deadline}}
	case aa.KindClaim:
		return &claimRequest{Header: h(ended), Option: yes}
	case aa.KindPlaceLimitOrder:
		return &limitOrderRequest{Header: h(running), Option: no, Side: predict.SideBuy, Amount: big.NewInt(100), LimitPrice: big.NewInt(45e16),
			Expiry: big.NewInt(now.Add(24 * time.Hour).Unix())}
	case aa.KindCancelOrder:
		return &cancelRequest{Header: h(running), OrderID: big.NewInt(3)}
	case aa.KindEnableTrading:
		return &enableTradingRequest{h(running)}
	case aa.KindSettleMarket:
		return &settleRequest{Header: h(running), outcome: outcome{Option: no}}
	case aa.KindDisputeMarket:
		return &disputeRequest{h(asserted)}
	case aa.KindFinalizeMarket:
		return &finalizeRequest{h(lapsed)}
	case aa.KindArbitrateMarket:
		return &arbitrateRequest{Header: h(disputedM), outcome: outcome{Option: no}}
	case aa.KindCreateMarket:
		end := now.Add(24 * time.Hour)
		return &createRequest{Header: Header{Kind: k},
			Draft: MarketDraft{Title: "Will it rain?", Description: "d", Rules: "r", Options: []OptionTitle{{"Yes"}, {"No"}}, CategoryID: "weather",
				Tags: []string{}, EndTime: end.Format(time.RFC3339)},
			EndTime: end, BaseToken: lower(baseToken), InitialLiquidity: big.NewInt(1000),
		}
	}
	panic("no request of " + k)
}

// with is request(k) after change, a func of the kind's request type
// (nil: none).
func with(k aa.Kind, change any) Request {
	r := request(k)
	if change != nil {
		reflect.ValueOf(change).Call([]reflect.Value{reflect.ValueOf(r)})
	}
	return r
}

// roundTrip is act encoded as callData and decoded again.
func roundTrip(t *testing.T, act *aa.Action) *aa.Action {
	t.Helper()
	raw, err := aa.CallData(act)
	if err != nil {
		t.Fatal(err)
	}
	got, err := aa.DecodeAction(raw)
	if err != nil {
		t.Fatal(err)
	}
	return got
}

// TestKindRules is each kind's rules at chain time: the accepted request
// with the action it builds, and each refusal with its exact code and
// message.
func TestKindRules(t *testing.T) {
	s := newKindService(t)
	user := &predict.User{UID: "uid-alice", Address: lower(alice)}
	n := big.NewInt
	past := n(now.Unix())
	tests := []struct {
		name   string
		kind   aa.Kind
		change any    // a func of the kind's request type
		code   string // "" accepts
		msg    string // part of the refusal
		want   *aa.Action
	}{
		{"BuyOK", aa.KindBuy, nil, "", "", &aa.Action{Kind: aa.KindBuy, Target: running, Option: 0, Amount: n(100), MinOut: n(1), Deadline: n(now.Unix() + 60),
			Approvals: []aa.Approval{{Token: baseToken, Spender: running, Amount: n(100)}}}},
		{"BuyUnknownMarket", aa.KindBuy, func(r *tradeRequest) { r.Market = unknown }, predict.ENOTFOUND, "not found", nil},
		{"BuySettling", aa.KindBuy, func(r *tradeRequest) { r.Market = settling }, predict.ECONFLICT, "is settling: trading is closed", nil},
		{"BuyEnded", aa.KindBuy, func(r *tradeRequest) { r.Market = ended }, predict.ECONFLICT, "has ended: trading is closed", nil},
		{"BuyPastEndTime", aa.KindBuy, func(r *tradeRequest) { r.Market = pastEnd }, predict.ECONFLICT, "stopped trading at", nil},
		{"BuyBadOption", aa.KindBuy, func(r *tradeRequest) { r.Option = stranger }, predict.EINVALID, "is not an option of market", nil},
		{"BuyZeroAmount", aa.KindBuy, func(r *tradeRequest) { r.Amount = n(0) }, predict.EINVALID, "amount must be greater than 0", nil},
		{"BuyPastDeadline", aa.KindBuy, func(r *tradeRequest) { r.Deadline = past }, predict.EINVALID, "deadline has passed (chain time is 1900000000)", nil},
		{"BuyOverBalance", aa.KindBuy, func(r *tradeRequest) { r.Amount = n(1_001) }, predict.EBALANCE, "not enough USDC: balance 0.001 USDC, buy 0.001001 USDC", nil},

		{"SellOK", aa.KindSell, nil, "", "", &aa.Action{Kind: aa.KindSell, Target: running, Option: 0, Amount: n(50), MinOut: n(1), Deadline: n(now.Unix() + 60)}},
		{"SellSettling", aa.KindSell, func(r *tradeRequest) { r.Market = settling }, predict.ECONFLICT, "is settling", nil},
		{"SellPastEndTime", aa.KindSell, func(r *tradeRequest) { r.Market = pastEnd }, predict.ECONFLICT, "stopped trading", nil},
		{"SellBadOption", aa.KindSell, func(r *tradeRequest) { r.Option = stranger }, predict.EINVALID, "is not an option", nil},
		{"SellZeroAmount", aa.KindSell, func(r *tradeRequest) { r.Amount = nil }, predict.EINVALID, "amount must be greater than 0", nil},
		{"SellPastDeadline", aa.KindSell, func(r *tradeRequest) { r.Deadline = past }, predict.EINVALID, "deadline has passed", nil},
		{"SellOverBalance", aa.KindSell, func(r *tradeRequest) { r.Option = no }, predict.EBALANCE, `not enough "No" tokens: balance 0 "No" tokens`, nil},

		{"AddLiquidityOK", aa.KindAddLiquidity, nil, "", "", &aa.Action{Kind: aa.KindAddLiquidity, Target: running, Amount: n(100), MinOut: n(0), Deadline: n(now.Unix() + 60),
			Approvals: []aa.Approval{{Token: baseToken, Spender: running, Amount: n(100)}}}},
		{"AddLiquiditySettling", aa.KindAddLiquidity, func(r *addLiquidityRequest) { r.Market = settling }, predict.ECONFLICT, "is settling: adding liquidity is closed", nil},
		{"AddLiquidityEnded", aa.KindAddLiquidity, func(r *addLiquidityRequest) { r.Market = ended }, predict.ECONFLICT, "has ended: adding liquidity is closed", nil},
		{"AddLiquidityPastEndTime", aa.KindAddLiquidity, func(r *addLiquidityRequest) { r.Market = pastEnd }, predict.ECONFLICT, "stopped trading", nil},
		{"AddLiquidityZeroAmount", aa.KindAddLiquidity, func(r *addLiquidityRequest) { r.Amount = n(0) }, predict.EINVALID, "amount must be greater than 0", nil},
		{"AddLiquidityPastDeadline", aa.KindAddLiquidity, func(r *addLiquidityRequest) { r.Deadline = past }, predict.EINVALID, "deadline has passed", nil},
		{"AddLiquidityOverBalance", aa.KindAddLiquidity, func(r *addLiquidityRequest) { r.Amount = n(2_000) }, predict.EBALANCE, "deposit 0.002 USDC", nil},

		{"RemoveLiquidityOK", aa.KindRemoveLiquidity, nil, "", "", &aa.Action{Kind: aa.KindRemoveLiquidity, Target: running, Amount: n(10), MinOut: n(0), Deadline: n(now.Unix() + 60)}},
		// After the end time, before settlement, liquidity still leaves.
		{"RemoveLiquidityPastEndTimeOK", aa.KindRemoveLiquidity, func(r *removeLiquidityRequest) { r.Market = pastEnd }, "", "",
			&aa.Action{Kind: aa.KindRemoveLiquidity, Target: pastEnd, Amount: n(10), MinOut: n(0), Deadline: n(now.Unix() + 60)}},
		{"RemoveLiquiditySettling", aa.KindRemoveLiquidity, func(r *removeLiquidityRequest) { r.Market = settling }, predict.ECONFLICT, "is settling: liquidity can be redeemed once it has ended", nil},
		{"RemoveLiquidityNoShares", aa.KindRemoveLiquidity, func(r *removeLiquidityRequest) { r.Market = endedNo }, predict.EBALANCE, "not enough LP: balance 0 LP, removal 0.00001 LP", nil},
		{"RemoveLiquidityZero", aa.KindRemoveLiquidity, func(r *removeLiquidityRequest) { r.Amount = n(0) }, predict.EINVALID, "lpAmount must be greater than 0", nil},
		{"RemoveLiquidityPastDeadline", aa.KindRemoveLiquidity, func(r *removeLiquidityRequest) { r.Deadline = past }, predict.EINVALID, "deadline has passed", nil},
		{"RemoveLiquidityOverBalance", aa.KindRemoveLiquidity, func(r *removeLiquidityRequest) { r.Amount = n(21) }, predict.EBALANCE, "removal 0.000021 LP", nil},
		// On an ended market the request redeems, without minimum or
		// deadline in the call: the minimum is checked against what the
		// chain pays now.
		{"RemoveLiquidityEndedRedeems", aa.KindRemoveLiquidity, func(r *removeLiquidityRequest) { r.Market, r.Deadline = ended, past }, "", "",
			&aa.Action{Kind: aa.KindRedeemLiquidity, Target: ended, Amount: n(10)}},
		{"RemoveLiquidityEndedMinimumMet", aa.KindRemoveLiquidity, func(r *removeLiquidityRequest) { r.Market, r.MinOut = ended, n(30) }, "", "",
			&aa.Action{Kind: aa.KindRedeemLiquidity, Target: ended, Amount: n(10)}},
		{"RemoveLiquidityEndedBelowMinimum", aa.KindRemoveLiquidity, func(r *removeLiquidityRequest) { r.Market, r.MinOut = ended, n(31) }, predict.EMINIMUM,
			"pays 0.00003 USDC, below minReceiveAmount 0.000031 USDC", nil},

		{"ClaimOK", aa.KindClaim, nil, "", "", &aa.Action{Kind: aa.KindClaim, Target: ended, Amount: n(100)}},
		{"ClaimAmountOfCallData", aa.KindClaim, func(r *claimRequest) { r.Amount = n(40) }, "", "", &aa.Action{Kind: aa.KindClaim, Target: ended, Amount: n(40)}},
		{"ClaimRunning", aa.KindClaim, func(r *claimRequest) { r.Market = running }, predict.ECONFLICT, "has not ended: claims open once it is settled on chain", nil},
		{"ClaimSettling", aa.KindClaim, func(r *claimRequest) { r.Market = settling }, predict.ECONFLICT, "has not ended", nil},
		{"ClaimLosingOption", aa.KindClaim, func(r *claimRequest) { r.Option = no }, predict.EINVALID, "is not the winning option", nil},
		{"ClaimNothingHeld", aa.KindClaim, func(r *claimRequest) { r.Market, r.Option = endedNo, no }, predict.ECONFLICT,
			"account 0x00000000000000000000000000000000000a11ce holds no winning tokens of market 0x0000000000000000000000000000000000000006", nil},

		{"SettleOK", aa.KindSettleMarket, nil, "", "", &aa.Action{Kind: aa.KindSettleMarket, Target: running, Option: 1}},
		// The end time is the contract's to judge.
		{"SettlePastEndTimeOK", aa.KindSettleMarket, func(r *settleRequest) { r.Market = pastEnd }, "", "", &aa.Action{Kind: aa.KindSettleMarket, Target: pastEnd, Option: 1}},
		{"SettleBeforeEndRefused", aa.KindSettleMarket, func(r *settleRequest) { r.Market = strict }, predict.ECONFLICT,
			"it can be settled from then on (it was not created early-resolvable)", nil},
		{"SettleSettling", aa.KindSettleMarket, func(r *settleRequest) { r.Market = settling }, predict.ECONFLICT, "is settling; only a running market can be settled", nil},
		{"SettleEnded", aa.KindSettleMarket, func(r *settleRequest) { r.Market = ended }, predict.ECONFLICT, "is ended; only a running market can be settled", nil},
		{"SettleBadOption", aa.KindSettleMarket, func(r *settleRequest) { r.Option = stranger }, predict.EINVALID, "is not an option of market", nil},

		// With a challenge window settle-market asserts, posting the bond;
		// void asserts VOID.
		{"SettleAssertsWithBond", aa.KindSettleMarket, func(r *settleRequest) { r.Market = windowed }, "", "", &aa.Action{Kind: aa.KindSettleMarket,
			Target: windowed, Option: 1, Assert: true, Approvals: []aa.Approval{{Token: baseToken, Spender: windowed, Amount: n(10)}}}},
		{"SettleVoidAtOnce", aa.KindSettleMarket, func(r *settleRequest) { r.Option, r.Void = common.Address{}, true }, "", "",
			&aa.Action{Kind: aa.KindSettleMarket, Target: running, Option: predict.VoidOutcome, Assert: true}},
		{"SettleDisputed", aa.KindSettleMarket, func(r *settleRequest) { r.Market = disputedM }, predict.ECONFLICT, "is disputed; only a running market", nil},

		{"DisputeOK", aa.KindDisputeMarket, nil, "", "", &aa.Action{Kind: aa.KindDisputeMarket, Target: asserted,
			Approvals: []aa.Approval{{Token: baseToken, Spender: asserted, Amount: n(10)}}}},
		{"DisputeAfterWindow", aa.KindDisputeMarket, func(r *disputeRequest) { r.Market = lapsed }, predict.EWINDOWCLOSED, "closed at 2030-03-17T17:46:40Z", nil},
		{"DisputeTwice", aa.KindDisputeMarket, func(r *disputeRequest) { r.Market = disputedM }, predict.EDISPUTED, "is disputed: the arbitrator decides", nil},
		{"DisputeNotAsserted", aa.KindDisputeMarket, func(r *disputeRequest) { r.Market = windowed }, predict.ECONFLICT, "has no asserted outcome", nil},

		{"FinalizeOK", aa.KindFinalizeMarket, nil, "", "", &aa.Action{Kind: aa.KindFinalizeMarket, Target: lapsed}},
		{"FinalizeWindowOpen", aa.KindFinalizeMarket, func(r *finalizeRequest) { r.Market = asserted }, predict.EWINDOWOPEN, "is open until 2030-03-17T17:47:40Z", nil},
		{"FinalizeDisputed", aa.KindFinalizeMarket, func(r *finalizeRequest) { r.Market = disputedM }, predict.EDISPUTED, "is disputed", nil},
		{"FinalizeEnded", aa.KindFinalizeMarket, func(r *finalizeRequest) { r.Market = voided }, predict.ECONFLICT, "has ended", nil},
		{"FinalizeUnansweredDispute", aa.KindFinalizeMarket, func(r *finalizeRequest) { r.Market = unanswered }, "", "",
			&aa.Action{Kind: aa.KindFinalizeMarket, Target: unanswered}},

		{"ArbitrateOK", aa.KindArbitrateMarket, nil, "", "", &aa.Action{Kind: aa.KindArbitrateMarket, Target: disputedM, Option: 1}},
		{"ArbitrateVoid", aa.KindArbitrateMarket, func(r *arbitrateRequest) { r.Option, r.Void = common.Address{}, true }, "", "",
			&aa.Action{Kind: aa.KindArbitrateMarket, Target: disputedM, Option: predict.VoidOutcome}},
		{"ArbitrateUndisputed", aa.KindArbitrateMarket, func(r *arbitrateRequest) { r.Market = asserted }, predict.ECONFLICT, "has no disputed assertion", nil},
		{"ArbitrateAfterItsEnd", aa.KindArbitrateMarket, func(r *arbitrateRequest) { r.Market = unanswered }, predict.EWINDOWCLOSED, "ended at 2030-03-17T17:46:40Z unanswered", nil},
		{"ArbitrateNotTheDisputesArbitrator", aa.KindArbitrateMarket, func(r *arbitrateRequest) { r.Market = swapped }, predict.ENOTARBITRATOR, "is not the arbitrator", nil},
		{"ArbitrateBadOption", aa.KindArbitrateMarket, func(r *arbitrateRequest) { r.Option = stranger }, predict.EINVALID, "is not an option", nil},

		// A void market's claim burns every option held, at 1/N each.
		{"ClaimVoid", aa.KindClaim, func(r *claimRequest) { r.Market = voided }, "", "", &aa.Action{Kind: aa.KindClaimVoid, Target: voided, Amounts: []*big.Int{n(100), n(0)}}},
		{"ClaimVoidBadOption", aa.KindClaim, func(r *claimRequest) { r.Market, r.Option = voided, stranger }, predict.EINVALID, "is not an option", nil},

		{"CreateOK", aa.KindCreateMarket, nil, "", "", nil},
		{"CreateOtherBaseToken", aa.KindCreateMarket, func(r *createRequest) { r.BaseToken = lower(stranger) }, predict.EINVALID, "is not a base token of this service", nil},
		{"CreateOneOption", aa.KindCreateMarket, func(r *createRequest) { r.Draft.Options = []OptionTitle{{"Yes"}} }, predict.EINVALID, "options must hold 2 to", nil},
		{"CreateEndsNow", aa.KindCreateMarket, func(r *createRequest) { r.EndTime = now }, predict.EINVALID, "endTime must be in the future (chain time is 2030-03-17T17:46:40Z)", nil},
		{"CreateZeroLiquidity", aa.KindCreateMarket, func(r *createRequest) { r.InitialLiquidity = n(0) }, predict.EINVALID, "initialLiquidity must be greater than 0", nil},
		{"CreateOverBalance", aa.KindCreateMarket, func(r *createRequest) { r.InitialLiquidity = n(1001) }, predict.EBALANCE, "initial liquidity 0.001001 USDC", nil},

		// A limit order approves the escrow for its amount, of base (buy)
		// or of the option (sell), and places it in the same batch.
		{"PlaceLimitOrderBuyOK", aa.KindPlaceLimitOrder, nil, "", "", &aa.Action{Kind: aa.KindPlaceLimitOrder, Target: escrow, Option: 1, Amount: n(100),
			Order:     &aa.OrderParams{Market: running, IsBuy: true, LimitPrice: n(45e16), Expiry: uint64(now.Add(24 * time.Hour).Unix())},
			Approvals: []aa.Approval{{Token: baseToken, Spender: escrow, Amount: n(100)}}}},
		{"PlaceLimitOrderSellOK", aa.KindPlaceLimitOrder, func(r *limitOrderRequest) { r.Option, r.Side, r.PostOnly = yes, predict.SideSell, true }, "", "",
			&aa.Action{Kind: aa.KindPlaceLimitOrder, Target: escrow, Option: 0, Amount: n(100),
				Order:     &aa.OrderParams{Market: running, LimitPrice: n(45e16), Expiry: uint64(now.Add(24 * time.Hour).Unix()), PostOnly: true},
				Approvals: []aa.Approval{{Token: yes, Spender: escrow, Amount: n(100)}}}},
		{"PlaceLimitOrderSettling", aa.KindPlaceLimitOrder, func(r *limitOrderRequest) { r.Market = settling }, predict.ECONFLICT, "is settling: trading is closed", nil},
		{"PlaceLimitOrderPastEndTime", aa.KindPlaceLimitOrder, func(r *limitOrderRequest) { r.Market = pastEnd }, predict.ECONFLICT, "stopped trading", nil},
		{"PlaceLimitOrderBadOption", aa.KindPlaceLimitOrder, func(r *limitOrderRequest) { r.Option = stranger }, predict.EINVALID, "is not an option", nil},
		{"PlaceLimitOrderZeroAmount", aa.KindPlaceLimitOrder, func(r *limitOrderRequest) { r.Amount = n(0) }, predict.EINVALID, "amount must be greater than 0", nil},
		{"PlaceLimitOrderExpired", aa.KindPlaceLimitOrder, func(r *limitOrderRequest) { r.Expiry = past }, predict.EINVALID, "expiry has passed (chain time is 1900000000)", nil},
		{"PlaceLimitOrderTooLong", aa.KindPlaceLimitOrder, func(r *limitOrderRequest) { r.Expiry = n(now.Add(predict.MaxOrderLife + time.Second).Unix()) }, predict.EINVALID,
			"expiry is more than 90 days ahead", nil},
		{"PlaceLimitOrderOverBalance", aa.KindPlaceLimitOrder, func(r *limitOrderRequest) { r.Amount = n(1_001) }, predict.EBALANCE, "not enough USDC: balance 0.001 USDC, escrow 0.001001 USDC", nil},
		{"PlaceLimitOrderSellOverBalance", aa.KindPlaceLimitOrder, func(r *limitOrderRequest) { r.Side = predict.SideSell }, predict.EBALANCE, `not enough "No" tokens`, nil},

		{"CancelOrderOK", aa.KindCancelOrder, nil, "", "", &aa.Action{Kind: aa.KindCancelOrder, Target: escrow, OrderIDs: []*big.Int{n(3)}}},
		{"CancelOrderAll", aa.KindCancelOrder, func(r *cancelRequest) { r.OrderID, r.CancelAll = nil, true }, "", "",
			&aa.Action{Kind: aa.KindCancelOrder, Target: escrow, OrderIDs: []*big.Int{n(3), n(5)}, Many: true}},
		{"CancelOrderAllNone", aa.KindCancelOrder, func(r *cancelRequest) { r.Market, r.OrderID, r.CancelAll = windowed, nil, true }, predict.ENOTFOUND, "you have no open orders", nil},
		{"CancelOrderUnknown", aa.KindCancelOrder, func(r *cancelRequest) { r.OrderID = n(9) }, predict.ENOTFOUND, "order 9 does not exist", nil},
		{"CancelOrderNotOwner", aa.KindCancelOrder, func(r *cancelRequest) { r.OrderID = n(4) }, predict.EFORBIDDEN, "order 4 is not yours", nil},
		{"CancelOrderClosed", aa.KindCancelOrder, func(r *cancelRequest) { r.OrderID = n(5) }, predict.ECONFLICT, "order 5 is closed", nil},
		{"CancelOrderOtherMarket", aa.KindCancelOrder, func(r *cancelRequest) { r.OrderID = n(6) }, predict.EINVALID, "is of market", nil},

		// The Exchange, for the most, of the base token (the action's own
		// approve) and of each option token (its approvals), in order.
		{"EnableTradingOK", aa.KindEnableTrading, nil, "", "", &aa.Action{Kind: aa.KindEnableTrading, Target: baseToken, Spender: exchange, Amount: wire.MaxAllowance(),
			Approvals: []aa.Approval{{Token: yes, Spender: exchange, Amount: wire.MaxAllowance()}, {Token: no, Spender: exchange, Amount: wire.MaxAllowance()}}}},
		{"EnableTradingSettling", aa.KindEnableTrading, func(r *enableTradingRequest) { r.Market = settling }, predict.ECONFLICT, "is settling: trading is closed", nil},
		{"EnableTradingUnknownMarket", aa.KindEnableTrading, func(r *enableTradingRequest) { r.Market = unknown }, predict.ENOTFOUND, "not found", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req := with(tt.kind, tt.change)
			act, res, err := s.build(context.Background(), user, alice, req, now)
			if tt.code != "" {
				if predict.ErrorCode(err) != tt.code || !strings.Contains(predict.ErrorMessage(err), tt.msg) {
					t.Fatalf("build = %v, want %s containing %q", err, tt.code, tt.msg)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if tt.want != nil {
				// matches lets a claim name any amount: compare it too.
				if err := matches(act, tt.want); err != nil || len(act.Approvals) != len(tt.want.Approvals) || act.Amount.Cmp(tt.want.Amount) != 0 {
					t.Fatalf("action %+v, want %+v: %v", act, tt.want, err)
				}
			}
			if tt.kind == aa.KindCancelOrder {
				// Its gas is by order cancelled, not by option.
				if res.optionCount != len(act.OrderIDs) {
					t.Fatalf("result %+v, want the gas of %d orders", res, len(act.OrderIDs))
				}
			} else if tt.kind != aa.KindCreateMarket && (res.Market != lower(req.Head().Market) || res.optionCount != 2) {
				t.Fatalf("result %+v, want market %s of 2 options", res, lower(req.Head().Market))
			}
			// What Prepare encodes decodes to the same action, which
			// passes Submit's check.
			if err := matches(roundTrip(t, act), act); err != nil {
				t.Fatalf("the built action fails its own check: %v", err)
			}
		})
	}
}

// TestArbitrateNotArbitrator: only the factory's arbitrator decides
// (110119), whatever the caller's roles.
func TestArbitrateNotArbitrator(t *testing.T) {
	s := newKindService(t)
	r := s.reads.(memReads)
	r.judge = stranger
	s.reads = r
	user := &predict.User{UID: "uid-alice", Address: lower(alice), Roles: []string{predict.RoleAdmin}}
	_, _, err := s.build(context.Background(), user, alice, request(aa.KindArbitrateMarket), now)
	if predict.ErrorCode(err) != predict.ENOTARBITRATOR || !strings.Contains(predict.ErrorMessage(err), "is not the arbitrator") {
		t.Fatalf("arbitrate by another account: %v, want ENOTARBITRATOR", err)
	}
}

func TestCreateMarketAction(t *testing.T) {
	s := newKindService(t)
	user := &predict.User{UID: "uid-alice", Address: lower(alice)}
	act, res, err := s.build(context.Background(), user, alice, request(aa.KindCreateMarket), now)
	if err != nil {
		t.Fatal(err)
	}
	c := act.Create
	if act.Kind != aa.KindCreateMarket || act.Target != factory || c.BaseToken != baseToken || strings.Join(c.OptionNames, ",") != "Yes,No" ||
		c.EndTime.Int64() != now.Add(24*time.Hour).Unix() || c.FeeBps.Int64() != 200 || c.InitialLiquidity.Int64() != 1000 {
		t.Fatalf("action %+v %+v", act, c)
	}
	if len(act.Approvals) != 1 || act.Approvals[0] != (aa.Approval{Token: baseToken, Spender: factory, Amount: act.Approvals[0].Amount}) || act.Approvals[0].Amount.Int64() != 1000 {
		t.Fatalf("approvals %+v, want the factory approved for the liquidity", act.Approvals)
	}
	if res.Market != lower(predicted) || len(res.Options) != 2 || res.optionCount != 2 {
		t.Fatalf("result %+v, want the predicted market with two options", res)
	}
	// The metadata hash binds the market to the draft the record keeps.
	r := &recording{user: user, res: res, op: &predict.Operation{}}
	if err := request(aa.KindCreateMarket).record(r); err != nil {
		t.Fatal(err)
	}
	if want := `{"title":"Will it rain?","description":"d","rules":"r","options":[{"title":"Yes"},{"title":"No"}],"categoryId":"weather","tags":[],"imageUrl":"","endTime":"2030-03-18T17:46:40Z"}`; string(r.op.Request) != want || r.op.Market != lower(predicted) {
		t.Fatalf("record %s of market %s, want %s of %s", r.op.Request, r.op.Market, want, lower(predicted))
	}
	if c.MetadataHash != crypto.Keccak256Hash(r.op.Request) {
		t.Fatal("the metadata hash is not the keccak256 of the recorded draft")
	}
}

// TestKindMatches is Submit's check of a client's callData: each field of
// each kind that moves value or changes state must be the request's.
func TestKindMatches(t *testing.T) {
	s := newKindService(t)
	user := &predict.User{UID: "uid-alice", Address: lower(alice)}
	n := big.NewInt
	tests := []struct {
		name   string
		kind   aa.Kind
		market common.Address // zero: the request's
		change func(a *aa.Action)
		msg    string // "" passes
	}{
		{"BuySame", aa.KindBuy, common.Address{}, func(*aa.Action) {}, ""},
		{"BuyMoreApproved", aa.KindBuy, common.Address{}, func(a *aa.Action) { a.Approvals[0].Amount = n(1 << 40) }, ""},
		{"BuyIsSell", aa.KindBuy, common.Address{}, func(a *aa.Action) { a.Kind, a.Approvals = aa.KindSell, nil }, "performs sell, but this endpoint's request is buy"},
		{"BuyOtherMarket", aa.KindBuy, common.Address{}, func(a *aa.Action) { a.Target = settling }, "calls 0x0000000000000000000000000000000000000003, not"},
		{"BuyOtherOption", aa.KindBuy, common.Address{}, func(a *aa.Action) { a.Option = 1 }, "trades option index 1, the request's option is index 0"},
		{"BuyOtherAmount", aa.KindBuy, common.Address{}, func(a *aa.Action) { a.Amount = n(99) }, "amount is 99, the request says 100"},
		{"BuyOtherMinimum", aa.KindBuy, common.Address{}, func(a *aa.Action) { a.MinOut = n(0) }, "minimum output is 0, the request says 1"},
		{"BuyOtherDeadline", aa.KindBuy, common.Address{}, func(a *aa.Action) { a.Deadline = n(now.Unix() + 61) }, "deadline is"},
		{"BuyNoApproval", aa.KindBuy, common.Address{}, func(a *aa.Action) { a.Approvals = nil }, "makes 0 approvals; this action needs 1"},
		{"BuyApprovesStranger", aa.KindBuy, common.Address{}, func(a *aa.Action) { a.Approvals[0].Spender = stranger }, "approves"},
		{"BuyApprovesLess", aa.KindBuy, common.Address{}, func(a *aa.Action) { a.Approvals[0].Amount = n(99) }, "approves 99, less than the 100"},
		{"SellOtherOption", aa.KindSell, common.Address{}, func(a *aa.Action) { a.Option = 1 }, "trades option index 1"},
		{"SellExtraApproval", aa.KindSell, common.Address{}, func(a *aa.Action) {
			a.Approvals = []aa.Approval{{Token: yes, Spender: stranger, Amount: n(1)}}
		}, "makes 1 approvals; this action needs 0"},
		{"AddLiquidityOtherMinimum", aa.KindAddLiquidity, common.Address{}, func(a *aa.Action) { a.MinOut = n(5) }, "minimum output is 5"},
		{"RemoveLiquidityOtherAmount", aa.KindRemoveLiquidity, common.Address{}, func(a *aa.Action) { a.Amount = n(11) }, "amount is 11"},
		{"RemoveLiquidityEndedNotRedeem", aa.KindRemoveLiquidity, ended, func(a *aa.Action) { a.Kind = aa.KindRemoveLiquidity }, "performs remove-liquidity, but this endpoint's request is redeem-liquidity"},
		{"RedeemOtherAmount", aa.KindRemoveLiquidity, ended, func(a *aa.Action) { a.Amount = n(9) }, "LP amount is 9, the request says 10"},
		{"ClaimPart", aa.KindClaim, common.Address{}, func(a *aa.Action) { a.Amount = n(1) }, ""},
		{"ClaimNothing", aa.KindClaim, common.Address{}, func(a *aa.Action) { a.Amount = n(0) }, "claims nothing"},
		{"SettleOtherOption", aa.KindSettleMarket, common.Address{}, func(a *aa.Action) { a.Option = 0 }, "trades option index 0, the request's option is index 1"},
		{"CreateOwnSalt", aa.KindCreateMarket, common.Address{}, func(a *aa.Action) { a.Create.Salt = [32]byte{1}; a.Create.MetadataHash = [32]byte{2} }, ""},
		{"CreateOtherOptions", aa.KindCreateMarket, common.Address{}, func(a *aa.Action) { a.Create.OptionNames = []string{"Yes", "Maybe"} }, "other options or base token"},
		{"CreateOtherEndTime", aa.KindCreateMarket, common.Address{}, func(a *aa.Action) { a.Create.EndTime = n(1) }, "endTime is 1"},
		{"CreateOtherFee", aa.KindCreateMarket, common.Address{}, func(a *aa.Action) { a.Create.FeeBps = n(0) }, "fee is 0, the request says 200"},
		{"CreateOtherLiquidity", aa.KindCreateMarket, common.Address{}, func(a *aa.Action) { a.Create.InitialLiquidity = n(1) }, "initial liquidity is 1"},
		// Only the Exchange, only the market's tokens, only the most.
		{"EnableTradingSame", aa.KindEnableTrading, common.Address{}, func(*aa.Action) {}, ""},
		{"EnableTradingOtherSpender", aa.KindEnableTrading, common.Address{}, func(a *aa.Action) { a.Spender = stranger },
			"approves 0x0000000000000000000000000000000000000bad, not 0x0000000000000000000000000000000000e8c4a6"},
		{"EnableTradingApprovalToStranger", aa.KindEnableTrading, common.Address{}, func(a *aa.Action) { a.Approvals[1].Spender = stranger }, "approves"},
		{"EnableTradingOtherToken", aa.KindEnableTrading, common.Address{}, func(a *aa.Action) { a.Target = stranger }, "calls 0x0000000000000000000000000000000000000bad, not"},
		{"EnableTradingOtherOptionToken", aa.KindEnableTrading, common.Address{}, func(a *aa.Action) { a.Approvals[0].Token = stranger }, "approves"},
		{"EnableTradingOneOptionLeftOut", aa.KindEnableTrading, common.Address{}, func(a *aa.Action) { a.Approvals = a.Approvals[:1] }, "makes 1 approvals; this action needs 2"},
		{"EnableTradingLess", aa.KindEnableTrading, common.Address{}, func(a *aa.Action) { a.Amount = n(1) }, "amount is 1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req := request(tt.kind)
			if tt.market != (common.Address{}) {
				req.Head().Market = tt.market
			}
			want, _, err := s.build(context.Background(), user, alice, req, now)
			if err != nil {
				t.Fatal(err)
			}
			// The client's action, as it comes out of its callData.
			got := roundTrip(t, want)
			tt.change(got)
			err = matches(got, want)
			if tt.msg == "" {
				if err != nil {
					t.Fatal(err)
				}
				return
			}
			if predict.ErrorCode(err) != predict.EREJECTED || !strings.Contains(predict.ErrorMessage(err), tt.msg) {
				t.Fatalf("matches = %v, want EREJECTED containing %q", err, tt.msg)
			}
		})
	}
}

// body is a request body as a client sends it.
type body map[string]any

// TestKindParse is each kind's reading of a request body: the accepted
// body and each refusal (EINVALID, naming the field).
func TestKindParse(t *testing.T) {
	side := func(n int) *int { return &n }
	trade := func(change func(b body)) body {
		b := body{"marketAddress": lower(running), "optionAddress": lower(yes), "amount": "100", "minReceiveAmount": "1", "deadline": "1900000060"}
		change(b)
		return b
	}
	limit := func(change func(b body)) body {
		b := body{"marketAddress": lower(running), "optionAddress": lower(yes), "side": 1, "price": "0.45", "amount": "100", "expiry": "1900000060"}
		change(b)
		return b
	}
	create := func(change func(b body)) body {
		b := body{"title": " Will it rain? ", "description": "d", "rules": "r", "categoryId": "weather", "options": []body{{"title": "Yes"}, {"title": " No "}},
			"endTime": "2030-03-18T00:00:00Z", "baseTokenAddress": lower(baseToken), "initialLiquidity": "1000"}
		change(b)
		return b
	}
	tests := []struct {
		name string
		kind aa.Kind
		body body
		msg  string // "" accepts
		want any    // a func of the kind's request type, true when it is right
	}{
		{"Buy", aa.KindBuy, trade(func(body) {}), "", func(r *tradeRequest) bool {
			return r.Market == running && r.Option == yes && r.Amount.Int64() == 100 && r.Deadline.Int64() == 1900000060 && r.Price.Sign() == 0 && r.Side == predict.SideBuy
		}},
		{"SellWithPrice", aa.KindSell, trade(func(b body) { b["price"] = "7" }), "", func(r *tradeRequest) bool { return r.Side == predict.SideSell && r.Price.Int64() == 7 }},
		{"BuyNoMarket", aa.KindBuy, trade(func(b body) { b["marketAddress"] = "" }), "marketAddress is required", nil},
		{"BuyBadOption", aa.KindBuy, trade(func(b body) { b["optionAddress"] = "0x12" }), "optionAddress must be a 0x-prefixed 20-byte hex address", nil},
		{"BuyFractionAmount", aa.KindBuy, trade(func(b body) { b["amount"] = "1.5" }), "amount must be a non-negative integer string in base units", nil},
		{"BuyNoMinimum", aa.KindBuy, trade(func(b body) { b["minReceiveAmount"] = "" }), "minReceiveAmount is required", nil},
		{"BuyNoDeadline", aa.KindBuy, trade(func(b body) { delete(b, "deadline") }), "deadline is required (unix seconds)", nil},
		{"BuyMillisecondDeadline", aa.KindBuy, trade(func(b body) { b["deadline"] = "1900000060000" }), "deadline must be a unix timestamp in seconds", nil},
		{"AddLiquidity", aa.KindAddLiquidity, body{"marketAddress": lower(running), "amount": "5", "minLpAmount": "0", "deadline": "9"}, "", func(r *addLiquidityRequest) bool {
			return r.Amount.Int64() == 5 && r.MinOut.Sign() == 0
		}},
		{"AddLiquidityNoMinimum", aa.KindAddLiquidity, body{"marketAddress": lower(running), "amount": "5", "deadline": "9"}, "minLpAmount is required", nil},
		{"RemoveLiquidity", aa.KindRemoveLiquidity, body{"marketAddress": lower(running), "lpAmount": "5", "minReceiveAmount": "0", "deadline": "9"}, "", func(r *removeLiquidityRequest) bool { return r.Amount.Int64() == 5 }},
		{"RemoveLiquidityNoLP", aa.KindRemoveLiquidity, body{"marketAddress": lower(running), "amount": "5", "minReceiveAmount": "0", "deadline": "9"}, "lpAmount is required", nil},
		{"Claim", aa.KindClaim, body{"marketAddress": lower(ended), "optionAddress": lower(yes)}, "", func(r *claimRequest) bool { return r.Amount == nil && r.Option == yes }},
		{"ClaimNoOption", aa.KindClaim, body{"marketAddress": lower(ended)}, "optionAddress is required", nil},
		{"Settle", aa.KindSettleMarket, body{"marketAddress": lower(running), "winningOptionAddress": lower(no), "resolutionNote": " seen "}, "", func(r *settleRequest) bool {
			return r.Option == no && r.ResolutionNote == "seen"
		}},
		{"SettleNoWinner", aa.KindSettleMarket, body{"marketAddress": lower(running)}, "winningOptionAddress is required", nil},
		{"SettleLongNote", aa.KindSettleMarket, body{"marketAddress": lower(running), "winningOptionAddress": lower(no), "resolutionNote": strings.Repeat("x", 1001)}, "resolutionNote must be at most 1000 characters", nil},
		{"Create", aa.KindCreateMarket, create(func(body) {}), "", func(c *createRequest) bool {
			return c.Draft.Title == "Will it rain?" && strings.Join(c.Draft.titles(), ",") == "Yes,No" && c.EndTime.Equal(time.Date(2030, 3, 18, 0, 0, 0, 0, time.UTC)) &&
				c.Draft.EndTime == "2030-03-18T00:00:00Z" && c.Draft.Tags != nil && len(c.Draft.Tags) == 0 && c.InitialLiquidity.Int64() == 1000 && c.BaseToken == lower(baseToken)
		}},
		{"CreateNoTitle", aa.KindCreateMarket, create(func(b body) { b["title"] = " " }), "title is required", nil},
		{"PlaceLimitOrder", aa.KindPlaceLimitOrder, limit(func(body) {}), "", func(r *limitOrderRequest) bool {
			return r.Market == running && r.Option == yes && r.Side == predict.SideBuy && r.LimitPrice.String() == "450000000000000000" &&
				r.Amount.Int64() == 100 && r.Expiry.Int64() == 1900000060 && !r.PostOnly
		}},
		{"PlaceLimitOrderSellPostOnly", aa.KindPlaceLimitOrder, limit(func(b body) { b["side"], b["postOnly"] = 2, true }), "", func(r *limitOrderRequest) bool {
			return r.Side == predict.SideSell && r.PostOnly
		}},
		{"PlaceLimitOrderNoSide", aa.KindPlaceLimitOrder, limit(func(b body) { delete(b, "side") }), "side must be 1 (buy) or 2 (sell)", nil},
		{"PlaceLimitOrderNoPrice", aa.KindPlaceLimitOrder, limit(func(b body) { b["price"] = "" }), "price is required", nil},
		{"PlaceLimitOrderPriceOne", aa.KindPlaceLimitOrder, limit(func(b body) { b["price"] = "1" }), `price "1" must be between 0 and 1, both excluded`, nil},
		{"PlaceLimitOrderPriceZero", aa.KindPlaceLimitOrder, limit(func(b body) { b["price"] = "0.000" }), `price "0.000" must be between 0 and 1`, nil},
		{"PlaceLimitOrderPriceTooFine", aa.KindPlaceLimitOrder, limit(func(b body) { b["price"] = "0.1234567890123456789" }), `price: amount "0.1234567890123456789" has more than 18 decimals`, nil},
		{"PlaceLimitOrderNoExpiry", aa.KindPlaceLimitOrder, limit(func(b body) { delete(b, "expiry") }), "expiry is required (unix seconds)", nil},
		{"CancelOrder", aa.KindCancelOrder, body{"marketAddress": lower(running), "orderId": "7"}, "", func(r *cancelRequest) bool { return r.OrderID.Int64() == 7 && !r.CancelAll }},
		{"CancelOrderAll", aa.KindCancelOrder, body{"marketAddress": lower(running), "cancelAll": true}, "", func(r *cancelRequest) bool { return r.OrderID == nil && r.CancelAll }},
		{"CancelOrderNeither", aa.KindCancelOrder, body{"marketAddress": lower(running)}, "orderId is required", nil},
		{"CancelOrderBoth", aa.KindCancelOrder, body{"marketAddress": lower(running), "orderId": "7", "cancelAll": true}, "give orderId or cancelAll, not both", nil},
		{"CancelOrderBadID", aa.KindCancelOrder, body{"marketAddress": lower(running), "orderId": "0"}, "orderId must be a positive integer", nil},
		{"CreateRepeatedOption", aa.KindCreateMarket, create(func(b body) { b["options"] = []body{{"title": "Yes"}, {"title": "yes"}} }), `options[1].title "yes" repeats another option`, nil},
		{"CreateBlankOption", aa.KindCreateMarket, create(func(b body) { b["options"] = []body{{"title": "Yes"}, {"title": ""}} }), "options[1].title: options[].title is required", nil},
		{"CreateElevenTags", aa.KindCreateMarket, create(func(b body) { b["tags"] = make([]string, 11) }), "tags must hold at most 10 entries", nil},
		{"CreateDateOnly", aa.KindCreateMarket, create(func(b body) { b["endTime"] = "2030-03-18" }), "endTime must be an ISO 8601 time", nil},
		{"CreateFTPImage", aa.KindCreateMarket, create(func(b body) { b["imageUrl"] = "ftp://x/y.png" }), "imageUrl must be an http or https URL", nil},
		{"CreateNoLiquidity", aa.KindCreateMarket, create(func(b body) { b["initialLiquidity"] = "" }), "initialLiquidity is required", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d, ok := Lookup(string(tt.kind))
			if !ok {
				t.Fatalf("no kind %s", tt.kind)
			}
			raw, err := json.Marshal(tt.body)
			if err != nil {
				t.Fatal(err)
			}
			in := d.Input()
			if err := json.Unmarshal(raw, in); err != nil {
				t.Fatal(err)
			}
			req, err := d.Parse(in)
			if tt.msg != "" {
				if predict.ErrorCode(err) != predict.EINVALID || !strings.HasPrefix(predict.ErrorMessage(err), tt.msg) {
					t.Fatalf("Parse = %v, want EINVALID %q", err, tt.msg)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if req.Head().Kind != tt.kind || !reflect.ValueOf(tt.want).Call([]reflect.Value{reflect.ValueOf(req)})[0].Bool() {
				t.Fatalf("Parse = %+v", req)
			}
		})
	}
	// Place-order's side routes to buy or sell.
	for _, c := range []struct {
		side *int
		want *Descriptor
		msg  string
	}{{side(1), buy, ""}, {side(2), sell, ""}, {nil, nil, "side is required: 1 buys, 2 sells"}, {side(3), nil, "side must be 1 (buy) or 2 (sell)"}} {
		d, err := BySide(c.side)
		if d != c.want || (c.msg != "" && predict.ErrorMessage(err) != c.msg) {
			t.Errorf("BySide = %v, %v; want %v %q", d, err, c.want, c.msg)
		}
	}
	if _, err := Named("redeem-liquidity"); predict.ErrorMessage(err) != "action must be one of buy, sell, claim, add-liquidity, remove-liquidity, create-market, settle-market, dispute-market, finalize-market, arbitrate-market, place-limit-order, cancel-order, enable-trading" {
		t.Errorf("Named(redeem-liquidity) = %v: redeem is remove-liquidity's form, not an action", err)
	}
}

// TestKindRoles is the role rule of each kind (openapi.yaml): create-market
// for admins, settle-market for admins and resolvers, the rest for anyone.
func TestKindRoles(t *testing.T) {
	users := map[string]*predict.User{
		"nobody":   {UID: "u1", Subject: "s1"},
		"admin":    {UID: "u2", Roles: []string{predict.RoleAdmin}},
		"resolver": {UID: "u3", Roles: []string{predict.RoleResolver}},
	}
	tests := []struct {
		kind    aa.Kind
		allowed string // the users allowed, space-separated
		msg     string // nobody's refusal
	}{
		{aa.KindBuy, "nobody admin resolver", ""},
		{aa.KindSell, "nobody admin resolver", ""},
		{aa.KindAddLiquidity, "nobody admin resolver", ""},
		{aa.KindRemoveLiquidity, "nobody admin resolver", ""},
		{aa.KindRedeemLiquidity, "nobody admin resolver", ""},
		{aa.KindClaim, "nobody admin resolver", ""},
		{aa.KindCreateMarket, "admin", "create-market needs the admin role, which user u1 (subject s1) does not have"},
		{aa.KindSettleMarket, "admin resolver", "settle-market needs the admin or resolver role, which user u1 (subject s1) does not have"},
		// Anyone disputes and finalizes; the arbitrator is an account
		// on chain, checked when the operation is built (110119).
		{aa.KindDisputeMarket, "nobody admin resolver", ""},
		{aa.KindFinalizeMarket, "nobody admin resolver", ""},
		{aa.KindArbitrateMarket, "nobody admin resolver", ""},
		{aa.KindClaimVoid, "nobody admin resolver", ""},
		{aa.KindPlaceLimitOrder, "nobody admin resolver", ""},
		{aa.KindCancelOrder, "nobody admin resolver", ""},
		{aa.KindEnableTrading, "nobody admin resolver", ""},
	}
	if len(tests) != len(registry()) || len(registry()) != len(kind.All) {
		t.Fatalf("%d kinds tested, %d registered, %d in the catalogue", len(tests), len(registry()), len(kind.All))
	}
	for _, tt := range tests {
		d, _ := Lookup(string(tt.kind))
		for name, u := range users {
			err := d.Allow(u)
			if allowed := strings.Contains(" "+tt.allowed+" ", " "+name+" "); allowed != (err == nil) {
				t.Errorf("%s by %s: %v, want allowed %v", tt.kind, name, err, allowed)
			}
			if err != nil && predict.ErrorCode(err) != predict.EFORBIDDEN {
				t.Errorf("%s by %s: %v, want EFORBIDDEN", tt.kind, name, err)
			}
			if name == "nobody" && err != nil && !strings.HasPrefix(predict.ErrorMessage(err), tt.msg) {
				t.Errorf("%s by nobody: %q, want %q", tt.kind, predict.ErrorMessage(err), tt.msg)
			}
		}
	}
}

// TestKindGas is the callGasLimit of each kind on a market of two
// options: the gas measured in docs/contracts.md with headroom.
func TestKindGas(t *testing.T) {
	want := map[aa.Kind]int64{
		aa.KindBuy: 240_000, aa.KindSell: 290_000, aa.KindAddLiquidity: 290_000, aa.KindRemoveLiquidity: 340_000,
		aa.KindRedeemLiquidity: 170_000, aa.KindClaim: 150_000, aa.KindSettleMarket: 150_000, aa.KindCreateMarket: 1_100_000,
		aa.KindDisputeMarket: 170_000, aa.KindFinalizeMarket: 150_000, aa.KindArbitrateMarket: 150_000, aa.KindClaimVoid: 180_000,
		// cancel-order's count is of orders: two here.
		aa.KindPlaceLimitOrder: 220_000, aa.KindCancelOrder: 170_000,
		// Three approves of about 46,000 gas each: the base token's and
		// the two option tokens'.
		aa.KindEnableTrading: 170_000,
	}
	for _, d := range registry() {
		if g := GasOf(d.Name(), 2, false); g.Call != want[d.Name()] || g.Verification != verificationGas {
			t.Errorf("GasOf(%s) = %+v, want call gas %d", d.Name(), g, want[d.Name()])
		}
	}
}

// TestKindRequestOf is the request each kind reads back from callData
// (the ERC-4337 JSON-RPC path, which has no body).
func TestKindRequestOf(t *testing.T) {
	s := newKindService(t)
	n := big.NewInt
	dl := n(now.Unix() + 60)
	tests := []struct {
		name string
		act  *aa.Action
		want Request
		code string // a refusal's
	}{
		{"Buy", &aa.Action{Kind: aa.KindBuy, Target: running, Option: 1, Amount: n(5), MinOut: n(1), Deadline: dl},
			&tradeRequest{Header: Header{Kind: aa.KindBuy, Market: running}, Option: no, Side: predict.SideBuy, Amount: n(5), MinOut: n(1), Deadline: dl, Price: n(0)}, ""},
		{"Sell", &aa.Action{Kind: aa.KindSell, Target: running, Option: 0, Amount: n(5), MinOut: n(1), Deadline: dl},
			&tradeRequest{Header: Header{Kind: aa.KindSell, Market: running}, Option: yes, Side: predict.SideSell, Amount: n(5), MinOut: n(1), Deadline: dl, Price: n(0)}, ""},
		{"BuyNoSuchOption", &aa.Action{Kind: aa.KindBuy, Target: running, Option: 2, Amount: n(5), MinOut: n(1), Deadline: dl}, nil, predict.EREJECTED},
		{"AddLiquidity", &aa.Action{Kind: aa.KindAddLiquidity, Target: running, Amount: n(5), MinOut: n(0), Deadline: dl},
			&addLiquidityRequest{Header: Header{Kind: aa.KindAddLiquidity, Market: running}, liquidity: liquidity{Amount: n(5), MinOut: n(0), Deadline: dl}}, ""},
		{"RemoveLiquidity", &aa.Action{Kind: aa.KindRemoveLiquidity, Target: running, Amount: n(5), MinOut: n(0), Deadline: dl},
			&removeLiquidityRequest{Header: Header{Kind: aa.KindRemoveLiquidity, Market: running}, liquidity: liquidity{Amount: n(5), MinOut: n(0), Deadline: dl}}, ""},
		// A redemption is the remove-liquidity request of an ended market.
		{"RedeemLiquidity", &aa.Action{Kind: aa.KindRedeemLiquidity, Target: ended, Amount: n(5)},
			&removeLiquidityRequest{Header: Header{Kind: aa.KindRemoveLiquidity, Market: ended}, liquidity: liquidity{Amount: n(5)}}, ""},
		// claim names no option: it pays the winning one.
		{"Claim", &aa.Action{Kind: aa.KindClaim, Target: ended, Amount: n(5)}, &claimRequest{Header: Header{Kind: aa.KindClaim, Market: ended}, Option: yes, Amount: n(5)}, ""},
		{"Settle", &aa.Action{Kind: aa.KindSettleMarket, Target: running, Option: 1}, &settleRequest{Header: Header{Kind: aa.KindSettleMarket, Market: running}, outcome: outcome{Option: no}}, ""},
		{"NotAMarket", &aa.Action{Kind: aa.KindClaim, Target: unknown, Amount: n(5)}, nil, predict.EREJECTED},
		// Its title and texts are off chain.
		{"CreateMarket", &aa.Action{Kind: aa.KindCreateMarket, Target: factory, Create: &aa.CreateParams{}}, nil, predict.EREJECTED},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := s.RequestOf(context.Background(), tt.act)
			if tt.code != "" {
				if predict.ErrorCode(err) != tt.code {
					t.Fatalf("RequestOf = %v, want %s", err, tt.code)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if tr, ok := got.(*tradeRequest); ok {
				if tr.spends == nil {
					t.Fatalf("RequestOf = %+v: a trade without what it spends", tr)
				}
				tr.spends = nil // a func: checked above
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Fatalf("RequestOf = %+v, want %+v", got, tt.want)
			}
		})
	}
}

// TestKindRecord is what each kind's record keeps of its request, and the
// order a trade records with it.
func TestKindRecord(t *testing.T) {
	s := newKindService(t)
	user := &predict.User{UID: "uid-alice", Address: lower(alice)}
	op := &aa.UserOperation{Nonce: big.NewInt(7)}
	settle := with(aa.KindSettleMarket, func(r *settleRequest) { r.ResolutionSource, r.ResolutionNote = "https://example.com", "seen" })
	tests := []struct {
		name  string
		req   Request
		act   aa.Kind
		want  string // the record's request
		order bool
	}{
		{"Buy", request(aa.KindBuy), aa.KindBuy,
			`{"amount":"100","deadline":"1900000060","minReceiveAmount":"1","optionAddress":"0x0000000000000000000000000000000000000e51","price":"0","side":1}`, true},
		{"Sell", request(aa.KindSell), aa.KindSell,
			`{"amount":"50","deadline":"1900000060","minReceiveAmount":"1","optionAddress":"0x0000000000000000000000000000000000000e51","price":"0","side":2}`, true},
		{"AddLiquidity", request(aa.KindAddLiquidity), aa.KindAddLiquidity, `{"optionAddress":"0x0000000000000000000000000000000000000000"}`, false},
		{"Redeem", request(aa.KindRemoveLiquidity), aa.KindRedeemLiquidity, `{"optionAddress":"0x0000000000000000000000000000000000000000"}`, false},
		{"Claim", request(aa.KindClaim), aa.KindClaim, `{"optionAddress":"0x0000000000000000000000000000000000000e51"}`, false},
		{"Settle", settle, aa.KindSettleMarket,
			`{"resolutionNote":"seen","resolutionSource":"https://example.com","winningOptionAddress":"0x0000000000000000000000000000000000000e50"}`, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec, order, err := s.record(user, tt.req, op, "0xhash", &aa.Action{Kind: tt.act}, &Result{})
			if err != nil {
				t.Fatal(err)
			}
			if string(rec.Request) != tt.want || rec.Kind != string(tt.act) || rec.Market != lower(tt.req.Head().Market) || rec.UID != user.UID || rec.Nonce.Int64() != 7 {
				t.Fatalf("record %+v with request %s, want %s", rec, rec.Request, tt.want)
			}
			if (order != nil) != tt.order {
				t.Fatalf("order %+v, want one: %v", order, tt.order)
			}
			if order != nil && (order.UUID == "" || order.UUID != rec.OrderUUID || order.Option != lower(yes) || order.Side != tt.req.(*tradeRequest).Side || order.Deadline != 1900000060) {
				t.Fatalf("order %+v of record %+v", order, rec)
			}
		})
	}
}

// eqInt reports whether two numbers, either of them nil, are the same.
func eqInt(a, b *big.Int) bool { return (a == nil) == (b == nil) && (a == nil || a.Cmp(b) == 0) }

// TestRecordJSON: the typed records write the JSON the maps they replace
// wrote (the same names, in the same order), so old and new rows read
// alike.
func TestRecordJSON(t *testing.T) {
	for _, tt := range []struct {
		v    any
		want string
	}{
		{tradeRecord{OptionAddress: "0xa", Side: 1, Amount: "100", MinReceiveAmount: "1", Price: "0", Deadline: "9"},
			`{"amount":"100","deadline":"9","minReceiveAmount":"1","optionAddress":"0xa","price":"0","side":1}`},
		{settleRecord{"n", "s", outcomeRecord{WinningOptionAddress: "0xb"}}, `{"resolutionNote":"n","resolutionSource":"s","winningOptionAddress":"0xb"}`},
		{settleRecord{"", "", outcomeRecord{Void: true}}, `{"resolutionNote":"","resolutionSource":"","void":true}`},
		{outcomeRecord{Void: true}, `{"void":true}`},
		{optionRecord{"0xc"}, `{"optionAddress":"0xc"}`},
		{struct{}{}, `{}`},
	} {
		if raw, err := jsonOf(tt.v); err != nil || string(raw) != tt.want {
			t.Errorf("%T: %s %v, want %s", tt.v, raw, err, tt.want)
		}
	}
}

// TestMinOrder: by default the smallest limit order is one whole token of
// what it escrows, and the refusal names it: 0.000001 USDC is dust.
func TestMinOrder(t *testing.T) {
	u := unit{symbol: "USDC", decimals: 6}
	for _, tc := range []struct {
		amount int64
		min    *big.Rat
		msg    string
	}{
		{1, DefaultMinOrder, "amount 0.000001 USDC is below the minimum order size, 1 USDC"},
		{999_999, DefaultMinOrder, "amount 0.999999 USDC is below the minimum order size, 1 USDC"},
		{1_000_000, DefaultMinOrder, ""},
		{4_999, big.NewRat(1, 200), "amount 0.004999 USDC is below the minimum order size, 0.005 USDC"},
	} {
		err := minOrder(big.NewInt(tc.amount), tc.min, u)
		if tc.msg == "" && err != nil || tc.msg != "" && (predict.ErrorCode(err) != predict.EINVALID || predict.ErrorMessage(err) != tc.msg) {
			t.Errorf("minOrder(%d, %s) = %v, want %q", tc.amount, tc.min, err, tc.msg)
		}
	}
	if New(Config{Deployment: &predict.Deployment{}}).cfg.MinOrder.Cmp(big.NewRat(1, 1)) != 0 {
		t.Error("the default minimum is not one token")
	}
}
