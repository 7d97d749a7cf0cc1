package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"math/big"
	"strings"
	"time"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/internal/accounting"
)

// Holdings, asset snapshots and leaderboards (docs/portfolio.md).

// Holdings sums what users hold in markets of f.BaseToken: one user's
// holdings (f.UID) or every user's with an account. Amounts are decimal
// text, so the sums are made exactly in Go over streamed rows; for every
// user that is one pass over positions, LP positions, balances, open buy
// orders and trades of the token, which the leaderboard refresh pays once
// per run.
func (db *DB) Holdings(ctx context.Context, f predict.HoldingsFilter) ([]*predict.Holdings, error) {
	if f.BaseToken == "" {
		return nil, predict.Errorf(predict.EINVALID, "a base token is required")
	}
	base := strings.ToLower(f.BaseToken)
	var (
		byAccount = map[string]*predict.Holdings{}
		list      []*predict.Holdings
	)
	err := db.read(ctx, func(t *tx) error {
		userSQL, userArgs := ``, []any{}
		if f.UID != "" {
			userSQL, userArgs = ` AND uid = ?`, []any{f.UID}
		}
		err := eachRow(ctx, t, `SELECT uid, address FROM users WHERE address IS NOT NULL`+userSQL+` ORDER BY uid`, userArgs,
			func(rows *sql.Rows) error {
				h := &predict.Holdings{Balance: new(big.Int), PositionValue: new(big.Int), PositionCost: new(big.Int),
					RealizedPnL: new(big.Int), LPValue: new(big.Int), LPPnL: new(big.Int), OrdersValue: new(big.Int),
					Volumes: make([]*big.Int, len(f.VolumeSince))}
				for i := range h.Volumes {
					h.Volumes[i] = new(big.Int)
				}
				if err := rows.Scan(&h.UID, &h.Account); err != nil {
					return err
				}
				byAccount[h.Account] = h
				list = append(list, h)
				return nil
			})
		if err != nil || len(list) == 0 {
			return err
		}
		// One user: every query below narrows to the account.
		accountSQL := func(col string) (string, []any) {
			if f.UID == "" {
				return "", nil
			}
			return ` AND ` + col + ` = ?`, []any{list[0].Account}
		}

		where, args := accountSQL("account")
		err = eachRow(ctx, t, `SELECT account, amount FROM token_balances WHERE token = ?`+where, append([]any{base}, args...),
			func(rows *sql.Rows) error {
				var account, amount string
				if err := rows.Scan(&account, &amount); err != nil {
					return err
				}
				if h := byAccount[account]; h != nil {
					return addText(h.Balance, amount)
				}
				return nil
			})
		if err != nil {
			return fmt.Errorf("balances: %w", err)
		}

		where, args = accountSQL("p.account")
		err = eachRow(ctx, t, `SELECT p.account, p.amount, p.cost_basis, p.realized_pnl, o.price FROM positions p
			JOIN markets m ON m.address = p.market JOIN market_options o ON o.address = p.option_address
			WHERE m.base_token = ?`+where, append([]any{base}, args...),
			func(rows *sql.Rows) error {
				var account, amount, cost, realized, price string
				if err := rows.Scan(&account, &amount, &cost, &realized, &price); err != nil {
					return err
				}
				h := byAccount[account]
				if h == nil {
					return nil
				}
				p := predict.Position{}
				var err error
				if p.Amount, err = parseAmount(amount); err != nil {
					return err
				}
				if p.CurrentPrice, err = parseAmount(price); err != nil {
					return err
				}
				h.PositionValue.Add(h.PositionValue, p.Value())
				if err := addText(h.PositionCost, cost); err != nil {
					return err
				}
				return addText(h.RealizedPnL, realized)
			})
		if err != nil {
			return fmt.Errorf("positions: %w", err)
		}

		where, args = accountSQL("l.account")
		err = eachRow(ctx, t, `SELECT l.account, l.lp_amount, m.lp_supply, m.liquidity, l.deposited, l.withdrawn,
			l.fees_withdrawn, l.returned_value FROM liquidity_positions l JOIN markets m ON m.address = l.market
			WHERE m.base_token = ?`+where, append([]any{base}, args...),
			func(rows *sql.Rows) error {
				var (
					account string
					cols    [7]string
				)
				if err := rows.Scan(&account, &cols[0], &cols[1], &cols[2], &cols[3], &cols[4], &cols[5], &cols[6]); err != nil {
					return err
				}
				h := byAccount[account]
				if h == nil {
					return nil
				}
				var p predict.LiquidityPosition
				for i, dst := range []**big.Int{&p.LPAmount, &p.LPSupply, &p.PoolValue, &p.Deposited, &p.Withdrawn, &p.Fees, &p.ReturnedValue} {
					x, err := parseAmount(cols[i])
					if err != nil {
						return err
					}
					*dst = x
				}
				h.LPValue.Add(h.LPValue, p.ShareValue())
				h.LPPnL.Add(h.LPPnL, accounting.LPPnL(&p))
				return nil
			})
		if err != nil {
			return fmt.Errorf("liquidity: %w", err)
		}

		// What open buy orders hold in escrow left the balance without
		// entering a position. Expired orders are still open here (expiry
		// is read at query time) and hold their escrow until a cancel
		// refunds it. Sell orders' tokens stay their owner's position.
		where, args = accountSQL("o.owner")
		err = eachRow(ctx, t, `SELECT o.owner, o.remaining FROM limit_orders o JOIN markets m ON m.address = o.market
			WHERE m.base_token = ? AND o.side = ? AND o.status IN (?, ?)`+where,
			append([]any{base, predict.SideBuy, predict.OrderOpen, predict.OrderPartiallyFilled}, args...),
			func(rows *sql.Rows) error {
				var account, remaining string
				if err := rows.Scan(&account, &remaining); err != nil {
					return err
				}
				if h := byAccount[account]; h != nil {
					return addText(h.OrdersValue, remaining)
				}
				return nil
			})
		if err != nil {
			return fmt.Errorf("orders: %w", err)
		}

		if len(f.VolumeSince) == 0 {
			return nil
		}
		oldest := int64(-1)
		for _, s := range f.VolumeSince {
			if ms := millis(s); oldest < 0 || ms < oldest {
				oldest = ms
			}
		}
		where, args = accountSQL("t.account")
		return eachRow(ctx, t, `SELECT t.account, t.base_amount, t.created_at FROM trades t
			JOIN markets m ON m.address = t.market WHERE m.base_token = ? AND t.created_at >= ?`+where,
			append([]any{base, oldest}, args...),
			func(rows *sql.Rows) error {
				var (
					account, amount string
					at              int64
				)
				if err := rows.Scan(&account, &amount, &at); err != nil {
					return err
				}
				h := byAccount[account]
				if h == nil {
					return nil
				}
				x, err := parseAmount(amount)
				if err != nil {
					return err
				}
				for i, s := range f.VolumeSince {
					if at >= millis(s) {
						h.Volumes[i].Add(h.Volumes[i], x)
					}
				}
				return nil
			})
	})
	if err != nil {
		return nil, fmt.Errorf("holdings in %s: %w", base, err)
	}
	if f.UID != "" && len(list) == 0 {
		if _, err := db.UserByUID(ctx, f.UID); err != nil {
			return nil, err
		}
	}
	if list == nil {
		list = []*predict.Holdings{}
	}
	return list, nil
}

