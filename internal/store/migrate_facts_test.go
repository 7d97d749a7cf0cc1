package store

import (
	"context"
	"math/big"
	"testing"
	"time"

	"github.com/predict-dev/predict"
)

// TestMigrateFactsToLog writes a market's facts into the per-kind tables
// as the store wrote them before 0013, applies the rest of the
// migrations, and checks that the fact log holds each of them, decoded
// whole and in log order, with nothing of other markets or of the base
// token; and that 0014 dropped the tables no read uses.
func TestMigrateFactsToLog(t *testing.T) {
	const (
		market = "0x00000000000000000000000000000000000000aa"
		yes    = "0x00000000000000000000000000000000000000a1"
		no     = "0x00000000000000000000000000000000000000a2"
		base   = "0x00000000000000000000000000000000000000ba"
		alice  = "0x00000000000000000000000000000000000000a0"
		bob    = "0x00000000000000000000000000000000000000b0"
	)
	at := func(block uint64, index uint) predict.LogRef {
		return predict.LogRef{Block: block, BlockHash: "0xb" + string(rune('0'+block)), LogIndex: index,
			TxHash: "0xt" + string(rune('0'+block)), Time: time.UnixMilli(1_800_000_000_000 + int64(block)*2000).UTC()}
	}
	withOp := func(r predict.LogRef, op string) predict.LogRef { r.OpHash = op; return r }
	n := func(s string) *big.Int { x, _ := new(big.Int).SetString(s, 10); return x }
	want := []predict.Effect{
		&predict.TransferLog{LogRef: at(1, 1), Token: market, From: predict.ZeroAddress, To: alice, Amount: n("100000000")},
		&predict.LiquidityLog{LogRef: at(1, 2), Market: market, Account: alice, Kind: predict.LiquidityAdd,
			BaseAmount: n("100000000"), LPAmount: n("100000000"), SentBack: []*big.Int{n("0"), n("0")},
			Balances: []*big.Int{n("100000000"), n("100000000")}},
		&predict.TradeLog{LogRef: withOp(at(2, 0), "0xop2"), Market: market, Account: bob, Option: 1, Side: predict.SideBuy,
			BaseAmount: n("10000000"), TokenAmount: n("18725318723456789012345"), Fee: n("200000"),
			Balances: []*big.Int{n("109800000"), n("91074681")}},
		&predict.FeesLog{LogRef: at(3, 0), Market: market, Account: alice, Amount: n("200000")},
		&predict.AssertedLog{LogRef: at(4, 0), Market: market, Outcome: 1, Asserter: alice, Bond: n("1000000"),
			ChallengeEnd: time.UnixMilli(1_800_000_900_000).UTC(), Source: "the news", Note: "done"},
		&predict.FinalizedLog{LogRef: at(5, 0), Market: market, Outcome: 1, Asserter: alice, BondReturned: n("1000000")},
		&predict.SettledLog{LogRef: at(5, 1), Market: market, WinningOption: 1, Resolver: alice, Source: "the news", Note: "done"},
		&predict.ClaimLog{LogRef: withOp(at(6, 3), "0xop6"), Market: market, Account: bob, Option: 1, Amount: n("18725318")},
	}
	for _, name := range []string{DialectSQLite, DialectPostgres} {
		t.Run(name, func(t *testing.T) {
			ctx := context.Background()
			db := openUnmigrated(t, name)
			migrateBefore(t, db, "0013")
			migrateAfter(t, db, func(t *tx) error {
				for _, q := range []struct {
					sql  string
					args []any
				}{
					{`INSERT INTO markets (address, title, status, base_token, end_time, created_at, updated_at)
						VALUES (?, 'M', 'ended', ?, 0, 0, 0)`, []any{market, base}},
					{`INSERT INTO markets (address, title, status, base_token, end_time, created_at, updated_at)
						VALUES ('0x00000000000000000000000000000000000000bb', 'Other', 'running', ?, 0, 0, 0)`, []any{base}},
					{`INSERT INTO market_options (market, idx, address, title) VALUES (?, 0, ?, 'Yes'), (?, 1, ?, 'No')`,
						[]any{market, yes, market, no}},
					{`INSERT INTO token_transfers (token, from_address, to_address, amount, tx_hash, block_number, block_hash,
						log_index, created_at) VALUES (?, ?, ?, '100000000', '0xt1', 1, '0xb1', 1, ?),
						(?, ?, ?, '5', '0xt1', 1, '0xb1', 0, ?)`,
						[]any{market, predict.ZeroAddress, alice, millis(at(1, 0).Time), base, bob, alice, millis(at(1, 0).Time)}},
					{`INSERT INTO liquidity_events (market, account, kind, base_amount, lp_amount, sent_back, balances, tx_hash,
						block_number, block_hash, log_index, created_at)
						VALUES (?, ?, 'add', '100000000', '100000000', '0,0', '100000000,100000000', '0xt1', 1, '0xb1', 2, ?)`,
						[]any{market, alice, millis(at(1, 0).Time)}},
					{`INSERT INTO trades (market, option_address, option_index, account, side, base_amount, token_amount, fee,
						balances, tx_hash, op_hash, block_number, block_hash, log_index, created_at)
						VALUES (?, ?, 1, ?, 1, '10000000', '18725318723456789012345', '200000', '109800000,91074681', '0xt2',
						'0xop2', 2, '0xb2', 0, ?)`, []any{market, no, bob, millis(at(2, 0).Time)}},
					{`INSERT INTO fee_withdrawals (market, account, amount, tx_hash, block_number, block_hash, log_index,
						created_at) VALUES (?, ?, '200000', '0xt3', 3, '0xb3', 0, ?)`, []any{market, alice, millis(at(3, 0).Time)}},
					{`INSERT INTO resolution_events (market, kind, outcome, account, amount, challenge_end, source, note, tx_hash,
						block_number, block_hash, log_index, created_at)
						VALUES (?, 'asserted', 1, ?, '1000000', 1800000900000, 'the news', 'done', '0xt4', 4, '0xb4', 0, ?),
						(?, 'finalized', 1, ?, '1000000', NULL, '', '', '0xt5', 5, '0xb5', 0, ?)`,
						[]any{market, alice, millis(at(4, 0).Time), market, alice, millis(at(5, 0).Time)}},
					{`INSERT INTO settlements (market, winning_index, resolver, source, note, tx_hash, block_number, block_hash,
						log_index, created_at) VALUES (?, 1, ?, 'the news', 'done', '0xt5', 5, '0xb5', 1, ?)`,
						[]any{market, alice, millis(at(5, 0).Time)}},
					{`INSERT INTO claims (market, option_address, option_index, account, amount, tx_hash, op_hash, block_number,
						block_hash, log_index, created_at) VALUES (?, ?, 1, ?, '18725318', '0xt6', '0xop6', 6, '0xb6', 3, ?)`,
						[]any{market, no, bob, millis(at(6, 0).Time)}},
				} {
					if _, err := t.exec(ctx, q.sql, q.args...); err != nil {
						return err
					}
				}
				return nil
			})

			var got []predict.Effect
			var markets []string
			err := db.write(ctx, func(t *tx) error {
				var err error
				if got, err = marketFacts(ctx, t, market); err != nil {
					return err
				}
				markets, err = scanRows(ctx, t, `SELECT DISTINCT market FROM chain_facts`, nil, scanString)
				return err
			})
			if err != nil {
				t.Fatal(err)
			}
			if len(markets) != 1 || markets[0] != market {
				t.Errorf("the log holds facts of %v, want only %s", markets, market)
			}
			if len(got) != len(want) {
				t.Fatalf("%d facts logged, want %d", len(got), len(want))
			}
			for i := range want {
				g, _ := predict.EncodeEffect(got[i])
				w, _ := predict.EncodeEffect(want[i])
				if string(g) != string(w) {
					t.Errorf("fact %d:\n got %s\nwant %s", i, g, w)
				}
			}
			for _, table := range []string{"liquidity_events", "fee_withdrawals", "settlements"} {
				if _, err := db.reader.ExecContext(ctx, `SELECT 1 FROM `+table); err == nil {
					t.Errorf("table %s is still there", table)
				}
			}
		})
	}
}
