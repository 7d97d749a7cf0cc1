package store_test

import (
	"context"
	"fmt"
	"math/big"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/internal/ledger"
	"github.com/predict-dev/predict/internal/store"
	"github.com/predict-dev/predict/internal/store/storetest"
)

// snapshot renders everything the reads report about the sim's market
// and accounts, without write times.
func snapshot(t *testing.T, s *store.DB, c *storetest.ChainSim, accounts ...string) string {
	t.Helper()
	ctx := context.Background()
	var b strings.Builder
	pool, err := s.MarketPool(ctx, c.Market)
	if err != nil {
		return "no market"
	}
	fmt.Fprintf(&b, "pool %+v\n", *pool)
	m, err := s.MarketByAddress(ctx, c.Market, "")
	storetest.Must(t, err)
	fmt.Fprintf(&b, "market %s vol %s liq %s participants %d status %s winner %q hot %.6f\n", m.Title, m.Volume, m.Liquidity,
		m.ParticipantCount, m.Status, m.WinningOption, m.HotScore)
	for _, o := range m.Options {
		fmt.Fprintf(&b, "option %d %s price %s pool %s vol %s holders %d\n", o.Index, o.Title, o.Price, o.PoolBalance, o.Volume, o.HoldersCount)
	}
	trades, total, err := s.Trades(ctx, predict.TradeFilter{Market: c.Market, PageSize: 50})
	storetest.Must(t, err)
	fmt.Fprintf(&b, "%d trades\n", total)
	for _, tr := range trades {
		fmt.Fprintf(&b, "trade %+v\n", *tr)
	}
	for _, a := range append(accounts, c.Creator, c.Market) {
		ps, _, err := s.Positions(ctx, predict.PositionFilter{Account: a, Closed: true})
		storetest.Must(t, err)
		for _, p := range ps {
			p.UpdatedAt = time.Time{}
			fmt.Fprintf(&b, "position %+v\n", *p)
		}
		lps, _, err := s.LiquidityPositions(ctx, predict.LiquidityFilter{Account: a, Closed: true})
		storetest.Must(t, err)
		for _, p := range lps {
			p.UpdatedAt = time.Time{}
			fmt.Fprintf(&b, "lp %+v\n", *p)
		}
		for _, tok := range append([]string{c.Base, c.Market}, c.Options...) {
			bal, err := s.TokenBalance(ctx, a, tok)
			storetest.Must(t, err)
			fmt.Fprintf(&b, "balance %s %s %s\n", a, tok, bal)
		}
	}
	return b.String()
}

func TestApplyBatchIdempotent(t *testing.T) {
	ctx := context.Background()
	storetest.Each(t, func(t *testing.T, s *store.DB) {
		c := storetest.NewChainSim(t)
		a, b := storetest.Address(), storetest.Address()
		userA := storetest.NewUser(t, s, func(p *predict.LoginParams) { p.Address = a })
		c.Create(big.NewInt(1000_000000), "")
		c.Next("")
		qa := c.Buy(a, 0, big.NewInt(100_000000), "")
		// B trades through an operation the service does not know: the
		// trade counts, the operation's status has nowhere to go.
		unknown := "0x" + strings.Repeat("cd", 32)
		c.Buy(b, 1, big.NewInt(50_000000), unknown)
		c.Add(&predict.OpLog{LogRef: c.Ref("0xt", unknown), Sender: b, Success: true})
		batch := c.Batch()
		res, err := ledger.ApplyBatch(ctx, s, batch)
		storetest.Must(t, err)
		if len(res.Applied) != batch.Logs()-1 || res.UIDs[a] != userA.UID || res.UIDs[b] != "" || len(res.Options[c.Market]) != 2 ||
			res.BaseTokens[c.Market] != c.Base {
			t.Fatalf("result: %d applied of %d, uids %v, options %v", len(res.Applied), batch.Logs(), res.UIDs, res.Options)
		}
		first := snapshot(t, s, c, a, b)

		// The same batch again (a crash after the commit, before the
		// indexer learned of it): nothing is applied twice.
		res, err = ledger.ApplyBatch(ctx, s, batch)
		storetest.Must(t, err)
		if len(res.Applied) != 0 {
			t.Fatalf("re-applied %d effects", len(res.Applied))
		}
		if again := snapshot(t, s, c, a, b); again != first {
			t.Fatalf("state changed by a replayed batch:\n%s\n---\n%s", first, again)
		}
		cursor, ok, err := s.IndexerCursor(ctx)
		if err != nil || !ok || cursor != batch.To {
			t.Fatalf("cursor %+v %v %v, want %+v", cursor, ok, err, batch.To)
		}

		if trades, _, err := s.Trades(ctx, predict.TradeFilter{Account: b}); err != nil || len(trades) != 1 || trades[0].OpHash != unknown {
			t.Fatalf("B's trades: %+v %v", trades, err)
		}
		ps, total, err := s.Positions(ctx, predict.PositionFilter{UID: userA.UID})
		storetest.Must(t, err)
		if total != 1 || ps[0].Amount.Cmp(qa.TokensOut) != 0 || ps[0].CostBasis.Int64() != 100_000000 || ps[0].MarketTitle != "Sim market" ||
			ps[0].OptionTitle != "Yes" || ps[0].UID != userA.UID {
			t.Fatalf("positions of A: %d %+v", total, ps)
		}
		pool, err := s.MarketPool(ctx, c.Market)
		storetest.Must(t, err)
		fee := new(big.Int).Add(qa.Fee, big.NewInt(1_000000)) // 2% of 100 and of 50
		if pool.CollectedFees.Cmp(fee) != 0 || pool.LPSupply.Int64() != 1000_000000 || pool.Balances[0].Cmp(c.Balances[0]) != 0 {
			t.Fatalf("pool %+v", pool)
		}
		m, err := s.MarketByAddress(ctx, c.Market, "")
		storetest.Must(t, err)
		if m.Volume.Int64() != 150_000000 || m.ParticipantCount != 2 || m.Options[0].HoldersCount != 1 || m.HotScore == 0 {
			t.Fatalf("market %+v", m)
		}
		points, err := s.PricePoints(ctx, predict.PriceFilter{Market: c.Market, Option: c.Options[0]})
		storetest.Must(t, err)
		if len(points) != 3 || points[2].Price.Cmp(pool.Prices[0]) != 0 {
			t.Fatalf("price points %+v", points)
		}
	})
}

