package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"math"
	"math/big"
	"strings"
	"time"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/internal/market/fpmm"
)

// chainState is the working state of one ApplyBatch or RevertTo
// transaction: the aggregates the effects touch, loaded lazily from the
// database, changed in memory by the fold below, and written back once by
// flush. The same fold runs forward (a new batch: facts are inserted as
// they are applied) and as a replay (a reorg: the aggregates of a market
// are rebuilt from its remaining facts, which are not inserted again).
type chainState struct {
	ctx    context.Context
	t      *tx
	replay bool

	markets   map[string]*marketState // by market address; nil = unknown market
	tokens    map[string]tokenKind    // by token address
	positions map[posKey]*posState
	lps       map[lpKey]*lpState
	balances  map[posKey]*balState // key: account, token
	uids      map[string]string    // account → uid ("" = bound to nobody)
	holders   map[string]bool      // option tokens whose holders count changed
	now       int64

	// notified are the uids the applied effects wrote notifications for;
	// settled are the settlements whose holders and followers are
	// notified once the aggregates are flushed (notifySettledMarkets).
	notified []string
	settled  []settledNote
	// finished are the operations the applied effects made final.
	finished map[string]predict.OpOutcome

	// points are the price points of the applied effects, five values a
	// point in insertion order, written together by flush from block
	// pointsFrom on.
	points     []any
	pointsFrom uint64
}

// settledNote is a settlement applied by the batch, to notify.
type settledNote struct {
	market, winner string
	block          uint64
}

type posKey struct{ account, token string }

type lpKey struct{ account, market string }

// tokenKind says what a token address is to the service.
type tokenKind struct {
	market string // the market of an option or LP token; "" for anything else
	option int    // option index, -1 for the LP token
}

// marketState is the aggregate row of a market and its options.
type marketState struct {
	address, baseToken string
	feeBps             int
	options            []string
	createdBlock       uint64

	status       predict.MarketStatus
	volume       *big.Int
	liquidity    *big.Int
	lpSupply     *big.Int
	fees         *big.Int
	tradeCount   int
	participants int
	hot          float64
	balances     []*big.Int
	prices       []*big.Int
	optVolume    []*big.Int
	// supply is each option's tokens in accounts' hands (minted minus
	// burned); claimed the sum of the market's claims.
	supply       []*big.Int
	claimed      *big.Int
	winner       int // -1 until settled
	resolver     string
	resolverUID  string
	resolveOp    string
	settleTx     string
	settledAt    int64
	settledBlock uint64
	source, note string
	poolBlock    uint64
	traders      map[string]bool // whether an account has traded here before
	dirty        bool
}

type posState struct {
	market   string
	amount   *big.Int
	cost     *big.Int
	realized *big.Int
	dirty    bool
}

type lpState struct {
	amount, deposited, withdrawn, fees, returned *big.Int
	dirty                                        bool
}

type balState struct {
	amount *big.Int
	block  uint64
	dirty  bool
}

func newChainState(ctx context.Context, t *tx, replay bool) *chainState {
	return &chainState{
		ctx: ctx, t: t, replay: replay,
		markets:   map[string]*marketState{},
		tokens:    map[string]tokenKind{},
		positions: map[posKey]*posState{},
		lps:       map[lpKey]*lpState{},
		balances:  map[posKey]*balState{},
		uids:      map[string]string{},
		holders:   map[string]bool{},
		now:       time.Now().UnixMilli(),
	}
}

// ---- loading ----

