package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/stdlib"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/internal/accounting"
)

// SeedSize is how much synthetic history Seed writes.
type SeedSize struct {
	Users   int
	Markets int
	Trades  int
	// BaseToken of every market; "" picks a fixed address.
	BaseToken string
	// Now is the end of the history (trades span the 90 days before it).
	Now time.Time
	// Seed makes the data reproducible.
	Seed uint64
}

// Seeded tells what Seed wrote: enough for a load generator to pick
// existing users and markets.
type Seeded struct {
	BaseToken string
	UIDs      []string
	Subjects  []string // identity subjects of UIDs, in the same order
	Accounts  []string
	Markets   []string
	Options   map[string][]string // market → option addresses
	PostIDs   []int64
	Rows      map[string]int // table → rows written
}

// Seed fills an empty store with a synthetic but consistent history for
// benchmarks and load tests (internal/seed.Run drives it): users with
// smart accounts, the market history (markets with options and tags,
// trades with the price points they moved, positions and balances that
// add up from those trades, LP shares of the creators, settlements: what
// the ledger decided for a chain history, history, written as it is),
// base token balances, follows, snapshots, posts, comments and
// notifications, whose figures come from rng. It bypasses the SQL of
// ApplyBatch (a million trades through it would take minutes) and writes
// with COPY on PostgreSQL and batched inserts on SQLite. progress, when
// set, hears about each table as it is written.
func (db *DB) Seed(ctx context.Context, size SeedSize, history *accounting.Changes, rng *rand.Rand,
	progress func(table string, rows int, took time.Duration)) (*Seeded, error) {
	if size.Users < 1 || size.Markets < 1 || size.Trades < 0 {
		return nil, predict.Errorf(predict.EINVALID, "seed needs at least one user and one market")
	}
	if size.Now.IsZero() {
		size.Now = time.Now()
	}
	now := size.Now.UnixMilli()
	day := int64(24 * time.Hour / time.Millisecond)
	out := SeedNames(size)

	copyTable := func(table string, cols []string, n int, row func(i int) []any) error {
		start := time.Now()
		if err := db.copyRows(ctx, table, cols, n, row); err != nil {
			return fmt.Errorf("seed %s: %w", table, err)
		}
		out.Rows[table] += n
		if progress != nil {
			progress(table, n, time.Since(start))
		}
		return nil
	}

	// Users, registered over the 120 days before now.
	userCreated := func(i int) int64 { return now - 120*day + int64(i)*(30*day)/int64(size.Users) }
	if err := copyTable("users", []string{"uid", "subject", "address", "name", "name_lower", "avatar_url", "invite_code", "created_at", "updated_at"},
		size.Users, func(i int) []any {
			name := fmt.Sprintf("trader%d", i)
			return []any{out.UIDs[i], out.Subjects[i], out.Accounts[i], name, name, "", fmt.Sprintf("S%07d", i), userCreated(i), userCreated(i)}
		}); err != nil {
		return nil, err
	}

	// The market history, written in bulk: the ledger decided it (the
	// seed's driver, internal/seed, applies a chain history through it).
	if err := writeHistory(ctx, db, history, copyTable, now); err != nil {
		return nil, err
	}
	// Every user also holds some base tokens (no base transfer is part of
	// the history, so these are the only base balances).
	if err := copyTable("token_balances", []string{"account", "token", "amount", "block_number", "updated_at"}, size.Users,
		func(i int) []any {
			return []any{out.Accounts[i], out.BaseToken, fmt.Sprint(rng.Int64N(10_000) * 1_000000), int64(1_000_000), now}
		}); err != nil {
		return nil, err
	}

	// Social: follows, snapshots, posts, comments, notifications.
	if err := copyTable("follows", []string{"uid", "market", "created_at"}, size.Users, func(i int) []any {
		return []any{out.UIDs[i], out.Markets[(i*7)%len(out.Markets)], now}
	}); err != nil {
		return nil, err
	}
	const snapsPerUser = 6
	if err := copyTable("asset_snapshots", []string{"uid", "base_token", "created_at", "value", "pnl"}, size.Users*snapsPerUser,
		func(i int) []any {
			u, w := i/snapsPerUser, i%snapsPerUser
			return []any{out.UIDs[u], out.BaseToken, now - int64(snapsPerUser-w)*7*day, fmt.Sprint(rng.Int64N(20_000) * 1_000000),
				fmt.Sprint((rng.Int64N(2_000) - 1_000) * 1_000000)}
		}); err != nil {
		return nil, err
	}
	posts := len(out.PostIDs)
	if err := copyTable("posts", []string{"id", "uuid", "market", "uid", "content", "hidden", "deleted", "created_at", "updated_at"}, posts,
		func(i int) []any {
			at := now - int64(posts-i)*60_000
			return []any{int64(i + 1), uuid.NewString(), out.Markets[i%len(out.Markets)], out.UIDs[(i*13)%size.Users],
				fmt.Sprintf("Post %d: I think this resolves yes.", i), false, false, at, at}
		}); err != nil {
		return nil, err
	}
	if err := copyTable("comments", []string{"id", "uuid", "market", "post_id", "parent_id", "root_id", "uid", "content", "hidden", "deleted",
		"created_at", "updated_at"}, 2*posts, func(i int) []any {
		post := i / 2
		var parent any
		if i%2 == 1 {
			parent = int64(i) // the post's first comment, the root of this reply
		}
		at := now - int64(posts-post)*60_000 + int64(i%2+1)*1000
		return []any{int64(i + 1), uuid.NewString(), out.Markets[post%len(out.Markets)], int64(post + 1), parent, parent, out.UIDs[(i*31)%size.Users],
			fmt.Sprintf("Comment %d", i), false, false, at, at}
	}); err != nil {
		return nil, err
	}
	const notesPerUser = 5
	if err := copyTable("notifications", []string{"uuid", "uid", "kind", "type", "category", "payload", "read_at", "created_at"}, size.Users*notesPerUser,
		func(i int) []any {
			u, w := i/notesPerUser, i%notesPerUser
			data := map[string]string{"opHash": fmt.Sprintf("0x%08x%056x", 0x0b, i), "status": "confirmed", "action": "buy",
				"marketAddress": out.Markets[(u+w)%len(out.Markets)]}
			payload, _ := json.Marshal(data)
			typ, category := predict.NotificationClass(predict.NotifyOperation, data)
			var read any
			if w < 3 {
				read = now - int64(w)*day
			}
			var p any = string(payload)
			if db.dialect.name == DialectPostgres {
				p = json.RawMessage(payload) // jsonb takes the document as bytes
			}
			return []any{uuid.NewString(), out.UIDs[u], predict.NotifyOperation, typ, category, p, read, now - int64(notesPerUser-w)*day}
		}); err != nil {
		return nil, err
	}
	if err := db.restartIdentities(ctx, map[string]int{"posts": posts + 1, "comments": 2*posts + 1}); err != nil {
		return nil, err
	}
	return out, db.analyze(ctx)
}

