package api_test

import (
	"context"
	"encoding/json"
	"math/big"
	"strings"
	"testing"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/internal/store"
	"github.com/predict-dev/predict/internal/store/storetest"
)

// resolutionStatus is get-resolution-status in the platform's form, with
// this service's resolverUid beside it.
type resolutionStatus struct {
	MarketAddress string
	Status        string
	WinningOption *struct{ OptionAddress, Title string }
	SettledBy     struct{ UID, Name string }
	ResolverUID   string
	SettledAt     string
	Claimable     bool
	// The totals are read as strings: a number would not be an amount.
	TotalClaimableAmount, TotalClaimedAmount string
}

func (e *env) resolution(t *testing.T, market string) (resolutionStatus, map[string]json.RawMessage) {
	t.Helper()
	r := e.do("GET", "/api/v1/market/get-resolution-status?marketAddress="+market, "", nil)
	wantOK(t, r)
	var out resolutionStatus
	r.into(t, &out)
	var raw map[string]json.RawMessage
	r.into(t, &raw)
	return out, raw
}

// TestGetResolutionStatus follows a market from trading through an
// admin's settlement to its winners' claims: the winning option with its
// title, who settled it, whether claims are open and what was claimed and
// is left, all from the confirmed history.
func TestGetResolutionStatus(t *testing.T) {
	ctx := context.Background()
	eachEnv(t, func(t *testing.T, e *env, s *store.DB) {
		d := newMarketData(t, e, s)
		c := d.busy
		ritaAcct := addr(0xc1)
		r := e.do("POST", "/api/v1/user/login", e.token("did:dev:rita"), map[string]any{"address": ritaAcct, "userName": "rita"})
		wantOK(t, r)
		var rita struct{ UID string }
		r.into(t, &rita)
		ps, _, err := s.Positions(ctx, predict.PositionFilter{Account: d.aliceAcct, Market: c.Market})
		storetest.Must(t, err)
		if len(ps) != 1 || ps[0].Option != c.Options[0] {
			t.Fatalf("alice's positions: %+v", ps)
		}
		aliceYes := ps[0].Amount

		// Trading: nothing is won, settled or owed.
		got, raw := e.resolution(t, c.Market)
		if got.Status != "running" || got.WinningOption != nil || string(raw["winningOption"]) != "null" || got.SettledBy.UID != "" ||
			got.SettledBy.Name != "" || got.Claimable || got.TotalClaimableAmount != "0" || got.TotalClaimedAmount != "0" || got.SettledAt != "" {
			t.Fatalf("running: %s", jsonOf(raw))
		}

		// Rita's settle-market operation is accepted (recorded as the
		// settle-market endpoint records it): settling, still nothing won.
		op := &predict.Operation{OpHash: "0x" + strings.Repeat("5e", 32), UID: rita.UID, Sender: ritaAcct,
			Kind: predict.KindSettleMarket, Market: c.Market, Nonce: big.NewInt(0),
			Request: []byte(`{"winningOptionAddress":"` + c.Options[0] + `","resolutionSource":"https://example.org","resolutionNote":"Yes."}`)}
		_, _, err = s.CreateOperation(ctx, op, nil)
		storetest.Must(t, err)
		got, raw = e.resolution(t, c.Market)
		if got.Status != "settling" || got.WinningOption != nil || got.ResolverUID != rita.UID || got.SettledBy.UID != "" ||
			got.Claimable || got.TotalClaimableAmount != "0" {
			t.Fatalf("settling: %s", jsonOf(raw))
		}

		// The chain confirms her settlement on Yes, and Alice claims a
		// third of her Yes tokens.
		third := new(big.Int).Div(aliceYes, big.NewInt(3))
		c.Follow(d.quiet)
		c.Next("")
		c.Settle(0, ritaAcct, op.OpHash)
		c.Next("")
		c.Claim(d.aliceAcct, 0, third)
		c.Apply(s)
		got, raw = e.resolution(t, c.Market)
		if got.Status != "ended" || got.WinningOption == nil || got.WinningOption.OptionAddress != c.Options[0] ||
			got.WinningOption.Title != "Yes" || got.SettledBy.UID != rita.UID || got.SettledBy.Name != "rita" || got.SettledAt == "" ||
			!got.Claimable || got.TotalClaimedAmount != third.String() ||
			got.TotalClaimableAmount != new(big.Int).Sub(aliceYes, third).String() {
			t.Fatalf("ended, a third claimed of %s: %s", aliceYes, jsonOf(raw))
		}

		// She claims the rest: nothing is left to claim.
		c.Next("")
		c.Claim(d.aliceAcct, 0, new(big.Int).Sub(aliceYes, third))
		c.Apply(s)
		got, raw = e.resolution(t, c.Market)
		if got.Claimable || got.TotalClaimableAmount != "0" || got.TotalClaimedAmount != aliceYes.String() || got.SettledBy.Name != "rita" {
			t.Fatalf("everything claimed (%s): %s", aliceYes, jsonOf(raw))
		}

		// The quiet market is settled straight on chain by an account
		// that is nobody's: no one to name, Bob's Yes still to claim.
		q := d.quiet
		q.Follow(c)
		q.Next("")
		q.Settle(0, storetest.Address(), "")
		q.Apply(s)
		bob, _, err := s.Positions(ctx, predict.PositionFilter{Account: d.bobAcct, Market: q.Market})
		storetest.Must(t, err)
		got, raw = e.resolution(t, q.Market)
		if len(bob) != 1 || got.Status != "ended" || got.WinningOption == nil || got.WinningOption.Title != "Yes" ||
			string(raw["settledBy"]) != `{"uid":"","name":""}` || !got.Claimable ||
			got.TotalClaimableAmount != bob[0].Amount.String() || got.TotalClaimedAmount != "0" {
			t.Fatalf("settled on chain (bob holds %+v): %s", bob, jsonOf(raw))
		}
	})
}

func jsonOf(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}
