package store

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"time"

	"github.com/predict-dev/predict"
)

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
	whereSQL, args, err := marketWhere(f, now)
	if err != nil {
		return nil, 0, err
	}
	order, err := marketOrder(f.SortType)
	if err != nil {
		return nil, 0, err
	}

	var (
		markets = []*predict.Market{}
		total   int
	)
	err = db.read(ctx, func(t *tx) error {
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

// marketWhere is the WHERE clause ("" for none) and its arguments that
// select the markets f matches at now: the filter half of ListMarkets,
// apart from its sorting and paging. An unknown status is EINVALID.
func marketWhere(f predict.MarketFilter, now time.Time) (string, []any, error) {
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
			return "", nil, predict.Errorf(predict.EINVALID, "unknown market status %q", f.Status)
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
	return whereSQL, args, nil
}

// marketOrder is the ORDER BY of a sort of ListMarkets (see there); an
// unknown sort is EINVALID.
func marketOrder(sort string) (string, error) {
	switch sort {
	case predict.SortHot:
		return `m.hot_score DESC, length(m.volume) DESC, m.volume DESC, m.created_at DESC, m.address`, nil
	case predict.SortNewest, "":
		return `m.created_at DESC, m.address`, nil
	case predict.SortEndingSoon:
		// Two ranges of the (end_time, address) index, read one after
		// the other by ListMarkets: an ORDER BY on "ended or not" would sort
		// every matching market for each page.
		return `m.end_time, m.address`, nil
	case predict.SortVolume:
		return `length(m.volume) DESC, m.volume DESC, m.address`, nil
	default:
		return "", predict.Errorf(predict.EINVALID, "unknown sort type %q", sort)
	}
}

// escapeLike escapes the LIKE wildcards of s for ESCAPE '\'.
func escapeLike(s string) string {
	return strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`).Replace(s)
}