func TestRevertTo(t *testing.T) {
	ctx := context.Background()
	storetest.Each(t, func(t *testing.T, s *store.DB) {
		c := storetest.NewChainSim(t)
		a, b := storetest.Address(), storetest.Address()
		u := storetest.NewUser(t, s, func(p *predict.LoginParams) { p.Address = a })
		c.Create(big.NewInt(1000_000000), "")
		c.Next("")
		qa := c.Buy(a, 0, big.NewInt(100_000000), "")
		b1 := c.Batch()
		_, err := ledger.ApplyBatch(ctx, s, b1)
		storetest.Must(t, err)
		before := snapshot(t, s, c, a, b)
		saved := c.CopyBalances()

		// The next block: an operation of A's buys more, A gives B a third of
		// its tokens (cost basis travels with them), B sells some. Block
		// after: the market settles.
		op := &predict.Operation{OpHash: "0x" + strings.Repeat("ab", 32), UID: u.UID, Sender: a, Kind: "buy", Market: c.Market, Nonce: big.NewInt(1)}
		_, _, err = s.CreateOperation(ctx, op, nil)
		storetest.Must(t, err)
		branch := func(fork string) *predict.ChainBatch {
			c.Next(fork)
			c.Buy(a, 0, big.NewInt(20_000000), op.OpHash)
			c.Add(&predict.OpLog{LogRef: c.Ref(c.Hash(c.BlockNumber(), "op"), op.OpHash), Sender: a, Success: true})
			gift := new(big.Int).Div(qa.TokensOut, big.NewInt(3))
			c.Transfer(c.Hash(c.BlockNumber(), "gift"), c.Options[0], a, b, gift)
			c.Sell(b, 0, new(big.Int).Div(gift, big.NewInt(2)))
			c.Next(fork)
			c.Add(&predict.SettledLog{LogRef: c.Ref(c.Hash(c.BlockNumber(), "settle"), ""), Market: c.Market, WinningOption: 0, Resolver: a})
			return c.Batch()
		}
		b2 := branch("")
		_, err = ledger.ApplyBatch(ctx, s, b2)
		storetest.Must(t, err)
		after := snapshot(t, s, c, a, b)
		if got, _ := s.OperationByHash(ctx, op.OpHash); got.Status != predict.OpConfirmed || got.Block != b1.To.Number+1 {
			t.Fatalf("op after branch: %+v", got)
		}
		gifted, _, err := s.Positions(ctx, predict.PositionFilter{Account: b, Closed: true})
		storetest.Must(t, err)
		if len(gifted) != 1 || gifted[0].CostBasis.Sign() <= 0 || gifted[0].RealizedPnL.Sign() == 0 {
			t.Fatalf("B's gifted position: %+v", gifted)
		}
		res, err := s.Resolution(ctx, c.Market)
		if err != nil || res.Status != predict.StatusEnded || res.WinningIndex != 0 || res.ResolverUID != u.UID {
			t.Fatalf("resolution %+v %v", res, err)
		}

		// The two blocks of the branch are orphaned.
		rev, err := ledger.RevertTo(ctx, s, b1.To)
		storetest.Must(t, err)
		if rev.Logs != b2.Logs() || len(rev.Markets) != 1 || rev.Markets[0] != c.Market || len(rev.Options[c.Market]) != 2 {
			t.Fatalf("revert: %+v (batch had %d logs)", rev, b2.Logs())
		}
		if got := snapshot(t, s, c, a, b); got != before {
			t.Fatalf("after the revert:\n%s\n--- want the state before the branch:\n%s", got, before)
		}
		if got, _ := s.OperationByHash(ctx, op.OpHash); got.Status != predict.OpSubmitted || got.Block != 0 || got.TxHash != "" {
			t.Fatalf("op after revert: %+v", got)
		}
		cursor, _, _ := s.IndexerCursor(ctx)
		window, _ := s.IndexedBlocks(ctx)
		if cursor != b1.To || window[0] != b1.To {
			t.Fatalf("cursor %+v window %+v", cursor, window)
		}

		// The same effects on another branch give the same state.
		c.Rewind(b1.To.Number, saved)
		b3 := branch("other")
		if b3.To.Hash == b2.To.Hash {
			t.Fatal("same hashes")
		}
		_, err = ledger.ApplyBatch(ctx, s, b3)
		storetest.Must(t, err)
		if got := snapshot(t, s, c, a, b); got != after {
			t.Fatalf("re-applied on another branch:\n%s\n--- want:\n%s", got, after)
		}

		// A reorg below the market's creation removes it.
		_, err = ledger.RevertTo(ctx, s, predict.BlockRef{Number: 99, Hash: "0x99"})
		storetest.Must(t, err)
		if _, err := s.MarketByAddress(ctx, c.Market, ""); predict.ErrorCode(err) != predict.ENOTFOUND {
			t.Fatalf("market after reverting its creation: %v", err)
		}
		if bal, _ := s.TokenBalance(ctx, a, c.Base); bal.Sign() != 0 {
			t.Fatalf("balance after reverting everything: %s", bal)
		}
	})
}

