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
	"github.com/predict-dev/predict/internal/ledger"
)

// Reads of the confirmed chain state (written by ApplyBatch and RevertTo).

// DefaultPricePoints is the number of price points PricePoints returns
// when the filter gives no limit.
const DefaultPricePoints = 1000

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

// Trades lists trades newest first (block, then log index, descending)
// with the number of all matching; market and option titles included.
func (db *DB) Trades(ctx context.Context, f predict.TradeFilter) ([]*predict.Trade, int, error) {
	limit, offset, err := page(f.Page, f.PageSize)
	if err != nil {
		return nil, 0, err
	}
	var (
		where []string
		args  []any
	)
	for _, c := range []struct{ col, val string }{
		{"t.market", strings.ToLower(f.Market)}, {"t.option_address", strings.ToLower(f.Option)},
		{"t.uid", f.UID}, {"t.account", strings.ToLower(f.Account)},
	} {
		if c.val != "" {
			where = append(where, c.col+" = ?")
			args = append(args, c.val)
		}
	}
	whereSQL := ""
	if len(where) > 0 {
		whereSQL = " WHERE " + strings.Join(where, " AND ")
	}
	trades := []*predict.Trade{}
	var total int
	err = db.read(ctx, func(t *tx) error {
		if err := t.queryRow(ctx, `SELECT COUNT(*) FROM trades t`+whereSQL, args...).Scan(&total); err != nil {
			return err
		}
		return eachRow(ctx, t, `SELECT t.market, m.title, t.option_address, COALESCE(o.title, ''), t.option_index,
			t.account, COALESCE(t.uid, ''), t.side, t.base_amount, t.token_amount, t.fee, t.avg_price, t.tx_hash,
			COALESCE(t.op_hash, ''), t.block_number, t.log_index, t.created_at, COALESCE(u.name, ''), COALESCE(u.avatar_url, ''),
			COALESCE((SELECT MIN(od.order_uuid) FROM orders od WHERE od.op_hash = t.op_hash), '')
			FROM trades t JOIN markets m ON m.address = t.market LEFT JOIN market_options o ON o.address = t.option_address
			LEFT JOIN users u ON u.uid = t.uid`+
			whereSQL+` ORDER BY t.block_number DESC, t.log_index DESC LIMIT ? OFFSET ?`, append(args, limit, offset), func(rows *sql.Rows) error {
			var (
				tr                     predict.Trade
				base, tok, fee, price  string
				block, created, logIdx int64
			)
			if err := rows.Scan(&tr.Market, &tr.MarketTitle, &tr.Option, &tr.OptionTitle, &tr.OptionIndex, &tr.Account,
				&tr.UID, &tr.Side, &base, &tok, &fee, &price, &tr.TxHash, &tr.OpHash, &block, &logIdx, &created,
				&tr.UserName, &tr.AvatarURL, &tr.OrderUUID); err != nil {
				return err
			}
			for _, p := range []struct {
				dst **big.Int
				s   string
			}{{&tr.BaseAmount, base}, {&tr.TokenAmount, tok}, {&tr.Fee, fee}, {&tr.Price, price}} {
				if *p.dst, err = parseAmount(p.s); err != nil {
					return err
				}
			}
			tr.Block, tr.LogIndex, tr.Time = uint64(block), uint(logIdx), fromMillis(created)
			trades = append(trades, &tr)
			return nil
		})
	})
	if err != nil {
		return nil, 0, fmt.Errorf("trades: %w", err)
	}
	return trades, total, nil
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
		if errors.Is(err, sql.ErrNoRows) {
			return predict.Errorf(predict.ENOTFOUND, "market %s not found", market)
		} else if err != nil {
			return err
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
		if err := t.queryRow(ctx, `SELECT challenge_window, bond, void FROM markets WHERE address = ?`, market).
			Scan(&window, &bond, &r.Void); err != nil {
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
		if errors.Is(err, sql.ErrNoRows) {
			return nil
		} else if err != nil {
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
		[]any{r.Market, ledger.ResolutionAsserted, ledger.ResolutionDisputed, ledger.ResolutionArbitrated},
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
			case ledger.ResolutionAsserted:
				r.Assertion = &predict.Assertion{Void: void, Option: option[0], OptionTitle: option[1], AsserterUID: uid.String,
					Asserter: account, Bond: x, At: fromMillis(created), ChallengeEnd: fromMillis(challengeEnd.Int64), TxHash: txHash}
			case ledger.ResolutionDisputed:
				r.Dispute = &predict.Dispute{DisputerUID: uid.String, Disputer: account, Bond: x, At: fromMillis(created),
					TxHash: txHash}
			case ledger.ResolutionArbitrated:
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
// would pay: each option's supply at 1/N, floor(sum / N) (the contract
// rounds once per claim, so the claims may pay a few units less).
func voidUnclaimed(ctx context.Context, t *tx, market string) (*big.Int, error) {
	sum := new(big.Int)
	var n int64
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
		sum.Add(sum, x)
		n++
		return nil
	})
	if err != nil || n == 0 {
		return sum, err
	}
	return sum.Quo(sum, big.NewInt(n)), nil
}

// resolverName fills the name of r's resolver; "" for none.
func resolverName(ctx context.Context, t *tx, r *predict.Resolution) error {
	r.ResolverName = ""
	if r.ResolverUID == "" {
		return nil
	}
	err := t.queryRow(ctx, `SELECT COALESCE(name, '') FROM users WHERE uid = ?`, r.ResolverUID).Scan(&r.ResolverName)
	if errors.Is(err, sql.ErrNoRows) {
		return nil
	}
	return err
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

// MarketPool returns the indexed pool state of a market.
func (db *DB) MarketPool(ctx context.Context, market string) (*predict.MarketPool, error) {
	market = strings.ToLower(market)
	p := &predict.MarketPool{Market: market, WinningIndex: -1}
	err := db.read(ctx, func(t *tx) error {
		var (
			status, supply, fees, liq string
			end, block                int64
			winning                   sql.NullString
		)
		err := t.queryRow(ctx, `SELECT base_token, status, fee_bps, end_time, lp_supply, collected_fees, liquidity,
			winning_option, pool_block FROM markets WHERE address = ?`, market).
			Scan(&p.BaseToken, &status, &p.FeeBps, &end, &supply, &fees, &liq, &winning, &block)
		if errors.Is(err, sql.ErrNoRows) {
			return predict.Errorf(predict.ENOTFOUND, "market %s not found", market)
		} else if err != nil {
			return err
		}
		p.Status, p.EndTime, p.Block = predict.MarketStatus(status), fromMillis(end), uint64(block)
		for _, x := range []struct {
			dst **big.Int
			s   string
		}{{&p.LPSupply, supply}, {&p.CollectedFees, fees}, {&p.Liquidity, liq}} {
			if *x.dst, err = parseAmount(x.s); err != nil {
				return err
			}
		}
		return eachRow(ctx, t, `SELECT idx, address, pool_balance, price FROM market_options WHERE market = ? ORDER BY idx`, []any{market}, func(rows *sql.Rows) error {
			var (
				idx              int
				addr, bal, price string
			)
			if err := rows.Scan(&idx, &addr, &bal, &price); err != nil {
				return err
			}
			b, err := parseAmount(bal)
			if err != nil {
				return err
			}
			pr, err := parseAmount(price)
			if err != nil {
				return err
			}
			if winning.Valid && addr == winning.String {
				p.WinningIndex = idx
			}
			p.Options, p.Balances, p.Prices = append(p.Options, addr), append(p.Balances, b), append(p.Prices, pr)
			return nil
		})
	})
	if err != nil {
		return nil, fmt.Errorf("market pool: %w", err)
	}
	return p, nil
}

// PricePoints lists price points oldest first.
func (db *DB) PricePoints(ctx context.Context, f predict.PriceFilter) ([]predict.PricePoint, error) {
	if f.Market == "" {
		return nil, predict.Errorf(predict.EINVALID, "a market is required")
	}
	if f.Limit < 0 {
		return nil, predict.Errorf(predict.EINVALID, "limit must not be negative")
	}
	limit := f.Limit
	if limit == 0 {
		limit = DefaultPricePoints
	}
	where, args := ` WHERE market = ?`, []any{strings.ToLower(f.Market)}
	if f.Option != "" {
		where += ` AND option_address = ?`
		args = append(args, strings.ToLower(f.Option))
	}
	if !f.From.IsZero() {
		where += ` AND created_at >= ?`
		args = append(args, millis(f.From))
	}
	if !f.To.IsZero() {
		where += ` AND created_at < ?`
		args = append(args, millis(f.To))
	}
	out := []predict.PricePoint{}
	err := db.read(ctx, func(t *tx) error {
		return eachRow(ctx, t, `SELECT market, option_address, price, block_number, created_at FROM price_points`+
			where+` ORDER BY created_at, id LIMIT ?`, append(args, limit), func(rows *sql.Rows) error {
			var err error
			var (
				p              predict.PricePoint
				price          string
				block, created int64
			)
			if err = rows.Scan(&p.Market, &p.Option, &price, &block, &created); err != nil {
				return err
			}
			if p.Price, err = parseAmount(price); err != nil {
				return err
			}
			p.Block, p.Time = uint64(block), fromMillis(created)
			out = append(out, p)
			return nil
		})
	})
	if err != nil {
		return nil, fmt.Errorf("price points: %w", err)
	}
	return out, nil
}
