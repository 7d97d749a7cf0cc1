package main

import (
	"encoding/json"
	"math/big"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/accounts/abi/bind"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/crypto"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/internal/chain"
	"github.com/predict-dev/predict/internal/chain/bindings"
	"github.com/predict-dev/predict/internal/store/storetest"
	"github.com/predict-dev/predict/wire"
)

// resolutionWindow is the challenge window of the markets of
// TestResolution: the test moves the chain's clock past it.
const resolutionWindow = 600

// TestResolution drives resolution with a challenge window end to end on
// the embedded chain (docs/contracts.md): an undisputed assertion
// finalized after the window; a dispute the arbitrator decides against
// the assertion, which pays the disputer both bonds minus the fee and the
// right option on claim; a void market that pays 1/N per token and
// redeems LP shares for what the pool holds; and the refusals, by the API
// (110116-110119) and by the contract (its reverts read as the same
// codes). The bond is the dev deployment's (chain.DefaultBond, 1 USDC)
// and the dispute fee 5% of it. On both stores.
func TestResolution(t *testing.T) {
	for _, name := range []string{"sqlite", "postgres"} {
		t.Run(name, func(t *testing.T) {
			env := map[string]string{}
			if name == "postgres" {
				env["PREDICT_DATABASE_URL"] = storetest.PostgresDSN(t)
			}
			resolution(t, startE2E(t, env))
		})
	}
}