// writeHistory writes the records and the aggregates the ledger decided
// for the seed's history, and the hourly price roll-up.
func writeHistory(ctx context.Context, db *DB, c *accounting.Changes,
	copyTable func(table string, cols []string, n int, row func(i int) []any) error, now int64) error {
	markets := map[string]*accounting.Market{}
	for _, m := range c.Markets {
		markets[m.Address] = m
	}
	holders := map[string]int64{}
	for _, x := range c.Balances {
		if x.Amount.Sign() > 0 {
			holders[x.Token]++
		}
	}
	if err := copyTable("markets", []string{"address", "title", "description", "rules", "status", "base_token", "category_id",
		"image_url", "fee_bps", "volume", "liquidity", "lp_supply", "participant_count", "trade_count", "hot_score", "start_time",
		"end_time", "creator_uid", "creator_address", "created_block", "created_at", "updated_at", "collected_fees", "pool_block",
		"winning_option", "resolver_address", "resolver_uid", "settle_tx_hash", "settled_at", "settled_block", "resolution_source",
		"resolution_note", "claimed_amount"}, len(c.Creations), func(i int) []any {
		// The winning option refers to an option row: set below.
		cr := c.Creations[i]
		m, created := markets[cr.Address], millis(cr.Log.Time)
		var settledAt, settledBlock any
		if m.Winner >= 0 {
			settledAt, settledBlock = m.SettledAt, int64(m.SettledBlock)
		}
		return []any{m.Address, cr.Title, cr.Description, cr.Rules, string(m.Status), m.BaseToken, cr.Category,
			cr.Image, int64(m.FeeBps), m.Volume.String(), m.Liquidity.String(), m.LPSupply.String(), int64(m.Participants),
			int64(m.TradeCount), m.Hot, created, millis(cr.Log.Market.EndTime), nullString(cr.CreatorUID), cr.Log.CreatorAddress,
			int64(m.CreatedBlock), created, now, m.Fees.String(), int64(m.PoolBlock), nil, nullString(m.Resolver),
			nullString(m.ResolverUID), nullString(m.SettleTx), settledAt, settledBlock, m.Source, m.Note, m.Claimed.String()}
	}); err != nil {
		return err
	}
	type optionRow struct {
		m *accounting.Market
		i int
		c *accounting.Creation
	}
	var options []optionRow
	for _, cr := range c.Creations {
		for i := range cr.OptionAddresses {
			options = append(options, optionRow{markets[cr.Address], i, cr.Creation})
		}
	}
	if err := copyTable("market_options", []string{"market", "idx", "address", "title", "pool_balance", "price", "volume",
		"supply", "holders_count"}, len(options), func(i int) []any {
		r := options[i]
		o := r.m.Options[r.i]
		return []any{r.m.Address, int64(r.i), o, r.c.OptionTitles[r.i], r.m.Balances[r.i].String(), r.m.Prices[r.i].String(),
			r.m.OptVolume[r.i].String(), r.m.Supply[r.i].String(), holders[o]}
	}); err != nil {
		return err
	}
	// Settled markets point at their winning options.
	if err := db.write(ctx, func(t *tx) error {
		for _, m := range c.Markets {
			if m.Winner < 0 {
				continue
			}
			if _, err := t.exec(ctx, `UPDATE markets SET winning_option = ? WHERE address = ?`, m.Options[m.Winner], m.Address); err != nil {
				return err
			}
		}
		return nil
	}); err != nil {
		return fmt.Errorf("seed settlements: %w", err)
	}
	type tagRow struct {
		market, tag string
		pos         int
	}
	var tags []tagRow
	for _, cr := range c.Creations {
		for i, t := range cr.Tags {
			tags = append(tags, tagRow{cr.Address, t, i})
		}
	}
	if err := copyTable("market_tags", []string{"market", "tag", "pos"}, len(tags), func(i int) []any {
		return []any{tags[i].market, tags[i].tag, int64(tags[i].pos)}
	}); err != nil {
		return err
	}
	if err := copyTable("trades", []string{"market", "option_address", "option_index", "uid", "account", "side", "base_amount",
		"token_amount", "fee", "avg_price", "tx_hash", "op_hash", "block_number", "block_hash", "log_index", "created_at", "balances"},
		len(c.Trades), func(k int) []any {
			t := c.Trades[k]
			e := t.TradeLog
			return []any{e.Market, t.Option, int64(e.Option), nullString(t.UID), e.Account, int64(e.Side), e.BaseAmount.String(),
				e.TokenAmount.String(), e.Fee.String(), predict.DivWad(e.BaseAmount, e.TokenAmount).String(), e.TxHash,
				nullString(e.OpHash), int64(e.Block), e.BlockHash, int64(e.LogIndex), millis(e.Time), joinAmounts(e.Balances)}
		}); err != nil {
		return err
	}
	facts := make([][]any, len(c.Facts))
	for i, f := range c.Facts {
		row, err := factRow(f.Market, f.Effect)
		if err != nil {
			return fmt.Errorf("seed chain_facts: %w", err)
		}
		facts[i] = row
	}
	if err := copyTable("chain_facts", factColumns, len(facts), func(i int) []any { return facts[i] }); err != nil {
		return err
	}
	if err := copyTable("price_points", []string{"market", "option_address", "price", "block_number", "created_at"}, len(c.Points),
		func(i int) []any {
			p := c.Points[i]
			return []any{p.Market, p.Option, p.Price.String(), int64(p.Block), millis(p.Time)}
		}); err != nil {
		return err
	}
	if err := db.write(ctx, func(t *tx) error { return rollUpPrices(ctx, t, 0) }); err != nil {
		return fmt.Errorf("seed price_hourly: %w", err)
	}
	if err := copyTable("positions", []string{"account", "market", "option_address", "amount", "cost_basis", "realized_pnl", "updated_at"},
		len(c.Positions), func(i int) []any {
			p := c.Positions[i]
			return []any{p.Account, p.Market, p.Option, p.Amount.String(), p.Cost.String(), signedText(p.Realized), now}
		}); err != nil {
		return err
	}
	if err := copyTable("liquidity_positions", []string{"account", "market", "lp_amount", "deposited", "withdrawn", "fees_withdrawn",
		"returned_value", "updated_at"}, len(c.LPs), func(i int) []any {
		p := c.LPs[i]
		return []any{p.Account, p.Market, p.Amount.String(), p.Deposited.String(), p.Withdrawn.String(), p.Fees.String(),
			p.Returned.String(), now}
	}); err != nil {
		return err
	}
	return copyTable("token_balances", []string{"account", "token", "amount", "block_number", "updated_at"}, len(c.Balances),
		func(i int) []any {
			x := c.Balances[i]
			return []any{x.Account, x.Token, signedText(x.Amount), int64(x.Block), now}
		})
}

