// Package ledger is the service's accounting of the chain, without SQL:
// it applies confirmed chain effects (predict.Effect) to the aggregates
// they touch — a market's pool, prices, volume, status and hot score, the
// positions with their average cost basis and realized PnL, the LP shares
// and what they returned, token balances — and decides the facts to
// record, the notifications to write and the events to publish.
//
// A Ledger works on the aggregates of one batch: it asks its Source for
// each aggregate the first time an effect touches it, changes it in
// memory, and decides as data what the store must write (Changes: the
// records of the effects, in log order, and the changed aggregates). The
// store's transaction is the Source and writes the Changes once
// (accounting.Tx, ApplyBatch); a test implements the Source with maps.
// The same fold rebuilds a market after a reorg (Rebuild): its remaining
// facts are applied again to the market reset to its creation, and
// nothing is recorded a second time.
//
// The aggregates, the records and the rules of money are package
// internal/accounting's, which the store imports too: the store does not
// import the ledger.
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
	src    accounting.Source
	replay bool
	// quiet ledgers build no events: nobody publishes those of a replay
	// or of a bulk load.
	quiet bool

	markets   map[string]*accounting.Market // nil = unknown market
	tokens    map[string]token
	positions map[posKey]*accounting.Position
	lps       map[lpKey]*accounting.LP
	balances  map[posKey]*accounting.Balance
	orders    map[int64]*accounting.LimitOrder // nil = unknown order
	uids      map[string]string
	dirty     map[any]bool // *accounting.Market, *accounting.Position, *accounting.LP and *accounting.Balance changed
	// traders are, by market, the accounts that traded there as far as
	// the ledger saw.
	traders map[string]map[string]bool
	// rec are the records of the applied effects, in log order (the
	// Changes' Facts, Creations, Trades, Claims, Transfers, Resolutions
	// and Outcomes).
	rec accounting.Changes
	// opEvents are the indexes in events of the operations' status
	// events, by operation: told only if the store made it final.
	opEvents map[int]*accounting.OperationOutcome
	holders  map[string]bool
	settled  []accounting.Settlement
	points   []accounting.PricePoint
	applied  []predict.Effect
	notified []string
	events   []events.Event
	// told holds the users told of a balance change in a base token in
	// this batch (user:asset_changed), once each.
	told map[[2]string]bool
	// tokenMarket is the market of the token the effect being applied
	// moved, for an effect whose Scope names none (a transfer).
	tokenMarket string
	// matches are the crossings of two limit orders whose OrderFilled
	// logs came and whose transfer of option tokens to the buyer has
	// not yet: that transfer is then a trade at the match's price.
	matches []pendingMatch
}

// pendingMatch is a match of a buy and a sell order (LimitOrders emits
// both OrderFilled logs before it moves the tokens): quantity option
// tokens from seller to buyer, for cost base.
type pendingMatch struct {
	option, seller, buyer string
	quantity, cost        *big.Int
}

// New returns a ledger that applies new effects.
func New(src accounting.Source) *Ledger {
	return &Ledger{src: src, markets: map[string]*accounting.Market{}, tokens: map[string]token{},
		positions: map[posKey]*accounting.Position{}, lps: map[lpKey]*accounting.LP{}, balances: map[posKey]*accounting.Balance{},
		orders: map[int64]*accounting.LimitOrder{},
		uids:   map[string]string{}, dirty: map[any]bool{}, holders: map[string]bool{}, traders: map[string]map[string]bool{},
		opEvents: map[int]*accounting.OperationOutcome{}}
}

// Replay returns a ledger that rebuilds aggregates from facts already
// recorded: operation outcomes, creations, balances, price points and
// notifications are left as they are, and no events are built.
func Replay(src accounting.Source) *Ledger {
	l := New(src)
	l.replay, l.quiet = true, true
	return l
}

// Bulk returns a ledger for a bulk load of new history (the seed): it
// applies and records as New's does, without building events.
func Bulk(src accounting.Source) *Ledger {
	l := New(src)
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
			l.rec.Facts = append(l.rec.Facts, accounting.Fact{Market: market, Effect: e})
		}
	}
	l.applied = append(l.applied, e)
	return true, nil
}

