package indexer_test

import (
	"crypto/ecdsa"
	"math/big"
	"os"
	"strconv"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/accounts/abi/bind"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/crypto"

	"github.com/predict-dev/predict/internal/indexer"
	"github.com/predict-dev/predict/internal/store"
	"github.com/predict-dev/predict/internal/store/storetest"
)

// BenchmarkCatchUp measures a catch-up from the deployment block: 100
// blocks of 10 trades each (3 logs a trade) and 900 empty blocks, indexed
// in batches of 500 blocks into each database. Run it with
// go test -run XXX -bench 'CatchUp$' -benchtime 1x ./internal/indexer/
func BenchmarkCatchUp(b *testing.B) {
	b.Run("sqlite", func(b *testing.B) { benchCatchUp(b, storetest.OpenSQLite) })
	b.Run("postgres", func(b *testing.B) { benchCatchUp(b, storetest.OpenPostgres) })
}

func benchCatchUp(b *testing.B, open func(testing.TB) *store.DB) {
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		e, keyA, mk := newSimTrader(b, usd(1_000_000), usd(100_000))
		A := addr(keyA)
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

// Shape of the chain of BenchmarkCatchUpTrades.
const (
	spreadAccounts       = 8 // EOAs trading
	spreadTradesPerBlock = 4 // trades in every block
	spreadBlocksEnv      = "PREDICT_BENCH_BLOCKS"
	spreadDefaultBlocks  = 1_000
)

// BenchmarkCatchUpTrades measures a catch-up from the deployment block
// over a chain where trades are spread over every block: each block holds
// spreadTradesPerBlock trades (buys and, one in three, sells) by
// spreadAccounts accounts on two markets, 3 logs a trade, indexed in
// batches of 500 blocks into an empty store of each database. The chain
// has PREDICT_BENCH_BLOCKS trading blocks (default 1,000) after the
// deployment and setup blocks; it is generated once, outside the timer,
// and replayed into a fresh store by every iteration of each sub-benchmark.
//
// Generating 10,000 blocks (40,000 transactions) on the simulated backend
// takes a few minutes. Run it with
//
//	PREDICT_BENCH_BLOCKS=10000 \
//	PREDICT_TEST_POSTGRES_DSN='postgres://postgres@127.0.0.1:5432/test?sslmode=disable' \
//	go test -run XXX -bench CatchUpTrades -benchtime 1x -timeout 60m ./internal/indexer/
//
// and add -cpuprofile cpu.out to see where the time goes (the profile
// covers generation too, and the simulated backend answering eth_getLogs
// runs in the same process; compare with go tool pprof -focus Sync).
func BenchmarkCatchUpTrades(b *testing.B) {
	blocks := spreadDefaultBlocks
	if v := os.Getenv(spreadBlocksEnv); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 {
			b.Fatalf("%s=%q: want a positive number of blocks", spreadBlocksEnv, v)
		}
		blocks = n
	}
	e, trades := spreadChain(b, blocks)
	b.Run("sqlite", func(b *testing.B) { replayCatchUp(b, e, trades, storetest.OpenSQLite) })
	b.Run("postgres", func(b *testing.B) { replayCatchUp(b, e, trades, storetest.OpenPostgres) })
}