// SeedNames returns what Seed writes for size without writing anything:
// the names are a function of the size, so a load generator can reuse a
// store seeded earlier.
func SeedNames(size SeedSize) *Seeded {
	out := &Seeded{BaseToken: strings.ToLower(size.BaseToken), Options: map[string][]string{}, Rows: map[string]int{}}
	if out.BaseToken == "" {
		out.BaseToken = "0x" + strings.Repeat("ba5e", 10)
	}
	for i := range size.Users {
		out.UIDs = append(out.UIDs, fmt.Sprintf("seed%07d", i))
		out.Subjects = append(out.Subjects, fmt.Sprintf("did:seed:%d", i))
		out.Accounts = append(out.Accounts, seedAddress(0xacc0, i))
	}
	for j := range size.Markets {
		m := seedAddress(0x3a4e, j)
		n := 2
		if j%7 == 0 {
			n = 3
		}
		for k := range n {
			out.Options[m] = append(out.Options[m], seedAddress(0x0b7, j*4+k))
		}
		out.Markets = append(out.Markets, m)
	}
	for i := range max(size.Markets*5, 1) {
		out.PostIDs = append(out.PostIDs, int64(i+1))
	}
	return out
}

func seedAddress(kind, i int) string { return fmt.Sprintf("0x%08x%032x", kind, i) }

