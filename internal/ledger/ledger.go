// Package ledger is the service's accounting of the chain, without SQL:
// it applies confirmed chain effects (predict.Effect) to the aggregates
// they touch — a market's pool, prices, volume, status and hot score, the
// positions with their average cost basis and realized PnL, the LP shares
// and what they returned, token balances — and decides the facts to
// record, the notifications to write and the events to publish.
//
// A Ledger works on the aggregates of one batch: it asks its Source for
// each aggregate the first time an effect touches it, changes it in
// memory, and hands the facts to its Recorder as it applies them, in log
// order. The store implements both ports over its transaction and writes
// the changed aggregates (Changes) back once; a test implements them with
// maps. The same fold rebuilds a market after a reorg (Replay): its
// remaining facts are applied again to the market reset to its creation
// (Market.Reset), and nothing is recorded a second time.
package ledger

import (
	"fmt"
	"math/big"
	"strings"
	"time"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/internal/accounting"
	"github.com/predict-dev/predict/internal/events"
)

// Source loads the aggregates a batch touches. Each is asked for once per
// Ledger; the ledger owns what it returns and changes it in place.
type Source interface {
	// Market returns the market at address with its options, nil when
	// the service does not know it.
	Market(address string) (*Market, error)
	// Token says what an address is: an option token (option ≥ 0) or
	// the LP token (option -1) of market, or market "" for anything else.
	Token(address string) (market string, option int, err error)
	// UID returns the user bound to account, "" for none.
	UID(account string) (string, error)
	// Operation returns the operation opHash, nil when unknown.
	Operation(opHash string) (*Operation, error)
	// Position returns account's position in option (zero when none).
	Position(account, option string) (*Position, error)
	// LP returns account's liquidity position in market (zero when none).
	LP(account, market string) (*LP, error)
	// Balance returns account's indexed balance of token (zero when none).
	Balance(account, token string) (*Balance, error)
	// Traded reports whether account traded on market before the batch.
	Traded(market, account string) (bool, error)
}

// Recorder records the facts of the effects a Ledger applies, as it
// applies them (a replay records nothing). A market's creation must be
// readable through the Source once MarketCreated returns.
type Recorder interface {
	// OperationFinal makes an operation final (confirmed or reverted)
	// unless it already is; changed reports whether it wrote.
	OperationFinal(o *OperationOutcome) (changed bool, err error)
	MarketCreated(e *predict.MarketCreatedLog, c *Creation) error
	// Fact appends an applied effect to market's fact log, which a reorg
	// replays (predict.EncodeEffect): every applied effect of a kind
	// predict.IsFact names, on a market the service knows, as applied.
	Fact(market string, e predict.Effect) error

	// The kinds whose facts the reads show have their own records too.
	Trade(e *predict.TradeLog, option, uid string) error
	Claim(e *predict.ClaimLog, option, uid string) error
	// Transfer records a transfer for the balances a reorg corrects.
	Transfer(e *predict.TransferLog) error
	// Resolution records a step of a market's resolution: an
	// assertion, a dispute, an arbitration, a finalization, a void
	// ending or a void claim.
	Resolution(f *ResolutionFact) error
}

// Market is the aggregate of a market and its options. Per-option slices
// are indexed like Options.
type Market struct {
	Address, BaseToken string
	FeeBps             int
	Options            []string
	CreatedBlock       uint64

	Status       predict.MarketStatus
	Volume       *big.Int
	Liquidity    *big.Int // pool value at its own prices (PoolValue)
	LPSupply     *big.Int
	Fees         *big.Int // trading fees collected and not withdrawn
	TradeCount   int
	Participants int
	Hot          float64
	Balances     []*big.Int // the pool's balance of each option
	Prices       []*big.Int
	OptVolume    []*big.Int
	// Supply is each option's tokens in accounts' hands (minted minus
	// burned); Claimed the sum of the market's claims.
	Supply       []*big.Int
	Claimed      *big.Int
	Winner       int // -1 until settled
	Resolver     string
	ResolverUID  string
	ResolveOp    string
	SettleTx     string
	SettledAt    int64 // unix milliseconds
	SettledBlock uint64
	Source, Note string
	PoolBlock    uint64
	// Void is true once the market ended void (Winner stays -1).
	Void bool
	// ChallengeWindow (seconds), Bond and DisputeFeeBps are the market's
	// resolution parameters, fixed at creation.
	ChallengeWindow int64
	Bond            *big.Int
	DisputeFeeBps   int

	traders map[string]bool // accounts that traded here, as far as the ledger saw
	dirty   bool
}

