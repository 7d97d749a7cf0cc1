package store

import (
	"context"
	"database/sql"
	"fmt"
	"math/big"
	"strings"
	"time"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/internal/accounting"
)

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
		if err != nil {
			return notFound(err, "market %s not found", market)
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
		if err := t.queryRow(ctx, `SELECT challenge_window, bond, dispute_fee_bps, void, early_resolvable FROM markets WHERE address = ?`, market).
			Scan(&window, &bond, &r.DisputeFeeBps, &r.Void, &r.EarlyResolvable); err != nil {
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
		return settleOperation(ctx, t, r)
	})
	if err != nil {
		return nil, fmt.Errorf("resolution: %w", err)
	}
	return r, nil
}

// settleOperation fills r from the settle-market operation of its market:
// for an ended market the one that settled it (its submission time), else
// the latest still under way (its hash, user, source and note, which the
// chain does not know yet). No such operation leaves r as it is.
func settleOperation(ctx context.Context, t *tx, r *predict.Resolution) error {
	// The operation: the one that settled it, or the latest still
	// under way.
	q := `SELECT op_hash, uid, request, created_at FROM operations WHERE market = ? AND action = ?`
	args := []any{r.Market, predict.KindSettleMarket}
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
	err := t.queryRow(ctx, q, args...).Scan(&hash, &uid, &request, &created)
	if ok, err := rowFound(err); !ok {
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
		[]any{r.Market, accounting.ResolutionAsserted, accounting.ResolutionDisputed, accounting.ResolutionArbitrated},
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
			case accounting.ResolutionAsserted:
				r.Assertion = &predict.Assertion{Void: void, Option: option[0], OptionTitle: option[1], AsserterUID: uid.String,
					Asserter: account, Bond: x, At: fromMillis(created), ChallengeEnd: fromMillis(challengeEnd.Int64), TxHash: txHash}
			case accounting.ResolutionDisputed:
				r.Dispute = &predict.Dispute{DisputerUID: uid.String, Disputer: account, Bond: x, At: fromMillis(created),
					TxHash: txHash}
			case accounting.ResolutionArbitrated:
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
// would pay (accounting.VoidPayout of the options' supplies).
func voidUnclaimed(ctx context.Context, t *tx, market string) (*big.Int, error) {
	var supplies []*big.Int
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
		supplies = append(supplies, x)
		return nil
	})
	if err != nil {
		return nil, err
	}
	return accounting.VoidPayout(supplies), nil
}

// resolverName fills the name of r's resolver; "" for none.
func resolverName(ctx context.Context, t *tx, r *predict.Resolution) error {
	r.ResolverName = ""
	if r.ResolverUID == "" {
		return nil
	}
	// A user no longer there leaves the name empty.
	_, err := rowFound(t.queryRow(ctx, `SELECT COALESCE(name, '') FROM users WHERE uid = ?`, r.ResolverUID).Scan(&r.ResolverName))
	return err
}
