package store

import (
	"database/sql"
	"errors"
	"fmt"
	"math/big"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/internal/accounting"
)

// Market loads the market at address with its options; nil when unknown.
func (s *chainState) Market(address string) (*accounting.Market, error) {
	var (
		m                                   accounting.Market
		status, volume, liq, supply, fees   string
		winning, resolver, resolverUID      sql.NullString
		resolveOp, settleTx, claimed        sql.NullString
		settledAt, settledBlock, createdBlk sql.NullInt64
		bond                                string
	)
	err := s.t.queryRow(s.ctx, `SELECT address, base_token, fee_bps, status, volume, liquidity, lp_supply, collected_fees,
		trade_count, participant_count, hot_score, winning_option, resolver_address, resolver_uid, resolve_op_hash,
		settle_tx_hash, settled_at, settled_block, resolution_source, resolution_note, pool_block, created_block, claimed_amount,
		challenge_window, bond, dispute_fee_bps, void
		FROM markets WHERE address = ?`, address).Scan(&m.Address, &m.BaseToken, &m.FeeBps, &status, &volume, &liq,
		&supply, &fees, &m.TradeCount, &m.Participants, &m.Hot, &winning, &resolver, &resolverUID, &resolveOp,
		&settleTx, &settledAt, &settledBlock, &m.Source, &m.Note, &m.PoolBlock, &createdBlk, &claimed,
		&m.ChallengeWindow, &bond, &m.DisputeFeeBps, &m.Void)
	if ok, err := rowFound(err); !ok {
		return nil, err
	}
	m.Status = predict.MarketStatus(status)
	for _, a := range []struct {
		dst **big.Int
		s   string
	}{{&m.Volume, volume}, {&m.Liquidity, liq}, {&m.LPSupply, supply}, {&m.Fees, fees}, {&m.Bond, bond}} {
		if *a.dst, err = parseAmount(a.s); err != nil {
			return nil, err
		}
	}
	m.Resolver, m.ResolverUID, m.ResolveOp, m.SettleTx = resolver.String, resolverUID.String, resolveOp.String, settleTx.String
	m.SettledAt, m.SettledBlock, m.CreatedBlock = settledAt.Int64, uint64(settledBlock.Int64), uint64(createdBlk.Int64)
	if m.Claimed, err = parseCounted(claimed); err != nil {
		return nil, err
	}
	err = eachRow(s.ctx, s.t, `SELECT idx, address, pool_balance, price, volume, supply FROM market_options
		WHERE market = ? ORDER BY idx`, []any{address}, func(rows *sql.Rows) error {
		var (
			idx                   int
			addr, pool, price, vo string
			sup                   sql.NullString
		)
		if err := rows.Scan(&idx, &addr, &pool, &price, &vo, &sup); err != nil {
			return err
		}
		if idx != len(m.Options) {
			return fmt.Errorf("market %s: option indexes not contiguous", address)
		}
		xs, err := parseAmounts(pool, price, vo)
		if err != nil {
			return err
		}
		n, err := parseCounted(sup)
		if err != nil {
			return err
		}
		m.Options = append(m.Options, addr)
		m.Balances, m.Prices, m.OptVolume = append(m.Balances, xs[0]), append(m.Prices, xs[1]), append(m.OptVolume, xs[2])
		m.Supply = append(m.Supply, n)
		return nil
	})
	if err != nil {
		return nil, err
	}
	// Rows the indexer has not counted yet are counted from the facts
	// before this batch changes anything of the market.
	if m.Claimed == nil {
		if m.Claimed, err = countClaimed(s.ctx, s.t, address); err != nil {
			return nil, err
		}
	}
	for i, n := range m.Supply {
		if n == nil {
			if m.Supply[i], err = countSupply(s.ctx, s.t, m.Options[i]); err != nil {
				return nil, err
			}
		}
	}
	m.Winner = -1
	if winning.Valid {
		for i, o := range m.Options {
			if o == winning.String {
				m.Winner = i
			}
		}
	}
	return &m, nil
}