// Market returns the market at address, loading it on first use; nil
// when it is unknown.
func (l *Ledger) Market(address string) (*accounting.Market, error) {
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
	l.register(m)
	return m, nil
}

// register makes m's addresses known as its tokens.
func (l *Ledger) register(m *accounting.Market) {
	for i, o := range m.Options {
		l.tokens[o] = token{market: m.Address, option: i}
	}
	l.tokens[m.Address] = token{market: m.Address, option: -1}
}

// Rebuild recomputes market from its fact log after a reorg: back to its
// state at creation (settling keeps a market whose settle operation is
// still under way settling), then every fact again, in log order; every
// option's holders are counted again. Use it on a Replay ledger.
func (l *Ledger) Rebuild(market string, settling bool, facts []predict.Effect) (*accounting.Market, error) {
	m, err := l.Market(market)
	if err != nil || m == nil {
		return nil, err
	}
	m.Reset(settling)
	l.dirty[m] = true
	l.traders[m.Address] = nil
	for _, e := range facts {
		if _, err := l.Apply(e); err != nil {
			return nil, fmt.Errorf("replay block %d log %d: %w", e.Ref().Block, e.Ref().LogIndex, err)
		}
	}
	l.Holders(m.Options...)
	return m, nil
}

// Holders marks the options whose holder counts the store must count
// again (a replay recounts every option of the market).
func (l *Ledger) Holders(options ...string) {
	for _, o := range options {
		l.holders[o] = true
	}
}

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

func (l *Ledger) position(account, option, market string) (*accounting.Position, error) {
	return cached(l.positions, posKey{account, option}, func() (*accounting.Position, error) {
		p, err := l.src.Position(account, option)
		if p != nil {
			p.Market = market
		}
		return p, err
	})
}

func (l *Ledger) lp(account, market string) (*accounting.LP, error) {
	return cached(l.lps, lpKey{account, market}, func() (*accounting.LP, error) { return l.src.LP(account, market) })
}

func (l *Ledger) balance(account, tok string) (*accounting.Balance, error) {
	return cached(l.balances, posKey{account, tok}, func() (*accounting.Balance, error) { return l.src.Balance(account, tok) })
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
func (l *Ledger) isTrader(m *accounting.Market, account string) (bool, error) {
	if l.traders[m.Address][account] {
		return true, nil
	}
	known := false
	if !l.replay {
		var err error
		if known, err = l.src.Traded(m.Address, account); err != nil {
			return false, err
		}
	}
	if l.traders[m.Address] == nil {
		l.traders[m.Address] = map[string]bool{}
	}
	l.traders[m.Address][account] = true
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

// setBalances records the pool balances after an event and the prices
// and pool value they imply. Before settlement the prices are the pool
// prices (fpmm.Prices, the contract's formula); an empty pool keeps the
// last prices. After settlement the prices stay at 1 and 0.
func (l *Ledger) setBalances(m *accounting.Market, balances []*big.Int, block uint64) error {
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
	m.PoolBlock = block
	l.dirty[m] = true
	return nil
}

// pricePoints records the current prices of every option of m, once per
// new effect (a replay keeps the points it has).
func (l *Ledger) pricePoints(m *accounting.Market, block uint64, at time.Time) {
	if l.replay {
		return
	}
	for i, o := range m.Options {
		l.points = append(l.points, accounting.PricePoint{Market: m.Address, Option: o, Price: new(big.Int).Set(m.Prices[i]), Block: block, Time: at})
	}
}

// priceChanges are the events of every option's price moving.
func (l *Ledger) priceChanges(m *accounting.Market) {
	if l.quiet {
		return
	}
	for _, o := range m.Options {
		l.event(events.MarketPriceChange(m.Address, o))
	}
}

// lower is strings.ToLower, the form of every address the ledger keeps.
func lower(s string) string { return strings.ToLower(s) }