// copyRows writes n rows into table: COPY on PostgreSQL, multi-row
// INSERTs in one transaction on SQLite.
func (db *DB) copyRows(ctx context.Context, table string, cols []string, n int, row func(i int) []any) error {
	if n == 0 {
		return nil
	}
	if db.dialect.name == DialectPostgres {
		conn, err := db.writer.Conn(ctx)
		if err != nil {
			return err
		}
		defer conn.Close()
		return conn.Raw(func(dc any) error {
			i := 0
			_, err := dc.(*stdlib.Conn).Conn().CopyFrom(ctx, pgx.Identifier{table}, cols, pgx.CopyFromFunc(func() ([]any, error) {
				if i == n {
					return nil, nil
				}
				i++
				return row(i - 1), nil
			}))
			return err
		})
	}
	// A chunk of rows at a time, so a million rows are never all in memory.
	const chunk = 500
	insert := `INSERT INTO ` + table + ` (` + strings.Join(cols, ", ") + `)`
	return db.write(ctx, func(t *tx) error {
		for start := 0; start < n; start += chunk {
			flat := make([]any, 0, chunk*len(cols))
			for i := start; i < min(start+chunk, n); i++ {
				flat = append(flat, row(i)...)
			}
			if err := insertRows(ctx, t, insert, "", len(cols), flat); err != nil {
				return err
			}
		}
		return nil
	})
}