func resolution(t *testing.T, e *e2e) {
	usdc := e.m.Suite.BaseTokens[0].Address
	root, alice, bob, judge := e.newUser("root"), e.newUser("alice"), e.newUser("bob"), e.newUser("judge")
	for _, u := range []*user{root, alice, bob, judge} {
		e.faucet(u, 1_000_000_000)
	}
	// The arbitrator role puts judge's account on the factory.
	r := request(t, e.m, "POST", "/api/v1/admin/set-user-role", root.token, map[string]any{"uid": judge.uid, "role": "arbitrator", "granted": true})
	if r.Code != 0 {
		t.Fatalf("grant arbitrator: %d %s", r.Code, r.Msg)
	}
	factory, err := bindings.NewMarketFactoryCaller(e.m.Suite.MarketFactory, e.m.Client)
	if err != nil {
		t.Fatal(err)
	}
	if a, err := factory.Arbitrator(&bind.CallOpts{Context: e.ctx}); err != nil || a != judge.account {
		t.Fatalf("factory arbitrator %s, %v; want judge's account %s", a.Hex(), err, judge.account.Hex())
	}
	bond := big.NewInt(chain.DefaultBond)
	fee := new(big.Int).Div(new(big.Int).Mul(bond, big.NewInt(chain.DefaultDisputeFeeBps)), big.NewInt(10_000))
	treasury := e.operatorAddress()
	// outsider sends transactions straight to the contracts, past the API.
	outsiderKey, _ := crypto.GenerateKey()
	outsider := crypto.PubkeyToAddress(outsiderKey.PublicKey)
	e.fundETH(outsider, big.NewInt(1e18))

	post := func(u *user, path string, body map[string]any) apiResult {
		return request(t, e.m, "POST", path, u.token, body)
	}
	prepare := func(u *user, action string, body map[string]any) apiResult {
		b := map[string]any{"action": action, "owner": strings.ToLower(crypto.PubkeyToAddress(u.owner.PublicKey).Hex())}
		for k, v := range body {
			b[k] = v
		}
		return post(u, "/api/v1/aa/prepare-user-operation", b)
	}
	// act prepares, signs and submits an operation and waits for it.
	act := func(u *user, action, path string, fields map[string]any) {
		t.Helper()
		signed, _ := e.prepare(u, action, fields)
		res := e.submit(u, path, signed)
		e.confirmed(res["opHash"].(string))
	}
	status := func(market string) wire.ResolutionStatus {
		t.Helper()
		r := request(t, e.m, "GET", "/api/v1/market/get-resolution-status?marketAddress="+market, "", nil)
		var s wire.ResolutionStatus
		if r.Code != 0 || json.Unmarshal(r.Data, &s) != nil {
			t.Fatalf("get-resolution-status: %d %s", r.Code, r.Msg)
		}
		return s
	}
	// onChain sends a call of market from outsider and returns the
	// service's reading of its revert.
	onChain := func(market string, call func(m *bindings.MarketTransactor, o *bind.TransactOpts) (*types.Transaction, error)) string {
		t.Helper()
		m, err := bindings.NewMarketTransactor(common.HexToAddress(market), e.m.Client)
		if err != nil {
			t.Fatal(err)
		}
		o, _ := bind.NewKeyedTransactorWithChainID(outsiderKey, big.NewInt(e.m.Deployment.ChainID))
		o.Context = e.ctx
		tx, err := call(m, o)
		if err == nil {
			t.Fatalf("the chain accepted transaction %s", tx.Hash().Hex())
		}
		return predict.ErrorCode(chain.ResolutionRefusal(err))
	}
	buy := func(u *user, market, option string, amount int64) *big.Int {
		t.Helper()
		before := e.balance(common.HexToAddress(option), u.account)
		act(u, "buy", "/api/v1/market/place-order", map[string]any{"marketAddress": market, "optionAddress": option,
			"amount": big.NewInt(amount).String(), "minReceiveAmount": "1", "deadline": e.deadline(), "side": 1})
		return new(big.Int).Sub(e.balance(common.HexToAddress(option), u.account), before)
	}
	assert := func(market string, fields map[string]any) {
		t.Helper()
		fields["marketAddress"] = market
		fields["resolutionSource"] = "https://example.org/result"
		act(root, "settle-market", "/api/v1/market/settle-market", fields)
	}
	pass := func() {
		t.Helper()
		if err := e.m.DevChain.AdjustTime(e.ctx, (resolutionWindow+1)*time.Second); err != nil {
			t.Fatal(err)
		}
	}

	t.Run("UndisputedFinalizes", func(t *testing.T) {
		market, opts := e.newWindowMarket(root, "Undisputed", resolutionWindow)
		won := buy(alice, market, opts[0], 10_000_000)
		rootBefore := e.balance(usdc, root.account)
		assert(market, map[string]any{"winningOptionAddress": opts[0]})
		if got := e.balance(usdc, root.account); new(big.Int).Sub(rootBefore, got).Cmp(bond) != 0 {
			t.Fatalf("root paid %s for the assertion, want the bond %s", new(big.Int).Sub(rootBefore, got), bond)
		}
		s := status(market)
		if s.Status != "settling" || s.Assertion == nil || s.Assertion.OptionAddress != opts[0] || s.Assertion.OptionTitle != "Yes" ||
			s.Assertion.AsserterUID != root.uid || s.Assertion.Bond.String() != bond.String() || s.Bond.String() != bond.String() ||
			s.ChallengeWindowSeconds != resolutionWindow || s.DisputeFeeBps != chain.DefaultDisputeFeeBps || !s.Disputable || s.Finalizable || s.Dispute != nil || s.WinningOption != nil {
			t.Fatalf("after the assertion: %+v", s)
		}
		if d := s.Assertion.ChallengeEndsAt.Sub(s.Assertion.AssertedAt.Time); d != resolutionWindow*time.Second {
			t.Fatalf("the window runs %s, want %ds", d, resolutionWindow)
		}
		// Trading stopped at the assertion.
		wantReject(t, prepare(alice, "buy", map[string]any{"marketAddress": market, "optionAddress": opts[0], "amount": "1000000",
			"minReceiveAmount": "1", "deadline": e.deadline(), "side": 1}), http.StatusConflict, 110105)
		// Finalizing before the window ends: refused by the API and by the contract.
		wantReject(t, prepare(bob, "finalize-market", map[string]any{"marketAddress": market}), http.StatusConflict, 110118)
		if code := onChain(market, func(m *bindings.MarketTransactor, o *bind.TransactOpts) (*types.Transaction, error) {
			return m.Finalize(o)
		}); code != predict.EWINDOWOPEN {
			t.Fatalf("finalize on chain before the window: %q", code)
		}

		pass()
		if s := status(market); s.Disputable || !s.Finalizable {
			t.Fatalf("after the window: disputable %v finalizable %v", s.Disputable, s.Finalizable)
		}
		// Disputing after the window: refused by the API and by the contract.
		wantReject(t, prepare(bob, "dispute-market", map[string]any{"marketAddress": market}), http.StatusConflict, 110116)
		if code := onChain(market, func(m *bindings.MarketTransactor, o *bind.TransactOpts) (*types.Transaction, error) {
			return m.Dispute(o)
		}); code != predict.EWINDOWCLOSED {
			t.Fatalf("dispute on chain after the window: %q", code)
		}

		rootBefore = e.balance(usdc, root.account)
		act(bob, "finalize-market", "/api/v1/market/finalize-market", map[string]any{"marketAddress": market})
		if got := new(big.Int).Sub(e.balance(usdc, root.account), rootBefore); got.Cmp(bond) != 0 {
			t.Fatalf("root got %s back at finalization, want the bond %s", got, bond)
		}
		s = status(market)
		if s.Status != "ended" || s.Void || s.WinningOption == nil || s.WinningOption.OptionAddress != opts[0] ||
			s.SettledBy.UID != root.uid || s.ResolutionSource != "https://example.org/result" || s.Disputable || s.Finalizable ||
			s.TotalClaimableAmount.String() != won.String() {
			t.Fatalf("after finalization: %+v", s)
		}
		aliceBefore := e.balance(usdc, alice.account)
		act(alice, "claim", "/api/v1/market/claim-market-result", map[string]any{"marketAddress": market, "optionAddress": opts[0]})
		if got := new(big.Int).Sub(e.balance(usdc, alice.account), aliceBefore); got.Cmp(won) != 0 {
			t.Fatalf("alice's claim paid %s, want %s (one per winning token)", got, won)
		}
	})

	t.Run("DisputeOverturned", func(t *testing.T) {
		market, opts := e.newWindowMarket(root, "Disputed", resolutionWindow)
		buy(alice, market, opts[0], 10_000_000)
		bobNo := buy(bob, market, opts[1], 10_000_000)
		assert(market, map[string]any{"winningOptionAddress": opts[0]})
		rootBefore, bobBefore, treasuryBefore := e.balance(usdc, root.account), e.balance(usdc, bob.account), e.balance(usdc, treasury)

		act(bob, "dispute-market", "/api/v1/market/dispute-market", map[string]any{"marketAddress": market})
		if got := new(big.Int).Sub(bobBefore, e.balance(usdc, bob.account)); got.Cmp(bond) != 0 {
			t.Fatalf("bob paid %s to dispute, want the bond %s", got, bond)
		}
		s := status(market)
		if s.Status != "disputed" || s.Dispute == nil || s.Dispute.DisputerUID != bob.uid || s.Dispute.Bond.String() != bond.String() ||
			!strings.EqualFold(s.Dispute.ArbitratorAddress, judge.account.Hex()) || s.Disputable || s.Finalizable || s.Arbitration != nil {
			t.Fatalf("after the dispute: %+v", s)
		}
		// A second dispute, a finalization and an arbitration by anyone
		// but the arbitrator: refused by the API and by the contract.
		wantReject(t, prepare(alice, "dispute-market", map[string]any{"marketAddress": market}), http.StatusConflict, 110117)
		if code := onChain(market, func(m *bindings.MarketTransactor, o *bind.TransactOpts) (*types.Transaction, error) {
			return m.Dispute(o)
		}); code != predict.EDISPUTED {
			t.Fatalf("second dispute on chain: %q", code)
		}
		wantReject(t, prepare(alice, "finalize-market", map[string]any{"marketAddress": market}), http.StatusConflict, 110117)
		wantReject(t, prepare(alice, "arbitrate-market", map[string]any{"marketAddress": market, "winningOptionAddress": opts[1]}),
			http.StatusForbidden, 110119)
		if code := onChain(market, func(m *bindings.MarketTransactor, o *bind.TransactOpts) (*types.Transaction, error) {
			return m.Arbitrate(o, big.NewInt(1))
		}); code != predict.ENOTARBITRATOR {
			t.Fatalf("arbitrate on chain by an outsider: %q", code)
		}
		// The status names the factory's arbitrator as the chain has it,
		// however it was set: moved to alice by the operator key alone (as
		// deploy --arbitrator sets it, with no role in the store), then
		// back to judge.
		for _, u := range []*user{alice, judge} {
			if _, err := e.m.Operator.SetRole(e.ctx, u.account.Hex(), predict.RoleArbitrator, true); err != nil {
				t.Fatalf("move the arbitrator to %s: %v", u.account.Hex(), err)
			}
			if s := status(market); s.Dispute == nil || !strings.EqualFold(s.Dispute.ArbitratorAddress, u.account.Hex()) {
				t.Fatalf("with %s the factory's arbitrator, the dispute names %+v", u.account.Hex(), s.Dispute)
			}
		}

		bobBefore = e.balance(usdc, bob.account)
		act(judge, "arbitrate-market", "/api/v1/market/arbitrate-market", map[string]any{"marketAddress": market, "winningOptionAddress": opts[1]})
		payout := new(big.Int).Sub(new(big.Int).Mul(bond, big.NewInt(2)), fee)
		if got := new(big.Int).Sub(e.balance(usdc, bob.account), bobBefore); got.Cmp(payout) != 0 {
			t.Fatalf("the disputer got %s, want both bonds minus the fee: %s", got, payout)
		}
		if got := new(big.Int).Sub(e.balance(usdc, treasury), treasuryBefore); got.Cmp(fee) != 0 {
			t.Fatalf("the treasury got %s, want the fee %s", got, fee)
		}
		if got := e.balance(usdc, root.account); got.Cmp(rootBefore) != 0 {
			t.Fatalf("the asserter's balance moved from %s to %s: its bond is lost", rootBefore, got)
		}
		s = status(market)
		if s.Status != "ended" || s.WinningOption == nil || s.WinningOption.OptionAddress != opts[1] || s.Arbitration == nil ||
			s.Arbitration.Upheld || s.Arbitration.OptionAddress != opts[1] || !strings.EqualFold(s.Arbitration.ArbitratorAddress, judge.account.Hex()) ||
			s.Dispute == nil || s.Dispute.ArbitratorAddress != "" || s.SettledBy.UID != judge.uid {
			t.Fatalf("after the arbitration: %+v", s)
		}
		bobBefore = e.balance(usdc, bob.account)
		act(bob, "claim", "/api/v1/market/claim-market-result", map[string]any{"marketAddress": market, "optionAddress": opts[1]})
		if got := new(big.Int).Sub(e.balance(usdc, bob.account), bobBefore); got.Cmp(bobNo) != 0 {
			t.Fatalf("bob's claim of No paid %s, want %s", got, bobNo)
		}
		wantReject(t, prepare(alice, "claim", map[string]any{"marketAddress": market, "optionAddress": opts[0]}), http.StatusBadRequest, 110101)
	})

	t.Run("Void", func(t *testing.T) {
		market, opts := e.newWindowMarket(root, "Void", resolutionWindow)
		yes := buy(alice, market, opts[0], 10_000_000)
		assert(market, map[string]any{"void": true})
		if s := status(market); s.Assertion == nil || !s.Assertion.Void || s.Assertion.OptionAddress != "" {
			t.Fatalf("void assertion: %+v", s.Assertion)
		}
		pass()
		act(bob, "finalize-market", "/api/v1/market/finalize-market", map[string]any{"marketAddress": market})
		s := status(market)
		// alice's Yes tokens and the pool's are what is left to claim,
		// at 1/2 each; none was claimed yet.
		supplyYes, supplyNo := e.supply(common.HexToAddress(opts[0])), e.supply(common.HexToAddress(opts[1]))
		claimable := new(big.Int).Div(new(big.Int).Add(supplyYes, supplyNo), big.NewInt(2))
		if s.Status != "ended" || !s.Void || s.WinningOption != nil || !s.Claimable || s.TotalClaimedAmount.Sign() != 0 ||
			s.TotalClaimableAmount.String() != claimable.String() {
			t.Fatalf("void market (option supplies %s and %s): %+v", supplyYes, supplyNo, s)
		}

		aliceBefore := e.balance(usdc, alice.account)
		act(alice, "claim", "/api/v1/market/claim-market-result", map[string]any{"marketAddress": market, "optionAddress": opts[0]})
		want := new(big.Int).Div(yes, big.NewInt(2))
		if got := new(big.Int).Sub(e.balance(usdc, alice.account), aliceBefore); got.Cmp(want) != 0 {
			t.Fatalf("alice's void claim of %s Yes paid %s, want %s (1/2 each, rounded down)", yes, got, want)
		}
		if got := e.balance(common.HexToAddress(opts[0]), alice.account); got.Sign() != 0 {
			t.Fatalf("alice still holds %s Yes after the void claim", got)
		}

		// The creator's LP shares redeem what the pool holds, valued at
		// 1/2 per token, plus the trading fees they earned.
		m, err := bindings.NewMarketCaller(common.HexToAddress(market), e.m.Client)
		if err != nil {
			t.Fatal(err)
		}
		call := &bind.CallOpts{Context: e.ctx}
		pool, err := m.PoolBalances(call)
		if err != nil {
			t.Fatal(err)
		}
		lp, err := m.BalanceOf(call, root.account)
		if err != nil {
			t.Fatal(err)
		}
		supply, err := m.TotalSupply(call)
		if err != nil {
			t.Fatal(err)
		}
		fees, err := m.FeesWithdrawableBy(call, root.account)
		if err != nil {
			t.Fatal(err)
		}
		sum := new(big.Int)
		for _, b := range pool {
			sum.Add(sum, new(big.Int).Div(new(big.Int).Mul(b, lp), supply))
		}
		wantLP := new(big.Int).Add(new(big.Int).Div(sum, big.NewInt(int64(len(pool)))), fees)
		rootBefore := e.balance(usdc, root.account)
		act(root, "remove-liquidity", "/api/v1/market/remove-liquidity", map[string]any{"marketAddress": market, "lpAmount": lp.String(),
			"minReceiveAmount": "1", "deadline": e.deadline()})
		if got := new(big.Int).Sub(e.balance(usdc, root.account), rootBefore); got.Cmp(wantLP) != 0 {
			t.Fatalf("the LP redemption paid %s, want %s (pool %v, %s of %s LP, fees %s)", got, wantLP, pool, lp, supply, fees)
		}
	})
}