// TestSettlementStatus checks the market status rule around settlement:
// settling when a settle-market operation is accepted, running again when
// it is dropped or reverts, ended when Settled confirms.
func TestSettlementStatus(t *testing.T) {
	ctx := context.Background()
	eachWithUserAndMarket(t, func(t *testing.T, s *store.DB, u *predict.User, m *predict.Market) {
		status := func() predict.MarketStatus {
			got, err := s.MarketByAddress(ctx, m.Address, "")
			storetest.Must(t, err)
			return got.Status
		}
		settleOp := func(n int64) *predict.Operation {
			op := &predict.Operation{OpHash: fmt.Sprintf("0x%064x", n), UID: u.UID, Sender: u.Address, Kind: predict.KindSettleMarket,
				Market: m.Address, Nonce: big.NewInt(n),
				Request: []byte(`{"winningOptionAddress":"` + m.Options[1].Address + `","resolutionSource":"src","resolutionNote":"note"}`)}
			_, _, err := s.CreateOperation(ctx, op, nil)
			storetest.Must(t, err)
			return op
		}

		op1 := settleOp(1)
		if got := status(); got != predict.StatusSettling {
			t.Fatalf("after accepting: %s", got)
		}
		res, err := s.Resolution(ctx, m.Address)
		if err != nil || res.Status != predict.StatusSettling || res.Source != "src" || res.Note != "note" || res.OpHash != op1.OpHash ||
			res.ResolverUID != u.UID || res.SubmittedAt.IsZero() {
			t.Fatalf("resolution while settling: %+v %v", res, err)
		}
		storetest.Must(t, s.SetOperationStatus(ctx, op1.OpHash, predict.OpDropped, "expired", "", 0))
		if got := status(); got != predict.StatusRunning {
			t.Fatalf("after the drop: %s", got)
		}

		// Two under way: one failing keeps the market settling.
		op2, op3 := settleOp(2), settleOp(3)
		storetest.Must(t, s.SetOperationStatus(ctx, op2.OpHash, predict.OpDropped, "", "", 0))
		if got := status(); got != predict.StatusSettling {
			t.Fatalf("with one settlement left: %s", got)
		}
		// The indexer sees op3 revert on chain.
		blk := predict.ChainBlock{Number: 7, Hash: "0x07", Time: time.Now()}
		blk.Effects = []predict.Effect{&predict.OpLog{LogRef: predict.LogRef{Block: 7, BlockHash: "0x07", TxHash: "0xt7",
			OpHash: op3.OpHash}, Success: false, Reason: "NotResolver(0x01)"}}
		_, err = ledger.ApplyBatch(ctx, s, &predict.ChainBatch{From: 7, To: predict.BlockRef{Number: 7, Hash: "0x07"}, Blocks: []predict.ChainBlock{blk}})
		storetest.Must(t, err)
		if got := status(); got != predict.StatusRunning {
			t.Fatalf("after the revert: %s", got)
		}
		got, _ := s.OperationByHash(ctx, op3.OpHash)
		if got.Status != predict.OpReverted || got.Reason != "NotResolver(0x01)" || got.TxHash != "0xt7" || got.Block != 7 {
			t.Fatalf("reverted op: %+v", got)
		}
	})
}

