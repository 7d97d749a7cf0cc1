package store

import (
	"context"
	"database/sql"
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
	"github.com/predict-dev/predict/internal/ledger"
	"github.com/predict-dev/predict/internal/market/fpmm"
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
// benchmarks and load tests: users with smart accounts, markets with
// options and tags, trades with the price points they moved, positions and
// balances that add up from those trades, LP shares of the creators,
// settlements, follows, snapshots, posts, comments and notifications. The
// market history goes through the ledger as the indexer's batches do, in
// memory; it bypasses the SQL of ApplyBatch (a million trades through it
// would take minutes) and writes with COPY on PostgreSQL and batched
// inserts on SQLite. progress,
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

	// The market history is a chain history: each market's creation, its
	// trades and, for one market in ten, its settlement, as the
	// contracts would emit them (fpmm.Pool), applied through the ledger
	// like the indexer's batches; the facts and aggregates it leaves are
	// then written in bulk. Aggregates are computed one way only.
	book := newSeedBook(out)
	l := ledger.Bulk(book, book)
	apply := func(e predict.Effect) error {
		if _, err := l.Apply(e); err != nil {
			return fmt.Errorf("seed %s at block %d: %w", e.LogKind(), e.Ref().Block, err)
		}
		return nil
	}
	hash := func(kind, i int) string { return fmt.Sprintf("0x%08x%056x", kind, i) }
	ref := func(block uint64, kind, i int, at int64) predict.LogRef {
		return predict.LogRef{Block: block, BlockHash: hash(0xb1, int(block)), TxHash: hash(kind, i), Time: time.UnixMilli(at).UTC()}
	}
	liquidity := big.NewInt(1000_000000)
	type seedMarket struct {
		address string
		pool    *fpmm.Pool
		created int64
		creator int
	}
	// Markets, created over days 100 to 10 before now, one a block from
	// block 1; one in ten has ended, the rest run until after now. Two
	// options, or three for one in seven.
	markets := make([]*seedMarket, size.Markets)
	create := func(j int) error {
		m := markets[j]
		end := now + 30*day + int64(j)*day/10
		if j%10 == 9 {
			end = m.created + 5*day
		}
		pm := predict.Market{Address: m.address, Title: fmt.Sprintf("Seed market %d: will event %d happen?", j, j),
			Description: "Synthetic market for load tests.", Rules: "Resolved by the seed.", BaseToken: out.BaseToken,
			CategoryID: fmt.Sprintf("cat%d", j%8), FeeBps: 200, EndTime: time.UnixMilli(end).UTC(),
			Tags: []string{fmt.Sprintf("tag%d", j%50), fmt.Sprintf("tag%d", (j+17)%50)}}
		for k, o := range out.Options[m.address] {
			pm.Options = append(pm.Options, predict.Option{Address: o, Index: k, Title: fmt.Sprintf("Option %c", 'A'+k)})
		}
		block := uint64(j + 1)
		creator := out.Accounts[m.creator]
		for _, e := range []predict.Effect{
			&predict.MarketCreatedLog{LogRef: ref(block, 0xc7, j, m.created), Market: pm, CreatorAddress: creator, InitialLiquidity: liquidity},
			&predict.TransferLog{LogRef: ref(block, 0xc7, j, m.created), Token: m.address, From: predict.ZeroAddress, To: creator, Amount: liquidity},
			&predict.LiquidityLog{LogRef: ref(block, 0xc7, j, m.created), Market: m.address, Account: creator, Kind: predict.LiquidityAdd,
				BaseAmount: liquidity, LPAmount: liquidity, SentBack: make([]*big.Int, len(pm.Options)), Balances: copyAmounts(m.pool.Balances)},
		} {
			e.Ref().LogIndex = book.logIndex(block)
			if err := apply(e); err != nil {
				return err
			}
		}
		return nil
	}
	for j := range markets {
		pool, err := fpmm.NewPool(len(out.Options[out.Markets[j]]), 200, out.Accounts[j%size.Users], liquidity)
		if err != nil {
			return nil, err
		}
		markets[j] = &seedMarket{address: out.Markets[j], pool: pool, created: now - 100*day + int64(j)*(90*day)/int64(size.Markets),
			creator: j % size.Users}
	}

	// Trades, one per block from block 1,000,000, evenly over the 90
	// days before now, on markets already created (favouring older ones:
	// a few markets get most of the trading). A holder sells half of what
	// it holds three times in ten.
	held := map[[2]int]*big.Int{} // (user, market·4+option) → tokens
	created := 0
	for k := range size.Trades {
		at := now - 90*day + int64(k)*(90*day)/int64(max(size.Trades, 1))
		for created < len(markets) && markets[created].created <= at {
			if err := create(created); err != nil {
				return nil, err
			}
			created++
		}
		if created == 0 {
			if err := create(0); err != nil {
				return nil, err
			}
			created++
		}
		j := min(int(math.Pow(rng.Float64(), 2)*float64(created)), created-1)
		m := markets[j]
		u := rng.IntN(size.Users)
		o := rng.IntN(len(m.pool.Balances))
		key := [2]int{u, j*4 + o}
		if held[key] == nil {
			held[key] = new(big.Int)
		}
		account, option := out.Accounts[u], out.Options[m.address][o]
		block := uint64(1_000_000 + k)
		e := &predict.TradeLog{LogRef: ref(block, 0x7a, k, at), Market: m.address, Account: account, Option: o, Side: predict.SideBuy}
		e.OpHash = hash(0x0b, k)
		var move *predict.TransferLog
		if held[key].Sign() > 0 && rng.IntN(10) < 3 {
			tokens := new(big.Int).Quo(held[key], big.NewInt(2))
			tokens = bigMax(tokens, big.NewInt(1))
			q, err := m.pool.Sell(o, tokens)
			if err != nil {
				return nil, fmt.Errorf("seed sale: %w", err)
			}
			e.Side, e.BaseAmount, e.TokenAmount, e.Fee = predict.SideSell, q.BaseOut, tokens, q.Fee
			move = &predict.TransferLog{LogRef: ref(block, 0x7a, k, at), Token: option, From: account, To: predict.ZeroAddress, Amount: tokens}
			held[key].Sub(held[key], tokens)
		} else {
			base := big.NewInt((1 + rng.Int64N(200)) * 1_000000)
			q, err := m.pool.Buy(o, base)
			if err != nil {
				return nil, fmt.Errorf("seed purchase: %w", err)
			}
			e.BaseAmount, e.TokenAmount, e.Fee = base, q.TokensOut, q.Fee
			move = &predict.TransferLog{LogRef: ref(block, 0x7a, k, at), Token: option, From: predict.ZeroAddress, To: account, Amount: q.TokensOut}
			held[key].Add(held[key], q.TokensOut)
		}
		e.Balances = copyAmounts(m.pool.Balances)
		move.LogIndex, e.LogIndex = 0, 1 // the mint or burn precedes the trade
		if err := apply(move); err != nil {
			return nil, err
		}
		if err := apply(e); err != nil {
			return nil, err
		}
	}
	for j := created; j < len(markets); j++ {
		if err := create(j); err != nil {
			return nil, err
		}
	}
	// Ended markets settle on their first option.
	for j, m := range markets {
		if j%10 == 9 {
			e := &predict.SettledLog{LogRef: ref(uint64(1_000_000+size.Trades+j), 0x5e, j, m.created+5*day), Market: m.address,
				WinningOption: 0, Resolver: out.Accounts[m.creator], Source: "seed"}
			if err := apply(e); err != nil {
				return nil, err
			}
		}
	}
	changes, err := l.Changes()
	if err != nil {
		return nil, fmt.Errorf("seed: %w", err)
	}
	if err := book.write(ctx, db, changes, copyTable, now); err != nil {
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

// seedBook is the ledger's Source and Recorder for Seed: the store is
// empty, so every aggregate starts at zero and lives in the ledger; the
// facts are kept here until they are written in bulk.
type seedBook struct {
	uids      map[string]string // account → uid
	creations []seedCreation
	created   map[string]seedCreation // by address
	options   map[string]struct {
		market string
		index  int
	}
	trades  []seedTradeFact
	facts   [][]any // factRow's
	indexes map[uint64]uint
}

type seedCreation struct {
	e *predict.MarketCreatedLog
	c *ledger.Creation
}

type seedTradeFact struct {
	e           *predict.TradeLog
	option, uid string
}

func newSeedBook(out *Seeded) *seedBook {
	b := &seedBook{uids: map[string]string{}, indexes: map[uint64]uint{}, created: map[string]seedCreation{},
		options: map[string]struct {
			market string
			index  int
		}{}}
	for i, a := range out.Accounts {
		b.uids[a] = out.UIDs[i]
	}
	return b
}

// logIndex numbers the logs of a block.
func (b *seedBook) logIndex(block uint64) uint {
	i := b.indexes[block]
	b.indexes[block] = i + 1
	return i
}

// Market is a market the seed created, as its creation left it: the
// ledger asks once, after the creation, and keeps it from then on.
func (b *seedBook) Market(address string) (*ledger.Market, error) {
	if cr, ok := b.created[address]; ok {
		return ledger.NewMarket(cr.c, cr.e.Market.FeeBps, cr.e.Block), nil
	}
	return nil, nil
}

func (b *seedBook) Token(address string) (string, int, error) {
	if _, ok := b.created[address]; ok {
		return address, -1, nil
	}
	if o, ok := b.options[address]; ok {
		return o.market, o.index, nil
	}
	return "", 0, nil
}

func (b *seedBook) UID(account string) (string, error) { return b.uids[account], nil }

func (b *seedBook) Operation(string) (*ledger.Operation, error) { return nil, nil }

func (b *seedBook) Position(string, string) (*ledger.Position, error) {
	return &ledger.Position{Amount: new(big.Int), Cost: new(big.Int), Realized: new(big.Int)}, nil
}

func (b *seedBook) LP(string, string) (*ledger.LP, error) {
	return &ledger.LP{Amount: new(big.Int), Deposited: new(big.Int), Withdrawn: new(big.Int), Fees: new(big.Int),
		Returned: new(big.Int)}, nil
}

func (b *seedBook) Balance(string, string) (*ledger.Balance, error) {
	return &ledger.Balance{Amount: new(big.Int)}, nil
}

func (b *seedBook) Traded(string, string) (bool, error) { return false, nil }

func (b *seedBook) OperationFinal(*ledger.OperationOutcome) (bool, error) { return false, nil }

func (b *seedBook) MarketCreated(e *predict.MarketCreatedLog, c *ledger.Creation) error {
	b.creations = append(b.creations, seedCreation{e, c})
	b.created[c.Address] = seedCreation{e, c}
	for i, o := range c.OptionAddresses {
		b.options[o] = struct {
			market string
			index  int
		}{c.Address, i}
	}
	return nil
}

func (b *seedBook) Trade(e *predict.TradeLog, option, uid string) error {
	b.trades = append(b.trades, seedTradeFact{e, option, uid})
	return nil
}

func (b *seedBook) Fact(market string, e predict.Effect) error {
	row, err := factRow(market, e)
	b.facts = append(b.facts, row)
	return err
}

func (b *seedBook) Claim(*predict.ClaimLog, string, string) error { return nil }

// Resolution: the seed's markets settle at once (no challenge window).
func (b *seedBook) Resolution(*ledger.ResolutionFact) error { return nil }

// Transfer keeps no transfer log: the seed writes balances as aggregates.
func (b *seedBook) Transfer(*predict.TransferLog) error { return nil }

// write writes the facts and the aggregates the ledger left, every
// user's base token balance, and the hourly price roll-up.
func (b *seedBook) write(ctx context.Context, db *DB, c *ledger.Changes,
	copyTable func(table string, cols []string, n int, row func(i int) []any) error, now int64) error {
	markets := map[string]*ledger.Market{}
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
		"resolution_note", "claimed_amount"}, len(b.creations), func(i int) []any {
		// The winning option refers to an option row: set below.
		cr := b.creations[i]
		m, created := markets[cr.c.Address], millis(cr.e.Time)
		var settledAt, settledBlock any
		if m.Winner >= 0 {
			settledAt, settledBlock = m.SettledAt, int64(m.SettledBlock)
		}
		return []any{m.Address, cr.c.Title, cr.c.Description, cr.c.Rules, string(m.Status), m.BaseToken, cr.c.Category,
			cr.c.Image, int64(m.FeeBps), m.Volume.String(), m.Liquidity.String(), m.LPSupply.String(), int64(m.Participants),
			int64(m.TradeCount), m.Hot, created, millis(cr.e.Market.EndTime), nullString(cr.c.CreatorUID), cr.e.CreatorAddress,
			int64(m.CreatedBlock), created, now, m.Fees.String(), int64(m.PoolBlock), nil, nullString(m.Resolver),
			nullString(m.ResolverUID), nullString(m.SettleTx), settledAt, settledBlock, m.Source, m.Note, m.Claimed.String()}
	}); err != nil {
		return err
	}
	type optionRow struct {
		m *ledger.Market
		i int
		c *ledger.Creation
	}
	var options []optionRow
	for _, cr := range b.creations {
		for i := range cr.c.OptionAddresses {
			options = append(options, optionRow{markets[cr.c.Address], i, cr.c})
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
	for _, cr := range b.creations {
		for i, t := range cr.c.Tags {
			tags = append(tags, tagRow{cr.c.Address, t, i})
		}
	}
	if err := copyTable("market_tags", []string{"market", "tag", "pos"}, len(tags), func(i int) []any {
		return []any{tags[i].market, tags[i].tag, int64(tags[i].pos)}
	}); err != nil {
		return err
	}
	if err := copyTable("trades", []string{"market", "option_address", "option_index", "uid", "account", "side", "base_amount",
		"token_amount", "fee", "avg_price", "tx_hash", "op_hash", "block_number", "block_hash", "log_index", "created_at", "balances"},
		len(b.trades), func(k int) []any {
			t := b.trades[k]
			e := t.e
			return []any{e.Market, t.option, int64(e.Option), nullString(t.uid), e.Account, int64(e.Side), e.BaseAmount.String(),
				e.TokenAmount.String(), e.Fee.String(), predict.DivWad(e.BaseAmount, e.TokenAmount).String(), e.TxHash,
				nullString(e.OpHash), int64(e.Block), e.BlockHash, int64(e.LogIndex), millis(e.Time), joinAmounts(e.Balances)}
		}); err != nil {
		return err
	}
	if err := copyTable("chain_facts", factColumns, len(b.facts), func(i int) []any { return b.facts[i] }); err != nil {
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

func copyAmounts(xs []*big.Int) []*big.Int {
	out := make([]*big.Int, len(xs))
	for i, x := range xs {
		out[i] = new(big.Int).Set(x)
	}
	return out
}

func bigMax(a, b *big.Int) *big.Int {
	if a.Cmp(b) >= 0 {
		return a
	}
	return b
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