// addText adds the decimal column value s to x.
func addText(x *big.Int, s string) error {
	v, err := parseAmount(s)
	if err != nil {
		return err
	}
	x.Add(x, v)
	return nil
}

// AddAssetSnapshots records snapshots, keeping any already recorded for
// the same user, token and millisecond.
func (db *DB) AddAssetSnapshots(ctx context.Context, snaps []predict.AssetSnapshot) error {
	flat := make([]any, 0, 6*len(snaps))
	for _, s := range snaps {
		var balance any // NULL: unknown
		if s.Balance != nil {
			balance = signedText(s.Balance)
		}
		flat = append(flat, s.UID, strings.ToLower(s.BaseToken), millis(s.Time), signedText(s.Value), signedText(s.PnL), balance)
	}
	err := db.write(ctx, func(t *tx) error {
		return insertRows(ctx, t, `INSERT INTO asset_snapshots (uid, base_token, created_at, value, pnl, balance)`,
			` ON CONFLICT (uid, base_token, created_at) DO NOTHING`, 6, flat)
	})
	if err != nil {
		return fmt.Errorf("add asset snapshots: %w", err)
	}
	return nil
}

// values returns the VALUES list of rows tuples of n placeholders.
func values(rows, n int) string {
	tuple := "(" + strings.TrimSuffix(strings.Repeat("?, ", n), ", ") + ")"
	return strings.TrimSuffix(strings.Repeat(tuple+", ", rows), ", ")
}