func TestChainReadsValidate(t *testing.T) {
	ctx := context.Background()
	storetest.Each(t, func(t *testing.T, s *store.DB) {
		if _, _, err := s.Positions(ctx, predict.PositionFilter{}); predict.ErrorCode(err) != predict.EINVALID {
			t.Fatalf("positions without account: %v", err)
		}
		if _, _, err := s.Positions(ctx, predict.PositionFilter{UID: "nobody"}); predict.ErrorCode(err) != predict.ENOTFOUND {
			t.Fatalf("positions of an unknown uid: %v", err)
		}
		if _, _, err := s.Trades(ctx, predict.TradeFilter{Page: -1}); predict.ErrorCode(err) != predict.EINVALID {
			t.Fatalf("negative page: %v", err)
		}
		if _, err := s.Resolution(ctx, storetest.Address()); predict.ErrorCode(err) != predict.ENOTFOUND {
			t.Fatalf("resolution of an unknown market: %v", err)
		}
		if _, err := s.MarketPool(ctx, storetest.Address()); predict.ErrorCode(err) != predict.ENOTFOUND {
			t.Fatalf("pool of an unknown market: %v", err)
		}
		if bal, err := s.TokenBalance(ctx, storetest.Address(), storetest.Address()); err != nil || bal.Sign() != 0 {
			t.Fatalf("unknown balance: %v %v", bal, err)
		}
		if _, ok, err := s.IndexerCursor(ctx); ok || err != nil {
			t.Fatalf("cursor of an empty store: %v %v", ok, err)
		}
		u := storetest.NewUser(t, s, nil)
		ps, total, err := s.Positions(ctx, predict.PositionFilter{UID: u.UID})
		if err != nil || total != 0 || len(ps) != 0 {
			t.Fatalf("positions of a new user: %v %d %v", ps, total, err)
		}
	})
}

// TestKnownOnlyTransfers: a base token followed only for known accounts
// (KnownOnly) records transfers that touch a user's account or a market,
// and nothing of the others.
func TestKnownOnlyTransfers(t *testing.T) {
	ctx := context.Background()
	storetest.Each(t, func(t *testing.T, s *store.DB) {
		c := storetest.NewChainSim(t)
		c.Create(big.NewInt(1000), "")
		u := storetest.NewUser(t, s, nil)
		stranger, other := storetest.Address(), storetest.Address()
		c.Next("")
		for _, x := range []struct{ from, to string }{{stranger, other}, {stranger, u.Address}, {u.Address, c.Market}} {
			c.Add(&predict.TransferLog{LogRef: c.Ref("0xt", ""), Token: c.Base, From: x.from, To: x.to, Amount: big.NewInt(10), KnownOnly: true})
		}
		res, err := ledger.ApplyBatch(ctx, s, c.Batch())
		storetest.Must(t, err)
		if len(res.Applied) != 4+2 { // the market's creation, then two of the three transfers
			t.Fatalf("applied %d effects", len(res.Applied))
		}
		for _, want := range []struct {
			account string
			amount  int64
		}{{other, 0}, {u.Address, 0}, {c.Market, 1010}, {stranger, 0}} {
			// stranger's balance reads 0: it went below zero (its
			// history is not followed) and balances never read negative.
			got, err := s.TokenBalance(ctx, want.account, c.Base)
			storetest.Must(t, err)
			if got.Int64() != want.amount {
				t.Fatalf("balance of %s: %s, want %d", want.account, got, want.amount)
			}
		}
	})
}

