package store

import (
	"context"
	"fmt"
	"time"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/internal/accounting"
)

// chainState is an ApplyBatch or RevertTo transaction as the ledger uses
// it (accounting.Tx): it loads the aggregates the ledger asks for
// (accounting.Source) and writes what the ledger decided (Write: the
// records of the effects, the fact log's rows, the changed aggregates).
// The accounting itself is the ledger's; the store does not import it.
type chainState struct {
	ctx context.Context
	t   *tx
	now int64
}

var _ accounting.Tx = (*chainState)(nil)

func newChainState(ctx context.Context, t *tx) *chainState {
	return &chainState{ctx: ctx, t: t, now: time.Now().UnixMilli()}
}

// ---- writing the records ----

// marketCreated inserts a new market with its options and tags. A market
// whose creation a reorg undid may still be here (operations' orders
// keep it); the new branch's creation then updates it in place.
func (s *chainState) marketCreated(e *predict.MarketCreatedLog, c *accounting.Creation) error {
	liquidity, err := amountText(c.Liquidity)
	if err != nil {
		return err
	}
	created := millis(e.Time)
	if _, err := s.t.exec(s.ctx, `INSERT INTO markets (address, title, description, rules, status, base_token,
		category_id, image_url, fee_bps, volume, liquidity, lp_supply, participant_count, trade_count, hot_score,
		start_time, end_time, creator_uid, creator_address, create_op_hash, created_block, pool_block, created_at, updated_at,
		challenge_window, bond, dispute_fee_bps, early_resolvable)
		VALUES (?, ?, ?, ?, 'running', ?, ?, ?, ?, '0', ?, '0', 0, 0, 0, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (address) DO UPDATE SET creator_uid = excluded.creator_uid, creator_address = excluded.creator_address,
		create_op_hash = excluded.create_op_hash, created_block = excluded.created_block, start_time = excluded.start_time,
		created_at = excluded.created_at, updated_at = excluded.updated_at, challenge_window = excluded.challenge_window,
		bond = excluded.bond, dispute_fee_bps = excluded.dispute_fee_bps, early_resolvable = excluded.early_resolvable`,
		c.Address, c.Title, c.Description, c.Rules, c.BaseToken, c.Category, c.Image, e.Market.FeeBps,
		liquidity, created, millis(e.Market.EndTime), nullString(c.CreatorUID), e.CreatorAddress, nullString(e.OpHash),
		int64(e.Block), int64(e.Block), created, s.now, c.ChallengeWindow, predict.OrZero(c.Bond).String(),
		c.DisputeFeeBps, c.EarlyResolvable); err != nil {
		return fmt.Errorf("insert market %s: %w", c.Address, err)
	}
	for i, o := range c.OptionAddresses {
		if _, err := s.t.exec(s.ctx, `INSERT INTO market_options (market, idx, address, title, pool_balance, price, volume, holders_count)
			VALUES (?, ?, ?, ?, ?, ?, '0', 0) ON CONFLICT (market, idx) DO NOTHING`,
			c.Address, i, o, c.OptionTitles[i], c.Liquidity.String(), c.Prices[i].String()); err != nil {
			return fmt.Errorf("insert option %s: %w", o, err)
		}
	}
	for i, tag := range c.Tags {
		if tag == "" {
			continue
		}
		if _, err := s.t.exec(s.ctx, `INSERT INTO market_tags (market, tag, pos) VALUES (?, ?, ?)
			ON CONFLICT (market, tag) DO NOTHING`, c.Address, tag, i); err != nil {
			return err
		}
	}
	return nil
}

