package store

import (
	"context"
	"database/sql"
	"fmt"
	"math/big"
	"sort"
	"strings"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/internal/accounting"
)

// migrationSteps are steps in Go that run after a migration's SQL, in its
// transaction, for what SQL cannot do alike in both dialects.
var migrationSteps = map[string]func(ctx context.Context, t *tx) error{
	"0013_chain_facts": copyFactsToLog,
}

// copyFactsToLog fills the fact log (chain_facts) with the facts the
// per-kind tables held before it existed, market by market, so that a
// reorg of a market created before the upgrade replays all of its
// history. 0014 then drops the tables nothing else reads.
func copyFactsToLog(ctx context.Context, t *tx) error {
	markets, err := scanRows(ctx, t, `SELECT address FROM markets ORDER BY address`, nil, scanString)
	if err != nil {
		return err
	}
	for _, market := range markets {
		options, err := scanRows(ctx, t, `SELECT address FROM market_options WHERE market = ? ORDER BY idx`,
			[]any{market}, scanString)
		if err != nil {
			return err
		}
		effects, err := tableFacts(ctx, t, market, options)
		if err != nil {
			return fmt.Errorf("read the facts of market %s: %w", market, err)
		}
		var flat []any
		for _, e := range effects {
			row, err := factRow(market, e)
			if err != nil {
				return err
			}
			flat = append(flat, row...)
		}
		if err := insertRows(ctx, t, insertFacts, "", len(factColumns), flat); err != nil {
			return fmt.Errorf("log the facts of market %s: %w", market, err)
		}
	}
	return nil
}

// legacyTable is how to read one kind of fact from its table before 0013:
// the columns after the ones every fact table has, and new, which returns
// the effect with the scan destinations of those columns and what turns
// them into the effect once scanned.
type legacyTable struct {
	table, columns string
	new            func(market string) (e predict.Effect, dest []any, finish func() error)
}

// amounts returns scan destinations for the amounts to points at
// (*big.Int from an integer string, []*big.Int from a comma-separated
// list) and what parses the scanned text into them.
func amounts(to ...any) (dest []any, parse func() error) {
	texts := make([]string, len(to))
	for i := range texts {
		dest = append(dest, &texts[i])
	}
	return dest, func() error {
		for i, text := range texts {
			var err error
			switch x := to[i].(type) {
			case **big.Int:
				*x, err = parseAmount(text)
			case *[]*big.Int:
				*x, err = splitAmounts(text)
			}
			if err != nil {
				return err
			}
		}
		return nil
	}
}

var legacyTables = []legacyTable{
	{"trades", "account, option_index, side, base_amount, token_amount, fee, balances", func(market string) (predict.Effect, []any, func() error) {
		e := &predict.TradeLog{Market: market}
		dest, parse := amounts(&e.BaseAmount, &e.TokenAmount, &e.Fee, &e.Balances)
		return e, append([]any{&e.Account, &e.Option, &e.Side}, dest...), parse
	}},
	{"liquidity_events", "account, kind, base_amount, lp_amount, sent_back, balances", func(market string) (predict.Effect, []any, func() error) {
		e := &predict.LiquidityLog{Market: market}
		dest, parse := amounts(&e.BaseAmount, &e.LPAmount, &e.SentBack, &e.Balances)
		return e, append([]any{&e.Account, &e.Kind}, dest...), parse
	}},
	{"fee_withdrawals", "account, amount", func(market string) (predict.Effect, []any, func() error) {
		e := &predict.FeesLog{Market: market}
		dest, parse := amounts(&e.Amount)
		return e, append([]any{&e.Account}, dest...), parse
	}},
	{"settlements", "winning_index, resolver, source, note", func(market string) (predict.Effect, []any, func() error) {
		e := &predict.SettledLog{Market: market}
		return e, []any{&e.WinningOption, &e.Resolver, &e.Source, &e.Note}, func() error { return nil }
	}},
	{"claims", "account, option_index, amount", func(market string) (predict.Effect, []any, func() error) {
		e := &predict.ClaimLog{Market: market}
		dest, parse := amounts(&e.Amount)
		return e, append([]any{&e.Account, &e.Option}, dest...), parse
	}},
}

