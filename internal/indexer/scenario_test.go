package indexer_test

import (
	"encoding/json"
	"fmt"
	"math/big"
	"slices"
	"strings"
	"testing"

	"github.com/ethereum/go-ethereum/accounts/abi/bind"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/prometheus/client_golang/prometheus"
	dto "github.com/prometheus/client_model/go"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/event"
	"github.com/predict-dev/predict/internal/aa"
	"github.com/predict-dev/predict/internal/chain/bindings"
	"github.com/predict-dev/predict/internal/events"
	"github.com/predict-dev/predict/internal/market/fpmm"
	"github.com/predict-dev/predict/internal/store"
	"github.com/predict-dev/predict/internal/store/storetest"
)

// TestScenario drives a market's whole life on the real contracts on the
// embedded dev chain and checks, after every Sync, that the store says
// what the chain says: a market created through a UserOperation (titles
// from the operation's request), two traders buying, one selling part,
// a batch of two operations (one confirmed, one reverted), an LP adding
// and removing liquidity, a settlement through an operation, a claim.
func TestScenario(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.DB) {
		e := newDevEnv(t)
		ctx := e.ctx
		keyA, _ := crypto.GenerateKey()
		keyB, _ := crypto.GenerateKey()
		keyL, _ := crypto.GenerateKey()
		A, B, L := addr(keyA), addr(keyB), addr(keyL)
		for _, a := range []common.Address{A, B, L} {
			e.fund(a, usd(10_000))
		}
		S := e.newSmartAccount() // the service user's smart account, an admin
		e.mint(S.addr, usd(10_000))
		e.send(e.operator, func(o *bind.TransactOpts) (*types.Transaction, error) { return e.factory.SetAdmin(o, S.addr, true) })

		userS := storetest.NewUser(t, s, func(p *predict.LoginParams) { p.Address = lower(S.addr) })
		userA := storetest.NewUser(t, s, func(p *predict.LoginParams) { p.Address = lower(A) })
		// B is bound to nobody: its trades have no uid and no user events.

		pub := &recorder{}
		ix := newIndexer(t, e, s, pub, nil)
		reg := prometheus.NewRegistry()
		if err := ix.Metrics().Register(reg); err != nil {
			t.Fatal(err)
		}
		syncHead(t, e, ix)
		pub.take(t)

		// 1. S creates a market with an operation the API accepted.
		salt := [32]byte{9}
		predicted, err := e.factory.PredictMarket(&bind.CallOpts{Context: ctx}, S.addr, salt)
		if err != nil {
			t.Fatal(err)
		}
		end := int64(e.headTime()) + 86400
		create := &aa.Action{Kind: aa.KindCreateMarket, Target: e.suite.MarketFactory, Create: &aa.CreateParams{
			BaseToken: e.usdc, OptionNames: []string{"Y", "N"}, EndTime: big.NewInt(end), FeeBps: big.NewInt(200),
			InitialLiquidity: usd(1000), Salt: salt},
			Approvals: []aa.Approval{{Token: e.usdc, Spender: e.suite.MarketFactory, Amount: usd(1000)}}}
		op, hash := e.userOp(S, e.nonce(S), create)
		request := `{"title":"Will it rain?","description":"Rain in Paris","rules":"Météo-France","options":[{"title":"Yes"},{"title":"No"}],
			"categoryId":"weather","tags":["paris","rain"],"imageUrl":"https://example.com/r.png","endTime":"2030-01-01T00:00:00Z"}`
		acceptOp(t, s, userS, op, hash, predict.KindCreateMarket, predicted, request)
		rCreate := e.handleOps(op)
		syncHead(t, e, ix)
		mk := e.bindMarket(predicted)
		m, err := s.MarketByAddress(ctx, lower(predicted), "")
		if err != nil {
			t.Fatal(err)
		}
		if m.Title != "Will it rain?" || m.Rules != "Météo-France" || m.CategoryID != "weather" || !slices.Equal(m.Tags, []string{"paris", "rain"}) ||
			m.Options[0].Title != "Yes" || m.Options[1].Title != "No" || m.Creator.UID != userS.UID || m.FeeBps != 200 ||
			m.BaseToken != lower(e.usdc) || m.EndTime.Unix() != end || m.Status != predict.StatusRunning {
			t.Fatalf("market = %+v", m)
		}
		wantOp(t, s, hash, predict.OpConfirmed, "", rCreate)
		// The seeding LiquidityAdded is a liquidity change; S is told its
		// operation confirmed; the factory's topic hears of the market.
		wantEvents(t, pub.take(t),
			events.MarketCreated(e.suite.MarketFactory.Hex(), predicted.Hex()),
			events.UserOperationStatus(userS.UID, hash.Hex(), events.OpConfirmed, "", rCreate.TxHash.Hex(), lower(predicted), predict.KindCreateMarket),
			events.MarketInfoUpdate(lower(predicted), ""),
			events.MarketPriceChange(lower(predicted), lower(mk.options[0])),
			events.MarketPriceChange(lower(predicted), lower(mk.options[1])),
			events.UserNewNotification(userS.UID),
			events.UserAssetChanged(userS.UID, lower(e.usdc)), // the liquidity paid
		)
		check := newChecker(t, e, s, mk, []common.Address{S.addr, A, B, L})
		check.all()

		// From here on, every event must find its effect committed.
		pub.check = func(ev events.Event) error {
			if ev.Name != event.NewTrades {
				return nil
			}
			trades, _, err := s.Trades(ctx, predict.TradeFilter{Market: ev.Data[event.KeyMarket], Option: ev.Data[event.KeyOption]})
			if err != nil || len(trades) == 0 {
				return fmt.Errorf("%s published before its trade was committed (%v)", ev.Name, err)
			}
			return nil
		}

		// 2. A buys Yes, B buys No, directly from their keys.
		e.approve(keyA, mk.addr)
		e.approve(keyB, mk.addr)
		buyA := parseBought(t, mk, e.buy(keyA, mk, 0, usd(100)))
		e.buy(keyB, mk, 1, usd(50))
		syncHead(t, e, ix)
		check.all()
		wantEvents(t, pub.take(t), tradeEvents(e, mk, userA.UID, 0,
			events.MarketNewTrades(lower(mk.addr), lower(mk.options[1])))...)
		posA := check.position(A, 0)
		if posA.CostBasis.Cmp(usd(100)) != 0 || posA.RealizedPnL.Sign() != 0 || posA.UID != userA.UID ||
			posA.AvgPrice.Cmp(predict.DivWad(usd(100), buyA.TokensOut)) != 0 {
			t.Fatalf("A after buying: %+v", posA)
		}

		// 3. A sells half: average cost leaves in proportion.
		half := new(big.Int).Rsh(buyA.TokensOut, 1)
		rSell := e.send(keyA, func(o *bind.TransactOpts) (*types.Transaction, error) {
			return mk.m.Sell(o, big.NewInt(0), half, big.NewInt(0), e.deadline())
		})
		sold := parseSold(t, mk, rSell)
		syncHead(t, e, ix)
		check.all()
		removed := new(big.Int).Div(new(big.Int).Mul(usd(100), half), buyA.TokensOut)
		posA = check.position(A, 0)
		wantAmount(t, "A cost after the sale", posA.CostBasis, new(big.Int).Sub(usd(100), removed))
		wantAmount(t, "A realized after the sale", posA.RealizedPnL, new(big.Int).Sub(sold.BaseOut, removed))
		if posA.RealizedPnL.Sign() >= 0 {
			t.Fatalf("selling right after buying should lose the fees and the price impact: %s", posA.RealizedPnL)
		}
		wantEvents(t, pub.take(t), tradeEvents(e, mk, userA.UID, 0)...)
		trades, total, err := s.Trades(ctx, predict.TradeFilter{UID: userA.UID})
		if err != nil || total != 2 || trades[0].Side != predict.SideSell || trades[0].TxHash != rSell.TxHash.Hex() ||
			trades[0].TokenAmount.Cmp(half) != 0 || trades[1].Side != predict.SideBuy || trades[0].MarketTitle != "Will it rain?" ||
			trades[0].OptionTitle != "Yes" {
			t.Fatalf("A's trades (%d, %v): %+v", total, err, trades)
		}

		// 4. One handleOps with two operations: S2's buy whose minimum
		// output cannot be met (reverted), then S's buy (confirmed). (Two
		// operations of one sender cannot share a bundle: the v0.6
		// VerifyingPaymaster signs over the sender's paymaster nonce.)
		S2 := e.newSmartAccount()
		e.mint(S2.addr, usd(100))
		userS2 := storetest.NewUser(t, s, func(p *predict.LoginParams) { p.Address = lower(S2.addr) })
		check.accounts = append(check.accounts, S2.addr)
		buyOp := &aa.Action{Kind: aa.KindBuy, Target: mk.addr, Option: 1, Amount: usd(20), MinOut: big.NewInt(1), Deadline: e.deadline(),
			Approvals: []aa.Approval{{Token: e.usdc, Spender: mk.addr, Amount: usd(20)}}}
		tooMuch, _ := new(big.Int).SetString("1000000000000000000000000000000", 10)
		greedy := *buyOp
		greedy.MinOut = tooMuch
		op2, h2 := e.userOp(S2, e.nonce(S2), &greedy)
		op1, h1 := e.userOp(S, e.nonce(S), buyOp)
		acceptOp(t, s, userS, op1, h1, "buy", mk.addr, `{}`)
		acceptOp(t, s, userS2, op2, h2, "buy", mk.addr, `{}`)
		rOps := e.handleOps(op2, op1)
		syncHead(t, e, ix)
		check.all()
		wantOp(t, s, h1, predict.OpConfirmed, "", rOps)
		got, _ := s.OperationByHash(ctx, h2.Hex())
		if got.Status != predict.OpReverted || !strings.HasPrefix(got.Reason, "InsufficientOutput(") ||
			!strings.HasSuffix(got.Reason, ", "+tooMuch.String()+")") {
			t.Fatalf("greedy op: %s %q", got.Status, got.Reason)
		}
		trades, _, err = s.Trades(ctx, predict.TradeFilter{UID: userS.UID})
		if err != nil || len(trades) != 1 || trades[0].OpHash != h1.Hex() || trades[0].Account != lower(S.addr) || trades[0].OptionIndex != 1 {
			t.Fatalf("S's trades: %+v %v", trades, err)
		}
		wantEvents(t, pub.take(t), tradeEvents(e, mk, userS.UID, 1,
			events.UserAssetChanged(userS2.UID, lower(e.usdc)), // the mint
			events.UserNewNotification(userS.UID),              // confirmed
			events.UserNewNotification(userS2.UID),             // reverted
			events.UserOperationStatus(userS.UID, h1.Hex(), events.OpConfirmed, "", rOps.TxHash.Hex(), lower(mk.addr), "buy"),
			events.UserOperationStatus(userS2.UID, h2.Hex(), events.OpReverted, got.Reason, rOps.TxHash.Hex(), lower(mk.addr), "buy"),
		)...)

		// 5. L adds liquidity, then removes all of it.
		e.approve(keyL, mk.addr)
		rAdd := e.send(keyL, func(o *bind.TransactOpts) (*types.Transaction, error) {
			return mk.m.AddLiquidity(o, usd(500), big.NewInt(1), e.deadline())
		})
		added := parseAdded(t, mk, rAdd)
		syncHead(t, e, ix)
		check.all()
		prices, err := fpmm.Prices(added.Balances)
		if err != nil {
			t.Fatal(err)
		}
		returned := new(big.Int)
		for k, amt := range added.SentBack {
			v := predict.MulWad(amt, prices[k])
			returned.Add(returned, v)
			if amt.Sign() > 0 {
				wantAmount(t, fmt.Sprintf("L's cost of the option %d tokens sent back", k), check.position(L, k).CostBasis, v)
			}
		}
		lp := check.lp(L)
		wantAmount(t, "L deposited", lp.Deposited, usd(500))
		wantAmount(t, "L returned value", lp.ReturnedValue, returned)
		wantEvents(t, pub.take(t),
			events.MarketInfoUpdate(lower(mk.addr), ""),
			events.MarketPriceChange(lower(mk.addr), lower(mk.options[0])),
			events.MarketPriceChange(lower(mk.addr), lower(mk.options[1])),
		)
		rRemove := e.send(keyL, func(o *bind.TransactOpts) (*types.Transaction, error) {
			return mk.m.RemoveLiquidity(o, added.LpMinted, big.NewInt(0), e.deadline())
		})
		removedLiq, fees := parseRemoved(t, mk, rRemove)
		syncHead(t, e, ix)
		check.all()
		lp, _ = check.lpClosed(L)
		wantAmount(t, "L withdrawn", lp.Withdrawn, removedLiq.BaseOut)
		wantAmount(t, "L fees", lp.Fees, fees)
		if lp.LPAmount.Sign() != 0 {
			t.Fatalf("L still holds %s LP", lp.LPAmount)
		}
		pub.take(t)

		// 6. S settles through an operation: settling when accepted,
		// ended when confirmed.
		settle := &aa.Action{Kind: aa.KindSettleMarket, Target: mk.addr, Option: 0}
		opS, hS := e.userOp(S, e.nonce(S), settle)
		acceptOp(t, s, userS, opS, hS, predict.KindSettleMarket, mk.addr,
			`{"winningOptionAddress":"`+lower(mk.options[0])+`","resolutionSource":"https://meteo.fr","resolutionNote":"it rained"}`)
		if m, _ := s.MarketByAddress(ctx, lower(mk.addr), ""); m.Status != predict.StatusSettling {
			t.Fatalf("after accepting the settlement: %s", m.Status)
		}
		res, err := s.Resolution(ctx, lower(mk.addr))
		if err != nil || res.Status != predict.StatusSettling || res.Source != "https://meteo.fr" || res.OpHash != hS.Hex() ||
			res.ResolverUID != userS.UID || res.WinningIndex != -1 {
			t.Fatalf("resolution while settling: %+v %v", res, err)
		}
		rSettle := e.handleOps(opS)
		syncHead(t, e, ix)
		check.all()
		res, err = s.Resolution(ctx, lower(mk.addr))
		if err != nil || res.Status != predict.StatusEnded || res.WinningIndex != 0 || res.WinningOption != lower(mk.options[0]) ||
			res.Source != "https://meteo.fr" || res.Note != "it rained" || res.ResolverUID != userS.UID || res.Resolver != lower(S.addr) ||
			res.OpHash != hS.Hex() || res.TxHash != rSettle.TxHash.Hex() || res.Block != rSettle.BlockNumber.Uint64() || res.SettledAt.IsZero() {
			t.Fatalf("resolution: %+v %v", res, err)
		}
		// S is told its operation confirmed and, as A, that a market it
		// holds settled; S2 (its buy reverted) and L (left) hold nothing.
		wantEvents(t, pub.take(t), events.MarketInfoUpdate(lower(mk.addr), lower(mk.options[0])),
			events.UserNewNotification(userS.UID), events.UserNewNotification(userA.UID),
			events.UserOperationStatus(userS.UID, hS.Hex(), events.OpConfirmed, "", rSettle.TxHash.Hex(), lower(mk.addr), predict.KindSettleMarket))
		ns, _, _, err := s.Notifications(ctx, predict.NotificationFilter{UID: userA.UID, Page: 1, PageSize: 10})
		if err != nil || len(ns) != 1 || ns[0].Kind != predict.NotifyMarketSettled || ns[0].Data[predict.NoteMarketTitle] != "Will it rain?" ||
			ns[0].Data[predict.NoteWinningOption] != lower(mk.options[0]) {
			t.Fatalf("A's notifications: %+v %v", ns, err)
		}
		if _, total, _, _ := s.Notifications(ctx, predict.NotificationFilter{UID: userS2.UID, Page: 1, PageSize: 10}); total != 1 {
			t.Fatalf("S2 has %d notifications, want the reverted operation's", total)
		}

		// 7. A claims its remaining Yes tokens 1:1.
		before := check.position(A, 0)
		rClaim := e.send(keyA, func(o *bind.TransactOpts) (*types.Transaction, error) {
			return mk.m.Claim(o, before.Amount)
		})
		if rClaim.Status != types.ReceiptStatusSuccessful {
			t.Fatal("claim failed")
		}
		syncHead(t, e, ix)
		check.all()
		after, _ := check.positionClosed(A, 0)
		if after.Amount.Sign() != 0 || after.CostBasis.Sign() != 0 {
			t.Fatalf("A after claiming: %+v", after)
		}
		wantAmount(t, "A realized after the claim", after.RealizedPnL,
			new(big.Int).Add(before.RealizedPnL, new(big.Int).Sub(before.Amount, before.CostBasis)))
		// A claimed with its own key, outside the service's operations: it
		// is told of the payment as of one made on its behalf.
		wantEvents(t, pub.take(t), events.UserAssetChanged(userA.UID, lower(e.usdc)), events.UserNewNotification(userA.UID))

		// Idempotent: Sync again, and a fresh indexer on the same store,
		// change nothing and publish nothing.
		applied := metricValue(ix.Metrics().LogsApplied)
		syncHead(t, e, ix)
		syncHead(t, e, newIndexer(t, e, s, pub, nil))
		check.all()
		if evs := pub.take(t); len(evs) != 0 {
			t.Fatalf("events of a second Sync: %v", keys(evs))
		}
		if got := metricValue(ix.Metrics().LogsApplied); got != applied || applied == 0 {
			t.Fatalf("logs applied %v, then %v", applied, got)
		}
		head, _ := e.client.HeaderByNumber(ctx, nil)
		if got := metricValue(ix.Metrics().Indexed); got != float64(head.Number.Uint64()) {
			t.Fatalf("indexed block metric %v, head %v", got, head.Number)
		}
		if mfs, err := reg.Gather(); err != nil || len(mfs) != 10 {
			t.Fatalf("registered metrics: %d %v", len(mfs), err)
		}
	})
}