// NewMarket is a market as its creation leaves it: every option's pool
// balance is the initial liquidity, at equal prices, with nothing traded.
// (The LP tokens and the pool balances after are the creation's
// liquidity effects'.)
func NewMarket(c *Creation, feeBps int, block uint64) *Market {
	m := &Market{Address: c.Address, BaseToken: c.BaseToken, FeeBps: feeBps, Options: c.OptionAddresses, CreatedBlock: block,
		Status: predict.StatusRunning, Volume: new(big.Int), Liquidity: new(big.Int).Set(c.Liquidity), LPSupply: new(big.Int),
		Fees: new(big.Int), Prices: c.Prices, Claimed: new(big.Int), Winner: -1, traders: map[string]bool{},
		ChallengeWindow: c.ChallengeWindow, Bond: predict.OrZero(c.Bond), DisputeFeeBps: c.DisputeFeeBps}
	for range c.OptionAddresses {
		m.Balances = append(m.Balances, new(big.Int).Set(c.Liquidity))
		m.OptVolume, m.Supply = append(m.OptVolume, new(big.Int)), append(m.Supply, new(big.Int))
	}
	return m
}

// Reset brings m back to its state at creation, before any fact: a reorg
// replays its remaining facts onto it. settling keeps a market whose
// settle operation is still under way settling.
func (m *Market) Reset(settling bool) {
	m.Status = predict.StatusRunning
	if settling {
		m.Status = predict.StatusSettling
	}
	m.Volume, m.Liquidity, m.LPSupply, m.Fees = new(big.Int), new(big.Int), new(big.Int), new(big.Int)
	m.TradeCount, m.Participants, m.Hot = 0, 0, 0
	m.Prices = accounting.EqualPrices(len(m.Options))
	for i := range m.Options {
		m.Balances[i], m.OptVolume[i], m.Supply[i] = new(big.Int), new(big.Int), new(big.Int)
	}
	m.Claimed = new(big.Int)
	m.Winner, m.Resolver, m.ResolverUID, m.ResolveOp, m.SettleTx = -1, "", "", "", ""
	m.SettledAt, m.SettledBlock, m.Source, m.Note, m.PoolBlock = 0, 0, "", "", 0
	m.Void = false
	m.traders = map[string]bool{}
	m.dirty = true
}

// Position is an account's holding of one option token, valued at cost
// by the average-cost method.
type Position struct {
	Market   string
	Amount   *big.Int
	Cost     *big.Int
	Realized *big.Int
}

// LP is an account's liquidity position in a market.
type LP struct {
	Amount, Deposited, Withdrawn, Fees, Returned *big.Int
}

// Balance is an account's indexed balance of a token, signed: a transfer
// out of an account counted from when it became known can overdraw it.
type Balance struct {
	Amount *big.Int
	Block  uint64 // of the last change
}

// Operation is what the ledger needs of a UserOperation.
type Operation struct {
	Status      predict.OpStatus
	Kind        string
	Market, UID string
}

// OperationOutcome is an operation that became final on chain. The
// user's notification is written with it (its UID).
type OperationOutcome struct {
	OpHash, TxHash string
	Block          uint64
	Status         predict.OpStatus
	Reason         string
	Kind           string
	Market, UID    string
	// SettleAbandoned is set for a settle operation that reverted: the
	// market runs again unless another settle operation is under way.
	SettleAbandoned bool
}

// Creation is the cleaned record of a market's creation.
type Creation struct {
	Address, BaseToken                         string
	Title, Description, Rules, Category, Image string
	OptionAddresses, OptionTitles, Tags        []string
	Liquidity                                  *big.Int // the initial liquidity, as each option's pool balance
	Prices                                     []*big.Int
	CreatorUID                                 string
	// The market's resolution parameters (zero: settles at once).
	ChallengeWindow int64 // seconds
	Bond            *big.Int
	DisputeFeeBps   int
}

// Settlement is a step of a market's resolution the batch applied that
// notifies users: by default the market settled (Kind
// predict.NotifyMarketSettled), and its holders and followers are
// notified once the batch's positions are written: a market may have
// more holders than a ledger should load, so the store finds them.
type Settlement struct {
	Market, Winner string
	Block          uint64
	// Kind is the notification's kind ("" is predict.NotifyMarketSettled)
	// and Data what its payload adds to the market, its title and Winner.
	Kind string
	Data map[string]string
	// Parties notifies the users of the market's asserter and disputer
	// (the bonds moved) instead of its holders and followers.
	Parties bool
}

