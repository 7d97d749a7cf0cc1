package orders_test

import (
	"context"
	"io"
	"log/slog"
	"math/big"
	"os"
	"slices"
	"sync"
	"testing"

	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/accounts/abi/bind"
	"github.com/ethereum/go-ethereum/common"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/event"
	"github.com/predict-dev/predict/internal/chain"
	"github.com/predict-dev/predict/internal/chain/bindings"
	"github.com/predict-dev/predict/internal/events"
	"github.com/predict-dev/predict/internal/exchange"
	"github.com/predict-dev/predict/internal/orders"
)

// received keeps the events a bus delivered.
type received struct {
	mu  sync.Mutex
	evs []events.Event
}

func (r *received) ReceiveEvent(e events.Event) {
	r.mu.Lock()
	r.evs = append(r.evs, e)
	r.mu.Unlock()
}
func (r *received) ReceiveControl(events.Control) {}
func (r *received) Resync(uint64)                 {}

func (r *received) has(match func(events.Event) bool) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return slices.ContainsFunc(r.evs, match)
}

// testLogger shows the settler's log with -v when ORDERS_LOG is set.
func testLogger() *slog.Logger {
	if os.Getenv("ORDERS_LOG") != "" {
		return slog.New(slog.NewTextHandler(os.Stderr, nil))
	}
	return slog.New(slog.NewTextHandler(io.Discard, nil))
}

// holdSets gives m complete sets of the market and approves the Exchange
// for its option tokens.
func (e *deskEnv) holdSets(m *maker, sets int64) {
	market := common.HexToAddress(e.market.Address)
	e.execute(m, e.suite.BaseTokens[0].Address, must(tokenABI().Pack("approve", market, abi.MaxUint256)))
	mabi, _ := bindings.MarketMetaData.GetAbi()
	e.execute(m, market, must(mabi.Pack("mintSets", big.NewInt(sets))))
	for _, o := range e.market.Options {
		e.execute(m, common.HexToAddress(o.Address), must(tokenABI().Pack("approve", e.suite.Exchange, abi.MaxUint256)))
	}
}

func (e *deskEnv) sell(m *maker, option int, tokens, base int64) *exchange.Order {
	o := e.order(m, base, tokens)
	o.Option, o.Side, o.MakerAmount, o.TakerAmount = big.NewInt(int64(option)), exchange.Sell, big.NewInt(tokens), big.NewInt(base)
	e.sign(m.key, o)
	return o
}

func (e *deskEnv) filled(t *testing.T, so *predict.SignedOrder) *predict.SignedOrder {
	t.Helper()
	got, err := e.store.SignedOrder(context.Background(), so.Hash)
	if err != nil {
		t.Fatal(err)
	}
	ex, _ := bindings.NewExchangeCaller(e.suite.Exchange, e.client)
	st, err := ex.OrderState(&bind.CallOpts{}, common.HexToHash(so.Hash))
	if err != nil {
		t.Fatal(err)
	}
	if st.Filled.Cmp(got.Filled) != 0 {
		t.Fatalf("order %s: filled %s in the store, %s on chain", so.Hash, got.Filled, st.Filled)
	}
	return got
}