// acceptOp records an operation as the API does when it accepts it.
func acceptOp(t *testing.T, s *store.DB, u *predict.User, op *aa.UserOperation, hash common.Hash, kind string, market common.Address, request string) {
	t.Helper()
	raw, _ := json.Marshal(op)
	var compact json.RawMessage
	if err := json.Unmarshal([]byte(request), &compact); err != nil {
		t.Fatal(err)
	}
	_, created, err := s.CreateOperation(t.Context(), &predict.Operation{OpHash: hash.Hex(), UID: u.UID, Sender: lower(op.Sender),
		Kind: kind, Market: lower(market), Nonce: op.Nonce, UserOp: raw, Request: compact}, nil)
	if err != nil || !created {
		t.Fatalf("accept op: %v %v", created, err)
	}
}

func wantOp(t *testing.T, s *store.DB, hash common.Hash, status predict.OpStatus, reason string, r *types.Receipt) {
	t.Helper()
	op, err := s.OperationByHash(t.Context(), hash.Hex())
	if err != nil {
		t.Fatal(err)
	}
	if op.Status != status || op.Reason != reason || op.TxHash != r.TxHash.Hex() || op.Block != r.BlockNumber.Uint64() {
		t.Fatalf("operation %s: %s %q tx %s block %d; want %s %q tx %s block %d", hash.Hex(), op.Status, op.Reason, op.TxHash,
			op.Block, status, reason, r.TxHash.Hex(), r.BlockNumber)
	}
}