// PricePoint is an option's price after an effect, for charts.
type PricePoint = predict.PricePoint

// Result is what a batch changed, for the events published after its
// transaction commits.
type Result struct {
	// Applied are the effects applied, in order; effects applied before
	// (a batch read again) are not in it.
	Applied []predict.Effect
	// UIDs maps the accounts of the applied effects bound to a user to
	// the user's uid.
	UIDs map[string]string
	// Options maps each market of the applied effects to its options.
	Options map[string][]string
	// BaseTokens maps each market of the applied effects to its base token.
	BaseTokens map[string]string
	// Notified are the uids, each once, the batch wrote notifications for.
	Notified []string
	// Events are the events to publish once the batch is committed: the
	// applied effects' in order, then user:new_notification for Notified.
	Events []events.Event
}

type posKey struct{ account, token string }

type lpKey struct{ account, market string }

type token struct {
	market string
	option int
}

// Ledger applies the effects of one batch (or one market's replay).
type Ledger struct {
	src    Source
	rec    Recorder
	replay bool
	// quiet ledgers build no events: nobody publishes those of a replay
	// or of a bulk load.
	quiet bool

	markets   map[string]*Market // nil = unknown market
	tokens    map[string]token
	positions map[posKey]*Position
	lps       map[lpKey]*LP
	balances  map[posKey]*Balance
	uids      map[string]string
	dirty     map[any]bool // *Position, *LP and *Balance changed
	holders   map[string]bool
	settled   []Settlement
	points    []PricePoint
	applied   []predict.Effect
	notified  []string
	events    []events.Event
	// told holds the users told of a balance change in a base token in
	// this batch (user:asset_changed), once each.
	told map[[2]string]bool
	// tokenMarket is the market of the token the effect being applied
	// moved, for an effect whose Scope names none (a transfer).
	tokenMarket string
}

// New returns a ledger that applies new effects: facts go to rec.
func New(src Source, rec Recorder) *Ledger {
	return &Ledger{src: src, rec: rec, markets: map[string]*Market{}, tokens: map[string]token{},
		positions: map[posKey]*Position{}, lps: map[lpKey]*LP{}, balances: map[posKey]*Balance{},
		uids: map[string]string{}, dirty: map[any]bool{}, holders: map[string]bool{}}
}

// Replay returns a ledger that rebuilds aggregates from facts already
// recorded: operation outcomes, creations, balances, price points and
// notifications are left as they are, and no events are built.
func Replay(src Source) *Ledger {
	l := New(src, nil)
	l.replay, l.quiet = true, true
	return l
}

// Bulk returns a ledger for a bulk load of new history (store.Seed): it
// applies and records as New's does, without building events.
func Bulk(src Source, rec Recorder) *Ledger {
	l := New(src, rec)
	l.quiet = true
	return l
}

// event adds the events of an applied effect.
func (l *Ledger) event(evs ...events.Event) {
	if !l.quiet {
		l.events = append(l.events, evs...)
	}
}

// assetChanged tells uid (none when "") that a balance of theirs in
// baseToken changed, once a batch.
func (l *Ledger) assetChanged(uid, baseToken string) {
	k := [2]string{uid, baseToken}
	if uid == "" || l.told[k] {
		return
	}
	if l.told == nil {
		l.told = map[[2]string]bool{}
	}
	l.told[k] = true
	l.event(events.UserAssetChanged(uid, baseToken))
}

// Apply applies one effect; applied is false when it does not concern
// the service (a log of an unknown market, a transfer between accounts it
// does not follow).
func (l *Ledger) Apply(e predict.Effect) (applied bool, err error) {
	l.tokenMarket = ""
	applied, err = e.ApplyTo((*fold)(l))
	if err != nil || !applied {
		return false, err
	}
	if !l.replay && predict.IsFact(e) {
		market, _ := e.Scope()
		if market == "" {
			market = l.tokenMarket
		}
		if market != "" {
			if err := l.rec.Fact(market, e); err != nil {
				return false, err
			}
		}
	}
	l.applied = append(l.applied, e)
	return true, nil
}