// spreadChain builds the chain of BenchmarkCatchUpTrades and returns it
// with the number of trades it holds.
func spreadChain(b *testing.B, blocks int) (*env, int) {
	b.Helper()
	start := time.Now()
	keys := make([]*ecdsa.PrivateKey, spreadAccounts)
	addrs := make([]common.Address, spreadAccounts)
	for i := range keys {
		keys[i], _ = crypto.GenerateKey()
		addrs[i] = addr(keys[i])
	}
	e := newDiskSimEnv(b, addrs...)
	for _, a := range addrs {
		e.mint(a, usd(10_000_000))
	}
	markets := []*market{e.createMarket(usd(1_000_000)), e.createMarket(usd(1_000_000))}
	for _, k := range keys {
		for _, mk := range markets {
			e.approve(k, mk.addr)
		}
	}
	nonces := make([]uint64, spreadAccounts)
	for i, a := range addrs {
		n, err := e.client.PendingNonceAt(e.ctx, a)
		if err != nil {
			b.Fatal(err)
		}
		nonces[i] = n
	}
	// held is a lower bound of each account's option tokens (account,
	// market, option): a buy of 10 base yields at least 9 tokens (price
	// at most 1, fee 2 %), a sell takes 3, so no sell can revert.
	const buyIn, buyOutMin, sellIn = 10_000_000, 9_000_000, 3_000_000
	held := make([][2][2]int64, spreadAccounts)
	deadline := new(big.Int).SetUint64(1 << 62)
	trades := 0
	var last []*types.Transaction // the trades of the block being built
	trade := func(acct, m, opt int, sell bool) {
		mk, i := markets[m], big.NewInt(int64(opt))
		tx := e.sendNoWait(keys[acct], 1, func(o *bind.TransactOpts) (*types.Transaction, error) {
			o.Nonce, o.GasLimit = new(big.Int).SetUint64(nonces[acct]), 400_000
			nonces[acct]++
			if sell {
				return mk.m.Sell(o, i, big.NewInt(sellIn), big.NewInt(0), deadline)
			}
			return mk.m.Buy(o, i, big.NewInt(buyIn), big.NewInt(1), deadline)
		})
		last = append(last, tx)
		if sell {
			held[acct][m][opt] -= sellIn
		} else {
			held[acct][m][opt] += buyOutMin
		}
		trades++
	}
	for blk := range blocks {
		last = last[:0]
		for j := range spreadTradesPerBlock {
			n := blk*spreadTradesPerBlock + j
			acct, m, opt := n%spreadAccounts, (blk+j)%2, (n/spreadAccounts+j)%2
			trade(acct, m, opt, n%3 == 2 && held[acct][m][opt] >= sellIn)
		}
		e.sim.Commit()
		if (blk+1)%1000 == 0 {
			b.Logf("generated %d of %d blocks in %s", blk+1, blocks, time.Since(start).Round(time.Second))
		}
	}
	// The receipts of the last block's trades prove the chain was built
	// as meant (a revert would leave trades without logs).
	for _, tx := range last {
		r, err := e.client.TransactionReceipt(e.ctx, tx.Hash())
		if err != nil {
			b.Fatalf("receipt of trade %s: %v", tx.Hash(), err)
		}
		if r.Status != types.ReceiptStatusSuccessful {
			b.Fatalf("trade %s in block %d reverted", tx.Hash(), r.BlockNumber)
		}
	}
	b.Logf("generated %d blocks with %d trades in %s", blocks, trades, time.Since(start).Round(time.Second))
	return e, trades
}

// newDiskSimEnv is newSimEnv with the chain's database in a temporary
// directory instead of in memory. Once a minute the chain's freezer moves
// finalized blocks (all of them, on the simulated chain) out of the key
// value store, listing the hashes of each block number on the way; the
// in-memory database answers each listing by scanning every key it holds,
// which burned ~35 s of CPU beside a 10,000-block catch-up on 2 cores.
func newDiskSimEnv(t testing.TB, funded ...common.Address) *env {
	t.Helper()
	return openSimEnv(t, t.TempDir(), funded...)
}

// replayCatchUp indexes the chain of e into a fresh store per iteration.
func replayCatchUp(b *testing.B, e *env, trades int, open func(testing.TB) *store.DB) {
	for range b.N {
		b.StopTimer()
		s := open(b)
		ix := newIndexer(b, e, s, nil, func(c *indexer.Config) { c.BatchBlocks = 500 })
		head, err := e.client.HeaderByNumber(e.ctx, nil)
		if err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		start := time.Now()
		if _, err := ix.Sync(e.ctx); err != nil {
			b.Fatal(err)
		}
		took := time.Since(start)
		b.StopTimer()
		logs := metricValue(ix.Metrics().LogsApplied)
		if logs < float64(3*trades) {
			b.Fatalf("%v logs applied, want at least %d (3 per trade)", logs, 3*trades)
		}
		blocks := float64(head.Number.Uint64() - e.suite.DeployBlock + 1)
		b.ReportMetric(blocks/took.Seconds(), "blocks/s")
		b.ReportMetric(logs/took.Seconds(), "logs/s")
		b.Logf("%s: %v blocks, %d trades, %v logs in %s", s.Dialect(), blocks, trades, logs, took.Round(time.Millisecond))
	}
}