// LatestAssetSnapshots returns every user's last snapshot of a token at or
// before at.
func (db *DB) LatestAssetSnapshots(ctx context.Context, baseToken string, at time.Time) (map[string]predict.AssetSnapshot, error) {
	base := strings.ToLower(baseToken)
	out := map[string]predict.AssetSnapshot{}
	err := db.read(ctx, func(t *tx) error {
		return eachRow(ctx, t, `SELECT s.uid, s.created_at, s.value, s.pnl, s.balance FROM asset_snapshots s JOIN (
			SELECT uid, MAX(created_at) AS last FROM asset_snapshots WHERE base_token = ? AND created_at <= ? GROUP BY uid
		) l ON l.uid = s.uid AND l.last = s.created_at WHERE s.base_token = ?`, []any{base, millis(at), base},
			func(rows *sql.Rows) error {
				s, err := scanSnapshot(rows, base)
				if err != nil {
					return err
				}
				out[s.UID] = s
				return nil
			})
	})
	if err != nil {
		return nil, fmt.Errorf("latest asset snapshots: %w", err)
	}
	return out, nil
}

func scanSnapshot(rows *sql.Rows, base string) (predict.AssetSnapshot, error) {
	var (
		s          = predict.AssetSnapshot{BaseToken: base}
		at         int64
		value, pnl string
		balance    sql.NullString
	)
	if err := rows.Scan(&s.UID, &at, &value, &pnl, &balance); err != nil {
		return s, err
	}
	if balance.Valid {
		var err error
		if s.Balance, err = parseAmount(balance.String); err != nil {
			return s, err
		}
	}
	s.Time = fromMillis(at)
	var err error
	if s.Value, err = parseAmount(value); err != nil {
		return s, err
	}
	s.PnL, err = parseAmount(pnl)
	return s, err
}

// AssetSnapshots returns the last snapshot before q.From (when there is
// one) and the last snapshot of every bucket of [q.From, q.To), oldest
// first.
func (db *DB) AssetSnapshots(ctx context.Context, q predict.SnapshotQuery) ([]predict.AssetSnapshot, error) {
	if q.UID == "" || q.BaseToken == "" || q.Bucket < time.Millisecond || !q.From.Before(q.To) {
		return nil, predict.Errorf(predict.EINVALID, "a user, a token, a bucket and a non-empty window are required")
	}
	base := strings.ToLower(q.BaseToken)
	out := []predict.AssetSnapshot{}
	add := func(rows *sql.Rows) error {
		s, err := scanSnapshot(rows, base)
		if err == nil {
			out = append(out, s)
		}
		return err
	}
	err := db.read(ctx, func(t *tx) error {
		if err := eachRow(ctx, t, `SELECT uid, created_at, value, pnl, balance FROM asset_snapshots
			WHERE uid = ? AND base_token = ? AND created_at < ? ORDER BY created_at DESC LIMIT 1`,
			[]any{q.UID, base, millis(q.From)}, add); err != nil {
			return err
		}
		return eachRow(ctx, t, `SELECT uid, created_at, value, pnl, balance FROM asset_snapshots
			WHERE uid = ? AND base_token = ? AND created_at IN (SELECT MAX(created_at) FROM asset_snapshots
				WHERE uid = ? AND base_token = ? AND created_at >= ? AND created_at < ? GROUP BY created_at / ?)
			ORDER BY created_at`, []any{q.UID, base, q.UID, base, millis(q.From), millis(q.To), q.Bucket.Milliseconds()}, add)
	})
	if err != nil {
		return nil, fmt.Errorf("asset snapshots of %s: %w", q.UID, err)
	}
	return out, nil
}