func wantAmount(t *testing.T, what string, got, want *big.Int) {
	t.Helper()
	if got == nil || got.Cmp(want) != 0 {
		t.Fatalf("%s = %v, want %v", what, got, want)
	}
}

func keys(evs []events.Event) []string {
	out := make([]string, len(evs))
	for i, ev := range evs {
		out[i] = eventKey(ev)
	}
	return out
}

// tradeEvents are the events of uid's trade of option on mk (a
// two-option market), then more: the market's new trade and its prices,
// the user's position and USDC balance.
func tradeEvents(e *env, mk *market, uid string, option int, more ...events.Event) []events.Event {
	return append([]events.Event{
		events.MarketNewTrades(lower(mk.addr), lower(mk.options[option])),
		events.MarketPriceChange(lower(mk.addr), lower(mk.options[0])),
		events.MarketPriceChange(lower(mk.addr), lower(mk.options[1])),
		events.UserPositionChanged(uid, lower(mk.addr), lower(mk.options[option])),
		events.UserAssetChanged(uid, lower(e.usdc)),
	}, more...)
}

// wantEvents checks that exactly want was published, each once, in any
// order.
func wantEvents(t *testing.T, got []events.Event, want ...events.Event) {
	t.Helper()
	g, w := keys(got), keys(want)
	slices.Sort(g)
	slices.Sort(w)
	if !slices.Equal(g, w) {
		t.Fatalf("events:\n got %q\nwant %q", g, w)
	}
}