// market returns the state of the market at address, loading it on first
// use; nil when the market is unknown.
func (s *chainState) market(address string) (*marketState, error) {
	if m, ok := s.markets[address]; ok {
		return m, nil
	}
	var (
		m                                   marketState
		status, volume, liq, supply, fees   string
		winning, resolver, resolverUID      sql.NullString
		resolveOp, settleTx, claimed        sql.NullString
		settledAt, settledBlock, createdBlk sql.NullInt64
	)
	err := s.t.queryRow(s.ctx, `SELECT address, base_token, fee_bps, status, volume, liquidity, lp_supply, collected_fees,
		trade_count, participant_count, hot_score, winning_option, resolver_address, resolver_uid, resolve_op_hash,
		settle_tx_hash, settled_at, settled_block, resolution_source, resolution_note, pool_block, created_block, claimed_amount
		FROM markets WHERE address = ?`, address).Scan(&m.address, &m.baseToken, &m.feeBps, &status, &volume, &liq,
		&supply, &fees, &m.tradeCount, &m.participants, &m.hot, &winning, &resolver, &resolverUID, &resolveOp,
		&settleTx, &settledAt, &settledBlock, &m.source, &m.note, &m.poolBlock, &createdBlk, &claimed)
	if errors.Is(err, sql.ErrNoRows) {
		s.markets[address] = nil
		return nil, nil
	} else if err != nil {
		return nil, err
	}
	m.status = predict.MarketStatus(status)
	if m.volume, err = parseAmount(volume); err != nil {
		return nil, err
	}
	if m.liquidity, err = parseAmount(liq); err != nil {
		return nil, err
	}
	if m.lpSupply, err = parseAmount(supply); err != nil {
		return nil, err
	}
	if m.fees, err = parseAmount(fees); err != nil {
		return nil, err
	}
	m.resolver, m.resolverUID, m.resolveOp, m.settleTx = resolver.String, resolverUID.String, resolveOp.String, settleTx.String
	m.settledAt, m.settledBlock, m.createdBlock = settledAt.Int64, uint64(settledBlock.Int64), uint64(createdBlk.Int64)

	if m.claimed, err = parseCounted(claimed); err != nil {
		return nil, err
	}

	rows, err := s.t.query(s.ctx, `SELECT idx, address, pool_balance, price, volume, supply FROM market_options
		WHERE market = ? ORDER BY idx`, address)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var (
			idx                   int
			addr, pool, price, vo string
			sup                   sql.NullString
		)
		if err := rows.Scan(&idx, &addr, &pool, &price, &vo, &sup); err != nil {
			return nil, err
		}
		if idx != len(m.options) {
			return nil, fmt.Errorf("market %s: option indexes not contiguous", address)
		}
		b, err := parseAmount(pool)
		if err != nil {
			return nil, err
		}
		p, err := parseAmount(price)
		if err != nil {
			return nil, err
		}
		v, err := parseAmount(vo)
		if err != nil {
			return nil, err
		}
		n, err := parseCounted(sup)
		if err != nil {
			return nil, err
		}
		m.options = append(m.options, addr)
		m.balances, m.prices, m.optVolume = append(m.balances, b), append(m.prices, p), append(m.optVolume, v)
		m.supply = append(m.supply, n)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	rows.Close()
	// Rows the indexer has not counted yet are counted from the facts
	// before this batch changes anything of the market.
	if m.claimed == nil {
		if m.claimed, err = countClaimed(s.ctx, s.t, address); err != nil {
			return nil, err
		}
	}
	for i, n := range m.supply {
		if n == nil {
			if m.supply[i], err = countSupply(s.ctx, s.t, m.options[i]); err != nil {
				return nil, err
			}
		}
	}
	m.winner = -1
	if winning.Valid {
		for i, o := range m.options {
			if o == winning.String {
				m.winner = i
			}
		}
	}
	m.traders = map[string]bool{}
	s.markets[address] = &m
	for i, o := range m.options {
		s.tokens[o] = tokenKind{market: address, option: i}
	}
	s.tokens[address] = tokenKind{market: address, option: -1}
	return &m, nil
}

// token says what token is: an option or LP token of a known market, or
// anything else (a base token).
func (s *chainState) token(token string) (tokenKind, error) {
	if k, ok := s.tokens[token]; ok {
		return k, nil
	}
	var market string
	var idx int
	err := s.t.queryRow(s.ctx, `SELECT market, idx FROM market_options WHERE address = ?`, token).Scan(&market, &idx)
	switch {
	case err == nil:
		if _, err := s.market(market); err != nil {
			return tokenKind{}, err
		}
		return tokenKind{market: market, option: idx}, nil
	case !errors.Is(err, sql.ErrNoRows):
		return tokenKind{}, err
	}
	m, err := s.market(token)
	if err != nil {
		return tokenKind{}, err
	}
	if m != nil {
		return s.tokens[token], nil
	}
	s.tokens[token] = tokenKind{}
	return tokenKind{}, nil
}

// uid returns the uid bound to account, "" for none.
func (s *chainState) uid(account string) (string, error) {
	if u, ok := s.uids[account]; ok {
		return u, nil
	}
	var u string
	err := s.t.queryRow(s.ctx, `SELECT uid FROM users WHERE address = ?`, account).Scan(&u)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return "", err
	}
	s.uids[account] = u
	return u, nil
}

// opUID returns the uid of a known operation, "" otherwise.
func (s *chainState) opUID(opHash string) (string, error) {
	if opHash == "" {
		return "", nil
	}
	var u string
	err := s.t.queryRow(s.ctx, `SELECT uid FROM operations WHERE op_hash = ?`, opHash).Scan(&u)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return "", err
	}
	return u, nil
}

func (s *chainState) position(account, option, market string) (*posState, error) {
	k := posKey{account, option}
	if p, ok := s.positions[k]; ok {
		return p, nil
	}
	p := &posState{market: market, amount: new(big.Int), cost: new(big.Int), realized: new(big.Int)}
	var amount, cost, realized string
	err := s.t.queryRow(s.ctx, `SELECT amount, cost_basis, realized_pnl FROM positions
		WHERE account = ? AND option_address = ?`, account, option).Scan(&amount, &cost, &realized)
	switch {
	case err == nil:
		if p.amount, err = parseAmount(amount); err != nil {
			return nil, err
		}
		if p.cost, err = parseAmount(cost); err != nil {
			return nil, err
		}
		if p.realized, err = parseAmount(realized); err != nil {
			return nil, err
		}
	case !errors.Is(err, sql.ErrNoRows):
		return nil, err
	}
	s.positions[k] = p
	return p, nil
}