// trade inserts a trade.
func (s *chainState) trade(e *predict.TradeLog, option, uid string) error {
	if _, err := s.t.exec(s.ctx, `INSERT INTO trades (market, option_address, option_index, uid, account, side,
		base_amount, token_amount, fee, avg_price, balances, tx_hash, op_hash, block_number, block_hash, log_index, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		e.Market, option, e.Option, nullString(uid), e.Account, e.Side, e.BaseAmount.String(), e.TokenAmount.String(),
		e.Fee.String(), predict.DivWad(e.BaseAmount, e.TokenAmount).String(), joinAmounts(e.Balances),
		e.TxHash, nullString(e.OpHash), int64(e.Block), e.BlockHash, e.LogIndex, millis(e.Time)); err != nil {
		return fmt.Errorf("insert trade: %w", err)
	}
	return nil
}

// claim inserts a claim.
func (s *chainState) claim(e *predict.ClaimLog, option, uid string) error {
	if _, err := s.t.exec(s.ctx, `INSERT INTO claims (market, option_address, option_index, account, uid, amount,
		tx_hash, op_hash, block_number, block_hash, log_index, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		e.Market, option, e.Option, e.Account, nullString(uid), e.Amount.String(), e.TxHash, nullString(e.OpHash),
		int64(e.Block), e.BlockHash, e.LogIndex, millis(e.Time)); err != nil {
		return fmt.Errorf("insert claim: %w", err)
	}
	return nil
}

// resolution inserts a step of a market's resolution.
func (s *chainState) resolution(f *accounting.ResolutionFact) error {
	var outcome, challengeEnd any
	if f.Outcome != accounting.NoOutcome {
		outcome = f.Outcome
	}
	if !f.ChallengeEnd.IsZero() {
		challengeEnd = f.ChallengeEnd.UnixMilli()
	}
	if _, err := s.t.exec(s.ctx, `INSERT INTO resolution_events (market, kind, outcome, account, uid, counterparty, amount,
		fee, treasury, amounts, challenge_end, source, note, tx_hash, op_hash, block_number, block_hash, log_index, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		f.Market, f.Kind, outcome, f.Account, nullString(f.UID), f.Counterparty, f.Amount.String(), f.Fee.String(),
		f.Treasury, joinAmounts(f.Amounts), challengeEnd, f.Source, f.Note, f.TxHash, nullString(f.OpHash),
		int64(f.Block), f.BlockHash, f.LogIndex, millis(f.Time)); err != nil {
		return fmt.Errorf("insert %s of %s: %w", f.Kind, f.Market, err)
	}
	return nil
}

// factColumns are chain_facts' columns, in the order of factRow's values.
var factColumns = []string{"market", "block_number", "log_index", "kind", "body"}

// insertFacts begins the insert of rows of factRow's values.
const insertFacts = `INSERT INTO chain_facts (market, block_number, log_index, kind, body)`

// factRow is e's row in market's fact log: the values of factColumns.
func factRow(market string, e predict.Effect) ([]any, error) {
	body, err := predict.EncodeEffect(e)
	if err != nil {
		return nil, err
	}
	return []any{market, int64(e.Ref().Block), int64(e.Ref().LogIndex), e.LogKind(), string(body)}, nil
}

// transfer inserts a token transfer.
func (s *chainState) transfer(e *predict.TransferLog) error {
	if _, err := s.t.exec(s.ctx, `INSERT INTO token_transfers (token, from_address, to_address, amount, tx_hash,
		block_number, block_hash, log_index, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		e.Token, e.From, e.To, e.Amount.String(), e.TxHash, int64(e.Block), e.BlockHash, e.LogIndex,
		millis(e.Time)); err != nil {
		return fmt.Errorf("insert transfer: %w", err)
	}
	return nil
}

// ---- writing ----

// Write writes what the ledger decided: the markets created, the records
// and the fact log's rows of the effects, the price points, the changed
// aggregates, the operations made final (after the markets, so a settle
// operation that reverted sets its market running again over the
// ledger's write), and the notifications of the markets settled (after
// the positions, so the batch's own changes count).
func (s *chainState) Write(c *accounting.Changes) (*accounting.Written, error) {
	w := &accounting.Written{Unchanged: map[string]bool{}}
	return w, s.write(c, w)
}

// Outbox records the events of the batch that some webhook wants.
func (s *chainState) Outbox(evs []predict.WebhookEvent) error {
	return enqueueEvents(s.ctx, s.t, evs, s.now)
}

func (s *chainState) write(c *accounting.Changes, w *accounting.Written) error {
	for _, cr := range c.Creations {
		if err := s.marketCreated(cr.Log, cr.Creation); err != nil {
			return err
		}
	}
	for _, r := range c.Trades {
		if err := s.trade(r.TradeLog, r.Option, r.UID); err != nil {
			return err
		}
	}
	for _, r := range c.Claims {
		if err := s.claim(r.ClaimLog, r.Option, r.UID); err != nil {
			return err
		}
	}
	for _, e := range c.Transfers {
		if err := s.transfer(e); err != nil {
			return err
		}
	}
	for _, f := range c.Resolutions {
		if err := s.resolution(f); err != nil {
			return err
		}
	}
	facts := make([]any, 0, len(factColumns)*len(c.Facts))
	for _, f := range c.Facts {
		row, err := factRow(f.Market, f.Effect)
		if err != nil {
			return err
		}
		facts = append(facts, row...)
	}
	if err := insertRows(s.ctx, s.t, insertFacts, "", len(factColumns), facts); err != nil {
		return fmt.Errorf("append facts: %w", err)
	}
	if err := s.writePricePoints(c); err != nil {
		return err
	}
	if err := s.writeHoldings(c); err != nil {
		return err
	}
	for _, m := range c.Markets {
		if err := s.writeMarket(m); err != nil {
			return err
		}
	}
	for _, o := range c.LimitOrders {
		if err := s.writeLimitOrder(o); err != nil {
			return err
		}
	}
	for _, f := range c.OrderFills {
		if _, err := s.t.exec(s.ctx, `INSERT INTO order_fills (order_id, market, counterparty, counter_order, amount_in, amount_out,
			tx_hash, block_number, log_index, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			f.OrderID, f.Market, f.Counterparty, f.CounterOrder, f.In.String(), f.Out.String(), f.TxHash, int64(f.Block),
			int64(f.LogIndex), millis(f.Time)); err != nil {
			return fmt.Errorf("insert fill of order %d: %w", f.OrderID, err)
		}
	}
	// The ledger made each operation final from the status it loaded in
	// this transaction; on PostgreSQL the bundler may have moved it
	// since, and the guarded update then leaves the row as that write
	// left it.
	for _, o := range c.Outcomes {
		changed, err := finishOperation(s.ctx, s.t, o, s.now)
		if err != nil {
			return err
		}
		if !changed {
			w.Unchanged[o.OpHash] = true
		}
	}
	// Holders are the accounts with a position in the option, not its
	// token's balances: the LimitOrders escrow holds the tokens of every
	// open sell order, and they stay their owner's position, so counting
	// balances counted the escrow as a holder of its own.
	for _, option := range c.Holders {
		if _, err := s.t.exec(s.ctx, `UPDATE market_options SET holders_count = (SELECT COUNT(*) FROM positions
			WHERE option_address = ? AND amount <> '0' AND amount NOT LIKE '-%') WHERE address = ?`, option, option); err != nil {
			return fmt.Errorf("count holders: %w", err)
		}
	}
	for _, n := range c.Settlements {
		uids, err := notifyMarket(s.ctx, s.t, n, s.now)
		if err != nil {
			return err
		}
		w.Notified = append(w.Notified, uids...)
	}
	return nil
}

// writePricePoints inserts the price points of the batch and rolls the
// hourly prices up from the first of them: write's step for the charts.
func (s *chainState) writePricePoints(c *accounting.Changes) error {
	if len(c.Points) > 0 {
		flat := make([]any, 0, 5*len(c.Points))
		for _, p := range c.Points {
			flat = append(flat, p.Market, p.Option, p.Price.String(), int64(p.Block), millis(p.Time))
		}
		if err := insertRows(s.ctx, s.t, `INSERT INTO price_points (market, option_address, price, block_number, created_at)`,
			"", 5, flat); err != nil {
			return fmt.Errorf("insert price points: %w", err)
		}
		return rollUpPrices(s.ctx, s.t, c.PointsFrom)
	}
	return nil
}

// writeHoldings writes the token balances, positions and liquidity
// positions the ledger changed, each as the ledger left it: write's
// upserts of what accounts hold.
func (s *chainState) writeHoldings(c *accounting.Changes) error {
	for _, b := range c.Balances {
		if _, err := s.t.exec(s.ctx, `INSERT INTO token_balances (account, token, amount, block_number, updated_at)
			VALUES (?, ?, ?, ?, ?) ON CONFLICT (account, token) DO UPDATE SET amount = excluded.amount,
			block_number = excluded.block_number, updated_at = excluded.updated_at`,
			b.Account, b.Token, signedText(b.Amount), int64(b.Block), s.now); err != nil {
			return fmt.Errorf("write balance: %w", err)
		}
	}
	for _, p := range c.Positions {
		if _, err := s.t.exec(s.ctx, `INSERT INTO positions (account, market, option_address, amount, cost_basis, realized_pnl, updated_at)
			VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (account, market, option_address) DO UPDATE SET amount = excluded.amount,
			cost_basis = excluded.cost_basis, realized_pnl = excluded.realized_pnl, updated_at = excluded.updated_at`,
			p.Account, p.Market, p.Option, p.Amount.String(), p.Cost.String(), signedText(p.Realized), s.now); err != nil {
			return fmt.Errorf("write position: %w", err)
		}
	}
	for _, p := range c.LPs {
		if _, err := s.t.exec(s.ctx, `INSERT INTO liquidity_positions (account, market, lp_amount, deposited, withdrawn,
			fees_withdrawn, returned_value, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
			ON CONFLICT (account, market) DO UPDATE SET lp_amount = excluded.lp_amount, deposited = excluded.deposited,
			withdrawn = excluded.withdrawn, fees_withdrawn = excluded.fees_withdrawn, returned_value = excluded.returned_value,
			updated_at = excluded.updated_at`,
			p.Account, p.Market, p.Amount.String(), p.Deposited.String(), p.Withdrawn.String(), p.Fees.String(),
			p.Returned.String(), s.now); err != nil {
			return fmt.Errorf("write liquidity position: %w", err)
		}
	}
	return nil
}

// writeLimitOrder writes an order as the ledger left it.
func (s *chainState) writeLimitOrder(o *accounting.LimitOrder) error {
	if _, err := s.t.exec(s.ctx, `INSERT INTO limit_orders (id, uuid, market, option_index, option_address, owner, uid, side,
		limit_price, amount, remaining, filled, received, expiry, post_only, status, op_hash, tx_hash, block_number, created_at,
		updated_block, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (id) DO UPDATE SET remaining = excluded.remaining, filled = excluded.filled, received = excluded.received,
		status = excluded.status, uid = excluded.uid, updated_block = excluded.updated_block, updated_at = excluded.updated_at`,
		o.ID, o.UUID, o.Market, o.Option, o.OptionAddress, o.Owner, nullString(o.UID), o.Side, o.LimitPrice.String(),
		o.Amount.String(), o.Remaining.String(), o.Filled.String(), o.Received.String(), o.Expiry.Unix(), o.PostOnly, o.Status,
		nullString(o.OpHash), o.TxHash, int64(o.Block), o.CreatedAt.UnixMilli(), int64(o.UpdatedBlock), s.now); err != nil {
		return fmt.Errorf("write order %d: %w", o.ID, err)
	}
	return nil
}

func (s *chainState) writeMarket(m *accounting.Market) error {
	var winning, settledAt, settledBlock any
	if m.Winner >= 0 {
		winning = m.Options[m.Winner]
	}
	if m.Winner >= 0 || m.Void {
		settledAt, settledBlock = m.SettledAt, int64(m.SettledBlock)
	}
	if _, err := s.t.exec(s.ctx, `UPDATE markets SET status = ?, volume = ?, liquidity = ?, lp_supply = ?,
		collected_fees = ?, trade_count = ?, participant_count = ?, hot_score = ?, winning_option = ?,
		resolver_address = ?, resolver_uid = ?, resolve_op_hash = ?, settle_tx_hash = ?, settled_at = ?,
		settled_block = ?, resolution_source = ?, resolution_note = ?, pool_block = ?, claimed_amount = ?, void = ?,
		updated_at = ? WHERE address = ?`,
		string(m.Status), m.Volume.String(), m.Liquidity.String(), m.LPSupply.String(), m.Fees.String(), m.TradeCount,
		m.Participants, m.Hot, winning, nullString(m.Resolver), nullString(m.ResolverUID), nullString(m.ResolveOp),
		nullString(m.SettleTx), settledAt, settledBlock, m.Source, m.Note, int64(m.PoolBlock), m.Claimed.String(), m.Void,
		s.now, m.Address); err != nil {
		return fmt.Errorf("write market %s: %w", m.Address, err)
	}
	for i, o := range m.Options {
		if _, err := s.t.exec(s.ctx, `UPDATE market_options SET pool_balance = ?, price = ?, volume = ?, supply = ? WHERE address = ?`,
			m.Balances[i].String(), m.Prices[i].String(), m.OptVolume[i].String(), m.Supply[i].String(), o); err != nil {
			return fmt.Errorf("write option %s: %w", o, err)
		}
	}
	return nil
}