// Market returns the market at address, loading it on first use; nil
// when it is unknown.
func (l *Ledger) Market(address string) (*Market, error) {
	if m, ok := l.markets[address]; ok {
		return m, nil
	}
	m, err := l.src.Market(address)
	if err != nil {
		return nil, err
	}
	l.markets[address] = m
	if m == nil {
		return nil, nil
	}
	if len(m.Balances) != len(m.Options) || len(m.Prices) != len(m.Options) || len(m.OptVolume) != len(m.Options) ||
		len(m.Supply) != len(m.Options) {
		return nil, fmt.Errorf("market %s: per-option state of %d options is incomplete", address, len(m.Options))
	}
	if m.traders == nil {
		m.traders = map[string]bool{}
	}
	for i, o := range m.Options {
		l.tokens[o] = token{market: address, option: i}
	}
	l.tokens[address] = token{market: address, option: -1}
	return m, nil
}

// Holders marks the options whose holder counts the store must count
// again (a replay recounts every option of the market).
func (l *Ledger) Holders(options ...string) {
	for _, o := range options {
		l.holders[o] = true
	}
}

// Notified adds users the store wrote notifications for (the holders and
// followers of the Settlements).
func (l *Ledger) Notified(uids ...string) { l.notified = append(l.notified, uids...) }

// token says what an address is, loading its market when it is a market's.
func (l *Ledger) token(address string) (token, error) {
	if k, ok := l.tokens[address]; ok {
		return k, nil
	}
	market, _, err := l.src.Token(address)
	if err != nil {
		return token{}, err
	}
	if market == "" {
		l.tokens[address] = token{}
		return token{}, nil
	}
	m, err := l.Market(market)
	if err != nil || m == nil {
		return token{}, err
	}
	return l.tokens[address], nil
}

func (l *Ledger) uid(account string) (string, error) {
	return cached(l.uids, account, func() (string, error) { return l.src.UID(account) })
}

func (l *Ledger) position(account, option, market string) (*Position, error) {
	return cached(l.positions, posKey{account, option}, func() (*Position, error) {
		p, err := l.src.Position(account, option)
		if p != nil {
			p.Market = market
		}
		return p, err
	})
}

func (l *Ledger) lp(account, market string) (*LP, error) {
	return cached(l.lps, lpKey{account, market}, func() (*LP, error) { return l.src.LP(account, market) })
}

func (l *Ledger) balance(account, tok string) (*Balance, error) {
	return cached(l.balances, posKey{account, tok}, func() (*Balance, error) { return l.src.Balance(account, tok) })
}

// cached returns m[k], loading it into m on first use.
func cached[K comparable, V any](m map[K]V, k K, load func() (V, error)) (V, error) {
	if v, ok := m[k]; ok {
		return v, nil
	}
	v, err := load()
	if err != nil {
		return v, err
	}
	m[k] = v
	return v, nil
}

// isTrader reports whether account traded on m before the trade being
// applied, and records that it has now. A replay starts from no trades.
func (l *Ledger) isTrader(m *Market, account string) (bool, error) {
	if m.traders[account] {
		return true, nil
	}
	known := false
	if !l.replay {
		var err error
		if known, err = l.src.Traded(m.Address, account); err != nil {
			return false, err
		}
	}
	m.traders[account] = true
	return known, nil
}

// knownAccount reports whether account is a market or bound to a user.
func (l *Ledger) knownAccount(account string) (bool, error) {
	if account == predict.ZeroAddress {
		return false, nil
	}
	u, err := l.uid(account)
	if err != nil || u != "" {
		return u != "", err
	}
	m, err := l.Market(account)
	return m != nil, err
}

// forget drops what the ledger knows of addresses a creation just made a
// market's, so the next use reads the new market.
func (l *Ledger) forget(addresses ...string) {
	for _, a := range addresses {
		delete(l.markets, a)
		delete(l.tokens, a)
	}
}

// Changes are the aggregates a ledger changed, for the store to write.
type Changes struct {
	Markets   []*Market
	Positions []PositionChange
	LPs       []LPChange
	Balances  []BalanceChange
	// Holders are option tokens whose holder counts changed.
	Holders []string
	// Points are the price points of the applied effects (none in a
	// replay), in order; PointsFrom is the lowest block among them.
	Points     []PricePoint
	PointsFrom uint64
	// Settlements are the markets settled, whose holders and followers
	// the store notifies once the positions are written (Notified).
	Settlements []Settlement
}

// PositionChange is a changed position.
type PositionChange struct {
	Account, Option string
	*Position
}

// LPChange is a changed liquidity position.
type LPChange struct {
	Account, Market string
	*LP
}

// BalanceChange is a changed balance.
type BalanceChange struct {
	Account, Token string
	*Balance
}