// TestResolutionSteps applies a resolution with a challenge window: the
// assertion (settling, the asserter's bond), the dispute (disputed), the
// arbitration against the assertion (ended on the other option); a reorg
// of the arbitration and the dispute brings the assertion back, and the
// same steps on the new branch give the same state. A second market ends
// void: a void claim pays 1/2 per token, realized against the cost.
func TestResolutionSteps(t *testing.T) {
	ctx := context.Background()
	storetest.Each(t, func(t *testing.T, s *store.DB) {
		c := storetest.NewChainSim(t)
		c.Resolution = predict.MarketResolution{ChallengeWindow: 600 * time.Second, Bond: big.NewInt(1_000000), DisputeFeeBps: 500}
		asserter, disputer, judge, treasury := storetest.Address(), storetest.Address(), storetest.Address(), storetest.Address()
		ua := storetest.NewUser(t, s, func(p *predict.LoginParams) { p.Address = asserter })
		ud := storetest.NewUser(t, s, func(p *predict.LoginParams) { p.Address = disputer })
		c.Create(big.NewInt(1000_000000), "")
		c.Mint(asserter, big.NewInt(100_000000))
		c.Mint(disputer, big.NewInt(100_000000))
		c.Next("")
		q := c.Buy(disputer, 1, big.NewInt(10_000000), "")
		c.Next("")
		c.Assert(0, asserter, "")
		assertedAt := c.Time()
		c.Apply(s)
		res, err := s.Resolution(ctx, c.Market)
		storetest.Must(t, err)
		a := res.Assertion
		if res.Status != predict.StatusSettling || res.ChallengeWindow != 600*time.Second || res.Bond.Cmp(big.NewInt(1_000000)) != 0 || res.DisputeFeeBps != 500 ||
			a == nil || a.Void || a.Option != c.Options[0] || a.OptionTitle != "Yes" || a.AsserterUID != ua.UID || a.Asserter != asserter ||
			a.Bond.Cmp(big.NewInt(1_000000)) != 0 || !a.At.Equal(assertedAt) || !a.ChallengeEnd.Equal(assertedAt.Add(600*time.Second)) ||
			res.Dispute != nil || res.Arbitration != nil {
			t.Fatalf("after the assertion: %+v (assertion %+v)", res, a)
		}
		if bal, _ := s.TokenBalance(ctx, asserter, c.Base); bal.Cmp(big.NewInt(99_000000)) != 0 {
			t.Fatalf("asserter's balance %s after posting the bond, want 99000000", bal)
		}
		// The disputer holds No: notified of the assertion.
		notes, _, _, err := s.Notifications(ctx, predict.NotificationFilter{UID: ud.UID, PageSize: 10})
		storetest.Must(t, err)
		if len(notes) != 1 || notes[0].Kind != predict.NotifyMarketAsserted || notes[0].Data[predict.NoteWinningOption] != c.Options[0] ||
			notes[0].Data[predict.NoteChallengeEnd] != assertedAt.Add(600*time.Second).Format(time.RFC3339) {
			t.Fatalf("the holder's notifications after the assertion: %+v", notes)
		}
		before := snapshot(t, s, c, asserter, disputer, judge, treasury)
		cursor, _, _ := s.IndexerCursor(ctx)
		saved := c.CopyBalances()

		branch := func(fork string) {
			c.Next(fork)
			c.Dispute(disputer, "")
			c.Next(fork)
			c.Arbitrate(1, judge, disputer, treasury, big.NewInt(50_000), "")
			c.Apply(s)
		}
		branch("")
		after := snapshot(t, s, c, asserter, disputer, judge, treasury)
		res, err = s.Resolution(ctx, c.Market)
		storetest.Must(t, err)
		if res.Status != predict.StatusEnded || res.WinningOption != c.Options[1] || res.Dispute == nil || res.Dispute.DisputerUID != ud.UID ||
			res.Arbitration == nil || res.Arbitration.Upheld || res.Arbitration.Option != c.Options[1] || res.Arbitration.Arbitrator != judge ||
			res.Unclaimed.Cmp(q.TokensOut) != 0 || res.Void {
			t.Fatalf("after the arbitration: %+v", res)
		}
		// The disputer: 100 - 10 (buy) - 1 (bond) + 1.95 (both bonds minus the fee).
		for _, want := range []struct {
			account string
			amount  int64
		}{{disputer, 90_950000}, {asserter, 99_000000}, {treasury, 50_000}} {
			if bal, _ := s.TokenBalance(ctx, want.account, c.Base); bal.Cmp(big.NewInt(want.amount)) != 0 {
				t.Fatalf("balance of %s after the arbitration: %s, want %d", want.account, bal, want.amount)
			}
		}
		kinds := map[string]int{}
		for _, u := range []string{ua.UID, ud.UID} {
			notes, _, _, err := s.Notifications(ctx, predict.NotificationFilter{UID: u, PageSize: 10})
			storetest.Must(t, err)
			for _, n := range notes {
				kinds[n.Kind]++
			}
		}
		// Both parties hear of the bonds; the holder (the disputer) of
		// the assertion, the dispute and the end.
		if want := map[string]int{predict.NotifyMarketAsserted: 1, predict.NotifyMarketDisputed: 1, predict.NotifyBondMoved: 2,
			predict.NotifyMarketSettled: 1}; fmt.Sprint(kinds) != fmt.Sprint(want) {
			t.Fatalf("notifications %v, want %v", kinds, want)
		}

		// A reorg orphans the dispute and the arbitration.
		_, err = ledger.RevertTo(ctx, s, cursor)
		storetest.Must(t, err)
		if got := snapshot(t, s, c, asserter, disputer, judge, treasury); got != before {
			t.Fatalf("after the revert:\n%s\n--- want:\n%s", got, before)
		}
		if res, err = s.Resolution(ctx, c.Market); err != nil || res.Status != predict.StatusSettling || res.Dispute != nil ||
			res.Arbitration != nil || res.Assertion == nil {
			t.Fatalf("after the revert: %+v, %v", res, err)
		}
		c.Rewind(cursor.Number, saved)
		branch("other")
		if got := snapshot(t, s, c, asserter, disputer, judge, treasury); got != after {
			t.Fatalf("the steps again on another branch:\n%s\n--- want:\n%s", got, after)
		}

		// A void market: alice's 10 USDC of Yes claim 1/2 each.
		v := storetest.NewChainSim(t)
		v.Follow(c)
		v.Resolution = c.Resolution
		alice := storetest.Address()
		v.Create(big.NewInt(1000_000000), "")
		v.Mint(alice, big.NewInt(100_000000))
		v.Next("")
		qy := v.Buy(alice, 0, big.NewInt(10_000000), "")
		v.Next("")
		v.Assert(predict.VoidOutcome, asserter, "")
		v.Next("")
		v.Finalize(predict.VoidOutcome, asserter, "")
		v.Apply(s)
		res, err = s.Resolution(ctx, v.Market)
		storetest.Must(t, err)
		half := new(big.Int).Div(qy.TokensOut, big.NewInt(2))
		if res.Status != predict.StatusEnded || !res.Void || res.WinningOption != "" || res.Unclaimed.Cmp(half) != 0 ||
			res.Assertion == nil || !res.Assertion.Void {
			t.Fatalf("void market: %+v (want %s claimable)", res, half)
		}
		m, err := s.MarketByAddress(ctx, v.Market, "")
		storetest.Must(t, err)
		if !m.Void || m.Status != predict.StatusEnded || m.WinningOption != "" || m.Resolution.ChallengeWindow != 600*time.Second ||
			m.Resolution.Bond.Cmp(big.NewInt(1_000000)) != 0 || m.Resolution.DisputeFeeBps != 500 {
			t.Fatalf("void market's record: void %v status %s winner %q resolution %+v", m.Void, m.Status, m.WinningOption, m.Resolution)
		}
		v.Next("")
		paid := v.VoidClaim(alice, qy.TokensOut, big.NewInt(0))
		v.Apply(s)
		ps, _, err := s.Positions(ctx, predict.PositionFilter{Account: alice, Closed: true})
		storetest.Must(t, err)
		realized := new(big.Int).Sub(paid, big.NewInt(10_000000))
		if len(ps) != 1 || ps[0].Amount.Sign() != 0 || ps[0].CostBasis.Sign() != 0 || ps[0].RealizedPnL.Cmp(realized) != 0 {
			t.Fatalf("alice's position after the void claim of %s: %+v, want realized %s", paid, ps, realized)
		}
		if res, err = s.Resolution(ctx, v.Market); err != nil || res.Claimed.Cmp(paid) != 0 || res.Unclaimed.Sign() != 0 {
			t.Fatalf("void market after the claim: %+v, %v", res, err)
		}
	})
}

