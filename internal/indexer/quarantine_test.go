package indexer_test

import (
	"database/sql"
	"strings"
	"testing"

	"github.com/ethereum/go-ethereum/common"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/internal/indexer"
	"github.com/predict-dev/predict/internal/store"
	"github.com/predict-dev/predict/internal/store/storetest"
)

// TestUntrustedOptionNames creates markets on chain, as any admin can
// without the service, whose option token names hold a NUL byte, invalid
// UTF-8 or nothing storable. PostgreSQL refuses NUL in text (SQLSTATE
// 22021): the batch failed for ever and the indexer stopped for everyone.
func TestUntrustedOptionNames(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.DB) {
		e := newSimEnv(t)
		ix := syncedIndexer(t, e, s, nil)
		mk := e.createMarketNamed(usd(100), "Yes\x00", "\x00\x00", "N\xffo", strings.Repeat("long ", 100))
		syncHead(t, e, ix)
		m, err := s.MarketByAddress(e.ctx, lower(mk.addr), "")
		if err != nil {
			t.Fatal(err)
		}
		want := []string{"Yes", "Option 2", "N\uFFFDo", strings.TrimSpace(strings.Repeat("long ", 20))}
		for i, o := range m.Options {
			if o.Title != want[i] {
				t.Errorf("option %d: title %q, want %q", i, o.Title, want[i])
			}
		}
		if len(m.Options) != len(want) {
			t.Fatalf("%d options, want %d", len(m.Options), len(want))
		}
	})
}

// eachRaw runs fn against both stores, as storetest.Each does, with a
// second connection to the same database for the SQL an operator runs
// (docs/operations.md) and for a trigger that makes the store refuse a
// log: the real store refusing a real log, no test double.
func eachRaw(t *testing.T, fn func(t *testing.T, s *store.DB, raw *sql.DB)) {
	open := func(t *testing.T, driver, dsn string) *sql.DB {
		raw, err := sql.Open(driver, dsn)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { raw.Close() })
		return raw
	}
	t.Run("sqlite", func(t *testing.T) {
		dsn := storetest.SQLiteDSN(t)
		s := storetest.Open(t, dsn)
		fn(t, s, open(t, "sqlite", dsn+"?_pragma=busy_timeout(10000)"))
	})
	t.Run("postgres", func(t *testing.T) {
		dsn := storetest.PostgresDSN(t)
		s := storetest.Open(t, dsn)
		fn(t, s, open(t, "pgx", dsn))
	})
}

// refuse makes the store refuse to insert the rows of table for which
// cond (SQL on NEW) holds, as a store bug or a value it cannot hold
// would. drop undoes it.
func refuse(t *testing.T, s *store.DB, raw *sql.DB, table, cond string) (drop func()) {
	t.Helper()
	stmts := []string{`CREATE TRIGGER refuse BEFORE INSERT ON ` + table + ` WHEN ` + cond + `
		BEGIN SELECT RAISE(ABORT, 'refused by the test'); END`}
	undo := []string{`DROP TRIGGER refuse`}
	if s.Dialect() == store.DialectPostgres {
		stmts = []string{`CREATE FUNCTION refuse() RETURNS trigger LANGUAGE plpgsql AS $$
			BEGIN IF ` + cond + ` THEN RAISE EXCEPTION 'refused by the test'; END IF; RETURN NEW; END $$`,
			`CREATE TRIGGER refuse BEFORE INSERT ON ` + table + ` FOR EACH ROW EXECUTE FUNCTION refuse()`}
		undo = []string{`DROP TRIGGER refuse ON ` + table, `DROP FUNCTION refuse()`}
	}
	exec := func(stmts []string) {
		for _, q := range stmts {
			if _, err := raw.Exec(q); err != nil {
				t.Fatal(err)
			}
		}
	}
	exec(stmts)
	return func() { exec(undo) }
}