// Changes lists the changed aggregates. A position, LP balance or option
// supply below zero means a transfer was missed: an error, so the batch
// is not written.
func (l *Ledger) Changes() (*Changes, error) {
	c := &Changes{Points: l.points, Settlements: l.settled}
	for _, p := range l.points {
		if c.PointsFrom == 0 || p.Block < c.PointsFrom {
			c.PointsFrom = p.Block
		}
	}
	for k, b := range l.balances {
		if l.dirty[b] {
			c.Balances = append(c.Balances, BalanceChange{k.account, k.token, b})
		}
	}
	for k, p := range l.positions {
		if !l.dirty[p] {
			continue
		}
		if p.Amount.Sign() < 0 {
			return nil, fmt.Errorf("position of %s in %s would be negative (%s): a transfer was missed", k.account, k.token, p.Amount)
		}
		c.Positions = append(c.Positions, PositionChange{k.account, k.token, p})
	}
	for k, p := range l.lps {
		if !l.dirty[p] {
			continue
		}
		if p.Amount.Sign() < 0 {
			return nil, fmt.Errorf("LP balance of %s in %s would be negative (%s): a transfer was missed", k.account, k.market, p.Amount)
		}
		c.LPs = append(c.LPs, LPChange{k.account, k.market, p})
	}
	for _, m := range l.markets {
		if m == nil || !m.dirty {
			continue
		}
		for i, o := range m.Options {
			if m.Supply[i].Sign() < 0 {
				return nil, fmt.Errorf("supply of option %s would be negative (%s): a transfer was missed", o, m.Supply[i])
			}
		}
		c.Markets = append(c.Markets, m)
	}
	for o := range l.holders {
		c.Holders = append(c.Holders, o)
	}
	return c, nil
}

// Result describes the applied effects: the users, options and base
// tokens of their accounts and markets, the users notified, and the
// events to publish.
func (l *Ledger) Result() (*Result, error) {
	res := &Result{Applied: l.applied, UIDs: map[string]string{}, Options: map[string][]string{},
		BaseTokens: map[string]string{}}
	seen := map[string]bool{}
	for _, uid := range l.notified {
		if !seen[uid] {
			seen[uid] = true
			res.Notified = append(res.Notified, uid)
		}
	}
	for _, e := range l.applied {
		market, account := e.Scope()
		if _, ok := res.Options[market]; market != "" && !ok {
			m, err := l.Market(market)
			if err != nil {
				return nil, err
			}
			if m != nil {
				res.Options[market], res.BaseTokens[market] = m.Options, m.BaseToken
			}
		}
		if account != "" {
			u, err := l.uid(account)
			if err != nil {
				return nil, err
			}
			if u != "" {
				res.UIDs[account] = u
			}
		}
	}
	res.Events = append(res.Events, l.events...)
	for _, uid := range res.Notified {
		res.Events = append(res.Events, events.UserNewNotification(uid))
	}
	return res, nil
}

// setBalances records the pool balances after an event and the prices
// and pool value they imply. Before settlement the prices are the pool
// prices (fpmm.Prices, the contract's formula); an empty pool keeps the
// last prices. After settlement the prices stay at 1 and 0.
func (l *Ledger) setBalances(m *Market, balances []*big.Int, block uint64) error {
	if len(balances) != len(m.Options) {
		return fmt.Errorf("market %s: %d pool balances for %d options", m.Address, len(balances), len(m.Options))
	}
	for i, b := range balances {
		m.Balances[i] = new(big.Int).Set(b)
	}
	if m.Winner < 0 && !m.Void {
		if prices, err := accounting.PoolPrices(m.Balances); err == nil {
			m.Prices = prices
		}
	}
	m.Liquidity = accounting.PoolValue(m.Balances, m.Prices)
	m.PoolBlock, m.dirty = block, true
	return nil
}

// pricePoints records the current prices of every option of m, once per
// new effect (a replay keeps the points it has).
func (l *Ledger) pricePoints(m *Market, block uint64, at time.Time) {
	if l.replay {
		return
	}
	for i, o := range m.Options {
		l.points = append(l.points, PricePoint{Market: m.Address, Option: o, Price: new(big.Int).Set(m.Prices[i]), Block: block, Time: at})
	}
}

// priceChanges are the events of every option's price moving.
func (l *Ledger) priceChanges(m *Market) {
	if l.quiet {
		return
	}
	for _, o := range m.Options {
		l.event(events.MarketPriceChange(m.Address, o))
	}
}

// lower is strings.ToLower, the form of every address the ledger keeps.
func lower(s string) string { return strings.ToLower(s) }
