package store

import (
	"context"
	"database/sql"
	"fmt"
	"math/big"
	"strings"
	"time"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/internal/accounting"
)

// Defaults of the market list when the filter leaves them zero.
const (
	DefaultPageSize = 20
)

const marketColumns = `m.address, m.title, m.description, m.rules, m.status, m.base_token, m.category_id,
	m.image_url, m.fee_bps, m.volume, m.liquidity, m.participant_count, m.hot_score,
	m.start_time, m.end_time, m.created_at, m.winning_option, m.creator_uid, c.name, c.avatar_url,
	m.challenge_window, m.bond, m.dispute_fee_bps, m.void`

const marketFrom = ` FROM markets m LEFT JOIN users c ON c.uid = m.creator_uid`

func scanMarket(row interface{ Scan(...any) error }) (*predict.Market, error) {
	var (
		m                                               predict.Market
		status, volume, liquidity                       string
		start, end, created, window                     int64
		winning, creatorUID, creatorName, creatorAvatar sql.NullString
		bond                                            string
	)
	err := row.Scan(&m.Address, &m.Title, &m.Description, &m.Rules, &status, &m.BaseToken, &m.CategoryID,
		&m.ImageURL, &m.FeeBps, &volume, &liquidity, &m.ParticipantCount, &m.HotScore,
		&start, &end, &created, &winning, &creatorUID, &creatorName, &creatorAvatar,
		&window, &bond, &m.Resolution.DisputeFeeBps, &m.Void)
	if err != nil {
		return nil, err
	}
	m.Status = predict.MarketStatus(status)
	if m.Volume, err = parseAmount(volume); err != nil {
		return nil, err
	}
	if m.Liquidity, err = parseAmount(liquidity); err != nil {
		return nil, err
	}
	if m.Resolution.Bond, err = parseAmount(bond); err != nil {
		return nil, err
	}
	m.Resolution.ChallengeWindow = time.Duration(window) * time.Second
	m.StartTime, m.EndTime, m.CreatedAt = fromMillis(start), fromMillis(end), fromMillis(created)
	m.WinningOption = winning.String
	m.Creator = predict.Creator{UID: creatorUID.String, Name: creatorName.String, AvatarURL: creatorAvatar.String}
	m.Tags = []string{}
	m.Options = []predict.Option{}
	return &m, nil
}

