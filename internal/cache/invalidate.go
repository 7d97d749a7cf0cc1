package cache

import (
	"maps"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/predict-dev/predict/event"
)

// Target is what an event outdates: the values of a Scope it reaches.
type Target uint8

// Targets; an event may reach several.
const (
	// User: the values about the user the event is for.
	User Target = 1 << iota
	// Market: the values about the market the event names, and every
	// list with it (lists show many markets' prices, volumes and
	// states); nothing when it names none.
	Market
	// Lists: every list, whether the event names a market or not.
	Lists
	// Everything: every value.
	Everything
)

// Names of the bus's control messages for the changes the API makes
// itself and no event announces, as package events spells them.
const (
	// ForgetUser: a follow, notifications marked read, a login (which may
	// bind the address a user's positions are read by), a key revoked.
	ForgetUser = "forget_user"
	// ForgetAll: a profile name or avatar, shown in many answers.
	ForgetAll = "forget_all"
)

// Invalidates is what each event outdates, by its name: the one place
// that says which values an event makes wrong. A name missing here (one
// this replica does not know yet) outdates everything.
//
// Positions, orders and operations name their market: a position moves
// with a trade of its market, an order with its book, and a settle
// operation moves its market to settling and back. An order's expiry and
// time passing are announced by nothing: the max age bounds those.
var Invalidates = map[string]Target{
	event.Connected: 0, // a connection's own
	event.Ping:      0,
	event.Resync:    Everything, // events were lost

	event.PositionChanged: User | Market,
	event.AssetChanged:    User,
	event.NewNotification: User,
	event.OperationStatus: User | Market,
	event.OrderChanged:    User | Market,

	event.NewTrades:     Market | Lists,
	event.PriceChange:   Market | Lists,
	event.InfoUpdate:    Market | Lists,
	event.BookChange:    Market | Lists,
	event.MarketCreated: Market | Lists,

	ForgetUser: User,
	ForgetAll:  Everything,
}

// maxTracked bounds the markets and the users Generations counts for
// (about 50 bytes each): past it every value is outdated at once and the
// counting starts again, which is correct whatever was counted.
const maxTracked = 1 << 20

// Scope is what a value is about: one market (its address, lowercase),
// many markets (the zero Scope: a list), or a user (UID), whose value
// shows market prices or states too when Prices is set.
type Scope struct {
	Market string
	UID    string
	Prices bool
}

// Stamp is what a value of a Scope depends on, as Generations counts it:
// the epoch (everything invalidated), the generation of the lists (for a
// value about many markets or showing prices) or of its market, and the
// generation of its user. A value is current while its Stamp is.
type Stamp struct{ epoch, gen, user uint64 }

// Generations counts the invalidations of each Scope. Nothing is deleted
// on an event: the counters an event reaches are bumped, and a value kept
// with the Stamp of its Scope is outdated once that Stamp moves.
type Generations struct {
	changes atomic.Uint64

	mu      sync.Mutex
	epoch   uint64            // bumped when everything is invalidated
	lists   uint64            // bumped by every event about any market
	markets map[string]uint64 // market address → its generation (since the last epoch)
	users   map[string]uint64 // uid → its generation (since the last epoch)
}

// NewGenerations returns counters at their start.
func NewGenerations() *Generations {
	return &Generations{markets: map[string]uint64{}, users: map[string]uint64{}}
}

// Event invalidates what the event called name outdates (Invalidates):
// uid is the user it is for ("" for none), market the market it names.
func (g *Generations) Event(name, uid, market string) {
	t, ok := Invalidates[name]
	if !ok {
		t = Everything
	}
	g.Invalidate(t, uid, market)
}

// Invalidate outdates the values t reaches for uid and market; an empty
// uid or market reaches no user or market.
func (g *Generations) Invalidate(t Target, uid, market string) {
	if uid == "" {
		t &^= User
	}
	if market == "" {
		t &^= Market
	}
	if t == 0 {
		return
	}
	g.changes.Add(1)
	g.mu.Lock()
	defer g.mu.Unlock()
	if t&Everything != 0 {
		g.flushLocked()
		return
	}
	if t&User != 0 {
		g.users[uid]++
	}
	if t&(Market|Lists) != 0 {
		g.lists++
	}
	if t&Market != 0 {
		g.markets[strings.ToLower(market)]++
	}
	if len(g.users) > maxTracked || len(g.markets) > maxTracked {
		g.flushLocked()
	}
}

// flushLocked outdates everything: every value is stamped with an older
// epoch, so the markets' and users' generations may start again.
func (g *Generations) flushLocked() {
	g.epoch++
	clear(g.markets)
	clear(g.users)
}

// Stamp is the Stamp a value of sc is loaded under now.
func (g *Generations) Stamp(sc Scope) Stamp {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.stampLocked(sc)
}

func (g *Generations) stampLocked(sc Scope) Stamp {
	st := Stamp{epoch: g.epoch}
	switch {
	case sc.Market != "":
		st.gen = g.markets[sc.Market]
	case sc.UID == "" || sc.Prices:
		st.gen = g.lists
	}
	if sc.UID != "" {
		st.user = g.users[sc.UID]
	}
	return st
}

// stamps calls fn with a Stamp function that holds the counters still
// while fn runs: one lock for many values.
func (g *Generations) stamps(fn func(stamp func(Scope) Stamp)) {
	g.mu.Lock()
	defer g.mu.Unlock()
	fn(g.stampLocked)
}

// Changes counts the invalidations so far. Whatever is remembered beside
// the values (the chain head's time) is outdated when it moves.
func (g *Generations) Changes() uint64 { return g.changes.Load() }

// Markets reports the epoch, the generation of the lists and a copy of
// every market's generation, so that what is kept beside the values can
// tell which markets moved.
func (g *Generations) Markets() (epoch, lists uint64, markets map[string]uint64) {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.epoch, g.lists, maps.Clone(g.markets)
}