// tableFacts reads the facts of market, whose option tokens are options,
// from the per-kind tables that held them before 0013, as effects in log
// order.
func tableFacts(ctx context.Context, t *tx, market string, options []string) ([]predict.Effect, error) {
	// token_transfers has no op_hash: a transfer is attributed by the
	// effect that caused it.
	const common, commonTransfer = `block_number, block_hash, log_index, tx_hash, created_at, op_hash, `,
		`block_number, block_hash, log_index, tx_hash, created_at, NULL, `
	type logRef struct {
		block, created int64
		ref            predict.LogRef
		op             sql.NullString
	}
	refDest := func(r *logRef) []any {
		return []any{&r.block, &r.ref.BlockHash, &r.ref.LogIndex, &r.ref.TxHash, &r.created, &r.op}
	}
	refOf := func(r *logRef) predict.LogRef {
		r.ref.Block, r.ref.Time, r.ref.OpHash = uint64(r.block), fromMillis(r.created), r.op.String
		return r.ref
	}
	var out []predict.Effect
	for _, lt := range legacyTables {
		effects, err := scanRows(ctx, t, `SELECT `+common+lt.columns+` FROM `+lt.table+` WHERE market = ?`, []any{market},
			func(rows row) (predict.Effect, error) {
				var r logRef
				e, dest, finish := lt.new(market)
				if err := rows.Scan(append(refDest(&r), dest...)...); err != nil {
					return nil, err
				}
				*e.Ref() = refOf(&r)
				return e, finish()
			})
		if err != nil {
			return nil, fmt.Errorf("%s: %w", lt.table, err)
		}
		out = append(out, effects...)
	}
	steps, err := scanRows(ctx, t, `SELECT `+common+`kind, outcome, account, counterparty, amount, fee, treasury, amounts,
		challenge_end, source, note FROM resolution_events WHERE market = ?`, []any{market},
		func(rows row) (predict.Effect, error) {
			var (
				r                  logRef
				f                  = accounting.ResolutionFact{Market: market, Outcome: accounting.NoOutcome}
				outcome, challenge sql.NullInt64
			)
			dest, parse := amounts(&f.Amount, &f.Fee, &f.Amounts)
			if err := rows.Scan(append(refDest(&r), &f.Kind, &outcome, &f.Account, &f.Counterparty, dest[0], dest[1],
				&f.Treasury, dest[2], &challenge, &f.Source, &f.Note)...); err != nil {
				return nil, err
			}
			f.LogRef = refOf(&r)
			if outcome.Valid {
				f.Outcome = int(outcome.Int64)
			}
			if challenge.Valid {
				f.ChallengeEnd = fromMillis(challenge.Int64)
			}
			if err := parse(); err != nil {
				return nil, err
			}
			return f.Effect()
		})
	if err != nil {
		return nil, fmt.Errorf("resolution_events: %w", err)
	}
	out = append(out, steps...)
	tokens := []any{market}
	for _, o := range options {
		tokens = append(tokens, o)
	}
	transfers, err := scanRows(ctx, t, `SELECT `+commonTransfer+`token, from_address, to_address, amount FROM token_transfers
		WHERE token IN (`+strings.TrimSuffix(strings.Repeat("?, ", len(tokens)), ", ")+`)`, tokens,
		func(rows row) (predict.Effect, error) {
			var (
				r logRef
				e predict.TransferLog
			)
			dest, parse := amounts(&e.Amount)
			if err := rows.Scan(append(refDest(&r), &e.Token, &e.From, &e.To, dest[0])...); err != nil {
				return nil, err
			}
			e.LogRef = refOf(&r)
			return &e, parse()
		})
	if err != nil {
		return nil, fmt.Errorf("token_transfers: %w", err)
	}
	out = append(out, transfers...)
	sort.SliceStable(out, func(i, j int) bool {
		a, b := out[i].Ref(), out[j].Ref()
		if a.Block != b.Block {
			return a.Block < b.Block
		}
		return a.LogIndex < b.LogIndex
	})
	return out, nil
}
