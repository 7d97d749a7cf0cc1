package store_test

import (
	"context"
	"database/sql"
	"math/big"
	"strings"
	"testing"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/internal/ledger"
	"github.com/predict-dev/predict/internal/store"
	"github.com/predict-dev/predict/internal/store/storetest"
)

// claimHistory is a settled market: Alice and Bob buy Yes (Alice sells
// part back), Carol buys No, and Rita's settle-market operation settles
// it on Yes, all in the first batch.
type claimHistory struct {
	c                 *storetest.ChainSim
	alice, bob, carol string // accounts
	rita              *predict.User
	aliceYes, bobYes  *big.Int // their Yes tokens at settlement
}

func newClaimHistory(t *testing.T, s *store.DB) *claimHistory {
	ctx := context.Background()
	h := &claimHistory{c: storetest.NewChainSim(t), alice: storetest.Address(), bob: storetest.Address(), carol: storetest.Address()}
	h.rita = storetest.NewUser(t, s, func(p *predict.LoginParams) { p.UserName = "rita" })
	c := h.c
	c.Create(big.NewInt(1000_000000), "")
	c.Next("")
	qa := c.Buy(h.alice, 0, big.NewInt(100_000000), "")
	sold := new(big.Int).Div(qa.TokensOut, big.NewInt(3))
	c.Sell(h.alice, 0, sold)
	h.aliceYes = new(big.Int).Sub(qa.TokensOut, sold)
	h.bobYes = c.Buy(h.bob, 0, big.NewInt(40_000000), "").TokensOut
	c.Buy(h.carol, 1, big.NewInt(70_000000), "")
	c.Apply(s)

	op := &predict.Operation{OpHash: "0x" + strings.Repeat("5e", 32), UID: h.rita.UID, Sender: h.rita.Address,
		Kind: predict.KindSettleMarket, Market: c.Market, Nonce: big.NewInt(0),
		Request: []byte(`{"winningOptionAddress":"` + c.Options[0] + `","resolutionSource":"https://example.org","resolutionNote":"Yes."}`)}
	_, _, err := s.CreateOperation(ctx, op, nil)
	storetest.Must(t, err)
	c.Next("")
	c.Settle(0, h.rita.Address, op.OpHash)
	c.Apply(s)
	return h
}

// wantClaims checks what Resolution reports a settled market owes.
func wantClaims(t *testing.T, s *store.DB, market string, claimed, unclaimed *big.Int) *predict.Resolution {
	t.Helper()
	r, err := s.Resolution(context.Background(), market)
	storetest.Must(t, err)
	if r.Claimed.Cmp(claimed) != 0 || r.Unclaimed.Cmp(unclaimed) != 0 {
		t.Fatalf("claimed %s unclaimed %s, want %s and %s", r.Claimed, r.Unclaimed, claimed, unclaimed)
	}
	return r
}

// TestResolutionClaims: a settled market reports its winning option, the
// user who settled it, what its winners claimed and what they still hold,
// through claims, a reorg that orphans one, and rows from before the
// totals were kept.
func TestResolutionClaims(t *testing.T) {
	ctx := context.Background()
	storetest.Each(t, func(t *testing.T, s *store.DB) {
		h := newClaimHistory(t, s)
		c := h.c
		yes := new(big.Int).Add(h.aliceYes, h.bobYes)
		r := wantClaims(t, s, c.Market, new(big.Int), yes)
		if r.Status != predict.StatusEnded || r.WinningOption != c.Options[0] || r.WinningTitle != "Yes" ||
			r.ResolverUID != h.rita.UID || r.ResolverName != "rita" {
			t.Fatalf("resolution: %+v", r)
		}

		// Alice claims everything, Bob a quarter: what is left is the
		// rest of Bob's tokens.
		quarter := new(big.Int).Div(h.bobYes, big.NewInt(4))
		c.Next("")
		c.Claim(h.alice, 0, h.aliceYes)
		c.Next("")
		c.Claim(h.bob, 0, quarter)
		c.Apply(s)
		claimed := new(big.Int).Add(h.aliceYes, quarter)
		wantClaims(t, s, c.Market, claimed, new(big.Int).Sub(yes, claimed))

		// Bob's claim is orphaned: the totals are counted again from the
		// facts left.
		_, err := ledger.RevertTo(ctx, s, predict.BlockRef{Number: c.BlockNumber() - 1, Hash: c.Hash(c.BlockNumber()-1, "")})
		storetest.Must(t, err)
		wantClaims(t, s, c.Market, h.aliceYes, h.bobYes)
	})
}

// TestResolutionClaimsUncounted: a market indexed before the totals were
// kept (NULL columns, as migration 0011 leaves them) reads the same
// totals, and the indexer's next write of the market keeps them from then
// on.
func TestResolutionClaimsUncounted(t *testing.T) {
	ctx := context.Background()
	for _, tt := range []struct {
		name, driver string
		dsn          func(testing.TB) string
	}{{"sqlite", "sqlite", storetest.SQLiteDSN}, {"postgres", "pgx", storetest.PostgresDSN}} {
		t.Run(tt.name, func(t *testing.T) {
			dsn := tt.dsn(t)
			s := storetest.Open(t, dsn)
			h := newClaimHistory(t, s)
			c := h.c
			c.Next("")
			c.Claim(h.alice, 0, h.aliceYes)
			c.Apply(s)

			raw, err := sql.Open(tt.driver, dsn)
			storetest.Must(t, err)
			defer raw.Close()
			forget := func() {
				t.Helper()
				_, err := raw.ExecContext(ctx, `UPDATE markets SET claimed_amount = NULL`)
				storetest.Must(t, err)
				_, err = raw.ExecContext(ctx, `UPDATE market_options SET supply = NULL`)
				storetest.Must(t, err)
			}
			forget()
			wantClaims(t, s, c.Market, h.aliceYes, h.bobYes)

			// Bob claims a third: the indexer counts the old claims and
			// tokens first, then adds his.
			third := new(big.Int).Div(h.bobYes, big.NewInt(3))
			c.Next("")
			c.Claim(h.bob, 0, third)
			c.Apply(s)
			var claimed, supply sql.NullString
			storetest.Must(t, raw.QueryRowContext(ctx, `SELECT m.claimed_amount, o.supply FROM markets m
				JOIN market_options o ON o.market = m.address AND o.idx = 0`).Scan(&claimed, &supply))
			want := new(big.Int).Add(h.aliceYes, third)
			if claimed.String != want.String() || supply.String != new(big.Int).Sub(h.bobYes, third).String() {
				t.Fatalf("kept claimed %v supply %v, want %s and %s", claimed, supply, want, new(big.Int).Sub(h.bobYes, third))
			}
			wantClaims(t, s, c.Market, want, new(big.Int).Sub(h.bobYes, third))
		})
	}
}