// TestIndexedHeadTime: the cursor keeps its block's time, so the service
// knows the chain's time from what it indexed, without asking the chain
// node; a revert forgets it until the next batch.
func TestIndexedHeadTime(t *testing.T) {
	ctx := context.Background()
	storetest.Each(t, func(t *testing.T, s *store.DB) {
		if at, ok, err := s.IndexedHeadTime(ctx); err != nil || ok {
			t.Fatalf("before any batch: %v %v %v, want not known", at, ok, err)
		}
		c := storetest.NewChainSim(t)
		c.Create(big.NewInt(1000_000000), "")
		b1 := c.Batch()
		want := func(when string, ts time.Time) {
			t.Helper()
			at, ok, err := s.IndexedHeadTime(ctx)
			if err != nil || !ok || !at.Equal(ts.Truncate(time.Millisecond)) {
				t.Fatalf("%s: head time %v %v %v, want %v", when, at, ok, err, ts)
			}
		}
		_, err := ledger.ApplyBatch(ctx, s, b1)
		storetest.Must(t, err)
		if b1.ToTime.IsZero() {
			t.Fatal("the simulator's batch has no time")
		}
		want("first batch", b1.ToTime)

		c.Next("")
		c.Mint(storetest.Address(), big.NewInt(5_000000))
		b2 := c.Batch()
		_, err = ledger.ApplyBatch(ctx, s, b2)
		storetest.Must(t, err)
		if !b2.ToTime.After(b1.ToTime) {
			t.Fatalf("batch times %v then %v", b1.ToTime, b2.ToTime)
		}
		want("second batch", b2.ToTime)

		_, err = ledger.RevertTo(ctx, s, b1.To)
		storetest.Must(t, err)
		if at, ok, err := s.IndexedHeadTime(ctx); err != nil || ok {
			t.Fatalf("after a revert: %v %v %v, want not known", at, ok, err)
		}
	})
}