// TestSettler: orders placed through the desk cross on the leader's book
// and settle on chain in one transaction; the store's fills are the
// chain's; a marketable order fills against the pool in the same way; a
// cancelled order is not filled; a new settler starts from the store and
// the chain.
func TestSettler(t *testing.T) {
	ctx := context.Background()
	e := newDeskEnv(t)
	bus := events.NewMemoryBus()
	seen := &received{}
	bus.Attach(seen)
	door := events.NewDoor(bus, e.store) // to the streams and the webhooks' outbox
	d := e.desk(predict.SignedOrderLimits{}, door)
	alice, bob, carol := e.maker(50_000_000, true), e.maker(50_000_000, true), e.maker(50_000_000, true)
	e.fundGas(bob.owner)
	e.holdSets(bob, 30_000_000)

	newSettler := func() *orders.Settler {
		s, err := orders.NewSettler(orders.SettlerConfig{Store: e.store, Chain: e.client,
			Settlement: chain.NewOperator(e.client, e.keys.Operator, e.suite), Logger: testLogger(), Publisher: door},
			e.suite.Exchange)
		if err != nil {
			t.Fatal(err)
		}
		if err := s.Load(ctx); err != nil {
			t.Fatal(err)
		}
		return s
	}
	s := newSettler()
	step := func(want int) {
		t.Helper()
		n, err := s.Step(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if n != want {
			t.Fatalf("step settled %d items, want %d", n, want)
		}
	}

	// A bid at 0.50 rests: the pool asks about 0.55 for option 0.
	bid, err := d.Place(ctx, alice.user, e.order(alice, 10_000_000, 20_000_000))
	if err != nil {
		t.Fatal(err)
	}
	step(0)
	// A cancelled bid at 0.52 must not fill.
	gone, err := d.Place(ctx, carol.user, e.order(carol, 10_400_000, 20_000_000))
	if err != nil {
		t.Fatal(err)
	}
	step(0)
	if _, err := d.Cancel(ctx, carol.user, predict.SignedOrderCancel{Hash: gone.Hash}); err != nil {
		t.Fatal(err)
	}
	// bob sells 20 tokens at 0.35 or better: he crosses alice's bid at its
	// price, 0.50, better than the pool's bid (about 0.45), in one
	// transaction.
	ask, err := d.Place(ctx, bob.user, e.sell(bob, 0, 20_000_000, 7_000_000))
	if err != nil {
		t.Fatal(err)
	}
	step(1)
	if got := e.filled(t, bid); got.Status != predict.SignedFilled || got.Filled.Int64() != 10_000_000 {
		t.Fatalf("the bid: %s filled %s", got.Status, got.Filled)
	}
	if got := e.filled(t, ask); got.Status != predict.SignedFilled || got.Filled.Int64() != 20_000_000 {
		t.Fatalf("the ask: %s filled %s", got.Status, got.Filled)
	}
	if got := e.filled(t, gone); got.Filled.Sign() != 0 {
		t.Fatalf("the cancelled bid filled %s", got.Filled)
	}
	// Each change reached its maker and the book's watchers.
	yes := e.market.Options[0].Address
	for _, want := range []struct{ uid, hash, status string }{
		{alice.user.UID, bid.Hash, "open"}, {carol.user.UID, gone.Hash, "cancelled"},
		{alice.user.UID, bid.Hash, "filled"}, {bob.user.UID, ask.Hash, "filled"},
	} {
		if !seen.has(func(ev events.Event) bool {
			return ev.Name == event.OrderChanged && ev.UID == want.uid && ev.Data[event.KeyOrderHash] == want.hash &&
				ev.Data[event.KeyStatus] == want.status && ev.Data[event.KeyOption] == yes
		}) {
			t.Errorf("no user:order_changed %s of order %s to its maker", want.status, want.hash)
		}
	}
	if !seen.has(func(ev events.Event) bool { return ev.Name == event.BookChange && ev.Data[event.KeyOption] == yes }) {
		t.Error("no market:book_change of the option")
	}
	tok, _ := bindings.NewBaseTokenCaller(common.HexToAddress(e.market.Options[0].Address), e.client)
	if b, _ := tok.BalanceOf(&bind.CallOpts{}, alice.account); b.Int64() != 20_000_000 {
		t.Fatalf("alice holds %s option tokens after her bid filled, want 20000000", b)
	}

	// A marketable bid at 0.90 fills against the pool in the next step.
	taker, err := d.Place(ctx, alice.user, e.order(alice, 5_000_000, 5_555_555))
	if err != nil {
		t.Fatal(err)
	}
	step(1)
	if got := e.filled(t, taker); got.Filled.Int64() != 5_000_000 {
		t.Fatalf("the marketable bid filled %s of 5000000", got.Filled)
	}

	// A new leader's settler loads the resting orders and fills them at
	// the next crossing.
	o := e.order(carol, 6_000_000, 12_000_000) // option 1 at 0.50
	o.Option = big.NewInt(1)
	e.sign(carol.key, o)
	rest, err := d.Place(ctx, carol.user, o)
	if err != nil {
		t.Fatal(err)
	}
	step(0)
	s = newSettler()
	cross, err := d.Place(ctx, bob.user, e.sell(bob, 1, 5_000_000, 1_000_000)) // 0.20
	if err != nil {
		t.Fatal(err)
	}
	step(1)
	if got := e.filled(t, cross); got.Status != predict.SignedFilled {
		t.Fatalf("the ask after a new leader: %s filled %s", got.Status, got.Filled)
	}
	if got := e.filled(t, rest); got.Filled.Int64() != 2_500_000 || got.Status != predict.SignedOpen {
		t.Fatalf("the resting bid after a new leader: %s filled %s, want open 2500000", got.Status, got.Filled)
	}
}

// TestSettlerFundsFall: a resting bid whose maker moved its USDC away
// after placing it is closed as unfunded before the settlement is sent,
// with an event to its maker, and the crossing ask fills against the
// next bid (and the pool) in the same step: no settlement item fails.
func TestSettlerFundsFall(t *testing.T) {
	ctx := context.Background()
	e := newDeskEnv(t)
	bus := events.NewMemoryBus()
	seen := &received{}
	bus.Attach(seen)
	d := e.desk(predict.SignedOrderLimits{}, bus)
	alice, bob, dave := e.maker(50_000_000, true), e.maker(50_000_000, true), e.maker(20_000_000, true)
	e.fundGas(bob.owner)
	e.holdSets(bob, 30_000_000)
	s, err := orders.NewSettler(orders.SettlerConfig{Store: e.store, Chain: e.client,
		Settlement: chain.NewOperator(e.client, e.keys.Operator, e.suite), Logger: testLogger(), Publisher: bus}, e.suite.Exchange)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Load(ctx); err != nil {
		t.Fatal(err)
	}

	best, err := d.Place(ctx, dave.user, e.order(dave, 10_000_000, 20_000_000)) // 0.50
	if err != nil {
		t.Fatal(err)
	}
	next, err := d.Place(ctx, alice.user, e.order(alice, 9_600_000, 20_000_000)) // 0.48
	if err != nil {
		t.Fatal(err)
	}
	if n, err := s.Step(ctx); err != nil || n != 0 {
		t.Fatalf("step of two bids: %d, %v", n, err)
	}
	// dave's USDC leaves: 5 USDC stay, his bid gives 10.
	e.execute(dave, e.suite.BaseTokens[0].Address, must(tokenABI().Pack("transfer", e.suite.Exchange, big.NewInt(15_000_000))))

	ask, err := d.Place(ctx, bob.user, e.sell(bob, 0, 20_000_000, 7_000_000))
	if err != nil {
		t.Fatal(err)
	}
	n, err := s.Step(ctx)
	if err != nil || n == 0 {
		t.Fatalf("step of the crossing ask: %d items, %v", n, err)
	}
	if got := e.filled(t, best); got.Status != predict.SignedUnfunded || got.Filled.Sign() != 0 {
		t.Fatalf("dave's bid: %s filled %s, want unfunded and nothing filled", got.Status, got.Filled)
	}
	// The ask fills from alice's bid and, where it pays better, the pool.
	if got := e.filled(t, next); got.Filled.Sign() == 0 {
		t.Fatalf("alice's bid: %s filled %s, want a fill", got.Status, got.Filled)
	}
	if got := e.filled(t, ask); got.Status != predict.SignedFilled {
		t.Fatalf("bob's ask: %s filled %s, want filled", got.Status, got.Filled)
	}
	if s.Failed() != 0 {
		t.Fatalf("%d settlement items failed on chain", s.Failed())
	}
	if !seen.has(func(ev events.Event) bool {
		return ev.Name == event.OrderChanged && ev.UID == dave.user.UID && ev.Data[event.KeyStatus] == predict.SignedUnfunded
	}) {
		t.Error("dave was not told his bid closed unfunded")
	}
}
