package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"math/big"
	"strings"

	"github.com/predict-dev/predict"
)

// Reads of the confirmed chain state (written by ApplyBatch and RevertTo).

// page validates and defaults a page and page size.
func page(p, size int) (limit, offset int, err error) {
	if p < 0 || size < 0 {
		return 0, 0, predict.Errorf(predict.EINVALID, "page and page size must not be negative")
	}
	if size == 0 {
		size = DefaultPageSize
	}
	return size, (max(p, 1) - 1) * size, nil
}

// accountOf resolves the account of a filter: Account itself, or the
// address bound to UID ("" when the user has none, which matches nothing).
func accountOf(ctx context.Context, t *tx, uid, account string) (string, error) {
	if account != "" {
		return strings.ToLower(account), nil
	}
	if uid == "" {
		return "", predict.Errorf(predict.EINVALID, "a uid or an account is required")
	}
	var addr sql.NullString
	err := t.queryRow(ctx, `SELECT address FROM users WHERE uid = ?`, uid).Scan(&addr)
	if errors.Is(err, sql.ErrNoRows) {
		return "", predict.Errorf(predict.ENOTFOUND, "user %s not found", uid)
	}
	return addr.String, err
}

// Positions lists the positions of an account, the most recently changed
// first, with the number of all matching. AvgPrice is cost basis per
// token and CurrentPrice the option's indexed price (1 or 0 once ended).
func (db *DB) Positions(ctx context.Context, f predict.PositionFilter) ([]*predict.Position, int, error) {
	limit, offset, err := page(f.Page, f.PageSize)
	if err != nil {
		return nil, 0, err
	}
	positions := []*predict.Position{}
	var total int
	err = db.read(ctx, func(t *tx) error {
		account, err := accountOf(ctx, t, f.UID, f.Account)
		if err != nil {
			return err
		}
		where, args := ` WHERE p.account = ?`, []any{account}
		if f.Market != "" {
			where += ` AND p.market = ?`
			args = append(args, strings.ToLower(f.Market))
		}
		if !f.Closed {
			where += ` AND p.amount <> '0'`
		}
		if err := t.queryRow(ctx, `SELECT COUNT(*) FROM positions p`+where, args...).Scan(&total); err != nil {
			return err
		}
		return eachRow(ctx, t, `SELECT p.account, COALESCE(u.uid, ''), p.market, m.title, m.status, m.base_token,
			p.option_address, o.title, o.idx, p.amount, p.cost_basis, p.realized_pnl, o.price, p.updated_at
			FROM positions p JOIN markets m ON m.address = p.market JOIN market_options o ON o.address = p.option_address
			LEFT JOIN users u ON u.address = p.account`+where+`
			ORDER BY p.updated_at DESC, p.market, o.idx LIMIT ? OFFSET ?`, append(args, limit, offset), func(rows *sql.Rows) error {
			var (
				p                             predict.Position
				status                        string
				amount, cost, realized, price string
				updated                       int64
			)
			if err := rows.Scan(&p.Account, &p.UID, &p.Market, &p.MarketTitle, &status, &p.BaseToken, &p.Option,
				&p.OptionTitle, &p.OptionIndex, &amount, &cost, &realized, &price, &updated); err != nil {
				return err
			}
			for _, x := range []struct {
				dst **big.Int
				s   string
			}{{&p.Amount, amount}, {&p.CostBasis, cost}, {&p.RealizedPnL, realized}, {&p.CurrentPrice, price}} {
				if *x.dst, err = parseAmount(x.s); err != nil {
					return err
				}
			}
			p.MarketStatus, p.UpdatedAt = predict.MarketStatus(status), fromMillis(updated)
			p.AvgPrice = predict.DivWad(p.CostBasis, p.Amount)
			positions = append(positions, &p)
			return nil
		})
	})
	if err != nil {
		return nil, 0, fmt.Errorf("positions: %w", err)
	}
	return positions, total, nil
}

// LiquidityPositions lists the LP positions of an account, the most
// recently changed first, with the number of all matching.
func (db *DB) LiquidityPositions(ctx context.Context, f predict.LiquidityFilter) ([]*predict.LiquidityPosition, int, error) {
	limit, offset, err := page(f.Page, f.PageSize)
	if err != nil {
		return nil, 0, err
	}
	out := []*predict.LiquidityPosition{}
	var total int
	err = db.read(ctx, func(t *tx) error {
		account, err := accountOf(ctx, t, f.UID, f.Account)
		if err != nil {
			return err
		}
		where, args := ` WHERE l.account = ?`, []any{account}
		if f.Market != "" {
			where += ` AND l.market = ?`
			args = append(args, strings.ToLower(f.Market))
		}
		if !f.Closed {
			where += ` AND l.lp_amount <> '0'`
		}
		if err := t.queryRow(ctx, `SELECT COUNT(*) FROM liquidity_positions l`+where, args...).Scan(&total); err != nil {
			return err
		}
		return eachRow(ctx, t, `SELECT l.account, COALESCE(u.uid, ''), l.market, m.title, m.status, m.base_token,
			l.lp_amount, m.lp_supply, m.liquidity, l.deposited, l.withdrawn, l.fees_withdrawn, l.returned_value, l.updated_at
			FROM liquidity_positions l JOIN markets m ON m.address = l.market LEFT JOIN users u ON u.address = l.account`+
			where+` ORDER BY l.updated_at DESC, l.market LIMIT ? OFFSET ?`, append(args, limit, offset), func(rows *sql.Rows) error {
			var (
				p       predict.LiquidityPosition
				status  string
				vals    [7]string
				updated int64
			)
			if err := rows.Scan(&p.Account, &p.UID, &p.Market, &p.MarketTitle, &status, &p.BaseToken, &vals[0], &vals[1],
				&vals[2], &vals[3], &vals[4], &vals[5], &vals[6], &updated); err != nil {
				return err
			}
			for i, dst := range []**big.Int{&p.LPAmount, &p.LPSupply, &p.PoolValue, &p.Deposited, &p.Withdrawn, &p.Fees, &p.ReturnedValue} {
				if *dst, err = parseAmount(vals[i]); err != nil {
					return err
				}
			}
			p.MarketStatus, p.UpdatedAt = predict.MarketStatus(status), fromMillis(updated)
			out = append(out, &p)
			return nil
		})
	})
	if err != nil {
		return nil, 0, fmt.Errorf("liquidity positions: %w", err)
	}
	return out, total, nil
}

// TokenBalance returns the indexed balance of account in token; 0 when
// never seen. A balance counted from a partial history (a token followed
// only for known accounts) never reads below 0.
func (db *DB) TokenBalance(ctx context.Context, account, token string) (*big.Int, error) {
	var amount string
	err := db.read(ctx, func(t *tx) error {
		err := t.queryRow(ctx, `SELECT amount FROM token_balances WHERE account = ? AND token = ?`,
			strings.ToLower(account), strings.ToLower(token)).Scan(&amount)
		if errors.Is(err, sql.ErrNoRows) {
			amount = "0"
			return nil
		}
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("token balance: %w", err)
	}
	x, err := parseAmount(amount)
	if err != nil {
		return nil, err
	}
	if x.Sign() < 0 {
		x.SetInt64(0)
	}
	return x, nil
}