// ListMarkets returns one page of the markets matching f and the number of
// all matching markets. A zero Page is 1 and a zero PageSize is
// DefaultPageSize; a zero Now is the current time. HotWords match
// case-insensitively as substrings (ASCII case folding only on SQLite).
// Sorts: hot (hot score, then volume, then newest), newest (the default),
// ending_soon (markets not yet ended first, each group by end time
// ascending), volume; every sort ends with the address, so pages are
// stable. The markets carry their options and tags.
func (db *DB) ListMarkets(ctx context.Context, f predict.MarketFilter) ([]*predict.Market, int, error) {
	if f.Page < 0 || f.PageSize < 0 {
		return nil, 0, predict.Errorf(predict.EINVALID, "page and page size must not be negative")
	}
	page, size := max(f.Page, 1), f.PageSize
	if size == 0 {
		size = DefaultPageSize
	}
	now := f.Now
	if now.IsZero() {
		now = time.Now()
	}
	nowMS := now.UnixMilli()

	var (
		where []string
		args  []any
	)
	if f.Tag != "" {
		where = append(where, `EXISTS (SELECT 1 FROM market_tags t WHERE t.market = m.address AND t.tag = ?)`)
		args = append(args, f.Tag)
	}
	if f.Status != "" {
		if !f.Status.Valid() {
			return nil, 0, predict.Errorf(predict.EINVALID, "unknown market status %q", f.Status)
		}
		where = append(where, `m.status = ?`)
		args = append(args, string(f.Status))
	}
	if f.CategoryID != "" {
		where = append(where, `m.category_id = ?`)
		args = append(args, f.CategoryID)
	}
	if f.BaseToken != "" {
		where = append(where, `m.base_token = ?`)
		args = append(args, strings.ToLower(f.BaseToken))
	}
	if f.FollowedBy != "" {
		where = append(where, `EXISTS (SELECT 1 FROM follows fo WHERE fo.market = m.address AND fo.uid = ?)`)
		args = append(args, f.FollowedBy)
	}
	if f.NewMarket {
		where = append(where, `m.created_at >= ?`)
		args = append(args, now.Add(-predict.NewMarketWindow).UnixMilli())
	}
	if f.SoonExpired {
		where = append(where, `m.status = ? AND m.end_time > ? AND m.end_time <= ?`)
		args = append(args, string(predict.StatusRunning), nowMS, now.Add(predict.SoonExpiredWindow).UnixMilli())
	}
	for _, w := range f.HotWords {
		w = strings.TrimSpace(w)
		if w == "" {
			continue
		}
		where = append(where, `(lower(m.title) LIKE lower(?) ESCAPE '\'
			OR lower(m.description) LIKE lower(?) ESCAPE '\'
			OR EXISTS (SELECT 1 FROM market_tags t WHERE t.market = m.address AND lower(t.tag) LIKE lower(?) ESCAPE '\'))`)
		p := "%" + escapeLike(w) + "%"
		args = append(args, p, p, p)
	}
	whereSQL := ""
	if len(where) > 0 {
		whereSQL = " WHERE " + strings.Join(where, " AND ")
	}

	var order string
	switch f.SortType {
	case predict.SortHot:
		order = `m.hot_score DESC, length(m.volume) DESC, m.volume DESC, m.created_at DESC, m.address`
	case predict.SortNewest, "":
		order = `m.created_at DESC, m.address`
	case predict.SortEndingSoon:
		// Two ranges of the (end_time, address) index, read one after
		// the other below: an ORDER BY on "ended or not" would sort
		// every matching market for each page.
		order = `m.end_time, m.address`
	case predict.SortVolume:
		order = `length(m.volume) DESC, m.volume DESC, m.address`
	default:
		return nil, 0, predict.Errorf(predict.EINVALID, "unknown sort type %q", f.SortType)
	}

	var (
		markets = []*predict.Market{}
		total   int
	)
	err := db.read(ctx, func(t *tx) error {
		if err := t.queryRow(ctx, `SELECT COUNT(*) FROM markets m`+whereSQL, args...).Scan(&total); err != nil {
			return err
		}
		offset := int64(page-1) * int64(size)
		if offset >= int64(total) {
			return nil
		}
		read := func(where string, wargs []any, limit, offset int64) error {
			q := `SELECT ` + marketColumns + marketFrom + where + ` ORDER BY ` + order + ` LIMIT ? OFFSET ?`
			return eachRow(ctx, t, q, append(append([]any{}, wargs...), limit, offset), func(rows *sql.Rows) error {
				m, err := scanMarket(rows)
				if err != nil {
					return err
				}
				markets = append(markets, m)
				return nil
			})
		}
		if f.SortType != predict.SortEndingSoon {
			if err := read(whereSQL, args, int64(size), offset); err != nil {
				return err
			}
		} else {
			// Markets not yet past their end first, then the others,
			// each by end time.
			and := " WHERE "
			if whereSQL != "" {
				and = whereSQL + " AND "
			}
			var upcoming int64
			if err := t.queryRow(ctx, `SELECT COUNT(*) FROM markets m`+and+`m.end_time > ?`, append(append([]any{}, args...), nowMS)...).Scan(&upcoming); err != nil {
				return err
			}
			if offset < upcoming {
				if err := read(and+`m.end_time > ?`, append(append([]any{}, args...), nowMS), int64(size), offset); err != nil {
					return err
				}
			}
			if rest := int64(size) - int64(len(markets)); rest > 0 {
				if err := read(and+`m.end_time <= ?`, append(append([]any{}, args...), nowMS), rest, max(0, offset-upcoming)); err != nil {
					return err
				}
			}
		}
		if err := loadOptions(ctx, t, markets); err != nil {
			return err
		}
		return loadTags(ctx, t, markets)
	})
	if err != nil {
		return nil, 0, fmt.Errorf("list markets: %w", err)
	}
	return markets, total, nil
}