func (s *chainState) lp(account, market string) (*lpState, error) {
	k := lpKey{account, market}
	if p, ok := s.lps[k]; ok {
		return p, nil
	}
	p := &lpState{amount: new(big.Int), deposited: new(big.Int), withdrawn: new(big.Int), fees: new(big.Int), returned: new(big.Int)}
	var vals [5]string
	err := s.t.queryRow(s.ctx, `SELECT lp_amount, deposited, withdrawn, fees_withdrawn, returned_value
		FROM liquidity_positions WHERE account = ? AND market = ?`, account, market).
		Scan(&vals[0], &vals[1], &vals[2], &vals[3], &vals[4])
	switch {
	case err == nil:
		for i, dst := range []**big.Int{&p.amount, &p.deposited, &p.withdrawn, &p.fees, &p.returned} {
			if *dst, err = parseAmount(vals[i]); err != nil {
				return nil, err
			}
		}
	case !errors.Is(err, sql.ErrNoRows):
		return nil, err
	}
	s.lps[k] = p
	return p, nil
}

func (s *chainState) balance(account, token string) (*balState, error) {
	k := posKey{account, token}
	if b, ok := s.balances[k]; ok {
		return b, nil
	}
	b := &balState{amount: new(big.Int)}
	var amount string
	err := s.t.queryRow(s.ctx, `SELECT amount FROM token_balances WHERE account = ? AND token = ?`, account, token).Scan(&amount)
	switch {
	case err == nil:
		if b.amount, err = parseAmount(amount); err != nil {
			return nil, err
		}
	case !errors.Is(err, sql.ErrNoRows):
		return nil, err
	}
	s.balances[k] = b
	return b, nil
}

// isTrader reports whether account traded on m before the trade being
// applied, and records that it has now.
func (s *chainState) isTrader(m *marketState, account string) (bool, error) {
	if m.traders[account] {
		return true, nil
	}
	known := false
	if !s.replay {
		// Called before the trade's own row is inserted.
		var n int
		if err := s.t.queryRow(s.ctx, `SELECT COUNT(*) FROM trades WHERE market = ? AND account = ?`,
			m.address, account).Scan(&n); err != nil {
			return false, err
		}
		known = n > 0
	}
	m.traders[account] = true
	return known, nil
}

// ---- the fold ----

// apply applies one effect. applied is false when the effect does not
// concern the service (a log of an unknown market, a transfer between
// accounts it does not follow); nothing is written then.
func (s *chainState) apply(e predict.Effect) (applied bool, err error) {
	switch e := e.(type) {
	case *predict.OpLog:
		if s.replay {
			return false, nil
		}
		return s.applyOp(e)
	case *predict.MarketCreatedLog:
		if s.replay {
			return false, nil
		}
		return s.applyMarketCreated(e)
	case *predict.TradeLog:
		return s.applyTrade(e)
	case *predict.LiquidityLog:
		return s.applyLiquidity(e)
	case *predict.FeesLog:
		return s.applyFees(e)
	case *predict.SettledLog:
		return s.applySettled(e)
	case *predict.ClaimLog:
		return s.applyClaim(e)
	case *predict.TransferLog:
		return s.applyTransfer(e)
	default:
		return false, fmt.Errorf("unknown effect %T", e)
	}
}

func (s *chainState) applyOp(e *predict.OpLog) (bool, error) {
	status, reason := predict.OpConfirmed, ""
	if !e.Success {
		status, reason = predict.OpReverted, predict.CleanText(e.Reason, predict.MaxRevertReason)
	}
	found, uid, err := setOperationStatus(s.ctx, s.t, e.OpHash, status, reason, e.TxHash, e.Block, s.now)
	if uid != "" {
		s.notified = append(s.notified, uid)
		var kind string
		var market sql.NullString
		if err := s.t.queryRow(s.ctx, `SELECT action, market FROM operations WHERE op_hash = ?`, e.OpHash).Scan(&kind, &market); err != nil {
			return found, fmt.Errorf("read operation %s: %w", e.OpHash, err)
		}
		if s.finished == nil {
			s.finished = map[string]predict.OpOutcome{}
		}
		s.finished[e.OpHash] = predict.OpOutcome{UID: uid, Kind: kind, Market: market.String}
	}
	return found, err
}