// TestQuarantine makes one trade's log unappliable. While the batch
// fails, Sync fails, the lag and the failure count show it; after
// QuarantineAfter failures the log is quarantined, the rest of the chain
// is applied, and the metrics say so. Once the store accepts the log
// again, an operator's replay (the SQL of docs/operations.md) applies it
// and the store equals the chain.
func TestQuarantine(t *testing.T) {
	eachRaw(t, func(t *testing.T, s *store.DB, raw *sql.DB) {
		e, keyA, mk := newSimTrader(t, usd(1000), usd(1000))
		A := addr(keyA)
		ix := syncedIndexer(t, e, s, nil)
		metrics := ix.Metrics()

		refused := e.buy(keyA, mk, 0, usd(10))
		e.buy(keyA, mk, 1, usd(10))
		allow := refuse(t, s, raw, "trades", "NEW.tx_hash = '"+refused.TxHash.Hex()+"'")
		head, _ := e.client.HeaderByNumber(e.ctx, nil)
		before, _, _ := s.IndexerCursor(e.ctx)

		for i := 1; i < indexer.DefaultQuarantineAfter; i++ {
			if _, err := ix.Sync(e.ctx); err == nil || !strings.Contains(err.Error(), "refused by the test") {
				t.Fatalf("Sync %d with a refused trade: %v", i, err)
			}
			if got, want := metricValue(metrics.Lag), float64(head.Number.Uint64()-before.Number); got != want || got == 0 {
				t.Fatalf("Sync %d failed: lag %v, want %v", i, got, want)
			}
			if got := metricValue(metrics.ConsecutiveFailures); got != float64(i) {
				t.Fatalf("Sync %d failed: consecutive failures %v", i, got)
			}
			if qs, err := s.QuarantinedLogs(e.ctx); err != nil || len(qs) != 0 {
				t.Fatalf("quarantined before the batch failed %d times: %+v %v", indexer.DefaultQuarantineAfter, qs, err)
			}
		}
		syncHead(t, e, ix)
		qs, err := s.QuarantinedLogs(e.ctx)
		if err != nil {
			t.Fatal(err)
		}
		bought := refused.Logs[len(refused.Logs)-1] // Bought comes after the transfers
		if len(qs) != 1 || qs[0].TxHash != refused.TxHash.Hex() || qs[0].Block != refused.BlockNumber.Uint64() ||
			qs[0].LogIndex != bought.Index || qs[0].Address != lower(mk.addr) || qs[0].Topic != bought.Topics[0].Hex() ||
			qs[0].Kind != "trade" || !strings.Contains(qs[0].Error, "refused by the test") || qs[0].Replay {
			t.Fatalf("quarantined %+v, want the Bought log %d of %s", qs, bought.Index, refused.TxHash.Hex())
		}
		for name, want := range map[string]float64{"lag": 0, "consecutive failures": 0, "quarantined total": 1, "in quarantine": 1} {
			got := map[string]float64{"lag": metricValue(metrics.Lag), "consecutive failures": metricValue(metrics.ConsecutiveFailures),
				"quarantined total": metricValue(metrics.Quarantined), "in quarantine": metricValue(metrics.QuarantinedLogs)}[name]
			if got != want {
				t.Errorf("metric %s = %v, want %v", name, got, want)
			}
		}
		// The other trade is applied; the refused one is missing.
		trades, total, err := s.Trades(e.ctx, predict.TradeFilter{Market: lower(mk.addr)})
		if err != nil || total != 1 || trades[0].Option != lower(mk.options[1]) {
			t.Fatalf("trades after the quarantine: %d %+v %v", total, trades, err)
		}

		// The store is fixed; the operator replays the log.
		allow()
		if _, err := raw.Exec(`UPDATE quarantined_logs SET replay = TRUE WHERE tx_hash = '` + refused.TxHash.Hex() + `'`); err != nil {
			t.Fatal(err)
		}
		syncHead(t, e, ix)
		if qs, err := s.QuarantinedLogs(e.ctx); err != nil || len(qs) != 0 || metricValue(metrics.QuarantinedLogs) != 0 {
			t.Fatalf("quarantined after the replay: %+v %v (gauge %v)", qs, err, metricValue(metrics.QuarantinedLogs))
		}
		if _, total, err := s.Trades(e.ctx, predict.TradeFilter{Market: lower(mk.addr)}); err != nil || total != 2 {
			t.Fatalf("trades after the replay: %d %v", total, err)
		}
		newChecker(t, e, s, mk, []common.Address{A, addr(e.operator)}).all()
	})
}

// TestQuarantineRefusesToHide: when the batch fails even without its
// logs (the store's fault), or when more than MaxQuarantinePerBatch of
// its logs fail (the service's fault), nothing is quarantined: the
// indexer keeps failing, and the lag and the failure count say so.
func TestQuarantineRefusesToHide(t *testing.T) {
	tests := []struct {
		name        string
		table, cond string
		trades      int
		wantErr     string
	}{
		{"StoreFault", "indexed_blocks", "TRUE", 1, "fail without their logs"},
		{"ManyLogs", "trades", "TRUE", indexer.MaxQuarantinePerBatch + 1, "none quarantined"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			eachRaw(t, func(t *testing.T, s *store.DB, raw *sql.DB) {
				e, keyA, mk := newSimTrader(t, usd(1000), usd(1000))
				ix := syncedIndexer(t, e, s, nil)
				before, _, _ := s.IndexerCursor(e.ctx)
				for i := range tt.trades {
					e.buy(keyA, mk, int64(i%2), usd(1))
				}
				refuse(t, s, raw, tt.table, tt.cond)
				for i := 1; i <= indexer.DefaultQuarantineAfter+1; i++ {
					if _, err := ix.Sync(e.ctx); err == nil || (i >= indexer.DefaultQuarantineAfter && !strings.Contains(err.Error(), tt.wantErr)) {
						t.Fatalf("Sync %d: %v, want an error with %q", i, err, tt.wantErr)
					}
					if got := metricValue(ix.Metrics().ConsecutiveFailures); got != float64(i) {
						t.Fatalf("Sync %d: consecutive failures %v", i, got)
					}
				}
				if qs, err := s.QuarantinedLogs(e.ctx); err != nil || len(qs) != 0 {
					t.Fatalf("quarantined %+v %v", qs, err)
				}
				if cursor, _, _ := s.IndexerCursor(e.ctx); cursor != before {
					t.Fatalf("cursor moved from %+v to %+v", before, cursor)
				}
				if got := metricValue(ix.Metrics().Lag); got < float64(tt.trades) {
					t.Fatalf("lag %v with %d blocks unapplied", got, tt.trades)
				}
			})
		})
	}
}