func parseBought(t *testing.T, mk *market, r *types.Receipt) *bindings.MarketBought {
	t.Helper()
	return parseLog(t, r, mk.addr, "Bought", mk.m.ParseBought)
}

func parseSold(t *testing.T, mk *market, r *types.Receipt) *bindings.MarketSold {
	t.Helper()
	return parseLog(t, r, mk.addr, "Sold", mk.m.ParseSold)
}

func parseAdded(t *testing.T, mk *market, r *types.Receipt) *bindings.MarketLiquidityAdded {
	t.Helper()
	return parseLog(t, r, mk.addr, "LiquidityAdded", mk.m.ParseLiquidityAdded)
}

func parseRemoved(t *testing.T, mk *market, r *types.Receipt) (*bindings.MarketLiquidityRemoved, *big.Int) {
	t.Helper()
	var (
		ev   *bindings.MarketLiquidityRemoved
		fees = new(big.Int)
	)
	for _, l := range r.Logs {
		if l.Address != mk.addr {
			continue
		}
		if x, err := mk.m.ParseLiquidityRemoved(*l); err == nil {
			ev = x
		}
		if x, err := mk.m.ParseFeesWithdrawn(*l); err == nil {
			fees.Add(fees, x.Amount)
		}
	}
	if ev == nil {
		t.Fatal("no LiquidityRemoved")
	}
	return ev, fees
}

// metricValue reads a gauge or a counter.
func metricValue(c prometheus.Metric) float64 {
	var m dto.Metric
	if err := c.Write(&m); err != nil {
		panic(err)
	}
	if m.Gauge != nil {
		return m.Gauge.GetValue()
	}
	return m.Counter.GetValue()
}
