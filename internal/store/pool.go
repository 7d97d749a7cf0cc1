package store

import (
	"context"
	"database/sql"
	"fmt"
	"math/big"
	"strings"

	"github.com/predict-dev/predict"
)

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
		if err != nil {
			return notFound(err, "market %s not found", market)
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