// Token says whether address is an option token or the LP token of a market.
func (s *chainState) Token(address string) (string, int, error) {
	var market string
	var idx int
	err := s.t.queryRow(s.ctx, `SELECT market, idx FROM market_options WHERE address = ?`, address).Scan(&market, &idx)
	switch {
	case err == nil:
		return market, idx, nil
	case !errors.Is(err, sql.ErrNoRows):
		return "", 0, err
	}
	err = s.t.queryRow(s.ctx, `SELECT address FROM markets WHERE address = ?`, address).Scan(&market)
	if errors.Is(err, sql.ErrNoRows) {
		return "", 0, nil
	}
	return market, -1, err
}

// UID returns the uid bound to account, "" for none.
func (s *chainState) UID(account string) (string, error) {
	var u string
	err := s.t.queryRow(s.ctx, `SELECT uid FROM users WHERE address = ?`, account).Scan(&u)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return "", err
	}
	return u, nil
}

// Operation returns what the ledger needs of a known operation, nil otherwise.
func (s *chainState) Operation(opHash string) (*accounting.Operation, error) {
	var (
		op     accounting.Operation
		status string
		market sql.NullString
	)
	err := s.t.queryRow(s.ctx, `SELECT status, action, market, uid FROM operations WHERE op_hash = ?`, opHash).
		Scan(&status, &op.Kind, &market, &op.UID)
	if ok, err := rowFound(err); !ok {
		return nil, err
	}
	op.Status, op.Market = predict.OpStatus(status), market.String
	return &op, nil
}

// Position returns account's position in option, zero when none.
func (s *chainState) Position(account, option string) (*accounting.Position, error) {
	var amount, cost, realized string
	err := s.t.queryRow(s.ctx, `SELECT amount, cost_basis, realized_pnl FROM positions
		WHERE account = ? AND option_address = ?`, account, option).Scan(&amount, &cost, &realized)
	if errors.Is(err, sql.ErrNoRows) {
		return &accounting.Position{Amount: new(big.Int), Cost: new(big.Int), Realized: new(big.Int)}, nil
	} else if err != nil {
		return nil, err
	}
	xs, err := parseAmounts(amount, cost, realized)
	if err != nil {
		return nil, err
	}
	return &accounting.Position{Amount: xs[0], Cost: xs[1], Realized: xs[2]}, nil
}

// LP returns account's liquidity position in market, zero when none.
func (s *chainState) LP(account, market string) (*accounting.LP, error) {
	var vals [5]string
	err := s.t.queryRow(s.ctx, `SELECT lp_amount, deposited, withdrawn, fees_withdrawn, returned_value
		FROM liquidity_positions WHERE account = ? AND market = ?`, account, market).
		Scan(&vals[0], &vals[1], &vals[2], &vals[3], &vals[4])
	if errors.Is(err, sql.ErrNoRows) {
		vals = [5]string{"0", "0", "0", "0", "0"}
	} else if err != nil {
		return nil, err
	}
	xs, err := parseAmounts(vals[:]...)
	if err != nil {
		return nil, err
	}
	return &accounting.LP{Amount: xs[0], Deposited: xs[1], Withdrawn: xs[2], Fees: xs[3], Returned: xs[4]}, nil
}

// Balance returns account's indexed balance of token, zero when none.
func (s *chainState) Balance(account, token string) (*accounting.Balance, error) {
	amount := "0"
	err := s.t.queryRow(s.ctx, `SELECT amount FROM token_balances WHERE account = ? AND token = ?`, account, token).Scan(&amount)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return nil, err
	}
	x, err := parseAmount(amount)
	if err != nil {
		return nil, err
	}
	return &accounting.Balance{Amount: x}, nil
}

// Traded reports whether account has a trade on market before the batch
// (the batch's trades are written at its end; the ledger counts them).
func (s *chainState) Traded(market, account string) (bool, error) {
	var n int
	err := s.t.queryRow(s.ctx, `SELECT COUNT(*) FROM trades WHERE market = ? AND account = ?`, market, account).Scan(&n)
	return n > 0, err
}

// LimitOrder returns the escrow's order id, nil when unknown.
func (s *chainState) LimitOrder(id int64) (*accounting.LimitOrder, error) {
	o, err := scanLimitOrder(s.t.queryRow(s.ctx, `SELECT `+limitOrderColumns+` FROM limit_orders WHERE id = ?`, id))
	if ok, err := rowFound(err); !ok {
		return nil, err
	}
	return o, nil
}