func (s *chainState) applyMarketCreated(e *predict.MarketCreatedLog) (bool, error) {
	m := &e.Market
	address := strings.ToLower(m.Address)
	creatorUID, err := s.uid(e.CreatorAddress)
	if err != nil {
		return false, err
	}
	n := len(m.Options)
	if n < fpmm.MinOptions || n > fpmm.MaxOptions {
		return false, fmt.Errorf("market %s: %d options", address, n)
	}
	seed := e.InitialLiquidity
	balances := make([]*big.Int, n)
	for i := range balances {
		balances[i] = orZero(seed)
	}
	prices := equalPrices(n)
	liquidity, err := amountText(seed)
	if err != nil {
		return false, err
	}
	created := millis(e.Time)
	// Texts from the chain (option token names) or from a request are
	// stored clean whatever their origin: see predict.CleanText.
	title := predict.CleanText(m.Title, predict.MaxChainTitle)
	description := predict.CleanText(m.Description, predict.MaxChainLongText)
	rules := predict.CleanText(m.Rules, predict.MaxChainLongText)
	category := predict.CleanText(m.CategoryID, predict.MaxChainShortText)
	image := predict.CleanText(m.ImageURL, predict.MaxChainLongText)
	// A market whose creation a reorg undid may still be here (operations'
	// orders keep it); the new branch's creation then updates it in place.
	if _, err := s.t.exec(s.ctx, `INSERT INTO markets (address, title, description, rules, status, base_token,
		category_id, image_url, fee_bps, volume, liquidity, lp_supply, participant_count, trade_count, hot_score,
		start_time, end_time, creator_uid, creator_address, create_op_hash, created_block, pool_block, created_at, updated_at)
		VALUES (?, ?, ?, ?, 'running', ?, ?, ?, ?, '0', ?, '0', 0, 0, 0, ?, ?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (address) DO UPDATE SET creator_uid = excluded.creator_uid, creator_address = excluded.creator_address,
		create_op_hash = excluded.create_op_hash, created_block = excluded.created_block, start_time = excluded.start_time,
		created_at = excluded.created_at, updated_at = excluded.updated_at`,
		address, title, description, rules, strings.ToLower(m.BaseToken), category, image, m.FeeBps,
		liquidity, created, millis(m.EndTime), nullString(creatorUID), e.CreatorAddress, nullString(e.OpHash),
		int64(e.Block), int64(e.Block), created, s.now); err != nil {
		return false, fmt.Errorf("insert market %s: %w", address, err)
	}
	for i, o := range m.Options {
		if _, err := s.t.exec(s.ctx, `INSERT INTO market_options (market, idx, address, title, pool_balance, price, volume, holders_count)
			VALUES (?, ?, ?, ?, ?, ?, '0', 0) ON CONFLICT (market, idx) DO NOTHING`,
			address, i, strings.ToLower(o.Address), predict.CleanText(o.Title, predict.MaxChainOptionTitle), balances[i].String(), prices[i].String()); err != nil {
			return false, fmt.Errorf("insert option %s: %w", o.Address, err)
		}
	}
	for i, tag := range m.Tags {
		tag = predict.CleanText(tag, predict.MaxChainShortText)
		if tag == "" {
			continue
		}
		if _, err := s.t.exec(s.ctx, `INSERT INTO market_tags (market, tag, pos) VALUES (?, ?, ?)
			ON CONFLICT (market, tag) DO NOTHING`, address, tag, i); err != nil {
			return false, err
		}
	}
	// Forget any cached "unknown" answer for the new addresses.
	delete(s.markets, address)
	delete(s.tokens, address)
	for _, o := range m.Options {
		delete(s.tokens, strings.ToLower(o.Address))
	}
	return true, nil
}

