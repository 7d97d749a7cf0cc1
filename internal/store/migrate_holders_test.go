package store_test

import (
	"context"
	"math/big"
	"testing"

	"github.com/predict-dev/predict/internal/store"
	"github.com/predict-dev/predict/internal/store/storetest"
)

// TestMigrationRecountsHolders: migration 0023 counts every option's
// holders from the positions, so a database counted the old way (the
// escrow among the holders) is right after the upgrade. On both stores.
func TestMigrationRecountsHolders(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.DB) {
		ctx := context.Background()
		c := storetest.NewChainSim(t)
		alice, bob := storetest.Address(), storetest.Address()
		c.Create(big.NewInt(1000_000000), "")
		c.Apply(s)
		c.Next("")
		c.Buy(alice, 0, big.NewInt(10_000000), "")
		c.Buy(bob, 0, big.NewInt(5_000000), "")
		c.Buy(bob, 1, big.NewInt(5_000000), "")
		c.Apply(s)
		// As an older count left it: one holder too many of each option.
		storetest.Must(t, s.WriterExec(ctx, `UPDATE market_options SET holders_count = holders_count + 1`))
		storetest.Must(t, s.WriterExec(ctx, `DELETE FROM schema_migrations WHERE version = '0023_holders_from_positions'`))
		storetest.Must(t, s.Migrate(ctx))
		m, err := s.MarketByAddress(ctx, c.Market, "")
		storetest.Must(t, err)
		if got := []int{m.Options[0].HoldersCount, m.Options[1].HoldersCount}; got[0] != 2 || got[1] != 1 {
			t.Fatalf("holders after the migration %v, want [2 1]", got)
		}
	})
}