// newWindowMarket creates a confirmed 2-option market (Yes, No) with a
// challenge window of window seconds, through raw HTTP.
func (e *e2e) newWindowMarket(root *user, title string, window int64) (string, []string) {
	e.t.Helper()
	fields := map[string]any{"title": title, "description": "d", "rules": "r",
		"options": []map[string]string{{"title": "Yes"}, {"title": "No"}}, "categoryId": "test",
		"endTime": time.Now().Add(24 * time.Hour).UTC().Format(time.RFC3339), "initialLiquidity": "100000000",
		"baseTokenAddress": strings.ToLower(e.m.Suite.BaseTokens[0].Address.Hex()), "challengeWindowSeconds": window}
	signed, _ := e.prepare(root, "create-market", fields)
	res := e.submit(root, "/api/v1/market/create-market", signed)
	e.confirmed(res["opHash"].(string))
	var opts []string
	for _, o := range res["options"].([]any) {
		opts = append(opts, o.(map[string]any)["optionAddress"].(string))
	}
	return res["marketAddress"].(string), opts
}

// operatorAddress is the operator key's address: the factory's owner and
// the treasury of the dispute fees.
func (e *e2e) operatorAddress() common.Address {
	keys, err := chain.LoadOrCreateKeys(e.m.Config.DataDir)
	if err != nil {
		e.t.Fatal(err)
	}
	return keys.OperatorAddress()
}