// restartIdentities moves PostgreSQL identity columns past ids the seed
// wrote explicitly (SQLite's rowids follow the largest id by themselves).
func (db *DB) restartIdentities(ctx context.Context, next map[string]int) error {
	if db.dialect.name != DialectPostgres {
		return nil
	}
	return db.write(ctx, func(t *tx) error {
		for table, n := range next {
			if _, err := t.exec(ctx, fmt.Sprintf(`ALTER TABLE %s ALTER COLUMN id RESTART WITH %d`, table, n)); err != nil {
				return err
			}
		}
		return nil
	})
}

// analyze refreshes the planner's statistics after a bulk load; on
// PostgreSQL VACUUM also sets the visibility map, as autovacuum would in
// time, so counts can be answered from indexes alone.
func (db *DB) analyze(ctx context.Context) error {
	stmt := `ANALYZE`
	if db.dialect.name == DialectPostgres {
		stmt = `VACUUM ANALYZE`
	}
	if _, err := db.writer.ExecContext(ctx, stmt); err != nil {
		return fmt.Errorf("analyze: %w", err)
	}
	if db.dialect.name == DialectSQLite {
		return dropStat4(ctx, db.writer)
	}
	return nil
}

// dropStat4 deletes the sample rows ANALYZE leaves in sqlite_stat4 and
// reloads the statistics, keeping sqlite_stat1's per-index row counts.
//
// With stat4 samples SQLite may choose a different plan for different
// bound values, so it marks every statement whose WHERE clause compares
// an indexed column with a parameter as plan-dependent and compiles it
// again on each execution with the values bound: the prepared-statement
// cache (stmtcache.go) saved nothing and sqlite3Prepare took 9-22 % of
// the CPU of a read under load. stat1 alone picks the same indexes for
// the service's queries, which filter on equality or on one indexed range.
func dropStat4(ctx context.Context, pool *sql.DB) error {
	var n int
	if err := pool.QueryRowContext(ctx, `SELECT COUNT(*) FROM sqlite_schema WHERE name = 'sqlite_stat4'`).Scan(&n); err != nil {
		return fmt.Errorf("drop stat4: %w", err)
	}
	if n == 0 {
		return nil
	}
	if err := pool.QueryRowContext(ctx, `SELECT COUNT(*) FROM sqlite_stat4`).Scan(&n); err != nil {
		return fmt.Errorf("drop stat4: %w", err)
	}
	if n == 0 {
		return nil
	}
	// ANALYZE sqlite_schema reloads the statistics of every connection.
	if _, err := pool.ExecContext(ctx, `DELETE FROM sqlite_stat4; ANALYZE sqlite_schema`); err != nil {
		return fmt.Errorf("drop stat4: %w", err)
	}
	return nil
}
