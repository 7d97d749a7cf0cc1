package store

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/stdlib"

	"github.com/predict-dev/predict"
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

// seedTrade is one generated trade, kept to derive price points.
type seedTrade struct {
	market, option    int
	optionIndex, user int
	side              int
	base, tokens, fee int64
	price             []int64 // every option's price after the trade, micro-units
	at                int64   // unix ms
}

// Seed fills an empty store with a synthetic but consistent history for
// benchmarks and load tests: users with smart accounts, markets with
// options and tags, trades with the price points they moved, positions and
// balances that add up from those trades, LP shares of the creators,
// follows, snapshots, posts, comments and notifications. It bypasses the
// indexer (a million trades through ApplyBatch would take minutes) and
// writes with COPY on PostgreSQL and batched inserts on SQLite. progress,
// when set, hears about each table as it is written.
func (db *DB) Seed(ctx context.Context, size SeedSize, progress func(table string, rows int, took time.Duration)) (*Seeded, error) {
	if size.Users < 1 || size.Markets < 1 || size.Trades < 0 {
		return nil, predict.Errorf(predict.EINVALID, "seed needs at least one user and one market")
	}
	if size.Now.IsZero() {
		size.Now = time.Now()
	}
	rng := rand.New(rand.NewPCG(size.Seed, 0x5eed))
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

	// Markets, created over days 100 to 10 before now; one in ten has
	// ended, the rest run until after now. Two options, or three for one
	// in seven.
	type seedMarket struct {
		address string
		options []string
		weights []float64
		created int64
		creator int
		volume  *big.Int
		traders map[int]struct{}
		trades  int
		hot     float64
	}
	markets := make([]*seedMarket, size.Markets)
	for j := range markets {
		m := &seedMarket{address: out.Markets[j], created: now - 100*day + int64(j)*(90*day)/int64(size.Markets),
			creator: j % size.Users, volume: new(big.Int), traders: map[int]struct{}{}}
		m.options = out.Options[m.address]
		for range m.options {
			m.weights = append(m.weights, 1)
		}
		markets[j] = m
	}
	prices := func(m *seedMarket) []int64 {
		var sum float64
		for _, w := range m.weights {
			sum += w
		}
		p := make([]int64, len(m.weights))
		for i, w := range m.weights {
			p[i] = int64(w / sum * 1e6)
		}
		return p
	}

	// Trades, one per block, evenly over the 90 days before now, on
	// markets already created (favouring older ones: a few markets get
	// most of the trading).
	type holding struct{ amount, cost, realized int64 }
	holdings := map[[2]int]*holding{} // (user, market·4+option)
	trades := make([]seedTrade, size.Trades)
	created := 0
	for k := range trades {
		at := now - 90*day + int64(k)*(90*day)/int64(max(size.Trades, 1))
		for created < len(markets) && markets[created].created <= at {
			created++
		}
		j := min(int(math.Pow(rng.Float64(), 2)*float64(max(created, 1))), len(markets)-1)
		m := markets[j]
		u := rng.IntN(size.Users)
		o := rng.IntN(len(m.options))
		key := [2]int{u, j*4 + o}
		h := holdings[key]
		if h == nil {
			h = &holding{}
			holdings[key] = h
		}
		p := prices(m)[o]
		t := seedTrade{market: j, option: j*4 + o, optionIndex: o, user: u, at: at, side: predict.SideBuy}
		if h.amount > 0 && rng.IntN(10) < 3 {
			t.side = predict.SideSell
			t.tokens = max(h.amount/2, 1)
			gross := t.tokens * p / 1e6
			t.fee = gross / 50
			t.base = gross - t.fee
			removed := h.cost * t.tokens / h.amount
			h.amount -= t.tokens
			h.cost -= removed
			h.realized += t.base - removed
			m.weights[o] = math.Max(m.weights[o]*0.97, 0.05)
		} else {
			t.base = (1 + rng.Int64N(200)) * 1_000000
			t.fee = t.base / 50
			t.tokens = (t.base - t.fee) * 1e6 / max(p, 1)
			h.amount += t.tokens
			h.cost += t.base
			m.weights[o] = math.Min(m.weights[o]*1.03, 20)
		}
		t.price = prices(m)
		m.volume.Add(m.volume, big.NewInt(t.base))
		m.traders[u] = struct{}{}
		m.trades++
		m.hot = float64(at-now+90*day) / float64(day)
		trades[k] = t
	}

	micro := func(x int64) string { return new(big.Int).Mul(big.NewInt(x), big.NewInt(1e12)).String() }
	if err := copyTable("markets", []string{"address", "title", "description", "rules", "status", "base_token", "category_id",
		"fee_bps", "volume", "liquidity", "lp_supply", "participant_count", "trade_count", "hot_score", "start_time", "end_time",
		"creator_uid", "created_at", "updated_at", "collected_fees", "pool_block"}, len(markets), func(j int) []any {
		m := markets[j]
		status, end := string(predict.StatusRunning), now+30*day+int64(j)*day/10
		if j%10 == 9 {
			status, end = string(predict.StatusEnded), m.created+5*day
		}
		return []any{m.address, fmt.Sprintf("Seed market %d: will event %d happen?", j, j), "Synthetic market for load tests.",
			"Resolved by the seed.", status, out.BaseToken, fmt.Sprintf("cat%d", j%8), int64(200), m.volume.String(),
			"1000000000", "1000000000", int64(len(m.traders)), int64(m.trades), m.hot, m.created, end,
			out.UIDs[m.creator], m.created, m.created, "0", int64(0)}
	}); err != nil {
		return nil, err
	}
	type optionRow struct {
		market, idx int
	}
	var optionRows []optionRow
	for j, m := range markets {
		for k := range m.options {
			optionRows = append(optionRows, optionRow{j, k})
		}
	}
	if err := copyTable("market_options", []string{"market", "idx", "address", "title", "pool_balance", "price", "volume", "holders_count"},
		len(optionRows), func(i int) []any {
			r := optionRows[i]
			m := markets[r.market]
			return []any{m.address, int64(r.idx), m.options[r.idx], fmt.Sprintf("Option %c", 'A'+r.idx), "1000000000",
				micro(prices(m)[r.idx]), "0", int64(0)}
		}); err != nil {
		return nil, err
	}
	// Ended markets settle on their first option.
	for j, m := range markets {
		if j%10 == 9 {
			if err := db.write(ctx, func(t *tx) error {
				_, err := t.exec(ctx, `UPDATE markets SET winning_option = ?, settled_at = ? WHERE address = ?`, m.options[0], m.created+5*day, m.address)
				return err
			}); err != nil {
				return nil, fmt.Errorf("seed settlement: %w", err)
			}
		}
	}
	if err := copyTable("market_tags", []string{"market", "tag", "pos"}, 2*len(markets), func(i int) []any {
		return []any{markets[i/2].address, fmt.Sprintf("tag%d", (i/2+i%2*17)%50), int64(i % 2)}
	}); err != nil {
		return nil, err
	}

	hash := func(kind, i int) string { return fmt.Sprintf("0x%08x%056x", kind, i) }
	if err := copyTable("trades", []string{"market", "option_address", "option_index", "uid", "account", "side", "base_amount",
		"token_amount", "fee", "avg_price", "tx_hash", "op_hash", "block_number", "block_hash", "log_index", "created_at", "balances"},
		len(trades), func(k int) []any {
			t := trades[k]
			m := markets[t.market]
			return []any{m.address, m.options[t.optionIndex], int64(t.optionIndex), out.UIDs[t.user], out.Accounts[t.user], int64(t.side),
				fmt.Sprint(t.base), fmt.Sprint(t.tokens), fmt.Sprint(t.fee), micro(t.base * 1e6 / max(t.tokens, 1)),
				hash(0x7a, k), hash(0x0b, k), int64(1000 + k), hash(0xb1, k), int64(0), t.at, ""}
		}); err != nil {
		return nil, err
	}
	type pointRow struct{ trade, option int }
	var points []pointRow
	for k, t := range trades {
		for o := range t.price {
			points = append(points, pointRow{k, o})
		}
	}
	if err := copyTable("price_points", []string{"market", "option_address", "price", "block_number", "created_at"}, len(points),
		func(i int) []any {
			p := points[i]
			t := trades[p.trade]
			m := markets[t.market]
			return []any{m.address, m.options[p.option], micro(t.price[p.option]), int64(1000 + p.trade), t.at}
		}); err != nil {
		return nil, err
	}

	if err := db.write(ctx, func(t *tx) error { return rollUpPrices(ctx, t, 0) }); err != nil {
		return nil, fmt.Errorf("seed price_hourly: %w", err)
	}

	// Positions and the option-token balances behind them; every user
	// also holds some base tokens.
	type posRow struct {
		key [2]int
		h   *holding
	}
	var positions []posRow
	for k, h := range holdings {
		positions = append(positions, posRow{k, h})
	}
	if err := copyTable("positions", []string{"account", "market", "option_address", "amount", "cost_basis", "realized_pnl", "updated_at"},
		len(positions), func(i int) []any {
			p := positions[i]
			m := markets[p.key[1]/4]
			return []any{out.Accounts[p.key[0]], m.address, m.options[p.key[1]%4], fmt.Sprint(p.h.amount), fmt.Sprint(p.h.cost),
				fmt.Sprint(p.h.realized), now}
		}); err != nil {
		return nil, err
	}
	if err := copyTable("token_balances", []string{"account", "token", "amount", "block_number", "updated_at"},
		len(positions)+size.Users, func(i int) []any {
			if i < size.Users {
				return []any{out.Accounts[i], out.BaseToken, fmt.Sprint(rng.Int64N(10_000) * 1_000000), int64(1000), now}
			}
			p := positions[i-size.Users]
			return []any{out.Accounts[p.key[0]], markets[p.key[1]/4].options[p.key[1]%4], fmt.Sprint(p.h.amount), int64(1000), now}
		}); err != nil {
		return nil, err
	}
	if err := copyTable("liquidity_positions", []string{"account", "market", "lp_amount", "deposited", "withdrawn", "fees_withdrawn",
		"returned_value", "updated_at"}, len(markets), func(j int) []any {
		return []any{out.Accounts[markets[j].creator], markets[j].address, "1000000000", "1000000000", "0", "0", "0", markets[j].created}
	}); err != nil {
		return nil, err
	}

	// Social: follows, snapshots, posts, comments, notifications.
	if err := copyTable("follows", []string{"uid", "market", "created_at"}, size.Users, func(i int) []any {
		return []any{out.UIDs[i], markets[(i*7)%len(markets)].address, now}
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
			return []any{int64(i + 1), uuid.NewString(), markets[i%len(markets)].address, out.UIDs[(i*13)%size.Users],
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
		return []any{int64(i + 1), uuid.NewString(), markets[post%len(markets)].address, int64(post + 1), parent, parent, out.UIDs[(i*31)%size.Users],
			fmt.Sprintf("Comment %d", i), false, false, at, at}
	}); err != nil {
		return nil, err
	}
	const notesPerUser = 5
	if err := copyTable("notifications", []string{"uuid", "uid", "kind", "type", "category", "payload", "read_at", "created_at"}, size.Users*notesPerUser,
		func(i int) []any {
			u, w := i/notesPerUser, i%notesPerUser
			data := map[string]string{"opHash": hash(0x0b, i), "status": "confirmed", "action": "buy",
				"marketAddress": markets[(u+w)%len(markets)].address}
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
	return nil
}