// TestApplyBatchUntrustedText applies effects whose texts hold what a
// contract can put in a token name or revert data: NUL bytes, invalid
// UTF-8, control characters, too much. PostgreSQL refuses NUL and invalid
// UTF-8 in text (SQLSTATE 22021); the store keeps them out, on both.
func TestApplyBatchUntrustedText(t *testing.T) {
	ctx := context.Background()
	storetest.Each(t, func(t *testing.T, s *store.DB) {
		c := storetest.NewChainSim(t)
		a := storetest.Address()
		u := storetest.NewUser(t, s, func(p *predict.LoginParams) { p.Address = a })
		op := createOperation(t, s, u, "buy", c.Market, "ef", 0)

		c.Create(big.NewInt(1000_000000), "")
		created := c.Batch()
		mc := created.Blocks[0].Effects[0].(*predict.MarketCreatedLog)
		mc.Market.Title = "Rain\x00 in \xffParis"
		mc.Market.Description = "desc\x00"
		mc.Market.Options[0].Title = "Yes\x00"
		mc.Market.Options[1].Title = strings.Repeat("N", predict.MaxChainOptionTitle+50)
		mc.Market.Tags = []string{"ta\x00g"}
		_, err := ledger.ApplyBatch(ctx, s, created)
		storetest.Must(t, err)

		c.Next("")
		c.Add(&predict.OpLog{LogRef: c.Ref("0xt1", op.OpHash), Sender: a, Success: false, Reason: "Boom(\x00\xfe)"})
		c.Add(&predict.SettledLog{LogRef: c.Ref("0xt2", ""), Market: c.Market, WinningOption: 0, Resolver: a,
			Source: "https://example.com/\x00", Note: "no\x00te"})
		_, err = ledger.ApplyBatch(ctx, s, c.Batch())
		storetest.Must(t, err)

		m, err := s.MarketByAddress(ctx, c.Market, "")
		storetest.Must(t, err)
		if m.Title != "Rain in \uFFFDParis" || m.Description != "desc" || m.Options[0].Title != "Yes" ||
			m.Options[1].Title != strings.Repeat("N", predict.MaxChainOptionTitle) || len(m.Tags) != 1 || m.Tags[0] != "tag" {
			t.Fatalf("market texts: title %q description %q options %q %q tags %q", m.Title, m.Description,
				m.Options[0].Title, m.Options[1].Title, m.Tags)
		}
		got, err := s.OperationByHash(ctx, op.OpHash)
		storetest.Must(t, err)
		if got.Status != predict.OpReverted || got.Reason != "Boom(\uFFFD)" {
			t.Fatalf("operation %s %q", got.Status, got.Reason)
		}
		res, err := s.Resolution(ctx, c.Market)
		storetest.Must(t, err)
		if res.Source != "https://example.com/" || res.Note != "note" {
			t.Fatalf("resolution %+v", res)
		}
	})
}

