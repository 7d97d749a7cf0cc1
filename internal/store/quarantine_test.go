package store_test

import (
	"context"
	"math/big"
	"slices"
	"strings"
	"testing"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/internal/ledger"
	"github.com/predict-dev/predict/internal/store"
	"github.com/predict-dev/predict/internal/store/storetest"
)

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
