package store

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"time"

	"github.com/predict-dev/predict"
)

// Defaults of the market list when the filter leaves them zero.
const (
	DefaultPageSize = 20
)

const marketColumns = `m.address, m.title, m.description, m.rules, m.status, m.base_token, m.category_id,
	m.image_url, m.fee_bps, m.volume, m.liquidity, m.participant_count, m.hot_score,
	m.start_time, m.end_time, m.created_at, m.winning_option, m.creator_uid, c.name, c.avatar_url,
	m.challenge_window, m.bond, m.dispute_fee_bps, m.void, m.early_resolvable`

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
		&window, &bond, &m.Resolution.DisputeFeeBps, &m.Void, &m.Resolution.EarlyResolvable)
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