func (s *chainState) applyTrade(e *predict.TradeLog) (bool, error) {
	m, err := s.market(e.Market)
	if err != nil || m == nil {
		return false, err
	}
	if e.Option < 0 || e.Option >= len(m.options) {
		return false, fmt.Errorf("trade on option %d of market %s with %d options", e.Option, m.address, len(m.options))
	}
	option := m.options[e.Option]
	traded, err := s.isTrader(m, e.Account)
	if err != nil {
		return false, err
	}
	if !s.replay {
		uid, err := s.uid(e.Account)
		if err != nil {
			return false, err
		}
		if _, err := s.t.exec(s.ctx, `INSERT INTO trades (market, option_address, option_index, uid, account, side,
			base_amount, token_amount, fee, avg_price, balances, tx_hash, op_hash, block_number, block_hash, log_index, created_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			m.address, option, e.Option, nullString(uid), e.Account, e.Side, e.BaseAmount.String(), e.TokenAmount.String(),
			e.Fee.String(), predict.DivWad(e.BaseAmount, e.TokenAmount).String(), joinAmounts(e.Balances),
			e.TxHash, nullString(e.OpHash), int64(e.Block), e.BlockHash, e.LogIndex, millis(e.Time)); err != nil {
			return false, fmt.Errorf("insert trade: %w", err)
		}
	}
	if !traded {
		m.participants++
	}
	m.tradeCount++
	m.volume.Add(m.volume, e.BaseAmount)
	m.optVolume[e.Option].Add(m.optVolume[e.Option], e.BaseAmount)
	m.fees.Add(m.fees, e.Fee)
	m.hot = hotScore(m.hot, m.tradeCount == 1, e.BaseAmount, e.Time)
	if err := s.setBalances(m, e.Balances, e.Block); err != nil {
		return false, err
	}

	p, err := s.position(e.Account, option, m.address)
	if err != nil {
		return false, err
	}
	if e.Side == predict.SideBuy {
		// The mint of the bought tokens came first (Transfer precedes
		// Bought): the amount is already counted, the cost is added here.
		p.cost.Add(p.cost, e.BaseAmount)
	} else {
		// The burn came first (Transfer precedes Sold): the amount
		// before the sale is the amount now plus the tokens sold.
		removeCost(p, new(big.Int).Add(p.amount, e.TokenAmount), e.TokenAmount, e.BaseAmount)
	}
	p.dirty = true
	return true, s.pricePoints(m, e.Block, e.Time)
}

func (s *chainState) applyLiquidity(e *predict.LiquidityLog) (bool, error) {
	m, err := s.market(e.Market)
	if err != nil || m == nil {
		return false, err
	}
	if !s.replay {
		uid, err := s.uid(e.Account)
		if err != nil {
			return false, err
		}
		if _, err := s.t.exec(s.ctx, `INSERT INTO liquidity_events (market, account, uid, kind, base_amount, lp_amount,
			sent_back, balances, tx_hash, op_hash, block_number, block_hash, log_index, created_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			m.address, e.Account, nullString(uid), e.Kind, e.BaseAmount.String(), e.LPAmount.String(),
			joinAmounts(e.SentBack), joinAmounts(e.Balances), e.TxHash, nullString(e.OpHash), int64(e.Block),
			e.BlockHash, e.LogIndex, millis(e.Time)); err != nil {
			return false, fmt.Errorf("insert liquidity event: %w", err)
		}
	}
	if err := s.setBalances(m, e.Balances, e.Block); err != nil {
		return false, err
	}
	lp, err := s.lp(e.Account, m.address)
	if err != nil {
		return false, err
	}
	if e.Kind == predict.LiquidityAdd {
		lp.deposited.Add(lp.deposited, e.BaseAmount)
	} else {
		lp.withdrawn.Add(lp.withdrawn, e.BaseAmount)
	}
	lp.dirty = true
	// Option tokens the pool sent back enter the account's positions at
	// the pool price after the event (their mints came first).
	for k, amt := range e.SentBack {
		if amt == nil || amt.Sign() == 0 || k >= len(m.options) {
			continue
		}
		value := predict.MulWad(amt, m.prices[k])
		p, err := s.position(e.Account, m.options[k], m.address)
		if err != nil {
			return false, err
		}
		p.cost.Add(p.cost, value)
		p.dirty = true
		lp.returned.Add(lp.returned, value)
	}
	if e.Kind == predict.LiquidityRedeem {
		return true, nil
	}
	return true, s.pricePoints(m, e.Block, e.Time)
}

func (s *chainState) applyFees(e *predict.FeesLog) (bool, error) {
	m, err := s.market(e.Market)
	if err != nil || m == nil {
		return false, err
	}
	if !s.replay {
		if _, err := s.t.exec(s.ctx, `INSERT INTO fee_withdrawals (market, account, amount, tx_hash, op_hash,
			block_number, block_hash, log_index, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			m.address, e.Account, e.Amount.String(), e.TxHash, nullString(e.OpHash), int64(e.Block), e.BlockHash,
			e.LogIndex, millis(e.Time)); err != nil {
			return false, fmt.Errorf("insert fee withdrawal: %w", err)
		}
	}
	m.fees.Sub(m.fees, e.Amount)
	if m.fees.Sign() < 0 {
		m.fees.SetInt64(0)
	}
	m.dirty = true
	lp, err := s.lp(e.Account, m.address)
	if err != nil {
		return false, err
	}
	lp.fees.Add(lp.fees, e.Amount)
	lp.dirty = true
	return true, nil
}

func (s *chainState) applySettled(e *predict.SettledLog) (bool, error) {
	m, err := s.market(e.Market)
	if err != nil || m == nil {
		return false, err
	}
	if e.WinningOption < 0 || e.WinningOption >= len(m.options) {
		return false, fmt.Errorf("market %s settled on option %d of %d", m.address, e.WinningOption, len(m.options))
	}
	source, note := predict.CleanText(e.Source, predict.MaxChainNote), predict.CleanText(e.Note, predict.MaxChainNote)
	if !s.replay {
		if _, err := s.t.exec(s.ctx, `INSERT INTO settlements (market, winning_index, resolver, source, note, tx_hash,
			op_hash, block_number, block_hash, log_index, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			m.address, e.WinningOption, e.Resolver, source, note, e.TxHash, nullString(e.OpHash), int64(e.Block),
			e.BlockHash, e.LogIndex, millis(e.Time)); err != nil {
			return false, fmt.Errorf("insert settlement: %w", err)
		}
	}
	// The settle operation's user when the service knows it, else the
	// user bound to the resolving account.
	uid, err := s.opUID(e.OpHash)
	if err != nil {
		return false, err
	}
	if uid == "" {
		if uid, err = s.uid(e.Resolver); err != nil {
			return false, err
		}
	}
	m.status, m.winner = predict.StatusEnded, e.WinningOption
	m.resolver, m.resolverUID, m.resolveOp, m.settleTx = e.Resolver, uid, e.OpHash, e.TxHash
	m.settledAt, m.settledBlock, m.source, m.note = millis(e.Time), e.Block, source, note
	// Once settled, a winning token is worth exactly one base unit and
	// the others nothing.
	for i := range m.prices {
		if i == e.WinningOption {
			m.prices[i] = new(big.Int).Set(predict.Wad)
		} else {
			m.prices[i] = new(big.Int)
		}
	}
	m.liquidity = poolValue(m.balances, m.prices)
	m.dirty = true
	if !s.replay {
		s.settled = append(s.settled, settledNote{market: m.address, winner: m.options[e.WinningOption], block: e.Block})
	}
	return true, s.pricePoints(m, e.Block, e.Time)
}

func (s *chainState) applyClaim(e *predict.ClaimLog) (bool, error) {
	m, err := s.market(e.Market)
	if err != nil || m == nil {
		return false, err
	}
	if e.Option < 0 || e.Option >= len(m.options) {
		return false, fmt.Errorf("claim of option %d of market %s", e.Option, m.address)
	}
	option := m.options[e.Option]
	if !s.replay {
		uid, err := s.uid(e.Account)
		if err != nil {
			return false, err
		}
		if _, err := s.t.exec(s.ctx, `INSERT INTO claims (market, option_address, option_index, account, uid, amount,
			tx_hash, op_hash, block_number, block_hash, log_index, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			m.address, option, e.Option, e.Account, nullString(uid), e.Amount.String(), e.TxHash, nullString(e.OpHash),
			int64(e.Block), e.BlockHash, e.LogIndex, millis(e.Time)); err != nil {
			return false, fmt.Errorf("insert claim: %w", err)
		}
	}
	p, err := s.position(e.Account, option, m.address)
	if err != nil {
		return false, err
	}
	// The burn came first; claimed tokens realize one base unit each.
	removeCost(p, new(big.Int).Add(p.amount, e.Amount), e.Amount, e.Amount)
	p.dirty = true
	m.claimed.Add(m.claimed, e.Amount)
	m.dirty = true
	return true, nil
}

func (s *chainState) applyTransfer(e *predict.TransferLog) (bool, error) {
	kind, err := s.token(e.Token)
	if err != nil {
		return false, err
	}
	if kind.market == "" && e.KnownOnly {
		known, err := s.knownAccount(e.From)
		if err != nil {
			return false, err
		}
		if !known {
			if known, err = s.knownAccount(e.To); err != nil {
				return false, err
			}
		}
		if !known {
			return false, nil
		}
	}
	if !s.replay {
		if _, err := s.t.exec(s.ctx, `INSERT INTO token_transfers (token, from_address, to_address, amount, tx_hash,
			block_number, block_hash, log_index, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			e.Token, e.From, e.To, e.Amount.String(), e.TxHash, int64(e.Block), e.BlockHash, e.LogIndex,
			millis(e.Time)); err != nil {
			return false, fmt.Errorf("insert transfer: %w", err)
		}
		// Balances are sums, so a reorg corrects them by subtracting
		// the orphaned transfers: a replay leaves them alone.
		for _, side := range []struct {
			account string
			sign    int
		}{{e.From, -1}, {e.To, 1}} {
			if side.account == predict.ZeroAddress {
				continue
			}
			b, err := s.balance(side.account, e.Token)
			if err != nil {
				return false, err
			}
			if side.sign < 0 {
				b.amount.Sub(b.amount, e.Amount)
			} else {
				b.amount.Add(b.amount, e.Amount)
			}
			b.block, b.dirty = e.Block, true
		}
	}
	if kind.market == "" {
		return true, nil
	}
	m, err := s.market(kind.market)
	if err != nil || m == nil {
		return true, err
	}
	if kind.option < 0 {
		return true, s.transferLP(m, e)
	}
	return true, s.transferOption(m, kind.option, e)
}

func (s *chainState) transferLP(m *marketState, e *predict.TransferLog) error {
	if e.From == predict.ZeroAddress {
		m.lpSupply.Add(m.lpSupply, e.Amount)
		m.dirty = true
	} else {
		lp, err := s.lp(e.From, m.address)
		if err != nil {
			return err
		}
		lp.amount.Sub(lp.amount, e.Amount)
		lp.dirty = true
	}
	if e.To == predict.ZeroAddress {
		m.lpSupply.Sub(m.lpSupply, e.Amount)
		m.dirty = true
	} else {
		lp, err := s.lp(e.To, m.address)
		if err != nil {
			return err
		}
		lp.amount.Add(lp.amount, e.Amount)
		lp.dirty = true
	}
	return nil
}

// transferOption moves tokens of option i between positions. Mints and
// burns change only the amount (and the option's supply): the Bought,
// Sold, Claimed or liquidity log that follows them in the same call
// carries the cost. Between two accounts the tokens take their share of
// the sender's cost basis with them.
func (s *chainState) transferOption(m *marketState, i int, e *predict.TransferLog) error {
	option := m.options[i]
	s.holders[option] = true
	if e.From == predict.ZeroAddress {
		m.supply[i].Add(m.supply[i], e.Amount)
		m.dirty = true
	}
	if e.To == predict.ZeroAddress {
		m.supply[i].Sub(m.supply[i], e.Amount)
		m.dirty = true
	}
	moved := new(big.Int)
	if e.From != predict.ZeroAddress {
		p, err := s.position(e.From, option, m.address)
		if err != nil {
			return err
		}
		if e.To != predict.ZeroAddress && p.amount.Sign() > 0 {
			moved = mulDiv(p.cost, e.Amount, p.amount)
			if moved.Cmp(p.cost) > 0 {
				moved.Set(p.cost)
			}
			p.cost.Sub(p.cost, moved)
		}
		p.amount.Sub(p.amount, e.Amount)
		p.dirty = true
	}
	if e.To != predict.ZeroAddress {
		p, err := s.position(e.To, option, m.address)
		if err != nil {
			return err
		}
		p.amount.Add(p.amount, e.Amount)
		p.cost.Add(p.cost, moved)
		p.dirty = true
	}
	return nil
}

// knownAccount reports whether account is a market or bound to a user.
func (s *chainState) knownAccount(account string) (bool, error) {
	if account == predict.ZeroAddress {
		return false, nil
	}
	u, err := s.uid(account)
	if err != nil || u != "" {
		return u != "", err
	}
	m, err := s.market(account)
	return m != nil, err
}

// setBalances records the pool balances after an event and the prices
// and pool value they imply. Before settlement the prices are the pool
// prices (fpmm.Prices, the contract's formula); an empty pool keeps the
// last prices. After settlement the prices stay at 1 and 0.
func (s *chainState) setBalances(m *marketState, balances []*big.Int, block uint64) error {
	if len(balances) != len(m.options) {
		return fmt.Errorf("market %s: %d pool balances for %d options", m.address, len(balances), len(m.options))
	}
	for i, b := range balances {
		m.balances[i] = new(big.Int).Set(b)
	}
	if m.winner < 0 {
		if prices, err := fpmm.Prices(m.balances); err == nil {
			m.prices = prices
		}
	}
	m.liquidity = poolValue(m.balances, m.prices)
	m.poolBlock, m.dirty = block, true
	return nil
}

// pricePoints records the current prices of every option of m, once per
// new effect (a replay keeps the points it has).
func (s *chainState) pricePoints(m *marketState, block uint64, at time.Time) error {
	if s.replay {
		return nil
	}
	for i, o := range m.options {
		s.points = append(s.points, m.address, o, m.prices[i].String(), int64(block), millis(at))
	}
	if s.pointsFrom == 0 || block < s.pointsFrom {
		s.pointsFrom = block
	}
	return nil
}

// notifySettledMarkets notifies the holders and followers of the markets
// the batch settled. It runs after flush: the positions it selects from
// must include the batch's own changes.
func (s *chainState) notifySettledMarkets() error {
	for _, n := range s.settled {
		uids, err := notifySettled(s.ctx, s.t, n.market, n.winner, n.block, s.now)
		if err != nil {
			return err
		}
		s.notified = append(s.notified, uids...)
	}
	s.settled = nil
	return nil
}

// ---- writing back ----

// flushPoints writes the price points and rolls their hours up.
func (s *chainState) flushPoints() error {
	if len(s.points) == 0 {
		return nil
	}
	if err := insertRows(s.ctx, s.t, `INSERT INTO price_points (market, option_address, price, block_number, created_at)`,
		"", 5, s.points); err != nil {
		return fmt.Errorf("insert price points: %w", err)
	}
	s.points = nil
	return rollUpPrices(s.ctx, s.t, s.pointsFrom)
}

// flush writes every changed aggregate.
func (s *chainState) flush() error {
	if err := s.flushPoints(); err != nil {
		return err
	}
	for k, b := range s.balances {
		if !b.dirty {
			continue
		}
		if _, err := s.t.exec(s.ctx, `INSERT INTO token_balances (account, token, amount, block_number, updated_at)
			VALUES (?, ?, ?, ?, ?) ON CONFLICT (account, token) DO UPDATE SET amount = excluded.amount,
			block_number = excluded.block_number, updated_at = excluded.updated_at`,
			k.account, k.token, signedText(b.amount), int64(b.block), s.now); err != nil {
			return fmt.Errorf("write balance: %w", err)
		}
	}
	for k, p := range s.positions {
		if !p.dirty {
			continue
		}
		if p.amount.Sign() < 0 {
			return fmt.Errorf("position of %s in %s would be negative (%s): a transfer was missed", k.account, k.token, p.amount)
		}
		if _, err := s.t.exec(s.ctx, `INSERT INTO positions (account, market, option_address, amount, cost_basis, realized_pnl, updated_at)
			VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (account, market, option_address) DO UPDATE SET amount = excluded.amount,
			cost_basis = excluded.cost_basis, realized_pnl = excluded.realized_pnl, updated_at = excluded.updated_at`,
			k.account, p.market, k.token, p.amount.String(), p.cost.String(), signedText(p.realized), s.now); err != nil {
			return fmt.Errorf("write position: %w", err)
		}
	}
	for k, p := range s.lps {
		if !p.dirty {
			continue
		}
		if p.amount.Sign() < 0 {
			return fmt.Errorf("LP balance of %s in %s would be negative (%s): a transfer was missed", k.account, k.market, p.amount)
		}
		if _, err := s.t.exec(s.ctx, `INSERT INTO liquidity_positions (account, market, lp_amount, deposited, withdrawn,
			fees_withdrawn, returned_value, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
			ON CONFLICT (account, market) DO UPDATE SET lp_amount = excluded.lp_amount, deposited = excluded.deposited,
			withdrawn = excluded.withdrawn, fees_withdrawn = excluded.fees_withdrawn, returned_value = excluded.returned_value,
			updated_at = excluded.updated_at`,
			k.account, k.market, p.amount.String(), p.deposited.String(), p.withdrawn.String(), p.fees.String(),
			p.returned.String(), s.now); err != nil {
			return fmt.Errorf("write liquidity position: %w", err)
		}
	}
	for _, m := range s.markets {
		if m == nil || !m.dirty {
			continue
		}
		if err := s.writeMarket(m); err != nil {
			return err
		}
	}
	for option := range s.holders {
		if _, err := s.t.exec(s.ctx, `UPDATE market_options SET holders_count = (SELECT COUNT(*) FROM token_balances
			WHERE token = ? AND amount <> '0' AND amount NOT LIKE '-%') WHERE address = ?`, option, option); err != nil {
			return fmt.Errorf("count holders: %w", err)
		}
	}
	return nil
}

func (s *chainState) writeMarket(m *marketState) error {
	var winning, settledAt, settledBlock any
	if m.winner >= 0 {
		winning, settledAt, settledBlock = m.options[m.winner], m.settledAt, int64(m.settledBlock)
	}
	if _, err := s.t.exec(s.ctx, `UPDATE markets SET status = ?, volume = ?, liquidity = ?, lp_supply = ?,
		collected_fees = ?, trade_count = ?, participant_count = ?, hot_score = ?, winning_option = ?,
		resolver_address = ?, resolver_uid = ?, resolve_op_hash = ?, settle_tx_hash = ?, settled_at = ?,
		settled_block = ?, resolution_source = ?, resolution_note = ?, pool_block = ?, claimed_amount = ?, updated_at = ?
		WHERE address = ?`,
		string(m.status), m.volume.String(), m.liquidity.String(), m.lpSupply.String(), m.fees.String(), m.tradeCount,
		m.participants, m.hot, winning, nullString(m.resolver), nullString(m.resolverUID), nullString(m.resolveOp),
		nullString(m.settleTx), settledAt, settledBlock, m.source, m.note, int64(m.poolBlock), m.claimed.String(), s.now,
		m.address); err != nil {
		return fmt.Errorf("write market %s: %w", m.address, err)
	}
	for i, o := range m.options {
		if m.supply[i].Sign() < 0 {
			return fmt.Errorf("supply of option %s would be negative (%s): a transfer was missed", o, m.supply[i])
		}
		if _, err := s.t.exec(s.ctx, `UPDATE market_options SET pool_balance = ?, price = ?, volume = ?, supply = ? WHERE address = ?`,
			m.balances[i].String(), m.prices[i].String(), m.optVolume[i].String(), m.supply[i].String(), o); err != nil {
			return fmt.Errorf("write option %s: %w", o, err)
		}
	}
	return nil
}

// ---- arithmetic ----

// removeCost takes tokens out of a position of amountBefore tokens under
// the average-cost method: the cost leaves in proportion (rounded down,
// never more than the whole cost) and proceeds minus that cost is
// realized.
func removeCost(p *posState, amountBefore, tokens, proceeds *big.Int) {
	removed := new(big.Int)
	if amountBefore.Sign() > 0 {
		removed = mulDiv(p.cost, tokens, amountBefore)
	}
	if removed.Cmp(p.cost) > 0 || tokens.Cmp(amountBefore) >= 0 {
		removed.Set(p.cost) // the last token out takes the rest
	}
	p.cost.Sub(p.cost, removed)
	p.realized.Add(p.realized, new(big.Int).Sub(proceeds, removed))
}

// poolValue is Σ balance·price / 1e18: the base value of the pool at its
// own prices, the market's "liquidity".
func poolValue(balances, prices []*big.Int) *big.Int {
	sum := new(big.Int)
	for i, b := range balances {
		sum.Add(sum, new(big.Int).Mul(b, prices[i]))
	}
	return sum.Quo(sum, predict.Wad)
}

// equalPrices are the prices of n equal balances, summing to exactly 1.
func equalPrices(n int) []*big.Int {
	b := make([]*big.Int, n)
	for i := range b {
		b[i] = big.NewInt(1)
	}
	p, err := fpmm.Prices(b)
	if err != nil {
		panic(err) // n was checked against fpmm's limits
	}
	return p
}

func mulDiv(a, b, d *big.Int) *big.Int {
	v := new(big.Int).Mul(a, b)
	return v.Quo(v, d)
}

func orZero(x *big.Int) *big.Int {
	if x == nil {
		return new(big.Int)
	}
	return new(big.Int).Set(x)
}

// Hot score: an exponentially decayed trading volume kept in the log
// domain so it never needs rewriting as time passes: score = log2(Σ
// base·2^((t−epoch)/halfLife)) over the market's trades. Comparing two
// scores compares the decayed volumes at any common moment, and one new
// trade updates it in O(1).
var hotEpoch = time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)

const hotHalfLife = 24 * time.Hour

func hotScore(prev float64, first bool, base *big.Int, at time.Time) float64 {
	f, _ := new(big.Float).SetInt(base).Float64()
	if f < 1 {
		f = 1
	}
	x := math.Log2(f) + float64(at.Sub(hotEpoch))/float64(hotHalfLife)
	if first {
		return x
	}
	hi, lo := max(prev, x), min(prev, x)
	return hi + math.Log2(1+math.Exp2(lo-hi))
}

// joinAmounts encodes amounts as comma-separated decimal integers.
func joinAmounts(xs []*big.Int) string {
	parts := make([]string, len(xs))
	for i, x := range xs {
		parts[i] = orZero(x).String()
	}
	return strings.Join(parts, ",")
}

// splitAmounts decodes joinAmounts.
func splitAmounts(s string) ([]*big.Int, error) {
	if s == "" {
		return nil, nil
	}
	parts := strings.Split(s, ",")
	out := make([]*big.Int, len(parts))
	for i, p := range parts {
		x, err := parseAmount(p)
		if err != nil {
			return nil, err
		}
		out[i] = x
	}
	return out, nil
}