// ReplaceLeaderboard swaps a leaderboard in one transaction, so readers
// see the old or the new one, never a mix.
func (db *DB) ReplaceLeaderboard(ctx context.Context, baseToken string, period predict.LeaderboardPeriod,
	entries []predict.LeaderboardEntry, at time.Time) error {
	if !period.Valid() {
		return predict.Errorf(predict.EINVALID, "unknown leaderboard period %q", period)
	}
	base := strings.ToLower(baseToken)
	flat := make([]any, 0, 7*len(entries))
	for _, e := range entries {
		flat = append(flat, base, string(period), e.UID, signedText(e.PnL), signedText(e.Volume), e.PnLRank, e.VolumeRank)
	}
	err := db.write(ctx, func(t *tx) error {
		if _, err := t.exec(ctx, `DELETE FROM leaderboard WHERE base_token = ? AND period = ?`, base, string(period)); err != nil {
			return err
		}
		if err := insertRows(ctx, t, `INSERT INTO leaderboard (base_token, period, uid, pnl, volume, pnl_rank, volume_rank)`,
			"", 7, flat); err != nil {
			return err
		}
		_, err := t.exec(ctx, `INSERT INTO leaderboard_runs (base_token, period, computed_at, entries) VALUES (?, ?, ?, ?)
			ON CONFLICT (base_token, period) DO UPDATE SET computed_at = excluded.computed_at, entries = excluded.entries`,
			base, string(period), millis(at), len(entries))
		return err
	})
	if err != nil {
		return fmt.Errorf("replace %s leaderboard of %s: %w", period, base, err)
	}
	return nil
}

const leaderboardColumns = `l.uid, COALESCE(u.name, ''), u.avatar_url, l.pnl, l.volume, l.pnl_rank, l.volume_rank
	FROM leaderboard l JOIN users u ON u.uid = l.uid`

func scanEntry(row interface{ Scan(...any) error }) (predict.LeaderboardEntry, error) {
	var (
		e           predict.LeaderboardEntry
		pnl, volume string
	)
	if err := row.Scan(&e.UID, &e.Name, &e.AvatarURL, &pnl, &volume, &e.PnLRank, &e.VolumeRank); err != nil {
		return e, err
	}
	var err error
	if e.PnL, err = parseAmount(pnl); err != nil {
		return e, err
	}
	e.Volume, err = parseAmount(volume)
	return e, err
}

// Leaderboard returns a page of a leaderboard. Ranks are dense from 1, so
// a page is a range of ranks rather than an OFFSET.
func (db *DB) Leaderboard(ctx context.Context, f predict.LeaderboardFilter) ([]predict.LeaderboardEntry, int, time.Time, error) {
	limit, offset, err := page(f.Page, f.PageSize)
	if err != nil {
		return nil, 0, time.Time{}, err
	}
	if !f.Period.Valid() {
		return nil, 0, time.Time{}, predict.Errorf(predict.EINVALID, "unknown leaderboard period %q", f.Period)
	}
	rank := "l.pnl_rank"
	switch f.By {
	case predict.RankByPnL, "":
	case predict.RankByVolume:
		rank = "l.volume_rank"
	default:
		return nil, 0, time.Time{}, predict.Errorf(predict.EINVALID, "unknown leaderboard order %q", f.By)
	}
	base := strings.ToLower(f.BaseToken)
	var (
		out   = []predict.LeaderboardEntry{}
		total int
		at    int64
	)
	err = db.read(ctx, func(t *tx) error {
		err := t.queryRow(ctx, `SELECT computed_at, entries FROM leaderboard_runs WHERE base_token = ? AND period = ?`,
			base, string(f.Period)).Scan(&at, &total)
		if ok, err := rowFound(err); !ok {
			return err
		}
		return eachRow(ctx, t, `SELECT `+leaderboardColumns+` WHERE l.base_token = ? AND l.period = ? AND `+rank+` > ?
			ORDER BY `+rank+` LIMIT ?`, []any{base, string(f.Period), offset, limit},
			func(rows *sql.Rows) error {
				e, err := scanEntry(rows)
				if err == nil {
					out = append(out, e)
				}
				return err
			})
	})
	if err != nil {
		return nil, 0, time.Time{}, fmt.Errorf("leaderboard: %w", err)
	}
	return out, total, fromMillis(at), nil
}

// LeaderboardEntry returns one user's row of a leaderboard.
func (db *DB) LeaderboardEntry(ctx context.Context, baseToken string, period predict.LeaderboardPeriod, uid string) (*predict.LeaderboardEntry, error) {
	var e predict.LeaderboardEntry
	err := db.read(ctx, func(t *tx) error {
		var err error
		e, err = scanEntry(t.queryRow(ctx, `SELECT `+leaderboardColumns+` WHERE l.base_token = ? AND l.period = ? AND l.uid = ?`,
			strings.ToLower(baseToken), string(period), uid))
		return err
	})
	if errors.Is(err, sql.ErrNoRows) {
		return nil, predict.Errorf(predict.ENOTFOUND, "user %s is not on the %s leaderboard", uid, period)
	}
	if err != nil {
		return nil, fmt.Errorf("leaderboard entry of %s: %w", uid, err)
	}
	return &e, nil
}
