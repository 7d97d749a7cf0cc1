package indexer_test

import (
	"math/big"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/accounts/abi/bind"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/crypto"

	"github.com/predict-dev/predict/internal/indexer"
	"github.com/predict-dev/predict/internal/store"
	"github.com/predict-dev/predict/internal/store/storetest"
)

// BenchmarkCatchUp measures a catch-up from the deployment block: 100
// blocks of 10 trades each (3 logs a trade) and 900 empty blocks, indexed
// in batches of 500 blocks into each database. Run it with
// go test -run XXX -bench CatchUp -benchtime 1x ./internal/indexer/
func BenchmarkCatchUp(b *testing.B) {
	b.Run("sqlite", func(b *testing.B) { benchCatchUp(b, storetest.OpenSQLite) })
	b.Run("postgres", func(b *testing.B) { benchCatchUp(b, storetest.OpenPostgres) })
}

func benchCatchUp(b *testing.B, open func(testing.TB) *store.DB) {
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		keyA, _ := crypto.GenerateKey()
		A := addr(keyA)
		e := newSimEnv(b, A)
		e.send(e.operator, func(o *bind.TransactOpts) (*types.Transaction, error) { return e.token.Mint(o, A, usd(1_000_000)) })
		mk := e.createMarket(usd(100_000))
		e.approve(keyA, mk.addr)
		nonce, err := e.client.PendingNonceAt(e.ctx, A)
		if err != nil {
			b.Fatal(err)
		}
		for blk := 0; blk < 100; blk++ {
			for j := 0; j < 10; j++ {
				e.sendNoWait(keyA, 0, func(o *bind.TransactOpts) (*types.Transaction, error) {
					o.Nonce = new(big.Int).SetUint64(nonce)
					nonce++
					return mk.m.Buy(o, big.NewInt(int64(j%2)), usd(10), big.NewInt(1), e.deadline())
				})
			}
			e.sim.Commit()
		}
		for blk := 0; blk < 900; blk++ {
			e.sim.Commit()
		}
		s := open(b)
		ix := newIndexer(b, e, s, nil, func(c *indexer.Config) { c.BatchBlocks = 500 })
		head, _ := e.client.HeaderByNumber(e.ctx, nil)
		b.StartTimer()
		start := time.Now()
		if _, err := ix.Sync(e.ctx); err != nil {
			b.Fatal(err)
		}
		took := time.Since(start)
		logs := metricValue(ix.Metrics().LogsApplied)
		blocks := float64(head.Number.Uint64() - e.suite.DeployBlock + 1)
		b.ReportMetric(blocks/took.Seconds(), "blocks/s")
		b.ReportMetric(logs/took.Seconds(), "logs/s")
		b.Logf("%v blocks, %v logs in %s", blocks, logs, took.Round(time.Millisecond))
	}
}