// escapeLike escapes the LIKE wildcards of s for ESCAPE '\'.
func escapeLike(s string) string {
	return strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`).Replace(s)
}

// marketsIn returns the "?, ?, ..." list of an IN clause over the
// addresses of ms, the addresses as its arguments, and ms by address.
func marketsIn(ms []*predict.Market) (string, []any, map[string]*predict.Market) {
	args := make([]any, len(ms))
	byAddr := make(map[string]*predict.Market, len(ms))
	for i, m := range ms {
		args[i] = m.Address
		byAddr[m.Address] = m
	}
	return placeholders(len(ms)), args, byAddr
}

// loadOptions fills the options of ms with one query.
func loadOptions(ctx context.Context, t *tx, ms []*predict.Market) error {
	if len(ms) == 0 {
		return nil
	}
	in, args, byAddr := marketsIn(ms)
	return eachRow(ctx, t, `SELECT market, idx, address, title, price, pool_balance, volume, holders_count
		FROM market_options WHERE market IN (`+in+`) ORDER BY market, idx`, args, func(rows *sql.Rows) error {
		var err error
		var (
			market, price, pool, volume string
			o                           predict.Option
		)
		if err = rows.Scan(&market, &o.Index, &o.Address, &o.Title, &price, &pool, &volume, &o.HoldersCount); err != nil {
			return err
		}
		if o.Price, err = parseAmount(price); err != nil {
			return err
		}
		if o.PoolBalance, err = parseAmount(pool); err != nil {
			return err
		}
		if o.Volume, err = parseAmount(volume); err != nil {
			return err
		}
		if m := byAddr[market]; m != nil {
			m.Options = append(m.Options, o)
		}
		return nil
	})
}

// loadTags fills the tags of ms, in the order they were given, with one
// query.
func loadTags(ctx context.Context, t *tx, ms []*predict.Market) error {
	if len(ms) == 0 {
		return nil
	}
	in, args, byAddr := marketsIn(ms)
	return eachRow(ctx, t, `SELECT market, tag FROM market_tags WHERE market IN (`+in+`) ORDER BY market, pos, tag`, args, func(rows *sql.Rows) error {
		var market, tag string
		if err := rows.Scan(&market, &tag); err != nil {
			return err
		}
		if m := byAddr[market]; m != nil {
			m.Tags = append(m.Tags, tag)
		}
		return nil
	})
}

// MarketByAddress returns the market at address (compared lowercase) with
// its options, tags and creator; IsFollowed tells whether viewerUID (may
// be empty) follows it. ENOTFOUND if unknown.
func (db *DB) MarketByAddress(ctx context.Context, address, viewerUID string) (*predict.Market, error) {
	address = strings.ToLower(address)
	var m *predict.Market
	err := db.read(ctx, func(t *tx) (err error) {
		m, err = scanMarket(t.queryRow(ctx, `SELECT `+marketColumns+marketFrom+` WHERE m.address = ?`, address))
		if err != nil {
			return notFound(err, "market %s not found", address)
		}
		ms := []*predict.Market{m}
		if err := loadOptions(ctx, t, ms); err != nil {
			return err
		}
		if err := loadTags(ctx, t, ms); err != nil {
			return err
		}
		if viewerUID != "" {
			var n int
			if err := t.queryRow(ctx, `SELECT COUNT(*) FROM follows WHERE uid = ? AND market = ?`,
				viewerUID, address).Scan(&n); err != nil {
				return err
			}
			m.IsFollowed = n > 0
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("market by address: %w", err)
	}
	return m, nil
}

// marketExists is ENOTFOUND for an unknown market address.
func marketExists(ctx context.Context, t *tx, address string) error {
	return mustExist(ctx, t, `SELECT COUNT(*) FROM markets WHERE address = ?`, "market", address)
}

// CreateMarket records a market with its options and tags in one
// transaction. Addresses are stored lowercase; an empty Status is running,
// a zero CreatedAt is now, nil amounts are 0; the option index is its
// position in m.Options; duplicate tags are stored once. A market or option
// address already recorded is ECONFLICT; a Creator.UID that is not a user
// is EINVALID. m is not modified.
func (db *DB) CreateMarket(ctx context.Context, m *predict.Market) error {
	if err := db.createMarket(ctx, m); err != nil {
		return fmt.Errorf("create market: %w", err)
	}
	return nil
}

func (db *DB) createMarket(ctx context.Context, m *predict.Market) error {
	address := strings.ToLower(m.Address)
	if address == "" {
		return predict.Errorf(predict.EINVALID, "market address is required")
	}
	status := m.Status
	if status == "" {
		status = predict.StatusRunning
	}
	if !status.Valid() {
		return predict.Errorf(predict.EINVALID, "unknown market status %q", status)
	}
	amounts, err := amountTexts(m.Volume, m.Liquidity)
	if err != nil {
		return err
	}
	volume, liquidity := amounts[0], amounts[1]
	type option struct{ address, title, price, pool, volume string }
	opts := make([]option, len(m.Options))
	for i, o := range m.Options {
		opts[i] = option{address: strings.ToLower(o.Address), title: o.Title}
		if opts[i].address == "" {
			return predict.Errorf(predict.EINVALID, "option %d: address is required", i)
		}
		if opts[i].price, err = amountText(o.Price); err != nil {
			return err
		}
		if opts[i].pool, err = amountText(o.PoolBalance); err != nil {
			return err
		}
		if opts[i].volume, err = amountText(o.Volume); err != nil {
			return err
		}
	}
	now := time.Now().UnixMilli()
	created := millis(m.CreatedAt)
	if created == 0 {
		created = now
	}

	return db.write(ctx, func(t *tx) error {
		_, err := t.exec(ctx, `INSERT INTO markets (address, title, description, rules, status, base_token,
			category_id, image_url, fee_bps, volume, liquidity, participant_count, hot_score,
			start_time, end_time, creator_uid, created_at, updated_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			address, m.Title, m.Description, m.Rules, string(status), strings.ToLower(m.BaseToken),
			m.CategoryID, m.ImageURL, m.FeeBps, volume, liquidity, m.ParticipantCount, m.HotScore,
			millis(m.StartTime), millis(m.EndTime), nullString(m.Creator.UID), created, now)
		switch {
		case db.dialect.uniqueViolation(err):
			return predict.Errorf(predict.ECONFLICT, "market %s already exists", address)
		case db.dialect.foreignKeyViolation(err):
			return predict.Errorf(predict.EINVALID, "creator %s is not a user", m.Creator.UID)
		case err != nil:
			return err
		}
		for i, o := range opts {
			_, err := t.exec(ctx, `INSERT INTO market_options
				(market, idx, address, title, pool_balance, price, volume, holders_count)
				VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
				address, i, o.address, o.title, o.pool, o.price, o.volume, m.Options[i].HoldersCount)
			if db.dialect.uniqueViolation(err) {
				return predict.Errorf(predict.ECONFLICT, "option %s already exists", o.address)
			} else if err != nil {
				return err
			}
		}
		for i, tag := range m.Tags {
			if tag == "" {
				continue
			}
			if _, err := t.exec(ctx, `INSERT INTO market_tags (market, tag, pos) VALUES (?, ?, ?)
				ON CONFLICT (market, tag) DO NOTHING`, address, tag, i); err != nil {
				return err
			}
		}
		if m.WinningOption != "" {
			_, err := t.exec(ctx, `UPDATE markets SET winning_option = ? WHERE address = ?`,
				strings.ToLower(m.WinningOption), address)
			if db.dialect.foreignKeyViolation(err) {
				return predict.Errorf(predict.EINVALID, "winning option %s is not an option of the market", m.WinningOption)
			}
			return err
		}
		return nil
	})
}

// Categories lists the category ids of the markets with their number of
// markets, most used first, then by name. Markets without a category are
// not counted.
func (db *DB) Categories(ctx context.Context) ([]predict.Count, error) {
	cs, err := db.counts(ctx, `SELECT category_id, COUNT(*) FROM markets WHERE category_id <> ''
		GROUP BY category_id ORDER BY COUNT(*) DESC, category_id`)
	if err != nil {
		return nil, fmt.Errorf("categories: %w", err)
	}
	return cs, nil
}

// Tags lists the tags of the markets with their number of markets, most
// used first, then by name.
func (db *DB) Tags(ctx context.Context) ([]predict.Count, error) {
	cs, err := db.counts(ctx, `SELECT tag, COUNT(*) FROM market_tags GROUP BY tag ORDER BY COUNT(*) DESC, tag`)
	if err != nil {
		return nil, fmt.Errorf("tags: %w", err)
	}
	return cs, nil
}

func (db *DB) counts(ctx context.Context, query string) ([]predict.Count, error) {
	return readValue(ctx, db, func(t *tx) ([]predict.Count, error) {
		return listRows(ctx, t, query, nil, func(r row) (c predict.Count, err error) {
			return c, r.Scan(&c.Name, &c.Count)
		})
	})
}

// Resolution returns the settlement state of a market. Once ended it is
// the confirmed settlement; while settling it is the settle-market
// operation under way (its source, note, user and submission time).
func (db *DB) Resolution(ctx context.Context, market string) (*predict.Resolution, error) {
	market = strings.ToLower(market)
	r := &predict.Resolution{Market: market, WinningIndex: -1}
	err := db.read(ctx, func(t *tx) error {
		var (
			status                                         string
			winning, resolver, resolverUID, opHash, txHash sql.NullString
			claimed, supply                                sql.NullString
			settledAt, settledBlock                        sql.NullInt64
		)
		err := t.queryRow(ctx, `SELECT status, winning_option, resolver_address, resolver_uid, resolve_op_hash, settle_tx_hash,
			settled_at, settled_block, resolution_source, resolution_note, claimed_amount FROM markets WHERE address = ?`, market).
			Scan(&status, &winning, &resolver, &resolverUID, &opHash, &txHash, &settledAt, &settledBlock, &r.Source, &r.Note, &claimed)
		if err != nil {
			return notFound(err, "market %s not found", market)
		}
		r.Status, r.WinningOption, r.Resolver = predict.MarketStatus(status), winning.String, resolver.String
		r.ResolverUID, r.OpHash, r.TxHash = resolverUID.String, opHash.String, txHash.String
		r.SettledAt, r.Block = fromMillis(settledAt.Int64), uint64(settledBlock.Int64)
		if r.Claimed, err = parseCounted(claimed); err != nil {
			return err
		}
		if r.Claimed == nil {
			if r.Claimed, err = countClaimed(ctx, t, market); err != nil {
				return err
			}
		}
		var (
			window int64
			bond   string
		)
		if err := t.queryRow(ctx, `SELECT challenge_window, bond, dispute_fee_bps, void FROM markets WHERE address = ?`, market).
			Scan(&window, &bond, &r.DisputeFeeBps, &r.Void); err != nil {
			return err
		}
		r.ChallengeWindow = time.Duration(window) * time.Second
		if r.Bond, err = parseAmount(bond); err != nil {
			return err
		}
		if err := resolutionSteps(ctx, t, r); err != nil {
			return err
		}
		r.Unclaimed = new(big.Int)
		if r.Void {
			if r.Unclaimed, err = voidUnclaimed(ctx, t, market); err != nil {
				return err
			}
		}
		if winning.Valid {
			if err := t.queryRow(ctx, `SELECT idx, title, supply FROM market_options WHERE address = ?`, winning.String).
				Scan(&r.WinningIndex, &r.WinningTitle, &supply); err != nil {
				return err
			}
			if r.Unclaimed, err = parseCounted(supply); err != nil {
				return err
			}
			if r.Unclaimed == nil {
				if r.Unclaimed, err = countSupply(ctx, t, winning.String); err != nil {
					return err
				}
			}
		}
		if err := resolverName(ctx, t, r); err != nil {
			return err
		}
		// The operation: the one that settled it, or the latest still
		// under way.
		q := `SELECT op_hash, uid, request, created_at FROM operations WHERE market = ? AND action = ?`
		args := []any{market, predict.KindSettleMarket}
		if r.Status == predict.StatusEnded {
			if r.OpHash == "" {
				return nil
			}
			q += ` AND op_hash = ?`
			args = append(args, r.OpHash)
		} else {
			q += ` AND status IN ('pending', 'submitted') ORDER BY created_at DESC LIMIT 1`
		}
		var (
			hash, uid, request string
			created            int64
		)
		err = t.queryRow(ctx, q, args...).Scan(&hash, &uid, &request, &created)
		if ok, err := rowFound(err); !ok {
			return err
		}
		r.SubmittedAt = fromMillis(created)
		if r.Status != predict.StatusEnded {
			r.OpHash, r.ResolverUID = hash, uid
			if req, ok := predict.ParseSettleMarketRequest([]byte(request)); ok {
				r.Source, r.Note = req.ResolutionSource, req.ResolutionNote
			}
			return resolverName(ctx, t, r)
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("resolution: %w", err)
	}
	return r, nil
}

// resolutionSteps fills the assertion, dispute and arbitration of r's
// market from its resolution_events.
func resolutionSteps(ctx context.Context, t *tx, r *predict.Resolution) error {
	titles := map[int][2]string{}
	err := eachRow(ctx, t, `SELECT idx, address, title FROM market_options WHERE market = ?`, []any{r.Market},
		func(rows *sql.Rows) error {
			var (
				idx         int
				addr, title string
			)
			if err := rows.Scan(&idx, &addr, &title); err != nil {
				return err
			}
			titles[idx] = [2]string{addr, title}
			return nil
		})
	if err != nil {
		return err
	}
	return eachRow(ctx, t, `SELECT kind, outcome, account, uid, amount, challenge_end, tx_hash, created_at FROM resolution_events
		WHERE market = ? AND kind IN (?, ?, ?) ORDER BY block_number, log_index`,
		[]any{r.Market, accounting.ResolutionAsserted, accounting.ResolutionDisputed, accounting.ResolutionArbitrated},
		func(rows *sql.Rows) error {
			var (
				kind, account, amount, txHash string
				uid                           sql.NullString
				outcome, challengeEnd         sql.NullInt64
				created                       int64
			)
			if err := rows.Scan(&kind, &outcome, &account, &uid, &amount, &challengeEnd, &txHash, &created); err != nil {
				return err
			}
			x, err := parseAmount(amount)
			if err != nil {
				return err
			}
			void := outcome.Int64 == predict.VoidOutcome
			option := titles[int(outcome.Int64)]
			if void {
				option = [2]string{}
			}
			switch kind {
			case accounting.ResolutionAsserted:
				r.Assertion = &predict.Assertion{Void: void, Option: option[0], OptionTitle: option[1], AsserterUID: uid.String,
					Asserter: account, Bond: x, At: fromMillis(created), ChallengeEnd: fromMillis(challengeEnd.Int64), TxHash: txHash}
			case accounting.ResolutionDisputed:
				r.Dispute = &predict.Dispute{DisputerUID: uid.String, Disputer: account, Bond: x, At: fromMillis(created),
					TxHash: txHash}
			case accounting.ResolutionArbitrated:
				a := &predict.Arbitration{Arbitrator: account, Void: void, Option: option[0], OptionTitle: option[1],
					At: fromMillis(created), TxHash: txHash}
				if r.Assertion != nil {
					a.Upheld = a.Void == r.Assertion.Void && a.Option == r.Assertion.Option
				}
				r.Arbitration = a
			}
			return nil
		})
}

// voidUnclaimed is what the option tokens of a void market still held
// would pay (accounting.VoidPayout of the options' supplies).
func voidUnclaimed(ctx context.Context, t *tx, market string) (*big.Int, error) {
	var supplies []*big.Int
	err := eachRow(ctx, t, `SELECT address, supply FROM market_options WHERE market = ?`, []any{market}, func(rows *sql.Rows) error {
		var (
			addr   string
			supply sql.NullString
		)
		if err := rows.Scan(&addr, &supply); err != nil {
			return err
		}
		x, err := parseCounted(supply)
		if err != nil {
			return err
		}
		if x == nil {
			if x, err = countSupply(ctx, t, addr); err != nil {
				return err
			}
		}
		supplies = append(supplies, x)
		return nil
	})
	if err != nil {
		return nil, err
	}
	return accounting.VoidPayout(supplies), nil
}

// resolverName fills the name of r's resolver; "" for none.
func resolverName(ctx context.Context, t *tx, r *predict.Resolution) error {
	r.ResolverName = ""
	if r.ResolverUID == "" {
		return nil
	}
	// A user no longer there leaves the name empty.
	_, err := rowFound(t.queryRow(ctx, `SELECT COALESCE(name, '') FROM users WHERE uid = ?`, r.ResolverUID).Scan(&r.ResolverName))
	return err
}

// MarketActivity sums the trades since a time by market. Amounts are
// summed exactly in Go: the columns are decimal text.
func (db *DB) MarketActivity(ctx context.Context, since time.Time) ([]predict.MarketActivity, error) {
	type acc struct {
		a       predict.MarketActivity
		traders map[string]struct{}
	}
	byMarket := map[string]*acc{}
	var order []string
	err := db.read(ctx, func(t *tx) error {
		return eachRow(ctx, t, `SELECT t.market, m.base_token, t.account, t.base_amount FROM trades t
			JOIN markets m ON m.address = t.market WHERE t.created_at >= ?`, []any{millis(since)}, func(rows *sql.Rows) error {
			var market, token, account, base string
			if err := rows.Scan(&market, &token, &account, &base); err != nil {
				return err
			}
			amount, err := parseAmount(base)
			if err != nil {
				return err
			}
			a := byMarket[market]
			if a == nil {
				a = &acc{a: predict.MarketActivity{Market: market, BaseToken: token, Volume: new(big.Int)}, traders: map[string]struct{}{}}
				byMarket[market] = a
				order = append(order, market)
			}
			a.a.Trades++
			a.a.Volume.Add(a.a.Volume, amount)
			a.traders[account] = struct{}{}
			return nil
		})
	})
	if err != nil {
		return nil, fmt.Errorf("market activity: %w", err)
	}
	out := make([]predict.MarketActivity, len(order))
	for i, m := range order {
		a := byMarket[m]
		a.a.Traders = len(a.traders)
		out[i] = a.a
	}
	return out, nil
}

// RecentTrades returns the trades since a time of one market, or of
// every market when market is "": what the hot ranking keeps of the last
// 24 hours, re-read for a market when an event says it changed.
func (db *DB) RecentTrades(ctx context.Context, market string, since time.Time) ([]predict.TradeTick, error) {
	q, args := `SELECT market, account, created_at, base_amount FROM trades WHERE created_at >= ?`, []any{millis(since)}
	if market != "" {
		q, args = `SELECT market, account, created_at, base_amount FROM trades WHERE market = ? AND created_at >= ?`,
			[]any{strings.ToLower(market), millis(since)}
	}
	return readValue(ctx, db, func(t *tx) ([]predict.TradeTick, error) {
		return scanRows(ctx, t, q, args, func(r row) (predict.TradeTick, error) {
			var (
				tt      predict.TradeTick
				created int64
				base    string
			)
			if err := r.Scan(&tt.Market, &tt.Account, &created, &base); err != nil {
				return tt, err
			}
			tt.Time = fromMillis(created)
			var err error
			tt.Base, err = parseAmount(base)
			return tt, err
		})
	})
}

// MarketsByHotScore lists the markets of a status (address, base token, hot score) in the
// order of the hot sort of ListMarkets.
func (db *DB) MarketsByHotScore(ctx context.Context, status predict.MarketStatus) ([]predict.MarketKey, error) {
	if !status.Valid() {
		return nil, predict.Errorf(predict.EINVALID, "unknown market status %q", status)
	}
	out, err := readValue(ctx, db, func(t *tx) ([]predict.MarketKey, error) {
		return listRows(ctx, t, `SELECT m.address, m.base_token, m.hot_score FROM markets m WHERE m.status = ? ORDER BY m.hot_score DESC,
			length(m.volume) DESC, m.volume DESC, m.created_at DESC, m.address`, []any{string(status)}, func(r row) (k predict.MarketKey, err error) {
			return k, r.Scan(&k.Address, &k.BaseToken, &k.Hot)
		})
	})
	if err != nil {
		return nil, fmt.Errorf("markets by hot score: %w", err)
	}
	return out, nil
}

// MarketsByAddress loads markets in the order of addresses.
func (db *DB) MarketsByAddress(ctx context.Context, addresses []string) ([]*predict.Market, error) {
	out := []*predict.Market{}
	if len(addresses) == 0 {
		return out, nil
	}
	args := lowerArgs(addresses)
	byAddr := map[string]*predict.Market{}
	err := db.read(ctx, func(t *tx) error {
		list, err := scanRows(ctx, t, `SELECT `+marketColumns+marketFrom+` WHERE m.address IN (`+placeholders(len(args))+`)`, args, scanMarket)
		if err != nil {
			return err
		}
		for _, m := range list {
			byAddr[m.Address] = m
		}
		if err := loadOptions(ctx, t, list); err != nil {
			return err
		}
		return loadTags(ctx, t, list)
	})
	if err != nil {
		return nil, fmt.Errorf("markets by address: %w", err)
	}
	for _, a := range args {
		if m := byAddr[a.(string)]; m != nil {
			out = append(out, m)
		}
	}
	return out, nil
}

// BaseTokens lists the distinct base tokens of the markets.
func (db *DB) BaseTokens(ctx context.Context) ([]string, error) {
	out, err := readValue(ctx, db, func(t *tx) ([]string, error) {
		return listRows(ctx, t, `SELECT DISTINCT base_token FROM markets ORDER BY base_token`, nil, scanString)
	})
	if err != nil {
		return nil, fmt.Errorf("base tokens: %w", err)
	}
	return out, nil
}
