package store

import (
	"context"
	"database/sql"
	"math/big"
)

// What a settled market owes: markets.claimed_amount (the sum of its
// confirmed claims) and market_options.supply (each option's tokens in
// accounts' hands) are kept by the indexer. Rows written before those
// columns existed hold NULL until the indexer next writes the market; they
// are counted from the facts meanwhile (countClaimed, countSupply), once
// per read.

// parseCounted decodes a kept total; nil when it is not counted yet.
func parseCounted(v sql.NullString) (*big.Int, error) {
	if !v.Valid {
		return nil, nil
	}
	return parseAmount(v.String)
}

// countClaimed sums the confirmed claims of market.
func countClaimed(ctx context.Context, t *tx, market string) (*big.Int, error) {
	return sumAmounts(ctx, t, `SELECT amount FROM claims WHERE market = ?`, market)
}

// countSupply sums the positions in option: every holder of an option
// token has one, so the sum is the tokens in accounts' hands.
func countSupply(ctx context.Context, t *tx, option string) (*big.Int, error) {
	return sumAmounts(ctx, t, `SELECT amount FROM positions WHERE option_address = ?`, option)
}

// sumAmounts adds up a column of amounts in Go: they may exceed what the
// databases' integer types hold.
func sumAmounts(ctx context.Context, t *tx, query string, args ...any) (*big.Int, error) {
	sum := new(big.Int)
	err := eachRow(ctx, t, query, args, func(rows *sql.Rows) error {
		var s string
		if err := rows.Scan(&s); err != nil {
			return err
		}
		x, err := parseAmount(s)
		if err != nil {
			return err
		}
		sum.Add(sum, x)
		return nil
	})
	return sum, err
}
