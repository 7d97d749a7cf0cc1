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
	return addr.String, notFound(err, "user %s not found", uid)
}

// heldPage reads a page of an account's rows of table (aliased a) as f
// selects them: the account's (f.Account, or f.UID's address), of
// f.Market when given, and only those still held (the column amount not
// '0') unless f.Closed. query (up to its WHERE) is completed with those
// conditions and ordered by order. Errors are wrapped with what.
func heldPage[T any](ctx context.Context, db *DB, what, table, a, amount string, f predict.PositionFilter,
	query, order string, scan func(row) (T, error)) ([]T, int, error) {
	return readPage(ctx, db, what, f.Page, f.PageSize, func(t *tx, limit, offset int) ([]T, int, error) {
		account, err := accountOf(ctx, t, f.UID, f.Account)
		if err != nil {
			return nil, 0, err
		}
		where, args := ` WHERE `+a+`.account = ?`, []any{account}
		if f.Market != "" {
			where += ` AND ` + a + `.market = ?`
			args = append(args, strings.ToLower(f.Market))
		}
		if !f.Closed {
			where += ` AND ` + a + `.` + amount + ` <> '0'`
		}
		return countedRows(ctx, t, `SELECT COUNT(*) FROM `+table+` `+a+where, args,
			query+where+` ORDER BY `+order, args, limit, offset, scan)
	})
}

// Positions lists the positions of an account, the most recently changed
// first, with the number of all matching. AvgPrice is cost basis per
// token and CurrentPrice the option's indexed price (1 or 0 once ended).
func (db *DB) Positions(ctx context.Context, f predict.PositionFilter) ([]*predict.Position, int, error) {
	return heldPage(ctx, db, "positions", "positions", "p", "amount", f,
		`SELECT p.account, COALESCE(u.uid, ''), p.market, m.title, m.status, m.base_token,
		p.option_address, o.title, o.idx, p.amount, p.cost_basis, p.realized_pnl, o.price, p.updated_at
		FROM positions p JOIN markets m ON m.address = p.market JOIN market_options o ON o.address = p.option_address
		LEFT JOIN users u ON u.address = p.account`, `p.updated_at DESC, p.market, o.idx`, scanPosition)
}

func scanPosition(row row) (*predict.Position, error) {
	var (
		p                             predict.Position
		status                        string
		amount, cost, realized, price string
		updated                       int64
	)
	if err := row.Scan(&p.Account, &p.UID, &p.Market, &p.MarketTitle, &status, &p.BaseToken, &p.Option,
		&p.OptionTitle, &p.OptionIndex, &amount, &cost, &realized, &price, &updated); err != nil {
		return nil, err
	}
	if err := parseAmountsTo([]**big.Int{&p.Amount, &p.CostBasis, &p.RealizedPnL, &p.CurrentPrice},
		amount, cost, realized, price); err != nil {
		return nil, err
	}
	p.MarketStatus, p.UpdatedAt = predict.MarketStatus(status), fromMillis(updated)
	p.AvgPrice = predict.DivWad(p.CostBasis, p.Amount)
	return &p, nil
}

// LiquidityPositions lists the LP positions of an account, the most
// recently changed first, with the number of all matching.
func (db *DB) LiquidityPositions(ctx context.Context, f predict.LiquidityFilter) ([]*predict.LiquidityPosition, int, error) {
	return heldPage(ctx, db, "liquidity positions", "liquidity_positions", "l", "lp_amount", predict.PositionFilter(f),
		`SELECT l.account, COALESCE(u.uid, ''), l.market, m.title, m.status, m.base_token,
		l.lp_amount, m.lp_supply, m.liquidity, l.deposited, l.withdrawn, l.fees_withdrawn, l.returned_value, l.updated_at
		FROM liquidity_positions l JOIN markets m ON m.address = l.market LEFT JOIN users u ON u.address = l.account`,
		`l.updated_at DESC, l.market`, scanLiquidityPosition)
}

func scanLiquidityPosition(row row) (*predict.LiquidityPosition, error) {
	var (
		p       predict.LiquidityPosition
		status  string
		vals    [7]string
		updated int64
	)
	if err := row.Scan(&p.Account, &p.UID, &p.Market, &p.MarketTitle, &status, &p.BaseToken, &vals[0], &vals[1],
		&vals[2], &vals[3], &vals[4], &vals[5], &vals[6], &updated); err != nil {
		return nil, err
	}
	if err := parseAmountsTo([]**big.Int{&p.LPAmount, &p.LPSupply, &p.PoolValue, &p.Deposited, &p.Withdrawn, &p.Fees, &p.ReturnedValue},
		vals[:]...); err != nil {
		return nil, err
	}
	p.MarketStatus, p.UpdatedAt = predict.MarketStatus(status), fromMillis(updated)
	return &p, nil
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