// TestQuarantine applies a batch with a log the store refuses (a market
// of one option): CheckBatch finds it without changing anything, and
// ApplyBatch records it instead of applying it, applies the rest and
// moves the cursor; a revert below it forgets it.
func TestQuarantine(t *testing.T) {
	ctx := context.Background()
	storetest.Each(t, func(t *testing.T, s *store.DB) {
		c := storetest.NewChainSim(t)
		a := storetest.Address()
		c.Next("")
		c.Mint(a, big.NewInt(5_000000))
		start := c.Batch()
		_, err := ledger.ApplyBatch(ctx, s, start)
		storetest.Must(t, err)

		c.Create(big.NewInt(1000_000000), "")
		bad := &predict.MarketCreatedLog{LogRef: c.Ref("0xbad", ""), Market: predict.Market{Address: storetest.Address(),
			Title: "One option", BaseToken: c.Base, Options: []predict.Option{{Address: storetest.Address(), Title: "Only"}}},
			CreatorAddress: c.Creator, InitialLiquidity: big.NewInt(1)}
		bad.Address, bad.Topic = storetest.Address(), "0x"+strings.Repeat("0a", 32)
		c.Add(bad)
		c.Next("")
		c.Buy(a, 0, big.NewInt(10_000000), "")
		batch := c.Batch()

		if _, err := ledger.ApplyBatch(ctx, s, batch); err == nil || !strings.Contains(err.Error(), "1 options") {
			t.Fatalf("ApplyBatch of a one-option market: %v", err)
		}
		if err := ledger.CheckBatch(ctx, s, batch); err == nil || !strings.Contains(err.Error(), "1 options") {
			t.Fatalf("CheckBatch of a one-option market: %v", err)
		}
		without := *batch
		without.Blocks = slices.Clone(batch.Blocks)
		without.Blocks[0].Effects = slices.DeleteFunc(slices.Clone(batch.Blocks[0].Effects), func(e predict.Effect) bool { return e == predict.Effect(bad) })
		storetest.Must(t, ledger.CheckBatch(ctx, s, &without))
		// The checks changed nothing.
		if cursor, _, err := s.IndexerCursor(ctx); err != nil || cursor != start.To {
			t.Fatalf("cursor after the checks: %+v %v, want %+v", cursor, err, start.To)
		}
		if _, err := s.MarketByAddress(ctx, c.Market, ""); predict.ErrorCode(err) != predict.ENOTFOUND {
			t.Fatalf("market after the checks: %v", err)
		}

		q := predict.QuarantinedLog{Block: bad.Block, BlockHash: bad.BlockHash, LogIndex: bad.LogIndex, TxHash: bad.TxHash,
			Address: bad.Address, Topic: bad.Topic, Kind: "market-created", Error: "market of 1 options\x00"}
		batch.Quarantine = []predict.QuarantinedLog{q}
		for range 2 { // the second time: a batch applied again after a crash
			_, err := ledger.ApplyBatch(ctx, s, batch)
			storetest.Must(t, err)
			got, err := s.QuarantinedLogs(ctx)
			storetest.Must(t, err)
			want := q
			want.Error = "market of 1 options"
			if len(got) != 1 || got[0].At.IsZero() {
				t.Fatalf("quarantined logs %+v", got)
			}
			want.At = got[0].At
			if got[0] != want {
				t.Fatalf("quarantined log\n%+v, want\n%+v", got[0], want)
			}
		}
		if cursor, _, _ := s.IndexerCursor(ctx); cursor != batch.To {
			t.Fatalf("cursor %+v, want %+v", cursor, batch.To)
		}
		if _, total, err := s.Trades(ctx, predict.TradeFilter{Market: c.Market}); err != nil || total != 1 {
			t.Fatalf("trades of the good market: %d %v", total, err)
		}
		if _, err := s.MarketByAddress(ctx, bad.Market.Address, ""); predict.ErrorCode(err) != predict.ENOTFOUND {
			t.Fatalf("the quarantined market: %v", err)
		}

		_, err = ledger.RevertTo(ctx, s, start.To)
		storetest.Must(t, err)
		if got, err := s.QuarantinedLogs(ctx); err != nil || len(got) != 0 {
			t.Fatalf("quarantined logs after a revert below them: %+v %v", got, err)
		}
	})
}
